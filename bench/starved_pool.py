"""A starved connection pool: moves answered vs refused when the PostgreSQL server has
fewer connection slots than the pool would like.

    python -m bench.starved_pool [--db postgresql://postgres@127.0.0.1:5432/test]
                                 [--limit 4] [--held 2] [--tables 12] [--moves 20]

The server's ``max_connections`` is emulated by a role of its own with ``CONNECTION LIMIT
--limit`` (the server answers "too many connections" exactly as when ``max_connections`` is
reached); another client holds ``--held`` of those connections for the whole run, so the
bot's pool (``max_size`` 10) can open only ``limit - held``. ``--tables`` tables then play
``--moves`` moves each, all tables at once, each move as the service makes it (the game row
with its seats, then the one-statement commit). Prints one line: moves sent, answered,
refused (and why), and the p50/p99 time of a move. The role and the schema are dropped
afterwards. ``python -m bench.host_latency`` prints the same line at its end.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import time
import urllib.parse

DEFAULT_DSN = "postgresql://postgres@127.0.0.1:5432/test"


async def run(dsn: str, limit: int = 4, held: int = 2, tables: int = 12, moves: int = 20) -> dict:
    """The run described in the module docstring; ``{"sent", "answered", "refused", "why",
    "p50", "p99"}`` (seconds)."""

    import asyncpg

    from bot.store.postgres import PostgresStore

    dsn = PostgresStore(dsn).dsn
    schema = f"bh_starved_{os.getpid()}"
    role = schema + "_r"
    admin = await asyncpg.connect(dsn)
    setup = PostgresStore(dsn, schema=schema)
    await setup.open()
    pks = []
    for i in range(tables):
        game = await setup.create_game(f"t{i}", "high-low", {}, i, "1001")
        await setup.add_seat(game.pk, "1002", "1002", False)
        await setup.start_game(game.pk, ["1001", "1002"], {"x": 0})
        pks.append(game.pk)
    await setup.close()
    parts = urllib.parse.urlsplit(dsn)
    role_dsn = urllib.parse.urlunsplit(parts._replace(netloc=f"{role}@{parts.hostname}:{parts.port or 5432}"))
    await admin.execute(f'CREATE ROLE "{role}" LOGIN CONNECTION LIMIT {limit}')
    others: list = []
    store = PostgresStore(role_dsn, max_size=10)
    times: list[float] = []
    why: dict[str, int] = {}
    try:
        await admin.execute(f'ALTER ROLE "{role}" SET search_path = "{schema}"')
        await admin.execute(f'GRANT ALL ON SCHEMA "{schema}" TO "{role}"')
        await admin.execute(f'GRANT ALL ON ALL TABLES IN SCHEMA "{schema}" TO "{role}"')
        others = [await asyncpg.connect(role_dsn) for _ in range(held)]
        await store.open()

        async def play(table: int) -> None:
            version = 0
            for _ in range(moves):
                t0 = time.perf_counter()
                try:
                    await store.live_game_seats(f"t{table}")
                    version = await store.commit(pks[table], version, [("1001", {"type": "high"})], {"x": 1}, "active")
                except Exception as exc:  # a refused move: counted, the table goes on
                    why[type(exc).__name__] = why.get(type(exc).__name__, 0) + 1
                    continue
                times.append(time.perf_counter() - t0)

        await asyncio.gather(*(play(i) for i in range(tables)))
    finally:
        await store.close()
        for con in others:
            await con.close()
        await admin.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
        await admin.execute(f'DROP OWNED BY "{role}"')
        await admin.execute(f'DROP ROLE "{role}"')
        await admin.close()
    times.sort()

    def pct(q: float) -> float:
        return times[min(len(times) - 1, int(q * len(times)))] if times else float("nan")

    sent = tables * moves
    return {
        "sent": sent,
        "answered": len(times),
        "refused": sent - len(times),
        "why": why,
        "p50": pct(0.5),
        "p99": pct(0.99),
    }


def line(result: dict, limit: int = 4, held: int = 2) -> str:
    """The one-line figure for :func:`run`'s ``result``."""

    why = ", ".join(f"{n} {name}" for name, n in sorted(result["why"].items()))
    return (
        f"starved pool (PostgreSQL, connection limit {limit} with {held} held by another client, pool max 10):"
        f" {result['sent']} moves sent, {result['answered']} answered, {result['refused']} refused"
        + (f" ({why})" if why else "")
        + f"; a move p50 {result['p50'] * 1000:.1f} ms, p99 {result['p99'] * 1000:.1f} ms"
    )


async def figure(dsn: str | None = None, **kwargs) -> str:
    """:func:`line` of a run, or one line saying why there is none (no PostgreSQL answering)."""

    import asyncpg

    dsn = dsn or os.environ.get("BOARDHOST_TEST_PG") or DEFAULT_DSN
    try:
        con = await asyncpg.connect(dsn, timeout=3)
    except (OSError, TimeoutError, asyncpg.PostgresError) as exc:
        return f"starved pool: skipped, no PostgreSQL answering at {dsn} ({type(exc).__name__})"
    await con.close()
    return line(await run(dsn, **kwargs), kwargs.get("limit", 4), kwargs.get("held", 2))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.starved_pool", description=__doc__.split("\n")[0])
    parser.add_argument("--db", default=None, help=f"PostgreSQL URL (default: BOARDHOST_TEST_PG or {DEFAULT_DSN})")
    parser.add_argument("--limit", type=int, default=4, help="connections the server allows (the emulated max)")
    parser.add_argument("--held", type=int, default=2, help="of those, held by another client all along")
    parser.add_argument("--tables", type=int, default=12)
    parser.add_argument("--moves", type=int, default=20)
    args = parser.parse_args(argv)
    print(
        asyncio.run(figure(args.db, limit=args.limit, held=args.held, tables=args.tables, moves=args.moves)),
        flush=True,
    )


if __name__ == "__main__":
    main()
