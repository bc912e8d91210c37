"""Pillow drawing, one package per game, over :mod:`renderers.base`'s layout model.

A game's package ``renderers.<game_id with underscores>`` exposes ``layout(view) -> Layout``
(the channel's board, from ``engine.view(state, None)``) and, for a game with hands,
``hand_layout(view) -> Layout`` (from ``engine.view(state, player)``). It may expose
``layouts(view) -> list[Layout]`` when the board is clearer as several images.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from renderers.base import Layout, render_png

__all__ = ["module_for", "board_layouts", "render_board", "render_hand"]


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
