"""``boardhost migrate --from sqlite:///boardhost.db --to postgresql://…`` (picked up by
:mod:`bot.cli`): copy every game from a SQLite file into PostgreSQL, check the copy, and be
safe to run again.

What is copied: every row of every table of the store's schema — games (with their pk,
so nothing that refers to a game changes), seats, the action log, snapshots and the
process-wide settings (``bot_meta``), and any table a later schema adds to both backends
(tables are read from the schema, not listed here). The source is never written: it is
read through a copy made with SQLite's backup API (consistent even while a bot runs on
it), and that copy is brought to the current schema first if it is older.

Idempotent, game by game, in ONE PostgreSQL transaction (all or nothing):

* a game not in the target is inserted;
* a game already there (same pk, table, game, seed and creation time) is replaced by the
  source's rows, unless the target has moved past the source (a bot already played on
  PostgreSQL): then the target's game is kept and reported;
* a different game under the same pk refuses the whole migration (one sentence; the
  target was filled from somewhere else).

Then it verifies: per table, the rows of the copied games in the target equal the
source's in number, and every live (active) game's log replays to its stored snapshot.
Exit status 0 when all is well, 1 when a check fails, 2 for a bad command line.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import sqlite3
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

__all__ = ["register", "migrate", "MigrationError", "Report"]


class MigrationError(Exception):
    """The migration cannot be done as asked; the message is one sentence for the admin."""


@dataclass
class Report:
    """What :func:`migrate` did: game counts, per-table row counts (source, target) over
    the copied games, the games kept because the target was newer, replay results."""

    copied: int = 0
    unchanged: int = 0
    kept_newer: list[int] = field(default_factory=list)
    counts: dict[str, tuple[int, int]] = field(default_factory=dict)
    replayed: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems


def register(subparsers: argparse._SubParsersAction) -> None:
    cmd = subparsers.add_parser(
        "migrate",
        help="copy every game from a SQLite file to PostgreSQL (safe to run again)",
        description="Copy every game (log, snapshots, seats, settings) from a SQLite file into a PostgreSQL "
        "database, verify row counts and replay each live game. Stop the bot first, or run it "
        "again after the bot stopped: a second run copies only what changed.",
    )
    cmd.add_argument(
        "--from", dest="source", required=True, metavar="URL", help="the SQLite file: sqlite:///boardhost.db or a path"
    )
    cmd.add_argument(
        "--to",
        dest="target",
        required=True,
        metavar="URL",
        help="the PostgreSQL database: postgresql://user@host:5432/dbname[?schema=NAME]",
    )
    cmd.set_defaults(func=cmd_migrate)


def cmd_migrate(args: argparse.Namespace) -> int:
    try:
        report = asyncio.run(migrate(args.source, args.target, say=print))
    except MigrationError as exc:
        print(exc, file=sys.stderr)
        return 2
    return 0 if report.ok else 1


# ----- reading the source --------------------------------------------------------------
def _source_copy(path: str, workdir: str) -> str:
    """A consistent copy of the SQLite file ``path`` (backup API) in ``workdir``."""

    from bot.store import UnusableDatabase, check_sqlite_file

    if not os.path.exists(path):
        raise MigrationError(f"There is no SQLite database at {path}; give the file the bot uses (--from).")
    try:
        check_sqlite_file(path)  # empty, not SQLite, not a file
    except UnusableDatabase as exc:
        raise MigrationError(str(exc)) from None
    copy = os.path.join(workdir, "source.db")
    src = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        dst = sqlite3.connect(copy)
        try:
            src.backup(dst)
        except sqlite3.DatabaseError as exc:
            raise MigrationError(f"{path} is not a readable SQLite database ({exc}).") from None
        finally:
            dst.close()
    finally:
        src.close()
    return copy


def _tables(con: sqlite3.Connection) -> dict[str, list[tuple[str, bool]]]:
    """``{table: [(column, is_primary_key), …]}`` of the store's tables in the SQLite file."""

    out = {}
    for (name,) in con.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"):
        out[name] = [(r[1], r[5] > 0) for r in con.execute(f'PRAGMA table_info("{name}")')]
    return out


def _convert(value: Any, pg_type: str) -> Any:
    if value is None:
        return None
    if pg_type == "boolean":
        return bool(value)
    if pg_type in ("integer", "bigint", "smallint"):
        return int(value)
    if pg_type in ("double precision", "real", "numeric"):
        return float(value)
    return value


def _n(count: int, noun: str) -> str:
    return f"{count} {noun}" + ("" if count == 1 else "s")


# ----- the migration ---------------------------------------------------------------------
async def migrate(source: str, target: str, *, say: Callable[[str], None] = lambda line: None) -> Report:
    """Copy ``source`` (SQLite URL or path) into ``target`` (``postgresql://…``) as the
    module docstring says; ``say`` receives the progress lines. MigrationError (one
    sentence) when it cannot be done; the returned :class:`Report` lists any failed check."""

    from bot.store import SqliteStore, UnusableDatabase
    from bot.store.postgres import PostgresStore
    from bot.stores import check_postgres_url, is_postgres, sqlite_path

    if is_postgres(source):
        raise MigrationError(
            "--from must be the SQLite file (sqlite:///boardhost.db); copying from PostgreSQL is not supported."
        )
    if not is_postgres(target):
        raise MigrationError("--to must be a PostgreSQL URL (postgresql://user@host:5432/dbname).")
    try:
        check_postgres_url(target)
    except ValueError as exc:
        raise MigrationError(f"--to: {exc}.") from None
    try:
        path = sqlite_path(source)
    except ValueError as exc:
        raise MigrationError(str(exc)) from None

    workdir = tempfile.mkdtemp(prefix="boardhost-migrate-")
    try:
        copy = _source_copy(path, workdir)
        lite = SqliteStore(copy)
        try:
            await lite.open()  # brings the copy to the current schema (SchemaTooNew if newer)
        except UnusableDatabase as exc:  # damaged, another program's, newer: said of the source file
            raise MigrationError(str(exc).replace(copy, path)) from None
        await lite.close()
        con = sqlite3.connect(copy)
        try:
            return await _copy(con, PostgresStore(target), path, say)
        finally:
            con.close()
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


async def _copy(lite: sqlite3.Connection, store, path: str, say) -> Report:
    import asyncpg

    from bot.store import SchemaTooNew

    try:
        await store.open()
    except SchemaTooNew as exc:
        raise MigrationError(str(exc)) from None
    except (OSError, asyncpg.PostgresError) as exc:
        raise MigrationError(f"Could not open the PostgreSQL database {store._where()}: {exc}") from None
    report = Report()
    try:
        tables = _tables(lite)
        async with store.pool.acquire() as pg:
            pg_types = {}
            for r in await pg.fetch(
                "SELECT table_name, column_name, data_type FROM information_schema.columns"
                " WHERE table_schema = current_schema()"
            ):
                pg_types.setdefault(r["table_name"], {})[r["column_name"]] = r["data_type"]
            missing = [t for t in tables if t not in pg_types or {c for c, _ in tables[t]} != set(pg_types[t])]
            if missing:
                raise MigrationError(
                    f"The PostgreSQL schema differs from the SQLite one for table {missing[0]};"
                    " both databases must come from the same boardhost version."
                )
            children = [t for t in tables if t != "games" and any(c == "game_pk" for c, _ in tables[t])]
            others = [t for t in tables if t != "games" and t not in children]

            async with pg.transaction():
                # one long copy, run by an admin: not cut short by the bot's statement timeouts
                await pg.execute("SET LOCAL statement_timeout = 0; SET LOCAL lock_timeout = 0")
                copied = await _copy_games(lite, pg, tables, pg_types, children, report, say)
                for t in others:
                    cols = [c for c, _ in tables[t]]
                    keys = [c for c, pk in tables[t] if pk]
                    rows = lite.execute(f'SELECT {", ".join(cols)} FROM "{t}"').fetchall()
                    await _upsert(pg, t, cols, keys, rows, pg_types[t])
                # the next new game (and vote) gets a pk above every copied one
                for t in ("games", "votes"):
                    await pg.execute(
                        f"SELECT setval(pg_get_serial_sequence('{t}', 'pk'),"
                        f" COALESCE((SELECT MAX(pk) FROM {t}), 0) + 1, false)"
                    )
            await _verify_counts(lite, pg, tables, children, others, copied, report)
        await _verify_replays(store, copied, report)
    finally:
        await store.close()

    kept = ", ".join(map(str, report.kept_newer))
    say(
        f"Copied {path} to PostgreSQL {store._where()}: {_n(report.copied, 'game')} copied,"
        f" {report.unchanged} already up to date"
        + (f", {_n(len(report.kept_newer), 'game')} kept because PostgreSQL had moved on (pk {kept})." if kept else ".")
    )
    say("Rows of those games, SQLite = PostgreSQL:")
    for t, (n_src, n_dst) in report.counts.items():
        say(f"  {t}: {n_src} = {n_dst}" if n_src == n_dst else f"  {t}: {n_src} != {n_dst}  <-- DIFFERENT")
    say(f"Replayed {_n(report.replayed, 'live game')} from the log: the same state as the stored snapshot.")
    for problem in report.problems:
        say(f"PROBLEM: {problem}")
    say(
        "Migration complete."
        if report.ok
        else "Migration FAILED its checks (see PROBLEM lines); the data is copied, fix the cause and run it again."
    )
    return report


async def _copy_games(lite, pg, tables, pg_types, children, report: Report, say) -> list[int]:
    """Insert or replace each source game and its child rows; returns the pks now equal in
    both databases (the games kept because the target is newer are left out)."""

    cols = [c for c, _ in tables["games"]]
    copied: list[int] = []
    for row in lite.execute(f"SELECT {', '.join(cols)} FROM games ORDER BY pk").fetchall():
        game = dict(zip(cols, row))
        pk = game["pk"]
        there = await pg.fetchrow(
            "SELECT table_id, game_id, seed, created, version, status FROM games WHERE pk = $1", pk
        )
        if there is not None:
            same = (there["table_id"], there["game_id"], there["seed"], there["created"]) == (
                game["table_id"],
                game["game_id"],
                game["seed"],
                float(game["created"]),
            )
            if not same:
                raise MigrationError(
                    f"Game {pk} in PostgreSQL is a different game (table {there['table_id']}, {there['game_id']})"
                    f" than in the SQLite file (table {game['table_id']}, {game['game_id']}); migrate into an"
                    " empty database."
                )
            if there["version"] > game["version"] or (
                there["version"] == game["version"]
                and there["status"] != game["status"]
                and game["status"] in ("lobby", "active")
            ):
                report.kept_newer.append(pk)
                continue
            if await _same_game_rows(lite, pg, pk, children, tables, pg_types, game, cols):
                report.unchanged += 1
                copied.append(pk)
                continue
            # replace: the children go with the game row (ON DELETE CASCADE)
            await pg.execute("DELETE FROM games WHERE pk = $1", pk)
        await _upsert(pg, "games", cols, ["pk"], [row], pg_types["games"])
        for t in children:
            ccols = [c for c, _ in tables[t]]
            keys = [c for c, k in tables[t] if k]
            rows = lite.execute(f'SELECT {", ".join(ccols)} FROM "{t}" WHERE game_pk = ?', (pk,)).fetchall()
            await _upsert(pg, t, ccols, keys, rows, pg_types[t])
        report.copied += 1
        copied.append(pk)
    return copied


async def _same_game_rows(lite, pg, pk, children, tables, pg_types, game, cols) -> bool:
    """Whether the target already holds exactly the source's rows of game ``pk``."""

    theirs = await pg.fetchrow(f"SELECT {', '.join(cols)} FROM games WHERE pk = $1", pk)
    if [_convert(game[c], pg_types["games"][c]) for c in cols] != list(theirs):
        return False
    for t in children:
        ccols = [c for c, _ in tables[t]]
        mine = sorted(
            [
                tuple(_convert(v, pg_types[t][c]) for c, v in zip(ccols, r))
                for r in lite.execute(f'SELECT {", ".join(ccols)} FROM "{t}" WHERE game_pk = ?', (pk,))
            ],
            key=repr,
        )
        there = sorted(
            [tuple(r) for r in await pg.fetch(f'SELECT {", ".join(ccols)} FROM "{t}" WHERE game_pk = $1', pk)], key=repr
        )
        if mine != there:
            return False
    return True


async def _upsert(pg, table: str, cols: list[str], keys: list[str], rows: list[tuple], types: dict) -> None:
    if not rows:
        return
    placeholders = ", ".join(f"${i + 1}" for i in range(len(cols)))
    sql = f'INSERT INTO "{table}" ({", ".join(cols)}) VALUES ({placeholders})'
    rest = [c for c in cols if c not in keys]
    if keys:
        action = f"DO UPDATE SET {', '.join(f'{c} = excluded.{c}' for c in rest)}" if rest else "DO NOTHING"
        sql += f" ON CONFLICT ({', '.join(keys)}) {action}"
    await pg.executemany(sql, [[_convert(v, types[c]) for c, v in zip(cols, r)] for r in rows])


async def _verify_counts(lite, pg, tables, children, others, copied, report: Report) -> None:
    """Rows of the copied games (and of the other tables) counted on both sides."""

    placeholders = ",".join("?" * len(copied)) or "NULL"
    report.counts["games"] = (
        lite.execute(f"SELECT count(*) FROM games WHERE pk IN ({placeholders})", copied).fetchone()[0],
        await pg.fetchval("SELECT count(*) FROM games WHERE pk = ANY($1::bigint[])", copied),
    )
    for t in children:
        report.counts[t] = (
            lite.execute(f'SELECT count(*) FROM "{t}" WHERE game_pk IN ({placeholders})', copied).fetchone()[0],
            await pg.fetchval(f'SELECT count(*) FROM "{t}" WHERE game_pk = ANY($1::bigint[])', copied),
        )
    for t in others:
        keys = [c for c, k in tables[t] if k] or [c for c, _ in tables[t]]
        src = lite.execute(f'SELECT {", ".join(keys)} FROM "{t}"').fetchall()
        found = 0
        for key in src:
            where = " AND ".join(f"{c} = ${i + 1}" for i, c in enumerate(keys))
            found += await pg.fetchval(f'SELECT count(*) FROM "{t}" WHERE {where}', *key)
        report.counts[t] = (len(src), found)
    for t, (a, b) in report.counts.items():
        if a != b:
            report.problems.append(f"table {t}: {a} rows in the SQLite file but {b} in PostgreSQL")


async def _verify_replays(store, copied: list[int], report: Report) -> None:
    """Every copied active game: setup + the whole log = the stored snapshot."""

    from engines import registry

    for pk in copied:
        game = await store.get_game(pk)
        if game is None or game.status != "active":
            continue
        try:
            engine = registry.get(game.game_id)
        except KeyError:
            report.problems.append(f"game {pk} ({game.game_id}): this boardhost does not know that game")
            continue
        seats = await store.seats(pk)
        order = [s.seat for s in seats]
        rows = await store.actions(pk)

        def replay(engine=engine, order=order, game=game, rows=rows):
            state = engine.setup(order, game.options, game.seed)
            for r in rows:
                state = engine.apply(state, r.seat, engine.action_from_json(r.action)).state
            return state

        try:
            state = await asyncio.to_thread(replay)
        except Exception as exc:  # a log that no longer replays is exactly what we look for
            report.problems.append(f"game {pk} at table {game.table_id}: its log does not replay ({exc})")
            continue
        snap = await store.snapshot(pk)
        want = json.loads(json.dumps(engine.state_to_json(state)))
        if [r.seq for r in rows] != list(range(1, game.version + 1)):
            report.problems.append(f"game {pk} at table {game.table_id}: the log is not 1..{game.version}")
        elif snap is None or snap[0] != game.version or json.loads(snap[1]) != want:
            report.problems.append(f"game {pk} at table {game.table_id}: the snapshot differs from a replay of the log")
        else:
            report.replayed += 1
