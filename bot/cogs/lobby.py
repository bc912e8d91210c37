"""``/game`` lobby commands: open a game, take and leave seats, add and remove AI seats, start,
resign, cancel.

``/game new|join|leave|addbot|removebot|start|resign|cancel`` (a :class:`bot.cogs.group.GameSection`)
and the lobby's Join/Start buttons (:mod:`bot.views`). Thin adapters over
:class:`bot.service.Service`; conventions in :mod:`bot.cogs.base`.

A lobby is shown by the newest message that carries its Join/Start buttons (``/game new``,
each ``/game join``, ``addbot``, ``removebot``, ``/game board`` before the start; a Join press
edits its own message): :func:`track_lobby` remembers it in the store and edits the one before
it down to what it announced, and :func:`close_lobby` edits the lobby closed once the game
starts or is cancelled.
"""

from __future__ import annotations

import json
import logging

import discord
from discord import app_commands
from discord.ext import commands

import bot.i18n as i18n
from bot.cogs.days import DEADLINE_CHOICES, LANGUAGE_CHOICES, SETTINGS_HELP, STRENGTH_CHOICES, settings_changes
from bot.cogs.group import GameSection, add_section
from bot.format import (
    NO_PINGS,
    ai_seat,
    bound,
    lobby_text,
    mention_seats,
    permission_names,
    reader,
    seat_label,
    seats_of,
    table_language,
)
from bot.games import title
from bot.i18n import T, Text, Tn
from bot.i18n import render as in_language
from bot.names import shown_name
from bot.poster import Poster, say
from bot.service import Result, Service, UserError, engine_for, parse_options, parse_settings
from bot.views import LOBBY_COG, lobby_view
from engines import registry
from engines.base import field_shape

log = logging.getLogger("boardhost.discord")

#: bot_meta key of a table's lobby messages: ``{"game": game number, "messages": [message ids]}``
LOBBY_MESSAGES = "lobby_messages:{}"
#: the first line of a lobby message once its game started / was cancelled (buttons removed)
LOBBY_STARTED = T("The game has started.")
LOBBY_CANCELLED = T("The game was cancelled.")
#: an older lobby message without an announcement of its own (``/game new``, ``/game board``)
#: once a newer one carries the lobby
LOBBY_MOVED = T("The lobby continues in a newer message below.")


async def track_lobby(
    service: Service, poster: Poster, table: int | str, game_pk: int, message_id: int | None, after: str = ""
) -> None:
    """Remember a message showing the lobby of game ``game_pk`` (with Join/Start), so it can
    be closed when the game starts or is cancelled (kept in the store: after a restart too).

    Only the newest lobby message keeps the buttons: the one before it (another answer to
    ``/game join``, ``/game addbot`` …) is edited down to what it announced (``after`` of its
    own call: "AI 1 joined (AI strength: strong)."; none: :data:`LOBBY_MOVED`) and forgotten,
    so the channel shows one live lobby with the seats of now. Best effort: a failure is
    logged; a message that could not be edited keeps working buttons (a press there shows
    the lobby of now) and is closed with the others at the start."""

    if message_id is None:
        return
    key = LOBBY_MESSAGES.format(table)
    try:
        async with service.lock(table):  # joins arriving together must not lose an id
            raw = await service.get_meta(key)
            data = json.loads(raw) if raw else {}
            same = data.get("game") == game_pk
            ids = data.get("messages", []) if same else []
            older = ids[-1] if ids and ids[-1] != message_id else None
            older_text = data.get("after") if same else None
            ids = [i for i in ids if i != message_id] + [message_id]
            await service.set_meta(key, json.dumps({"game": game_pk, "messages": ids, "after": after}))
    except Exception:
        log.exception("table %s: could not remember lobby message %s", table, message_id)
        return
    if older is None:
        return
    try:
        channel = await poster.channel_of(table)
        text = older_text or in_language(LOBBY_MOVED, table_language(await service.table_info(table)))
        await channel.get_partial_message(older).edit(  # type: ignore[attr-defined]
            content=bound(text), view=None, allowed_mentions=NO_PINGS
        )
    except discord.NotFound:
        pass  # deleted meanwhile: forgotten all the same
    except Exception as exc:
        log.warning("table %s: could not take the buttons off lobby message %s (%s)", table, older, exc)
        return  # still remembered: closed with the others at the start
    try:
        async with service.lock(table):
            raw = await service.get_meta(key)
            data = json.loads(raw) if raw else {}
            if data.get("game") == game_pk and older in data.get("messages", []):
                data["messages"] = [i for i in data["messages"] if i != older]
                await service.set_meta(key, json.dumps(data))
    except Exception:
        log.exception("table %s: could not forget lobby message %s", table, older)


async def close_lobby(
    service: Service, poster: Poster, table: int | str, game_pk: int, note: Text | None, *also: int
) -> None:
    """Edit every remembered message of game ``game_pk``'s lobby (and the messages
    ``also``) closed: their Join/Start buttons removed, ``note`` on the first line above
    the seats; ``note`` None (the last player left, and the new post says the lobby closed):
    each edited down to what it announced, as :func:`track_lobby` does. Best effort: a
    message that cannot be edited is logged and left; its buttons then answer with one
    sentence (:meth:`LobbyCog.lobby_button`)."""

    key = LOBBY_MESSAGES.format(table)
    try:
        raw = await service.get_meta(key)
        data = json.loads(raw) if raw else {}
        ids = list(data.get("messages", [])) if data.get("game") == game_pk else []
        # the newest one's own announcement ("AI 1 joined …"), for ``note`` None
        announced = {ids[-1]: data["after"]} if ids and data.get("after") else {}
        ids += [i for i in also if i not in ids]
        if not ids:
            return
        info = await service.table_info(table)
        if note is None:
            text = in_language(LOBBY_MOVED, table_language(info))
        elif info is not None and info.game_pk == game_pk:
            text = lobby_text(info, note)
        else:
            text = in_language(note, table_language(info))
        channel = await poster.channel_of(table)
        for message_id in ids:
            said = announced.get(message_id, text) if note is None else text
            try:
                await channel.get_partial_message(message_id).edit(  # type: ignore[attr-defined]
                    content=bound(said), view=None, allowed_mentions=NO_PINGS
                )
            except discord.NotFound:
                pass  # deleted meanwhile
            except discord.HTTPException as exc:
                log.warning("table %s: could not close lobby message %s (%s)", table, message_id, exc)
        if data.get("game") == game_pk:
            await service.set_meta(key, json.dumps({"game": game_pk, "messages": []}))
    except Exception:
        log.exception("table %s: could not close the lobby messages of game %s", table, game_pk)


def resigned(result: Result) -> Text:
    """What a member who just resigned reads: the AI plays their seat from now on, or, when
    no person is left at the table, the AI plays (or played) the game out."""

    alone = result.info is not None and all(s.is_ai for s in result.info.seats)
    if result.status == "over":
        if alone:
            return T("You resigned; no player was left, so the AI played the game out.")
        return T("You resigned; the AI played your seat and the game is over.")
    if alone:
        return T("You resigned; no player is left, so the AI is playing the game out.")
    return T("You resigned; the AI plays your seat from now on.")


class LobbyCog(GameSection, name=LOBBY_COG):
    """``/game new|join|leave|addbot|removebot|start|resign|cancel`` and the lobby's buttons."""

    @app_commands.command(name="new", description="Open a lobby for a new game in this channel.")
    @app_commands.describe(
        game="The game to play (suggested as you type).",
        options="Variants as key=value pairs (suggested as you type).",
        thread="Open the game in a new thread of this channel.",
        **SETTINGS_HELP,
    )
    @app_commands.choices(at_deadline=DEADLINE_CHOICES, ai_strength=STRENGTH_CHOICES, language=LANGUAGE_CHOICES)
    async def new(
        self,
        interaction: discord.Interaction,
        game: str,
        options: str | None = None,
        thread: bool = False,
        turn_limit: str | None = None,
        reminders: str | None = None,
        at_deadline: str | None = None,
        vacation_days: app_commands.Range[int, 0, 365] | None = None,
        ai_strength: str | None = None,
        language: str | None = None,
    ) -> None:
        self.check_can_post(interaction)
        settings = settings_changes(turn_limit, reminders, at_deadline, vacation_days, ai_strength, language)
        if language is None and i18n.language(interaction.guild_locale) not in (None, i18n.DEFAULT):
            # a table speaks its server's language when boardhost speaks it, else English
            settings["language"] = i18n.language(interaction.guild_locale)
        if thread:
            await self.new_in_thread(interaction, game, options, settings)
            return
        result = await self.service.new_game(
            interaction.channel_id, interaction.user.id, game, options, guild=interaction.guild_id, settings=settings
        )
        assert result.info is not None
        summary = (await self.service.table_settings(interaction.channel_id))[1].summary() if settings else None
        text = lobby_text(result.info, settings=summary)
        sent = await interaction.response.send_message(
            text,
            view=lobby_view(interaction.channel_id, result.game_pk, result.info.language),
            allowed_mentions=NO_PINGS,
        )
        await track_lobby(self.service, self.poster, interaction.channel_id, result.game_pk, sent.message_id)

    @new.autocomplete("game")
    async def new_game_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """Every game whose id or title contains what was typed (all of them when nothing was)."""

        typed = (current or "").strip().lower()
        lang = reader(interaction)
        out = []
        for gid in registry.ids():
            english = registry.get(gid).title
            shown = in_language(title(gid), lang)
            if typed in gid.lower() or typed in english.lower() or typed in shown.lower():
                out.append(app_commands.Choice(name=shown[:100], value=gid[:100]))
        return out[:25]

    @new.autocomplete("options")
    async def new_options(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return self.options_choices(getattr(interaction.namespace, "game", None), current)

    def options_choices(self, game_id: str | None, current: str) -> list[app_commands.Choice[str]]:
        """Suggestions for ``/game new options`` (at most 25): a half-typed last word is
        completed (``sp`` to each value of ``speedcharger``, ``sandra=`` or ``sandra=n`` to the
        values of ``sandra`` starting so); otherwise what was typed, then each option not given
        yet with each of its values, the default first (a yes/no option: ``true``/``false``; a
        choice: its values, e.g. Kanban EV ``sandra=mean``, ``sandra=nice``)."""

        try:
            engine = engine_for(game_id) if game_id else None
        except UserError:
            engine = None
        if engine is None:
            return []
        typed = (current or "").strip()
        tokens = typed.split()
        fields = engine.Options.model_fields
        defaults = engine.Options().model_dump(mode="json")

        def values(key: str) -> list[str]:
            first = defaults.get(key)
            first = str(first).lower() if isinstance(first, bool) else str(first)
            shape = field_shape(fields[key])
            found = ["true", "false"] if shape.kind == "bool" else [str(v) for v in shape.choices]
            return [first, *(v for v in found if v != first)]

        last = tokens[-1] if tokens and not current.endswith(" ") else ""
        key, eq, value = last.partition("=")
        key = key.lower()
        if last and (not eq or (key in fields and value not in values(key))):
            base = " ".join(tokens[:-1])
            done = {t.split("=", 1)[0].lower() for t in tokens[:-1] if "=" in t}
            pairs = [
                (k, v)
                for k in fields
                if k not in done
                for v in values(k)
                if (k.startswith(key) and not eq) or (k == key and v.startswith(value.lower()))
            ]
        else:
            base = typed
            done = {t.split("=", 1)[0].lower() for t in tokens if "=" in t}
            pairs = [(k, v) for k in fields if k not in done for v in values(k)]
        out: list[app_commands.Choice[str]] = []
        if base and base == typed:
            out.append(app_commands.Choice(name=typed[:100], value=typed[:100]))
        for k, v in pairs:
            text = f"{base} {k}={v}".strip()
            out.append(app_commands.Choice(name=text[:100], value=text[:100]))
        return out[:25]

    async def _lobby_reply(
        self, interaction: discord.Interaction, result, note: Text | None = None, edit: bool = False
    ) -> None:
        """The lobby message after a change, ``note`` first (None: the service's own lines, e.g.
        "AI 2 joined (AI strength: strong)."); those lines alone once the lobby has closed."""

        info = result.info
        closed = info is None or info.status != "lobby"  # the last one out closes the lobby
        if closed or note is None:
            # the caller may have just left their seat: named as a seat of the table still
            note = mention_seats(
                " ".join(in_language(t, table_language(info)) for t in result.public),
                [*seats_of(info), str(interaction.user.id)],
            )
        if closed:
            text = note
            if edit:
                await interaction.response.edit_message(content=bound(text), view=None, allowed_mentions=NO_PINGS)
            else:
                await interaction.response.send_message(bound(text), allowed_mentions=NO_PINGS)
            return
        text = lobby_text(info, note)
        view = lobby_view(info.table, info.game_pk, info.language)
        if edit:
            await interaction.response.edit_message(content=text, view=view, allowed_mentions=NO_PINGS)
            message_id = interaction.message.id if interaction.message is not None else None
        else:
            message_id = (
                await interaction.response.send_message(text, view=view, allowed_mentions=NO_PINGS)
            ).message_id
        # once a newer lobby message replaces it, this one reads what it announced
        after = bound(in_language(note, info.language)) or ""
        await track_lobby(self.service, self.poster, info.table, info.game_pk, message_id, after)

    @app_commands.command(name="join", description="Take a seat in the lobby.")
    async def join(self, interaction: discord.Interaction) -> None:
        result = await self.service.join(interaction.channel_id, interaction.user.id)
        await self._lobby_reply(interaction, result, T("{player} joined.", player=interaction.user.mention))

    @app_commands.command(name="leave", description="Leave the lobby.")
    async def leave(self, interaction: discord.Interaction) -> None:
        result = await self.service.leave(interaction.channel_id, interaction.user.id)
        await self._lobby_reply(interaction, result, T("{player} left.", player=interaction.user.mention))
        if result.info is None or result.info.status != "lobby":  # the last one out closed it
            await close_lobby(
                self.service,
                self.poster,
                interaction.channel_id,
                result.game_pk,
                None,  # this post says the lobby closed: the older ones read what they announced
            )

    @app_commands.command(name="start", description="Start the game (host).")
    async def start(self, interaction: discord.Interaction) -> None:
        await self.start_at(interaction, interaction.channel_id)

    async def start_at(self, interaction: discord.Interaction, table: int) -> None:
        self.check_can_post(interaction, "start")
        await interaction.response.defer(ephemeral=True, thinking=True)
        channel = await self.channel(interaction, table)
        result = await self.service.start(table, interaction.user.id)
        await self.ack(interaction, T("The game has started."), ephemeral=True)
        await self.poster.post_committed(
            interaction, channel, result, T("The game has started."), force_board=True, actor=interaction.user.id
        )
        pressed = interaction.message.id if interaction.message is not None else None
        await close_lobby(
            self.service, self.poster, table, result.game_pk, LOBBY_STARTED, *([pressed] if pressed else [])
        )

    @app_commands.command(name="resign", description="Give up: the AI takes over your seat and you rank last.")
    async def resign(self, interaction: discord.Interaction) -> None:
        self.check_can_post(interaction, "resign")
        await interaction.response.defer(ephemeral=True, thinking=True)
        channel = await self.channel(interaction)
        result = await self.service.resign(interaction.channel_id, interaction.user.id)
        await self.ack(interaction, resigned(result), ephemeral=True)
        await self.poster.post_committed(interaction, channel, result, T("You resigned."), actor=interaction.user.id)

    @app_commands.command(name="cancel", description="Cancel the game (host, or anyone with Manage Channels).")
    async def cancel(self, interaction: discord.Interaction) -> None:
        perms = getattr(interaction, "permissions", None)
        admin = bool(perms and perms.manage_channels)
        result = await self.service.cancel(interaction.channel_id, interaction.user.id, admin=admin)
        if result.info is not None:
            text = T(
                "The game of {game} was cancelled by {player}.",
                game=title(result.info.game_id),
                player=interaction.user.mention,
            )
        else:
            text = T("The game at this table was cancelled by {player}.", player=interaction.user.mention)
        await interaction.response.send_message(
            in_language(text, table_language(result.info)), allowed_mentions=NO_PINGS
        )
        await close_lobby(self.service, self.poster, interaction.channel_id, result.game_pk, LOBBY_CANCELLED)

    @app_commands.command(name="addbot", description="Add an AI seat to the lobby (host).")
    @app_commands.describe(strength="How strong the AI plays (default: the table's AI strength, else the bot's).")
    @app_commands.choices(strength=STRENGTH_CHOICES)
    async def addbot(self, interaction: discord.Interaction, strength: str | None = None) -> None:
        result = await self.service.add_bot(interaction.channel_id, interaction.user.id, strength)
        await self._lobby_reply(interaction, result)  # the service's line names the seat and its strength

    @app_commands.command(name="removebot", description="Remove an AI seat from the lobby (host).")
    @app_commands.describe(seat="The AI seat to remove (suggested as you type; default: the last one added).")
    async def removebot(self, interaction: discord.Interaction, seat: str | None = None) -> None:
        result = await self.service.remove_bot(interaction.channel_id, interaction.user.id, seat)
        await self._lobby_reply(interaction, result)  # "AI 2 (strong) was removed from the lobby."

    @removebot.autocomplete("seat")
    async def removebot_seats(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """The lobby's AI seats as the lobby names them (``AI 2 (strong)``, in the reader's
        language; the value is the seat id ``ai-2``) that contain what was typed."""

        info = await self.service.table_info(interaction.channel_id)
        if info is None or info.status != "lobby":
            return []
        typed, lang = (current or "").strip().lower(), reader(interaction)
        out = []
        for s in info.seats:
            if s.is_ai:
                shown = in_language(ai_seat(s.seat, s.strength), lang) if s.strength else seat_label(s.seat)
                if typed in shown.lower() or typed in s.seat:
                    out.append(app_commands.Choice(name=shown[:100], value=s.seat))
        return out[:25]

    async def new_in_thread(
        self, interaction: discord.Interaction, game: str, options: str | None, settings: dict | None = None
    ) -> None:
        """``/game new thread:true``: open the lobby in a new public thread of this channel
        (named after the game), so one channel can host many games. Refused with one
        sentence inside a thread or when the bot may not create threads here; the options
        are checked before the thread is made (a refused lobby leaves no empty thread)."""

        channel = interaction.channel
        if isinstance(channel, discord.Thread) or not isinstance(channel, discord.TextChannel):
            raise UserError(
                T(
                    "A new thread can only be opened from a text channel, not inside a thread;"
                    " use /game new without thread here."
                )
            )
        perms = interaction.app_permissions
        missing = [
            name
            for attr, name in (
                ("create_public_threads", "Create Public Threads"),
                ("send_messages_in_threads", "Send Messages in Threads"),
            )
            if not getattr(perms, attr)
        ]
        if missing:
            raise UserError(
                Tn(
                    "I can't open a thread here: I am missing the {permissions} permission in this channel,"
                    " so no game was opened.",
                    "I can't open a thread here: I am missing the {permissions} permissions in this channel,"
                    " so no game was opened.",
                    len(missing),
                    permissions=permission_names(missing),
                )
            )
        parse_options(game, options)  # UserError for an unknown game or bad options, before the thread exists
        parse_settings(settings)  # the same for the table settings
        lang = (settings or {}).get("language") or i18n.DEFAULT
        game_title = in_language(title(engine_for(game)), lang)
        await interaction.response.defer(thinking=True)
        thread = await channel.create_thread(
            name=f"{game_title} ({shown_name(interaction.user.display_name) or interaction.user.name})"[:100],
            type=discord.ChannelType.public_thread,
            auto_archive_duration=10080,
        )
        try:
            result = await self.service.new_game(
                thread.id, interaction.user.id, game, options, guild=interaction.guild_id, settings=settings
            )
        except Exception:
            try:
                await thread.delete()
            except discord.HTTPException:
                log.warning("table %s: could not delete the unused thread", thread.id)
            raise
        assert result.info is not None
        summary = (await self.service.table_settings(thread.id))[1].summary() if settings else None
        text = lobby_text(result.info, settings=summary)
        lobby = await thread.send(
            text, view=lobby_view(thread.id, result.game_pk, result.info.language), allowed_mentions=NO_PINGS
        )
        await track_lobby(self.service, self.poster, thread.id, result.game_pk, lobby.id)
        opened = T(
            "{player} opened a lobby of **{game}** in {thread}: join it there.",
            player=interaction.user.mention,
            game=title(game),
            thread=thread.mention,
        )
        await interaction.followup.send(in_language(opened, result.info.language), allowed_mentions=NO_PINGS)

    # ----- the lobby's buttons (bot.views) ----------------------------------------------
    async def lobby_button(self, interaction: discord.Interaction, kind: str, table: int, game_pk: int) -> None:
        """Join/Start on a lobby message. On a lobby that has started, was cancelled or was
        replaced by a newer one (a message that could not be edited closed), one sentence
        says so, nothing changes, and the pressed message loses its buttons."""

        info = await self.service.table_info(table)
        if info is None or info.game_pk != game_pk or info.status != "lobby":
            if info is not None and info.game_pk == game_pk and info.status in ("active", "over"):
                why, note = (
                    T("This game has already started, so this button does nothing; `/game board` shows it."),
                    LOBBY_STARTED,
                )
            elif info is not None and info.game_pk == game_pk and info.status == "cancelled":
                why, note = (
                    T("This game was cancelled, so this button does nothing; open a new one with /game new."),
                    LOBBY_CANCELLED,
                )
            else:
                why = T("This lobby is closed; `/game board` shows the table's game.")
                note = T("This lobby is closed.")
            if interaction.message is None:
                raise UserError(why)
            # answer first (Discord's 3 s): the edit closing that message may wait for a rate limit
            await say(interaction, why)
            await close_lobby(self.service, self.poster, table, game_pk, note, interaction.message.id)
            await self.poster.touch(table)  # as after any refusal: the table was used
            return
        if kind == "join":
            result = await self.service.join(table, interaction.user.id)
            await self._lobby_reply(
                interaction, result, T("{player} joined.", player=interaction.user.mention), edit=True
            )
            return
        await self.start_at(interaction, table)


async def setup(bot: commands.Bot) -> None:
    """Extension entry point (``bot.load_extension("bot.cogs.lobby")``)."""

    await add_section(bot, LobbyCog(bot))
