"""One "bot process" for the multi-process test (tests/bot/stores/test_processes_on_postgresql.py).

    python -m tests.bot.stores.pg_worker DSN SCHEMA --tables t0,t1 --moves 60 --seed 3 [--hang-after N]

Plays random legal High-Low moves (tests/fakegame.py) through :class:`bot.service.Service`
over :class:`bot.store.postgres.PostgresStore`, on tables that the other workers play at the same
time; opens, joins and starts a new game when a table has none. Prints one JSON line per
acknowledged move (``{"pk", "seq", "seat", "action"}``, flushed before the next call) and
a last line ``{"done": true, "refused": N}``. It connects, prints ``{"ready": true}`` and
waits for a line on stdin before the first move, so that all workers play at once. ``--hang-after N``: after N acknowledged moves,
the next move stops INSIDE its open transaction (the game row locked, nothing committed),
prints ``{"in_tx": true}`` and waits, for the parent to kill -9 it there.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys

PLAYERS = ("111", "222")


async def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("dsn")
    parser.add_argument("schema")
    parser.add_argument("--tables", default="t0,t1")
    parser.add_argument("--moves", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--hang-after", type=int, default=None)
    args = parser.parse_args(argv)

    from tests import fakegame

    fakegame.install()
    from bot.service import Service, UserError
    from bot.store.postgres import PostgresStore

    rnd = random.Random(args.seed)
    store = PostgresStore(args.dsn, schema=args.schema, max_size=2)
    await store.open()
    service = Service(store, seed_source=lambda: rnd.randrange(1 << 40))
    armed = False
    real_commit = store._commit_move

    async def commit(move):
        if not armed:
            return await real_commit(move)
        # the move's statement runs in an explicit transaction that is never committed
        con = await store.pool.acquire()
        await con.execute("BEGIN")
        try:
            await store.commit_on(con, move)
        except BaseException:
            # refused (the board changed): end the transaction, which may hold the row lock
            # its guarded UPDATE took while re-checking the row, and try the next move
            await con.execute("ROLLBACK")
            await store.pool.release(con)
            raise
        print(json.dumps({"in_tx": True}), flush=True)
        await asyncio.sleep(3600)

    store._commit_move = commit
    # start together with the other workers (imports take a while on a busy machine)
    print(json.dumps({"ready": True}), flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    tables = args.tables.split(",")
    acked = refused = 0
    try:
        while acked < args.moves:
            table = rnd.choice(tables)
            try:
                board = await service.board(table)
            except UserError:
                board = None
            try:
                if board is None or board.status in ("over", "cancelled"):
                    await service.new_game(table, PLAYERS[0], "high-low", {"rounds": 8})
                    continue
                if board.status == "lobby":
                    if len(board.info.seats) < 2:
                        await service.join(table, PLAYERS[1])
                    else:
                        await service.start(table, PLAYERS[0])
                    continue
                engine, state = await service.state(table)
                seat = rnd.choice(engine.to_act(state))
                action = rnd.choice(engine.legal_actions(state, seat))
                armed = args.hang_after is not None and acked >= args.hang_after
                result = await service.act(table, seat, action)
            except UserError:
                refused += 1
                continue
            finally:
                armed = False
            acked += 1
            print(
                json.dumps(
                    {"pk": result.game_pk, "seq": result.version, "seat": seat, "action": engine.action_to_json(action)}
                ),
                flush=True,
            )
    finally:
        await service.close()
    print(json.dumps({"done": True, "refused": refused}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main(sys.argv[1:])))
