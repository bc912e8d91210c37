"""The PostgreSQL store: :class:`PostgresStore`, the :class:`bot.store.Store` interface over
an asyncpg connection pool, for several bot processes (shards) sharing one database.

Select it with ``BOARDHOST_DB=postgresql://user@host:5432/dbname`` (see
:func:`bot.stores.make_store`). The schema is the SQLite one (:mod:`bot.store.sqlite_schema`) in
PostgreSQL types, with the same version numbers: :data:`PG_MIGRATIONS` ``[i]`` brings schema
``i`` to ``i + 1`` exactly as :data:`bot.store.sqlite_schema.MIGRATIONS` ``[i]`` does, so a schema change is
one new entry in BOTH lists (a test checks that the two backends have the same tables and
columns). The version lives in the one-row table ``boardhost_schema``.

Concurrency (several processes, one database)
---------------------------------------------
A move is accepted by :meth:`PostgresStore.commit` in ONE statement (one round trip, one
implicit transaction), data-modifying CTEs chained on the guard::

    WITH g AS (UPDATE games SET version = <expected + n>, …
               WHERE pk = $1 AND version = <expected> AND status = 'active' RETURNING pk)
    INSERT INTO actions … SELECT … FROM g …          (seq expected+1 … expected+n)
    INSERT INTO snapshots … SELECT … FROM g ON CONFLICT (game_pk) DO UPDATE …

We chose the **row version check** (optimistic concurrency), not ``SELECT … FOR UPDATE``
held around the engine's ``apply`` and not advisory locks, because:

* the conditional ``UPDATE`` takes the game row's lock itself, only for the few
  milliseconds of the commit (never while the engine thinks, never across a network round
  trip to Discord); a second process committing on the same game waits for that lock and
  PostgreSQL then re-checks its ``WHERE`` against the NEW row (READ COMMITTED
  re-evaluation): the version no longer matches, 0 rows are updated, the transaction writes
  nothing and :class:`bot.store.VersionConflict` is raised — the service answers "the board
  changed", never applies the move twice;
* the primary key ``actions(game_pk, seq)`` is a second guard: two writers can never log
  the same sequence number;
* a process killed mid-move (kill -9) loses its connection; PostgreSQL rolls its open
  transaction back and releases the row lock, so the other processes carry on and the
  dead process's half-done move leaves no trace;
* it is exactly the guard the SQLite store uses, so both backends refuse the same races.

Round trips: a move through the service costs two — :meth:`PostgresStore.live_game_seats`
(the game row with its seats, one statement) and the commit statement; asyncpg prepares
each statement once per connection, and the pool does not send its session-reset query on
release (nothing to reset, see ``_keep_session``).

Lobby writes (seats, host, status) lock the game row (``SELECT … FOR UPDATE``) for their
short transaction, so two processes editing one lobby are serialised. Schema migrations
take a transaction-scoped advisory lock, so processes starting together migrate once.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from bot.store.errors import DatabaseTimeout, OutOfSpace, SchemaTooNew
from bot.store.postgres_schema import PG_MIGRATIONS
from bot.store.rows import Move
from bot.store.sql import SqlStore
from bot.store.sql_base import Tx
from bot.store.sqlite_schema import SCHEMA_VERSION

__all__ = ["PostgresStore", "PG_MIGRATIONS", "SchemaTooNew"]


#: advisory lock key (any constant) taken by the migration transaction, combined with the
#: schema name so that processes on different schemas do not wait for each other
_MIGRATE_LOCK = 0x626F6172  # "boar"


@functools.lru_cache(maxsize=256)
def _numbered(sql: str) -> str:
    """``sql`` with its ``?`` placeholders (:class:`bot.store.sql.SqlStore`'s style)
    numbered ``$1, $2, …`` as PostgreSQL wants them (our statements hold no other ``?``)."""

    parts = sql.split("?")
    return parts[0] + "".join(f"${i}{part}" for i, part in enumerate(parts[1:], 1))


class _PgTx(Tx):
    """:class:`bot.store.sql_base.Tx` on a pooled connection inside a transaction."""

    def __init__(self, con):
        self.con = con

    async def one(self, sql: str, *args: Any) -> Any:
        return await self.con.fetchrow(_numbered(sql), *args)

    async def all(self, sql: str, *args: Any) -> list[Any]:
        return await self.con.fetch(_numbered(sql), *args)

    async def run(self, sql: str, *args: Any) -> int:
        status = await self.con.execute(_numbered(sql), *args)  # e.g. "UPDATE 1", "INSERT 0 1"
        return int(status.rsplit(" ", 1)[-1])

    async def many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        await self.con.executemany(_numbered(sql), rows)

    async def insert(self, sql: str, *args: Any) -> int:
        return await self.con.fetchval(_numbered(sql + " RETURNING pk"), *args)


class PostgresStore(SqlStore):
    """:class:`bot.store.Store` on an asyncpg pool to the PostgreSQL database ``dsn``.

    ``PostgresStore(dsn, schema=None, min_size=1, max_size=10, statement_timeout=10,
    lock_timeout=5, acquire_timeout=10)``:

    * ``dsn``: ``postgresql://user[:password]@host[:port]/dbname`` (libpq form, as asyncpg
      takes it);
    * ``schema``: keep the tables in this PostgreSQL schema (created if missing; every
      connection's ``search_path`` is set to it) instead of the user's default (``public``).
      Also given as ``?schema=NAME`` at the end of ``dsn`` (so ``BOARDHOST_DB`` can say it).
      Tests give each run its own schema; several deployments can share one database;
    * ``min_size``/``max_size``: the pool's connections (each process holds at most
      ``max_size``; mind the server's ``max_connections`` across all shards);
    * ``statement_timeout``/``lock_timeout``: seconds after which the server cancels a
      statement that runs, or waits for a row another session has locked, for longer (the
      connection's ``statement_timeout``/``lock_timeout`` settings; migrations are exempt);
    * ``acquire_timeout``: seconds a call waits for a pooled connection. A call waits while
      all ``max_size`` connections are in use, and also when the server refuses a new one
      (``too many clients``, its ``max_connections`` reached): it then waits for one this
      pool already holds to come back.

    Each of these waits ends in :class:`bot.store.DatabaseTimeout` (nothing was stored), so
    one table whose row is locked from outside never holds up the others for longer than
    the lock timeout.

    :meth:`open` connects and applies the migrations up to :data:`bot.store.SCHEMA_VERSION`;
    it raises :class:`SchemaTooNew` (one sentence) when the database is newer than this
    program. Concurrency: see the module docstring.
    """

    #: several processes may write the same tables: the service must not trust its caches
    shared = True

    #: how often a call refused a connection by the server looks again for one of the pool's,
    #: seconds (it also wakes at once when one comes back)
    RETRY_CONNECT = 0.2

    def __init__(
        self,
        dsn: str,
        *,
        schema: str | None = None,
        min_size: int = 1,
        max_size: int = 10,
        statement_timeout: float = 10.0,
        lock_timeout: float = 5.0,
        acquire_timeout: float = 10.0,
    ):
        dsn, in_url = _split_schema(dsn)
        self.dsn = dsn
        self.schema = schema or in_url
        self.min_size = min_size
        self.max_size = max(min_size, max_size)
        self.statement_timeout = statement_timeout
        self.lock_timeout = lock_timeout
        self.acquire_timeout = acquire_timeout
        #: set (and replaced) each time a connection goes back to the pool
        self._returned = asyncio.Event()
        self._pool = None

    # ----- connection -------------------------------------------------------------
    async def open(self) -> None:
        if self._pool is not None:
            return
        import asyncpg

        settings = {
            "application_name": "boardhost",
            "statement_timeout": str(round(self.statement_timeout * 1000)),  # milliseconds
            "lock_timeout": str(round(self.lock_timeout * 1000)),
        }
        if self.schema:
            settings["search_path"] = _ident(self.schema)
            con = await asyncpg.connect(self.dsn)
            try:
                await con.execute(f"CREATE SCHEMA IF NOT EXISTS {_ident(self.schema)}")
            except (asyncpg.UniqueViolationError, asyncpg.DuplicateSchemaError):
                pass  # another process created it at the same moment (IF NOT EXISTS is not atomic)
            finally:
                await con.close()
        self._pool = await asyncpg.create_pool(
            self.dsn,
            min_size=self.min_size,
            max_size=self.max_size,
            server_settings=settings,
            reset=_keep_session,
        )
        try:
            await self.migrate()
        except BaseException:
            await self.close()
            raise

    async def close(self) -> None:
        if self._pool is not None:
            pool, self._pool = self._pool, None
            await pool.close()

    @property
    def pool(self):
        """The asyncpg pool (RuntimeError when the store is not open)."""

        if self._pool is None:
            raise RuntimeError("store is not open")
        return self._pool

    @contextlib.asynccontextmanager
    async def connection(self):
        """``async with store.connection() as con``: a pooled connection, waited for at most
        :attr:`acquire_timeout` seconds (class docstring), then :class:`DatabaseTimeout`;
        the server's "too many clients" refusal is waited out the same way; a statement
        timeout, a lock timeout and a full disk inside the block are raised as
        :class:`DatabaseTimeout` and :class:`OutOfSpace`."""

        con = await self._acquire()
        try:
            with _database_errors(self):
                yield con
        finally:
            await self.pool.release(con)
            returned, self._returned = self._returned, asyncio.Event()
            returned.set()

    async def _acquire(self):
        import asyncpg

        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.acquire_timeout
        refused: BaseException | None = None
        while (left := deadline - loop.time()) > 0:
            returned = self._returned
            try:
                return await self.pool.acquire(timeout=left)
            except TimeoutError as exc:  # every connection of the pool stayed in use
                raise DatabaseTimeout.of(exc, "connection", self.acquire_timeout) from exc
            except asyncpg.TooManyConnectionsError as exc:
                # the server has no slot for a new connection: wait for one the pool holds
                refused = exc
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(returned.wait(), min(left, self.RETRY_CONNECT))
        raise DatabaseTimeout.of(refused, "connection", self.acquire_timeout) from refused

    async def schema_version(self) -> int:
        """The schema version stored in the database (0: no boardhost tables yet)."""

        async with self.connection() as con:
            return await self._version(con)

    @staticmethod
    async def _version(con) -> int:
        exists = await con.fetchval("SELECT to_regclass('boardhost_schema') IS NOT NULL")
        if not exists:
            return 0
        return await con.fetchval("SELECT COALESCE(MAX(version), 0) FROM boardhost_schema")

    async def migrate(self, target: int = SCHEMA_VERSION) -> None:
        """Apply the forward migrations from the stored version up to ``target``, each with
        its new version number in one transaction, under an advisory lock (two processes
        starting together: the second waits, then finds the work done).

        SchemaTooNew: the stored version is above :data:`bot.store.SCHEMA_VERSION`."""

        async with self.connection() as con:
            async with con.transaction():
                await con.execute(_NO_TIMEOUTS)
                await con.execute("SELECT pg_advisory_xact_lock($1, hashtext(current_schema()))", _MIGRATE_LOCK)
                await con.execute("CREATE TABLE IF NOT EXISTS boardhost_schema (version INTEGER NOT NULL)")
                current = await self._version(con)
                if current > SCHEMA_VERSION:
                    raise SchemaTooNew.of(self._where(), current, SCHEMA_VERSION)
                if current == 0 and await con.fetchval("SELECT count(*) FROM boardhost_schema") == 0:
                    await con.execute("INSERT INTO boardhost_schema (version) VALUES (0)")
            for version in range(current, target):
                async with con.transaction():
                    await con.execute(_NO_TIMEOUTS)
                    await con.execute("SELECT pg_advisory_xact_lock($1, hashtext(current_schema()))", _MIGRATE_LOCK)
                    if await self._version(con) != version:  # another process did it meanwhile
                        continue
                    await con.execute(PG_MIGRATIONS[version])
                    await con.execute("UPDATE boardhost_schema SET version = $1", version + 1)

    def _where(self) -> str:
        """The database named for messages (no password)."""

        import urllib.parse

        parts = urllib.parse.urlsplit(self.dsn)
        host = parts.hostname or "localhost"
        port = f":{parts.port}" if parts.port else ""
        name = parts.path.lstrip("/") or "(default)"
        schema = f", schema {self.schema}" if self.schema else ""
        return f"{name} on {host}{port}{schema}"

    # ----- the SqlStore primitives -----------------------------------------------
    _LOCK_ROW = " FOR UPDATE"
    _GREATEST = "GREATEST"

    async def _read1(self, sql: str, *args: Any) -> Any:
        async with self.connection() as con:
            return await con.fetchrow(_numbered(sql), *args)

    async def _read(self, sql: str, *args: Any) -> list[Any]:
        async with self.connection() as con:
            return await con.fetch(_numbered(sql), *args)

    async def _transaction(self, work: Callable[[Tx], Awaitable[Any]], guarded: bool = False) -> Any:
        """``await work(tx)`` inside one transaction on a pooled connection; an exception
        rolls everything back and is re-raised. Records :attr:`last_tx_seconds`."""

        async with self.connection() as con:
            with self._timed():
                async with con.transaction():
                    return await work(_PgTx(con))

    @contextlib.contextmanager
    def _timed(self):
        """Count a transaction and record its seconds in :attr:`last_tx_seconds`."""

        t0 = time.perf_counter()
        try:
            yield
        finally:
            self.transactions += 1
            self.last_tx_seconds = time.perf_counter() - t0

    def _is_table_busy(self, exc: Exception) -> bool:
        import asyncpg

        return isinstance(exc, asyncpg.UniqueViolationError)  # games_one_live

    #: one move in ONE statement (so one round trip and one implicit transaction): the
    #: guarded UPDATE of the game row, then — only if it matched — the actions, the snapshot
    #: and the resigned flag with its handover; returns how many game rows were updated (0 or 1)
    _COMMIT_SQL = """
        WITH old AS (
            SELECT turn_started AS ts FROM games WHERE pk = $4
        ), g AS (
            UPDATE games SET version = $1, status = $2, updated = $3,
                next_due = CASE WHEN $12::boolean THEN $14::double precision ELSE next_due END,
                turn_started = CASE WHEN $12::boolean THEN $13::double precision ELSE turn_started END
            WHERE pk = $4 AND version = $5 AND status = 'active'
            RETURNING pk
        ), a AS (
            INSERT INTO actions (game_pk, seq, seat, action, created, flag, text)
            SELECT g.pk, $5 + x.ord::integer, x.seat, x.action, $3, x.flag, x.text
            FROM g, unnest($6::text[], $7::text[], $10::text[], $11::text[]) WITH ORDINALITY
                AS x(seat, action, flag, text, ord)
            RETURNING 1
        ), s AS (
            INSERT INTO snapshots (game_pk, version, state) SELECT g.pk, $1, $8 FROM g
            ON CONFLICT (game_pk) DO UPDATE SET version = excluded.version, state = excluded.state
            RETURNING 1
        ), r AS (
            -- the resigned seat, and (a new turn: turn_started changed) every seat's reminders
            UPDATE seats SET resigned = seats.resigned OR COALESCE(seats.seat = $9, FALSE),
                handover = CASE WHEN COALESCE(seats.seat = $9, FALSE) THEN $15::text ELSE seats.handover END,
                reminded = CASE WHEN $12::boolean AND old.ts IS DISTINCT FROM $13::double precision
                                THEN 0 ELSE seats.reminded END
            FROM g, old
            WHERE seats.game_pk = g.pk
              AND (COALESCE(seats.seat = $9, FALSE)
                   OR ($12::boolean AND old.ts IS DISTINCT FROM $13::double precision))
            RETURNING 1
        )
        SELECT (SELECT count(*) FROM g) + 0 * ((SELECT count(*) FROM a) + (SELECT count(*) FROM s)
                                               + (SELECT count(*) FROM r))
    """

    async def _commit_move(self, move: Move) -> int:
        """The guard is the conditional UPDATE of the game row (module docstring);
        everything is one statement, hence one transaction and one round trip."""

        with self._timed():
            async with self.connection() as con:
                return await self.commit_on(con, move)

    async def commit_on(self, con, move: Move) -> int:
        """:meth:`_commit_move` on the connection ``con`` (its own statement; inside the
        caller's transaction if ``con`` has one open). VersionConflict when the guard did
        not match."""

        started, due = move.clock if move.clock is not None else (None, None)
        updated = await con.fetchval(
            self._COMMIT_SQL,
            move.new_version,
            move.status,
            move.now,
            move.game_pk,
            move.expected_version,
            [r[1] for r in move.log],
            [r[2] for r in move.log],
            move.snapshot,
            move.resigned,
            [r[3] for r in move.log],
            [r[4] for r in move.log],
            move.clock is not None,
            started,
            due,
            move.handover,
        )
        if updated != 1:
            raise await self._conflict(_PgTx(con), move.game_pk, move.expected_version)
        return move.new_version


#: a migration may rewrite whole tables and waits for another process's migration: no
#: statement or lock timeout inside its transaction
_NO_TIMEOUTS = "SET LOCAL statement_timeout = 0; SET LOCAL lock_timeout = 0"


@contextlib.contextmanager
def _database_errors(store: PostgresStore):
    """The server's refusals that say nothing was stored, as the store's errors (chained to
    the original): ``disk_full`` (SQLSTATE 53100, the server could not extend a file) as
    :class:`bot.store.OutOfSpace`, like SQLite's SQLITE_FULL; ``lock_not_available``
    (55P03, the lock timeout) and ``query_canceled`` (57014, the statement timeout) as
    :class:`bot.store.DatabaseTimeout`. Each time the server rolled the transaction back."""

    import asyncpg

    try:
        yield
    except asyncpg.DiskFullError as exc:
        raise OutOfSpace.of(exc) from exc
    except asyncpg.LockNotAvailableError as exc:
        raise DatabaseTimeout.of(exc, "lock", store.lock_timeout) from exc
    except asyncpg.QueryCanceledError as exc:
        raise DatabaseTimeout.of(exc, "statement", store.statement_timeout) from exc


async def _keep_session(con) -> None:
    """The pool's ``reset`` hook: nothing to reset. asyncpg's default sends ``SELECT
    pg_advisory_unlock_all(); CLOSE ALL; UNLISTEN *; RESET ALL`` every time a connection
    goes back to the pool — one more round trip per statement, the largest single cost of a
    move here. This store never changes session state: the settings (``search_path``,
    ``application_name``) are the connection's start-up settings, its only advisory lock is
    transaction-scoped, it opens no cursor outside a transaction and never LISTENs. asyncpg
    still rolls back a transaction left open (``Connection._reset`` runs before this hook)."""


def _ident(name: str) -> str:
    """``name`` quoted as a PostgreSQL identifier."""

    return '"' + name.replace('"', '""') + '"'


def _split_schema(dsn: str) -> tuple[str, str | None]:
    """``(dsn without a ``schema=`` query parameter, that schema or None)``: ``schema`` is
    ours, not libpq's (asyncpg would send it to the server as a setting and fail)."""

    import urllib.parse

    parts = urllib.parse.urlsplit(dsn)
    query = urllib.parse.parse_qsl(parts.query, keep_blank_values=True)
    schema = [v for k, v in query if k == "schema"]
    if not schema:
        return dsn, None
    rest = urllib.parse.urlencode([(k, v) for k, v in query if k != "schema"])
    return urllib.parse.urlunsplit(parts._replace(query=rest)), schema[-1] or None
