"""Component data of Transport: tile shapes, tile inventory, start layouts, parcels.

Every entry names its source: ``SEED`` is the Dutch rule text (shared rule 004), ``BGG-T``
the BGG session report quoted in the reference facts, ``REF 2.x`` the reference-facts
section that proposes a value. ``ASSUMED`` marks a value no public source gives; each is
one line here so a corrected count is a one-line edit.

Hex geometry (REF 2.6, ASSUMED): axial coordinates (q, r), pointy-top hexes; edge ``i`` of a
tile faces the neighbour in direction ``i``; directions clockwise from east:
0 = east (+1, 0), 1 = south-east (0, +1), 2 = south-west (-1, +1), 3 = west (-1, 0),
4 = north-west (0, -1), 5 = north-east (+1, -1). A tile turned by rotation ``k`` has its
rotation-0 edge ``e`` at edge ``(e + k) % 6`` (clockwise turns).
"""

from __future__ import annotations

# ----- tile shapes ---------------------------------------------------------------------
#: name -> (belt edges at rotation 0, directed moves (entry edge, exit edge), English name).
#: A parcel entering a tile through ``entry`` may leave through ``exit``. Two-way belts list
#: both directions. A pallet's single belt edge is an entry without exit (it ends there).
SHAPES: dict[str, tuple[tuple[int, ...], tuple[tuple[int, int], ...], str]] = {
    # straight belt, two-way [BGG-T "straights"; edges ASSUMED REF 2.3]
    "straight": ((0, 3), ((0, 3), (3, 0)), "straight belt"),
    # wide curve (skips one edge), two-way [BGG-T "bends"; ASSUMED REF 2.3]
    "wide": ((0, 2), ((0, 2), (2, 0)), "wide curve"),
    # tight curve (neighbouring edges), two-way [BGG-T "bends"; ASSUMED REF 2.3]
    "tight": ((0, 1), ((0, 1), (1, 0)), "tight curve"),
    # junction: 3 entrances, 2 exits [SEED "3 ingangen, maar 2 uitgangen"]; which arm is
    # inbound-only: ASSUMED REF 2.2 item 5 (edge 1 merges into the 0-3 line)
    "merge": ((0, 1, 3), ((0, 3), (3, 0), (1, 0), (1, 3)), "merge junction"),
    # one-way straight with an arrow, 0 -> 3 [SEED arrows; BGG-T "one-way"; ASSUMED REF 2.3]
    "oneway": ((0, 3), ((0, 3),), "one-way belt"),
    # floor tile, no belt [SEED "Vloertegels"]
    "floor": ((), (), "floor tile"),
    # loading tile, straight, two-way [SEED "Inlaadtegels"; shape ASSUMED REF 2.3]
    "loading": ((0, 3), ((0, 3), (3, 0)), "loading tile"),
    # Y loading start tile, three two-way arms [ASSUMED REF 2.3 start tiles]
    "loading_y": ((0, 2, 4), ((0, 2), (2, 0), (0, 4), (4, 0), (2, 4), (4, 2)), "Y loading tile"),
    # pallet: one belt edge, parcels end there [SEED "Pallettegels"; ASSUMED REF 2.3]
    "pallet": ((0,), (), "pallet"),
}

#: shapes whose tiles are belt tiles for connecting (SEED "Bandtegels"; loading tiles carry belt)
BELT_SHAPES = ("straight", "wide", "tight", "merge", "oneway", "loading", "loading_y")
LOADING_SHAPES = ("loading", "loading_y")

#: white action icons [SEED "De iconen en hun acties"]
ICONS = ("parcel", "wrench", "forklift")

# ----- stack inventory -----------------------------------------------------------------
#: (shape, icon or "", count, source). Icon totals: parcel 16, wrench 20, forklift 10 [SEED];
#: the split over shapes and the plain counts are ASSUMED (REF 2.3, 96 stack tiles).
INVENTORY: list[tuple[str, str, int, str]] = [
    ("straight", "parcel", 4, "ASSUMED REF 2.3"),
    ("straight", "wrench", 5, "ASSUMED REF 2.3"),
    ("straight", "forklift", 2, "ASSUMED REF 2.3"),
    ("straight", "", 9, "ASSUMED REF 2.3"),
    ("wide", "parcel", 3, "ASSUMED REF 2.3"),
    ("wide", "wrench", 4, "ASSUMED REF 2.3"),
    ("wide", "forklift", 2, "ASSUMED REF 2.3"),
    ("wide", "", 7, "ASSUMED REF 2.3"),
    ("tight", "parcel", 2, "ASSUMED REF 2.3"),
    ("tight", "wrench", 3, "ASSUMED REF 2.3"),
    ("tight", "forklift", 2, "ASSUMED REF 2.3"),
    ("tight", "", 5, "ASSUMED REF 2.3"),
    ("merge", "parcel", 2, "ASSUMED REF 2.3"),
    ("merge", "wrench", 2, "ASSUMED REF 2.3"),
    ("merge", "forklift", 1, "ASSUMED REF 2.3"),
    ("merge", "", 5, "ASSUMED REF 2.3"),
    ("oneway", "parcel", 1, "ASSUMED REF 2.3"),
    ("oneway", "wrench", 1, "ASSUMED REF 2.3"),
    ("oneway", "forklift", 1, "ASSUMED REF 2.3"),
    ("oneway", "", 3, "ASSUMED REF 2.3"),
    ("floor", "parcel", 4, "ASSUMED REF 2.3"),
    ("floor", "wrench", 5, "ASSUMED REF 2.3"),
    ("floor", "forklift", 2, "ASSUMED REF 2.3"),
    ("floor", "", 17, "ASSUMED REF 2.3"),
    ("loading", "", 4, "ASSUMED REF 2.3"),
]


def stack_tiles() -> list[tuple[str, str, str]]:
    """The stack tiles as ``(tile id, shape, icon)``: ids ``t1`` … ``t96`` in inventory order."""

    out = []
    n = 0
    for shape, icon, count, _source in INVENTORY:
        for _ in range(count):
            n += 1
            out.append((f"t{n}", shape, icon))
    return out


# ----- players ---------------------------------------------------------------------------
#: player colours in seat order [SEED "Elke speler kiest een kleur"; names ASSUMED]; a
#: pallet's tile id is its colour
COLOURS = ("red", "blue", "yellow", "green")

#: start tiles other than pallets: id -> shape [ASSUMED REF 2.3 "Start tiles"]
START_TILES: dict[str, str] = {
    "s1": "loading",
    "s2": "loading",
    "s3": "loading_y",
    "s4": "straight",
    "s5": "straight",
    "s6": "straight",
    "s7": "straight",
}

#: start layouts by player count: (tile id, q, r, rotation); pallets are named by the seat
#: number "P1".."P4" and become that seat's colour. [ASSUMED REF 2.4; diagrams missing in SEED]
START_LAYOUTS: dict[int, list[tuple[str, int, int, int]]] = {
    2: [
        ("s1", 0, 0, 0),
        ("s4", 1, 0, 0),
        ("s5", -1, 0, 0),
        ("P1", 2, 0, 3),
        ("P2", -2, 0, 0),
    ],
    3: [
        ("s3", 0, 0, 0),
        ("s4", 1, 0, 0),
        ("s5", -1, 1, 2),
        ("s6", 0, -1, 1),
        ("P1", 2, 0, 3),
        ("P2", -2, 2, 5),
        ("P3", 0, -2, 1),
    ],
    4: [
        ("s1", 0, -1, 0),
        ("s4", 1, -1, 0),
        ("s5", -1, -1, 0),
        ("P1", 2, -1, 3),
        ("P2", -2, -1, 0),
        ("s2", 0, 1, 0),
        ("s6", 1, 1, 0),
        ("s7", -1, 1, 0),
        ("P3", 2, 1, 3),
        ("P4", -2, 1, 0),
    ],
}

#: teams at 4 players: seats sitting diagonally opposite [SEED "schuin tegenover elkaar"]
TEAMS_4P = ((0, 2), (1, 3))

# ----- parcels ---------------------------------------------------------------------------
#: (number, number, count): two numbers per parcel [SEED; BGG-T]; the set is ASSUMED REF 2.5
PARCELS: list[tuple[int, int, int, str]] = [
    (1, 2, 3, "ASSUMED REF 2.5"),
    (1, 3, 3, "ASSUMED REF 2.5"),
    (1, 4, 3, "ASSUMED REF 2.5"),
    (2, 3, 3, "ASSUMED REF 2.5"),
    (2, 4, 3, "ASSUMED REF 2.5"),
    (3, 4, 3, "ASSUMED REF 2.5"),
]

HAND_SIZE = 4  # [SEED "Elke speler pakt 4 tegels"]
PARCELS_TO_END = 4  # a player's 4th scored parcel ends the game [SEED "Eind van het spel" a]


def parcel_list() -> list[tuple[int, int]]:
    """Every parcel as (low, high), in data order."""

    out = []
    for a, b, count, _source in PARCELS:
        out.extend([(a, b)] * count)
    return out
