"""What the cogs share: :class:`TableCog`, helpers over one table's service and poster.

Conventions for every interaction (see also :class:`bot.discord_app.BoardhostTree`):

* answered within Discord's 3 seconds: anything that may render or run AI moves first
  ``defer``s (ephemerally), then works, then posts to the channel through
  :class:`bot.poster.Poster` (in the table's version order);
* a user's mistake (:class:`bot.service.UserError`) is raised and answered by the tree's
  ``on_error`` with one ephemeral sentence; it changes nothing.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord.ext import commands

from bot.boardtext import board_lines, status_text
from bot.format import (
    NO_PINGS,
    ai_played,
    bound,
    listed,
    missing_permissions,
    permission_names,
    reader,
    seats_of,
    table_language,
)
from bot.i18n import DEFAULT, T, Text, Tn
from bot.i18n import render as in_language
from bot.poster import Poster
from bot.service import Board, Service, UserError
from bot.views import board_view

log = logging.getLogger("boardhost.discord")


def _refusals() -> dict[str, Any]:
    """Per command, the whole sentence refusing it for missing permissions (``n`` of them,
    named by ``names``): what was not done, and who can grant them."""

    return {
        "moves": lambda n, names: Tn(
            "I can't post moves in this channel: I am missing the {permissions} permission,"
            " so nothing was played. A moderator can grant it in the channel settings.",
            "I can't post moves in this channel: I am missing the {permissions} permissions,"
            " so nothing was played. A moderator can grant them in the channel settings.",
            n,
            permissions=names,
        ),
        "host": lambda n, names: Tn(
            "I can't host a game here: I am missing the {permissions} permission in this channel,"
            " so no lobby was opened. A moderator can grant it in the channel settings.",
            "I can't host a game here: I am missing the {permissions} permissions in this channel,"
            " so no lobby was opened. A moderator can grant them in the channel settings.",
            n,
            permissions=names,
        ),
        "start": lambda n, names: Tn(
            "I can't host a game here: I am missing the {permissions} permission in this channel,"
            " so the game was not started. A moderator can grant it in the channel settings.",
            "I can't host a game here: I am missing the {permissions} permissions in this channel,"
            " so the game was not started. A moderator can grant them in the channel settings.",
            n,
            permissions=names,
        ),
        "vacation": lambda n, names: Tn(
            "I can't post in this channel: I am missing the {permissions} permission,"
            " so your vacation is unchanged. A moderator can grant it in the channel settings.",
            "I can't post in this channel: I am missing the {permissions} permissions,"
            " so your vacation is unchanged. A moderator can grant them in the channel settings.",
            n,
            permissions=names,
        ),
        "settings": lambda n, names: Tn(
            "I can't post in this channel: I am missing the {permissions} permission,"
            " so the settings are unchanged. A moderator can grant it in the channel settings.",
            "I can't post in this channel: I am missing the {permissions} permissions,"
            " so the settings are unchanged. A moderator can grant them in the channel settings.",
            n,
            permissions=names,
        ),
        "resign": lambda n, names: Tn(
            "I can't post in this channel: I am missing the {permissions} permission,"
            " so you have not resigned. A moderator can grant it in the channel settings.",
            "I can't post in this channel: I am missing the {permissions} permissions,"
            " so you have not resigned. A moderator can grant them in the channel settings.",
            n,
            permissions=names,
        ),
        "undo": lambda n, names: Tn(
            "I can't post in this channel: I am missing the {permissions} permission,"
            " so nothing was taken back. A moderator can grant it in the channel settings.",
            "I can't post in this channel: I am missing the {permissions} permissions,"
            " so nothing was taken back. A moderator can grant them in the channel settings.",
            n,
            permissions=names,
        ),
        "substitute": lambda n, names: Tn(
            "I can't post in this channel: I am missing the {permissions} permission,"
            " so the seat was not handed over. A moderator can grant it in the channel settings.",
            "I can't post in this channel: I am missing the {permissions} permissions,"
            " so the seat was not handed over. A moderator can grant them in the channel settings.",
            n,
            permissions=names,
        ),
        "vote": lambda n, names: Tn(
            "I can't post in this channel: I am missing the {permissions} permission,"
            " so your vote was not counted. A moderator can grant it in the channel settings.",
            "I can't post in this channel: I am missing the {permissions} permissions,"
            " so your vote was not counted. A moderator can grant them in the channel settings.",
            n,
            permissions=names,
        ),
    }


REFUSALS = _refusals()


class TableCog:
    """Mixin of the cogs: ``self.bot`` is the :class:`bot.discord_app.BoardhostBot`."""

    bot: commands.Bot

    @property
    def service(self) -> Service:
        service = self.bot.service  # type: ignore[attr-defined]
        assert service is not None, "the bot's database is closed"
        return service

    @property
    def poster(self) -> Poster:
        return self.bot.poster  # type: ignore[attr-defined]

    def check_can_post(self, interaction: discord.Interaction, refusal: str = "host") -> None:
        """Refuse (``UserError`` naming them) when the bot lacks a permission it needs to post
        the game in this channel (``interaction.app_permissions``): checked BEFORE anything is
        committed, so nothing is done that could not be shown. ``refusal``: a key of
        :data:`REFUSALS`, the sentence saying what the caller's command did not do ("moves":
        Play, the builder, ``/move``)."""

        missing = missing_permissions(
            interaction.app_permissions, in_thread=isinstance(interaction.channel, discord.Thread)
        )
        if missing:
            raise UserError(REFUSALS[refusal](len(missing), listed(permission_names(missing))))

    async def ack(self, interaction: discord.Interaction, text: str | Text, **kwargs: Any) -> None:
        """The ephemeral "done" answer after a change, in the member's language: a failure
        here must not keep the change's channel post (which follows) from going out."""

        try:
            await interaction.followup.send(bound(in_language(text, reader(interaction))) or "", **kwargs)
        except discord.HTTPException:
            log.warning("table %s: could not answer %s", interaction.channel_id, interaction.user.id)

    async def announce(self, channel: discord.abc.Messageable, text: str | Text, lang: str = DEFAULT) -> None:
        """Post ``text`` in the table's channel in the table's language ``lang``, pinging
        nobody: a line about a change already committed and acknowledged (a vacation, new
        settings). If Discord refuses it, the failure is logged and not answered: the change
        stands, and "try again" would make the player repeat it."""

        text = in_language(text, lang)
        try:
            await channel.send(bound(text), allowed_mentions=NO_PINGS)
        except discord.HTTPException as exc:
            log.warning("table %s: could not post %r (%s)", getattr(channel, "id", "?"), text[:60], exc)

    async def channel(self, interaction: discord.Interaction, table: int | None = None) -> discord.abc.Messageable:
        """The table's channel (fetch it BEFORE changing the game: a move whose channel
        cannot be found would otherwise be committed with its post never attempted)."""

        table = table or interaction.channel_id
        if interaction.channel is not None and interaction.channel.id == table:
            return interaction.channel  # type: ignore[return-value]
        return await self.poster.channel_of(table)

    async def reword_status(
        self, channel: discord.abc.Messageable, table: int | str | None, board: Board | None = None
    ) -> None:
        """Re-word the table's live status message after a change that moved nothing (a
        settings change, a vacation: the turn deadline, the AI's strengths): its text is
        edited to the current board's, its image and buttons stay. When Discord refuses the
        edit (any 4xx: deleted, 403, too many edits) a fresh status message with the current
        board image replaces it (:meth:`bot.poster.Poster.edit_status`, its id stored); a 5xx
        is logged and the message is brought up to date at the next move. Nothing when the
        table has no status message or no running game; a failure is logged, never raised
        (the change is saved and announced already). ``board``: the table's board of now when
        the caller has read it already."""

        if board is None:
            try:
                board = await self.service.board(table)
            except UserError:
                return
        if not board.status_message or board.status != "active":
            return
        message = channel.get_partial_message(int(board.status_message))  # type: ignore[attr-defined]
        content = bound(status_text(board, seats_of(board.info))) or ""
        try:
            await message.edit(content=content, allowed_mentions=NO_PINGS)
            return
        except discord.HTTPException as exc:
            if exc.status >= 500:
                log.info("table %s: the status message was not re-worded (%s); next move updates it", board.table, exc)
                return
            log.info(
                "table %s: Discord refused to re-word the status message (%s); posting a new one", board.table, exc
            )
        try:
            files = await self.poster.board_files(
                board.game_id, board.view or {}, seats_of(board.info), table_language(board.info), ai_played(board.info)
            )
            board.status_message = None  # refused: post a fresh one rather than edit again
            await self.poster.edit_status(channel, board, files)  # type: ignore[arg-type]
        except discord.HTTPException as exc:
            log.warning("table %s: no new status message could be posted (%s)", board.table, exc)

    async def stale(
        self,
        interaction: discord.Interaction,
        board: Board,
        lead: Text | None = None,
    ) -> None:
        """Refuse a click on an old board: answer (only to the clicker) with the current one.
        ``lead`` replaces the first line ("That board is out of date, so nothing was played;
        this is the current board:"), e.g. for a read-only button, where nothing was to be played."""

        if not interaction.response.is_done():
            await interaction.response.defer(ephemeral=True, thinking=True)
        files = []
        if board.view is not None:
            files = await self.poster.board_files(
                board.game_id, board.view, seats_of(board.info), reader(interaction), ai_played(board.info)
            )
        lines = [
            in_language(
                lead or T("That board is out of date, so nothing was played; this is the current board:"),
                reader(interaction),
            )
        ]
        lines += board_lines(board, reader(interaction))
        kwargs: dict[str, Any] = {"files": files}
        if board.status == "active":
            kwargs["view"] = board_view(board.table, board.version, board.game_id, lang=reader(interaction))
        await interaction.followup.send(bound("\n".join(lines)), ephemeral=True, allowed_mentions=NO_PINGS, **kwargs)


__all__ = ["TableCog"]
