"""Kanban EV board images: ``layouts(view) -> [factory, player boards]`` and ``hand_layout``.

Two images for the channel, from ``engine.view(state, None)`` (a phone shows a tall image
full width, so each image is 1200 px wide and at most 1600 px high; text is 15 px or more):

1. **The factory** (``layout``/``layouts()[0]``), top to bottom (tags in brackets):
   ``status`` (day, week, cycle, Sandra's mood, whose step, the current work turn's shifts),
   ``legend`` (each player's number, colour, name and PP), ``cycle-track``, ``week-track``,
   ``meeting-marker``, ``final-goal``, ``meeting-room`` (goals with their icons and the
   speech tokens on them, ``meeting-room:goal:<id>``, ``meeting-room:speech``), then the
   five departments ``department:<rd|assembly|logistics|design|admin>``, each with
   ``…:workstation:1|2`` (shifts, the meeple ``…:meeple`` or ``…:sandra``), ``…:training``
   (spaces 0-5 with the discs ``…:training:disc``) and ``…:awards``; R&D adds
   ``test-track`` (``test-track:pace-car``, ``test-track:striped``, ``test-track:queue``),
   ``upgrade-values`` and ``upgrade-spaces``, ``factory-goals:grey|beige``; Assembly
   ``assembly-lines`` (``assembly-lines:<model>:<part>``: one space per part type, bold when
   that part is upgraded for the model and so goes first), ``conveyor``
   (``conveyor:node:<n>`` with the node id a player types in ``route <n>``,
   ``conveyor:exit:<x>``, ``conveyor:arrow``, ``conveyor:pending`` around a push waiting
   for its fork), ``demand``, ``cars-left``; Logistics ``warehouses``, ``supply``, ``recycling``,
   ``kanban-deck``; Design ``design-rows``, ``design-stacks``; Administration
   ``sandra-desk``, ``certification-track``, ``factory-goals:cert``, ``chargers``.
2. **The player boards** (``layouts()[1]``): one strip per player ``player:<seat>`` with
   ``…:head`` (PP ``…:pp``), ``…:garages``, ``…:designs`` (5 design spaces and the 6th,
   padlocked until certified in Design; ``…:double`` beside them), ``…:upgraded`` (its own
   full-width row; the count and tested designs ``…:tested``), ``…:parts``, ``…:books``, ``…:vouchers``, ``…:banked``, ``…:speech``,
   ``…:padlocks``, ``…:charging``, ``…:hand`` (goal and order card counts), and at the end
   ``…:final`` (the final scoring, item by item).

``hand_layout(view)`` (from ``engine.view(state, player)``): ``hand:goals`` with one card
``hand:goal:<id>`` per performance goal (what it counts, and what speaking on it scores
now), ``hand:hint`` in a meeting or its nominations, ``hand:kanban`` with
``hand:kanban:<id>`` per order card (``…:split:<1-4>``: what each placement stocks now;
the shifts it banks).

Only ASCII is drawn: the bundled font has no symbols. Units are pixels.

The code follows the player aid's sections as the rules do (``engines.kanban_ev.rules``):
:mod:`.common` (sizes, colours, the canvas and the view's lookups), :mod:`.factory` (the
factory image's head, tracks and meeting room, and its department panels), one module per
department body (:mod:`.rd`, :mod:`.assembly`, :mod:`.logistics`, :mod:`.design`,
:mod:`.administration`), :mod:`.players` (the player boards), :mod:`.hand` and
:mod:`.phone` (the phone summary). Each builds a :class:`~renderers.base.Layout`; drawing
it is the shared renderer's.
"""

from __future__ import annotations

from renderers.base import Layout

from .common import MAX_HEIGHT, WIDTH
from .factory import factory_layout
from .hand import hand_layout
from .phone import summary
from .players import players_layout


def layout(view: dict) -> Layout:
    """The factory board (the first of :func:`layouts`)."""

    return factory_layout(view)


def layouts(view: dict) -> list[Layout]:
    """The channel's images for a public view: the factory, then the player boards."""

    return [factory_layout(view), players_layout(view)]


__all__ = ["layout", "layouts", "hand_layout", "summary", "WIDTH", "MAX_HEIGHT"]
