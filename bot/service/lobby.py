"""The lobby: open a game at a table, join, leave, add and remove AI seats, start, cancel."""

from __future__ import annotations

import re
from collections.abc import Callable

import bot.service.report as report
from bot.games import title
from bot.help import HOW_TO_PLAY
from bot.i18n import T, Text, Tn
from bot.service.moves import UseCase
from bot.service.parsing import check_strength, engine_for, parse_options, parse_settings
from bot.service.results import (
    ACTIVE,
    ADD_BOT_NOT_HOST,
    ADD_BOT_STARTED,
    ALREADY_SEATED,
    CANCEL_NOT_HOST,
    CANCELLED,
    JOIN_STARTED,
    LEAVE_STARTED,
    LOBBY,
    LOBBY_CHANGED,
    NOT_SEATED,
    REMOVE_BOT_NOT_HOST,
    REMOVE_BOT_STARTED,
    START_NOT_HOST,
    START_STARTED,
    Result,
    TableRef,
    UserError,
    UserRef,
    handed_over,
    said,
)
from bot.service.tables import Table
from bot.store import TableBusy, VersionConflict
from bot.timers import STRENGTH_NAMES
from engines.base import shuffled

__all__ = ["Lobby"]


class Lobby(UseCase):
    """The lobby part of :class:`bot.service.Service`."""

    seed_source: Callable[[], int]

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

        table, seat = str(table), str(user)
        engine = engine_for(game_id)
        game_id = engine.id  # a title given as the game (`Kanban EV`) names its id
        opts = parse_options(game_id, options)
        table_settings = parse_settings(settings).model_dump(mode="json")
        async with self.tables.lock(table):
            live = await self.tables.live_game(table)
            if live is not None:
                raise UserError(_busy(await self.tables.load(live)))
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
            except TableBusy:  # another process opened one meanwhile
                live = await self.store.live_game(table)
                raise UserError(_busy(await self.tables.load(live) if live is not None else None)) from None
            self.tables.remember(game)
            t = Table(game, await self.tables.reload_seats(game), engine)
            return report.result(
                self.tables,
                t,
                None,
                public=[
                    T(
                        "New game of {game}: join with /game join; the host starts it with /game start.",
                        game=title(engine),
                    )
                ],
                board_due=False,
            )

    async def join(self, table: TableRef, user: UserRef) -> Result:
        """Seat ``user`` in the lobby. UserError: no lobby, already seated, table full."""

        table, seat = str(table), str(user)
        async with self.tables.lock(table):
            t = await self.tables.live(table)
            held = t.seat_of(seat)  # the current holder: a seat keeps its id when substituted
            if held is not None:
                raise UserError(handed_over(held.handover) if held.resigned else ALREADY_SEATED)
            if t.game.status != LOBBY:
                raise UserError(JOIN_STARTED)
            await self._add_seat(t, seat, seat)
            return self._lobby_result(
                t, Tn("{seat} joined ({n} seated).", "{seat} joined ({n} seated).", len(t.seats), seat=seat)
            )

    async def leave(self, table: TableRef, user: UserRef) -> Result:
        """Leave the lobby. If the host leaves, the next human becomes host; if no human
        is left, the lobby is cancelled. UserError: not seated; game already started
        (use resign)."""

        table, seat = str(table), str(user)
        async with self.tables.lock(table):
            t = await self.tables.live(table)
            game = t.game
            if game.status != LOBBY:  # a seat the AI took over says why (not "use /game resign")
                mine = t.seat_of(seat)
                if mine is None:
                    raise UserError(NOT_SEATED)
                raise UserError(handed_over(mine.handover) if mine.resigned else LEAVE_STARTED)
            if not any(s.seat == seat for s in t.seats):
                raise UserError(NOT_SEATED)
            await self._remove_seat(t, seat)
            public: list[str | Text] = [T("{seat} left.", seat=seat)]
            humans = [s for s in t.seats if not s.is_ai]
            if not humans:
                await self.store.set_status(game.pk, CANCELLED)
                game.status = CANCELLED
                self.tables.forget(table)
                public.append(T("No players left: the lobby is closed."))
            elif game.host == seat:
                game.host = humans[0].seat
                await self.store.set_host(game.pk, game.host)
                public.append(T("{seat} is the host now.", seat=game.host))
            return report.result(self.tables, t, None, public=public, board_due=False)

    async def add_bot(self, table: TableRef, user: UserRef, strength: str | None = None) -> Result:
        """Add an AI seat (``ai-1``, ``ai-2``, …) to the lobby, playing at ``strength`` (easy,
        normal or strong; None: the table's ``ai_strength``, else the host's default), kept in
        the game's settings so a restart keeps it. Host only; UserError when full or for an
        unknown strength."""

        table, seat = str(table), str(user)
        chosen = check_strength(strength) if strength else None
        async with self.tables.lock(table):
            t = await self.tables.hosted_lobby(table, seat, ADD_BOT_STARTED, ADD_BOT_NOT_HOST)
            taken = {s.seat for s in t.seats}
            n = 1
            while f"ai-{n}" in taken:
                n += 1
            await self._add_seat(t, f"ai-{n}", None)
            settings = self.tables.settings_of(t.game)
            level = chosen or settings.ai_strength or self.tables.ai_strength
            t.game.settings = settings.model_copy(update={"bots": {**settings.bots, f"ai-{n}": level}}).model_dump(
                mode="json"
            )
            await self.store.set_settings(t.game.pk, t.game.settings)
            return self._lobby_result(
                t,
                T("{seat} joined (AI strength: {strength}).", seat=f"ai-{n}", strength=STRENGTH_NAMES[level]),
            )

    async def remove_bot(self, table: TableRef, user: UserRef, seat: str | None = None) -> Result:
        """Remove the lobby's AI seat ``seat`` (``ai-2``, or as a member writes it: ``AI 2``,
        ``2``, ``AI 2 (strong)``; None: the AI seat added last). The other seats keep their
        names (AI 3 stays AI 3; the next ``/game addbot`` takes the free AI 2). Host only;
        UserError when the lobby has no AI seat or none of that name."""

        table, host = str(table), str(user)
        async with self.tables.lock(table):
            t = await self.tables.hosted_lobby(table, host, REMOVE_BOT_STARTED, REMOVE_BOT_NOT_HOST)
            bots = [s.seat for s in t.seats if s.is_ai]  # in the order they were added
            if not bots:
                raise UserError(T("This lobby has no AI seat to remove; /game addbot adds one."))
            if seat is None or not seat.strip():
                chosen = bots[-1]
            else:
                number = re.search(r"\d+", seat)
                chosen = f"ai-{int(number.group())}" if number else ""
                if chosen not in bots:
                    raise UserError(
                        T(
                            "This lobby has no AI seat `{seat}`; its AI seats: {seats}.",
                            seat=seat.replace("`", "").strip()[:40],
                            seats=[_ai_seat(t, s) for s in bots],
                        )
                    )
            removed = _ai_seat(t, chosen)
            await self._remove_seat(t, chosen)
            settings = self.tables.settings_of(t.game)
            if chosen in settings.bots:
                bots_left = {s: level for s, level in settings.bots.items() if s != chosen}
                t.game.settings = settings.model_copy(update={"bots": bots_left}).model_dump(mode="json")
                await self.store.set_settings(t.game.pk, t.game.settings)
            return self._lobby_result(t, T("{seat} was removed from the lobby.", seat=removed))

    async def start(self, table: TableRef, user: UserRef) -> Result:
        """Start the lobby's game (host only, enough seats): shuffle the seat order from the
        seed, set up, send every human their hand, let AI seats move until a human must act."""

        table, seat = str(table), str(user)
        async with self.tables.lock(table):
            t = await self.tables.hosted_lobby(table, seat, START_STARTED, START_NOT_HOST)
            game, engine, seats = t.game, t.engine, t.seats
            if len(seats) < engine.min_players:
                raise UserError(
                    Tn(
                        "{game} needs at least {least} players and {n} is seated; wait for more or use /game addbot.",
                        "{game} needs at least {least} players and {n} are seated; wait for more or use /game addbot.",
                        len(seats),
                        game=title(engine),
                        least=engine.min_players,
                    )
                )
            order = shuffled([s.seat for s in seats], game.seed, "seats")
            try:
                state = engine.setup(order, game.options, game.seed)
            except ValueError as exc:
                raise UserError(said(exc)) from None
            try:
                await self.store.start_game(game.pk, order, engine.state_to_json(state))
            except VersionConflict:
                self.tables.forget(table)
                raise UserError(LOBBY_CHANGED) from None
            game.status, game.version = ACTIVE, 0
            self.tables.keep_state(game, state)
            t.seats, t.state = await self.tables.reload_seats(game), state
            begins = T("{game} begins. Seat order: {seats}.", game=title(engine), seats=order)
            return await self.moves.start(t, [begins, HOW_TO_PLAY])

    async def cancel(self, table: TableRef, user: UserRef, *, admin: bool = False) -> Result:
        """Cancel the live game (lobby or active). Allowed to the host or when ``admin``
        (the cog passes Manage Channels). UserError otherwise."""

        table, seat = str(table), str(user)
        async with self.tables.lock(table):
            t = await self.tables.live(table)
            if t.game.host != seat and not admin:
                raise UserError(CANCEL_NOT_HOST)
            await self.store.set_status(t.game.pk, CANCELLED)
            t.game.status = CANCELLED
            self.tables.forget(table)
            t.seats = await self.tables.reload_seats(t.game)
            return report.result(self.tables, t, None, public=[T("The game was cancelled.")], board_due=False)

    async def _add_seat(self, t: Table, seat: str, user_id: str | None) -> None:
        """Seat ``seat`` in the lobby of ``t`` (an AI seat when ``user_id`` is None; ``t.seats``
        follows). UserError: the table is full, or the lobby changed meanwhile."""

        engine, game = t.engine, t.game
        if len(t.seats) >= engine.max_players:
            raise UserError(
                T(
                    "The table is full: {game} takes at most {most} players.",
                    game=title(engine),
                    most=engine.max_players,
                )
            )
        try:
            await self.store.add_seat(game.pk, seat, user_id, user_id is None, max_seats=engine.max_players)
        except VersionConflict:
            self.tables.forget(game.table_id)
            raise UserError(LOBBY_CHANGED) from None
        t.seats = await self.tables.reload_seats(game)

    async def _remove_seat(self, t: Table, seat: str) -> None:
        """Unseat ``seat`` from the lobby of ``t`` (``t.seats`` follows). UserError: the lobby
        changed meanwhile (another process started or cancelled it)."""

        try:
            await self.store.remove_seat(t.game.pk, seat)
        except VersionConflict:
            self.tables.forget(t.game.table_id)
            raise UserError(LOBBY_CHANGED) from None
        t.seats = await self.tables.reload_seats(t.game)

    def _lobby_result(self, t: Table, line: Text) -> Result:
        return report.result(self.tables, t, None, public=[line], board_due=False)


def _ai_seat(t: Table, seat: str) -> Text:
    """``ai-2 (strong)``: an AI seat and the strength it plays at (the seat id reads ``AI 2``
    once rendered for Discord, :func:`bot.format.mention_seats`)."""

    level = t.strength_of(seat)
    return T("{seat} ({strength})", seat=seat, strength=STRENGTH_NAMES.get(level, level))


def _busy(live: Table | None) -> Text:
    """The refusal of a second game at a table whose live game is ``live``."""

    if live is None:
        return T("This table already has a game.")
    if live.game.status == LOBBY:
        return T("This table already has a lobby of {game}; finish or cancel it first.", game=title(live.engine))
    return T("This table already has a game in progress of {game}; finish or cancel it first.", game=title(live.engine))
