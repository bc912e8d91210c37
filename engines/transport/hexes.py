"""Hex geometry and belt logic of Transport on a plain grid (no pydantic, fast).

A *grid* is ``dict[(q, r), [tile_id, rotation, parcel]]`` where ``parcel`` is ``None`` or a
``(top, bottom)`` tuple. Directions and edges: see :mod:`engines.transport.data`.

Rules implemented here (Transport, SEED sections "Verbindt een tegel", "Iconen",
"Verplaats een pakketje"; geometry ASSUMED per REF 2.6):

* fit: a tile fits a cell iff every occupied neighbour shows the same side type (belt or
  floor) on the shared edge;
* open end: an empty cell facing a belt edge of a field tile;
* enclosure: a tile with six neighbours cannot be moved by wrench or forklift;
* parcel paths: exactly ``n`` steps, entering each tile through an entry edge and leaving
  through an exit allowed for that entry, never into a tile with a parcel, never twice
  through the same tile, a pallet only as the last step.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engines.transport import data

Pos = tuple[int, int]

DIRS: tuple[Pos, ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
DIR_NAMES = ("east", "south-east", "south-west", "west", "north-west", "north-east")


def nb(pos: Pos, d: int) -> Pos:
    """The neighbour of ``pos`` in direction ``d`` (0-5, clockwise from east)."""

    return (pos[0] + DIRS[d][0], pos[1] + DIRS[d][1])


def key(pos: Pos) -> str:
    """``(1, -2)`` -> ``"1,-2"``, the typeable form of a cell."""

    return f"{pos[0]},{pos[1]}"


_KEY = re.compile(r"^\(?\s*(-?\d+)\s*,\s*(-?\d+)\s*\)?$")


def parse_key(text: str) -> Pos | None:
    """``"1,-2"`` -> ``(1, -2)``; ``None`` for text that is not a cell."""

    m = _KEY.match(text.strip())
    return (int(m.group(1)), int(m.group(2))) if m else None


@dataclass(frozen=True)
class Rot:
    """A shape turned by ``rot``: belt ``edges`` (sorted), ``mask`` (bit per belt edge),
    ``moves`` (directed (entry, exit) pairs), ``entries`` (entry -> exits) and ``starts``
    (the exits a parcel standing on the tile may take)."""

    edges: tuple[int, ...]
    mask: int
    moves: tuple[tuple[int, int], ...]
    entries: dict
    starts: tuple[int, ...]


def _rotated(shape: str, rot: int) -> Rot:
    edges0, moves0, _name = data.SHAPES[shape]
    edges = tuple(sorted((e + rot) % 6 for e in edges0))
    moves = tuple(sorted(((a + rot) % 6, (b + rot) % 6) for a, b in moves0))
    entries: dict[int, tuple[int, ...]] = {}
    for a, b in moves:
        entries.setdefault(a, ())
        entries[a] = entries[a] + (b,)
    if shape == "pallet":
        entries = {edges[0]: ()}
    starts = tuple(sorted({b for _a, b in moves}))
    mask = 0
    for e in edges:
        mask |= 1 << e
    return Rot(edges, mask, moves, entries, starts)


ROT: dict[str, list[Rot]] = {s: [_rotated(s, k) for k in range(6)] for s in data.SHAPES}

#: rotations of a shape that give distinct tiles (the smallest number of each class)
CANON_ROTS: dict[str, tuple[int, ...]] = {}
#: shape -> rotation -> the smallest rotation giving the same tile
CANON: dict[str, tuple[int, ...]] = {}
for _s, _rots in ROT.items():
    _seen: dict[tuple, int] = {}
    _canon = []
    for _k, _r in enumerate(_rots):
        _sig = (_r.edges, _r.moves)
        _seen.setdefault(_sig, _k)
        _canon.append(_seen[_sig])
    CANON[_s] = tuple(_canon)
    CANON_ROTS[_s] = tuple(sorted(set(_canon)))

# ----- tiles ----------------------------------------------------------------------------
SHAPE: dict[str, str] = {}
ICON: dict[str, str] = {}
for _tid, _shape, _icon in data.stack_tiles():
    SHAPE[_tid] = _shape
    ICON[_tid] = _icon
for _tid, _shape in data.START_TILES.items():
    SHAPE[_tid] = _shape
    ICON[_tid] = ""
for _c in data.COLOURS:
    SHAPE[_c] = "pallet"
    ICON[_c] = ""


def kind(tile: str) -> str:
    """``"belt"``, ``"floor"``, ``"loading"`` or ``"pallet"``."""

    s = SHAPE[tile]
    if s == "floor":
        return "floor"
    if s == "pallet":
        return "pallet"
    if s in data.LOADING_SHAPES:
        return "loading"
    return "belt"


def is_belt_tile(tile: str) -> bool:
    """Belt tiles (loading tiles included) connect at open ends [SEED "Bandtegels"]."""

    return SHAPE[tile] in data.BELT_SHAPES


def rot_of(cell) -> Rot:
    return ROT[SHAPE[cell[0]]][cell[1]]


def mask_of(cell) -> int:
    return ROT[SHAPE[cell[0]]][cell[1]].mask


# ----- fit, open ends, enclosure ------------------------------------------------------------
def fits(grid: dict, pos: Pos, mask: int) -> bool:
    """Whether a tile with belt-edge ``mask`` fits at ``pos``: every occupied neighbour shows
    the same side type on the shared edge [SEED "zonder het beeld van de band aan te tasten"]."""

    q, r = pos
    for d in range(6):
        c = grid.get((q + DIRS[d][0], r + DIRS[d][1]))
        if c is None:
            continue
        if ((mask >> d) & 1) != ((mask_of(c) >> ((d + 3) % 6)) & 1):
            return False
    return True


def open_cells(grid: dict) -> set[Pos]:
    """Empty cells that face a belt edge of a field tile (the belt's open ends)."""

    out = set()
    for (q, r), c in grid.items():
        m = mask_of(c)
        if not m:
            continue
        for d in range(6):
            if (m >> d) & 1:
                n = (q + DIRS[d][0], r + DIRS[d][1])
                if n not in grid:
                    out.add(n)
    return out


def floor_cells(grid: dict) -> set[Pos]:
    """Empty cells next to the field where every neighbour shows a floor side: where a floor
    tile may go [SEED "Vloertegels ... alleen ... aan een vloer-zijde"]."""

    cand = set()
    for (q, r) in grid:
        for dq, dr in DIRS:
            n = (q + dq, r + dr)
            if n not in grid:
                cand.add(n)
    return {p for p in cand if fits(grid, p, 0)}


def enclosed(grid: dict, pos: Pos) -> bool:
    """Enclosure rule [SEED "Insluitregel"]: all six neighbours occupied."""

    q, r = pos
    return all((q + dq, r + dr) in grid for dq, dr in DIRS)


def placements(grid: dict, tile: str, exclude: Pos | None = None, first_only: bool = False) -> list[tuple[Pos, int]]:
    """Where ``tile`` may be connected: ``[(cell, rotation)]`` sorted; belt tiles at open ends,
    floor tiles against floor sides (rotation 0 only); one rotation per distinct tile.
    ``first_only``: stop at the first one found (an existence test)."""

    shape = SHAPE[tile]
    out = []
    if shape == "floor":
        for p in floor_cells(grid):
            if p != exclude:
                out.append((p, 0))
                if first_only:
                    return out
    else:
        rots = ROT[shape]
        for p in open_cells(grid):
            if p == exclude:
                continue
            for k in CANON_ROTS[shape]:
                if fits(grid, p, rots[k].mask):
                    out.append((p, k))
                    if first_only:
                        return out
    out.sort()
    return out


def pallet_attachment(grid: dict, pos: Pos) -> Pos | None:
    """The belt cell a pallet at ``pos`` is attached to, or None when it faces no belt."""

    cell = grid[pos]
    d = rot_of(cell).edges[0]
    n = nb(pos, d)
    c = grid.get(n)
    if c is None or not (mask_of(c) >> ((d + 3) % 6)) & 1:
        return None
    return n


def insertions(grid: dict, tile: str) -> list[tuple[str, int, Pos]]:
    """Connect ``tile`` between a pallet and the belt [SEED "b) tussen een pallet ... en de
    rest van de band"]: ``[(pallet, rotation, new pallet cell)]``. The tile takes the pallet's
    cell and must fit there; the pallet goes to an empty cell at one of the tile's other belt
    edges, facing the tile, and must fit there too."""

    shape = SHAPE[tile]
    if shape not in data.BELT_SHAPES:
        return []
    out = []
    for ppos, pcell in list(grid.items()):
        if SHAPE[pcell[0]] != "pallet" or pallet_attachment(grid, ppos) is None:
            continue
        g = dict(grid)
        del g[ppos]
        back = rot_of(pcell).edges[0]
        for k in CANON_ROTS[shape]:
            rr = ROT[shape][k]
            if not fits(g, ppos, rr.mask):
                continue
            g[ppos] = [tile, k, None]
            for e in rr.edges:
                if e == back:
                    continue
                c = nb(ppos, e)
                if c in g:
                    continue
                prot = (e + 3) % 6
                if fits(g, c, ROT["pallet"][prot].mask):
                    out.append((pcell[0], k, c))
            del g[ppos]
    out.sort()
    return out


# ----- icons -----------------------------------------------------------------------------
def empty_loading(grid: dict) -> list[Pos]:
    """Loading tiles without a parcel [SEED "Pakketje ... op een lege Inlaadtegel"]."""

    return sorted(p for p, c in grid.items() if SHAPE[c[0]] in data.LOADING_SHAPES and c[2] is None)


def wrench_targets(grid: dict) -> list[Pos]:
    """Field tiles a wrench may pick: white icon, not enclosed [SEED "Sleutel", "Insluitregel"]."""

    return sorted(p for p, c in grid.items() if ICON[c[0]] and not enclosed(grid, p))


def wrench_moves(grid: dict, first_only: bool = False) -> list[tuple[Pos, Pos, int]]:
    """Every wrench move ``(from, to, rotation)``: the tile is lifted and connected elsewhere
    like a new tile (ASSUMED REF 2.2 item 7: holes allowed, the parcel travels along)."""

    out = []
    for p in wrench_targets(grid):
        g = dict(grid)
        cell = g.pop(p)
        for to, k in placements(g, cell[0], exclude=p, first_only=first_only):
            out.append((p, to, k))
            if first_only:
                return out
    return out


def pallets(grid: dict) -> dict[str, Pos]:
    """Pallet colour -> cell."""

    return {c[0]: p for p, c in grid.items() if SHAPE[c[0]] == "pallet"}


def lift_moves(grid: dict, first_only: bool = False) -> list[tuple[str, Pos, int]]:
    """Forklift: move a pallet to an open belt end [SEED "Heftruck"]: ``(colour, cell,
    rotation)``, the pallet facing the open end; enclosed pallets stay."""

    out = []
    for colour, p in sorted(pallets(grid).items()):
        if enclosed(grid, p):
            continue
        g = dict(grid)
        del g[p]
        for c in sorted(open_cells(g)):
            if c == p:
                continue
            for d in range(6):
                n = g.get(nb(c, d))
                if n is None or not (mask_of(n) >> ((d + 3) % 6)) & 1:
                    continue
                if fits(g, c, 1 << d):
                    out.append((colour, c, d))
                    if first_only:
                        return out
    return out


def lift_swaps(grid: dict) -> list[tuple[str, str]]:
    """Forklift: swap two pallets, neither enclosed [SEED "verwissel 2 Pallets"]."""

    free = sorted(c for c, p in pallets(grid).items() if not enclosed(grid, p))
    order = {c: i for i, c in enumerate(data.COLOURS)}
    free.sort(key=lambda c: order.get(c, 9))
    return [(a, b) for i, a in enumerate(free) for b in free[i + 1:]]


def icon_possible(grid: dict, icon: str, bag_left: int) -> bool:
    """Whether the action of ``icon`` can be carried out on ``grid`` (the tile already
    placed) [SEED "Als je die actie niet kan uitvoeren, mag je de tegel niet verbinden"]."""

    if icon == "parcel":
        return bag_left > 0 and bool(empty_loading(grid))
    if icon == "wrench":
        return bool(wrench_moves(grid, first_only=True))
    if icon == "forklift":
        return bool(lift_swaps(grid)) or bool(lift_moves(grid, first_only=True))
    return True


# ----- parcels ---------------------------------------------------------------------------
def parcel_destinations(grid: dict, pos: Pos) -> list[Pos]:
    """Cells the parcel at ``pos`` can end on, moving exactly its top number of tiles
    [SEED "Verplaats éen van de pakketjes"; ASSUMED REF 2.2 items 3, 5, 6]."""

    cell = grid[pos]
    n = cell[2][0]
    found: set[Pos] = set()

    def walk(p: Pos, exits, left: int, seen: frozenset):
        for e in exits:
            m = nb(p, e)
            c = grid.get(m)
            if c is None or m in seen or c[2] is not None:
                continue
            en = (e + 3) % 6
            rr = rot_of(c)
            if en not in rr.entries:
                continue
            if left == 1:
                found.add(m)
            elif SHAPE[c[0]] != "pallet":
                walk(m, rr.entries[en], left - 1, seen | {m})

    walk(pos, rot_of(cell).starts, n, frozenset([pos]))
    return sorted(found)


def parcel_moves(grid: dict) -> list[tuple[Pos, Pos]]:
    """Every legal parcel move ``(from, to)``."""

    out = []
    for p in sorted(grid):
        if grid[p][2] is not None:
            out.extend((p, t) for t in parcel_destinations(grid, p))
    return out
