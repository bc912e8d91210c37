"""The pseudo-language check of the images: every string an image draws either went through
the catalogs (``⟦…⟧``, bot.i18n.PSEUDO) or is an id, a coordinate, a number or a name."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from bot.i18n import PSEUDO_CLOSE, PSEUDO_OPEN
from engines.i18n import Text

#: a token that is an id, a coordinate or a number: it holds a digit ("t12", "ma04", "up1",
#: "2,-1", "L3", "+2") — the same in every language
ID_TOKEN = re.compile(r"[A-Za-z0-9]*\d[A-Za-z0-9]*")
ASCII_LETTER = re.compile(r"[A-Za-z]")
#: what is stripped around a piece before it is compared with the view's plain strings
EDGES = " \t\n…·•:,;.()[]/|+-=–—"


def outside(drawn: str) -> list[str]:
    """The pieces of ``drawn`` outside every ``⟦…⟧`` (nested brackets counted; a line that
    opens with the end of a bracket wrapped from the line before starts inside it, a bracket
    cut by "…" or wrapped onto the next line runs to the end)."""

    depth, low = 0, 0
    for ch in drawn:
        depth += (ch == PSEUDO_OPEN) - (ch == PSEUDO_CLOSE)
        low = min(low, depth)
    depth, pieces, cur = -low, [], ""
    for ch in drawn:
        if ch == PSEUDO_OPEN:
            if depth == 0:
                pieces.append(cur)
                cur = ""
            depth += 1
        elif ch == PSEUDO_CLOSE:
            depth -= 1
        elif depth == 0:
            cur += ch
    pieces.append(cur)
    return [p for p in pieces if p.strip()]


def plain_strings(value: Any) -> set[str]:
    """Every plain ``str`` (not a Text) among the values of a view or a list of events: texts
    the ENGINE wrote in English before its texts became Texts (not the renderer's own)."""

    found: set[str] = set()
    if isinstance(value, dict):
        for v in value.values():
            found |= plain_strings(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            found |= plain_strings(v)
        if value and all(type(v) is str for v in value):  # a sentence in segments (a seat id each)
            found.add("".join(value))
    elif isinstance(value, str) and not isinstance(value, Text):
        found.add(value)
    return found


def unmarked(drawn: Iterable[str], names: Iterable[str], ids: Iterable[str] = (), engine: Iterable[str] = ()) -> list:
    """The drawn strings holding ASCII letters outside ``⟦…⟧`` that are none of: ``names``
    (the players'), ``ids`` (the game's id words without a digit, e.g. a building id),
    :data:`ID_TOKEN` tokens, or — ALLOWED ONLY FOR THE ENGINE'S OWN ENGLISH, until the engines'
    texts are Texts — a piece of one of the ``engine`` strings (the view's and the events'
    plain strings, :func:`plain_strings`)."""

    names = sorted(set(names), key=len, reverse=True)
    ids = set(ids)
    engine = list(engine)
    bad = []
    for s in drawn:
        for piece in outside(s):
            # the parts between ids and numbers ("A1 Art Museum": "Art Museum")
            for part in ID_TOKEN.split(piece):
                rest = part
                for name in names:
                    rest = rest.replace(name, " ")
                rest = " ".join(w for w in re.split(r"[^A-Za-z]+", rest) if w and w not in ids)
                if not ASCII_LETTER.search(rest):
                    continue
                core = part.strip(EDGES)
                # the engine's English (see the docstring), perhaps capitalised by the renderer
                if core and any(core.lower() in e.lower() for e in engine):
                    continue
                bad.append((s, part))
    return bad
