"""Hand-built Transport states for rule tests."""

from __future__ import annotations

from engines.transport import data
from engines.transport.engine import ENGINE as engine
from engines.transport.state import Cell, State


def tiles_with(shape: str, icon: str = "") -> list[str]:
    """Stack tile ids of a shape and icon (looked up in the data table, not computed rules)."""

    return [t for t, s, i in data.stack_tiles() if s == shape and i == icon]


def make(
    cells: dict[str, tuple],
    n: int = 3,
    hands: dict | None = None,
    phase: str = "play",
    bag: list | None = None,
    stack: list | None = None,
    current: int = 0,
    scored: dict | None = None,
) -> State:
    """A state with exactly ``cells`` on the field: ``{"q,r": (tile, rot) or (tile, rot, [top, bottom])}``."""

    players = [f"p{i}" for i in range(n)]
    field = {}
    for k, v in cells.items():
        field[k] = Cell(tile=v[0], rot=v[1], parcel=list(v[2]) if len(v) > 2 and v[2] else [])
    used = {v[0] for v in cells.values()}
    hands = hands or {p: [] for p in players}
    for p in players:
        hands.setdefault(p, [])
        used |= set(hands[p])
    if stack is None:
        stack = [t for t, _s, _i in data.stack_tiles() if t not in used][:40]
    return State(
        players=players,
        seed=5,
        colours=list(data.COLOURS[:n]),
        field=field,
        stack=stack,
        hands=hands,
        bag=bag if bag is not None else [[1, 2], [3, 4], [2, 4]],
        scored=scored or {p: [] for p in players},
        current=current,
        phase=phase,
    )


E = engine
