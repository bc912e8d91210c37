"""Play over days: table settings, quiet hours, vacations, substitutes, and the periodic
pass (reminders, and the deadline policy for players whose time ran out)."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

import bot.service.clocks as clocks
import bot.service.report as report
from bot.games import title
from bot.i18n import T, Text, Tn
from bot.service.moves import UseCase
from bot.service.parsing import parse_settings
from bot.service.results import (
    ACTIVE,
    NOT_ON_VACATION,
    SETTINGS_NOT_HOST,
    SUBSTITUTE_NO_SEAT,
    SUBSTITUTE_NOT_HOST,
    SUBSTITUTE_SEATED,
    SUBSTITUTED,
    VACATION_NEGATIVE,
    Notice,
    Result,
    TableInfo,
    TableRef,
    UserError,
    UserRef,
    said,
)
from bot.service.tables import Table, seat_by_user
from bot.store import TIMED_OUT, GameRow, SeatRow
from bot.timers import TableSettings, parse_quiet, seat_plan, zone

log = logging.getLogger(__name__)

__all__ = ["Days"]


@dataclass
class _Plans:
    """What the periodic pass found at one table: who is overdue, whom to remind, when to
    look again, and the earliest deadline of the reminded."""

    overdue: list[SeatRow] = field(default_factory=list)
    remind: list[SeatRow] = field(default_factory=list)
    nexts: list[float] = field(default_factory=list)
    deadline: float | None = None


class Days(UseCase):
    """The play-over-days part of :class:`bot.service.Service`."""

    def settings_of(self, game: GameRow) -> TableSettings:
        """The table's :class:`bot.timers.TableSettings` (defaults for keys not stored);
        treat the returned model as read-only."""

        return self.tables.settings_of(game)

    async def table_settings(self, table: TableRef) -> tuple[TableInfo, TableSettings]:
        """The live game (lobby or active) and its settings. UserError: no live game."""

        t = await self.tables.live(str(table))
        return t.info(), self.tables.settings_of(t.game)

    async def update_settings(
        self, table: TableRef, user: UserRef, changes: dict, *, admin: bool = False
    ) -> TableSettings:
        """Change the live game's settings (host, or ``admin``): keys of
        :class:`bot.timers.TableSettings`; durations may be text (``24h``, ``off``).
        Returns the new settings. UserError: no live game, not the host, bad value."""

        table, user = str(table), str(user)
        async with self.tables.lock(table):
            t = await self.tables.live(table)
            game = t.game
            if game.host != user and not admin:
                raise UserError(SETTINGS_NOT_HOST)
            settings = parse_settings(changes, base=self.tables.settings_of(game))
            game.settings = settings.model_dump(mode="json")
            await self.store.set_settings(game.pk, game.settings)
            await self._refresh_due(t)
            return settings

    async def quiet_hours(self, user: UserRef) -> tuple[tuple[int, int] | None, str | None]:
        """A user's quiet hours ``((start, end) or None, tz name or None)`` (cached)."""

        start, end, tz = await self.tables.prefs(str(user))
        return ((start, end) if start is not None and end is not None else None), tz

    async def notify(self, user: UserRef, quiet: str | None = None, tz: str | None = None) -> Text:
        """Set a user's quiet hours (``22-08`` or ``off``) and/or time zone (IANA name, e.g.
        ``Europe/Prague``), for every table they play at. Returns one sentence saying what
        is stored now. UserError for a bad range or an unknown zone."""

        user = str(user)
        (old_quiet, old_tz) = await self.quiet_hours(user)
        try:
            new_quiet = old_quiet if quiet is None else parse_quiet(quiet)
            new_tz = old_tz if tz is None else (tz.strip() or None)
            zone(new_tz)
        except ValueError as exc:
            raise UserError(said(exc)) from None
        await self.tables.set_prefs(user, *(new_quiet or (None, None)), new_tz)
        where = new_tz or "UTC"
        if new_quiet is None:
            return T("No quiet hours: reminders may come at any time (time zone {zone}).", zone=where)
        return T(
            "Quiet hours {start}–{end} ({zone}): no reminder pings then; a reminder due then waits until they end.",
            start=f"{new_quiet[0]:02d}:00",
            end=f"{new_quiet[1]:02d}:00",
            zone=where,
        )

    async def vacation(self, table: TableRef, user: UserRef, days: float) -> tuple[float | None, float]:
        """Pause ``user``'s turn clock for ``days`` days from now (or from the end of a
        vacation already running; ``0`` ends it now and gives back the unused days), within
        the table's allowance. Returns ``(vacation end epoch or None, days left)``.
        UserError: not playing here, or over the allowance."""

        table, user = str(table), str(user)
        async with self.tables.lock(table):
            t, mine = await self.tables.playing(table, user)
            settings = self.tables.settings_of(t.game)
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
                        Tn(
                            "This table allows {n} vacation day per player; you have {left} left.",
                            "This table allows {n} vacation days per player; you have {left} left.",
                            settings.vacation_days,
                            left=f"{left:g}",
                        )
                    )
                until = (mine.vacation_until if running else now) + days * 86400.0
                used += days * 86400.0
            await self.store.set_vacation(t.game.pk, mine.seat, until, used)
            mine.vacation_until, mine.vacation_used = until, used
            await self._refresh_due(t)
            return until, max(0.0, allowance - used) / 86400.0

    async def substitute(
        self, table: TableRef, user: UserRef, new: UserRef, old: UserRef, *, admin: bool = False
    ) -> Result:
        """Hand ``old``'s seat to ``new`` (host, or ``admin``): the seat keeps its id, place
        and history; from now on ``new`` receives the hand (``private``, with the hand
        marked changed so it is sent), the reminders and the pings, and ``old`` nothing;
        a host handing out their own seat hands the host rights on with it. A seat the AI
        took over from ``old`` (resigned, voted out, timed out) is ``new``'s to play from
        now on: no longer the AI's, no longer ranked last. UserError: not the host, ``old``
        holds no seat here, ``new`` already holds one."""

        table, user, new, old = str(table), str(user), str(new), str(old)
        async with self.tables.lock(table):
            t = await self.tables.active(table)
            game = t.game
            if game.host != user and not admin:
                raise UserError(SUBSTITUTE_NOT_HOST)
            seat = t.seat_of(old)
            if seat is None:
                raise UserError(SUBSTITUTE_NO_SEAT)
            if seat_by_user(t.seats, new) is not None:
                raise UserError(SUBSTITUTE_SEATED)
            await self.store.set_seat_user(game.pk, seat.seat, new)
            public: list[str | Text] = [
                T("{new} takes over the seat of {old} (same place, same history).", new=new, old=old)
            ]
            if game.host == old:  # host rights follow the seat (moderators keep theirs: ``admin``)
                await self.store.set_host(game.pk, new)
                game.host = new
                public.append(T("{seat} is the host now.", seat=new))
            state = await self.tables.state(t)
            # a vote to remove the seat's old player is about them, not the substitute: closed
            kicks = [v for v in await self.store.votes(game.pk) if v.kind == "kick" and v.subject == seat.seat]
            for v in kicks:
                await self.store.set_vote(v.pk, v.yes, SUBSTITUTED)
            fresh = seat.seat in t.engine.to_act(state)
            if fresh:  # the substitute's turn: a whole turn limit of their own, reminders anew
                game.turn_started = self.clock()
                await self.store.set_clock(game.pk, game.turn_started, game.next_due, reset_reminders=True)
            t.seats = await self.tables.reload_seats(game)
            if seat.resigned or fresh:  # a person to wait for again, or a new clock: the loop's next look changes
                await self._refresh_due(t)
            private = report.private_messages(t, state, [seat.seat], {}, {}, initial=True)
            result = report.result(self.tables, t, state, public=public, board_due=False, private=private)
            result.closed_votes = [v.pk for v in kicks]
            return result

    async def _refresh_due(self, t: Table) -> None:
        """Recompute and store ``next_due`` (after a settings or vacation change)."""

        game = t.game
        if game.status != ACTIVE:
            return
        state = await self.tables.state(t)
        now = self.clock()
        started = game.turn_started if game.turn_started is not None else now
        due = clocks.next_due(t, self.tables.settings_of(game), set(t.engine.to_act(state)), started, now)
        await self.store.set_clock(game.pk, started, due)
        game.turn_started, game.next_due = started, due

    # ----- the periodic pass --------------------------------------------------------------
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
        for that process's own pass."""

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
        async with self.tables.lock(table):
            game = await self.tables.live_game(table)
            if game is None or game.pk != pk or game.status != ACTIVE:
                await self.store.set_next_due(pk, None)
                return []
            t = await self.tables.load(game, state=True)
            if game.turn_started is None:
                game.turn_started = now
            plans = await self._plans(t, now)
            notices: list[Notice] = []
            if plans.remind:
                await self.store.set_reminded(pk, {s.seat: s.reminded for s in plans.remind})
                notices.append(self._reminder(t, plans))
            if plans.overdue and self.tables.settings_of(game).policy == "ai":
                return [*notices, await self._cover(t, plans.overdue)]
            for s in plans.overdue:  # "kick" policy: the others vote
                notice = await self._kick(t, s, plans.overdue)
                notices.append(notice)
                if notice.kind == "deadline":  # nobody could vote: the AI took the seat
                    return notices
            due = min(plans.nexts) if plans.nexts else None
            await self.store.set_clock(pk, game.turn_started, due)
            game.next_due = due
            return notices

    async def _plans(self, t: Table, now: float) -> _Plans:
        """Each waiting human's reminder plan at ``now`` (quiet hours included); a player with
        a kick vote open, or already decided at this version ("the game waits for them"), is
        not overdue again until the game moves on."""

        game, settings = t.game, self.tables.settings_of(t.game)
        humans = {s.seat: s for s in t.humans}
        waiting = [humans[p] for p in t.engine.to_act(t.state) if p in humans]
        kicks = (
            {
                v.subject
                for v in await self.store.votes(game.pk, status=None)
                if v.kind == "kick"
                and v.status not in ("withdrawn", SUBSTITUTED)
                and (v.status == "open" or v.version == game.version)
            }
            if settings.policy == "kick"
            else set()
        )
        plans = _Plans()
        for s in waiting:
            quiet, tz = await self.quiet_hours(s.user_id)
            plan = seat_plan(now, game.turn_started, settings, s.reminded, s.vacation_until, quiet, tz)
            if plan.overdue:
                if s.seat not in kicks:
                    plans.overdue.append(s)
                continue
            if plan.deadline is not None:
                plans.deadline = plan.deadline if plans.deadline is None else min(plans.deadline, plan.deadline)
            if plan.remind_now:
                plans.remind.append(s)
                s.reminded = plan.steps
            if plan.next_at is not None:
                plans.nexts.append(plan.next_at)
        return plans

    def _reminder(self, t: Table, plans: _Plans) -> Notice:
        return Notice(
            kind="reminder",
            table=t.game.table_id,
            game_pk=t.game.pk,
            game_id=t.game.game_id,
            text=T(
                "Reminder: {game} is waiting for {players}.",
                game=title(t.engine),
                players=", ".join(s.seat for s in plans.remind),
            ),
            mention=[s.user_id for s in plans.remind],
            seats=[s.seat for s in plans.remind],
            deadline=plans.deadline,
            version=t.game.version,
        )

    async def notice_current(self, notice: Notice) -> bool:
        """Whether ``notice`` (a ``reminder`` or ``kick-vote`` from :meth:`tick`) still
        holds just before it is posted: its game is still the table's running game at the
        version the pass saw (a fresh read). False once anyone moved meanwhile (then the
        reminded player may have played): the poster drops the notice, and the next pass
        decides again from the new turn. A ``deadline`` notice is a committed move: always
        current."""

        if notice.kind == "deadline":
            return True
        game = await self.store.live_game(notice.table)
        return (
            game is not None
            and game.pk == notice.game_pk
            and game.status == ACTIVE
            and (game.version == notice.version)
        )

    def _deadline_notice(self, t: Table, result: Result, seats: list[str]) -> Notice:
        return Notice(
            kind="deadline",
            table=t.game.table_id,
            game_pk=t.game.pk,
            game_id=t.game.game_id,
            text=result.public[0],
            mention=list(result.mention),
            seats=seats,
            result=result,
        )

    async def _cover(self, t: Table, overdue: list[SeatRow]) -> Notice:
        """The "ai" policy: the AI plays this turn for the overdue players."""

        names = ", ".join(s.seat for s in overdue)
        public: list[str | Text] = [
            T("Time is up for {players}: the AI plays this turn for them (marked in the history).", players=names)
        ]
        result = await self.moves.cover(t, {s.seat for s in overdue}, public)
        return self._deadline_notice(t, result, [s.seat for s in overdue])

    async def _kick(self, t: Table, s: SeatRow, overdue: list[SeatRow]) -> Notice:
        """The "kick" policy for overdue ``s``: the other players vote on removing them; with
        nobody to ask, the AI takes the seat at once (a "deadline" notice)."""

        game = t.game
        voters = [o for o in t.humans if o.seat != s.seat and o not in overdue]
        if not voters:
            public: list[str | Text] = [
                T(
                    "Time is up for {seat} and no other player can vote: the AI takes the seat"
                    " for the rest of the game and they rank last.",
                    seat=s.seat,
                )
            ]
            return self._deadline_notice(t, await self.moves.resign(t, s.seat, public, TIMED_OUT), [s.seat])
        vote = await self.store.open_vote(game.pk, "kick", s.seat, game.version, [o.seat for o in voters])
        return Notice(
            kind="kick-vote",
            table=game.table_id,
            game_pk=game.pk,
            game_id=game.game_id,
            text=Tn(
                # one voter decides alone ("A majority of @alice decides" read oddly)
                "Time is up for {seat}. Remove them from the game? The AI would take the seat for"
                " the rest of the game and they would rank last. {voters} decides.",
                "Time is up for {seat}. Remove them from the game? The AI would take the seat for"
                " the rest of the game and they would rank last. A majority of {voters} decides.",
                len(voters),
                seat=s.seat,
                voters=", ".join(o.seat for o in voters),
            ),
            mention=[o.user_id for o in voters],
            seats=[s.seat],
            vote=vote,
            version=game.version,
        )
