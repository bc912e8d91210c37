"""Storage of tables, games, seats, the action log and snapshots.

:class:`Store` is the interface the service layer uses; :class:`SqliteStore` implements it
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

import abc
import asyncio
import contextlib
import json
import time
from dataclasses import dataclass, field
from typing import Any, Sequence

import aiosqlite

__all__ = [
    "GameRow", "SeatRow", "ActionRow", "VoteRow", "Store", "SqliteStore", "VersionConflict", "TableBusy", "SchemaTooNew",
    "OutOfSpace", "SCHEMA_VERSION",
]


class VersionConflict(Exception):
    """The game is no longer at the expected version (a concurrent or stale write)."""

    def __init__(self, expected: int, current: int | None):
        super().__init__(f"expected version {expected}, stored {current}")
        self.expected = expected
        self.current = current


class SchemaTooNew(RuntimeError):
    """The database was written by a newer boardhost: its schema version is above
    :data:`SCHEMA_VERSION`. The message is one sentence naming both versions."""


class OutOfSpace(RuntimeError):
    """A write failed because the database cannot grow: SQLite's "database or disk is full"
    (SQLITE_FULL: the disk, or ``PRAGMA max_page_count``) or PostgreSQL's ``disk_full``
    (SQLSTATE 53100). Nothing of the failed write was stored; ``__cause__`` is the driver's
    original error (its message is kept in this one)."""


def _is_full(exc: BaseException) -> bool:
    """Whether ``exc`` is SQLite's SQLITE_FULL ("database or disk is full")."""

    return isinstance(exc, aiosqlite.OperationalError) and (
        getattr(exc, "sqlite_errorcode", None) == 13 or "database or disk is full" in str(exc))


def _as_out_of_space(exc: Exception) -> Exception:
    """``exc`` as :class:`OutOfSpace` when it is SQLITE_FULL (chained), else ``exc`` itself."""

    if _is_full(exc):
        full = OutOfSpace(f"the database cannot grow: {exc}")
        full.__cause__ = exc
        return full
    return exc


class TableBusy(Exception):
    """The table already has a live (lobby or active) game."""


@dataclass
class GameRow:
    pk: int
    table_id: str
    game_id: str
    options: dict
    seed: int
    status: str
    host: str
    version: int
    #: last version posted to the channel (-1: none yet)
    posted: int = -1
    #: per-table settings (``bot.timers.TableSettings`` as JSON)
    settings: dict = field(default_factory=dict)
    #: epoch seconds since when the current player(s) must act (None: no clock)
    turn_started: float | None = None
    #: epoch seconds when the periodic loop must look at this game (None: never)
    next_due: float | None = None
    #: id of the live status message edited in place (None: none yet)
    status_message: str | None = None
    #: the Discord server (guild) id of the table, for /game list (None: unknown)
    guild: str | None = None


@dataclass
class SeatRow:
    seat: str
    user_id: str | None
    joined: int
    seat_order: int | None
    is_ai: bool
    resigned: bool
    dm_ok: bool
    #: reminders sent to this seat in the current turn
    reminded: int = 0
    #: epoch seconds until which the player is on vacation (None: not)
    vacation_until: float | None = None
    #: vacation seconds used in this game
    vacation_used: float = 0.0


@dataclass
class ActionRow:
    seq: int
    seat: str
    action: dict
    #: None: played by the seat's player (or an AI seat); "ai": the AI played it for an
    #: absent player (deadline); "undo": a marker row undoing the seqs in ``action["undo"]``
    flag: str | None = None
    #: taken back by a later undo
    undone: bool = False
    #: the move's describe sentence and public events, one per line (None: not stored)
    text: str | None = None
    #: epoch seconds of the commit
    created: float = 0.0


@dataclass
class VoteRow:
    """An open or decided vote: ``kind`` "undo" (subject: the requesting seat) or "kick"
    (subject: the absent seat); ``version``: the game's version when it was opened;
    ``voters``: seats who must answer; ``yes``: those who said yes; ``status`` open /
    passed / refused."""

    pk: int
    game_pk: int
    kind: str
    subject: str
    version: int
    voters: list[str]
    yes: list[str]
    status: str = "open"


class Store(abc.ABC):
    """What the service layer needs from storage. All methods are coroutines."""

    @abc.abstractmethod
    async def open(self) -> None:
        """Connect and migrate."""

    @abc.abstractmethod
    async def close(self) -> None:
        """Close the connection (idempotent)."""

    @abc.abstractmethod
    async def live_game(self, table_id: str) -> GameRow | None:
        """The table's game in status lobby/active, if any."""

    @abc.abstractmethod
    async def last_game(self, table_id: str) -> GameRow | None:
        """The table's live game, else its most recent game of any status."""

    @abc.abstractmethod
    async def get_game(self, pk: int) -> GameRow | None:
        ...

    @abc.abstractmethod
    async def create_game(
        self, table_id: str, game_id: str, options: dict, seed: int, host: str, seat_host: bool = True,
        settings: dict | None = None, guild: str | None = None,
    ) -> GameRow:
        """A new lobby (with its ``settings`` and Discord ``guild``) with the host seated (unless ``seat_host`` is False);
        :class:`TableBusy` if the table has a live game."""

    @abc.abstractmethod
    async def seats(self, game_pk: int) -> list[SeatRow]:
        """Seats in seat order once started (join order in the lobby)."""

    async def live_game_seats(self, table_id: str) -> tuple[GameRow | None, list[SeatRow]]:
        """``(live game, its seats)`` of the table (``(None, [])`` without a live game): what
        :meth:`live_game` and :meth:`seats` return, read together (a backend overrides it to
        read both in one round trip, for a service that re-reads them on every call)."""

        game = await self.live_game(table_id)
        return (game, await self.seats(game.pk)) if game is not None else (None, [])

    @abc.abstractmethod
    async def add_seat(
        self, game_pk: int, seat: str, user_id: str | None, is_ai: bool, max_seats: int | None = None
    ) -> None:
        """Seat ``seat`` in the lobby; :class:`VersionConflict` (nothing written) when the
        game is no longer a lobby, the seat is taken or ``max_seats`` are already seated
        (another process changed the lobby meanwhile)."""

    @abc.abstractmethod
    async def remove_seat(self, game_pk: int, seat: str) -> None:
        ...

    @abc.abstractmethod
    async def set_host(self, game_pk: int, host: str) -> None:
        ...

    @abc.abstractmethod
    async def set_status(self, game_pk: int, status: str) -> None:
        """Lobby → cancelled (no version change)."""

    @abc.abstractmethod
    async def start_game(self, game_pk: int, order: Sequence[str], snapshot: dict) -> None:
        """Lobby → active at version 0: store the seat order and the setup snapshot, in one
        transaction; :class:`VersionConflict` (nothing written) when the game is no longer a
        lobby or its seats are not exactly ``order``."""

    @abc.abstractmethod
    async def commit(
        self,
        game_pk: int,
        expected_version: int,
        actions: Sequence[tuple[str, dict]],
        snapshot: dict,
        status: str,
        resigned: str | None = None,
        meta: Sequence[dict] | None = None,
        clock: tuple[float | None, float | None] | None = None,
    ) -> int:
        """Append ``actions`` ((seat, action JSON), may be empty) as ``expected_version+1…``,
        replace the snapshot, set the new version and ``status``; mark ``resigned`` seat; all
        in ONE transaction, only if the stored version is ``expected_version``, else
        :class:`VersionConflict`. Returns the new version.

        ``meta``: per action ``{"flag": str|None, "text": str|None}`` (see :class:`ActionRow`).
        ``clock``: ``(turn_started, next_due)`` to store with the move; a new turn (the
        ``turn_started`` differs from the stored one) resets every seat's reminder count."""

    @abc.abstractmethod
    async def snapshot(self, game_pk: int) -> tuple[int, str] | None:
        """(version, state JSON text) of the stored snapshot, None if missing."""

    @abc.abstractmethod
    async def put_snapshot(self, game_pk: int, version: int, state: dict) -> None:
        """Replace the snapshot (after a rebuild from the log), only while the game is still
        at ``version`` (a rebuild that another process's move overtook writes nothing)."""

    @abc.abstractmethod
    async def actions(self, game_pk: int, after: int = 0, limit: int | None = None) -> list[ActionRow]:
        """Logged actions with seq > ``after`` in order (``limit``: the LAST ``limit`` ones)."""

    @abc.abstractmethod
    async def set_dm_ok(self, game_pk: int, seat: str, ok: bool) -> None:
        ...

    @abc.abstractmethod
    async def mark_posted(self, game_pk: int, version: int) -> None:
        """Record that the channel has seen the board at ``version`` (never moves back)."""

    @abc.abstractmethod
    async def unposted(self) -> list[GameRow]:
        """Started games (active or over) whose last posted version is behind their version:
        what a restarted bot still owes the channels, oldest game first."""

    # ----- asynchronous play (issue 12) ---------------------------------------------
    @abc.abstractmethod
    async def set_settings(self, game_pk: int, settings: dict) -> None:
        """Replace the game's settings JSON."""

    @abc.abstractmethod
    async def set_clock(self, game_pk: int, turn_started: float | None, next_due: float | None,
                        reset_reminders: bool = False) -> None:
        """Set when the current turn started and when the loop must look again; with
        ``reset_reminders`` every seat's reminder count goes back to 0 (a new turn)."""

    @abc.abstractmethod
    async def set_next_due(self, game_pk: int, next_due: float | None) -> None:
        ...

    @abc.abstractmethod
    async def due_games(self, now: float, limit: int = 1000) -> list[GameRow]:
        """Active games whose ``next_due`` is at or before ``now``, earliest first (indexed)."""

    @abc.abstractmethod
    async def set_reminded(self, game_pk: int, counts: dict[str, int]) -> None:
        """Store reminder counts per seat."""

    @abc.abstractmethod
    async def set_vacation(self, game_pk: int, seat: str, until: float | None, used: float) -> None:
        ...

    @abc.abstractmethod
    async def set_seat_user(self, game_pk: int, seat: str, user_id: str) -> None:
        """Hand a seat to another user (substitute); their DMs are assumed to work."""

    @abc.abstractmethod
    async def user_games(self, user_id: str) -> list[GameRow]:
        """Active games where ``user_id`` holds a seat they still play (not resigned)."""

    @abc.abstractmethod
    async def guild_games(self, guild: str) -> list[GameRow]:
        """Live (lobby or active) games of a Discord server, oldest first."""

    @abc.abstractmethod
    async def set_guild(self, game_pk: int, guild: str | None) -> None:
        ...

    @abc.abstractmethod
    async def set_status_message(self, game_pk: int, message_id: str | None) -> None:
        ...

    @abc.abstractmethod
    async def get_prefs(self, user_id: str) -> tuple[int | None, int | None, str | None]:
        """(quiet_start hour, quiet_end hour, tz name) of a user; Nones if unset."""

    @abc.abstractmethod
    async def set_prefs(self, user_id: str, quiet_start: int | None, quiet_end: int | None, tz: str | None) -> None:
        ...

    @abc.abstractmethod
    async def undo(self, game_pk: int, expected_version: int, seqs: Sequence[int], seat: str,
                   snapshot: dict, status: str, text: str) -> int:
        """Mark ``seqs`` undone and append an undo marker row (flag "undo", action
        ``{"undo": seqs}``) at ``expected_version+1``; replace the snapshot; one
        transaction, guarded like :meth:`commit`. Returns the new version."""

    @abc.abstractmethod
    async def open_vote(self, game_pk: int, kind: str, subject: str, version: int, voters: Sequence[str]) -> int:
        """A new open vote; returns its pk."""

    @abc.abstractmethod
    async def votes(self, game_pk: int, status: str | None = "open") -> list[VoteRow]:
        ...

    @abc.abstractmethod
    async def get_vote(self, vote_pk: int) -> VoteRow | None:
        ...

    @abc.abstractmethod
    async def set_vote(self, vote_pk: int, yes: Sequence[str], status: str) -> None:
        ...

    @abc.abstractmethod
    async def get_meta(self, key: str) -> str | None:
        """The stored value of a process-wide setting, None if unset."""

    @abc.abstractmethod
    async def set_meta(self, key: str, value: str) -> None:
        """Store (insert or replace) a process-wide setting."""


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


def _dumps(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"), sort_keys=True)


class SqliteStore(Store):
    """:class:`Store` on one aiosqlite connection to the file ``path``.

    One connection for the whole process (keep it single; close it in :meth:`close`). Transactions on the shared connection never interleave (an internal
    asyncio lock); writes queued meanwhile are group-committed (see :meth:`_tx`). Reads
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
        self._db = await aiosqlite.connect(self.path, isolation_level=None)
        try:
            await _x(self._db, "PRAGMA journal_mode=WAL")
            await _x(self._db, "PRAGMA synchronous=FULL")
            await _x(self._db, "PRAGMA foreign_keys=ON")
            await _x(self._db, "PRAGMA busy_timeout=5000")
            await self.migrate()
        except BaseException:
            await self.close()
            raise

    async def migrate(self, target: int = SCHEMA_VERSION) -> None:
        """Run the forward migrations from ``PRAGMA user_version`` up to ``target``, each in
        its own transaction together with the new user_version."""

        db = self._conn
        async with db.execute("PRAGMA user_version") as cur:
            (current,) = await cur.fetchone()
        if current > SCHEMA_VERSION:
            raise SchemaTooNew(
                f"The database {self.path} has schema version {current}, newer than this boardhost"
                f" (version {SCHEMA_VERSION}); upgrade boardhost before using it."
            )
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
        if self._db is not None:
            db, self._db = self._db, None
            await db.close()

    async def _one(self, sql: str, args: Sequence[Any] = ()) -> Any:
        async with self._conn.execute(sql, args) as cur:
            return await cur.fetchone()

    async def _all(self, sql: str, args: Sequence[Any] = ()) -> list[Any]:
        async with self._conn.execute(sql, args) as cur:
            return list(await cur.fetchall())

    async def _q1(self, sql: str, args: Sequence[Any] = ()) -> Any:
        """A read outside a transaction: waits for any open transaction on the shared
        connection to finish, so it never sees uncommitted rows."""

        async with self._write:
            return await self._one(sql, args)

    async def _qall(self, sql: str, args: Sequence[Any] = ()) -> list[Any]:
        async with self._write:
            return await self._all(sql, args)

    _GAME_COLS = ("pk, table_id, game_id, options, seed, status, host, version, posted, settings, turn_started,"
                  " next_due, status_message, guild")

    @staticmethod
    def _game(row: Any) -> GameRow | None:
        if row is None:
            return None
        pk, table_id, game_id, options, seed, status, host, version, posted, settings, started, due, msg, guild = row
        return GameRow(pk, table_id, game_id, json.loads(options), seed, status, host, version, posted,
                       json.loads(settings or "{}"), started, due, msg, guild)

    async def live_game(self, table_id: str) -> GameRow | None:
        return self._game(
            await self._q1(
                f"SELECT {self._GAME_COLS} FROM games WHERE table_id = ? AND status IN ('lobby', 'active')",
                (table_id,),
            )
        )

    async def last_game(self, table_id: str) -> GameRow | None:
        # a live game is always the table's newest (a game is created only when none is live)
        return self._game(
            await self._q1(
                f"SELECT {self._GAME_COLS} FROM games WHERE table_id = ? ORDER BY pk DESC LIMIT 1", (table_id,)
            )
        )

    async def get_game(self, pk: int) -> GameRow | None:
        return self._game(await self._q1(f"SELECT {self._GAME_COLS} FROM games WHERE pk = ?", (pk,)))

    #: seconds the last transaction took from BEGIN to COMMIT (without waiting for the
    #: connection), read by the service right after a commit for its timings
    last_tx_seconds: float = 0.0
    #: transactions committed or rolled back by _tx (a group commit counts once)
    transactions: int = 0

    async def _tx(self, work, guarded: bool = False) -> Any:
        """Run ``await work(db)`` in a transaction and return its result; an exception
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
        self.transactions += 1
        t0 = time.perf_counter()
        done: list[tuple[asyncio.Future, Any, BaseException | None]] = []
        try:
            await _x(db, "BEGIN IMMEDIATE")
            if len(batch) == 1:  # alone: a failure rolls back the whole transaction
                work, fut, _ = batch[0]
                try:
                    out = await work(db)
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
                            done.append((fut, await work(db), None))
                        except VersionConflict as exc:
                            done.append((fut, None, exc))
                        continue
                    await _x(db, "SAVEPOINT w")
                    try:
                        out = await work(db)
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

    async def create_game(
        self, table_id: str, game_id: str, options: dict, seed: int, host: str, seat_host: bool = True,
        settings: dict | None = None, guild: str | None = None,
    ) -> GameRow:
        now = time.time()
        settings = dict(settings or {})

        async def work(db):
            busy = await self._one(
                "SELECT pk FROM games WHERE table_id = ? AND status IN ('lobby', 'active')", (table_id,)
            )
            if busy is not None:
                raise TableBusy(table_id)
            _, pk = await _x(
                db,
                "INSERT INTO games (table_id, game_id, options, seed, status, host, version, created, updated,"
                " settings, guild) VALUES (?, ?, ?, ?, 'lobby', ?, 0, ?, ?, ?, ?)",
                (table_id, game_id, _dumps(options), seed, host, now, now, _dumps(settings), guild),
            )
            if seat_host:
                await _x(
                    db,
                    "INSERT INTO seats (game_pk, seat, user_id, joined, is_ai) VALUES (?, ?, ?, 0, 0)", (pk, host, host)
                )
            return pk

        pk = await self._tx(work)
        return GameRow(pk, table_id, game_id, options, seed, "lobby", host, 0, settings=settings, guild=guild)

    async def seats(self, game_pk: int) -> list[SeatRow]:
        rows = await self._qall(
            "SELECT seat, user_id, joined, seat_order, is_ai, resigned, dm_ok, reminded, vacation_until,"
            " vacation_used FROM seats WHERE game_pk = ? ORDER BY COALESCE(seat_order, joined), joined",
            (game_pk,),
        )
        return [SeatRow(s, u, j, o, bool(a), bool(r), bool(d), n, vu, vd) for s, u, j, o, a, r, d, n, vu, vd in rows]

    async def add_seat(
        self, game_pk: int, seat: str, user_id: str | None, is_ai: bool, max_seats: int | None = None
    ) -> None:
        async def work(db):
            status = await self._one("SELECT status FROM games WHERE pk = ?", (game_pk,))
            taken = [r[0] for r in await self._all("SELECT seat FROM seats WHERE game_pk = ?", (game_pk,))]
            if status is None or status[0] != "lobby" or seat in taken or (
                max_seats is not None and len(taken) >= max_seats
            ):
                raise VersionConflict(0, None)
            (joined,) = await self._one("SELECT COALESCE(MAX(joined) + 1, 0) FROM seats WHERE game_pk = ?", (game_pk,))
            await _x(
                db,
                "INSERT INTO seats (game_pk, seat, user_id, joined, is_ai) VALUES (?, ?, ?, ?, ?)",
                (game_pk, seat, user_id, joined, int(is_ai)),
            )

        await self._tx(work)

    async def remove_seat(self, game_pk: int, seat: str) -> None:
        async def work(db):
            await _x(db, "DELETE FROM seats WHERE game_pk = ? AND seat = ?", (game_pk, seat))

        await self._tx(work)

    async def set_host(self, game_pk: int, host: str) -> None:
        async def work(db):
            await _x(db, "UPDATE games SET host = ?, updated = ? WHERE pk = ?", (host, time.time(), game_pk))

        await self._tx(work)

    async def set_status(self, game_pk: int, status: str) -> None:
        async def work(db):
            await _x(db, "UPDATE games SET status = ?, updated = ? WHERE pk = ?", (status, time.time(), game_pk))

        await self._tx(work)

    async def start_game(self, game_pk: int, order: Sequence[str], snapshot: dict) -> None:
        async def work(db):
            row = await self._one("SELECT status FROM games WHERE pk = ?", (game_pk,))
            seated = {r[0] for r in await self._all("SELECT seat FROM seats WHERE game_pk = ?", (game_pk,))}
            if row is None or row[0] != "lobby" or seated != set(order):
                raise VersionConflict(0, None)
            for i, seat in enumerate(order):
                await _x(db, "UPDATE seats SET seat_order = ? WHERE game_pk = ? AND seat = ?", (i, game_pk, seat))
            await _x(
                db,
                "INSERT OR REPLACE INTO snapshots (game_pk, version, state) VALUES (?, 0, ?)", (game_pk, _dumps(snapshot))
            )
            await _x(
                db,
                "UPDATE games SET status = 'active', version = 0, updated = ? WHERE pk = ?", (time.time(), game_pk)
            )

        await self._tx(work)

    async def commit(
        self,
        game_pk: int,
        expected_version: int,
        actions: Sequence[tuple[str, dict]],
        snapshot: dict,
        status: str,
        resigned: str | None = None,
        meta: Sequence[dict] | None = None,
        clock: tuple[float | None, float | None] | None = None,
    ) -> int:
        now = time.time()
        new_version = expected_version + len(actions)
        meta = list(meta) if meta is not None else [{}] * len(actions)

        async def work(db):
            rowcount, _ = await _x(
                db,
                "UPDATE games SET version = ?, status = ?, updated = ? WHERE pk = ? AND version = ?"
                " AND status = 'active'",
                (new_version, status, now, game_pk, expected_version),
            )
            if rowcount != 1:
                row = await self._one("SELECT version FROM games WHERE pk = ?", (game_pk,))
                raise VersionConflict(expected_version, row[0] if row else None)
            if actions:
                await _xmany(
                    db,
                    "INSERT INTO actions (game_pk, seq, seat, action, created, flag, text) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    [(game_pk, expected_version + 1 + i, seat, _dumps(a), now, m.get("flag"), m.get("text"))
                     for i, ((seat, a), m) in enumerate(zip(actions, meta))],
                )
            if clock is not None:
                started, due = clock
                rowcount, _ = await _x(
                    db, "UPDATE games SET next_due = ?, turn_started = ? WHERE pk = ? AND turn_started IS ?",
                    (due, started, game_pk, started),
                )
                if rowcount == 0:  # a new turn: the clock restarts and reminders count from 0
                    await _x(db, "UPDATE games SET next_due = ?, turn_started = ? WHERE pk = ?", (due, started, game_pk))
                    await _x(db, "UPDATE seats SET reminded = 0 WHERE game_pk = ?", (game_pk,))
            await _x(
                db,
                "INSERT OR REPLACE INTO snapshots (game_pk, version, state) VALUES (?, ?, ?)",
                (game_pk, new_version, _dumps(snapshot)),
            )
            if resigned is not None:
                await _x(
                    db,
                    "UPDATE seats SET resigned = 1 WHERE game_pk = ? AND seat = ?", (game_pk, resigned)
                )
            return new_version

        return await self._tx(work, guarded=True)

    async def snapshot(self, game_pk: int) -> tuple[int, str] | None:
        row = await self._q1("SELECT version, state FROM snapshots WHERE game_pk = ?", (game_pk,))
        return (row[0], row[1]) if row else None

    async def put_snapshot(self, game_pk: int, version: int, state: dict) -> None:
        async def work(db):
            await _x(
                db,
                "INSERT INTO snapshots (game_pk, version, state)"
                " SELECT ?, ?, ? WHERE EXISTS (SELECT 1 FROM games WHERE pk = ? AND version = ?)"
                " ON CONFLICT (game_pk) DO UPDATE SET version = excluded.version, state = excluded.state"
                " WHERE snapshots.version <= excluded.version",
                (game_pk, version, _dumps(state), game_pk, version),
            )

        await self._tx(work)

    _ACTION_COLS = "seq, seat, action, flag, undone, text, created"

    async def actions(self, game_pk: int, after: int = 0, limit: int | None = None) -> list[ActionRow]:
        if limit is None:
            rows = await self._qall(
                f"SELECT {self._ACTION_COLS} FROM actions WHERE game_pk = ? AND seq > ? ORDER BY seq", (game_pk, after)
            )
        else:
            rows = await self._qall(
                f"SELECT {self._ACTION_COLS} FROM actions WHERE game_pk = ? AND seq > ? ORDER BY seq DESC LIMIT ?",
                (game_pk, after, limit),
            )
            rows.reverse()
        return [ActionRow(seq, seat, json.loads(action), flag, bool(undone), text, created)
                for seq, seat, action, flag, undone, text, created in rows]

    async def set_dm_ok(self, game_pk: int, seat: str, ok: bool) -> None:
        async def work(db):
            await _x(db, "UPDATE seats SET dm_ok = ? WHERE game_pk = ? AND seat = ?", (int(ok), game_pk, seat))

        await self._tx(work)

    async def mark_posted(self, game_pk: int, version: int) -> None:
        async def work(db):
            await _x(db, "UPDATE games SET posted = MAX(posted, ?) WHERE pk = ?", (version, game_pk))

        await self._tx(work)

    async def unposted(self) -> list[GameRow]:
        rows = await self._qall(
            f"SELECT {self._GAME_COLS} FROM games WHERE status IN ('active', 'over') AND posted < version"
            " ORDER BY pk"
        )
        return [self._game(r) for r in rows]

    # ----- asynchronous play (issue 12) ---------------------------------------------
    async def _write1(self, sql: str, args: Sequence[Any]) -> None:
        async def work(db):
            await _x(db, sql, args)

        await self._tx(work)

    async def set_settings(self, game_pk: int, settings: dict) -> None:
        await self._write1("UPDATE games SET settings = ? WHERE pk = ?", (_dumps(settings), game_pk))

    async def set_clock(self, game_pk: int, turn_started: float | None, next_due: float | None,
                        reset_reminders: bool = False) -> None:
        async def work(db):
            await _x(db, "UPDATE games SET turn_started = ?, next_due = ? WHERE pk = ?", (turn_started, next_due, game_pk))
            if reset_reminders:
                await _x(db, "UPDATE seats SET reminded = 0 WHERE game_pk = ?", (game_pk,))

        await self._tx(work)

    async def set_next_due(self, game_pk: int, next_due: float | None) -> None:
        await self._write1("UPDATE games SET next_due = ? WHERE pk = ?", (next_due, game_pk))

    async def due_games(self, now: float, limit: int = 1000) -> list[GameRow]:
        rows = await self._qall(
            f"SELECT {self._GAME_COLS} FROM games WHERE next_due IS NOT NULL AND next_due <= ? AND status = 'active'"
            " ORDER BY next_due LIMIT ?",
            (now, limit),
        )
        return [self._game(r) for r in rows]

    async def set_reminded(self, game_pk: int, counts: dict[str, int]) -> None:
        async def work(db):
            await _xmany(db, "UPDATE seats SET reminded = ? WHERE game_pk = ? AND seat = ?",
                         [(n, game_pk, seat) for seat, n in counts.items()])

        await self._tx(work)

    async def set_vacation(self, game_pk: int, seat: str, until: float | None, used: float) -> None:
        await self._write1("UPDATE seats SET vacation_until = ?, vacation_used = ? WHERE game_pk = ? AND seat = ?",
                           (until, used, game_pk, seat))

    async def set_seat_user(self, game_pk: int, seat: str, user_id: str) -> None:
        await self._write1("UPDATE seats SET user_id = ?, dm_ok = 1, reminded = 0 WHERE game_pk = ? AND seat = ?",
                           (user_id, game_pk, seat))

    async def user_games(self, user_id: str) -> list[GameRow]:
        cols = ", ".join("g." + c.strip() for c in self._GAME_COLS.split(","))
        rows = await self._qall(
            f"SELECT {cols} FROM games g JOIN seats s ON s.game_pk = g.pk WHERE s.user_id = ? AND s.is_ai = 0"
            " AND s.resigned = 0 AND g.status = 'active' ORDER BY g.pk",
            (user_id,),
        )
        return [self._game(r) for r in rows]

    async def guild_games(self, guild: str) -> list[GameRow]:
        rows = await self._qall(
            f"SELECT {self._GAME_COLS} FROM games WHERE guild = ? AND status IN ('lobby', 'active') ORDER BY pk",
            (guild,),
        )
        return [self._game(r) for r in rows]

    async def set_guild(self, game_pk: int, guild: str | None) -> None:
        await self._write1("UPDATE games SET guild = ? WHERE pk = ?", (guild, game_pk))

    async def set_status_message(self, game_pk: int, message_id: str | None) -> None:
        await self._write1("UPDATE games SET status_message = ? WHERE pk = ?", (message_id, game_pk))

    async def get_prefs(self, user_id: str) -> tuple[int | None, int | None, str | None]:
        row = await self._q1("SELECT quiet_start, quiet_end, tz FROM user_prefs WHERE user_id = ?", (user_id,))
        return (row[0], row[1], row[2]) if row else (None, None, None)

    async def set_prefs(self, user_id: str, quiet_start: int | None, quiet_end: int | None, tz: str | None) -> None:
        await self._write1(
            "INSERT INTO user_prefs (user_id, quiet_start, quiet_end, tz) VALUES (?, ?, ?, ?) ON CONFLICT(user_id)"
            " DO UPDATE SET quiet_start = excluded.quiet_start, quiet_end = excluded.quiet_end, tz = excluded.tz",
            (user_id, quiet_start, quiet_end, tz),
        )

    async def undo(self, game_pk: int, expected_version: int, seqs: Sequence[int], seat: str,
                   snapshot: dict, status: str, text: str) -> int:
        now = time.time()
        new_version = expected_version + 1

        async def work(db):
            rowcount, _ = await _x(
                db,
                "UPDATE games SET version = ?, status = ?, updated = ? WHERE pk = ? AND version = ? AND status = 'active'",
                (new_version, status, now, game_pk, expected_version),
            )
            if rowcount != 1:
                row = await self._one("SELECT version FROM games WHERE pk = ?", (game_pk,))
                raise VersionConflict(expected_version, row[0] if row else None)
            await _xmany(db, "UPDATE actions SET undone = 1 WHERE game_pk = ? AND seq = ?", [(game_pk, q) for q in seqs])
            await _x(
                db,
                "INSERT INTO actions (game_pk, seq, seat, action, created, flag, text) VALUES (?, ?, ?, ?, ?, 'undo', ?)",
                (game_pk, new_version, seat, _dumps({"undo": list(seqs)}), now, text),
            )
            await _x(db, "INSERT OR REPLACE INTO snapshots (game_pk, version, state) VALUES (?, ?, ?)",
                     (game_pk, new_version, _dumps(snapshot)))
            return new_version

        return await self._tx(work, guarded=True)

    _VOTE_COLS = "pk, game_pk, kind, subject, version, voters, yes, status"

    @staticmethod
    def _vote(row: Any) -> VoteRow | None:
        if row is None:
            return None
        pk, game_pk, kind, subject, version, voters, yes, status = row
        return VoteRow(pk, game_pk, kind, subject, version, json.loads(voters), json.loads(yes), status)

    async def open_vote(self, game_pk: int, kind: str, subject: str, version: int, voters: Sequence[str]) -> int:
        async def work(db):
            _, pk = await _x(
                db, "INSERT INTO votes (game_pk, kind, subject, version, voters, created) VALUES (?, ?, ?, ?, ?, ?)",
                (game_pk, kind, subject, version, _dumps(list(voters)), time.time()),
            )
            return pk

        return await self._tx(work)

    async def votes(self, game_pk: int, status: str | None = "open") -> list[VoteRow]:
        if status is None:
            rows = await self._qall(f"SELECT {self._VOTE_COLS} FROM votes WHERE game_pk = ? ORDER BY pk", (game_pk,))
        else:
            rows = await self._qall(f"SELECT {self._VOTE_COLS} FROM votes WHERE game_pk = ? AND status = ? ORDER BY pk",
                                    (game_pk, status))
        return [self._vote(r) for r in rows]

    async def get_vote(self, vote_pk: int) -> VoteRow | None:
        return self._vote(await self._q1(f"SELECT {self._VOTE_COLS} FROM votes WHERE pk = ?", (vote_pk,)))

    async def set_vote(self, vote_pk: int, yes: Sequence[str], status: str) -> None:
        await self._write1("UPDATE votes SET yes = ?, status = ? WHERE pk = ?", (_dumps(list(yes)), status, vote_pk))

    async def get_meta(self, key: str) -> str | None:
        row = await self._q1("SELECT value FROM bot_meta WHERE key = ?", (key,))
        return row[0] if row else None

    async def set_meta(self, key: str, value: str) -> None:
        async def work(db):
            await _x(
                db,
                "INSERT INTO bot_meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                (key, value),
            )

        await self._tx(work)
