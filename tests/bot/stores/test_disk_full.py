"""a full disk keeps its cause and tells the player nothing was played.

The full disk is SQLite's own: ``PRAGMA max_page_count`` caps the test database at its
current size, so a write that needs one more page fails with the real SQLITE_FULL ("database
or disk is full"), exactly as on a full disk. Writes that still fit into the free room of
existing pages succeed (as on a real disk), so the tests play until a move is refused, then
check that move. PostgreSQL's disk_full (SQLSTATE 53100) is raised by a fake connection.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3

import pytest

from bot.format import OUT_OF_SPACE
from bot.service import Service
from bot.store import OutOfSpace, SqliteStore
from bot.store.sqlite import _x
from tests.bot.play.test_high_low_on_discord import member_of, reply

pytestmark = pytest.mark.usefixtures("high_low")  # tests/conftest.py: the test-only game

A, B = "1001", "1002"

#: the answer written out by hand (the sentence the issue asks for: out of space, nothing played)
ANSWER = (
    "The bot's server is out of disk space, so nothing was saved and nothing was played;"
    " try again once its admin has freed some space."
)


async def fill_up(store: SqliteStore) -> None:
    """Cap the database at its current size (SQLite: ``max_page_count`` cannot go below the
    pages in use, so 1 means "no more pages") and use up the free pages."""

    await _x(store._conn, "PRAGMA max_page_count = 1")
    i = 0
    while True:
        try:
            await store.set_meta(f"filler-{i}", "x" * 3000)
        except OutOfSpace:
            break
        i += 1


async def make_room(store: SqliteStore) -> None:
    await _x(store._conn, "PRAGMA max_page_count = 1000000")


def test_the_answer_sentence():
    assert OUT_OF_SPACE == ANSWER


async def test_sqlite_keeps_the_disk_full_error(tmp_path):
    """Before: "cannot rollback - no transaction is active" (SQLite had already rolled the
    transaction back). After: OutOfSpace carrying SQLite's own error."""

    store = SqliteStore(str(tmp_path / "full.db"))
    await store.open()
    try:
        await _x(store._conn, "PRAGMA max_page_count = 1")
        with pytest.raises(OutOfSpace) as caught:
            for i in range(100):  # each value needs a page of its own: the first that finds none fails
                await store.set_meta(f"k{i}", "x" * 3000)
        assert "database or disk is full" in str(caught.value)
        cause = caught.value.__cause__
        assert isinstance(cause, sqlite3.OperationalError) and cause.sqlite_errorcode == 13  # SQLITE_FULL
        # the refused write left nothing behind, and the connection still works
        assert await store.get_meta(f"k{i}") is None
        assert not store._conn.in_transaction
        await make_room(store)
        await store.set_meta(f"k{i}", "y")
        assert await store.get_meta(f"k{i}") == "y"
    finally:
        await store.close()


async def test_sqlite_writes_queued_together_each_get_the_disk_full_error(tmp_path):
    """Writes that queue up while one is in flight share one transaction (group commit, each
    in a savepoint). SQLITE_FULL rolls back that whole transaction, so every one of them must
    hear OutOfSpace (before: "no such savepoint" from the savepoint rollback)."""

    store = SqliteStore(str(tmp_path / "full.db"))
    await store.open()
    try:
        await _x(store._conn, "PRAGMA max_page_count = 1")
        results = await asyncio.gather(*(store.set_meta(f"k{i}", "x" * 3000) for i in range(6)), return_exceptions=True)
        refused = [r for r in results if r is not None]
        assert refused and all(isinstance(r, OutOfSpace) for r in refused), results
        stored = {f"k{i}" for i, r in enumerate(results) if r is None}
        for i in range(6):  # exactly the writes that were answered None are stored
            assert (await store.get_meta(f"k{i}") is not None) == (f"k{i}" in stored)
        await make_room(store)
        await store.set_meta("after", "ok")
        assert await store.get_meta("after") == "ok"
    finally:
        await store.close()


async def play_until_full(service: Service, table: str, players: tuple[str, ...], limit: int = 80):
    """Play each player's first legal move in turn until a commit is refused for space;
    returns (user, move, version before) of the refused move."""

    for _ in range(limit):
        info = await service.table_info(table)
        to_act = (await service.board(table)).to_act
        user = next(p for p in players if p in to_act)
        move = (await service.legal_moves(table, user))[0][0]
        try:
            await service.act(table, user, move)
        except OutOfSpace:
            return user, move, info.version
    raise AssertionError(f"no move was refused in {limit} moves: the database never filled up")


async def test_service_a_move_refused_for_space_is_not_played_and_the_table_plays_on(tmp_path):
    service = await Service.open(str(tmp_path / "svc.db"), seed_source=lambda: 11)
    try:
        await service.new_game("t", A, "high-low", {"rounds": 15})
        await service.join("t", B)
        await service.start("t", A)
        await fill_up(service.store)
        user, move, version = await play_until_full(service, "t", (A, B))
        # nothing of it stored or cached: same version, same log, the move still legal
        assert (await service.table_info("t")).version == version
        assert len(await service.store.actions((await service.table_info("t")).game_pk)) == version
        assert move in [m for m, _ in await service.legal_moves("t", user)]
        await make_room(service.store)
        await service.act("t", user, move)
        assert (await service.table_info("t")).version == version + 1
    finally:
        await service.close()


async def test_bot_tells_the_player_and_the_table_plays_on_when_space_is_back(harness, caplog):
    h = harness
    await h.lobby("high-low", h.alice, h.bob, options="rounds=15")
    await h.alice.slash(h.channel, "game start")
    await fill_up(h.service.store)
    for _ in range(80):
        version = await h.version()
        member = member_of(h, (await h.service.board(h.channel.id)).to_act[0])
        move = (await member.autocomplete(h.channel, "move", "action", ""))[0]["value"]
        n = h.mark()
        with caplog.at_level(logging.ERROR, logger="boardhost.discord"):
            r = await member.slash(h.channel, "move", action=move)
        if reply(r) == (ANSWER, True):
            break
        assert await h.version() == version + 1, reply(r)
    else:
        raise AssertionError("no move was refused: the database never filled up")
    # the move was not applied and nothing was posted about it
    assert await h.version() == version
    assert h.messages_since(n) == []
    # the cause was logged with the table, not hidden behind a rollback error
    logged = [rec for rec in caplog.records if str(h.channel.id) in rec.getMessage()]
    assert logged and "out of space" in logged[-1].getMessage()
    assert "database or disk is full" in str(logged[-1].exc_info[1])
    assert [type(getattr(e, "original", e)) for e in h.env.errors] == [OutOfSpace]  # acknowledged
    # space is back: the same move is played and its board posted
    await make_room(h.service.store)
    r = await member.slash(h.channel, "move", action=move)
    text, ephemeral = reply(r)
    assert await h.version() == version + 1, text
    assert h.messages_since(n), "the board of the move was posted"


# ----- PostgreSQL: disk_full (SQLSTATE 53100) --------------------------------------------
@contextlib.asynccontextmanager
async def _handing_over(value):
    """``async with`` that gives ``value`` and lets every exception through (as asyncpg's
    ``con.transaction()`` does for these tests)."""

    yield value


class _FullConnection:
    """An asyncpg connection whose every statement fails as a full PostgreSQL disk does."""

    def _full(self, *args, **kwargs):
        import asyncpg

        raise asyncpg.DiskFullError('could not extend file "base/16384/16521": No space left on device')

    fetchval = fetch = fetchrow = execute = executemany = _full

    def transaction(self):
        return _handing_over(self)


class _FullPool:
    """The two calls of asyncpg's pool the store makes: ``await acquire(timeout=…)`` and
    ``await release(con)``."""

    async def acquire(self, *, timeout=None):
        return _FullConnection()

    async def release(self, con):
        pass


@pytest.mark.parametrize("write", ["commit", "set_meta", "create_game"])
async def test_postgres_disk_full_is_out_of_space(write):
    import asyncpg

    from bot.store.postgres import PostgresStore

    store = PostgresStore("postgresql://nobody@127.0.0.1:1/none")
    store._pool = _FullPool()  # never opened: no server needed
    calls = {
        "commit": lambda: store.commit(1, 0, [("1001", {"type": "call", "mode": "high"})], {}, "active"),
        "set_meta": lambda: store.set_meta("k", "v"),
        "create_game": lambda: store.create_game("t", "high-low", {}, 1, A),
    }
    with pytest.raises(OutOfSpace) as caught:
        await calls[write]()
    assert isinstance(caught.value.__cause__, asyncpg.DiskFullError)
    assert caught.value.__cause__.sqlstate == "53100"
    assert "No space left on device" in str(caught.value)
