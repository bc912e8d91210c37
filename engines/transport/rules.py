"""Transport, the conveyor-belt tile game (Richard van Oostrum, Rob Vermeer): the rules, as functions over
:class:`~engines.transport.state.State` and its plain grid (:mod:`engines.transport.hexes`).

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
* A stuck game (the rules give it no end): when a player must swap (no tile of their hand
  can be connected), no tile left in the game (stack and every hand) can be connected, and
  no parcel can ever reach a pallet nor a parcel tile find an empty loading tile whatever
  parcel moves are made, the field and the score can never change again, yet neither end
  of "Eind van het spel" ever comes (nobody draws: every turn is a swap, the stack keeps
  its size). The game then ends at that swap, ranked as it stands (:func:`stuck`) - the
  ranking the endless game would keep for ever. Swapping itself is as the rules say:
  voluntary at any turn, the old tiles go back into the stack, a parcel still moves.
* Rotations that give the same tile (a straight turned 3 times) are one move; the lowest
  number is listed.
* Bottom numbers of parcels on the field are shown (everyone saw them when drawn and flipped).
"""

from __future__ import annotations

from functools import lru_cache

from engines.base import ActionModel, Event, event
from engines.i18n import T as host_text
from engines.i18n import texts
from engines.transport import data
from engines.transport import hexes as hx
from engines.transport import text as words
from engines.transport.actions import (
    Connect,
    Insert,
    Lift,
    Load,
    Move,
    SwapHand,
    SwapPallets,
    Wrench,
    _connect,
    _insert,
    connect_actions,
)
from engines.transport.hexes import grid_of, key, parse_key
from engines.transport.state import State
from engines.transport.text import code, tile_name

_T, _Tn, Tp = texts("transport")
#: the texts of events, one shared Text per distinct sentence and parameters (texts are
#: immutable; events are written on the hot path of ``apply``)
T = lru_cache(maxsize=8192)(_T)
Tn = lru_cache(maxsize=8192)(_Tn)


# ----- helpers ---------------------------------------------------------------------------
def put(state: State, name: str, value) -> None:
    """``state.<name> = value`` as pydantic assigns a field of a model that does not validate
    assignments (the value in its ``__dict__``, the name among its set fields), without going
    through ``BaseModel.__setattr__`` (a few of these on every step)."""

    state.__dict__[name] = value
    state.__pydantic_fields_set__.add(name)


def team_of(state: State, seat: str) -> list[str]:
    """The seats whose points ``seat`` shares: its team at 4 players, else itself."""

    if len(state.players) == 4:
        i = state.players.index(seat)
        for team in data.TEAMS_4P:
            if i in team:
                return [state.players[j] for j in team]
    return [seat]


def owner(state: State, colour: str) -> str:
    return state.players[state.colours.index(colour)]


def points(state: State, seat: str) -> int:
    """A player's own points: the top numbers of the parcels on their score tile."""

    return sum(p[0] for p in state.scored[seat])


def connect_options(
    state: State, grid: dict, seat: str, first_only: bool = False, only: str | None = None, front: dict | None = None
):
    """Connect/insert actions for the tiles of ``seat``'s hand (or just tile ``only``)
    whose icon action would be possible afterwards (SEED "Als je die actie niet kan
    uitvoeren, mag je de tegel niet verbinden"). The open cells are found once for the
    grid and the icon check is memoized over the grid (:class:`hexes.IconCheck`); the
    common cases are settled first without building the grid after the step:

    * parcel icon: connecting adds no loading tile unless the tile is one, and takes none
      away (a pallet's place is never a loading tile), so the answer is the same for every
      place: a parcel in the bag and an empty loading tile;
    * wrench icon: the new tile itself may move on to another of its places at least two
      steps from every cell the step filled (the sides there are unchanged), unless it is
      enclosed;
    * forklift icon: two pallets not enclosed before and not next to the new tile may swap
      (a connected tile changes the neighbours of the cells next to it only)."""

    out = []
    if front is None:
        front = hx.frontier(grid)
    pal, slots = hx.slots_of(grid, front)
    pal = dict(pal)  # changed below while each insertion is checked
    icons = hx.IconCheck(grid, len(state.bag), pal, front)
    loading_free = None  # whether grid has an empty loading tile (computed when needed)
    g = None  # a working copy of grid: each candidate step is written into it, checked, undone
    free = None  # the pallets not enclosed on grid (computed when needed)
    for tile in state.hands[seat]:
        if only is not None and tile != only:
            continue
        icon = hx.ICON[tile]
        places = hx.placements(grid, tile, front=front)
        if icon == "parcel":
            if loading_free is None:
                loading_free = bool(hx.empty_loading(grid))
            if not (state.bag and (loading_free or hx.SHAPE[tile] in data.LOADING_SHAPES)):
                continue  # not one place or insertion is possible
            icon = ""  # possible everywhere
        if not icon:
            if places:
                if first_only:
                    return [_connect(tile, *places[0])]
                out += connect_actions(tile, places)
        elif g is None:
            g = dict(grid)
        if icon == "forklift" and free is None:
            free = [p for p in pal.values() if not hx.enclosed(grid, p)]
        for at, k in places if icon else ():
            if icon == "wrench" and front[at][0] != 63 and _far_place(places, at):
                pass  # not enclosed (its neighbours are the frontier's), and may move on
            elif icon == "forklift" and _apart(free, at) >= 2:
                pass  # two pallets the new tile cannot enclose may swap (as icon_possible)
            else:
                g[at] = [tile, k, None]
                ok = icons.possible(g, icon, hints(icon, at, places))
                del g[at]
                if not ok:
                    continue
            out.append(_connect(tile, at, k))
            if first_only:
                return out
        for pallet, k, to in hx.insertions(grid, tile, slots):
            if icon:
                ppos = pal[pallet]
                g[ppos] = [tile, k, None]
                g[to] = [pallet, hx.DIRS.index((ppos[0] - to[0], ppos[1] - to[1])), None]  # as after_insert
                if icon == "wrench" and not hx.enclosed(g, ppos) and _far_place(places, ppos, to):
                    ok = True
                else:
                    pal[pallet] = to
                    ok = icons.possible(g, icon, hints(icon, ppos, places, to), pal)
                    pal[pallet] = ppos
                g[ppos] = grid[ppos]
                del g[to]
                if not ok:
                    continue
            out.append(_insert(tile, pallet, k, to))
            if first_only:
                return out
    return out


def _apart(cells: list, at) -> int:
    """How many of ``cells`` are not ``at`` nor next to it (a tile connected at ``at`` changes
    the neighbours of those only)."""

    aq, ar = at
    n = 0
    for q, r in cells:
        dq, dr = q - aq, r - ar
        if abs(dq) + abs(dr) + abs(dq + dr) > 2:
            n += 1
    return n


def _far_place(places: list, at, also=None) -> bool:
    """Whether one of ``places`` (``[(cell, rotation)]``) is at least two steps from ``at``
    and from ``also``: a wrench may move a tile just connected at ``at`` there, as it fits
    there before the step (see :func:`hints`)."""

    aq, ar = at
    for (q, r), _k in places:
        dq, dr = q - aq, r - ar
        if abs(dq) + abs(dr) + abs(dq + dr) <= 2:
            continue
        if also is not None:
            dq, dr = q - also[0], r - also[1]
            if abs(dq) + abs(dr) + abs(dq + dr) <= 2:
                continue
        return True
    return False


def hints(icon: str, at, places: list, also=None) -> tuple:
    """Icon actions likely possible right after connecting a tile at ``at`` (``places``:
    where else the tile could be connected; ``also``: another cell the step filled, the
    moved pallet's): the wrench may move the new tile on to another of those places that
    touches neither ``at`` nor ``also`` (its sides there are unchanged), a new loading tile
    may take the parcel. Only a speed-up: every hint is re-checked."""

    if icon == "wrench":
        out = []
        aq, ar = at
        for to, k in places:
            dq, dr = to[0] - aq, to[1] - ar
            if abs(dq) + abs(dr) + abs(dq + dr) <= 2:
                continue  # at or next to at
            if also is not None:
                dq, dr = to[0] - also[0], to[1] - also[1]
                if abs(dq) + abs(dr) + abs(dq + dr) <= 2:
                    continue
            out.append((at, to, k))
            if len(out) == 2:
                break
        return tuple(out)
    if icon == "parcel":
        return (at,)
    return ()


def after_insert(grid, tile, pallet, k, to, pal=None):
    """The grid after ``tile`` (rotation ``k``) takes ``pallet``'s place and the pallet
    moves to ``to``, facing the tile (``pal``: the grid's :func:`hexes.pallets`)."""

    g = dict(grid)
    ppos = (pal or hx.pallets(g))[pallet]
    g[ppos] = [tile, k, None]
    g[to] = [pallet, hx.DIRS.index((ppos[0] - to[0], ppos[1] - to[1])), None]
    return g


def start_turn(state: State, grid: dict, events: list[Event], front=None) -> None:
    """Begin the current player's turn; end the game when a forced swap cannot draw 4
    (SEED "Eind van het spel" b; ASSUMED REF 2.2 item 10). ``front``: None, or a function
    giving the :func:`hexes.frontier` of ``grid`` (as it is now, the step's last grid)."""

    put(state, "phase", "play")
    seat = state.players[state.current]
    if len(state.stack) < data.HAND_SIZE and not connect_options(
        state, grid, seat, first_only=True, front=None if front is None else front()
    ):
        end_game(state, events, words.no_tile_reason(seat))


def end_game(state: State, events: list[Event], reason: str) -> None:
    """The game ends: ``reason`` (a text of :mod:`engines.transport.text`) kept in the state
    in English (:func:`engines.transport.text.end_reason_text` reads it back)."""

    put(state, "phase", "over")
    put(state, "end_reason", str.__str__(reason))
    events.append(event(type="game-over", text=T("Game over: {reason}", reason=reason)))


def after_main(state: State, grid: dict, events: list[Event], front=None, known=None) -> list | None:
    """Step 2: move a parcel if any can move (compulsory, ASSUMED REF 2.2 item 2); else on.
    Returns the parcel moves (:func:`hexes.parcel_moves` of ``grid``) when the phase is now
    ``move``, else None. ``front``: see :func:`start_turn`; ``known``: see
    :func:`hexes.parcel_moves`."""

    moves = hx.parcel_moves(grid, known)
    if moves:
        put(state, "phase", "move")
        return moves
    finish_turn(state, grid, events, front)
    return None


def finish_turn(state: State, grid: dict, events: list[Event], front=None) -> None:
    """Step 3: draw back to 4 (SEED "Pak een tegel van de stapel"); an impossible draw
    ends the game; then the player to the left."""

    seat = state.players[state.current]
    hand = state.hands[seat]
    if len(hand) < data.HAND_SIZE:
        if not state.stack:
            end_game(state, events, words.empty_stack_reason(seat))
            return
        tile = state.stack.pop(0)
        hand.append(tile)
        events.append(event(type="draw", text=T("{seat} draws a tile.", seat=seat)))
        events.append(event(type="draw-private", text=T("You draw {tile}.", tile=tile_name(tile)), visible_to=[seat]))
    put(state, "current", (state.current + 1) % len(state.players))
    put(state, "turn", state.turn + 1)
    start_turn(state, grid, events, front)


def canonical(state: State, action: ActionModel) -> ActionModel:
    """Rotations that give the same tile are the same move (a straight at 0 and 3)."""

    if isinstance(action, Connect) and action.tile in hx.SHAPE and 0 <= action.rotation < 6:
        return Connect(tile=action.tile, at=action.at, rotation=hx.CANON[hx.SHAPE[action.tile]][action.rotation])
    if isinstance(action, Insert) and action.tile in hx.SHAPE and 0 <= action.rotation < 6:
        return Insert(
            tile=action.tile,
            pallet=action.pallet,
            rotation=hx.CANON[hx.SHAPE[action.tile]][action.rotation],
            pallet_to=action.pallet_to,
        )
    if isinstance(action, Wrench) and action.at in state.field and 0 <= action.rotation < 6:
        shape = hx.SHAPE[state.field[action.at].tile]
        return Wrench(at=action.at, to=action.to, rotation=hx.CANON[shape][action.rotation], pallet_to=action.pallet_to)
    return action


def why_not(state: State, player: str, action: ActionModel) -> str:
    """A specific reason for a refused action."""

    if state.phase == "over":
        return host_text("The game is over.")
    if player != state.players[state.current]:
        return T("It is {seat}'s turn.", seat=state.players[state.current])
    wanted = {
        "play": T("Now you must connect a tile from your hand (connect/insert) or swap your hand."),
        "load": T("Now you must place the new parcel on an empty loading tile (load q,r)."),
        "wrench": T("Now you must use the wrench: move a white-icon tile (wrench from to rotation)."),
        "lift": T("Now you must use the forklift: move a pallet (lift) or swap two pallets."),
        "move": T("Now you must move a parcel (move from to)."),
    }[state.phase]
    steps = {
        "play": (Connect, Insert, SwapHand),
        "load": (Load,),
        "wrench": (Wrench,),
        "lift": (Lift, SwapPallets),
        "move": (Move,),
    }[state.phase]
    if not isinstance(action, steps):
        return wanted
    grid = grid_of(state)
    if isinstance(action, (Connect, Insert)):
        if action.tile not in state.hands[player]:
            return T("{tile} is not in your hand.", tile=code(action.tile))
        if isinstance(action, Connect):
            at = parse_key(action.at)
            if at is None:
                return T("{cell} is not a cell; write it as q,r (for example 1,-2).", cell=code(action.at))
            if at in grid:
                return T("Cell {cell} is already taken.", cell=code(action.at))
            if hx.SHAPE[action.tile] == "floor":
                return T(
                    "A floor tile must go against floor sides only, and {cell} is not such a spot.",
                    cell=code(action.at),
                )
            if at not in hx.open_cells(grid):
                return T("Cell {cell} is not at an open end of the belt.", cell=code(action.at))
            if not (0 <= action.rotation < 6) or not hx.fits(
                grid, at, hx.ROT[hx.SHAPE[action.tile]][action.rotation].mask
            ):
                return T(
                    "{tile} in rotation {rotation} does not match the belt and floor sides around {cell}.",
                    tile=code(action.tile),
                    rotation=action.rotation,
                    cell=code(action.at),
                )
        else:
            pal = hx.pallets(grid)
            if action.pallet not in pal:
                return T("There is no {colour} pallet.", colour=words.colour(action.pallet))
            if hx.SHAPE[action.tile] not in data.BELT_SHAPES:
                return T("Only a belt tile can go between a pallet and the belt.")
            if hx.pallet_attachment(grid, pal[action.pallet]) is None:
                return T("The {colour} pallet is not attached to the belt.", colour=words.colour(action.pallet))
            if not any(
                k == action.rotation and key(to) == action.pallet_to
                for p, k, to in hx.insertions(grid, action.tile)
                if p == action.pallet
            ):
                return T(
                    "{tile} in rotation {rotation} in place of the {colour} pallet does not fit, "
                    "or the pallet cannot go to {cell}.",
                    tile=code(action.tile),
                    rotation=action.rotation,
                    colour=words.colour(action.pallet),
                    cell=code(action.pallet_to),
                )
        icon = hx.ICON[action.tile]
        if icon:
            return T(
                "{tile} cannot be connected there: its {icon} action would be impossible.",
                tile=code(action.tile),
                icon=words.ICON_NAMES[icon],
            )
        return T("That tile cannot be connected that way.")
    if isinstance(action, SwapHand):
        return T("The stack has fewer than 4 tiles, so you cannot swap your hand while you can connect a tile.")
    if isinstance(action, Move):
        frm = parse_key(action.at)
        if frm is None or frm not in grid or grid[frm][2] is None:
            return T("There is no parcel at {cell}.", cell=code(action.at))
        n = grid[frm][2][0]
        return Tn(
            "The parcel at {cell} must move exactly {n} tile along the belt, one way, not against "
            "arrows and not through or onto another parcel; it cannot end at {to}.",
            "The parcel at {cell} must move exactly {n} tiles along the belt, one way, not against "
            "arrows and not through or onto another parcel; it cannot end at {to}.",
            n,
            cell=code(action.at),
            to=code(action.to),
        )
    if isinstance(action, Wrench):
        frm = parse_key(action.at)
        if frm is None or frm not in grid or not hx.ICON[grid[frm][0]]:
            return T("The wrench only moves a field tile with a white icon; {cell} has none.", cell=code(action.at))
        if hx.enclosed(grid, frm):
            return T(
                "The tile at {cell} has six neighbours and cannot be moved (enclosure rule).", cell=code(action.at)
            )
        to = parse_key(action.to)
        if to is not None and to in grid and hx.SHAPE[grid[to][0]] == "pallet":
            if action.pallet_to is None:
                return T(
                    "{cell} holds the {colour} pallet: to put the tile in its place, "
                    "also say where the pallet goes ({move}).",
                    cell=code(action.to),
                    colour=words.colour(grid[to][0]),
                    move=code(f"wrench {action.at} {action.to} {action.rotation} q,r"),
                )
            return T(
                "The tile from {cell} in rotation {rotation} does not fit in place of the "
                "{colour} pallet, or the pallet cannot go to {to}.",
                cell=code(action.at),
                rotation=action.rotation,
                colour=words.colour(grid[to][0]),
                to=code(action.pallet_to),
            )
        return T(
            "The tile from {cell} does not fit at {to} in rotation {rotation}.",
            cell=code(action.at),
            to=code(action.to),
            rotation=action.rotation,
        )
    if isinstance(action, (Lift, SwapPallets)):
        pal = hx.pallets(grid)
        names = [action.pallet] if isinstance(action, Lift) else [action.a, action.b]
        for c in names:
            if c not in pal:
                return T("There is no {colour} pallet.", colour=words.colour(c))
            if hx.enclosed(grid, pal[c]):
                return T(
                    "The {colour} pallet has six neighbours and cannot be moved (enclosure rule).",
                    colour=words.colour(c),
                )
        return T("The pallet cannot go there: it must face an open end of the belt and match its neighbours.")
    if isinstance(action, Load):
        return T("{cell} is not an empty loading tile.", cell=code(action.at))
    return host_text("That move is not allowed now.")


def cells_of(state: State, action: ActionModel) -> list[str]:
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


def icon(state: State, grid: dict, tile: str, events: list[Event], front=None, known=None) -> list | None:
    """White icon: its action follows at once (SEED "Als een tegel met een wit icoon");
    without one, :func:`after_main` (its result is returned)."""

    icon = hx.ICON[tile]
    if icon == "parcel":
        put(state, "phase", "load")
    elif icon == "wrench":
        put(state, "phase", "wrench")
    elif icon == "forklift":
        put(state, "phase", "lift")
    else:
        return after_main(state, grid, events, front, known)
    return None


def move_parcel(state: State, grid: dict, player: str, action: Move, events: list[Event], front=None) -> None:
    """Move a parcel, flip it; on a pallet it goes to that pallet's owner's score tile
    (SEED "Als een Pakketje eindigt op een Pallet tegel"; one flip, ASSUMED REF 2.2 item 11);
    a player's 4th parcel ends the game at once."""

    frm, to = parse_key(action.at), parse_key(action.to)
    top, bottom = grid[frm][2]
    grid[frm] = [grid[frm][0], grid[frm][1], None]
    flipped = (bottom, top)
    target = grid[to]
    if hx.SHAPE[target[0]] == "pallet":
        seat = owner(state, target[0])
        state.scored[seat].append(list(flipped))
        events.append(
            event(
                type="score",
                text=Tn(
                    "{seat} moves the parcel from {cell} onto the {colour} pallet at {to}: {n} point for {owner}.",
                    "{seat} moves the parcel from {cell} onto the {colour} pallet at {to}: {n} points for {owner}.",
                    flipped[0],
                    seat=player,
                    cell=code(action.at),
                    colour=words.colour(target[0]),
                    to=code(action.to),
                    owner=seat,
                ),
            )
        )
        if len(state.scored[seat]) >= data.PARCELS_TO_END:
            end_game(state, events, words.parcels_reason(seat))
            return
    else:
        grid[to] = [target[0], target[1], flipped]
        events.append(
            event(
                type="move",
                text=T(
                    "{seat} moves the parcel from {cell} to {to}; it now shows {n}.",
                    seat=player,
                    cell=code(action.at),
                    to=code(action.to),
                    n=flipped[0],
                ),
            )
        )
    finish_turn(state, grid, events, front)


#: parcel positions :func:`stuck` looks through at most before it gives up (the game goes on)
STUCK_SEARCH = 2000


def stuck(state: State, grid: dict) -> bool:
    """Whether the game can no longer change its score nor end by its own rules (ASSUMED, see
    the module doc, "stuck"): no tile left (the stack and every hand) can be connected, and
    none can ever be, and no parcel can ever reach a pallet, whatever parcel moves are made.

    Connecting a tile never depends on the parcels, but for the parcel icon's empty loading
    tile (item 13), so the field can then never change: every turn is a forced swap (the
    stack keeps its size, nobody draws, rule b never comes) and a parcel move. The parcel
    positions reachable by parcel moves alone are searched (:data:`STUCK_SEARCH` at most;
    beyond that the answer is False): in none of them may a parcel move onto a pallet, or a
    parcel tile find an empty loading tile."""

    pool = sorted(set(state.stack).union(*state.hands.values()))
    probe = _Probe({"": pool}, state.bag)
    if connect_options(probe, grid, ""):
        return False
    # parcel tiles left out only for want of an empty loading tile (connect_options)
    waiting = bool(state.bag) and any(
        hx.ICON[t] == "parcel" and (hx.placements(grid, t) or hx.insertions(grid, t)) for t in pool
    )
    tiles = {p: (c[0], c[1]) for p, c in grid.items()}
    start = tuple(sorted((p, tuple(c[2])) for p, c in grid.items() if c[2] is not None))
    seen = {start}
    todo = [start]
    while todo:
        parcels = todo.pop()
        g = {p: [t, k, None] for p, (t, k) in tiles.items()}
        for p, parcel in parcels:
            g[p][2] = parcel
        if waiting and hx.empty_loading(g):
            return False
        for frm, to in hx.parcel_moves(g):
            if hx.SHAPE[g[to][0]] == "pallet":
                return False
            top, bottom = g[frm][2]
            nxt = tuple(sorted([(p, c) for p, c in parcels if p != frm] + [(to, (bottom, top))]))
            if nxt not in seen:
                if len(seen) >= STUCK_SEARCH:
                    return False
                seen.add(nxt)
                todo.append(nxt)
    return True


class _Probe:
    """What :func:`connect_options` reads of a state: the hands and the bag."""

    def __init__(self, hands: dict, bag: list) -> None:
        self.hands = hands
        self.bag = bag
