"""Transport in words: the rules summary per topic and the names of tiles, pallets,
directions and places in sentences, as texts of the game's catalog (:mod:`engines.i18n`; the
catalogs are bot/locale/<lang>/LC_MESSAGES/transport.po)."""

from __future__ import annotations

import math
import re
from functools import lru_cache

from engines.i18n import Code, Text, texts
from engines.transport import data
from engines.transport import hexes as hx

T, Tn, Tp = texts("transport")

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

#: the tile shapes' names (data.SHAPES), as words of the catalog
SHAPE_NAMES: dict[str, Text] = {
    "straight": Tp("tile shape", "straight belt"),
    "wide": Tp("tile shape", "wide curve"),
    "tight": Tp("tile shape", "tight curve"),
    "merge": Tp("tile shape", "merge junction"),
    "oneway": Tp("tile shape", "one-way belt"),
    "floor": Tp("tile shape", "floor tile"),
    "loading": Tp("tile shape", "loading tile"),
    "loading_y": Tp("tile shape", "Y loading tile"),
    "pallet": Tp("tile shape", "pallet"),
}
assert {s: str(n) for s, n in SHAPE_NAMES.items()} == {s: v[2] for s, v in data.SHAPES.items()}
#: the white icons (data.ICONS)
ICON_NAMES: dict[str, Text] = {
    "parcel": Tp("tile icon", "parcel"),
    "wrench": Tp("tile icon", "wrench"),
    "forklift": Tp("tile icon", "forklift"),
}
#: the pallets' colours (data.COLOURS), as they stand with "pallet" ("the red pallet")
COLOUR_NAMES: dict[str, Text] = {
    "red": Tp("pallet colour", "red"),
    "blue": Tp("pallet colour", "blue"),
    "yellow": Tp("pallet colour", "yellow"),
    "green": Tp("pallet colour", "green"),
}
#: a player's colour on its own (the status line: "p0 (red)")
PLAYER_COLOUR_NAMES: dict[str, Text] = {
    "red": Tp("player colour", "red"),
    "blue": Tp("player colour", "blue"),
    "yellow": Tp("player colour", "yellow"),
    "green": Tp("player colour", "green"),
}
#: the six directions (hexes.DIR_NAMES), 0 east, clockwise
DIRECTION_NAMES: tuple[Text, ...] = (
    Tp("direction", "east"),
    Tp("direction", "south-east"),
    Tp("direction", "south-west"),
    Tp("direction", "west"),
    Tp("direction", "north-west"),
    Tp("direction", "north-east"),
)
assert set(ICON_NAMES) == set(data.ICONS) and set(COLOUR_NAMES) == set(PLAYER_COLOUR_NAMES) == set(data.COLOURS)
assert tuple(map(str, DIRECTION_NAMES)) == hx.DIR_NAMES

#: ``Code(value)``, one shared instance per value (cells and tile ids repeat)
code = lru_cache(maxsize=4096)(Code)


def colour(pallet: str) -> Text:
    """A pallet's colour as it stands with "pallet" (``"red"`` in "the red pallet"), a word of
    the catalog; an unknown one as itself."""

    return COLOUR_NAMES.get(pallet) or code(pallet)


def player_colour(name: str) -> Text:
    """A player's colour on its own (``"red"``); an unknown one as itself."""

    return PLAYER_COLOUR_NAMES.get(name) or code(name)


def direction(d: int) -> Text:
    return DIRECTION_NAMES[d]


@lru_cache(maxsize=1024)
def tile_name(tile: str) -> Text:
    """``t12`` -> ``"t12 (wide curve, wrench)"``."""

    icon = hx.ICON.get(tile, "")
    name = SHAPE_NAMES[hx.SHAPE[tile]]
    if icon:
        return T("{tile} ({shape}, {icon})", tile=code(tile), shape=name, icon=ICON_NAMES[icon])
    return T("{tile} ({shape})", tile=code(tile), shape=name)


def pallet_words(pallet: str) -> Text:
    """``"the red pallet"``."""

    return T("the {colour} pallet", colour=colour(pallet))


def place_name(field: dict, cell: str) -> Text | str:
    """What lies at ``cell`` for a sentence: ``"t12 (straight belt)"``, ``"the red pallet"``,
    ``""`` for an empty cell. ``field`` is a state's field (cell key -> Cell)."""

    c = field.get(cell)
    if c is None:
        return ""
    if hx.SHAPE[c.tile] == "pallet":
        return pallet_words(c.tile)
    return T("{tile} ({shape})", tile=code(c.tile), shape=SHAPE_NAMES[hx.SHAPE[c.tile]])


def next_to(field: dict, cell: str, limit: int = 100, skip: str | None = None) -> Text | str:
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
            parts.append(T("{place} {direction}", place=place_name(field, n), direction=DIRECTION_NAMES[d]))
    if not parts:
        return ""
    for shown in range(len(parts), 0, -1):
        more = len(parts) - shown
        if more:
            text = Tn("Next to {places} and {n} more.", "Next to {places} and {n} more.", more, places=parts[:shown])
        else:
            text = T("Next to {places}.", places=parts)
        if len(text) <= limit:
            return text
    return ""


#: the parts of the field, named by their direction from its middle (the move builder groups
#: cells by them when there are too many to list at once)
REGION_LABELS: dict[int, Text] = {
    0: Tp("field side", "East side of the field"),
    1: Tp("field side", "South-east side of the field"),
    2: Tp("field side", "South-west side of the field"),
    3: Tp("field side", "West side of the field"),
    4: Tp("field side", "North-west side of the field"),
    5: Tp("field side", "North-east side of the field"),
}
assert all(str(REGION_LABELS[d]) == f"{n.capitalize()} side of the field" for d, n in enumerate(hx.DIR_NAMES))


def end_reason_text(reason: str, players: list[str]) -> Text | str:
    """The game's end reason (``State.end_reason``, stored in English) as the text it was
    written as: one of the four sentences of :mod:`engines.transport.rules`, the seat
    found again among ``players``; ``""`` for none; an unknown sentence as it is."""

    if isinstance(reason, Text) or not reason:
        return reason
    for pattern, make in _REASONS:
        m = pattern.fullmatch(reason)
        if m and m.group(1) in players:
            return make(m.group(1))
    return reason


def no_tile_reason(seat: str) -> Text:
    return T("{seat} can connect no tile and the stack cannot give 4 new tiles.", seat=seat)


def empty_stack_reason(seat: str) -> Text:
    return T("{seat} must draw a tile and the stack is empty.", seat=seat)


def stuck_reason(seat: str) -> Text:
    return T(
        "{seat} must swap again, but no tile can be connected any more and no parcel can reach a pallet: "
        "the score can no longer change.",
        seat=seat,
    )


def parcels_reason(seat: str) -> Text:
    return Tn(
        "{seat} has {n} parcel on their score tile.",
        "{seat} has {n} parcels on their score tile.",
        data.PARCELS_TO_END,
        seat=seat,
    )


def _pattern(make) -> re.Pattern:
    """The English sentence ``make(seat)`` writes, any seat in its place (group 1)."""

    return re.compile(re.escape(str(make("SEATMARK"))).replace("SEATMARK", "(.+)"))


_REASONS = [(_pattern(f), f) for f in (no_tile_reason, empty_stack_reason, stuck_reason, parcels_reason)]


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
