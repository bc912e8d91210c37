"""``/move`` and each game's typed group (``/fm bid amount:3``), and the "Pick a move" menu.

Thin adapters over :class:`bot.service.Service`; conventions in :mod:`bot.cogs.base`. The typed
groups are built from the engines' action models (:mod:`bot.cogs.typed`) when the cog loads
and added to the command tree; their errors reach the tree's ``on_error`` like every command's.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.base import TableCog
from bot.cogs.typed import build_action, build_group
from bot.games import command_group
from bot.service import NO_GAME, StaleVersion, UserError
from bot.views import PLAY_COG
from engines import registry
from engines.base import ActionModel, default_notation, normalize

log = logging.getLogger("boardhost.discord")

#: the answer to a second /move sent while the first is still being played
IN_FLIGHT = (
    "Your previous move is still being played, so this one was not played: "
    "look at the new board, then send it again if you still want it."
)


class PlayCog(TableCog, commands.Cog, name=PLAY_COG):
    """``/move action:…``, ``/<game> <verb> …`` and the pick menu under "My moves"."""

    def __init__(self, bot: commands.Bot):
        self.bot = bot
        self.groups: list[app_commands.Group] = []
        #: (table, user) whose move is being played now
        self.in_flight: set[tuple[int | None, int]] = set()

    async def cog_load(self) -> None:
        taken = {"game", "move"}
        for gid in registry.ids():
            engine = registry.get(gid)
            name = command_group(engine)
            if not name or name in taken:
                continue
            group = build_group(engine, self.on_typed, self.legal_for)
            if group is not None:
                group.guild_only = True
                taken.add(name)
                self.groups.append(group)
                self.bot.tree.add_command(group, override=True)

    async def cog_unload(self) -> None:
        for group in self.groups:
            self.bot.tree.remove_command(group.name)
        self.groups = []

    # ----- /move ------------------------------------------------------------------------
    @app_commands.command(name="move", description="Make a move (your legal moves are suggested)")
    @app_commands.describe(action="Your move, as suggested")
    @app_commands.guild_only()
    async def move(self, interaction: discord.Interaction, action: str) -> None:
        await self.play(interaction, action, shown=normalize(action))

    @move.autocomplete("action")
    async def move_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """The caller's legal moves (value: notation, name: description), filtered by what was
        typed, at most 25; none for someone who cannot act now."""

        try:
            moves = await self.service.legal_moves(interaction.channel_id, interaction.user.id, current or "")
        except Exception:
            log.exception("table %s: /move autocomplete failed", interaction.channel_id)
            return []
        return [
            app_commands.Choice(name=text[:100] or notation[:100], value=notation[:100])
            for notation, text in moves[:25]
        ]

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

        self.check_can_post(interaction)
        key = (interaction.channel_id, interaction.user.id)
        if key in self.in_flight:
            raise UserError(IN_FLIGHT)
        self.in_flight.add(key)
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
            channel = await self.channel(interaction)
            result = await self.service.act(interaction.channel_id, interaction.user.id, action, expected_version)
            await self.ack(interaction, f"Played `{shown}`.", ephemeral=True)
            await self.poster.post_committed(
                interaction, channel, result, f"Your move `{shown}` was played", actor=interaction.user.id
            )
        finally:
            self.in_flight.discard(key)  # the new board is out (or its post failed and is retried)

    # ----- typed groups -----------------------------------------------------------------
    async def legal_for(self, interaction: discord.Interaction, engine: Any):
        """The caller's legal actions of ``engine``'s game at this table ([] if they cannot act
        or the table plays something else), and how to describe one."""

        # cached reads only (autocomplete cannot be deferred)
        table, user = interaction.channel_id, interaction.user.id
        return await self.service.legal_described(table, user, game_id=engine.id)

    async def on_typed(
        self, interaction: discord.Interaction, engine: Any, model: type[ActionModel], values: dict
    ) -> None:
        info = await self.service.table_info(interaction.channel_id)
        if info is None:
            raise UserError(NO_GAME)
        # a finished or cancelled game: the service's refusal says which
        if info.status in ("lobby", "active") and info.game_id != engine.id:
            raise UserError(f"This table plays {info.title}, not {engine.title}; use `/move` or its own commands.")
        try:
            action = build_action(model, values)
        except ValueError as exc:
            raise UserError(str(exc)) from None
        await self.play(interaction, action, shown=default_notation(action))

    # ----- the pick menu (bot.views.PickSelect) -------------------------------------------
    async def pick(self, interaction: discord.Interaction, table: int, version: int, notation: str) -> None:
        """A move chosen in the "Pick a move" menu: played only at the version it was offered."""

        self.check_can_post(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        channel = await self.channel(interaction, table)
        try:
            result = await self.service.act(table, interaction.user.id, notation, expected_version=version)
        except StaleVersion:
            await self.stale(interaction, await self.service.board(table), "That list of moves is out of date")
            return
        await self.ack(interaction, f"Played `{notation}`.", ephemeral=True)
        await self.poster.post_committed(
            interaction, channel, result, f"Your move `{notation}` was played", actor=interaction.user.id
        )


async def setup(bot: commands.Bot) -> None:
    """Extension entry point (``bot.load_extension("bot.cogs.play")``)."""

    await bot.add_cog(PlayCog(bot))
