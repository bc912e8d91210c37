"""Transport for the search AI (:mod:`engines.search`): sampled worlds and an evaluation.

Hidden from a seat (the view): the other hands, the order of the stack, the order of the
parcel bag and the seed. The tiles of the other hands and the stack together are public
(every tile not on the field nor in the seat's own hand), and so are the parcels in the bag
(every parcel not on the field nor scored), so a sampled world deals those pools at random
into the same places and sizes.
"""

from __future__ import annotations

import random

from engines.search import Budget, Hooks

from .ai import TransportAI
from .hexes import grid_of
from .rules import points, team_of
from .state import State


def determinize(state: State, player: str, rnd: random.Random) -> State:
    """A copy of ``state`` with the other hands, the stack order, the bag order and the seed
    drawn by ``rnd`` from what ``player`` may know (module doc). ``player``'s own hand stays."""

    others = [p for p in state.players if p != player]
    pool = sorted(list(state.stack) + [t for p in others for t in state.hands[p]])
    rnd.shuffle(pool)
    hands = {p: list(h) for p, h in state.hands.items()}
    for p in others:
        k = len(state.hands[p])
        hands[p], pool = pool[:k], pool[k:]
    bag = sorted(state.bag)
    rnd.shuffle(bag)
    s = state.model_copy()
    s.hands = hands
    s.stack = pool
    s.bag = bag
    s.seed = rnd.getrandbits(62)
    return s


_AI = TransportAI(None)


def evaluate(state: State, player: str) -> float:
    """The heuristic's position value for ``player``'s side (``TransportAI._value``: 10 × the
    point margin, less the other sides' points and the parcels they could deliver next,
    plus the ones this side could); at the end, 10 × the (team) point margin."""

    my_cols, other_cols, mine, others = _AI._sides(state, player)
    pts = [sum(points(state, p) for p in mine)] + [sum(points(state, p) for p in t) for t in others]
    if state.phase == "over":
        return 10.0 * (pts[0] - max(pts[1:]))
    return _AI._value(grid_of(state), pts, (set(my_cols), [set(c) for c in other_cols]))


def teams(state: State) -> list[list[str]]:
    """The sides: teams at 4 players (Transport, 4 players), else one seat each."""

    out: list[list[str]] = []
    for p in state.players:
        if not any(p in t for t in out):
            out.append(list(team_of(state, p)))
    return out


HOOKS = Hooks(
    determinize=determinize,
    evaluate=evaluate,
    teams=teams,
    scale=30.0,
    rollout_width=10,
    budgets={
        "normal": Budget(playouts=12, depth=4, candidates=3, screen=16),
        "strong": Budget(playouts=24, depth=6, candidates=4, screen=24),
    },
)
