"""Visiting Kaunas rules (rules 003, "Visiting Kaunas" by Dog Dog Dice, V1).

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

from functools import cache, lru_cache
from typing import Any

from engines.base import Event as GameEvent
from engines.base import event, rng
from engines.copying import deep_copier
from engines.i18n import T as host_text
from engines.i18n import Text, texts

from . import data as D
from . import text as words
from .actions import (
    Build,
    Choose,
    Column,
    Cover,
    Decline,
    Draw,
    Event,
    Fire,
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
    new,
)
from .state import DOWN, SIDES, UP, Die, PlayerState, State

_T, _Tn, Tp = texts("visiting-kaunas")
#: the texts of events and refusals, one shared Text per distinct sentence and parameters
#: (texts are immutable; events are written on the hot path of ``apply``, where the same
#: sentences come again and again). Parameters must be hashable: tuples, not lists.
T = lru_cache(maxsize=8192)(_T)
Tn = lru_cache(maxsize=8192)(_Tn)
bname = words.building_name
coins = words.coins


# ----------------------------------------------------------------------------- helpers
def level(s: State) -> int:
    """ "The number on the event deck": the level on the back of its top card (ASSUMED, ref
    ambiguity 1); 0 when the deck is empty."""

    return D.EVENTS[s.edeck[0]].level if s.edeck else 0


#: the street labels by side and index (``_LABELS[0][1] == "a2"``), looked up rather than
#: formatted; a street holds at most the 98 deck buildings and a museum
_LABELS: tuple[tuple[str, ...], ...] = tuple(tuple(f"{side}{i + 1}" for i in range(100)) for side in SIDES)
#: street label -> (side, index), for the labels above
_POS: dict[str, tuple[int, int]] = {lab: (side, i) for side, labs in enumerate(_LABELS) for i, lab in enumerate(labs)}
#: building id -> its open zones ``{zone: (capacity, price)}`` and its category
_ZONES: dict[str, dict[str, tuple[int, int]]] = {b.id: b.zones for b in D.BUILDINGS.values()}
_CATEGORY: dict[str, str | None] = {b.id: b.category for b in D.BUILDINGS.values()}
#: upgrade id -> (zones, extra capacity, extra price)
_UPGRADE: dict[str, tuple[tuple[str, ...], int, int]] = {
    u.id: (tuple(u.zones), u.capacity, u.price) for u in D.UPGRADES.values()
}


#: a copy of one player's state or of one die (see :func:`own`, :func:`own_die`)
_copy_player = deep_copier(PlayerState)
_copy_die = deep_copier(Die)


def own(s: State, p: str) -> PlayerState:
    """``p``'s state in ``s``, ready to change: a copy of it put in its place. A state's
    copy (the engine's ``copy_state``) shares its players' states with the state it was
    copied from, so the rules change a player's state only through this."""

    pl = s.pl[p] = _copy_player(s.pl[p])
    return pl


def own_die(s: State, i: int) -> Die:
    """Die ``i`` of ``s``, ready to change (as :func:`own`: a state's copy shares its dice)."""

    d = s.dice[i] = _copy_die(s.dice[i])
    return d


def label(side: int, index: int) -> str:
    labs = _LABELS[side]
    return labs[index] if 0 <= index < len(labs) else f"{SIDES[side]}{index + 1}"


def parse_label(pl: PlayerState, lab: str) -> tuple[int, int] | None:
    pos = _POS.get(lab)
    if pos is not None:
        return pos if pos[1] < len(pl.street[pos[0]]) else None
    if len(lab) < 2 or lab[0] not in SIDES or not lab[1:].isdigit():
        return None
    side, idx = SIDES.index(lab[0]), int(lab[1:]) - 1
    if not (0 <= idx < len(pl.street[side])):
        return None
    return side, idx


def building_type(pl: PlayerState, lab: str) -> str:
    pos = _POS.get(lab)
    if pos is not None:
        row = pl.street[pos[0]]
        if pos[1] < len(row):
            return row[pos[1]]
    side, idx = parse_label(pl, lab)  # type: ignore[misc]
    return pl.street[side][idx]


def buildings(pl: PlayerState) -> list[tuple[str, str, int]]:
    """(label, building id, column) of every building in the street."""

    return [(label(side, i), b, i) for side in (0, 1) for i, b in enumerate(pl.street[side])]


def _capacity(pl: PlayerState, lab: str, bid: str, zone: str) -> int:
    """:func:`capacity` of building ``bid`` at ``lab``."""

    base = _ZONES[bid].get(zone)
    if base is None:
        return 0
    ups = pl.upgrades.get(lab)
    if not ups:
        return base[0]
    return base[0] + sum(_UPGRADE[u][1] for u in ups if zone in _UPGRADE[u][0])


def capacity(pl: PlayerState, lab: str, zone: str) -> int:
    """Building capacity in ``zone`` with its upgrades (rules "Building cards", "Upgrades");
    0 = closed. ASSUMED: upgrades only change zones where the building is open."""

    return _capacity(pl, lab, building_type(pl, lab), zone)


def price(pl: PlayerState, lab: str, zone: str) -> int:
    """$ per tourist in ``zone`` with upgrades (rules "Building cards", "Upgrades")."""

    base = _ZONES[building_type(pl, lab)].get(zone)
    if base is None:
        return 0
    ups = pl.upgrades.get(lab)
    if not ups:
        return base[1]
    return base[1] + sum(_UPGRADE[u][2] for u in ups if zone in _UPGRADE[u][0])


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


def _scan(pl: PlayerState, zone: str) -> tuple[list[tuple[str, str, int]], list[tuple[str, str, int, str]]]:
    """For the tourist moves in ``zone`` (:func:`tourist_moves`): the buildings open in it
    with room, as (label, building id, column), and the tourists' sources, as (source name,
    building label, column, building id): each building with a standing tourist there, then
    the Grande if it stands there and has not moved in this event; parks are left out, the
    rest in street order."""

    tourists, lying, grande = pl.tourists, pl.lying, pl.grande
    sfx = ":" + zone
    open_targets: list[tuple[str, str, int]] = []  # (label, building id, column), street order
    sources: list[tuple[str, str, int, str]] = []  # (source name, building label, column, building id)
    for side in (0, 1):
        row = pl.street[side]
        labs = _LABELS[side] if len(row) <= 100 else [label(side, i) for i in range(len(row))]
        for col, bid in enumerate(row):
            if bid == "park":
                continue
            lab = labs[col]
            key = lab + sfx
            here = tourists.get(key, 0)
            if (here + lying.get(key, 0) + (1 if grande == key else 0)) < _capacity(pl, lab, bid, zone):
                open_targets.append((lab, bid, col))
            if here > 0:
                sources.append((lab, lab, col, bid))
    if grande and not pl.grande_moved and grande.endswith(sfx):
        glab = grande.split(":")[0]
        sources.append(("grande", glab, parse_label(pl, glab)[1], building_type(pl, glab)))  # type: ignore[index]
    return open_targets, sources


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

    The moves are listed coming first (the supply's, then each source's in street order),
    then leaving, each move once.
    """

    ev = D.EVENTS[card]
    target, direction = ev.target, ev.direction
    open_targets, sources = _scan(pl, zone)
    out: list[tuple[str, str]] = []
    if direction == "coming" or direction == "both":
        targets = [t for t in open_targets if t[1] == target or _CATEGORY[t[1]] == target]
        if pl.supply > 0:
            out = [("supply", lab) for lab, _b, _c in targets]
        for name, slab, scol, _sb in sources:
            for lab, _b, col in targets:
                if col >= scol and lab != slab:
                    out.append((name, lab))
    if direction == "leaving" or direction == "both":
        # a leaving move is listed once per source and destination, so only a move
        # already listed as coming ("both") can repeat
        coming = set(out)
        for name, slab, scol, sbid in sources:
            if not (sbid == target or _CATEGORY[sbid] == target):
                continue
            dests = [lab for lab, _b, col in open_targets if col >= scol and lab != slab]
            for m in [(name, lab) for lab in dests] if dests else [(name, "out")]:
                if m not in coming:
                    out.append(m)
    return out


def has_tourist_move(pl: PlayerState, card: str, zone: str) -> bool:
    """``bool(tourist_moves(pl, card, zone))``, without listing the moves: a leaving event
    moves any source that matches it (on, or out of the city); a coming one needs a matching
    target with room and the supply or a source in the same or an earlier column. Only the
    buildings that match the card are asked for their room."""

    ev = D.EVENTS[card]
    target, direction = ev.target, ev.direction
    leaving = direction == "leaving" or direction == "both"
    coming = direction == "coming" or direction == "both"
    tourists, lying, grande = pl.tourists, pl.lying, pl.grande
    sfx = ":" + zone
    sources: list[tuple[str, int]] = []  # (building label, column) of the tourists that may move
    targets: list[tuple[str, int]] = []  # (label, column) of the matching buildings with room
    for side in (0, 1):
        row = pl.street[side]
        labs = _LABELS[side] if len(row) <= 100 else [label(side, i) for i in range(len(row))]
        for col, bid in enumerate(row):
            if bid == "park":
                continue
            lab = labs[col]
            key = lab + sfx
            here = tourists.get(key, 0)
            match = bid == target or _CATEGORY[bid] == target
            if here > 0:
                if leaving and match:
                    return True
                sources.append((lab, col))
            if (
                coming
                and match
                and here + lying.get(key, 0) + (1 if grande == key else 0) < _capacity(pl, lab, bid, zone)
            ):
                targets.append((lab, col))
    if grande and not pl.grande_moved and grande.endswith(sfx):
        glab = grande.split(":")[0]
        gcol = parse_label(pl, glab)[1]  # type: ignore[index]
        gbid = building_type(pl, glab)
        if leaving and (gbid == target or _CATEGORY[gbid] == target):
            return True
        sources.append((glab, gcol))
    if not targets:
        return False
    if pl.supply > 0:
        return True
    return any(col >= scol and lab != slab for slab, scol in sources for lab, col in targets)


def grande_targets(pl: PlayerState) -> list[tuple[str, str]]:
    """Die 6 (rules "Actions for values", "Grande tourist"): the Grande enters on any building
    with a free spot in any of its zones, or (already in) moves like a tourist: to another
    building in a column ≥ its own; ASSUMED it may change time zone when moved by a 6."""

    out = []
    gcol = -1
    glab = ""
    grande = pl.grande
    if grande:
        glab = grande.split(":")[0]
        gcol = parse_label(pl, glab)[1]  # type: ignore[index]
    tourists, lying = pl.tourists, pl.lying
    for lab, bid, col in buildings(pl):
        if bid == "park" or col < gcol or lab == glab:
            continue
        zones = _ZONES[bid]
        for z in D.ZONES:
            if z not in zones:
                continue
            key = f"{lab}:{z}"
            if tourists.get(key, 0) + lying.get(key, 0) + (1 if grande == key else 0) < _capacity(pl, lab, bid, z):
                out.append((lab, z))
    return out


def to_act(state: State) -> list[str]:
    s = state
    if s.phase == "over":
        return []
    if s.phase == "tourists":
        return [p for p in s.players if p in s.movers]
    if s.phase == "offers":
        return [p for p in s.players if p in s.offers]
    return [s.players[s.active]]


# ------------------------------------------------------------------ legal actions
def ship_moves(s: State, p: str) -> list[Ship]:
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
        if c != me.column and c not in taken_cols and abs(c - me.column) * lvl <= me.coins and s.grid[me.row][c]:
            out.append(new.Ship(edge="top", to=c + 1))
    for r in range(rows):
        if r != me.row and r not in taken_rows and abs(r - me.row) * lvl <= me.coins and s.grid[r][me.column]:
            out.append(new.Ship(edge="right", to=r + 1))
    return out


def board_cards(s: State) -> dict[str, str]:
    """Event board positions holding a card: position -> card id (face-up: top card)."""

    out = {}
    for i, st in enumerate(s.up):
        if st:
            out[UP[i]] = st[-1]
    for i, c in enumerate(s.down):
        if c:
            out[DOWN[i]] = c
    return out


def pending_positions(s: State) -> set[str]:
    return {d.card for d in s.dice if d.use == "event" and not d.done}


def stack_targets(s: State) -> list[str]:
    """Where a card moving face up may go (rules "Event card selection"): an empty face-up
    spot if there is one, else the player chooses a card to cover; ASSUMED never a card
    that still carries an unresolved die."""

    empty = [UP[i] for i, st in enumerate(s.up) if not st]
    if empty:
        return empty
    pend = pending_positions(s)
    return [UP[i] for i in range(3) if UP[i] not in pend]


def candidates(s: State) -> list[int]:
    pend = [i for i, d in enumerate(s.dice) if d.use and not d.done]
    if not pend:
        return []
    top = max(s.dice[i].v for i in pend)
    return [i for i in pend if s.dice[i].v == top]


def die_actions(s: State, p: str, i: int) -> list[Any]:
    d = s.dice[i]
    me = s.pl[p]
    if d.use == "event":
        return [new.Fire(card=d.card)]
    out: list[Any] = []
    if d.v == 6:
        out += [new.Grande(to=lab, zone=z) for lab, z in grande_targets(me)]
    elif d.v == 5:
        out += [new.Row(row=r + 1) for r in range(len(s.grid)) if r not in s.used_rows and s.grid[r][me.column]]
    elif d.v == 4:
        out += [
            new.Column(column=c + 1) for c in range(len(s.grid[0])) if c not in s.used_columns and s.grid[me.row][c]
        ]
    elif d.v == 3:
        labs = [lab for lab, bid, _c in buildings(me) if bid != "park"]
        out += [new.UpgradeTake(card=u, building=lab) for u in sorted(s.uface) for lab in labs]
        out += [new.Draw(count=k) for k in range(1, min(D.MAX_DRAW, len(s.udeck)) + 1)]
    elif d.v == 2:
        pend = pending_positions(s)
        targets = stack_targets(s)
        out += [
            new.Reveal(card=DOWN[j], stack=t)
            for j, c in enumerate(s.down)
            if c and D.EVENTS[c].level <= 2 and DOWN[j] not in pend
            for t in targets
        ]
    elif d.v == 1:
        targets = stack_targets(s)
        out += [new.Recall(card=c, stack=t) for c in sorted(set(s.discard)) for t in targets]
    out.append(new.Skip(die=d.v))
    return out


#: (die, position, zones open there) -> the Event actions for them, in zone order
_EVENT_ACTIONS: dict[tuple[int, str, tuple[str, ...]], list[Event]] = {}


def _event_actions(v: int, pos: str, zones: tuple[str, ...]) -> list[Event]:
    """The die showing ``v`` on the card at ``pos`` in each of ``zones`` (board order); the
    list is shared: extend a list with it, never change it."""

    acts = _EVENT_ACTIONS.get((v, pos, zones))
    if acts is None:
        acts = _EVENT_ACTIONS[v, pos, zones] = [new.Event(die=v, card=pos, zone=z) for z in D.ZONES if z in zones]
    return acts


@cache
def _tourist(source: str, to: str) -> Tourist:
    return new.Tourist(source=source, to=to)


def legal(state: State, player: str) -> list[Any]:
    s = state
    if player not in to_act(s):
        return []
    me = s.pl[player]
    ph = s.phase
    if ph == "buy":
        return ship_moves(s, player)
    if ph == "build":
        return [new.Build(row="a"), new.Build(row="b")]
    if ph == "assign":
        out: list[Any] = []
        values = sorted({d.v for d in s.dice if not d.use}, reverse=True)
        cards = board_cards(s)
        used = pending_positions(s)
        for v in values:
            for pos, cid in cards.items():
                if pos in used:
                    continue
                out += _event_actions(v, pos, D.EVENTS[cid].zones if pos.startswith("up") else D.ZONES)
            out.append(new.Use(die=v))
        return out
    if ph == "penalty":
        return [new.Penalty(card=DOWN[j]) for j, c in enumerate(s.down) if c]
    if ph == "resolve":
        # each action once, first come first: the actions are the shared instances of
        # ``new``, so equal ones are one object; a second action die of the same value
        # (all candidates show the same value) lists the very same actions again
        out = []
        seen: set[int] = set()
        values: set[int] = set()
        for i in candidates(s):
            d = s.dice[i]
            if d.use != "event":
                if d.v in values:
                    continue
                values.add(d.v)
            for a in die_actions(s, player, i):
                if id(a) not in seen:
                    seen.add(id(a))
                    out.append(a)
        return out
    if ph == "reveal":
        acts = [a for a in die_actions(s, player, s.current) if isinstance(a, Reveal)]
        return acts + [new.Skip(die=2)]
    if ph == "choose":
        labs = [lab for lab, bid, _c in buildings(me) if bid != "park"]
        return [new.Choose(card=u, building=lab) for u in s.drawn for lab in labs]
    if ph == "cover":
        return [new.Cover(stack=t) for t in stack_targets(s)]
    if ph == "tourists":
        return [_tourist(a, b) for a, b in tourist_moves(me, s.moving, s.move_zone)]
    if ph == "offers":
        return [new.Take(row="a"), new.Take(row="b"), new.Decline()]
    return []


def is_legal(s: State, player: str, a: Any) -> bool | None:
    """Whether ``a`` is among ``legal(s, player)`` (equal type and fields), answered without
    listing them where the step makes that cheap (assigning dice, moving tourists, building,
    the others' buy offers); ``None`` elsewhere: then look in the list."""

    ph = s.phase
    kind = type(a)
    if ph == "assign":
        if player != s.players[s.active] or (kind is not Event and kind is not Use):
            return False
        if not any(d.v == a.die and not d.use for d in s.dice):
            return False
        if kind is Use:
            return True
        cid = board_cards(s).get(a.card)
        if cid is None or a.card in pending_positions(s):
            return False
        return a.zone in D.ZONES and (not a.card.startswith("up") or a.zone in D.EVENTS[cid].zones)
    if ph == "tourists":
        if kind is not Tourist or player not in s.movers:
            return False
        return (a.source, a.to) in tourist_moves(s.pl[player], s.moving, s.move_zone)
    if ph == "build":
        return kind is Build and player == s.players[s.active] and a.row in SIDES
    if ph == "offers":
        return player in s.offers and (kind is Decline or (kind is Take and a.row in SIDES))
    return None


def why(s: State, p: str, a: Any) -> str:
    kinds = {type(x) for x in legal(s, p)}
    if type(a) not in kinds:
        return T("You cannot {move} now: {step}.", move=words.code(type(a).verb()), step=words.step_text(s))
    if isinstance(a, Ship):
        me = s.pl[p]
        cur = me.column if a.edge == "top" else me.row
        others = {(s.pl[q].column if a.edge == "top" else s.pl[q].row) for q in s.players if q != p}
        if a.to - 1 in others:
            return T("Another player's ship is already there.")
        if a.to - 1 == cur:
            return T("Move your ship at least one space.")
        if abs(a.to - 1 - cur) * level(s) > me.coins:
            return T(
                "That move costs {cost} and you have {coins}.",
                cost=coins(abs(a.to - 1 - cur) * level(s)),
                coins=me.coins,
            )
        return T("There is no such space on the grid.")
    if isinstance(a, Event):
        return T(
            "That die, card or time zone cannot be chosen (face-up cards only take their own time zones, one die per card)."
        )
    if isinstance(a, Row):
        return T("Each 5 needs its own grid row with a building at your column ship.")
    if isinstance(a, Column):
        return T("Each 4 needs its own grid column with a building at your row ship.")
    if isinstance(a, Tourist):
        return T(
            "That tourist cannot make that move (tourists never move left, need an open building with room, and move once per event)."
        )
    return host_text("That move is not allowed now.")


def refill_down(s: State, ev: list[GameEvent]) -> None:
    """Empty face-down spots take the top cards of the event deck (rules "Event card
    selection"). The game ends as soon as the deck is empty (rules "Game end"; ASSUMED
    immediately, even mid-turn)."""

    for j in range(3):
        if not s.down[j] and s.edeck:
            s.down[j] = s.edeck.pop(0)
    if not s.edeck:
        s.phase = "over"
        ev.append(event(type="game-over", text=game_over_text(s)))


def game_over_text(s: State) -> str:
    """ "The event deck is empty: the game ends. p0: 12 coins. p1: 9 coins." (2-4 players)."""

    res = [Tn("{seat}: {n} coin.", "{seat}: {n} coins.", s.pl[p].coins, seat=p) for p in s.players]
    if len(res) == 2:
        return T("The event deck is empty: the game ends. {first} {second}", first=res[0], second=res[1])
    if len(res) == 3:
        return T(
            "The event deck is empty: the game ends. {first} {second} {third}",
            first=res[0],
            second=res[1],
            third=res[2],
        )
    return T(
        "The event deck is empty: the game ends. {first} {second} {third} {fourth}",
        first=res[0],
        second=res[1],
        third=res[2],
        fourth=res[3],
    )


def to_face_up(s: State, card: str, stack: str) -> None:
    s.up[UP.index(stack)].append(card)


def take_building(s: State, p: str, r: int, c: int) -> str:
    b = s.grid[r][c]
    s.grid[r][c] = ""
    s.to_refill.append([r, c])
    return b


def refill_grid(s: State) -> None:
    """The building taken is replaced from the deck (rules "Buying new buildings"); several
    spots in row-then-column order so that simultaneous choices give one state."""

    for r, c in sorted(s.to_refill):
        if not s.grid[r][c] and s.bdeck:
            s.grid[r][c] = s.bdeck.pop(0)
    s.to_refill = []


def place(pl: PlayerState, building: str, side: str) -> str:
    """Street (rules "Buying new buildings"): a new building goes at the right end of either row."""

    row = SIDES.index(side)
    pl.street[row].append(building)
    return label(row, len(pl.street[row]) - 1)


def do(s: State, p: str, a: Any, ev: list[GameEvent]) -> None:
    me = s.pl[p]  # to read: a move that changes the player's state takes own(s, p)
    kind = type(a)  # one of the action models (check compared types exactly)
    if kind is Ship:
        me = own(s, p)
        lvl = level(s)
        if a.edge == "top":
            dist = abs(a.to - 1 - me.column)
            me.column = a.to - 1
        else:
            dist = abs(a.to - 1 - me.row)
            me.row = a.to - 1
        cost = dist * lvl
        me.coins -= cost
        s.taking = take_building(s, p, me.row, me.column)
        s.after_build = "roll"
        s.phase = "build"
        ev.append(
            event(
                type="buy",
                text=Tn(
                    "{seat} moves a ship {n} space and buys a {building} for {cost}.",
                    "{seat} moves a ship {n} spaces and buys a {building} for {cost}.",
                    dist,
                    seat=p,
                    building=bname(s.taking),
                    cost=coins(cost),
                ),
            )
        )
    elif kind is Build:
        me = own(s, p)
        lab = place(me, s.taking, a.row)
        ev.append(
            event(
                type="build",
                text=T(
                    "{seat} builds the {building} at {label}.", seat=p, building=bname(s.taking), label=words.code(lab)
                ),
            )
        )
        s.taking = ""
        if s.after_build == "roll":
            refill_grid(s)
            roll(s, ev)
        elif s.after_build == "offers" and s.offers:
            s.phase = "offers"
        else:
            refill_grid(s)
            s.phase = "resolve"
    elif kind is Event:
        d = own_die(s, next(i for i, d in enumerate(s.dice) if d.v == a.die and not d.use))
        d.use, d.card, d.zone = "event", a.card, a.zone
        d.cid = board_cards(s)[a.card]
        ev.append(
            event(
                type="assign",
                text=T(
                    "{seat} puts the {die} on {card}, {zone}.",
                    seat=p,
                    die=a.die,
                    card=words.code(a.card),
                    zone=words.zone_word(a.zone),
                ),
            )
        )
    elif kind is Use:
        d = own_die(s, next(i for i, d in enumerate(s.dice) if d.v == a.die and not d.use))
        d.use = "action"
        ev.append(event(type="assign", text=T("{seat} keeps the {die} for its action.", seat=p, die=a.die)))
    elif kind is Penalty:
        me = own(s, p)
        amount = min(me.coins, longest_row(me))
        me.coins -= amount
        cid = s.down[DOWN.index(a.card)]
        s.stakes[cid] = s.stakes.get(cid, 0) + amount
        ev.append(
            event(
                type="penalty",
                text=T(
                    "{seat} puts no die on an event card and places {amount} on {card}.",
                    seat=p,
                    amount=coins(amount),
                    card=words.code(a.card),
                ),
            )
        )
        s.phase = "resolve"
    elif kind is Fire:
        i = next(i for i in candidates(s) if s.dice[i].use == "event" and s.dice[i].card == a.card)
        fire(s, p, i, ev)
    elif kind is Skip:
        if s.phase == "reveal":
            own_die(s, s.current).done = True
            s.current = -1
            s.phase = "resolve"
        else:
            i = action_die(s, a.die)
            own_die(s, i).done = True
            ev.append(event(type="skip", text=T("{seat} does not use the {die}.", seat=p, die=a.die)))
    elif kind is Grande:
        i = action_die(s, 6)
        own_die(s, i).done = True
        key = f"{a.to}:{a.zone}"
        me = own(s, p)
        me.grande = key
        pay = price(me, a.to, a.zone) * D.GRANDE_FACTOR
        me.coins += pay
        ev.append(
            event(
                type="grande",
                text=T(
                    "{seat}'s Grande goes to {label} ({zone}) and pays {pay}.",
                    seat=p,
                    label=words.code(a.to),
                    zone=words.zone_word(a.zone),
                    pay=pay,
                ),
            )
        )
    elif kind is Row or kind is Column:
        v = 5 if kind is Row else 4
        i = action_die(s, v)
        own_die(s, i).done = True
        lvl = level(s)
        s.offers = {}
        if kind is Row:
            r = a.row - 1
            s.used_rows.append(r)
            s.taking = take_building(s, p, r, me.column)
            for q in s.players:
                c = s.pl[q].column
                if q != p and s.grid[r][c] and s.pl[q].coins >= D.OTHERS_FACTOR * lvl:
                    s.offers[q] = [r, c]
        else:
            c = a.column - 1
            s.used_columns.append(c)
            s.taking = take_building(s, p, me.row, c)
            for q in s.players:
                r = s.pl[q].row
                if q != p and s.grid[r][c] and s.pl[q].coins >= D.OTHERS_FACTOR * lvl:
                    s.offers[q] = [r, c]
        if kind is Row:
            text = T(
                "{seat} places the {die} at row {row} and takes a {building} for free.",
                seat=p,
                die=v,
                row=a.row,
                building=bname(s.taking),
            )
        else:
            text = T(
                "{seat} places the {die} at column {column} and takes a {building} for free.",
                seat=p,
                die=v,
                column=a.column,
                building=bname(s.taking),
            )
        ev.append(event(type="die-building", text=text))
        s.after_build = "offers"
        s.phase = "build"
    elif kind is UpgradeTake:
        i = action_die(s, 3)
        own_die(s, i).done = True
        s.uface.remove(a.card)
        me = own(s, p)
        me.upgrades.setdefault(a.building, []).append(a.card)
        ev.append(
            event(
                type="upgrade",
                text=T(
                    "{seat} takes upgrade {card} for {label}.",
                    seat=p,
                    card=words.code(a.card),
                    label=words.code(a.building),
                ),
            )
        )
    elif kind is Draw:
        i = action_die(s, 3)
        own_die(s, i).done = True
        s.drawn = s.udeck[: a.count]
        s.udeck = s.udeck[a.count :]
        s.phase = "choose"
        ev.append(
            event(
                type="draw",
                text=Tn("{seat} draws {n} upgrade card.", "{seat} draws {n} upgrade cards.", a.count, seat=p),
            )
        )
        ev.append(
            event(
                type="drawn", text=T("You drew {cards}.", cards=tuple(words.code(u) for u in s.drawn)), visible_to=[p]
            )
        )
    elif kind is Choose:
        me = own(s, p)
        me.upgrades.setdefault(a.building, []).append(a.card)
        others = [u for u in s.drawn if u != a.card]
        s.uface.extend(others)
        s.drawn = []
        s.phase = "resolve"
        ev.append(
            event(
                type="upgrade",
                text=(
                    T(
                        "{seat} keeps upgrade {card} for {label}; {others} go face up.",
                        seat=p,
                        card=words.code(a.card),
                        label=words.code(a.building),
                        others=tuple(words.code(u) for u in others),
                    )
                    if others
                    else T(
                        "{seat} keeps upgrade {card} for {label}.",
                        seat=p,
                        card=words.code(a.card),
                        label=words.code(a.building),
                    )
                ),
            )
        )
    elif kind is Reveal:
        if s.phase == "resolve":
            i = action_die(s, 2)
            s.current = i
            s.reveals_left = 2
            s.phase = "reveal"
        j = DOWN.index(a.card)
        cid = s.down[j]
        s.down[j] = ""
        to_face_up(s, cid, a.stack)
        ev.append(
            event(
                type="reveal",
                text=T("{seat} reveals {card} onto {stack}.", seat=p, card=words.code(cid), stack=words.code(a.stack)),
            )
        )
        s.reveals_left -= 1
        refill_down(s, ev)
        if s.phase == "over":
            return
        if s.reveals_left == 0 or not [x for x in die_actions(s, p, s.current) if isinstance(x, Reveal)]:
            own_die(s, s.current).done = True
            s.current = -1
            s.phase = "resolve"
    elif kind is Recall:
        i = action_die(s, 1)
        own_die(s, i).done = True
        s.discard.remove(a.card)
        to_face_up(s, a.card, a.stack)
        ev.append(
            event(
                type="recall",
                text=T(
                    "{seat} puts discarded {card} onto {stack}.",
                    seat=p,
                    card=words.code(a.card),
                    stack=words.code(a.stack),
                ),
            )
        )
    elif kind is Cover:
        to_face_up(s, s.moving, a.stack)
        ev.append(
            event(
                type="face-up",
                text=T("{card} goes face up onto {stack}.", card=words.code(s.moving), stack=words.code(a.stack)),
            )
        )
        s.moving = ""
        s.phase = "resolve"
        refill_down(s, ev)
    elif kind is Tourist:
        move_tourist(s, p, a, ev)
    elif kind is Take:
        r, c = s.offers.pop(p)
        lvl = level(s)
        cost = D.OTHERS_FACTOR * lvl
        me = own(s, p)
        me.coins -= cost
        b = take_building(s, p, r, c)
        lab = place(me, b, a.row)
        ev.append(
            event(
                type="die-building",
                text=T(
                    "{seat} buys a {building} for {cost} and builds it at {label}.",
                    seat=p,
                    building=bname(b),
                    cost=cost,
                    label=words.code(lab),
                ),
            )
        )
    elif kind is Decline:
        s.offers.pop(p)
        ev.append(event(type="decline", text=T("{seat} does not buy the building at their ship.", seat=p)))


def action_die(s: State, v: int) -> int:
    return next(i for i in candidates(s) if s.dice[i].use == "action" and s.dice[i].v == v)


def roll(s: State, ev: list[GameEvent]) -> None:
    """Roll three dice from the game's seed and the turn number."""

    r = rng(s.seed, "dice", s.turn)
    s.dice = [Die(v=r.randint(1, 6)) for _ in range(D.DICE)]
    s.used_rows, s.used_columns = [], []
    s.phase = "assign"
    ev.append(
        event(type="roll", text=T("{seat} rolls {dice}.", seat=s.players[s.active], dice=tuple(d.v for d in s.dice)))
    )


def fire(s: State, p: str, i: int, ev: list[GameEvent]) -> None:
    """Resolve an event die (rules "Event card selection"). Coins on the card go to the
    player who resolves a die on it (ASSUMED, ref ambiguity 6). Zone on the card: every
    player moves tourists; else the card goes face up."""

    d = own_die(s, i)
    d.done = True
    cid = d.cid
    stake = s.stakes.pop(cid, 0)
    if stake:
        own(s, p).coins += stake
        ev.append(
            event(
                type="stake",
                text=T(
                    "{seat} takes the {amount} lying on {card}.", seat=p, amount=coins(stake), card=words.code(d.card)
                ),
            )
        )
    card = D.EVENTS[cid]
    if d.card.startswith("up"):
        s.up[UP.index(d.card)].pop()
    else:
        s.down[DOWN.index(d.card)] = ""
    if d.zone in card.zones:
        s.moving, s.move_zone, s.move_n = cid, d.zone, d.v
        s.movers = {q: d.v for q in s.players}
        for q in s.players:
            if not standing(s.pl[q]):
                pl = own(s, q)
                pl.lying = {}
                pl.grande_moved = False
        s.phase = "tourists"
        ev.append(
            event(
                type="event",
                text=Tn(
                    "Event {card} fires in the {zone}: everyone moves up to {n} tourist.",
                    "Event {card} fires in the {zone}: everyone moves up to {n} tourists.",
                    d.v,
                    card=words.card_words(cid),
                    zone=words.zone_word(d.zone),
                ),
            )
        )
    else:
        ev.append(
            event(
                type="miss",
                text=T("{card} has no {zone}: it goes face up.", card=words.code(cid), zone=words.zone_word(d.zone)),
            )
        )
        targets = stack_targets(s)
        if not s.up[UP.index(targets[0])]:
            to_face_up(s, cid, targets[0])
            refill_down(s, ev)
        else:
            s.moving = cid
            s.phase = "cover"


def move_tourist(s: State, p: str, a: Tourist, ev: list[GameEvent]) -> None:
    """One tourist move, paid on arrival: the building's price in the zone, double for the
    Grande (rules "Grande tourist"; ASSUMED paid to the street's owner, ref ambiguity 4)."""

    me = own(s, p)
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
    ev.append(event(type="tourist", text=tourist_text(p, a, pay)))


def tourist_text(p: str, a: Tourist, pay: int) -> Text:
    """ "p0's tourist moves from the supply to a2 and pays 2." and its other forms (the Grande,
    from a building, out of the street, paying nothing)."""

    to = words.code(a.to)
    if a.source == "grande":
        if a.to == "out":
            return T("{seat}'s Grande moves out of the street.", seat=p)
        if pay:
            return T("{seat}'s Grande moves to {to} and pays {pay}.", seat=p, to=to, pay=pay)
        return T("{seat}'s Grande moves to {to}.", seat=p, to=to)
    if a.source == "supply":
        if a.to == "out":
            return T("{seat}'s tourist moves from the supply out of the street.", seat=p)
        if pay:
            return T("{seat}'s tourist moves from the supply to {to} and pays {pay}.", seat=p, to=to, pay=pay)
        return T("{seat}'s tourist moves from the supply to {to}.", seat=p, to=to)
    source = words.code(a.source)
    if a.to == "out":
        return T("{seat}'s tourist moves from {source} out of the street.", seat=p, source=source)
    if pay:
        return T("{seat}'s tourist moves from {source} to {to} and pays {pay}.", seat=p, source=source, to=to, pay=pay)
    return T("{seat}'s tourist moves from {source} to {to}.", seat=p, source=source, to=to)


def standing(pl: PlayerState, sorted_tourists: bool = False) -> bool:
    """Whether ``pl`` has no lying meeple and its Grande has not moved, as an event's start
    and end leave them (and, with ``sorted_tourists``, its tourists in label order), these
    fields already set: setting them so again would change nothing, not even the set
    fields, so the player's state (perhaps shared, :func:`own`) is left as it is."""

    return (
        not pl.lying
        and not pl.grande_moved
        and _EVENT_FIELDS <= pl.__pydantic_fields_set__
        and (not sorted_tourists or list(pl.tourists) == sorted(pl.tourists))
    )


#: the fields of a player's state an event's start and end set
_EVENT_FIELDS = frozenset({"lying", "grande_moved", "tourists"})


def finish_event(s: State, ev: list[GameEvent]) -> None:
    """End of an event's tourist step: meeples stand up, the card is discarded, the
    face-down row is refilled (rules "Event card selection", Note on meeples)."""

    if s.moved == 0:
        ev.append(
            event(type="event-end", text=T("Nobody has a tourist to move for {card}.", card=words.code(s.moving)))
        )
    for q in s.players:
        if standing(s.pl[q], sorted_tourists=True):
            continue
        pl = own(s, q)
        for k, n in pl.lying.items():
            pl.tourists[k] = pl.tourists.get(k, 0) + n
        pl.tourists = dict(sorted(pl.tourists.items()))
        pl.lying = {}
        pl.grande_moved = False
    s.discard.append(s.moving)
    s.moving, s.move_zone, s.move_n, s.movers, s.moved = "", "", 0, {}, 0
    s.phase = "resolve"
    refill_down(s, ev)


def advance(s: State, ev: list[GameEvent]) -> None:
    """Run the automatic parts of a turn until someone must decide."""

    for _ in range(1000):
        ph = s.phase
        if ph == "over":
            return
        if ph == "buy":
            if ship_moves(s, s.players[s.active]):
                return
            ev.append(
                event(
                    type="no-buy",
                    text=T("{seat} cannot pay for any ship move and buys no building.", seat=s.players[s.active]),
                )
            )
            roll(s, ev)
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
            if not candidates(s):
                end_turn(s)
                continue
            p = s.players[s.active]
            acts = legal(s, p)
            if len(acts) == 1 and isinstance(acts[0], (Fire, Skip)):
                do(s, p, acts[0], ev)
                continue
            return
        if ph == "tourists":
            for q in list(s.movers):
                if s.movers[q] <= 0 or not has_tourist_move(s.pl[q], s.moving, s.move_zone):
                    del s.movers[q]
            if not s.movers:
                finish_event(s, ev)
                continue
            return
        if ph == "offers":
            if not s.offers:
                refill_grid(s)
                s.phase = "resolve"
                continue
            return
        return


def end_turn(s: State) -> None:
    s.dice = []
    s.current = -1
    s.turn += 1
    s.active = (s.active + 1) % len(s.players)
    s.phase = "buy"
