"""The stores: durability across reopen, rebuild from the log, the version guard,
migrations. Tests taking the ``backend`` fixture run on SQLite AND
PostgreSQL (tests/bot/conftest.py); the others are about one backend's own mechanics."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time

import asyncpg
import pytest

from bot.service import Service
from bot.store import MIGRATIONS, SCHEMA_VERSION, SchemaTooNew, SqliteStore, TableBusy, VersionConflict
from bot.store.postgres import PG_MIGRATIONS

HUMAN = "111"
OTHER = "222"


pytestmark = pytest.mark.usefixtures("high_low")  # tests/conftest.py: the test-only game


async def _two_humans(backend, seed=5) -> Service:
    service = await backend.service(seed_source=lambda: seed)
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
        assert (await store._read1("PRAGMA journal_mode"))[0] == "wal"
        assert (await store._read1("PRAGMA synchronous"))[0] == 2  # 2 = FULL
        assert (await store._read1("PRAGMA foreign_keys"))[0] == 1
        assert (await store._read1("PRAGMA user_version"))[0] == SCHEMA_VERSION
    finally:
        await store.close()


async def test_game_survives_close_and_reopen_mid_game(backend):
    service = await _two_humans(backend)
    for _ in range(3):
        await _play_one(service)
    before = await service.board("t1")
    hand_before = await service.hand("t1", HUMAN)
    await service.close()

    again = await backend.service()
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


async def test_corrupted_or_missing_snapshot_is_rebuilt_from_the_log(backend):
    service = await _two_humans(backend)
    for _ in range(4):
        await _play_one(service)
    good = await service.board("t1")
    hand = await service.hand("t1", OTHER)
    await service.close()

    [(stored,)] = await backend.sql("SELECT state FROM snapshots")
    await backend.sql("UPDATE snapshots SET state = '{not json'")

    again = await backend.service()
    try:
        rebuilt = await again.board("t1")
        assert rebuilt.version == 4
        assert rebuilt.view == good.view
        assert (await again.hand("t1", OTHER)).private == hand.private
    finally:
        await again.close()
    [(repaired,)] = await backend.sql("SELECT state FROM snapshots")
    assert json.loads(repaired) == json.loads(stored)  # the snapshot was rewritten
    await backend.sql("DELETE FROM snapshots")  # now missing entirely

    third = await backend.service()
    try:
        assert (await third.board("t1")).view == good.view
    finally:
        await third.close()


async def test_stale_version_is_refused_and_writes_nothing(backend):
    service = await _two_humans(backend)
    await _play_one(service)  # version 1
    game = await service.store.live_game("t1")
    assert game.version == 1
    snapshot = await service.store.snapshot(game.pk)
    before = await backend.dump()
    with pytest.raises(VersionConflict) as err:
        await service.store.commit(game.pk, 0, [(HUMAN, {"type": "call", "mode": "high"})], {"x": 1}, "active")
    assert err.value.current == 1
    assert await backend.dump() == before
    assert await service.store.snapshot(game.pk) == snapshot
    assert len(await service.store.actions(game.pk)) == 1
    await service.close()


async def test_one_live_game_per_table_in_the_schema(backend):
    store = backend.make()
    await store.open()
    try:
        await store.create_game("t", "high-low", {}, 1, "u1")
        with pytest.raises(TableBusy):
            await store.create_game("t", "high-low", {}, 2, "u2")
        # the partial unique index refuses it even past the store's own check
        with pytest.raises((sqlite3.IntegrityError, asyncpg.UniqueViolationError)):
            await backend.sql(
                "INSERT INTO games (table_id, game_id, options, seed, status, host, version, created, updated)"
                " VALUES ('t', 'high-low', '{}', 3, 'lobby', 'u3', 0, 0, 0)"
            )
        # a finished game frees the table
        game = await store.live_game("t")
        await store.set_status(game.pk, "cancelled")
        again = await store.create_game("t", "high-low", {}, 4, "u4")
        assert again.pk != game.pk and (await store.live_game("t")).pk == again.pk
    finally:
        await store.close()


async def _old_schema(backend, version: int) -> None:
    """Make ``backend``'s database look as an older boardhost left it: the migrations up to
    schema ``version`` only."""

    if backend.name == "sqlite":
        con = sqlite3.connect(backend.url)
        for m in MIGRATIONS[:version]:
            con.executescript(m)
        con.execute(f"PRAGMA user_version = {version}")
        con.commit()
        con.close()
        return
    con = await asyncpg.connect(backend.url)
    try:
        await con.execute(f'CREATE SCHEMA "{backend.schema}"; SET search_path = "{backend.schema}"')
        for m in PG_MIGRATIONS[:version]:
            await con.execute(m)
        await con.execute(
            f"CREATE TABLE boardhost_schema (version INTEGER NOT NULL); INSERT INTO boardhost_schema VALUES ({version})"
        )
    finally:
        await con.close()


async def _stored_version(backend) -> int:
    if backend.name == "sqlite":
        return (await backend.sql("PRAGMA user_version"))[0][0]
    return (await backend.sql("SELECT version FROM boardhost_schema"))[0][0]


async def test_migrations_run_on_an_old_schema(backend):
    await _old_schema(backend, 1)  # schema version 1: no dm_ok column
    await backend.sql(
        "INSERT INTO games (pk, table_id, game_id, options, seed, status, host, version, created, updated)"
        " VALUES (7, 'old-table', 'high-low', '{\"rounds\": 2}', 99, 'lobby', '555', 0, 0, 0)"
    )
    await backend.sql("INSERT INTO seats (game_pk, seat, user_id, joined, is_ai) VALUES (7, '555', '555', 0, FALSE)")

    store = backend.make()
    await store.open()
    try:
        assert await _stored_version(backend) == SCHEMA_VERSION
        game = await store.live_game("old-table")
        assert (game.pk, game.seed, game.options, game.host) == (7, 99, {"rounds": 2}, "555")
        (seat,) = await store.seats(7)
        assert seat.seat == "555" and seat.dm_ok is True  # new column, default 1
        await store.set_dm_ok(7, "555", False)
        (seat,) = await store.seats(7)
        assert seat.dm_ok is False
    finally:
        await store.close()


async def test_meta_values_live_in_the_store_and_survive_reopening(backend):
    store = backend.make()
    await store.open()
    try:
        assert await store.get_meta("command_tree_hash") is None
        await store.set_meta("command_tree_hash", "abc")
        await store.set_meta("command_tree_hash", "def")  # replaced, not duplicated
        await store.set_meta("other", "1")
    finally:
        await store.close()
    again = backend.make()
    await again.open()
    try:
        assert await again.get_meta("command_tree_hash") == "def"
        assert await again.get_meta("other") == "1"
    finally:
        await again.close()


async def test_the_meta_migration_adopts_a_bot_meta_table_made_outside_migrations(tmp_path):
    """Schema 2 databases may hold a ``bot_meta`` table that the Discord layer created with
    stdlib sqlite3; migrating keeps its rows (the stored command-tree hash)."""

    path = str(tmp_path / "v2.db")
    con = sqlite3.connect(path)
    con.executescript(MIGRATIONS[0])
    con.executescript(MIGRATIONS[1])
    con.execute("PRAGMA user_version = 2")
    con.execute("CREATE TABLE IF NOT EXISTS bot_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
    con.execute("INSERT INTO bot_meta VALUES ('command_tree_hash', 'old-hash')")
    con.commit()
    con.close()
    store = SqliteStore(path)
    await store.open()
    try:
        assert (await store._read1("PRAGMA user_version"))[0] == SCHEMA_VERSION
        assert await store.get_meta("command_tree_hash") == "old-hash"
    finally:
        await store.close()


async def test_posted_versions_and_what_is_still_owed_to_the_channel(backend):
    service = await _two_humans(backend)  # started at version 0, nothing posted yet
    try:
        pk = (await service.store.live_game("t1")).pk
        assert [(g.pk, g.posted, g.version) for g in await service.store.unposted()] == [(pk, -1, 0)]
        await service.store.mark_posted(pk, 0)
        assert await service.store.unposted() == []
        await _play_one(service)
        await _play_one(service)
        assert [(g.posted, g.version) for g in await service.store.unposted()] == [(0, 2)]
        await service.store.mark_posted(pk, 2)
        await service.store.mark_posted(pk, 1)  # a late, older post never moves it back
        assert (await service.store.get_game(pk)).posted == 2
        assert await service.store.unposted() == []
    finally:
        await service.close()


async def test_active_games_lists_only_started_unfinished_games(backend):
    """What a starting bot looks through for AI turns left due: active games only, oldest
    first (a lobby, a finished and a cancelled game are left out)."""

    schema = backend.make()
    await schema.open()  # creates the tables
    await schema.close()
    await backend.sql(
        "INSERT INTO games (pk, table_id, game_id, options, seed, status, host, version, created, updated)"
        " VALUES (1, 'a', 'high-low', '{}', 1, 'active', '555', 4, 0, 0),"
        " (2, 'b', 'high-low', '{}', 1, 'lobby', '555', 0, 0, 0),"
        " (3, 'c', 'high-low', '{}', 1, 'over', '555', 9, 0, 0),"
        " (4, 'd', 'high-low', '{}', 1, 'cancelled', '555', 0, 0, 0),"
        " (5, 'e', 'high-low', '{}', 1, 'active', '555', 0, 0, 0)"
    )
    store = backend.make()
    await store.open()
    try:
        assert [(g.pk, g.table_id) for g in await store.active_games()] == [(1, "a"), (5, "e")]
    finally:
        await store.close()


async def test_the_posted_migration_takes_existing_started_games_as_posted(backend):
    """Upgrading must not flood every channel with "the bot restarted" posts: games started
    under schema 3 count as posted at their version; a lobby has posted nothing."""

    await _old_schema(backend, 3)
    await backend.sql(
        "INSERT INTO games (pk, table_id, game_id, options, seed, status, host, version, created, updated)"
        " VALUES (1, 'a', 'high-low', '{}', 1, 'active', '555', 4, 0, 0),"
        " (2, 'b', 'high-low', '{}', 1, 'lobby', '555', 0, 0, 0)"
    )
    store = backend.make()
    await store.open()
    try:
        assert (await store.get_game(1)).posted == 4
        assert (await store.get_game(2)).posted == -1
        assert await store.unposted() == []
    finally:
        await store.close()


async def test_a_newer_schema_is_refused_with_one_sentence(backend):
    store = backend.make()
    await store.open()
    await store.close()
    if backend.name == "sqlite":
        await backend.sql(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    else:
        await backend.sql(f"UPDATE boardhost_schema SET version = {SCHEMA_VERSION + 1}")
    before = await backend.dump()
    store = backend.make()
    with pytest.raises(SchemaTooNew) as err:
        await store.open()
    await store.close()
    message = str(err.value)
    assert f"schema version {SCHEMA_VERSION + 1}, newer than this boardhost (version {SCHEMA_VERSION})" in message
    assert message.endswith("upgrade boardhost before using it.") and message.count(". ") == 0
    assert await backend.dump() == before  # nothing was touched


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


async def test_lobby_writes_refuse_a_lobby_that_changed(backend):
    """What another process may have done between the service's read and its write: the
    store refuses (VersionConflict, nothing written) a seat already taken, a seat past
    ``max_seats``, a start whose seat list is not the lobby's, and any seat added or removed
    after the start."""

    store = backend.make()
    await store.open()
    try:
        game = await store.create_game("t", "high-low", {}, 1, "u1")
        await store.add_seat(game.pk, "u2", "u2", False, max_seats=3)
        with pytest.raises(VersionConflict):
            await store.add_seat(game.pk, "u2", "u2", False, max_seats=3)  # taken
        await store.add_seat(game.pk, "ai-1", None, True, max_seats=3)
        with pytest.raises(VersionConflict):
            await store.add_seat(game.pk, "u4", "u4", False, max_seats=3)  # u1, u2, ai-1: full
        with pytest.raises(VersionConflict):
            await store.start_game(game.pk, ["u1", "u2"], {"s": 0})  # ai-1 joined meanwhile
        assert (await store.get_game(game.pk)).status == "lobby"
        assert await store.snapshot(game.pk) is None
        await store.start_game(game.pk, ["u2", "ai-1", "u1"], {"s": 0})
        assert [s.seat for s in await store.seats(game.pk)] == ["u2", "ai-1", "u1"]
        with pytest.raises(VersionConflict):
            await store.add_seat(game.pk, "u5", "u5", False)  # started: no longer a lobby
        with pytest.raises(VersionConflict):
            await store.start_game(game.pk, ["u2", "ai-1", "u1"], {"s": 1})
        with pytest.raises(VersionConflict):
            await store.remove_seat(game.pk, "ai-1")  # started: a seat is no longer removed
        assert [s.seat for s in await store.seats(game.pk)] == ["u2", "ai-1", "u1"]
        assert await store.snapshot(game.pk) == (0, '{"s":0}')
    finally:
        await store.close()


async def test_a_rebuilt_snapshot_never_replaces_a_newer_one(backend):
    """A process rebuilding the snapshot of version 0 while another process committed
    version 1 must not write its stale state over version 1's snapshot."""

    store = backend.make()
    await store.open()
    try:
        game = await store.create_game("t", "high-low", {}, 1, "u1")
        await store.add_seat(game.pk, "u2", "u2", False)
        await store.start_game(game.pk, ["u1", "u2"], {"at": 0})
        assert await store.commit(game.pk, 0, [("u1", {"type": "call", "mode": "low"})], {"at": 1}, "active") == 1
        await store.put_snapshot(game.pk, 0, {"at": "stale 0"})  # the game is at 1: refused
        assert await store.snapshot(game.pk) == (1, '{"at":1}')
        await store.put_snapshot(game.pk, 1, {"at": "rebuilt 1"})  # same version: a repair
        assert await store.snapshot(game.pk) == (1, '{"at":"rebuilt 1"}')
    finally:
        await store.close()


async def test_the_live_game_and_its_seats_are_read_together(backend):
    """``live_game_seats`` answers what ``live_game`` and ``seats`` answer: the live row and
    its seats in seat order once started; a lobby without seats has none; no live game
    (none yet, or the last one is over) gives ``(None, [])``."""

    store = backend.make()
    await store.open()
    try:
        assert await store.live_game_seats("t") == (None, [])
        game = await store.create_game("t", "high-low", {"rounds": 3}, 7, "u1", seat_host=False)
        row, seats = await store.live_game_seats("t")
        assert (row.pk, row.status, row.host, row.options, seats) == (game.pk, "lobby", "u1", {"rounds": 3}, [])
        await store.add_seat(game.pk, "u1", "u1", False)
        await store.add_seat(game.pk, "u2", "u2", False)
        await store.add_seat(game.pk, "ai-1", None, True)
        row, seats = await store.live_game_seats("t")
        assert [(s.seat, s.user_id, s.is_ai, s.joined) for s in seats] == [
            ("u1", "u1", False, 0),
            ("u2", "u2", False, 1),
            ("ai-1", None, True, 2),
        ]
        await store.start_game(game.pk, ["ai-1", "u2", "u1"], {"at": 0})
        await store.commit(game.pk, 0, [("ai-1", {"type": "call", "mode": "low"})], {"at": 1}, "active", resigned="u2")
        row, seats = await store.live_game_seats("t")
        assert (row.status, row.version) == ("active", 1)
        assert [(s.seat, s.seat_order, s.resigned) for s in seats] == [
            ("ai-1", 0, False),
            ("u2", 1, True),
            ("u1", 2, False),
        ]
        assert (row, seats) == (await store.live_game("t"), await store.seats(game.pk))
        await store.commit(game.pk, 1, [("u1", {"type": "call", "mode": "high"})], {"at": 2}, "over")
        assert await store.live_game_seats("t") == (None, [])
    finally:
        await store.close()


async def test_every_lobby_and_asynchronous_play_method_round_trips(backend):
    """The store methods the service's lobby and asynchronous play use, on both backends:
    what is written is read back (values chosen here, not computed by the store)."""

    store = backend.make()
    await store.open()
    try:
        game = await store.create_game("t", "high-low", {}, 1, "u1", settings={"turn_limit": 3600}, guild="g1")
        await store.add_seat(game.pk, "u2", "u2", False)
        await store.add_seat(game.pk, "u3", "u3", False)
        await store.remove_seat(game.pk, "u3")
        await store.set_host(game.pk, "u2")
        await store.set_dm_ok(game.pk, "u1", False)
        row = await store.get_game(game.pk)
        assert (row.host, row.settings, row.guild) == ("u2", {"turn_limit": 3600}, "g1")
        assert [(s.seat, s.dm_ok) for s in await store.seats(game.pk)] == [("u1", False), ("u2", True)]
        assert [g.pk for g in await store.guild_games("g1")] == [game.pk]
        await store.start_game(game.pk, ["u1", "u2"], {"at": 0})
        assert [g.pk for g in await store.user_games("u2")] == [game.pk]

        await store.set_settings(game.pk, {"turn_limit": 60})
        await store.set_guild(game.pk, "g2")
        await store.set_status_message(game.pk, "m9")
        await store.set_clock(game.pk, 100.0, 160.0)
        await store.set_reminded(game.pk, {"u1": 2, "u2": 1})
        await store.set_vacation(game.pk, "u2", 500.0, 30.0)
        row = await store.get_game(game.pk)
        assert (row.settings, row.guild, row.status_message, row.turn_started, row.next_due) == (
            {"turn_limit": 60},
            "g2",
            "m9",
            100.0,
            160.0,
        )
        assert [(s.reminded, s.vacation_until, s.vacation_used) for s in await store.seats(game.pk)] == [
            (2, None, 0.0),
            (1, 500.0, 30.0),
        ]
        assert [g.pk for g in await store.due_games(159.0)] == []
        assert [g.pk for g in await store.due_games(160.0)] == [game.pk]
        await store.set_next_due(game.pk, None)
        assert await store.due_games(1e12) == []
        await store.set_clock(game.pk, 200.0, 260.0, reset_reminders=True)
        assert [s.reminded for s in await store.seats(game.pk)] == [0, 0]
        await store.set_seat_user(game.pk, "u1", "u7")
        assert [(s.seat, s.user_id, s.dm_ok) for s in await store.seats(game.pk)] == [
            ("u1", "u7", True),
            ("u2", "u2", True),
        ]
        assert await store.user_games("u1") == []
        assert [g.pk for g in await store.user_games("u7")] == [game.pk]

        assert await store.get_prefs("u7") == (None, None, None)
        await store.set_prefs("u7", 22, 8, "Europe/Vilnius")
        await store.set_prefs("u7", 23, 7, "UTC")
        assert await store.get_prefs("u7") == (23, 7, "UTC")

        await store.commit(
            game.pk, 0, [("u1", {"type": "call", "mode": "low"})], {"at": 1}, "active", meta=[{"text": "u1 calls low."}]
        )
        await store.commit(game.pk, 1, [("u2", {"type": "call", "mode": "high"})], {"at": 2}, "active")
        vote = await store.open_vote(game.pk, "undo", "u2", 2, ["u1"])
        assert [
            (v.pk, v.kind, v.subject, v.version, v.voters, v.yes, v.status) for v in await store.votes(game.pk)
        ] == [(vote, "undo", "u2", 2, ["u1"], [], "open")]
        await store.set_vote(vote, ["u1"], "passed")
        assert await store.votes(game.pk) == []
        assert (await store.get_vote(vote)).status == "passed"
        assert [v.pk for v in await store.votes(game.pk, status=None)] == [vote]
        with pytest.raises(VersionConflict):
            await store.undo(game.pk, 1, [2], "u2", {"at": 1}, "active", "undone")  # the game is at 2
        assert await store.undo(game.pk, 2, [2], "u2", {"at": 1}, "active", "u2's move was undone.") == 3
        rows = await store.actions(game.pk)
        assert [(r.seq, r.seat, r.flag, r.undone, r.text) for r in rows] == [
            (1, "u1", None, False, "u1 calls low."),
            (2, "u2", None, True, None),
            (3, "u2", "undo", False, "u2's move was undone."),
        ]
        assert rows[2].action == {"undo": [2]}
        assert [r.seq for r in await store.actions(game.pk, limit=2)] == [2, 3]
        assert await store.snapshot(game.pk) == (3, '{"at":1}')
        await store.set_status(game.pk, "cancelled")
        assert await store.live_game("t") is None
        assert (await store.last_game("t")).status == "cancelled"
    finally:
        await store.close()


async def test_a_schema_4_database_gets_its_new_columns_filled_for_live_games(backend):
    """Schema 5 added the turn clock (turn_started, next_due): a game that was active under
    schema 4 gets its clock started at the upgrade and is due to the periodic loop at once;
    a lobby or finished game has no clock."""

    await _old_schema(backend, 4)
    for pk, table, status in ((1, "t-active", "active"), (2, "t-lobby", "lobby"), (3, "t-over", "over")):
        await backend.sql(
            "INSERT INTO games (pk, table_id, game_id, options, seed, status, host, version, created, updated, posted)"
            f" VALUES ({pk}, '{table}', 'high-low', '{{}}', 5, '{status}', '555', 0, 100, 100, 0)"
        )
    before = time.time()
    store = backend.make()
    await store.open()
    try:
        after = time.time()
        active = await store.get_game(1)
        assert before - 1 <= active.turn_started <= after + 1
        assert before - 1 <= active.next_due <= after + 1
        assert [g.pk for g in await store.due_games(after + 1)] == [1]
        for pk in (2, 3):
            game = await store.get_game(pk)
            assert (game.turn_started, game.next_due) == (None, None)
    finally:
        await store.close()


async def test_post_marks_survive_reopening_and_go_with_their_game(backend):
    """The marks of the messages a turn's posts edit (the turn's channel line, each player's
    newest hand DM) are kept per game and slot: replaced, not duplicated; deleted one by one;
    gone with the game (a purged orphan)."""

    service = await _two_humans(backend)
    pk = (await service.store.live_game("t1")).pk
    try:
        assert await service.store.post_marks(pk) == {}
        await service.store.set_post_mark(pk, "line", {"message": "10", "turn": [HUMAN], "events": ["a"]})
        await service.store.set_post_mark(pk, "line", {"message": "11", "turn": [HUMAN], "events": ["a", "b"]})
        await service.store.set_post_mark(pk, "dm:" + OTHER, {"message": "12", "channel": "13", "events": []})
        await service.store.set_post_mark(pk, "dm:" + HUMAN, {"message": "14", "channel": "15", "events": []})
        await service.store.set_post_mark(pk, "dm:" + HUMAN, None)
    finally:
        await service.close()
    again = backend.make()
    await again.open()
    try:
        assert await again.post_marks(pk) == {
            "line": {"message": "11", "turn": [HUMAN], "events": ["a", "b"]},
            "dm:" + OTHER: {"message": "12", "channel": "13", "events": []},
        }
        await again.orphan_games(100.0, table_id="t1")
        assert await again.purge_orphans(200.0) == 1
        assert await again.post_marks(pk) == {}
    finally:
        await again.close()
