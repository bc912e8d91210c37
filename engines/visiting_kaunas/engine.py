"""Visiting Kaunas engine (id ``visiting-kaunas``, 2-4 players): the contract over :mod:`.rules`."""

from __future__ import annotations

from itertools import repeat
from operator import is_
from typing import Any

from engines.base import Engine, IllegalAction, rng
from engines.base import Event as GameEvent
from engines.copying import deep_copier
from engines.i18n import N_, Code, texts
from engines.i18n import T as host_text

from . import data as D
from . import rules as R
from . import text as words
from .actions import (
    ACTION_MODELS,
    Build,
    Choose,
    Column,
    Draw,
    Event,
    Grande,
    Penalty,
    Recall,
    Reveal,
    Row,
    Ship,
    Skip,
    Take,
    Tourist,
    UpgradeTake,
    Use,
)
from .ai import KaunasAI
from .rules import building_count, building_type, capacity, label, level, longest_row, parse_label, price
from .search import HOOKS as SEARCH_HOOKS
from .state import DOWN, UP, Options, PlayerState, State

T, Tn, Tp = texts("visiting-kaunas")

#: a copy of a state, by code generated from the models' field types: deep, but for the
#: players' states and the dice, which it shares (the rules copy one before they change it:
#: ``rules.own``, ``rules.own_die``), and the fields the rules only ever replace, never
#: change in place, which it keeps (the seats, the first player's rolls, the upgrade deck
#: and the upgrades drawn)
_copy_state = deep_copier(State, shallow={"pl", "dice"}, shared={State: {"players", "first_rolls", "udeck", "drawn"}})


class VisitingKaunas(Engine):
    """Visiting Kaunas, 2-4 players (rules 003)."""

    id = "visiting-kaunas"
    title = "Visiting Kaunas"
    min_players = 2
    max_players = 4
    Options = Options
    State = State
    action_models = ACTION_MODELS
    AI = KaunasAI
    search = SEARCH_HOOKS
    has_hands = True
    score_unit = ("coin", "coins")
    rules_summary = words.RULES_SUMMARY

    # ----- the move builder ------------------------------------------------------------
    choice_kinds = {
        "ship": N_("Move a ship"),
        "build": N_("Build"),
        "event": N_("Put a die on an event card"),
        "use": N_("Keep a die for its action"),
        "penalty": N_("Pay the penalty"),
        "fire": N_("Resolve an event die now"),
        "skip": N_("Do not use a die"),
        "grande": N_("Move your Grande"),
        "row": N_("Place the 5 beside a row"),
        "column": N_("Place the 4 below a column"),
        "upgrade": N_("Take a face-up upgrade"),
        "draw": N_("Draw upgrade cards"),
        "choose": N_("Keep a drawn upgrade"),
        "reveal": N_("Reveal an event card"),
        "recall": N_("Take back a discarded event"),
        "cover": N_("Put the card face up"),
        "tourist": N_("Move a tourist"),
        "take": N_("Buy the building"),
        "decline": N_("Do not buy"),
    }
    choice_questions = {
        "ship.edge": N_("Which ship do you move?"),
        "ship.to": N_("To which column or row?"),
        "build.row": N_("Which street row does the building go at the end of?"),
        "event.die": N_("Which die do you put on an event card?"),
        "event.card": N_("On which event card?"),
        "event.zone": N_("In which time zone?"),
        "use.die": N_("Which die do you keep for its action?"),
        "penalty.card": N_("On which face-down card do your coins go?"),
        "fire.card": N_("Which event die is resolved now?"),
        "skip.die": N_("Which die do you not use?"),
        "grande.to": N_("To which building does your Grande go?"),
        "grande.zone": N_("In which time zone?"),
        "row.row": N_("Beside which row?"),
        "column.column": N_("Below which column?"),
        "upgrade.card": N_("Which face-up upgrade do you take?"),
        "upgrade.building": N_("Which of your buildings gets it?"),
        "draw.count": N_("How many upgrade cards do you draw?"),
        "choose.card": N_("Which drawn upgrade do you keep?"),
        "choose.building": N_("Which of your buildings gets it?"),
        "reveal.card": N_("Which face-down card do you turn face up?"),
        "reveal.stack": N_("Onto which face-up stack?"),
        "recall.card": N_("Which discarded event card do you take back?"),
        "recall.stack": N_("Onto which face-up stack?"),
        "cover.stack": N_("Which face-up stack does it cover?"),
        "tourist.source": N_("Where does the tourist come from?"),
        "tourist.to": N_("Where does it go?"),
        "take.row": N_("Which street row does the building go at the end of?"),
    }

    def choice_label(self, state, action, name: str, value) -> tuple[str, str]:
        """Dice as "The 6", zones, rows and stacks in words, event cards and upgrades with
        what they show."""

        if name == "die":
            return T("The {die}", die=value), ""
        if name == "zone" and value in words.ZONE_LABELS:
            return words.ZONE_LABELS[value], ""
        if name == "edge":
            return (T("Your top ship") if value == "top" else T("Your right ship")), ""
        if name in ("row",) and value in ("a", "b"):
            return Tp("street row", "Row {row}", row=Code(value.upper())), ""
        if name == "to" and action.type == "ship":
            return (Tp("grid", "Column {n}", n=value) if action.edge == "top" else Tp("grid", "Row {n}", n=value)), ""
        if name == "row":
            return Tp("grid", "Row {n}", n=value), ""
        if name == "column":
            return Tp("grid", "Column {n}", n=value), ""
        if name == "count":
            return T("Count {n}", n=value), ""
        if name in ("card", "stack") and isinstance(value, str) and value[:2] in ("up", "do"):
            if value.startswith("up"):
                return T("{position} (face-up stack {n})", position=Code(value), n=value[-1]), ""
            return T("{position} (face-down card {n})", position=Code(value), n=value[-1]), ""
        if name == "card" and value in D.EVENTS:
            return words.card_words(value), ""
        if name == "card" and value in D.UPGRADES:
            return words.upgrade_words(value), ""
        if name in ("building", "to", "source") and isinstance(value, str):
            if value == "supply":
                return T("Your supply"), ""
            if value == "grande":
                return T("Your Grande"), ""
            if value == "out":
                return T("Out of the city"), ""
            return Code(value.upper()), ""
        return super().choice_label(state, action, name, value)

    # ------------------------------------------------------------------ setup
    def setup(self, players: list[str], options: Any = None, seed: int = 0) -> State:
        """Visiting Kaunas, "Determining first player" and "Preparation".

        First player: everyone rolls a die, lowest starts; tied lowest players reroll
        (ASSUMED, ref ambiguity 10). Grid 5×3 / 6×4 / 7×5 (columns × rows) from the shuffled
        building deck. Ships: top edge right to left for players 1, 2, 3, 4; right edge top to
        bottom n … 1 (for n players). Event deck: 9 L3 at the bottom, 12 L2, 6 L1 on top; 3
        from the top go face down on the board. Each player: Modern Art Museum, 8 coins.
        """

        self.check_players(players)
        self.options(options)
        n = len(players)
        cols, rows = D.GRID_SIZE[n]
        bdeck = [b for b in D.BUILDING_DECK]
        rng(seed, "buildings").shuffle(bdeck)
        grid = [[bdeck.pop(0) for _c in range(cols)] for _r in range(rows)]
        edeck: list[str] = []
        for lvl in (1, 2, 3):  # top first
            cards = [e.id for e in D.EVENTS.values() if e.level == lvl]
            rng(seed, "events", lvl).shuffle(cards)
            edeck.extend(cards[: D.DECK_PER_LEVEL[lvl]])
        down = [edeck.pop(0) for _ in range(D.FACE_DOWN_START)]
        udeck = list(D.UPGRADES)
        rng(seed, "upgrades").shuffle(udeck)
        r = rng(seed, "first")
        contenders = list(range(n))
        rolls: list[list[int]] = []
        while True:
            roll = [0] * n
            for i in contenders:
                roll[i] = r.randint(1, 6)
            rolls.append(roll)
            low = min(roll[i] for i in contenders)
            contenders = [i for i in contenders if roll[i] == low]
            if len(contenders) == 1:
                break
        first = contenders[0]
        pl = {}
        for i, p in enumerate(players):
            # player k (1-based, from the first player): column cols-k, row n-k
            k = (i - first) % n + 1
            pl[p] = PlayerState(column=cols - k, row=n - k)
        s = State(
            seed=seed,
            players=list(players),
            first=first,
            first_rolls=rolls,
            active=first,
            grid=grid,
            bdeck=bdeck,
            edeck=edeck,
            down=down,
            up=[[], [], []],
            udeck=udeck,
            pl=pl,
        )
        R.advance(s, [])
        return s

    # ------------------------------------------------------------------ queries
    def is_over(self, state: State) -> bool:
        return state.phase == "over"

    def scores(self, state: State) -> dict[str, int]:
        """Money (rules "The goal of the game")."""

        return {p: state.pl[p].coins for p in state.players}

    def ranking(self, state: State) -> list[list[str]]:
        """Most money; tie: more buildings (rules "Game end and final score"); still tied: shared."""

        key = {p: (state.pl[p].coins, building_count(state.pl[p])) for p in state.players}
        tiers: list[list[str]] = []
        for p in sorted(state.players, key=lambda q: key[q], reverse=True):
            if tiers and key[tiers[-1][0]] == key[p]:
                tiers[-1].append(p)
            else:
                tiers.append([p])
        return tiers

    # ------------------------------------------------------------------ the contract over rules.py
    def to_act(self, state: State) -> list[str]:
        return R.to_act(state)

    def legal_actions(self, state: State, player: str) -> list[Any]:
        return R.legal(state, player)

    def check(self, state: State, player: str, action: Any) -> Any:
        """As the default (the action must be one of :meth:`legal_actions`), answered by
        ``rules.is_legal`` where a step makes that cheap, else looking for the very object in
        the list first: a host applies one of the listed actions."""

        fast = R.is_legal(state, player, action)
        if fast:
            return action
        if fast is None:
            legal = R.legal(state, player)
            if any(map(is_, legal, repeat(action))) or action in legal:
                return action
        why = self.why_illegal(state, player, action)
        raise IllegalAction(why or host_text("That move is not allowed now."), show_moves=why is None)

    def copy_state(self, state: State) -> State:
        """A copy that :meth:`_apply` may change freely (as a deep copy, field for field, the
        set fields included), built without ``copy.deepcopy`` (:mod:`engines.copying`): every
        list and dict of the state is copied, but the players' states and the dice are shared
        (``state.pl`` and ``state.dice`` are a new dict and list of the same ones), and the
        rules replace one by a copy before they change it (``rules.own``, ``rules.own_die``):
        a move changes one or two of them. The seats, the first player's rolls, the upgrade
        deck and the upgrades drawn are the very lists of ``state``: the rules only ever
        replace them."""

        return _copy_state(state)

    def why_illegal(self, state: State, player: str, action: Any) -> str:
        return R.why(state, player, action)

    def _apply(self, s: State, player: str, action: Any, ev: list[GameEvent]) -> None:
        R.do(s, player, action, ev)
        R.advance(s, ev)

    def describe(self, state: State, action: Any) -> str:
        """A sentence for the move, naming the building, card or upgrade it concerns
        (at most about 100 characters, so a host can offer it as a choice)."""

        s, a = state, action
        me = s.pl[s.players[s.active]]
        bname = words.building_name
        if isinstance(a, Ship):
            r, c = (me.row, a.to - 1) if a.edge == "top" else (a.to - 1, me.column)
            dist = abs((a.to - 1) - (me.column if a.edge == "top" else me.row))
            b = bname(s.grid[r][c]) if s.grid[r][c] else Tp("building", "nothing")
            if a.edge == "top":
                return T(
                    "Move your top ship to column {to}: buy the {building} for {cost}.",
                    to=a.to,
                    building=b,
                    cost=dist * level(s),
                )
            return T(
                "Move your right ship to row {to}: buy the {building} for {cost}.",
                to=a.to,
                building=b,
                cost=dist * level(s),
            )
        if isinstance(a, Build):
            if s.taking:
                return T(
                    "Build the {building} at the end of row {row}.", building=bname(s.taking), row=Code(a.row.upper())
                )
            return T("Build the building at the end of row {row}.", row=Code(a.row.upper()))
        if isinstance(a, Event):
            card, zone = Code(a.card), words.zone_word(a.zone)
            if a.card.startswith("up") and s.up[UP.index(a.card)]:
                what = words.card_words(s.up[UP.index(a.card)][-1])
                return T(
                    "Put the {die} on {position}, {card}, in the {zone}.",
                    die=a.die,
                    position=card,
                    card=what,
                    zone=zone,
                )
            j = DOWN.index(a.card) if a.card in DOWN else -1
            if j >= 0 and s.down[j]:
                return T(
                    "Put the {die} on {position}, face-down level {level}, in the {zone}.",
                    die=a.die,
                    position=card,
                    level=D.EVENTS[s.down[j]].level,
                    zone=zone,
                )
            return T("Put the {die} on {position}, a card, in the {zone}.", die=a.die, position=card, zone=zone)
        if isinstance(a, Use):
            what = {
                6: T("Keep the 6 for its action: move your Grande."),
                5: T("Keep the 5 for its action: a row building."),
                4: T("Keep the 4 for its action: a column building."),
                3: T("Keep the 3 for its action: an upgrade."),
                2: T("Keep the 2 for its action: reveal 2 events."),
                1: T("Keep the 1 for its action: an event from the discard."),
            }.get(a.die)
            return what or T("Keep the {die} for its action: its action.", die=a.die)
        if isinstance(a, Penalty):
            amount = min(me.coins, longest_row(me))
            return T(
                "Put your penalty of {amount} on face-down card {card}.", amount=words.coins(amount), card=Code(a.card)
            )
        if isinstance(a, Skip):
            return T("Do not use the {die}.", die=a.die) if s.phase != "reveal" else T("Stop revealing.")
        if isinstance(a, Grande):
            bid = building_type(me, a.to) if parse_label(me, a.to) else ""
            return T(
                "Move your Grande to {label} {building} ({zone}), paying {pay}.",
                label=Code(a.to.upper()),
                building=bname(bid) if bid else Code(a.to),
                zone=words.zone_word(a.zone),
                pay=2 * price(me, a.to, a.zone) if bid else 0,
            )
        if isinstance(a, Row):
            b = s.grid[a.row - 1][me.column] if 0 < a.row <= len(s.grid) else ""
            if b:
                return T("Place the 5 beside row {row}: take the {building} free.", row=a.row, building=bname(b))
            return T("Place the 5 beside row {row}: take the building free.", row=a.row)
        if isinstance(a, Column):
            b = s.grid[me.row][a.column - 1] if 0 < a.column <= len(s.grid[0]) else ""
            if b:
                return T(
                    "Place the 4 below column {column}: take the {building} free.", column=a.column, building=bname(b)
                )
            return T("Place the 4 below column {column}: take the building free.", column=a.column)
        if isinstance(a, UpgradeTake):
            return T(
                "Take upgrade {card} for your {label}.",
                card=words.upgrade_words(a.card),
                label=Code(a.building.upper()),
            )
        if isinstance(a, Draw):
            if a.count == 1:
                return T("Draw 1 upgrade card and keep it.")
            return T("Draw {count} upgrade cards and keep one.", count=a.count)
        if isinstance(a, Choose):
            return T(
                "Keep upgrade {card} for your {label}.",
                card=words.upgrade_words(a.card),
                label=Code(a.building.upper()),
            )
        if isinstance(a, Reveal):
            j = DOWN.index(a.card) if a.card in DOWN else -1
            lvl = D.EVENTS[s.down[j]].level if j >= 0 and s.down[j] else 0
            return T(
                "Turn {card} (level {level}) face up onto {stack}.", card=Code(a.card), level=lvl, stack=Code(a.stack)
            )
        if isinstance(a, Recall):
            return T("Put discarded {card} onto {stack}.", card=words.card_words(a.card), stack=Code(a.stack))
        if isinstance(a, Tourist):
            if a.source == "supply":
                if a.to == "out":
                    return T("Move a tourist from your supply out of the city.")
                return T("Move a tourist from your supply to {to}.", to=Code(a.to.upper()))
            if a.source == "grande":
                if a.to == "out":
                    return T("Move your Grande out of the city.")
                return T("Move your Grande to {to}.", to=Code(a.to.upper()))
            if a.to == "out":
                return T("Move a tourist from {source} out of the city.", source=Code(a.source.upper()))
            return T("Move a tourist from {source} to {to}.", source=Code(a.source.upper()), to=Code(a.to.upper()))
        if isinstance(a, Take):
            return T(
                "Buy the building at your ship for {cost} and build it in row {row}.",
                cost=D.OTHERS_FACTOR * level(s),
                row=Code(a.row.upper()),
            )
        return super().describe(state, action)

    def status(self, state: State) -> str:
        if self.is_over(state):
            return host_text("Game over.")
        turn, step, waiting = state.turn + 1, words.step_text(state), self.to_act(state)
        if state.turn == 0:  # say why this player starts (Visiting Kaunas, setup: lowest die)
            return T(
                "Turn {turn}, {step}: waiting for {players}. {first}",
                turn=turn,
                step=step,
                players=waiting,
                first=self.first_player_text(state),
            )
        return T("Turn {turn}, {step}: waiting for {players}.", turn=turn, step=step, players=waiting)

    def first_player_text(self, state: State) -> str:
        """Visiting Kaunas, setup: "p1 starts with the lowest die (p0 4, p1 2)." — every roll
        round, tied lowest players rerolling."""

        rolls: Any = None
        for roll in state.first_rolls:
            this = [f"{p} {v}" for p, v in zip(state.players, roll) if v]  # seat ids and pips
            rolls = this if rolls is None else T("{rolls}; reroll: {reroll}", rolls=rolls, reroll=this)
        return T("{seat} starts with the lowest die ({rolls}).", seat=state.players[state.first], rolls=rolls)

    # ------------------------------------------------------------------ views
    def _card(self, cid: str) -> dict:
        e = D.EVENTS[cid]
        return {"id": cid, "level": e.level, "zones": list(e.zones), "direction": e.direction, "target": e.target}

    def hidden(self, state: State) -> Any:
        """Face-down parts (for ``reveals``): the building, event and upgrade decks and the
        face-down event cards."""

        return (state.bdeck, state.edeck, state.down, state.udeck)

    def view(self, state: State, player: str | None) -> dict:
        """What ``player`` (None: a spectator) sees. Hidden: deck orders, face-down event cards
        (only their level and the coins on them), undrawn upgrades, another player's drawn
        upgrades, the seed."""

        s = state
        pend = {d.card: d for d in s.dice if d.use == "event" and not d.done}
        players = {}
        for p in s.players:
            pl = s.pl[p]
            street = []
            for side in (0, 1):
                row = []
                for i, b in enumerate(pl.street[side]):
                    lab = label(side, i)
                    zones = {}
                    for z in D.ZONES:
                        cap = capacity(pl, lab, z)
                        if cap == 0:
                            continue
                        key = f"{lab}:{z}"
                        zones[z] = {
                            "capacity": cap,
                            "price": price(pl, lab, z),
                            "tourists": pl.tourists.get(key, 0) + pl.lying.get(key, 0),
                            "moved": pl.lying.get(key, 0),
                            "grande": pl.grande == key,
                        }
                    row.append(
                        {
                            "label": lab,
                            "building": b,
                            "name": words.building_name(b),
                            "category": D.BUILDINGS[b].category,
                            "upgrades": list(pl.upgrades.get(lab, [])),
                            "zones": zones,
                        }
                    )
                street.append(row)
            players[p] = {
                "coins": pl.coins,
                "street": street,
                "supply": pl.supply,
                "grande": pl.grande,
                "column_ship": pl.column + 1,
                "row_ship": pl.row + 1,
                "buildings": building_count(pl),
                "moves_left": s.movers.get(p, 0) if s.phase == "tourists" else 0,
            }
        v: dict[str, Any] = {
            "game": self.id,
            "players": list(s.players),
            "active": s.players[s.active],
            "first": s.players[s.first],
            "turn": s.turn + 1,
            "phase": s.phase,
            "to_act": self.to_act(s),
            "status": self.status(s),
            "grid": [[c or None for c in row] for row in s.grid],
            "building_deck": len(s.bdeck),
            "event_deck": len(s.edeck),
            "level": level(s),
            "up": [[self._card(c) for c in st] for st in s.up],
            "down": [
                (
                    {
                        "level": D.EVENTS[c].level,
                        "stake": s.stakes.get(c, 0),
                        "die": ({"v": pend[DOWN[j]].v, "zone": pend[DOWN[j]].zone} if DOWN[j] in pend else None),
                    }
                    if c
                    else None
                )
                for j, c in enumerate(s.down)
            ],
            "up_dice": [({"v": pend[UP[j]].v, "zone": pend[UP[j]].zone} if UP[j] in pend else None) for j in range(3)],
            "discard": [self._card(c) for c in s.discard],
            "upgrade_deck": len(s.udeck),
            "upgrades_up": [self._upgrade(u) for u in s.uface],
            "drawn_count": len(s.drawn),
            "dice": [d.model_dump() | {"cid": ""} for d in s.dice],
            "event": (
                {**self._card(s.moving), "zone": s.move_zone, "n": s.move_n}
                if s.phase in ("tourists", "cover") and s.moving
                else None
            ),
            "pl": players,
            "offers": {
                q: {"building": s.grid[r][c], "row": r + 1, "column": c + 1, "price": D.OTHERS_FACTOR * level(s)}
                for q, (r, c) in s.offers.items()
            },
            "over": s.phase == "over",
            "ranking": self.ranking(s) if s.phase == "over" else None,
            # the printed building cards (name, category, capacity and price per open time
            # zone) for the images of the grid and the event cards; renderers read only the view
            "buildings": {
                b.id: {
                    "name": words.building_name(b.id),
                    "category": b.category,
                    "zones": {z: list(cp) for z, cp in b.zones.items()},
                }
                for b in D.BUILDINGS.values()
            },
        }
        if player is not None and player in s.players:
            v["me"] = player
            mine = s.drawn if player == s.players[s.active] else []
            v["drawn"] = [self._upgrade(u) for u in mine]
            if mine:
                v["hand"] = [T("drawn upgrade {card}", card=words.upgrade_words(u)) for u in mine]
        return v

    def _upgrade(self, u: str) -> dict:
        up = D.UPGRADES[u]
        return {"id": u, "zones": list(up.zones), "capacity": up.capacity, "price": up.price}

    def private_text(self, state: State, player: str) -> str:
        """The DM line beside the hand image: the upgrade cards ``player`` drew, in words
        (Visiting Kaunas, die 3: draw 1-3 upgrades and keep one); ``""`` when none."""

        pv = self.private_view(state, player)
        if pv is None:
            return ""
        return T("You drew {cards}: keep one.", cards=[words.upgrade_words(u["id"]) for u in pv["drawn"]])

    def private_view(self, state: State, player: str) -> dict | None:
        """The upgrade cards ``player`` drew and must choose from (rules "Upgrades"), or
        ``None`` while that player holds nothing secret (everything else is on the board)."""

        if player not in state.players or player != state.players[state.active] or not state.drawn:
            return None
        return {"me": player, "drawn": [self._upgrade(u) for u in state.drawn]}


#: the registered engine
ENGINE = VisitingKaunas()
