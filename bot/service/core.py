"""The transport-free service layer: tables, lobby, seats, moves, AI seats (docs/architecture.md).

Nothing here imports discord. The cogs (``bot/cogs``) and the CLI (``boardhost simulate``)
are thin adapters over :class:`Service`.

Vocabulary
----------
* **table**: one Discord channel or thread, given as its id (``int`` or ``str``; kept as
  ``str``). At most one live game (lobby or active) per table; finished and cancelled
  games stay in the store as history.
* **seat**: a seat id the engine sees. A human's seat id is ``str(user.id)``; AI seats are
  ``ai-1``, ``ai-2``, …. The seat order is shuffled from the game's seed at start.
  A resigned human keeps the seat id; the AI plays the seat from then on and the player
  is ranked last.
* **user**: the caller, a Discord user id (``int`` or ``str``).

Every call either raises :class:`UserError` (one plain sentence; NOTHING changed) or
returns a :class:`Result` saying what to post publicly, what to send privately to whom
and whom to mention. Calls on one table are serialised by a per-table lock (injectable
through ``lock_factory`` so a test can prove the lock matters). Rendering never happens
inside the lock: a :class:`Result` carries the spectator ``view`` of the version it
belongs to; render it off the event loop with :meth:`Service.render_board` (async,
uses ``asyncio.to_thread``) or ``renderers.render_board(game_id, view)`` in a thread.

Posting in version order: each Result that changes the table carries a ``ticket``
(1, 2, 3… per table, assigned inside the lock). Wrap the posting of a Result in
``async with service.post_order(result):`` and the posts of one table go out in
ticket order even when renders finish out of order.

Reconcile: the store records per game the last version whose board reached the channel
(``games.posted``; the poster calls :meth:`Service.mark_posted`). :meth:`Service.unposted`
lists the games a restarted bot still owes a post, and :meth:`Service.catch_up` builds that
post (the current board, the missed public events, whom to mention).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

from bot.games import MOVES_HINT, refusal
from bot.movelog import MoveText, move_text, read_move_text
from bot.service.parsing import engine_for as _engine
from bot.service.parsing import option_values, parse_options, parse_settings
from bot.service.results import (
    ACTIVE,
    ADD_BOT_NOT_HOST,
    ADD_BOT_STARTED,
    ALREADY_RESIGNED,
    ALREADY_SEATED,
    ALREADY_VOTED,
    BOARD_CHANGED,
    CANCEL_NOT_HOST,
    CANCELLED,
    JOIN_STARTED,
    LAST_CANCELLED,
    LAST_OVER,
    LEAVE_STARTED,
    LOBBY,
    LOBBY_CHANGED,
    NO_GAME,
    NOT_A_VOTER,
    NOT_ON_VACATION,
    NOT_PLAYING,
    NOT_SEATED,
    NOT_STARTED,
    NOTHING_TO_EXPORT,
    NOTHING_TO_UNDO,
    OVER,
    RESIGNED,
    SETTINGS_NOT_HOST,
    STALE_BUTTON,
    START_NOT_HOST,
    START_STARTED,
    SUBSTITUTE_NO_SEAT,
    SUBSTITUTE_NOT_HOST,
    SUBSTITUTE_SEATED,
    UNDO_CHANGED,
    UNDO_VOTE_OPEN,
    VACATION_NEGATIVE,
    VOTE_DECIDED,
    VOTE_LAPSED,
    VOTE_OTHER_GAME,
    Board,
    Hand,
    HistoryLine,
    Notice,
    PrivateMessage,
    RankLine,
    Result,
    SeatInfo,
    StaleVersion,
    TableInfo,
    TableRef,
    TableSummary,
    UndoRequest,
    UserError,
    UserRef,
    rank_lines,
    ranked_view,
)
from bot.store import GameRow, SeatRow, Store, TableBusy, VersionConflict
from bot.timers import TableSettings, parse_quiet, seat_plan, zone
from engines import registry
from engines.base import ActionModel, IllegalAction, normalize, rng, shuffled

log = logging.getLogger(__name__)

__all__ = ["Service", "option_values"]


def _seat_of(user: UserRef) -> str:
    return str(user)


def _table(table: TableRef) -> str:
    return str(table)


def _deal(events, public: list[str], private: dict[str, list[str]]) -> None:
    """Each event's text to ``public`` (everyone may read it) or to the lists in ``private``
    of the seats that may read it (seats without a list get nothing)."""

    for ev in events:
        if ev.visible_to is None:
            public.append(ev.text)
        else:
            for p in ev.visible_to:
                if p in private:
                    private[p].append(ev.text)


def _seat_by_user(seats: list[SeatRow], user: str) -> SeatRow | None:
    """The seat ``user`` plays (a seat keeps its id when a substitute takes it over, so the
    user is matched on ``user_id``; AI seats have none)."""

    return next((s for s in seats if s.user_id == user and not s.is_ai), None)


def _users(seats: list[SeatRow]) -> dict[str, str]:
    """seat id -> the user who plays it now (humans only)."""

    return {s.seat: s.user_id for s in seats if s.user_id is not None and not s.is_ai}


class _LockEntry:
    """A table's lock and how many callers hold or await it (see :meth:`Service.lock`)."""

    __slots__ = ("lock", "users")

    def __init__(self, lock: Any) -> None:
        self.lock = lock
        self.users = 0


class _PostOrder:
    """Per-table ticket counter and the condition posts wait on (see Service.post_order)."""

    def __init__(self) -> None:
        self.issued = 0
        self.posted = 0
        self.cond = asyncio.Condition()


class Service:
    """Tables over a :class:`bot.store.Store`.

    ``Service(store, lock_factory=asyncio.Lock, ai_moves_per_call=None, seed_source=None)``:

    * ``lock_factory``: makes the per-table lock (tests inject a no-op lock to show the
      concurrency test fails without it);
    * ``ai_moves_per_call``: how many AI moves one call may make (None: until a human must
      act or the game ends; ``boardhost simulate`` uses 1 and calls :meth:`advance`);
    * ``seed_source``: ``() -> int`` for new games' seeds (default ``secrets.randbits(63)``).

    Use ``await Service.open(path)`` for the SQLite store; ``await service.close()`` closes it.
    """

    #: how long a post waits for an earlier ticket that is never posted, seconds
    POST_ORDER_TIMEOUT = 30.0
    #: safety cap on AI moves in one call
    MAX_AI_MOVES = 100_000

    def __init__(
        self,
        store: Store,
        *,
        lock_factory: Callable[[], Any] = asyncio.Lock,
        ai_moves_per_call: int | None = None,
        seed_source: Callable[[], int] | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        #: "now" in epoch seconds (the bot injects discord.utils.utcnow, tests a fake clock)
        self.clock = clock
        self._prefs: dict[str, tuple[int | None, int | None, str | None]] = {}
        self.lock_factory = lock_factory
        self.ai_moves_per_call = ai_moves_per_call
        self.seed_source = seed_source or (lambda: secrets.randbits(63))
        self._locks: dict[str, _LockEntry] = {}
        self._cache: dict[int, tuple[int, Any]] = {}  # game pk -> (version, state)
        # write-through caches (this process is the only writer; the store's version guard
        # catches anyone else): the live game row of a table, the seats of a game
        self._games: dict[str, GameRow] = {}
        self._seat_cache: dict[int, list[SeatRow]] = {}
        #: game pk -> (the settings dict of its row, that dict validated): see settings_of
        self._settings: dict[int, tuple[Any, TableSettings]] = {}
        self._orders: dict[str, _PostOrder] = {}
        #: tables whose last AI run stopped on an engine/AI error with an AI seat still to act
        #: (the bot's retry loop tries them again, issue 11.1)
        self.ai_stalled: set[str] = set()
        #: other processes may write the same store (PostgreSQL shards): read the game row
        #: and seats afresh on every call instead of trusting the write-through caches
        self._shared = bool(getattr(store, "shared", False))
        #: shared store: seats read together with a game row by _live_game, handed once to
        #: the next _seats call for that same row object in the same task
        #: (game pk -> (task, row, seats))
        self._fresh_seats: dict[int, tuple[Any, GameRow, list[SeatRow]]] = {}

    @classmethod
    async def open(cls, path: str, **kwargs: Any) -> Service:
        """A Service over the store ``path`` names (created/migrated): a SQLite file path or
        ``sqlite:///…`` (:class:`bot.store.SqliteStore`), or ``postgresql://…``
        (:class:`bot.store_pg.PostgresStore`); see :func:`bot.stores.make_store`."""

        from bot.stores import make_store

        store = make_store(path)
        await store.open()
        return cls(store, **kwargs)

    async def close(self) -> None:
        """Close the store (its single connection)."""

        await self.store.close()

    @contextlib.asynccontextmanager
    async def lock(self, table: TableRef):
        """``async with service.lock(table):`` holds the table's lock (made by
        ``lock_factory``). The lock exists only while someone holds or awaits it: each
        entry counts its users (incremented BEFORE waiting), and the last one out removes
        it, so the dict holds only busy tables. A later caller makes a fresh lock, which is
        safe because nobody holds or waits for the old one any more."""

        key = _table(table)
        entry = self._locks.get(key)
        if entry is None:
            entry = self._locks[key] = _LockEntry(self.lock_factory())
        entry.users += 1
        try:
            async with entry.lock:
                yield
        finally:
            entry.users -= 1
            if entry.users == 0 and self._locks.get(key) is entry:
                del self._locks[key]

    # ----- internal helpers ---------------------------------------------------------
    async def _live_game(self, table: str) -> GameRow | None:
        """The table's live game row (cached; the object is updated in place after commits)."""

        game = self._games.get(table)
        if game is not None and game.status in (LOBBY, ACTIVE) and not self._shared:
            return game
        self._games.pop(table, None)
        if self._shared:  # the row and its seats in one read; _seats takes them for this game
            game, seats = await self.store.live_game_seats(table)
            if game is not None:
                self._fresh_seats[game.pk] = (asyncio.current_task(), game, seats)
        else:
            game = await self.store.live_game(table)
        if game is not None:
            self._games[table] = game
        return game

    async def _load_seats(self, pk: int) -> list[SeatRow]:
        """Seats from the store (after a change), refreshing the cache."""

        seats = await self.store.seats(pk)
        self._seat_cache[pk] = seats
        return seats

    async def _seats(self, game: GameRow) -> list[SeatRow]:
        """The game's seats: cached for live games (finished ones are read, not kept, so the
        caches hold only live tables)."""

        cached = self._seat_cache.get(game.pk)
        if cached is not None and not self._shared:
            return cached
        if self._shared:
            fresh = self._fresh_seats.pop(game.pk, None)
            if fresh is not None and fresh[0] is asyncio.current_task() and fresh[1] is game:
                self._seat_cache[game.pk] = fresh[2]  # read with this very row, in this task
                return fresh[2]
        if game.status in (LOBBY, ACTIVE):
            return await self._load_seats(game.pk)
        return await self.store.seats(game.pk)

    async def _current_game(self, table: str) -> GameRow | None:
        """The table's live game (cached), else its most recent game of any status."""

        return await self._live_game(table) or await self.store.last_game(table)

    def _forget(self, table: str) -> None:
        game = self._games.pop(table, None)
        if game is not None:
            self._seat_cache.pop(game.pk, None)
            self._settings.pop(game.pk, None)
            self._fresh_seats.pop(game.pk, None)
            self._cache.pop(game.pk, None)

    async def _live(self, table: str) -> GameRow:
        game = await self._live_game(table)
        if game is None:
            last = await self.store.last_game(table)
            if last is not None and last.status == OVER:
                raise UserError(LAST_OVER)
            if last is not None and last.status == CANCELLED:
                raise UserError(LAST_CANCELLED)
            raise UserError(NO_GAME)
        return game

    async def _active(self, table: str) -> GameRow:
        game = await self._live(table)
        if game.status == LOBBY:
            raise UserError(NOT_STARTED)
        return game

    async def _hosts_lobby(
        self, table: str, seat: str, started: str, not_host: str
    ) -> tuple[GameRow, list[SeatRow], Any]:
        """The lobby at ``table`` that ``seat`` hosts, its seats and its engine (call it
        holding the table's lock). UserError: no live game; ``started`` when the game has
        started, ``not_host`` when ``seat`` is not the host."""

        game = await self._live(table)
        if game.status != LOBBY:
            raise UserError(started)
        if game.host != seat:
            raise UserError(not_host)
        return game, await self._seats(game), registry.get(game.game_id)

    async def _add_seat(
        self, table: str, game: GameRow, seats: list[SeatRow], seat: str, user_id: str | None
    ) -> list[SeatRow]:
        """Seat ``seat`` in the lobby ``game`` (an AI seat when ``user_id`` is None); the seats
        after. UserError: the table is full, or the lobby changed meanwhile."""

        engine = registry.get(game.game_id)
        if len(seats) >= engine.max_players:
            raise UserError(f"The table is full: {engine.title} takes at most {engine.max_players} players.")
        try:
            await self.store.add_seat(game.pk, seat, user_id, user_id is None, max_seats=engine.max_players)
        except VersionConflict:
            self._forget(table)
            raise UserError(LOBBY_CHANGED) from None
        return await self._load_seats(game.pk)

    async def _playing(self, table: str, user: str) -> tuple[GameRow, list[SeatRow], SeatRow]:
        """The started game at ``table``, its seats and the human seat ``user`` plays (call
        it holding the table's lock). UserError: no started game, or ``user`` plays no seat."""

        game = await self._active(table)
        seats = await self._seats(game)
        mine = _seat_by_user(self._humans(seats), user)
        if mine is None:
            raise UserError(NOT_PLAYING)
        return game, seats, mine

    async def _state(self, game: GameRow, seats: list[SeatRow] | None = None) -> Any:
        """The game's state at ``game.version``: cache, else the snapshot, else a replay of
        the log from the setup arguments (then the snapshot is rewritten)."""

        cached = self._cache.get(game.pk)
        if cached is not None and cached[0] == game.version:
            return cached[1]
        engine = _engine(game.game_id)
        state = None
        snap = await self.store.snapshot(game.pk)
        if snap is not None and snap[0] == game.version:
            try:
                state = engine.state_from_json(snap[1])
            except Exception:
                state = None
        if state is None:
            state = await self._replay(game, seats)
            await self.store.put_snapshot(game.pk, game.version, engine.state_to_json(state))
        if game.status == ACTIVE:
            self._cache[game.pk] = (game.version, state)
        return state

    async def _replay(
        self, game: GameRow, seats: list[SeatRow] | None = None, collect: list | None = None, flags: dict | None = None
    ) -> Any:
        """Rebuild the state from setup arguments and the whole action log. ``collect``: if
        given, receives (seq, seat, action, state_before) per action. The replay (pure engine
        calls, tens of ms for a long game) runs in a worker thread, off the event loop."""

        engine = _engine(game.game_id)
        if seats is None:
            seats = await self._seats(game)
        order = [s.seat for s in sorted(seats, key=lambda s: s.seat_order if s.seat_order is not None else 1 << 30)]
        # up to the game's version only: another process may have logged more meanwhile;
        # undone moves and undo markers are skipped (undo is an appended action)
        rows = [
            r for r in await self.store.actions(game.pk) if r.seq <= game.version and r.flag != "undo" and not r.undone
        ]
        if flags is not None:
            flags.update((r.seq, r.flag) for r in rows)

        def replay() -> Any:
            state = engine.setup(order, game.options, game.seed)
            for row in rows:
                action = engine.action_from_json(row.action)
                if collect is not None:
                    collect.append((row.seq, row.seat, action, state))
                state = engine.apply(state, row.seat, action).state
            return state

        return await asyncio.to_thread(replay)

    def _info(self, game: GameRow, seats: list[SeatRow]) -> TableInfo:
        engine = registry.get(game.game_id)
        return TableInfo(
            table=game.table_id,
            game_pk=game.pk,
            game_id=game.game_id,
            title=engine.title,
            status=game.status,
            host=game.host,
            version=game.version,
            options=dict(game.options),
            seats=[
                SeatInfo(
                    seat=s.seat,
                    user=s.user_id,
                    is_ai=s.is_ai or s.resigned,
                    resigned=s.resigned,
                    dm_ok=s.dm_ok,
                    order=s.seat_order,
                )
                for s in seats
            ],
            min_players=engine.min_players,
            max_players=engine.max_players,
        )

    @staticmethod
    def _humans(seats: list[SeatRow]) -> list[SeatRow]:
        """Seats a person still plays (not AI, not resigned)."""

        return [s for s in seats if not s.is_ai and not s.resigned]

    @staticmethod
    def _ai_seats(seats: list[SeatRow]) -> set[str]:
        return {s.seat for s in seats if s.is_ai or s.resigned}

    @staticmethod
    def _handed(seats: list[SeatRow]) -> set[str]:
        """Human seats handed to the AI (resigned or voted out): the AI's moves for them are
        flagged "ai" in the log, so /game history does not read them as the player's."""

        return {s.seat for s in seats if s.resigned and not s.is_ai}

    def _ranking(self, engine: Any, state: Any, seats: list[SeatRow]) -> list[RankLine]:
        return rank_lines(engine, state, {s.seat for s in seats if s.resigned}, {s.seat for s in seats if s.is_ai})

    def _ticket(self, table: str) -> int:
        order = self._orders.setdefault(table, _PostOrder())
        order.issued += 1
        return order.issued

    def _result(
        self,
        game: GameRow,
        seats: list[SeatRow],
        state: Any | None,
        *,
        public: list[str],
        board_due: bool,
        private: list[PrivateMessage] | None = None,
        timing: dict | None = None,
    ) -> Result:
        engine = registry.get(game.game_id)
        result = Result(
            table=game.table_id,
            game_id=game.game_id,
            game_pk=game.pk,
            version=game.version,
            status=game.status,
            public=public,
            board_due=board_due,
            private=private or [],
            info=self._info(game, seats),
            timing=timing or {},
            board_posts=self.settings_of(game).board_posts,
            status_message=game.status_message,
        )
        if state is not None:
            result.view = engine.view(state, None)
            result.status_line = engine.status(state)
            if game.status == ACTIVE:
                users = {s.seat: s.user_id for s in self._humans(seats)}
                to_act = engine.to_act(state)
                result.mention = [users[p] for p in to_act if p in users]
                result.deadline = self._deadline(game, seats, to_act)
            if game.status == OVER:
                result.ranking = self._ranking(engine, state, seats)
                result.view = ranked_view(result.view, result.ranking)
        elif game.status == LOBBY:
            n = len(seats)
            result.status_line = f"{engine.title} lobby: {n} of {engine.min_players}–{engine.max_players} seats taken."
        elif game.status == CANCELLED:
            result.status_line = "Cancelled."
        if board_due:
            result.ticket = self._ticket(game.table_id)
        return result

    @staticmethod
    def _private(
        engine: Any,
        state: Any,
        seats: list[SeatRow],
        humans: list[str],
        hands_before: dict[str, Any],
        private_events: dict[str, list[str]],
        initial: bool,
    ) -> list[PrivateMessage]:
        """What each human should get privately: their private events, and their hand view
        when ``engine.private_view`` changed since ``hands_before`` (always when ``initial``)."""

        private: list[PrivateMessage] = []
        dm = {s.seat: s.dm_ok for s in seats}
        users = _users(seats)
        for p in humans:
            after = engine.private_view(state, p)
            hand_changed = after is not None and (initial or after != hands_before.get(p))
            if private_events.get(p) or hand_changed:
                private.append(
                    PrivateMessage(
                        user=users.get(p, p),
                        events=private_events.get(p, []),
                        hand_changed=hand_changed,
                        hand=engine.view(state, p) if engine.has_hands else None,
                        dm_ok=dm.get(p, True),
                        text=engine.private_text(state, p) if engine.has_hands else "",
                    )
                )
        return private

    async def _play(
        self,
        game: GameRow,
        seats: list[SeatRow],
        state: Any,
        first: tuple[str, ActionModel] | None,
        resigned: str | None = None,
        hands_before: dict[str, Any] | None = None,
        initial: bool = False,
        public: list[str] | None = None,
        absent: set[str] | None = None,
    ) -> Result:
        """Apply ``first`` (a human's move, if any), commit it, then let AI seats move and
        commit their run in one more transaction; build the Result. Must hold the lock.

        ``absent``: human seats whose deadline passed under the "ai" policy: the AI plays
        for them as long as they must act (their turn), each such move flagged "ai" in the
        log; the seat keeps its owner. Every committed action stores its rendered text
        (describe sentence and public events), and the last commit stores the turn clock."""

        engine = registry.get(game.game_id)
        humans = [s.seat for s in self._humans(seats)]
        ai = self._ai_seats(seats)
        absent = set(absent or ())
        now = self.clock()
        to_act_before = set(engine.to_act(state)) if not initial else set()
        continuous = set(to_act_before)  # seats that had to act before and after every step
        if hands_before is None:
            hands_before = {p: engine.private_view(state, p) for p in humans}
        public = list(public or [])
        private_events: dict[str, list[str]] = {p: [] for p in humans}
        timing = {"apply": 0.0, "commit": 0.0, "tx": 0.0, "moves": 0}

        def take(events) -> None:
            _deal(events, public, private_events)

        changed = resigned is not None
        clock_stored = False
        if first is not None:
            seat, action = first
            t0 = time.perf_counter()
            try:
                outcome = engine.apply(state, seat, action)
            except IllegalAction as exc:
                raise UserError(refusal(exc)) from None
            t1 = time.perf_counter()
            status = OVER if engine.is_over(outcome.state) else ACTIVE
            continuous = to_act_before & set(engine.to_act(outcome.state))
            meta = [{"text": move_text(engine, state, seat, action, outcome)}]
            last = not any(p in ai or p in absent for p in engine.to_act(outcome.state)) or status == OVER
            clock = self._clock(game, seats, continuous, outcome.state, now, status) if last else None
            try:
                game.version = await self.store.commit(
                    game.pk,
                    game.version,
                    [(seat, engine.action_to_json(action))],
                    engine.state_to_json(outcome.state),
                    status,
                    resigned=resigned,
                    meta=meta,
                    clock=clock,
                )
                clock_stored = clock is not None
                if clock is not None:
                    game.turn_started, game.next_due = clock
            except VersionConflict:
                self._forget(game.table_id)
                raise UserError(BOARD_CHANGED) from None
            timing["apply"] += t1 - t0
            timing["commit"] += time.perf_counter() - t1
            timing["tx"] += getattr(self.store, "last_tx_seconds", 0.0)
            timing["moves"] += 1
            game.status = status
            state = outcome.state
            self._cache[game.pk] = (game.version, state)
            take(outcome.events)
            changed = True
            resigned = None
        elif resigned is not None:
            t1 = time.perf_counter()
            try:
                await self.store.commit(
                    game.pk, game.version, [], engine.state_to_json(state), ACTIVE, resigned=resigned
                )
            except VersionConflict:
                self._forget(game.table_id)
                raise UserError(BOARD_CHANGED) from None
            timing["commit"] += time.perf_counter() - t1
            seats = await self._load_seats(game.pk)
            ai = self._ai_seats(seats)
            humans = [s.seat for s in self._humans(seats)]
            private_events = {p: private_events.get(p, []) for p in humans}

        # AI seats move until a human must act (a run of AI moves makes one post); the AI
        # also plays the turn of an absent player (deadline passed, "ai" policy)
        run_meta: list[dict] = []
        limit = self.MAX_AI_MOVES if self.ai_moves_per_call is None else self.ai_moves_per_call
        t0 = time.perf_counter()
        run, ai_state, ai_events = await self._ai_moves(
            engine,
            game,
            state,
            ai,
            limit,
            absent=absent,
            meta=run_meta,
            continuous=continuous,
            handed=self._handed(seats),
        )
        ai_failed = False
        if run:
            t1 = time.perf_counter()
            status = OVER if engine.is_over(ai_state) else ACTIVE
            clock = self._clock(game, seats, continuous, ai_state, now, status)
            try:
                game.version = await self.store.commit(
                    game.pk,
                    game.version,
                    run,
                    engine.state_to_json(ai_state),
                    status,
                    meta=run_meta,
                    clock=clock,
                )
                clock_stored = True
                game.turn_started, game.next_due = clock
            except VersionConflict:
                # another process (a shard sharing the database) moved this table first;
                # what this call committed before stands, its AI run is dropped unplayed
                self._forget(game.table_id)
                if not (changed or initial):
                    raise UserError(BOARD_CHANGED) from None
                log.info("table %s: AI run dropped, the game moved on elsewhere", game.table_id)
                run = []
            except Exception:
                # the AI's commit failed (disk full, I/O error) after this call committed a
                # move or the start: that stands and is reported; the AI turn stays due and is
                # played at the table's next touch or by the bot's retry loop (issue 11.1)
                if not (changed or initial):
                    raise
                log.exception("table %s: AI run not committed; it stays due", game.table_id)
                run = []
                ai_failed = True
        if run:
            take(ai_events)
            timing["apply"] += t1 - t0
            timing["commit"] += time.perf_counter() - t1
            timing["tx"] += getattr(self.store, "last_tx_seconds", 0.0)
            timing["moves"] += len(run)
            game.status = status
            state = ai_state
            self._cache[game.pk] = (game.version, state)
            changed = True

        if not clock_stored and game.status == ACTIVE:  # start or resign without a move
            started, due = self._clock(game, seats, continuous, state, now, ACTIVE)
            try:
                await self.store.set_clock(game.pk, started, due, reset_reminders=started != game.turn_started)
                game.turn_started, game.next_due = started, due
            except Exception:
                # the start or resign is committed and stands (the player must hear so, not
                # "nothing was played"); only the turn clock is missing: the next commit stores it
                if not (changed or initial):
                    raise
                log.exception("table %s: turn clock not stored", game.table_id)
        private = self._private(engine, state, seats, humans, hands_before, private_events, initial)
        if game.status == OVER and not any(t.lower().startswith("game over") for t in public):
            public.append("Game over.")
        result = self._result(game, seats, state, public=public, board_due=changed, private=private, timing=timing)
        result.ai_pending = ai_failed
        if game.status == OVER:
            self._forget(game.table_id)  # the caches hold live tables only
        return result

    async def _ai_moves(
        self,
        engine: Any,
        game: GameRow,
        state: Any,
        ai: set[str],
        limit: int,
        *,
        absent: set[str] | None = None,
        meta: list | None = None,
        continuous: set[str] | None = None,
        handed: set[str] | None = None,
    ) -> tuple[list, Any, list]:
        """``(run, state after, events)``: the AI seats' moves from ``state`` until a human
        must act, the game ends or ``limit`` moves; an engine/AI bug stops the run (logged)
        and keeps the moves already made. Nothing is committed here.

        Each AI move (its choice and its application, pure engine calls: up to tens of ms
        for Transport) runs in a worker thread (``asyncio.to_thread``), and the event loop
        gets a turn between two moves, so a long run (a resign leaving only AI seats plays
        the rest of the game) never blocks other tables for more than one AI move (issue
        11.2). The table's lock, held by the caller, keeps this table's order; the AI's
        randomness still comes from the game's seed and the version (deterministic).

        ``absent``: human seats the AI plays while they must act without a break (their
        turn; deadline passed, "ai" policy), emptied as their turns end; ``meta`` receives
        per move ``{"text", "flag"}`` (flag "ai" for an absent player's move, and for a move
        of a ``handed`` seat: a human seat the AI plays since its player resigned or was
        voted out);
        ``continuous`` is narrowed to the seats that had to act at every step."""

        run: list[tuple[str, dict]] = []
        events: list = []
        absent = absent if absent is not None else set()
        self.ai_stalled.discard(game.table_id)

        def one_move(state: Any, seat: str, version: int) -> tuple[Any, Any, str, dict]:
            action = engine.ai.choose(state, seat, rng(game.seed, "ai", version))
            outcome = engine.apply(state, seat, action)
            return action, outcome, move_text(engine, state, seat, action, outcome), engine.action_to_json(action)

        while game.status == ACTIVE and len(run) < limit and not engine.is_over(state):
            now_acting = engine.to_act(state)
            if continuous is not None:
                continuous &= set(now_acting)
            absent &= set(now_acting)  # an absent player's turn ends when they no longer must act
            movers = [p for p in now_acting if p in ai or p in absent]
            if not movers:
                break
            seat = movers[0]
            version = game.version + len(run)
            try:
                action, outcome, text, as_json = await asyncio.to_thread(one_move, state, seat, version)
            except Exception:  # an engine/AI bug must not lose the moves already made
                log.exception("table %s: AI seat %s failed at version %s", game.table_id, seat, version)
                self.ai_stalled.add(game.table_id)
                break
            run.append((seat, as_json))
            if meta is not None:
                meta.append({"text": text, "flag": "ai" if seat in absent or seat in (handed or ()) else None})
            state = outcome.state
            events.extend(outcome.events)
        if continuous is not None:
            continuous &= set(engine.to_act(state))
        return run, state, events

    async def ai_due(self, table: TableRef) -> bool:
        """Whether an AI seat must act now at the table's live game (cached reads): after a
        crash or a failed commit between a human's move and the AI's reply (issue 11.1)."""

        game = await self._live_game(_table(table))
        if game is None or game.status != ACTIVE:
            return False
        seats = await self._seats(game)
        ai = self._ai_seats(seats)
        if not ai:
            return False
        state = await self._state(game, seats)
        return any(p in ai for p in registry.get(game.game_id).to_act(state))

    async def ai_due_games(self) -> list[tuple[str, int]]:
        """``(table, game_pk)`` of every active game where an AI seat must act now, oldest
        first: AI turns left due by a crash, a failed commit or an engine/AI error, even on a
        board the channel has already seen (start-up pickup, issue 11.1). Reads every active
        game's state (cached afterwards)."""

        due = []
        for game in await self.store.active_games():
            try:
                if await self.ai_due(game.table_id):
                    due.append((game.table_id, game.pk))
            except Exception:  # one damaged game must not hide the others
                log.exception("table %s: could not check for a due AI turn", game.table_id)
        return due

    async def _play_due_ai(self, game: GameRow, seats: list[SeatRow]) -> None:
        """Play and commit the AI turns due at ``game`` (none due: nothing). Must hold the lock."""

        engine = registry.get(game.game_id)
        state = await self._state(game, seats)
        meta: list[dict] = []
        continuous = set(engine.to_act(state))
        run, after, _ = await self._ai_moves(
            engine,
            game,
            state,
            self._ai_seats(seats),
            self.MAX_AI_MOVES,
            meta=meta,
            continuous=continuous,
            handed=self._handed(seats),
        )
        if not run:
            return
        status = OVER if engine.is_over(after) else ACTIVE
        clock = self._clock(game, seats, continuous, after, self.clock(), status)
        game.version = await self.store.commit(
            game.pk, game.version, run, engine.state_to_json(after), status, meta=meta, clock=clock
        )
        game.turn_started, game.next_due = clock
        game.status = status
        self._cache[game.pk] = (game.version, after)

    # ----- lobby ------------------------------------------------------------------
    async def new_game(
        self,
        table: TableRef,
        user: UserRef,
        game_id: str,
        options: dict | str | None = None,
        *,
        seat_host: bool = True,
        settings: dict | None = None,
        guild: TableRef | None = None,
    ) -> Result:
        """Open a lobby for ``game_id`` at ``table`` with ``user`` as host, seated (unless
        ``seat_host`` is False: ``boardhost simulate`` hosts an all-AI game).

        UserError: unknown game, bad options, or the table already has a live game.
        """

        table, seat = _table(table), _seat_of(user)
        engine = _engine(game_id)
        opts = parse_options(game_id, options)
        table_settings = parse_settings(settings).model_dump(mode="json")
        async with self.lock(table):
            live = await self._live_game(table)
            if live is not None:
                raise UserError(self._busy(live))
            try:
                game = await self.store.create_game(
                    table,
                    game_id,
                    opts,
                    int(self.seed_source()),
                    seat,
                    seat_host=seat_host,
                    settings=table_settings,
                    guild=None if guild is None else str(guild),
                )
            except TableBusy:
                live = await self.store.live_game(table)
                raise UserError(self._busy(live)) from None
            self._games[table] = game
            seats = await self._load_seats(game.pk)
            return self._result(
                game,
                seats,
                None,
                public=[f"New game of {engine.title}: join with /game join; the host starts it with /game start."],
                board_due=False,
            )

    @staticmethod
    def _busy(live: GameRow | None) -> str:
        if live is None:
            return "This table already has a game."
        title = registry.get(live.game_id).title
        what = "a lobby" if live.status == LOBBY else "a game in progress"
        return f"This table already has {what} of {title}; finish or cancel it first."

    async def join(self, table: TableRef, user: UserRef) -> Result:
        """Seat ``user`` in the lobby. UserError: no lobby, already seated, table full."""

        table, seat = _table(table), _seat_of(user)
        async with self.lock(table):
            game = await self._live(table)
            seats = await self._seats(game)
            if any(s.seat == seat for s in seats):
                raise UserError(ALREADY_SEATED)
            if game.status != LOBBY:
                raise UserError(JOIN_STARTED)
            seats = await self._add_seat(table, game, seats, seat, seat)
            return self._result(game, seats, None, public=[f"{seat} joined ({len(seats)} seated)."], board_due=False)

    async def leave(self, table: TableRef, user: UserRef) -> Result:
        """Leave the lobby. If the host leaves, the next human becomes host; if no human
        is left, the lobby is cancelled. UserError: not seated; game already started
        (use resign)."""

        table, seat = _table(table), _seat_of(user)
        async with self.lock(table):
            game = await self._live(table)
            seats = await self._seats(game)
            if not any(s.seat == seat for s in seats):
                raise UserError(NOT_SEATED)
            if game.status != LOBBY:
                raise UserError(LEAVE_STARTED)
            await self.store.remove_seat(game.pk, seat)
            seats = await self._load_seats(game.pk)
            public = [f"{seat} left."]
            humans = [s for s in seats if not s.is_ai]
            if not humans:
                await self.store.set_status(game.pk, CANCELLED)
                game.status = CANCELLED
                self._forget(table)
                public.append("No players left: the lobby is closed.")
            elif game.host == seat:
                game.host = humans[0].seat
                await self.store.set_host(game.pk, game.host)
                public.append(f"{game.host} is the host now.")
            return self._result(game, seats, None, public=public, board_due=False)

    async def add_bot(self, table: TableRef, user: UserRef) -> Result:
        """Add an AI seat (``ai-1``, ``ai-2``, …) to the lobby. Host only; UserError when full."""

        table, seat = _table(table), _seat_of(user)
        async with self.lock(table):
            game, seats, _engine = await self._hosts_lobby(
                table,
                seat,
                ADD_BOT_STARTED,
                ADD_BOT_NOT_HOST,
            )
            taken = {s.seat for s in seats}
            n = 1
            while f"ai-{n}" in taken:
                n += 1
            seats = await self._add_seat(table, game, seats, f"ai-{n}", None)
            return self._result(
                game, seats, None, public=[f"AI seat ai-{n} added ({len(seats)} seated)."], board_due=False
            )

    async def start(self, table: TableRef, user: UserRef) -> Result:
        """Start the lobby's game (host only, enough seats): shuffle the seat order from the
        seed, set up, send every human their hand, let AI seats move until a human must act."""

        table, seat = _table(table), _seat_of(user)
        async with self.lock(table):
            game, seats, engine = await self._hosts_lobby(table, seat, START_STARTED, START_NOT_HOST)
            if len(seats) < engine.min_players:
                raise UserError(
                    f"{engine.title} needs at least {engine.min_players} players and {len(seats)} "
                    f"{'is' if len(seats) == 1 else 'are'} seated; wait for more or use /game addbot."
                )
            order = shuffled([s.seat for s in seats], game.seed, "seats")
            try:
                state = engine.setup(order, game.options, game.seed)
            except ValueError as exc:
                raise UserError(str(exc)) from None
            try:
                await self.store.start_game(game.pk, order, engine.state_to_json(state))
            except VersionConflict:
                self._forget(table)
                raise UserError(LOBBY_CHANGED) from None
            game.status, game.version = ACTIVE, 0
            self._cache[game.pk] = (0, state)
            seats = await self._load_seats(game.pk)
            public = [f"{engine.title} begins. Seat order: {', '.join(order)}."]
            return await self._play(game, seats, state, None, initial=True, public=public, hands_before={})

    async def cancel(self, table: TableRef, user: UserRef, *, admin: bool = False) -> Result:
        """Cancel the live game (lobby or active). Allowed to the host or when ``admin``
        (the cog passes Manage Channels). UserError otherwise."""

        table, seat = _table(table), _seat_of(user)
        async with self.lock(table):
            game = await self._live(table)
            if game.host != seat and not admin:
                raise UserError(CANCEL_NOT_HOST)
            await self.store.set_status(game.pk, CANCELLED)
            game.status = CANCELLED
            self._forget(table)
            seats = await self._load_seats(game.pk)
            return self._result(game, seats, None, public=["The game was cancelled."], board_due=False)

    # ----- play -------------------------------------------------------------------
    async def act(
        self,
        table: TableRef,
        user: UserRef,
        action: str | ActionModel,
        expected_version: int | None = None,
    ) -> Result:
        """Play ``action`` (notation text or an Action) for ``user``'s seat, commit it, then
        let AI seats move until a human must act.

        UserError: no game / not started / over, not seated, resigned, not your turn,
        unknown or illegal move; :class:`StaleVersion` if ``expected_version`` is given and
        the game is past it.
        """

        table, user = _table(table), _seat_of(user)
        async with self.lock(table):
            game = await self._active(table)
            seats = await self._seats(game)
            mine = _seat_by_user(seats, user)
            if mine is None:
                raise UserError(NOT_SEATED)
            if mine.resigned:
                raise UserError(RESIGNED)
            seat = mine.seat
            if expected_version is not None and expected_version != game.version:
                raise StaleVersion(STALE_BUTTON, game.version)
            engine = registry.get(game.game_id)
            state = await self._state(game, seats)
            to_act = engine.to_act(state)
            if seat not in to_act:
                raise UserError(f"It is not your turn; waiting for {', '.join(to_act)}.")
            if isinstance(action, str):
                try:
                    action = engine.parse(state, action)
                except IllegalAction as exc:
                    raise UserError(refusal(exc)) from None
            elif not isinstance(action, tuple(engine.action_models)):
                raise UserError(f"That is not a move in {engine.title}; {MOVES_HINT}")
            return await self._play(game, seats, state, (seat, action))

    async def resign(self, table: TableRef, user: UserRef) -> Result:
        """``user`` resigns: the seat passes to the AI (which moves at once if it must act);
        the player will be ranked last. UserError: not seated / already resigned / not active."""

        table, user = _table(table), _seat_of(user)
        async with self.lock(table):
            game = await self._active(table)
            seats = await self._seats(game)
            mine = _seat_by_user(seats, user)
            if mine is None or mine.is_ai:
                raise UserError(NOT_SEATED)
            seat = mine.seat
            if mine.resigned:
                raise UserError(ALREADY_RESIGNED)
            state = await self._state(game, seats)
            return await self._play(
                game,
                seats,
                state,
                None,
                resigned=seat,
                public=[f"{seat} resigned; the AI plays their seat from now on and they rank last."],
            )

    async def advance(self, table: TableRef) -> Result:
        """Let AI seats make their moves (up to ``ai_moves_per_call``). For the CLI/bench."""

        table = _table(table)
        async with self.lock(table):
            game = await self._active(table)
            seats = await self._seats(game)
            state = await self._state(game, seats)
            return await self._play(game, seats, state, None)

    # ----- queries (no lock needed, never change anything) ---------------------------
    async def _legal(self, table: str, seat: str, game_id: str | None = None) -> tuple[Any, Any, list[ActionModel]]:
        """``(engine, state, legal actions of seat)`` now; actions ``[]`` (engine/state None)
        when there is no active game (of ``game_id``, if given) or the seat is not a human
        who must act now. Warm path: no database read (cached row, seats and state); on a
        shared store (PostgreSQL shards) the game row and seats are read afresh."""

        game = await self._live_game(table)
        if game is None or game.status != ACTIVE or (game_id is not None and game.game_id != game_id):
            return None, None, []
        seats = await self._seats(game)
        mine = _seat_by_user(self._humans(seats), seat)
        if mine is None:
            return None, None, []
        seat = mine.seat
        engine = registry.get(game.game_id)
        state = await self._state(game, seats)
        if seat not in engine.to_act(state):
            return None, None, []
        return engine, state, list(engine.legal_actions(state, seat))

    async def legal_actions(self, table: TableRef, user: UserRef, game_id: str | None = None) -> list[ActionModel]:
        """The user's legal actions now, in the engine's order; ``[]`` if there is no active
        game at the table (or it is not ``game_id``), the user is not a seated human (AI,
        resigned, spectator) or it is not their turn. For autocomplete: cached, no render."""

        return (await self._legal(_table(table), _seat_of(user), game_id))[2]

    async def legal_described(
        self, table: TableRef, user: UserRef, game_id: str | None = None
    ) -> tuple[list[ActionModel], Callable[[ActionModel], str] | None]:
        """``(legal actions, action -> describe sentence)`` of the user now, both on the same
        state (one lookup): :meth:`legal_actions` and :meth:`describer` together; ``([], None)``
        when the user cannot act. For typed-command autocomplete: cached, no render."""

        engine, state, actions = await self._legal(_table(table), _seat_of(user), game_id)
        if not actions:
            return [], None
        return actions, lambda action: engine.describe(state, action)

    async def describer(self, table: TableRef) -> Callable[[ActionModel], str] | None:
        """``action -> describe sentence`` on the table's current state (None: no active game)."""

        game = await self._live_game(_table(table))
        if game is None or game.status != ACTIVE:
            return None
        engine = registry.get(game.game_id)
        state = await self._state(game)
        return lambda action: engine.describe(state, action)

    async def legal_moves(self, table: TableRef, user: UserRef, typed: str = "") -> list[tuple[str, str]]:
        """``(notation, describe)`` of the user's legal actions now whose notation or
        description contains ``typed`` (case-insensitive); ``[]`` if the user cannot act."""

        engine, state, actions = await self._legal(_table(table), _seat_of(user))
        needle = normalize(typed)
        out = []
        for action in actions:
            n = engine.notation(state, action)
            d = engine.describe(state, action)
            if not needle or needle in n.lower() or needle in d.lower():
                out.append((n, d))
        return out

    async def state(self, table: TableRef) -> tuple[Any, Any]:
        """``(engine, state)`` of the table's active game, for tools (bench, simulate, AI
        stand-ins). The bot shows views, never the state. UserError: no active game."""

        game = await self._active(_table(table))
        return registry.get(game.game_id), await self._state(game)

    async def table_info(self, table: TableRef) -> TableInfo | None:
        """The table's live game, else its most recent finished one, else None."""

        game = await self._current_game(_table(table))
        if game is None:
            return None
        return self._info(game, await self._seats(game))

    async def board(self, table: TableRef) -> Board:
        """The current board (live game, else the last finished one). UserError: no game."""

        game = await self._current_game(_table(table))
        if game is None:
            raise UserError(NO_GAME)
        seats = await self._seats(game)
        engine = registry.get(game.game_id)
        info = self._info(game, seats)
        if game.status == LOBBY or (game.status == CANCELLED and not any(s.seat_order is not None for s in seats)):
            return Board(
                game.table_id,
                game.game_id,
                game.pk,
                game.version,
                game.status,
                None,
                "Lobby." if game.status == LOBBY else "Cancelled.",
                [],
                [],
                None,
                info,
            )
        state = await self._state(game, seats)
        users = {s.seat: s.user_id for s in self._humans(seats)}
        to_act = engine.to_act(state) if game.status == ACTIVE else []
        ranking = self._ranking(engine, state, seats) if game.status == OVER else None
        view = engine.view(state, None)
        return Board(
            table=game.table_id,
            game_id=game.game_id,
            game_pk=game.pk,
            version=game.version,
            status=game.status,
            view=ranked_view(view, ranking) if ranking else view,
            status_line="Cancelled." if game.status == CANCELLED else engine.status(state),
            to_act=to_act,
            mention=[users[p] for p in to_act if p in users],
            ranking=ranking,
            info=info,
            deadline=self._deadline(game, seats, to_act),
        )

    async def hand(self, table: TableRef, user: UserRef) -> Hand:
        """The user's private part now. UserError: no active game, not seated."""

        table, user = _table(table), _seat_of(user)
        game = await self._active(table)
        seats = await self._seats(game)
        mine = _seat_by_user(seats, user) or next((s for s in seats if s.seat == user and s.resigned), None)
        if mine is None:
            raise UserError(NOT_SEATED)
        seat = mine.seat
        engine = registry.get(game.game_id)
        state = await self._state(game, seats)
        return Hand(
            game.game_id,
            seat,
            game.version,
            bool(engine.has_hands),
            engine.private_view(state, seat),
            engine.view(state, seat),
            engine.private_text(state, seat) if engine.has_hands else "",
        )

    async def history(
        self, table: TableRef, limit: int | None = 20, viewer: UserRef | None = None, game_pk: int | None = None
    ) -> list[HistoryLine]:
        """The last ``limit`` (None: all) logged actions of the table's current game (or of
        game ``game_pk``), oldest first, undone moves and undo markers included, each as
        ``viewer`` (a user id; None: a spectator) may read it (issue 11.7: a hidden choice is
        named only to its mover). Reads the text stored with each action at commit: constant
        time per move; a game logged before texts were stored is replayed once instead."""

        game = await self._history_game(table, game_pk)
        if game is None or game.version == 0:
            return []
        seats = await self._seats(game)
        mine = _seat_by_user(seats, _seat_of(viewer)) if viewer is not None else None
        me = mine.seat if mine is not None else None
        rows = [r for r in await self.store.actions(game.pk, limit=limit) if r.seq <= game.version]
        texts = {r.seq: read_move_text(r.text) for r in rows}
        if any(t is None for t in texts.values()):
            texts.update(await self._replayed_texts(game, seats))
        out = []
        for row in rows:
            mt = texts.get(row.seq) or MoveText()
            own = me is not None and row.seat == me
            events = mt.events() + (mt.private.get(me, []) if me is not None else [])
            notation = mt.notation if (own or not mt.hidden) else ""
            out.append(
                HistoryLine(
                    row.seq,
                    row.seat,
                    notation,
                    mt.sentence(own),
                    events=events,
                    flag=row.flag,
                    undone=row.undone,
                    created=row.created,
                    hidden=mt.hidden,
                )
            )
        return out

    #: the ``format`` field of an export (``boardhost replay`` checks it)
    EXPORT_FORMAT = "boardhost-export/1"

    async def export(self, table: TableRef, viewer: UserRef | None = None) -> dict:
        """The table's current game as a JSON-able dict (``/game export``, read back by
        ``boardhost replay``): game id, title, options, settings, status, version, the seats
        in seat order, and every logged action (seq, seat, action JSON, notation, the
        sentence and events as ``viewer`` reads them, flag, undone, created). Nothing hidden
        while the game runs: no seed, and a choice hidden from ``viewer`` has ``action`` and
        ``notation`` null; once the game is over the seed, every action and the ranking are
        included. UserError: no started game at the table."""

        game = await self._current_game(_table(table))
        if game is None or not any(s.seat_order is not None for s in await self._seats(game)):
            raise UserError(NOTHING_TO_EXPORT)
        over = game.status == OVER
        seats = sorted(await self._seats(game), key=lambda s: s.seat_order if s.seat_order is not None else 1 << 30)
        engine = registry.get(game.game_id)
        rows = {r.seq: r for r in await self.store.actions(game.pk) if r.seq <= game.version}
        lines = await self.history(table, limit=None, viewer=viewer, game_pk=game.pk)
        actions = []
        for line in lines:
            row = rows[line.seq]
            shown = over or not line.hidden or bool(line.notation)  # the viewer's own hidden move: shown
            if over and line.hidden and not line.notation:  # over: the choice is no longer hidden
                full = read_move_text(row.text)
                line = HistoryLine(
                    line.seq,
                    line.seat,
                    full.notation if full else "",
                    full.sentence(True) if full else line.text,
                    line.events,
                    line.flag,
                    line.undone,
                    line.created,
                    line.hidden,
                )
            actions.append(
                {
                    "seq": line.seq,
                    "seat": line.seat,
                    "action": row.action if shown else None,
                    "notation": line.notation or None,
                    "text": line.text,
                    "events": line.events,
                    "flag": line.flag,
                    "undone": line.undone,
                    "created": line.created,
                }
            )
        out: dict[str, Any] = {
            "format": self.EXPORT_FORMAT,
            "game": game.game_id,
            "title": engine.title,
            "table": game.table_id,
            "number": game.pk,
            "status": game.status,
            "version": game.version,
            "options": dict(game.options),
            "settings": self.settings_of(game).model_dump(mode="json"),
            "seats": [
                {"seat": s.seat, "order": s.seat_order, "user": s.user_id, "ai": s.is_ai, "resigned": s.resigned}
                for s in seats
            ],
            "seed": game.seed if over else None,
            "actions": actions,
        }
        if over:
            state = await self._state(game, await self._seats(game))
            out["ranking"] = [
                {"place": r.place, "seat": r.seat, "score": r.score, "score_text": r.score_text, "resigned": r.resigned}
                for r in self._ranking(engine, state, await self._seats(game))
            ]
        return out

    async def _history_game(self, table: TableRef, game_pk: int | None) -> GameRow | None:
        if game_pk is None:
            return await self._current_game(_table(table))
        game = await self.store.get_game(game_pk)
        if game is None or game.table_id != _table(table):
            return None
        live = self._games.get(game.table_id)
        return live if live is not None and live.pk == game.pk else game

    async def _replayed_texts(self, game: GameRow, seats: list[SeatRow]) -> dict[int, MoveText]:
        """Texts of a game logged before they were stored with each action: one replay."""

        engine = registry.get(game.game_id)
        collected: list = []
        await self._replay(game, seats, collect=collected)

        def texts() -> dict[int, MoveText]:
            return {
                seq: read_move_text(move_text(engine, before, seat, action, engine.apply(before, seat, action)))
                for seq, seat, action, before in collected
            }

        return await asyncio.to_thread(texts)

    async def set_dm_ok(self, table: TableRef, user: UserRef, ok: bool) -> None:
        """Store whether DMs to ``user`` work (the cog sets False after Forbidden 50007)."""

        game = await self._live_game(_table(table))
        if game is not None:
            mine = _seat_by_user(await self._seats(game), _seat_of(user))
            if mine is not None:
                await self.store.set_dm_ok(game.pk, mine.seat, ok)
                await self._load_seats(game.pk)

    # ----- asynchronous play: clocks, reminders, deadlines, absent players (issue 12) --------
    def settings_of(self, game: GameRow) -> TableSettings:
        """The table's :class:`bot.timers.TableSettings` (defaults for keys not stored).
        Validated once per settings dict of a live game: a move asks for them several
        times (turn clock, deadline, board posts); ``game.settings`` is replaced, never
        edited in place, when the settings change, so the dict's identity keys the cache.
        Treat the returned model as read-only."""

        raw = game.settings
        cached = self._settings.get(game.pk)
        if cached is not None and cached[0] is raw:
            return cached[1]
        try:
            settings = TableSettings.model_validate(raw or {})
        except Exception:  # a row written by a newer program: fall back to the defaults
            settings = TableSettings()
        if game.status in (LOBBY, ACTIVE):  # the caches hold live tables only
            self._settings[game.pk] = (raw, settings)
        return settings

    def _clock(
        self, game: GameRow, seats: list[SeatRow], continuous: set[str], state: Any, now: float, status: str
    ) -> tuple[float | None, float | None]:
        """``(turn_started, next_due)`` to store after a move. The turn (and its clock) goes
        on while everyone who must act now has had to act all along (``continuous``: the
        seats that were in ``to_act`` before and after every step of the call); else a new
        turn starts ``now`` and every seat's reminder count restarts. ``next_due``: the
        earliest reminder step or deadline of a waiting player, ignoring quiet hours (the
        loop postpones a reminder that falls in them)."""

        if status != ACTIVE:
            return None, None
        engine = registry.get(game.game_id)
        to_act = set(engine.to_act(state))
        started = game.turn_started
        if started is None or not to_act <= continuous:
            started = now
            for s in seats:
                s.reminded = 0
        return started, self._due(game, seats, to_act, started, now)

    def _deadline(self, game: GameRow, seats: list[SeatRow], to_act: Iterable[str]) -> float | None:
        """The earliest turn deadline of the humans in ``to_act`` (turn start, or the end of
        their vacation, plus the turn limit); None without a turn limit or a running turn."""

        limit = self.settings_of(game).turn_limit
        if not limit or game.status != ACTIVE or game.turn_started is None:
            return None
        waiting = set(to_act)
        times = [
            max(game.turn_started, s.vacation_until or 0.0) + limit for s in self._humans(seats) if s.seat in waiting
        ]
        return min(times) if times else None

    def _due(self, game: GameRow, seats: list[SeatRow], to_act: set[str], started: float, now: float) -> float | None:
        settings = self.settings_of(game)
        times = []
        for s in self._humans(seats):
            if s.seat in to_act:
                plan = seat_plan(now, started, settings, s.reminded, s.vacation_until)
                times.append(now if plan.overdue or plan.remind_now else plan.next_at)
        times = [t for t in times if t is not None]
        return min(times) if times else None

    async def _refresh_due(self, game: GameRow, seats: list[SeatRow]) -> None:
        """Recompute and store ``next_due`` (after a settings or vacation change)."""

        if game.status != ACTIVE:
            return
        engine = registry.get(game.game_id)
        state = await self._state(game, seats)
        now = self.clock()
        started = game.turn_started if game.turn_started is not None else now
        due = self._due(game, seats, set(engine.to_act(state)), started, now)
        await self.store.set_clock(game.pk, started, due)
        game.turn_started, game.next_due = started, due

    async def quiet_hours(self, user: UserRef) -> tuple[tuple[int, int] | None, str | None]:
        """A user's quiet hours ``((start, end) or None, tz name or None)`` (cached)."""

        user = _seat_of(user)
        prefs = self._prefs.get(user)
        if prefs is None:
            prefs = self._prefs[user] = await self.store.get_prefs(user)
        start, end, tz = prefs
        return ((start, end) if start is not None and end is not None else None), tz

    async def notify(self, user: UserRef, quiet: str | None = None, tz: str | None = None) -> str:
        """Set a user's quiet hours (``22-08`` or ``off``) and/or time zone (IANA name, e.g.
        ``Europe/Prague``), for every table they play at. Returns one sentence saying what
        is stored now. UserError for a bad range or an unknown zone."""

        user = _seat_of(user)
        (old_quiet, old_tz) = await self.quiet_hours(user)
        try:
            new_quiet = old_quiet if quiet is None else parse_quiet(quiet)
            new_tz = old_tz if tz is None else (tz.strip() or None)
            zone(new_tz)
        except ValueError as exc:
            raise UserError(str(exc)) from None
        await self.store.set_prefs(user, *(new_quiet or (None, None)), new_tz)
        self._prefs[user] = (*(new_quiet or (None, None)), new_tz)
        where = new_tz or "UTC"
        if new_quiet is None:
            return f"No quiet hours: reminders may come at any time (time zone {where})."
        return (
            f"Quiet hours {new_quiet[0]:02d}:00–{new_quiet[1]:02d}:00 ({where}): "
            "no reminder pings then; a reminder due then waits until they end."
        )

    async def table_settings(self, table: TableRef) -> tuple[TableInfo, TableSettings]:
        """The live game (lobby or active) and its settings. UserError: no live game."""

        game = await self._live(_table(table))
        return self._info(game, await self._seats(game)), self.settings_of(game)

    async def withdraw_vote(self, table: TableRef, vote_pk: int) -> None:
        """Close vote ``vote_pk`` at ``table`` unanswered (status "withdrawn"): its question
        could not be posted, so nobody can answer it. A new undo request is then not refused
        as "already open", and a withdrawn kick vote is asked again at the loop's next pass
        (the game's ``next_due`` is set to now). A vote already decided is left as it is."""

        async with self.lock(_table(table)):
            vote = await self.store.get_vote(vote_pk)
            if vote is None or vote.status != "open":
                return
            await self.store.set_vote(vote.pk, vote.yes, "withdrawn")
            if vote.kind == "kick":
                await self.store.set_next_due(vote.game_pk, self.clock())
                game = self._games.get(_table(table))
                if game is not None and game.pk == vote.game_pk:
                    game.next_due = self.clock()

    async def vote_open(self, vote_pk: int) -> bool:
        """Whether vote ``vote_pk`` still takes answers (its buttons can be removed once not)."""

        vote = await self.store.get_vote(vote_pk)
        return vote is not None and vote.status == "open"

    async def update_settings(
        self, table: TableRef, user: UserRef, changes: dict, *, admin: bool = False
    ) -> TableSettings:
        """Change the live game's settings (host, or ``admin``): keys of
        :class:`bot.timers.TableSettings`; durations may be text (``24h``, ``off``).
        Returns the new settings. UserError: no live game, not the host, bad value."""

        table, user = _table(table), _seat_of(user)
        async with self.lock(table):
            game = await self._live(table)
            if game.host != user and not admin:
                raise UserError(SETTINGS_NOT_HOST)
            settings = parse_settings(changes, base=self.settings_of(game))
            game.settings = settings.model_dump(mode="json")
            await self.store.set_settings(game.pk, game.settings)
            await self._refresh_due(game, await self._seats(game))
            return settings

    async def vacation(self, table: TableRef, user: UserRef, days: float) -> tuple[float | None, float]:
        """Pause ``user``'s turn clock for ``days`` days from now (or from the end of a
        vacation already running; ``0`` ends it now and gives back the unused days), within
        the table's allowance. Returns ``(vacation end epoch or None, days left)``.
        UserError: not playing here, or over the allowance."""

        table, user = _table(table), _seat_of(user)
        async with self.lock(table):
            game, seats, mine = await self._playing(table, user)
            settings = self.settings_of(game)
            now = self.clock()
            allowance = settings.vacation_days * 86400.0
            running = mine.vacation_until is not None and mine.vacation_until > now
            used = mine.vacation_used
            if days < 0:
                raise UserError(VACATION_NEGATIVE)
            if days == 0:
                if not running:
                    raise UserError(NOT_ON_VACATION)
                used = max(0.0, used - (mine.vacation_until - now))
                until = None
            else:
                if used + days * 86400.0 > allowance + 1e-6:
                    left = max(0.0, allowance - used) / 86400.0
                    raise UserError(
                        f"This table allows {settings.vacation_days} vacation days per player; you have {left:g} left."
                    )
                until = (mine.vacation_until if running else now) + days * 86400.0
                used += days * 86400.0
            await self.store.set_vacation(game.pk, mine.seat, until, used)
            mine.vacation_until, mine.vacation_used = until, used
            await self._refresh_due(game, seats)
            return until, max(0.0, allowance - used) / 86400.0

    async def substitute(
        self, table: TableRef, user: UserRef, new: UserRef, old: UserRef, *, admin: bool = False
    ) -> Result:
        """Hand ``old``'s seat to ``new`` (host, or ``admin``): the seat keeps its id, place
        and history; from now on ``new`` receives the hand (``private``, with the hand
        marked changed so it is sent), the reminders and the pings, and ``old`` nothing.
        UserError: not the host, ``old`` not playing here, ``new`` already seated."""

        table, user, new, old = _table(table), _seat_of(user), _seat_of(new), _seat_of(old)
        async with self.lock(table):
            game = await self._active(table)
            if game.host != user and not admin:
                raise UserError(SUBSTITUTE_NOT_HOST)
            seats = await self._seats(game)
            seat = _seat_by_user(self._humans(seats), old)
            if seat is None:
                raise UserError(SUBSTITUTE_NO_SEAT)
            if _seat_by_user(seats, new) is not None:
                raise UserError(SUBSTITUTE_SEATED)
            await self.store.set_seat_user(game.pk, seat.seat, new)
            seats = await self._load_seats(game.pk)
            engine = registry.get(game.game_id)
            state = await self._state(game, seats)
            private = self._private(engine, state, seats, [seat.seat], {}, {}, initial=True)
            public = [f"{new} takes over the seat of {old} (same place, same history)."]
            result = self._result(game, seats, state, public=public, board_due=False, private=private)
            return result

    async def tick(
        self, now: float | None = None, limit: int = 1000, owns: Callable[[str], Awaitable[bool]] | None = None
    ) -> list[Notice]:
        """One pass of the periodic loop at ``now`` (default: the service clock): for each
        active table whose ``next_due`` has come (one indexed query), send the reminders
        due (never in a player's quiet hours), apply the deadline policy to players whose
        time ran out, and store when to look again. Returns what to post, table by table.
        Idempotent: a second tick at the same ``now`` finds nothing due.

        ``owns``: ``await owns(table)`` is False for a table another process looks after
        (a shard process: the tables of other shards' guilds), which is then left untouched
        for that process's own pass (issue 14.2)."""

        now = self.clock() if now is None else now
        notices: list[Notice] = []
        for game in await self.store.due_games(now, limit):
            if owns is not None and not await owns(game.table_id):
                continue
            try:
                notices += await self._tick_table(game.table_id, game.pk, now)
            except Exception:  # one table's failure must not stop the others
                log.exception("table %s: the periodic loop failed", game.table_id)
        return notices

    async def _tick_table(self, table: str, pk: int, now: float) -> list[Notice]:
        async with self.lock(table):
            game = await self._live_game(table)
            if game is None or game.pk != pk or game.status != ACTIVE:
                await self.store.set_next_due(pk, None)
                return []
            seats = await self._seats(game)
            engine = registry.get(game.game_id)
            state = await self._state(game, seats)
            settings = self.settings_of(game)
            if game.turn_started is None:
                game.turn_started = now
            humans = {s.seat: s for s in self._humans(seats)}
            waiting = [humans[p] for p in engine.to_act(state) if p in humans]
            # a kick vote open, or already decided at this version ("the game waits for them"):
            # no new vote for that player until the game moves on
            kicks = (
                {
                    v.subject
                    for v in await self.store.votes(pk, status=None)
                    if v.kind == "kick"
                    and v.status != "withdrawn"
                    and (v.status == "open" or v.version == game.version)
                }
                if settings.policy == "kick"
                else set()
            )
            overdue: list[SeatRow] = []
            remind: list[SeatRow] = []
            nexts: list[float] = []
            deadline: float | None = None
            for s in waiting:
                quiet, tz = await self.quiet_hours(s.user_id)
                plan = seat_plan(now, game.turn_started, settings, s.reminded, s.vacation_until, quiet, tz)
                if plan.overdue:
                    if s.seat not in kicks:
                        overdue.append(s)
                    continue
                if plan.deadline is not None:
                    deadline = plan.deadline if deadline is None else min(deadline, plan.deadline)
                if plan.remind_now:
                    remind.append(s)
                    s.reminded = plan.steps
                if plan.next_at is not None:
                    nexts.append(plan.next_at)
            notices: list[Notice] = []
            if remind:
                await self.store.set_reminded(pk, {s.seat: s.reminded for s in remind})
                notices.append(
                    Notice(
                        kind="reminder",
                        table=table,
                        game_pk=pk,
                        game_id=game.game_id,
                        text=f"Reminder: {engine.title} is waiting for {', '.join(s.seat for s in remind)}.",
                        mention=[s.user_id for s in remind],
                        seats=[s.seat for s in remind],
                        deadline=deadline,
                    )
                )
            if overdue and settings.policy == "ai":
                names = ", ".join(s.seat for s in overdue)
                result = await self._play(
                    game,
                    seats,
                    state,
                    None,
                    absent={s.seat for s in overdue},
                    public=[f"Time is up for {names}: the AI plays this turn for them (marked in the history)."],
                )
                notices.append(
                    Notice(
                        kind="deadline",
                        table=table,
                        game_pk=pk,
                        game_id=game.game_id,
                        text=result.public[0],
                        mention=list(result.mention),
                        seats=[s.seat for s in overdue],
                        result=result,
                    )
                )
                return notices
            for s in overdue:  # "kick" policy: the others vote
                voters = [o for o in humans.values() if o.seat != s.seat and o not in overdue]
                if not voters:  # nobody to ask: the AI takes the seat
                    result = await self._play(
                        game,
                        seats,
                        state,
                        None,
                        resigned=s.seat,
                        public=[
                            f"Time is up for {s.seat} and no other player can vote: the AI takes the seat"
                            " for the rest of the game and they rank last."
                        ],
                    )
                    notices.append(
                        Notice(
                            kind="deadline",
                            table=table,
                            game_pk=pk,
                            game_id=game.game_id,
                            text=result.public[0],
                            mention=list(result.mention),
                            seats=[s.seat],
                            result=result,
                        )
                    )
                    return notices
                vote = await self.store.open_vote(pk, "kick", s.seat, game.version, [o.seat for o in voters])
                notices.append(
                    Notice(
                        kind="kick-vote",
                        table=table,
                        game_pk=pk,
                        game_id=game.game_id,
                        text=(
                            f"Time is up for {s.seat}. Remove them from the game? The AI would take the seat for"
                            " the rest of the game and they would rank last. A majority of "
                            + ", ".join(o.seat for o in voters)
                            + " decides."
                        ),
                        mention=[o.user_id for o in voters],
                        seats=[s.seat],
                        vote=vote,
                        version=game.version,
                    )
                )
            due = min(nexts) if nexts else None
            await self.store.set_clock(pk, game.turn_started, due)
            game.next_due = due
            return notices

    # ----- votes (undo, kick) -----------------------------------------------------------
    async def vote(self, table: TableRef, user: UserRef, vote_pk: int, yes: bool) -> Result:
        """``user`` answers vote ``vote_pk``. An undo passes when every voter says yes and
        any "no" refuses it; a kick passes with a majority of the voters and fails once a
        majority can no longer be reached. A vote lapses when a move was made since it
        opened. Returns a Result whose ``public`` says what happened (``board_due`` when a
        passed vote changed the game). UserError: not a voter, already answered, vote over."""

        table, user = _table(table), _seat_of(user)
        async with self.lock(table):
            game = await self._active(table)
            vote = await self.store.get_vote(vote_pk)
            if vote is None or vote.game_pk != game.pk:
                raise UserError(VOTE_OTHER_GAME)
            seats = await self._seats(game)
            mine = _seat_by_user(self._humans(seats), user)
            if vote.status != "open":
                raise UserError(VOTE_DECIDED)
            if game.version != vote.version:
                await self.store.set_vote(vote.pk, vote.yes, "lapsed")
                raise UserError(VOTE_LAPSED)
            if mine is None or mine.seat not in vote.voters:
                raise UserError(NOT_A_VOTER)
            if mine.seat in vote.yes or "-" + mine.seat in vote.yes:
                raise UserError(ALREADY_VOTED)
            state = await self._state(game, seats)
            if vote.kind == "undo":
                if not yes:
                    await self.store.set_vote(vote.pk, vote.yes, "refused")
                    return self._result(
                        game,
                        seats,
                        state,
                        board_due=False,
                        public=[f"{mine.seat} said no: the undo asked by {vote.subject} is refused."],
                    )
                vote.yes.append(mine.seat)
                if set(vote.yes) >= set(vote.voters):
                    await self.store.set_vote(vote.pk, vote.yes, "passed")
                    return await self._undo_now(game, seats, vote.subject, note="Everyone agreed.")
                await self.store.set_vote(vote.pk, vote.yes, "open")
                left = [v for v in vote.voters if v not in vote.yes]
                return self._result(
                    game,
                    seats,
                    state,
                    board_due=False,
                    public=[f"{mine.seat} agreed to the undo; waiting for {', '.join(left)}."],
                )
            # kick: yes is counted in vote.yes, no in a separate marker ("-seat")
            answers = vote.yes + [mine.seat if yes else "-" + mine.seat]
            ayes = sum(1 for a in answers if not a.startswith("-"))
            noes = len(answers) - ayes
            need = len(vote.voters) // 2 + 1
            if ayes >= need:
                await self.store.set_vote(vote.pk, answers, "passed")
                return await self._play(
                    game,
                    seats,
                    state,
                    None,
                    resigned=vote.subject,
                    public=[
                        f"The vote removed {vote.subject}: the AI takes the seat for the rest of the game"
                        " and they rank last."
                    ],
                )
            if noes > len(vote.voters) - need:
                await self.store.set_vote(vote.pk, answers, "refused")
                return self._result(
                    game,
                    seats,
                    state,
                    board_due=False,
                    public=[f"The vote to remove {vote.subject} failed; the game waits for them."],
                )
            await self.store.set_vote(vote.pk, answers, "open")
            return self._result(
                game,
                seats,
                state,
                board_due=False,
                public=[f"{mine.seat} voted; {need - ayes} more yes needed to remove {vote.subject}."],
            )

    # ----- undo -------------------------------------------------------------------------
    async def undo(self, table: TableRef, user: UserRef) -> Result | UndoRequest:
        """Take back ``user``'s last move and everything played after it (BGA's undo policy,
        ANCHORS.md §0 item 7):

        * refused (UserError) when one of those moves revealed hidden information
          (``engine.reveals``: a draw, a flip, a roll — a vote cannot un-see it);
        * done at once when nobody else moved since (or no other human can be asked);
        * otherwise an :class:`UndoRequest`: the other human players vote (``vote``), every
          one must agree and any "no" refuses it.

        Implemented as an appended action: the moves stay in the log marked undone, an
        "undo" marker row takes the next version (so stale buttons are refused), and the
        state is rebuilt by replaying the log without the undone moves."""

        table, user = _table(table), _seat_of(user)
        async with self.lock(table):
            game, seats, mine = await self._playing(table, user)
            span, _ = await self._undo_span(game, seats, mine.seat)
            others = {seat for seat, _a, _b in span[1:] if seat != mine.seat}
            voters = [s for s in self._humans(seats) if s.seat != mine.seat]
            if others and voters:
                if any(v.kind == "undo" for v in await self.store.votes(game.pk) if v.version == game.version):
                    raise UserError(UNDO_VOTE_OPEN)
                vote = await self.store.open_vote(game.pk, "undo", mine.seat, game.version, [v.seat for v in voters])
                engine = registry.get(game.game_id)
                return UndoRequest(
                    table=table,
                    game_pk=game.pk,
                    vote=vote,
                    version=game.version,
                    seat=mine.seat,
                    voters=[v.seat for v in voters],
                    mention=[v.user_id for v in voters],
                    moves=[engine.describe_to(before, who, a, None) for who, a, before in span],
                )
            return await self._undo_now(game, seats, mine.seat)

    async def _undo_span(self, game: GameRow, seats: list[SeatRow], seat: str) -> tuple[list, list[int]]:
        """``([(seat, action, state_before)…], seqs)`` from ``seat``'s last own move (not one
        the AI played for them) to the end; UserError when there is none or a move in it
        revealed hidden information."""

        engine = registry.get(game.game_id)
        collected: list = []
        flags: dict[int, str | None] = {}
        await self._replay(game, seats, collect=collected, flags=flags)
        start = next(
            (
                i
                for i in range(len(collected) - 1, -1, -1)
                if collected[i][1] == seat and flags.get(collected[i][0]) != "ai"
            ),
            None,
        )
        if start is None:
            raise UserError(NOTHING_TO_UNDO)
        span = collected[start:]
        for _seq, who, action, before in span:
            outcome = engine.apply(before, who, action)
            if engine.reveals(before, who, action, outcome):
                raise UserError(
                    "That cannot be undone: since your move, hidden information was revealed"
                    f" ({engine.describe_to(before, who, action, None)})."
                )
        return [(who, action, before) for _q, who, action, before in span], [c[0] for c in span]

    async def _undo_now(self, game: GameRow, seats: list[SeatRow], seat: str, note: str = "") -> Result:
        engine = registry.get(game.game_id)
        span, seqs = await self._undo_span(game, seats, seat)
        current = await self._state(game, seats)
        humans = [s.seat for s in self._humans(seats)]
        hands_before = {p: engine.private_view(current, p) for p in humans}
        state = span[0][2]
        lines = [engine.describe_to(before, who, a, None) for who, a, before in span]  # no hidden choice named
        text = f"{seat} took back: " + " / ".join(lines)
        try:
            game.version = await self.store.undo(
                game.pk, game.version, seqs, seat, engine.state_to_json(state), ACTIVE, text
            )
        except VersionConflict:
            self._forget(game.table_id)
            raise UserError(UNDO_CHANGED) from None
        self._cache[game.pk] = (game.version, state)
        now = self.clock()
        game.turn_started = None  # a new turn for whoever must act now
        started, due = self._clock(game, seats, set(), state, now, ACTIVE)
        await self.store.set_clock(game.pk, started, due, reset_reminders=True)
        game.turn_started, game.next_due = started, due
        public = (
            ([note] if note else [])
            + [
                f"Undo: {seat} took back {len(lines)} move{'s' if len(lines) != 1 else ''}"
                " (kept in the history, marked undone):"
            ]
            + [f"↶ {t}" for t in lines]
        )
        private = self._private(engine, state, seats, humans, hands_before, {}, initial=False)
        return self._result(game, seats, state, public=public, board_due=True, private=private)

    # ----- server-wide views ------------------------------------------------------------
    async def guild_tables(self, guild: str | int) -> list[TableSummary]:
        """This server's live tables (lobby or active), oldest first: game, table, whose
        turn and since when. One query plus one (cached) state per table."""

        out = []
        for game in await self.store.guild_games(str(guild)):
            out.append(await self._summary(game))
        return out

    async def my_tables(self, user: UserRef) -> list[TableSummary]:
        """Active tables, across servers, where ``user`` must act now."""

        user = _seat_of(user)
        out = []
        for game in await self.store.user_games(user):
            live = self._games.get(game.table_id)
            summary = await self._summary(live if live is not None and live.pk == game.pk else game)
            if user in summary.waiting_users:
                out.append(summary)
        return out

    async def _summary(self, game: GameRow) -> TableSummary:
        engine = registry.get(game.game_id)
        seats = await self._seats(game)
        waiting: list[str] = []
        if game.status == ACTIVE:
            state = await self._state(game, seats)
            waiting = list(engine.to_act(state))
        users = _users(seats)
        settings = self.settings_of(game)
        deadline = (
            game.turn_started + settings.turn_limit
            if settings.turn_limit and game.turn_started is not None and game.status == ACTIVE
            else None
        )
        return TableSummary(
            table=game.table_id,
            game_pk=game.pk,
            game_id=game.game_id,
            title=engine.title,
            status=game.status,
            waiting=waiting,
            waiting_users=[users[p] for p in waiting if p in users],
            since=game.turn_started,
            deadline=deadline,
            guild=game.guild,
        )

    # ----- reconcile: posts the channel never got -------------------------------------
    #: at most this many missed public events are repeated in a catch-up post
    CATCH_UP_EVENTS = 15

    async def unposted(self) -> list[tuple[str, int]]:
        """``(table, game_pk)`` of the started games whose board at their current version
        never reached the channel (the bot died between commit and post, or the post
        failed), oldest game first."""

        return [(g.table_id, g.pk) for g in await self.store.unposted()]

    async def catch_up(self, table: TableRef, game_pk: int, note: str) -> Result | None:
        """What the channel missed of game ``game_pk``: a Result at the game's current
        version (board due, whoever must act to mention, the ranking if over) whose
        ``public`` is ``note`` followed by the public events of the moves never posted (the
        last :data:`CATCH_UP_EVENTS` of them), and whose ``private`` holds each human's
        missed private events and their hand if it changed since the last post. None if
        nothing is missing. Takes the
        table's lock, so its ticket orders it among the table's other posts; post it with
        the Poster, which skips it if a later post has shown this version meanwhile."""

        table = _table(table)
        async with self.lock(table):
            game = await self.store.get_game(game_pk)
            if game is None or game.table_id != table or game.status not in (ACTIVE, OVER):
                return None
            posted = game.posted  # the fresh read's: what the channel has seen
            live = self._games.get(table)
            if live is not None and live.pk == game.pk:
                game = live  # the cached row, kept in step by commits
                game.posted = posted
            seats = await self._seats(game)
            if game.status == ACTIVE:
                await self._play_due_ai(game, seats)  # AI turns left due by a crash (issue 11.1)
            if game.posted >= game.version:
                return None
            engine = registry.get(game.game_id)
            state = await self._state(game, seats)
            humans = [s.seat for s in self._humans(seats)]
            # the texts stored with the missed moves (constant time per move; a game logged
            # before texts were stored is replayed once)
            rows = [
                r
                for r in await self.store.actions(game.pk, after=max(game.posted, 0))
                if r.seq <= game.version and not r.undone
            ]
            texts = {r.seq: read_move_text(r.text) for r in rows}
            if any(t is None for t in texts.values()):
                texts.update(await self._replayed_texts(game, seats))
            events: list[str] = []
            private_events: dict[str, list[str]] = {p: [] for p in humans}
            for row in rows:
                mt = texts.get(row.seq)
                if mt is None:
                    continue
                events += mt.events() if row.flag != "undo" else mt.public
                for p, evs in mt.private.items():
                    if p in private_events:
                        private_events[p] += evs
            # a hand is sent to whoever has missed private news (what they drew, were dealt…),
            # and to everyone when the start's post never went out
            hands_before = {
                p: None if private_events[p] or game.posted < 0 else engine.private_view(state, p) for p in humans
            }
            if game.status == ACTIVE:
                self._cache[game.pk] = (game.version, state)
            public = [note]
            if len(events) > self.CATCH_UP_EVENTS:
                hidden = len(events) - self.CATCH_UP_EVENTS
                public.append(f"({hidden} earlier events not shown; /game history lists the moves.)")
                events = events[-self.CATCH_UP_EVENTS :]
            public += events
            if game.status == OVER and not any(t.lower().startswith("game over") for t in public):
                public.append("Game over.")
            private = self._private(engine, state, seats, humans, hands_before, private_events, initial=game.posted < 0)
            result = self._result(game, seats, state, public=public, board_due=True, private=private)
            result.catch_up = True
            return result

    async def set_status_message(self, game_pk: int, message_id: str | None) -> None:
        """Store the id of game ``game_pk``'s live status message (it survives restarts)."""

        await self.store.set_status_message(game_pk, message_id)
        for game in self._games.values():
            if game.pk == game_pk:
                game.status_message = message_id

    async def needs_post(self, result: Result) -> bool:
        """Whether the channel has not yet seen the board at ``result.version`` (a fresh read)."""

        game = await self.store.get_game(result.game_pk)
        return game is not None and game.posted < result.version

    async def mark_posted(self, result: Result) -> None:
        """Record that ``result``'s board reached the channel (call after the post)."""

        if result.status in (ACTIVE, OVER):
            await self.store.mark_posted(result.game_pk, result.version)

    # ----- rendering and posting ------------------------------------------------------
    async def render_board(self, game_id: str, view: dict) -> list[bytes]:
        """PNG images of a board view, rendered in a worker thread (never in the lock)."""

        import renderers

        return await asyncio.to_thread(renderers.render_board, game_id, view)

    async def render_summary(self, game_id: str, view: dict, events: list[str] | None = None) -> bytes | None:
        """The phone summary PNG posted after a move (``renderers.render_summary``: the step,
        ``events``, every seat's score and resources, whose turn), rendered in a worker
        thread; ``None`` when the game's renderer draws no summary (post the board then)."""

        import renderers

        if not hasattr(renderers.module_for(game_id), "summary"):
            return None
        return await asyncio.to_thread(renderers.render_summary, game_id, view, list(events or []))

    async def render_hand(self, game_id: str, view: dict) -> bytes | None:
        """PNG of a player's hand view (or None if the renderer draws no hands), in a thread."""

        import renderers

        return await asyncio.to_thread(renderers.render_hand, game_id, view)

    @contextlib.asynccontextmanager
    async def post_order(self, result: Result):
        """``async with service.post_order(result):`` waits until every earlier ticket of the
        table has been posted (or given up), so posts go out in version order. A ticket
        whose post never comes is skipped after :data:`POST_ORDER_TIMEOUT` seconds."""

        if result.ticket <= 0:
            yield
            return
        order = self._orders.setdefault(result.table, _PostOrder())
        async with order.cond:
            try:
                await asyncio.wait_for(
                    order.cond.wait_for(lambda: order.posted >= result.ticket - 1), self.POST_ORDER_TIMEOUT
                )
            except TimeoutError:
                pass
        try:
            yield
        finally:
            async with order.cond:
                order.posted = max(order.posted, result.ticket)
                order.cond.notify_all()
                # every ticket issued so far is posted: forget the table (the next ticket
                # starts a fresh counter), so the dict holds only tables with posts due
                if order.posted >= order.issued and self._orders.get(result.table) is order:
                    del self._orders[result.table]
