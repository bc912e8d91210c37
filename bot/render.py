"""Rendering for the Discord layer: the board, phone summary and hand images of a view,
drawn in a worker thread (``asyncio.to_thread``) so the event loop keeps serving other
tables. Never called inside a table's lock: a :class:`bot.service.Result` carries the view
of the version it belongs to, and :class:`bot.poster.Poster` renders it, then posts in
ticket order.

Each image is drawn in ``lang``: the table's language for what the channel sees and for a
hand DM'd to a member (no member's locale outside an interaction), the member's own
(``interaction.locale``) for ``/game hand``."""

from __future__ import annotations

import asyncio

import renderers

__all__ = ["render_board", "render_hand", "render_summary"]


async def render_board(game_id: str, view: dict, lang: str = "en") -> list[bytes]:
    """PNG images of a board view (one per board image of the game) drawn in ``lang``, in a
    worker thread."""

    return await asyncio.to_thread(renderers.render_board, game_id, view, lang)


async def render_summary(game_id: str, view: dict, events: list[str] | None = None, lang: str = "en") -> bytes | None:
    """The phone summary PNG posted after a move (``renderers.render_summary``: the step,
    ``events``, every seat's score and resources, whose turn) drawn in ``lang``, rendered in
    a worker thread; ``None`` when the game's renderer draws no summary (post the board then)."""

    if not hasattr(renderers.module_for(game_id), "summary"):
        return None
    return await asyncio.to_thread(renderers.render_summary, game_id, view, list(events or []), lang)


async def render_hand(game_id: str, view: dict, lang: str = "en") -> bytes | None:
    """PNG of a player's hand view drawn in ``lang`` (None if the game's renderer draws no
    hands), in a thread."""

    return await asyncio.to_thread(renderers.render_hand, game_id, view, lang)
