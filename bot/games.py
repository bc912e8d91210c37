"""How an engine's refusal reads to a player (the hint pointing at ``/game moves``).

Engines know nothing of Discord; the moves of every game are played through ``/move`` (its
suggestions narrow word by word, :func:`bot.builder.suggest`) and the move builder. Nothing
here imports discord.
"""

from __future__ import annotations

from typing import Any

from bot.i18n import Text, Tn, Tp
from engines import registry
from engines.base import IllegalAction

MOVES_HINT = "`/game moves` lists yours."

#: each game's title in the reader's language (the Czech edition of Factory Manager is Továrník)
TITLES: dict[str, Text] = {
    "factory-manager": Tp("game title", "Factory Manager"),
    "kanban-ev": Tp("game title", "Kanban EV"),
    "transport": Tp("game title", "Transport"),
    "visiting-kaunas": Tp("game title", "Visiting Kaunas"),
}


#: each game's score in words, by its engine's ``score_unit`` (singular, plural)
SCORE_WORDS: dict[tuple[str, str], Any] = {
    ("point", "points"): lambda n: Tn("{n} point", "{n} points", n),
    ("coin", "coins"): lambda n: Tn("{n} coin", "{n} coins", n),
    ("Elektro", "Elektro"): lambda n: Tn("{n} Elektro", "{n} Elektro", n),
    ("PP", "PP"): lambda n: Tn("{n} PP", "{n} PP", n),
}


def score_words(engine: Any, n: int) -> Text:
    """``n`` in what ``engine``'s scores count ("57 coins"), to render in a language; a unit
    without words here (a test engine) reads as points."""

    return SCORE_WORDS.get(tuple(engine.score_unit), SCORE_WORDS[("point", "points")])(n)


def title(engine: Any) -> Text | str:
    """The title of ``engine`` (an engine or a game id) to render in a language; a game
    without a translated title (a test engine) keeps its own."""

    game_id = engine if isinstance(engine, str) else engine.id
    found = TITLES.get(game_id)
    if found is not None:
        return found
    if isinstance(engine, str):
        try:
            return registry.get(engine).title
        except KeyError:
            return engine
    return str(engine.title)


def rules_context(game_id: str, topic: str) -> str:
    """The message context of one topic of a game's rules summary: the engines keep them as
    English data, :mod:`bot.i18n_extract` puts each in the catalogs under this context."""

    return f"rules {game_id} {topic}"


def rules_text(engine: Any, topic: str) -> Text:
    """``engine``'s rules summary of ``topic``, to render in a language (English where the
    catalog has no translation)."""

    return Tp(rules_context(engine.id, topic), engine.rules_summary[topic])


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


__all__ = [
    "MOVES_HINT",
    "TITLES",
    "refusal",
    "rules_context",
    "rules_text",
    "title",
]
