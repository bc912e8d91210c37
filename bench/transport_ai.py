"""Transport AI win rate: N seeded 3-player games, the AI in one seat against two random
seats (the AI's seat rotates with the seed); a shared first place counts 1/k. At 4 players
the AI plays with a random partner against two random seats and the figure is its team's
share (a team win counts 1, a tie between the teams 1/2).

Run: ``python -m bench.transport_ai [games] [players]`` (defaults 200, 3).
"""

from __future__ import annotations

import random
import sys
import time

from engines.transport.engine import ENGINE as engine


def play(seed: int, n_players: int = 3) -> float:
    """One game; returns the AI's win share (1, 1/k for a shared first place, or 0)."""

    players = [f"p{i}" for i in range(n_players)]
    ai_seat = players[seed % n_players]
    rnd = random.Random(seed)
    state = engine.setup(players, None, seed)
    while not engine.is_over(state):
        p = engine.to_act(state)[0]
        if p == ai_seat:
            action = engine.ai.choose(state, p, rnd)
        else:
            action = rnd.choice(engine.legal_actions(state, p))
        state = engine.apply(state, p, action).state
    first = engine.ranking(state)[0]
    share = 1.0 / len(first) if ai_seat in first else 0.0
    # at 4 players partners always share their place: count the AI's team, not the seat
    return 2 * share if n_players == 4 else share


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    start = time.perf_counter()
    total = 0.0
    for seed in range(games):
        total += play(seed, n)
    took = time.perf_counter() - start
    print(
        f"Transport AI vs random, {n} players, {games} games: win share {total / games:.1%} "
        f"({total:g}/{games}); {took:.1f} s, {took / games * 1000:.0f} ms per game"
    )


if __name__ == "__main__":
    main()
