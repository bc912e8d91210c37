"""How an engine's refusal reads to a player (the hint pointing at ``/game moves``).

Engines know nothing of Discord; the moves of every game are played through ``/move`` (its
suggestions narrow word by word, :func:`bot.builder.suggest`) and the move builder. Nothing
here imports discord.
"""

from __future__ import annotations

from typing import Any

from bot.i18n import LANGUAGES, T, Text, Tn, Tp, render
from engines import registry
from engines.base import IllegalAction

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


#: each rules topic's name (the keys of the engines' ``rules_summary``) in the reader's language;
#: a key not named here reads as itself
RULES_TOPICS: dict[str, Text] = {
    "overview": Tp("rules topic", "overview"),
    "setup": Tp("rules topic", "setup"),
    "turn": Tp("rules topic", "turn"),
    "end": Tp("rules topic", "end"),
    "scoring": Tp("rules topic", "scoring"),
    "moves": Tp("rules topic", "moves"),
    # Factory Manager
    "auction": Tp("rules topic", "auction"),
    "market": Tp("rules topic", "market"),
    "build": Tp("rules topic", "build"),
    "production": Tp("rules topic", "production"),
    "income": Tp("rules topic", "income"),
    # Kanban EV: the departments and the rest
    "training": Tp("rules topic", "training"),
    "rd": Tp("rules topic", "R&D"),
    "assembly": Tp("rules topic", "assembly"),
    "logistics": Tp("rules topic", "logistics"),
    "design": Tp("rules topic", "design"),
    "admin": Tp("rules topic", "administration"),
    "sandra": Tp("rules topic", "Sandra"),
    "meeting": Tp("rules topic", "meeting"),
    # Transport
    "connect": Tp("rules topic", "connect"),
    "icons": Tp("rules topic", "icons"),
    "parcels": Tp("rules topic", "parcels"),
    "coordinates": Tp("rules topic", "coordinates"),
    # Visiting Kaunas
    "dice": Tp("rules topic", "dice"),
    "events": Tp("rules topic", "events"),
    "tourists": Tp("rules topic", "tourists"),
}


def topic_name(topic: str) -> Text | str:
    """The name of the rules topic ``topic`` (a key of an engine's ``rules_summary``) to render
    in a language: ``"rd"`` → R&D, vývoj (cs) …; a key without a name reads as itself."""

    return RULES_TOPICS.get(topic, topic)


def find_topic(engine: Any, typed: str) -> str | None:
    """The key of ``engine``'s rules topic that ``typed`` names: its key or its name in any
    language we speak (``"přehled"``, ``"R&D"``), whatever the case; None for no topic."""

    typed = typed.strip().casefold()
    for key in engine.rules_summary or {}:
        if typed == key.casefold() or any(typed == render(topic_name(key), lang).casefold() for lang in LANGUAGES):
            return key
    return None


def split_game(typed: str) -> tuple[str | None, str]:
    """``(game id, the rest)`` when ``typed`` begins with a game's id or its title in any
    language we speak, followed by a space or ``:`` (``"transport overview"``, ``"Továrník:
    stavba"``); else ``(None, typed)``. The longest name wins; case and spaces do not count."""

    folded = typed.strip().casefold()
    names = [(g, g) for g in registry.ids()]
    names += [(g, render(t, lang).casefold()) for g, t in TITLES.items() for lang in LANGUAGES]
    for game_id, name in sorted(names, key=lambda n: -len(n[1])):
        if folded == name or (folded.startswith(name) and folded[len(name)] in " :"):
            return game_id, folded[len(name) :].lstrip(" :").strip()
    return None, typed.strip()


def rules_context(game_id: str, topic: str) -> str:
    """The message context of one topic of a game's rules summary: the engines keep them as
    English data, :mod:`bot.i18n_extract` puts each in the catalogs under this context."""

    return f"rules {game_id} {topic}"


def rules_text(engine: Any, topic: str) -> Text:
    """``engine``'s rules summary of ``topic``, to render in a language (English where the
    catalog has no translation)."""

    return Tp(rules_context(engine.id, topic), engine.rules_summary[topic])


def refusal(exc: IllegalAction) -> Text | str:
    """The sentence a player reads when the engine refuses a move or cannot read the text,
    to render in a language: the engine's reason, followed by the ``/game moves`` hint when
    the reason does not say what to do instead (``exc.show_moves``, always for a
    :class:`~engines.base.NotationError`), as a sentence of its own in the same language.

    ``"`x` is not a move in this game."`` → ``"`x` is not a move in this game. `/game moves` lists yours."``
    """

    reason = exc.reason
    if not getattr(exc, "show_moves", False):
        return reason
    return T("{reason} `/game moves` lists yours.", reason=reason)


__all__ = [
    "RULES_TOPICS",
    "TITLES",
    "find_topic",
    "refusal",
    "rules_context",
    "rules_text",
    "split_game",
    "title",
    "topic_name",
]
