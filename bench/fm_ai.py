"""Factory Manager AI strength: win share in seeded 3-player games.

``python -m bench.fm_ai [--games 200] [--h2h 150]``: the AI in one seat (rotating over the
seats with the seed) against two uniformly random seats, against two never-buying baseline
seats (``engines.factory_manager.ai.never_buy_policy``) and, head to head, against two copies
of the previous AI (``bench/fm_ai_v1.py``); then 3 AI seats playing each other.
A shared first place counts 1/k. Prints the AI's mean final Elektro and production/storage,
and the mean time of one AI ``choose`` call.
Targets: at least 60 % against random, more than 50 % against never-buy, clearly more than
1/3 against two old AIs.
"""

from __future__ import annotations

import argparse
import random
import time

from bench.fm_ai_v1 import FactoryManagerAIv1
from engines import registry
from engines.factory_manager.ai import never_buy_policy
from engines.factory_manager.rules import factory_values
from tests.engines.contract import random_policy, win_share

ENGINE = registry.get("factory-manager")
_OLD = FactoryManagerAIv1(ENGINE)
_CLOCK = [0.0, 0, 0.0]  # total seconds, calls, slowest call


def ai_policy(engine, state, player: str, rnd: random.Random):
    """The current AI, timed."""

    t = time.perf_counter()
    a = engine.ai.choose(state, player, rnd)
    dt = time.perf_counter() - t
    _CLOCK[0] += dt
    _CLOCK[1] += 1
    _CLOCK[2] = max(_CLOCK[2], dt)
    return a


def old_ai_policy(engine, state, player: str, rnd: random.Random):
    """The previous AI (``ai_v1``)."""

    return _OLD.choose(state, player, rnd)


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


def match(opponent, games: int, first_seed: int = 0, n: int = 3):
    """``(win share, mean final Elektro, mean production, mean storage)`` of the AI over
    ``games`` seeds starting at ``first_seed``, its seat rotating with the seed."""

    total = money = prod = stor = 0.0
    for seed in range(first_seed, first_seed + games):
        seat = seed % n
        pols = [opponent] * n
        pols[seat] = ai_policy
        state = play(pols, seed)
        total += win_share(ENGINE, state, f"p{seat}")
        p = state.players[seat]
        pr, st = factory_values(p)[:2]
        money += p.money
        prod += pr
        stor += st
    return total / games, money / games, prod / games, stor / games


def win_rate(opponent, games: int, first_seed: int = 0, n: int = 3) -> float:
    """Mean win share of the AI over ``games`` seeds starting at ``first_seed``."""

    return match(opponent, games, first_seed, n)[0]


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--h2h", type=int, default=150)
    args = ap.parse_args(argv)
    for name, opp, games in (
        ("random", random_policy, args.games),
        ("never-buy", never_buy_policy, args.games),
        ("old AI v1", old_ai_policy, args.h2h),
        ("AI (self)", ai_policy, 30),
    ):
        t = time.perf_counter()
        rate, money, prod, stor = match(opp, games)
        print(
            f"AI vs 2 x {name:<9}: win share {rate:.3f} over {games} 3-player games; AI ends with "
            f"{money:.0f} Elektro, production {prod:.1f}, storage {stor:.1f} "
            f"({time.perf_counter() - t:.1f} s)",
            flush=True,
        )
    print(
        f"AI choose: {_CLOCK[0] / max(1, _CLOCK[1]) * 1000:.2f} ms per call on average "
        f"over {_CLOCK[1]} calls, slowest {_CLOCK[2] * 1000:.1f} ms"
    )


if __name__ == "__main__":
    main()
