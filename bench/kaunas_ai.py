"""Visiting Kaunas AI win rate: 200 seeded 3-player games, the AI against two random seats.

Run from the checkout: ``python -m bench.kaunas_ai [games]``. The AI's seat rotates with
the seed; a shared first place counts 1/k. Prints the win share and the time taken.
"""

from __future__ import annotations

import random
import sys
import time

from engines.visiting_kaunas.engine import ENGINE as engine
from tests.engines.contract import ai_policy, random_policy, win_share


def play(seed: int) -> float:
    """One game; returns the AI seat's win share."""

    players = ["s1", "s2", "s3"]
    ai_seat = players[seed % 3]
    rnd = random.Random(seed)
    state = engine.setup(players, None, seed)
    while not engine.is_over(state):
        actors = engine.to_act(state)
        p = actors[0] if len(actors) == 1 else rnd.choice(actors)
        policy = ai_policy if p == ai_seat else random_policy
        state = engine.apply(state, p, policy(engine, state, p, rnd)).state
    return win_share(engine, state, ai_seat)


def main(games: int = 200) -> float:
    t0 = time.perf_counter()
    total = sum(play(seed) for seed in range(games))
    rate = total / games
    print(
        f"visiting-kaunas AI vs 2 random seats, 3 players, {games} games (seeds 0-{games - 1}): "
        f"win share {rate:.1%} ({total:g}/{games}) in {time.perf_counter() - t0:.1f} s"
    )
    return rate


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
