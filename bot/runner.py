"""``boardhost run`` and ``boardhost sync [--guild ID]`` (picked up by :mod:`bot.cli`).

Both read :class:`bot.settings.Settings` (environment, then ``./.env``). Without a token they
exit with status 2 and one sentence saying what to set. ``boardhost run`` stops cleanly on
SIGTERM (``docker stop``) and SIGINT (Ctrl-C): see :func:`serve`.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import signal
import sys

NO_TOKEN = (
    "Set DISCORD_TOKEN (in the environment or in a .env file here) to your bot's token "
    "from the Discord developer portal."
)


def register(subparsers: argparse._SubParsersAction) -> None:
    run = subparsers.add_parser("run", help="run the Discord bot (needs DISCORD_TOKEN)")
    run.add_argument("--db", help="SQLite file or postgresql:// URL (default: BOARDHOST_DB or ./boardhost.db)")
    run.add_argument(
        "--shard-ids",
        metavar="IDS",
        help="the gateway shards this process runs, comma-separated (e.g. 0,1); needs --shard-count"
        " (default: BOARDHOST_SHARD_IDS, else all)",
    )
    run.add_argument(
        "--shard-count",
        type=int,
        metavar="N",
        help="the total number of gateway shards over all processes (default: BOARDHOST_SHARD_COUNT)",
    )
    run.set_defaults(func=cmd_run)
    sync = subparsers.add_parser("sync", help="upload the slash commands to Discord (needs DISCORD_TOKEN)")
    sync.add_argument("--guild", type=int, help="copy the commands to this server only (instant, for testing)")
    sync.add_argument("--db", help="SQLite file or postgresql:// URL (default: BOARDHOST_DB or ./boardhost.db)")
    sync.set_defaults(func=cmd_sync)


def _settings():
    from bot.settings import load_settings

    return load_settings()


#: the most shards ``boardhost run`` accepts (Discord asks for about one per 1,000 servers)
MAX_SHARDS = 10_000

#: how shard_plan names the two settings, by where the admin set them
FLAGS = ("--shard-ids", "--shard-count")
VARIABLES = ("BOARDHOST_SHARD_IDS", "BOARDHOST_SHARD_COUNT")


def shard_plan(
    shard_ids: str | None, shard_count: int | None, db: str, names: tuple[str, str] = FLAGS
) -> tuple[list[int] | None, int | None]:
    """``(shard_ids, shard_count)`` for :func:`bot.discord_app.create_bot` from the
    ``--shard-ids 0,1 --shard-count 4`` options (both None: one unsharded connection).

    ValueError (one sentence) for ids without a count, ids outside ``0 … count-1`` or
    repeated, a count below 1 or over :data:`MAX_SHARDS`, or a process running only some
    shards on a SQLite file (the other shards' processes could not share it: that needs
    ``postgresql://…``). ``names``: what the sentence calls the ids and the count, as the
    admin set them (:data:`FLAGS`, or :data:`VARIABLES` for the environment)."""

    from bot.stores import is_postgres

    ids_name, count_name = names
    if shard_ids is None or not shard_ids.strip():
        if shard_count is None:
            return None, None
        ids = None
    else:
        try:
            ids = [int(part) for part in shard_ids.split(",")]
        except ValueError:
            raise ValueError(
                f"{ids_name} takes shard numbers separated by commas (like 0,1), not {shard_ids[:40]!r}."
            ) from None
        if shard_count is None:
            raise ValueError(f"{ids_name} needs {count_name}, the total number of shards over all processes.")
    if shard_count < 1:
        raise ValueError(f"{count_name} must be at least 1.")
    if shard_count > MAX_SHARDS:
        raise ValueError(
            f"{count_name} is {str(shard_count)[:40]}, more shards than Discord gives a bot; write at most {MAX_SHARDS}."
        )
    if ids is not None:
        bad = [i for i in ids if not 0 <= i < shard_count]
        sep = " " if count_name.startswith("--") else "="  # as typed: --shard-count 2, BOARDHOST_SHARD_COUNT=2
        if bad:
            raise ValueError(
                f"Shard ids run from 0 to {shard_count - 1} with {count_name}{sep}{shard_count};"
                f" {bad[0]} is not one of them."
            )
        if len(set(ids)) != len(ids):
            raise ValueError(f"{ids_name} lists a shard twice.")
        if set(ids) != set(range(shard_count)) and not is_postgres(db):
            raise ValueError(
                "Running only some shards means other processes run the rest, and they can share"
                " games only through PostgreSQL: set BOARDHOST_DB=postgresql://… (see README,"
                ' "Running at scale").'
            )
    return ids, shard_count


async def check_database(db: str) -> str | None:
    """Check the database before logging in: None when it is usable, else one sentence
    saying why not (a schema newer than this program, a damaged, empty, read-only or
    foreign SQLite file: :class:`bot.store.UnusableDatabase`; an unreachable PostgreSQL
    server, a bad URL). An existing database is opened once (creating or migrating its
    tables); a SQLite file that does not exist yet is NOT created here, only its folder is
    checked: the bot creates it when it opens the store, after Discord accepted the token,
    so a refused login leaves no empty ``boardhost.db`` behind."""

    from bot.store import UnusableDatabase, check_sqlite_file
    from bot.stores import is_postgres, make_store, sqlite_path

    try:
        store = make_store(db)
    except ValueError as exc:
        return f"BOARDHOST_DB: {str(exc).rstrip('.')}."
    if not is_postgres(db):
        path = sqlite_path(db)
        if path != ":memory:" and not path.startswith("file:") and not os.path.lexists(path):
            try:
                check_sqlite_file(path)  # a missing folder, a left-over write-ahead log
            except UnusableDatabase as exc:
                return str(exc)
            folder = os.path.dirname(os.path.abspath(path))
            if not os.access(folder, os.W_OK | os.X_OK):
                return (
                    f"The folder {folder} cannot be written, so the database {path} cannot be created there;"
                    " give the bot's user write access to it (or fix BOARDHOST_DB)."
                )
            return None
    try:
        await store.open()
    except UnusableDatabase as exc:
        return str(exc)
    except Exception as exc:  # asyncpg/sqlite errors and OSError (connection refused)
        where = store._where() if hasattr(store, "_where") else db
        return f"Could not open the database {where} ({type(exc).__name__}: {exc})."
    finally:
        await store.close()
    return None


log = logging.getLogger("boardhost.run")

#: the loggers of boardhost's own code (the Discord layer logs as ``boardhost.*``, the
#: service, stores, engines and renderers under their module names):
#: ``BOARDHOST_LOG_LEVEL`` applies to these only
OWN_LOGGERS = ("boardhost", "bot", "engines", "renderers")
LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


def configure_logging(level_name: str) -> int:
    """Log to stderr: boardhost's own loggers (:data:`OWN_LOGGERS`) at ``level_name``
    (``BOARDHOST_LOG_LEVEL``: DEBUG, INFO, WARNING, ERROR), every other library at INFO or
    above (never DEBUG: discord.py's debug log carries interaction tokens and the body of
    every message sent, private hands by DM included; aiosqlite's every statement). Returns
    the level; ValueError (one sentence) for a name that is not a level."""

    level = logging.getLevelName(str(level_name).strip().upper())
    if not isinstance(level, int):
        raise ValueError(
            f"BOARDHOST_LOG_LEVEL is {str(level_name)[:40]!r}, which is not a log level; write DEBUG, INFO,"
            " WARNING or ERROR."
        )
    root = logging.getLogger()
    if not root.handlers:
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter(LOG_FORMAT))
        root.addHandler(handler)
    others = max(level, logging.INFO)
    root.setLevel(others)
    logging.getLogger("discord").setLevel(others)
    for name in OWN_LOGGERS:
        logging.getLogger(name).setLevel(level)
    return level


#: the signals that stop ``boardhost run`` cleanly (``docker stop`` sends SIGTERM)
STOP_SIGNALS = (signal.SIGTERM, signal.SIGINT)


async def serve(bot, token: str) -> None:
    """Log ``bot`` in and run it until it closes, or until SIGTERM or SIGINT: then the bot is
    closed like discord.py's ``Client.run`` does on Ctrl-C (the gateway and HTTP session, the
    pending-posts loop, the store: SQLite checkpoints its WAL into the file and removes
    it) and this returns normally, so the process exits with status 0.

    A process running as PID 1 in a container gets no default action for SIGTERM: without
    a handler, ``docker stop`` waits 10 s and kills it, the database left open.
    A second signal while closing is ignored (closing must finish)."""

    loop = asyncio.get_running_loop()
    main = asyncio.current_task()
    received: list[int] = []

    def stop(sig: int) -> None:
        if received:
            return
        received.append(sig)
        log.info("%s received: closing the bot and the database", signal.Signals(sig).name)
        main.cancel()

    for sig in STOP_SIGNALS:
        loop.add_signal_handler(sig, stop, sig)
    try:
        async with bot:  # closes the bot on the way out, cancelled or not
            await bot.start(token)
    except asyncio.CancelledError:
        if not received:
            raise
        main.uncancel()
    finally:
        for sig in STOP_SIGNALS:
            loop.remove_signal_handler(sig)
    if received:
        log.info("closed cleanly")


def cmd_run(args: argparse.Namespace) -> int:
    """Run the bot until SIGTERM/SIGINT (then 0, closed cleanly); 2 without a token or with
    inconsistent shard options; 1 when the database is unusable or Discord refuses."""

    settings = _settings()
    db = args.db or settings.db_path
    try:
        shard_ids, shard_count = shard_plan(
            args.shard_ids if args.shard_ids is not None else settings.shard_ids,
            args.shard_count if args.shard_count is not None else settings.shard_count,
            db,
            # the sentence names what the admin set: the option on the command line, else the variable
            # (a count set nowhere is asked for in the form the ids were given in)
            (
                FLAGS[0] if args.shard_ids is not None else VARIABLES[0],
                FLAGS[1]
                if args.shard_count is not None or (settings.shard_count is None and args.shard_ids is not None)
                else VARIABLES[1],
            ),
        )
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 2
    if not settings.discord_token:
        print(NO_TOKEN, file=sys.stderr)
        return 2
    try:
        configure_logging(settings.log_level)
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 2
    problem = asyncio.run(check_database(db))
    if problem is not None:
        print(problem, file=sys.stderr)
        return 1
    import discord

    from bot.discord_app import create_bot

    bot = create_bot(db, shard_ids=shard_ids, shard_count=shard_count)
    try:
        asyncio.run(serve(bot, settings.discord_token))
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
    import discord

    from bot.discord_app import create_bot

    async def go() -> int:
        bot = create_bot(args.db or settings.db_path, auto_sync=False)
        async with bot:
            try:
                await bot.login(settings.discord_token)
                count = await bot.sync_now(args.guild)
            except discord.LoginFailure:
                print(
                    "Discord rejected DISCORD_TOKEN; copy the bot token again from the developer portal.",
                    file=sys.stderr,
                )
                return 1
            except OSError as exc:
                print(f"Could not reach Discord ({exc}); check the network and try again.", file=sys.stderr)
                return 1
        where = f"server {args.guild}" if args.guild else "all servers (may take up to an hour to show)"
        print(f"Synced {count} commands to {where}.")
        return 0

    return asyncio.run(go())
