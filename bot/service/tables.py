"""The service's tables: the ONE owner of its caches, its per-table locks and post tickets.

A guard (:meth:`Tables.live`, :meth:`Tables.active`, :meth:`Tables.hosted_lobby`,
:meth:`Tables.playing`) checks what a call needs and returns a loaded :class:`Table` (the
game row, its seats and its engine, and the state when asked for), so no caller looks them
up again. The caches are write-through (this process is the only writer; the store's
version guard catches anyone else) and hold live tables only; on a shared store
(PostgreSQL shards) the game row and seats are read afresh on every call.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from bot.i18n import DEFAULT, LANGUAGES, PSEUDO, Text
from bot.movelog import MoveText, move_text, read_move_text
from bot.service.parsing import engine_for
from bot.service.results import (
    ACTIVE,
    CANCELLED,
    LAST_CANCELLED,
    LAST_OVER,
    LOBBY,
    NO_GAME,
    NOT_PLAYING,
    NOT_STARTED,
    OVER,
    RankLine,
    Result,
    SeatInfo,
    TableInfo,
    UserError,
    handed_over,
    rank_lines,
)
from bot.store import ActionRow, GameRow, SeatRow, Store
from bot.timers import TableSettings

__all__ = ["Table", "Tables", "same_state", "seat_by_user", "seat_info_by_user"]


def seat_by_user(seats: Iterable[SeatRow], user: str) -> SeatRow | None:
    """The seat ``user`` holds now, resigned or not (a seat keeps its id when a substitute
    takes it over, so the user is matched on its current holder ``user_id``, never on the
    seat id; AI seats have none). The one lookup of a caller's seat."""

    return next((s for s in seats if s.user_id == user and not s.is_ai), None)


def seat_info_by_user(seats: Iterable[SeatInfo], user: str) -> SeatInfo | None:
    """:func:`seat_by_user` over the seats of a :class:`TableInfo` (``user`` is the current
    holder; AI seats have none)."""

    return next((s for s in seats if s.user == user), None)


def same_state(engine: Any, a: Any, b: Any) -> bool:
    """Whether two engine states are the same position: equal field by field (a pydantic
    state's sets and dicts compare regardless of order), else equal ``state_to_json``."""

    if hasattr(a, "model_dump") and hasattr(b, "model_dump"):
        return type(a) is type(b) and a.model_dump() == b.model_dump()
    return engine.state_to_json(a) == engine.state_to_json(b)


@dataclass
class Table:
    """A loaded table: the game ``game`` (its row, updated in place after commits), its
    ``seats``, its ``engine``, and ``state`` (the engine state at ``game.version``) once a
    guard loaded it (None before)."""

    game: GameRow
    seats: list[SeatRow]
    engine: Any
    state: Any = None
    #: the host's AI strength, for AI-played seats the table chose none for
    default_strength: str = "normal"

    def strength_of(self, seat: str) -> str:
        """The strength the AI plays ``seat`` at: an AI seat's own (``/game addbot``), else the
        table's ``ai_strength`` (absent or handed-over players), else the host's default."""

        try:
            settings = TableSettings.model_validate(self.game.settings or {})
        except Exception:  # a row written by a newer program: the host's default
            return self.default_strength
        return settings.bots.get(seat) or settings.ai_strength or self.default_strength

    @property
    def humans(self) -> list[SeatRow]:
        """Seats a person still plays (not AI, not resigned)."""

        return [s for s in self.seats if not s.is_ai and not s.resigned]

    @property
    def ai(self) -> set[str]:
        """Seats the AI plays now (AI seats and resigned ones)."""

        return {s.seat for s in self.seats if s.is_ai or s.resigned}

    @property
    def handed(self) -> set[str]:
        """Human seats handed to the AI (resigned or voted out): the AI's moves for them are
        flagged "ai" in the log, so /game history does not read them as the player's."""

        return {s.seat for s in self.seats if s.resigned and not s.is_ai}

    def users(self) -> dict[str, str]:
        """seat id -> the user who plays it now (humans, resigned ones included)."""

        return {s.seat: s.user_id for s in self.seats if s.user_id is not None and not s.is_ai}

    def seat_of(self, user: str) -> SeatRow | None:
        """The seat ``user`` holds (resigned or not), None for a spectator."""

        return seat_by_user(self.seats, user)

    def player(self, user: str) -> SeatRow | None:
        """The seat ``user`` still plays (not resigned), None otherwise."""

        return seat_by_user(self.humans, user)

    def in_order(self) -> list[SeatRow]:
        """The seats in seat order (lobby seats, which have none, last)."""

        return sorted(self.seats, key=lambda s: s.seat_order if s.seat_order is not None else 1 << 30)

    def ranking(self, state: Any) -> list[RankLine]:
        """The final ranking of ``state`` with resigned seats last (:func:`rank_lines`)."""

        return rank_lines(
            self.engine,
            state,
            {s.seat for s in self.seats if s.resigned},
            {s.seat for s in self.seats if s.is_ai},
            {s.seat: s.handover for s in self.seats if s.resigned and s.handover},
        )

    def info(self) -> TableInfo:
        game, engine = self.game, self.engine
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
                    strength=self.strength_of(s.seat) if s.is_ai or s.resigned else None,
                    handover=s.handover if s.resigned else None,
                )
                for s in self.seats
            ],
            min_players=engine.min_players,
            max_players=engine.max_players,
            language=self.language(),
        )

    def language(self) -> str:
        """The table's language (``language`` of its settings; English for a row written
        before tables had one, or by a newer program)."""

        raw = (self.game.settings or {}).get("language")
        return raw if raw in LANGUAGES or raw == PSEUDO else DEFAULT


class _LockEntry:
    """A table's lock and how many callers hold or await it (see :meth:`Tables.lock`)."""

    __slots__ = ("lock", "users")

    def __init__(self, lock: Any) -> None:
        self.lock = lock
        self.users = 0


class _PostOrder:
    """Per-table ticket counter and the condition posts wait on (see :meth:`Tables.post_order`)."""

    def __init__(self) -> None:
        self.issued = 0
        self.posted = 0
        self.cond = asyncio.Condition()


class Tables:
    """The live tables over ``store``: locks (made by ``lock_factory``), the cached game rows,
    seats, states, settings and quiet hours, and the post tickets."""

    #: how long a post waits for an earlier ticket that is never posted, seconds
    POST_ORDER_TIMEOUT = 30.0
    #: how many engine states (the largest thing a live table keeps) stay in memory
    MAX_STATES = 256
    #: how many users' quiet hours and time zones stay in memory
    MAX_PREFS = 4096

    def __init__(self, store: Store, lock_factory: Callable[[], Any]) -> None:
        self.store = store
        self.lock_factory = lock_factory
        #: the host's AI strength (``BOARDHOST_AI_STRENGTH``; :class:`bot.service.Service` sets it)
        self.ai_strength = "normal"
        self._locks: dict[str, _LockEntry] = {}
        #: game pk -> (version, state), the most recently used :attr:`MAX_STATES` active games
        #: (an evicted state is read back from its snapshot, stored with every commit)
        self._states: OrderedDict[int, tuple[int, Any]] = OrderedDict()
        self._games: dict[str, GameRow] = {}  # table -> its live game row
        self._seats: dict[int, list[SeatRow]] = {}  # game pk -> its seats
        #: game pk -> (the settings dict of its row, that dict validated): see settings_of
        self._settings: dict[int, tuple[Any, TableSettings]] = {}
        #: user -> quiet hours and time zone, the most recently used :attr:`MAX_PREFS` users
        self._prefs: OrderedDict[str, tuple[int | None, int | None, str | None]] = OrderedDict()
        self._orders: dict[str, _PostOrder] = {}
        #: other processes may write the same store (PostgreSQL shards): read the game row
        #: and seats afresh on every call instead of trusting the write-through caches
        self._shared = bool(getattr(store, "shared", False))
        #: shared store: seats read together with a game row by live_game, handed once to
        #: the next seats() call for that same row object in the same task
        #: (game pk -> (task, row, seats))
        self._fresh_seats: dict[int, tuple[Any, GameRow, list[SeatRow]]] = {}

    # ----- the per-table lock -------------------------------------------------------
    @contextlib.asynccontextmanager
    async def lock(self, table: str):
        """``async with tables.lock(table):`` holds the table's lock. The lock exists only
        while someone holds or awaits it: each entry counts its users (incremented BEFORE
        waiting), and the last one out removes it, so the dict holds only busy tables. A
        later caller makes a fresh lock, which is safe because nobody holds or waits for
        the old one any more."""

        entry = self._locks.get(table)
        if entry is None:
            entry = self._locks[table] = _LockEntry(self.lock_factory())
        entry.users += 1
        try:
            async with entry.lock:
                yield
        finally:
            entry.users -= 1
            if entry.users == 0 and self._locks.get(table) is entry:
                del self._locks[table]

    # ----- game rows and seats ------------------------------------------------------
    async def live_game(self, table: str) -> GameRow | None:
        """The table's live game row (cached; the object is updated in place after commits)."""

        game = self._games.get(table)
        if game is not None and game.status in (LOBBY, ACTIVE) and not self._shared:
            return game
        if game is not None and game.status not in (LOBBY, ACTIVE):
            self.forget(table)  # it ended: nothing of it stays cached
        self._games.pop(table, None)
        if self._shared:  # the row and its seats in one read; seats() takes them for this game
            game, seats = await self.store.live_game_seats(table)
            if game is not None:
                self._fresh_seats[game.pk] = (asyncio.current_task(), game, seats)
        else:
            game = await self.store.live_game(table)
        if game is not None:
            self._games[table] = game
        return game

    def cached_game(self, table: str, pk: int | None = None) -> GameRow | None:
        """The cached live row of ``table`` (of game ``pk``, if given) without a read, else None."""

        game = self._games.get(table)
        return game if game is not None and (pk is None or game.pk == pk) else None

    def cached_row(self, pk: int) -> GameRow | None:
        """The cached live row of game ``pk`` without a read, else None."""

        return next((game for game in self._games.values() if game.pk == pk), None)

    def remember(self, game: GameRow) -> None:
        """Cache ``game`` as its table's live game (a new lobby)."""

        self._games[game.table_id] = game

    async def current_game(self, table: str) -> GameRow | None:
        """The table's live game (cached), else its most recent game of any status."""

        return await self.live_game(table) or await self.store.last_game(table)

    def forget(self, table: str) -> None:
        """Drop everything cached for ``table`` (its game ended, or another process moved it)."""

        game = self._games.pop(table, None)
        if game is not None:
            self._seats.pop(game.pk, None)
            self._settings.pop(game.pk, None)
            self._fresh_seats.pop(game.pk, None)
            self._states.pop(game.pk, None)

    async def seats(self, game: GameRow) -> list[SeatRow]:
        """The game's seats: cached for live games (finished ones are read, not kept, so the
        caches hold only live tables)."""

        cached = self._seats.get(game.pk)
        if cached is not None and not self._shared:
            return cached
        if self._shared:
            fresh = self._fresh_seats.pop(game.pk, None)
            if fresh is not None and fresh[0] is asyncio.current_task() and fresh[1] is game:
                self._seats[game.pk] = fresh[2]  # read with this very row, in this task
                return fresh[2]
        if game.status in (LOBBY, ACTIVE):
            return await self.reload_seats(game)
        return await self.store.seats(game.pk)

    async def reload_seats(self, game: GameRow) -> list[SeatRow]:
        """The seats from the store (after a change), refreshing the cache; the seats of a
        game that has ended are read, not cached (the caches hold live tables only)."""

        seats = await self.store.seats(game.pk)
        if game.status in (LOBBY, ACTIVE):
            self._seats[game.pk] = seats
        else:
            self._seats.pop(game.pk, None)
        return seats

    async def load(self, game: GameRow, *, state: bool = False) -> Table:
        """``game`` loaded: its seats and engine (and its state when ``state``)."""

        t = Table(game, await self.seats(game), engine_for(game.game_id), default_strength=self.ai_strength)
        if state:
            t.state = await self.state(t)
        return t

    # ----- guards: what a call needs, loaded --------------------------------------------
    async def live(self, table: str) -> Table:
        """The table's live game (lobby or active). UserError: none (saying why)."""

        game = await self.live_game(table)
        if game is None:
            last = await self.store.last_game(table)
            if last is not None and last.status == OVER:
                raise UserError(LAST_OVER)
            if last is not None and last.status == CANCELLED:
                raise UserError(LAST_CANCELLED)
            raise UserError(NO_GAME)
        return await self.load(game)

    async def active(self, table: str, *, state: bool = False) -> Table:
        """The table's started game (with its state when ``state``). UserError: none, or a lobby."""

        t = await self.live(table)
        if t.game.status == LOBBY:
            raise UserError(NOT_STARTED)
        if state:
            t.state = await self.state(t)
        return t

    async def hosted_lobby(self, table: str, seat: str, started: Text, not_host: Text) -> Table:
        """The lobby at ``table`` that ``seat`` hosts (call it holding the table's lock).
        UserError: no live game; ``started`` when the game has started, ``not_host`` when
        ``seat`` is not the host."""

        t = await self.live(table)
        if t.game.status != LOBBY:
            raise UserError(started)
        if t.game.host != seat:
            raise UserError(not_host)
        return t

    async def playing(self, table: str, user: str) -> tuple[Table, SeatRow]:
        """The started game at ``table`` and the human seat ``user`` plays (call it holding
        the table's lock). UserError: no started game, or ``user`` plays no seat (a seat the
        AI took over from them says why: :func:`handed_over`)."""

        t = await self.active(table)
        mine = t.player(user)
        if mine is None:
            held = t.seat_of(user)
            raise UserError(handed_over(held.handover) if held is not None and held.resigned else NOT_PLAYING)
        return t, mine

    # ----- states -------------------------------------------------------------------
    async def state(self, t: Table) -> Any:
        """The state of ``t`` at ``t.game.version``: cache, else the snapshot, else a replay
        of the log from the setup arguments (then the snapshot is rewritten)."""

        game, engine = t.game, t.engine
        cached = self._states.get(game.pk)
        if cached is not None and cached[0] == game.version:
            self._states.move_to_end(game.pk)
            return cached[1]
        state = None
        snap = await self.store.snapshot(game.pk)
        if snap is not None and snap[0] == game.version:
            try:
                state = engine.state_from_json(snap[1])
            except Exception:
                state = None
        if state is None:
            state = await self.replay(t)
            await self.store.put_snapshot(game.pk, game.version, engine.state_to_json(state))
        if game.status == ACTIVE:
            self.keep_state(game, state)
        return state

    def keep_state(self, game: GameRow, state: Any) -> None:
        """Cache ``state`` as ``game``'s state at ``game.version`` (after a commit); only an
        active game's state is kept."""

        if game.status == ACTIVE:
            self._states[game.pk] = (game.version, state)
            self._states.move_to_end(game.pk)
            while len(self._states) > self.MAX_STATES:
                self._states.popitem(last=False)
        else:
            self._states.pop(game.pk, None)

    async def replay(self, t: Table, collect: list | None = None, flags: dict | None = None) -> Any:
        """Rebuild the state from setup arguments and the whole action log. ``collect``: if
        given, receives (seq, seat, action, state_before) per action; ``flags``: seq -> flag.
        The replay (pure engine calls, tens of ms for a long game) runs in a worker thread,
        off the event loop."""

        game, engine = t.game, t.engine
        order = [s.seat for s in t.in_order()]
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

    async def move_texts(self, t: Table, rows: list[ActionRow]) -> dict[int, MoveText | None]:
        """seq -> the text stored with each of ``rows`` (constant time per move); a game
        logged before texts were stored is replayed once instead."""

        texts = {r.seq: read_move_text(r.text) for r in rows}
        if not any(text is None for text in texts.values()):
            return texts
        engine = t.engine
        collected: list = []
        await self.replay(t, collect=collected)

        def replayed() -> dict[int, MoveText | None]:
            return {
                seq: read_move_text(move_text(engine, before, seat, action, engine.apply(before, seat, action)))
                for seq, seat, action, before in collected
            }

        texts.update(await asyncio.to_thread(replayed))
        return texts

    # ----- settings and preferences -----------------------------------------------------
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

    async def prefs(self, user: str) -> tuple[int | None, int | None, str | None]:
        """A user's stored ``(quiet start, quiet end, time zone)`` (cached)."""

        prefs = self._prefs.get(user)
        if prefs is None:
            prefs = await self.store.get_prefs(user)
        self._keep_prefs(user, prefs)
        return prefs

    def _keep_prefs(self, user: str, prefs: tuple[int | None, int | None, str | None]) -> None:
        self._prefs[user] = prefs
        self._prefs.move_to_end(user)
        while len(self._prefs) > self.MAX_PREFS:
            self._prefs.popitem(last=False)

    async def set_prefs(self, user: str, start: int | None, end: int | None, tz: str | None) -> None:
        """Store a user's quiet hours and time zone (and cache them)."""

        await self.store.set_prefs(user, start, end, tz)
        self._keep_prefs(user, (start, end, tz))

    # ----- post order ---------------------------------------------------------------
    def ticket(self, table: str) -> int:
        """The next post ticket of ``table`` (1, 2, 3…; issued inside the table's lock)."""

        order = self._orders.setdefault(table, _PostOrder())
        order.issued += 1
        return order.issued

    @contextlib.asynccontextmanager
    async def post_order(self, result: Result):
        """Wait until every earlier ticket of ``result``'s table has been posted (or given
        up); a ticket whose post never comes is skipped after :data:`POST_ORDER_TIMEOUT`."""

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

    # ----- what is held now (diagnostics) --------------------------------------------------
    def busy(self) -> dict[str, int]:
        """table -> how many callers hold or await its lock (only tables with any)."""

        return {table: entry.users for table, entry in self._locks.items()}

    def owing_posts(self) -> list[str]:
        """Tables with post tickets issued and not all posted yet."""

        return list(self._orders)

    def cached(self) -> dict[str, int]:
        """How many entries each cache holds: game rows, seat lists, states, settings, and
        seats read with a row on a shared store."""

        return {
            "games": len(self._games),
            "seats": len(self._seats),
            "states": len(self._states),
            "settings": len(self._settings),
            "fresh_seats": len(self._fresh_seats),
        }
