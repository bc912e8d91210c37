"""Labels that fit Discord's limits: a sentence cut at a word, and which cut labels of one
builder step read alike (:mod:`bot.builder`, the "Pick a move" menu of :mod:`bot.views`)."""

from __future__ import annotations

from collections import Counter
from typing import Any

__all__ = ["cut_alike", "fit", "shorten"]


def fit(text: str, limit: int) -> str:
    """``text`` when it fits in ``limit`` characters, else "" (never cut)."""

    return text if len(text) <= limit else ""


def shorten(text: str, limit: int) -> str:
    """``text`` within ``limit`` characters: whole when it fits, else cut at the last space
    before the limit with "…" (a single word too long is cut where the limit falls)."""

    if len(text) <= limit:
        return text
    head = text[: limit - 1]
    return (head.rsplit(" ", 1)[0].rstrip(",;:·") if " " in head else head) + "…"


def cut_alike(options: list[tuple[str, Any]]) -> list[tuple[int, Any]]:
    """``(index, action)`` of every ``(label, action)`` of ``options`` that plays a move
    (``action`` not None) whose label was cut (ends with "…") and reads as another's label."""

    seen = Counter(label for label, _action in options)
    return [(i, a) for i, (label, a) in enumerate(options) if a is not None and seen[label] > 1 and label.endswith("…")]
