"""PostgreSQL-specific store behaviour: several processes (separate pools) on one database,
schema parity with SQLite, the store URL, and how the tests find (or miss) the server."""

from __future__ import annotations

import asyncio
import contextlib

import pytest

from bot.service import BOARD_CHANGED, Service, UserError
from bot.store import SCHEMA_VERSION, SqliteStore
from bot.store.postgres import PostgresStore
from bot.stores import make_store, sqlite_path
from tests import pg

A, B = "111", "222"


pytestmark = pytest.mark.usefixtures("high_low")  # tests/conftest.py: the test-only game


async def test_both_backends_have_the_same_tables_and_columns(tmp_path, pg_schema):
    url, schema = pg_schema
    lite = SqliteStore(str(tmp_path / "s.db"))
    await lite.open()
    post = PostgresStore(url, schema=schema)
    await post.open()
    try:
        sqlite_cols = {}
        for (table,) in await lite._read("SELECT name FROM sqlite_master WHERE type = 'table'"):
            sqlite_cols[table] = sorted(r[1] for r in await lite._read(f"PRAGMA table_info({table})"))
        pg_cols = {}
        for r in await post.pool.fetch(
            "SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = $1", schema
        ):
            pg_cols.setdefault(r["table_name"], []).append(r["column_name"])
        pg_cols = {t: sorted(c) for t, c in pg_cols.items() if t != "boardhost_schema"}
        assert pg_cols == sqlite_cols
        assert set(pg_cols) == {
            "games",
            "seats",
            "actions",
            "snapshots",
            "bot_meta",
            "user_prefs",
            "votes",
            "post_marks",
        }
        assert await post.schema_version() == SCHEMA_VERSION
    finally:
        await lite.close()
        await post.close()


async def _started(service: Service, table: str = "t") -> None:
    await service.new_game(table, A, "high-low", {"rounds": 2})
    await service.join(table, B)
    await service.start(table, A)


@contextlib.asynccontextmanager
async def _two_processes(pg_schema):
    """``(one, two, caller)``: two Services on separate pools (two bot processes) over one
    schema, a started High-Low table "t" opened by A through ``one``, and who must act."""

    url, schema = pg_schema
    one = Service(PostgresStore(url, schema=schema), seed_source=lambda: 3)
    await one.store.open()
    two = Service(PostgresStore(url, schema=schema))
    await two.store.open()
    try:
        await _started(one)
        yield one, two, (await one.board("t")).to_act[0]
    finally:
        await one.close()
        await two.close()


async def test_two_processes_commit_the_same_version_one_wins(pg_schema):
    """Two pools (as two bot processes) commit on top of the same version at once: exactly
    one is stored, the other is refused and writes nothing."""

    url, schema = pg_schema
    first = Service(PostgresStore(url, schema=schema), seed_source=lambda: 3)
    await first.store.open()
    second = PostgresStore(url, schema=schema)
    await second.open()
    try:
        await _started(first)
        pk = (await first.store.live_game("t")).pk
        results = await asyncio.gather(
            *[
                store.commit(pk, 0, [(seat, {"type": "call", "mode": mode})], {"by": seat}, "active")
                for store, seat, mode in ((first.store, A, "high"), (second, B, "low"), (second, A, "low"))
            ],
            return_exceptions=True,
        )
        assert sorted(type(r).__name__ for r in results) == ["VersionConflict", "VersionConflict", "int"]
        winner = results.index(1)
        rows = await second.actions(pk)
        assert len(rows) == 1 and rows[0].seq == 1
        assert rows[0].seat == (A, B, A)[winner]
        assert (await second.snapshot(pk))[0] == 1
        assert (await second.get_game(pk)).version == 1
    finally:
        await first.close()
        await second.close()


async def test_a_move_raced_by_another_process_is_refused_as_board_changed(pg_schema):
    """Service level: process 1 applies a move on version 0 and is about to commit it when
    process 2 commits the same player's move; process 1 is refused with the board-changed
    sentence and nothing of its move is stored."""

    async with _two_processes(pg_schema) as (one, two, caller):
        reached, release = asyncio.Event(), asyncio.Event()
        real_commit = one.store.commit

        async def slow_commit(*args, **kwargs):
            reached.set()
            await release.wait()
            return await real_commit(*args, **kwargs)

        one.store.commit = slow_commit
        late = asyncio.create_task(one.act("t", caller, "call high"))
        await reached.wait()  # process 1 has applied "call high" on version 0
        first = await two.act("t", caller, "call low")
        assert first.version == 1
        release.set()
        with pytest.raises(UserError) as err:
            await late
        assert str(err.value) == BOARD_CHANGED
        pk = first.game_pk
        rows = await two.store.actions(pk)
        assert [(r.seq, r.action["mode"]) for r in rows] == [(1, "low")]
        # process 1 sees the other process's move at once (no stale cache across processes)
        one.store.commit = real_commit
        assert (await one.board("t")).version == 1
        assert (await one.board("t")).view["mode"] == "low"


async def test_processes_starting_together_migrate_once(pg_schema):
    url, schema = pg_schema
    stores = [PostgresStore(url, schema=schema, max_size=2) for _ in range(4)]
    try:
        await asyncio.gather(*(s.open() for s in stores))
        assert [await s.schema_version() for s in stores] == [SCHEMA_VERSION] * 4
        rows = await stores[0].pool.fetch("SELECT version FROM boardhost_schema")
        assert [r["version"] for r in rows] == [SCHEMA_VERSION]
    finally:
        for s in stores:
            await s.close()


def test_the_database_setting_picks_the_store():
    assert isinstance(make_store("./boardhost.db"), SqliteStore)
    assert make_store("./boardhost.db").path == "./boardhost.db"
    assert make_store("sqlite:///data/x.db").path == "data/x.db"
    assert make_store("sqlite:////srv/x.db").path == "/srv/x.db"
    store = make_store("postgresql://bot@db:5432/boardhost", schema="s1")
    assert isinstance(store, PostgresStore) and store.dsn == "postgresql://bot@db:5432/boardhost"
    assert store.schema == "s1"
    assert isinstance(make_store("postgres://db/x"), PostgresStore)
    store = make_store("postgresql://bot@db/boardhost?sslmode=disable&schema=shard_a")
    assert (store.dsn, store.schema) == ("postgresql://bot@db/boardhost?sslmode=disable", "shard_a")
    with pytest.raises(ValueError, match="neither"):
        sqlite_path("mysql://db/x")


async def test_unreachable_server_skips_with_one_line_but_fails_under_ci(monkeypatch):
    monkeypatch.setenv("BOARDHOST_TEST_PG", "postgresql://postgres@127.0.0.1:1/test")  # port 1: refused
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception) as skipped:
        await pg.require()
    line = str(skipped.value)
    assert line.startswith("PostgreSQL not reachable at postgresql://postgres@127.0.0.1:1/test (")
    assert "\n" not in line
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception) as failed:
        await pg.require()
    assert "CI=true" in str(failed.value)


async def test_stores_in_two_schemas_do_not_see_each_other(pg_schema):
    """What keeps parallel test runs apart on the one ``test`` database: a store in its own
    schema sees only its own games."""

    url, schema = pg_schema
    other = pg.new_schema_name()
    mine, theirs = PostgresStore(url, schema=schema), PostgresStore(url, schema=other)
    try:
        await mine.open()
        await theirs.open()
        await theirs.create_game("t", "high-low", {}, 1, A)
        assert await mine.live_game("t") is None
        assert (await theirs.live_game("t")).host == A
        assert await mine.pool.fetchval("SHOW search_path") == f'"{schema}"'
    finally:
        await mine.close()
        await theirs.close()
        await pg.drop_schema(url, other)


async def test_boardhost_run_refuses_a_newer_or_unreachable_database_before_login(backend, monkeypatch, capsys):
    """``boardhost run`` opens the database before logging in to Discord: a schema newer
    than the program, or a server that does not answer, is one sentence and exit 1."""

    import asyncio as aio

    from bot.cli import main
    from bot.runner import check_database

    store = backend.make()
    await store.open()
    await store.close()
    url = backend.url if backend.name == "sqlite" else f"{backend.url}?schema={backend.schema}"
    assert await check_database(url) is None
    if backend.name == "sqlite":
        await backend.sql(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    else:
        await backend.sql(f"UPDATE boardhost_schema SET version = {SCHEMA_VERSION + 1}")
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")  # never used: refused before login
    code = await aio.to_thread(main, ["run", "--db", url])
    err = capsys.readouterr().err.strip()
    assert code == 1
    assert err.endswith(
        f"has schema version {SCHEMA_VERSION + 1}, newer than this boardhost"
        f" (version {SCHEMA_VERSION}); upgrade boardhost before using it."
    )
    assert "\n" not in err
    if backend.name == "postgresql":
        refused = await check_database("postgresql://postgres@127.0.0.1:1/test")
        assert refused.startswith("Could not open the database test on 127.0.0.1:1 (")


async def test_a_seat_handed_over_by_another_process_is_seen_at_once(pg_schema):
    """Process 2 hands a seat to a substitute; process 1's next call (game row and seats read
    in one round trip) refuses the old holder and lets the substitute play."""

    async with _two_processes(pg_schema) as (one, two, caller):
        await two.substitute("t", A, "u9", caller)  # A opened the table: the host
        with pytest.raises(UserError) as err:
            await one.act("t", caller, "call high")
        assert str(err.value) == "You are not seated in this game."
        assert (await one.act("t", "u9", "call high")).version == 1
