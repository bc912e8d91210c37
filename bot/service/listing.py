"""Server-wide lists: a server's live tables (``/game list``) and the tables where a user
must act (``/game mine``)."""

from __future__ import annotations

from bot.service.moves import UseCase
from bot.service.results import ACTIVE, TableSummary, UserRef
from bot.store import GameRow

__all__ = ["Listing"]


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
            ai={s.seat: t.strength_of(s.seat) for s in t.seats if s.is_ai},
        )
