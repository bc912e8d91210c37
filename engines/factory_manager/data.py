"""Factory Manager (Továrník) component data, each entry with its source.

Sources (keys as in the project's reference notes on the game):

* ``RULES §x``: the Czech rule text (Továrník, Albi 2009), section named after it.
* ``REF 1.x``: the compiled reference facts on Factory Manager, section 1.x, which give
  public sources for the facts the rule text leaves out.
* ``ASSUMED``: a proposed value where no public source was found (REF marks them so too);
  kept here so it can be corrected in one place.

Tile ids are lowercase so that they can be typed: ``st01`` (pallet storage), ``ma04``
(machine), ``pr01`` (production robot), ``sr01`` (saving robot), ``cu01`` (control unit),
``ou01`` (optimisation unit); start sets ``a-ma1``…``e-st3``; set X ``x-st``, ``x-ma``, ``x-pr``,
``x-sr``, ``x-cu``, ``x-ou`` (REF 1.5 names them STX, MAX, PRX, SRX, CUX, OUX).
"""

from __future__ import annotations

from dataclasses import dataclass

# --------------------------------------------------------------------------- kinds
#: the six tile kinds = the six market columns, in column order [RULES Herní materiál; REF 1.4]
KINDS: tuple[str, ...] = (
    "storage",
    "machine",
    "production-robot",
    "saving-robot",
    "control-unit",
    "optimisation-unit",
)
#: kinds installed in the production hall [RULES §3 Nákup a instalace]
HALL_KINDS = frozenset({"storage", "machine", "production-robot", "saving-robot"})
#: kinds installed in the control room, one space each [RULES §3 Nákup a instalace]
ROOM_KINDS = frozenset({"control-unit", "optimisation-unit"})
#: kinds that may be switched off in phase 4 [RULES §4 Vypnutí strojů a robotů]
SWITCHABLE_KINDS = frozenset({"machine", "production-robot", "saving-robot"})
ROBOT_KINDS = frozenset({"production-robot", "saving-robot"})

KIND_NAMES = {
    "storage": "pallet storage",
    "machine": "machine",
    "production-robot": "production robot",
    "saving-robot": "saving robot",
    "control-unit": "control unit",
    "optimisation-unit": "optimisation unit",
}


@dataclass(frozen=True)
class Tile:
    """One equipment tile.

    ``production``/``storage``/``workers_saved``/``energy_saved`` are the dark (good) numbers,
    ``workers``/``energy`` the white (cost) numbers [RULES §4 Byrokracie; REF 1.2 phase 4].
    ``price`` in Elektro (0 for start tiles, never bought). ``mark``: the player-count mark on
    the back ("2-5", "3-5", "4-5", "5"), "start" for sets A–E, "x" for set X.
    ``source``: where the numbers come from.
    """

    id: str
    kind: str
    price: int
    production: int = 0
    storage: int = 0
    workers: int = 0
    workers_saved: int = 0
    energy: int = 0
    energy_saved: int = 0
    mark: str = "2-5"
    start_set: str = ""
    source: str = "ASSUMED (REF 1.5 table)"

    def info(self) -> dict:
        """The tile as a plain dict (for views)."""

        return {
            "id": self.id,
            "kind": self.kind,
            "price": self.price,
            "production": self.production,
            "storage": self.storage,
            "workers": self.workers,
            "workers_saved": self.workers_saved,
            "energy": self.energy,
            "energy_saved": self.energy_saved,
            "mark": self.mark,
            "start_set": self.start_set,
        }


def _group(prefix: str, kind: str, first: int, count: int, price: int, **values: int) -> list[Tile]:
    return [Tile(id=f"{prefix}{i:02d}", kind=kind, price=price, **values) for i in range(first, first + count)]


# Start sets A–E: 2 machines + 3 pallet storages each. Values derived in REF 1.5 from the
# rule text (start production 2, storage 3, energy 4, 2 workers per machine) [RULES Příprava
# hry; REF 1.5 "FOUND by arithmetic"].
START_SETS: tuple[str, ...] = ("a", "b", "c", "d", "e")
_START: list[Tile] = []
for _s in START_SETS:
    for _i in (1, 2):
        _START.append(
            Tile(
                id=f"{_s}-ma{_i}",
                kind="machine",
                price=0,
                production=1,
                workers=2,
                energy=2,
                mark="start",
                start_set=_s,
                source="REF 1.5 derived from RULES Příprava hry",
            )
        )
    for _i in (1, 2, 3):
        _START.append(
            Tile(
                id=f"{_s}-st{_i}",
                kind="storage",
                price=0,
                storage=1,
                mark="start",
                start_set=_s,
                source="REF 1.5 derived from RULES Příprava hry",
            )
        )

# Market tiles: counts per kind FOUND (REF 1.5); values and prices ASSUMED (REF 1.5 table,
# which fits the known prices 6 for +1 storage and 18 for +4 storage [RDS]).
_MARKET: list[Tile] = (
    _group("st", "storage", 1, 5, 6, storage=1)
    + _group("st", "storage", 6, 4, 10, storage=2)
    + _group("st", "storage", 10, 4, 14, storage=3)
    + _group("st", "storage", 14, 3, 18, storage=4)
    + _group("st", "storage", 17, 2, 24, storage=5, energy=1)
    + _group("st", "storage", 19, 1, 30, storage=6, energy=1)
    + _group("ma", "machine", 1, 3, 8, production=1, workers=1, energy=1)
    + _group("ma", "machine", 4, 3, 12, production=2, workers=2, energy=2)
    + _group("ma", "machine", 7, 3, 16, production=2, workers=1, energy=2)
    + _group("ma", "machine", 10, 3, 20, production=3, workers=2, energy=3)
    + _group("ma", "machine", 13, 2, 26, production=3, workers=1, energy=3)
    + _group("ma", "machine", 15, 2, 32, production=4, workers=1, energy=4)
    + _group("pr", "production-robot", 1, 4, 5, production=1, energy=1)
    + _group("pr", "production-robot", 5, 3, 10, production=1)
    + _group("pr", "production-robot", 8, 4, 14, production=2, energy=2)
    + _group("pr", "production-robot", 12, 3, 20, production=2, energy=1)
    + _group("pr", "production-robot", 15, 3, 28, production=3, energy=2)
    + _group("sr", "saving-robot", 1, 3, 4, workers_saved=1, energy=1)
    + _group("sr", "saving-robot", 4, 2, 8, workers_saved=1)
    + _group("sr", "saving-robot", 6, 2, 14, workers_saved=2, energy=1)
    + _group("sr", "saving-robot", 8, 1, 20, workers_saved=2)
    + _group("cu", "control-unit", 1, 2, 8, workers_saved=1)
    + _group("cu", "control-unit", 3, 2, 15, workers_saved=2, energy=1)
    + _group("cu", "control-unit", 5, 2, 20, workers_saved=2)
    + _group("cu", "control-unit", 7, 2, 28, workers_saved=3, energy=1)
    + _group("ou", "optimisation-unit", 1, 2, 5, energy_saved=1)
    + _group("ou", "optimisation-unit", 3, 2, 12, energy_saved=2)
    + _group("ou", "optimisation-unit", 5, 2, 20, energy_saved=3)
    + _group("ou", "optimisation-unit", 7, 1, 28, energy_saved=4)
)

# Player-count marks, ASSUMED (REF 1.5): within each column sorted by (price, id), the i-th
# tile gets the mark cycle 2-5, 2-5, 3-5, 4-5, 5.
_MARK_CYCLE = ("2-5", "2-5", "3-5", "4-5", "5")
_marked: list[Tile] = []
for _kind in KINDS:
    _col = sorted((t for t in _MARKET if t.kind == _kind), key=lambda t: (t.price, t.id))
    for _i, _t in enumerate(_col):
        _marked.append(
            Tile(**{**_t.__dict__, "mark": _MARK_CYCLE[_i % 5], "source": "ASSUMED (REF 1.5 table and mark cycle)"})
        )
_MARKET = _marked

# Set X: one tile of each kind [RULES Příprava hry 6]; values and prices ASSUMED (REF 1.5).
_X: list[Tile] = [
    Tile(id="x-st", kind="storage", price=12, storage=3, mark="x"),
    Tile(id="x-ma", kind="machine", price=22, production=3, workers=1, energy=2, mark="x"),
    Tile(id="x-pr", kind="production-robot", price=16, production=2, energy=1, mark="x"),
    Tile(id="x-sr", kind="saving-robot", price=12, workers_saved=2, energy=1, mark="x"),
    Tile(id="x-cu", kind="control-unit", price=16, workers_saved=2, mark="x"),
    Tile(id="x-ou", kind="optimisation-unit", price=10, energy_saved=2, mark="x"),
]
X_TILES: tuple[str, ...] = tuple(t.id for t in _X)

#: every equipment tile by id: 106 tiles [RULES Herní materiál: 106 kartiček vybavení]
TILES: dict[str, Tile] = {t.id: t for t in _START + _MARKET + _X}
assert len(TILES) == 106
#: tile counts per kind [RULES Herní materiál]
KIND_COUNTS = {
    "storage": 35,
    "machine": 27,
    "production-robot": 18,
    "saving-robot": 9,
    "control-unit": 9,
    "optimisation-unit": 8,
}
assert all(sum(1 for t in TILES.values() if t.kind == k) == n for k, n in KIND_COUNTS.items())

#: tile ids as small ints, for compact sorting
SORT_KEY: dict[str, tuple[int, str]] = {t.id: (t.price, t.id) for t in TILES.values()}
TILE_INFO: dict[str, dict] = {t.id: t.info() for t in TILES.values()}


def marks_for(players: int) -> frozenset[str]:
    """Back marks in use for a player count [RULES Příprava hry 5: 3 players use 2-5 and 3-5]."""

    marks = {"2-5"}
    if players >= 3:
        marks.add("3-5")
    if players >= 4:
        marks.add("4-5")
    if players >= 5:
        marks.add("5")
    return frozenset(marks)


def start_set(letter: str) -> list[str]:
    """The 5 tile ids of start set ``letter`` (a–e): machines first."""

    return [f"{letter}-ma1", f"{letter}-ma2", f"{letter}-st1", f"{letter}-st2", f"{letter}-st3"]


# --------------------------------------------------------------------------- tables
#: turn-order start tiles and draw pile per player count [RULES Příprava hry 4, table]
TURN_ORDER_SETUP: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {
    2: ((2, 10), (1, 4, 6, 8)),
    3: ((5, 7, 8), (1, 2, 3, 4, 6)),
    4: ((7, 8, 9, 10), (1, 2, 3, 4, 5, 6)),
    5: ((8, 9, 10, 11, 12), (1, 2, 3, 4, 5, 6, 7)),
}

#: discount per turn-order tile; tiles 1–3 give none [RULES §3]; values 4–12 ASSUMED (REF 1.6)
DISCOUNT: dict[int, int] = {1: 0, 2: 0, 3: 0, 4: 1, 5: 1, 6: 2, 7: 2, 8: 3, 9: 3, 10: 4, 11: 4, 12: 5}

#: optional extra market tiles of the last player, by player count [RULES §2, table]
EXTRA_TILES: dict[int, int] = {2: 0, 3: 1, 4: 2, 5: 3}

#: the 8 energy tiles: two 0, four +1, two +2 [RULES Herní materiál]
ENERGY_TILES: tuple[int, ...] = (0, 0, 1, 1, 1, 1, 2, 2)
ENERGY_REMOVED = 3  # 3 removed unseen, 5 in the deck [RULES Příprava hry 7]
#: energy price per step of the graph: price = step, start step 1 [RULES Příprava hry 7;
#: per-step prices ASSUMED (REF 1.8)]
ENERGY_START_STEP = 1
ENERGY_MAX_STEP = 10  # ASSUMED (REF 1.8): steps 1-10


def energy_price(step: int) -> int:
    """Elektro per energy unit at a graph step (ASSUMED price = step, REF 1.8)."""

    return step


# Start values [RULES Příprava hry; REF 1.3]
START_MONEY = 18
OWN_WORKERS = 7
START_CANTEEN = 4
START_PRODUCTION = 2
START_STORAGE = 3
START_ENERGY = 4  # rule text gap; REF 1.2 (seed example 4 × 1, HU-A)
MAX_TEMPS = 2  # [RULES §3 Najímání brigádníků]
TEMP_COST = 7  # minus the turn-order discount [RULES §3]; floor 0 ASSUMED (REF 1.2 e)
HALL1_SPACES = 10  # [RULES §3: prvních 10 pozic]
HALL2_SPACES = 2  # [RULES §3: zbývající dvě pozice]
HALL2_FEE = 10  # per space, first use only [RULES §3]
INCOME_PER_UNIT = 10  # income = 10 × min(production, storage) [RULES §5 example 3/8 → 30]
ENERGY_FLOOR = 1  # [RULES §4 gap; REF 1.3 HU-A]
ROUNDS = 5  # [RULES Průběh hry]
LAST_ROUND_FACTOR = 2  # [RULES §5: v pátém kole se zisk zdvojnásobí]
