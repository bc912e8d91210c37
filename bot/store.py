"""Storage of tables, games, seats, the action log and snapshots.

:class:`Store` is the interface the service layer uses (it and the row types live in
:mod:`bot.store_base`, with the logic both SQL stores share, and are re-exported here);
:class:`SqliteStore` implements it
with aiosqlite on ONE connection (WAL, ``synchronous=FULL``, ``foreign_keys=ON``, schema
version in ``PRAGMA user_version`` with forward migrations). :class:`bot.store_pg.PostgresStore`
implements the same interface on PostgreSQL (asyncpg) for several processes sharing one
database; :func:`bot.stores.make_store` picks one from a URL. A schema change is a new
migration in BOTH ``MIGRATIONS`` here and ``bot.store_pg.PG_MIGRATIONS``.

Schema (version 5; version 5 adds the asynchronous-play columns listed in MIGRATIONS)::

    games(pk, table_id, game_id, options JSON, seed, status, host, version, created, updated,
          posted)
        one live game (status lobby/active) per table: partial unique index;
        posted: the last version whose board reached the channel (-1: none yet), so a
        restarted bot can post what it committed but never showed (reconcile on boot)
    seats(game_pk → games, seat, user_id, joined, seat_order, is_ai, resigned, dm_ok)
    actions(game_pk → games, seq, seat, action JSON, created)     append-only log
    snapshots(game_pk → games, version, state JSON)               latest state of a game
    bot_meta(key, value)                                          process-wide settings
        (e.g. the hash of the last synced Discord command tree)

A move: :meth:`Store.commit` appends the actions with sequence numbers ``version+1…`` and
replaces the snapshot in ONE transaction, only if the game's stored version still equals
the expected one (else :class:`VersionConflict`, nothing written).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sqlite3
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import aiosqlite

from bot.store_base import (
    ActionRow,
    GameRow,
    Move,
    OutOfSpace,
    SchemaTooNew,
    SeatRow,
    SqlStore,
    Store,
    TableBusy,
    Tx,
    UnusableDatabase,
    VersionConflict,
    VoteRow,
)

__all__ = [
    "GameRow",
    "SeatRow",
    "ActionRow",
    "VoteRow",
    "Store",
    "SqliteStore",
    "VersionConflict",
    "TableBusy",
    "SchemaTooNew",
    "OutOfSpace",
    "UnusableDatabase",
    "APPLICATION_ID",
    "SCHEMA_VERSION",
    "check_sqlite_file",
]


def _is_full(exc: BaseException) -> bool:
    """Whether ``exc`` is SQLite's SQLITE_FULL ("database or disk is full")."""

    return isinstance(exc, aiosqlite.OperationalError) and (
        getattr(exc, "sqlite_errorcode", None) == 13 or "database or disk is full" in str(exc)
    )


def _as_out_of_space(exc: Exception) -> Exception:
    """``exc`` as :class:`OutOfSpace` when it is SQLITE_FULL (chained), else ``exc`` itself."""

    return OutOfSpace.of(exc) if _is_full(exc) else exc


# ----- SQLite ---------------------------------------------------------------------------

#: forward migrations; MIGRATIONS[i] brings user_version i to i+1
MIGRATIONS: list[str] = [
    # 0 → 1: the first schema
    """
    CREATE TABLE games (
        pk INTEGER PRIMARY KEY,
        table_id TEXT NOT NULL,
        game_id TEXT NOT NULL,
        options TEXT NOT NULL DEFAULT '{}',
        seed INTEGER NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'over', 'cancelled')),
        host TEXT NOT NULL,
        version INTEGER NOT NULL DEFAULT 0,
        created REAL NOT NULL,
        updated REAL NOT NULL
    );
    CREATE UNIQUE INDEX games_one_live ON games(table_id) WHERE status IN ('lobby', 'active');
    CREATE INDEX games_table ON games(table_id, pk);
    CREATE TABLE seats (
        game_pk INTEGER NOT NULL REFERENCES games(pk) ON DELETE CASCADE,
        seat TEXT NOT NULL,
        user_id TEXT,
        joined INTEGER NOT NULL,
        seat_order INTEGER,
        is_ai INTEGER NOT NULL DEFAULT 0,
        resigned INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (game_pk, seat)
    );
    CREATE TABLE actions (
        game_pk INTEGER NOT NULL REFERENCES games(pk) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        seat TEXT NOT NULL,
        action TEXT NOT NULL,
        created REAL NOT NULL,
        PRIMARY KEY (game_pk, seq)
    ) WITHOUT ROWID;
    CREATE TABLE snapshots (
        game_pk INTEGER PRIMARY KEY REFERENCES games(pk) ON DELETE CASCADE,
        version INTEGER NOT NULL,
        state TEXT NOT NULL
    );
    """,
    # 1 → 2: remember whether DMs to a seat's user work (Discord 50007 fallback)
    """
    ALTER TABLE seats ADD COLUMN dm_ok INTEGER NOT NULL DEFAULT 1;
    """,
    # 2 → 3: a key-value table for process-wide settings (the command-tree hash). Older
    # bots created the same table outside the migrations: IF NOT EXISTS adopts it, so the
    # stored hash survives the upgrade (no needless re-sync).
    """
    CREATE TABLE IF NOT EXISTS bot_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    """,
    # 3 → 4: the last version posted to the channel. Games started before this schema are
    # taken as posted (their bot posted synchronously), so upgrading floods no channel.
    """
    ALTER TABLE games ADD COLUMN posted INTEGER NOT NULL DEFAULT -1;
    UPDATE games SET posted = version WHERE status != 'lobby';
    """,
    # 4 → 5: asynchronous play over days (issue 12). Per-table settings (JSON), the clock of
    # the current turn and when the periodic loop must look at the table again (indexed, so
    # a tick reads only the due tables), the live status message; per seat the reminders
    # sent this turn and the vacation; per action who really played it (flag 'ai': the AI
    # for an absent player; 'undo': an undo marker), whether it was undone, and its
    # rendered text (describe sentence + public events) so history is constant-time per
    # move; per user quiet hours; open votes (undo, kick).
    """
    ALTER TABLE games ADD COLUMN settings TEXT NOT NULL DEFAULT '{}';
    ALTER TABLE games ADD COLUMN turn_started REAL;
    ALTER TABLE games ADD COLUMN next_due REAL;
    ALTER TABLE games ADD COLUMN status_message TEXT;
    CREATE INDEX games_due ON games(next_due) WHERE next_due IS NOT NULL;
    ALTER TABLE seats ADD COLUMN reminded INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE seats ADD COLUMN vacation_until REAL;
    ALTER TABLE seats ADD COLUMN vacation_used REAL NOT NULL DEFAULT 0;
    CREATE INDEX seats_user ON seats(user_id);
    ALTER TABLE actions ADD COLUMN flag TEXT;
    ALTER TABLE actions ADD COLUMN undone INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE actions ADD COLUMN text TEXT;
    CREATE TABLE user_prefs (
        user_id TEXT PRIMARY KEY,
        quiet_start INTEGER,
        quiet_end INTEGER,
        tz TEXT
    );
    CREATE TABLE votes (
        pk INTEGER PRIMARY KEY,
        game_pk INTEGER NOT NULL REFERENCES games(pk) ON DELETE CASCADE,
        kind TEXT NOT NULL,
        subject TEXT NOT NULL,
        version INTEGER NOT NULL,
        voters TEXT NOT NULL,
        yes TEXT NOT NULL DEFAULT '[]',
        status TEXT NOT NULL DEFAULT 'open',
        created REAL NOT NULL
    );
    CREATE INDEX votes_game ON votes(game_pk, status);
    ALTER TABLE games ADD COLUMN guild TEXT;
    CREATE INDEX games_guild ON games(guild, status);
    """,
]

SCHEMA_VERSION = len(MIGRATIONS)


async def _x(db: aiosqlite.Connection, sql: str, args: Sequence[Any] = ()) -> tuple[int, int | None]:
    """Execute one statement and close its cursor at once (an open cursor keeps a statement
    "in progress" and makes COMMIT fail); returns (rowcount, lastrowid)."""

    cur = await db.execute(sql, args)
    try:
        return cur.rowcount, cur.lastrowid
    finally:
        await cur.close()


async def _xmany(db: aiosqlite.Connection, sql: str, rows: Sequence[Sequence[Any]]) -> None:
    cur = await db.executemany(sql, rows)
    await cur.close()


class _SqliteTx(Tx):
    """:class:`bot.store_base.Tx` on the SQLite connection inside :meth:`SqliteStore._transaction`."""

    def __init__(self, db: aiosqlite.Connection):
        self.db = db

    async def one(self, sql: str, *args: Any) -> Any:
        async with self.db.execute(sql, args) as cur:
            return await cur.fetchone()

    async def all(self, sql: str, *args: Any) -> list[Any]:
        async with self.db.execute(sql, args) as cur:
            return list(await cur.fetchall())

    async def run(self, sql: str, *args: Any) -> int:
        return (await _x(self.db, sql, args))[0]

    async def many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        await _xmany(self.db, sql, rows)

    async def insert(self, sql: str, *args: Any) -> int:
        return (await _x(self.db, sql, args))[1]


#: ``PRAGMA application_id`` of a boardhost SQLite database (the bytes "bhst"); databases
#: made before it carried one (0) are recognised by their tables and stamped at open
APPLICATION_ID = 0x62687374

#: the first 16 bytes of every SQLite 3 database file
SQLITE_HEADER = b"SQLite format 3\x00"


def check_sqlite_file(path: str) -> None:
    """Refuse (:class:`UnusableDatabase`, one sentence) a database path that must not be
    opened, BEFORE SQLite touches it (issue 11.9): a 0-byte file (a boardhost database is
    never empty: its header is written when it is created, so 0 bytes means the games are
    gone, not "no database yet"), a file that is not SQLite, a path that is not a file, a
    missing file whose ``-wal`` log is still there (a new database would start beside the old
    log), a missing folder. A missing file in an existing folder passes: a new database."""

    if path == ":memory:" or path.startswith("file:"):
        return
    try:
        info = os.stat(path)
    except FileNotFoundError:
        wal = path + "-wal"
        if os.path.exists(wal) and os.path.getsize(wal) > 0:
            raise UnusableDatabase(
                f"The database file {path} is missing but its write-ahead log {wal} is still there; refusing to"
                f" start a new database beside it: restore {path} from a backup, or move {wal} away to start"
                " with no games."
            ) from None
        folder = os.path.dirname(os.path.abspath(path))
        if not os.path.isdir(folder):
            raise UnusableDatabase(
                f"The folder {folder} of the database {path} does not exist; create it (or fix BOARDHOST_DB)."
            ) from None
        return
    if not os.path.isfile(path):
        raise UnusableDatabase(f"The database path {path} is not a file; point BOARDHOST_DB at the database file.")
    if info.st_size == 0:
        raise UnusableDatabase(
            f"The database file {path} is empty (0 bytes), so every game in it is gone; refusing to start on it:"
            " restore it from a backup, or delete the empty file to start with no games."
        )
    try:
        with open(path, "rb") as f:
            head = f.read(len(SQLITE_HEADER))
    except PermissionError:
        raise UnusableDatabase(
            f"The database file {path} cannot be read (permission denied); give the bot's user read and write"
            " access to it and its folder."
        ) from None
    if head != SQLITE_HEADER:
        raise UnusableDatabase(
            f"The database file {path} is not a SQLite database ({info.st_size} bytes of something else);"
            " refusing to use it: restore the boardhost database from a backup or fix BOARDHOST_DB."
        )


def _sqlite_code(exc: BaseException) -> str | None:
    return getattr(exc, "sqlite_errorname", None)


class SqliteStore(SqlStore):
    """:class:`Store` on one aiosqlite connection to the file ``path``.

    :meth:`open` refuses (:class:`UnusableDatabase`, one sentence) a file it must not use,
    before writing anything: see :func:`check_sqlite_file`, then SQLite's ``PRAGMA
    quick_check`` (a damaged file), the application (another program's SQLite database),
    and a write (a read-only file, or a read-only folder where the ``-wal``/``-shm`` files
    cannot be made), so a bad file is refused at start-up, never at the first move.

    One connection for the whole process (keep it single; close it in :meth:`close`). Transactions on the shared connection never interleave (an internal
    asyncio lock); writes queued meanwhile are group-committed (see :meth:`_transaction`). Reads
    outside a transaction wait for it, so they never see uncommitted rows.
    """

    def __init__(self, path: str):
        self.path = path
        self._db: aiosqlite.Connection | None = None
        self._write: asyncio.Lock | None = None
        self._pending: list = []

    async def open(self) -> None:
        if self._db is not None:
            return
        self._write = asyncio.Lock()
        check_sqlite_file(self.path)
        try:
            self._db = await aiosqlite.connect(self.path, isolation_level=None)
        except sqlite3.Error as exc:
            raise self._unusable(exc) from exc
        try:
            try:
                await _x(self._db, "PRAGMA busy_timeout=5000")
                await self._check_contents()
                await _x(self._db, "PRAGMA journal_mode=WAL")
                await _x(self._db, "PRAGMA synchronous=FULL")
                await _x(self._db, "PRAGMA foreign_keys=ON")
                # a write, now: a read-only file or folder is refused at start-up, not at the
                # first move; it also stamps a database made before the application id
                await _x(self._db, "BEGIN IMMEDIATE")
                await _x(self._db, f"PRAGMA application_id = {APPLICATION_ID}")
                await _x(self._db, "COMMIT")
            except sqlite3.Error as exc:
                raise self._unusable(exc) from exc
            await self.migrate()
        except BaseException:
            await self.close()
            raise

    async def _check_contents(self) -> None:
        """SQLite's ``quick_check`` (every page readable and well formed: O(size of the file),
        without the index cross-checks of ``integrity_check``) and the application: a
        boardhost database (:data:`APPLICATION_ID`, or 0 with boardhost's ``games`` table from
        before the id existed) or a new, empty one. UnusableDatabase otherwise."""

        db = self._conn
        async with db.execute("PRAGMA quick_check") as cur:
            problems = [row[0] for row in await cur.fetchall()]
        if problems != ["ok"]:
            # rows like "*** in database main ***\nPage 3: btreeInitPage() returns error code 11"
            lines = [" ".join(p.replace("*** in database main ***", "").split()) for p in problems[:3]]
            raise UnusableDatabase(self._damaged("; ".join(lines)))
        tx = _SqliteTx(db)
        (app,) = await tx.one("PRAGMA application_id")
        (version,) = await tx.one("PRAGMA user_version")
        tables = {row[0] for row in await tx.all("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if app == APPLICATION_ID or (app == 0 and (("games" in tables and version >= 1) or not tables)):
            return
        raise UnusableDatabase(
            f"The database file {self.path} is a SQLite database of another program (no boardhost games in it);"
            " refusing to use it: point BOARDHOST_DB at the boardhost database."
        )

    def _damaged(self, detail: str) -> str:
        return (
            f"The database file {self.path} is damaged (SQLite: {detail}); refusing to use it: restore it from"
            f" a backup (keep the damaged copy: `sqlite3 {self.path} .recover` may save some games)."
        )

    def _unusable(self, exc: BaseException) -> UnusableDatabase:
        """The sentence for SQLite's error while opening and checking the file."""

        code = _sqlite_code(exc)
        if code in ("SQLITE_CORRUPT", "SQLITE_NOTADB") or (code or "").startswith("SQLITE_CORRUPT"):
            return UnusableDatabase(self._damaged(str(exc)))
        if (code or "").startswith(("SQLITE_READONLY", "SQLITE_CANTOPEN", "SQLITE_PERM", "SQLITE_AUTH")):
            folder = os.path.dirname(os.path.abspath(self.path))
            return UnusableDatabase(
                f"The database file {self.path} cannot be written ({exc}); give the bot's user write access to it"
                f" and to its folder {folder} (SQLite keeps its -wal and -shm files there)."
            )
        return UnusableDatabase(f"The database file {self.path} could not be opened ({exc}).")

    async def migrate(self, target: int = SCHEMA_VERSION) -> None:
        """Run the forward migrations from ``PRAGMA user_version`` up to ``target``, each in
        its own transaction together with the new user_version."""

        db = self._conn
        async with db.execute("PRAGMA user_version") as cur:
            (current,) = await cur.fetchone()
        if current > SCHEMA_VERSION:
            raise SchemaTooNew.of(self.path, current, SCHEMA_VERSION)
        for version in range(current, target):
            await _x(db, "BEGIN IMMEDIATE")
            try:
                for statement in MIGRATIONS[version].split(";"):
                    if statement.strip():
                        await _x(db, statement)
                await _x(db, f"PRAGMA user_version = {version + 1}")
                await _x(db, "COMMIT")
            except BaseException:
                await _x(db, "ROLLBACK")
                raise

    @property
    def _conn(self) -> aiosqlite.Connection:
        if self._db is None:
            raise RuntimeError("store is not open")
        return self._db

    async def close(self) -> None:
        """Close the connection (idempotent) once the transaction in flight, if any, has
        finished (waiting at most 10 s); closing checkpoints the WAL into the database file
        and removes the ``-wal`` file (a clean shutdown, issue 11.11)."""

        if self._db is None:
            return
        lock, held = self._write, False
        if lock is not None:
            try:
                await asyncio.wait_for(lock.acquire(), 10.0)
                held = True
            except TimeoutError:
                pass
        try:
            if self._db is not None:
                db, self._db = self._db, None
                await db.close()
        finally:
            if held:
                lock.release()

    async def _read1(self, sql: str, *args: Any) -> Any:
        """A read outside a transaction: waits for any open transaction on the shared
        connection to finish, so it never sees uncommitted rows."""

        async with self._write:
            return await _SqliteTx(self._conn).one(sql, *args)

    async def _read(self, sql: str, *args: Any) -> list[Any]:
        async with self._write:
            return await _SqliteTx(self._conn).all(sql, *args)

    async def _transaction(self, work: Callable[[Tx], Awaitable[Any]], guarded: bool = False) -> Any:
        """Run ``await work(tx)`` in a transaction and return its result; an exception
        raised by ``work`` rolls back ``work``'s writes and is re-raised here.

        Group commit: writes that queue up while a transaction is in flight are run
        together in ONE transaction (BEGIN IMMEDIATE … COMMIT, each ``work`` inside its
        own SAVEPOINT so a refused one — e.g. :class:`VersionConflict` — undoes only its
        own writes). Nobody's call returns before the COMMIT that made their writes
        durable (``synchronous=FULL``); under load many moves then share one fsync.
        ``guarded``: ``work`` raises only :class:`VersionConflict` and only before its
        first write, so it needs no savepoint (any other error aborts the whole batch).
        """

        loop = asyncio.get_running_loop()
        fut: asyncio.Future = loop.create_future()
        self._pending.append((work, fut, guarded))
        async with self._write:
            if not fut.done():
                batch, self._pending = self._pending, []
                # shielded: the batch carries other callers' writes, finish it even if
                # this caller is cancelled
                await asyncio.shield(self._run_batch(batch))
        out, seconds = await fut
        self.last_tx_seconds = seconds
        return out

    async def _rollback(self, db: aiosqlite.Connection, to_savepoint: bool = False) -> None:
        """Undo the open transaction (or, ``to_savepoint``, the current work's savepoint),
        only if SQLite has not already rolled it back itself: it does so on SQLITE_FULL and
        some I/O errors, and a ROLLBACK then fails with "no transaction is active", hiding
        the real error (issue 11.10)."""

        if not db.in_transaction:
            return
        if to_savepoint:
            await _x(db, "ROLLBACK TO w")
            await _x(db, "RELEASE w")
        else:
            await _x(db, "ROLLBACK")

    async def _run_batch(self, batch: list) -> None:
        db = self._conn
        tx = _SqliteTx(db)
        self.transactions += 1
        t0 = time.perf_counter()
        done: list[tuple[asyncio.Future, Any, BaseException | None]] = []
        try:
            await _x(db, "BEGIN IMMEDIATE")
            if len(batch) == 1:  # alone: a failure rolls back the whole transaction
                work, fut, _ = batch[0]
                try:
                    out = await work(tx)
                except Exception as exc:
                    try:
                        await self._rollback(db)
                    finally:
                        fut.set_exception(_as_out_of_space(exc))
                    return
                done.append((fut, out, None))
            else:
                for work, fut, guarded in batch:
                    if guarded:  # refused before writing anything: nothing to undo
                        try:
                            done.append((fut, await work(tx), None))
                        except VersionConflict as exc:
                            done.append((fut, None, exc))
                        continue
                    await _x(db, "SAVEPOINT w")
                    try:
                        out = await work(tx)
                    except Exception as exc:  # this work only: undo its writes
                        if not db.in_transaction:  # SQLite rolled back the whole batch itself
                            raise
                        await self._rollback(db, to_savepoint=True)
                        done.append((fut, None, exc))
                    else:
                        await _x(db, "RELEASE w")
                        done.append((fut, out, None))
            await _x(db, "COMMIT")
        except BaseException as exc:
            with contextlib.suppress(Exception):
                await self._rollback(db)
            failure = _as_out_of_space(exc) if isinstance(exc, Exception) else RuntimeError("transaction aborted")
            for _, fut, _ in batch:
                if not fut.done():
                    fut.set_exception(failure)
            if not isinstance(exc, Exception):
                raise
            return
        seconds = time.perf_counter() - t0
        for fut, out, exc in done:
            if fut.done():
                continue
            if exc is not None:
                fut.set_exception(_as_out_of_space(exc))
            else:
                fut.set_result((out, seconds))

    async def _commit_move(self, move: Move) -> int:
        """A few statements in one (group-committed) transaction."""

        async def work(tx: Tx) -> int:
            await self._guard(tx, move.game_pk, move.expected_version, move.new_version, move.status, move.now)
            await tx.many(
                "INSERT INTO actions (game_pk, seq, seat, action, created, flag, text) VALUES (?, ?, ?, ?, ?, ?, ?)",
                [(move.game_pk, seq, seat, action, move.now, flag, text) for seq, seat, action, flag, text in move.log],
            )
            if move.clock is not None:
                started, due = move.clock
                if not await tx.run(
                    "UPDATE games SET next_due = ?, turn_started = ? WHERE pk = ? AND turn_started IS ?",
                    due,
                    started,
                    move.game_pk,
                    started,
                ):
                    # a new turn: the clock restarts and reminders count from 0
                    await tx.run(
                        "UPDATE games SET next_due = ?, turn_started = ? WHERE pk = ?", due, started, move.game_pk
                    )
                    await tx.run("UPDATE seats SET reminded = 0 WHERE game_pk = ?", move.game_pk)
            await tx.run(self._PUT_SNAPSHOT, move.game_pk, move.new_version, move.snapshot)
            if move.resigned is not None:
                await tx.run(
                    "UPDATE seats SET resigned = TRUE WHERE game_pk = ? AND seat = ?", move.game_pk, move.resigned
                )
            return move.new_version

        return await self._transaction(work, guarded=True)
