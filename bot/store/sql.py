"""The shared SQL: :class:`SqlStore`, every part of the :class:`bot.store.Store` interface
that is the same logic on SQLite (:class:`bot.store.sqlite.SqliteStore`) and PostgreSQL
(:class:`bot.store.postgres.PostgresStore`), in three parts by role: :class:`SqlReads`,
:class:`SqlLobbyWrites` (tables, lobbies, seats) and :class:`SqlPlayWrites` (undo,
snapshots, play over days, votes, settings), over :class:`bot.store.sql_base.SqlBase`.

Each statement is written once (see :mod:`bot.store.sql_base`). A backend supplies three
primitives: ``_read1`` and ``_read`` (reads outside any transaction) and ``_transaction``
(``work(tx)`` in one transaction, ``tx`` a :class:`bot.store.sql_base.Tx`). What stays per
backend: connecting, migrations, the transaction machinery, and :meth:`Store.commit`'s
``_commit_move`` (SQLite: a few statements in one group-committed transaction; PostgreSQL:
one statement, one round trip).
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence

from bot.store.errors import TableBusy, VersionConflict
from bot.store.rows import ActionRow, GameRow, SeatRow, VoteRow, dumps
from bot.store.sql_base import SqlBase, Tx

__all__ = ["SqlStore", "SqlReads", "SqlLobbyWrites", "SqlPlayWrites"]


class SqlReads(SqlBase):
    """The reads, each one statement outside any transaction."""

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
        + SqlBase._G_GAME_COLS
        + ", "
        + ", ".join("s." + c.strip() for c in SqlBase._SEAT_COLS.split(","))
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

    async def unplaced_games(self) -> list[GameRow]:
        rows = await self._read(
            f"SELECT {self._GAME_COLS} FROM games WHERE guild IS NULL AND status IN ('lobby', 'active') ORDER BY pk"
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


class SqlLobbyWrites(SqlBase):
    """Writes of tables, lobbies and seats (each lobby write locks the game row)."""

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
            if await self._lock_game(tx, game_pk) != "lobby":  # another process started it meanwhile
                raise VersionConflict(0, None)
            await tx.run("DELETE FROM seats WHERE game_pk = ? AND seat = ?", game_pk, seat)

        await self._transaction(work)

    async def set_host(self, game_pk: int, host: str) -> None:
        await self._write1("UPDATE games SET host = ?, updated = ? WHERE pk = ?", host, time.time(), game_pk)

    async def set_status(self, game_pk: int, status: str) -> None:
        await self._write1("UPDATE games SET status = ?, updated = ? WHERE pk = ?", status, time.time(), game_pk)

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

    async def set_seat_user(self, game_pk: int, seat: str, user_id: str) -> None:
        await self._write1(
            "UPDATE seats SET user_id = ?, dm_ok = TRUE, reminded = 0, resigned = FALSE, handover = NULL"
            " WHERE game_pk = ? AND seat = ?",
            user_id,
            game_pk,
            seat,
        )

    async def set_dm_ok(self, game_pk: int, seat: str, ok: bool) -> None:
        await self._write1("UPDATE seats SET dm_ok = ? WHERE game_pk = ? AND seat = ?", bool(ok), game_pk, seat)


class SqlPlayWrites(SqlBase):
    """Writes during play: undo under the version guard, snapshots, what was posted, play
    over days, votes, preferences and process-wide settings."""

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

    async def mark_posted(self, game_pk: int, version: int) -> None:
        await self._write1(f"UPDATE games SET posted = {self._GREATEST}(posted, ?) WHERE pk = ?", version, game_pk)

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

    async def orphan_games(self, now: float, *, table_id: str | None = None, guild: str | None = None) -> list[str]:
        async def work(tx: Tx) -> list[str]:
            where, arg = ("table_id = ?", table_id) if table_id is not None else ("guild = ?", guild)
            rows = await tx.all(f"SELECT table_id FROM games WHERE {where} AND status IN ('lobby', 'active')", arg)
            await tx.run(
                f"UPDATE games SET status = 'orphaned', gone = ?, next_due = NULL, updated = ?"
                f" WHERE {where} AND status IN ('lobby', 'active')",
                now,
                now,
                arg,
            )
            return [r[0] for r in rows]

        return await self._transaction(work)

    async def orphaned_games(self, guild: str) -> list[GameRow]:
        rows = await self._read(
            f"SELECT {self._GAME_COLS} FROM games WHERE guild = ? AND status = 'orphaned' ORDER BY pk", guild
        )
        return [self._game(r) for r in rows]

    async def restore_game(self, game_pk: int, now: float) -> bool:
        async def work(tx: Tx) -> bool:
            return bool(
                await tx.run(
                    "UPDATE games SET status = CASE WHEN EXISTS (SELECT 1 FROM seats s WHERE s.game_pk = games.pk"
                    " AND s.seat_order IS NOT NULL) THEN 'active' ELSE 'lobby' END, gone = NULL, next_due = ?,"
                    " updated = ? WHERE pk = ? AND status = 'orphaned' AND NOT EXISTS (SELECT 1 FROM games o"
                    " WHERE o.table_id = games.table_id AND o.status IN ('lobby', 'active'))",
                    now,
                    now,
                    game_pk,
                )
            )

        return await self._transaction(work)

    async def purge_orphans(self, before: float) -> int:
        async def work(tx: Tx) -> int:
            return await tx.run("DELETE FROM games WHERE status = 'orphaned' AND gone < ?", before)

        return await self._transaction(work)

    async def set_guild(self, game_pk: int, guild: str | None) -> None:
        await self._write1("UPDATE games SET guild = ? WHERE pk = ?", guild, game_pk)

    async def set_status_message(self, game_pk: int, message_id: str | None) -> None:
        await self._write1("UPDATE games SET status_message = ? WHERE pk = ?", message_id, game_pk)

    async def post_marks(self, game_pk: int) -> dict[str, dict]:
        rows = await self._read("SELECT slot, mark FROM post_marks WHERE game_pk = ?", game_pk)
        return {slot: json.loads(mark) for slot, mark in rows}

    async def set_post_mark(self, game_pk: int, slot: str, mark: dict | None) -> None:
        if mark is None:
            await self._write1("DELETE FROM post_marks WHERE game_pk = ? AND slot = ?", game_pk, slot)
            return
        await self._write1(
            "INSERT INTO post_marks (game_pk, slot, mark) VALUES (?, ?, ?)"
            " ON CONFLICT (game_pk, slot) DO UPDATE SET mark = excluded.mark",
            game_pk,
            slot,
            dumps(mark),
        )

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


class SqlStore(SqlReads, SqlLobbyWrites, SqlPlayWrites):
    """The :class:`bot.store.Store` methods whose logic is the same on both SQL backends
    (module docstring); a backend implements ``_read1``, ``_read``, ``_transaction``,
    ``_commit_move`` and its connection/migration methods."""
