"""The renderer's own picture of a Factory Manager board, read from ``engine.view(state, None)``.

:func:`board` turns the engine's public view into plain dataclasses the layout code reads,
so the drawing code depends on the view's key names in this one place. Every fact comes
from the view (the engine's ``tiles``, ``columns``, ``phase_number``), none from the engine's
data. Tile numbers (Factory Manager, appendix A symbols): production and storage (dark), workers (white need
positive, dark "workers replaced" negative), energy (white use positive, dark saving negative).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engines.i18n import Tp
from renderers.base import drawable, local

#: the letters printed before a tile's numbers: production, storage, workers, energy (the
#: initials of each language's words, explained by the board's legend)
EFFECT_LETTER = {
    "p": Tp("tile number letter", "P"),
    "s": Tp("tile number letter", "S"),
    "w": Tp("tile number letter", "W"),
    "e": Tp("tile number letter", "E"),
}


@dataclass
class Tile:
    """One equipment tile: ``id`` as players type it, ``kind`` a storage column's kind,
    ``price`` in Elektro (0 for start tiles), printed numbers p/s/w/e."""

    id: str
    kind: str
    price: int = 0
    p: int = 0
    s: int = 0
    w: int = 0
    e: int = 0
    off: bool = False

    def effects(self) -> list[tuple[str, str]]:
        """(label, colour key) pairs such as ("P2", "p"), ("W-1", "w") (the letter in the
        language being drawn); zeros left out."""

        out = []
        for key, value in (("p", self.p), ("s", self.s), ("w", self.w), ("e", self.e)):
            if value:
                out.append((f"{local(EFFECT_LETTER[key])}{value}", key))
        return out


@dataclass
class Factory:
    seat: str
    name: str
    index: int = 0
    elektro: int = 0
    tile_no: int | None = None  # turn-order tile that sets this seat's order now
    new_tile: int | None = None  # tile won in this round's auction (auction phase only)
    hall1: list[Tile] = field(default_factory=list)
    hall2: list[Tile] = field(default_factory=list)
    hall2_paid: int = 0
    control: Tile | None = None
    optimisation: Tile | None = None
    stored: list[Tile] = field(default_factory=list)  # bought, not installed
    production: int = 0
    storage: int = 0
    energy: int = 0
    available: int = 0  # workers beside the board, temps included
    temps: int = 0  # temporary workers held (counted in the piles too)
    canteen: int = 0
    bid: int = 0  # workers on the turn-order tile
    used: int = 0  # workers that bought a tile this round
    demolishing: int = 0
    profits: list[int] = field(default_factory=list)
    discount: int = 0
    income: int = 0
    active: bool = False


@dataclass
class Board:
    players: list[str]
    round: int = 1
    rounds: int = 5
    phase: int = 1
    phase_key: str = "auction"
    kinds: list[str] = field(default_factory=list)  # the storage board's columns, in order
    waiting: list[str] = field(default_factory=list)
    status: str = ""  # the engine's one-line status, if the view carries it
    over: bool = False
    storage: dict[str, list[Tile]] = field(default_factory=dict)
    market: list[Tile] = field(default_factory=list)
    energy_price: int = 1
    energy_step: int = 1
    energy_steps: int = 10
    energy_pile: int | None = None
    energy_revealed: list[int] = field(default_factory=list)
    draw_pile: int = 0
    revealed: list[int] = field(default_factory=list)
    auction_tile: int | None = None
    auction_bid: int | None = None
    auction_bidder: str | None = None
    chooser: str | None = None
    bidders: list[str] = field(default_factory=list)  # still in the current auction
    bid_turn: str | None = None
    order: list[str] = field(default_factory=list)
    factories: dict[str, Factory] = field(default_factory=dict)
    market_left: int = 0
    extra_left: int = 0
    in_extras: bool = False
    ranking: list[list[str]] = field(default_factory=list)


def _get(d: Any, *names: str, default: Any = None) -> Any:
    if not isinstance(d, dict):
        return default
    for n in names:
        if n in d and d[n] is not None:
            return d[n]
    return default


def tile(data: Any, off: set[str] | None = None, info: dict | None = None) -> Tile | None:
    """A :class:`Tile` from a view entry: a dict with id and numbers, or a bare id looked up
    in ``info`` (the view's ``tiles``)."""

    if data is None or data == "":
        return None
    if isinstance(data, str):
        tid = data.lower()
        data = (info or {}).get(tid) or {"id": tid}
    tid = str(_get(data, "id", "tile", default="?")).lower()
    w = int(_get(data, "workers", default=0)) - int(_get(data, "workers_saved", default=0))
    e = int(_get(data, "energy", default=0)) - int(_get(data, "energy_saved", default=0))
    return Tile(
        id=tid,
        kind=str(_get(data, "kind", default="machine")),
        price=int(_get(data, "price", default=0)),
        p=int(_get(data, "production", default=0)),
        s=int(_get(data, "storage", default=0)),
        w=w,
        e=e,
        off=bool(off and tid in off),
    )


def _seat(value: Any) -> str | None:
    return None if value is None else str(value)


def board(view: dict) -> Board:
    """The :class:`Board` of a public view, shaped as ``FactoryManager.view`` documents
    (``players`` in seating order, ``auction``, ``market``, ``columns``, ``tiles``, ``energy``,
    ``order_pile_count``); an optional ``names`` maps seats to display names."""

    info = dict(_get(view, "tiles", default={}))

    def tiles(items: Any, off: set[str] | None = None) -> list[Tile]:
        return [t for t in (tile(x, off, info) for x in (items or [])) if t]

    raw_players = list(_get(view, "players", default=[]))
    players = [str(p["seat"]) if isinstance(p, dict) else str(p) for p in raw_players]
    names = dict(_get(view, "names", default={}))
    b = Board(players=players)
    b.round = int(_get(view, "round", default=1))
    b.rounds = int(_get(view, "rounds", default=5))
    b.phase_key = str(_get(view, "phase", default="auction"))
    b.phase = int(_get(view, "phase_number", default=1))
    b.over = b.phase_key == "over"
    b.waiting = [str(s) for s in _get(view, "to_act", default=[])]
    b.status = str(_get(view, "status", default=""))
    columns = _get(view, "columns", default={}) or {}
    b.kinds = [str(k) for k in columns]
    b.storage = {str(k): tiles(col) for k, col in columns.items()}
    b.market = tiles(_get(view, "market", default=[]))
    energy = _get(view, "energy", default={})
    b.energy_step = int(_get(energy, "step", default=1))
    b.energy_price = int(_get(energy, "price", default=b.energy_step))
    b.energy_steps = max(10, b.energy_step)
    b.energy_pile = _get(energy, "deck_count")
    b.energy_revealed = list(_get(energy, "revealed", default=[]))
    b.draw_pile = int(_get(view, "order_pile_count", default=0))
    auction = _get(view, "auction", default=None)
    if auction:
        b.revealed = list(_get(auction, "offer", default=[]))
        b.auction_tile = _get(auction, "tile") or None
        b.chooser = _seat(_get(auction, "chooser"))
        b.bidders = [str(x) for x in _get(auction, "bidders", default=[])]
        b.bid_turn = _seat(_get(auction, "bid_turn"))
        if b.auction_tile:
            b.auction_bid = int(_get(auction, "high_bid", default=0))
            b.auction_bidder = _seat(_get(auction, "high_bidder"))
    b.order = [str(s) for s in _get(view, "order", default=players)]
    b.market_left = int(_get(view, "market_left", default=0))
    b.extra_left = int(_get(view, "extra_left", default=0))
    b.in_extras = bool(_get(view, "in_extras", default=False))
    for i, (seat, f) in enumerate(zip(players, raw_players)):
        f = f if isinstance(f, dict) else {}
        off = {str(x).lower() for x in _get(f, "off", default=[])}
        workers = _get(f, "workers", default={})
        fac = Factory(
            seat=seat, name=drawable(" ".join(str(names.get(seat, seat)).split())) or f"player {i + 1}", index=i
        )
        fac.elektro = int(_get(f, "money", default=0))
        fac.tile_no = _get(f, "tile") or None
        fac.new_tile = _get(f, "new_tile") or None
        fac.discount = int(_get(f, "discount", default=0))
        fac.hall1 = tiles(_get(f, "hall"), off)
        fac.hall2 = tiles(_get(f, "hall2"), off)
        fac.hall2_paid = int(_get(f, "hall2_paid", default=0))
        fac.control = tile(_get(f, "control"), off, info)
        fac.optimisation = tile(_get(f, "optimisation"), off, info)
        fac.stored = tiles(_get(f, "stored"))
        fac.production = int(_get(f, "production", default=0))
        fac.storage = int(_get(f, "storage", default=0))
        fac.energy = int(_get(f, "energy", default=0))
        fac.income = int(_get(f, "income", default=10 * min(fac.production, fac.storage)))
        fac.available = int(_get(workers, "available", default=0))
        fac.temps = int(_get(workers, "temps", default=0))
        fac.canteen = int(_get(workers, "canteen", default=0))
        fac.bid = int(_get(workers, "bid", default=0))
        fac.used = int(_get(workers, "used", default=0))
        fac.demolishing = int(_get(workers, "demolishing", default=0))
        fac.profits = [int(x) for x in _get(f, "profits", default=[])]
        fac.active = bool(_get(f, "active", default=False))
        b.factories[seat] = fac
    ranking = _get(view, "ranking", default=None)
    b.ranking = [[str(s) for s in tier] for tier in ranking] if ranking else []
    return b
