"""Factory Manager AI strength: win share in seeded 3-player games.

``python -m bench.fm_ai [--games 200]``: the AI in one seat (rotating over the seats with
the seed) against two uniformly random seats, then against two never-buying baseline seats
(``engines.factory_manager.ai.never_buy_policy``). A shared first place counts 1/k.
Targets (issue 2): at least 60 % against random, more than 50 % against never-buy.
"""

from __future__ import annotations

import argparse
import random
import time

from engines import registry
from engines.factory_manager.ai import never_buy_policy
from tests.engines.contract import ai_policy, random_policy, win_share

ENGINE = registry.get("factory-manager")


def play(policies, seed: int, options=None):
    """One whole game with ``policies[i]`` in seat ``p{i}``; returns the final state."""

    players = [f"p{i}" for i in range(len(policies))]
    state = ENGINE.setup(players, options, seed)
    rnd = random.Random(seed)
    while not ENGINE.is_over(state):
        (player,) = ENGINE.to_act(state)
        action = policies[int(player[1:])](ENGINE, state, player, rnd)
        state = ENGINE.apply(state, player, action).state
    return state


def win_rate(opponent, games: int, first_seed: int = 0, n: int = 3) -> float:
    """Mean win share of the AI over ``games`` seeds starting at ``first_seed``."""

    total = 0.0
    for seed in range(first_seed, first_seed + games):
        seat = seed % n
        pols = [opponent] * n
        pols[seat] = ai_policy
        total += win_share(ENGINE, play(pols, seed), f"p{seat}")
    return total / games


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    args = ap.parse_args(argv)
    for name, opp in (("random", random_policy), ("never-buy", never_buy_policy)):
        t = time.perf_counter()
        rate = win_rate(opp, args.games)
        print(f"AI vs 2 x {name:<9}: win share {rate:.3f} over {args.games} 3-player games "
              f"({time.perf_counter() - t:.1f} s)", flush=True)


if __name__ == "__main__":
    main()
