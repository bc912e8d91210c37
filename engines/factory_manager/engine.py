"""Factory Manager (Továrník, Friedemann Friese 2009): the engine (the contract over :mod:`.rules`).

Rule references ("RULES §n") are to the Czech rule text's sections: Příprava hry (setup),
§1 Aukce nového pořadí hráčů (turn-order auction), §2 Příprava trhu (market), §3 Nákup a
instalace / bourání / brigádníci (build), §4 Byrokracie a cena energie (bureaucracy),
§5 Vyplácení zisku (income), Konec hry (end). "REF 1.x" are the reference facts that
resolve what the text leaves open (copied into :mod:`engines.factory_manager.data`).
"""

from __future__ import annotations

from engines.base import Engine, Event, IllegalAction, default_parse, normalize, rng
from engines.i18n import N_, Code

from . import data as D
from . import rules as R
from .actions import (
    ACTION_MODELS,
    DONE,
    PASS,
    bid_,
    buy_,
    demolish_,
    hire_,
    install_,
    off_,
    on_,
    open_,
    place_,
    take_,
)
from .ai import FactoryManagerAI
from .rules import (
    KIND,
    PHASE_NUMBER,
    PHASE_TITLE,
    TILES,
    T,
    Tn,
    Tp,
    _clone,
    _settle_temps,
    _workers,
    buy_cost,
    factory_values,
    installed,
    temp_cost,
    total_workers,
    tx,
)
from .search import HOOKS as SEARCH_HOOKS
from .state import Options, PlayerState, State
from .text import RULES_SUMMARY, _rewrite


class FactoryManager(Engine):
    """Factory Manager / Továrník for 2–5 players, 5 rounds of 5 phases."""

    id = "factory-manager"
    title = "Factory Manager"
    min_players = 2
    max_players = 5
    Options = Options
    State = State
    action_models = ACTION_MODELS
    AI = FactoryManagerAI
    search = SEARCH_HOOKS
    has_hands = False
    score_unit = ("Elektro", "Elektro")
    rules_summary = RULES_SUMMARY

    # ------------------------------------------------------------------ setup
    def setup(self, players: list[str], options=None, seed: int = 0) -> State:
        """Factory Manager, setup (RULES Příprava hry 1–7): start sets, workers, tracks,
        turn-order tiles per player count, equipment by back mark, set X, energy deck; then
        round 1's auction begins. ``ValueError`` for 0–1 or 6+ seats or bad options."""

        self.check_players(players)
        opts = self.options(options)
        n = len(players)
        marks = D.marks_for(n)
        out: list[str] = []
        columns: dict[str, list[str]] = {k: [] for k in D.KINDS}
        for t in D.TILES.values():
            if t.mark == "start":
                if D.START_SETS.index(t.start_set) >= n:
                    out.append(t.id)
            elif t.mark == "x":
                continue
            elif t.mark in marks:
                columns[t.kind].append(t.id)
            else:
                out.append(t.id)
        for k in columns:
            columns[k].sort(key=D.SORT_KEY.__getitem__)
        xs = list(D.X_TILES)
        rng(seed, "set-x").shuffle(xs)
        out.extend(xs[:3])
        market = sorted(xs[3:], key=D.SORT_KEY.__getitem__)

        start_tiles, pile = D.TURN_ORDER_SETUP[n]
        start_tiles = list(start_tiles)
        rng(seed, "turn-order-deal").shuffle(start_tiles)
        pile = list(pile)
        rng(seed, "turn-order-pile", 0).shuffle(pile)

        if opts.first_game:
            rest = list(D.ENERGY_TILES)
            rest.remove(0)
            rng(seed, "energy").shuffle(rest)
            removed, deck = rest[: D.ENERGY_REMOVED], [0] + rest[D.ENERGY_REMOVED :]
        else:
            cards = list(D.ENERGY_TILES)
            rng(seed, "energy").shuffle(cards)
            removed, deck = cards[: D.ENERGY_REMOVED], cards[D.ENERGY_REMOVED :]

        seats = []
        for i, pid in enumerate(players):
            letter = D.START_SETS[i]
            seats.append(
                PlayerState(
                    seat=pid,
                    money=D.START_MONEY,
                    start_set=letter,
                    tile=start_tiles[i],
                    available=D.OWN_WORKERS - D.START_CANTEEN,
                    canteen=D.START_CANTEEN,
                    hall=D.start_set(letter),
                    production=D.START_PRODUCTION,
                    storage=D.START_STORAGE,
                    energy=D.START_ENERGY,
                )
            )
        state = State(
            players=seats,
            seed=seed,
            first_game=opts.first_game,
            order=[],
            columns=columns,
            market=market,
            out_of_game=out,
            order_pile=pile,
            energy_deck=deck,
            energy_removed=removed,
            energy_step=D.ENERGY_START_STEP,
        )
        R.start_auction(state, [])
        return state

    def to_act(self, state: State) -> list[str]:
        """The one seat whose step it is (every phase is played in turn); [] once over."""

        i = R.actor(state)
        return [] if i < 0 else [state.players[i].seat]

    def legal_actions(self, state: State, player: str) -> list:
        """Every legal action of ``player`` now, in a stable order; [] if not their step."""

        i = R.actor(state)
        if i < 0 or state.players[i].seat != player:
            return []
        s = state
        p = s.players[i]
        ph = s.phase
        if ph == "auction":
            top = p.available - 1  # Factory Manager §1: keep one available worker
            if s.auction_tile:
                return [bid_(a) for a in range(s.high_bid + 1, top + 1)] + [PASS]
            if len(R.waiting_for_tile(s)) == 1:
                return [take_(s.order_offer[0], b) for b in range(0, top + 1)]
            return [open_(t, b) for t in s.order_offer for b in range(0, top + 1)]
        if ph == "market":
            acts = [place_(k) for k in D.KINDS if s.columns[k]]
            if s.in_extras:
                acts.append(DONE)
            return acts
        if ph == "build":
            return self._build_actions(s, p)
        # bureaucracy
        acts = []
        off = p.off
        for tid in installed(p):
            if TILES[tid].kind in D.SWITCHABLE_KINDS:
                acts.append(on_(tid) if tid in off else off_(tid))
        if R.bureaucracy_problem(p) is None:
            acts.append(DONE)
        return acts

    def _places(self, s: State, p: PlayerState, tid: str, cost: int) -> list[str]:
        """Where a tile of ``tid``'s kind may go for ``cost`` Elektro (hall II adds its fee)."""

        kind = TILES[tid].kind
        out = []
        if kind in D.HALL_KINDS:
            if len(p.hall) < D.HALL1_SPACES and p.money >= cost:
                out.append("hall1")
            if len(p.hall2) < D.HALL2_SPACES:
                fee = D.HALL2_FEE if len(p.hall2) >= p.hall2_paid else 0
                if p.money >= cost + fee:
                    out.append("hall2")
        else:
            slot = p.control if kind == "control-unit" else p.optimisation
            if slot is None and p.money >= cost:
                out.append("room")
        return out

    def _build_actions(self, s: State, p: PlayerState) -> list:
        acts = []
        free_worker = p.available > 0 and not s.turn_hired
        if free_worker:
            for tid in s.market:
                cost = buy_cost(TILES[tid].price, p.tile)
                if p.money < cost:
                    continue
                for w in self._places(s, p, tid, cost):
                    acts.append(buy_(tid, w))
                acts.append(buy_(tid, "aside"))
        for tid in p.stored:
            for w in self._places(s, p, tid, 0):
                acts.append(install_(tid, w))
        if free_worker:
            for tid in installed(p):
                acts.append(demolish_(tid))
        if not s.turn_hired:
            c = temp_cost(p.tile)
            for k in range(1, D.MAX_TEMPS + 1):
                if p.money >= k * c:
                    acts.append(hire_(k))
        acts.append(DONE)
        return acts

    # ------------------------------------------------------------------ apply
    def seats(self, state: State) -> list[str]:
        return [p.seat for p in state.players]

    def check(self, state: State, player: str, action):
        """The action if the rules allow it; else :class:`IllegalAction` with the specific
        reason (checked directly, without listing every legal action)."""

        self._check(state, R.seat_index(state, player), action)
        return action

    def copy_state(self, state: State) -> State:
        return _clone(state)

    def _apply(self, s: State, player: str, action, events: list[Event]) -> None:
        self._do(s, R.seat_index(s, player), action, events)

    # -- validation with specific reasons ------------------------------------------
    def _check(self, s: State, i: int, a) -> None:
        p = s.players[i]
        ph = s.phase
        t = a.type
        if ph == "auction":
            top = p.available - 1
            if s.auction_tile:
                if t == "bid":
                    if a.amount <= s.high_bid:
                        raise IllegalAction(T("A bid must be higher than the current {bid}.", bid=s.high_bid))
                    if a.amount > top:
                        raise IllegalAction(
                            Tn(
                                "You have only {n} available workers; a bidder keeps at least 1, so you can bid at "
                                "most {top}.",
                                "You have only {n} available workers; a bidder keeps at least 1, so you can bid at "
                                "most {top}.",
                                p.available,
                                top=top,
                            )
                        )
                    return
                if t == "pass":
                    return
                raise IllegalAction(
                    T(
                        "Turn-order tile {tile} is being auctioned: `bid` more than {bid} or `pass`.",
                        tile=s.auction_tile,
                        bid=s.high_bid,
                    )
                )
            last = len(R.waiting_for_tile(s)) == 1
            if t in ("open", "take"):
                if last and t == "open":
                    raise IllegalAction(
                        T("You are last: `take {tile} bid 0` (or more workers).", tile=s.order_offer[0])
                    )
                if not last and t == "take":
                    raise IllegalAction(T("Only the last player takes the last tile; choose a tile with `open`."))
                if a.tile not in s.order_offer:
                    raise IllegalAction(
                        T("Tile {tile} is not on offer; the offer is {offer}.", tile=a.tile, offer=list(s.order_offer))
                    )
                if a.bid < 0:
                    raise IllegalAction(T("A bid cannot be negative."))
                if a.bid > top:
                    raise IllegalAction(
                        Tn(
                            "You have only {n} available workers; a bidder keeps at least 1, so you can put at most "
                            "{top} on the tile.",
                            "You have only {n} available workers; a bidder keeps at least 1, so you can put at most "
                            "{top} on the tile.",
                            p.available,
                            top=top,
                        )
                    )
                return
            raise IllegalAction(
                T("You choose the next turn-order tile: `open <tile> bid <workers>`.")
                if not last
                else T("You are last: `take {tile} bid 0` (or more workers).", tile=s.order_offer[0])
            )
        if ph == "market":
            if t == "place":
                if not s.columns[a.kind]:
                    raise IllegalAction(T("The {kind} column is empty.", kind=KIND[a.kind]))
                return
            if t == "done":
                if not s.in_extras:
                    raise IllegalAction(
                        Tn(
                            "You must still place {n} tile on the market, one per available worker.",
                            "You must still place {n} tiles on the market, one per available worker.",
                            s.market_left,
                        )
                    )
                return
            raise IllegalAction(T("In the market phase you `place <kind>` (the cheapest tile of a column)."))
        if ph == "build":
            self._check_build(s, p, a)
            return
        # bureaucracy
        if t in ("switch_off", "switch_on"):
            if a.tile not in installed(p):
                raise IllegalAction(T("You have no installed tile {tile}.", tile=Code(a.tile)))
            if TILES[a.tile].kind not in D.SWITCHABLE_KINDS:
                raise IllegalAction(T("Only machines and robots can be switched off."))
            if t == "switch_off" and a.tile in p.off:
                raise IllegalAction(T("Tile {tile} is already switched off.", tile=Code(a.tile)))
            if t == "switch_on" and a.tile not in p.off:
                raise IllegalAction(T("Tile {tile} is already switched on.", tile=Code(a.tile)))
            return
        if t == "done":
            problem = R.bureaucracy_problem(p)
            if problem:
                raise IllegalAction(problem)
            return
        raise IllegalAction(
            T("In the bureaucracy phase you `switch off`/`switch on` machines and robots, then `done`.")
        )

    def _check_build(self, s: State, p: PlayerState, a) -> None:
        t = a.type
        if t in ("buy", "demolish"):
            if s.turn_hired:
                raise IllegalAction(T("You have hired temporary workers, which ends your workers' actions this turn."))
            if p.available <= 0:
                raise IllegalAction(T("You have no available worker left this turn."))
        if t == "buy":
            if a.tile not in s.market:
                raise IllegalAction(T("Tile {tile} is not on the market.", tile=Code(a.tile)))
            cost = buy_cost(TILES[a.tile].price, p.tile)
            if p.money < cost:
                raise IllegalAction(
                    T(
                        "Tile {tile} costs you {cost} Elektro and you have {money}.",
                        tile=Code(a.tile),
                        cost=cost,
                        money=p.money,
                    )
                )
            if a.where != "aside":
                self._check_place(p, a.tile, a.where, cost)
            return
        if t == "install":
            if a.tile not in p.stored:
                raise IllegalAction(T("You keep no tile {tile} beside your factory.", tile=Code(a.tile)))
            self._check_place(p, a.tile, a.where, 0, kept=True)
            return
        if t == "demolish":
            if a.tile not in installed(p):
                raise IllegalAction(T("You have no installed tile {tile}.", tile=Code(a.tile)))
            return
        if t == "hire":
            if s.turn_hired:
                raise IllegalAction(T("You have already hired temporary workers this turn."))
            if not 1 <= a.count <= D.MAX_TEMPS:
                raise IllegalAction(T("You may hire 1 or {most} temporary workers.", most=D.MAX_TEMPS))
            c = temp_cost(p.tile)
            if p.money < a.count * c:
                raise IllegalAction(
                    Tn(
                        "{n} temporary worker costs {cost} Elektro and you have {money}.",
                        "{n} temporary workers cost {cost} Elektro and you have {money}.",
                        a.count,
                        cost=a.count * c,
                        money=p.money,
                    )
                )
            return
        if t == "done":
            return
        raise IllegalAction(T("In this phase you `buy`, `install`, `demolish`, `hire` or say `done`."))

    def _check_place(self, p: PlayerState, tid: str, where: str, cost: int, kept: bool = False) -> None:
        kind = TILES[tid].kind
        name = KIND[kind]
        if kind in D.ROOM_KINDS:
            if where != "room":
                raise IllegalAction(T("A {kind} goes into its control-room space (`room`).", kind=name))
            slot = p.control if kind == "control-unit" else p.optimisation
            if slot is not None:
                raise IllegalAction(
                    T("You already have a {kind} installed ({tile}); demolish it first.", kind=name, tile=Code(slot))
                    if kept
                    else T(
                        "You already have a {kind} installed ({tile}); demolish it first or keep this one `aside`.",
                        kind=name,
                        tile=Code(slot),
                    )
                )
            return
        if where == "room":
            raise IllegalAction(
                T("Only control and optimisation units go into the control room, not a {kind}.", kind=name)
            )
        if where == "hall1":
            if len(p.hall) >= D.HALL1_SPACES:
                raise IllegalAction(T("Production hall I is full; demolish a tile first or use hall II."))
            return
        if len(p.hall2) >= D.HALL2_SPACES:
            raise IllegalAction(T("Production hall II is full; demolish a tile first."))
        fee = D.HALL2_FEE if len(p.hall2) >= p.hall2_paid else 0
        if p.money < cost + fee:
            raise IllegalAction(
                T(
                    "That costs you {cost} Elektro (hall II space {fee}) and you have {money}.",
                    cost=cost + fee,
                    fee=fee,
                    money=p.money,
                )
            )

    # -- effects -----------------------------------------------------------------
    def _do(self, s: State, i: int, a, events: list[Event]) -> None:
        p = s.players[i]
        t = a.type
        seat = p.seat
        if t == "open":
            events.append(
                Event(
                    type="open",
                    text=T(
                        "{seat} opens the auction for turn-order tile {tile} with {workers}.",
                        seat=seat,
                        tile=a.tile,
                        workers=_workers(a.bid),
                    ),
                )
            )
            s.auction_tile = a.tile
            s.high_bid = a.bid
            s.high_bidder = i
            s.bidders = R.waiting_for_tile(s)
            s.bid_turn = i
            R.next_bidder(s, events)
        elif t == "bid":
            events.append(Event(type="bid", text=T("{seat} bids {amount}.", seat=seat, amount=a.amount)))
            s.high_bid = a.amount
            s.high_bidder = i
            R.next_bidder(s, events)
        elif t == "pass":
            events.append(Event(type="pass", text=T("{seat} passes.", seat=seat)))
            s.bidders.remove(i)
            R.next_bidder(s, events)
        elif t == "take":
            s.auction_tile = a.tile
            s.high_bid = a.bid
            s.high_bidder = i
            R.win_auction(s, events, taken=True)
        elif t == "place":
            tid = s.columns[a.kind].pop(0)
            s.market.append(tid)
            events.append(
                Event(
                    type="place",
                    text=T(
                        "{seat} puts {tile} ({kind}, price {price}) on the market.",
                        seat=seat,
                        tile=Code(tid),
                        kind=KIND[a.kind],
                        price=TILES[tid].price,
                    ),
                )
            )
            if s.in_extras:
                s.extra_left -= 1
            else:
                s.market_left -= 1
            R.settle_market(s, events)
        elif t == "done" and s.phase == "market":
            s.extra_left = 0
            R.settle_market(s, events)
        elif t == "buy":
            cost = buy_cost(TILES[a.tile].price, p.tile)
            s.market.remove(a.tile)
            p.money -= cost
            p.available -= 1
            p.used += 1
            if a.where == "aside":
                p.stored.append(a.tile)
                text = T(
                    "{seat} buys {tile} for {cost} and keeps it beside the factory.",
                    seat=seat,
                    tile=Code(a.tile),
                    cost=cost,
                )
            else:
                where, fee = self._install(p, a.tile, a.where)
                text = tx(_BOUGHT[where], seat=seat, tile=Code(a.tile), cost=cost, fee=fee)
            events.append(Event(type="buy", text=text))
        elif t == "install":
            p.stored.remove(a.tile)
            where, fee = self._install(p, a.tile, a.where)
            events.append(Event(type="install", text=tx(_INSTALLED[where], seat=seat, tile=Code(a.tile), fee=fee)))
        elif t == "demolish":
            tid = a.tile
            if tid in p.hall:
                p.hall.remove(tid)
            elif tid in p.hall2:
                p.hall2.remove(tid)
            elif p.control == tid:
                p.control = None
            else:
                p.optimisation = None
            if tid in p.off:
                p.off.remove(tid)
            p.available -= 1
            p.demolishing += 1
            s.demolished.append(tid)
            events.append(Event(type="demolish", text=T("{seat} demolishes {tile}.", seat=seat, tile=Code(tid))))
        elif t == "hire":
            c = temp_cost(p.tile)
            p.money -= a.count * c
            _settle_temps(p, a.count)
            s.turn_hired = True
            events.append(
                Event(
                    type="hire",
                    text=Tn(
                        "{seat} hires {n} temporary worker for {cost}.",
                        "{seat} hires {n} temporary workers for {cost}.",
                        a.count,
                        seat=seat,
                        cost=a.count * c,
                    ),
                )
            )
        elif t == "done" and s.phase == "build":
            events.append(Event(type="done", text=T("{seat} is done.", seat=seat)))
            R.end_build_turn(s, events)
        elif t == "switch_off":
            p.off.append(a.tile)
            R.retrack(p)
            events.append(Event(type="switch", text=T("{seat} switches {tile} off.", seat=seat, tile=Code(a.tile))))
        elif t == "switch_on":
            p.off.remove(a.tile)
            R.retrack(p)
            events.append(Event(type="switch", text=T("{seat} switches {tile} on.", seat=seat, tile=Code(a.tile))))
        elif t == "done":  # bureaucracy
            prod, stor, en, need, _, _ = R.retrack(p)
            p.canteen = need
            p.available = total_workers(p) - need
            events.append(
                Event(
                    type="bureaucracy",
                    text=T(
                        "{seat}: production {production}, storage {storage}, energy {energy}, {canteen} in the canteen, "
                        "{available} available.",
                        seat=seat,
                        production=prod,
                        storage=stor,
                        energy=en,
                        canteen=need,
                        available=p.available,
                    ),
                )
            )
            if s.turn + 1 < len(s.players):
                s.turn += 1
            else:
                R.end_round(s, events)

    def _install(self, p: PlayerState, tid: str, where: str) -> tuple[str, int]:
        """Factory Manager §3: hall I free, hall II 10 Elektro on a space's first use, control
        room one unit of each kind. Returns where it went for the event (``"hall2 fee"`` when
        the fee was paid) and the fee."""

        if where == "hall1":
            p.hall.append(tid)
            return "hall1", 0
        if where == "hall2":
            fee = 0
            if len(p.hall2) >= p.hall2_paid:
                fee = D.HALL2_FEE
                p.money -= fee
                p.hall2_paid += 1
            p.hall2.append(tid)
            return ("hall2 fee" if fee else "hall2"), fee
        if TILES[tid].kind == "control-unit":
            p.control = tid
        else:
            p.optimisation = tid
        return "room", 0

    # ------------------------------------------------------------------ the move builder
    choice_kinds = {
        "open": N_("Open an auction"),
        "bid": N_("Raise the bid"),
        "pass": N_("Pass"),
        "take": N_("Take the last tile"),
        "place": N_("Put a tile on the market"),
        "buy": N_("Buy a tile"),
        "install": N_("Install a kept tile"),
        "demolish": N_("Demolish a tile"),
        "hire": N_("Hire temporary workers"),
        "switch_off": N_("Switch a machine off"),
        "switch_on": N_("Switch a machine on"),
        "done": N_("Done"),
    }
    choice_questions = {
        "open.tile": N_("Which turn-order tile do you auction?"),
        "open.bid": N_("How many workers do you open with?"),
        "take.tile": N_("Which turn-order tile do you take?"),
        "take.bid": N_("How many workers do you put on it?"),
        "bid.amount": N_("How many workers do you bid?"),
        "place.kind": N_("Which column's cheapest tile goes to the market?"),
        "buy.tile": N_("Which market tile do you buy?"),
        "buy.where": N_("Where does it go?"),
        "install.tile": N_("Which tile kept beside your factory do you install?"),
        "install.where": N_("Where does it go?"),
        "demolish.tile": N_("Which tile do you demolish?"),
        "hire.count": N_("How many temporary workers do you hire?"),
        "switch_off.tile": N_("Which machine or robot do you switch off?"),
        "switch_on.tile": N_("Which machine or robot do you switch on?"),
    }
    _WHERE = {
        "hall1": T("Hall I"),
        "hall2": T("Hall II"),
        "room": T("Control room"),
        "aside": T("Keep it beside the factory"),
    }

    def choice_label(self, state, action, name: str, value) -> tuple[str, str]:
        """Tiles by id, kind and (for a purchase) price after discount; places by name;
        worker counts with their noun."""

        if name == "tile" and isinstance(value, str) and value in TILES:
            tl = TILES[value]
            if action.type == "buy":
                i = R.actor(state)
                cost = buy_cost(tl.price, state.players[i].tile) if i >= 0 else tl.price
                return T("{tile} ({kind}, {cost} Elektro)", tile=Code(value), kind=KIND[tl.kind], cost=cost), ""
            return T("{tile} ({kind})", tile=Code(value), kind=KIND[tl.kind]), ""
        if name == "where":
            return self._WHERE[value], ""
        if name in ("bid", "amount"):
            return _workers(value), ""
        if name == "count":
            return Tn("{n} temporary worker", "{n} temporary workers", value), ""
        if name == "kind":
            return _KIND_LABEL[value], ""
        if name == "tile":
            return T("Turn-order tile {tile}", tile=value), ""
        return super().choice_label(state, action, name, value)

    # ------------------------------------------------------------------ text
    def notation(self, state, action) -> str:
        """Default notation, with ``bid`` spelled out in ``open 7 bid 2`` / ``take 6 bid 0``."""

        t = action.type
        if t == "open" or t == "take":
            return f"{t} {action.tile} bid {action.bid}"
        return super().notation(state, action)

    def parse(self, state, text: str):
        """Inverse of :meth:`notation`, plus the short forms a player guesses:

        ``open 7 2`` and ``open 7`` (bid 0); ``take``, ``take 6``, ``take bid 1`` (the last
        tile, bid 0 unless given); ``raise 2`` = ``bid 2``; ``place`` with a kind's name
        (``place pallet storage``, ``place machines``, ``place pr``); ``buy st01`` and
        ``install st01`` (hall I, or the control room for control/optimisation units) and
        places spelled ``hall 2``/``hall ii``/``control room``/``keep``; ``off ma04``,
        ``turn off ma04``, ``switch ma04 off`` (and ``on``); ``end``/``end turn`` = ``done``;
        tile ids without the leading zero (``st1`` = ``st01``).
        ``IllegalAction`` for text that names no move.
        """

        words = normalize(text).split(" ")
        words = _rewrite(state, words)
        return default_parse(self.action_models, " ".join(words))

    def describe(self, state, action) -> str:
        """One sentence a player reads for ``action`` in ``state`` (prices after discount)."""

        if type(action).sentence is not None:
            return super().describe(state, action)
        t = action.type
        if t == "open":
            return T(
                "Open the auction for turn-order tile {tile} with {workers}.",
                tile=action.tile,
                workers=_workers(action.bid),
            )
        if t == "take":
            return T(
                "Take the last turn-order tile {tile}, putting {workers} on it.",
                tile=action.tile,
                workers=_workers(action.bid),
            )
        if t == "bid":
            return T("Raise the bid to {workers}.", workers=_workers(action.amount))
        if t == "place":
            col = state.columns.get(action.kind) or []
            tid = col[0] if col else "?"
            return T("Put the cheapest {kind} ({tile}) on the market.", kind=KIND[action.kind], tile=Code(tid))
        if t == "demolish":
            return T("Demolish {tile} (uses a worker).", tile=Code(action.tile))
        if t == "switch_off":
            return T("Switch {tile} off this round.", tile=Code(action.tile))
        if t == "switch_on":
            return T("Switch {tile} on again.", tile=Code(action.tile))
        if t == "buy":
            tl = TILES[action.tile]
            i = R.actor(state)
            cost = buy_cost(tl.price, state.players[i].tile) if i >= 0 else tl.price
            where = action.where
            if where == "hall2" and self._fee_note(state, i, where):
                where = "hall2 fee"
            return tx(_BUY[where], tile=Code(action.tile), kind=KIND[tl.kind], cost=cost, fee=D.HALL2_FEE)
        if t == "install":
            where = action.where
            if where == "hall2" and self._fee_note(state, R.actor(state), where):
                where = "hall2 fee"
            return tx(_INSTALL[where], tile=Code(action.tile), fee=D.HALL2_FEE)
        if t == "hire":
            return Tn(
                "Hire {n} temporary worker until the next round's phase 3.",
                "Hire {n} temporary workers until the next round's phase 3.",
                action.count,
            )
        if state.phase == "market":
            return T("Stop adding extra tiles to the market.")
        if state.phase == "bureaucracy":
            return T("Confirm your factory's setting for this round.")
        i = R.actor(state)
        if state.phase == "build" and i >= 0 and state.players[i].temps and not state.turn_hired:
            return Tn(
                "End your turn; your {n} temporary worker goes back to the supply (not paid again).",
                "End your turn; your {n} temporary workers go back to the supply (not paid again).",
                state.players[i].temps,
            )
        return T("End your turn.")

    @staticmethod
    def _fee_note(state: State, i: int, where: str) -> bool:
        """Whether installing in ``where`` costs the hall II fee (a new hall II space)."""

        if where != "hall2" or i < 0:
            return False
        p = state.players[i]
        return len(p.hall2) >= p.hall2_paid

    def status(self, state: State) -> str:
        """One line: round, phase, whose step and what is expected."""

        s = state
        if s.phase == "over":
            return T("Game over after round {round}.", round=s.round)  # the host ranks (resigned players last)
        i = R.actor(s)
        who = s.players[i].seat
        head = {"round": s.round, "rounds": D.ROUNDS, "number": PHASE_NUMBER[s.phase], "phase": PHASE_TITLE[s.phase]}
        if s.phase == "auction":
            if s.auction_tile:
                return T(
                    "Round {round}/{rounds}, phase {number} ({phase}): tile {tile}, high bid {bid} by {bidder}; "
                    "{seat} to raise or pass.",
                    tile=s.auction_tile,
                    bid=s.high_bid,
                    bidder=s.players[s.high_bidder].seat,
                    seat=who,
                    **head,
                )
            if len(R.waiting_for_tile(s)) == 1:
                return T(
                    "Round {round}/{rounds}, phase {number} ({phase}): {seat} takes the last tile {tile} (adding "
                    "workers if wanted).",
                    seat=who,
                    tile=s.order_offer[0],
                    **head,
                )
            return T(
                "Round {round}/{rounds}, phase {number} ({phase}): {seat} chooses a tile from {tiles} and opens "
                "the bidding.",
                seat=who,
                tiles=list(s.order_offer),
                **head,
            )
        if s.phase == "market":
            if s.in_extras:
                return Tn(
                    "Round {round}/{rounds}, phase {number} ({phase}): {seat} may add up to {n} extra tile, or `done`.",
                    "Round {round}/{rounds}, phase {number} ({phase}): {seat} may add up to {n} extra tiles, or "
                    "`done`.",
                    s.extra_left,
                    seat=who,
                    **head,
                )
            return Tn(
                "Round {round}/{rounds}, phase {number} ({phase}): {seat} places {n} more tile on the market.",
                "Round {round}/{rounds}, phase {number} ({phase}): {seat} places {n} more tiles on the market.",
                s.market_left,
                seat=who,
                **head,
            )
        if s.phase == "build":
            p = s.players[i]
            if s.turn_hired:
                return T(
                    "Round {round}/{rounds}, phase {number} ({phase}): {seat} has hired temporary workers and may "
                    "still install kept tiles, then `done` ({money} Elektro).",
                    seat=who,
                    money=p.money,
                    **head,
                )
            if p.temps:
                return Tn(
                    "Round {round}/{rounds}, phase {number} ({phase}): {seat} buys, demolishes or hires ({workers}, "
                    "{money} Elektro; its {n} temporary worker leaves unless paid again with `hire {n}`), then "
                    "`done`.",
                    "Round {round}/{rounds}, phase {number} ({phase}): {seat} buys, demolishes or hires ({workers}, "
                    "{money} Elektro; its {n} temporary workers leave unless paid again with `hire {n}`), then "
                    "`done`.",
                    p.temps,
                    seat=who,
                    workers=_workers(p.available),
                    money=p.money,
                    **head,
                )
            return T(
                "Round {round}/{rounds}, phase {number} ({phase}): {seat} buys, demolishes or hires ({workers}, "
                "{money} Elektro), then `done`.",
                seat=who,
                workers=_workers(p.available),
                money=p.money,
                **head,
            )
        p = s.players[i]
        _, _, _, need, machines, robots = factory_values(p)
        return T(
            "Round {round}/{rounds}, phase {number} ({phase}): {seat} switches machines/robots off or on, then "
            "`done` (canteen needs {need} of {total} workers, one must stay free; {robots} for {machines}).",
            seat=who,
            need=need,
            total=total_workers(p),
            robots=Tn("{n} robot", "{n} robots", robots),
            machines=Tn("{n} machine", "{n} machines", machines),
            **head,
        )

    # ------------------------------------------------------------------ view
    def hidden(self, state: State) -> tuple:
        """Face-down parts (for ``reveals``): the energy deck, the energy tiles removed
        unseen, the turn-order draw pile and this round's unused turn-order tiles."""

        return (state.energy_deck, state.energy_removed, state.order_pile, state.order_unused)

    def view(self, state: State, player: str | None) -> dict:
        """What a spectator (``player`` None) or a seat may see: everything but the seed,
        the energy deck (order and content), the tiles removed unseen and the order of the
        turn-order draw pile. Factory Manager has no private hands, so a seat's view is the
        spectator's plus ``"you"``.

        Shape (stable; additions only)::

            {
              "game": "factory-manager", "round": 1-5, "rounds": 5,
              "phase": "auction"|"market"|"build"|"bureaucracy"|"over",
              "phase_number": 1-4 (6 when over), "status": str (one line), "to_act": [seat],
              "order": [seat, ...]            # current phase's order (auction: old tiles, high first)
              "players": [                    # seating order
                {"seat", "money", "start_set", "tile" (turn-order tile; old one during auction),
                 "new_tile" (0 = none yet), "discount",
                 "workers": {"available", "canteen", "bid", "used", "demolishing", "temps", "total"},
                 "hall": [id], "hall2": [id], "hall2_paid": 0-2, "control": id|None,
                 "optimisation": id|None, "stored": [id], "off": [id],
                 "production", "storage", "energy", "income" (10 × min(production, storage)),
                 "profits": [int per finished round], "active": bool (their step now)}
              ],
              "auction": None | {"offer": [int], "chooser": seat|None, "tile": int (0 = not chosen),
                                 "high_bid": int, "high_bidder": seat|None, "bidders": [seat],
                                 "bid_turn": seat|None, "unused_count": 2},
              "market": [id], "market_left": int, "extra_left": int, "in_extras": bool,
              "columns": {kind: [id cheapest first]},   # the storage board, 6 kinds
              "tiles": {id: {"id","kind","price","production","storage","workers",
                             "workers_saved","energy","energy_saved","mark","start_set"}}
                       # every tile id appearing anywhere in this view
              "energy": {"step", "price", "revealed": [int], "deck_count": int, "removed_count": 3},
              "order_pile_count": int, "demolished": [id], "out_of_game_count": int,
              "ranking": [[seat]] | None (when over), "you": seat (only in a seat's view)
            }
        """

        s = state
        seats = [p.seat for p in s.players]
        actor = R.actor(s)
        tiles: dict[str, dict] = {}
        info = D.TILE_INFO

        def note(ids):
            for tid in ids:
                if tid not in tiles:
                    tiles[tid] = dict(info[tid])
            return list(ids)

        players = []
        for i, p in enumerate(s.players):
            players.append(
                {
                    "seat": p.seat,
                    "money": p.money,
                    "start_set": p.start_set,
                    "tile": p.tile,
                    "new_tile": p.new_tile,
                    "discount": D.DISCOUNT[p.tile],
                    "workers": {
                        "available": p.available,
                        "canteen": p.canteen,
                        "bid": p.bid,
                        "used": p.used,
                        "demolishing": p.demolishing,
                        "temps": p.temps,
                        "total": total_workers(p),
                    },
                    "hall": note(p.hall),
                    "hall2": note(p.hall2),
                    "hall2_paid": p.hall2_paid,
                    "control": note([p.control])[0] if p.control else None,
                    "optimisation": note([p.optimisation])[0] if p.optimisation else None,
                    "stored": note(p.stored),
                    "off": list(p.off),
                    "production": p.production,
                    "storage": p.storage,
                    "energy": p.energy,
                    "income": D.INCOME_PER_UNIT * min(p.production, p.storage),
                    "profits": list(p.profits),
                    "active": i == actor,
                }
            )
        auction = None
        if s.phase == "auction":
            auction = {
                "offer": list(s.order_offer),
                "chooser": seats[s.chooser] if s.chooser >= 0 else None,
                "tile": s.auction_tile,
                "high_bid": s.high_bid,
                "high_bidder": seats[s.high_bidder] if s.high_bidder >= 0 else None,
                "bidders": [seats[j] for j in s.bidders],
                "bid_turn": seats[s.bid_turn] if s.bid_turn >= 0 else None,
                "unused_count": len(s.order_unused),
            }
        out = {
            "game": self.id,
            "round": s.round,
            "rounds": D.ROUNDS,
            "phase": s.phase,
            "phase_number": PHASE_NUMBER[s.phase],
            "status": self.status(s),
            "to_act": self.to_act(s),
            "order": [seats[j] for j in s.order],
            "players": players,
            "auction": auction,
            "market": note(s.market),
            "market_left": s.market_left,
            "extra_left": s.extra_left,
            "in_extras": s.in_extras,
            "columns": {k: note(v) for k, v in s.columns.items()},
            "tiles": tiles,
            "energy": {
                "step": s.energy_step,
                "price": D.energy_price(s.energy_step),
                "revealed": list(s.energy_revealed),
                "deck_count": len(s.energy_deck),
                "removed_count": len(s.energy_removed),
            },
            "order_pile_count": len(s.order_pile),
            "demolished": note(s.demolished),
            "out_of_game_count": len(s.out_of_game),
            "ranking": self.ranking(s) if s.phase == "over" else None,
        }
        if player is not None and player in seats:
            out["you"] = player
        return out

    # ------------------------------------------------------------------ end
    def is_over(self, state: State) -> bool:
        """True after round 5's income (Factory Manager, end)."""

        return state.phase == "over"

    def scores(self, state: State) -> dict[str, int]:
        """Each seat's Elektro, at every moment of the game (Factory Manager, end)."""

        return {p.seat: p.money for p in state.players}

    def ranking(self, state: State) -> list[list[str]]:
        return R.ranking(state)


#: a tile kind as the move builder's answer ("Pallet storage")
_KIND_LABEL = {
    "storage": Tp("tile kind label", "Pallet storage"),
    "machine": Tp("tile kind label", "Machine"),
    "production-robot": Tp("tile kind label", "Production robot"),
    "saving-robot": Tp("tile kind label", "Saving robot"),
    "control-unit": Tp("tile kind label", "Control unit"),
    "optimisation-unit": Tp("tile kind label", "Optimisation unit"),
}
#: describe(): a purchase by where the tile goes ("hall2 fee": a new hall II space, its fee)
_BUY = {
    "aside": N_("Buy {tile} ({kind}) for {cost} and keep it beside the factory."),
    "hall1": N_("Buy {tile} ({kind}) for {cost} and put it in hall I."),
    "hall2": N_("Buy {tile} ({kind}) for {cost} and put it in hall II."),
    "hall2 fee": N_("Buy {tile} ({kind}) for {cost} and put it in hall II (+{fee} Elektro for a new hall II space)."),
    "room": N_("Buy {tile} ({kind}) for {cost} and put it in the control room."),
}
#: describe(): installing a kept tile
_INSTALL = {
    "hall1": N_("Install {tile} in hall I."),
    "hall2": N_("Install {tile} in hall II."),
    "hall2 fee": N_("Install {tile} in hall II (+{fee} Elektro for a new hall II space)."),
    "room": N_("Install {tile} in the control room."),
}
#: the events of a purchase and of installing a kept tile, by where it went (see ``_install``)
_BOUGHT = {
    "hall1": N_("{seat} buys {tile} for {cost} and installs it in hall I."),
    "hall2": N_("{seat} buys {tile} for {cost} and installs it in hall II."),
    "hall2 fee": N_("{seat} buys {tile} for {cost} and installs it in hall II (plus {fee} for the new hall II space)."),
    "room": N_("{seat} buys {tile} for {cost} and installs it in the control room."),
}
_INSTALLED = {
    "hall1": N_("{seat} installs {tile} in hall I."),
    "hall2": N_("{seat} installs {tile} in hall II."),
    "hall2 fee": N_("{seat} installs {tile} in hall II (plus {fee} for the new hall II space)."),
    "room": N_("{seat} installs {tile} in the control room."),
}


#: the registered engine
ENGINE = FactoryManager()
