"""The SQLite store: :class:`SqliteStore`, the :class:`bot.store.Store` interface with
aiosqlite on ONE connection (WAL, ``synchronous=FULL``, ``foreign_keys=ON``, schema version
in ``PRAGMA user_version`` with the forward migrations of :mod:`bot.store.sqlite_schema`),
for one bot process. Writes queued while a transaction is in flight are group-committed.
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

from bot.store.errors import SchemaTooNew, UnusableDatabase, VersionConflict
from bot.store.rows import Move
from bot.store.sql import SqlStore
from bot.store.sql_base import Tx
from bot.store.sqlite_limits import open_refusal, write_refusal
from bot.store.sqlite_schema import APPLICATION_ID, MIGRATIONS, SCHEMA_VERSION, check_sqlite_file

__all__ = ["SqliteStore"]


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
    """:class:`bot.store.sql_base.Tx` on the SQLite connection inside :meth:`SqliteStore._transaction`."""

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

    The ``-wal`` file stays bounded even while another program keeps a read open on the
    database (a backup, an admin's ``sqlite3`` shell): SQLite cannot fold the log back past
    an open reader, so the log grows meanwhile; every :attr:`CHECKPOINT_EVERY` transactions
    the store folds it back and truncates it (``wal_checkpoint(TRUNCATE)``, without waiting
    for readers: a checkpoint a reader blocks is tried again next time), and
    ``journal_size_limit`` (:attr:`WAL_LIMIT`) caps the file each time SQLite starts the log
    over, so the file shrinks back once the reader is gone.
    """

    #: transactions between two checkpoints that truncate the ``-wal`` file
    CHECKPOINT_EVERY = 200
    #: bytes the ``-wal`` file is cut back to when SQLite starts the log over (``PRAGMA
    #: journal_size_limit``)
    WAL_LIMIT = 4 * 1024 * 1024

    def __init__(self, path: str):
        self.path = path
        self._db: aiosqlite.Connection | None = None
        self._write: asyncio.Lock | None = None
        self._pending: list = []
        #: transactions since the last checkpoint
        self._since_checkpoint = 0

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
                await _x(self._db, f"PRAGMA journal_size_limit={self.WAL_LIMIT}")
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

        over = open_refusal(exc, self.path)
        if over is not None:  # a full disk, a file-size limit or a quota
            return UnusableDatabase(over)
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
        if current >= target:
            return
        # foreign keys off while migrating: a migration that rebuilds a table (to change a
        # CHECK) drops the old one, which would otherwise delete its children by cascade; the
        # references are checked before each commit
        await _x(db, "PRAGMA foreign_keys=OFF")
        try:
            for version in range(current, target):
                await _x(db, "BEGIN IMMEDIATE")
                try:
                    for statement in MIGRATIONS[version].split(";"):
                        if statement.strip():
                            await _x(db, statement)
                    async with db.execute("PRAGMA foreign_key_check") as cur:
                        broken = await cur.fetchall()
                    if broken:
                        raise UnusableDatabase(
                            f"Upgrading the database {self.path} to schema {version + 1} would leave rows"
                            f" without their game ({len(broken)} found); nothing was changed."
                        )
                    await _x(db, f"PRAGMA user_version = {version + 1}")
                    await _x(db, "COMMIT")
                except BaseException:
                    await _x(db, "ROLLBACK")
                    raise
        finally:
            await _x(db, "PRAGMA foreign_keys=ON")

    @property
    def _conn(self) -> aiosqlite.Connection:
        if self._db is None:
            raise RuntimeError("store is not open")
        return self._db

    async def close(self) -> None:
        """Close the connection (idempotent) once the transaction in flight, if any, has
        finished (waiting at most 10 s); closing checkpoints the WAL into the database file
        and removes the ``-wal`` file (a clean shutdown)."""

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

    def _refusal(self, exc: Exception) -> Exception:
        """``exc`` as :class:`bot.store.OverLimit` (a file-size limit or quota) or
        :class:`bot.store.OutOfSpace` (a full disk), chained, when it is SQLite refusing a
        write for that reason; else ``exc`` itself (:func:`bot.store.sqlite_limits.write_refusal`)."""

        return write_refusal(exc, self.path)

    async def _rollback(self, db: aiosqlite.Connection, to_savepoint: bool = False) -> None:
        """Undo the open transaction (or, ``to_savepoint``, the current work's savepoint),
        only if SQLite has not already rolled it back itself: it does so on SQLITE_FULL and
        some I/O errors, and a ROLLBACK then fails with "no transaction is active", hiding
        the real error."""

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
                        fut.set_exception(self._refusal(exc))
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
            failure = self._refusal(exc) if isinstance(exc, Exception) else RuntimeError("transaction aborted")
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
                fut.set_exception(self._refusal(exc))
            else:
                fut.set_result((out, seconds))
        self._since_checkpoint += 1
        if self._since_checkpoint >= self.CHECKPOINT_EVERY:
            with contextlib.suppress(sqlite3.Error):  # the writes are committed: never fail them for this
                await self.checkpoint()

    async def checkpoint(self) -> bool:
        """Fold the ``-wal`` file back into the database and truncate it to 0 bytes, without
        waiting for readers (class docstring); True when it was truncated, False when a
        reader still uses part of the log (tried again after :attr:`CHECKPOINT_EVERY` more
        transactions). Call it with no transaction open (the store does, after a commit)."""

        db = self._conn
        self._since_checkpoint = 0
        await _x(db, "PRAGMA busy_timeout=0")
        try:
            async with db.execute("PRAGMA wal_checkpoint(TRUNCATE)") as cur:
                busy, _log, _done = await cur.fetchone()
        except sqlite3.Error:  # never fail a write for its checkpoint; the next one tries again
            return False
        finally:
            await _x(db, "PRAGMA busy_timeout=5000")
        return busy == 0

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
                    "UPDATE seats SET resigned = TRUE, handover = ? WHERE game_pk = ? AND seat = ?",
                    move.handover,
                    move.game_pk,
                    move.resigned,
                )
            return move.new_version

        return await self._transaction(work, guarded=True)
