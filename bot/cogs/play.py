"""``/move`` (every game's moves, suggested as you type) and the "Pick a move" menu.

Thin adapters over :class:`bot.service.Service`; conventions in :mod:`bot.cogs.base`.
"""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.base import TableCog
from bot.format import reader
from bot.i18n import T
from bot.service import StaleVersion, UserError
from bot.views import PLAY_COG
from engines.base import ActionModel, normalize

log = logging.getLogger("boardhost.discord")

#: the answer to a second /move sent while the first is still being played
IN_FLIGHT = T(
    "Your previous move is still being played, so this one was not played: "
    "look at the new board, then send it again if you still want it."
)


class PlayCog(TableCog, commands.Cog, name=PLAY_COG):
    """``/move action:…`` and the pick menu under "My moves"."""

    def __init__(self, bot: commands.Bot):
        self.bot = bot
        #: (table, user) whose move is being played now
        self.in_flight: set[tuple[int | None, int]] = set()

    # ----- /move ------------------------------------------------------------------------
    @app_commands.command(name="move", description="Make a move: pick from the suggestions, which narrow word by word.")
    @app_commands.describe(action="Your move: pick suggestions one after another until the whole move is there.")
    @app_commands.guild_only()
    async def move(self, interaction: discord.Interaction, action: str) -> None:
        await self.play(interaction, action, shown=normalize(action))

    @move.autocomplete("action")
    async def move_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """The caller's legal moves narrowed word by word (:meth:`bot.service.Service.suggestions`:
        value the notation or its first words, name what it means), at most 25; none for
        someone who cannot act now."""

        try:
            found = await self.service.suggestions(
                interaction.channel_id, interaction.user.id, current or "", reader(interaction)
            )
        except Exception:
            log.exception("table %s: /move autocomplete failed", interaction.channel_id)
            return []
        return [app_commands.Choice(name=name, value=value) for name, value in found]

    async def play(
        self,
        interaction: discord.Interaction,
        action: str | ActionModel,
        shown: str,
        expected_version: int | None = None,
    ) -> None:
        """Apply a move for the caller and post what happened (defers first). A second move
        of the same player at this table while the first is still being played or posted is
        refused, even when it would still be legal: it was issued against the board before
        the first, which the player has not seen yet."""

        self.check_can_post(interaction, "moves")
        key = (interaction.channel_id, interaction.user.id)
        if key in self.in_flight:
            raise UserError(IN_FLIGHT)
        self.in_flight.add(key)
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
            channel = await self.channel(interaction)
            result = await self.service.act(interaction.channel_id, interaction.user.id, action, expected_version)
            await self.ack(interaction, T("Played `{move}`.", move=shown), ephemeral=True)
            await self.poster.post_committed(
                interaction,
                channel,
                result,
                T("Your move `{notation}` was played.", notation=shown),
                actor=interaction.user.id,
            )
        finally:
            self.in_flight.discard(key)  # the new board is out (or its post failed and is retried)

    # ----- the pick menu (bot.views.PickSelect) -------------------------------------------
    async def pick(self, interaction: discord.Interaction, table: int, version: int, notation: str) -> None:
        """A move chosen in the "Pick a move" menu: played only at the version it was offered."""

        self.check_can_post(interaction, "moves")
        await interaction.response.defer(ephemeral=True, thinking=True)
        channel = await self.channel(interaction, table)
        try:
            result = await self.service.act(table, interaction.user.id, notation, expected_version=version)
        except StaleVersion:
            await self.stale(
                interaction,
                await self.service.board(table),
                T("That list of moves is out of date, so nothing was played; this is the current board:"),
            )
            return
        await self.ack(interaction, T("Played `{move}`.", move=notation), ephemeral=True)
        await self.poster.post_committed(
            interaction,
            channel,
            result,
            T("Your move `{notation}` was played.", notation=notation),
            actor=interaction.user.id,
        )


async def setup(bot: commands.Bot) -> None:
    """Extension entry point (``bot.load_extension("bot.cogs.play")``)."""

    await bot.add_cog(PlayCog(bot))
