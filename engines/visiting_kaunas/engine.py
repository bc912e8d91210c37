"""Visiting Kaunas engine (id ``visiting-kaunas``, 2-4 players): the contract over :mod:`.rules`."""

from __future__ import annotations

from itertools import repeat
from operator import is_
from typing import Any

from engines.base import Engine, IllegalAction, rng
from engines.base import Event as GameEvent
from engines.copying import deep_copier

from . import data as D
from . import rules as R
from . import text as T
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
from .rules import building_count, building_type, capacity, count, label, level, longest_row, parse_label, price
from .search import HOOKS as SEARCH_HOOKS
from .state import DOWN, UP, Options, PlayerState, State

#: a deep copy of a state, by code generated from the models' field types
_copy_state = deep_copier(State)


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
    rules_summary = T.RULES_SUMMARY

    # ----- the move builder ------------------------------------------------------------
    choice_kinds = {
        "ship": "Move a ship",
        "build": "Build",
        "event": "Put a die on an event card",
        "use": "Keep a die for its action",
        "penalty": "Pay the penalty",
        "fire": "Resolve an event die now",
        "skip": "Do not use a die",
        "grande": "Move your Grande",
        "row": "Place the 5 beside a row",
        "column": "Place the 4 below a column",
        "upgrade": "Take a face-up upgrade",
        "draw": "Draw upgrade cards",
        "choose": "Keep a drawn upgrade",
        "reveal": "Reveal an event card",
        "recall": "Take back a discarded event",
        "cover": "Put the card face up",
        "tourist": "Move a tourist",
        "take": "Buy the building",
        "decline": "Do not buy",
    }
    choice_questions = {
        "ship.edge": "Which ship do you move?",
        "ship.to": "To which column or row?",
        "build.row": "Which street row does the building go at the end of?",
        "event.die": "Which die do you put on an event card?",
        "event.card": "On which event card?",
        "event.zone": "In which time zone?",
        "use.die": "Which die do you keep for its action?",
        "penalty.card": "On which face-down card do your coins go?",
        "fire.card": "Which event die is resolved now?",
        "skip.die": "Which die do you not use?",
        "grande.to": "To which building does your Grande go?",
        "grande.zone": "In which time zone?",
        "row.row": "Beside which row?",
        "column.column": "Below which column?",
        "upgrade.card": "Which face-up upgrade do you take?",
        "upgrade.building": "Which of your buildings gets it?",
        "draw.count": "How many upgrade cards do you draw?",
        "choose.card": "Which drawn upgrade do you keep?",
        "choose.building": "Which of your buildings gets it?",
        "reveal.card": "Which face-down card do you turn face up?",
        "reveal.stack": "Onto which face-up stack?",
        "recall.card": "Which discarded event card do you take back?",
        "recall.stack": "Onto which face-up stack?",
        "cover.stack": "Which face-up stack does it cover?",
        "tourist.source": "Where does the tourist come from?",
        "tourist.to": "Where does it go?",
        "take.row": "Which street row does the building go at the end of?",
    }

    def choice_label(self, state, action, name: str, value) -> tuple[str, str]:
        """Dice as "The 6", zones, rows and stacks in words, event cards and upgrades with
        what they show."""

        if name == "die":
            return f"The {value}", ""
        if name == "zone":
            return str(value).capitalize(), ""
        if name == "edge":
            return f"Your {value} ship", ""
        if name in ("row",) and value in ("a", "b"):
            return f"Row {value.upper()}", ""
        if name == "to" and action.type == "ship":
            return (f"Column {value}" if action.edge == "top" else f"Row {value}"), ""
        if name in ("row", "column", "count"):
            return f"{name.capitalize()} {value}", ""
        if name in ("card", "stack") and isinstance(value, str) and value[:2] in ("up", "do"):
            kind = "face-up stack" if value.startswith("up") else "face-down card"
            return f"{value} ({kind} {value[-1]})", ""
        if name == "card" and value in D.EVENTS:
            return T.card_words(value), ""
        if name == "card" and value in D.UPGRADES:
            return T.upgrade_words(value), ""
        if name in ("building", "to", "source") and isinstance(value, str):
            word = {"supply": "Your supply", "grande": "Your Grande", "out": "Out of the city"}.get(value)
            return word or value.upper(), ""
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
        raise IllegalAction(why or "That move is not allowed now.", show_moves=why is None)

    def copy_state(self, state: State) -> State:
        """A copy sharing nothing mutable with ``state`` (as a deep copy, field for field, the
        set fields included), built without ``copy.deepcopy`` (:mod:`engines.copying`): every
        list and dict of the state, of its dice and of its players' states is copied."""

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
        if isinstance(a, Ship):
            r, c = (me.row, a.to - 1) if a.edge == "top" else (a.to - 1, me.column)
            dist = abs((a.to - 1) - (me.column if a.edge == "top" else me.row))
            b = D.BUILDINGS[s.grid[r][c]].name if s.grid[r][c] else "nothing"
            where = f"column {a.to}" if a.edge == "top" else f"row {a.to}"
            return f"Move your {a.edge} ship to {where}: buy the {b} for {dist * level(s)}."
        if isinstance(a, Build):
            return (
                f"Build the {D.BUILDINGS[s.taking].name if s.taking else 'building'} at the end of row {a.row.upper()}."
            )
        if isinstance(a, Event):
            if a.card.startswith("up") and s.up[UP.index(a.card)]:
                what = T.card_words(s.up[UP.index(a.card)][-1])
            else:
                j = DOWN.index(a.card) if a.card in DOWN else -1
                what = f"face-down level {D.EVENTS[s.down[j]].level}" if j >= 0 and s.down[j] else "a card"
            return f"Put the {a.die} on {a.card}, {what}, in the {a.zone}."
        if isinstance(a, Use):
            what = (
                {
                    6: "move your Grande",
                    5: "a row building",
                    4: "a column building",
                    3: "an upgrade",
                    2: "reveal 2 events",
                    1: "an event from the discard",
                }[a.die]
                if 1 <= a.die <= 6
                else "its action"
            )
            return f"Keep the {a.die} for its action: {what}."
        if isinstance(a, Penalty):
            amount = min(me.coins, longest_row(me))
            return f"Put your penalty of {count(amount, 'coin')} on face-down card {a.card}."
        if isinstance(a, Skip):
            return f"Do not use the {a.die}." if s.phase != "reveal" else "Stop revealing."
        if isinstance(a, Grande):
            bid = building_type(me, a.to) if parse_label(me, a.to) else ""
            name = D.BUILDINGS[bid].name if bid else a.to
            return f"Move your Grande to {a.to.upper()} {name} ({a.zone}), paying {2 * price(me, a.to, a.zone) if bid else 0}."
        if isinstance(a, Row):
            b = s.grid[a.row - 1][me.column] if 0 < a.row <= len(s.grid) else ""
            return f"Place the 5 beside row {a.row}: take the {D.BUILDINGS[b].name if b else 'building'} free."
        if isinstance(a, Column):
            b = s.grid[me.row][a.column - 1] if 0 < a.column <= len(s.grid[0]) else ""
            return f"Place the 4 below column {a.column}: take the {D.BUILDINGS[b].name if b else 'building'} free."
        if isinstance(a, UpgradeTake):
            return f"Take upgrade {T.upgrade_words(a.card)} for your {a.building.upper()}."
        if isinstance(a, Draw):
            return "Draw 1 upgrade card and keep it." if a.count == 1 else f"Draw {a.count} upgrade cards and keep one."
        if isinstance(a, Choose):
            return f"Keep upgrade {T.upgrade_words(a.card)} for your {a.building.upper()}."
        if isinstance(a, Reveal):
            j = DOWN.index(a.card) if a.card in DOWN else -1
            lvl = D.EVENTS[s.down[j]].level if j >= 0 and s.down[j] else 0
            return f"Turn {a.card} (level {lvl}) face up onto {a.stack}."
        if isinstance(a, Recall):
            return f"Put discarded {T.card_words(a.card)} onto {a.stack}."
        if isinstance(a, Tourist):
            src = {"supply": "a tourist from your supply", "grande": "your Grande"}.get(
                a.source, f"a tourist from {a.source.upper()}"
            )
            dst = "out of the city" if a.to == "out" else f"to {a.to.upper()}"
            return f"Move {src} {dst}."
        if isinstance(a, Take):
            return (
                f"Buy the building at your ship for {D.OTHERS_FACTOR * level(s)} and build it in row {a.row.upper()}."
            )
        return super().describe(state, action)

    def status(self, state: State) -> str:
        if self.is_over(state):
            return "Game over."
        line = f"Turn {state.turn + 1}, {T.step_text(state)}: waiting for {', '.join(self.to_act(state))}."
        if state.turn == 0:  # say why this player starts (Visiting Kaunas, setup: lowest die)
            line += " " + self.first_player_text(state)
        return line

    def first_player_text(self, state: State) -> str:
        """Visiting Kaunas, setup: "p1 starts with the lowest die (p0 4, p1 2)." — every roll
        round, tied lowest players rerolling."""

        rounds = []
        for roll in state.first_rolls:
            rounds.append(", ".join(f"{p} {v}" for p, v in zip(state.players, roll) if v))
        rolls = "; reroll: ".join(rounds)
        return f"{state.players[state.first]} starts with the lowest die ({rolls})."

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
                            "name": D.BUILDINGS[b].name,
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
                b.id: {"name": b.name, "category": b.category, "zones": {z: list(cp) for z, cp in b.zones.items()}}
                for b in D.BUILDINGS.values()
            },
        }
        if player is not None and player in s.players:
            v["me"] = player
            mine = s.drawn if player == s.players[s.active] else []
            v["drawn"] = [self._upgrade(u) for u in mine]
            if mine:
                v["hand"] = ["drawn upgrade " + T.upgrade_words(u) for u in mine]
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
        return "You drew " + ", ".join(T.upgrade_words(u["id"]) for u in pv["drawn"]) + ": keep one."

    def private_view(self, state: State, player: str) -> dict | None:
        """The upgrade cards ``player`` drew and must choose from (rules "Upgrades"), or
        ``None`` while that player holds nothing secret (everything else is on the board)."""

        if player not in state.players or player != state.players[state.active] or not state.drawn:
            return None
        return {"me": player, "drawn": [self._upgrade(u) for u in state.drawn]}


#: the registered engine
ENGINE = VisitingKaunas()
