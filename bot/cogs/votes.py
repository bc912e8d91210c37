"""``/game`` votes and seats that change hands: ``/game undo``, ``/game substitute``, and the
Yes/No buttons of a vote (an undo after others moved, a vote-kick at a deadline).

A :class:`bot.cogs.group.GameSection`. A vote lives in the database and in the message that
carries its buttons (:class:`VoteButton`, a ``DynamicItem``: it works after a restart); once
the vote is decided its buttons are removed. Conventions of :mod:`bot.cogs.base`: every
change is committed by the service before anything is posted; a user's mistake is one
ephemeral sentence (:class:`UserError`).
"""

from __future__ import annotations

import json
import logging
import re
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.group import GameSection, add_section
from bot.format import NO_PINGS, allowed_for, bound, mention_seats, seat_label, seats_of, table_language
from bot.i18n import DEFAULT, T, Tn, Tp
from bot.i18n import render as in_language
from bot.poster import say
from bot.service import Result, Service, UndoRequest, UserError
from bot.views import VOTES_COG, _Handled

log = logging.getLogger("boardhost.discord")


class VoteButton(
    _Handled,
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"bh:vote:(?P<table>\d+):(?P<vote>\d+):(?P<answer>yes|no)",
):
    """ "Yes" / "No" under a vote message (undo request or vote-kick): ``custom_id``
    ``bh:vote:<table>:<vote>:<yes|no>``; the vote itself is in the database, so the
    buttons work after a restart."""

    def __init__(self, table: int, vote: int, yes: bool, lang: str = DEFAULT):
        super().__init__(
            discord.ui.Button(  # type: ignore[call-arg]
                label=(Tp("button", "Yes") if yes else Tp("button", "No")).render(lang),
                style=discord.ButtonStyle.success if yes else discord.ButtonStyle.danger,
                custom_id=f"bh:vote:{table}:{vote}:{'yes' if yes else 'no'}",
            )
        )
        self.table, self.vote, self.yes = table, vote, yes

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str]):
        return cls(int(match["table"]), int(match["vote"]), match["answer"] == "yes")

    async def handle(self, interaction: discord.Interaction) -> None:
        cog = interaction.client.get_cog(VOTES_COG)  # type: ignore[attr-defined]
        await cog.vote_button(interaction, self.table, self.vote, self.yes)


def vote_view(table: int | str, vote: int, lang: str = DEFAULT) -> discord.ui.View:
    """Yes / No buttons labelled in the table's language ``lang``."""

    view = discord.ui.View(timeout=None)
    view.add_item(VoteButton(int(table), int(vote), True, lang))
    view.add_item(VoteButton(int(table), int(vote), False, lang))
    return view


#: meta key of a table's vote messages: ``{vote pk: [message id, text]}``, the newest few
VOTE_MESSAGES = "vote_messages:{}"
#: how many vote messages a table remembers
VOTE_MESSAGES_KEPT = 8


async def remember_vote(service: Service, table: int | str, vote: int, message: discord.Message) -> None:
    """Remember the message carrying vote ``vote``'s buttons (kept in the store), so it can be
    edited down when the vote is closed unanswered (:func:`close_votes`). Best effort."""

    key = VOTE_MESSAGES.format(table)
    try:
        async with service.lock(str(table)):
            raw = await service.get_meta(key)
            data = json.loads(raw) if raw else {}
            data[str(vote)] = [message.id, message.content]
            kept = dict(list(data.items())[-VOTE_MESSAGES_KEPT:])
            await service.set_meta(key, json.dumps(kept))
    except Exception:
        log.exception("table %s: could not remember the message of vote %s", table, vote)


async def close_votes(
    service: Service, channel: discord.abc.Messageable, table: int | str, votes: list[int], note: str
) -> None:
    """Edit the messages of ``votes`` (closed unanswered) down to their question and ``note``
    (the rendered sentence saying why), without buttons, and forget them. Best effort: a
    message that cannot be edited keeps buttons that answer why the vote is closed."""

    if not votes:
        return
    key = VOTE_MESSAGES.format(table)
    try:
        raw = await service.get_meta(key)
        data = json.loads(raw) if raw else {}
        for vote in votes:
            message_id, text = data.pop(str(vote), (None, ""))
            if message_id is None:
                continue
            try:
                await channel.get_partial_message(message_id).edit(  # type: ignore[attr-defined]
                    content=bound(f"{text}\n{note}" if text else note), view=None, allowed_mentions=NO_PINGS
                )
            except discord.NotFound:
                pass  # deleted meanwhile
            except discord.HTTPException as exc:
                log.warning("table %s: could not close the message of vote %s (%s)", table, vote, exc)
        async with service.lock(str(table)):
            raw = await service.get_meta(key)
            now = json.loads(raw) if raw else {}
            closed = {str(v) for v in votes}
            await service.set_meta(key, json.dumps({k: m for k, m in now.items() if k not in closed}))
    except Exception:
        log.exception("table %s: could not close the messages of votes %s", table, votes)


class Votes(GameSection, name=VOTES_COG):
    """``/game undo|substitute`` and the Yes/No buttons of votes (see the module docstring)."""

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(VoteButton)

    # ----- votes (kick, undo) ----------------------------------------------------------
    async def vote_button(self, interaction: discord.Interaction, table: int, vote: int, yes: bool) -> None:
        """A Yes/No click: counted by the service (committed), then the outcome is posted;
        once the vote is decided its buttons are removed."""

        self.check_can_post(interaction, "vote")  # the outcome is posted: refuse before it is counted
        await interaction.response.defer(ephemeral=True, thinking=True)
        channel = await self.channel(interaction, table)
        result = await self.service.vote(table, interaction.user.id, vote, yes)
        await self.ack(interaction, T("You voted yes.") if yes else T("You voted no."), ephemeral=True)
        await self.post_vote_result(interaction, channel, result)
        if not await self.service.vote_open(vote) and interaction.message is not None:
            try:
                await interaction.message.edit(view=None)
            except discord.HTTPException:
                log.warning("table %s: could not remove the buttons of vote %s", table, vote)

    async def post_vote_result(
        self, interaction: discord.Interaction, channel: discord.abc.Messageable, result: Result
    ) -> None:
        lang = table_language(result.info)
        result.public = [mention_seats(in_language(t, lang), seats_of(result.info)) for t in result.public]
        if result.board_due:
            await self.poster.post_committed(
                interaction, channel, result, T("Your vote was counted."), actor=interaction.user.id
            )
        else:
            await self.announce(channel, "\n".join(result.public), lang)

    # ----- absent players: /game substitute, /game vacation -----------------------------
    @app_commands.command(name="substitute", description="Hand a player's seat to another member (host).")
    @app_commands.describe(new="The member who takes the seat over.", old="The player whose seat it is now.")
    async def substitute(self, interaction: discord.Interaction, new: discord.Member, old: discord.User) -> None:
        """The seat keeps its place, score and history; the new player gets the hand by DM
        and from now on the pings, reminders and DMs; the old one nothing more."""

        if new.bot:
            raise UserError(T("Only a person can take over a seat, not a bot."))
        self.check_can_post(interaction, "substitute")
        await interaction.response.defer(ephemeral=True, thinking=True)
        channel = await self.channel(interaction)
        perms = getattr(interaction, "permissions", None)
        result = await self.service.substitute(
            interaction.channel_id, interaction.user.id, new.id, old.id, admin=bool(perms and perms.manage_channels)
        )
        self.bot.remember(new)  # type: ignore[attr-defined]  (names on the board)
        await self.ack(
            interaction, T("{new} now plays the seat of {old}.", new=new.mention, old=old.mention), ephemeral=True
        )
        # written here: the seat id is the old player's, which now reads as the new player
        result.public = [
            T(
                "{new} takes over the seat of {old} (same place, same history); the hand follows by DM.",
                new=new.mention,
                old=old.mention,
            )
        ]
        if result.closed_votes:
            result.public.append(
                T("The vote to remove the previous player is closed; the new one has a whole turn limit.")
            )
        await self.poster.post_committed(
            interaction, channel, result, T("The seat was handed over."), actor=interaction.user.id
        )
        note = T("Vote closed: {new} now plays this seat, so nobody is removed.", new=new.mention)
        await close_votes(
            self.service,
            channel,
            interaction.channel_id,
            result.closed_votes,
            in_language(note, table_language(result.info)),
        )

    # ----- /game undo -----------------------------------------------------------------
    @app_commands.command(
        name="undo", description="Take back your last move (the others are asked if they moved since)."
    )
    async def undo(self, interaction: discord.Interaction) -> None:
        """Done at once when nobody else moved since and nothing hidden was revealed; refused
        (one sentence) after a reveal; otherwise the other players get Yes/No buttons and any
        one "No" refuses it (:meth:`bot.service.Service.undo`)."""

        self.check_can_post(interaction, "undo")
        await interaction.response.defer(ephemeral=True, thinking=True)
        channel = await self.channel(interaction)
        outcome = await self.service.undo(interaction.channel_id, interaction.user.id)
        if isinstance(outcome, UndoRequest):
            info = await self.service.table_info(interaction.channel_id)
            seats = seats_of(info)
            lang = table_language(info)
            asked = ", ".join(seat_label(u) for u in outcome.mention)
            lines = [
                in_language(
                    Tn(
                        "{player} asks to take back {n} move (others have moved since):",
                        "{player} asks to take back {n} moves (others have moved since):",
                        len(outcome.moves),
                        player=interaction.user.mention,
                    ),
                    lang,
                )
            ]
            lines += [f"↶ {mention_seats(in_language(t, lang), seats)}" for t in outcome.moves]
            lines.append(
                in_language(
                    T(
                        "{players}: do you agree? Any one **No** refuses it; a new move cancels the request.",
                        players=asked,
                    ),
                    lang,
                )
            )
            try:  # the vote lives in this message (its buttons): without it, withdraw the request
                sent = await channel.send(
                    bound("\n".join(lines)),
                    view=vote_view(interaction.channel_id, outcome.vote, lang),
                    allowed_mentions=allowed_for(outcome.mention),
                )
            except discord.HTTPException as exc:
                log.warning(
                    "table %s: the undo request could not be posted (%s); withdrawn", interaction.channel_id, exc
                )
                await self.service.withdraw_vote(interaction.channel_id, outcome.vote)
                await say(
                    interaction,
                    T(
                        "I could not post your request in this channel, so it was withdrawn and"
                        " nothing was undone; ask again in a moment."
                    ),
                )
                return
            await remember_vote(self.service, interaction.channel_id, outcome.vote, sent)
            await self.ack(interaction, T("The others have moved since: they are asked to agree."), ephemeral=True)
            return
        await self.ack(interaction, T("Your move was taken back."), ephemeral=True)
        await self.poster.post_committed(
            interaction, channel, outcome, T("Your move was taken back."), actor=interaction.user.id
        )


async def setup(bot: commands.Bot) -> None:
    """Extension entry point (``bot.load_extension("bot.cogs.votes")``)."""

    await add_section(bot, Votes(bot))


__all__ = ["VoteButton", "Votes", "close_votes", "remember_vote", "vote_view"]
