"""Worst event-loop stall while a game finishes with only AI seats left.

For each game: one human and AI seats up to the game's maximum (at most 4) on a fresh SQLite
file, a fixed seed; the human resigns right after the start, so the service plays the whole
rest of the game in that one ``resign`` call. Meanwhile a probe task on the same event loop
sleeps 1 ms again and again and records how late it wakes up: its worst lateness is the
longest time any other table's interaction would have waited. Printed per game: the AI moves
of the finish, its wall time, the probe's worst and 99th-percentile stall, and the slowest
single AI move (its choice plus its application, timed again afterwards on the same states)
for comparison: the target is a worst stall ≤ 200 ms and no longer than one AI move.

Run: ``python -m bench.loop_stall [--seed 7] [--games factory-manager,transport]``.
Figures taken while other work runs on the machine are noisy (the probe measures the loop
thread's waits for the CPU and the GIL too).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import tempfile
import time

from bot.service import Service
from engines import registry
from engines.base import rng

HUMAN = "1001"
#: the probe's sleep, seconds
TICK = 0.001
#: the target for the worst stall, ms
TARGET_MS = 200.0


async def probe(stalls: list[float], stop: asyncio.Event) -> None:
    """Sleep :data:`TICK` in a loop; append each wake-up's lateness (ms) to ``stalls``."""

    while not stop.is_set():
        t0 = time.perf_counter()
        await asyncio.sleep(TICK)
        stalls.append(max(0.0, (time.perf_counter() - t0 - TICK) * 1000))


async def slowest_ai_move(service: Service, table: str) -> float:
    """The slowest AI move of the table's game (choice + application, ms), timed again on
    the same states with the same randomness (the game's seed and the version)."""

    game = await service.store.last_game(table)
    engine = registry.get(game.game_id)
    seats = await service.store.seats(game.pk)
    ai = {s.seat for s in seats if s.is_ai or s.resigned}
    order = [s.seat for s in sorted(seats, key=lambda s: s.seat_order if s.seat_order is not None else 1 << 30)]
    state = engine.setup(order, game.options, game.seed)
    worst = 0.0
    for row in await service.store.actions(game.pk):
        action = engine.action_from_json(row.action)
        if row.seat in ai:
            t0 = time.perf_counter()
            chosen = engine.ai.choose(state, row.seat, rng(game.seed, "ai", row.seq - 1))
            engine.apply(state, row.seat, chosen)
            worst = max(worst, (time.perf_counter() - t0) * 1000)
        state = engine.apply(state, row.seat, action).state
    return worst


async def finish(game_id: str, seed: int) -> dict:
    path = os.path.join(tempfile.mkdtemp(prefix="bh-stall-"), "stall.db")
    service = await Service.open(path, seed_source=lambda: seed)
    try:
        engine = registry.get(game_id)
        table = "stall"
        await service.new_game(table, HUMAN, game_id)
        for _ in range(min(engine.max_players, 4) - 1):
            await service.add_bot(table, HUMAN)
        await service.start(table, HUMAN)
        before = (await service.table_info(table)).version
        stalls: list[float] = []
        stop = asyncio.Event()
        task = asyncio.create_task(probe(stalls, stop))
        await asyncio.sleep(0.01)  # the probe is running
        t0 = time.perf_counter()
        result = await service.resign(table, HUMAN)
        wall = time.perf_counter() - t0
        stop.set()
        await task
        assert result.status == "over", f"{game_id}: the AI finish stopped at {result.status}"
        return {
            "game": game_id,
            "moves": result.version - before,
            "wall_s": wall,
            "worst_ms": max(stalls),
            "p99_ms": statistics.quantiles(stalls, n=100, method="inclusive")[98] if len(stalls) > 1 else 0.0,
            "slowest_ai_ms": await slowest_ai_move(service, table),
        }
    finally:
        await service.close()


async def main(games: list[str], seed: int) -> None:
    print(
        f"all-AI finish after a resign, seed {seed}; probe sleeps {TICK * 1000:.0f} ms; target worst stall "
        f"≤ {TARGET_MS:.0f} ms and ≤ one AI move"
    )
    for gid in games:
        r = await finish(gid, seed)
        ok = r["worst_ms"] <= TARGET_MS
        print(
            f"{r['game']:<16} {r['moves']:>5} AI moves in {r['wall_s']:.2f} s; loop stall worst "
            f"{r['worst_ms']:.1f} ms, p99 {r['p99_ms']:.1f} ms; slowest AI move {r['slowest_ai_ms']:.1f} ms"
            f"  [{'ok' if ok else 'MISSED'}]"
        )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--games", default=",".join(g for g in registry.ids() if not g.startswith("test")))
    args = parser.parse_args()
    asyncio.run(main(args.games.split(","), args.seed))
