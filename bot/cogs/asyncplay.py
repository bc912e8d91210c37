"""Play over days (issue 12): turn clocks, reminders, deadlines, absent players, undo votes.

:class:`AsyncPlay` is a mixin whose app commands become ``/game`` subcommands (``GameCog``
inherits it): ``/game settings``, ``/game notify``, ``/game substitute``, ``/game vacation``
and ``/game undo`` (and, for ``/game new``, the table settings options, read by
:func:`settings_changes`). Votes (an undo after others moved, a vote-kick) are answered
with :class:`VoteButton`. It also runs the
periodic loop: a ``discord.ext.tasks`` loop (:attr:`AsyncPlay.clock_loop`, every
:data:`TICK_SECONDS`) calls :meth:`bot.service.Service.tick` with the bot's clock
(``bot.clock``, epoch seconds; tests replace it) and posts what it returns:

* a reminder pings ONLY the players it names (``allowed_mentions``), with their deadline as
  a Discord timestamp; the service sends each schedule step once and never in a player's
  quiet hours;
* a deadline under "AI plays the turn" is posted like a move (the post says the AI played
  for the player; the history marks those moves);
* a deadline under "skip / vote-kick" asks the other players with Yes/No buttons
  (:class:`VoteButton`, a ``DynamicItem``: works after a restart).

Conventions of :mod:`bot.cogs.base`: every change is committed by the service before
anything is posted; a user's mistake is one ephemeral sentence (:class:`UserError`).
"""

from __future__ import annotations

import logging
import re
from functools import lru_cache
from typing import Any

import discord
from discord import app_commands
from discord.ext import tasks

from bot.cogs.base import TableCog
from bot.format import allowed_for, bound, mention_seats, seat_label, seats_of
from bot.poster import say
from bot.service import Notice, Result, UndoRequest, UserError
from bot.timers import discord_time
from bot.views import GAME_COG, _Handled
from engines.base import plural

log = logging.getLogger("boardhost.discord")

#: seconds between two passes of the periodic loop
TICK_SECONDS = 60.0

#: ``/game new`` and ``/game settings``: what happens when a player's time runs out
DEADLINE_CHOICES = [
    app_commands.Choice(name="AI plays the turn (the seat stays theirs)", value="ai"),
    app_commands.Choice(name="Skip / vote-kick: the others vote to hand the seat to the AI", value="kick"),
]

#: how the settings options are described (shared by ``/game new`` and ``/game settings``)
SETTINGS_HELP = {
    "turn_limit": "Time for each turn, e.g. 24h, 2d, 1d12h or off (default off)",
    "reminders": "Reminder schedule, e.g. '12h then daily' (default), '6h then every 6h', '12h' or off",
    "at_deadline": "When a turn's time runs out (default: AI plays the turn)",
    "vacation_days": "Days of /game vacation each player may take (default 14)",
}


def settings_changes(
    turn_limit: str | None, reminders: str | None, at_deadline: str | None, vacation_days: int | None
) -> dict:
    """The options of ``/game new`` / ``/game settings`` as changes for
    :func:`bot.service.parse_settings` (options left out are not changed)."""

    changes: dict[str, Any] = {}
    if turn_limit is not None:
        changes["turn_limit"] = turn_limit
    if reminders is not None:
        changes["reminders"] = reminders
    if at_deadline is not None:
        changes["policy"] = at_deadline
    if vacation_days is not None:
        changes["vacation_days"] = vacation_days
    return changes


@lru_cache(maxsize=1)
def time_zones() -> tuple[str, ...]:
    """Every IANA time zone name :mod:`zoneinfo` knows (``tzdata``), sorted."""

    import zoneinfo

    return tuple(sorted(zoneinfo.available_timezones()))


def zone_choices(current: str) -> list[app_commands.Choice[str]]:
    """At most 25 time zones containing what was typed (``prague`` → ``Europe/Prague``),
    those starting with it first."""

    typed = (current or "").strip().lower().replace(" ", "_")
    names = time_zones()
    if not typed:
        picks = [
            z
            for z in (
                "UTC",
                "Europe/London",
                "Europe/Prague",
                "America/New_York",
                "America/Los_Angeles",
                "Asia/Tokyo",
                "Australia/Sydney",
            )
            if z in names
        ]
    else:
        starts = [z for z in names if z.lower().startswith(typed) or z.lower().split("/")[-1].startswith(typed)]
        inside = [z for z in names if typed in z.lower() and z not in starts]
        picks = starts + inside
    return [app_commands.Choice(name=z, value=z) for z in picks[:25]]


class VoteButton(
    _Handled,
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"bh:vote:(?P<table>\d+):(?P<vote>\d+):(?P<answer>yes|no)",
):
    """ "Yes" / "No" under a vote message (undo request or vote-kick): ``custom_id``
    ``bh:vote:<table>:<vote>:<yes|no>``; the vote itself is in the database, so the
    buttons work after a restart."""

    def __init__(self, table: int, vote: int, yes: bool):
        super().__init__(
            discord.ui.Button(  # type: ignore[call-arg]
                label="Yes" if yes else "No",
                style=discord.ButtonStyle.success if yes else discord.ButtonStyle.danger,
                custom_id=f"bh:vote:{table}:{vote}:{'yes' if yes else 'no'}",
            )
        )
        self.table, self.vote, self.yes = table, vote, yes

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str]):
        return cls(int(match["table"]), int(match["vote"]), match["answer"] == "yes")

    async def handle(self, interaction: discord.Interaction) -> None:
        cog = interaction.client.get_cog(GAME_COG)  # type: ignore[attr-defined]
        await cog.vote_button(interaction, self.table, self.vote, self.yes)


def vote_view(table: int | str, vote: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(VoteButton(int(table), int(vote), True))
    view.add_item(VoteButton(int(table), int(vote), False))
    return view


class AsyncPlay(TableCog):
    """Mixin of ``GameCog``: the ``/game`` subcommands of play over days and the periodic
    loop (see the module docstring)."""

    # ----- the periodic loop -----------------------------------------------------------
    async def cog_load(self) -> None:
        """Register the vote buttons and start the loop (a ``cog_load`` of the cog itself
        must call this one through ``super()``)."""

        self.bot.add_dynamic_items(VoteButton)
        self.clock_loop.start()

    async def cog_unload(self) -> None:
        self.clock_loop.cancel()

    @tasks.loop(seconds=TICK_SECONDS)
    async def clock_loop(self) -> None:
        """Every :data:`TICK_SECONDS`: :meth:`run_tick` at the bot's clock (the first pass
        right after start-up, so reminders and deadlines missed while down are caught up)."""

        try:
            await self.run_tick()
        except Exception:  # the loop must survive a bad pass
            log.exception("the periodic loop failed")

    @clock_loop.before_loop
    async def _before_clock(self) -> None:
        await self.bot.wait_until_ready()

    async def run_tick(self, now: float | None = None) -> list[Notice]:
        """One pass: :meth:`bot.service.Service.tick` at ``now`` (default ``bot.clock()``),
        then post each notice at its table (a failure at one table is logged and does not
        stop the others). Returns the notices."""

        if self.bot.service is None:  # type: ignore[attr-defined]
            return []
        now = self.bot.clock() if now is None else now  # type: ignore[attr-defined]
        notices = await self.service.tick(now, owns=self.looks_after)
        for notice in notices:
            if not notice.table.isdigit():  # not a Discord channel (a `boardhost simulate` table)
                continue
            try:
                await self.post_notice(notice)
            except Exception:
                log.exception("table %s: posting a %s failed", notice.table, notice.kind)
                self.poster.pending.add(notice.table)
        return notices

    async def looks_after(self, table: str) -> bool:
        """Whether this process's pass handles ``table``: a Discord channel of a guild on one of
        its shards (``bot.owns_table``), or, for a table that is no channel (``boardhost
        simulate``), the process running shard 0 (issue 14.2)."""

        if not table.isdigit():
            return self.bot.runs_shard_zero  # type: ignore[attr-defined]
        return await self.bot.owns_table(table)  # type: ignore[attr-defined]

    async def post_notice(self, notice: Notice) -> None:
        """Post one thing the loop found due (see the module docstring)."""

        channel = await self.poster.channel_of(notice.table)
        if notice.kind == "deadline" and notice.result is not None:
            await self.poster.post_result(channel, notice.result)
            return
        info = await self.service.table_info(notice.table)
        if notice.kind == "reminder":
            who = ", ".join(seat_label(u) for u in notice.mention)
            title = info.title if info is not None else "The game"
            text = f"⏰ Reminder: {who}, **{title}** is waiting for your move"
            text += f" (deadline {discord_time(notice.deadline)})." if notice.deadline else "."
            text += " Type `/move` to play (`/game vacation` pauses your clock if you need a break)."
            await channel.send(bound(text), allowed_mentions=allowed_for(notice.mention))
        elif notice.kind == "kick-vote" and notice.vote is not None:
            text = mention_seats(notice.text, seats_of(info))
            try:  # the vote lives in this message (its buttons): without it, ask again at the next pass
                await channel.send(
                    bound(text), view=vote_view(notice.table, notice.vote), allowed_mentions=allowed_for(notice.mention)
                )
            except discord.HTTPException:
                await self.service.withdraw_vote(notice.table, notice.vote)
                raise

    # ----- votes (kick, undo) ----------------------------------------------------------
    async def vote_button(self, interaction: discord.Interaction, table: int, vote: int, yes: bool) -> None:
        """A Yes/No click: counted by the service (committed), then the outcome is posted;
        once the vote is decided its buttons are removed."""

        self.check_can_post(interaction)  # the outcome is posted: refuse before it is counted
        await interaction.response.defer(ephemeral=True, thinking=True)
        channel = await self.channel(interaction, table)
        result = await self.service.vote(table, interaction.user.id, vote, yes)
        await self.ack(interaction, f"You voted {'yes' if yes else 'no'}.", ephemeral=True)
        await self.post_vote_result(interaction, channel, result)
        if not await self.service.vote_open(vote) and interaction.message is not None:
            try:
                await interaction.message.edit(view=None)
            except discord.HTTPException:
                log.warning("table %s: could not remove the buttons of vote %s", table, vote)

    async def post_vote_result(
        self, interaction: discord.Interaction, channel: discord.abc.Messageable, result: Result
    ) -> None:
        result.public = [mention_seats(t, seats_of(result.info)) for t in result.public]
        if result.board_due:
            await self.poster.post_committed(
                interaction, channel, result, "Your vote was counted", actor=interaction.user.id
            )
        else:
            await self.announce(channel, "\n".join(result.public))

    # ----- /game settings, /game notify --------------------------------------------------
    @app_commands.command(
        name="settings", description="Turn limit, reminders, deadline policy (host); without options: show them"
    )
    @app_commands.describe(**SETTINGS_HELP)
    @app_commands.choices(at_deadline=DEADLINE_CHOICES)
    async def settings(
        self,
        interaction: discord.Interaction,
        turn_limit: str | None = None,
        reminders: str | None = None,
        at_deadline: str | None = None,
        vacation_days: app_commands.Range[int, 0, 365] | None = None,
    ) -> None:
        changes = settings_changes(turn_limit, reminders, at_deadline, vacation_days)
        if not changes:
            info, current = await self.service.table_settings(interaction.channel_id)
            await say(
                interaction,
                f"**{info.title}** settings: {current.summary()}. The host changes them with"
                " `/game settings turn_limit: reminders: at_deadline: vacation_days:`.",
            )
            return
        self.check_can_post(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        channel = await self.channel(interaction)
        perms = getattr(interaction, "permissions", None)
        new = await self.service.update_settings(
            interaction.channel_id, interaction.user.id, changes, admin=bool(perms and perms.manage_channels)
        )
        await self.ack(interaction, "Settings changed.", ephemeral=True)
        board = await self.service.board(interaction.channel_id)
        text = f"{interaction.user.mention} changed the settings: {new.summary()}."
        if board.deadline is not None:
            text += f" Current turn deadline: {discord_time(board.deadline)}."
        await self.announce(channel, text)

    @app_commands.command(name="notify", description="Your quiet hours (no reminder pings then) and time zone")
    @app_commands.describe(
        quiet="Hours without reminder pings, e.g. 22-08, or off",
        tz="Your time zone, e.g. Europe/Prague (autocompleted)",
    )
    async def notify(self, interaction: discord.Interaction, quiet: str | None = None, tz: str | None = None) -> None:
        text = await self.service.notify(interaction.user.id, quiet, tz)
        await say(interaction, text)

    @notify.autocomplete("tz")
    async def notify_tz(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return zone_choices(current)

    # ----- absent players: /game substitute, /game vacation -----------------------------
    @app_commands.command(name="substitute", description="Hand a player's seat to another member (host)")
    @app_commands.describe(new="Who takes the seat over", old="Whose seat it is now")
    async def substitute(self, interaction: discord.Interaction, new: discord.Member, old: discord.User) -> None:
        """The seat keeps its place, score and history; the new player gets the hand by DM
        and from now on the pings, reminders and DMs; the old one nothing more."""

        if new.bot:
            raise UserError("Only a person can take over a seat, not a bot.")
        self.check_can_post(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        channel = await self.channel(interaction)
        perms = getattr(interaction, "permissions", None)
        result = await self.service.substitute(
            interaction.channel_id, interaction.user.id, new.id, old.id, admin=bool(perms and perms.manage_channels)
        )
        self.bot.remember(new)  # type: ignore[attr-defined]  (names on the board)
        await self.ack(interaction, f"{new.mention} now plays the seat of {old.mention}.", ephemeral=True)
        # written here: the seat id is the old player's, which now reads as the new player
        result.public = [
            f"{new.mention} takes over the seat of {old.mention} (same place, same history); the hand follows by DM."
        ]
        await self.poster.post_committed(
            interaction, channel, result, "The seat was handed over", actor=interaction.user.id
        )

    @app_commands.command(name="vacation", description="Pause your turn clock and reminders for some days")
    @app_commands.describe(days="Days from now (added to a vacation already running); 0 ends it early")
    async def vacation(self, interaction: discord.Interaction, days: app_commands.Range[int, 0, 365]) -> None:
        self.check_can_post(interaction)  # the channel is told: refuse before the vacation is saved
        await interaction.response.defer(ephemeral=True, thinking=True)
        channel = await self.channel(interaction)
        until, left = await self.service.vacation(interaction.channel_id, interaction.user.id, days)
        left_text = f"{left:g} vacation day{'s' if left != 1 else ''} left in this game"
        if until is None:
            await self.ack(interaction, f"Your vacation is over; {left_text}.", ephemeral=True)
            text = f"{interaction.user.mention} is back from vacation: their turn clock runs again."
        else:
            await self.ack(
                interaction, f"You are on vacation until {discord_time(until, 'f')}; {left_text}.", ephemeral=True
            )
            text = (
                f"{interaction.user.mention} is on vacation until {discord_time(until, 'f')}"
                f" ({discord_time(until)}): no reminders, and their turn clock waits until then."
            )
        await self.announce(channel, text)

    # ----- /game undo -----------------------------------------------------------------
    @app_commands.command(
        name="undo", description="Take back your last move (the others are asked if they moved since)"
    )
    async def undo(self, interaction: discord.Interaction) -> None:
        """Done at once when nobody else moved since and nothing hidden was revealed; refused
        (one sentence) after a reveal; otherwise the other players get Yes/No buttons and any
        one "No" refuses it (:meth:`bot.service.Service.undo`)."""

        self.check_can_post(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        channel = await self.channel(interaction)
        outcome = await self.service.undo(interaction.channel_id, interaction.user.id)
        if isinstance(outcome, UndoRequest):
            info = await self.service.table_info(interaction.channel_id)
            seats = seats_of(info)
            asked = ", ".join(seat_label(u) for u in outcome.mention)
            lines = [
                f"{interaction.user.mention} asks to take back {plural(len(outcome.moves), 'move')}"
                " (others have moved since):"
            ]
            lines += [f"↶ {mention_seats(t, seats)}" for t in outcome.moves]
            lines.append(f"{asked}: do you agree? Any one **No** refuses it; a new move cancels the request.")
            try:  # the vote lives in this message (its buttons): without it, withdraw the request
                await channel.send(
                    bound("\n".join(lines)),
                    view=vote_view(interaction.channel_id, outcome.vote),
                    allowed_mentions=allowed_for(outcome.mention),
                )
            except discord.HTTPException as exc:
                log.warning(
                    "table %s: the undo request could not be posted (%s); withdrawn", interaction.channel_id, exc
                )
                await self.service.withdraw_vote(interaction.channel_id, outcome.vote)
                await say(
                    interaction,
                    "I could not post your request in this channel, so it was withdrawn and"
                    " nothing was undone; ask again in a moment.",
                )
                return
            await self.ack(interaction, "The others have moved since: they are asked to agree.", ephemeral=True)
            return
        await self.ack(interaction, "Your move was taken back.", ephemeral=True)
        await self.poster.post_committed(
            interaction, channel, outcome, "Your move was taken back", actor=interaction.user.id
        )


__all__ = [
    "AsyncPlay",
    "DEADLINE_CHOICES",
    "SETTINGS_HELP",
    "TICK_SECONDS",
    "VoteButton",
    "settings_changes",
    "vote_view",
    "zone_choices",
]
