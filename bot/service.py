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
import shlex
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from engines import registry
from engines.base import ActionModel, IllegalAction, normalize, plural, rng, shuffled

from bot.games import MOVES_HINT, refusal
from bot.store import GameRow, SeatRow, SqliteStore, Store, TableBusy, VersionConflict

log = logging.getLogger(__name__)

__all__ = [
    "UserError",
    "StaleVersion",
    "PrivateMessage",
    "RankLine",
    "SeatInfo",
    "TableInfo",
    "Result",
    "Board",
    "Hand",
    "HistoryLine",
    "Service",
    "parse_options",
]

UserRef = int | str
TableRef = int | str

#: statuses of a game row
LOBBY, ACTIVE, OVER, CANCELLED = "lobby", "active", "over", "cancelled"


class UserError(Exception):
    """A user's mistake: ``str(exc)`` is one plain sentence to answer ephemerally.

    Raised before anything changes; the table is exactly as it was.
    """

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


#: the refusal when another move was committed between reading the board and saving a move
BOARD_CHANGED = ("The board changed: another move was made at the same moment and yours was not played;"
                 " look at the board and try again.")

#: the refusal when another process changed the lobby (joined, left, started) meanwhile
LOBBY_CHANGED = ("The lobby changed at the same moment (someone joined, left or started it); nothing was"
                 " changed, look at the table and try again.")


class StaleVersion(UserError):
    """``act(..., expected_version=v)`` when the game is already past ``v`` (a stale button).

    ``current`` is the game's version now; answer with the current board.
    """

    def __init__(self, message: str, current: int):
        super().__init__(message)
        self.current = current


@dataclass
class PrivateMessage:
    """What one human should receive privately (DM, or ephemeral ``/game hand``).

    ``user``: the Discord user id as ``str`` (= seat id). ``events``: texts of the private
    events addressed to them, in order. ``hand_changed``: ``engine.private_view`` differs
    from before the call (always True for the first hand at start). ``hand``: the player's
    view ``engine.view(state, seat)`` (for ``renderers.render_hand``), ``None`` when the game
    has no hands. ``text``: ``engine.private_text`` (what the hand holds, in words; sent
    beside the image). ``dm_ok``: the stored flag (False after a failed DM; send nothing
    then, the cog says "couldn't DM"). A message with private events in a game with hands
    carries the hand too (the cog sends its image with them, e.g. at a meeting's start).
    """

    user: str
    events: list[str] = field(default_factory=list)
    hand_changed: bool = False
    hand: dict | None = None
    dm_ok: bool = True
    text: str = ""


@dataclass
class RankLine:
    """One line of a final ranking: ``place`` 1-based (tied seats share it), ``seat`` id,
    ``score``, ``resigned``, ``is_ai`` (an AI seat from the start)."""

    place: int
    seat: str
    score: int
    resigned: bool = False
    is_ai: bool = False
    #: the score in the game's words (``"42 coins"``, ``"1 point"``, ``"160 PP"``)
    score_text: str = ""


@dataclass
class SeatInfo:
    """A seat at a table: ``seat`` id, ``user`` (None for an AI seat), ``is_ai`` (AI plays
    it now, including resigned seats), ``resigned``, ``dm_ok``, ``order`` (0-based position
    in the game's seat order, None in the lobby)."""

    seat: str
    user: str | None
    is_ai: bool
    resigned: bool = False
    dm_ok: bool = True
    order: int | None = None


@dataclass
class TableInfo:
    """The live game of a table (or the last finished one): ids, status, host, seats."""

    table: str
    game_pk: int
    game_id: str
    title: str
    status: str
    host: str
    version: int
    options: dict
    seats: list[SeatInfo]
    min_players: int
    max_players: int


@dataclass
class Result:
    """What a call changed, for the adapter to show.

    * ``public``: public event texts in order (the channel message body);
    * ``board_due``: a board image should be posted (render ``view``);
    * ``view``: the spectator view (``engine.view(state, None)``) at ``version``;
    * ``private``: per-human private messages (only humans with something new);
    * ``mention``: user ids of humans who must act now (never AI seats);
    * ``status``: lobby / active / over / cancelled; ``status_line``: ``engine.status``;
    * ``ranking``: final ranking with scores when the game is over, else None;
    * ``ticket``: per-table post order of results with ``board_due`` (see
      :meth:`Service.post_order`); 0 for lobby results, which need no ordering.
    """

    table: str
    game_id: str
    game_pk: int
    version: int
    status: str
    public: list[str] = field(default_factory=list)
    board_due: bool = False
    view: dict | None = None
    private: list[PrivateMessage] = field(default_factory=list)
    mention: list[str] = field(default_factory=list)
    status_line: str = ""
    ranking: list[RankLine] | None = None
    ticket: int = 0
    info: TableInfo | None = None
    #: a catch-up post (:meth:`Service.catch_up`): post it only if no later post of the
    #: table has shown this version meanwhile (:meth:`Service.needs_post`)
    catch_up: bool = False
    #: the AI's reply could not be committed (it stays due): the post must not mark this
    #: version as shown, so a restarted bot still finds the table and plays the AI (11.1)
    ai_pending: bool = False
    #: seconds spent in engine.apply (all moves of the call, AI choices included), in store
    #: commits ("commit", including waiting for the shared connection) and inside the
    #: transactions themselves ("tx"); "moves": how many actions were committed
    timing: dict[str, float] = field(default_factory=dict)

    @property
    def over(self) -> bool:
        return self.status == OVER


@dataclass
class Board:
    """The current board of a table: view for rendering, status line, who must act."""

    table: str
    game_id: str
    game_pk: int
    version: int
    status: str
    view: dict | None
    status_line: str
    to_act: list[str]
    mention: list[str]
    ranking: list[RankLine] | None
    info: TableInfo


@dataclass
class Hand:
    """A player's private part: ``has_hands`` False for games without hands (say so);
    ``private``: ``engine.private_view``; ``view``: ``engine.view(state, seat)``; ``text``:
    ``engine.private_text`` (the hand in words)."""

    game_id: str
    seat: str
    version: int
    has_hands: bool
    private: dict | None
    view: dict | None
    text: str = ""


@dataclass
class HistoryLine:
    """One logged action: ``seq`` (= version it produced), ``seat``, ``notation``, ``text``
    (the describe sentence, evaluated on the state it was played in)."""

    seq: int
    seat: str
    notation: str
    text: str


def parse_options(game_id: str, options: dict | str | None) -> dict:
    """Validated options of ``game_id`` as a JSON-able dict.

    ``options`` is a dict, ``None``, or the text a user types: ``key=value key=value``
    (quotes allowed, ``true/false/yes/no`` and numbers converted by the Options model).
    Raises :class:`UserError` for unknown keys or bad values, naming the valid keys.
    """

    from pydantic import ValidationError

    engine = _engine(game_id)
    model = engine.Options
    fields = list(model.model_fields)
    keys = ", ".join(fields) if fields else "none"
    if options is None:
        raw: dict = {}
    elif isinstance(options, str):
        raw = {}
        try:
            tokens = shlex.split(options)
        except ValueError:
            raise UserError("Write options as key=value pairs separated by spaces.") from None
        for token in tokens:
            key, sep, value = token.partition("=")
            key = key.strip().lower().replace("-", "_")
            if not sep or not key:
                raise UserError(f"Write options as key=value (got `{token}`); options of {engine.title}: {keys}.")
            raw[key] = value.strip()
    else:
        raw = dict(options)
    unknown = [k for k in raw if k not in model.model_fields]
    if unknown:
        raise UserError(f"{engine.title} has no option `{unknown[0]}`; its options: {keys}.")
    try:
        return model.model_validate(raw).model_dump(mode="json")
    except ValidationError as exc:
        err = exc.errors()[0]
        name = str(err["loc"][0]) if err.get("loc") else ""
        if name not in model.model_fields:  # not about one option: should not happen with our models
            raise UserError(f"These options do not fit together; options of {engine.title}: {keys}.") from None
        got = raw.get(name)
        raise UserError(f"{engine.title} option `{name}` takes {option_values(model.model_fields[name])}"
                        + (f", not `{got}`." if got not in (None, "") else ".")) from None


def option_values(field: Any) -> str:
    """The values an Options field takes, in words: ``"true or false"``, ``"mean or nice"``,
    ``"a whole number from 1 to 5"``, ``"text"`` (``field``: a pydantic ``FieldInfo``)."""

    import typing

    ann = field.annotation
    if ann is bool:
        return "true or false"
    if typing.get_origin(ann) is typing.Literal:
        words = [str(v) for v in typing.get_args(ann)]
        return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]
    if ann is int:
        lo = hi = None
        for m in field.metadata:
            lo = getattr(m, "ge", lo)
            hi = getattr(m, "le", hi)
        if lo is not None and hi is not None:
            return f"a whole number from {lo} to {hi}"
        if lo is not None:
            return f"a whole number of at least {lo}"
        return "a whole number"
    return "a value of the right kind" if ann is not str else "text"


def ranked_view(view: dict, ranking: list[RankLine]) -> dict:
    """``view`` of a finished game with the host's final ranking, the one the channel
    shows: ``ranking`` = tiers of seat ids, best first, resigned players last (a renderer
    draws it instead of ranking by the scores itself); ``resigned`` = those seats."""

    tiers: list[list[str]] = []
    place = None
    for line in ranking:
        if line.place != place:
            tiers.append([])
            place = line.place
        tiers[-1].append(line.seat)
    return {**view, "ranking": tiers, "resigned": [line.seat for line in ranking if line.resigned]}


def _engine(game_id: str):
    try:
        return registry.get(game_id)
    except KeyError:
        raise UserError(f"There is no game called `{game_id}`; games: {', '.join(registry.ids())}.") from None


def _seat_of(user: UserRef) -> str:
    return str(user)


def _table(table: TableRef) -> str:
    return str(table)


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
    ) -> None:
        self.store = store
        self.lock_factory = lock_factory
        self.ai_moves_per_call = ai_moves_per_call
        self.seed_source = seed_source or (lambda: secrets.randbits(63))
        self._locks: dict[str, _LockEntry] = {}
        self._cache: dict[int, tuple[int, Any]] = {}  # game pk -> (version, state)
        # write-through caches (this process is the only writer; the store's version guard
        # catches anyone else): the live game row of a table, the seats of a game
        self._games: dict[str, GameRow] = {}
        self._seat_cache: dict[int, list[SeatRow]] = {}
        self._orders: dict[str, _PostOrder] = {}
        #: other processes may write the same store (PostgreSQL shards): read the game row
        #: and seats afresh on every call instead of trusting the write-through caches
        self._shared = bool(getattr(store, "shared", False))

    @classmethod
    async def open(cls, path: str, **kwargs: Any) -> "Service":
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
            self._cache.pop(game.pk, None)

    async def _live(self, table: str) -> GameRow:
        game = await self._live_game(table)
        if game is None:
            last = await self.store.last_game(table)
            if last is not None and last.status == OVER:
                raise UserError("The last game here is over (`/game board` shows the final ranking);"
                                " start a new one with /game new.")
            if last is not None and last.status == CANCELLED:
                raise UserError("The last game here was cancelled; start a new one with /game new.")
            raise UserError("There is no game at this table; start one with /game new.")
        return game

    async def _active(self, table: str) -> GameRow:
        game = await self._live(table)
        if game.status == LOBBY:
            raise UserError("The game has not started yet; the host can start it with /game start.")
        return game

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

    async def _replay(self, game: GameRow, seats: list[SeatRow] | None = None, collect: list | None = None) -> Any:
        """Rebuild the state from setup arguments and the whole action log. ``collect``: if
        given, receives (seq, seat, action, state_before) per action. The replay (pure engine
        calls, tens of ms for a long game) runs in a worker thread, off the event loop."""

        engine = _engine(game.game_id)
        if seats is None:
            seats = await self._seats(game)
        order = [s.seat for s in sorted(seats, key=lambda s: s.seat_order if s.seat_order is not None else 1 << 30)]
        # up to the game's version only: another process may have logged more meanwhile
        rows = [r for r in await self.store.actions(game.pk) if r.seq <= game.version]

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

    def _ranking(self, engine: Any, state: Any, seats: list[SeatRow]) -> list[RankLine]:
        """The engine's ranking with resigned players moved below everyone who played on,
        in the engine's order among themselves (two resigned players are not both "last" at
        one shared place with different scores)."""

        scores = engine.scores(state)
        resigned = {s.seat for s in seats if s.resigned}
        ai = {s.seat for s in seats if s.is_ai}
        ranking = engine.ranking(state)
        tiers = [[p for p in tier if p not in resigned] for tier in ranking]
        tiers += [[p for p in tier if p in resigned] for tier in ranking]
        tiers = [t for t in tiers if t]
        out: list[RankLine] = []
        place = 1
        for tier in tiers:
            for p in tier:
                score = int(scores.get(p, 0))
                out.append(RankLine(place, p, score, p in resigned, p in ai, plural(score, *engine.score_unit)))
            place += len(tier)
        return out

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
        )
        if state is not None:
            result.view = engine.view(state, None)
            result.status_line = engine.status(state)
            if game.status == ACTIVE:
                humans = {s.seat for s in self._humans(seats)}
                result.mention = [p for p in engine.to_act(state) if p in humans]
            if game.status == OVER:
                result.ranking = self._ranking(engine, state, seats)
                result.view = ranked_view(result.view, result.ranking)
        elif game.status == LOBBY:
            n = len(seats)
            result.status_line = (
                f"{engine.title} lobby: {n} of {engine.min_players}–{engine.max_players} seats taken."
            )
        elif game.status == CANCELLED:
            result.status_line = "Cancelled."
        if board_due:
            result.ticket = self._ticket(game.table_id)
        return result

    @staticmethod
    def _private(engine: Any, state: Any, seats: list[SeatRow], humans: list[str], hands_before: dict[str, Any],
                 private_events: dict[str, list[str]], initial: bool) -> list[PrivateMessage]:
        """What each human should get privately: their private events, and their hand view
        when ``engine.private_view`` changed since ``hands_before`` (always when ``initial``)."""

        private: list[PrivateMessage] = []
        dm = {s.seat: s.dm_ok for s in seats}
        for p in humans:
            after = engine.private_view(state, p)
            hand_changed = after is not None and (initial or after != hands_before.get(p))
            if private_events.get(p) or hand_changed:
                private.append(
                    PrivateMessage(
                        user=p,
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
    ) -> Result:
        """Apply ``first`` (a human's move, if any), commit it, then let AI seats move and
        commit their run in one more transaction; build the Result. Must hold the lock."""

        engine = registry.get(game.game_id)
        humans = [s.seat for s in self._humans(seats)]
        ai = self._ai_seats(seats)
        if hands_before is None:
            hands_before = {p: engine.private_view(state, p) for p in humans}
        public = list(public or [])
        private_events: dict[str, list[str]] = {p: [] for p in humans}
        timing = {"apply": 0.0, "commit": 0.0, "tx": 0.0, "moves": 0}

        def take(events) -> None:
            for ev in events:
                if ev.visible_to is None:
                    public.append(ev.text)
                else:
                    for p in ev.visible_to:
                        if p in private_events:
                            private_events[p].append(ev.text)

        changed = resigned is not None
        if first is not None:
            seat, action = first
            t0 = time.perf_counter()
            try:
                outcome = engine.apply(state, seat, action)
            except IllegalAction as exc:
                raise UserError(refusal(exc)) from None
            t1 = time.perf_counter()
            status = OVER if engine.is_over(outcome.state) else ACTIVE
            try:
                game.version = await self.store.commit(
                    game.pk, game.version, [(seat, engine.action_to_json(action))],
                    engine.state_to_json(outcome.state), status, resigned=resigned,
                )
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
                await self.store.commit(game.pk, game.version, [], engine.state_to_json(state), ACTIVE,
                                        resigned=resigned)
            except VersionConflict:
                self._forget(game.table_id)
                raise UserError(BOARD_CHANGED) from None
            timing["commit"] += time.perf_counter() - t1
            seats = await self._load_seats(game.pk)
            ai = self._ai_seats(seats)
            humans = [s.seat for s in self._humans(seats)]
            private_events = {p: private_events.get(p, []) for p in humans}

        # AI seats move until a human must act (a run of AI moves makes one post)
        limit = self.MAX_AI_MOVES if self.ai_moves_per_call is None else self.ai_moves_per_call
        t0 = time.perf_counter()
        run, ai_state, ai_events = self._ai_moves(engine, game, state, ai, limit)
        ai_failed = False
        if run:
            t1 = time.perf_counter()
            status = OVER if engine.is_over(ai_state) else ACTIVE
            try:
                game.version = await self.store.commit(
                    game.pk, game.version, run, engine.state_to_json(ai_state), status
                )
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

        private = self._private(engine, state, seats, humans, hands_before, private_events, initial)
        if game.status == OVER and not any(t.lower().startswith("game over") for t in public):
            public.append("Game over.")
        result = self._result(game, seats, state, public=public, board_due=changed, private=private, timing=timing)
        result.ai_pending = ai_failed
        if game.status == OVER:
            self._forget(game.table_id)  # the caches hold live tables only
        return result

    @staticmethod
    def _ai_moves(engine: Any, game: GameRow, state: Any, ai: set[str], limit: int) -> tuple[list, Any, list]:
        """``(run, state after, events)``: the AI seats' moves from ``state`` until a human
        must act, the game ends or ``limit`` moves; an engine/AI bug stops the run (logged)
        and keeps the moves already made. Nothing is committed here."""

        run: list[tuple[str, dict]] = []
        events: list = []
        while game.status == ACTIVE and len(run) < limit and not engine.is_over(state):
            movers = [p for p in engine.to_act(state) if p in ai]
            if not movers:
                break
            seat = movers[0]
            version = game.version + len(run)
            try:
                action = engine.ai.choose(state, seat, rng(game.seed, "ai", version))
                outcome = engine.apply(state, seat, action)
            except Exception:  # an engine/AI bug must not lose the moves already made
                log.exception("table %s: AI seat %s failed at version %s", game.table_id, seat, version)
                break
            run.append((seat, engine.action_to_json(action)))
            state = outcome.state
            events.extend(outcome.events)
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

    async def _play_due_ai(self, game: GameRow, seats: list[SeatRow]) -> None:
        """Play and commit the AI turns due at ``game`` (none due: nothing). Must hold the lock."""

        engine = registry.get(game.game_id)
        state = await self._state(game, seats)
        run, after, _ = self._ai_moves(engine, game, state, self._ai_seats(seats), self.MAX_AI_MOVES)
        if not run:
            return
        status = OVER if engine.is_over(after) else ACTIVE
        game.version = await self.store.commit(game.pk, game.version, run, engine.state_to_json(after), status)
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
    ) -> Result:
        """Open a lobby for ``game_id`` at ``table`` with ``user`` as host, seated (unless
        ``seat_host`` is False: ``boardhost simulate`` hosts an all-AI game).

        UserError: unknown game, bad options, or the table already has a live game.
        """

        table, seat = _table(table), _seat_of(user)
        engine = _engine(game_id)
        opts = parse_options(game_id, options)
        async with self.lock(table):
            live = await self._live_game(table)
            if live is not None:
                raise UserError(self._busy(live))
            try:
                game = await self.store.create_game(
                    table, game_id, opts, int(self.seed_source()), seat, seat_host=seat_host
                )
            except TableBusy:
                live = await self.store.live_game(table)
                raise UserError(self._busy(live)) from None
            self._games[table] = game
            seats = await self._load_seats(game.pk)
            return self._result(
                game, seats, None,
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
                raise UserError("You are already seated in this game.")
            if game.status != LOBBY:
                raise UserError("This game has already started; wait for the next one.")
            engine = registry.get(game.game_id)
            if len(seats) >= engine.max_players:
                raise UserError(f"The table is full: {engine.title} takes at most {engine.max_players} players.")
            try:
                await self.store.add_seat(game.pk, seat, seat, False, max_seats=engine.max_players)
            except VersionConflict:
                self._forget(table)
                raise UserError(LOBBY_CHANGED) from None
            seats = await self._load_seats(game.pk)
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
                raise UserError("You are not seated in this game.")
            if game.status != LOBBY:
                raise UserError("The game has started; use /game resign to hand your seat to the AI.")
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
            game = await self._live(table)
            if game.status != LOBBY:
                raise UserError("The game has already started; AI seats can only be added in the lobby.")
            if game.host != seat:
                raise UserError("Only the host can add AI seats.")
            seats = await self._seats(game)
            engine = registry.get(game.game_id)
            if len(seats) >= engine.max_players:
                raise UserError(f"The table is full: {engine.title} takes at most {engine.max_players} players.")
            taken = {s.seat for s in seats}
            n = 1
            while f"ai-{n}" in taken:
                n += 1
            try:
                await self.store.add_seat(game.pk, f"ai-{n}", None, True, max_seats=engine.max_players)
            except VersionConflict:
                self._forget(table)
                raise UserError(LOBBY_CHANGED) from None
            seats = await self._load_seats(game.pk)
            return self._result(game, seats, None, public=[f"AI seat ai-{n} added ({len(seats)} seated)."], board_due=False)

    async def start(self, table: TableRef, user: UserRef) -> Result:
        """Start the lobby's game (host only, enough seats): shuffle the seat order from the
        seed, set up, send every human their hand, let AI seats move until a human must act."""

        table, seat = _table(table), _seat_of(user)
        async with self.lock(table):
            game = await self._live(table)
            if game.status != LOBBY:
                raise UserError("The game has already started.")
            if game.host != seat:
                raise UserError("Only the host can start the game.")
            seats = await self._seats(game)
            engine = registry.get(game.game_id)
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
            return await self._play(game, seats, state, None, initial=True, public=public,
                                    hands_before={})

    async def cancel(self, table: TableRef, user: UserRef, *, admin: bool = False) -> Result:
        """Cancel the live game (lobby or active). Allowed to the host or when ``admin``
        (the cog passes Manage Channels). UserError otherwise."""

        table, seat = _table(table), _seat_of(user)
        async with self.lock(table):
            game = await self._live(table)
            if game.host != seat and not admin:
                raise UserError("Only the host or a moderator (Manage Channels) can cancel this game.")
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

        table, seat = _table(table), _seat_of(user)
        async with self.lock(table):
            game = await self._active(table)
            seats = await self._seats(game)
            mine = next((s for s in seats if s.seat == seat), None)
            if mine is None:
                raise UserError("You are not seated in this game.")
            if mine.resigned:
                raise UserError("You resigned from this game; the AI plays your seat.")
            if expected_version is not None and expected_version != game.version:
                raise StaleVersion("That button belongs to an older board; here is the current one.", game.version)
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

        table, seat = _table(table), _seat_of(user)
        async with self.lock(table):
            game = await self._active(table)
            seats = await self._seats(game)
            mine = next((s for s in seats if s.seat == seat), None)
            if mine is None or mine.is_ai:
                raise UserError("You are not seated in this game.")
            if mine.resigned:
                raise UserError("You have already resigned from this game.")
            state = await self._state(game, seats)
            return await self._play(
                game, seats, state, None, resigned=seat,
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
        if not any(s.seat == seat for s in self._humans(seats)):
            return None, None, []
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
            raise UserError("There is no game at this table; start one with /game new.")
        seats = await self._seats(game)
        engine = registry.get(game.game_id)
        info = self._info(game, seats)
        if game.status == LOBBY or (game.status == CANCELLED and not any(s.seat_order is not None for s in seats)):
            return Board(game.table_id, game.game_id, game.pk, game.version, game.status, None,
                         "Lobby." if game.status == LOBBY else "Cancelled.", [], [], None, info)
        state = await self._state(game, seats)
        humans = {s.seat for s in self._humans(seats)}
        to_act = engine.to_act(state) if game.status == ACTIVE else []
        ranking = self._ranking(engine, state, seats) if game.status == OVER else None
        view = engine.view(state, None)
        return Board(
            table=game.table_id, game_id=game.game_id, game_pk=game.pk, version=game.version,
            status=game.status, view=ranked_view(view, ranking) if ranking else view,
            status_line="Cancelled." if game.status == CANCELLED else engine.status(state),
            to_act=to_act, mention=[p for p in to_act if p in humans],
            ranking=ranking, info=info,
        )

    async def hand(self, table: TableRef, user: UserRef) -> Hand:
        """The user's private part now. UserError: no active game, not seated."""

        table, seat = _table(table), _seat_of(user)
        game = await self._active(table)
        seats = await self._seats(game)
        if not any(s.seat == seat for s in seats):
            raise UserError("You are not seated in this game.")
        engine = registry.get(game.game_id)
        state = await self._state(game, seats)
        return Hand(game.game_id, seat, game.version, bool(engine.has_hands),
                    engine.private_view(state, seat), engine.view(state, seat),
                    engine.private_text(state, seat) if engine.has_hands else "")

    async def history(self, table: TableRef, limit: int = 20) -> list[HistoryLine]:
        """The last ``limit`` logged actions of the table's current game, oldest first."""

        game = await self._current_game(_table(table))
        if game is None or game.version == 0:
            return []
        engine = registry.get(game.game_id)
        collected: list = []
        await self._replay(game, None, collect=collected)
        out = []
        for seq, seat, action, before in collected[-limit:]:
            out.append(HistoryLine(seq, seat, engine.notation(before, action), engine.describe(before, action)))
        return out

    async def set_dm_ok(self, table: TableRef, user: UserRef, ok: bool) -> None:
        """Store whether DMs to ``user`` work (the cog sets False after Forbidden 50007)."""

        game = await self._live_game(_table(table))
        if game is not None:
            await self.store.set_dm_ok(game.pk, _seat_of(user), ok)
            await self._load_seats(game.pk)

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
            collected: list = []
            state = await self._replay(game, seats, collect=collected)
            humans = [s.seat for s in self._humans(seats)]
            missed = [c for c in collected if c[0] > game.posted]
            # hands as the channel's last post left them (the start's never went out: none)
            hands_before = {p: engine.private_view(missed[0][3], p) for p in humans} if missed else {}
            events: list[str] = []
            private_events: dict[str, list[str]] = {p: [] for p in humans}
            for seq, seat, action, before in missed:
                for ev in engine.apply(before, seat, action).events:
                    if ev.visible_to is None:
                        events.append(ev.text)
                    else:
                        for p in ev.visible_to:
                            if p in private_events:
                                private_events[p].append(ev.text)
            if game.status == ACTIVE:
                self._cache[game.pk] = (game.version, state)
            public = [note]
            if len(events) > self.CATCH_UP_EVENTS:
                hidden = len(events) - self.CATCH_UP_EVENTS
                public.append(f"({hidden} earlier events not shown; /game history lists the moves.)")
                events = events[-self.CATCH_UP_EVENTS:]
            public += events
            if game.status == OVER and not any(t.lower().startswith("game over") for t in public):
                public.append("Game over.")
            private = self._private(engine, state, seats, humans, hands_before, private_events,
                                    initial=game.posted < 0)
            result = self._result(game, seats, state, public=public, board_due=True, private=private)
            result.catch_up = True
            return result

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
            except asyncio.TimeoutError:
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
