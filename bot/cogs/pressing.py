"""The move builder's presses: Play opens it, each press edits it in place, the last one plays.

Thin adapter over :meth:`bot.service.Service.move_builder` (the tree of the caller's legal
moves, :class:`bot.builder.Builder`) and :meth:`bot.service.Service.act` (the same call as
``/move``: the move is committed before anything is posted, with the same refusals). The
messages and items are in :mod:`bot.pressing`; conventions in :mod:`bot.cogs.base`.

* Play (or the older "My moves"): a member who must act gets the first step, ephemerally;
  anyone else gets one sentence saying why they have no move.
* A step's press (a button or the menu): the next step, by ``interaction.response.edit_message``
  (no database read: the builder of a board version is cached). A press made at an older
  board version is refused with the current board, unless the player's own moves are the
  same as when the builder was made (the tree's fingerprint matches: another player moved in
  a simultaneous step), when it goes on at the current version.
* The last press plays the move; the builder then says what was played, and shows the next
  step at once when the same player acts again (a turn of several steps).
* When the bot may not post in the channel (a permission missing), Play and every press are
  refused at once with one sentence naming it (:meth:`bot.cogs.base.TableCog.check_can_post`),
  not after the whole move was built; the last press checks again before playing.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord.ext import commands

from bot.boardtext import board_lines
from bot.builder import Builder, PathError
from bot.cogs.base import TableCog
from bot.cogs.play import IN_FLIGHT
from bot.format import NO_PINGS, ai_played, bound, reader, seat_label, seats_of
from bot.i18n import T
from bot.pressing import PRESSING_ITEMS, restart_view, step_message
from bot.service import StaleVersion, UserError
from bot.views import PLAY_COG, PRESS_COG, TABLE_COG
from engines.base import ActionModel

log = logging.getLogger("boardhost.discord")

#: the first line of a refused press whose board moved on
OUT_OF_DATE = T("That builder belongs to an older board, so nothing was played; this is the current board:")
CANCELLED = T("Cancelled: nothing was played.")
GONE = T("That choice is not offered on this board, so nothing was played; press Play to start again.")


class Pressing(TableCog, commands.Cog, name=PRESS_COG):
    """Play and the move builder's Back / Cancel / option presses (see the module docstring)."""

    def __init__(self, bot: commands.Bot):
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(*PRESSING_ITEMS)  # type: ignore[attr-defined]

    def _in_flight(self) -> set[tuple[Any, int]]:
        """The (table, user) pairs whose move is being played now, shared with ``/move``."""

        cog = self.bot.get_cog(PLAY_COG)
        return cog.in_flight if cog is not None else set()  # type: ignore[attr-defined]

    async def open(self, interaction: discord.Interaction, table: int) -> None:
        """Play: the first step of the caller's builder, ephemerally; one sentence when the
        caller has no move now (not their turn, not seated, no game); on a finished or
        cancelled game's board, how it ended and its last board (as its other buttons)."""

        built = await self.service.move_builder(table, interaction.user.id, reader(interaction))
        if built is None:
            info = await self.service.table_info(table)  # cached; no view built
            if info is not None and info.status in ("over", "cancelled"):
                # as the board's other buttons: say how it ended, with its last board
                await self.bot.get_cog(TABLE_COG).board_button(interaction, "moves", table, info.version)  # type: ignore[union-attr]
                return
            raise UserError(await self.service.why_no_moves(table, interaction.user.id, seat_label))
        self.check_can_post(interaction, "moves")  # refused now, not after every step was pressed
        builder, version, title = built
        content, view = step_message(
            table, version, builder.fingerprint(), builder.step(), title, lang=reader(interaction)
        )
        await interaction.response.send_message(bound(content), view=view, ephemeral=True, allowed_mentions=NO_PINGS)

    async def press(
        self, interaction: discord.Interaction, table: int, version: int, mark: str, path: tuple[int, ...]
    ) -> None:
        """A press in the builder made at board ``version`` (tree fingerprint ``mark``): show
        the step at ``path``, or play the move its last option names."""

        user = interaction.user.id
        built = await self.service.move_builder(table, user, reader(interaction))
        if built is None or (built[1] != version and built[0].fingerprint() != mark):
            if built is None and await self._same_version(table, version):
                raise UserError(await self.service.why_no_moves(table, user, seat_label))
            await self.refuse_stale(interaction, table, built)
            return
        self.check_can_post(interaction, "moves")
        builder, now, title = built
        try:
            if path:
                option = builder.step(path[:-1]).options[path[-1]]
                if option.action is not None:
                    await self.play(interaction, table, now, builder, option.action)
                    return
            step = builder.step(path)
        except (PathError, IndexError):
            raise UserError(GONE) from None
        content, view = step_message(table, now, builder.fingerprint(), step, title, lang=reader(interaction))
        await interaction.response.edit_message(
            content=bound(content), view=view, attachments=[], allowed_mentions=NO_PINGS
        )

    async def cancel(self, interaction: discord.Interaction, table: int) -> None:
        await interaction.response.edit_message(
            content=CANCELLED.render(reader(interaction)), view=None, attachments=[]
        )

    async def _same_version(self, table: int, version: int) -> bool:
        info = await self.service.table_info(table)
        return info is not None and info.version == version

    async def play(
        self, interaction: discord.Interaction, table: int, version: int, builder: Builder, action: ActionModel
    ) -> None:
        """The last press: play ``action`` at ``version`` for the caller through the service
        (as ``/move``), say in the builder what was played (with the next step when the caller
        acts again), then post the move to the channel."""

        self.check_can_post(interaction, "moves")  # permissions may change while the builder is open
        user = interaction.user.id
        key = (table, user)
        in_flight = self._in_flight()
        if key in in_flight:
            raise UserError(IN_FLIGHT)
        in_flight.add(key)
        try:
            notation = builder.engine.notation(builder.state, action)
            await interaction.response.defer()  # edits the builder message later
            channel = await self.channel(interaction, table)
            try:
                result = await self.service.act(table, user, action, expected_version=version)
            except StaleVersion:
                await self.refuse_stale(
                    interaction, table, await self.service.move_builder(table, user, reader(interaction))
                )
                return
            except UserError as exc:
                await self._edit(interaction, exc.render(reader(interaction)), None)
                return
            nxt = await self.service.move_builder(table, user, reader(interaction))
            if nxt is not None:
                b, v, title = nxt
                lead = T("Played `{move}`. Your turn goes on.", move=notation)
                content, view = step_message(
                    table, v, b.fingerprint(), b.step(), title, lead=lead, lang=reader(interaction)
                )
                await self._edit(interaction, content, view)
            else:
                await self._edit(interaction, T("Played `{move}`.", move=notation).render(reader(interaction)), None)
            await self.poster.post_committed(
                interaction, channel, result, T("Your move `{notation}` was played.", notation=notation), actor=user
            )
        finally:
            in_flight.discard(key)

    async def _edit(self, interaction: discord.Interaction, content: str, view: discord.ui.View | None) -> None:
        """Edit the builder message after a deferred press; a failure is logged (the move, if
        any, stands and its post follows)."""

        try:
            await interaction.edit_original_response(
                content=bound(content), view=view, attachments=[], allowed_mentions=NO_PINGS
            )
        except discord.HTTPException:
            log.warning("table %s: could not update the builder of %s", interaction.channel_id, interaction.user.id)

    async def refuse_stale(
        self, interaction: discord.Interaction, table: int, built: tuple[Builder, int, str] | None
    ) -> None:
        """Refuse a press made on an older board: the builder message shows the current
        board (its phone summary, or the board when the game draws none) and, when the
        caller may act on it, a Play button that starts the builder again."""

        if not interaction.response.is_done():
            await interaction.response.defer()
        board = await self.service.board(table)
        files = []
        if board.view is not None:
            files = await self.poster.summary_files(
                board.game_id, board.view, seats_of(board.info), lang=reader(interaction), ai=ai_played(board.info)
            )
        lang = reader(interaction)
        view = restart_view(table, built[1], built[0].fingerprint(), lang) if built is not None else None
        text = "\n".join([OUT_OF_DATE.render(lang), *board_lines(board, lang)])
        try:
            await interaction.edit_original_response(
                content=bound(text), attachments=files, view=view, allowed_mentions=NO_PINGS
            )
        except discord.HTTPException:
            log.warning("table %s: could not refuse a stale press of %s", table, interaction.user.id)


async def setup(bot: commands.Bot) -> None:
    """Extension entry point (``bot.load_extension("bot.cogs.pressing")``)."""

    await bot.add_cog(Pressing(bot))
