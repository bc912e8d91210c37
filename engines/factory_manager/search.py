"""Factory Manager for the search AI (:mod:`engines.search`): sampled worlds and an evaluation.

Hidden from a seat (the view): the order and content of the energy deck and of the 3 energy
tiles removed unseen, the order of the turn-order draw pile, this round's unused turn-order
tiles, and the seed. Their contents together are public (every energy tile not yet revealed;
every turn-order tile of this player count not on offer or held), so a sampled world deals
that public pool at random into the same places.
"""

from __future__ import annotations

import random

from engines.search import Budget, Hooks

from .ai import plan_value
from .rules import installed
from .state import State


def determinize(state: State, player: str, rnd: random.Random) -> State:
    """A copy of ``state`` with its hidden parts drawn from what ``player`` may know.

    Energy: the tiles not yet revealed (sorted, then shuffled by ``rnd``) fill the deck then
    the removed pile, in their sizes; in the first-game variant the 0 stays on top until the
    first reveal (Factory Manager, set-up 7: it is put there face down, as everyone knows).
    Turn order: the draw pile and the unused tiles share their pool the same way. The seed
    is drawn from ``rnd``."""

    s = state.model_copy(deep=True)
    pool = sorted(s.energy_deck + s.energy_removed)
    top: list[int] = []
    if s.first_game and not s.energy_revealed and s.energy_deck and 0 in pool:
        pool.remove(0)
        top = [0]
    rnd.shuffle(pool)
    n = len(s.energy_deck) - len(top)
    s.energy_deck = top + pool[:n]
    s.energy_removed = pool[n:]
    tiles = sorted(s.order_pile + s.order_unused)
    rnd.shuffle(tiles)
    n = len(s.order_pile)
    s.order_pile = tiles[:n]
    s.order_unused = tiles[n:]
    s.seed = rnd.getrandbits(62)
    return s


def worth(state: State, i: int) -> float:
    """Seat ``i``'s Elektro plus the expected profit of its installed factory over the rounds
    left (:func:`engines.factory_manager.ai.plan_value`); the money alone once it is over."""

    p = state.players[i]
    if state.phase == "over":
        return float(p.money)
    return p.money + plan_value(installed(p), state)


def evaluate(state: State, player: str) -> float:
    """Elektro margin of ``player`` over the best other seat, counting each factory's
    expected profit still to come (:func:`worth`)."""

    vals = [worth(state, i) for i in range(len(state.players))]
    me = next(i for i, p in enumerate(state.players) if p.seat == player)
    return vals[me] - max(v for i, v in enumerate(vals) if i != me)


def heuristic_only(action) -> bool:
    """Switching a machine off or on is left to the heuristic (its factory setting): the two
    steps undo each other, and a search proposing them went back and forth forever."""

    return action.type in ("switch_off", "switch_on")


HOOKS = Hooks(
    determinize=determinize,
    evaluate=evaluate,
    heuristic_only=heuristic_only,
    scale=30.0,
    budgets={
        "normal": Budget(playouts=16, depth=8, candidates=3, screen=16),
        "strong": Budget(playouts=48, depth=12, candidates=4, screen=24),
    },
)
