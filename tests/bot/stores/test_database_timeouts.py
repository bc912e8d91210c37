"""Bounded database waits on PostgreSQL: a row locked from outside, a server with no
connection slot left. Each wait ends in :class:`bot.store.DatabaseTimeout` (nothing stored)
within its bound, a starved pool waits for its own connections instead of refusing, one
stuck table does not hold up the periodic pass of the others, and the player reads one
sentence saying nothing was played."""

from __future__ import annotations

import asyncio
import time

import pytest

from bot.format import DB_TIMEOUT
from bot.service import Service
from bot.store import DatabaseTimeout
from bot.store.postgres import PostgresStore
from bot.timers import HOUR
from tests import fakegame
from tests.bot.play.test_high_low_on_discord import member_of, reply

A, B = "1001", "1002"
#: 2026-01-01 00:00 UTC
T0 = 1767225600.0

#: the sentence written out by hand: the database was too slow, nothing was played
ANSWER = "The database took too long to answer, so nothing was saved and nothing was played; try again in a moment."


@pytest.fixture(autouse=True)
def high_low():
    fakegame.install()
    yield
    fakegame.uninstall()


class Clock:
    def __init__(self, t: float = T0):
        self.t = t

    def __call__(self) -> float:
        return self.t


async def started(store: PostgresStore, table: str) -> int:
    """A started two-seat High-Low game at ``table`` (version 0); its pk."""

    game = await store.create_game(table, "high-low", {}, 1, A)
    await store.add_seat(game.pk, B, B, False)
    await store.start_game(game.pk, [A, B], {"x": 0})
    return game.pk


async def outside(dsn: str, schema: str):
    import asyncpg

    return await asyncpg.connect(dsn, server_settings={"search_path": f'"{schema}"'})


async def test_a_move_on_a_row_locked_from_outside_is_refused_within_the_lock_timeout(pg_schema):
    dsn, schema = pg_schema
    store = PostgresStore(dsn, schema=schema, max_size=2, lock_timeout=0.5)
    await store.open()
    other = await outside(dsn, schema)
    try:
        pk = await started(store, "t")
        tx = other.transaction()
        await tx.start()
        await other.execute("SELECT * FROM games WHERE pk = $1 FOR UPDATE", pk)
        t0 = time.monotonic()
        with pytest.raises(DatabaseTimeout) as caught:
            # without a lock timeout this waits as long as the outside lock is held: give up at 10 s
            await asyncio.wait_for(store.commit(pk, 0, [(A, {"type": "high"})], {"x": 1}, "active"), 10)
        waited = time.monotonic() - t0
        await tx.rollback()
        assert caught.value.kind == "lock"
        assert "nothing was stored" in str(caught.value)
        assert 0.4 <= waited < 3.0, waited  # the 0.5 s lock timeout, plus a loaded machine's slack
        # nothing of the move was stored: still version 0, no action; the table plays on
        assert (await store.get_game(pk)).version == 0 and await store.actions(pk) == []
        assert await store.commit(pk, 0, [(A, {"type": "high"})], {"x": 1}, "active") == 1
    finally:
        await other.close()
        await store.close()


async def test_a_statement_past_the_statement_timeout_is_a_timeout(pg_schema):
    dsn, schema = pg_schema
    store = PostgresStore(dsn, schema=schema, max_size=2, statement_timeout=0.3)
    await store.open()
    try:
        with pytest.raises(DatabaseTimeout) as caught:
            await asyncio.wait_for(store._read1("SELECT pg_sleep(5)"), 10)
        assert caught.value.kind == "statement"
    finally:
        await store.close()


async def test_a_pool_whose_connections_are_all_in_use_waits_then_times_out(pg_schema):
    dsn, schema = pg_schema
    store = PostgresStore(dsn, schema=schema, min_size=1, max_size=1, acquire_timeout=0.5)
    await store.open()
    try:
        pk = await started(store, "t")
        async with store.connection():  # the pool's only connection, held
            t0 = time.monotonic()
            with pytest.raises(DatabaseTimeout) as caught:
                await store.get_game(pk)
            assert caught.value.kind == "connection"
            assert 0.4 <= time.monotonic() - t0 < 3.0

        # held for less than the wait: the call waits and is answered
        async def hold_briefly():
            async with store.connection():
                await asyncio.sleep(0.2)

        holder = asyncio.create_task(hold_briefly())
        await asyncio.sleep(0.05)
        assert (await store.get_game(pk)).version == 0
        await holder
    finally:
        await store.close()


async def test_a_server_out_of_connection_slots_makes_the_pool_wait_for_its_own(pg_schema):
    """The server's limit is emulated with a role allowed 2 connections: another client holds
    one, so the pool (max 4) can open only one; 8 moves on 8 tables sent at once must all be
    answered by that one connection (before: every call that asked the server for a second
    connection was refused at once with "too many connections")."""

    import urllib.parse

    dsn, schema = pg_schema
    setup = PostgresStore(dsn, schema=schema)
    await setup.open()
    pks = [await started(setup, f"t{i}") for i in range(8)]
    await setup.close()
    role = f"{schema}_r"
    parts = urllib.parse.urlsplit(dsn)
    role_dsn = urllib.parse.urlunsplit(parts._replace(netloc=f"{role}@{parts.hostname}:{parts.port or 5432}"))
    admin = await outside(dsn, schema)
    await admin.execute(f'CREATE ROLE "{role}" LOGIN CONNECTION LIMIT 2')
    # the role reads the schema as its default (creating a schema needs rights on the database)
    store = PostgresStore(role_dsn, min_size=1, max_size=4, acquire_timeout=20)
    competitor = None
    try:
        await admin.execute(f'ALTER ROLE "{role}" SET search_path = "{schema}"')
        await admin.execute(f'GRANT ALL ON SCHEMA "{schema}" TO "{role}"')
        await admin.execute(f'GRANT ALL ON ALL TABLES IN SCHEMA "{schema}" TO "{role}"')
        competitor = await outside(role_dsn, schema)  # the other client's connection
        await store.open()
        results = await asyncio.gather(
            *(store.commit(pk, 0, [(A, {"type": "high"})], {"x": 1}, "active") for pk in pks),
            return_exceptions=True,
        )
        # 8 answered (each game at version 1), 0 refused
        assert results == [1] * 8
    finally:
        await store.close()
        if competitor is not None:
            await competitor.close()
        await admin.execute(f'DROP OWNED BY "{role}"')
        await admin.execute(f'DROP ROLE "{role}"')
        await admin.close()


async def test_a_stuck_table_does_not_hold_up_the_periodic_pass_of_the_others(pg_schema):
    dsn, schema = pg_schema
    clock = Clock()
    store = PostgresStore(dsn, schema=schema, max_size=4, lock_timeout=0.5)
    await store.open()
    service = Service(store, seed_source=lambda: 11, clock=clock)
    other = await outside(dsn, schema)
    try:
        for table in ("stuck", "free"):
            await service.new_game(table, A, "high-low", {"rounds": 3}, settings={"reminders": "1h"})
            await service.join(table, B)
            await service.start(table, A)
        stuck = await store.live_game("stuck")
        clock.t += HOUR  # both tables owe a reminder now
        tx = other.transaction()
        await tx.start()
        await other.execute("SELECT * FROM games WHERE pk = $1 FOR UPDATE", stuck.pk)
        t0 = time.monotonic()
        # without a lock timeout the pass waits as long as the outside lock is held: give up at 10 s
        notices = await asyncio.wait_for(service.tick(), 10)
        waited = time.monotonic() - t0
        await tx.rollback()
        # the free table got its reminder; the stuck one cost at most about its lock timeout
        assert [(n.table, n.kind) for n in notices] == [("free", "reminder")]
        assert waited < 3.0, waited
    finally:
        await other.close()
        await service.close()


async def test_the_player_reads_that_nothing_was_played_when_the_database_is_too_slow(harness):
    h = harness
    await h.lobby("high-low", h.alice, h.bob)
    await h.alice.slash(h.channel, "game start")
    version = await h.version()
    store = h.service.store

    async def too_slow(move):
        raise DatabaseTimeout.of(None, "lock", 5.0)

    store._commit_move = too_slow
    member = member_of(h, (await h.service.board(h.channel.id)).to_act[0])
    move = (await member.autocomplete(h.channel, "move", "action", ""))[0]["value"]
    r = await member.slash(h.channel, "move", action=move)
    assert DB_TIMEOUT == ANSWER
    assert reply(r) == (ANSWER, True)
    assert await h.version() == version
    assert [type(getattr(e, "original", e)) for e in h.env.errors] == [DatabaseTimeout]  # acknowledged
    del store._commit_move  # the database answers again: the same move is played
    await member.slash(h.channel, "move", action=move)
    assert await h.version() == version + 1
