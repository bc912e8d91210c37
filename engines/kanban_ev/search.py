"""Kanban EV for the search AI (:mod:`engines.search`): sampled worlds.

Hidden from a seat (the view): the other players' performance goals, Kanban order cards
and face-down nominations; the order of the goal deck, the Kanban order deck and the demand
stack; the design stacks below their top cards; the face-down award tiles; the seed. A
sampled world deals each public pool at random into the same places and sizes:

* goals: the goal deck + the other hands + the other nominations (every goal not in the
  meeting room, the discard, a played meeting goal or the seat's own hand);
* Kanban order cards: the deck + the other hands;
* designs: the three stacks below their tops; demand tiles: the demand stack;
* awards: each department's face-down count drawn from the printed award tiles (Kanban EV,
  award tiles), except the department whose tiles the seat is choosing from right now.

The evaluation: the PP margin the final scoring would give if the game ended now (Kanban
EV, final scoring: final goal, leftovers, cars, training tracks, tested designs, chargers).
"""

from __future__ import annotations

import random

from engines.search import Budget, Hooks

from . import data as D
from .rules import clone
from .rules.scoring import final_scoring
from .state import State


def determinize(state: State, player: str, rnd: random.Random) -> State:
    """A copy of ``state`` with its hidden parts drawn by ``rnd`` from what ``player`` may know
    (module doc); ``player``'s own hand and nomination stay."""

    s = clone(state)
    b = s.board
    me = s.players.index(player)
    others = [i for i in range(len(s.players)) if i != me]
    pbs = s.player_boards
    # performance goals
    pool = list(b.goal_deck)
    for i in others:
        pool += pbs[i].goals
        if b.nominations[i]:
            pool.append(b.nominations[i])
    pool.sort()
    rnd.shuffle(pool)
    for i in others:
        k = len(pbs[i].goals)
        pbs[i].goals, pool = pool[:k], pool[k:]
        if b.nominations[i]:
            b.nominations[i], pool = pool[0], pool[1:]
    b.goal_deck = pool
    # Kanban order cards
    pool = sorted(list(b.kanban_deck) + [c for i in others for c in pbs[i].kanban_cards])
    rnd.shuffle(pool)
    for i in others:
        k = len(pbs[i].kanban_cards)
        pbs[i].kanban_cards, pool = pool[:k], pool[k:]
    b.kanban_deck = pool
    # design stacks below their tops
    pool = sorted(d for st in b.design_stacks for d in st[1:])
    rnd.shuffle(pool)
    stacks = []
    for st in b.design_stacks:
        k = max(0, len(st) - 1)
        stacks.append(st[:1] + pool[:k])
        pool = pool[k:]
    b.design_stacks = stacks
    # demand stack
    pool = sorted(b.demand_stack)
    rnd.shuffle(pool)
    b.demand_stack = pool
    # award tiles: the printed tiles, less a department the seat is looking at now
    seen = ""
    t = b.turn
    if t is not None and t.who == me and t.pending and t.pending[0][0] == "award":
        seen = t.pending[0][1]
    pool = sorted(k for k, c in D.AWARD_TILES.items() for _ in range(c))
    if seen:
        for k in b.award_tiles[seen]:
            pool.remove(k)
    rnd.shuffle(pool)
    awards = {}
    for d, tiles in b.award_tiles.items():
        if d == seen:
            awards[d] = list(tiles)
        else:
            awards[d], pool = sorted(pool[: len(tiles)]), pool[len(tiles) :]
    b.award_tiles = awards
    s.seed = rnd.getrandbits(62)
    return s


def evaluate(state: State, player: str) -> float:
    """PP margin of ``player`` over the best other player after the final scoring, scored on a
    copy as if the game ended now (the finished game's own margin once it is over)."""

    s = state
    if s.phase != "over":
        s = clone(state)
        final_scoring(s, [])
    me = s.players.index(player)
    pp = [p.pp for p in s.player_boards]
    return pp[me] - max(v for i, v in enumerate(pp) if i != me)


HOOKS = Hooks(
    determinize=determinize,
    evaluate=evaluate,
    scale=20.0,
    budgets={
        "normal": Budget(playouts=16, depth=24, candidates=3, screen=16),
        "strong": Budget(playouts=48, depth=40, candidates=4, screen=24),
    },
)
