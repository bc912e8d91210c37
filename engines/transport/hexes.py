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
from bisect import bisect_left, insort
from dataclasses import dataclass
from functools import lru_cache

from engines.copying import built
from engines.transport import data
from engines.transport.state import Cell, FieldDict

Pos = tuple[int, int]

DIRS: tuple[Pos, ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
DIR_NAMES = ("east", "south-east", "south-west", "west", "north-west", "north-east")


def nb(pos: Pos, d: int) -> Pos:
    """The neighbour of ``pos`` in direction ``d`` (0-5, clockwise from east)."""

    return (pos[0] + DIRS[d][0], pos[1] + DIRS[d][1])


@lru_cache(maxsize=1 << 16)
def key(pos: Pos) -> str:
    """``(1, -2)`` -> ``"1,-2"``, the typeable form of a cell (memoized)."""

    return f"{pos[0]},{pos[1]}"


_KEY = re.compile(r"^\(?\s*(-?\d+)\s*,\s*(-?\d+)\s*\)?$")


@lru_cache(maxsize=1 << 16)
def parse_key(text: str) -> Pos | None:
    """``"1,-2"`` -> ``(1, -2)``; ``None`` for text that is not a cell. Memoized: a state's
    field is keyed by these strings and parsed on every step."""

    m = _KEY.match(text.strip())
    return (int(m.group(1)), int(m.group(2))) if m else None


class _Order(dict):
    """Cell -> an int in the cells' sorted order (``(q, r)`` ascending, for ``|r| < 2**31``),
    filled as asked: ``sorted(cells, key=ORDER.__getitem__)`` sorts as ``sorted(cells)``,
    comparing ints instead of tuples."""

    def __missing__(self, pos: Pos) -> int:
        value = self[pos] = (pos[0] << 32) + pos[1]
        return value


class _KeyOrder(dict):
    """Cell key ``"q,r"`` -> the :data:`ORDER` of its cell (sorts keys as their cells)."""

    def __missing__(self, text: str) -> int:
        value = self[text] = ORDER[parse_key(text)]
        return value


ORDER = _Order()
KEY_ORDER = _KeyOrder()
_order, _key_order = ORDER.__getitem__, KEY_ORDER.__getitem__


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


#: the tile ids of each kind the scans of the grid look for (a set lookup per cell instead of
#: SHAPE's or ICON's and a comparison): pallets, loading tiles, tiles with a white icon
_PALLET_IDS = frozenset(t for t, s in SHAPE.items() if s == "pallet")
_LOADING_IDS = frozenset(t for t, s in SHAPE.items() if s in data.LOADING_SHAPES)
_ICON_IDS = frozenset(t for t, i in ICON.items() if i)

#: tile id -> belt-edge mask of each rotation 0-5
MASKS: dict[str, tuple[int, ...]] = {t: tuple(r.mask for r in ROT[s]) for t, s in SHAPE.items()}
#: (direction, step, bit of the opposite direction)
_STEPS = tuple((d, DIRS[d], 1 << ((d + 3) % 6)) for d in range(6))


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
def side_masks(grid: dict, pos: Pos, skip: Pos | None = None) -> tuple[int, int]:
    """``(occupied, belt)`` bit masks of the cell ``pos``: bit ``d`` of ``occupied`` is set when
    the neighbour in direction ``d`` holds a tile, bit ``d`` of ``belt`` when that tile shows a
    belt side on the shared edge. ``skip`` counts as empty (a tile lifted by the wrench)."""

    q, r = pos
    occ = belt = 0
    for d in range(6):
        n = (q + DIRS[d][0], r + DIRS[d][1])
        if n == skip:
            continue
        c = grid.get(n)
        if c is None:
            continue
        occ |= 1 << d
        if (MASKS[c[0]][c[1]] >> ((d + 3) % 6)) & 1:
            belt |= 1 << d
    return occ, belt


def fits(grid: dict, pos: Pos, mask: int) -> bool:
    """Whether a tile with belt-edge ``mask`` fits at ``pos``: every occupied neighbour shows
    the same side type on the shared edge [SEED "zonder het beeld van de band aan te tasten"]."""

    occ, belt = side_masks(grid, pos)
    return mask & occ == belt


def frontier(grid: dict) -> dict[Pos, tuple[int, int]]:
    """Every empty cell next to the field -> its :func:`side_masks`. An open end of the belt
    is a frontier cell with a belt bit; a floor tile may go where it has none. Computed in
    one pass over the field; :func:`frontier_without` derives the field minus one tile."""

    occ: dict[Pos, int] = {}
    belt: dict[Pos, int] = {}
    for (q, r), c in grid.items():
        m = MASKS[c[0]][c[1]]
        for d, (dq, dr), back in _STEPS:
            n = (q + dq, r + dr)
            if n in grid:
                continue
            occ[n] = occ.get(n, 0) | back
            if (m >> d) & 1:
                belt[n] = belt.get(n, 0) | back
    return {n: (o, belt.get(n, 0)) for n, o in occ.items()}


def frontier_without(grid: dict, front: dict, pos: Pos) -> dict[Pos, tuple[int, int]]:
    """:func:`frontier` of ``grid`` without the tile at ``pos``, from ``front`` (the frontier
    of ``grid``): only ``pos`` and its empty neighbours change."""

    out = dict(front)
    _drop(grid, out, pos)
    return out


def _drop(grid: dict, out: dict, pos: Pos) -> None:
    """Change ``out``, the frontier of ``grid``, into that of ``grid`` without the tile at
    ``pos`` (``grid`` itself is not changed)."""

    q, r = pos
    occ = belt = 0
    for d, (dq, dr), back in _STEPS:
        n = (q + dq, r + dr)
        c = grid.get(n)
        if c is None:
            masks = out.get(n)
            if masks is not None:
                keep = ~back
                if masks[0] & keep:
                    out[n] = (masks[0] & keep, masks[1] & keep)
                else:
                    del out[n]
            continue
        occ |= 1 << d
        if (MASKS[c[0]][c[1]] >> ((d + 3) % 6)) & 1:
            belt |= 1 << d
    if occ:
        out[pos] = (occ, belt)


def frontier_with(grid: dict, front: dict, pos: Pos) -> dict[Pos, tuple[int, int]]:
    """:func:`frontier` of ``grid`` (which holds a tile at ``pos``) from ``front``, the
    frontier of ``grid`` without that tile: ``pos`` leaves it and its empty neighbours gain
    the tile's sides."""

    out = dict(front)
    _add(grid, out, pos)
    return out


def _add(grid: dict, out: dict, pos: Pos) -> None:
    """Change ``out``, the frontier of ``grid`` without the tile at ``pos``, into that of
    ``grid`` (which holds it)."""

    out.pop(pos, None)
    q, r = pos
    c = grid[pos]
    m = MASKS[c[0]][c[1]]
    for d, (dq, dr), back in _STEPS:
        n = (q + dq, r + dr)
        if n in grid:
            continue
        occ, belt = out.get(n, (0, 0))
        out[n] = (occ | back, belt | back if (m >> d) & 1 else belt)


def frontier_after(before: dict, front: dict, after: dict, touched) -> dict[Pos, tuple[int, int]]:
    """:func:`frontier` of the grid ``after`` from ``front``, the frontier of ``before``,
    when the two grids differ only in the cells ``touched``. The frontier depends on the tiles
    and their rotations only: when the step changed parcels alone (a parcel moved or loaded),
    it is ``front`` itself (frontiers are never changed once built)."""

    for p in touched:
        b, a = before.get(p), after.get(p)
        if b is None or a is None or b[0] != a[0] or b[1] != a[1]:
            break
    else:
        return front
    g = dict(before)
    out = dict(front)
    for p in touched:
        if p in g:
            _drop(g, out, p)
            del g[p]
    for p in touched:
        if p in after:
            g[p] = after[p]
            _add(g, out, p)
    cells = frozenset(touched)
    near = set(cells)
    for q, r in cells:
        near.update((q + dq, r + dr) for dq, dr in DIRS)
    _DERIVED[0] = ((out, front, cells, frozenset(near)), *_DERIVED[0][: _DERIVED_MAX - 1])
    return out


#: the frontiers :func:`frontier_after` derived last, newest first (at most _DERIVED_MAX):
#: ``(frontier, the frontier it came from, the cells whose tiles changed, the cells whose
#: frontier entries may differ: those and their neighbours)``, so that what is remembered of
#: one frontier (:func:`_seen`, :func:`slots_of`) can be brought up to date for the next in
#: the changed cells only; one tuple, replaced whole
_DERIVED: list = [()]
_DERIVED_MAX = 4


def _ancestry(front: dict, older: dict) -> tuple[set, set] | None:
    """``(cells whose tiles changed, cells whose frontier entries may differ)`` between the
    grid of ``older`` and that of ``front`` when ``front`` was derived from ``older`` by
    :func:`frontier_after` steps still in ``_DERIVED``; else None."""

    chain = _DERIVED[0]
    touched: set = set()
    near: set = set()
    f = front
    for _ in chain:
        step = next((x for x in chain if x[0] is f), None)
        if step is None:
            return None
        touched |= step[2]
        near |= step[3]
        f = step[1]
        if f is older:
            return touched, near
    return None


def open_cells(grid: dict) -> set[Pos]:
    """Empty cells that face a belt edge of a field tile (the belt's open ends)."""

    return {p for p, (_occ, belt) in frontier(grid).items() if belt}


def floor_cells(grid: dict) -> set[Pos]:
    """Empty cells next to the field where every neighbour shows a floor side: where a floor
    tile may go [SEED "Vloertegels ... alleen ... aan een vloer-zijde"]."""

    return {p for p, (_occ, belt) in frontier(grid).items() if not belt}


def enclosed(grid: dict, pos: Pos) -> bool:
    """Enclosure rule [SEED "Insluitregel"]: all six neighbours occupied."""

    q, r = pos
    return (
        (q + 1, r) in grid
        and (q, r + 1) in grid
        and (q - 1, r + 1) in grid
        and (q - 1, r) in grid
        and (q, r - 1) in grid
        and (q + 1, r - 1) in grid
    )  # the six DIRS


def placement_fits(shape: str, masks: tuple[int, int], k: int) -> bool:
    """Whether a tile of ``shape`` in rotation ``k`` may be connected at a cell with
    :func:`side_masks` ``masks``: a belt tile at an open end whose sides all match, a floor
    tile against floor sides only (rotation 0)."""

    occ, belt = masks
    if not occ or not 0 <= k < 6 or CANON[shape][k] != k:
        return False
    if shape == "floor":
        return not belt
    return bool(belt) and ROT[shape][k].mask & occ == belt


def placements(
    grid: dict, tile: str, exclude: Pos | None = None, first_only: bool = False, front: dict | None = None
) -> list[tuple[Pos, int]]:
    """Where ``tile`` may be connected: ``[(cell, rotation)]`` sorted; belt tiles at open ends,
    floor tiles against floor sides (rotation 0 only); one rotation per distinct tile.
    ``first_only``: stop at the first one found (an existence test). ``front``: the grid's
    :func:`frontier` when the caller has it already."""

    if front is None:
        front = frontier(grid)
    shape = SHAPE[tile]
    if exclude is None and not first_only:
        return list(_placed(front, shape))
    out = []
    if shape == "floor":
        for p, (_occ, belt) in front.items():
            if not belt and p != exclude:
                out.append((p, 0))
                if first_only:
                    return out
    else:
        fit = _FIT[shape]
        for p, masks in front.items():
            if not masks[1] or p == exclude:
                continue
            ks = fit.get(masks)
            if ks is None:
                ks = _fitting(shape, masks)
            for k in ks:
                out.append((p, k))
                if first_only:
                    return out
    out.sort()
    return out


# the last frontier seen: (frontier, its open cells sorted with their masks, the placements of
# a floor tile (its other cells sorted, rotation 0), {shape: placements}); one entry, replaced
# whole (a frontier is never changed once built: the functions here change only their own
# copies). When the frontier was derived from the last one, only its changed cells are redone
# (_seen_after).
_SEEN: list = [None]


def _placed(front: dict, shape: str) -> list[tuple[Pos, int]]:
    """:func:`placements` of a tile of ``shape`` on the grid of ``front`` (no cell excluded),
    remembered for the last frontier: a shared list the caller must not change."""

    return _placed_in(_seen(front), shape)


def _seen(front: dict) -> tuple:
    """The ``_SEEN`` entry of ``front`` (made and remembered when it is not the last one)."""

    seen = _SEEN[0]
    if seen is not None and seen[0] is front:
        return seen
    found = None if seen is None else _ancestry(front, seen[0])
    if found is not None:
        seen = _seen_after(seen, front, found[1])
    else:
        cells = sorted(front, key=_order)
        seen = (front, [(p, front[p]) for p in cells if front[p][1]], [(p, 0) for p in cells if not front[p][1]], {})
    _SEEN[0] = seen
    return seen


def _seen_after(seen: tuple, front: dict, near: set) -> tuple:
    """The ``_SEEN`` entry of ``front`` from ``seen``, that of a frontier whose entries are
    those of ``front`` outside the cells ``near``: only those are redone."""

    before, opened, floors, _known = seen
    floors = list(floors)
    opened = [x for x in opened if x[0] not in near]
    for c in near:
        b, a = before.get(c), front.get(c)
        if a == b:
            if a is not None and a[1]:
                opened.append((c, a))
            continue
        if b is not None and not b[1]:
            del floors[bisect_left(floors, (c, 0))]
        if a is not None:
            if a[1]:
                opened.append((c, a))
            else:
                insort(floors, (c, 0))
    opened.sort()  # by cell (each cell once): the order of ORDER
    return (front, opened, floors, {})


def _placed_in(seen: tuple, shape: str) -> list[tuple[Pos, int]]:
    """:func:`_placed` of the frontier of ``seen`` (its ``_SEEN`` entry)."""

    known = seen[3]
    out = known.get(shape)
    if out is None:
        if shape == "floor":
            out = seen[2]
        else:
            fit = _FIT[shape]
            out = []
            for p, masks in seen[1]:  # in cell order, each cell's rotations ascending: sorted
                ks = fit.get(masks)
                if ks is None:
                    ks = _fitting(shape, masks)
                for k in ks:
                    out.append((p, k))
        known[shape] = out
    return out


#: shape -> (occupied, belt) side masks of a cell -> the canonical rotations that fit there
#: (filled as met: at most 64 x 64 entries per shape)
_FIT: dict[str, dict[tuple[int, int], tuple[int, ...]]] = {s: {} for s in ROT}


def _fitting(shape: str, masks: tuple[int, int]) -> tuple[int, ...]:
    """The rotations :func:`placements` lists for ``shape`` at an empty cell with the
    :func:`side_masks` ``masks`` (memoized in ``_FIT``)."""

    ks = _FIT[shape].get(masks)
    if ks is None:
        occ, belt = masks
        if shape == "floor":
            ks = (0,) if occ and not belt else ()
        elif not belt:
            ks = ()
        else:
            ks = tuple(k for k in CANON_ROTS[shape] if ROT[shape][k].mask & occ == belt)
        _FIT[shape][masks] = ks
    return ks


def pallet_attachment(grid: dict, pos: Pos) -> Pos | None:
    """The belt cell a pallet at ``pos`` is attached to, or None when it faces no belt."""

    cell = grid[pos]
    d = rot_of(cell).edges[0]
    n = nb(pos, d)
    c = grid.get(n)
    if c is None or not (mask_of(c) >> ((d + 3) % 6)) & 1:
        return None
    return n


def pallet_slots(
    grid: dict,
    pal: dict[str, Pos] | None = None,
    front: dict | None = None,
) -> list[tuple[str, Pos, int, int, int, int]]:
    """For each pallet attached to the belt: ``(colour, cell, occupied, belt, back, free)``
    where ``occupied``/``belt`` are the :func:`side_masks` of its cell, ``back`` the
    direction it faces and ``free`` a bit mask of the directions whose neighbour cell is
    empty and shows only floor sides apart from the pallet's cell: where the pallet may go
    when a belt tile takes its place (see :func:`insertions`). ``pal``: the grid's
    :func:`pallets`; ``front``: its :func:`frontier`, when the caller has them."""

    out = []
    for colour, ppos in sorted((pallets(grid) if pal is None else pal).items()):
        slot = _slot(grid, colour, ppos, front)
        if slot is not None:
            out.append(slot)
    return out


#: (frontier, its grid's pallets, their pallet_slots) of the last frontier slots_of saw; one
#: entry, replaced whole
_SLOTS: list = [None]


def slots_of(grid: dict, front: dict) -> tuple[dict[str, Pos], list]:
    """``(pallets(grid), pallet_slots(grid, those, front))`` for the grid of the frontier
    ``front``, remembered for the last frontier (both depend on the tiles alone, like the
    frontier, and a frontier is the same object for the next step when a step moved or loaded
    a parcel only): shared, the caller must not change them. When ``front`` was derived from
    the last one (:func:`frontier_after`), only the pallets within two steps of a changed
    cell are looked at again (a slot reads the pallet's cell, its neighbours and their
    frontier entries)."""

    seen = _SLOTS[0]
    if seen is not None and seen[0] is front:
        return seen[1], seen[2]
    found = None if seen is None else _ancestry(front, seen[0])
    if found is None:
        pal = pallets(grid)
        slots = pallet_slots(grid, pal, front)
    else:
        touched = found[0]
        before = seen[1]
        pal = {c: p for c, p in before.items() if p not in touched}
        for t in touched:
            c = grid.get(t)
            if c is not None and c[0] in _PALLET_IDS:
                pal[c[0]] = t
        kept = {slot[0]: slot for slot in seen[2]}
        slots = []
        for colour, ppos in sorted(pal.items()):
            if before.get(colour) == ppos:
                q, r = ppos
                for tq, tr in touched:
                    dq, dr = tq - q, tr - r
                    if abs(dq) + abs(dr) + abs(dq + dr) <= 4:
                        break
                else:  # nothing changed within two steps: the slot (or its absence) stays
                    slot = kept.get(colour)
                    if slot is not None:
                        slots.append(slot)
                    continue
            slot = _slot(grid, colour, ppos, front)
            if slot is not None:
                slots.append(slot)
    _SLOTS[0] = (front, pal, slots)
    return pal, slots


def _slot(grid: dict, colour: str, ppos: Pos, front: dict | None = None, skip: Pos | None = None):
    """The :func:`pallet_slots` entry of the pallet ``colour`` at ``ppos``, or None when it
    is not attached to the belt. ``skip``: a cell that counts as empty (a tile lifted by
    the wrench); ``front``: the :func:`frontier` of the grid without ``skip``."""

    q, r = ppos
    back = ROT["pallet"][grid[ppos][1]].edges[0]
    n = (q + DIRS[back][0], r + DIRS[back][1])
    c = grid.get(n) if n != skip else None
    if c is None or not (MASKS[c[0]][c[1]] >> ((back + 3) % 6)) & 1:
        return None  # not attached (pallet_attachment)
    occ, belt = side_masks(grid, ppos, skip)
    free = 0
    for e, (dq, dr), _back in _STEPS:
        m = (q + dq, r + dr)
        if m != skip and m in grid:
            continue
        # the pallet shows a floor side to every empty neighbour (its one belt side faces
        # the belt cell it is attached to), so the frontier's belt bits are those of the others
        if not (front[m][1] if front is not None else side_masks(grid, m, skip=ppos)[1]):
            free |= 1 << e
    return (colour, ppos, occ, belt, back, free)


def insertions(grid: dict, tile: str, slots: list | None = None) -> list[tuple[str, int, Pos]]:
    """Connect ``tile`` between a pallet and the belt [SEED "b) tussen een pallet ... en de
    rest van de band"]: ``[(pallet, rotation, new pallet cell)]``. The tile takes the pallet's
    cell and must fit there; the pallet goes to an empty cell at one of the tile's other belt
    edges, facing the tile, and must fit there too (every other neighbour of that cell shows
    a floor side). ``slots``: the grid's :func:`pallet_slots`."""

    shape = SHAPE[tile]
    if shape not in data.BELT_SHAPES:
        return []
    out = []
    known = _INSERTIONS
    for slot in pallet_slots(grid) if slots is None else slots:
        found = known.get((shape, slot))
        if found is None:
            if len(known) > _INSERTIONS_MAX:
                known.clear()
            found = known[(shape, slot)] = _slot_insertions(shape, slot)
        out += found
    out.sort()
    return out


#: (shape, pallet slot) -> its :func:`_slot_insertions` (at most _INSERTIONS_MAX, then afresh)
_INSERTIONS: dict[tuple, list] = {}
_INSERTIONS_MAX = 1 << 14


def _slot_insertions(shape: str, slot: tuple) -> list[tuple[str, int, Pos]]:
    """The :func:`insertions` of a tile of ``shape`` at one pallet slot (a shared list)."""

    colour, ppos, occ, belt, back, free = slot
    out = []
    for k in CANON_ROTS[shape]:
        rr = ROT[shape][k]
        if rr.mask & occ != belt:
            continue
        for e in rr.edges:
            if e != back and (free >> e) & 1:
                out.append((colour, k, nb(ppos, e)))
    return out


# ----- icons -----------------------------------------------------------------------------
def empty_loading(grid: dict) -> list[Pos]:
    """Loading tiles without a parcel [SEED "Pakketje ... op een lege Inlaadtegel"]."""

    return sorted([p for p, c in grid.items() if c[2] is None and c[0] in _LOADING_IDS])


def wrench_targets(grid: dict) -> list[Pos]:
    """Field tiles a wrench may pick: white icon, not enclosed [SEED "Sleutel", "Insluitregel"]."""

    return sorted([p for p, c in grid.items() if c[0] in _ICON_IDS and not enclosed(grid, p)], key=_order)


def wrench_moves(
    grid: dict, first_only: bool = False, front: dict | None = None
) -> list[tuple[Pos, Pos, int, Pos | None]]:
    """Every wrench move ``(from, to, rotation, pallet_to)``: the tile is lifted and
    connected elsewhere like a new tile [SEED "Sleutel ... verbindt deze ergens anders"]: at
    an open end or against floor sides (``pallet_to`` None), or, a belt tile, in the place
    of a pallet attached to the belt, the pallet re-attached at ``pallet_to`` (SEED
    "Verbindt": "op de plek van de pallet ... en dan de pallet aan de nieuwe tegel
    verbinden"). Holes left behind are allowed and a parcel travels along
    (ASSUMED REF 2.2 items 7, 12). Per tile: open ends first, then pallets' places. The
    field's frontier is computed once (or given as ``front``); each lifted tile only changes
    it around its cell."""

    if first_only:
        return _first_wrench_move(grid, frontier(grid) if front is None else front)
    out: list[tuple[Pos, Pos, int, Pos | None]] = []
    for p, moves, inserts in wrench_groups(grid, front):
        out += [(p, to, k, None) for to, k in moves]
        out += [(p, to, k, pallet_to) for to, k, pallet_to in inserts]
    return out


def wrench_groups(grid: dict, front: dict | None = None) -> list[tuple[Pos, list, list]]:
    """:func:`wrench_moves` grouped by the tile moved: ``[(from, [(to, rotation)],
    [(pallet cell, rotation, pallet_to)])]`` in the same order. The lists may be shared with
    other groups: the caller must not change them."""

    out: list[tuple[Pos, list, list]] = []
    if front is None:
        front = frontier(grid)
    pal = slots = None
    for p in wrench_targets(grid):
        tile = grid[p][0]
        shape = SHAPE[tile]
        fw = None
        # lifting p changes the frontier only at p and its neighbours: the places elsewhere
        # are those on the whole field's frontier (sorted by cell), those of the empty
        # neighbours are redone without p's side, and p itself is not a place (not its own
        # old cell)
        base = _placed_in(_seen(front), shape)
        fit = _FIT[shape]
        q, r = p
        moves = None
        last = 0
        for _d, (dq, dr), back in _NEAR_SORTED:
            c = (q + dq, r + dr)
            if c in grid:
                continue
            masks = front[c]
            full = fit.get(masks)  # the rotations base lists at c
            if full is None:
                full = _fitting(shape, masks)
            occ, belt = masks
            if occ == back:
                ks = ()  # p was its only neighbour
            else:
                masks = (occ & ~back, belt & ~back)
                ks = fit.get(masks)
                if ks is None:
                    ks = _fitting(shape, masks)
            if ks == full:
                continue  # p's side changes nothing there
            i = bisect_left(base, (c,), last)
            j = i + len(full)
            if moves is None:
                moves = []
            moves += base[last:i]
            moves += [(c, k) for k in ks]
            last = j
        if moves is None:
            moves = base
        else:
            moves += base[last:]
        inserts = []
        if shape in data.BELT_SHAPES:
            if slots is None:
                pal, slots = slots_of(grid, front)  # p is never a pallet (pallets have no icon)
                same = {}  # shape -> the inserts when lifting the tile changes no slot
            # lifting p changes only the slots of pallets within two steps of it
            lifted = None
            for i, slot in enumerate(slots):
                ppos = slot[1]
                dq, dr = ppos[0] - q, ppos[1] - r
                if abs(dq) + abs(dr) + abs(dq + dr) <= 4:
                    if fw is None:
                        fw = _Near(grid, front, p)
                    new = _slot(grid, slot[0], ppos, fw, skip=p)
                    if new != slot and lifted is None:
                        lifted = slots[:i]
                    slot = new
                if lifted is not None and slot is not None:
                    lifted.append(slot)
            if lifted is None:  # every slot as on the whole field: the same for each such tile
                inserts = same.get(shape)
                if inserts is None:
                    inserts = same[shape] = _inserts(grid, tile, slots, pal)
            elif lifted:
                inserts = _inserts(grid, tile, lifted, pal)
        out.append((p, moves, inserts))
    return out


def _inserts(grid: dict, tile: str, slots: list, pal: dict) -> list:
    """The :func:`wrench_groups` inserts of ``tile`` at the pallet ``slots``."""

    return [(pal[colour], k, pallet_to) for colour, k, pallet_to in insertions(grid, tile, slots)]


class _Near(dict):
    """The :func:`frontier_without` of ``grid`` (frontier ``front``) and ``pos`` at the cells
    that are next to a tile of the grid without ``pos`` (only ``pos`` and its empty neighbours
    change: those are worked out, the others read from ``front``; a cell that leaves the
    frontier reads as before, and is never asked for)."""

    __slots__ = ("front",)

    def __init__(self, grid: dict, front: dict, pos: Pos) -> None:
        q, r = pos
        super().__init__((n, front[n]) for n in ((q + dq, r + dr) for dq, dr in DIRS) if n in front)
        self.front = front
        _drop(grid, self, pos)

    def __missing__(self, cell: Pos) -> tuple[int, int]:
        return self.front[cell]


#: the six neighbour steps in the order of the cells they reach, (direction, step, the bit of
#: the direction back)
_NEAR_SORTED = tuple(sorted(((d, DIRS[d], 1 << ((d + 3) % 6)) for d in range(6)), key=lambda x: x[1]))


def _first_wrench_move(grid: dict, front: dict) -> list[tuple[Pos, Pos, int, Pos | None]]:
    """The first of :func:`wrench_moves` found (not necessarily its first), as a list, or []."""

    pal = slots = None
    for p in wrench_targets(grid):
        tile = grid[p][0]
        shape = SHAPE[tile]
        fw = frontier_without(grid, front, p)
        moves = placements(grid, tile, exclude=p, first_only=True, front=fw)
        if moves:
            return [(p, moves[0][0], moves[0][1], None)]
        if shape in data.BELT_SHAPES:
            if slots is None:
                pal = pallets(grid)
                slots = pallet_slots(grid, pal, front)
            lifted = []
            for slot in slots:
                ppos = slot[1]
                dq, dr = ppos[0] - p[0], ppos[1] - p[1]
                if abs(dq) + abs(dr) + abs(dq + dr) <= 4:
                    slot = _slot(grid, slot[0], ppos, fw, skip=p)
                    if slot is None:
                        continue
                lifted.append(slot)
            for colour, k, pallet_to in insertions(grid, tile, lifted):
                return [(p, pal[colour], k, pallet_to)]
    return []


def wrench_ok(grid: dict, at: Pos | None, to: Pos | None, k: int, pallet_to: Pos | None = None) -> bool:
    """Whether the wrench move ``(at, to, k, pallet_to)`` is one of :func:`wrench_moves`
    (``k`` must be the lowest rotation of its kind), checked on its own cells only."""

    c = grid.get(at) if at is not None else None
    if c is None or to is None or not ICON[c[0]] or to == at or enclosed(grid, at):
        return False
    if pallet_to is None:
        return to not in grid and placement_fits(SHAPE[c[0]], side_masks(grid, to, skip=at), k)
    target = grid.get(to)
    if target is None or SHAPE[target[0]] != "pallet" or SHAPE[c[0]] not in data.BELT_SHAPES:
        return False
    g = dict(grid)
    del g[at]
    return (target[0], k, pallet_to) in insertions(g, c[0], pallet_slots(g, {target[0]: to}))


def pallets(grid: dict) -> dict[str, Pos]:
    """Pallet colour -> cell."""

    return {c[0]: p for p, c in grid.items() if c[0] in _PALLET_IDS}


def lift_moves(grid: dict, first_only: bool = False, front: dict | None = None) -> list[tuple[str, Pos, int]]:
    """Forklift: move a pallet to an open belt end [SEED "Heftruck"]: ``(colour, cell,
    rotation)``, the pallet facing the open end; enclosed pallets stay. A pallet has one
    belt side, so it fits only where exactly one neighbour shows a belt side. ``front``: the
    grid's :func:`frontier` when the caller has it."""

    out = []
    opened = None  # the open cells of the frontier, sorted, with their side masks
    for colour, p in sorted(pallets(grid).items()):
        if enclosed(grid, p):
            continue
        if opened is None:
            if front is None:  # a grid of the caller's: its frontier is not remembered
                f = frontier(grid)
                opened = [(c, f[c]) for c in sorted(f, key=_order) if f[c][1]]
            else:
                opened = _seen(front)[1]
        # lifting the pallet changes the belt sides of its empty neighbours only (the pallet's
        # own cell is no place for it); no other cell gains a belt side
        q, r = p
        near = {}
        for _d, (dq, dr), back in _STEPS:
            c = (q + dq, r + dr)
            if c not in grid:
                near[c] = back
        for c, masks in opened:
            belt = masks[1]
            back = near.get(c)
            if back is not None:
                belt &= ~back
            if belt and not belt & (belt - 1):
                out.append((colour, c, belt.bit_length() - 1))
                if first_only:
                    return out
    return out


def lift_ok(grid: dict, colour: str, to: Pos | None, facing: int, pal: dict[str, Pos] | None = None) -> bool:
    """Whether ``(colour, to, facing)`` is one of :func:`lift_moves`, checked on its own cells
    (``pal``: the grid's :func:`pallets`)."""

    p = (pallets(grid) if pal is None else pal).get(colour)
    if p is None or to is None or to == p or to in grid or enclosed(grid, p) or not 0 <= facing < 6:
        return False
    return side_masks(grid, to, skip=p)[1] == 1 << facing


def lift_swaps(grid: dict) -> list[tuple[str, str]]:
    """Forklift: swap two pallets, neither enclosed [SEED "verwissel 2 Pallets"]."""

    free = sorted(c for c, p in pallets(grid).items() if not enclosed(grid, p))
    order = {c: i for i, c in enumerate(data.COLOURS)}
    free.sort(key=lambda c: order.get(c, 9))
    return [(a, b) for i, a in enumerate(free) for b in free[i + 1 :]]


def loading_ok(grid: dict, pos: Pos | None) -> bool:
    """Whether ``pos`` is an empty loading tile (one of :func:`empty_loading`)."""

    c = grid.get(pos) if pos is not None else None
    return c is not None and SHAPE[c[0]] in data.LOADING_SHAPES and c[2] is None


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


class IconCheck:
    """:func:`icon_possible` for many grids that each differ from one ``base`` grid in a few
    cells (every way to connect the tiles of a hand), memoized: a few icon actions found on
    ``base`` (*witnesses*) are re-checked on each grid with :func:`wrench_ok`,
    :func:`lift_ok`, :func:`loading_ok` (a handful of cells each); only when none of them
    still works is the whole grid searched. The answer is always ``icon_possible``'s.
    ``pal``, ``front``: the :func:`pallets` and :func:`frontier` of ``base``."""

    def __init__(self, base: dict, bag_left: int, pal: dict[str, Pos], front: dict) -> None:
        self.base = base
        self.front = front
        self.bag_left = bag_left
        self.pal = pal
        self._found: dict[str, list] = {}
        self._more = None  # the wrench witnesses not yet taken (a generator)

    def _witnesses(self, icon: str) -> list:
        if icon not in self._found:
            if icon == "parcel":
                found = empty_loading(self.base)
            elif icon == "wrench":
                found = []
                self._more = self._wrench_witnesses()
            else:
                found = lift_moves(self.base, front=self.front)
            self._found[icon] = found
        return self._found[icon]

    def _wrench_witnesses(self):
        """Wrench moves of ``base``, taken lazily: per white-icon tile the first and the last
        of its open-end places (two far-apart cells, so one new tile rarely blocks both)."""

        base, front = self.base, self.front
        for p in wrench_targets(base):
            places = placements(base, base[p][0], exclude=p, front=frontier_without(base, front, p))
            if places:
                yield (p, *places[0])
                if len(places) > 1:
                    yield (p, *places[-1])

    def possible(self, grid: dict, icon: str, hints=(), pal: dict[str, Pos] | None = None) -> bool:
        """``icon_possible(grid, icon, bag_left)``; ``hints``: icon actions likely to work
        on ``grid`` (tried first, each re-checked); ``pal``: the pallets of ``grid`` when
        they are not those of ``base``."""

        if icon == "parcel":
            if self.bag_left <= 0:
                return False
            return any(loading_ok(grid, p) for p in (*hints, *self._witnesses(icon))) or bool(empty_loading(grid))
        if icon == "wrench":
            for w in hints:
                if wrench_ok(grid, *w):
                    return True
            found = self._witnesses(icon)
            for w in found:
                if wrench_ok(grid, *w):
                    return True
            for w in self._more:
                found.append(w)
                if wrench_ok(grid, *w):
                    return True
            return bool(wrench_moves(grid, first_only=True))
        if icon == "forklift":
            pal = self.pal if pal is None else pal
            if sum(not enclosed(grid, p) for p in pal.values()) >= 2:  # two pallets may swap
                return True
            return any(lift_ok(grid, *w, pal) for w in self._witnesses(icon)) or bool(lift_moves(grid, first_only=True))
        return True


# ----- parcels ---------------------------------------------------------------------------
def parcel_destinations(grid: dict, pos: Pos) -> list[Pos]:
    """Cells the parcel at ``pos`` can end on, moving exactly its top number of tiles
    [SEED "Verplaats éen van de pakketjes"; ASSUMED REF 2.2 items 3, 5, 6]."""

    return parcel_search(grid, pos)[0]


def parcel_search(grid: dict, pos: Pos) -> tuple[list[Pos], set[Pos]]:
    """``(parcel_destinations(grid, pos), probed)``: ``probed`` holds every cell the search
    looked at besides ``pos``, so the destinations stay the same on any grid that differs from
    ``grid`` in other cells only."""

    cell = grid[pos]
    found: set[Pos] = set()
    probed: set[Pos] = set()
    # depth-first over (cell, exits, steps left, cells visited): the parcel's possible paths
    todo = [(pos, ROT[SHAPE[cell[0]]][cell[1]].starts, cell[2][0], (pos,))]
    while todo:
        p, exits, left, seen = todo.pop()
        q, r = p
        for e in exits:
            m = (q + DIRS[e][0], r + DIRS[e][1])
            probed.add(m)
            c = grid.get(m)
            if c is None or c[2] is not None or m in seen:
                continue
            shape = SHAPE[c[0]]
            entries = ROT[shape][c[1]].entries
            en = (e + 3) % 6
            if en not in entries:
                continue
            if left == 1:
                found.add(m)
            elif shape != "pallet":
                todo.append((m, entries[en], left - 1, (*seen, m)))
    return sorted(found), probed


def parcel_moves(grid: dict, known: dict | None = None) -> list[tuple[Pos, Pos]]:
    """Every legal parcel move ``(from, to)``. ``known``: parcel cell -> its
    :func:`parcel_search` still valid on ``grid`` (used, and filled with the other parcels')."""

    out = []
    for p in sorted([p for p, c in grid.items() if c[2] is not None]):
        if known is None:
            dests = parcel_destinations(grid, p)
        else:
            found = known.get(p)
            if found is None:
                found = known[p] = parcel_search(grid, p)
            dests = found[0]
        out.extend((p, t) for t in dests)
    return out


def searches_after(known: dict | None, touched) -> dict:
    """The entries of ``known`` (see :func:`parcel_moves`) still valid after a step that changed
    only the cells ``touched``: those whose parcel and probed cells are all untouched."""

    if not known:
        return {}
    cells = set(touched)
    return {p: v for p, v in known.items() if p not in cells and cells.isdisjoint(v[1])}


# ----- the field of a State <-> the plain grid ------------------------------------------------
def grid_of(state) -> dict:
    """The plain grid of a state's field."""

    return {parse_key(k): [c.tile, c.rot, tuple(c.parcel) if c.parcel else None] for k, c in state.field.items()}


def field_of(grid: dict, before: dict[str, Cell] | None = None, touched=None) -> FieldDict:
    """The field of a grid, keyed ``"q,r"`` in cell order (a :class:`FieldDict`). With ``before``
    (the field before a step) and ``touched`` (the only cells the step changed), the other
    cells are ``before``'s (frozen) cells and only the touched ones are rebuilt."""

    if before is None or touched is None:
        return FieldDict({key(p): _cell(c) for p, c in sorted(grid.items())})
    out = FieldDict(before)
    for p in touched:  # (dict's own methods: a field being built has no version to count yet)
        c = grid.get(p)
        if c is None:
            _pop(out, key(p), None)
        else:
            _setitem(out, key(p), _cell(c))
    if len(out) != len(before) or any(key(p) not in before for p in touched if p in grid):
        keys = sorted(out, key=_key_order)
        return FieldDict(zip(keys, map(out.__getitem__, keys)))
    return out


_pop, _setitem = dict.pop, dict.__setitem__


_CELL_FIELDS = frozenset({"tile", "rot", "parcel"})


def _cell(c: list) -> Cell:
    """The Cell of the grid cell ``c`` (``Cell(tile=c[0], rot=c[1], parcel=list(c[2]) or [])``).
    Cells are frozen and a step replaces them, never changes them, so one Cell serves every
    field that holds that tile turned that way with that parcel: remembered (a bounded table,
    emptied when full), and built without validation when new."""

    k = (c[0], c[1], c[2])
    try:
        found = _CELLS.get(k)
    except TypeError:  # a parcel given as a list (hand-built grids): not remembered
        return _new_cell(c)
    if found is None:
        if len(_CELLS) >= CELLS_KEPT:
            _CELLS.clear()
        found = _CELLS[k] = _new_cell(c)
    return found


#: the most Cells :func:`_cell` keeps (a few thousand tile, rotation and parcel combinations
#: occur in a game)
CELLS_KEPT = 8192
_CELLS: dict[tuple, Cell] = {}


def _new_cell(c: list) -> Cell:
    """``Cell(tile=c[0], rot=c[1], parcel=list(c[2]) or [])``, built without validation (the
    grid's values are a tile id, an int and None or a pair of ints)."""

    return built(Cell, {"tile": c[0], "rot": c[1], "parcel": list(c[2]) if c[2] else []}, set(_CELL_FIELDS))
