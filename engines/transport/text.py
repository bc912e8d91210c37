"""Transport in words: the rules summary per topic and the names of tiles in sentences."""

from __future__ import annotations

import math
from functools import lru_cache

from engines.transport import data
from engines.transport import hexes as hx

#: an English summary of the rules per topic (a host's rules command), "overview" first
RULES_SUMMARY: dict[str, str] = {
    "overview": (
        "Transport (Richard van Oostrum, Rob Vermeer), 2-4 players; with 4 players the "
        "partners sitting opposite form a team. Everyone builds on one shared conveyor belt "
        "and steers parcels onto their own pallet; a parcel's number on top when it reaches "
        "the pallet is its value. Highest total wins."
    ),
    "turn": (
        "Either connect one tile from your hand to the field, then move one parcel, then draw "
        "back to 4 tiles; or swap your whole hand for 4 new tiles, then move one parcel. You "
        "must swap when no tile of your hand can be connected."
    ),
    "connect": (
        "A belt tile goes on an open end of the belt (`connect t5 2,-1 3`: tile, field "
        "coordinates q,r, rotation 0-5), or in a pallet's place with the pallet re-attached to "
        "one of its open ends (`insert t5 red 3 3,-1`: tile, pallet, rotation, new pallet "
        "spot). Floor tiles only go against floor sides. A tile must match every neighbour: "
        "belt edge to belt edge, floor to floor."
    ),
    "icons": (
        "White icons act right after connecting, and a tile whose action is impossible cannot "
        "be connected. Parcel: draw a parcel from the bag onto an empty loading tile (`load "
        "0,0`; highest number up with 2-3 players, lowest with 4). Wrench: move any field tile "
        "with a white icon to another spot (`wrench 1,0 3,-2 4`). Forklift: move a pallet to an "
        "open belt end (`lift red 3,-1 2`) or swap two pallets (`swap pallets red blue`). A "
        "tile with six neighbours cannot be moved (enclosure rule)."
    ),
    "parcels": (
        "Move one parcel exactly as many tiles as its top number, one way, never against an "
        "arrow, never through or onto another parcel (`move 0,0 2,-1`), then flip it. A "
        "parcel that ends exactly on a pallet scores its new top number for that pallet's "
        "owner. Moving is compulsory when any parcel can move."
    ),
    "end": (
        "The game ends at once when a player's 4th parcel is scored, or when a tile must be "
        "drawn and the stack is empty (also when a forced swap finds fewer than 4 tiles). "
        "With 4 players the partners add their points."
    ),
    "coordinates": (
        "Cells are q,r (axial hex coordinates, shown on the board). Directions and tile edges "
        "are numbered clockwise from east: 0 east, 1 south-east, 2 south-west, 3 west, 4 "
        "north-west, 5 north-east. Rotation k turns a tile k steps clockwise; your hand image "
        "shows every rotation."
    ),
}

SHAPE_NAMES = {s: v[2] for s, v in data.SHAPES.items()}


def tile_name(tile: str) -> str:
    """``t12`` -> ``"t12 (wide curve, wrench)"``."""

    icon = hx.ICON.get(tile, "")
    name = SHAPE_NAMES[hx.SHAPE[tile]]
    return f"{tile} ({name}{', ' + icon if icon else ''})"


def place_name(field: dict, cell: str) -> str:
    """What lies at ``cell`` for a sentence: ``"t12 (straight belt)"``, ``"the red pallet"``,
    ``""`` for an empty cell. ``field`` is a state's field (cell key -> Cell)."""

    c = field.get(cell)
    if c is None:
        return ""
    if hx.SHAPE[c.tile] == "pallet":
        return f"the {c.tile} pallet"
    return f"{c.tile} ({SHAPE_NAMES[hx.SHAPE[c.tile]]})"


def next_to(field: dict, cell: str, limit: int = 100, skip: str | None = None) -> str:
    """``"Next to t12 (straight belt) west, the red pallet north-east."``: the field tiles
    around ``cell`` with their directions, as many as fit in ``limit`` characters (the rest
    counted: ``"… and 2 more."``); ``skip``: a cell to leave out (the tile being moved).
    ``""`` when nothing is next to it."""

    pos = hx.parse_key(cell)
    if pos is None:
        return ""
    parts = []
    for d in range(6):
        n = hx.key(hx.nb(pos, d))
        if n != skip and n in field:
            parts.append(f"{place_name(field, n)} {hx.DIR_NAMES[d]}")
    if not parts:
        return ""
    for shown in range(len(parts), 0, -1):
        more = len(parts) - shown
        text = "Next to " + ", ".join(parts[:shown]) + (f" and {more} more." if more else ".")
        if len(text) <= limit:
            return text
    return ""


#: the parts of the field, named by their direction from its middle (the move builder groups
#: cells by them when there are too many to list at once)
REGION_NAMES = {d: f"{name.capitalize()} side" for d, name in enumerate(hx.DIR_NAMES)}


@lru_cache(maxsize=64)
def _middle(cells: tuple[str, ...]) -> tuple[float, float]:
    pos = [hx.parse_key(k) for k in cells] or [(0, 0)]
    return sum(q + r / 2 for q, r in pos) / len(pos), sum(r for _, r in pos) / len(pos) * math.sqrt(3) / 2


def region_of(field: dict, cell: str) -> int:
    """The part of the field ``cell`` lies in (0-5, as the directions: 0 the east side),
    seen from the middle of the field's tiles (pointy-top hexes, x = q + r/2, y = r·√3/2)."""

    pos = hx.parse_key(cell)
    mx, my = _middle(tuple(field))
    x, y = pos[0] + pos[1] / 2 - mx, pos[1] * math.sqrt(3) / 2 - my
    angle = math.degrees(math.atan2(y, x)) % 360  # 0 east, clockwise (y grows southwards)
    return int(((angle + 30) % 360) // 60)
