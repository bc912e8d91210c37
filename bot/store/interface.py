"""The :class:`Store` interface: what the service needs from storage, as role interfaces
(:class:`TableStore`, :class:`MoveStore`, :class:`ClockStore`, :class:`DirectoryStore`,
:class:`VoteStore`) that :class:`Store` combines. All methods are coroutines; the rows are
:mod:`bot.store.rows`, the errors :mod:`bot.store.errors`."""

from __future__ import annotations

import abc
import time
from collections.abc import Sequence

from bot.store.rows import RESIGNED, ActionRow, GameRow, Move, SeatRow, VoteRow, dumps

__all__ = ["Store", "TableStore", "MoveStore", "ClockStore", "DirectoryStore", "VoteStore"]


class TableStore(abc.ABC):
    """Connecting, and the tables with their lobbies and seats: what the lobby and every
    guard of a table read and write."""

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
    async def remove_seat(self, game_pk: int, seat: str) -> None:
        """Unseat ``seat`` from the lobby; :class:`VersionConflict` (nothing written) when the
        game is no longer a lobby (another process started or cancelled it meanwhile)."""

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

    @abc.abstractmethod
    async def set_seat_user(self, game_pk: int, seat: str, user_id: str) -> None:
        """Hand a seat to another user (substitute); their DMs are assumed to work. A seat
        the AI took over (resigned, voted out, timed out) is a person's again: no longer
        resigned, no handover."""

    @abc.abstractmethod
    async def set_dm_ok(self, game_pk: int, seat: str, ok: bool) -> None: ...


class MoveStore(abc.ABC):
    """The action log and the snapshot of a game: moves and undos under the version guard,
    and what the channel has seen of them."""

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
        handover: str = RESIGNED,
    ) -> int:
        """Append ``actions`` ((seat, action JSON), may be empty) as ``expected_version+1…``,
        replace the snapshot, set the new version and ``status``; mark the ``resigned`` seat
        handed to the AI for the reason ``handover`` (:data:`bot.store.rows.RESIGNED`,
        ``VOTED_OUT``, ``TIMED_OUT``); all in ONE transaction, only if the stored version is
        ``expected_version``, else :class:`VersionConflict`. Returns the new version.

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
                handover,
            )
        )

    @abc.abstractmethod
    async def _commit_move(self, move: Move) -> int:
        """Write ``move`` as :meth:`commit` describes (one transaction, guarded by
        ``move.expected_version``); returns ``move.new_version``."""

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
    async def mark_posted(self, game_pk: int, version: int) -> None:
        """Record that the channel has seen the board at ``version`` (never moves back)."""

    @abc.abstractmethod
    async def unposted(self) -> list[GameRow]:
        """Started games (active or over) whose last posted version is behind their version:
        what a restarted bot still owes the channels, oldest game first."""

    @abc.abstractmethod
    async def active_games(self) -> list[GameRow]:
        """Every active (started, not over) game, oldest first: what a starting bot looks
        through for AI turns left due."""


class ClockStore(abc.ABC):
    """Play over days: per-table settings, the turn clock the periodic pass reads, reminders,
    vacations and the live status message."""

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
    async def set_status_message(self, game_pk: int, message_id: str | None) -> None: ...

    @abc.abstractmethod
    async def post_marks(self, game_pk: int) -> dict[str, dict]:
        """The game's post marks, slot -> the JSON object stored (see :meth:`set_post_mark`)."""

    @abc.abstractmethod
    async def set_post_mark(self, game_pk: int, slot: str, mark: dict | None) -> None:
        """Store (insert or replace) the mark of one of the game's messages that later posts
        edit (``slot``: ``"line"``, ``"dm:<user id>"``; ``mark``: a JSON object); None deletes it."""

    @abc.abstractmethod
    async def set_guild(self, game_pk: int, guild: str | None) -> None: ...

    @abc.abstractmethod
    async def orphan_games(self, now: float, *, table_id: str | None = None, guild: str | None = None) -> list[str]:
        """Close every live game at ``table_id`` (or of server ``guild``) as 'orphaned',
        found gone at ``now`` (epoch s), out of the periodic loop; the table ids closed."""

    @abc.abstractmethod
    async def orphaned_games(self, guild: str) -> list[GameRow]:
        """The orphaned games of server ``guild``, oldest first."""

    @abc.abstractmethod
    async def restore_game(self, game_pk: int, now: float) -> bool:
        """Reopen orphaned game ``game_pk`` as it was (active if it had started, else a
        lobby), due to the periodic loop at ``now``; False if it is not orphaned or its table
        has a live game again."""

    @abc.abstractmethod
    async def purge_orphans(self, before: float) -> int:
        """Delete the games orphaned before ``before`` (epoch s) with their seats, moves,
        snapshots and votes; how many games."""


class DirectoryStore(abc.ABC):
    """Lists across tables and what is kept per user and per process: a player's games, a
    server's games, quiet hours, process-wide settings."""

    @abc.abstractmethod
    async def user_games(self, user_id: str) -> list[GameRow]:
        """Active games where ``user_id`` holds a seat they still play (not resigned)."""

    @abc.abstractmethod
    async def guild_games(self, guild: str) -> list[GameRow]:
        """Live (lobby or active) games of a Discord server, oldest first."""

    @abc.abstractmethod
    async def unplaced_games(self) -> list[GameRow]:
        """Live (lobby or active) games whose server is not stored (games from a database
        made before the server was recorded), oldest first."""

    @abc.abstractmethod
    async def get_prefs(self, user_id: str) -> tuple[int | None, int | None, str | None]:
        """(quiet_start hour, quiet_end hour, tz name) of a user; Nones if unset."""

    @abc.abstractmethod
    async def set_prefs(self, user_id: str, quiet_start: int | None, quiet_end: int | None, tz: str | None) -> None: ...

    @abc.abstractmethod
    async def get_meta(self, key: str) -> str | None:
        """The stored value of a process-wide setting, None if unset."""

    @abc.abstractmethod
    async def set_meta(self, key: str, value: str) -> None:
        """Store (insert or replace) a process-wide setting."""


class VoteStore(abc.ABC):
    """Votes of a table (undo, kick)."""

    @abc.abstractmethod
    async def open_vote(self, game_pk: int, kind: str, subject: str, version: int, voters: Sequence[str]) -> int:
        """A new open vote; returns its pk."""

    @abc.abstractmethod
    async def votes(self, game_pk: int, status: str | None = "open") -> list[VoteRow]: ...

    @abc.abstractmethod
    async def get_vote(self, vote_pk: int) -> VoteRow | None: ...

    @abc.abstractmethod
    async def set_vote(self, vote_pk: int, yes: Sequence[str], status: str) -> None: ...


class Store(TableStore, MoveStore, ClockStore, DirectoryStore, VoteStore):
    """What the service layer needs from storage: every role interface above. All methods
    are coroutines."""
