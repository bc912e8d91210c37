"""Cost of one pass of the periodic loop over many live tables.

Opens N live Factory Manager tables (2 humans each, turn limit 24h, reminders 12h then
daily) on one SQLite file, then times ``Service.tick(now)``:

* quiet tick: no table due (the usual minute: one indexed query);
* reminder tick: every table's first reminder due (worst case: N reminders at once);
* the next tick after that (nothing due again).

Run: ``python -m bench.async_tick [--tables 1000]`` (target: ≤ 50 ms per quiet tick).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import tempfile
import time

from bot.service import Service


class Clock:
    def __init__(self) -> None:
        self.t = 1767225600.0

    def __call__(self) -> float:
        return self.t


async def main(n: int) -> None:
    path = os.path.join(tempfile.mkdtemp(prefix="bh-tick-"), "tick.db")
    clock = Clock()
    service = await Service.open(path, clock=clock)
    t0 = time.perf_counter()
    for i in range(n):
        table = f"t{i}"
        await service.new_game(
            table, "1001", "factory-manager", None, settings={"turn_limit": "24h", "reminders": "12h,1d"}, guild="g"
        )
        await service.join(table, "1002")
        await service.start(table, "1001")
    print(f"{n} live tables set up in {time.perf_counter() - t0:.1f} s")
    quiet = []
    for _ in range(20):
        clock.t += 60
        t1 = time.perf_counter()
        notices = await service.tick()
        quiet.append((time.perf_counter() - t1) * 1000)
        assert not notices
    print(f"quiet tick (nothing due): p50 {statistics.median(quiet):.2f} ms, max {max(quiet):.2f} ms")
    clock.t = 1767225600.0 + 12 * 3600
    t1 = time.perf_counter()
    notices = await service.tick()
    busy = (time.perf_counter() - t1) * 1000
    print(
        f"reminder tick ({len(notices)} reminders due at once): {busy:.0f} ms ({busy / max(1, len(notices)):.2f} ms per table)"
    )
    clock.t += 60
    t1 = time.perf_counter()
    notices = await service.tick()
    print(f"next tick: {len(notices)} due, {(time.perf_counter() - t1) * 1000:.2f} ms")
    await service.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=1000)
    asyncio.run(main(parser.parse_args().tables))
