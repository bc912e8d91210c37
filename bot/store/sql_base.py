"""The base of the shared SQL (:class:`bot.store.sql.SqlStore`): :class:`Tx`, one open
transaction, and :class:`SqlBase`, the primitives a backend supplies, the columns read and
how each row becomes its row type, and the row lock and version guard every write uses.

Each statement is written once, in SQLite's ``?`` placeholder style (the PostgreSQL store
numbers them ``$1…`` once per statement text), in SQL both databases accept (``ON CONFLICT …
DO UPDATE``, ``TRUE``/``FALSE``; SQLite stores a boolean as 1/0)."""

from __future__ import annotations

import abc
import json
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from bot.store.errors import VersionConflict
from bot.store.interface import Store
from bot.store.rows import RESIGNED, GameRow, SeatRow, VoteRow

__all__ = ["Tx", "SqlBase"]


class Tx(abc.ABC):
    """One open transaction of a :class:`bot.store.sql.SqlStore` (given to the ``work`` of
    :meth:`SqlBase._transaction`); statements in ``?`` style, arguments positional."""

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


class SqlBase(Store):
    """What every shared SQL method stands on: the backend's primitives (:meth:`_read1`,
    :meth:`_read`, :meth:`_transaction`), the columns and how a row becomes a row type, and
    the row lock and version guard of a write."""

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
    _SEAT_COLS = (
        "seat, user_id, joined, seat_order, is_ai, resigned, dm_ok, reminded, vacation_until, vacation_used, handover"
    )
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
        """A :data:`_SEAT_COLS` row as a SeatRow (SQLite's 0/1 flags as booleans; a seat
        resigned with no ``handover`` stored, written by an older bot, reads as resigned)."""

        seat, user_id, joined, order, is_ai, resigned, dm_ok, reminded, until, used, handover = row
        why = (handover or RESIGNED) if resigned else None
        return SeatRow(
            seat, user_id, joined, order, bool(is_ai), bool(resigned), bool(dm_ok), reminded, until, used, why
        )

    @staticmethod
    def _vote(row: Any) -> VoteRow | None:
        if row is None:
            return None
        pk, game_pk, kind, subject, version, voters, yes, status = row
        return VoteRow(pk, game_pk, kind, subject, version, json.loads(voters), json.loads(yes), status)

    # ----- the row lock and the version guard ---------------------------------------
    _PUT_SNAPSHOT = (
        "INSERT INTO snapshots (game_pk, version, state) VALUES (?, ?, ?)"
        " ON CONFLICT (game_pk) DO UPDATE SET version = excluded.version, state = excluded.state"
    )

    async def _lock_game(self, tx: Tx, game_pk: int) -> str | None:
        """Lock the game's row for the rest of the transaction (:data:`_LOCK_ROW`); its
        status (None: no such game)."""

        row = await tx.one(f"SELECT status FROM games WHERE pk = ?{self._LOCK_ROW}", game_pk)
        return row[0] if row else None

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
