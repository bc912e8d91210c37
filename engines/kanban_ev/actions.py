"""Kanban EV actions: one model per step a player says aloud.

Field order is notation order (``claim 1 city-battery 2``). Departments, parts and models
are the data ids of :mod:`engines.kanban_ev.data`. Each field's ``description`` says what the
value is, in at most 100 characters (a host may show it beside an input).
"""

from __future__ import annotations

from functools import cache
from typing import Literal

from pydantic import Field

from engines.base import ActionModel, cached_action
from engines.i18n import N_

Dept = Literal["rd", "assembly", "logistics", "design", "admin"]
Part = Literal["autopilot", "battery", "body", "drivetrain", "electronics", "motor"]
Model = Literal["city", "suv", "truck", "sports", "concept"]


class ChooseGarages(ActionModel):
    """Setup: take the basic or the expert (star) garage tiles."""

    type: Literal["garages"] = "garages"
    set: Literal["basic", "expert"] = Field(description="which garage tiles: basic or expert (the star side)")


class Arrange(ActionModel):
    """Setup: put your 4 unlocked garage tiles on garages 1-4 in this order."""

    type: Literal["arrange"] = "arrange"
    tiles: list[str] = Field(description="tiles for garages 1-4 in order, e.g. books shifts speech vouchers")


class Cert(ActionModel):
    """Place/move your certification marker onto space 1-4 (left to right) of a section."""

    type: Literal["cert"] = "cert"
    space: int = Field(description="space 1-4, left to right, of your next certification section")


class Pick(ActionModel):
    """Setup: take a car part from Logistics or a design from the Design department."""

    type: Literal["pick"] = "pick"
    item: str = Field(
        description="a part (e.g. battery) from Logistics or a design (e.g. city-body); none if no part is left"
    )


class Place(ActionModel):
    """Department selection: put your worker on workstation 1 (upper) or 2 (lower)."""

    type: Literal["place"] = "place"
    dept: Dept = Field(description="the department to work in: rd, assembly, logistics, design or admin")
    station: int = Field(description="workstation: 1 = upper, 2 = lower (each gives its printed shifts)")


class Train(ActionModel):
    """Move your training disc one space, paying a book or a shift."""

    type: Literal["train"] = "train"
    dept: Dept = Field(description="the department whose training track your disc moves one space along")
    pay: Literal["book", "shift"] = Field(description="pay with a book or a shift")


class Also(ActionModel):
    """Administration: work in one other department too this turn."""

    type: Literal["also"] = "also"
    dept: Dept = Field(description="the other department you also work in this turn")


class Claim(ActionModel):
    """R&D: claim the car at position 1-4 behind the pace car into an empty garage."""

    type: Literal["claim"] = "claim"
    pos: int = Field(description="position 1-4 of the car behind the pace car (costs 1, 2, 2, 3 shifts)")
    design: str = Field(description="your design of that car's model to return, e.g. city-battery")
    garage: int = Field(description="your empty garage 1-5 for the car (you gain its tile)")


class Upgrade(ActionModel):
    """R&D: upgrade a design on upgrade space 1-6 of its model."""

    type: Literal["upgrade"] = "upgrade"
    design: str = Field(description="your design to upgrade, e.g. city-battery (model-part)")
    space: int = Field(description="upgrade space 1-6 of that model's row in R&D")
    source: Literal["part", "voucher", "charger"] = Field(
        description="pay with a part from your board, a parts voucher or the R&D charger"
    )
    double: Literal["double"] | None = Field(
        None, description="double = use your double-upgrade tile: part value +2, gain its new value in PP"
    )


class Provide(ActionModel):
    """Assembly: provide a part to a model's assembly line."""

    type: Literal["provide"] = "provide"
    model: Model = Field(description="the car model's assembly line")
    part: Part = Field(description="the part you provide")
    source: Literal["part", "voucher"] = Field(description="from a part on your board or a parts voucher")


class Route(ActionModel):
    """Assembly: choose where the pushed car goes at a fork of the conveyor."""

    type: Literal["route"] = "route"
    node: str = Field(description="conveyor space to push the car on to (e.g. 23) or exit gate (e.g. x31)")


class Order(ActionModel):
    """Logistics: issue a Kanban order with placement 1-4."""

    type: Literal["order"] = "order"
    card: str = Field(description="your Kanban order card, e.g. k01 (your hand image lists yours)")
    split: int = Field(description="placement 1-4 of the card (which icons stock; see your hand image)")


class Take(ActionModel):
    """Logistics: take parts from one warehouse."""

    type: Literal["take"] = "take"
    part: Part = Field(description="the warehouse's part")
    count: int = Field(description="how many parts to take from it")


class Voucher(ActionModel):
    """Logistics (certified): receive a parts voucher."""

    type: Literal["voucher"] = "voucher"
    sentence = N_("Receive a parts voucher.")


class SelectDesign(ActionModel):
    """Design: select a face-up design."""

    type: Literal["design"] = "design"
    id: str = Field(description="a face-up design, e.g. city-body (model-part)")


class Advanced(ActionModel):
    """Design (certified): select the top design of a stack."""

    type: Literal["advanced"] = "advanced"
    id: str = Field(description="the top design of a stack, e.g. truck-motor")


class Charge(ActionModel):
    """Administration (SpeedCharger): place a charger token on a department's space."""

    type: Literal["charge"] = "charge"
    dept: Dept = Field(description="the department space of your charging board for the charger token")


class Recycle(ActionModel):
    """Swap one of your stored parts with one in the recycling section."""

    type: Literal["recycle"] = "recycle"
    give: Part = Field(description="your stored part to put in recycling")
    get: Part = Field(description="the part in recycling you take")


class Award(ActionModel):
    """Expert: keep one award tile of this kind."""

    type: Literal["award"] = "award"
    kind: Literal["pp2", "shift", "voucher", "book"] = Field(
        description="award tile: pp2 (2 PP), shift, voucher or book"
    )


class Done(ActionModel):
    """End your turn (work phase, or a meeting turn after playing a goal)."""

    type: Literal["done"] = "done"


class Play(ActionModel):
    """Meeting: play a performance goal from your hand."""

    type: Literal["play"] = "play"
    goal: str = Field(description="a performance goal from your hand, e.g. g04")


class Speak(ActionModel):
    """Meeting: place a speech token on a goal and score it."""

    type: Literal["speak"] = "speak"
    goal: str = Field(description="a played goal in the meeting room with a free icon, e.g. g04")


class Pass(ActionModel):
    """Meeting: pass (only after you have played a goal)."""

    type: Literal["pass"] = "pass"
    sentence = N_("Pass.")


class Nominate(ActionModel):
    """After a meeting: put one of your goals face down in the meeting room."""

    type: Literal["nominate"] = "nominate"
    goal: str = Field(description="the goal from your hand to leave face down, e.g. g04")


ACTION_MODELS = (
    ChooseGarages,
    Arrange,
    Cert,
    Pick,
    Place,
    Train,
    Also,
    Claim,
    Upgrade,
    Provide,
    Route,
    Order,
    Take,
    Voucher,
    SelectDesign,
    Advanced,
    Charge,
    Recycle,
    Award,
    Done,
    Play,
    Speak,
    Pass,
    Nominate,
)

# Shared instances of the actions the rules list again and again, fields positional in
# notation order (``train_("rd", "book")``): actions are frozen, so one validated instance per
# distinct value serves every legal-action list.
garages_ = cached_action(ChooseGarages)
cert_ = cached_action(Cert)
pick_ = cached_action(Pick)
place_ = cached_action(Place)
train_ = cached_action(Train)
also_ = cached_action(Also)
claim_ = cached_action(Claim)
provide_ = cached_action(Provide)
route_ = cached_action(Route)
order_ = cached_action(Order)
take_ = cached_action(Take)
voucher_ = cached_action(Voucher)
design_ = cached_action(SelectDesign)
advanced_ = cached_action(Advanced)
charge_ = cached_action(Charge)
recycle_ = cached_action(Recycle)
award_ = cached_action(Award)
done_ = cached_action(Done)
play_ = cached_action(Play)
speak_ = cached_action(Speak)
pass_ = cached_action(Pass)
nominate_ = cached_action(Nominate)


@cache
def upgrade_(design: str, space: int, source: str, double: str | None = None) -> Upgrade:
    """A shared :class:`Upgrade` (``double`` given only for a double upgrade)."""

    if double is None:
        return Upgrade(design=design, space=space, source=source)
    return Upgrade(design=design, space=space, source=source, double=double)
