"""Pillow drawing, one package per game, over :mod:`renderers.base`'s layout model.

A game's package ``renderers.<game_id with underscores>`` exposes ``layout(view) -> Layout``
(the channel's board, from ``engine.view(state, None)``) and, for a game with hands,
``hand_layout(view) -> Layout`` (from ``engine.view(state, player)``). It may expose
``layouts(view) -> list[Layout]`` when the board is clearer as several images, and
``summary(view) -> renderers.summary.Summary``: the compact phone image posted after every
move (:func:`render_summary`; the full board stays on ``/game board``).

Every image is drawn in a language: ``lang`` (``"en"`` by default, ``"cs"``, ``"nl"``,
``"lt"``; the tests' pseudo-language ``"qps"``). The renderer's own labels are messages of
the host catalog and the view's texts (:class:`engines.i18n.Text`) are rendered in it
(:func:`renderers.base.drawn_in`); ids, numbers and coordinates are drawn as they are.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from types import ModuleType

from renderers.base import Layout, drawn_in, render_png
from renderers.summary import host_ranked
from renderers.summary import summary_layout as _summary_layout

__all__ = [
    "module_for",
    "board_layouts",
    "render_board",
    "hand_layout",
    "render_hand",
    "summary_layout",
    "render_summary",
]


def module_for(game_id: str) -> ModuleType:
    """The renderer package of ``game_id``; ``ModuleNotFoundError`` if it has none."""

    return importlib.import_module("renderers." + game_id.replace("-", "_"))


def board_layouts(game_id: str, view: dict, lang: str = "en") -> list[Layout]:
    """The layouts of :func:`render_board` in ``lang`` (tests measure them)."""

    module = module_for(game_id)
    with drawn_in(lang):
        if hasattr(module, "layouts"):
            return list(module.layouts(view))
        return [module.layout(view)]


def render_board(game_id: str, view: dict, lang: str = "en") -> list[bytes]:
    """The board as PNG images (usually one), from a spectator's view, drawn in ``lang``."""

    return [render_png(lay) for lay in board_layouts(game_id, view, lang)]


def hand_layout(game_id: str, view: dict, lang: str = "en") -> Layout | None:
    """The layout of :func:`render_hand` in ``lang``; ``None`` for a game without hands."""

    module = module_for(game_id)
    if not hasattr(module, "hand_layout"):
        return None
    with drawn_in(lang):
        return module.hand_layout(view)


def render_hand(game_id: str, view: dict, lang: str = "en") -> bytes | None:
    """A player's hand as one PNG drawn in ``lang``, or ``None`` when the game's renderer
    draws no hands."""

    lay = hand_layout(game_id, view, lang)
    return None if lay is None else render_png(lay)


def summary_layout(game_id: str, view: dict, events: Sequence[str] = (), lang: str = "en") -> Layout:
    """The layout of :func:`render_summary` in ``lang`` (tests measure it)."""

    with drawn_in(lang):
        s = module_for(game_id).summary(view)
        host_ranked(s, view)  # the posted final ranking, resigned players last
        given = [e for e in events if e and e.strip()]
        if given:
            s.events = given
        return _summary_layout(s)


def render_summary(game_id: str, view: dict, events: Sequence[str] = (), lang: str = "en") -> bytes:
    """The compact "phone" summary posted after a move, as one PNG (600 px wide, text at
    least 16 px, so at least 10.7 px on a phone showing it 400 px wide): the
    step, ``events`` (the move's public event sentences, names already in place; without
    them a game whose view keeps its recent moves, such as Transport, shows those), each seat's score and resources
    with the seat to act outlined, the table's shared facts and what the game waits for.
    ``view`` is a spectator's view (``engine.view(state, None)``); ``events`` plain strings
    (already in ``lang``) or Texts; everything drawn in ``lang``.
    ``ModuleNotFoundError`` for a game without a renderer."""

    return render_png(summary_layout(game_id, view, events, lang))
