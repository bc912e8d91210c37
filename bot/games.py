"""How an engine's refusal reads to a player (the hint pointing at ``/game moves``).

Engines know nothing of Discord; the moves of every game are played through ``/move`` (its
suggestions narrow word by word, :func:`bot.builder.suggest`) and the move builder. Nothing
here imports discord.
"""

from __future__ import annotations

from engines.base import IllegalAction

MOVES_HINT = "`/game moves` lists yours."


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


__all__ = ["MOVES_HINT", "refusal"]
