"""``boardhost migrate --from sqlite:///… --to postgresql://…``: every game
copied (log, snapshots, seats, settings), counts verified, live games replayed, idempotent."""

from __future__ import annotations

import asyncio
import os
import sqlite3

import pytest

from bot.cli import main
from bot.migrate import MigrationError, migrate
from bot.service import Service
from bot.store import SqliteStore
from bot.store.postgres import PostgresStore

A, B, C = "111", "222", "333"


pytestmark = pytest.mark.usefixtures("high_low")  # tests/conftest.py: the test-only game


@pytest.fixture
def target(pg_schema) -> str:
    """The PostgreSQL URL of an empty schema of this test's own."""

    url, schema = pg_schema
    return f"{url}?schema={schema}"


async def _play(service: Service, table: str, n: int) -> None:
    for _ in range(n):
        board = await service.board(table)
        user = board.to_act[0]
        notation, _ = (await service.legal_moves(table, user))[0]
        await service.act(table, user, notation)


async def _source(path: str) -> dict:
    """A SQLite file with one game of each kind: active with moves (a resigned player and a
    player whose DMs failed, the mark of its turn's channel line), over, a lobby, cancelled;
    plus a stored setting."""

    service = Service(SqliteStore(path), seed_source=iter(range(100, 200)).__next__)
    await service.store.open()
    try:
        await service.new_game("active", A, "high-low", {"rounds": 3})
        await service.join("active", B)
        await service.join("active", C)
        await service.start("active", A)
        await _play(service, "active", 4)
        await service.set_dm_ok("active", B, False)
        active = (await service.store.live_game("active")).pk
        await service.set_post_mark(active, "line", {"message": "1", "turn": [A], "events": ["A calls high."]})
        await service.new_game("over", A, "high-low", {"rounds": 1})
        await service.join("over", B)
        await service.start("over", A)
        await _play(service, "over", 3)  # 1 call + 2 plays: game over
        await service.new_game("lobby", C, "high-low")
        await service.join("lobby", A)
        await service.new_game("gone", A, "high-low")
        await service.cancel("gone", A)
        await service.store.set_meta("command_tree_hash", "abc123")
        return {t: await service.board(t) for t in ("active", "over", "lobby", "gone")}
    finally:
        await service.close()


async def _cli(argv: list[str]) -> int:
    """``boardhost …`` as the shell runs it (its own event loop, so in a thread here)."""

    return await asyncio.to_thread(main, argv)


async def _pg_service(url: str) -> Service:
    store = PostgresStore(url)
    await store.open()
    return Service(store)


async def _dump(url: str) -> dict:
    store = PostgresStore(url)
    await store.open()
    try:
        return {
            t: sorted(map(tuple, await store.pool.fetch(f"SELECT * FROM {t}")), key=repr)
            for t in ("games", "seats", "actions", "snapshots", "bot_meta")
        }
    finally:
        await store.close()


async def test_every_game_is_copied_checked_and_plays_on(tmp_path, target):
    path = str(tmp_path / "boardhost.db")
    before = await _source(path)
    lines: list[str] = []
    report = await migrate(f"sqlite:///{path}", target, say=lines.append)
    assert report.ok, lines
    assert (report.copied, report.unchanged, report.kept_newer) == (4, 0, [])
    # worked out from _source: seats 3 + 2 + 2 + 1; actions 4 + 3; snapshots of the 2
    # started games; one setting; the active game's line mark
    assert report.counts == {
        "games": (4, 4),
        "seats": (8, 8),
        "actions": (7, 7),
        "snapshots": (2, 2),
        "bot_meta": (1, 1),
        "user_prefs": (0, 0),
        "votes": (0, 0),
        "post_marks": (1, 1),
    }
    assert report.replayed == 1  # the one active game
    assert lines[-1] == "Migration complete."

    service = await _pg_service(target)
    try:
        for table, board in before.items():
            after = await service.board(table)
            assert (after.game_pk, after.version, after.status, after.view, after.to_act) == (
                board.game_pk,
                board.version,
                board.status,
                board.view,
                board.to_act,
            ), table
        info = await service.table_info("active")
        assert {s.seat: s.dm_ok for s in info.seats} == {A: True, B: False, C: True}
        assert await service.store.get_meta("command_tree_hash") == "abc123"
        assert [r.seq for r in await service.store.actions(before["active"].game_pk)] == [1, 2, 3, 4]
        # the game goes on in PostgreSQL, and a new game gets a fresh pk
        await _play(service, "active", 1)
        assert (await service.board("active")).version == 5
        await service.new_game("fresh", A, "high-low")
        assert (await service.board("fresh")).game_pk == 5
    finally:
        await service.close()


async def test_running_it_again_is_idempotent_and_takes_new_moves(tmp_path, target):
    path = str(tmp_path / "boardhost.db")
    await _source(path)
    assert (await migrate(path, target)).ok
    first = await _dump(target)
    again = await migrate(path, target)
    assert again.ok and (again.copied, again.unchanged) == (0, 4)
    assert await _dump(target) == first

    # the SQLite bot played on (2 more moves) before it was stopped: only that game is copied
    service = await Service.open(path)
    await _play(service, "active", 2)
    await service.close()
    third = await migrate(path, target)
    assert third.ok and (third.copied, third.unchanged) == (1, 3)
    assert third.counts["actions"] == (9, 9)
    check = await _pg_service(target)
    try:
        assert (await check.board("active")).version == 6
        # now the PostgreSQL bot plays on: a later run keeps its newer game, not the file's
        await _play(check, "active", 1)
        pk = (await check.board("active")).game_pk
    finally:
        await check.close()
    fourth = await migrate(path, target)
    assert fourth.ok and fourth.kept_newer == [pk]
    check = await _pg_service(target)
    try:
        assert (await check.board("active")).version == 7
    finally:
        await check.close()


async def test_a_different_game_under_the_same_number_stops_the_migration(tmp_path, target):
    path = str(tmp_path / "boardhost.db")
    await _source(path)
    other = await _pg_service(target)
    try:
        await other.new_game("elsewhere", C, "high-low")  # pk 1 in PostgreSQL: another game
    finally:
        await other.close()
    before = await _dump(target)
    with pytest.raises(MigrationError) as err:
        await migrate(path, target)
    assert str(err.value) == (
        "Game 1 in PostgreSQL is a different game (table elsewhere, high-low) than in the SQLite"
        " file (table active, high-low); migrate into an empty database."
    )
    assert await _dump(target) == before  # all or nothing


async def test_a_snapshot_that_is_not_the_replay_of_its_log_is_reported(tmp_path, target, capsys):
    path = str(tmp_path / "boardhost.db")
    boards = await _source(path)
    con = sqlite3.connect(path)
    con.execute(
        "UPDATE snapshots SET state = replace(state, '\"round\":', '\"round\":9') WHERE game_pk = ?",
        (boards["active"].game_pk,),
    )
    con.commit()
    con.close()
    assert await _cli(["migrate", "--from", f"sqlite:///{path}", "--to", target]) == 1
    out = capsys.readouterr().out
    assert (
        f"PROBLEM: game {boards['active'].game_pk} at table active: the snapshot differs from a replay of the log"
    ) in out
    assert out.rstrip().endswith("fix the cause and run it again.")


async def test_command_line(tmp_path, target, capsys):
    path = str(tmp_path / "boardhost.db")
    await _source(path)
    assert await _cli(["migrate", "--from", f"sqlite:///{path}", "--to", target]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[1:] == [
        "Rows of those games, SQLite = PostgreSQL:",
        "  games: 4 = 4",
        "  seats: 8 = 8",
        "  actions: 7 = 7",
        "  snapshots: 2 = 2",
        "  votes: 0 = 0",
        "  post_marks: 1 = 1",
        "  bot_meta: 1 = 1",
        "  user_prefs: 0 = 0",
        "Replayed 1 live game from the log: the same state as the stored snapshot.",
        "Migration complete.",
    ]
    assert (
        out.startswith(f"Copied {path} to PostgreSQL test on 127.0.0.1:5432, schema bh_")
        or "BOARDHOST_TEST_PG" in os.environ
    )
    assert out.splitlines()[0].endswith(": 4 games copied, 0 already up to date.")
    assert await _cli(["migrate", "--from", str(tmp_path / "missing.db"), "--to", target]) == 2
    assert capsys.readouterr().err.strip() == (
        f"There is no SQLite database at {tmp_path / 'missing.db'}; give the file the bot uses (--from)."
    )
    assert await _cli(["migrate", "--from", path, "--to", str(tmp_path / "x.db")]) == 2
    assert "--to must be a PostgreSQL URL" in capsys.readouterr().err
