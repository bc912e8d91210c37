"""Visiting Kaunas actions: one model per step a player says aloud.

Names used in the notation:
* grid: columns and rows numbered from 1 (column 1 on the left, row 1 on top);
* event board: face-up stacks ``up1``-``up3``, face-down cards ``down1``-``down3``;
* a street: row ``a`` (upper) and ``b`` (lower); buildings ``a1``, ``a2``, ``b1`` … left to right;
* time zones ``morning``, ``midday``, ``evening``; cards by id (``e07``, ``u12``).
"""

from __future__ import annotations

from functools import cache
from typing import Literal

from engines.base import ActionModel
from engines.i18n import N_

Zone = Literal["morning", "midday", "evening"]
Side = Literal["a", "b"]


class Ship(ActionModel):
    """Buying: move your ``top`` (column) or ``right`` (row) ship to column/row ``to``."""

    type: Literal["ship"] = "ship"
    edge: Literal["top", "right"]
    to: int


class Build(ActionModel):
    """Place the building you just took at the right end of street row ``a`` or ``b``."""

    type: Literal["build"] = "build"
    row: Side


class Event(ActionModel):
    """Assign the die showing ``die`` to an event card (``up1``…``down3``) and a time zone."""

    type: Literal["event"] = "event"
    die: int
    card: str
    zone: Zone


class Use(ActionModel):
    """Keep the die showing ``die`` for its own action."""

    type: Literal["use"] = "use"
    die: int


class Penalty(ActionModel):
    """No die on an event card: put your coins on face-down card ``card``."""

    type: Literal["penalty"] = "penalty"
    card: str


class Fire(ActionModel):
    """Resolve the event die on ``card`` now (when tied dice let you choose the order)."""

    type: Literal["fire"] = "fire"
    sentence = N_("Resolve the event die on {card} now.")
    card: str


class Skip(ActionModel):
    """Do not use the action of the die showing ``die`` (or stop revealing)."""

    type: Literal["skip"] = "skip"
    die: int


class Grande(ActionModel):
    """Die 6: move your Grande (or bring it in) to building ``to`` in time zone ``zone``."""

    type: Literal["grande"] = "grande"
    to: str
    zone: Zone


class Row(ActionModel):
    """Die 5: place it beside grid row ``row``."""

    type: Literal["row"] = "row"
    row: int


class Column(ActionModel):
    """Die 4: place it below grid column ``column``."""

    type: Literal["column"] = "column"
    column: int


class UpgradeTake(ActionModel):
    """Die 3: take face-up upgrade ``card`` and attach it to your building ``building``."""

    type: Literal["upgrade"] = "upgrade"
    card: str
    building: str


class Draw(ActionModel):
    """Die 3: draw ``count`` (1-3) upgrade cards to choose one."""

    type: Literal["draw"] = "draw"
    count: int


class Choose(ActionModel):
    """Keep drawn upgrade ``card`` on your building ``building``; the others go face up."""

    type: Literal["choose"] = "choose"
    card: str
    building: str


class Reveal(ActionModel):
    """Die 2: turn face-down ``card`` face up onto stack ``stack``."""

    type: Literal["reveal"] = "reveal"
    card: str
    stack: str


class Recall(ActionModel):
    """Die 1: put discarded event card ``card`` onto face-up stack ``stack``."""

    type: Literal["recall"] = "recall"
    card: str
    stack: str


class Cover(ActionModel):
    """The card moving face up covers the face-up stack ``stack``."""

    type: Literal["cover"] = "cover"
    sentence = N_("Put the card face up on {stack}.")
    stack: str


class Tourist(ActionModel):
    """Event: move one tourist from ``source`` (``supply``, ``grande`` or a building) to
    ``to`` (a building, or ``out`` of the city)."""

    type: Literal["tourist"] = "tourist"
    source: str
    to: str


class Take(ActionModel):
    """Another player's 5/4: buy the building at your ship for 2 × the event number and
    place it in street row ``row``."""

    type: Literal["take"] = "take"
    row: Side


class Decline(ActionModel):
    """Another player's 5/4: do not buy."""

    type: Literal["decline"] = "decline"
    sentence = N_("Do not buy the building.")


ACTION_MODELS = (
    Ship,
    Build,
    Event,
    Use,
    Penalty,
    Fire,
    Skip,
    Grande,
    Row,
    Column,
    UpgradeTake,
    Draw,
    Choose,
    Reveal,
    Recall,
    Cover,
    Tourist,
    Take,
    Decline,
)


def _cached(model: type[ActionModel]):
    """``model(**fields)``, one shared instance per distinct value (actions are frozen, and
    the legal lists name the same few hundred actions again and again)."""

    @cache
    def make(**fields):
        return model(**fields)

    make.__name__ = make.__qualname__ = model.__name__
    return make


class new:  # noqa: N801  (a namespace: ``new.Ship(edge="top", to=2)``)
    """Cached constructors of the action models, for the legal lists (``new.Ship(...)`` is
    ``Ship(...)``, shared)."""


for _model in ACTION_MODELS:
    setattr(new, _model.__name__, staticmethod(_cached(_model)))
