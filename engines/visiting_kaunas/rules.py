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

from typing import Any

from engines.base import Event as GameEvent
from engines.base import rng

from . import data as D
from . import text as T
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


# ----------------------------------------------------------------------------- helpers
def count(n: int, word: str) -> str:
    """``"1 coin"``, ``"5 coins"``: a number with its noun (regular English plural)."""

    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def level(s: State) -> int:
    """ "The number on the event deck": the level on the back of its top card (ASSUMED, ref
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
    for lab, _bid, col in blds:
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
                zones = D.EVENTS[cid].zones if pos.startswith("up") else D.ZONES
                out += [new.Event(die=v, card=pos, zone=z) for z in D.ZONES if z in zones]
            out.append(new.Use(die=v))
        return out
    if ph == "penalty":
        return [new.Penalty(card=DOWN[j]) for j, c in enumerate(s.down) if c]
    if ph == "resolve":
        out = []
        seen = set()
        for i in candidates(s):
            for a in die_actions(s, player, i):
                if a not in seen:
                    seen.add(a)
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
        return [new.Tourist(source=a, to=b) for a, b in tourist_moves(me, s.moving, s.move_zone)]
    if ph == "offers":
        return [new.Take(row="a"), new.Take(row="b"), new.Decline()]
    return []


def why(s: State, p: str, a: Any) -> str:
    kinds = {type(x) for x in legal(s, p)}
    if type(a) not in kinds:
        return f"You cannot {type(a).verb()} now: {T.step_text(s)}."
    if isinstance(a, Ship):
        me = s.pl[p]
        cur = me.column if a.edge == "top" else me.row
        others = {(s.pl[q].column if a.edge == "top" else s.pl[q].row) for q in s.players if q != p}
        if a.to - 1 in others:
            return "Another player's ship is already there."
        if a.to - 1 == cur:
            return "Move your ship at least one space."
        if abs(a.to - 1 - cur) * level(s) > me.coins:
            return f"That move costs {count(abs(a.to - 1 - cur) * level(s), 'coin')} and you have {me.coins}."
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


def refill_down(s: State, ev: list[GameEvent]) -> None:
    """Empty face-down spots take the top cards of the event deck (rules "Event card
    selection"). The game ends as soon as the deck is empty (rules "Game end"; ASSUMED
    immediately, even mid-turn)."""

    for j in range(3):
        if not s.down[j] and s.edeck:
            s.down[j] = s.edeck.pop(0)
    if not s.edeck:
        s.phase = "over"
        ev.append(
            GameEvent(
                type="game-over",
                text="The event deck is empty: the game ends. "
                + " ".join(f"{p}: {count(s.pl[p].coins, 'coin')}." for p in s.players),
            )
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
        s.taking = take_building(s, p, me.row, me.column)
        s.after_build = "roll"
        s.phase = "build"
        ev.append(
            GameEvent(
                type="buy",
                text=f"{p} moves a ship {count(dist, 'space')} and buys a {bname(s.taking)} for {count(cost, 'coin')}.",
            )
        )
    elif isinstance(a, Build):
        lab = place(me, s.taking, a.row)
        ev.append(GameEvent(type="build", text=f"{p} builds the {bname(s.taking)} at {lab}."))
        s.taking = ""
        if s.after_build == "roll":
            refill_grid(s)
            roll(s, ev)
        elif s.after_build == "offers" and s.offers:
            s.phase = "offers"
        else:
            refill_grid(s)
            s.phase = "resolve"
    elif isinstance(a, Event):
        d = next(d for d in s.dice if d.v == a.die and not d.use)
        d.use, d.card, d.zone = "event", a.card, a.zone
        d.cid = board_cards(s)[a.card]
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
        ev.append(
            GameEvent(
                type="penalty", text=f"{p} puts no die on an event card and places {count(amount, 'coin')} on {a.card}."
            )
        )
        s.phase = "resolve"
    elif isinstance(a, Fire):
        i = next(i for i in candidates(s) if s.dice[i].use == "event" and s.dice[i].card == a.card)
        fire(s, p, i, ev)
    elif isinstance(a, Skip):
        if s.phase == "reveal":
            s.dice[s.current].done = True
            s.current = -1
            s.phase = "resolve"
        else:
            i = action_die(s, a.die)
            s.dice[i].done = True
            ev.append(GameEvent(type="skip", text=f"{p} does not use the {a.die}."))
    elif isinstance(a, Grande):
        i = action_die(s, 6)
        s.dice[i].done = True
        key = f"{a.to}:{a.zone}"
        me.grande = key
        pay = price(me, a.to, a.zone) * D.GRANDE_FACTOR
        me.coins += pay
        ev.append(GameEvent(type="grande", text=f"{p}'s Grande goes to {a.to} ({a.zone}) and pays {pay}."))
    elif isinstance(a, (Row, Column)):
        v = 5 if isinstance(a, Row) else 4
        i = action_die(s, v)
        s.dice[i].done = True
        lvl = level(s)
        s.offers = {}
        if isinstance(a, Row):
            r = a.row - 1
            s.used_rows.append(r)
            s.taking = take_building(s, p, r, me.column)
            for q in s.players:
                c = s.pl[q].column
                if q != p and s.grid[r][c] and s.pl[q].coins >= D.OTHERS_FACTOR * lvl:
                    s.offers[q] = [r, c]
            where = f"row {a.row}"
        else:
            c = a.column - 1
            s.used_columns.append(c)
            s.taking = take_building(s, p, me.row, c)
            for q in s.players:
                r = s.pl[q].row
                if q != p and s.grid[r][c] and s.pl[q].coins >= D.OTHERS_FACTOR * lvl:
                    s.offers[q] = [r, c]
            where = f"column {a.column}"
        ev.append(
            GameEvent(
                type="die-building", text=f"{p} places the {v} at {where} and takes a {bname(s.taking)} for free."
            )
        )
        s.after_build = "offers"
        s.phase = "build"
    elif isinstance(a, UpgradeTake):
        i = action_die(s, 3)
        s.dice[i].done = True
        s.uface.remove(a.card)
        me.upgrades.setdefault(a.building, []).append(a.card)
        ev.append(GameEvent(type="upgrade", text=f"{p} takes upgrade {a.card} for {a.building}."))
    elif isinstance(a, Draw):
        i = action_die(s, 3)
        s.dice[i].done = True
        s.drawn = s.udeck[: a.count]
        s.udeck = s.udeck[a.count :]
        s.phase = "choose"
        ev.append(GameEvent(type="draw", text=f"{p} draws {count(a.count, 'upgrade card')}."))
        ev.append(GameEvent(type="drawn", text="You drew " + ", ".join(s.drawn) + ".", visible_to=[p]))
    elif isinstance(a, Choose):
        me.upgrades.setdefault(a.building, []).append(a.card)
        others = [u for u in s.drawn if u != a.card]
        s.uface.extend(others)
        s.drawn = []
        s.phase = "resolve"
        ev.append(
            GameEvent(
                type="upgrade",
                text=f"{p} keeps upgrade {a.card} for {a.building}"
                + (f"; {', '.join(others)} go face up." if others else "."),
            )
        )
    elif isinstance(a, Reveal):
        if s.phase == "resolve":
            i = action_die(s, 2)
            s.current = i
            s.reveals_left = 2
            s.phase = "reveal"
        j = DOWN.index(a.card)
        cid = s.down[j]
        s.down[j] = ""
        to_face_up(s, cid, a.stack)
        ev.append(GameEvent(type="reveal", text=f"{p} reveals {cid} onto {a.stack}."))
        s.reveals_left -= 1
        refill_down(s, ev)
        if s.phase == "over":
            return
        if s.reveals_left == 0 or not [x for x in die_actions(s, p, s.current) if isinstance(x, Reveal)]:
            s.dice[s.current].done = True
            s.current = -1
            s.phase = "resolve"
    elif isinstance(a, Recall):
        i = action_die(s, 1)
        s.dice[i].done = True
        s.discard.remove(a.card)
        to_face_up(s, a.card, a.stack)
        ev.append(GameEvent(type="recall", text=f"{p} puts discarded {a.card} onto {a.stack}."))
    elif isinstance(a, Cover):
        to_face_up(s, s.moving, a.stack)
        ev.append(GameEvent(type="face-up", text=f"{s.moving} goes face up onto {a.stack}."))
        s.moving = ""
        s.phase = "resolve"
        refill_down(s, ev)
    elif isinstance(a, Tourist):
        move_tourist(s, p, a, ev)
    elif isinstance(a, Take):
        r, c = s.offers.pop(p)
        lvl = level(s)
        cost = D.OTHERS_FACTOR * lvl
        me.coins -= cost
        b = take_building(s, p, r, c)
        lab = place(me, b, a.row)
        ev.append(GameEvent(type="die-building", text=f"{p} buys a {bname(b)} for {cost} and builds it at {lab}."))
    elif isinstance(a, Decline):
        s.offers.pop(p)
        ev.append(GameEvent(type="decline", text=f"{p} does not buy the building at their ship."))


def action_die(s: State, v: int) -> int:
    return next(i for i in candidates(s) if s.dice[i].use == "action" and s.dice[i].v == v)


def roll(s: State, ev: list[GameEvent]) -> None:
    """Roll three dice from the game's seed and the turn number."""

    r = rng(s.seed, "dice", s.turn)
    s.dice = [Die(v=r.randint(1, 6)) for _ in range(D.DICE)]
    s.used_rows, s.used_columns = [], []
    s.phase = "assign"
    ev.append(GameEvent(type="roll", text=f"{s.players[s.active]} rolls " + ", ".join(str(d.v) for d in s.dice) + "."))


def fire(s: State, p: str, i: int, ev: list[GameEvent]) -> None:
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
        ev.append(
            GameEvent(
                type="event",
                text=f"Event {T.card_words(cid)} fires in the {d.zone}: everyone moves up to {count(d.v, 'tourist')}.",
            )
        )
    else:
        ev.append(GameEvent(type="miss", text=f"{cid} has no {d.zone}: it goes face up."))
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
    ev.append(GameEvent(type="tourist", text=f"{p}'s {who} moves{start}{goal}" + (f" and pays {pay}." if pay else ".")))


def finish_event(s: State, ev: list[GameEvent]) -> None:
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
                GameEvent(
                    type="no-buy", text=f"{s.players[s.active]} cannot pay for any ship move and buys no building."
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
                if s.movers[q] <= 0 or not tourist_moves(s.pl[q], s.moving, s.move_zone):
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
