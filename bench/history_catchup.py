"""Cost of ``/game history`` and of a catch-up post at the end of a long game.

Plays one game to its end with AI seats through the service (SQLite in a temporary folder),
then times, N times each:

* ``history(table, 40)``: the last 40 moves (what ``/game history`` showed before paging);
* ``history(table, None)``: every move of the game (what ``/game history`` pages through);
* ``catch_up``: the post a restarted bot makes when the channel missed every move since the
  start (the game's ``posted`` mark set back to 0 before each run).

Run: ``python -m bench.history_catchup [--game transport] [--players 4] [--seed 3] [--runs 20]``.
Prints the number of moves and p50 / max milliseconds per measurement. Figures on a shared
machine are noisy; compare runs made at the same time.
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path

from bot.service import Service


async def measure(game: str, players: int, seed: int, runs: int) -> list[tuple[str, float, float]]:
    with tempfile.TemporaryDirectory() as tmp:
        db = str(Path(tmp) / "bench.db")
        service = await Service.open(db, seed_source=lambda: seed)
        try:
            await service.new_game("t", "1", game, seat_host=False)
            for _ in range(players):
                await service.add_bot("t", "1")
            result = await service.start("t", "1")
            assert result.status == "over", "the AI seats should finish the game"
            pk = result.game_pk
            print(f"{game}, {players} AI seats, seed {seed}: {result.version} moves")
            out = []

            async def timed(label: str, call, before=None) -> None:
                times = []
                for _ in range(runs):
                    if before is not None:
                        before()
                    t0 = time.perf_counter()
                    await call()
                    times.append((time.perf_counter() - t0) * 1000)
                out.append((label, statistics.median(times), max(times)))

            await timed("history, last 40 moves", lambda: service.history("t", 40))
            try:
                await service.history("t", None)
                await timed("history, every move", lambda: service.history("t", None))
            except TypeError:  # a service without paged history (before paging)
                pass

            def unpost() -> None:
                con = sqlite3.connect(db)
                con.execute("UPDATE games SET posted = 0 WHERE pk = ?", (pk,))
                con.commit()
                con.close()

            await timed("catch-up of every move", lambda: service.catch_up("t", pk, "bench"), before=unpost)
            return out
        finally:
            await service.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="transport")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args(argv)
    for label, p50, worst in asyncio.run(measure(args.game, args.players, args.seed, args.runs)):
        print(f"{label:28s} p50 {p50:8.1f} ms   max {worst:8.1f} ms")


if __name__ == "__main__":
    main()
