"""Pillow drawing, one package per game, over :mod:`renderers.base`'s layout model.

A game's package ``renderers.<game_id with underscores>`` exposes ``layout(view) -> Layout``
(the channel's board, from ``engine.view(state, None)``) and, for a game with hands,
``hand_layout(view) -> Layout`` (from ``engine.view(state, player)``). It may expose
``layouts(view) -> list[Layout]`` when the board is clearer as several images, and
``summary(view) -> renderers.summary.Summary``: the compact phone image posted after every
move (:func:`render_summary`; the full board stays on ``/game board``).
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from types import ModuleType

from renderers.base import Layout, render_png
from renderers.summary import summary_layout as _summary_layout

__all__ = ["module_for", "board_layouts", "render_board", "render_hand", "summary_layout", "render_summary"]


def module_for(game_id: str) -> ModuleType:
    """The renderer package of ``game_id``; ``ModuleNotFoundError`` if it has none."""

    return importlib.import_module("renderers." + game_id.replace("-", "_"))


def board_layouts(game_id: str, view: dict) -> list[Layout]:
    module = module_for(game_id)
    if hasattr(module, "layouts"):
        return list(module.layouts(view))
    return [module.layout(view)]


def render_board(game_id: str, view: dict) -> list[bytes]:
    """The board as PNG images (usually one), from a spectator's view."""

    return [render_png(lay) for lay in board_layouts(game_id, view)]


def render_hand(game_id: str, view: dict) -> bytes | None:
    """A player's hand as one PNG, or ``None`` when the game's renderer draws no hands."""

    module = module_for(game_id)
    if not hasattr(module, "hand_layout"):
        return None
    return render_png(module.hand_layout(view))


def summary_layout(game_id: str, view: dict, events: Sequence[str] = ()) -> Layout:
    """The layout of :func:`render_summary` (tests measure it)."""

    s = module_for(game_id).summary(view)
    given = [e for e in events if e and e.strip()]
    if given:
        s.events = given
    return _summary_layout(s)


def render_summary(game_id: str, view: dict, events: Sequence[str] = ()) -> bytes:
    """The compact "phone" summary posted after a move, as one PNG (600 px wide, text at
    least 16 px, so at least 10.7 px on a phone showing it 400 px wide): the
    step, ``events`` (the move's public event sentences, names already in place; without
    them a game whose view keeps its recent moves, such as Transport, shows those), each seat's score and resources
    with the seat to act outlined, the table's shared facts and what the game waits for.
    ``view`` is a spectator's view (``engine.view(state, None)``).
    ``ModuleNotFoundError`` for a game without a renderer."""

    return render_png(summary_layout(game_id, view, events))
