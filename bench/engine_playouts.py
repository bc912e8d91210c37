"""Random playouts of every registered game: whole games per second and actions per second.

Run from the checkout: ``python -m bench.engine_playouts [--seconds S] [--players N] [--game ID]``.
One core, one process; rates use CPU time (time.process_time), so a busy machine
skews them less than wall-clock time would. Each game is played by a uniform random policy over
``legal_actions``; an "action" is one ``apply`` (the time includes ``to_act``,
``legal_actions`` and the random choice, as a host would spend them, and nothing else: the
rate is measured on playouts without per-call clocks).
Prints one line per game and player count: games and actions per second (random playouts,
one core), then the 99th percentile of one ``legal_actions`` call and of one ``apply`` call in
milliseconds, from a second, shorter run that times every call.
Target: at least 10,000 actions/s for every game, so that a search AI can play out enough
games per decision; Transport's ``apply`` p99 at most 3 ms.
"""

from __future__ import annotations

import argparse
import random
import time

from engines import registry


def playout(engine, players: list[str], seed: int, timings: dict[str, list[float]] | None = None) -> int:
    """Play one whole random game; return the number of actions. With ``timings``, the CPU
    seconds of each ``legal_actions`` and ``apply`` call are appended to
    ``timings["legal"]`` and ``timings["apply"]``."""

    rnd = random.Random(seed)
    state = engine.setup(players, None, seed)
    steps = 0
    clock = time.process_time
    while not engine.is_over(state):
        actors = engine.to_act(state)
        player = actors[0] if len(actors) == 1 else rnd.choice(actors)
        if timings is None:
            state = engine.apply(state, player, rnd.choice(engine.legal_actions(state, player))).state
            steps += 1
            continue
        t0 = clock()
        legal = engine.legal_actions(state, player)
        t1 = clock()
        action = rnd.choice(legal)
        t2 = clock()
        state = engine.apply(state, player, action).state
        t3 = clock()
        timings["legal"].append(t1 - t0)
        timings["apply"].append(t3 - t2)
        steps += 1
    return steps


def p99(values: list[float]) -> float:
    """The 99th percentile (nearest rank) of ``values``."""

    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, -(-99 * len(ordered) // 100) - 1))]


def measure(
    engine, n_players: int, seconds: float, timings: dict[str, list[float]] | None = None
) -> tuple[int, int, float]:
    """(games, actions, elapsed seconds) of random playouts for about ``seconds``
    (``timings``: see :func:`playout`)."""

    players = [f"p{i}" for i in range(n_players)]
    games = actions = 0
    seed = 0
    start = time.process_time()
    while True:
        actions += playout(engine, players, seed, timings)
        games += 1
        seed += 1
        elapsed = time.process_time() - start
        if elapsed >= seconds:
            return games, actions, elapsed


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=5.0, help="time per game and player count")
    ap.add_argument("--players", type=int, default=0, help="player count (0: every count the game allows)")
    ap.add_argument("--game", action="append", default=[], help="only this game id (repeatable; default: all)")
    args = ap.parse_args(argv)
    print(
        f"{'game':<18} {'players':>7} {'games':>6} {'games/s':>9} {'actions/s':>10} {'actions/game':>12} "
        f"{'legal p99 ms':>12} {'apply p99 ms':>12}"
    )
    for gid in args.game or registry.ids():
        engine = registry.get(gid)
        counts = [args.players] if args.players else list(range(engine.min_players, engine.max_players + 1))
        for n in counts:
            if not engine.min_players <= n <= engine.max_players:
                continue
            games, actions, elapsed = measure(engine, n, args.seconds)
            timings: dict[str, list[float]] = {"legal": [], "apply": []}
            measure(engine, n, max(0.5, args.seconds / 5), timings)
            print(
                f"{gid:<18} {n:>7} {games:>6} {games / elapsed:>9.1f} {actions / elapsed:>10.0f} "
                f"{actions / games:>12.1f} {p99(timings['legal']) * 1e3:>12.2f} {p99(timings['apply']) * 1e3:>12.2f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
