"""Players' names as the bot shows them: one rule for board images, the phone summary, hand
images and texts (the export, a thread's title).

A Discord display name is whatever its member typed. The rule:

* **bidi controls are removed** (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C):
  a nickname ``"\\u202eevil"`` would otherwise draw the rest of its line reversed;
* **a name with no visible ink is empty**: nothing but whitespace, zero-width characters
  (U+200B–U+200D, U+2060, U+FEFF and every other format character), variation selectors,
  blank look-alikes (U+2800 braille blank, U+3164 and the other Hangul fillers, U+115F,
  U+1160, U+FFA0, U+034F); on an image also nothing the bundled font can draw (a family
  emoji, CJK: :func:`renderers.base.drawable`). An empty name is the account's username
  instead (Discord usernames are a-z, 0-9, "_" and "."), else ``player <n>``;
* **ties are broken by username**: names shown alike (ignoring case) each get their
  username in brackets, two ``Alex`` are ``Alex (alex_one)`` and ``Alex (alex_two)``; a tie
  left after that (no username known) is numbered ``(2)``, ``(3)``.

AI seats are ``AI 1``, ``AI 2`` … (seat ids ``ai-1`` …) everywhere: :func:`ai_name`.
Nothing here imports discord: ``boardhost simulate`` and ``replay`` use it too.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping

__all__ = ["BIDI_CONTROLS", "ai_name", "has_ink", "names_for", "shown_name", "strip_bidi", "unique_names"]

#: the bidirectional formatting characters, removed from every name
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c")
#: characters that draw as nothing although Unicode does not class them as format or space
BLANKS = frozenset("\u2800\u3164\u115f\u1160\uffa0\u034f")
_TRANSLATE = {ord(ch): None for ch in BIDI_CONTROLS}


def strip_bidi(name: str) -> str:
    """``name`` without its bidi controls (:data:`BIDI_CONTROLS`)."""

    return name.translate(_TRANSLATE)


def _invisible(ch: str) -> bool:
    if ch in BLANKS or ch.isspace():
        return True
    code = ord(ch)
    if 0xFE00 <= code <= 0xFE0F or 0xE0100 <= code <= 0xE01EF:  # variation selectors
        return True
    return unicodedata.category(ch) in ("Cf", "Cc", "Zs", "Zl", "Zp")


def has_ink(name: str) -> bool:
    """Whether ``name`` has at least one character that draws something (see the module's rule)."""

    return any(not _invisible(ch) for ch in name)


def shown_name(name: str | None, *, drawn: bool = False) -> str:
    """``name`` as shown: without bidi controls; ``""`` when it has no visible ink.
    ``drawn``: as the bundled font draws it on an image, invisible characters and what the
    font has no glyph for removed and runs of spaces collapsed."""

    text = strip_bidi(name or "")
    if drawn:
        from renderers.base import drawable

        text = drawable("".join(" " if _invisible(ch) else ch for ch in text))
        text = " ".join(text.split())
    else:
        text = text.strip()
    return text if has_ink(text) else ""


def ai_name(seat: str) -> str:
    """``AI 1`` for the seat id ``ai-1`` (any other seat id unchanged)."""

    return "AI " + seat[3:] if seat.startswith("ai-") else seat


def unique_names(named: Iterable[tuple[str, str, str]]) -> dict[str, str]:
    """``{key: name}`` from ``(key, name, username)`` triples whose names are already
    :func:`shown_name` (an empty one falls back to the username here): names shown alike,
    ignoring case, each get ``" (username)"``; a tie left after that is numbered."""

    rows = []
    for i, (key, name, username) in enumerate(named):
        rows.append((key, name or username or f"player {i + 1}", username))
    counts: dict[str, int] = {}
    for _key, name, _user in rows:
        counts[name.casefold()] = counts.get(name.casefold(), 0) + 1
    out: dict[str, str] = {}
    used: set[str] = set()
    for key, name, username in rows:
        if counts[name.casefold()] > 1 and username and username != name:
            name = f"{name} ({username})"
        base, n = name, 2
        while name.casefold() in used:
            name = f"{base} ({n})"
            n += 1
        used.add(name.casefold())
        out[key] = name
    return out


def names_for(seats: Mapping[str, tuple[str | None, str]], *, drawn: bool = False) -> dict[str, str]:
    """``{seat: name}`` for ``{seat: (display name, username)}`` by the module's rule
    (AI seats by :func:`ai_name`, whatever is given for them)."""

    rows = []
    for seat, (display, username) in seats.items():
        if seat.startswith("ai-"):
            rows.append((seat, ai_name(seat), ""))
        else:
            rows.append((seat, shown_name(display, drawn=drawn), shown_name(username, drawn=drawn)))
    return unique_names(rows)
