"""The text of ``/game help``: one short page on how to play here (pressing **Play**, or
`/move`), the commands a player needs, and the rules topics of the table's game; and the line
the post starting a game carries. Pure text, nothing here imports discord."""

from __future__ import annotations

from typing import Any

#: how a game is played here, said once: in the post that starts a game and in /game help
HOW_TO_PLAY = (
    "When it is your move, press **Play** under the status message (or under the line that "
    "mentions you) and choose step by step; the last press plays the move. "
    "Typing works too: `/move`, then pick from its suggestions."
)

_COMMANDS = (
    ("`/game board`", "the full board"),
    ("`/game hand`", "your hand, only to you"),
    ("`/game moves`", "your legal moves, only to you"),
    ("`/game history`", "the game so far, move by move"),
    ("`/game undo`", "take back your last move"),
    ("`/game resign`", "leave a running game to the AI"),
    ("`/game settings`", "turn limit and reminders"),
    ("`/game vacation`", "pause your turn clock"),
    ("`/game list`", "this server's tables"),
)

_START = (
    ("`/game new`", "open a lobby"),
    ("`/game join`", "take a seat (or press **Join**)"),
    ("`/game addbot`", "add an AI seat"),
    ("`/game start`", "start (or press **Start**)"),
)


def help_text(engine: Any | None, games: list[tuple[str, str]]) -> str:
    """``/game help`` for a table playing ``engine`` (None: no game here yet); ``games``:
    ``(id, title)`` of every game, named when the table has none. At most 2,000 characters.

    The rules topics are those of ``engine.rules_summary``, read with ``/game rules topic:``."""

    if engine is not None:
        lines = [f"**How to play {engine.title} here**", HOW_TO_PLAY]
    else:
        lines = ["**How to play here**", "No game at this table yet: `/game new` opens one."]
        lines.append("Games: " + ", ".join(f"{title} (`{gid}`)" for gid, title in games) + ".")
        lines.append(HOW_TO_PLAY)
    lines.append("**Commands:** " + "; ".join(f"{c} {what}" for c, what in _COMMANDS) + ".")
    lines.append("**A new game:** " + "; ".join(f"{c} {what}" for c, what in _START) + ".")
    if engine is not None and engine.rules_summary:
        topics = ", ".join(f"`{t}`" for t in engine.rules_summary)
        lines.append(f"**Rules of {engine.title}:** `/game rules topic:` with one of {topics}.")
    else:
        lines.append("**Rules:** `/game rules` gives each game's rules by topic.")
    return "\n".join(lines)


__all__ = ["HOW_TO_PLAY", "help_text"]
