"""Host latency: many tables playing at once through the service layer on ONE SQLite file.

    python -m bench.host_latency [--game factory-manager] [--tables 40] [--players 3]
                                 [--seed 1] [--render-samples 60] [--think MS] [--db PATH]

Every seat is a "human". Each table's whole game is first worked out offline with the
game's AI (untimed: people think on their phones, not on the bot's event loop), then all
tables send their moves concurrently with ``Service.act`` on one event loop: each call is
one move (checks, apply, one committed transaction with ``synchronous=FULL``, the result
with the board view). Prints:

* moves per second over the whole run (``--think 0``: every table moves again as soon as
  its last move is committed, i.e. the host saturated; ``--think 100``: a table moves every
  ~100 ms, still far busier than people on Discord);
* p50 / p99 of apply+commit per move (from ``Result.timing``; target p99 <= 20 ms), and of
  the whole ``act`` call (reads, lock, apply, commit, result building);
* p50 / p95 of rendering one board (``renderers.render_board`` on spectator views sampled
  across the games, in a worker thread as the bot does; target p95 <= 300 ms);
* database bytes per finished game (after a WAL checkpoint).

``--game high-low`` uses the test-only engine from ``tests/fakegame.py``.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import tempfile
import time


def pct(values: list[float], q: float) -> float:
    """The q-quantile (0..1) by nearest rank."""

    if not values:
        return float("nan")
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, int(round(q * len(ordered) + 0.5)) - 1))
    return ordered[k]


async def prepare_table(service, table: str, players: int, game_id: str, seed: int) -> list[tuple[str, object]]:
    """Open and start the table through the service, then work out the whole game's moves
    offline with the game's AI (untimed: people think elsewhere, not on the bot's loop)."""

    users = [f"{table}-u{i}" for i in range(players)]
    await service.new_game(table, users[0], game_id)
    for u in users[1:]:
        await service.join(table, u)
    await service.start(table, users[0])
    engine, state = await service.state(table)
    rnd = random.Random(seed)
    moves = []
    while not engine.is_over(state):
        actors = engine.to_act(state)
        user = actors[0] if len(actors) == 1 else rnd.choice(actors)
        action = engine.ai.choose(state, user, rnd)
        moves.append((user, action))
        state = engine.apply(state, user, action).state
    return moves


async def play_table(service, table: str, moves: list, seed: int, apply_commit: list[float],
                     act_total: list[float], views: list[dict], every: int, own: list[float],
                     think: float) -> int:
    """Send the prepared moves with ``Service.act``, one after another (a pause of mean
    ``think`` seconds between them), recording the timings."""

    from bot.service import UserError

    rnd = random.Random(seed)
    for n, (user, action) in enumerate(moves, 1):
        t0 = time.perf_counter()
        try:
            result = await service.act(table, user, action)
        except UserError as exc:  # would be a bug: the prepared moves are legal
            raise RuntimeError(f"{table}: {exc}") from None
        act_total.append(time.perf_counter() - t0)
        apply_commit.append(result.timing["apply"] + result.timing["commit"])
        own.append(result.timing["apply"] + result.timing["tx"])
        if n % every == 0 and result.view is not None:
            views.append(result.view)
        await asyncio.sleep(rnd.uniform(0, 2 * think) if think else 0)
    assert result.status == "over", (table, result.status)
    return len(moves)


async def main_async(args) -> None:
    from engines import registry

    from bot.service import Service

    if args.game == "high-low":
        from tests import fakegame

        fakegame.install()
    registry.get(args.game)  # an unknown game fails here, before any table opens
    tmp = None
    path = args.db
    if path is None:
        tmp = tempfile.mkdtemp(prefix="boardhost-bench-")
        path = os.path.join(tmp, "bench.db")
    seeds = iter(range(args.seed * 100_000, args.seed * 100_000 + args.tables))
    service = await Service.open(path, seed_source=lambda: next(seeds))
    apply_commit: list[float] = []
    act_total: list[float] = []
    views: list[dict] = []
    own: list[float] = []
    try:
        prepared = [
            await prepare_table(service, f"table-{i}", args.players, args.game, args.seed + i)
            for i in range(args.tables)
        ]
        t0 = time.perf_counter()
        counts = await asyncio.gather(*[
            play_table(service, f"table-{i}", prepared[i], args.seed + i,
                       apply_commit, act_total, views, args.every, own, args.think / 1000)
            for i in range(args.tables)
        ])
        wall = time.perf_counter() - t0
        await service.store._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        await service.close()
    size = os.path.getsize(path) + (os.path.getsize(path + "-wal") if os.path.exists(path + "-wal") else 0)
    moves = sum(counts)

    import renderers

    rnd = random.Random(args.seed)
    try:
        renderers.module_for(args.game)
    except ModuleNotFoundError:
        print(f"(no renderer for {args.game} yet: render times skipped)")
        views = []
    sample = views if len(views) <= args.render_samples else rnd.sample(views, args.render_samples)
    render_times: list[float] = []
    png_sizes: list[int] = []
    for view in sample:
        t = time.perf_counter()
        images = await asyncio.to_thread(renderers.render_board, args.game, view)
        render_times.append(time.perf_counter() - t)
        png_sizes.append(sum(len(i) for i in images))

    ms = 1000.0
    pace = f"each table moving every {args.think:.0f} ms on average" if args.think else "as fast as possible"
    print(f"game {args.game}, {args.tables} tables x {args.players} players, one SQLite file "
          f"(WAL, synchronous=FULL), all tables concurrently on one event loop, {pace}")
    print(f"moves: {moves} in {wall:.2f} s = {moves / wall:.0f} moves/s "
          f"({statistics.mean(counts):.0f} moves per game)")
    print(f"apply+commit per move: p50 {pct(apply_commit, .5) * ms:.2f} ms, p99 {pct(apply_commit, .99) * ms:.2f} ms"
          f"  (target p99 <= 20 ms; includes waiting for other tables' commits on the one connection)")
    print(f"  of which the move's own apply + transaction: p50 {pct(own, .5) * ms:.2f} ms, p99 {pct(own, .99) * ms:.2f} ms")
    print(f"whole act() call:      p50 {pct(act_total, .5) * ms:.2f} ms, p99 {pct(act_total, .99) * ms:.2f} ms"
          f"  (includes waiting for other tables on the loop)")
    if render_times:
        print(f"render board: p50 {pct(render_times, .5) * ms:.0f} ms, p95 {pct(render_times, .95) * ms:.0f} ms "
              f"over {len(render_times)} boards (target p95 <= 300 ms); PNG mean {statistics.mean(png_sizes) / 1024:.0f} KiB")
    print(f"database: {size} bytes for {args.tables} finished games = {size / args.tables / 1024:.1f} KiB per game")
    if tmp is not None:
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(path + suffix):
                os.remove(path + suffix)
        os.rmdir(tmp)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.host_latency", description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="factory-manager")
    parser.add_argument("--tables", type=int, default=40)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--render-samples", type=int, default=60)
    parser.add_argument("--every", type=int, default=5, help="keep every n-th view as a render sample")
    parser.add_argument("--think", type=float, default=0.0,
                        help="mean pause between a table's moves, ms (0: saturate the host)")
    parser.add_argument("--db", default=None, help="database file (default: a temporary one, removed)")
    args = parser.parse_args(argv)
    asyncio.run(main_async(args))


if __name__ == "__main__":
    main()
