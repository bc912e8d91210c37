"""Visiting Kaunas rules engine (rules 003, "Visiting Kaunas" by Dog Dog Dice, V1).

A turn: buy a building (move one ship), then roll three dice, assign each to an event
card + time zone or to its own action, and resolve them highest first. An event whose
zone exists makes every player move tourists at once: a simultaneous step where
``to_act`` lists everyone who still has tourists to move.

Interpretations of the text (also marked "ASSUMED" where they are implemented):

1. "The number on the event deck" is the level on the back of its top card (1/2/3).
2. Buying is compulsory while some ship move is affordable; a ship moves at least one
   space, may pass other ships but not stop on a spot another player's ship holds on the
   same edge, and must stop where the crossing holds a building. No affordable move: no
   building (the text's "no coins" case).
3. Grid "7x5" is columns × rows; "players 1, 2, 3, 4" count in turn order from the first
   player; the right edge holds n … 1 from the top for n players; tied lowest first-player
   rolls reroll among the tied.
4. Tourists sit on a building in one time zone; an event in zone z moves only tourists in
   z (Case 2) into z of a target building with room. Coming: from the supply or from a
   building in the same or an earlier column (never backwards); the Grande never from the
   supply. Leaving: tourists in matching buildings go on to any open building with room in
   the same or a later column, and leave the city only when there is none.
5. Moves are compulsory up to the die's value while a legal move exists ("have to be
   moved", Cases 2-4); each meeple moves at most once per event (lying meeples).
6. Each arrival pays the zone's price to the street's owner at once (Grande double), the
   6-die Grande move included (the text's "last building on the last turn" hint).
7. The 6 moves the Grande to another building in the same or a later column, any zone.
8. One die per event card; a face-up card takes only zones it has; a face-down card
   without the zone goes face up onto the first empty stack, else onto a stack the player
   chooses, never onto a card that still carries a die; 2-reveals follow the same rule.
9. The used card is discarded when its tourist step ends; empty face-down spots are
   refilled at once; the game ends as soon as the event deck is empty, even mid-turn.
10. No die on an event card: after assigning, the player pays min(coins, longest row) onto a
    face-down card; the next player who resolves a die on that card takes those coins.
11. 5/4: the active player's building is free; every other player whose ship meets the
    die may buy theirs for 2 × level (a simultaneous step); ships do not move; taken spots
    are refilled after everyone decided, in row/column order.
12. Upgrades cost nothing but the 3; they are attached when taken (any number per
    building), change only zones where the building is open; drawing 1 still asks which
    building. A 2 reveals only level 1/2 cards without a die on them.
13. Ties in money: more buildings (parks count) wins; still tied: shared place.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from engines.base import Engine, Event as GameEvent, IllegalAction, Outcome, rng

from . import data as D
from .actions import (ACTION_MODELS, Build, Choose, Column, Cover, Decline, Draw, Event, Fire, Grande,
                      Penalty, Recall, Reveal, Row, Ship, Skip, Take, Tourist, UpgradeTake, Use)

SIDES = ("a", "b")
UP = ("up1", "up2", "up3")
DOWN = ("down1", "down2", "down3")


class Options(BaseModel):
    """Visiting Kaunas has no variants."""


class Die(BaseModel):
    v: int
    use: str = ""  # "" unassigned, "event", "action"
    card: str = ""  # board position for an event die (up1…down3)
    cid: str = ""  # the card id there at assignment
    zone: str = ""
    done: bool = False


class PlayerState(BaseModel):
    coins: int = D.START_COINS
    street: list[list[str]] = Field(default_factory=lambda: [[D.START_BUILDING], []])
    upgrades: dict[str, list[str]] = Field(default_factory=dict)  # "a1" -> upgrade ids
    tourists: dict[str, int] = Field(default_factory=dict)  # "a1:midday" -> standing tourists
    lying: dict[str, int] = Field(default_factory=dict)  # moved during the current event
    supply: int = D.TOURISTS
    grande: str = ""  # "" = not in the city, else "a1:midday"
    grande_moved: bool = False
    column: int = 0  # column ship position (0-based)
    row: int = 0  # row ship position (0-based)


class State(BaseModel):
    seed: int
    players: list[str]
    first: int = 0
    first_rolls: list[list[int]] = Field(default_factory=list)
    turn: int = 0
    active: int = 0
    phase: str = "buy"
    grid: list[list[str]]  # rows × columns; "" = empty spot
    bdeck: list[str]
    edeck: list[str]  # index 0 = top
    down: list[str]  # 3 face-down cards; "" = empty
    up: list[list[str]]  # 3 face-up stacks; last = top
    discard: list[str] = Field(default_factory=list)
    stakes: dict[str, int] = Field(default_factory=dict)  # coins on face-down cards
    udeck: list[str]
    uface: list[str] = Field(default_factory=list)
    drawn: list[str] = Field(default_factory=list)
    dice: list[Die] = Field(default_factory=list)
    current: int = -1  # die being resolved (multi-step actions)
    reveals_left: int = 0
    used_rows: list[int] = Field(default_factory=list)
    used_columns: list[int] = Field(default_factory=list)
    taking: str = ""  # building the active player must place
    after_build: str = ""  # "roll" | "offers" | "resolve"
    offers: dict[str, list[int]] = Field(default_factory=dict)  # seat -> [row, column]
    to_refill: list[list[int]] = Field(default_factory=list)
    moving: str = ""  # event card whose tourists are moving / card waiting for a cover
    move_zone: str = ""
    move_n: int = 0
    movers: dict[str, int] = Field(default_factory=dict)  # seat -> tourists still to move
    moved: int = 0  # meeples moved in the current event, all players together
    pl: dict[str, PlayerState]


# ----------------------------------------------------------------------------- helpers
def count(n: int, word: str) -> str:
    """``"1 coin"``, ``"5 coins"``: a number with its noun (regular English plural)."""

    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def level(s: State) -> int:
    """"The number on the event deck": the level on the back of its top card (ASSUMED, ref
    ambiguity 1); 0 when the deck is empty."""

    return D.EVENTS[s.edeck[0]].level if s.edeck else 0


def label(side: int, index: int) -> str:
    return f"{SIDES[side]}{index + 1}"


def parse_label(pl: PlayerState, lab: str) -> tuple[int, int] | None:
    if len(lab) < 2 or lab[0] not in SIDES or not lab[1:].isdigit():
        return None
    side, idx = SIDES.index(lab[0]), int(lab[1:]) - 1
    if not (0 <= idx < len(pl.street[side])):
        return None
    return side, idx


def building_type(pl: PlayerState, lab: str) -> str:
    side, idx = parse_label(pl, lab)  # type: ignore[misc]
    return pl.street[side][idx]


def buildings(pl: PlayerState) -> list[tuple[str, str, int]]:
    """(label, building id, column) of every building in the street."""

    return [(label(side, i), b, i) for side in (0, 1) for i, b in enumerate(pl.street[side])]


def capacity(pl: PlayerState, lab: str, zone: str) -> int:
    """Building capacity in ``zone`` with its upgrades (rules "Building cards", "Upgrades");
    0 = closed. ASSUMED: upgrades only change zones where the building is open."""

    base = D.BUILDINGS[building_type(pl, lab)].zones.get(zone)
    if base is None:
        return 0
    return base[0] + sum(D.UPGRADES[u].capacity for u in pl.upgrades.get(lab, []) if zone in D.UPGRADES[u].zones)


def price(pl: PlayerState, lab: str, zone: str) -> int:
    """$ per tourist in ``zone`` with upgrades (rules "Building cards", "Upgrades")."""

    base = D.BUILDINGS[building_type(pl, lab)].zones.get(zone)
    if base is None:
        return 0
    return base[1] + sum(D.UPGRADES[u].price for u in pl.upgrades.get(lab, []) if zone in D.UPGRADES[u].zones)


def occupancy(pl: PlayerState, lab: str, zone: str) -> int:
    key = f"{lab}:{zone}"
    return pl.tourists.get(key, 0) + pl.lying.get(key, 0) + (1 if pl.grande == key else 0)


def has_room(pl: PlayerState, lab: str, zone: str) -> bool:
    return occupancy(pl, lab, zone) < capacity(pl, lab, zone)


def matches(bid: str, target: str) -> bool:
    """Event target: a category or a specific building (rules "Event cards")."""

    return bid == target or D.BUILDINGS[bid].category == target


def longest_row(pl: PlayerState) -> int:
    return max(len(pl.street[0]), len(pl.street[1]))


def building_count(pl: PlayerState) -> int:
    return len(pl.street[0]) + len(pl.street[1])


def tourist_moves(pl: PlayerState, card: str, zone: str) -> list[tuple[str, str]]:
    """Legal single tourist moves ``(source, to)`` for event ``card`` in ``zone``.

    Visiting Kaunas, "Tourist movement", "Event cards" and Cases 1-4:
    * tourists move between the rows and left to right, never right to left: a target's
      column is ≥ the source's, and it is another building;
    * only tourists standing in ``zone`` of a building move (Case 2: those in a building
      closed in that zone cannot), each at most once per event (lying meeples);
    * a target is open in ``zone`` and has room (capacity counts everyone there, Cases 3-4);
    * coming: target matches the card; a source is a building or (ASSUMED, ref ambiguity 2)
      the supply; the Grande moves like a tourist but never from the supply (rules "Grande");
    * leaving (ASSUMED, ref ambiguity 3): a source matches the card; it goes to any open
      building further on with room, and leaves the city (``out``) only when there is none
      ("If tourists reach the last building in the city, they leave the city").
    """

    ev = D.EVENTS[card]
    blds = [(lab, bid, col) for lab, bid, col in buildings(pl) if bid != "park"]
    open_targets = [(lab, bid, col) for lab, bid, col in blds if has_room(pl, lab, zone)]
    sources: list[tuple[str, str, int]] = []  # (source name, building label, column)
    for lab, bid, col in blds:
        if pl.tourists.get(f"{lab}:{zone}", 0) > 0:
            sources.append((lab, lab, col))
    if pl.grande == "" or pl.grande_moved or not pl.grande.endswith(":" + zone):
        gsrc = None
    else:
        glab = pl.grande.split(":")[0]
        gsrc = ("grande", glab, parse_label(pl, glab)[1])  # type: ignore[index]
    if gsrc:
        sources.append(gsrc)
    out: list[tuple[str, str]] = []
    seen: set[tuple[str, str]] = set()

    def add(m: tuple[str, str]) -> None:
        if m not in seen:
            seen.add(m)
            out.append(m)

    if ev.direction in ("coming", "both"):
        targets = [t for t in open_targets if matches(t[1], ev.target)]
        if pl.supply > 0:
            for lab, _b, _c in targets:
                add(("supply", lab))
        for name, slab, scol in sources:
            for lab, _b, col in targets:
                if col >= scol and lab != slab:
                    add((name, lab))
    if ev.direction in ("leaving", "both"):
        for name, slab, scol in sources:
            if not matches(building_type(pl, slab), ev.target):
                continue
            dests = [lab for lab, _b, col in open_targets if col >= scol and lab != slab]
            for lab in dests:
                add((name, lab))
            if not dests:
                add((name, "out"))
    return out


def grande_targets(pl: PlayerState) -> list[tuple[str, str]]:
    """Die 6 (rules "Actions for values", "Grande tourist"): the Grande enters on any building
    with a free spot in any of its zones, or (already in) moves like a tourist: to another
    building in a column ≥ its own; ASSUMED it may change time zone when moved by a 6."""

    out = []
    gcol = -1
    glab = ""
    if pl.grande:
        glab = pl.grande.split(":")[0]
        gcol = parse_label(pl, glab)[1]  # type: ignore[index]
    for lab, bid, col in buildings(pl):
        if bid == "park" or col < gcol or lab == glab:
            continue
        for z in D.ZONES:
            if has_room(pl, lab, z):
                out.append((lab, z))
    return out


class VisitingKaunas(Engine):
    """Visiting Kaunas, 2-4 players (rules 003)."""

    id = "visiting-kaunas"
    title = "Visiting Kaunas"
    min_players = 2
    max_players = 4
    Options = Options
    State = State
    action_models = ACTION_MODELS
    has_hands = True
    command_group = "kaunas"
    rules_summary = {
        "overview": "Build Freedom Avenue: each turn buy a building by moving one of your ships on the grid "
                    "(pay distance × the level of the event deck's top card), then roll 3 dice and assign each "
                    "to an event card's time zone or to its own action. Most money when the event deck runs out wins; "
                    "ties go to more buildings.",
        "dice": "Dice resolve highest first. 6: bring in or move your Grande (pays double). 5: take the building in a "
                "row at your column ship free (others may buy theirs for 2 × level). 4: same with a column. "
                "3: an upgrade. 2: reveal two face-down level 1/2 events. 1: put a discarded event face up.",
        "events": "A die on an event card picks a time zone (slot 1/2/3 = morning/midday/evening). If the card has "
                  "that zone, every player moves as many tourists as the die shows, then is paid; otherwise the card "
                  "goes face up. No die on any event: put coins equal to your longest row on a face-down card.",
        "tourists": "Tourists move only to the right or across the street, stay in the event's time zone, enter "
                    "from your supply into matching buildings, need an open building with room, and move at most "
                    "once per event. Leaving tourists with nowhere further to go leave the city.",
        "moves": "Names in moves: grid columns and rows from 1 (top-left); event board up1-up3 (face up) and "
                 "down1-down3 (face down); your street rows a (upper) and b (lower), buildings a1, a2, b1 … left "
                 "to right; zones morning, midday, evening. Examples: `ship top 3`, `build b`, `event 5 down2 "
                 "evening`, `use 6`, `grande a1 midday`, `tourist supply a2`, `draw 2`, `choose u07 a1`.",
    }

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
        s = State(seed=seed, players=list(players), first=first, first_rolls=rolls, active=first,
                  grid=grid, bdeck=bdeck, edeck=edeck, down=down, up=[[], [], []], udeck=udeck, pl=pl)
        self._advance(s, [])
        return s

    # ------------------------------------------------------------------ queries
    def is_over(self, state: State) -> bool:
        return state.phase == "over"

    def to_act(self, state: State) -> list[str]:
        s = state
        if s.phase == "over":
            return []
        if s.phase == "tourists":
            return [p for p in s.players if p in s.movers]
        if s.phase == "offers":
            return [p for p in s.players if p in s.offers]
        return [s.players[s.active]]

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

    # ------------------------------------------------------------------ legal actions
    def _ship_moves(self, s: State, p: str) -> list[Ship]:
        """Buying (rules "Buying new buildings"): move one ship any distance ≥ 1 along its edge,
        never onto a spot held by another player's ship; cost = distance × event number,
        at most your coins; the crossing must hold a building."""

        me = s.pl[p]
        lvl = level(s)
        rows, cols = len(s.grid), len(s.grid[0])
        out: list[Ship] = []
        taken_cols = {s.pl[q].column for q in s.players if q != p}
        taken_rows = {s.pl[q].row for q in s.players if q != p}
        for c in range(cols):
            if c != me.column and c not in taken_cols and abs(c - me.column) * lvl <= me.coins \
                    and s.grid[me.row][c]:
                out.append(Ship(edge="top", to=c + 1))
        for r in range(rows):
            if r != me.row and r not in taken_rows and abs(r - me.row) * lvl <= me.coins and s.grid[r][me.column]:
                out.append(Ship(edge="right", to=r + 1))
        return out

    def _board_cards(self, s: State) -> dict[str, str]:
        """Event board positions holding a card: position -> card id (face-up: top card)."""

        out = {}
        for i, st in enumerate(s.up):
            if st:
                out[UP[i]] = st[-1]
        for i, c in enumerate(s.down):
            if c:
                out[DOWN[i]] = c
        return out

    def _pending_positions(self, s: State) -> set[str]:
        return {d.card for d in s.dice if d.use == "event" and not d.done}

    def _stack_targets(self, s: State) -> list[str]:
        """Where a card moving face up may go (rules "Event card selection"): an empty face-up
        spot if there is one, else the player chooses a card to cover; ASSUMED never a card
        that still carries an unresolved die."""

        empty = [UP[i] for i, st in enumerate(s.up) if not st]
        if empty:
            return empty
        pend = self._pending_positions(s)
        return [UP[i] for i in range(3) if UP[i] not in pend]

    def _candidates(self, s: State) -> list[int]:
        pend = [i for i, d in enumerate(s.dice) if d.use and not d.done]
        if not pend:
            return []
        top = max(s.dice[i].v for i in pend)
        return [i for i in pend if s.dice[i].v == top]

    def _die_actions(self, s: State, p: str, i: int) -> list[Any]:
        d = s.dice[i]
        me = s.pl[p]
        if d.use == "event":
            return [Fire(card=d.card)]
        out: list[Any] = []
        if d.v == 6:
            out += [Grande(to=lab, zone=z) for lab, z in grande_targets(me)]
        elif d.v == 5:
            out += [Row(row=r + 1) for r in range(len(s.grid))
                    if r not in s.used_rows and s.grid[r][me.column]]
        elif d.v == 4:
            out += [Column(column=c + 1) for c in range(len(s.grid[0]))
                    if c not in s.used_columns and s.grid[me.row][c]]
        elif d.v == 3:
            labs = [lab for lab, bid, _c in buildings(me) if bid != "park"]
            out += [UpgradeTake(card=u, building=lab) for u in sorted(s.uface) for lab in labs]
            out += [Draw(count=k) for k in range(1, min(D.MAX_DRAW, len(s.udeck)) + 1)]
        elif d.v == 2:
            pend = self._pending_positions(s)
            targets = self._stack_targets(s)
            out += [Reveal(card=DOWN[j], stack=t) for j, c in enumerate(s.down)
                    if c and D.EVENTS[c].level <= 2 and DOWN[j] not in pend for t in targets]
        elif d.v == 1:
            targets = self._stack_targets(s)
            out += [Recall(card=c, stack=t) for c in sorted(set(s.discard)) for t in targets]
        out.append(Skip(die=d.v))
        return out

    def legal_actions(self, state: State, player: str) -> list[Any]:
        s = state
        if player not in self.to_act(s):
            return []
        me = s.pl[player]
        ph = s.phase
        if ph == "buy":
            return self._ship_moves(s, player)
        if ph == "build":
            return [Build(row="a"), Build(row="b")]
        if ph == "assign":
            out: list[Any] = []
            values = sorted({d.v for d in s.dice if not d.use}, reverse=True)
            cards = self._board_cards(s)
            used = self._pending_positions(s)
            for v in values:
                for pos, cid in cards.items():
                    if pos in used:
                        continue
                    zones = D.EVENTS[cid].zones if pos.startswith("up") else D.ZONES
                    out += [Event(die=v, card=pos, zone=z) for z in D.ZONES if z in zones]
                out.append(Use(die=v))
            return out
        if ph == "penalty":
            return [Penalty(card=DOWN[j]) for j, c in enumerate(s.down) if c]
        if ph == "resolve":
            out = []
            seen = set()
            for i in self._candidates(s):
                for a in self._die_actions(s, player, i):
                    if a not in seen:
                        seen.add(a)
                        out.append(a)
            return out
        if ph == "reveal":
            acts = [a for a in self._die_actions(s, player, s.current) if isinstance(a, Reveal)]
            return acts + [Skip(die=2)]
        if ph == "choose":
            labs = [lab for lab, bid, _c in buildings(me) if bid != "park"]
            return [Choose(card=u, building=lab) for u in s.drawn for lab in labs]
        if ph == "cover":
            return [Cover(stack=t) for t in self._stack_targets(s)]
        if ph == "tourists":
            return [Tourist(source=a, to=b) for a, b in tourist_moves(me, s.moving, s.move_zone)]
        if ph == "offers":
            return [Take(row="a"), Take(row="b"), Decline()]
        return []

    # ------------------------------------------------------------------ apply
    def apply(self, state: State, player: str, action: Any) -> Outcome:
        s0 = state
        if s0.phase == "over":
            raise IllegalAction("The game is over.")
        if player not in s0.players:
            raise IllegalAction("You are not seated in this game.")
        if player not in self.to_act(s0):
            waiting = ", ".join(self.to_act(s0))
            raise IllegalAction(f"It is not your turn to act; waiting for {waiting}.")
        legal = self.legal_actions(s0, player)
        if action not in legal:
            raise IllegalAction(self._why(s0, player, action))
        s = s0.model_copy(deep=True)
        ev: list[GameEvent] = []
        self._do(s, player, action, ev)
        self._advance(s, ev)
        return Outcome(s, ev)

    def _why(self, s: State, p: str, a: Any) -> str:
        kinds = {type(x) for x in self.legal_actions(s, p)}
        if type(a) not in kinds:
            return f"You cannot {type(a).verb()} now: {self._step_text(s)}."
        if isinstance(a, Ship):
            me = s.pl[p]
            cur = me.column if a.edge == "top" else me.row
            others = {(s.pl[q].column if a.edge == "top" else s.pl[q].row) for q in s.players if q != p}
            if a.to - 1 in others:
                return "Another player's ship is already there."
            if a.to - 1 == cur:
                return "Move your ship at least one space."
            if abs(a.to - 1 - cur) * level(s) > me.coins:
                return f"That move costs {abs(a.to - 1 - cur) * level(s)} coins and you have {me.coins}."
            return "There is no such space on the grid."
        if isinstance(a, Event):
            return "That die, card or time zone cannot be chosen (face-up cards only take their own time zones, one die per card)."
        if isinstance(a, Row):
            return "Each 5 needs its own grid row with a building at your column ship."
        if isinstance(a, Column):
            return "Each 4 needs its own grid column with a building at your row ship."
        if isinstance(a, Tourist):
            return "That tourist cannot make that move (tourists never move left, need an open building with room, and move once per event)."
        return "That move is not allowed now."

    # ------------------------------------------------------------------ effects
    def _name(self, p: str) -> str:
        return p

    def _refill_down(self, s: State, ev: list[GameEvent]) -> None:
        """Empty face-down spots take the top cards of the event deck (rules "Event card
        selection"). The game ends as soon as the deck is empty (rules "Game end"; ASSUMED
        immediately, even mid-turn)."""

        for j in range(3):
            if not s.down[j] and s.edeck:
                s.down[j] = s.edeck.pop(0)
        if not s.edeck:
            s.phase = "over"
            ev.append(GameEvent(type="game-over", text="The event deck is empty: the game ends. "
                                + " ".join(f"{p}: {s.pl[p].coins} coins." for p in s.players)))

    def _to_face_up(self, s: State, card: str, stack: str) -> None:
        s.up[UP.index(stack)].append(card)

    def _take_building(self, s: State, p: str, r: int, c: int) -> str:
        b = s.grid[r][c]
        s.grid[r][c] = ""
        s.to_refill.append([r, c])
        return b

    def _refill_grid(self, s: State) -> None:
        """The building taken is replaced from the deck (rules "Buying new buildings"); several
        spots in row-then-column order so that simultaneous choices give one state."""

        for r, c in sorted(s.to_refill):
            if not s.grid[r][c] and s.bdeck:
                s.grid[r][c] = s.bdeck.pop(0)
        s.to_refill = []

    def _place(self, pl: PlayerState, building: str, side: str) -> str:
        """Street (rules "Buying new buildings"): a new building goes at the right end of either row."""

        row = SIDES.index(side)
        pl.street[row].append(building)
        return label(row, len(pl.street[row]) - 1)

    def _do(self, s: State, p: str, a: Any, ev: list[GameEvent]) -> None:
        me = s.pl[p]
        bname = lambda b: D.BUILDINGS[b].name  # noqa: E731
        if isinstance(a, Ship):
            lvl = level(s)
            if a.edge == "top":
                dist = abs(a.to - 1 - me.column)
                me.column = a.to - 1
            else:
                dist = abs(a.to - 1 - me.row)
                me.row = a.to - 1
            cost = dist * lvl
            me.coins -= cost
            s.taking = self._take_building(s, p, me.row, me.column)
            s.after_build = "roll"
            s.phase = "build"
            ev.append(GameEvent(type="buy", text=f"{p} moves a ship {count(dist, 'space')} and buys a "
                                f"{bname(s.taking)} for {count(cost, 'coin')}."))
        elif isinstance(a, Build):
            lab = self._place(me, s.taking, a.row)
            ev.append(GameEvent(type="build", text=f"{p} builds the {bname(s.taking)} at {lab}."))
            s.taking = ""
            if s.after_build == "roll":
                self._refill_grid(s)
                self._roll(s, ev)
            elif s.after_build == "offers" and s.offers:
                s.phase = "offers"
            else:
                self._refill_grid(s)
                s.phase = "resolve"
        elif isinstance(a, Event):
            d = next(d for d in s.dice if d.v == a.die and not d.use)
            d.use, d.card, d.zone = "event", a.card, a.zone
            d.cid = self._board_cards(s)[a.card]
            ev.append(GameEvent(type="assign", text=f"{p} puts the {a.die} on {a.card}, {a.zone}."))
        elif isinstance(a, Use):
            d = next(d for d in s.dice if d.v == a.die and not d.use)
            d.use = "action"
            ev.append(GameEvent(type="assign", text=f"{p} keeps the {a.die} for its action."))
        elif isinstance(a, Penalty):
            amount = min(me.coins, longest_row(me))
            me.coins -= amount
            cid = s.down[DOWN.index(a.card)]
            s.stakes[cid] = s.stakes.get(cid, 0) + amount
            ev.append(GameEvent(type="penalty", text=f"{p} puts no die on an event card and places "
                                f"{count(amount, 'coin')} on {a.card}."))
            s.phase = "resolve"
        elif isinstance(a, Fire):
            i = next(i for i in self._candidates(s) if s.dice[i].use == "event" and s.dice[i].card == a.card)
            self._fire(s, p, i, ev)
        elif isinstance(a, Skip):
            if s.phase == "reveal":
                s.dice[s.current].done = True
                s.current = -1
                s.phase = "resolve"
            else:
                i = self._action_die(s, a.die)
                s.dice[i].done = True
                ev.append(GameEvent(type="skip", text=f"{p} does not use the {a.die}."))
        elif isinstance(a, Grande):
            i = self._action_die(s, 6)
            s.dice[i].done = True
            key = f"{a.to}:{a.zone}"
            me.grande = key
            pay = price(me, a.to, a.zone) * D.GRANDE_FACTOR
            me.coins += pay
            ev.append(GameEvent(type="grande", text=f"{p}'s Grande goes to {a.to} ({a.zone}) and pays {pay}."))
        elif isinstance(a, (Row, Column)):
            v = 5 if isinstance(a, Row) else 4
            i = self._action_die(s, v)
            s.dice[i].done = True
            lvl = level(s)
            s.offers = {}
            if isinstance(a, Row):
                r = a.row - 1
                s.used_rows.append(r)
                s.taking = self._take_building(s, p, r, me.column)
                for q in s.players:
                    c = s.pl[q].column
                    if q != p and s.grid[r][c] and s.pl[q].coins >= D.OTHERS_FACTOR * lvl:
                        s.offers[q] = [r, c]
                where = f"row {a.row}"
            else:
                c = a.column - 1
                s.used_columns.append(c)
                s.taking = self._take_building(s, p, me.row, c)
                for q in s.players:
                    r = s.pl[q].row
                    if q != p and s.grid[r][c] and s.pl[q].coins >= D.OTHERS_FACTOR * lvl:
                        s.offers[q] = [r, c]
                where = f"column {a.column}"
            ev.append(GameEvent(type="die-building", text=f"{p} places the {v} at {where} and takes a "
                                f"{bname(s.taking)} for free."))
            s.after_build = "offers"
            s.phase = "build"
        elif isinstance(a, UpgradeTake):
            i = self._action_die(s, 3)
            s.dice[i].done = True
            s.uface.remove(a.card)
            me.upgrades.setdefault(a.building, []).append(a.card)
            ev.append(GameEvent(type="upgrade", text=f"{p} takes upgrade {a.card} for {a.building}."))
        elif isinstance(a, Draw):
            i = self._action_die(s, 3)
            s.dice[i].done = True
            s.drawn = s.udeck[: a.count]
            s.udeck = s.udeck[a.count:]
            s.phase = "choose"
            ev.append(GameEvent(type="draw", text=f"{p} draws {count(a.count, 'upgrade card')}."))
            ev.append(GameEvent(type="drawn", text="You drew " + ", ".join(s.drawn) + ".", visible_to=[p]))
        elif isinstance(a, Choose):
            me.upgrades.setdefault(a.building, []).append(a.card)
            others = [u for u in s.drawn if u != a.card]
            s.uface.extend(others)
            s.drawn = []
            s.phase = "resolve"
            ev.append(GameEvent(type="upgrade", text=f"{p} keeps upgrade {a.card} for {a.building}"
                                + (f"; {', '.join(others)} go face up." if others else ".")))
        elif isinstance(a, Reveal):
            if s.phase == "resolve":
                i = self._action_die(s, 2)
                s.current = i
                s.reveals_left = 2
                s.phase = "reveal"
            j = DOWN.index(a.card)
            cid = s.down[j]
            s.down[j] = ""
            self._to_face_up(s, cid, a.stack)
            ev.append(GameEvent(type="reveal", text=f"{p} reveals {cid} onto {a.stack}."))
            s.reveals_left -= 1
            self._refill_down(s, ev)
            if s.phase == "over":
                return
            if s.reveals_left == 0 or not [x for x in self._die_actions(s, p, s.current) if isinstance(x, Reveal)]:
                s.dice[s.current].done = True
                s.current = -1
                s.phase = "resolve"
        elif isinstance(a, Recall):
            i = self._action_die(s, 1)
            s.dice[i].done = True
            s.discard.remove(a.card)
            self._to_face_up(s, a.card, a.stack)
            ev.append(GameEvent(type="recall", text=f"{p} puts discarded {a.card} onto {a.stack}."))
        elif isinstance(a, Cover):
            self._to_face_up(s, s.moving, a.stack)
            ev.append(GameEvent(type="face-up", text=f"{s.moving} goes face up onto {a.stack}."))
            s.moving = ""
            s.phase = "resolve"
            self._refill_down(s, ev)
        elif isinstance(a, Tourist):
            self._move_tourist(s, p, a, ev)
        elif isinstance(a, Take):
            r, c = s.offers.pop(p)
            lvl = level(s)
            cost = D.OTHERS_FACTOR * lvl
            me.coins -= cost
            b = self._take_building(s, p, r, c)
            lab = self._place(me, b, a.row)
            ev.append(GameEvent(type="die-building", text=f"{p} buys a {bname(b)} for {cost} and builds it at {lab}."))
        elif isinstance(a, Decline):
            s.offers.pop(p)
            ev.append(GameEvent(type="decline", text=f"{p} does not buy the building at their ship."))

    def _action_die(self, s: State, v: int) -> int:
        return next(i for i in self._candidates(s) if s.dice[i].use == "action" and s.dice[i].v == v)

    def _roll(self, s: State, ev: list[GameEvent]) -> None:
        """Roll three dice from the game's seed and the turn number."""

        r = rng(s.seed, "dice", s.turn)
        s.dice = [Die(v=r.randint(1, 6)) for _ in range(D.DICE)]
        s.used_rows, s.used_columns = [], []
        s.phase = "assign"
        ev.append(GameEvent(type="roll", text=f"{s.players[s.active]} rolls "
                            + ", ".join(str(d.v) for d in s.dice) + "."))

    def _fire(self, s: State, p: str, i: int, ev: list[GameEvent]) -> None:
        """Resolve an event die (rules "Event card selection"). Coins on the card go to the
        player who resolves a die on it (ASSUMED, ref ambiguity 6). Zone on the card: every
        player moves tourists; else the card goes face up."""

        d = s.dice[i]
        d.done = True
        cid = d.cid
        stake = s.stakes.pop(cid, 0)
        if stake:
            s.pl[p].coins += stake
            ev.append(GameEvent(type="stake", text=f"{p} takes the {count(stake, 'coin')} lying on {d.card}."))
        card = D.EVENTS[cid]
        if d.card.startswith("up"):
            s.up[UP.index(d.card)].pop()
        else:
            s.down[DOWN.index(d.card)] = ""
        if d.zone in card.zones:
            s.moving, s.move_zone, s.move_n = cid, d.zone, d.v
            s.movers = {q: d.v for q in s.players}
            for q in s.players:
                s.pl[q].lying = {}
                s.pl[q].grande_moved = False
            s.phase = "tourists"
            ev.append(GameEvent(type="event", text=f"Event {self._card_words(cid)} fires in the "
                                f"{d.zone}: everyone moves up to {count(d.v, 'tourist')}."))
        else:
            ev.append(GameEvent(type="miss", text=f"{cid} has no {d.zone}: it goes face up."))
            targets = self._stack_targets(s)
            if not s.up[UP.index(targets[0])]:
                self._to_face_up(s, cid, targets[0])
                self._refill_down(s, ev)
            else:
                s.moving = cid
                s.phase = "cover"

    def _move_tourist(self, s: State, p: str, a: Tourist, ev: list[GameEvent]) -> None:
        """One tourist move, paid on arrival: the building's price in the zone, double for the
        Grande (rules "Grande tourist"; ASSUMED paid to the street's owner, ref ambiguity 4)."""

        me = s.pl[p]
        z = s.move_zone
        grande = a.source == "grande"
        if grande:
            pass
        elif a.source == "supply":
            me.supply -= 1
        else:
            key = f"{a.source}:{z}"
            me.tourists[key] -= 1
            if me.tourists[key] == 0:
                del me.tourists[key]
        if a.to == "out":
            if grande:
                me.grande = ""
                me.grande_moved = True
            else:
                me.supply += 1
            pay = 0
        else:
            key = f"{a.to}:{z}"
            if grande:
                me.grande = key
                me.grande_moved = True
            else:
                me.lying[key] = me.lying.get(key, 0) + 1
            pay = price(me, a.to, z) * (D.GRANDE_FACTOR if grande else 1)
            me.coins += pay
        s.movers[p] -= 1
        s.moved += 1
        who = "Grande" if grande else "tourist"
        start = "" if grande else " from the supply" if a.source == "supply" else f" from {a.source}"
        goal = " out of the street" if a.to == "out" else f" to {a.to}"
        ev.append(GameEvent(type="tourist", text=f"{p}'s {who} moves{start}{goal}"
                            + (f" and pays {pay}." if pay else ".")))

    def _finish_event(self, s: State, ev: list[GameEvent]) -> None:
        """End of an event's tourist step: meeples stand up, the card is discarded, the
        face-down row is refilled (rules "Event card selection", Note on meeples)."""

        if s.moved == 0:
            ev.append(GameEvent(type="event-end", text=f"Nobody has a tourist to move for {s.moving}."))
        for q in s.players:
            pl = s.pl[q]
            for k, n in pl.lying.items():
                pl.tourists[k] = pl.tourists.get(k, 0) + n
            pl.tourists = dict(sorted(pl.tourists.items()))
            pl.lying = {}
            pl.grande_moved = False
        s.discard.append(s.moving)
        s.moving, s.move_zone, s.move_n, s.movers, s.moved = "", "", 0, {}, 0
        s.phase = "resolve"
        self._refill_down(s, ev)

    def _advance(self, s: State, ev: list[GameEvent]) -> None:
        """Run the automatic parts of a turn until someone must decide."""

        for _ in range(1000):
            ph = s.phase
            if ph == "over":
                return
            if ph == "buy":
                if self._ship_moves(s, s.players[s.active]):
                    return
                ev.append(GameEvent(type="no-buy", text=f"{s.players[s.active]} cannot pay for any ship move "
                                    "and buys no building."))
                self._roll(s, ev)
                continue
            if ph == "assign":
                if any(not d.use for d in s.dice):
                    return
                me = s.pl[s.players[s.active]]
                if not any(d.use == "event" for d in s.dice) and me.coins > 0:
                    s.phase = "penalty"
                    return
                s.phase = "resolve"
                continue
            if ph == "resolve":
                if not self._candidates(s):
                    self._end_turn(s)
                    continue
                p = s.players[s.active]
                acts = self.legal_actions(s, p)
                if len(acts) == 1 and isinstance(acts[0], (Fire, Skip)):
                    self._do(s, p, acts[0], ev)
                    continue
                return
            if ph == "tourists":
                for q in list(s.movers):
                    if s.movers[q] <= 0 or not tourist_moves(s.pl[q], s.moving, s.move_zone):
                        del s.movers[q]
                if not s.movers:
                    self._finish_event(s, ev)
                    continue
                return
            if ph == "offers":
                if not s.offers:
                    self._refill_grid(s)
                    s.phase = "resolve"
                    continue
                return
            return

    def _end_turn(self, s: State) -> None:
        s.dice = []
        s.current = -1
        s.turn += 1
        s.active = (s.active + 1) % len(s.players)
        s.phase = "buy"

    # ------------------------------------------------------------------ text
    def _card_words(self, cid: str) -> str:
        e = D.EVENTS[cid]
        target = D.BUILDINGS[e.target].name if e.target in D.BUILDINGS else e.target.capitalize()
        way = {"coming": "in", "leaving": "out", "both": "in/out"}[e.direction]
        zones = "all day" if len(e.zones) == 3 else " and ".join(e.zones)
        return f"{cid} ({target} {way}; {zones})"

    def _upgrade_words(self, u: str) -> str:
        up = D.UPGRADES[u]
        parts = ([f"+{up.capacity} capacity"] if up.capacity else []) + ([f"+${up.price}"] if up.price else [])
        where = "all zones" if len(up.zones) == 3 else up.zones[0]
        return f"{u} ({' '.join(parts)} {where})"

    def describe(self, state: State, action: Any) -> str:
        """A sentence for the move, naming the building, card or upgrade it concerns
        (at most about 100 characters, for Discord's autocomplete)."""

        s, a = state, action
        me = s.pl[s.players[s.active]]
        if isinstance(a, Ship):
            r, c = (me.row, a.to - 1) if a.edge == "top" else (a.to - 1, me.column)
            dist = abs((a.to - 1) - (me.column if a.edge == "top" else me.row))
            b = D.BUILDINGS[s.grid[r][c]].name if s.grid[r][c] else "nothing"
            where = f"column {a.to}" if a.edge == "top" else f"row {a.to}"
            return f"Move your {a.edge} ship to {where}: buy the {b} for {dist * level(s)}."
        if isinstance(a, Build):
            return f"Build the {D.BUILDINGS[s.taking].name if s.taking else 'building'} at the end of row {a.row.upper()}."
        if isinstance(a, Event):
            if a.card.startswith("up") and s.up[UP.index(a.card)]:
                what = self._card_words(s.up[UP.index(a.card)][-1])
            else:
                j = DOWN.index(a.card) if a.card in DOWN else -1
                what = f"face-down level {D.EVENTS[s.down[j]].level}" if j >= 0 and s.down[j] else "a card"
            return f"Put the {a.die} on {a.card}, {what}, in the {a.zone}."
        if isinstance(a, Use):
            what = {6: "move your Grande", 5: "a row building", 4: "a column building", 3: "an upgrade",
                    2: "reveal 2 events", 1: "an event from the discard"}[a.die] if 1 <= a.die <= 6 else "its action"
            return f"Keep the {a.die} for its action: {what}."
        if isinstance(a, Penalty):
            amount = min(me.coins, longest_row(me))
            return f"Put your penalty of {count(amount, 'coin')} on face-down card {a.card}."
        if isinstance(a, Fire):
            return f"Resolve the event die on {a.card} now."
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
            return f"Take upgrade {self._upgrade_words(a.card)} for your {a.building.upper()}."
        if isinstance(a, Draw):
            return ("Draw 1 upgrade card and keep it." if a.count == 1
                    else f"Draw {a.count} upgrade cards and keep one.")
        if isinstance(a, Choose):
            return f"Keep upgrade {self._upgrade_words(a.card)} for your {a.building.upper()}."
        if isinstance(a, Reveal):
            j = DOWN.index(a.card) if a.card in DOWN else -1
            lvl = D.EVENTS[s.down[j]].level if j >= 0 and s.down[j] else 0
            return f"Turn {a.card} (level {lvl}) face up onto {a.stack}."
        if isinstance(a, Recall):
            return f"Put discarded {self._card_words(a.card)} onto {a.stack}."
        if isinstance(a, Cover):
            return f"Put the card face up on {a.stack}."
        if isinstance(a, Tourist):
            src = {"supply": "a tourist from your supply", "grande": "your Grande"}.get(a.source, f"a tourist from {a.source.upper()}")
            dst = "out of the city" if a.to == "out" else f"to {a.to.upper()}"
            return f"Move {src} {dst}."
        if isinstance(a, Take):
            return f"Buy the building at your ship for {D.OTHERS_FACTOR * level(s)} and build it in row {a.row.upper()}."
        if isinstance(a, Decline):
            return "Do not buy the building."
        return super().describe(state, action)

    def _step_text(self, s: State) -> str:
        p = s.players[s.active] if s.players else ""
        return {
            "buy": f"{p} buys a building (move a ship)",
            "build": "place the new building in a street row",
            "assign": f"{p} assigns dice " + ", ".join(str(d.v) for d in s.dice if not d.use),
            "penalty": f"{p} puts penalty coins on a face-down event card",
            "resolve": f"{p} resolves dice",
            "reveal": f"{p} reveals event cards",
            "choose": f"{p} chooses an upgrade",
            "cover": f"{p} chooses which face-up card to cover",
            "tourists": f"event {s.moving} ({s.move_zone}): everyone moves tourists",
            "offers": "other players may buy the building at their ship",
            "over": "game over",
        }.get(s.phase, s.phase)

    def status(self, state: State) -> str:
        if self.is_over(state):
            return "Game over."
        line = f"Turn {state.turn + 1}, {self._step_text(state)}: waiting for {', '.join(self.to_act(state))}."
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
                        zones[z] = {"capacity": cap, "price": price(pl, lab, z),
                                    "tourists": pl.tourists.get(key, 0) + pl.lying.get(key, 0),
                                    "moved": pl.lying.get(key, 0), "grande": pl.grande == key}
                    row.append({"label": lab, "building": b, "name": D.BUILDINGS[b].name,
                                "category": D.BUILDINGS[b].category, "upgrades": list(pl.upgrades.get(lab, [])),
                                "zones": zones})
                street.append(row)
            players[p] = {"coins": pl.coins, "street": street, "supply": pl.supply, "grande": pl.grande,
                          "column_ship": pl.column + 1, "row_ship": pl.row + 1, "buildings": building_count(pl),
                          "moves_left": s.movers.get(p, 0) if s.phase == "tourists" else 0}
        v: dict[str, Any] = {
            "game": self.id, "players": list(s.players), "active": s.players[s.active], "first": s.players[s.first],
            "turn": s.turn + 1, "phase": s.phase, "to_act": self.to_act(s), "status": self.status(s),
            "grid": [[c or None for c in row] for row in s.grid],
            "building_deck": len(s.bdeck), "event_deck": len(s.edeck), "level": level(s),
            "up": [[self._card(c) for c in st] for st in s.up],
            "down": [({"level": D.EVENTS[c].level, "stake": s.stakes.get(c, 0),
                       "die": ({"v": pend[DOWN[j]].v, "zone": pend[DOWN[j]].zone} if DOWN[j] in pend else None)}
                      if c else None) for j, c in enumerate(s.down)],
            "up_dice": [({"v": pend[UP[j]].v, "zone": pend[UP[j]].zone} if UP[j] in pend else None) for j in range(3)],
            "discard": [self._card(c) for c in s.discard],
            "upgrade_deck": len(s.udeck), "upgrades_up": [self._upgrade(u) for u in s.uface],
            "drawn_count": len(s.drawn),
            "dice": [d.model_dump() | {"cid": ""} for d in s.dice],
            "event": ({**self._card(s.moving), "zone": s.move_zone, "n": s.move_n}
                      if s.phase in ("tourists", "cover") and s.moving else None),
            "pl": players,
            "offers": {q: {"building": s.grid[r][c], "row": r + 1, "column": c + 1,
                           "price": D.OTHERS_FACTOR * level(s)} for q, (r, c) in s.offers.items()},
            "over": s.phase == "over",
            "ranking": self.ranking(s) if s.phase == "over" else None,
        }
        if player is not None and player in s.players:
            v["me"] = player
            mine = s.drawn if player == s.players[s.active] else []
            v["drawn"] = [self._upgrade(u) for u in mine]
            if mine:
                v["hand"] = ["drawn upgrade " + self._upgrade_words(u) for u in mine]
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
        return "You drew " + ", ".join(self._upgrade_words(u["id"]) for u in pv["drawn"]) + ": keep one."

    def private_view(self, state: State, player: str) -> dict | None:
        """The upgrade cards ``player`` drew and must choose from (rules "Upgrades"), or
        ``None`` while that player holds nothing secret (everything else is on the board)."""

        if player not in state.players or player != state.players[state.active] or not state.drawn:
            return None
        return {"me": player, "drawn": [self._upgrade(u) for u in state.drawn]}
