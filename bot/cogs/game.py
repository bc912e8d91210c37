"""``/game …``: lobbies, looking at the table, resigning and cancelling (a ``GroupCog``).

Thin adapters over :class:`bot.service.Service`; conventions in :mod:`bot.cogs.base`.
Also handles the lobby's Join/Start buttons and the board's "My hand"/"My moves" buttons
(:mod:`bot.views`).
"""

from __future__ import annotations

import io
import json
import logging
import typing
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.asyncplay import DEADLINE_CHOICES, SETTINGS_HELP, AsyncPlay, settings_changes
from bot.cogs.base import TableCog
from bot.format import (
    NO_PINGS,
    board_lines,
    bound,
    fit_lines,
    hand_text,
    history_line,
    history_pages,
    lobby_text,
    mention_seats,
    rename_view,
    seat_label,
    seats_of,
    split_content,
    table_line,
)
from bot.poster import say
from bot.service import UserError, parse_options, parse_settings
from bot.views import GAME_COG, board_view, history_view, lobby_view, pick_view
from engines import registry
from engines.base import plural

log = logging.getLogger("boardhost.discord")

MAX_LIST = 40  # lines of /game moves and /game history

#: bot_meta key of a table's lobby messages: ``{"game": game number, "messages": [message ids]}``
LOBBY_MESSAGES = "lobby_messages:{}"
#: the first line of a lobby message once its game started / was cancelled (buttons removed)
LOBBY_STARTED = "The game has started."
LOBBY_CANCELLED = "The game was cancelled."


@app_commands.guild_only()
class GameCog(
    AsyncPlay,
    TableCog,
    commands.GroupCog,
    name=GAME_COG,
    group_name="game",
    group_description="Board games at this channel's table",
):
    """``/game new|join|leave|addbot|start|board|hand|moves|history|rules|resign|cancel``;
    the play-over-days subcommands (``settings|notify|…``) and the periodic loop come from
    :class:`bot.cogs.asyncplay.AsyncPlay`."""

    def __init__(self, bot: commands.Bot):
        self.bot = bot
        super().__init__()

    # ----- lobby ----------------------------------------------------------------------
    @app_commands.command(name="new", description="Open a lobby for a new game at this channel")
    @app_commands.describe(
        game="Which game",
        options="Variants as key=value pairs (autocompleted)",
        thread="Open the game in a new thread of this channel",
        **SETTINGS_HELP,
    )
    @app_commands.choices(at_deadline=DEADLINE_CHOICES)
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
    ) -> None:
        self.check_can_post(interaction)
        settings = settings_changes(turn_limit, reminders, at_deadline, vacation_days)
        if thread:
            await self.new_in_thread(interaction, game, options, settings)
            return
        result = await self.service.new_game(
            interaction.channel_id, interaction.user.id, game, options, guild=interaction.guild_id, settings=settings
        )
        assert result.info is not None
        text = lobby_text(result.info)
        if settings:
            text += "\nSettings: " + (await self.service.table_settings(interaction.channel_id))[1].summary() + "."
        sent = await interaction.response.send_message(
            text, view=lobby_view(interaction.channel_id, result.game_pk), allowed_mentions=NO_PINGS
        )
        await self.track_lobby(interaction.channel_id, result.game_pk, sent.message_id)

    @new.autocomplete("game")
    async def new_game_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """Every game whose id or title contains what was typed (all of them when nothing was)."""

        typed = (current or "").strip().lower()
        out = []
        for gid in registry.ids():
            title = registry.get(gid).title
            if typed in gid.lower() or typed in title.lower():
                out.append(app_commands.Choice(name=title[:100], value=gid[:100]))
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
            engine = registry.get(game_id) if game_id else None
        except KeyError:
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
            annotation = fields[key].annotation
            if annotation is bool:
                found = ["true", "false"]
            elif typing.get_origin(annotation) is typing.Literal:
                found = [str(v) for v in typing.get_args(annotation)]
            else:
                found = []
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

    async def _lobby_reply(self, interaction: discord.Interaction, result, note: str, edit: bool = False) -> None:
        info = result.info
        if info is None or info.status != "lobby":
            # the caller may have just left their seat (the last one out closes the lobby)
            text = mention_seats(" ".join(result.public), [*seats_of(info), str(interaction.user.id)])
            if edit:
                await interaction.response.edit_message(content=bound(text), view=None, allowed_mentions=NO_PINGS)
            else:
                await interaction.response.send_message(bound(text), allowed_mentions=NO_PINGS)
            return
        text = lobby_text(info, note)
        view = lobby_view(info.table, info.game_pk)
        if edit:
            await interaction.response.edit_message(content=text, view=view, allowed_mentions=NO_PINGS)
            message_id = interaction.message.id if interaction.message is not None else None
        else:
            message_id = (
                await interaction.response.send_message(text, view=view, allowed_mentions=NO_PINGS)
            ).message_id
        await self.track_lobby(info.table, info.game_pk, message_id)

    @app_commands.command(name="join", description="Take a seat in the lobby")
    async def join(self, interaction: discord.Interaction) -> None:
        result = await self.service.join(interaction.channel_id, interaction.user.id)
        await self._lobby_reply(interaction, result, f"{interaction.user.mention} joined.")

    @app_commands.command(name="leave", description="Leave the lobby")
    async def leave(self, interaction: discord.Interaction) -> None:
        result = await self.service.leave(interaction.channel_id, interaction.user.id)
        await self._lobby_reply(interaction, result, f"{interaction.user.mention} left.")
        if result.info is None or result.info.status != "lobby":  # the last one out closed it
            await self.close_lobby(interaction.channel_id, result.game_pk, "No players left: the lobby is closed.")

    # ----- the lobby messages (issue 11.8) ---------------------------------------------
    async def track_lobby(self, table: int | str, game_pk: int, message_id: int | None) -> None:
        """Remember a message showing the lobby of game ``game_pk`` (with Join/Start), so it
        can be closed when the game starts or is cancelled (kept in the store: after a
        restart too). Best effort: a failure is logged, the lobby works all the same."""

        if message_id is None:
            return
        key = LOBBY_MESSAGES.format(table)
        try:
            async with self.service.lock(table):  # joins arriving together must not lose an id
                raw = await self.service.store.get_meta(key)
                data = json.loads(raw) if raw else {}
                ids = data.get("messages", []) if data.get("game") == game_pk else []
                if message_id not in ids:
                    ids.append(message_id)
                await self.service.store.set_meta(key, json.dumps({"game": game_pk, "messages": ids}))
        except Exception:
            log.exception("table %s: could not remember lobby message %s", table, message_id)

    async def close_lobby(self, table: int | str, game_pk: int, note: str, *also: int) -> None:
        """Edit every remembered message of game ``game_pk``'s lobby (and the messages
        ``also``) closed: their Join/Start buttons removed, ``note`` on the first line above
        the seats. Best effort: a message that cannot be edited is logged and left; its
        buttons then answer with one sentence (:meth:`lobby_button`)."""

        key = LOBBY_MESSAGES.format(table)
        try:
            raw = await self.service.store.get_meta(key)
            data = json.loads(raw) if raw else {}
            ids = list(data.get("messages", [])) if data.get("game") == game_pk else []
            ids += [i for i in also if i not in ids]
            if not ids:
                return
            info = await self.service.table_info(table)
            text = lobby_text(info, note) if info is not None and info.game_pk == game_pk else note
            channel = await self.poster.channel_of(table)
            for message_id in ids:
                try:
                    await channel.get_partial_message(message_id).edit(  # type: ignore[attr-defined]
                        content=bound(text), view=None, allowed_mentions=NO_PINGS
                    )
                except discord.NotFound:
                    pass  # deleted meanwhile
                except discord.HTTPException as exc:
                    log.warning("table %s: could not close lobby message %s (%s)", table, message_id, exc)
            if data.get("game") == game_pk:
                await self.service.store.set_meta(key, json.dumps({"game": game_pk, "messages": []}))
        except Exception:
            log.exception("table %s: could not close the lobby messages of game %s", table, game_pk)

    @app_commands.command(name="start", description="Start the game (host)")
    async def start(self, interaction: discord.Interaction) -> None:
        await self.start_at(interaction, interaction.channel_id)

    async def start_at(self, interaction: discord.Interaction, table: int) -> None:
        self.check_can_post(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        channel = await self.channel(interaction, table)
        result = await self.service.start(table, interaction.user.id)
        await self.ack(interaction, "The game has started.", ephemeral=True)
        await self.poster.post_committed(
            interaction, channel, result, "The game has started", force_board=True, actor=interaction.user.id
        )
        pressed = interaction.message.id if interaction.message is not None else None
        await self.close_lobby(table, result.game_pk, LOBBY_STARTED, *([pressed] if pressed else []))

    @app_commands.command(name="board", description="Show the current board (or the final ranking)")
    async def board(self, interaction: discord.Interaction) -> None:
        board = await self.service.board(interaction.channel_id)
        if board.status == "lobby":
            sent = await interaction.response.send_message(
                lobby_text(board.info), view=lobby_view(board.table, board.game_pk), allowed_mentions=NO_PINGS
            )
            await self.track_lobby(board.table, board.game_pk, sent.message_id)
            return
        await interaction.response.defer(thinking=True)
        files = []
        if board.view is not None:
            files = await self.poster.board_files(board.game_id, board.view, seats_of(board.info))
        kwargs: dict[str, Any] = {"files": files, "allowed_mentions": NO_PINGS}
        if board.status == "active":
            kwargs["view"] = board_view(board.table, board.version, board.game_id)
        await interaction.followup.send(bound("\n".join(board_lines(board))), **kwargs)

    async def send_full_board(self, interaction: discord.Interaction, table: int) -> None:
        """ "Full board" under a move's post: the current full board image(s) and the
        ``/game board`` text, only to the clicker."""

        await interaction.response.defer(ephemeral=True, thinking=True)
        board = await self.service.board(table)
        files = []
        if board.view is not None:
            files = await self.poster.board_files(board.game_id, board.view, seats_of(board.info))
        kwargs: dict[str, Any] = {"files": files, "allowed_mentions": NO_PINGS, "ephemeral": True}
        if board.status == "active":
            kwargs["view"] = board_view(board.table, board.version, board.game_id)
        await interaction.followup.send(bound("\n".join(board_lines(board))), **kwargs)

    @app_commands.command(name="hand", description="Show your hand, only to you")
    async def hand(self, interaction: discord.Interaction) -> None:
        await self.send_hand(interaction, interaction.channel_id)

    @app_commands.command(name="moves", description="List your legal moves, only to you")
    async def moves(self, interaction: discord.Interaction) -> None:
        await self.send_moves(interaction, interaction.channel_id)

    @app_commands.command(name="rules", description="A summary of the rules, by topic")
    @app_commands.describe(topic="Which part of the rules (autocompleted)")
    async def rules(self, interaction: discord.Interaction, topic: str | None = None) -> None:
        engine = await self._table_engine(interaction.channel_id)
        typed = (topic or "").strip().lower()
        if engine is None:
            parts = typed.split(" ", 1)
            if parts and parts[0] in registry.ids():
                engine = registry.get(parts[0])
                typed = parts[1] if len(parts) > 1 else ""
        if engine is None:
            lines = ["Games: " + ", ".join(f"{registry.get(g).title} (`{g}`)" for g in registry.ids()) + "."]
            lines.append("Pick a topic with `/game rules topic:`, e.g. `factory-manager overview`.")
            await say(interaction, "\n".join(lines))
            return
        summary = engine.rules_summary or {}
        if not summary:
            raise UserError(f"There is no rules summary for {engine.title} yet.")
        key = typed or next(iter(summary))
        if key not in summary:
            raise UserError(f"{engine.title} has no rules topic `{key}`; topics: {', '.join(summary)}.")
        text = f"**{engine.title}: {key}**\n{summary[key]}\nOther topics: {', '.join(t for t in summary if t != key)}."
        await say(interaction, split_content([text])[0])

    @rules.autocomplete("topic")
    async def rules_topic(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        engine = await self._table_engine(interaction.channel_id)
        engines = [engine] if engine is not None else [registry.get(g) for g in registry.ids()]
        typed = (current or "").lower().strip()
        out = []
        for e in engines:
            for topic in e.rules_summary:
                value = topic if engine is not None else f"{e.id} {topic}"
                if typed in value.lower():
                    out.append(app_commands.Choice(name=value[:100], value=value[:100]))
        return out[:25]

    async def _table_engine(self, table: int | None):
        info = await self.service.table_info(table) if table else None
        if info is None:
            return None
        try:
            return registry.get(info.game_id)
        except KeyError:
            return None

    @app_commands.command(name="resign", description="Resign: the AI takes over your seat and you rank last")
    async def resign(self, interaction: discord.Interaction) -> None:
        self.check_can_post(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        channel = await self.channel(interaction)
        result = await self.service.resign(interaction.channel_id, interaction.user.id)
        await self.ack(interaction, "You resigned; the AI plays your seat from now on.", ephemeral=True)
        await self.poster.post_committed(interaction, channel, result, "You resigned", actor=interaction.user.id)

    @app_commands.command(name="cancel", description="Cancel the game (host, or Manage Channels)")
    async def cancel(self, interaction: discord.Interaction) -> None:
        perms = getattr(interaction, "permissions", None)
        admin = bool(perms and perms.manage_channels)
        result = await self.service.cancel(interaction.channel_id, interaction.user.id, admin=admin)
        await interaction.response.send_message(
            f"The game of {result.info.title if result.info else 'this table'} was cancelled by {interaction.user.mention}.",
            allowed_mentions=NO_PINGS,
        )
        await self.close_lobby(interaction.channel_id, result.game_pk, LOBBY_CANCELLED)

    @app_commands.command(name="addbot", description="Add an AI seat to the lobby (host)")
    async def addbot(self, interaction: discord.Interaction) -> None:
        result = await self.service.add_bot(interaction.channel_id, interaction.user.id)
        await self._lobby_reply(interaction, result, "An AI seat was added.")

    # ----- server-wide views, history and export (issue 12 items 5 and 6) -----------------
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
                "A new thread can only be opened from a text channel, not inside a thread;"
                " use /game new without thread here."
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
                f"I can't open a thread here: I am missing the {' and '.join(missing)} permission"
                f"{'s' if len(missing) > 1 else ''} in this channel, so no game was opened."
            )
        parse_options(game, options)  # UserError for an unknown game or bad options, before the thread exists
        parse_settings(settings)  # the same for the table settings
        title = registry.get(game).title
        await interaction.response.defer(thinking=True)
        thread = await channel.create_thread(
            name=f"{title} ({interaction.user.display_name})"[:100],
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
        text = lobby_text(result.info)
        if settings:
            text += "\nSettings: " + (await self.service.table_settings(thread.id))[1].summary() + "."
        lobby = await thread.send(text, view=lobby_view(thread.id, result.game_pk), allowed_mentions=NO_PINGS)
        await self.track_lobby(thread.id, result.game_pk, lobby.id)
        await interaction.followup.send(
            f"{interaction.user.mention} opened a lobby of **{title}** in {thread.mention}: join it there.",
            allowed_mentions=NO_PINGS,
        )

    @app_commands.command(name="list", description="This server's tables: game, where, whose turn, since when")
    async def list_tables(self, interaction: discord.Interaction) -> None:
        tables = await self.service.guild_tables(interaction.guild_id)
        if not tables:
            raise UserError("No games are open on this server; start one with /game new.")
        head = f"{plural(len(tables), 'table')} on this server:"
        await say(interaction, "\n".join(fit_lines(head, [table_line(t) for t in tables])))

    @app_commands.command(name="mine", description="Tables where you must act, across servers (only to you)")
    async def mine(self, interaction: discord.Interaction) -> None:
        tables = await self.service.my_tables(interaction.user.id)
        if not tables:
            raise UserError("No table is waiting for you right now.")
        head = f"Your move at {plural(len(tables), 'table')}:"
        await say(interaction, "\n".join(fit_lines(head, [table_line(t, cross_server=True) for t in tables])))

    @app_commands.command(name="history", description="The whole game move by move, only to you")
    @app_commands.describe(player="Only this player's moves")
    async def history(self, interaction: discord.Interaction, player: discord.Member | None = None) -> None:
        await self.history_page(interaction, interaction.channel_id, None, player.id if player else None, None)

    async def history_page(
        self, interaction: discord.Interaction, table: int, game_pk: int | None, player: int | None, page: int | None
    ) -> None:
        """Answer ``/game history`` (``page`` None: the newest page) or a Prev/Next click
        (edits the ephemeral answer in place): the moves as the engine describes them to the
        caller, AI-played and undone moves marked, optionally only ``player``'s."""

        info = await self.service.table_info(table)
        lines = await self.service.history(table, limit=None, viewer=interaction.user.id, game_pk=game_pk)
        if info is None or not lines:
            raise UserError("No moves have been made at this table yet.")
        game_pk = game_pk or info.game_pk
        who = None
        if player is not None:
            seat = next((s.seat for s in info.seats if s.user == str(player)), None)
            if seat is None:
                raise UserError(f"<@{player}> has no seat in this game.")
            who = seat
            lines = [h for h in lines if h.seat == seat]
            if not lines:
                raise UserError(f"<@{player}> has not moved yet in this game.")
        pages = history_pages([history_line(h) for h in lines])
        page = len(pages) - 1 if page is None else max(0, min(page, len(pages) - 1))
        first, last = pages[page]
        title = registry.get(info.game_id).title
        whose = f" of {seat_label(who)}" if who else ""
        lo, hi = lines[first].seq, lines[last - 1].seq
        span = f"move{whose} {lo}" if lo == hi else f"moves{whose} {lo}–{hi}"
        head = f"**{title}**, {span} (page {page + 1} of {len(pages)}):"
        text = "\n".join([head, *[history_line(h) for h in lines[first:last]]])
        view = history_view(table, game_pk, page, len(pages), player or 0)
        if interaction.type == discord.InteractionType.component:
            await interaction.response.edit_message(content=bound(text), view=view, allowed_mentions=NO_PINGS)
        else:
            await say(interaction, text, **({"view": view} if view is not None else {}))

    @app_commands.command(name="export", description="The whole game log as a JSON file, only to you")
    async def export(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        data = await self.service.export(interaction.channel_id, interaction.user.id)
        names = await self.bot.display_names([s["seat"] for s in data["seats"]])  # type: ignore[attr-defined]
        for seat in data["seats"]:
            seat["name"] = names.get(seat["seat"], seat["seat"])
        raw = json.dumps(data, ensure_ascii=False, indent=1).encode()
        name = f"boardhost-{data['game']}-{data['number']}.json"
        note = (
            "the whole game (`boardhost replay` re-runs it)."
            if data["status"] == "over"
            else "the game so far, without hidden information (export it again once it is over to replay it)."
        )
        await interaction.followup.send(
            f"{data['title']}, {plural(len(data['actions']), 'logged action')}: {note}",
            file=discord.File(io.BytesIO(raw), filename=name),
            ephemeral=True,
        )

    @app_commands.command(
        name="posts", description="How this table shows its board: one live status message or a new post per move"
    )
    @app_commands.describe(style="status: one board message edited after every move; every: a new board post per move")
    @app_commands.choices(
        style=[
            app_commands.Choice(name="One live status message, edited after every move", value="status"),
            app_commands.Choice(name="A new board post after every move", value="every"),
        ]
    )
    async def posts(self, interaction: discord.Interaction, style: app_commands.Choice[str]) -> None:
        perms = getattr(interaction, "permissions", None)
        await self.service.update_settings(
            interaction.channel_id,
            interaction.user.id,
            {"board_posts": style.value},
            admin=bool(perms and perms.manage_channels),
        )
        what = (
            "one live status message, edited after every move, and a short line per move"
            if style.value == "status"
            else "a new board post after every move"
        )
        await interaction.response.send_message(
            f"{interaction.user.mention} set this table's board to {what}.", allowed_mentions=NO_PINGS
        )

    # ----- hands and moves (commands and board buttons) ----------------------------------
    async def send_hand(self, interaction: discord.Interaction, table: int) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        hand = await self.service.hand(table, interaction.user.id)
        title = registry.get(hand.game_id).title
        if not hand.has_hands or hand.private is None:
            await say(
                interaction,
                f"{title} has no hidden hand: everything you own is on the board, in the panel with your name.",
            )
            return
        info = await self.service.table_info(table)
        names = await self.bot.display_names(seats_of(info), drawn=True)  # type: ignore[attr-defined]
        png = await self.service.render_hand(hand.game_id, rename_view(hand.view, names)) if hand.view else None
        files = [discord.File(io.BytesIO(png), filename="hand.png")] if png else []
        text = hand.text or hand_text(hand.view) or "Your hand."
        await interaction.followup.send(bound(f"**{title}**, move {hand.version}. {text}"), ephemeral=True, files=files)

    async def send_moves(self, interaction: discord.Interaction, table: int) -> None:
        moves = await self.service.legal_moves(table, interaction.user.id)
        if not moves:
            raise UserError(await self.why_no_moves(table, interaction.user.id))
        head = f"Your moves ({len(moves)}): play one with `/move`."
        body: list[str] = []
        size = len(head)
        for notation, text in moves[:MAX_LIST]:
            line = f"`{notation}` — {text}"
            if size + len(line) + 1 > 1850:
                break
            body.append(line)
            size += len(line) + 1
        if len(body) < len(moves):
            body.append(f"…and {len(moves) - len(body)} more: type part of a move in `/move` to narrow the list.")
        if len(moves) <= 25:
            body.append("Or pick one below to play it.")
        info = await self.service.table_info(table)
        kwargs: dict[str, Any] = {}
        if info is not None and len(moves) <= 25:
            kwargs["view"] = pick_view(table, info.version, moves)
        await say(interaction, "\n".join([head, *body]), **kwargs)

    async def why_no_moves(self, table: int, user: int) -> str:
        board = await self.service.board(table)
        if board.status == "lobby":
            return "The game has not started yet; the host can start it with /game start."
        if board.status == "cancelled":
            return "This game was cancelled; start a new one with /game new."
        if board.status != "active":
            return "This game is over; `/game board` shows the final ranking."
        seat = str(user)
        mine = next((s for s in board.info.seats if s.seat == seat), None)
        if mine is None:
            return "You are not seated in this game."
        if mine.resigned:
            return "You resigned from this game; the AI plays your seat."
        waiting = ", ".join(seat_label(p) for p in board.to_act)
        return f"It is not your turn; waiting for {waiting}."

    # ----- buttons (bot.views) ------------------------------------------------------------
    async def lobby_button(self, interaction: discord.Interaction, kind: str, table: int, game_pk: int) -> None:
        """Join/Start on a lobby message. On a lobby that has started, was cancelled or was
        replaced by a newer one (a message that could not be edited closed), one sentence
        says so, nothing changes, and the pressed message loses its buttons."""

        info = await self.service.table_info(table)
        if info is None or info.game_pk != game_pk or info.status != "lobby":
            if info is not None and info.game_pk == game_pk and info.status in ("active", "over"):
                why, note = (
                    "This game has already started, so this button does nothing; `/game board` shows it.",
                    LOBBY_STARTED,
                )
            elif info is not None and info.game_pk == game_pk and info.status == "cancelled":
                why, note = (
                    "This game was cancelled, so this button does nothing; open a new one with /game new.",
                    LOBBY_CANCELLED,
                )
            else:
                why, note = "This lobby is closed; `/game board` shows the table's game.", "This lobby is closed."
            if interaction.message is None:
                raise UserError(why)
            # answer first (Discord's 3 s): the edit closing that message may wait for a rate limit
            await say(interaction, why)
            await self.close_lobby(table, game_pk, note, interaction.message.id)
            await self.poster.touch(table)  # as after any refusal: the table was used
            return
        if kind == "join":
            result = await self.service.join(table, interaction.user.id)
            await self._lobby_reply(interaction, result, f"{interaction.user.mention} joined.", edit=True)
            return
        await self.start_at(interaction, table)

    async def board_button(self, interaction: discord.Interaction, kind: str, table: int, version: int) -> None:
        # "My hand" and "My moves" only read: on an older board of the live game they answer
        # with the current state (issue 11.8); only a finished/cancelled game's board is stale
        info = await self.service.table_info(table)  # cached; no view built
        if info is None or info.status != "active":
            # these buttons only read, so no "nothing was played": say why the board is old
            board = await self.service.board(table)
            lead = {
                "over": "This game is over; this is its final board:",
                "cancelled": "This game was cancelled; this is its last board:",
            }.get(board.status)
            await self.stale(interaction, board, lead=lead)
            return
        if kind == "board":
            await self.send_full_board(interaction, table)
        elif kind == "hand":
            await self.send_hand(interaction, table)
        else:
            await self.send_moves(interaction, table)


async def setup(bot: commands.Bot) -> None:
    """Extension entry point (``bot.load_extension("bot.cogs.game")``)."""

    await bot.add_cog(GameCog(bot))
