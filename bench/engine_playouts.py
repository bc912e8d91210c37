"""Random playouts of every registered game: whole games per second and actions per second.

Run from the checkout: ``python -m bench.engine_playouts [--seconds S] [--players N]``.
One core, one process; rates use CPU time (time.process_time), so a busy machine
skews them less than wall-clock time would. Each game is played by a uniform random policy over
``legal_actions``; an "action" is one ``apply`` (the time includes ``to_act``,
``legal_actions`` and the random choice, as a host would spend them).
Prints one line per game; Factory Manager's target is at least 5,000 actions/s.
"""

from __future__ import annotations

import argparse
import random
import time

from engines import registry


def playout(engine, players: list[str], seed: int) -> int:
    """Play one whole random game; return the number of actions."""

    rnd = random.Random(seed)
    state = engine.setup(players, None, seed)
    steps = 0
    while not engine.is_over(state):
        actors = engine.to_act(state)
        player = actors[0] if len(actors) == 1 else rnd.choice(actors)
        action = rnd.choice(engine.legal_actions(state, player))
        state = engine.apply(state, player, action).state
        steps += 1
    return steps


def measure(engine, n_players: int, seconds: float) -> tuple[int, int, float]:
    """(games, actions, elapsed seconds) of random playouts for about ``seconds``."""

    players = [f"p{i}" for i in range(n_players)]
    games = actions = 0
    seed = 0
    start = time.process_time()
    while True:
        actions += playout(engine, players, seed)
        games += 1
        seed += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return games, actions, elapsed


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=5.0, help="time per game and player count")
    ap.add_argument("--players", type=int, default=0, help="player count (0: every count the game allows)")
    args = ap.parse_args(argv)
    print(f"{'game':<18} {'players':>7} {'games':>6} {'games/s':>9} {'actions/s':>10} {'actions/game':>12}")
    for gid in registry.ids():
        engine = registry.get(gid)
        counts = [args.players] if args.players else list(range(engine.min_players, engine.max_players + 1))
        for n in counts:
            if not engine.min_players <= n <= engine.max_players:
                continue
            games, actions, elapsed = measure(engine, n, args.seconds)
            print(f"{gid:<18} {n:>7} {games:>6} {games / elapsed:>9.1f} {actions / elapsed:>10.0f} "
                  f"{actions / games:>12.1f}", flush=True)


if __name__ == "__main__":
    main()
