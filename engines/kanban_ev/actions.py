"""Kanban EV actions: one model per step a player says aloud.

Field order is notation order (``claim 1 city-battery 2``). Departments, parts and models
are the data ids of :mod:`engines.kanban_ev.data`.
"""

from __future__ import annotations

from typing import Literal

from engines.base import ActionModel

Dept = Literal["rd", "assembly", "logistics", "design", "admin"]
Part = Literal["autopilot", "battery", "body", "drivetrain", "electronics", "motor"]
Model = Literal["city", "suv", "truck", "sports", "concept"]


class ChooseGarages(ActionModel):
    """Setup: take the basic or the expert (star) garage tiles."""

    type: Literal["garages"] = "garages"
    set: Literal["basic", "expert"]


class Arrange(ActionModel):
    """Setup: put your 4 unlocked garage tiles on garages 1-4 in this order."""

    type: Literal["arrange"] = "arrange"
    tiles: list[str]


class Cert(ActionModel):
    """Place/move your certification marker onto space 1-4 (left to right) of a section."""

    type: Literal["cert"] = "cert"
    space: int


class Pick(ActionModel):
    """Setup: take a car part from Logistics or a design from the Design department."""

    type: Literal["pick"] = "pick"
    item: str


class Place(ActionModel):
    """Department selection: put your worker on workstation 1 (upper) or 2 (lower)."""

    type: Literal["place"] = "place"
    dept: Dept
    station: int


class Train(ActionModel):
    """Move your training disc one space, paying a book or a shift."""

    type: Literal["train"] = "train"
    dept: Dept
    pay: Literal["book", "shift"]


class Also(ActionModel):
    """Administration: work in one other department too this turn."""

    type: Literal["also"] = "also"
    dept: Dept


class Claim(ActionModel):
    """R&D: claim the car at position 1-4 behind the pace car into an empty garage."""

    type: Literal["claim"] = "claim"
    pos: int
    design: str
    garage: int


class Upgrade(ActionModel):
    """R&D: upgrade a design on upgrade space 1-6 of its model."""

    type: Literal["upgrade"] = "upgrade"
    design: str
    space: int
    source: Literal["part", "voucher", "charger"]
    double: Literal["double"] | None = None


class Provide(ActionModel):
    """Assembly: provide a part to a model's assembly line."""

    type: Literal["provide"] = "provide"
    model: Model
    part: Part
    source: Literal["part", "voucher"]


class Route(ActionModel):
    """Assembly: choose where the pushed car goes at a fork of the conveyor."""

    type: Literal["route"] = "route"
    node: str


class Order(ActionModel):
    """Logistics: issue a Kanban order with placement 1-4."""

    type: Literal["order"] = "order"
    card: str
    split: int


class Take(ActionModel):
    """Logistics: take parts from one warehouse."""

    type: Literal["take"] = "take"
    part: Part
    count: int


class Voucher(ActionModel):
    """Logistics (certified): receive a parts voucher."""

    type: Literal["voucher"] = "voucher"


class SelectDesign(ActionModel):
    """Design: select a face-up design."""

    type: Literal["design"] = "design"
    id: str


class Advanced(ActionModel):
    """Design (certified): select the top design of a stack."""

    type: Literal["advanced"] = "advanced"
    id: str


class Charge(ActionModel):
    """Administration (SpeedCharger): place a charger token on a department's space."""

    type: Literal["charge"] = "charge"
    dept: Dept


class Recycle(ActionModel):
    """Swap one of your stored parts with one in the recycling section."""

    type: Literal["recycle"] = "recycle"
    give: Part
    get: Part


class Award(ActionModel):
    """Expert: keep one award tile of this kind."""

    type: Literal["award"] = "award"
    kind: Literal["pp2", "shift", "voucher", "book"]


class Done(ActionModel):
    """End your turn (work phase, or a meeting turn after playing a goal)."""

    type: Literal["done"] = "done"


class Play(ActionModel):
    """Meeting: play a performance goal from your hand."""

    type: Literal["play"] = "play"
    goal: str


class Speak(ActionModel):
    """Meeting: place a speech token on a goal and score it."""

    type: Literal["speak"] = "speak"
    goal: str


class Pass(ActionModel):
    """Meeting: pass (only after you have played a goal)."""

    type: Literal["pass"] = "pass"


class Nominate(ActionModel):
    """After a meeting: put one of your goals face down in the meeting room."""

    type: Literal["nominate"] = "nominate"
    goal: str


ACTION_MODELS = (
    ChooseGarages, Arrange, Cert, Pick, Place, Train, Also, Claim, Upgrade, Provide, Route, Order, Take,
    Voucher, SelectDesign, Advanced, Charge, Recycle, Award, Done, Play, Speak, Pass, Nominate,
)
