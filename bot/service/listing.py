"""Server-wide lists: a server's live tables (``/game list``) and the tables where a user
must act (``/game mine``)."""

from __future__ import annotations

import logging
from collections.abc import Callable

from bot.service.moves import UseCase
from bot.service.results import ACTIVE, TableSummary, UserRef
from bot.store import GameRow

__all__ = ["Listing", "GONE_KEEP_DAYS"]

log = logging.getLogger(__name__)

#: days the rows of a game whose Discord home is gone are kept (for a re-invited bot)
#: before the periodic pass deletes them
GONE_KEEP_DAYS = 30


class Listing(UseCase):
    """The listing part of :class:`bot.service.Service`."""

    async def guild_tables(self, guild: str | int) -> list[TableSummary]:
        """This server's live tables (lobby or active), oldest first: game, table, whose
        turn and since when. One query plus one (cached) state per table."""

        return [await self._summary(game) for game in await self.store.guild_games(str(guild))]

    async def my_tables(self, user: UserRef) -> list[TableSummary]:
        """Active tables, across servers, where ``user`` must act now."""

        user = str(user)
        out = []
        for game in await self.store.user_games(user):
            summary = await self._summary(self.tables.cached_game(game.table_id, game.pk) or game)
            if user in summary.waiting_users:
                out.append(summary)
        return out

    async def unplaced_tables(self) -> list[tuple[str, int]]:
        """``(table, game_pk)`` of every live game whose server is not stored (a database
        made before servers were recorded): the Discord layer finds each channel's server
        and stores it with :meth:`place_table`, so the game shows in that server's list."""

        return [(g.table_id, g.pk) for g in await self.store.unplaced_games()]

    async def place_table(self, game_pk: int, guild: str | int) -> None:
        """Store the Discord server ``guild`` of game ``game_pk`` (see :meth:`unplaced_tables`)."""

        await self.store.set_guild(game_pk, str(guild))
        cached = self.tables.cached_row(game_pk)
        if cached is not None:
            cached.guild = str(guild)

    # ----- tables whose Discord home is gone -------------------------------------------------
    async def close_gone(self, table: str | int) -> bool:
        """The channel or thread ``table`` is gone (deleted, or Discord answers 10003 Unknown
        Channel): its live game is closed as 'orphaned' (out of the lists, the periodic loop,
        AI turns and post retries; its rows kept :data:`GONE_KEEP_DAYS` days). True if a game
        was closed."""

        table = str(table)
        async with self.tables.lock(table):
            closed = await self.store.orphan_games(self.clock(), table_id=table)
            self.tables.forget(table)
        if closed:
            log.info("table %s: its channel is gone; the game is closed (orphaned)", table)
        return bool(closed)

    async def close_guild(self, guild: str | int) -> list[str]:
        """The bot left (or was removed from) server ``guild``: every live game there is
        closed as 'orphaned' (see :meth:`close_gone`); returns their tables."""

        closed = await self.store.orphan_games(self.clock(), guild=str(guild))
        for table in closed:
            async with self.tables.lock(table):
                self.tables.forget(table)
        if closed:
            log.info("server %s: the bot left it; %d game(s) closed (orphaned)", guild, len(closed))
        return closed

    async def reopen_guild(self, guild: str | int, present: Callable[[str], bool]) -> list[str]:
        """The bot joined server ``guild`` again: each game orphaned there whose channel
        ``present(table)`` is there again is reopened as it was (a started game active, due
        to the periodic loop at once; a lobby a lobby); returns their tables."""

        reopened = []
        for game in await self.store.orphaned_games(str(guild)):
            if present(game.table_id) and await self.store.restore_game(game.pk, self.clock()):
                reopened.append(game.table_id)
        return reopened

    async def purge_gone(self, now: float | None = None) -> int:
        """Delete the games orphaned more than :data:`GONE_KEEP_DAYS` days before ``now``
        (default: the service clock) with their seats, moves and votes; how many."""

        now = self.clock() if now is None else now
        return await self.store.purge_orphans(now - GONE_KEEP_DAYS * 86400)

    async def _summary(self, game: GameRow) -> TableSummary:
        t = await self.tables.load(game)
        waiting: list[str] = []
        if game.status == ACTIVE:
            waiting = list(t.engine.to_act(await self.tables.state(t)))
        users = t.users()
        settings = self.tables.settings_of(game)
        deadline = (
            game.turn_started + settings.turn_limit
            if settings.turn_limit and game.turn_started is not None and game.status == ACTIVE
            else None
        )
        return TableSummary(
            table=game.table_id,
            game_pk=game.pk,
            game_id=game.game_id,
            title=t.engine.title,
            status=game.status,
            waiting=waiting,
            waiting_users=[users[p] for p in waiting if p in users],
            since=game.turn_started,
            deadline=deadline,
            guild=game.guild,
            ai={s.seat: t.strength_of(s.seat) for s in t.seats if s.is_ai or s.resigned},
        )
