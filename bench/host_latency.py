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
* database bytes per finished game (after a WAL checkpoint);
* last, the starved-pool line of ``bench.starved_pool`` (moves answered vs refused when the
  PostgreSQL server has fewer connection slots than the pool wants; on the ``--db``
  PostgreSQL, else ``BOARDHOST_TEST_PG`` or the local test database; one "skipped" line when
  none answers).

``--game high-low`` uses the test-only engine from ``tests/fakegame.py``.

Several processes, one database::

    python -m bench.host_latency --db postgresql://postgres@127.0.0.1:5432/test
                                 [--processes 1,2,4] [--tables 8] [--moves 40] [--pace 0,50]

With a ``postgresql://`` URL the bench runs the SAME workload with 1, 2 and 4 bot
processes (separate Python processes, each with its own Service and store, like shard
processes) against one database: first a fresh SQLite file shared by the processes (WAL,
``synchronous=FULL``), then a fresh schema in the PostgreSQL database (dropped afterwards).
Each process plays ``--tables`` tables of its own (a table belongs to one shard), the first
``--moves`` moves of each game, all tables concurrently, under two loads (``--pace``):

* **saturated** (pace 0): every table sends its next move as soon as the last one is
  answered, a closed loop with no pause. This measures the machine's capacity; once the
  cores are full (bot processes AND the database server share them) a move's latency is
  mostly waiting for a CPU, and more processes cannot add moves/s;
* **paced** (pace 50): each table pauses 0-100 ms (50 on average) before each move, so a
  process is offered at most ~160 moves/s (8 tables) -- still far busier than people on
  Discord, but below capacity: the latency is the service time of a move.

Prints, per load, backend and process count: moves, moves/s over the whole run (from the
common start to the last process's end), p50 / p99 of apply+commit per move (target p99 <=
20 ms; moves/s should grow with processes on PostgreSQL), p99 of the store's own commit,
the bot's CPU per move (all processes), the PostgreSQL server's CPU per move (its backend
processes serving the bench, read from /proc; "-" for SQLite, whose work is in the bot's
CPU), the cores that keeps busy, and the load average before the row.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import tempfile
import time

from bench import starved_pool


def pct(values: list[float], q: float) -> float:
    """The q-quantile (0..1) by nearest rank."""

    if not values:
        return float("nan")
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, int(round(q * len(ordered) + 0.5)) - 1))
    return ordered[k]


async def prepare_table(
    service, table: str, players: int, game_id: str, seed: int, limit: int | None = None
) -> list[tuple[str, object]]:
    """Open and start the table through the service, then work out the game's moves (the
    first ``limit``; all by default) offline with the game's AI (untimed: people think
    elsewhere, not on the bot's loop)."""

    users = [f"{table}-u{i}" for i in range(players)]
    await service.new_game(table, users[0], game_id)
    for u in users[1:]:
        await service.join(table, u)
    await service.start(table, users[0])
    engine, state = await service.state(table)
    rnd = random.Random(seed)
    moves = []
    while not engine.is_over(state) and (limit is None or len(moves) < limit):
        actors = engine.to_act(state)
        user = actors[0] if len(actors) == 1 else rnd.choice(actors)
        action = engine.ai.choose(state, user, rnd)
        moves.append((user, action))
        state = engine.apply(state, user, action).state
    return moves


async def play_table(
    service,
    table: str,
    moves: list,
    seed: int,
    apply_commit: list[float],
    act_total: list[float],
    views: list[dict],
    every: int,
    own: list[float],
    think: float,
) -> int:
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
    from bot.service import Service
    from engines import registry

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
        counts = await asyncio.gather(
            *[
                play_table(
                    service,
                    f"table-{i}",
                    prepared[i],
                    args.seed + i,
                    apply_commit,
                    act_total,
                    views,
                    args.every,
                    own,
                    args.think / 1000,
                )
                for i in range(args.tables)
            ]
        )
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
    print(
        f"game {args.game}, {args.tables} tables x {args.players} players, one SQLite file "
        f"(WAL, synchronous=FULL), all tables concurrently on one event loop, {pace}"
    )
    print(f"moves: {moves} in {wall:.2f} s = {moves / wall:.0f} moves/s ({statistics.mean(counts):.0f} moves per game)")
    print(
        f"apply+commit per move: p50 {pct(apply_commit, 0.5) * ms:.2f} ms, p99 {pct(apply_commit, 0.99) * ms:.2f} ms"
        f"  (target p99 <= 20 ms; includes waiting for other tables' commits on the one connection)"
    )
    print(
        f"  of which the move's own apply + transaction: p50 {pct(own, 0.5) * ms:.2f} ms, p99 {pct(own, 0.99) * ms:.2f} ms"
    )
    print(
        f"whole act() call:      p50 {pct(act_total, 0.5) * ms:.2f} ms, p99 {pct(act_total, 0.99) * ms:.2f} ms"
        f"  (includes waiting for other tables on the loop)"
    )
    if render_times:
        print(
            f"render board: p50 {pct(render_times, 0.5) * ms:.0f} ms, p95 {pct(render_times, 0.95) * ms:.0f} ms "
            f"over {len(render_times)} boards (target p95 <= 300 ms); PNG mean {statistics.mean(png_sizes) / 1024:.0f} KiB"
        )
    print(f"database: {size} bytes for {args.tables} finished games = {size / args.tables / 1024:.1f} KiB per game")
    if tmp is not None:
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(path + suffix):
                os.remove(path + suffix)
        os.rmdir(tmp)


# ----- several processes on one database ----------------------------------------------------
def _cpu_seconds(pids: list[int]) -> float | None:
    """CPU seconds the processes ``pids`` have run (/proc/PID/schedstat, nanoseconds; None:
    not readable here, e.g. a database on another host)."""

    try:
        total = 0
        for pid in pids:
            with open(f"/proc/{pid}/schedstat") as f:
                total += int(f.read().split()[0])
        return total / 1e9
    except (OSError, IndexError, ValueError):
        return None


async def _warm_up(store, table: str, pool: int) -> None:
    """Let every pooled PostgreSQL connection run a move's two statements once before the
    clock starts (a new server process loads its catalog caches and each connection
    prepares its statements on first use; a long-running bot's connections have done so):
    all connections but one are held, so the store must use that one; the commit is made
    on a version the game is not at, so it writes nothing."""

    from bot.store import VersionConflict

    game = await store.live_game(table)
    held = [await store.pool.acquire() for _ in range(pool)]
    for i in range(pool):
        await store.pool.release(held[i])  # now the only free connection
        await store.live_game_seats(table)
        try:
            await store.commit(game.pk, -1, [], {}, "active")
        except VersionConflict:
            pass
        held[i] = await store.pool.acquire()
    for con in held:
        await store.pool.release(con)


async def worker_async(args) -> None:
    """One bench process (``--worker``): prepare its tables, print ``{"ready": true}``, wait
    for a line on stdin, play (``--think``: mean pause in ms between a table's moves, drawn
    uniformly from 0 to twice it; 0: none), print its figures as one JSON line."""

    import json
    import sys

    from bot.service import Service
    from bot.stores import make_store
    from engines import registry

    if args.game == "high-low":
        from tests import fakegame

        fakegame.install()
    registry.get(args.game)
    seeds = iter(range(args.seed * 100_000 + args.index * 1000, args.seed * 100_000 + args.index * 1000 + 1000))
    # the bot's own pool size (PostgresStore's default max_size: every table can commit at
    # once, as in production); all opened at the start so their server processes are known
    pool = 10
    store = make_store(args.db, **({"schema": args.schema, "min_size": pool, "max_size": pool} if args.schema else {}))
    await store.open()
    service = Service(store, seed_source=lambda: next(seeds))
    tables = [f"p{args.index}-table-{i}" for i in range(args.tables)]
    server_pids: list[int] = []
    if args.schema:  # the PostgreSQL backends serving this process's pool (all opened: min_size)
        cons = [await store.pool.acquire() for _ in range(pool)]
        server_pids = [await con.fetchval("SELECT pg_backend_pid()") for con in cons]
        for con in cons:
            await store.pool.release(con)
    try:
        prepared = [
            await prepare_table(service, t, args.players, args.game, args.seed + i, limit=args.moves)
            for i, t in enumerate(tables)
        ]
        if args.schema:
            await _warm_up(store, tables[0], pool)
        print(json.dumps({"ready": True}), flush=True)
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
        apply_commit: list[float] = []
        store_tx: list[float] = []
        think = args.think / 1000

        async def play(table: str, moves: list, seed: int) -> int:
            rnd = random.Random(seed)
            for user, action in moves:
                if think:
                    await asyncio.sleep(rnd.uniform(0, 2 * think))
                result = await service.act(table, user, action)
                apply_commit.append(result.timing["apply"] + result.timing["commit"])
                store_tx.append(result.timing["tx"])
            return len(moves)

        k0 = _cpu_seconds(server_pids) if server_pids else None
        t0, c0 = time.perf_counter(), time.process_time()
        counts = await asyncio.gather(*(play(t, m, args.seed + i) for i, (t, m) in enumerate(zip(tables, prepared))))
        seconds, cpu = time.perf_counter() - t0, time.process_time() - c0
        k1 = _cpu_seconds(server_pids) if k0 is not None else None
    finally:
        await service.close()
    server_cpu = k1 - k0 if k0 is not None and k1 is not None else None
    print(
        json.dumps(
            {
                "moves": sum(counts),
                "apply_commit": apply_commit,
                "tx": store_tx,
                "seconds": seconds,
                "cpu": cpu,
                "server_cpu": server_cpu,
            }
        ),
        flush=True,
    )


async def run_processes(args, db: str, schema: str | None, processes: int, think: float) -> dict:
    """Start ``processes`` workers on ``db``, release them together, gather their figures."""

    import json
    import sys

    cmd = [
        sys.executable,
        "-m",
        "bench.host_latency",
        "--worker",
        "--db",
        db,
        "--game",
        args.game,
        "--tables",
        str(args.tables),
        "--players",
        str(args.players),
        "--moves",
        str(args.moves),
        "--seed",
        str(args.seed),
        "--think",
        str(think),
    ]
    if schema:
        cmd += ["--schema", schema]
    procs = [
        await asyncio.create_subprocess_exec(
            *cmd, "--index", str(i), stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE
        )
        for i in range(processes)
    ]
    try:
        for p in procs:
            line = await p.stdout.readline()
            if json.loads(line or b"{}") != {"ready": True}:
                raise RuntimeError("a bench worker failed while preparing its tables")
        load = os.getloadavg()[0]
        t0 = time.perf_counter()
        for p in procs:
            p.stdin.write(b"go\n")
            await p.stdin.drain()
        outs = [json.loads(await p.stdout.readline()) for p in procs]
        wall = time.perf_counter() - t0
        for p in procs:
            await p.wait()
    finally:
        for p in procs:
            if p.returncode is None:
                p.kill()
    times = [t for out in outs for t in out["apply_commit"]]
    tx = [t for out in outs for t in out["tx"]]
    moves = sum(out["moves"] for out in outs)
    cpu = sum(out["cpu"] for out in outs)
    server = [out["server_cpu"] for out in outs]
    return {
        "moves": moves,
        "wall": wall,
        "p50": pct(times, 0.5),
        "p99": pct(times, 0.99),
        "tx99": pct(tx, 0.99),
        "cpu": cpu / moves,
        "server": sum(server) / moves if None not in server and schema else None,
        "load": load,
    }


async def main_scale(args) -> None:
    """The side-by-side tables (module docstring, "Several processes, one database")."""

    import asyncpg

    from bot.store import SqliteStore
    from bot.store.postgres import PostgresStore

    counts = [int(n) for n in args.processes.split(",")]
    paces = [float(t) for t in args.pace.split(",")]
    dsn = PostgresStore(args.db).dsn
    rows: dict[float, list[tuple[str, int, dict]]] = {think: [] for think in paces}
    for think in paces:
        for n in counts:
            tmp = tempfile.mkdtemp(prefix="boardhost-bench-")
            path = os.path.join(tmp, "bench.db")
            try:
                # created once here: several processes switching a NEW file to WAL at the same
                # moment get "database is locked" (the bot never starts that way on one file)
                first = SqliteStore(path)
                await first.open()
                await first.close()
                rows[think].append(("SQLite (one file, WAL)", n, await run_processes(args, path, None, n, think)))
            finally:
                for suffix in ("", "-wal", "-shm"):
                    if os.path.exists(path + suffix):
                        os.remove(path + suffix)
                os.rmdir(tmp)
        for n in counts:
            schema = f"bh_bench_{os.getpid()}_{n}"
            try:
                rows[think].append(("PostgreSQL", n, await run_processes(args, dsn, schema, n, think)))
            finally:
                con = await asyncpg.connect(dsn)
                try:
                    await con.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
                finally:
                    await con.close()

    ms = 1000.0
    print(
        f"game {args.game}: each process plays {args.tables} tables x {args.players} players, the first "
        f"{args.moves} moves of each game, all tables at once; every process on the same database "
        f"({PostgresStore(args.db)._where()} for PostgreSQL)"
    )
    for think in paces:
        if think:
            offered = args.tables / (think / ms)
            print(
                f"\npaced: each table pauses {think:.0f} ms on average between its moves (uniform 0-{2 * think:.0f}"
                f" ms), at most ~{offered:.0f} moves/s offered per process: the service time of a move"
            )
        else:
            print(
                "\nsaturated: every table moves again as soon as its last move is answered (closed loop, no"
                " pause): the capacity of this machine; latency then includes waiting for the CPU"
            )
        print(
            f"{'backend':<24}{'processes':>10}{'moves':>7}{'moves/s':>9}{'apply+commit p50':>18}{'p99':>10}"
            f"{'store p99':>11}{'bot CPU/move':>14}{'DB CPU/move':>13}{'cores busy':>12}{'load':>6}"
        )
        for name, n, r in rows[think]:
            rate = r["moves"] / r["wall"]
            server = f"{r['server'] * ms:>10.2f} ms" if r["server"] is not None else f"{'-':>13}"
            busy = rate * (r["cpu"] + (r["server"] or 0.0))
            print(
                f"{name:<24}{n:>10}{r['moves']:>7}{rate:>9.0f}"
                f"{r['p50'] * ms:>15.2f} ms{r['p99'] * ms:>7.2f} ms{r['tx99'] * ms:>8.2f} ms"
                f"{r['cpu'] * ms:>11.2f} ms{server}{busy:>12.2f}{r['load']:>6.1f}"
            )
    print("\ntargets: apply+commit p99 <= 20 ms; moves/s grows with processes (PostgreSQL)")
    print(
        "store p99: the store's own commit (PostgreSQL: pool acquire + the one statement; SQLite: BEGIN to"
        " COMMIT); apply+commit adds the move's checks, text and JSON and any wait for the event loop or a CPU"
    )
    print(
        "cores busy: moves/s x (bot + database CPU per move), the cores this run kept busy (near the core count:"
        " the machine is full, more processes cannot add moves/s)"
    )
    print(
        f"this machine: {os.cpu_count()} CPU cores; load: 1-minute load average just before each row (bot"
        " processes, the database server and anything else share the cores: moves/s can grow only while cores"
        " are free)"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.host_latency", description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="factory-manager")
    parser.add_argument("--tables", type=int, default=40)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--render-samples", type=int, default=60)
    parser.add_argument("--every", type=int, default=5, help="keep every n-th view as a render sample")
    parser.add_argument(
        "--think", type=float, default=0.0, help="mean pause between a table's moves, ms (0: saturate the host)"
    )
    parser.add_argument(
        "--db",
        default=None,
        help="database file (default: a temporary one, removed); a postgresql:// URL runs the"
        " several-processes comparison with SQLite",
    )
    parser.add_argument("--processes", default="1,2,4", help="process counts to compare (with a postgresql:// --db)")
    parser.add_argument(
        "--moves", type=int, default=40, help="moves played per table in the several-processes comparison"
    )
    parser.add_argument(
        "--pace",
        default="0,50",
        help="several-processes comparison: mean pauses between a table's moves to run, ms (0: saturated)",
    )
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--index", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--schema", default=None, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        asyncio.run(worker_async(args))
        return
    postgres = bool(args.db and args.db.startswith(("postgresql://", "postgres://")))
    if postgres:
        if "--tables" not in (argv if argv is not None else __import__("sys").argv):
            args.tables = 8
        asyncio.run(main_scale(args))
    else:
        asyncio.run(main_async(args))
    # moves answered vs refused when the server has fewer connection slots than the pool wants
    print(asyncio.run(starved_pool.figure(args.db if postgres else None)), flush=True)


if __name__ == "__main__":
    main()
