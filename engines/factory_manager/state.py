"""The Factory Manager state: everything, secrets included (pydantic v2).

Kept compact and cheap to copy: ints, strs and flat lists only. Seats are referred to by
their index in ``State.players`` (seating order = clockwise, the order of ``setup``'s
``players``); tile ids are the lowercase ids of :mod:`engines.factory_manager.data`.

Hidden from ``view(state, None)``: ``seed``, the order (and content) of ``energy_deck`` and
``energy_removed``, the order of ``order_pile`` and the content of ``order_unused``.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

Phase = Literal["auction", "market", "build", "bureaucracy", "over"]


class Options(BaseModel):
    """Variants of Factory Manager."""

    model_config = ConfigDict(extra="forbid")

    #: first-game variant: the energy tile 0 is put on top of a deck of 4, so the price cannot
    #: rise in round 1 [RULES Příprava hry 7, "Výjimka pro první hru"]
    first_game: bool = False


class PlayerState(BaseModel):
    """One seat's factory, money, workers and turn-order tile."""

    model_config = ConfigDict(validate_assignment=False)

    #: the seat id (opaque string from ``setup``)
    seat: str
    #: Elektro held (never below 0)
    money: int
    #: the start set letter (a-e) dealt at setup
    start_set: str
    #: the turn-order tile (1-12) that sets this seat's order; during the auction it is the
    #: OLD tile (last round's), replaced by ``new_tile`` when the auction phase ends
    tile: int
    #: the tile won in this round's auction, 0 while not yet won (auction phase only)
    new_tile: int = 0

    # ---- workers: available + canteen + bid + used + demolishing == 7 + temps, always
    #: workers beside the board, free to bid / fill the market / buy / demolish
    available: int
    #: workers in the canteen staffing machines (set in phase 4)
    canteen: int
    #: workers placed on the turn-order tile won in this round's auction (until round end)
    bid: int = 0
    #: workers that bought a tile in this round's phase 3
    used: int = 0
    #: workers standing on a tile being demolished (available again at the end of the turn)
    demolishing: int = 0
    #: temporary workers held (0-2); they count as workers in every pile above
    temps: int = 0

    # ---- factory
    #: tile ids installed in production hall I (at most 10; position does not matter)
    hall: list[str]
    #: tile ids installed in production hall II (at most 2)
    hall2: list[str] = []
    #: hall II spaces already paid for (0-2); installing there costs 10 Elektro only while
    #: ``len(hall2) == hall2_paid``
    hall2_paid: int = 0
    #: the installed control unit's id, or None
    control: str | None = None
    #: the installed optimisation unit's id, or None
    optimisation: str | None = None
    #: bought tiles kept beside the factory, to be installed later without a worker
    stored: list[str] = []
    #: installed machines/robots switched off (switch-off tokens)
    off: list[str] = []

    # ---- tracks (as last set in phase 4; live while the seat adjusts in phase 4)
    #: production track (goods)
    production: int
    #: storage track (pallet spaces)
    storage: int
    #: energy track (consumption, at least 1)
    energy: int
    #: profit of each finished round (may be negative), index 0 = round 1
    profits: list[int] = []


class State(BaseModel):
    """The whole game."""

    model_config = ConfigDict(validate_assignment=False)

    #: seats in seating (clockwise) order
    players: list[PlayerState]
    #: the game's seed (hidden)
    seed: int
    #: option: first-game energy deck
    first_game: bool = False
    #: 1-5
    round: int = 1
    #: current phase; phase 5 (income) is resolved automatically when phase 4 ends
    phase: Phase = "auction"
    #: seat indices in the order the current phase is played (auction: old tiles, highest
    #: first; other phases: tiles, lowest first)
    order: list[int]
    #: position in ``order`` of the seat whose step it is (market, build, bureaucracy)
    turn: int = 0

    # ---- phase 1: turn-order auction
    #: turn-order tiles revealed this round and not yet won (ascending)
    order_offer: list[int] = []
    #: face-down turn-order draw pile (order hidden)
    order_pile: list[int] = []
    #: the face-down tiles left unused this round (hidden)
    order_unused: list[int] = []
    #: seat index choosing the next tile to auction (-1: none)
    chooser: int = -1
    #: tile being auctioned (0: the chooser has not chosen yet)
    auction_tile: int = 0
    #: current highest bid in workers
    high_bid: int = 0
    #: seat index of the highest bidder (-1: none)
    high_bidder: int = -1
    #: seat indices still in the current auction (not passed)
    bidders: list[int] = []
    #: seat index whose turn it is to raise or pass (-1: none)
    bid_turn: int = -1

    # ---- phase 2: market
    #: tiles the current seat still must move to the market
    market_left: int = 0
    #: optional extra tiles the last seat may still add (phase 2)
    extra_left: int = 0
    #: True while the last seat is adding its optional extra tiles
    in_extras: bool = False

    # ---- equipment tiles (all 106 are always in exactly one place)
    #: storage board: per kind, tile ids cheapest first (sorted by price, then id)
    columns: dict[str, list[str]]
    #: tiles on the market this round (set X included in round 1)
    market: list[str] = []
    #: tiles demolished (out of the game)
    demolished: list[str] = []
    #: tiles out of the game since setup (player-count marks, unused start sets, 3 of set X)
    out_of_game: list[str] = []

    # ---- phase 3: the current seat's turn
    #: True once the current seat has hired its temporary workers this turn
    turn_hired: bool = False

    # ---- energy
    #: face-down energy deck, top first (hidden)
    energy_deck: list[int]
    #: energy tiles removed unseen at setup (hidden)
    energy_removed: list[int]
    #: energy tiles revealed so far, in order
    energy_revealed: list[int] = []
    #: step of the energy price marker (price = step)
    energy_step: int = 1
