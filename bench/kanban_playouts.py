"""Kanban EV playout speed: random games, games/s and actions/s on one core.

Run: ``python -m bench.kanban_playouts [games]`` from the checkout. Counts every applied
action; each step calls ``legal_actions`` then ``apply`` (which validates against the legal list).
"""

from __future__ import annotations

import random
import sys
import time

from engines.kanban_ev.engine import ENGINE as engine


def playout(n: int, seed: int, options: dict | None = None) -> int:
    rnd = random.Random(seed)
    players = [f"p{k}" for k in range(n)]
    state = engine.setup(players, options, seed)
    steps = 0
    while not engine.is_over(state):
        actors = engine.to_act(state)
        player = actors[0] if len(actors) == 1 else rnd.choice(actors)
        action = rnd.choice(engine.legal_actions(state, player))
        state = engine.apply(state, player, action).state
        steps += 1
    return steps


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 60
    configs = [(n, opts) for n in (2, 3, 4) for opts in ({"sandra": "mean"}, {"sandra": "nice", "speedcharger": False})]
    t0 = time.perf_counter()
    actions = 0
    for g in range(games):
        n, opts = configs[g % len(configs)]
        actions += playout(n, g, opts)
    dt = time.perf_counter() - t0
    print(f"Kanban EV random playouts: {games} games, {actions} actions in {dt:.2f} s")
    print(f"  {games / dt:.2f} games/s, {actions / dt:.0f} actions/s (one core)")


if __name__ == "__main__":
    main()
