"""``/game`` commands that look at the table: the board, your hand and moves, the rules, the
history and export, and the server-wide lists.

``/game board|hand|moves|rules|help|list|mine|history|export`` (a
:class:`bot.cogs.group.GameSection`) and the board's "My hand" / "My moves" / "Full board"
buttons and the history's Prev/Next (:mod:`bot.views`). They only read: nothing here changes
a game. Thin adapters over :class:`bot.service.Service`; conventions in :mod:`bot.cogs.base`.
"""

from __future__ import annotations

import io
import json
import logging
from itertools import zip_longest
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import render
from bot.boardtext import board_lines, game_title, history_line, history_pages
from bot.cogs.group import GameSection, add_section
from bot.cogs.lobby import track_lobby
from bot.format import (
    NO_PINGS,
    ai_played,
    bound,
    fit_lines,
    hand_text,
    lobby_text,
    reader,
    rename_view,
    seat_label,
    seats_of,
    split_content,
    table_line,
)
from bot.games import find_topic, rules_text, split_game, title, topic_name
from bot.help import help_text
from bot.i18n import T, Tn
from bot.i18n import render as in_language
from bot.poster import say
from bot.service import UserError
from bot.views import TABLE_COG, board_view, history_view, lobby_view, pick_view
from engines import registry

log = logging.getLogger("boardhost.discord")

MAX_LIST = 40  # lines of /game moves and /game history


class TableViews(GameSection, name=TABLE_COG):
    """``/game board|hand|moves|rules|help|list|mine|history|export`` and the board's buttons."""

    @app_commands.command(name="board", description="Show the current board (or the final ranking).")
    async def board(self, interaction: discord.Interaction) -> None:
        board = await self.service.board(interaction.channel_id)
        if board.status == "lobby":
            sent = await interaction.response.send_message(
                lobby_text(board.info),
                view=lobby_view(board.table, board.game_pk, board.info.language),
                allowed_mentions=NO_PINGS,
            )
            await track_lobby(self.service, self.poster, board.table, board.game_pk, sent.message_id)
            return
        await interaction.response.defer(thinking=True)
        files = []
        if board.view is not None:
            files = await self.poster.board_files(
                board.game_id, board.view, seats_of(board.info), board.info.language, ai_played(board.info)
            )
        kwargs: dict[str, Any] = {"files": files, "allowed_mentions": NO_PINGS}
        if board.status == "active":
            kwargs["view"] = board_view(board.table, board.version, board.game_id, lang=board.info.language)
        await interaction.followup.send(bound("\n".join(board_lines(board, board.info.language))), **kwargs)

    async def send_full_board(self, interaction: discord.Interaction, table: int) -> None:
        """ "Full board" under a move's post: the current full board image(s) and the
        ``/game board`` text, only to the clicker."""

        await interaction.response.defer(ephemeral=True, thinking=True)
        board = await self.service.board(table)
        files = []
        if board.view is not None:
            files = await self.poster.board_files(
                board.game_id, board.view, seats_of(board.info), reader(interaction), ai_played(board.info)
            )
        kwargs: dict[str, Any] = {"files": files, "allowed_mentions": NO_PINGS, "ephemeral": True}
        if board.status == "active":
            kwargs["view"] = board_view(board.table, board.version, board.game_id, lang=reader(interaction))
        await interaction.followup.send(bound("\n".join(board_lines(board, reader(interaction)))), **kwargs)

    @app_commands.command(name="hand", description="Show your hand, only to you.")
    async def hand(self, interaction: discord.Interaction) -> None:
        await self.send_hand(interaction, interaction.channel_id)

    @app_commands.command(name="moves", description="List your legal moves, only to you.")
    async def moves(self, interaction: discord.Interaction) -> None:
        await self.send_moves(interaction, interaction.channel_id)

    @app_commands.command(name="rules", description="Read a summary of the rules, by topic.")
    @app_commands.describe(topic="The part of the rules to read (suggested as you type).")
    async def rules(self, interaction: discord.Interaction, topic: str | None = None) -> None:
        engine = await self._table_engine(interaction.channel_id)
        game_id, typed = split_game(topic or "")  # "transport overview", "Továrník: stavba"
        if game_id is not None:  # another game's rules may be read at any table
            engine = registry.get(game_id)
        lang = reader(interaction)
        if engine is None:
            games = ", ".join(f"{in_language(title(g), lang)} (`{g}`)" for g in registry.ids())
            if typed:  # a topic without its game, at a table that plays none
                raise UserError(
                    T(
                        "Which game's `{topic}`? Write the game first, e.g. `transport {topic}`; games: {games}.",
                        topic=typed.replace("`", "'"),
                        games=games,
                    )
                )
            await say(
                interaction,
                T(
                    "Games: {games}.\nPick a topic with `/game rules topic:`, e.g. `factory-manager overview`.",
                    games=games,
                ),
            )
            return
        summary = engine.rules_summary or {}
        if not summary:
            raise UserError(T("There is no rules summary for {game} yet.", game=title(engine)))
        key = find_topic(engine, typed) if typed else next(iter(summary))
        if key is None:
            raise UserError(
                T(
                    "{game} has no rules topic `{topic}`; topics: {topics}.",
                    game=title(engine),
                    topic=typed.replace("`", "'"),
                    topics=[topic_name(t) for t in summary],
                )
            )
        text = T(
            "**{game}: {topic}**\n{summary}\nOther topics: {topics}.",
            game=title(engine),
            topic=topic_name(key),
            summary=rules_text(engine, key),
            topics=[topic_name(t) for t in summary if t != key],
        )
        await say(interaction, split_content([in_language(text, reader(interaction))])[0])

    @rules.autocomplete("topic")
    async def rules_topic(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """Each topic by its name in the member's language (``Transport: přehled`` where the
        table plays no game yet); its value is the topic's key (``transport overview``)."""

        engine = await self._table_engine(interaction.channel_id)
        engines = [engine] if engine is not None else [registry.get(g) for g in registry.ids()]
        typed = (current or "").casefold().strip()
        lang = reader(interaction)
        found: list[list[app_commands.Choice[str]]] = []
        for e in engines:
            mine = []
            for topic in e.rules_summary:
                value = topic if engine is not None else f"{e.id} {topic}"
                name = in_language(topic_name(topic), lang)
                if engine is None:
                    name = f"{in_language(title(e), lang)}: {name}"
                if typed in value.casefold() or typed in name.casefold():
                    mine.append(app_commands.Choice(name=name[:100], value=value[:100]))
            found.append(mine)
        # the games' topics taken in turn (each game's overview first), so that the 25 that
        # Discord shows name every game's first topics rather than the first games' all
        out = [c for row in zip_longest(*found) for c in row if c is not None]
        return out[:25]

    async def _table_engine(self, table: int | None):
        info = await self.service.table_info(table) if table else None
        if info is None:
            return None
        try:
            return registry.get(info.game_id)
        except KeyError:
            return None

    @app_commands.command(
        name="help", description="How to play here: the Play button, the commands, this game's rules."
    )
    async def help(self, interaction: discord.Interaction) -> None:
        engine = await self._table_engine(interaction.channel_id)
        await say(interaction, help_text(engine, list(registry.ids()), reader(interaction)))

    @app_commands.command(
        name="list", description="List this server's tables: the game, where, whose turn and since when."
    )
    async def list_tables(self, interaction: discord.Interaction) -> None:
        tables = await self.service.guild_tables(interaction.guild_id)
        if not tables:
            raise UserError(T("No games are open on this server; start one with /game new."))
        lang = reader(interaction)
        head = in_language(Tn("{n} table on this server:", "{n} tables on this server:", len(tables)), lang)
        await say(interaction, "\n".join(fit_lines(head, [table_line(t, lang=lang) for t in tables])))

    @app_commands.command(name="mine", description="List the tables where you must act, on every server (only to you).")
    async def mine(self, interaction: discord.Interaction) -> None:
        tables = await self.service.my_tables(interaction.user.id)
        if not tables:
            raise UserError(T("No table is waiting for you right now."))
        lang = reader(interaction)
        head = in_language(Tn("Your move at {n} table:", "Your move at {n} tables:", len(tables)), lang)
        await say(
            interaction, "\n".join(fit_lines(head, [table_line(t, cross_server=True, lang=lang) for t in tables]))
        )

    @app_commands.command(name="history", description="Read the whole game move by move, only to you.")
    @app_commands.describe(player="Show only this player's moves.")
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
            raise UserError(T("No moves have been made at this table yet."))
        game_pk = game_pk or info.game_pk
        who = None
        if player is not None:
            seat = next((s.seat for s in info.seats if s.user == str(player)), None)
            if seat is None:
                raise UserError(T("{player} has no seat in this game.", player=f"<@{player}>"))
            who = seat
            lines = [h for h in lines if h.seat == seat]
            if not lines:
                raise UserError(T("{player} has not moved yet in this game.", player=f"<@{player}>"))
        lang = reader(interaction)
        texts = [history_line(h, lang) for h in lines]
        pages = history_pages(texts)
        page = len(pages) - 1 if page is None else max(0, min(page, len(pages) - 1))
        first, last = pages[page]
        lo, hi = lines[first].seq, lines[last - 1].seq
        where = {"game": game_title(info), "lo": lo, "hi": hi, "page": page + 1, "pages": len(pages)}
        if who and lo == hi:
            head = T("**{game}**, move {lo} of {player} (page {page} of {pages}):", player=seat_label(who), **where)
        elif who:
            head = T(
                "**{game}**, moves {lo}–{hi} of {player} (page {page} of {pages}):", player=seat_label(who), **where
            )
        elif lo == hi:
            head = T("**{game}**, move {lo} (page {page} of {pages}):", **where)
        else:
            head = T("**{game}**, moves {lo}–{hi} (page {page} of {pages}):", **where)
        text = "\n".join([in_language(head, lang), *texts[first:last]])
        view = history_view(table, game_pk, page, len(pages), player or 0)
        if interaction.type == discord.InteractionType.component:
            await interaction.response.edit_message(content=bound(text), view=view, allowed_mentions=NO_PINGS)
        else:
            await say(interaction, text, **({"view": view} if view is not None else {}))

    @app_commands.command(name="export", description="Get the whole game log as a JSON file, only to you.")
    async def export(self, interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        data = await self.service.export(interaction.channel_id, interaction.user.id)
        names = await self.bot.display_names([s["seat"] for s in data["seats"]])  # type: ignore[attr-defined]
        for seat in data["seats"]:
            seat["name"] = names.get(seat["seat"], seat["seat"])
        raw = json.dumps(data, ensure_ascii=False, indent=1).encode()
        name = f"boardhost-{data['game']}-{data['number']}.json"
        count, game = len(data["actions"]), title(data["game"])
        if data["status"] == "over":
            note = Tn(
                "{game}, {n} logged action: the whole game (`boardhost replay` re-runs it).",
                "{game}, {n} logged actions: the whole game (`boardhost replay` re-runs it).",
                count,
                game=game,
            )
        else:
            note = Tn(
                "{game}, {n} logged action: the game so far, without hidden information"
                " (export it again once it is over to replay it).",
                "{game}, {n} logged actions: the game so far, without hidden information"
                " (export it again once it is over to replay it).",
                count,
                game=game,
            )
        await interaction.followup.send(
            in_language(note, reader(interaction)),
            file=discord.File(io.BytesIO(raw), filename=name),
            ephemeral=True,
        )

    # ----- hands and moves (commands and board buttons) ----------------------------------
    async def send_hand(self, interaction: discord.Interaction, table: int) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        hand = await self.service.hand(table, interaction.user.id)
        game = title(hand.game_id)
        if not hand.has_hands or hand.private is None:
            await say(
                interaction,
                T(
                    "{game} has no hidden hand: everything you own is on the board, in the panel with your name.",
                    game=game,
                ),
            )
            return
        info = await self.service.table_info(table)
        names = await self.bot.display_names(seats_of(info), drawn=True)  # type: ignore[attr-defined]
        lang = reader(interaction)  # the member's own language: only they see this answer
        png = await render.render_hand(hand.game_id, rename_view(hand.view, names), lang) if hand.view else None
        files = [discord.File(io.BytesIO(png), filename="hand.png")] if png else []
        text = hand.text or hand_text(hand.view) or T("Your hand.")
        head = T("**{game}**, move {move}. {hand}", game=game, move=hand.version, hand=text)
        await interaction.followup.send(bound(in_language(head, lang)), ephemeral=True, files=files)

    async def send_moves(self, interaction: discord.Interaction, table: int) -> None:
        moves = await self.service.legal_moves(table, interaction.user.id)
        if not moves:
            raise UserError(await self.service.why_no_moves(table, interaction.user.id, seat_label))
        lang = reader(interaction)
        moves = [(notation, in_language(text, lang)) for notation, text in moves]  # the sentences in your language
        head = in_language(
            Tn("Your moves ({n}): play one with `/move`.", "Your moves ({n}): play one with `/move`.", len(moves)), lang
        )
        body: list[str] = []
        size = len(head)
        for notation, text in moves[:MAX_LIST]:
            line = f"`{notation}` — {text}"
            if size + len(line) + 1 > 1850:
                break
            body.append(line)
            size += len(line) + 1
        if len(body) < len(moves):
            more = len(moves) - len(body)
            body.append(
                in_language(
                    Tn(
                        "…and {n} more: type part of a move in `/move` to narrow the list.",
                        "…and {n} more: type part of a move in `/move` to narrow the list.",
                        more,
                    ),
                    lang,
                )
            )
        if len(moves) <= 25:
            body.append(in_language(T("Or pick one below to play it."), lang))
        info = await self.service.table_info(table)
        kwargs: dict[str, Any] = {}
        if info is not None and len(moves) <= 25:
            kwargs["view"] = pick_view(table, info.version, moves, lang)
        await say(interaction, "\n".join([head, *body]), **kwargs)

    # ----- the board's buttons (bot.views) -----------------------------------------------
    async def board_button(self, interaction: discord.Interaction, kind: str, table: int, version: int) -> None:
        # "My hand" and "My moves" only read: on an older board of the live game they answer
        # with the current state; only a finished/cancelled game's board is stale
        info = await self.service.table_info(table)  # cached; no view built
        if info is None or info.status != "active":
            # these buttons only read, so no "nothing was played": say why the board is old
            board = await self.service.board(table)
            lead = {
                "over": T("This game is over; this is its final board:"),
                "cancelled": T("This game was cancelled; this is its last board:"),
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
    """Extension entry point (``bot.load_extension("bot.cogs.table")``)."""

    await add_section(bot, TableViews(bot))
