"""The slash commands: ``/game …``, ``/move`` and each game's typed group (``/fm …``).

Thin adapters over :class:`bot.service.Service`. Conventions for every interaction:

* answered within Discord's 3 seconds: anything that may render or run AI moves first
  ``defer``s (ephemerally), then works, then posts to the channel through
  :class:`bot.discord_app.Poster` (in the table's version order);
* a user's mistake (:class:`bot.service.UserError`, or options that make no action) is
  answered with one ephemeral sentence and changes nothing;
* anything else is logged with the table id and answered with a short apology.
"""

from __future__ import annotations

import io
import logging
import re
from typing import Any, Awaitable, Callable

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.typed import build_action, build_group
from bot.games import command_group
from bot.discord_app import (
    NO_PINGS,
    seats_of,
    BoardhostBot,
    hand_text,
    mention_seats,
    rename_view,
    seat_label,
    split_content,
)
from bot.service import Board, StaleVersion, TableInfo, UserError
from bot.views import board_view, lobby_view, pick_view
from engines import registry
from engines.base import ActionModel, default_notation, normalize

log = logging.getLogger("boardhost.discord")

SORRY = "Sorry, something went wrong on our side; it has been logged. Please try again in a moment."
MAX_LIST = 40  # lines of /game moves and /game history
_USER_ID = re.compile(r"(?<![\d@])\d{15,21}(?!\d)")  # a Discord user id (seat) in a service sentence


def _options_text(info: TableInfo) -> str:
    if not info.options:
        return ""
    return ", ".join(f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in info.options.items())


def lobby_text(info: TableInfo, note: str = "") -> str:
    """The lobby message: game, seats, host, what to do next."""

    seated = [s.seat for s in info.seats]
    lines = []
    if note:
        lines.append(note)
    lines.append(f"**{info.title}** lobby ({info.min_players}–{info.max_players} players), host {seat_label(info.host)}.")
    opts = _options_text(info)
    if opts:
        lines.append(f"Options: {opts}")
    lines.append(f"Seated ({len(seated)}): " + (", ".join(seat_label(s) for s in seated) or "nobody yet"))
    if info.status == "lobby":  # a started lobby's message has lost its buttons
        lines.append("Join with the button or `/game join`; the host starts with Start or `/game start`"
                     " (`/game addbot` adds an AI seat).")
    return "\n".join(lines)


class GameCog(commands.Cog, name="GameCog"):
    """``/game``, ``/move`` and the per-game typed groups."""

    def __init__(self, bot: BoardhostBot):
        self.bot = bot
        self.groups: list[app_commands.Group] = []
        self._build()

    # ----- plumbing -------------------------------------------------------------------
    @property
    def service(self):
        assert self.bot.service is not None, "the bot's database is closed"
        return self.bot.service

    @property
    def poster(self):
        return self.bot.poster

    async def say(self, interaction: discord.Interaction, text: str, **kwargs: Any) -> None:
        """One ephemeral answer, whether or not the interaction was deferred."""

        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True, allowed_mentions=NO_PINGS, **kwargs)
        else:
            await interaction.response.send_message(text, ephemeral=True, allowed_mentions=NO_PINGS, **kwargs)

    async def ack(self, interaction: discord.Interaction, text: str, **kwargs: Any) -> None:
        """The ephemeral "done" answer after a change: a failure here must not keep the
        change's channel post (which follows) from going out."""

        try:
            await interaction.followup.send(text, **kwargs)
        except discord.HTTPException:
            log.warning("table %s: could not answer %s", interaction.channel_id, interaction.user.id)

    async def guard(self, interaction: discord.Interaction, what: str, work: Callable[[], Awaitable[None]]) -> None:
        """Run ``work``; user mistakes become one ephemeral sentence, anything else is logged
        with the table id and answered with an apology (and the table is marked to be
        caught up, see :meth:`bot.discord_app.Poster.touch`, at its next interaction)."""

        self.bot.remember(interaction.user)
        try:
            await work()
        except UserError as exc:
            # seat ids in a refusal ("waiting for 1234…") read as names: <@id> renders as the
            # member's name and pings nobody here (ephemeral, no allowed mentions)
            await self.say(interaction, mention_seats(exc.message, _USER_ID.findall(exc.message)))
        except Exception:
            log.exception("table %s: %s by %s failed", interaction.channel_id, what, interaction.user.id)
            # a move may have been committed without its post: catch up at the next touch
            self.poster.pending.add(str(interaction.channel_id))
            try:
                await self.say(interaction, SORRY)
            except discord.HTTPException:
                pass
            return
        await self.poster.touch(interaction.channel_id)

    async def channel(self, interaction: discord.Interaction, table: int | None = None) -> discord.abc.Messageable:
        """The table's channel (fetch it BEFORE changing the game: a move whose channel
        cannot be found would otherwise be committed with its post never attempted)."""

        table = table or interaction.channel_id
        if interaction.channel is not None and interaction.channel.id == table:
            return interaction.channel  # type: ignore[return-value]
        return await self.poster.channel_of(table)

    # ----- building the commands ------------------------------------------------------
    def _build(self) -> None:
        game = app_commands.Group(name="game", description="Board games at this channel's table", guild_only=True)
        choices = [app_commands.Choice(name=registry.get(g).title[:100], value=g) for g in registry.ids()[:25]]

        @app_commands.command(name="new", description="Open a lobby for a new game at this channel")
        @app_commands.describe(game="Which game", options="Variants as key=value pairs (autocompleted)")
        @app_commands.choices(game=choices)
        async def new(interaction: discord.Interaction, game: str, options: str | None = None) -> None:
            await self.guard(interaction, "new", lambda: self.cmd_new(interaction, game, options))

        @new.autocomplete("options")
        async def new_options(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
            return self.options_choices(getattr(interaction.namespace, "game", None), current)

        def simple(name: str, description: str, handler: Callable[[discord.Interaction], Awaitable[None]]):
            async def callback(interaction: discord.Interaction) -> None:
                await self.guard(interaction, name, lambda: handler(interaction))

            return app_commands.Command(name=name, description=description, callback=callback)

        game.add_command(new)
        game.add_command(simple("join", "Take a seat in the lobby", self.cmd_join))
        game.add_command(simple("leave", "Leave the lobby", self.cmd_leave))
        game.add_command(simple("start", "Start the game (host)", self.cmd_start))
        game.add_command(simple("board", "Show the current board (or the final ranking)", self.cmd_board))
        game.add_command(simple("hand", "Show your hand, only to you", self.cmd_hand))
        game.add_command(simple("moves", "List your legal moves, only to you", self.cmd_moves))
        game.add_command(simple("history", "The last moves of this game, only to you", self.cmd_history))
        game.add_command(simple("resign", "Resign: the AI takes over your seat and you rank last", self.cmd_resign))
        game.add_command(simple("cancel", "Cancel the game (host, or Manage Channels)", self.cmd_cancel))
        game.add_command(simple("addbot", "Add an AI seat to the lobby (host)", self.cmd_addbot))

        @app_commands.command(name="rules", description="A summary of the rules, by topic")
        @app_commands.describe(topic="Which part of the rules (autocompleted)")
        async def rules(interaction: discord.Interaction, topic: str | None = None) -> None:
            await self.guard(interaction, "rules", lambda: self.cmd_rules(interaction, topic))

        @rules.autocomplete("topic")
        async def rules_topic(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
            return await self.topic_choices(interaction, current)

        game.add_command(rules)

        @app_commands.command(name="move", description="Make a move (your legal moves are suggested)")
        @app_commands.describe(action="Your move, as suggested")
        @app_commands.guild_only()
        async def move(interaction: discord.Interaction, action: str) -> None:
            await self.guard(interaction, "move", lambda: self.cmd_move(interaction, action))

        @move.autocomplete("action")
        async def move_action(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
            return await self.move_choices(interaction, current)

        self.groups = [game]
        self.move_command = move
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

    async def cog_load(self) -> None:
        for group in self.groups:
            self.bot.tree.add_command(group, override=True)
        self.bot.tree.add_command(self.move_command, override=True)

    async def cog_unload(self) -> None:
        for group in self.groups:
            self.bot.tree.remove_command(group.name)
        self.bot.tree.remove_command("move")

    # ----- autocomplete (fast: no rendering, small DB reads only) -----------------------
    def options_choices(self, game_id: str | None, current: str) -> list[app_commands.Choice[str]]:
        """Suggestions for ``/game new options``: what was typed plus one more ``key=default``
        for each option of the chosen game not given yet."""

        try:
            engine = registry.get(game_id) if game_id else None
        except KeyError:
            engine = None
        if engine is None:
            return []
        typed = (current or "").strip()
        tokens = typed.split()
        done_keys = {t.split("=", 1)[0].lower() for t in tokens if "=" in t}
        partial = tokens[-1] if tokens and "=" not in tokens[-1] else ""
        base = " ".join(tokens[:-1] if partial else tokens)
        out: list[app_commands.Choice[str]] = []
        if typed and not partial:
            out.append(app_commands.Choice(name=typed[:100], value=typed[:100]))
        defaults = engine.Options().model_dump(mode="json")
        for key, info in engine.Options.model_fields.items():
            if key in done_keys or (partial and not key.startswith(partial.lower())):
                continue
            value = defaults.get(key)
            value = str(value).lower() if isinstance(value, bool) else value
            text = f"{base} {key}={value}".strip()
            out.append(app_commands.Choice(name=text[:100], value=text[:100]))
        return out[:25]

    async def topic_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
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

    async def move_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """The caller's legal moves (value: notation, name: description), filtered by what was
        typed, at most 25; none for someone who cannot act now."""

        try:
            moves = await self.service.legal_moves(interaction.channel_id, interaction.user.id, current or "")
        except Exception:
            log.exception("table %s: /move autocomplete failed", interaction.channel_id)
            return []
        out = []
        for notation, text in moves[:25]:
            out.append(app_commands.Choice(name=text[:100] or notation[:100], value=notation[:100]))
        return out

    async def _table_engine(self, table: int | None):
        info = await self.service.table_info(table) if table else None
        if info is None:
            return None
        try:
            return registry.get(info.game_id)
        except KeyError:
            return None

    async def legal_for(self, interaction: discord.Interaction, engine: Any):
        """The caller's legal actions of ``engine``'s game at this table ([] if they cannot act
        or the table plays something else), and how to describe one."""

        # cached reads only (autocomplete cannot be deferred)
        table, user = interaction.channel_id, interaction.user.id
        actions = await self.service.legal_actions(table, user, game_id=engine.id)
        if not actions:
            return [], None
        return actions, await self.service.describer(table)

    # ----- lobby ----------------------------------------------------------------------
    async def cmd_new(self, interaction: discord.Interaction, game: str, options: str | None) -> None:
        result = await self.service.new_game(interaction.channel_id, interaction.user.id, game, options)
        assert result.info is not None
        await interaction.response.send_message(
            lobby_text(result.info), view=lobby_view(interaction.channel_id, result.game_pk), allowed_mentions=NO_PINGS
        )

    async def _lobby_reply(self, interaction: discord.Interaction, result, note: str, edit: bool = False) -> None:
        info = result.info
        if info is None or info.status != "lobby":
            # the caller may have just left their seat (the last one out closes the lobby)
            text = mention_seats(" ".join(result.public), [*seats_of(info), str(interaction.user.id)])
            if edit:
                await interaction.response.edit_message(content=text, view=None, allowed_mentions=NO_PINGS)
            else:
                await interaction.response.send_message(text, allowed_mentions=NO_PINGS)
            return
        text = lobby_text(info, note)
        view = lobby_view(info.table, info.game_pk)
        if edit:
            await interaction.response.edit_message(content=text, view=view, allowed_mentions=NO_PINGS)
        else:
            await interaction.response.send_message(text, view=view, allowed_mentions=NO_PINGS)

    async def cmd_join(self, interaction: discord.Interaction) -> None:
        result = await self.service.join(interaction.channel_id, interaction.user.id)
        await self._lobby_reply(interaction, result, f"{interaction.user.mention} joined.")

    async def cmd_leave(self, interaction: discord.Interaction) -> None:
        result = await self.service.leave(interaction.channel_id, interaction.user.id)
        await self._lobby_reply(interaction, result, f"{interaction.user.mention} left.")

    async def cmd_addbot(self, interaction: discord.Interaction) -> None:
        result = await self.service.add_bot(interaction.channel_id, interaction.user.id)
        await self._lobby_reply(interaction, result, "An AI seat was added.")

    async def cmd_start(self, interaction: discord.Interaction, table: int | None = None) -> None:
        table = table or interaction.channel_id
        await interaction.response.defer(ephemeral=True, thinking=True)
        channel = await self.channel(interaction, table)
        result = await self.service.start(table, interaction.user.id)
        await self.ack(interaction, "The game has started.", ephemeral=True)
        await self.poster.post_result(channel, result, force_board=True, actor=interaction.user.id)

    async def cmd_cancel(self, interaction: discord.Interaction) -> None:
        perms = getattr(interaction, "permissions", None)
        admin = bool(perms and perms.manage_channels)
        result = await self.service.cancel(interaction.channel_id, interaction.user.id, admin=admin)
        await interaction.response.send_message(
            f"The game of {result.info.title if result.info else 'this table'} was cancelled by {interaction.user.mention}.",
            allowed_mentions=NO_PINGS,
        )

    async def lobby_button(self, interaction: discord.Interaction, kind: str, table: int, game_pk: int) -> None:
        async def work() -> None:
            info = await self.service.table_info(table)
            if info is None or info.game_pk != game_pk or info.status != "lobby":
                raise UserError("This lobby is closed; `/game board` shows the table's game.")
            if kind == "join":
                result = await self.service.join(table, interaction.user.id)
                await self._lobby_reply(interaction, result, f"{interaction.user.mention} joined.", edit=True)
            else:
                await self.cmd_start(interaction, table)
                try:
                    fresh = await self.service.table_info(table)
                    if fresh is not None and interaction.message is not None:
                        await interaction.message.edit(
                            content=lobby_text(fresh, "The game has started."), view=None, allowed_mentions=NO_PINGS)
                except discord.HTTPException:
                    pass

        await self.guard(interaction, f"{kind} button", work)

    # ----- play -----------------------------------------------------------------------
    async def cmd_move(self, interaction: discord.Interaction, action: str) -> None:
        await self.play(interaction, action, shown=normalize(action))

    async def on_typed(self, interaction: discord.Interaction, engine: Any, model: type[ActionModel], values: dict) -> None:
        async def work() -> None:
            info = await self.service.table_info(interaction.channel_id)
            if info is None:
                raise UserError("There is no game at this table; start one with /game new.")
            # a finished or cancelled game: the service's refusal says which
            if info.status in ("lobby", "active") and info.game_id != engine.id:
                raise UserError(f"This table plays {info.title}, not {engine.title}; use `/move` or its own commands.")
            try:
                action = build_action(model, values)
            except ValueError as exc:
                raise UserError(str(exc)) from None
            await self.play(interaction, action, shown=default_notation(action))

        await self.guard(interaction, f"/{command_group(engine)} {model.verb()}", work)

    async def play(self, interaction: discord.Interaction, action: str | ActionModel, shown: str,
                   expected_version: int | None = None) -> None:
        """Apply a move for the caller and post what happened (defers first)."""

        await interaction.response.defer(ephemeral=True, thinking=True)
        channel = await self.channel(interaction)
        result = await self.service.act(interaction.channel_id, interaction.user.id, action, expected_version)
        await self.ack(interaction, f"Played `{shown}`.", ephemeral=True)
        await self.poster.post_result(channel, result, actor=interaction.user.id)

    async def cmd_resign(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        channel = await self.channel(interaction)
        result = await self.service.resign(interaction.channel_id, interaction.user.id)
        await self.ack(interaction, "You resigned; the AI plays your seat from now on.", ephemeral=True)
        await self.poster.post_result(channel, result, actor=interaction.user.id)

    # ----- looking ----------------------------------------------------------------------
    def board_lines(self, board: Board) -> list[str]:
        seats = seats_of(board.info)
        lines = [f"**{board.info.title}**, move {board.version}."]
        if board.status == "over":
            lines = [f"**{board.info.title}**, finished after {board.version} moves."]
        elif board.status == "cancelled":
            lines = [f"**{board.info.title}**: this game was cancelled."]
        lines += self.poster.footer(board.status, board.status_line, board.mention, board.ranking, seats)
        return lines

    async def cmd_board(self, interaction: discord.Interaction) -> None:
        board = await self.service.board(interaction.channel_id)
        if board.status == "lobby":
            await interaction.response.send_message(
                lobby_text(board.info), view=lobby_view(board.table, board.game_pk), allowed_mentions=NO_PINGS)
            return
        await interaction.response.defer(thinking=True)
        files = []
        if board.view is not None:
            files = await self.poster.board_files(board.game_id, board.view, seats_of(board.info))
        content = "\n".join(self.board_lines(board))[:2000]
        kwargs: dict[str, Any] = {"files": files, "allowed_mentions": NO_PINGS}
        if board.status == "active":
            kwargs["view"] = board_view(board.table, board.version, board.game_id)
        await interaction.followup.send(content, **kwargs)

    async def send_hand(self, interaction: discord.Interaction, table: int) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        hand = await self.service.hand(table, interaction.user.id)
        title = registry.get(hand.game_id).title
        if not hand.has_hands or hand.private is None:
            await self.say(interaction, f"{title} has no hidden hand: everything you own is on the board, "
                                        "in the panel with your name.")
            return
        info = await self.service.table_info(table)
        names = await self.bot.display_names(seats_of(info))
        png = await self.service.render_hand(hand.game_id, rename_view(hand.view, names)) if hand.view else None
        files = [discord.File(io.BytesIO(png), filename="hand.png")] if png else []
        text = hand.text or hand_text(hand.view) or "Your hand."
        await interaction.followup.send(f"**{title}**, move {hand.version}. {text}", ephemeral=True, files=files)

    async def cmd_hand(self, interaction: discord.Interaction) -> None:
        await self.send_hand(interaction, interaction.channel_id)

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
        await self.say(interaction, "\n".join([head, *body]), **kwargs)

    async def pick(self, interaction: discord.Interaction, table: int, version: int, notation: str) -> None:
        """A move chosen in the "Pick a move" menu: played only at the version it was offered."""

        async def work() -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            channel = await self.channel(interaction, table)
            try:
                result = await self.service.act(table, interaction.user.id, notation, expected_version=version)
            except StaleVersion:
                await self.stale(interaction, await self.service.board(table), "That list of moves is out of date")
                return
            await self.ack(interaction, f"Played `{notation}`.", ephemeral=True)
            await self.poster.post_result(channel, result, actor=interaction.user.id)

        await self.guard(interaction, "pick", work)

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

    async def cmd_moves(self, interaction: discord.Interaction) -> None:
        await self.send_moves(interaction, interaction.channel_id)

    async def cmd_history(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)  # replays the log
        lines_in = await self.service.history(interaction.channel_id, limit=MAX_LIST)
        if not lines_in:
            raise UserError("No moves have been made at this table yet.")
        body = [f"{h.seq}. {seat_label(h.seat)}: `{h.notation}`" for h in lines_in]
        while body and len("\n".join(body)) > 1900:
            body.pop(0)
        await self.say(interaction, "\n".join([f"Last {len(body)} moves (oldest first):", *body]))

    async def cmd_rules(self, interaction: discord.Interaction, topic: str | None) -> None:
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
            await self.say(interaction, "\n".join(lines))
            return
        summary = engine.rules_summary or {}
        if not summary:
            raise UserError(f"There is no rules summary for {engine.title} yet.")
        key = typed or next(iter(summary))
        if key not in summary:
            raise UserError(f"{engine.title} has no rules topic `{key}`; topics: {', '.join(summary)}.")
        text = f"**{engine.title}: {key}**\n{summary[key]}\nOther topics: {', '.join(t for t in summary if t != key)}."
        await self.say(interaction, split_content([text])[0])

    async def board_button(self, interaction: discord.Interaction, kind: str, table: int, version: int) -> None:
        async def work() -> None:
            info = await self.service.table_info(table)  # cached; no view built
            if info is None or info.version != version or info.status != "active":
                await self.stale(interaction, await self.service.board(table))
                return
            if kind == "hand":
                await self.send_hand(interaction, table)
            else:
                await self.send_moves(interaction, table)

        await self.guard(interaction, f"{kind} button", work)

    async def stale(self, interaction: discord.Interaction, board: Board,
                    what: str = "That board is out of date") -> None:
        """Refuse a click on an old board: answer (only to the clicker) with the current one."""

        if not interaction.response.is_done():
            await interaction.response.defer(ephemeral=True, thinking=True)
        files = []
        if board.view is not None:
            files = await self.poster.board_files(board.game_id, board.view, seats_of(board.info))
        lines = [f"{what}, so nothing was played; this is the current board:"]
        lines += self.board_lines(board)
        kwargs: dict[str, Any] = {"files": files}
        if board.status == "active":
            kwargs["view"] = board_view(board.table, board.version, board.game_id)
        await interaction.followup.send("\n".join(lines)[:2000], ephemeral=True, allowed_mentions=NO_PINGS, **kwargs)


__all__ = ["GameCog", "lobby_text"]
