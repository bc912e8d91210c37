"""The SQLite store: durability across reopen, rebuild from the log, the version guard,
migrations (DESIGN.md, "The host")."""

from __future__ import annotations

import asyncio
import json
import sqlite3

import pytest

from bot.service import Service
from bot.store import MIGRATIONS, SCHEMA_VERSION, SqliteStore, TableBusy, VersionConflict
from tests import fakegame

HUMAN = "111"
OTHER = "222"


@pytest.fixture(autouse=True)
def high_low():
    fakegame.install()
    yield
    fakegame.uninstall()


async def _two_humans(path, seed=5) -> Service:
    service = await Service.open(path, seed_source=lambda: seed)
    await service.new_game("t1", HUMAN, "high-low", {"rounds": 3})
    await service.join("t1", OTHER)
    await service.start("t1", HUMAN)
    return service


async def _play_one(service: Service, table="t1"):
    """The first legal move of whoever must act (humans only here)."""

    board = await service.board(table)
    user = board.to_act[0]
    notation, _ = (await service.legal_moves(table, user))[0]
    return await service.act(table, user, notation)


def _dump(path) -> list[str]:
    con = sqlite3.connect(path)
    try:
        return list(con.iterdump())
    finally:
        con.close()


async def test_pragmas_and_schema_version(tmp_path):
    store = SqliteStore(str(tmp_path / "s.db"))
    await store.open()
    try:
        assert (await store._q1("PRAGMA journal_mode"))[0] == "wal"
        assert (await store._q1("PRAGMA synchronous"))[0] == 2  # 2 = FULL
        assert (await store._q1("PRAGMA foreign_keys"))[0] == 1
        assert (await store._q1("PRAGMA user_version"))[0] == SCHEMA_VERSION
    finally:
        await store.close()


async def test_game_survives_close_and_reopen_mid_game(tmp_path):
    path = str(tmp_path / "g.db")
    service = await _two_humans(path)
    for _ in range(3):
        await _play_one(service)
    before = await service.board("t1")
    hand_before = await service.hand("t1", HUMAN)
    await service.close()

    again = await Service.open(path)
    try:
        after = await again.board("t1")
        assert after.version == before.version == 3
        assert after.view == before.view
        assert after.to_act == before.to_act
        assert (await again.hand("t1", HUMAN)).private == hand_before.private
        # and the game plays on to the end after the restart
        result = None
        while (await again.board("t1")).status == "active":
            result = await _play_one(again)
        assert result is not None and result.status == "over"
        # 3 rounds x (1 call + 2 plays) = 9 logged actions
        assert result.version == 9
        assert [r.place for r in result.ranking] in ([1, 2], [1, 1])
    finally:
        await again.close()


async def test_corrupted_or_missing_snapshot_is_rebuilt_from_the_log(tmp_path):
    path = str(tmp_path / "c.db")
    service = await _two_humans(path)
    for _ in range(4):
        await _play_one(service)
    good = await service.board("t1")
    hand = await service.hand("t1", OTHER)
    await service.close()

    con = sqlite3.connect(path)
    (stored,) = con.execute("SELECT state FROM snapshots").fetchone()
    con.execute("UPDATE snapshots SET state = '{not json'")
    con.commit()
    con.close()

    again = await Service.open(path)
    try:
        rebuilt = await again.board("t1")
        assert rebuilt.version == 4
        assert rebuilt.view == good.view
        assert (await again.hand("t1", OTHER)).private == hand.private
    finally:
        await again.close()
    con = sqlite3.connect(path)
    (repaired,) = con.execute("SELECT state FROM snapshots").fetchone()
    assert json.loads(repaired) == json.loads(stored)  # the snapshot was rewritten
    con.execute("DELETE FROM snapshots")  # now missing entirely
    con.commit()
    con.close()

    third = await Service.open(path)
    try:
        assert (await third.board("t1")).view == good.view
    finally:
        await third.close()


async def test_stale_version_is_refused_and_writes_nothing(tmp_path):
    path = str(tmp_path / "v.db")
    service = await _two_humans(path)
    await _play_one(service)  # version 1
    game = await service.store.live_game("t1")
    assert game.version == 1
    snapshot = await service.store.snapshot(game.pk)
    before = _dump(path)
    with pytest.raises(VersionConflict) as err:
        await service.store.commit(game.pk, 0, [(HUMAN, {"type": "call", "mode": "high"})], {"x": 1}, "active")
    assert err.value.current == 1
    assert _dump(path) == before
    assert await service.store.snapshot(game.pk) == snapshot
    assert len(await service.store.actions(game.pk)) == 1
    await service.close()


async def test_one_live_game_per_table_in_the_schema(tmp_path):
    store = SqliteStore(str(tmp_path / "b.db"))
    await store.open()
    try:
        await store.create_game("t", "high-low", {}, 1, "u1")
        with pytest.raises(TableBusy):
            await store.create_game("t", "high-low", {}, 2, "u2")
        # the partial unique index refuses it even past the store's own check
        with pytest.raises(sqlite3.IntegrityError):
            await store._conn.execute(
                "INSERT INTO games (table_id, game_id, options, seed, status, host, version, created, updated)"
                " VALUES ('t', 'high-low', '{}', 3, 'lobby', 'u3', 0, 0, 0)"
            )
    finally:
        await store.close()


async def test_migrations_run_on_an_old_schema(tmp_path):
    path = str(tmp_path / "old.db")
    con = sqlite3.connect(path)
    con.executescript(MIGRATIONS[0])  # schema version 1: no dm_ok column
    con.execute("PRAGMA user_version = 1")
    con.execute(
        "INSERT INTO games (pk, table_id, game_id, options, seed, status, host, version, created, updated)"
        " VALUES (7, 'old-table', 'high-low', '{\"rounds\": 2}', 99, 'lobby', '555', 0, 0, 0)"
    )
    con.execute("INSERT INTO seats (game_pk, seat, user_id, joined, is_ai) VALUES (7, '555', '555', 0, 0)")
    con.commit()
    con.close()

    store = SqliteStore(path)
    await store.open()
    try:
        assert (await store._q1("PRAGMA user_version"))[0] == SCHEMA_VERSION == 2
        game = await store.live_game("old-table")
        assert (game.pk, game.seed, game.options, game.host) == (7, 99, {"rounds": 2}, "555")
        (seat,) = await store.seats(7)
        assert seat.seat == "555" and seat.dm_ok is True  # new column, default 1
        await store.set_dm_ok(7, "555", False)
        (seat,) = await store.seats(7)
        assert seat.dm_ok is False
    finally:
        await store.close()


async def test_a_newer_schema_is_refused(tmp_path):
    path = str(tmp_path / "new.db")
    con = sqlite3.connect(path)
    con.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    con.close()
    store = SqliteStore(path)
    with pytest.raises(RuntimeError, match="newer"):
        await store.open()
    await store.close()


async def test_concurrent_commits_share_a_transaction_and_fail_alone(tmp_path):
    """Group commit: moves of other tables that queue up behind a transaction go into ONE
    next transaction; a refused one (stale version) undoes only its own writes."""

    path = str(tmp_path / "g.db")
    service = Service(SqliteStore(path), seed_source=lambda: 5)
    await service.store.open()
    try:
        pks = []
        for t in ("a", "b", "c"):
            await service.new_game(t, HUMAN, "high-low")
            await service.join(t, OTHER)
            await service.start(t, HUMAN)
            pks.append((await service.store.live_game(t)).pk)
        snap = {"any": "state"}
        before = service.store.transactions
        results = await asyncio.gather(
            service.store.commit(pks[0], 0, [(HUMAN, {"type": "call", "mode": "high"})], snap, "active"),
            service.store.commit(pks[1], 7, [(HUMAN, {"type": "call", "mode": "high"})], snap, "active"),
            service.store.commit(pks[2], 0, [(HUMAN, {"type": "call", "mode": "low"})], snap, "active"),
            return_exceptions=True,
        )
        # the first runs alone; the two that queued behind it share the next transaction
        assert service.store.transactions - before == 2
        assert results[0] == 1 and results[2] == 1
        assert isinstance(results[1], VersionConflict) and results[1].current == 0
        assert [len(await service.store.actions(pk)) for pk in pks] == [1, 0, 1]
        assert [(await service.store.get_game(pk)).version for pk in pks] == [1, 0, 1]
        assert (await service.store.snapshot(pks[1]))[0] == 0
    finally:
        await service.close()
