"""The text of ``/game help``: one short page on how to play here (pressing **Play**, or
`/move`), the commands a player needs, and the rules topics of the table's game; and the line
the post starting a game carries. Pure text, nothing here imports discord."""

from __future__ import annotations

from typing import Any

from bot.games import title, topic_name
from bot.i18n import DEFAULT, T
from bot.i18n import render as in_language

#: how a game is played here, said once: in the post that starts a game and in /game help
HOW_TO_PLAY = T(
    "When it is your move, press **Play** under the status message (or under the line that "
    "mentions you) and choose step by step; the last press plays the move. "
    "Typing works too: `/move`, then pick from its suggestions."
)

_COMMANDS = (
    T("`/game board` the full board"),
    T("`/game hand` your hand, only to you"),
    T("`/game moves` your legal moves, only to you"),
    T("`/game history` the game so far, move by move"),
    T("`/game undo` take back your last move"),
    T("`/game resign` leave a running game to the AI"),
    T("`/game settings` turn limit and reminders"),
    T("`/game vacation` pause your turn clock"),
    T("`/game list` this server's tables"),
)

_START = (
    T("`/game new` open a lobby"),
    T("`/game join` take a seat (or press **Join**)"),
    T("`/game addbot` add an AI seat"),
    T("`/game removebot` remove an AI seat"),
    T("`/game start` start (or press **Start**)"),
)


def help_text(engine: Any | None, games: list[str], lang: str = DEFAULT) -> str:
    """``/game help`` in ``lang`` for a table playing ``engine`` (None: no game here yet);
    ``games``: the id of every game, named (title and id) when the table has none. At most
    2,000 characters. Each line and each command entry is one message of the catalogs (the
    translations give the command names as the reader's client shows them).

    The rules topics are those of ``engine.rules_summary``, read with ``/game rules topic:``."""

    def say(text: Any) -> str:
        return in_language(text, lang)

    if engine is not None:
        lines = [say(T("**How to play {game} here**", game=title(engine))), say(HOW_TO_PLAY)]
    else:
        lines = [say(T("**How to play here**")), say(T("No game at this table yet: `/game new` opens one."))]
        named = ", ".join(f"{say(title(gid))} (`{gid}`)" for gid in games)
        lines.append(say(T("Games: {games}.", games=named)))
        lines.append(say(HOW_TO_PLAY))
    lines.append(say(T("**Commands:** {commands}.", commands="; ".join(say(c) for c in _COMMANDS))))
    lines.append(say(T("**A new game:** {commands}.", commands="; ".join(say(c) for c in _START))))
    if engine is not None and engine.rules_summary:
        topics = ", ".join(f"`{say(topic_name(t))}`" for t in engine.rules_summary)
        rules = T("**Rules of {game}:** `/game rules topic:` with one of {topics}.", game=title(engine), topics=topics)
        lines.append(say(rules))
    else:
        lines.append(say(T("**Rules:** `/game rules` gives each game's rules by topic.")))
    return "\n".join(lines)


__all__ = ["HOW_TO_PLAY", "help_text"]
