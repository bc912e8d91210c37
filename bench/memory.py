"""Memory per live table: what a bot process holds for each game in progress.

    python -m bench.memory [--game factory-manager] [--tables 1000] [--players 3]
                           [--moves 10] [--seed 1]

Opens a service on a fresh SQLite file, plays one warm-up table (imports, the engine, the
store's caches), then opens ``--tables`` tables and plays the first ``--moves`` moves of
each through ``Service.act`` (moves chosen offline by the game's AI, as in
``bench.host_latency``), so every table is live and mid-game. Prints the process's resident
set size (``VmRSS`` of /proc/self/status, after a garbage collection) before and after, the
RSS per live table in KiB, and the service's ``cache_sizes()``; then cancels every table and
prints the caches again (all 0: the caches hold live tables only).

``--game high-low`` uses the test-only engine from ``tests/fakegame.py``.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import tempfile

from bench.host_latency import prepare_table


def rss_kib() -> int:
    """This process's resident set size in KiB (Linux: ``VmRSS`` of /proc/self/status)."""

    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError("no VmRSS in /proc/self/status")


async def main_async(args) -> None:
    from bot.service import Service

    if args.game == "high-low":
        from tests import fakegame

        fakegame.install()
    with tempfile.TemporaryDirectory() as tmp:
        service = await Service.open(os.path.join(tmp, "memory.db"), seed_source=lambda: args.seed)
        try:
            for user, action in await prepare_table(service, "warm-up", args.players, args.game, args.seed, args.moves):
                await service.act("warm-up", user, action)
            gc.collect()
            before = rss_kib()
            tables = [f"t{i}" for i in range(args.tables)]
            for i, table in enumerate(tables):
                moves = await prepare_table(service, table, args.players, args.game, args.seed + i, args.moves)
                for user, action in moves:
                    await service.act(table, user, action)
            gc.collect()
            after = rss_kib()
            per = (after - before) / max(1, args.tables)
            print(
                f"{args.game}, {args.tables} live tables after {args.moves} moves each: RSS {before / 1024:.1f} MiB"
                f" -> {after / 1024:.1f} MiB, {per:.1f} KiB per live table"
            )
            print(f"caches with the tables live: {service.cache_sizes()}")
            for table in tables:
                await service.cancel(table, f"{table}-u0")
            print(f"caches after cancelling them all: {service.cache_sizes()}")
        finally:
            await service.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="factory-manager")
    parser.add_argument("--tables", type=int, default=1000)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--moves", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    asyncio.run(main_async(parser.parse_args(argv)))


if __name__ == "__main__":
    main()
