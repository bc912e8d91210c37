"""Visiting Kaunas component data: buildings, event cards, upgrade cards, set-up tables.

The rule text (``rules 003``, the designer's post "Visiting Kaunas", DDD1) gives the
counts (102 building cards, 49 event cards: level 1 ×10, level 2 ×21, level 3 ×18,
32 upgrade cards) and names some buildings, but the card PDFs are not public. Every
entry says where it comes from: ``"rules: <section>"`` for the text, ``"ref: <fact>"``
for the reference facts collected for this project (games/visiting-kaunas.md §3.3), or
starts with ``"ASSUMED"``. Correct an assumed entry here; the engine reads only this
module.
"""

from __future__ import annotations

from typing import NamedTuple

#: time zones in board order (die slots 1/2/3 on an event card): rules "Event cards"
ZONES: tuple[str, str, str] = ("morning", "midday", "evening")

#: building categories: ASSUMED (ref §3.3: Food, Shop, Culture, Other; the rules name
#: "restaurant", "shop" and "Other" and say there are 4 categories)
CATEGORIES: tuple[str, ...] = ("food", "shop", "culture", "other")


class Building(NamedTuple):
    """A building type. ``zones[z] = (capacity, price)``; a zone missing means closed.

    Capacity is the number above the time-zone icon, price the $ per customer below it
    (rules "Building cards")."""

    id: str
    name: str
    category: str | None
    copies: int
    zones: dict[str, tuple[int, int]]
    source: str


BUILDINGS: dict[str, Building] = {
    b.id: b
    for b in [
        Building(
            "museum",
            "Modern Art Museum",
            "culture",
            4,
            {"morning": (2, 2), "midday": (3, 2)},
            "rules: starting building; values ASSUMED (ref §3.3); 4 cards, one per player, not in the deck",
        ),
        Building("cafe", "Café", "food", 8, {"morning": (2, 2), "midday": (2, 1)}, "ASSUMED (ref §3.3)"),
        Building("bistro", "Bistro", "food", 8, {"midday": (3, 2), "evening": (2, 2)}, "ASSUMED (ref §3.3)"),
        Building("pizzeria", "Pizzeria", "food", 6, {"midday": (2, 2), "evening": (3, 3)}, "ASSUMED (ref §3.3)"),
        Building("restaurant", "Restaurant", "food", 6, {"midday": (2, 3), "evening": (2, 4)}, "ASSUMED (ref §3.3)"),
        Building(
            "eurostore",
            "Euro store",
            "shop",
            8,
            {"morning": (3, 1), "midday": (3, 1), "evening": (3, 1)},
            "rules: Case 2 names it; ASSUMED values; open in the evening (ref §3.3 says closed) "
            "so that Case 2 (an evening 'Other' event moves tourists from it) holds",
        ),
        Building(
            "watches",
            "Watches store",
            "shop",
            6,
            {"midday": (2, 4)},
            "rules: Case 2 'works only in midday'; capacity/price ASSUMED (ref §3.3)",
        ),
        Building("clothes", "Clothes shop", "shop", 8, {"morning": (2, 2), "midday": (2, 2)}, "ASSUMED (ref §3.3)"),
        Building(
            "souvenir",
            "Souvenir shop",
            "shop",
            6,
            {"morning": (2, 1), "midday": (3, 2), "evening": (2, 1)},
            "ASSUMED (ref §3.3)",
        ),
        Building("gallery", "Gallery", "culture", 6, {"morning": (2, 2), "midday": (2, 2)}, "ASSUMED (ref §3.3)"),
        Building("theatre", "Theatre", "culture", 6, {"evening": (4, 3)}, "ASSUMED (ref §3.3)"),
        Building("church", "Church", "culture", 6, {"morning": (3, 1), "midday": (2, 1)}, "ASSUMED (ref §3.3)"),
        Building(
            "nightclub",
            "Night club",
            "other",
            6,
            {"evening": (3, 4)},
            "rules: Case 2 names it ('Other'); values ASSUMED (ref §3.3)",
        ),
        Building(
            "bank",
            "Bank",
            "other",
            4,
            {"morning": (1, 5), "midday": (1, 5)},
            "rules: Cases 3-4 'Bank can only accommodate one meeple', 'Other'; price ASSUMED (ref §3.3)",
        ),
        Building(
            "pool",
            "Pool",
            "other",
            4,
            {"morning": (2, 2), "midday": (2, 2), "evening": (2, 2)},
            "rules: Cases 2-4 name it ('Other'); capacity 2 fits Case 4; values ASSUMED (ref §3.3)",
        ),
        Building(
            "park",
            "Park",
            None,
            10,
            {},
            "rules: 'Design decision' (Park clogs the grid); no category, never open: ASSUMED (ref §3.3)",
        ),
    ]
}

#: the starting building every player gets: rules "Preparation"
START_BUILDING = "museum"

#: 98 cards in the building deck + 4 museums = 102 (rules "Inventory")
BUILDING_DECK: list[str] = [b.id for b in BUILDINGS.values() if b.id != START_BUILDING for _ in range(b.copies)]


class EventCard(NamedTuple):
    """An event card: ``level`` 1-3 (printed on its back: ASSUMED ref ambiguity 1), the time
    zones where it is active (3/2/1 for level 1/2/3: rules "Event cards"), the direction
    (tourists ``coming`` to, ``leaving`` from, or ``both``) and the target: a category or a
    building id (rules "Event cards"). Which zones/targets each card has: ASSUMED (ref §3.3)."""

    id: str
    level: int
    zones: tuple[str, ...]
    direction: str
    target: str


Ev = EventCard
#: 49 event cards (rules "Inventory": level 1 ×10, level 2 ×21, level 3 ×18). Zones,
#: directions and targets: ASSUMED (ref §3.3: L1 all coming, Food×3 Shop×3 Culture×2
#: Other×2; L2 zone pairs rotated, coming×12 leaving×6 both×3; L3 one zone (6 each) on a
#: specific building, coming×12 leaving×6, each L3 zone one where that building is open).
EVENTS: dict[str, EventCard] = {
    e.id: e
    for e in [
        Ev("e01", 1, ("morning", "midday", "evening"), "coming", "food"),
        Ev("e02", 1, ("morning", "midday", "evening"), "coming", "food"),
        Ev("e03", 1, ("morning", "midday", "evening"), "coming", "food"),
        Ev("e04", 1, ("morning", "midday", "evening"), "coming", "shop"),
        Ev("e05", 1, ("morning", "midday", "evening"), "coming", "shop"),
        Ev("e06", 1, ("morning", "midday", "evening"), "coming", "shop"),
        Ev("e07", 1, ("morning", "midday", "evening"), "coming", "culture"),
        Ev("e08", 1, ("morning", "midday", "evening"), "coming", "culture"),
        Ev("e09", 1, ("morning", "midday", "evening"), "coming", "other"),
        Ev("e10", 1, ("morning", "midday", "evening"), "coming", "other"),
        Ev("e11", 2, ("morning", "midday"), "coming", "food"),
        Ev("e12", 2, ("midday", "evening"), "coming", "shop"),
        Ev("e13", 2, ("morning", "evening"), "leaving", "culture"),
        Ev("e14", 2, ("morning", "midday"), "coming", "other"),
        Ev("e15", 2, ("midday", "evening"), "coming", "food"),
        Ev("e16", 2, ("morning", "evening"), "leaving", "shop"),
        Ev("e17", 2, ("morning", "midday"), "both", "culture"),
        Ev("e18", 2, ("midday", "evening"), "coming", "other"),
        Ev("e19", 2, ("morning", "evening"), "coming", "food"),
        Ev("e20", 2, ("morning", "midday"), "leaving", "shop"),
        Ev("e21", 2, ("midday", "evening"), "coming", "culture"),
        Ev("e22", 2, ("morning", "evening"), "coming", "other"),
        Ev("e23", 2, ("morning", "midday"), "leaving", "food"),
        Ev("e24", 2, ("midday", "evening"), "both", "shop"),
        Ev("e25", 2, ("morning", "evening"), "coming", "culture"),
        Ev("e26", 2, ("morning", "midday"), "coming", "other"),
        Ev("e27", 2, ("midday", "evening"), "leaving", "food"),
        Ev("e28", 2, ("morning", "evening"), "coming", "shop"),
        Ev("e29", 2, ("morning", "midday"), "coming", "culture"),
        Ev("e30", 2, ("midday", "evening"), "leaving", "other"),
        Ev("e31", 2, ("morning", "evening"), "both", "food"),
        Ev("e32", 3, ("morning",), "coming", "cafe"),
        Ev("e33", 3, ("evening",), "coming", "bistro"),
        Ev("e34", 3, ("evening",), "leaving", "pizzeria"),
        Ev("e35", 3, ("midday",), "coming", "restaurant"),
        Ev("e36", 3, ("morning",), "coming", "eurostore"),
        Ev("e37", 3, ("midday",), "leaving", "watches"),
        Ev("e38", 3, ("morning",), "coming", "clothes"),
        Ev("e39", 3, ("midday",), "coming", "souvenir"),
        Ev("e40", 3, ("morning",), "leaving", "gallery"),
        Ev("e41", 3, ("evening",), "coming", "theatre"),
        Ev("e42", 3, ("morning",), "coming", "church"),
        Ev("e43", 3, ("evening",), "leaving", "nightclub"),
        Ev("e44", 3, ("midday",), "coming", "bank"),
        Ev("e45", 3, ("morning",), "coming", "pool"),
        Ev("e46", 3, ("midday",), "leaving", "museum"),
        Ev("e47", 3, ("evening",), "coming", "restaurant"),
        Ev("e48", 3, ("evening",), "coming", "souvenir"),
        Ev("e49", 3, ("midday",), "leaving", "bistro"),
    ]
}

#: how many cards of each level go into the event deck: rules "Preparation"
#: ("level 3 … take 9 … level 2 … take 12 … level 1 … take 6")
DECK_PER_LEVEL: dict[int, int] = {3: 9, 2: 12, 1: 6}
#: level-1 cards dealt face down onto the event board from the top: rules "Preparation"
FACE_DOWN_START = 3
#: positions on the event board: 3 face up, 3 face down (rules "Event card selection")
BOARD_SLOTS = 3


class Upgrade(NamedTuple):
    """An upgrade card: adds ``capacity`` and ``price`` in ``zones`` (``"all"`` = every zone
    where the building is open). Rules "Upgrades"; the 32 cards' contents: ASSUMED (ref §3.3).
    ASSUMED: an upgrade changes only zones where its building is open."""

    id: str
    zones: tuple[str, ...]
    capacity: int
    price: int


def _upgrades() -> list[Upgrade]:
    """32 upgrades, ASSUMED (ref §3.3): +1 capacity in one zone ×9 (3 per zone), +1 price in
    one zone ×9, +1 capacity and +1 price in one zone ×6 (2 per zone), +1 price in every
    open zone ×4, +1 capacity in every open zone ×4."""

    out: list[Upgrade] = []
    n = 1

    def add(zones: tuple[str, ...], cap: int, price: int) -> None:
        nonlocal n
        out.append(Upgrade(f"u{n:02d}", zones, cap, price))
        n += 1

    for _ in range(3):
        for z in ZONES:
            add((z,), 1, 0)
    for _ in range(3):
        for z in ZONES:
            add((z,), 0, 1)
    for _ in range(2):
        for z in ZONES:
            add((z,), 1, 1)
    for _ in range(4):
        add(ZONES, 0, 1)
    for _ in range(4):
        add(ZONES, 1, 0)
    return out


UPGRADES: dict[str, Upgrade] = {u.id: u for u in _upgrades()}

#: building grid (columns, rows) by player count: rules "Preparation" (7x5 / 6x4 / 5x3);
#: columns × rows ASSUMED (ref ambiguity 7)
GRID_SIZE: dict[int, tuple[int, int]] = {2: (5, 3), 3: (6, 4), 4: (7, 5)}
#: starting coins: rules "Preparation"
START_COINS = 8
#: tourists and Grande per player: rules "Inventory" (40 tourists, 10 per colour; 1 Grande each)
TOURISTS = 10
#: dice rolled per turn: rules "Inventory"/"Dice manipulation"
DICE = 3
#: most upgrade cards drawn at once: rules "Upgrades"
MAX_DRAW = 3
#: other players pay this × the event number for a 5/4 building: rules "Actions for values"
OTHERS_FACTOR = 2
#: Grande pays this many times the price: rules "Grande tourist"
GRANDE_FACTOR = 2
