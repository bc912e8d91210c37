"""What the bot adds to each game: its slash-command group and how an engine's refusal reads.

Engines know nothing of Discord. The name of a game's own command group (``/fm bid 2``)
and the hint pointing at ``/game moves`` live here. Nothing here imports discord.
"""

from __future__ import annotations

from typing import Any

from engines.base import IllegalAction

#: game id -> name of its typed slash-command group (``"fm"`` → ``/fm bid``)
COMMAND_GROUPS: dict[str, str] = {
    "factory-manager": "fm",
    "kanban-ev": "kanban",
    "transport": "transport",
    "visiting-kaunas": "kaunas",
}

MOVES_HINT = "`/game moves` lists yours."


def command_group(engine: Any) -> str:
    """The command group of ``engine`` (an engine or a game id); ``""`` for a game without one."""

    game_id = engine if isinstance(engine, str) else engine.id
    return COMMAND_GROUPS.get(game_id, "")


def refusal(exc: IllegalAction) -> str:
    """The sentence a player reads when the engine refuses a move or cannot read the text:
    the engine's reason, joined to the ``/game moves`` hint when the reason does not say
    what to do instead (``exc.show_moves``, always for a :class:`~engines.base.NotationError`).

    ``"`x` is not a move in this game."`` → ``"`x` is not a move in this game; `/game moves` lists yours."``
    """

    reason = exc.reason
    if not getattr(exc, "show_moves", False):
        return reason
    return reason.rstrip().rstrip(".") + "; " + MOVES_HINT


__all__ = ["COMMAND_GROUPS", "MOVES_HINT", "command_group", "refusal"]
