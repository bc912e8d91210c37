"""``boardhost run`` and ``boardhost sync [--guild ID]`` (picked up by :mod:`bot.cli`).

Both read :class:`bot.settings.Settings` (environment, then ``./.env``). Without a token they
exit with status 2 and one sentence saying what to set.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys

NO_TOKEN = (
    "Set DISCORD_TOKEN (in the environment or in a .env file here) to your bot's token "
    "from the Discord developer portal."
)


def register(subparsers: argparse._SubParsersAction) -> None:
    run = subparsers.add_parser("run", help="run the Discord bot (needs DISCORD_TOKEN)")
    run.add_argument("--db", help="SQLite file or postgresql:// URL (default: BOARDHOST_DB or ./boardhost.db)")
    run.set_defaults(func=cmd_run)
    sync = subparsers.add_parser("sync", help="upload the slash commands to Discord (needs DISCORD_TOKEN)")
    sync.add_argument("--guild", type=int, help="copy the commands to this server only (instant, for testing)")
    sync.add_argument("--db", help="SQLite file or postgresql:// URL (default: BOARDHOST_DB or ./boardhost.db)")
    sync.set_defaults(func=cmd_sync)


def _settings():
    from bot.settings import load_settings

    return load_settings()


def cmd_run(args: argparse.Namespace) -> int:
    """Run the bot until interrupted; 2 without a token."""

    settings = _settings()
    if not settings.discord_token:
        print(NO_TOKEN, file=sys.stderr)
        return 2
    from bot.discord_app import create_bot

    import discord

    logging.basicConfig(level=settings.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    bot = create_bot(args.db or settings.db_path)
    try:
        bot.run(settings.discord_token, log_handler=None)
    except discord.LoginFailure:
        print("Discord rejected DISCORD_TOKEN; copy the bot token again from the developer portal.", file=sys.stderr)
        return 1
    except discord.PrivilegedIntentsRequired:  # pragma: no cover - the bot asks for none
        print("Discord refused a privileged intent; this bot needs none.", file=sys.stderr)
        return 1
    except OSError as exc:  # aiohttp's connection errors are OSErrors
        print(f"Could not reach Discord ({exc}); check the network and try again.", file=sys.stderr)
        return 1
    return 0


def cmd_sync(args: argparse.Namespace) -> int:
    """Log in, sync the command tree (globally or to one guild), log out; 2 without a token."""

    settings = _settings()
    if not settings.discord_token:
        print(NO_TOKEN, file=sys.stderr)
        return 2
    from bot.discord_app import create_bot

    import discord

    async def go() -> int:
        bot = create_bot(args.db or settings.db_path, auto_sync=False)
        async with bot:
            try:
                await bot.login(settings.discord_token)
                count = await bot.sync_now(args.guild)
            except discord.LoginFailure:
                print("Discord rejected DISCORD_TOKEN; copy the bot token again from the developer portal.",
                      file=sys.stderr)
                return 1
            except OSError as exc:
                print(f"Could not reach Discord ({exc}); check the network and try again.", file=sys.stderr)
                return 1
        where = f"server {args.guild}" if args.guild else "all servers (may take up to an hour to show)"
        print(f"Synced {count} commands to {where}.")
        return 0

    return asyncio.run(go())
