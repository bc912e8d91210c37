"""Transport actions: one model per step (field order = notation order, ``connect t12 0,1 3``)."""

from __future__ import annotations

from functools import lru_cache
from typing import Literal

from pydantic import Field

from engines.base import ActionModel
from engines.copying import built
from engines.transport.hexes import key


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
    pallet_to: str | None = Field(
        default=None, description="when it takes a pallet's place: cell q,r the pallet moves to"
    )


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


# The legal actions are built without validation (their values are already of the fields'
# types), ``type`` first and then the fields in field order, every field counting as set, as
# when validated with all of them given: one literal per model (the hot path of a wrench step,
# which lists ~500 moves, a hundred of them new). The instances of a model share one set of
# set fields: a frozen model never changes it (pydantic copies it for a copy), and one tracked
# object less per action is less work for the garbage collector.
_CONNECT_SET = {"tile", "at", "rotation"}
_WRENCH_SET = {"at", "to", "rotation", "pallet_to"}


def _connect_new(tile: str, at: str, rotation: int) -> Connect:
    return built(Connect, {"type": "connect", "tile": tile, "at": at, "rotation": rotation}, _CONNECT_SET)


def _wrench_new(at: str, to: str, rotation: int, pallet_to: str | None) -> Wrench:
    fields = {"type": "wrench", "at": at, "to": to, "rotation": rotation, "pallet_to": pallet_to}
    return built(Wrench, fields, _WRENCH_SET)


def _built(model: type[ActionModel], fields: dict) -> ActionModel:
    """``model(**fields)`` without validation, as above, for the less numerous actions."""

    return built(model, {"type": _TYPE[model], **fields}, set(fields))


_TYPE = {m: m.model_fields["type"].default for m in ACTIONS}  # model -> its ``type`` value


#: tile -> {(cell, rotation): the connect move, (pallet, rotation, pallet cell): the insert
#: move}: the most numerous legal actions, built once (action models are frozen, so one
#: instance can be listed again); at most _CONNECT_MAX moves in all (then it starts afresh:
#: the 65,536 connect moves and 16,384 insert moves the tables held before they were one)
_CONNECT_OF: dict[str, dict] = {}
_CONNECT_MAX = (1 << 16) + (1 << 14)
_connect_count = [0]


def _connect_table(tile: str) -> dict:
    known = _CONNECT_OF.get(tile)
    if known is None:
        if _connect_count[0] > _CONNECT_MAX:
            _CONNECT_OF.clear()
            _connect_count[0] = 0
        known = _CONNECT_OF[tile] = {}
    return known


def _connect(tile: str, at: tuple[int, int], rotation: int) -> Connect:
    """The connect move of ``tile`` at ``at`` in ``rotation`` (a shared instance)."""

    known = _connect_table(tile)
    found = known.get((at, rotation))
    if found is None:
        found = known[(at, rotation)] = _connect_new(tile, key(at), rotation)
        _connect_count[0] += 1
    return found


def connect_actions(tile: str, places: list) -> list[Connect]:
    """The connect moves of ``tile`` at each ``(cell, rotation)`` of ``places`` (shared
    instances, as :func:`_connect`)."""

    known = _connect_table(tile)
    try:
        return list(map(known.__getitem__, places))  # all known: the common case, at C speed
    except KeyError:
        pass
    made = 0
    for m in places:
        if m not in known:
            known[m] = _connect_new(tile, key(m[0]), m[1])
            made += 1
    _connect_count[0] += made
    return list(map(known.__getitem__, places))


#: cell -> {(to, rotation) or (to, rotation, pallet_to): the wrench move of the tile at cell};
#: at most _WRENCH_MAX moves in all (then it starts afresh)
_WRENCH_FROM: dict[tuple[int, int], dict] = {}
_WRENCH_MAX = 1 << 16
_wrench_count = [0]


def _wrench_table(at: tuple[int, int]) -> dict:
    known = _WRENCH_FROM.get(at)
    if known is None:
        if _wrench_count[0] > _WRENCH_MAX:
            _WRENCH_FROM.clear()
            _wrench_count[0] = 0
        known = _WRENCH_FROM[at] = {}
    return known


def wrench_actions(at: tuple[int, int], moves: list) -> list[Wrench]:
    """The wrench moves of the tile at ``at`` to each ``(to, rotation)`` of ``moves``, no pallet
    moving (one shared instance per move, from the table of ``at``)."""

    known = _wrench_table(at)
    try:
        return list(map(known.__getitem__, moves))  # all known: the common case, at C speed
    except KeyError:
        pass
    # some new: one pass (most new moves are those of a few new cells)
    get = known.get
    akey = None
    out = []
    made = 0
    for m in moves:
        found = get(m)
        if found is None:
            if akey is None:
                akey = key(at)
            found = known[m] = _wrench_new(akey, key(m[0]), m[1], None)
            made += 1
        out.append(found)
    _wrench_count[0] += made
    return out


def insert_wrenches(at: tuple[int, int], inserts: list) -> list[Wrench]:
    """The wrench moves of the tile at ``at`` into a pallet's place, one per ``(to, rotation,
    pallet_to)`` of ``inserts`` (shared instances, as :func:`wrench_actions`)."""

    known = _wrench_table(at)
    out = []
    for m in inserts:
        found = known.get(m)
        if found is None:
            found = known[m] = _wrench_new(key(at), key(m[0]), m[1], key(m[2]))
            _wrench_count[0] += 1
        out.append(found)
    return out


_INSERT_SET = {"tile", "pallet", "rotation", "pallet_to"}


def _insert_new(tile: str, pallet: str, rotation: int, pallet_to: str) -> Insert:
    fields = {"type": "insert", "tile": tile, "pallet": pallet, "rotation": rotation, "pallet_to": pallet_to}
    return built(Insert, fields, _INSERT_SET)


def _insert(tile: str, pallet: str, rotation: int, pallet_to: tuple[int, int]) -> Insert:
    """The insert move of ``tile`` in ``pallet``'s place, the pallet to ``pallet_to`` (a shared
    instance, kept in the table of ``tile`` with its connect moves: see :func:`_connect`)."""

    known = _connect_table(tile)
    m = (pallet, rotation, pallet_to)
    found = known.get(m)
    if found is None:
        found = known[m] = _insert_new(tile, pallet, rotation, key(pallet_to))
        _connect_count[0] += 1
    return found


@lru_cache(maxsize=1 << 14)
def _move(at: tuple[int, int], to: tuple[int, int]) -> Move:
    return _built(Move, {"at": key(at), "to": key(to)})


@lru_cache(maxsize=1 << 12)
def _load(at: tuple[int, int]) -> Load:
    return _built(Load, {"at": key(at)})


@lru_cache(maxsize=1 << 14)
def _lift(pallet: str, to: tuple[int, int], facing: int) -> Lift:
    return _built(Lift, {"pallet": pallet, "to": key(to), "facing": facing})


@lru_cache(maxsize=64)
def _swap_pallets(a: str, b: str) -> SwapPallets:
    return _built(SwapPallets, {"a": a, "b": b})


SWAP_HAND = SwapHand()


ACTION_MODELS = ACTIONS
