"""Storage of tables, games, seats, the action log and snapshots, in parts:

* :mod:`bot.store.rows` the row types (:class:`GameRow`, :class:`SeatRow`, …) and
  :mod:`bot.store.errors` the errors (:class:`VersionConflict`, :class:`OutOfSpace`, …);
* :mod:`bot.store.interface` :class:`Store`, the interface the service uses, made of role
  interfaces (tables and lobbies, moves, play over days, lists, votes);
* :mod:`bot.store.sql_base` and :mod:`bot.store.sql` the SQL both backends share, each
  statement written once;
* the backends: :mod:`bot.store.sqlite` (:class:`SqliteStore`, one process; schema in
  :mod:`bot.store.sqlite_schema`) and :mod:`bot.store.postgres` (``PostgresStore``, several
  processes sharing one database; schema in :mod:`bot.store.postgres_schema`; asyncpg is
  imported only when it connects). :func:`bot.stores.make_store` picks one from a URL. A
  schema change is a new migration in BOTH ``MIGRATIONS`` and ``PG_MIGRATIONS``.

Every name the rest of the program uses is importable from here (``from bot.store import
SqliteStore, VersionConflict``); the PostgreSQL store from :mod:`bot.store.postgres`.

Schema (version 5; version 5 adds the asynchronous-play columns listed in MIGRATIONS)::

    games(pk, table_id, game_id, options JSON, seed, status, host, version, created, updated,
          posted)
        one live game (status lobby/active) per table: partial unique index;
        posted: the last version whose board reached the channel (-1: none yet), so a
        restarted bot can post what it committed but never showed (reconcile on boot)
    seats(game_pk → games, seat, user_id, joined, seat_order, is_ai, resigned, dm_ok, …,
          handover)   handover: why the AI plays a human's seat (RESIGNED, VOTED_OUT, TIMED_OUT)
    actions(game_pk → games, seq, seat, action JSON, created)     append-only log
    snapshots(game_pk → games, version, state JSON)               latest state of a game
    bot_meta(key, value)                                          process-wide settings
        (e.g. the hash of the last synced Discord command tree)

A move: :meth:`Store.commit` appends the actions with sequence numbers ``version+1…`` and
replaces the snapshot in ONE transaction, only if the game's stored version still equals
the expected one (else :class:`VersionConflict`, nothing written).
"""

from __future__ import annotations

from bot.store.errors import (
    DatabaseTimeout,
    OutOfSpace,
    OverLimit,
    SchemaTooNew,
    TableBusy,
    UnusableDatabase,
    VersionConflict,
)
from bot.store.interface import ClockStore, DirectoryStore, MoveStore, Store, TableStore, VoteStore
from bot.store.rows import RESIGNED, TIMED_OUT, VOTED_OUT, ActionRow, GameRow, Move, SeatRow, VoteRow, dumps
from bot.store.sql import SqlStore
from bot.store.sql_base import Tx
from bot.store.sqlite import SqliteStore
from bot.store.sqlite_schema import APPLICATION_ID, MIGRATIONS, SCHEMA_VERSION, SQLITE_HEADER, check_sqlite_file

__all__ = [
    "RESIGNED",
    "VOTED_OUT",
    "TIMED_OUT",
    "GameRow",
    "SeatRow",
    "ActionRow",
    "VoteRow",
    "Move",
    "Store",
    "TableStore",
    "MoveStore",
    "ClockStore",
    "DirectoryStore",
    "VoteStore",
    "SqlStore",
    "Tx",
    "SqliteStore",
    "VersionConflict",
    "TableBusy",
    "OutOfSpace",
    "OverLimit",
    "DatabaseTimeout",
    "SchemaTooNew",
    "UnusableDatabase",
    "APPLICATION_ID",
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "SQLITE_HEADER",
    "check_sqlite_file",
    "dumps",
]
