"""The move pipeline: apply a move, let the AI seats reply, commit, report. The ONLY caller
of :meth:`bot.store.Store.commit` (and of :meth:`bot.store.Store.undo`).

A call goes through small steps over one :class:`_Call`: :meth:`Moves._begin` (who must
act, the hands before), then one of :meth:`Moves._human_move` / :meth:`Moves._hand_over`,
then :meth:`Moves._ai_reply` (the AI seats, and absent players under the "ai" deadline
policy, move until a human must act; the run is one more commit), :meth:`Moves._store_clock`
and :meth:`Moves._finish` (the Result). Every write goes through :meth:`Moves._saved`,
which has the one failure policy:

* nothing of the call is saved yet: another process moved the table first
  (:class:`bot.store.VersionConflict`) refuses the call with one sentence (nothing was
  played; the table's caches are dropped), and any other failure (disk full:
  :class:`bot.store.OutOfSpace`, I/O) is raised as it is for the Discord layer to answer;
* something of the call is saved already (the human's move, the start, a resign): that
  stands and is reported; the failed part is logged and dropped, and an AI run that could
  not be saved stays due (``Result.ai_pending``; the bot's retry loop plays it).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import bot.service.clocks as clocks
import bot.service.report as report
from bot.games import refusal
from bot.i18n import T, Text, Tn
from bot.movelog import move_text
from bot.service.results import ACTIVE, BOARD_CHANGED, OVER, Result, UserError
from bot.service.tables import Table, Tables
from bot.store import RESIGNED, Store, VersionConflict
from engines.base import ActionModel, IllegalAction, rng

log = logging.getLogger(__name__)

__all__ = ["Moves", "UseCase"]

#: what :meth:`Moves._saved` says of a write
SAVED, MOVED_ON, NOT_SAVED = "saved", "moved on", "not saved"


@dataclass
class _Call:
    """One call's way through the pipeline: the table, the state so far, what to report."""

    t: Table
    state: Any
    humans: list[str]
    absent: set[str]
    now: float
    #: seats that had to act before and after every step of the call (the turn goes on)
    continuous: set[str]
    hands_before: dict[str, Any]
    public: list[str | Text]
    private_events: dict[str, list[str]]
    initial: bool = False
    #: something of this call is committed (a board to post)
    changed: bool = False
    clock_stored: bool = False
    #: the AI's run could not be saved: it stays due
    ai_failed: bool = False
    #: the human seat whose own move began the call (None: none)
    mover: str | None = None
    #: the seats to act when the call began
    first_acting: set[str] = field(default_factory=set)
    #: the set of seats to act differed from the call's first at some step (the turn passed)
    turn_passed: bool = False
    timing: dict[str, float] = field(default_factory=lambda: {"apply": 0.0, "commit": 0.0, "tx": 0.0, "moves": 0})

    def saw(self, acting: list[str]) -> None:
        """A step left ``acting`` to act: those who acted throughout stay ``continuous``;
        any other set than the call's first passes the turn."""

        self.continuous &= set(acting)
        if set(acting) != self.first_acting:
            self.turn_passed = True

    @property
    def stands(self) -> bool:
        """Whether this call has saved something that stands whatever fails next."""

        return self.changed or self.initial


def _played_out(n: int, status: str) -> Text:
    """What the channel reads of an AI run with no player left at the table: ``n`` moves,
    to the end (``status`` over) or so far (the run stopped early: an AI error)."""

    if status == OVER:
        return Tn(
            "No player is left at this table, so the AI played the game out: {n} move.",
            "No player is left at this table, so the AI played the game out: {n} moves.",
            n,
        )
    return Tn(
        "No player is left at this table, so the AI is playing the game out: {n} move so far.",
        "No player is left at this table, so the AI is playing the game out: {n} moves so far.",
        n,
    )


class Moves:
    """The move pipeline over ``store`` and ``tables``; ``now()`` is the service clock, and
    ``ai_moves_per_call`` caps the AI moves of one call (None: until a human must act)."""

    #: safety cap on AI moves in one call
    MAX_AI_MOVES = 100_000

    def __init__(
        self, store: Store, tables: Tables, now: Callable[[], float], ai_moves_per_call: int | None = None
    ) -> None:
        self.store = store
        self.tables = tables
        self.now = now
        self.ai_moves_per_call = ai_moves_per_call
        #: tables whose last AI run stopped on an engine/AI error with an AI seat still to
        #: act (the bot's retry loop tries them again)
        self.stalled: set[str] = set()

    # ----- what a use case asks for ---------------------------------------------------
    async def play(self, t: Table, seat: str, action: ActionModel) -> Result:
        """``seat`` plays ``action`` on ``t.state``, then the AI seats reply. UserError: the
        rules refuse it, or another move was saved first (nothing was played)."""

        call = self._begin(t)
        await self._human_move(call, seat, action)
        return await self._reply(call)

    async def start(self, t: Table, public: list[str | Text]) -> Result:
        """The first report of a game just started (``t.state`` is its setup, saved): every
        human's hand, then the AI seats move until a human must act."""

        return await self._reply(self._begin(t, public=public, initial=True, hands_before={}))

    async def resign(self, t: Table, seat: str, public: list[str | Text], handover: str = RESIGNED) -> Result:
        """Hand ``seat`` to the AI for the rest of the game (it ranks last) for the reason
        ``handover`` (:data:`bot.store.RESIGNED`, ``VOTED_OUT``, ``TIMED_OUT``, stored with
        the seat); the AI moves at once if it must act."""

        call = self._begin(t, public=public)
        await self._hand_over(call, seat, handover)
        return await self._reply(call)

    async def advance(self, t: Table) -> Result:
        """Let the AI seats move (up to ``ai_moves_per_call``)."""

        return await self._reply(self._begin(t))

    async def cover(self, t: Table, absent: set[str], public: list[str | Text]) -> Result:
        """The AI plays for the ``absent`` human seats (their deadline passed, "ai" policy) as
        long as they must act, each such move flagged "ai" in the log; the seats keep their owners."""

        return await self._reply(self._begin(t, public=public, absent=absent))

    async def play_due_ai(self, t: Table) -> None:
        """Play and commit the AI turns due at ``t`` (none due: nothing), e.g. left by a crash."""

        t.state = await self.tables.state(t)
        call = self._begin(t)
        run, after, _, meta = await self._ai_moves(call, self.MAX_AI_MOVES)
        if run:
            status = OVER if t.engine.is_over(after) else ACTIVE
            clock = self._turn_clock(call, after, status)
            await self._commit(call, run, after, status, meta=meta, clock=clock)
            self._take(call, after, [], status)

    async def undo(self, t: Table, seqs: list[int], seat: str, state: Any, text: str, refusal_text: Text) -> None:
        """Mark ``seqs`` undone by ``seat`` with the undo marker ``text`` and ``state`` (the
        state before them) as the current one. UserError ``refusal_text``: another move was
        saved first (nothing was undone)."""

        game = t.game

        async def write() -> None:
            game.version = await self.store.undo(
                game.pk, game.version, seqs, seat, t.engine.state_to_json(state), ACTIVE, text
            )

        await self._saved(game.table_id, False, write, "undo", refuse=refusal_text)
        self.tables.keep_state(game, state)

    # ----- the steps --------------------------------------------------------------------
    def _begin(
        self,
        t: Table,
        *,
        public: list[str | Text] | None = None,
        absent: set[str] | None = None,
        initial: bool = False,
        hands_before: dict[str, Any] | None = None,
    ) -> _Call:
        engine, state = t.engine, t.state
        humans = [s.seat for s in t.humans]
        if hands_before is None:
            hands_before = {p: engine.private_view(state, p) for p in humans}
        return _Call(
            t=t,
            state=state,
            humans=humans,
            absent=set(absent or ()),
            now=self.now(),
            continuous=set(engine.to_act(state)) if not initial else set(),
            hands_before=hands_before,
            public=list(public or []),
            private_events={p: [] for p in humans},
            initial=initial,
            first_acting=set(engine.to_act(state)),
        )

    async def _human_move(self, call: _Call, seat: str, action: ActionModel) -> None:
        t, engine = call.t, call.t.engine
        t0 = time.perf_counter()
        try:
            outcome = engine.apply(call.state, seat, action)
        except IllegalAction as exc:
            raise UserError(refusal(exc)) from None
        call.timing["apply"] += time.perf_counter() - t0
        status = OVER if engine.is_over(outcome.state) else ACTIVE
        after = engine.to_act(outcome.state)
        call.saw(after)
        call.mover = seat
        meta = [{"text": move_text(engine, call.state, seat, action, outcome)}]
        ai = t.ai
        last = status == OVER or not any(p in ai or p in call.absent for p in after)
        clock = self._turn_clock(call, outcome.state, status) if last else None
        await self._commit(call, [(seat, engine.action_to_json(action))], outcome.state, status, meta=meta, clock=clock)
        self._take(call, outcome.state, outcome.events, status)

    async def _hand_over(self, call: _Call, seat: str, handover: str) -> None:
        t = call.t
        await self._commit(call, [], call.state, ACTIVE, resigned=seat, handover=handover)
        t.seats = await self.tables.reload_seats(t.game)
        call.humans = [s.seat for s in t.humans]
        call.private_events = {p: call.private_events.get(p, []) for p in call.humans}
        call.changed = True

    async def _ai_reply(self, call: _Call) -> None:
        """AI seats move until a human must act (a run of AI moves makes one post); the AI
        also plays the turn of an absent player. The run is committed in one transaction."""

        limit = self.MAX_AI_MOVES if self.ai_moves_per_call is None else self.ai_moves_per_call
        t0 = time.perf_counter()
        run, after, events, meta = await self._ai_moves(call, limit)
        if not run:
            return
        applied = time.perf_counter() - t0
        status = OVER if call.t.engine.is_over(after) else ACTIVE
        clock = self._turn_clock(call, after, status)
        saved = await self._commit(call, run, after, status, meta=meta, clock=clock)
        if saved == NOT_SAVED:
            call.ai_failed = True
        if saved == SAVED:
            call.timing["apply"] += applied
            if not call.humans and call.t.handed:
                # no player is left (the last one resigned or was voted out): the channel
                # gets one sentence, not the rest of the game move by move (/game history
                # keeps every move); nobody is left to read a private event either
                events = [ev for ev in events if ev.visible_to is not None]
                call.public.append(_played_out(len(run), status))
            self._take(call, after, events, status)

    async def _ai_moves(self, call: _Call, limit: int) -> tuple[list, Any, list, list[dict]]:
        """``(run, state after, events, meta)``: the AI seats' moves from ``call.state`` until a
        human must act, the game ends or ``limit`` moves; an engine/AI bug stops the run
        (logged, the table marked stalled) and keeps the moves already made. Nothing is
        committed here; ``meta`` holds per move ``{"text", "flag"}`` (flag "ai" for an absent
        player's move and for a seat handed to the AI).

        Each AI move (its choice and its application, pure engine calls: up to tens of ms
        for Transport) runs in a worker thread (``asyncio.to_thread``), and the event loop
        gets a turn between two moves, so a long run never blocks other tables for more
        than one AI move. The table's lock, held by the caller, keeps this table's order;
        the AI's randomness still comes from the game's seed and the version."""

        t, engine, game = call.t, call.t.engine, call.t.game
        ai, handed, absent = t.ai, t.handed, call.absent
        state = call.state
        run: list[tuple[str, dict]] = []
        events: list = []
        meta: list[dict] = []
        self.stalled.discard(game.table_id)

        # every seat is the AI's (the last human left, or an all-AI game): the quick heuristic
        all_ai = not absent and set(engine.seats(state)) <= set(ai)
        levels = {p: "easy" if all_ai else t.strength_of(p) for p in engine.seats(state)}

        def one_move(state: Any, seat: str, version: int) -> tuple[Any, Any, str, dict]:
            level = levels.get(seat) or t.strength_of(seat)
            action = engine.ai_level(level).choose(state, seat, rng(game.seed, "ai", version))
            outcome = engine.apply(state, seat, action)
            return action, outcome, move_text(engine, state, seat, action, outcome), engine.action_to_json(action)

        while game.status == ACTIVE and len(run) < limit and not engine.is_over(state):
            now_acting = engine.to_act(state)
            call.saw(now_acting)
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
                self.stalled.add(game.table_id)
                break
            run.append((seat, as_json))
            meta.append({"text": text, "flag": "ai" if seat in absent or seat in handed else None})
            state = outcome.state
            events.extend(outcome.events)
        call.saw(engine.to_act(state))
        return run, state, events, meta

    async def _store_clock(self, call: _Call) -> None:
        """The turn clock of a start or resign without a move (a move stores it with itself)."""

        game = call.t.game
        if call.clock_stored or game.status != ACTIVE:
            return
        started, due = self._turn_clock(call, call.state, ACTIVE)

        async def write() -> None:
            await self.store.set_clock(game.pk, started, due, reset_reminders=started != game.turn_started)
            game.turn_started, game.next_due = started, due

        await self._saved(game.table_id, call.stands, write, "turn clock")

    async def _reply(self, call: _Call) -> Result:
        await self._ai_reply(call)
        await self._store_clock(call)
        return self._finish(call)

    def _finish(self, call: _Call) -> Result:
        t, game = call.t, call.t.game
        private = report.private_messages(
            t, call.state, call.humans, call.hands_before, call.private_events, call.initial
        )
        if game.status == OVER and not any(str(text).lower().startswith("game over") for text in call.public):
            call.public.append(T("Game over."))
        result = report.result(
            self.tables, t, call.state, public=call.public, board_due=call.changed, private=private, timing=call.timing
        )
        result.ai_pending = call.ai_failed
        result.turn_goes_on = call.changed and not call.initial and not call.turn_passed and game.status == ACTIVE
        result.mover = t.users().get(call.mover, call.mover) if call.mover is not None else None
        if game.status == OVER:
            self.tables.forget(game.table_id)  # the caches hold live tables only
        return result

    # ----- writing ----------------------------------------------------------------------
    def _turn_clock(self, call: _Call, state: Any, status: str) -> tuple[float | None, float | None]:
        settings = self.tables.settings_of(call.t.game)
        return clocks.turn_clock(call.t, settings, call.continuous, state, call.now, status)

    async def _commit(
        self,
        call: _Call,
        run: list[tuple[str, dict]],
        state: Any,
        status: str,
        *,
        meta: list[dict] | None = None,
        clock: tuple[float | None, float | None] | None = None,
        resigned: str | None = None,
        handover: str = RESIGNED,
    ) -> str:
        """Commit ``run`` (may be empty: a resign) leading to ``state`` through :meth:`_saved`;
        on success the row's version (and turn clock, when given) follow."""

        game, engine = call.t.game, call.t.engine
        started = time.perf_counter()

        async def write() -> None:
            game.version = await self.store.commit(
                game.pk,
                game.version,
                run,
                engine.state_to_json(state),
                status,
                resigned=resigned,
                meta=meta,
                clock=clock,
                handover=handover,
            )

        saved = await self._saved(game.table_id, call.stands, write, "AI run" if call.stands else "move")
        if saved == SAVED:
            call.timing["commit"] += time.perf_counter() - started
            call.timing["tx"] += getattr(self.store, "last_tx_seconds", 0.0)
            call.timing["moves"] += len(run)
            if clock is not None:
                game.turn_started, game.next_due = clock
                call.clock_stored = True
        return saved

    async def _saved(
        self, table: str, stands: bool, write: Callable[[], Awaitable[None]], what: str, refuse: Text = BOARD_CHANGED
    ) -> str:
        """Run one write at ``table`` under the one failure policy (module docstring): SAVED;
        MOVED_ON or NOT_SAVED when it failed after the call saved something that ``stands``;
        UserError ``refuse`` or the store's error when nothing of the call is saved yet."""

        try:
            await write()
        except VersionConflict:
            self.tables.forget(table)
            if not stands:
                raise UserError(refuse) from None
            # another process (a shard sharing the database) moved this table first: what
            # this call committed before stands, the rest is dropped unplayed
            log.info("table %s: %s dropped, the game moved on elsewhere", table, what)
            return MOVED_ON
        except Exception:
            if not stands:
                raise
            # disk full, I/O error after the call committed a move or the start: that stands
            # and is reported; an AI turn stays due and is played at the table's next touch
            # or by the bot's retry loop, a missing turn clock is stored by the next commit
            log.exception("table %s: %s not saved; it stays due", table, what)
            return NOT_SAVED
        return SAVED

    def _take(self, call: _Call, state: Any, events: list, status: str) -> None:
        """A committed step: its events dealt, its state the call's (and the cache's)."""

        game = call.t.game
        report.deal(events, call.public, call.private_events)
        game.status = status
        call.state = state
        self.tables.keep_state(game, state)
        call.changed = True


class UseCase:
    """What every use case of :class:`bot.service.Service` works through: the ``store``
    (reads and the writes that are not moves), the ``tables`` (guards, caches, locks), the
    ``moves`` pipeline and the service ``clock``. The use cases never import each other."""

    store: Store
    tables: Tables
    moves: Moves
    clock: Callable[[], float]
