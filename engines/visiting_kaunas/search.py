"""Visiting Kaunas for the search AI (:mod:`engines.search`): sampled worlds.

Hidden from a seat (the view): the order of the building deck and of the upgrade deck,
the event deck and the face-down event cards (only their level shows), the upgrades the
active player drew (to everyone else) and the seed (so every future roll). A sampled world:

* buildings: the deck's cards (every building not on the grid or in a street) in a random order;
* events: per level, the cards of that level nobody has seen (the printed cards less the
  face-up stacks, the discard and the card being resolved: some were left out of the game
  unseen at set-up) dealt at random into the deck's places and face-down spots of that
  level; coins lying on a face-down card and a die put on it stay with its spot;
* upgrades: the deck (and another player's drawn cards) shuffled into the same places;
* the seed: drawn at random.

The evaluation: coins, plus the earning power of the buildings in each street
(:func:`engines.visiting_kaunas.ai.building_value`) times the share of the event cards still
to come (tourists only pay while events fire), as a margin over the best other player.
"""

from __future__ import annotations

import random

from engines.search import Budget, Hooks

from . import data as D
from .ai import KaunasAI, building_value
from .state import DOWN, State

#: Elektro-like weight of one unit of building value over a whole game (ASSUMED, tuned by
#: bench.ai_strength)
BUILDING_WEIGHT = 1.0
_EVENTS = sum(D.DECK_PER_LEVEL.values())


def determinize(state: State, player: str, rnd: random.Random) -> State:
    """A copy of ``state`` with its hidden parts drawn by ``rnd`` from what ``player`` may know
    (module doc)."""

    s = state.model_copy(deep=True)
    # buildings
    pool = sorted(s.bdeck)
    rnd.shuffle(pool)
    s.bdeck = pool
    # events, level by level
    seen = {c for st in s.up for c in st} | set(s.discard)
    if s.moving:
        seen.add(s.moving)
    old_down = list(s.down)
    for lvl in sorted({e.level for e in D.EVENTS.values()}):
        pool = sorted(c for c, e in D.EVENTS.items() if e.level == lvl and c not in seen)
        rnd.shuffle(pool)
        for k, c in enumerate(s.edeck):
            if D.EVENTS[c].level == lvl:
                s.edeck[k] = pool.pop()
        for j, c in enumerate(s.down):
            if c and D.EVENTS[c].level == lvl:
                s.down[j] = pool.pop()
    stakes = dict(s.stakes)
    for old in old_down:
        if old and old in state.stakes:
            stakes.pop(old, None)
    for j, (old, new) in enumerate(zip(old_down, s.down)):
        if old and old in state.stakes:
            stakes[new] = state.stakes[old]
        for d in s.dice:
            if d.use == "event" and not d.done and d.card == DOWN[j] and d.cid == old:
                d.cid = new
    s.stakes = stakes
    # upgrades
    mine = player == s.players[s.active]
    pool = sorted(s.udeck + ([] if mine else s.drawn))
    rnd.shuffle(pool)
    if not mine and s.drawn:
        k = len(s.drawn)
        s.drawn, pool = pool[:k], pool[k:]
    s.udeck = pool
    s.seed = rnd.getrandbits(62)
    return s


def worth(state: State, player: str) -> float:
    """``player``'s coins plus its streets' earning power for the events still to come."""

    pl = state.pl[player]
    if state.phase == "over":
        return float(pl.coins)
    left = (len(state.edeck) + sum(1 for c in state.down if c)) / _EVENTS
    power = sum(building_value(b) for side in pl.street for b in side if b)
    return pl.coins + BUILDING_WEIGHT * left * power


def evaluate(state: State, player: str) -> float:
    """The :func:`worth` margin of ``player`` over the best other player."""

    return worth(state, player) - max(worth(state, p) for p in state.players if p != player)


class RolloutAI(KaunasAI):
    """The heuristic (:class:`engines.visiting_kaunas.ai.KaunasAI`) for rollouts in a sampled
    world: a face-down event card is valued as the card lying there in that world (one card
    instead of the average over every unseen card of its level: the world is already a
    sample of them), so a rollout step costs a few event valuations instead of dozens."""

    def _face_down_value(self, H, s, p: str, pos: str, zone: str, n: int) -> float:
        cid = s.down[H.DOWN.index(pos)]
        if not cid:
            return 0.0
        return self._event_value(H, s, p, cid, zone, n) + s.stakes.get(cid, 0)


HOOKS = Hooks(
    determinize=determinize,
    evaluate=evaluate,
    rollout=RolloutAI,
    scale=30.0,
    budgets={
        "normal": Budget(playouts=12, depth=16, candidates=3, screen=12),
        "strong": Budget(playouts=32, depth=20, candidates=4, screen=20),
    },
)
