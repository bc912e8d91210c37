"""Transport, the conveyor-belt tile game (Richard van Oostrum, Rob Vermeer): the engine.

Turn (SEED "Beurtvolgorde"): either connect a tile (``connect`` / ``insert``), carry out its
white icon (``load`` / ``wrench`` / ``lift`` / ``swap pallets``), move a parcel (``move``),
draw back to 4 (automatic); or swap the whole hand (``swap hand``), then move a parcel.
Steps without a choice (no parcel can move, drawing) happen by themselves.

Rules the text leaves open, and the choice made here (REF = shared reference facts 2.2):

* Start layouts, tile inventory, parcels, colours: see :mod:`engines.transport.data` (ASSUMED).
* Every start belt ends in a pallet, so there is no open end at first: the first belt tiles
  go between a pallet and the belt (``insert``), or floor tiles against floor sides.
* Moving a parcel is compulsory when any parcel can move (REF item 2); a step is one
  adjacent connected tile; the parcel never revisits a tile nor turns back in one move
  (items 3, 6); a pallet ends the path and only counts when it is exactly the last step
  (item 4).
* Merge junction (3 entrances, 2 exits): arm 1 is inbound only (item 5).
* One flip per move, also when landing on a pallet (item 11); the score is the number then on top.
* The parcel is scored for the pallet's owner; at 4 players team totals (item 8); a player's
  own 4th parcel ends the game (item 9).
* Wrench: the white-icon tile is connected elsewhere like a new tile (belt tile at an open
  end or in the place of a pallet attached to the belt, the pallet re-attached to it as in
  ``insert``; floor tile against floor sides; any rotation; not in its own old cell); the
  hole is allowed, a parcel travels along (items 7, 12). Not enclosed (six neighbours).
* Forklift: a pallet moves to an empty cell at an open belt end, facing it, and must fit
  there; or two pallets (neither enclosed) swap places (orientation stays with the cell).
* A parcel tile also needs a parcel in the bag. A parcel never blocks tile placement (13).
* Swapping: the 4 new tiles are drawn first, then the old ones are shuffled into the stack.
  A voluntary swap needs 4 tiles in the stack; a player who must swap when the stack has
  fewer than 4 ends the game (item 10).
* Rotations that give the same tile (a straight turned 3 times) are one move; the lowest
  number is listed.
* Bottom numbers of parcels on the field are shown (everyone saw them when drawn and flipped).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import islice
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from engines.base import (ActionModel, Engine, Event, IllegalAction, Outcome, default_parse, normalize, plural, rng,
                          shuffled)
from engines.transport import data
from engines.transport import hexes as hx
from engines.transport.hexes import key, parse_key


# ----- actions ---------------------------------------------------------------------------
class Connect(ActionModel):
    """Connect a tile from your hand at a cell (q,r) with a rotation (0-5)."""

    type: Literal["connect"] = "connect"
    tile: str = Field(description="tile id from your hand, e.g. t5")
    at: str = Field(description="cell q,r: an open belt end, or next to floor sides for a floor tile")
    rotation: int = Field(description="rotation 0-5 (clockwise steps; see your hand image)")


class Insert(ActionModel):
    """Put a belt tile in a pallet's place and re-attach the pallet to it."""

    type: Literal["insert"] = "insert"
    tile: str = Field(description="belt tile id from your hand, e.g. t5")
    pallet: str = Field(description="the pallet whose place the tile takes (its colour)")
    rotation: int = Field(description="rotation 0-5 of the tile (see your hand image)")
    pallet_to: str = Field(description="cell q,r the pallet moves to, at an open end of the new tile")


class SwapHand(ActionModel):
    """Swap your whole hand for 4 new tiles instead of connecting one."""

    type: Literal["swap_hand"] = "swap_hand"


class Load(ActionModel):
    """Parcel icon: put the new parcel on an empty loading tile."""

    type: Literal["load"] = "load"
    at: str = Field(description="cell q,r of an empty loading tile")


class Wrench(ActionModel):
    """Wrench icon: move a field tile with a white icon somewhere else (a belt tile may
    take a pallet's place; the pallet then moves to ``pallet_to``)."""

    type: Literal["wrench"] = "wrench"
    at: str = Field(description="cell q,r of the white-icon tile to move")
    to: str = Field(description="cell q,r where it goes (an open end, or a pallet's cell)")
    rotation: int = Field(description="its new rotation 0-5")
    pallet_to: str | None = Field(default=None, description="when it takes a pallet's place: cell q,r the pallet moves to")


class Lift(ActionModel):
    """Forklift icon: move a pallet to an open end of the belt."""

    type: Literal["lift"] = "lift"
    pallet: str = Field(description="the pallet to move (its colour)")
    to: str = Field(description="cell q,r at an open belt end")
    facing: int = Field(description="direction 0-5 its belt side faces (0 east, clockwise)")


class SwapPallets(ActionModel):
    """Forklift icon: swap two pallets."""

    type: Literal["swap_pallets"] = "swap_pallets"
    a: str = Field(description="one pallet (colour)")
    b: str = Field(description="the other pallet (colour)")


class Move(ActionModel):
    """Move a parcel exactly its top number of tiles along the belt."""

    type: Literal["move"] = "move"
    at: str = Field(description="cell q,r of the parcel")
    to: str = Field(description="cell q,r where it ends")


ACTIONS = (Connect, Insert, SwapHand, Load, Wrench, Lift, SwapPallets, Move)


# The most numerous legal actions, built once per (tile, cell, rotation): action models are
# frozen, so one instance can be listed again (a wrench step lists ~1,400 of them).
@lru_cache(maxsize=1 << 16)
def _connect(tile: str, at: tuple[int, int], rotation: int) -> Connect:
    return Connect(tile=tile, at=key(at), rotation=rotation)


@lru_cache(maxsize=1 << 16)
def _wrench(at: tuple[int, int], to: tuple[int, int], rotation: int, pallet_to: tuple[int, int] | None) -> Wrench:
    return Wrench(at=key(at), to=key(to), rotation=rotation, pallet_to=key(pallet_to) if pallet_to else None)


@lru_cache(maxsize=1 << 14)
def _move(at: tuple[int, int], to: tuple[int, int]) -> Move:
    return Move(at=key(at), to=key(to))


# ----- state -----------------------------------------------------------------------------
class Cell(BaseModel):
    """A field tile: its id, rotation and the parcel on it (``[top, bottom]`` or empty).
    Frozen: a step shares the cells it does not change with the state before it."""

    model_config = ConfigDict(frozen=True)

    tile: str
    rot: int
    parcel: list[int] = Field(default_factory=list)


class Options(BaseModel):
    """Transport has no variants."""

    model_config = ConfigDict(extra="forbid")


Phase = Literal["play", "load", "wrench", "lift", "move", "over"]


class State(BaseModel):
    players: list[str]
    seed: int
    colours: list[str]
    field: dict[str, Cell]
    stack: list[str]  # face down, top first (hidden order)
    hands: dict[str, list[str]]  # hidden
    bag: list[list[int]]  # [low, high] in draw order (hidden order)
    scored: dict[str, list[list[int]]]  # seat -> [top, bottom] of each scored parcel
    current: int = 0
    phase: Phase = "play"
    turn: int = 1
    swaps: int = 0  # salt for the reshuffle after a hand swap
    end_reason: str = ""
    recent: list[list[str]] = Field(default_factory=list)  # last public events, as segments
    changed: list[str] = Field(default_factory=list)  # cells the last action changed


SHAPE_NAMES = {s: v[2] for s, v in data.SHAPES.items()}


def grid_of(state: State) -> dict:
    """The plain grid (see :mod:`hexes`) of a state's field."""

    return {parse_key(k): [c.tile, c.rot, tuple(c.parcel) if c.parcel else None] for k, c in state.field.items()}


def field_of(grid: dict, before: dict[str, Cell] | None = None, touched=None) -> dict[str, Cell]:
    """The field of a grid, keyed ``"q,r"`` in cell order. With ``before`` (the field before
    a step) and ``touched`` (the only cells the step changed), the other cells are
    ``before``'s (frozen) cells and only the touched ones are rebuilt."""

    if before is None or touched is None:
        return {key(p): _cell(c) for p, c in sorted(grid.items())}
    out = dict(before)
    for p in touched:
        c = grid.get(p)
        if c is None:
            out.pop(key(p), None)
        else:
            out[key(p)] = _cell(c)
    if len(out) != len(before) or any(key(p) not in before for p in touched if p in grid):
        out = dict(sorted(out.items(), key=lambda kv: parse_key(kv[0])))
    return out


def _cell(c: list) -> Cell:
    return Cell(tile=c[0], rot=c[1], parcel=list(c[2]) if c[2] else [])


def tile_name(tile: str) -> str:
    """``t12`` -> ``"t12 (wide curve, wrench)"``."""

    icon = hx.ICON.get(tile, "")
    name = SHAPE_NAMES[hx.SHAPE[tile]]
    return f"{tile} ({name}{', ' + icon if icon else ''})"


class Transport(Engine):
    """Transport, 2-4 players, 4 players in two teams (seats 1+3 against 2+4)."""

    id = "transport"
    title = "Transport"
    min_players = 2
    max_players = 4
    Options = Options
    State = State
    action_models = ACTIONS
    has_hands = True
    command_group = "transport"
    rules_summary = data.RULES_SUMMARY

    def __init__(self) -> None:
        super().__init__()
        from engines.transport.ai import TransportAI

        self.ai = TransportAI(self)
        self._memo: tuple | None = None  # see _board

    def _board(self, state: State) -> tuple[dict, dict]:
        """``(grid_of(state), hexes.frontier(grid))``, remembered for the last field seen: a
        host lists the legal actions and then applies one on the same state, and ``apply``
        leaves the grid and frontier of the state it returns (derived from the old ones in
        the changed cells only). Used only when the field holds the very same (frozen) cells
        under the same keys, so the answer is always exact. Callers must not change them."""

        memo = self._memo
        field = state.field
        if memo is not None and len(memo[0]) == len(field) and all(
                k == k2 and c is c2 for (k, c), (k2, c2) in zip(memo[0], field.items())):
            return memo[1], memo[2]
        grid = grid_of(state)
        front = hx.frontier(grid)
        self._memo = (tuple(field.items()), grid, front)
        return grid, front

    # ----- setup -------------------------------------------------------------------------
    def setup(self, players, options=None, seed: int = 0) -> State:
        """Transport, "Voorbereiding": start layout for the player count, one colour, pallet
        and score tile per player, shuffled stack, parcels in the bag, 4 tiles per hand."""

        self.check_players(players)
        self.options(options)
        n = len(players)
        colours = list(data.COLOURS[:n])
        grid = {}
        for tid, q, r, rot in data.START_LAYOUTS[n]:
            if tid.startswith("P"):
                tid = colours[int(tid[1:]) - 1]
            grid[(q, r)] = [tid, rot, None]
        stack = shuffled([t for t, _s, _i in data.stack_tiles()], seed, "stack")
        bag = [list(p) for p in shuffled(data.parcel_list(), seed, "bag")]
        hands = {}
        for p in players:
            hands[p] = stack[: data.HAND_SIZE]
            stack = stack[data.HAND_SIZE:]
        state = State(
            players=list(players), seed=seed, colours=colours, field=field_of(grid), stack=stack,
            hands=hands, bag=bag, scored={p: [] for p in players},
        )
        self._start_turn(state, grid, [])
        return state

    # ----- helpers ---------------------------------------------------------------------------
    def team_of(self, state: State, seat: str) -> list[str]:
        """The seats whose points ``seat`` shares: its team at 4 players, else itself."""

        if len(state.players) == 4:
            i = state.players.index(seat)
            for team in data.TEAMS_4P:
                if i in team:
                    return [state.players[j] for j in team]
        return [seat]

    def owner(self, state: State, colour: str) -> str:
        return state.players[state.colours.index(colour)]

    def points(self, state: State, seat: str) -> int:
        """A player's own points: the top numbers of the parcels on their score tile."""

        return sum(p[0] for p in state.scored[seat])

    def _connect_options(self, state: State, grid: dict, seat: str, first_only: bool = False,
                         only: str | None = None, front: dict | None = None):
        """Connect/insert actions for the tiles of ``seat``'s hand (or just tile ``only``)
        whose icon action would be possible afterwards (SEED "Als je die actie niet kan
        uitvoeren, mag je de tegel niet verbinden"). The open cells are found once for the
        grid and the icon check is memoized over the grid (:class:`hexes.IconCheck`)."""

        out = []
        if front is None:
            front = hx.frontier(grid)
        pal = hx.pallets(grid)
        slots = hx.pallet_slots(grid, pal)
        icons = hx.IconCheck(grid, len(state.bag), pal, front)
        for tile in state.hands[seat]:
            if only is not None and tile != only:
                continue
            icon = hx.ICON[tile]
            places = hx.placements(grid, tile, front=front)
            for at, k in places:
                if icon:
                    g = dict(grid)
                    g[at] = [tile, k, None]
                    if not icons.possible(g, icon, self._hints(icon, at, places)):
                        continue
                out.append(_connect(tile, at, k))
                if first_only:
                    return out
            for pallet, k, to in hx.insertions(grid, tile, slots):
                if icon:
                    g = self._after_insert(grid, tile, pallet, k, to, pal)
                    moved = {**pal, pallet: to}
                    if not icons.possible(g, icon, self._hints(icon, pal[pallet], places), moved):
                        continue
                out.append(Insert(tile=tile, pallet=pallet, rotation=k, pallet_to=key(to)))
                if first_only:
                    return out
        return out

    @staticmethod
    def _hints(icon: str, at, places: list) -> tuple:
        """Icon actions likely possible right after connecting a tile at ``at`` (``places``:
        where else the tile could be connected): the wrench may move the new tile on to
        another of those places, a new loading tile may take the parcel."""

        if icon == "wrench":
            return tuple(islice(((at, to, k) for to, k in places if to != at), 2))
        if icon == "parcel":
            return (at,)
        return ()

    @staticmethod
    def _after_insert(grid, tile, pallet, k, to, pal=None):
        """The grid after ``tile`` (rotation ``k``) takes ``pallet``'s place and the pallet
        moves to ``to``, facing the tile (``pal``: the grid's :func:`hexes.pallets`)."""

        g = dict(grid)
        ppos = (pal or hx.pallets(g))[pallet]
        g[ppos] = [tile, k, None]
        g[to] = [pallet, hx.DIRS.index((ppos[0] - to[0], ppos[1] - to[1])), None]
        return g

    def _start_turn(self, state: State, grid: dict, events: list[Event]) -> None:
        """Begin the current player's turn; end the game when a forced swap cannot draw 4
        (SEED "Eind van het spel" b; ASSUMED REF 2.2 item 10)."""

        state.phase = "play"
        seat = state.players[state.current]
        if len(state.stack) < data.HAND_SIZE and not self._connect_options(state, grid, seat, first_only=True):
            self._end(state, events, f"{seat} can connect no tile and the stack cannot give 4 new tiles.")

    def _end(self, state: State, events: list[Event], reason: str) -> None:
        state.phase = "over"
        state.end_reason = reason
        events.append(Event(type="game-over", text="Game over: " + reason))

    def _after_main(self, state: State, grid: dict, events: list[Event]) -> None:
        """Step 2: move a parcel if any can move (compulsory, ASSUMED REF 2.2 item 2); else on."""

        if hx.parcel_moves(grid):
            state.phase = "move"
        else:
            self._finish_turn(state, grid, events)

    def _finish_turn(self, state: State, grid: dict, events: list[Event]) -> None:
        """Step 3: draw back to 4 (SEED "Pak een tegel van de stapel"); an impossible draw
        ends the game; then the player to the left."""

        seat = state.players[state.current]
        hand = state.hands[seat]
        if len(hand) < data.HAND_SIZE:
            if not state.stack:
                self._end(state, events, f"{seat} must draw a tile and the stack is empty.")
                return
            tile = state.stack.pop(0)
            hand.append(tile)
            events.append(Event(type="draw", text=f"{seat} draws a tile."))
            events.append(Event(type="draw-private", text=f"You draw {tile_name(tile)}.", visible_to=[seat]))
        state.current = (state.current + 1) % len(state.players)
        state.turn += 1
        self._start_turn(state, grid, events)

    # ----- contract ------------------------------------------------------------------------
    def to_act(self, state: State) -> list[str]:
        return [] if state.phase == "over" else [state.players[state.current]]

    def legal_actions(self, state: State, player: str) -> list[ActionModel]:
        """Every legal action of ``player`` now, in a stable order (see module doc)."""

        if state.phase == "over" or player != state.players[state.current]:
            return []
        grid, front = self._board(state)
        if state.phase == "play":
            out = self._connect_options(state, grid, player, front=front)
            if not out or len(state.stack) >= data.HAND_SIZE:
                out.append(SwapHand())
            return out
        if state.phase == "load":
            return [Load(at=key(p)) for p in hx.empty_loading(grid)]
        if state.phase == "wrench":
            return [_wrench(*m) for m in hx.wrench_moves(grid, front=front)]
        if state.phase == "lift":
            out = [Lift(pallet=c, to=key(p), facing=k) for c, p, k in hx.lift_moves(grid)]
            out += [SwapPallets(a=a, b=b) for a, b in hx.lift_swaps(grid)]
            return out
        if state.phase == "move":
            return [_move(a, b) for a, b in hx.parcel_moves(grid)]
        return []

    def _is_legal(self, state: State, player: str, action: ActionModel, grid: dict | None = None) -> bool:
        """``action in legal_actions(state, player)`` (``action`` canonical), checking the
        proposed move on its own cells instead of listing every option. ``grid``:
        ``grid_of(state)`` when the caller has it (it is not changed)."""

        if state.phase == "over" or player != state.players[state.current]:
            return False
        phase = state.phase
        if grid is None:
            grid = self._board(state)[0]
        if phase == "play" and isinstance(action, (Connect, Insert)):
            if action.tile not in state.hands[player]:
                return False
            shape, icon = hx.SHAPE[action.tile], hx.ICON[action.tile]
            if isinstance(action, Connect):
                at = parse_key(action.at)
                if at is None or at in grid or not hx.placement_fits(shape, hx.side_masks(grid, at), action.rotation):
                    return False
                g = dict(grid)
                g[at] = [action.tile, action.rotation, None]
            else:
                to = parse_key(action.pallet_to)
                if (action.pallet, action.rotation, to) not in hx.insertions(grid, action.tile):
                    return False
                g = self._after_insert(grid, action.tile, action.pallet, action.rotation, to)
            return not icon or hx.icon_possible(g, icon, len(state.bag))
        if phase == "play" and isinstance(action, SwapHand):
            return len(state.stack) >= data.HAND_SIZE or not self._connect_options(
                state, grid, player, first_only=True)
        if phase == "load" and isinstance(action, Load):
            return hx.loading_ok(grid, parse_key(action.at))
        if phase == "wrench" and isinstance(action, Wrench):
            pallet_to = None if action.pallet_to is None else parse_key(action.pallet_to)
            if action.pallet_to is not None and pallet_to is None:
                return False
            return hx.wrench_ok(grid, parse_key(action.at), parse_key(action.to), action.rotation, pallet_to)
        if phase == "lift" and isinstance(action, Lift):
            return hx.lift_ok(grid, action.pallet, parse_key(action.to), action.facing)
        if phase == "lift" and isinstance(action, SwapPallets):
            return (action.a, action.b) in hx.lift_swaps(grid)
        if phase == "move" and isinstance(action, Move):
            frm = parse_key(action.at)
            if frm is None or frm not in grid or grid[frm][2] is None:
                return False
            return parse_key(action.to) in hx.parcel_destinations(grid, frm)
        return False

    def _canonical(self, state: State, action: ActionModel) -> ActionModel:
        """Rotations that give the same tile are the same move (a straight at 0 and 3)."""

        if isinstance(action, Connect) and action.tile in hx.SHAPE and 0 <= action.rotation < 6:
            return Connect(tile=action.tile, at=action.at, rotation=hx.CANON[hx.SHAPE[action.tile]][action.rotation])
        if isinstance(action, Insert) and action.tile in hx.SHAPE and 0 <= action.rotation < 6:
            return Insert(tile=action.tile, pallet=action.pallet, rotation=hx.CANON[hx.SHAPE[action.tile]][action.rotation],
                          pallet_to=action.pallet_to)
        if isinstance(action, Wrench) and action.at in state.field and 0 <= action.rotation < 6:
            shape = hx.SHAPE[state.field[action.at].tile]
            return Wrench(at=action.at, to=action.to, rotation=hx.CANON[shape][action.rotation], pallet_to=action.pallet_to)
        return action

    def _why_not(self, state: State, player: str, action: ActionModel) -> str:
        """A specific reason for a refused action."""

        if state.phase == "over":
            return "The game is over."
        if player != state.players[state.current]:
            return f"It is {state.players[state.current]}'s turn."
        wanted = {
            "play": "connect a tile from your hand (connect/insert) or swap your hand",
            "load": "place the new parcel on an empty loading tile (load q,r)",
            "wrench": "use the wrench: move a white-icon tile (wrench from to rotation)",
            "lift": "use the forklift: move a pallet (lift) or swap two pallets",
            "move": "move a parcel (move from to)",
        }[state.phase]
        steps = {"play": (Connect, Insert, SwapHand), "load": (Load,), "wrench": (Wrench,),
                 "lift": (Lift, SwapPallets), "move": (Move,)}[state.phase]
        if not isinstance(action, steps):
            return f"Now you must {wanted}."
        grid = grid_of(state)
        if isinstance(action, (Connect, Insert)):
            if action.tile not in state.hands[player]:
                return f"{action.tile} is not in your hand."
            if isinstance(action, Connect):
                at = parse_key(action.at)
                if at is None:
                    return f"{action.at} is not a cell; write it as q,r (for example 1,-2)."
                if at in grid:
                    return f"Cell {action.at} is already taken."
                if hx.SHAPE[action.tile] == "floor":
                    return f"A floor tile must go against floor sides only, and {action.at} is not such a spot."
                if at not in hx.open_cells(grid):
                    return f"Cell {action.at} is not at an open end of the belt."
                if not (0 <= action.rotation < 6) or not hx.fits(grid, at, hx.ROT[hx.SHAPE[action.tile]][action.rotation].mask):
                    return f"{action.tile} in rotation {action.rotation} does not match the belt and floor sides around {action.at}."
            else:
                pal = hx.pallets(grid)
                if action.pallet not in pal:
                    return f"There is no {action.pallet} pallet."
                if hx.SHAPE[action.tile] not in data.BELT_SHAPES:
                    return "Only a belt tile can go between a pallet and the belt."
                if hx.pallet_attachment(grid, pal[action.pallet]) is None:
                    return f"The {action.pallet} pallet is not attached to the belt."
                if not any(k == action.rotation and key(to) == action.pallet_to
                           for p, k, to in hx.insertions(grid, action.tile) if p == action.pallet):
                    return (f"{action.tile} in rotation {action.rotation} in place of the {action.pallet} pallet "
                            f"does not fit, or the pallet cannot go to {action.pallet_to}.")
            icon = hx.ICON[action.tile]
            if icon:
                return f"{action.tile} cannot be connected there: its {icon} action would be impossible."
            return "That tile cannot be connected that way."
        if isinstance(action, SwapHand):
            return "The stack has fewer than 4 tiles, so you cannot swap your hand while you can connect a tile."
        if isinstance(action, Move):
            frm = parse_key(action.at)
            if frm is None or frm not in grid or grid[frm][2] is None:
                return f"There is no parcel at {action.at}."
            n = grid[frm][2][0]
            return (f"The parcel at {action.at} must move exactly {plural(n, 'tile')} along the belt, one way, not against "
                    f"arrows and not through or onto another parcel; it cannot end at {action.to}.")
        if isinstance(action, Wrench):
            frm = parse_key(action.at)
            if frm is None or frm not in grid or not hx.ICON[grid[frm][0]]:
                return f"The wrench only moves a field tile with a white icon; {action.at} has none."
            if hx.enclosed(grid, frm):
                return f"The tile at {action.at} has six neighbours and cannot be moved (enclosure rule)."
            to = parse_key(action.to)
            if to is not None and to in grid and hx.SHAPE[grid[to][0]] == "pallet":
                if action.pallet_to is None:
                    return (f"{action.to} holds the {grid[to][0]} pallet: to put the tile in its place, "
                            f"also say where the pallet goes (wrench {action.at} {action.to} {action.rotation} q,r).")
                return (f"The tile from {action.at} in rotation {action.rotation} does not fit in place of the "
                        f"{grid[to][0]} pallet, or the pallet cannot go to {action.pallet_to}.")
            return f"The tile from {action.at} does not fit at {action.to} in rotation {action.rotation}."
        if isinstance(action, (Lift, SwapPallets)):
            pal = hx.pallets(grid)
            names = [action.pallet] if isinstance(action, Lift) else [action.a, action.b]
            for c in names:
                if c not in pal:
                    return f"There is no {c} pallet."
                if hx.enclosed(grid, pal[c]):
                    return f"The {c} pallet has six neighbours and cannot be moved (enclosure rule)."
            return "The pallet cannot go there: it must face an open end of the belt and match its neighbours."
        if isinstance(action, Load):
            return f"{action.at} is not an empty loading tile."
        return "That move is not allowed now."

    def apply(self, state: State, player: str, action: ActionModel) -> Outcome:
        """Carry out one step (see the module doc); raises :class:`IllegalAction` first."""

        action = self._canonical(state, action)
        before, front = self._board(state)
        if not self._is_legal(state, player, action, before):
            raise IllegalAction(self._why_not(state, player, action))
        new = state.model_copy()  # shallow; every mutable part is copied below
        new.players = list(state.players)
        new.colours = list(state.colours)
        new.stack = list(state.stack)
        new.hands = {p: list(h) for p, h in state.hands.items()}
        new.bag = [list(b) for b in state.bag]
        new.scored = {p: [list(x) for x in v] for p, v in state.scored.items()}
        new.recent = [list(r) for r in state.recent]
        new.changed = self._cells_of(state, action)
        touched = [parse_key(k) for k in new.changed]
        grid = dict(before)  # cells are replaced, never changed in place (``before`` is memoized)
        events: list[Event] = []
        hand = new.hands[player]
        if isinstance(action, Connect):
            hand.remove(action.tile)
            grid[parse_key(action.at)] = [action.tile, action.rotation, None]
            events.append(Event(type="connect", text=f"{player} connects {tile_name(action.tile)} at {action.at}, rotation {action.rotation}."))
            self._icon(new, grid, action.tile, events)
        elif isinstance(action, Insert):
            hand.remove(action.tile)
            ppos = hx.pallets(grid)[action.pallet]
            g = self._after_insert(grid, action.tile, action.pallet, action.rotation, parse_key(action.pallet_to))
            grid.clear()
            grid.update(g)
            events.append(Event(type="connect", text=(
                f"{player} connects {tile_name(action.tile)} at {key(ppos)} in place of the {action.pallet} pallet, "
                f"rotation {action.rotation}; the pallet moves to {action.pallet_to}.")))
            self._icon(new, grid, action.tile, events)
        elif isinstance(action, SwapHand):
            old = list(hand)
            new.hands[player] = new.stack[: data.HAND_SIZE]
            rest = new.stack[data.HAND_SIZE:] + old
            new.swaps += 1
            new.stack = shuffled(rest, new.seed, "swap", new.swaps)
            events.append(Event(type="swap", text=f"{player} swaps their whole hand for 4 new tiles."))
            events.append(Event(type="swap-private", text="Your new hand: " + ", ".join(tile_name(t) for t in new.hands[player]) + ".",
                                visible_to=[player]))
            self._after_main(new, grid, events)
        elif isinstance(action, Load):
            low, high = new.bag.pop(0)
            parcel = (low, high) if len(new.players) == 4 else (high, low)
            at = parse_key(action.at)
            grid[at] = [grid[at][0], grid[at][1], parcel]
            events.append(Event(type="load", text=f"{player} puts a new parcel showing {parcel[0]} ({parcel[1]} underneath) on the loading tile at {action.at}."))
            self._after_main(new, grid, events)
        elif isinstance(action, Wrench):
            frm, to = parse_key(action.at), parse_key(action.to)
            cell = grid.pop(frm)
            if action.pallet_to is None:
                grid[to] = [cell[0], action.rotation, cell[2]]
                events.append(Event(type="wrench", text=f"{player} moves {tile_name(cell[0])} from {action.at} to {action.to}, rotation {action.rotation}."))
            else:
                pallet, pto = grid[to][0], parse_key(action.pallet_to)
                grid[to] = [cell[0], action.rotation, cell[2]]
                grid[pto] = [pallet, hx.DIRS.index((to[0] - pto[0], to[1] - pto[1])), None]
                events.append(Event(type="wrench", text=(
                    f"{player} moves {tile_name(cell[0])} from {action.at} to {action.to} in place of the {pallet} pallet, "
                    f"rotation {action.rotation}; the pallet moves to {action.pallet_to}.")))
            self._after_main(new, grid, events)
        elif isinstance(action, Lift):
            pal = hx.pallets(grid)
            cell = grid.pop(pal[action.pallet])
            grid[parse_key(action.to)] = [cell[0], action.facing, None]
            events.append(Event(type="lift", text=f"{player} moves the {action.pallet} pallet to {action.to}."))
            self._after_main(new, grid, events)
        elif isinstance(action, SwapPallets):
            pal = hx.pallets(grid)
            pa, pb = pal[action.a], pal[action.b]
            grid[pa], grid[pb] = [action.b, grid[pa][1], grid[pa][2]], [action.a, grid[pb][1], grid[pb][2]]
            events.append(Event(type="lift", text=f"{player} swaps the {action.a} and {action.b} pallets."))
            self._after_main(new, grid, events)
        elif isinstance(action, Move):
            self._move(new, grid, player, action, events)
        new.field = field_of(grid, state.field, touched)
        self._memo = (tuple(new.field.items()), grid, hx.frontier_after(before, front, grid, touched))
        new.recent = (new.recent + [self.segments(new, e.text) for e in events
                                    if e.public and e.type != "draw"])[-4:]
        return Outcome(new, events)

    @staticmethod
    def _cells_of(state: State, action: ActionModel) -> list[str]:
        """The cells an action changes (highlighted on the board; also the only cells
        :func:`field_of` rebuilds after it)."""

        if isinstance(action, Connect):
            return [action.at]
        if isinstance(action, Insert):
            old = next((k for k, c in state.field.items() if c.tile == action.pallet), "")
            return [k for k in (old, action.pallet_to) if k]
        if isinstance(action, Load):
            return [action.at]
        if isinstance(action, Wrench) and action.pallet_to is not None:
            return [action.at, action.to, action.pallet_to]
        if isinstance(action, (Wrench, Move)):
            return [action.at, action.to]
        if isinstance(action, Lift):
            old = next((k for k, c in state.field.items() if c.tile == action.pallet), "")
            return [k for k in (old, action.to) if k]
        if isinstance(action, SwapPallets):
            return [k for k, c in state.field.items() if c.tile in (action.a, action.b)]
        return []

    def _icon(self, state: State, grid: dict, tile: str, events: list[Event]) -> None:
        """White icon: its action follows at once (SEED "Als een tegel met een wit icoon")."""

        icon = hx.ICON[tile]
        if icon == "parcel":
            state.phase = "load"
        elif icon == "wrench":
            state.phase = "wrench"
        elif icon == "forklift":
            state.phase = "lift"
        else:
            self._after_main(state, grid, events)

    def _move(self, state: State, grid: dict, player: str, action: Move, events: list[Event]) -> None:
        """Move a parcel, flip it; on a pallet it goes to that pallet's owner's score tile
        (SEED "Als een Pakketje eindigt op een Pallet tegel"; one flip, ASSUMED REF 2.2 item 11);
        a player's 4th parcel ends the game at once."""

        frm, to = parse_key(action.at), parse_key(action.to)
        top, bottom = grid[frm][2]
        grid[frm] = [grid[frm][0], grid[frm][1], None]
        flipped = (bottom, top)
        target = grid[to]
        if hx.SHAPE[target[0]] == "pallet":
            owner = self.owner(state, target[0])
            state.scored[owner].append(list(flipped))
            events.append(Event(type="score", text=(
                f"{player} moves the parcel from {action.at} onto the {target[0]} pallet at {action.to}: "
                f"{plural(flipped[0], 'point')} for {owner}.")))
            if len(state.scored[owner]) >= data.PARCELS_TO_END:
                self._end(state, events, f"{owner} has {data.PARCELS_TO_END} parcels on their score tile.")
                return
        else:
            grid[to] = [target[0], target[1], flipped]
            events.append(Event(type="move", text=f"{player} moves the parcel from {action.at} to {action.to}; it now shows {flipped[0]}."))
        self._finish_turn(state, grid, events)

    # ----- text ---------------------------------------------------------------------------
    def parse(self, state, text: str) -> ActionModel:
        """Default notation, also accepting spaces after commas in cells (``1, -2``)."""

        import re

        cleaned = re.sub(r"\s*,\s*", ",", normalize(text)).replace("(", "").replace(")", "")
        return default_parse(self.action_models, cleaned)

    def describe(self, state: State, action: ActionModel) -> str:
        if isinstance(action, Connect):
            return f"Connect {tile_name(action.tile)} at {action.at}, rotation {action.rotation}."
        if isinstance(action, Insert):
            return f"Put {tile_name(action.tile)} in place of the {action.pallet} pallet (rotation {action.rotation}), pallet to {action.pallet_to}."
        if isinstance(action, SwapHand):
            return "Swap your whole hand for 4 new tiles."
        if isinstance(action, Load):
            return f"Put the new parcel on the loading tile at {action.at}."
        if isinstance(action, Wrench):
            tile = state.field[action.at].tile if action.at in state.field else "?"
            if action.pallet_to is not None:
                pallet = state.field[action.to].tile if action.to in state.field else "?"
                return (f"Wrench: move {tile} from {action.at} to {action.to} in place of the {pallet} pallet "
                        f"(rotation {action.rotation}), pallet to {action.pallet_to}.")
            return f"Wrench: move {tile} from {action.at} to {action.to}, rotation {action.rotation}."
        if isinstance(action, Lift):
            return f"Forklift: move the {action.pallet} pallet to {action.to}."
        if isinstance(action, SwapPallets):
            return f"Forklift: swap the {action.a} and {action.b} pallets."
        if isinstance(action, Move):
            p = state.field.get(action.at)
            n = p.parcel[0] if p and p.parcel else "?"
            dest = state.field.get(action.to)
            extra = f" onto the {dest.tile} pallet" if dest and hx.SHAPE[dest.tile] == "pallet" else ""
            return f"Move the parcel at {action.at} ({n}) to {action.to}{extra}."
        return super().describe(state, action)

    def status(self, state: State) -> str:
        if state.phase == "over":
            return "Game over. " + state.end_reason
        seat = state.players[state.current]
        what = {
            "play": "connect a tile or swap the hand",
            "load": "place the new parcel on a loading tile",
            "wrench": "move a white-icon tile with the wrench",
            "lift": "move or swap pallets with the forklift",
            "move": "move a parcel",
        }[state.phase]
        return f"Turn {state.turn}: {seat} ({state.colours[state.current]}) to {what}."

    # ----- views ---------------------------------------------------------------------------
    @staticmethod
    def segments(state: State, text: str) -> list[str]:
        """``text`` split so that every seat id is a segment of its own
        (``["", "p1", " moves …"]``): a host can rename seats in a view by exact match."""

        import re

        ids = sorted(state.players, key=len, reverse=True)
        pattern = "(" + "|".join(r"(?<![\w-])" + re.escape(p) + r"(?![\w-])" for p in ids) + ")"
        return [part for part in re.split(pattern, text) if part != ""]

    @staticmethod
    def tile_info(tile: str, rot: int = 0) -> dict:
        """Public description of a tile turned by ``rot``: shape, icon, belt edges, moves."""

        shape = hx.SHAPE[tile]
        r = hx.ROT[shape][rot]
        return {"tile": tile, "shape": shape, "name": SHAPE_NAMES[shape], "icon": hx.ICON[tile],
                "kind": hx.kind(tile), "rot": rot, "edges": list(r.edges), "moves": [list(m) for m in r.moves]}

    def _hand(self, state: State, seat: str) -> list[dict]:
        out = []
        for tile in state.hands[seat]:
            shape = hx.SHAPE[tile]
            info = self.tile_info(tile)
            info["rotations"] = [
                {"rot": k, "edges": list(hx.ROT[shape][k].edges), "moves": [list(m) for m in hx.ROT[shape][k].moves]}
                for k in hx.CANON_ROTS[shape]
            ]
            out.append(info)
        return out

    def view(self, state: State, player: str | None) -> dict:
        """Everything public (field, parcels, pallets, scores, counts); ``player`` also gets
        their own hand. Never the stack order, bag order, seed or other hands."""

        grid = grid_of(state)
        field = []
        for k, c in state.field.items():
            pos = parse_key(k)
            info = self.tile_info(c.tile, c.rot)
            info.update({"at": k, "q": pos[0], "r": pos[1], "parcel": list(c.parcel) or None,
                         "enclosed": hx.enclosed(grid, pos)})
            if info["kind"] == "pallet":
                info["owner"] = self.owner(state, c.tile)
            field.append(info)
        n = len(state.players)
        teams = None
        if n == 4:
            teams = [[state.players[i] for i in t] for t in data.TEAMS_4P]
        v = {
            "game": self.id,
            "players": list(state.players),
            "colours": dict(zip(state.players, state.colours)),
            "teams": teams,
            "turn": state.turn,
            "current": None if state.phase == "over" else state.players[state.current],
            "phase": state.phase,
            "status": self.status(state),
            "status_parts": self.segments(state, self.status(state)),
            "over": state.phase == "over",
            "end_reason": state.end_reason,
            "field": field,
            "open_ends": sorted(key(p) for p in hx.open_cells(grid)),
            "stack": len(state.stack),
            "bag": len(state.bag),
            "hand_sizes": {p: len(h) for p, h in state.hands.items()},
            "scored": {p: [list(x) for x in state.scored[p]] for p in state.players},
            "points": {p: self.points(state, p) for p in state.players},
            "scores": self.scores(state),
            "recent": [list(r) for r in state.recent],
            "changed": list(state.changed),
            "viewer": player,
        }
        if player is not None and player in state.hands:
            v["hand"] = list(state.hands[player])  # tile ids (the host's DM text lists them)
            v["hand_tiles"] = self._hand(state, player)  # shapes and rotations, for the image
        return v

    def private_view(self, state: State, player: str) -> dict | None:
        """``player``'s hand: ``hand`` = tile ids, ``hand_tiles`` = each tile with its shape,
        icon and every distinct rotation (edges and belt moves)."""

        if player not in state.hands:
            return None
        return {"player": player, "colour": state.colours[state.players.index(player)],
                "hand": list(state.hands[player]), "hand_tiles": self._hand(state, player)}

    # ----- end ------------------------------------------------------------------------------
    def is_over(self, state: State) -> bool:
        return state.phase == "over"

    def scores(self, state: State) -> dict[str, int]:
        """Each seat's points; at 4 players each seat gets its team's total (SEED "Bij vier
        spelers tellen de spelers van een team hun scores bij elkaar op")."""

        return {p: sum(self.points(state, s) for s in self.team_of(state, p)) for p in state.players}

    def ranking(self, state: State) -> list[list[str]]:
        """Tiers by (team) points, highest first; equal points share a tier (no tie-breaker
        in the rules)."""

        sc = self.scores(state)
        tiers: list[list[str]] = []
        for value in sorted(set(sc.values()), reverse=True):
            tiers.append([p for p in state.players if sc[p] == value])
        return tiers
