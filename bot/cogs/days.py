"""``/game`` play over days: turn clocks, reminders, deadlines, vacations, table settings.

:class:`PlayOverDays` (a :class:`bot.cogs.group.GameSection`) holds ``/game settings``,
``/game notify``, ``/game vacation`` and ``/game posts``; the table settings options of
``/game new`` and ``/game settings`` are read by :func:`settings_changes`. It also runs the
periodic loop: a ``discord.ext.tasks`` loop (:attr:`PlayOverDays.clock_loop`, every
:data:`TICK_SECONDS`) calls :meth:`bot.service.Service.tick` with the bot's clock
(``bot.clock``, epoch seconds; tests replace it) and posts what it returns:

* a reminder pings ONLY the players it names (``allowed_mentions``), with their deadline as
  a Discord timestamp; the service sends each schedule step once and never in a player's
  quiet hours;
* a deadline under "AI plays the turn" is posted like a move (the post says the AI played
  for the player; the history marks those moves);
* a deadline under "skip / vote-kick" asks the other players with Yes/No buttons
  (:class:`bot.cogs.votes.VoteButton`, a ``DynamicItem``: works after a restart).

Conventions of :mod:`bot.cogs.base`: every change is committed by the service before
anything is posted; a user's mistake is one ephemeral sentence (:class:`UserError`).
"""

from __future__ import annotations

import logging
from functools import lru_cache
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot.cogs.group import GameSection, add_section
from bot.cogs.votes import remember_vote, vote_view
from bot.format import NO_PINGS, allowed_for, bound, mention_seats, seat_label, seats_of, table_language
from bot.games import title
from bot.i18n import LANGUAGE_NAMES, LANGUAGES, T, Tn
from bot.i18n import render as in_language
from bot.poster import say, unknown_channel
from bot.service import Notice
from bot.timers import discord_time
from bot.views import DAYS_COG

log = logging.getLogger("boardhost.discord")

#: seconds between two passes of the periodic loop
TICK_SECONDS = 60.0

#: ``/game new`` and ``/game settings``: what happens when a player's time runs out
DEADLINE_CHOICES = [
    app_commands.Choice(name="AI plays the turn (the seat stays theirs)", value="ai"),
    app_commands.Choice(name="Skip / vote-kick: the others vote to hand the seat to the AI", value="kick"),
]

#: the AI strengths (``/game addbot strength:``, ``/game settings ai_strength:``)
STRENGTH_CHOICES = [
    app_commands.Choice(name="easy: quick, scores each move once", value="easy"),
    app_commands.Choice(name="normal: looks a few moves ahead", value="normal"),
    app_commands.Choice(name="strong: looks further, about a second a move", value="strong"),
]

#: how the settings options are described (shared by ``/game new`` and ``/game settings``)
SETTINGS_HELP = {
    "turn_limit": "Time for each turn, e.g. 24h, 2d, 1d12h, or off (the default).",
    "reminders": "When to remind, e.g. '12h then daily' (the default), '6h then every 6h', '12h', or off.",
    "at_deadline": "What happens when a turn's time runs out (default: the AI plays the turn).",
    "vacation_days": "Days of /game vacation each player may take (default 14).",
    "ai_strength": "How strong the AI plays here: turns whose time ran out, seats it takes over, new AI seats.",
    "language": "The language everyone at the table reads: posts, buttons, images (default: the server's).",
}

#: the languages a table may speak, each by its own name (``language:`` of ``/game new`` and ``/game settings``)
LANGUAGE_CHOICES = [app_commands.Choice(name=LANGUAGE_NAMES[code], value=code) for code in LANGUAGES]


def settings_changes(
    turn_limit: str | None,
    reminders: str | None,
    at_deadline: str | None,
    vacation_days: int | None,
    ai_strength: str | None = None,
    language: str | None = None,
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
    if ai_strength is not None:
        changes["ai_strength"] = ai_strength
    if language is not None:
        changes["language"] = language
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


class PlayOverDays(GameSection, name=DAYS_COG):
    """``/game settings|notify|vacation|posts`` and the periodic loop (see the module docstring)."""

    #: when the periodic pass last deleted games whose home has long been gone (epoch s)
    _purged: float = float("-inf")

    # ----- the periodic loop -----------------------------------------------------------
    async def cog_load(self) -> None:
        self.clock_loop.start()

    async def cog_unload(self) -> None:
        self.clock_loop.cancel()
        await super().cog_unload()

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
            except Exception as exc:
                if unknown_channel(exc):
                    await self.poster.home_gone(notice.table)
                    continue
                log.exception("table %s: posting a %s failed", notice.table, notice.kind)
                self.poster.pending.add(notice.table)
        if now - self._purged >= 3600:  # hourly: delete games whose home has been gone long enough
            self._purged = now
            await self.service.purge_gone(now)
        return notices

    async def looks_after(self, table: str) -> bool:
        """Whether this process's pass handles ``table``: a Discord channel of a guild on one of
        its shards (``bot.owns_table``), or, for a table that is no channel (``boardhost
        simulate``), the process running shard 0."""

        if not table.isdigit():
            return self.bot.runs_shard_zero  # type: ignore[attr-defined]
        return await self.bot.owns_table(table)  # type: ignore[attr-defined]

    async def post_notice(self, notice: Notice) -> None:
        """Post one thing the loop found due (see the module docstring)."""

        if not await self.service.notice_current(notice):  # someone moved since the pass decided it
            log.info("table %s: a %s dropped, the game moved on before it was posted", notice.table, notice.kind)
            if notice.kind == "kick-vote" and notice.vote is not None:
                await self.service.withdraw_vote(notice.table, notice.vote)
            return
        channel = await self.poster.channel_of(notice.table)
        if notice.kind == "deadline" and notice.result is not None:
            await self.poster.post_result(channel, notice.result)
            return
        info = await self.service.table_info(notice.table)
        lang = table_language(info)
        if notice.kind == "reminder":
            who = ", ".join(seat_label(u) for u in notice.mention)
            game = title(info.game_id) if info is not None else title(notice.game_id)
            if notice.deadline:
                reminder = T(
                    "⏰ Reminder: {players}, **{game}** is waiting for your move (deadline {deadline})."
                    " Press **Play** on the board to play (`/game vacation` pauses your clock if you need a break).",
                    players=who,
                    game=game,
                    deadline=discord_time(notice.deadline),
                )
            else:
                reminder = T(
                    "⏰ Reminder: {players}, **{game}** is waiting for your move."
                    " Press **Play** on the board to play (`/game vacation` pauses your clock if you need a break).",
                    players=who,
                    game=game,
                )
            await channel.send(bound(in_language(reminder, lang)), allowed_mentions=allowed_for(notice.mention))
        elif notice.kind == "kick-vote" and notice.vote is not None:
            text = mention_seats(in_language(notice.text, lang), seats_of(info))
            try:  # the vote lives in this message (its buttons): without it, ask again at the next pass
                sent = await channel.send(
                    bound(text),
                    view=vote_view(notice.table, notice.vote, lang),
                    allowed_mentions=allowed_for(notice.mention),
                )
            except discord.HTTPException:
                await self.service.withdraw_vote(notice.table, notice.vote)
                raise
            await remember_vote(self.service, notice.table, notice.vote, sent)

    # ----- /game settings, /game notify --------------------------------------------------
    @app_commands.command(
        name="settings",
        description="Set the turn limit, reminders and what a deadline does (host); without options, show them.",
    )
    @app_commands.describe(**SETTINGS_HELP)
    @app_commands.choices(at_deadline=DEADLINE_CHOICES, ai_strength=STRENGTH_CHOICES, language=LANGUAGE_CHOICES)
    async def settings(
        self,
        interaction: discord.Interaction,
        turn_limit: str | None = None,
        reminders: str | None = None,
        at_deadline: str | None = None,
        vacation_days: app_commands.Range[int, 0, 365] | None = None,
        ai_strength: str | None = None,
        language: str | None = None,
    ) -> None:
        changes = settings_changes(turn_limit, reminders, at_deadline, vacation_days, ai_strength, language)
        if not changes:
            info, current = await self.service.table_settings(interaction.channel_id)
            await say(
                interaction,
                T(
                    "**{title}** settings: {settings}. The host changes them with"
                    " `/game settings turn_limit: reminders: at_deadline: vacation_days: ai_strength: language:`.",
                    title=title(info.game_id),
                    settings=current.summary(),
                ),
            )
            return
        self.check_can_post(interaction, "settings")
        await interaction.response.defer(ephemeral=True, thinking=True)
        channel = await self.channel(interaction)
        perms = getattr(interaction, "permissions", None)
        new = await self.service.update_settings(
            interaction.channel_id, interaction.user.id, changes, admin=bool(perms and perms.manage_channels)
        )
        await self.ack(interaction, T("Settings changed."), ephemeral=True)
        board = await self.service.board(interaction.channel_id)
        text = T("{who} changed the settings: {settings}.", who=interaction.user.mention, settings=new.summary())
        if board.deadline is not None:
            text = T(
                "{who} changed the settings: {settings}. Current turn deadline: {deadline}.",
                who=interaction.user.mention,
                settings=new.summary(),
                deadline=discord_time(board.deadline),
            )
        await self.announce(channel, text, new.language)
        await self.reword_status(channel, interaction.channel_id, board)  # its deadline, AI strengths, language

    @app_commands.command(
        name="notify", description="Set your quiet hours (no reminder pings then) and your time zone."
    )
    @app_commands.describe(
        quiet="Hours without reminder pings, e.g. 22-08, or off.",
        tz="Your time zone, e.g. Europe/Prague (suggested as you type).",
    )
    async def notify(self, interaction: discord.Interaction, quiet: str | None = None, tz: str | None = None) -> None:
        text = await self.service.notify(interaction.user.id, quiet, tz)
        await say(interaction, text)

    @notify.autocomplete("tz")
    async def notify_tz(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return zone_choices(current)

    @app_commands.command(name="vacation", description="Pause your turn clock and your reminders for some days.")
    @app_commands.describe(days="Days from now, added to a vacation already running; 0 ends it early.")
    async def vacation(self, interaction: discord.Interaction, days: app_commands.Range[int, 0, 365]) -> None:
        self.check_can_post(interaction, "vacation")  # the channel is told: refuse before the vacation is saved
        await interaction.response.defer(ephemeral=True, thinking=True)
        channel = await self.channel(interaction)
        until, left = await self.service.vacation(interaction.channel_id, interaction.user.id, days)
        # a whole number of days left takes its plural form; a part day ("2.5") the form for many
        count = int(left) if left == int(left) else 5
        left_text = Tn(
            "{left} vacation day left in this game", "{left} vacation days left in this game", count, left=f"{left:g}"
        )
        player = interaction.user.mention
        if until is None:
            await self.ack(interaction, T("Your vacation is over; {left}.", left=left_text), ephemeral=True)
            text = T("{player} is back from vacation: their turn clock runs again.", player=player)
        else:
            await self.ack(
                interaction,
                T("You are on vacation until {until}; {left}.", until=discord_time(until, "f"), left=left_text),
                ephemeral=True,
            )
            text = T(
                "{player} is on vacation until {until} ({relative}): no reminders, and their turn clock waits until then.",
                player=player,
                until=discord_time(until, "f"),
                relative=discord_time(until),
            )
        await self.announce(channel, text, (await self.service.table_settings(interaction.channel_id))[1].language)
        await self.reword_status(channel, interaction.channel_id)  # the turn deadline waits or runs again

    # ----- /game posts ----------------------------------------------------------------
    @app_commands.command(
        name="posts", description="Choose how this table shows its board: one status message, or a new post per move."
    )
    @app_commands.describe(style="One board message edited after every move, or a new board post after every move.")
    @app_commands.choices(
        style=[
            app_commands.Choice(name="One live status message, edited after every move", value="status"),
            app_commands.Choice(name="A new board post after every move", value="every"),
        ]
    )
    async def posts(self, interaction: discord.Interaction, style: app_commands.Choice[str]) -> None:
        perms = getattr(interaction, "permissions", None)
        new = await self.service.update_settings(
            interaction.channel_id,
            interaction.user.id,
            {"board_posts": style.value},
            admin=bool(perms and perms.manage_channels),
        )
        if style.value == "status":
            text = T(
                "{player} set this table's board to one live status message, edited after every move, and a short"
                " line per move.",
                player=interaction.user.mention,
            )
        else:
            text = T(
                "{player} set this table's board to a new board post after every move.", player=interaction.user.mention
            )
        await interaction.response.send_message(in_language(text, new.language), allowed_mentions=NO_PINGS)


async def setup(bot: commands.Bot) -> None:
    """Extension entry point (``bot.load_extension("bot.cogs.days")``)."""

    await add_section(bot, PlayOverDays(bot))


__all__ = [
    "DEADLINE_CHOICES",
    "SETTINGS_HELP",
    "STRENGTH_CHOICES",
    "TICK_SECONDS",
    "PlayOverDays",
    "settings_changes",
    "zone_choices",
]
