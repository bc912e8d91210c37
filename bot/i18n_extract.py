"""Babel extraction of the command tree (a developer's tool: ``pybabel extract``, see README
"Adding a language").

The command, option and choice names and descriptions are written in discord.py's decorators,
not as marked messages, so :func:`extract_commands` (``babel.cfg``: ``[commands:
bot/i18n_extract.py]``) builds the bot's command tree and yields each of them: names in the
context ``command`` or ``option`` (see :mod:`bot.translator`), each named by where it is
(``/game new game``) as its translator comment. :func:`extract_rules` does the same for the
games' rules summaries (engine data, English), so ``/game rules`` reads in every language.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

from bot.discord_app import EXTENSIONS, create_bot
from bot.games import rules_context
from bot.translator import command_messages
from engines import registry

__all__ = ["extract_commands", "extract_rules"]


def extract_rules(fileobj: Any, keywords: Any, comment_tags: Any, options: dict) -> Iterator[tuple]:
    """Babel extraction method (``babel.cfg``: ``[rules: engines/registry.py]``): each game's
    rules summary (``engine.rules_summary``, the engines' English data), one message per topic
    in the context ``rules <game id> <topic>``."""

    for game_id in registry.ids():
        for topic, text in registry.get(game_id).rules_summary.items():
            yield 0, "pgettext", (rules_context(game_id, topic), text), [f"/game rules {game_id} {topic}"]


def extract_commands(fileobj: Any, keywords: Any, comment_tags: Any, options: dict) -> Iterator[tuple]:
    """Babel extraction method (``babel.cfg``: ``[commands: bot/i18n_extract.py]``): every
    message of the bot's command tree, named by where it is (``/game new game``)."""

    async def build() -> list[tuple[str | None, str, str]]:
        bot = create_bot(":memory:", auto_sync=False)
        for name in EXTENSIONS:
            await bot.load_extension(name)
        found = list(command_messages(bot.tree))
        for name in reversed(EXTENSIONS):  # stops the periodic loop the days cog started
            await bot.unload_extension(name)
        return found

    for ctx, msg, where in asyncio.run(build()):
        if ctx:
            yield 0, "pgettext", (ctx, msg), [where]
        else:
            yield 0, "gettext", msg, [where]
