"""Factory Manager (Továrník, Friedemann Friese 2009): the rules, as functions over :class:`~.state.State`.

Rule references ("RULES §n") are to the Czech rule text's sections: Příprava hry (setup),
§1 Aukce nového pořadí hráčů (turn-order auction), §2 Příprava trhu (market), §3 Nákup a
instalace / bourání / brigádníci (build), §4 Byrokracie a cena energie (bureaucracy),
§5 Vyplácení zisku (income), Konec hry (end). "REF 1.x" are the reference facts that
resolve what the text leaves open (copied into :mod:`engines.factory_manager.data`).
"""

from __future__ import annotations

from engines.base import Event, rng
from engines.copying import rebuilt
from engines.i18n import N_, Code, Text, texts

from . import data as D
from .state import PlayerState, State

T, Tn, Tp = texts("factory-manager")
#: the game's catalog (its id)
DOMAIN = "factory-manager"


def tx(msgid: str, /, **params) -> Text:
    """A message of the game's catalog marked elsewhere with ``N_`` (a table of messages)."""

    return Text(msgid, params, domain=DOMAIN)


TILES = D.TILES
PHASE_NUMBER = {"auction": 1, "market": 2, "build": 3, "bureaucracy": 4, "over": 6}
PHASE_TITLE = {
    "auction": Tp("phase", "turn-order auction"),
    "market": Tp("phase", "market"),
    "build": Tp("phase", "buy, demolish and hire"),
    "bureaucracy": Tp("phase", "bureaucracy"),
    "over": Tp("phase", "game over"),
}
#: the equipment tiles' kinds by name (data.KIND_NAMES in the game's catalog)
KIND = {
    "storage": Tp("tile kind", "pallet storage"),
    "machine": Tp("tile kind", "machine"),
    "production-robot": Tp("tile kind", "production robot"),
    "saving-robot": Tp("tile kind", "saving robot"),
    "control-unit": Tp("tile kind", "control unit"),
    "optimisation-unit": Tp("tile kind", "optimisation unit"),
}
_LIST_FIELDS = (
    "order",
    "order_offer",
    "order_pile",
    "order_unused",
    "bidders",
    "market",
    "demolished",
    "out_of_game",
    "energy_deck",
    "energy_removed",
    "energy_revealed",
)
_PLAYER_LISTS = ("hall", "hall2", "stored", "off", "profits")


# --------------------------------------------------------------------------- helpers
def _copy_model(m):
    """Shallow copy of a pydantic model without pydantic's generic ``__copy__`` (hot path)."""

    return rebuilt(m, m.__dict__.copy())


def _clone(s: State) -> State:
    """A copy of ``s`` sharing nothing mutable with it (lists and players copied)."""

    new = _copy_model(s)
    d = new.__dict__
    for k in _LIST_FIELDS:
        d[k] = d[k][:]
    d["columns"] = {k: v[:] for k, v in s.columns.items()}
    players = []
    for p in s.players:
        q = _copy_model(p)
        qd = q.__dict__
        for k in _PLAYER_LISTS:
            qd[k] = qd[k][:]
        players.append(q)
    d["players"] = players
    return new


def total_workers(p: PlayerState) -> int:
    """Own 7 workers plus temporary workers held."""

    return D.OWN_WORKERS + p.temps


def discount(tile: int) -> int:
    """Discount of a turn-order tile (RULES §3; values for 4–12 ASSUMED, REF 1.6)."""

    return D.DISCOUNT[tile]


def buy_cost(price: int, tile: int) -> int:
    """Factory Manager §3: price minus the turn-order discount, never below 0."""

    return max(0, price - D.DISCOUNT[tile])


def temp_cost(tile: int) -> int:
    """Factory Manager §3: a temporary worker costs 7 minus the discount (floor 0 ASSUMED)."""

    return max(0, D.TEMP_COST - D.DISCOUNT[tile])


def installed(p: PlayerState) -> list[str]:
    """Every installed tile of a seat: hall I, hall II, control room."""

    out = p.hall + p.hall2
    if p.control:
        out.append(p.control)
    if p.optimisation:
        out.append(p.optimisation)
    return out


def factory_values(p: PlayerState, off=None) -> tuple[int, int, int, int, int, int]:
    """Factory Manager §4: ``(production, storage, energy, workers_needed, active_machines,
    active_robots)`` from the installed tiles that are switched on.

    energy = white − dark energy numbers, at least 1 (REF 1.3); workers needed = white − dark
    worker numbers, at least 0; switched-off tiles count for nothing.
    """

    if off is None:
        off = p.off
    prod = stor = en = wk = machines = robots = 0
    for tid in installed(p):
        if off and tid in off:
            continue
        t = TILES[tid]
        prod += t.production
        stor += t.storage
        en += t.energy - t.energy_saved
        wk += t.workers - t.workers_saved
        k = t.kind
        if k == "machine":
            machines += 1
        elif k == "production-robot" or k == "saving-robot":
            robots += 1
    return prod, stor, max(D.ENERGY_FLOOR, en), max(0, wk), machines, robots


def profit(production: int, storage: int, energy: int, price: int, last_round: bool) -> int:
    """Factory Manager §5: 10 × min(production, storage) − energy × price, doubled in round 5."""

    value = D.INCOME_PER_UNIT * min(production, storage) - energy * price
    return value * D.LAST_ROUND_FACTOR if last_round else value


def _insert_sorted(column: list[str], tid: str) -> None:
    key = D.SORT_KEY[tid]
    i = 0
    while i < len(column) and D.SORT_KEY[column[i]] < key:
        i += 1
    column.insert(i, tid)


def _settle_temps(p: PlayerState, new_count: int) -> None:
    """Factory Manager §3: old temporary workers leave (unless paid again), ``new_count`` join
    the available workers. Old temps leave the piles bid (temps used in the auction go back
    first), available, used, demolishing, canteen in turn: a player puts temps on the tile
    first. (Every pile counts: a temp may stand on a tile being demolished.)"""

    gone = p.temps
    for attr in ("bid", "available", "used", "demolishing", "canteen"):
        if gone <= 0:
            break
        have = getattr(p, attr)
        take = min(have, gone)
        p.__dict__[attr] = have - take
        gone -= take
    p.temps = new_count
    p.available += new_count


def _workers(n: int) -> str:
    return Tn("{n} worker", "{n} workers", n)


# --------------------------------------------------------------------------- phase 1
def start_auction(s: State, events: list[Event]) -> None:
    """Factory Manager §1: reveal as many tiles as players; 2 stay face down unused."""

    n = len(s.players)
    s.phase = "auction"
    s.order_offer = sorted(s.order_pile[:n])
    s.order_unused = s.order_pile[n:]
    s.order_pile = []
    s.order = sorted(range(n), key=lambda i: -s.players[i].tile)
    s.turn = 0
    for p in s.players:
        p.new_tile = 0
    s.chooser = s.order[0]
    s.auction_tile = 0
    s.high_bid = 0
    s.high_bidder = -1
    s.bidders = []
    s.bid_turn = -1
    events.append(
        Event(
            type="round-start",
            text=T(
                "Round {round} begins. Turn-order tiles on offer: {tiles}.", round=s.round, tiles=list(s.order_offer)
            ),
        )
    )


def waiting_for_tile(s: State) -> list[int]:
    return [i for i, p in enumerate(s.players) if p.new_tile == 0]


def next_bidder(s: State, events: list[Event]) -> None:
    """Factory Manager §1: bidding goes clockwise among those still in; a seat that cannot
    raise (it must keep 1 available worker) passes automatically; the last one in wins."""

    n = len(s.players)
    i = s.bid_turn
    while True:
        if len(s.bidders) <= 1:
            win_auction(s, events)
            return
        i = (i + 1) % n
        if i not in s.bidders or i == s.high_bidder:
            continue
        p = s.players[i]
        if p.available - 1 <= s.high_bid:
            s.bidders.remove(i)
            events.append(
                Event(
                    type="pass",
                    text=T(
                        "{seat} cannot raise to {amount} (keeping one worker) and passes.",
                        seat=p.seat,
                        amount=s.high_bid + 1,
                    ),
                )
            )
            continue
        s.bid_turn = i
        return


def win_auction(s: State, events: list[Event], taken: bool = False) -> None:
    w = s.high_bidder
    p = s.players[w]
    p.new_tile = s.auction_tile
    p.available -= s.high_bid
    p.bid += s.high_bid
    s.order_offer.remove(s.auction_tile)
    won = (
        N_("{seat} takes the last turn-order tile {tile} with {workers}.")
        if taken
        else N_("{seat} wins turn-order tile {tile} with {workers}.")
    )
    events.append(
        Event(type="auction-won", text=tx(won, seat=p.seat, tile=s.auction_tile, workers=_workers(s.high_bid)))
    )
    s.auction_tile = 0
    s.high_bid = 0
    s.high_bidder = -1
    s.bidders = []
    s.bid_turn = -1
    waiting = waiting_for_tile(s)
    if w == s.chooser or s.chooser not in waiting:
        # the next-highest old tile among those still without a new tile chooses
        s.chooser = max(waiting, key=lambda i: s.players[i].tile) if waiting else -1
    if not waiting:
        end_auction(s, events)


def end_auction(s: State, events: list[Event]) -> None:
    """Factory Manager §1 end: unused and old tiles are shuffled into the new draw pile;
    the new tiles set the order of the rest of the round (lowest first)."""

    pile = s.order_unused + [p.tile for p in s.players]
    rng(s.seed, "turn-order-pile", s.round).shuffle(pile)
    s.order_pile = pile
    s.order_unused = []
    s.order_offer = []
    for p in s.players:
        p.tile = p.new_tile
        p.new_tile = 0
    s.chooser = -1
    s.order = sorted(range(len(s.players)), key=lambda i: s.players[i].tile)
    # (each seat's entry built apart: Babel does not extract a message inside another's call)
    order = [T("{seat} ({tile})", seat=s.players[i].seat, tile=s.players[i].tile) for i in s.order]
    events.append(
        Event(
            type="turn-order",
            text=T("New turn order: {order}.", order=order),
        )
    )
    start_market(s, events)


# --------------------------------------------------------------------------- phase 2
def start_market(s: State, events: list[Event]) -> None:
    s.phase = "market"
    s.turn = 0
    s.in_extras = False
    s.extra_left = 0
    s.market_left = s.players[s.order[0]].available
    settle_market(s, events)


def settle_market(s: State, events: list[Event]) -> None:
    """Factory Manager §2: move on when the current seat has placed its tiles; an empty
    storage board ends every obligation (REF 1.2 phase 2 b)."""

    n = len(s.players)
    empty = not any(s.columns.values())
    while True:
        if s.in_extras:
            if s.extra_left > 0 and not empty:
                return
            start_build(s, events)
            return
        if s.market_left > 0 and not empty:
            return
        if s.turn + 1 < n:
            s.turn += 1
            s.market_left = s.players[s.order[s.turn]].available
            continue
        extra = D.EXTRA_TILES[n]
        s.market_left = 0
        if extra > 0 and not empty:
            s.in_extras = True
            s.extra_left = extra
            continue
        start_build(s, events)
        return


# --------------------------------------------------------------------------- phase 3
def start_build(s: State, events: list[Event]) -> None:
    s.phase = "build"
    s.in_extras = False
    s.extra_left = 0
    s.market_left = 0
    s.turn = 0
    s.turn_hired = False
    events.append(
        Event(
            type="market",
            text=T("Market: {tiles}.", tiles=[Code(t) for t in s.market]) if s.market else T("Market: empty."),
        )
    )


def end_build_turn(s: State, events: list[Event]) -> None:
    p = s.players[s.order[s.turn]]
    p.available += p.demolishing
    p.demolishing = 0
    if not s.turn_hired:
        if p.temps:
            events.append(Event(type="temps", text=T("{seat}'s temporary workers go back to the supply.", seat=p.seat)))
        _settle_temps(p, 0)
    s.turn_hired = False
    if s.turn + 1 < len(s.players):
        s.turn += 1
        return
    # Factory Manager §3 end: unsold market tiles go back to their columns
    for tid in s.market:
        _insert_sorted(s.columns[TILES[tid].kind], tid)
    s.market = []
    start_bureaucracy(s, events)


# --------------------------------------------------------------------------- phase 4
def start_bureaucracy(s: State, events: list[Event]) -> None:
    """Factory Manager §4: every seat takes all its workers back; tracks recomputed."""

    s.phase = "bureaucracy"
    s.turn = 0
    for p in s.players:
        p.available = total_workers(p)
        p.canteen = p.bid = p.used = p.demolishing = 0
        retrack(p)


def retrack(p: PlayerState) -> tuple[int, int, int, int, int, int]:
    v = factory_values(p)
    p.production, p.storage, p.energy = v[0], v[1], v[2]
    return v


def bureaucracy_problem(p: PlayerState) -> str | None:
    """Factory Manager §4: why the seat's current on/off setting is not allowed, or None."""

    prod, stor, en, need, machines, robots = factory_values(p)
    total = total_workers(p)
    if need > total:
        return Tn(
            "Your switched-on machines need {n} workers in the canteen but you have only {total}; switch a "
            "machine off first.",
            "Your switched-on machines need {n} workers in the canteen but you have only {total}; switch a "
            "machine off first.",
            need,
            total=total,
        )
    if need == total:
        return Tn(
            "Your switched-on machines need all {n} of your workers; at least one worker must stay available, "
            "so switch a machine off first.",
            "Your switched-on machines need all {n} of your workers; at least one worker must stay available, "
            "so switch a machine off first.",
            total,
        )
    if robots > machines:
        return Tn(
            "You have {robots} active robots but only {n} active machine; each machine can use one robot, so "
            "switch a robot off first.",
            "You have {robots} active robots but only {n} active machines; each machine can use one robot, so "
            "switch a robot off first.",
            machines,
            robots=robots,
        )
    return None


def end_round(s: State, events: list[Event]) -> None:
    """Factory Manager §4 end and §5: reveal an energy tile, move the price; pay profits."""

    card = s.energy_deck.pop(0)
    s.energy_revealed.append(card)
    s.energy_step = min(D.ENERGY_MAX_STEP, s.energy_step + card)
    price = D.energy_price(s.energy_step)
    events.append(
        Event(type="energy", text=T("Energy tile +{card}: the price is now {price} Elektro.", card=card, price=price))
    )
    last = s.round == D.ROUNDS
    for i in s.order:
        p = s.players[i]
        gain = profit(p.production, p.storage, p.energy, price, last)
        p.money = max(0, p.money + gain)
        p.profits.append(gain)
        events.append(
            Event(
                type="income",
                text=(
                    T(
                        "{seat} earns {income} and pays {cost} for energy: profit {profit}, doubled in the last round "
                        "to {gain}, now {money} Elektro.",
                        seat=p.seat,
                        income=D.INCOME_PER_UNIT * min(p.production, p.storage),
                        cost=p.energy * price,
                        profit=gain // D.LAST_ROUND_FACTOR,
                        gain=gain,
                        money=p.money,
                    )
                    if last
                    else T(
                        "{seat} earns {income} and pays {cost} for energy: profit {gain}, now {money} Elektro.",
                        seat=p.seat,
                        income=D.INCOME_PER_UNIT * min(p.production, p.storage),
                        cost=p.energy * price,
                        gain=gain,
                        money=p.money,
                    )
                ),
            )
        )
    if last:
        s.phase = "over"
        s.order = []
        s.turn = 0
        # the ranking itself is the host's (resigned players last), said once under the events
        events.append(Event(type="game-over", text=T("Game over after round {round}.", round=s.round)))
        return
    s.round += 1
    start_auction(s, events)


# --------------------------------------------------------------------------- queries
def seat_index(s: State, player: str) -> int:
    for i, p in enumerate(s.players):
        if p.seat == player:
            return i
    return -1


def actor(s: State) -> int:
    """Seat index whose step it is, or -1 (game over)."""

    ph = s.phase
    if ph == "over":
        return -1
    if ph == "auction":
        if s.auction_tile:
            return s.bid_turn
        return s.chooser
    return s.order[s.turn]


def ranking(state: State) -> list[list[str]]:
    """Factory Manager, end: most Elektro first; ties broken by the last finished round's
    profit; still tied players share a tier (ASSUMED, REF 1.2 end)."""

    def key(p: PlayerState):
        return (-p.money, -(p.profits[-1] if p.profits else 0))

    ordered = sorted(state.players, key=key)
    tiers: list[list[str]] = []
    last = None
    for p in ordered:
        k = key(p)
        if k == last:
            tiers[-1].append(p.seat)
        else:
            tiers.append([p.seat])
            last = k
    return tiers
