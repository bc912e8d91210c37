"""Factory Manager actions: one step a player would say aloud.

Notation (lowercase, ids from :mod:`engines.factory_manager.data`):

==========================  =======================================================
``open 7 bid 2``            phase 1: the chooser picks turn-order tile 7 and opens with 2 workers
``bid 3``                   phase 1: raise the current auction to 3 workers
``pass``                    phase 1: leave the current auction (final)
``take 6 bid 0``            phase 1: the last seat takes the last tile, adding 0+ workers
``place machine``           phase 2: move the cheapest tile of a column to the market
``buy ma04 hall1``          phase 3: buy a market tile with a worker and install it
                            (``hall1``, ``hall2``, ``room`` for control/optimisation units,
                            ``aside`` to keep it beside the factory)
``install ma04 hall2``      phase 3: install a tile kept beside the factory (no worker)
``demolish a-st1``          phase 3: demolish an installed tile with a worker
``hire 2``                  phase 3: hire (or keep, paying again) 1-2 temporary workers
``switch off ma04``         phase 4: switch a machine or robot off
``switch on ma04``          phase 4: switch it on again
``done``                    phase 2 (extra tiles), 3 and 4: end the step
==========================  =======================================================
"""

from __future__ import annotations

from typing import ClassVar, Literal

from engines.base import ActionModel, cached_action
from engines.i18n import N_

Kind = Literal["storage", "machine", "production-robot", "saving-robot", "control-unit", "optimisation-unit"]
Where = Literal["hall1", "hall2", "room", "aside"]
InstallWhere = Literal["hall1", "hall2", "room"]


class Open(ActionModel):
    """Phase 1: the chooser picks a revealed turn-order tile and opens its auction."""

    type: Literal["open"] = "open"
    tile: int
    bid: int


class Bid(ActionModel):
    """Phase 1: raise the current auction to ``amount`` workers."""

    type: Literal["bid"] = "bid"
    amount: int


class Pass(ActionModel):
    """Phase 1: leave the current auction (final for that auction)."""

    type: Literal["pass"] = "pass"
    sentence = N_("Pass: leave this auction.")


class Take(ActionModel):
    """Phase 1: the last seat takes the last tile for 0, optionally putting workers on it."""

    type: Literal["take"] = "take"
    tile: int
    bid: int


class Place(ActionModel):
    """Phase 2: move the cheapest tile of column ``kind`` from the storage board to the market."""

    type: Literal["place"] = "place"
    kind: Kind


class Buy(ActionModel):
    """Phase 3: buy market tile ``tile`` with an available worker and put it at ``where``."""

    type: Literal["buy"] = "buy"
    tile: str
    where: Where


class Install(ActionModel):
    """Phase 3: install a tile kept beside the factory (no worker needed)."""

    type: Literal["install"] = "install"
    tile: str
    where: InstallWhere


class Demolish(ActionModel):
    """Phase 3: demolish an installed tile with an available worker."""

    type: Literal["demolish"] = "demolish"
    tile: str


class Hire(ActionModel):
    """Phase 3: hire (or keep by paying again) ``count`` temporary workers, 1 or 2."""

    type: Literal["hire"] = "hire"
    count: int


class SwitchOff(ActionModel):
    """Phase 4: switch an installed machine or robot off."""

    type: Literal["switch_off"] = "switch_off"
    tile: str


class SwitchOn(ActionModel):
    """Phase 4: switch a switched-off machine or robot on again."""

    type: Literal["switch_on"] = "switch_on"
    tile: str


class Done(ActionModel):
    """End the current step (extra market tiles, phase 3 turn, phase 4 turn)."""

    type: Literal["done"] = "done"
    words: ClassVar[str | None] = "done"


ACTION_MODELS = (Open, Bid, Pass, Take, Place, Buy, Install, Demolish, Hire, SwitchOff, SwitchOn, Done)


# Cached constructors taking the fields in notation order: actions are frozen, so the same
# object can be handed out again (``buy_("ma04", "hall1")``).
open_ = cached_action(Open)
bid_ = cached_action(Bid)
take_ = cached_action(Take)
place_ = cached_action(Place)
buy_ = cached_action(Buy)
install_ = cached_action(Install)
demolish_ = cached_action(Demolish)
hire_ = cached_action(Hire)
off_ = cached_action(SwitchOff)
on_ = cached_action(SwitchOn)


PASS = Pass()
DONE = Done()
