"""What the two SQL stores share: the :class:`Store` interface and its row types, and
:class:`SqlStore`, every part of the interface that is the same logic on SQLite
(:class:`bot.store.SqliteStore`) and PostgreSQL (:class:`bot.store_pg.PostgresStore`).

:class:`SqlStore` writes each statement once, in SQLite's ``?`` placeholder style (the
PostgreSQL store numbers them ``$1…`` once per statement text), in SQL both databases
accept (``ON CONFLICT … DO UPDATE``, ``TRUE``/``FALSE``; SQLite stores a boolean as 1/0).
A backend supplies three primitives: :meth:`SqlStore._read1` and :meth:`SqlStore._read`
(reads outside any transaction) and :meth:`SqlStore._transaction` (``work(tx)`` in one
transaction, ``tx`` a :class:`Tx`). What stays per backend: connecting, migrations, the
transaction machinery, and :meth:`Store.commit` (SQLite: a few statements in one
group-committed transaction; PostgreSQL: one statement, one round trip).

Everything here is re-exported by :mod:`bot.store`, where the rest of the program imports it.
"""

from __future__ import annotations

import abc
import json
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = [
    "GameRow",
    "SeatRow",
    "ActionRow",
    "VoteRow",
    "Move",
    "Store",
    "SqlStore",
    "Tx",
    "VersionConflict",
    "TableBusy",
    "OutOfSpace",
    "SchemaTooNew",
    "UnusableDatabase",
    "dumps",
]


def dumps(data: Any) -> str:
    """JSON text as both stores keep it: compact, keys sorted (a snapshot's text is the same
    byte for byte in SQLite and PostgreSQL, so a migration can compare them)."""

    return json.dumps(data, separators=(",", ":"), sort_keys=True)


class VersionConflict(Exception):
    """The game is no longer at the expected version (a concurrent or stale write)."""

    def __init__(self, expected: int, current: int | None):
        super().__init__(f"expected version {expected}, stored {current}")
        self.expected = expected
        self.current = current


class UnusableDatabase(RuntimeError):
    """The database cannot be used, checked when the store opens (before anything is
    written): ``str(exc)`` is one sentence for the admin saying what is wrong with which file
    and what to do. ``boardhost run`` and ``boardhost migrate`` print it and exit non-zero."""


class SchemaTooNew(UnusableDatabase):
    """The database was written by a newer boardhost: its schema version is above
    :data:`bot.store.SCHEMA_VERSION`. The message is one sentence naming both versions."""

    @classmethod
    def of(cls, where: str, stored: int, supported: int) -> SchemaTooNew:
        """The refusal for the database ``where`` at schema version ``stored``."""

        return cls(
            f"The database {where} has schema version {stored}, newer than this boardhost"
            f" (version {supported}); upgrade boardhost before using it."
        )


class OutOfSpace(RuntimeError):
    """A write failed because the database cannot grow: SQLite's "database or disk is full"
    (SQLITE_FULL: the disk, or ``PRAGMA max_page_count``) or PostgreSQL's ``disk_full``
    (SQLSTATE 53100). Nothing of the failed write was stored; ``__cause__`` is the driver's
    original error (its message is kept in this one)."""

    @classmethod
    def of(cls, exc: BaseException) -> OutOfSpace:
        """The driver's error ``exc`` (its "cannot grow" error) as OutOfSpace, chained to it."""

        full = cls(f"the database cannot grow: {exc}")
        full.__cause__ = exc
        return full


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
    #: absent player (deadline) or for a seat handed to it (resigned, voted out); "undo": a marker row undoing the seqs in ``action["undo"]``
    flag: str | None = None
    #: taken back by a later undo
    undone: bool = False
    #: the move's text for every viewer as :func:`bot.movelog.move_text` writes it (JSON; a row
    #: from before that format: the describe sentence and public events, one per line;
    #: None: not stored, see :func:`bot.movelog.read_move_text`)
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


@dataclass
class Move:
    """One :meth:`Store.commit`, worked out for the backend: ``log`` holds one ``(seq,
    seat, action JSON, flag, text)`` per action (seqs from ``expected_version + 1``),
    ``snapshot`` the state's JSON text, ``now`` the epoch seconds stored as created/updated."""

    game_pk: int
    expected_version: int
    new_version: int
    log: list[tuple[int, str, str, str | None, str | None]]
    snapshot: str
    status: str
    resigned: str | None
    clock: tuple[float | None, float | None] | None
    now: float


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
    async def get_game(self, pk: int) -> GameRow | None: ...

    @abc.abstractmethod
    async def create_game(
        self,
        table_id: str,
        game_id: str,
        options: dict,
        seed: int,
        host: str,
        seat_host: bool = True,
        settings: dict | None = None,
        guild: str | None = None,
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
    async def remove_seat(self, game_pk: int, seat: str) -> None: ...

    @abc.abstractmethod
    async def set_host(self, game_pk: int, host: str) -> None: ...

    @abc.abstractmethod
    async def set_status(self, game_pk: int, status: str) -> None:
        """Lobby → cancelled (no version change)."""

    @abc.abstractmethod
    async def start_game(self, game_pk: int, order: Sequence[str], snapshot: dict) -> None:
        """Lobby → active at version 0: store the seat order and the setup snapshot, in one
        transaction; :class:`VersionConflict` (nothing written) when the game is no longer a
        lobby or its seats are not exactly ``order``."""

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
        ``turn_started`` differs from the stored one) resets every seat's reminder count.
        The rows are worked out here once (:class:`Move`); a backend writes them in
        :meth:`_commit_move`."""

        meta = list(meta) if meta is not None else [{}] * len(actions)
        log = [
            (expected_version + 1 + i, seat, dumps(action), m.get("flag"), m.get("text"))
            for i, ((seat, action), m) in enumerate(zip(actions, meta))
        ]
        return await self._commit_move(
            Move(
                game_pk,
                expected_version,
                expected_version + len(actions),
                log,
                dumps(snapshot),
                status,
                resigned,
                clock,
                time.time(),
            )
        )

    @abc.abstractmethod
    async def _commit_move(self, move: Move) -> int:
        """Write ``move`` as :meth:`commit` describes (one transaction, guarded by
        ``move.expected_version``); returns ``move.new_version``."""

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
    async def set_dm_ok(self, game_pk: int, seat: str, ok: bool) -> None: ...

    @abc.abstractmethod
    async def mark_posted(self, game_pk: int, version: int) -> None:
        """Record that the channel has seen the board at ``version`` (never moves back)."""

    @abc.abstractmethod
    async def unposted(self) -> list[GameRow]:
        """Started games (active or over) whose last posted version is behind their version:
        what a restarted bot still owes the channels, oldest game first."""

    @abc.abstractmethod
    async def active_games(self) -> list[GameRow]:
        """Every active (started, not over) game, oldest first: what a starting bot looks
        through for AI turns left due (issue 11.1)."""

    # ----- asynchronous play (issue 12) ---------------------------------------------
    @abc.abstractmethod
    async def set_settings(self, game_pk: int, settings: dict) -> None:
        """Replace the game's settings JSON."""

    @abc.abstractmethod
    async def set_clock(
        self, game_pk: int, turn_started: float | None, next_due: float | None, reset_reminders: bool = False
    ) -> None:
        """Set when the current turn started and when the loop must look again; with
        ``reset_reminders`` every seat's reminder count goes back to 0 (a new turn)."""

    @abc.abstractmethod
    async def set_next_due(self, game_pk: int, next_due: float | None) -> None: ...

    @abc.abstractmethod
    async def due_games(self, now: float, limit: int = 1000) -> list[GameRow]:
        """Active games whose ``next_due`` is at or before ``now``, earliest first (indexed)."""

    @abc.abstractmethod
    async def set_reminded(self, game_pk: int, counts: dict[str, int]) -> None:
        """Store reminder counts per seat."""

    @abc.abstractmethod
    async def set_vacation(self, game_pk: int, seat: str, until: float | None, used: float) -> None: ...

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
    async def set_guild(self, game_pk: int, guild: str | None) -> None: ...

    @abc.abstractmethod
    async def set_status_message(self, game_pk: int, message_id: str | None) -> None: ...

    @abc.abstractmethod
    async def get_prefs(self, user_id: str) -> tuple[int | None, int | None, str | None]:
        """(quiet_start hour, quiet_end hour, tz name) of a user; Nones if unset."""

    @abc.abstractmethod
    async def set_prefs(self, user_id: str, quiet_start: int | None, quiet_end: int | None, tz: str | None) -> None: ...

    @abc.abstractmethod
    async def undo(
        self,
        game_pk: int,
        expected_version: int,
        seqs: Sequence[int],
        seat: str,
        snapshot: dict,
        status: str,
        text: str,
    ) -> int:
        """Mark ``seqs`` undone and append an undo marker row (flag "undo", action
        ``{"undo": seqs}``) at ``expected_version+1``; replace the snapshot; one
        transaction, guarded like :meth:`commit`. Returns the new version."""

    @abc.abstractmethod
    async def open_vote(self, game_pk: int, kind: str, subject: str, version: int, voters: Sequence[str]) -> int:
        """A new open vote; returns its pk."""

    @abc.abstractmethod
    async def votes(self, game_pk: int, status: str | None = "open") -> list[VoteRow]: ...

    @abc.abstractmethod
    async def get_vote(self, vote_pk: int) -> VoteRow | None: ...

    @abc.abstractmethod
    async def set_vote(self, vote_pk: int, yes: Sequence[str], status: str) -> None: ...

    @abc.abstractmethod
    async def get_meta(self, key: str) -> str | None:
        """The stored value of a process-wide setting, None if unset."""

    @abc.abstractmethod
    async def set_meta(self, key: str, value: str) -> None:
        """Store (insert or replace) a process-wide setting."""


class Tx(abc.ABC):
    """One open transaction of a :class:`SqlStore` (given to the ``work`` of
    :meth:`SqlStore._transaction`); statements in ``?`` style, arguments positional."""

    @abc.abstractmethod
    async def one(self, sql: str, *args: Any) -> Any:
        """The first row (indexable by position), None if none."""

    @abc.abstractmethod
    async def all(self, sql: str, *args: Any) -> list[Any]: ...

    @abc.abstractmethod
    async def run(self, sql: str, *args: Any) -> int:
        """Execute a writing statement; the number of rows it changed."""

    @abc.abstractmethod
    async def many(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """Execute the statement once per argument tuple."""

    @abc.abstractmethod
    async def insert(self, sql: str, *args: Any) -> int:
        """Execute an INSERT into a table with an integer ``pk``; the new row's pk."""


class SqlStore(Store):
    """The :class:`Store` methods whose logic is the same on both SQL backends (module
    docstring); a backend implements :meth:`_read1`, :meth:`_read`, :meth:`_transaction`,
    :meth:`commit` and its connection/migration methods."""

    #: seconds the last transaction took (BEGIN to COMMIT, without waiting for a
    #: connection), read by the service right after a commit for its timings
    last_tx_seconds: float = 0.0
    #: transactions run, committed or rolled back (a SQLite group commit counts once)
    transactions: int = 0
    #: how to lock a game row for the rest of a transaction (PostgreSQL: ``FOR UPDATE``;
    #: SQLite's write transaction already excludes every other writer)
    _LOCK_ROW = ""
    #: the SQL function giving the larger of two values
    _GREATEST = "MAX"

    # ----- the backend's primitives -------------------------------------------------
    @abc.abstractmethod
    async def _read1(self, sql: str, *args: Any) -> Any:
        """A read outside any transaction: its first row (indexable by position) or None."""

    @abc.abstractmethod
    async def _read(self, sql: str, *args: Any) -> list[Any]:
        """A read outside any transaction: all its rows."""

    @abc.abstractmethod
    async def _transaction(self, work: Callable[[Tx], Awaitable[Any]], guarded: bool = False) -> Any:
        """``await work(tx)`` in one transaction; its result, or its exception after a
        rollback of its writes. ``guarded``: ``work`` raises only :class:`VersionConflict`
        and only before its first write (SQLite's group commit then needs no savepoint)."""

    def _is_table_busy(self, exc: Exception) -> bool:
        """Whether ``exc``, raised by :meth:`create_game`'s transaction, is the one-live-game
        index refusing a second live game (a creator racing in another process)."""

        return False

    async def _write1(self, sql: str, *args: Any) -> None:
        """One writing statement in its own transaction."""

        async def work(tx: Tx) -> None:
            await tx.run(sql, *args)

        await self._transaction(work)

    # ----- rows ---------------------------------------------------------------------
    _GAME_COLS = (
        "pk, table_id, game_id, options, seed, status, host, version, posted, settings, turn_started,"
        " next_due, status_message, guild"
    )
    #: :data:`_GAME_COLS` of the table aliased ``g`` in a join, and how many they are
    _G_GAME_COLS = ", ".join("g." + c.strip() for c in _GAME_COLS.split(","))
    _GAME_WIDTH = len(_GAME_COLS.split(","))
    _SEAT_COLS = "seat, user_id, joined, seat_order, is_ai, resigned, dm_ok, reminded, vacation_until, vacation_used"
    _SEAT_ORDER = "ORDER BY COALESCE(seat_order, joined), joined"
    _ACTION_COLS = "seq, seat, action, flag, undone, text, created"
    _VOTE_COLS = "pk, game_pk, kind, subject, version, voters, yes, status"

    @staticmethod
    def _game(row: Any) -> GameRow | None:
        """A :data:`_GAME_COLS` row as a GameRow (None stays None)."""

        if row is None:
            return None
        pk, table_id, game_id, options, seed, status, host, version, posted, settings, started, due, msg, guild = row
        return GameRow(
            pk,
            table_id,
            game_id,
            json.loads(options),
            seed,
            status,
            host,
            version,
            posted,
            json.loads(settings or "{}"),
            started,
            due,
            msg,
            guild,
        )

    @staticmethod
    def _seat(row: Any) -> SeatRow:
        """A :data:`_SEAT_COLS` row as a SeatRow (SQLite's 0/1 flags as booleans)."""

        seat, user_id, joined, order, is_ai, resigned, dm_ok, reminded, until, used = row
        return SeatRow(seat, user_id, joined, order, bool(is_ai), bool(resigned), bool(dm_ok), reminded, until, used)

    @staticmethod
    def _vote(row: Any) -> VoteRow | None:
        if row is None:
            return None
        pk, game_pk, kind, subject, version, voters, yes, status = row
        return VoteRow(pk, game_pk, kind, subject, version, json.loads(voters), json.loads(yes), status)

    # ----- reads --------------------------------------------------------------------
    async def live_game(self, table_id: str) -> GameRow | None:
        return self._game(
            await self._read1(
                f"SELECT {self._GAME_COLS} FROM games WHERE table_id = ? AND status IN ('lobby', 'active')", table_id
            )
        )

    async def last_game(self, table_id: str) -> GameRow | None:
        # a live game is always the table's newest (a game is created only when none is live)
        return self._game(
            await self._read1(
                f"SELECT {self._GAME_COLS} FROM games WHERE table_id = ? ORDER BY pk DESC LIMIT 1", table_id
            )
        )

    async def get_game(self, pk: int) -> GameRow | None:
        return self._game(await self._read1(f"SELECT {self._GAME_COLS} FROM games WHERE pk = ?", pk))

    async def seats(self, game_pk: int) -> list[SeatRow]:
        rows = await self._read(f"SELECT {self._SEAT_COLS} FROM seats WHERE game_pk = ? {self._SEAT_ORDER}", game_pk)
        return [self._seat(r) for r in rows]

    _LIVE_SEATS_SQL = (
        "SELECT "
        + _G_GAME_COLS
        + ", "
        + ", ".join("s." + c.strip() for c in _SEAT_COLS.split(","))
        + " FROM games g LEFT JOIN seats s ON s.game_pk = g.pk"
        " WHERE g.table_id = ? AND g.status IN ('lobby', 'active')"
        " ORDER BY COALESCE(s.seat_order, s.joined), s.joined"
    )

    async def live_game_seats(self, table_id: str) -> tuple[GameRow | None, list[SeatRow]]:
        """One statement: the live game's columns joined with each of its seats (a lobby
        without seats gives one row of NULL seat columns), seats in :meth:`seats`' order."""

        rows = await self._read(self._LIVE_SEATS_SQL, table_id)
        if not rows:
            return None, []
        width = self._GAME_WIDTH
        return self._game(rows[0][:width]), [self._seat(r[width:]) for r in rows if r[width] is not None]

    async def snapshot(self, game_pk: int) -> tuple[int, str] | None:
        row = await self._read1("SELECT version, state FROM snapshots WHERE game_pk = ?", game_pk)
        return (row[0], row[1]) if row else None

    async def actions(self, game_pk: int, after: int = 0, limit: int | None = None) -> list[ActionRow]:
        if limit is None:
            rows = await self._read(
                f"SELECT {self._ACTION_COLS} FROM actions WHERE game_pk = ? AND seq > ? ORDER BY seq", game_pk, after
            )
        else:
            rows = list(
                reversed(
                    await self._read(
                        f"SELECT {self._ACTION_COLS} FROM actions WHERE game_pk = ? AND seq > ? ORDER BY seq DESC LIMIT ?",
                        game_pk,
                        after,
                        limit,
                    )
                )
            )
        return [
            ActionRow(seq, seat, json.loads(action), flag, bool(undone), text, created)
            for seq, seat, action, flag, undone, text, created in rows
        ]

    async def unposted(self) -> list[GameRow]:
        rows = await self._read(
            f"SELECT {self._GAME_COLS} FROM games WHERE status IN ('active', 'over') AND posted < version ORDER BY pk"
        )
        return [self._game(r) for r in rows]

    async def active_games(self) -> list[GameRow]:
        rows = await self._read(f"SELECT {self._GAME_COLS} FROM games WHERE status = 'active' ORDER BY pk")
        return [self._game(r) for r in rows]

    async def due_games(self, now: float, limit: int = 1000) -> list[GameRow]:
        rows = await self._read(
            f"SELECT {self._GAME_COLS} FROM games WHERE next_due IS NOT NULL AND next_due <= ? AND status = 'active'"
            " ORDER BY next_due LIMIT ?",
            now,
            limit,
        )
        return [self._game(r) for r in rows]

    async def user_games(self, user_id: str) -> list[GameRow]:
        rows = await self._read(
            f"SELECT {self._G_GAME_COLS} FROM games g JOIN seats s ON s.game_pk = g.pk WHERE s.user_id = ? AND NOT s.is_ai"
            " AND NOT s.resigned AND g.status = 'active' ORDER BY g.pk",
            user_id,
        )
        return [self._game(r) for r in rows]

    async def guild_games(self, guild: str) -> list[GameRow]:
        rows = await self._read(
            f"SELECT {self._GAME_COLS} FROM games WHERE guild = ? AND status IN ('lobby', 'active') ORDER BY pk",
            guild,
        )
        return [self._game(r) for r in rows]

    async def get_prefs(self, user_id: str) -> tuple[int | None, int | None, str | None]:
        row = await self._read1("SELECT quiet_start, quiet_end, tz FROM user_prefs WHERE user_id = ?", user_id)
        return (row[0], row[1], row[2]) if row else (None, None, None)

    async def votes(self, game_pk: int, status: str | None = "open") -> list[VoteRow]:
        if status is None:
            rows = await self._read(f"SELECT {self._VOTE_COLS} FROM votes WHERE game_pk = ? ORDER BY pk", game_pk)
        else:
            rows = await self._read(
                f"SELECT {self._VOTE_COLS} FROM votes WHERE game_pk = ? AND status = ? ORDER BY pk", game_pk, status
            )
        return [self._vote(r) for r in rows]

    async def get_vote(self, vote_pk: int) -> VoteRow | None:
        return self._vote(await self._read1(f"SELECT {self._VOTE_COLS} FROM votes WHERE pk = ?", vote_pk))

    async def get_meta(self, key: str) -> str | None:
        row = await self._read1("SELECT value FROM bot_meta WHERE key = ?", key)
        return row[0] if row else None

    # ----- lobby writes -------------------------------------------------------------
    async def _lock_game(self, tx: Tx, game_pk: int) -> str | None:
        """Lock the game's row for the rest of the transaction (:data:`_LOCK_ROW`); its
        status (None: no such game)."""

        row = await tx.one(f"SELECT status FROM games WHERE pk = ?{self._LOCK_ROW}", game_pk)
        return row[0] if row else None

    async def create_game(
        self,
        table_id: str,
        game_id: str,
        options: dict,
        seed: int,
        host: str,
        seat_host: bool = True,
        settings: dict | None = None,
        guild: str | None = None,
    ) -> GameRow:
        now = time.time()
        settings = dict(settings or {})

        async def work(tx: Tx) -> int:
            if await tx.one("SELECT pk FROM games WHERE table_id = ? AND status IN ('lobby', 'active')", table_id):
                raise TableBusy(table_id)
            pk = await tx.insert(
                "INSERT INTO games (table_id, game_id, options, seed, status, host, version, created, updated,"
                " settings, guild) VALUES (?, ?, ?, ?, 'lobby', ?, 0, ?, ?, ?, ?)",
                table_id,
                game_id,
                dumps(options),
                seed,
                host,
                now,
                now,
                dumps(settings),
                guild,
            )
            if seat_host:
                await tx.run(
                    "INSERT INTO seats (game_pk, seat, user_id, joined, is_ai) VALUES (?, ?, ?, 0, FALSE)",
                    pk,
                    host,
                    host,
                )
            return pk

        try:
            pk = await self._transaction(work)
        except Exception as exc:
            if self._is_table_busy(exc):  # another process created one meanwhile
                raise TableBusy(table_id) from exc
            raise
        return GameRow(pk, table_id, game_id, options, seed, "lobby", host, 0, settings=settings, guild=guild)

    async def add_seat(
        self, game_pk: int, seat: str, user_id: str | None, is_ai: bool, max_seats: int | None = None
    ) -> None:
        async def work(tx: Tx) -> None:
            status = await self._lock_game(tx, game_pk)
            taken = [r[0] for r in await tx.all("SELECT seat FROM seats WHERE game_pk = ?", game_pk)]
            if status != "lobby" or seat in taken or (max_seats is not None and len(taken) >= max_seats):
                raise VersionConflict(0, None)
            (joined,) = await tx.one("SELECT COALESCE(MAX(joined) + 1, 0) FROM seats WHERE game_pk = ?", game_pk)
            await tx.run(
                "INSERT INTO seats (game_pk, seat, user_id, joined, is_ai) VALUES (?, ?, ?, ?, ?)",
                game_pk,
                seat,
                user_id,
                joined,
                bool(is_ai),
            )

        await self._transaction(work)

    async def remove_seat(self, game_pk: int, seat: str) -> None:
        async def work(tx: Tx) -> None:
            await self._lock_game(tx, game_pk)
            await tx.run("DELETE FROM seats WHERE game_pk = ? AND seat = ?", game_pk, seat)

        await self._transaction(work)

    async def set_host(self, game_pk: int, host: str) -> None:
        await self._write1("UPDATE games SET host = ?, updated = ? WHERE pk = ?", host, time.time(), game_pk)

    async def set_status(self, game_pk: int, status: str) -> None:
        await self._write1("UPDATE games SET status = ?, updated = ? WHERE pk = ?", status, time.time(), game_pk)

    _PUT_SNAPSHOT = (
        "INSERT INTO snapshots (game_pk, version, state) VALUES (?, ?, ?)"
        " ON CONFLICT (game_pk) DO UPDATE SET version = excluded.version, state = excluded.state"
    )

    async def start_game(self, game_pk: int, order: Sequence[str], snapshot: dict) -> None:
        async def work(tx: Tx) -> None:
            status = await self._lock_game(tx, game_pk)
            seated = {r[0] for r in await tx.all("SELECT seat FROM seats WHERE game_pk = ?", game_pk)}
            if status != "lobby" or seated != set(order):
                raise VersionConflict(0, None)
            await tx.many(
                "UPDATE seats SET seat_order = ? WHERE game_pk = ? AND seat = ?",
                [(i, game_pk, seat) for i, seat in enumerate(order)],
            )
            await tx.run(self._PUT_SNAPSHOT, game_pk, 0, dumps(snapshot))
            await tx.run(
                "UPDATE games SET status = 'active', version = 0, updated = ? WHERE pk = ?", time.time(), game_pk
            )

        await self._transaction(work)

    # ----- moves --------------------------------------------------------------------
    async def _guard(
        self, tx: Tx, game_pk: int, expected_version: int, new_version: int, status: str, now: float
    ) -> None:
        """The version guard of a move: set the new version and status only if the game is
        active at ``expected_version``, else :class:`VersionConflict` (nothing written)."""

        if (
            await tx.run(
                "UPDATE games SET version = ?, status = ?, updated = ? WHERE pk = ? AND version = ?"
                " AND status = 'active'",
                new_version,
                status,
                now,
                game_pk,
                expected_version,
            )
            != 1
        ):
            raise await self._conflict(tx, game_pk, expected_version)

    @staticmethod
    async def _conflict(tx: Tx, game_pk: int, expected_version: int) -> VersionConflict:
        """The refusal of a move whose version guard did not match: :class:`VersionConflict`
        naming the version stored now (None: no such game)."""

        row = await tx.one("SELECT version FROM games WHERE pk = ?", game_pk)
        return VersionConflict(expected_version, row[0] if row else None)

    async def undo(
        self,
        game_pk: int,
        expected_version: int,
        seqs: Sequence[int],
        seat: str,
        snapshot: dict,
        status: str,
        text: str,
    ) -> int:
        now = time.time()
        new_version = expected_version + 1

        async def work(tx: Tx) -> int:
            await self._guard(tx, game_pk, expected_version, new_version, status, now)
            await tx.many(
                "UPDATE actions SET undone = TRUE WHERE game_pk = ? AND seq = ?", [(game_pk, q) for q in seqs]
            )
            await tx.run(
                "INSERT INTO actions (game_pk, seq, seat, action, created, flag, text)"
                " VALUES (?, ?, ?, ?, ?, 'undo', ?)",
                game_pk,
                new_version,
                seat,
                dumps({"undo": list(seqs)}),
                now,
                text,
            )
            await tx.run(self._PUT_SNAPSHOT, game_pk, new_version, dumps(snapshot))
            return new_version

        return await self._transaction(work, guarded=True)

    async def put_snapshot(self, game_pk: int, version: int, state: dict) -> None:
        await self._write1(
            "INSERT INTO snapshots (game_pk, version, state)"
            " SELECT ?, ?, ? WHERE EXISTS (SELECT 1 FROM games WHERE pk = ? AND version = ?)"
            " ON CONFLICT (game_pk) DO UPDATE SET version = excluded.version, state = excluded.state"
            " WHERE snapshots.version <= excluded.version",
            game_pk,
            version,
            dumps(state),
            game_pk,
            version,
        )

    async def set_dm_ok(self, game_pk: int, seat: str, ok: bool) -> None:
        await self._write1("UPDATE seats SET dm_ok = ? WHERE game_pk = ? AND seat = ?", bool(ok), game_pk, seat)

    async def mark_posted(self, game_pk: int, version: int) -> None:
        await self._write1(f"UPDATE games SET posted = {self._GREATEST}(posted, ?) WHERE pk = ?", version, game_pk)

    # ----- asynchronous play (issue 12) ---------------------------------------------
    async def set_settings(self, game_pk: int, settings: dict) -> None:
        await self._write1("UPDATE games SET settings = ? WHERE pk = ?", dumps(settings), game_pk)

    async def set_clock(
        self, game_pk: int, turn_started: float | None, next_due: float | None, reset_reminders: bool = False
    ) -> None:
        async def work(tx: Tx) -> None:
            await tx.run(
                "UPDATE games SET turn_started = ?, next_due = ? WHERE pk = ?", turn_started, next_due, game_pk
            )
            if reset_reminders:
                await tx.run("UPDATE seats SET reminded = 0 WHERE game_pk = ?", game_pk)

        await self._transaction(work)

    async def set_next_due(self, game_pk: int, next_due: float | None) -> None:
        await self._write1("UPDATE games SET next_due = ? WHERE pk = ?", next_due, game_pk)

    async def set_reminded(self, game_pk: int, counts: dict[str, int]) -> None:
        async def work(tx: Tx) -> None:
            await tx.many(
                "UPDATE seats SET reminded = ? WHERE game_pk = ? AND seat = ?",
                [(n, game_pk, seat) for seat, n in counts.items()],
            )

        await self._transaction(work)

    async def set_vacation(self, game_pk: int, seat: str, until: float | None, used: float) -> None:
        await self._write1(
            "UPDATE seats SET vacation_until = ?, vacation_used = ? WHERE game_pk = ? AND seat = ?",
            until,
            used,
            game_pk,
            seat,
        )

    async def set_seat_user(self, game_pk: int, seat: str, user_id: str) -> None:
        await self._write1(
            "UPDATE seats SET user_id = ?, dm_ok = TRUE, reminded = 0 WHERE game_pk = ? AND seat = ?",
            user_id,
            game_pk,
            seat,
        )

    async def set_guild(self, game_pk: int, guild: str | None) -> None:
        await self._write1("UPDATE games SET guild = ? WHERE pk = ?", guild, game_pk)

    async def set_status_message(self, game_pk: int, message_id: str | None) -> None:
        await self._write1("UPDATE games SET status_message = ? WHERE pk = ?", message_id, game_pk)

    async def set_prefs(self, user_id: str, quiet_start: int | None, quiet_end: int | None, tz: str | None) -> None:
        await self._write1(
            "INSERT INTO user_prefs (user_id, quiet_start, quiet_end, tz) VALUES (?, ?, ?, ?) ON CONFLICT (user_id)"
            " DO UPDATE SET quiet_start = excluded.quiet_start, quiet_end = excluded.quiet_end, tz = excluded.tz",
            user_id,
            quiet_start,
            quiet_end,
            tz,
        )

    async def open_vote(self, game_pk: int, kind: str, subject: str, version: int, voters: Sequence[str]) -> int:
        async def work(tx: Tx) -> int:
            return await tx.insert(
                "INSERT INTO votes (game_pk, kind, subject, version, voters, created) VALUES (?, ?, ?, ?, ?, ?)",
                game_pk,
                kind,
                subject,
                version,
                dumps(list(voters)),
                time.time(),
            )

        return await self._transaction(work)

    async def set_vote(self, vote_pk: int, yes: Sequence[str], status: str) -> None:
        await self._write1("UPDATE votes SET yes = ?, status = ? WHERE pk = ?", dumps(list(yes)), status, vote_pk)

    async def set_meta(self, key: str, value: str) -> None:
        await self._write1(
            "INSERT INTO bot_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            key,
            value,
        )
