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
    plus the ones this side could); at the end, 10 × the (team) point margin.

    The heuristic values a position after its own parcel move, the other side's seat to act
    next. A rollout may stop anywhere in a round; at 4 players, where the seat to act is of
    ``player``'s own team, the weights of the deliverable parcels are swapped (this team's
    6, the other's 3). At 2 and 3 players it is the heuristic's
    value as it is."""

    my_cols, other_cols, mine, others = _AI._sides(state, player)
    pts = [sum(points(state, p) for p in mine)] + [sum(points(state, p) for p in t) for t in others]
    if state.phase == "over":
        return 10.0 * (pts[0] - max(pts[1:]))
    ctx = (set(my_cols), [set(c) for c in other_cols])
    if len(state.players) == 4 and state.players[state.current] in mine:
        # this team's seat moves now, the other team's after: the weights swapped
        return _AI._value(grid_of(state), pts, ctx, threat_weight=3.0, chance_weight=6.0)
    return _AI._value(grid_of(state), pts, ctx)


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
    # 4 players: a round is twice as long and a decision of normal's budget left it short of
    # its target (59 %, 49-68 over 100 games); strong keeps its budget, its heaviest moves
    # already near 1 s of CPU (the heuristic's own move over a thousand wrench moves, then
    # late-game rollouts with many parcels)
    budgets_by_players={4: {"normal": Budget(playouts=20, depth=5, candidates=3, screen=16)}},
)
