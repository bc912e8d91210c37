"""Kanban EV AI strength: 3-player games, one AI seat against two random seats.

Run: ``python -m bench.kanban_ai [games]`` (default 100). The AI seat rotates over the three
seats; options alternate Mean/Nice Sandra. Prints the AI's win share (a first place shared
by k players counts 1/k) and the games/s of AI play.
"""

from __future__ import annotations

import random
import sys
import time

from engines.kanban_ev.engine import ENGINE as engine


def play(seed: int, ai_seat: int, options: dict) -> float:
    players = ["s0", "s1", "s2"]
    rnd = random.Random(seed)
    s = engine.setup(players, options, seed)
    while not engine.is_over(s):
        who = engine.to_act(s)
        p = who[0] if len(who) == 1 else rnd.choice(who)
        if players.index(p) == ai_seat:
            a = engine.ai.choose(s, p, rnd)
        else:
            a = rnd.choice(engine.legal_actions(s, p))
        s = engine.apply(s, p, a).state
    first = engine.ranking(s)[0]
    return 1.0 / len(first) if players[ai_seat] in first else 0.0


def win_share(seeds, options_cycle=({"sandra": "mean"}, {"sandra": "nice"})) -> float:
    total = 0.0
    seeds = list(seeds)
    for k, seed in enumerate(seeds):
        total += play(seed, k % 3, options_cycle[k % len(options_cycle)])
    return total / len(seeds)


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    t0 = time.perf_counter()
    share = win_share(range(games))
    dt = time.perf_counter() - t0
    print(f"Kanban EV AI vs 2 random seats, 3 players: {games} games, win share {share:.0%} ({games / dt:.1f} games/s)")


if __name__ == "__main__":
    main()
