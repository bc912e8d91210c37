"""Posting to Discord: :class:`Poster` turns a :class:`bot.service.Result` into channel posts and DMs.

* public events, board image(s) rendered off the event loop, a mention of only whoever must
  act, "Game over" and the ranking, in the table's version order;
* private information by DM, falling back to a neutral channel notice on Forbidden 50007;
* reconcile: at start-up (:meth:`Poster.reconcile_all`) every board committed but never shown
  is posted ("the bot restarted; here is the current board"), and a table whose post failed is
  caught up at its next interaction (:meth:`Poster.touch`).
"""

from __future__ import annotations

import io
import logging
from collections.abc import Iterable
from typing import Any, Protocol

import discord
from discord.ext import tasks

from bot import render, sending
from bot.boardtext import FINAL_RANKING, footer, move_lines, post_failed, post_refused, status_text
from bot.format import (
    NO_PINGS,
    ai_played,
    bound,
    mark_ai_played,
    mention_seats,
    missing_in,
    permission_names,
    rename_events,
    rename_view,
    seats_of,
    table_language,
    unmarked,
)
from bot.games import title
from bot.i18n import DEFAULT, T, Text
from bot.i18n import render as in_language
from bot.sending import say
from bot.service import Board, Result, Service
from bot.turnposts import TurnPosts
from bot.views import board_view, play_view

log = logging.getLogger("boardhost.discord")


def unknown_channel(exc: BaseException) -> bool:
    """Whether Discord answered 10003 Unknown Channel (the channel or thread is gone)."""

    return isinstance(exc, discord.NotFound) and exc.code == 10003


class PosterHost(Protocol):
    """What the poster needs of the bot (:class:`bot.discord_app.BoardhostBot`)."""

    service: Service | None

    async def display_names(self, seats: Iterable[str], *, drawn: bool = False) -> dict[str, str]: ...
    def get_channel(self, id: int, /) -> Any: ...
    async def fetch_channel(self, id: int, /) -> Any: ...
    def get_user(self, id: int, /) -> Any: ...
    async def fetch_user(self, id: int, /) -> Any: ...
    async def owns_table(self, table: int | str) -> bool: ...


#: the first line of a catch-up post at start-up / when a table is next touched
RESTARTED = "The bot restarted; here is the current board."
CATCHING_UP = "A board did not reach this channel; here is the current one."
AI_CAUGHT_UP = "The AI's turn was held up; it has now been played. Here is the current board."


class Poster:
    """Turns service results into channel posts and DMs (see module docstring).

    Reconcile: every post of a started game records the version it showed
    (:meth:`bot.service.Service.mark_posted`). At start-up :meth:`reconcile_all` posts the
    current board of every game whose last committed version was never shown ("the bot
    restarted", the missed public events, a ping of whoever must act); a table whose post
    fails is kept in :attr:`pending` and caught up when it is next touched (:meth:`touch`).
    """

    def __init__(self, bot: PosterHost):
        self.bot = bot
        #: tables owing a post (a failed post or a failed catch-up)
        self.pending: set[str] = set()
        #: table -> players asked to act who have not acted since (in memory: after a
        #: restart the next post pings again, which is harmless)
        self._waiting: dict[str, set[str]] = {}
        #: table -> (failed retries, when the next retry may run, POSIX seconds)
        self._backoff: dict[str, tuple[int, float]] = {}
        #: table -> the error of its last failed catch-up post
        self.last_failure: dict[str, Exception] = {}
        #: tables told that Discord refuses their posts for permissions (once per episode)
        self._told: set[str] = set()
        #: the start-up catch-up failed (a database error): the retry loop runs it again
        self.reconcile_owed = False
        self._reconcile_backoff: tuple[int, float] = (0, 0.0)
        #: the turn's channel line and each player's newest hand DM, edited as a turn goes on
        self.turns = TurnPosts(bot)

    def to_ping(self, table: str, mention: list[str], actor: str | None) -> list[str]:
        """Whom to ping now among those who must act: not the ``actor`` whose command made
        this post (they are here), and not players already asked who have not acted since
        (still waiting in a simultaneous step). The text still names everyone who must act."""

        waiting = self._waiting.get(table, set())
        waiting.discard(actor or "")
        ping = [m for m in mention if m != actor and m not in waiting]
        if mention:
            self._waiting[table] = set(mention)
        else:  # nobody asked (game over): keep no entry for the table
            self._waiting.pop(table, None)
        return ping

    async def board_files(
        self, game_id: str, view: dict, seats: list[str], lang: str = "en", ai: Iterable[str] = ()
    ) -> list[discord.File]:
        """The board image(s) of ``view`` with display names in place of seat ids (a player's
        seat in ``ai`` marked as played by the AI: :func:`bot.format.mark_ai_played`), drawn
        in ``lang`` (the table's language for the channel, the clicker's for one reader)."""

        names = mark_ai_played(await self.bot.display_names(seats, drawn=True), ai, lang)
        images = await render.render_board(game_id, rename_view(view, names), lang)
        files = []
        for i, png in enumerate(images[:10]):
            name = "board.png" if len(images) == 1 else f"board-{i + 1}.png"
            files.append(discord.File(io.BytesIO(png), filename=name))
        return files

    async def summary_files(
        self,
        game_id: str,
        view: dict,
        seats: list[str],
        events: list[str] | None = None,
        lang: str = "en",
        ai: Iterable[str] = (),
    ) -> list[discord.File]:
        """The one image of a move's post: the phone summary ``summary.png`` (what the move
        did, each seat's score and resources, whose turn) with display names in place of seat
        ids (``ai``: see :meth:`board_files`), drawn in ``lang`` (``events`` already in it); a
        game whose renderer draws no summary posts its board instead. The full board stays on
        ``/game board`` and the "Full board" button."""

        names = mark_ai_played(await self.bot.display_names(seats, drawn=True), ai, lang)
        lines = [unmarked(ln) for ln in rename_events(list(events or []), names)]  # drawn as typed
        png = await render.render_summary(game_id, rename_view(view, names), lines, lang)
        if png is None:
            return await self.board_files(game_id, view, seats, lang, ai)
        return [discord.File(io.BytesIO(png), filename="summary.png")]

    async def post_result(
        self,
        channel: discord.abc.Messageable,
        result: Result,
        *,
        force_board: bool = False,
        actor: int | str | None = None,
    ) -> None:
        """Post what ``result`` changed, in the table's version order: public events, the
        phone summary image (:meth:`summary_files`) with the "My hand"/"My moves" buttons, who must act (only they may be
        pinged, see :meth:`to_ping`; ``actor``: the user whose command caused it); then
        private information by DM."""

        actor = str(actor) if actor is not None else None
        assert self.bot.service is not None
        lang = table_language(result.info)  # the service's own sentences (bot.i18n.Text) in it
        result.public = [in_language(t, lang) for t in result.public]
        seats, ai = seats_of(result.info), ai_played(result.info)
        # render BEFORE waiting for the table's turn to post: renders of one table run
        # side by side, only the sends go out one after the other
        board = (result.board_due or force_board) and result.view is not None
        files: list[discord.File] = []
        failure: Exception | None = None
        if board:
            try:
                files = await self.summary_files(result.game_id, result.view, seats, result.public, lang, ai)
            except Exception as exc:  # still take the ticket's turn, so later posts don't wait
                failure = exc
        async with self.bot.service.post_order(result):
            if result.catch_up and not await self.bot.service.needs_post(result):
                return  # a later post showed this version meanwhile
            try:
                if failure is not None:
                    raise failure
                # at the end the events already say "Game over" (the engine's line, or the
                # service's): the footer adds only the ranking
                ping = self.to_ping(result.table, result.mention, actor)
                if board and result.board_posts == "status" and result.status in ("active", "over"):
                    await self.post_status(channel, result, files, ping)
                else:
                    if result.status == "active":  # a new board post per move: no line to edit
                        await self.turns.forget_line(result.game_pk)
                    lines = [mention_seats(t, seats) for t in result.public]
                    lines += footer(
                        result.status,
                        result.status_line,
                        result.mention,
                        result.ranking,
                        seats,
                        heading=FINAL_RANKING,
                        deadline=result.deadline,
                        lang=lang,
                    )
                    await self.send_chunks(channel, lines, files, result, ping)
                if board and not result.ai_pending:  # the channel has seen this version
                    await self.bot.service.mark_posted(result)
            except Exception:
                self.pending.add(result.table)  # caught up when the table is next touched
                raise
        await self.send_private(channel, result)
        if result.status == "over":
            await self.turns.forget_game(result.game_pk)

    # ----- the live status message (the table's setting board_posts = "status") ----------
    async def post_status(
        self, channel: discord.abc.Messageable, result: Result, files: list[discord.File], ping: list[str]
    ) -> None:
        """Show ``result`` at a table with a live status message: edit that message in place
        (the board image(s), the status line, whose turn, the deadline; the "My hand"/"My
        moves" buttons while the game runs), then post the move's events as one short
        message naming who must act, with a link to the board (only ``ping`` is pinged: an
        edit pings nobody); a later step of the same turn edits that line instead
        (:meth:`bot.turnposts.TurnPosts.send_line`). The message id is stored with the game, so it survives restarts;
        a status message that was deleted or can no longer be edited is posted anew. The move
        line goes out even when the board could not be shown (then the board stays owed)."""

        seats = seats_of(result.info)
        failure: discord.HTTPException | None = None
        message: discord.Message | discord.PartialMessage | None = None
        try:
            message = await self.edit_status(channel, result, files)
        except discord.HTTPException as exc:  # Discord is failing (5xx): the move line still goes out
            failure = exc
        link = (
            getattr(message, "jump_url", None)
            if message is not None and getattr(getattr(channel, "guild", None), "id", None)
            else None
        )
        lines = move_lines(result, seats, link)
        if lines:
            # the line asking players to act carries Play (it pings them: the press is one tap away)
            live = result.status == "active" and result.mention
            view = play_view(result.table, result.version, table_language(result.info)) if live else None
            await self.turns.send_line(channel, result, lines, ping, view)
        if failure is not None:
            raise failure  # the board stays owed: posted when the table is next touched

    async def edit_status(
        self, channel: discord.abc.Messageable, result: Result, files: list[discord.File]
    ) -> discord.Message | discord.PartialMessage:
        """Edit the table's status message to show ``result`` (a new one when there is none
        yet, it was deleted (404 Unknown Message) or Discord refuses to edit it (any 4xx, e.g.
        429 code 30046 for a message older than an hour); the new id is stored); returns it.
        Raises :class:`discord.HTTPException` on a 5xx answer or when the new post fails."""

        content = bound(status_text(result, seats_of(result.info))) or ""
        view = (
            board_view(
                result.table,
                result.version,
                result.game_id,
                full_board=any(f.filename == "summary.png" for f in files),
                lang=table_language(result.info),
            )
            if result.status == "active"
            else None
        )
        if result.status_message:
            message = channel.get_partial_message(int(result.status_message))  # type: ignore[attr-defined]
            try:
                await message.edit(content=content, attachments=files, view=view, allowed_mentions=NO_PINGS)
                return message
            except discord.NotFound:
                log.info(
                    "table %s: the status message %s is gone; posting a new one", result.table, result.status_message
                )
            except discord.HTTPException as exc:
                if exc.status >= 500:
                    raise  # Discord's own failure, not a refusal: the same message is tried again later
                # refused for good or for longer than a move can wait (429 code 30046: too many
                # edits of a message older than an hour; 403; 400): a fresh message replaces it
                log.info(
                    "table %s: Discord refused to edit the status message %s (%s %s); posting a new one",
                    result.table,
                    result.status_message,
                    exc.status,
                    exc.code,
                )
        kwargs: dict[str, Any] = {"files": files, "allowed_mentions": NO_PINGS}
        if view is not None:
            kwargs["view"] = view
        message = await channel.send(content, **kwargs)
        assert self.bot.service is not None
        await self.bot.service.set_status_message(result.game_pk, str(message.id))
        result.status_message = str(message.id)
        return message

    async def channel_of(self, table: int | str) -> discord.abc.Messageable:
        channel = self.bot.get_channel(int(table))
        if channel is None:
            channel = await self.bot.fetch_channel(int(table))
        return channel  # type: ignore[return-value]

    async def catch_up(self, table: str, game_pk: int, note: str) -> bool:
        """Post game ``game_pk``'s missed board at ``table`` (if still missing); True when
        the table owes nothing any more. Failures are logged and leave it pending."""

        assert self.bot.service is not None
        try:
            channel = await self.channel_of(table)  # first: a ticket must never go unposted
            result = await self.bot.service.catch_up(table, game_pk, note)
            if result is not None:
                await self.post_result(channel, result)
        except Exception as exc:
            if unknown_channel(exc):
                log.warning(
                    "table %s: its channel is gone (10003 Unknown Channel); game %s closed, nothing more posted there",
                    table,
                    game_pk,
                )
                await self.home_gone(table)
                return True  # nothing is owed to a channel that is gone
            log.exception("table %s: catch-up post of game %s failed", table, game_pk)
            self.pending.add(table)
            self.last_failure[table] = exc
            return False
        self.last_failure.pop(table, None)
        return True

    async def place_tables(self) -> int:
        """At start-up: store the server of every live game that has none (a database made
        before servers were recorded), from its channel, so ``/game list`` shows it; returns
        how many were placed. A channel that cannot be read now is tried at the next start."""

        service = self.bot.service
        assert service is not None
        placed = 0
        for table, pk in await service.unplaced_tables():
            if not table.isdigit():  # not a Discord channel (e.g. a `boardhost simulate` table)
                continue
            try:
                channel = await self.channel_of(table)
            except discord.HTTPException:
                log.info("table %s: its channel could not be read; its server stays unknown for now", table)
                continue
            guild = getattr(channel, "guild", None)
            if guild is not None:
                await service.place_table(pk, guild.id)
                placed += 1
        return placed

    async def home_gone(self, table: int | str) -> bool:
        """``table``'s channel or thread is gone (deleted; or Discord answered 10003 Unknown
        Channel): close its game (:meth:`bot.service.Service.close_gone`) and stop retrying
        its posts. True if a live game was closed."""

        table = str(table)
        self.drop_retries(table)
        assert self.bot.service is not None
        return await self.bot.service.close_gone(table)

    def drop_retries(self, table: str) -> None:
        self.pending.discard(table)
        self.last_failure.pop(table, None)
        self._backoff.pop(table, None)

    async def reconcile_all(self) -> int:
        """At start-up: catch up every table owing a post, then play and post every AI turn
        left due (even on a board the channel has seen: an engine/AI error or a crash before
        the AI's commit); returns how many tables were caught up. Only tables of
        guilds this process runs the shard of (:meth:`PosterHost.owns_table`)."""

        service = self.bot.service
        assert service is not None
        done = 0
        seen: set[str] = set()
        for table, pk in await service.unposted():
            if not table.isdigit():  # not a Discord channel (e.g. a `boardhost simulate` table)
                continue
            if not await self.bot.owns_table(table):  # another shard process posts it
                continue
            seen.add(table)
            if await self.catch_up(table, pk, RESTARTED):
                done += 1
        for table, pk in await service.ai_due_games():
            if table in seen or not table.isdigit() or not await self.bot.owns_table(table):
                continue
            if await self.catch_up(table, pk, AI_CAUGHT_UP):
                done += 1
        return done

    async def start_up(self) -> None:
        """Once per process, when the gateway is ready: start :meth:`retry_pending_posts`
        first, then run :meth:`reconcile_all`. A failure of the catch-up (the database not
        answering yet) is logged and leaves :attr:`reconcile_owed` set: the retry loop runs
        it again with the same backoff as a failed post, until it works."""

        if not self.retry_pending_posts.is_running():
            self.retry_pending_posts.start()
        await self.reconcile_once()

    async def reconcile_once(self) -> bool:
        """Run :meth:`reconcile_all`; True when it finished. On any error: logged, owed again."""

        try:
            await self.reconcile_all()
        except Exception:
            failures = self._reconcile_backoff[0]
            wait = min(self.RETRY_FIRST * 2**failures, self.RETRY_MAX)
            self._reconcile_backoff = (failures + 1, discord.utils.utcnow().timestamp() + wait)
            self.reconcile_owed = True
            log.exception("the start-up catch-up of missed posts failed; retrying in %.0f s", wait)
            return False
        self.reconcile_owed = False
        self._reconcile_backoff = (0, 0.0)
        return True

    async def touch(self, table: int | str | None) -> None:
        """A table was used: if it owes a post (a failed one) or an AI turn is due there (a
        crash or a failed commit between a human's move and the AI's reply),
        play the AI's turn and post what the channel missed now."""

        table = str(table)
        service = self.bot.service
        if service is None or not table.isdigit():
            return
        ai_due = await service.ai_due(table)
        if table not in self.pending and not ai_due:
            return
        self.pending.discard(table)
        pks = [pk for t, pk in await service.unposted() if t == table]
        if ai_due:
            info = await service.table_info(table)
            if info is not None and info.game_pk not in pks:
                pks.append(info.game_pk)
        for pk in pks:
            await self.catch_up(table, pk, AI_CAUGHT_UP if ai_due else CATCHING_UP)

    # ----- retrying failed posts in the background ---------------------------
    #: seconds before the first retry of a failed post; doubled after each failure
    RETRY_FIRST = 10.0
    #: the longest wait between two retries, seconds
    RETRY_MAX = 600.0

    @tasks.loop(seconds=RETRY_FIRST)
    async def retry_pending_posts(self) -> None:
        """The pending-posts retry loop (a ``discord.ext.tasks`` loop, separate from any
        other periodic job): the start-up catch-up if it failed (:meth:`start_up`), every
        table owing a post, and every table whose AI run stopped
        on an engine/AI error with an AI seat still to act (``Service.ai_stalled_tables``), is
        caught up when its backoff has passed (10 s, 20 s, 40 s … at most 10 min after each
        failure), not only when it is next touched. Tables of guilds another shard process
        runs are left to that process."""

        service = self.bot.service
        if service is None:
            return
        now = discord.utils.utcnow().timestamp()
        if self.reconcile_owed and self._reconcile_backoff[1] <= now:
            await self.reconcile_once()
        for table in sorted(self.pending | service.ai_stalled_tables()):
            failures, due = self._backoff.get(table, (0, now))
            if due > now:
                continue
            if not table.isdigit() or not await self.bot.owns_table(table):
                self.pending.discard(table)
                service.clear_ai_stalled(table)
                self._backoff.pop(table, None)
                continue
            try:
                await self.touch(table)
                if table in service.ai_stalled_tables() and not await service.ai_due(table):
                    service.clear_ai_stalled(table)  # the game moved on (or ended) meanwhile
            except Exception:  # one table's failure must not stop the loop
                log.exception("table %s: background catch-up failed", table)
                self.pending.add(table)
            if table in self.pending:
                await self.explain_refusal(table)
            else:
                self._told.discard(table)  # posted: a later refusal is told again
            if table in self.pending or table in service.ai_stalled_tables():  # failed again: wait twice as long
                wait = min(self.RETRY_FIRST * 2**failures, self.RETRY_MAX)
                self._backoff[table] = (failures + 1, now + wait)
            else:
                self._backoff.pop(table, None)

    async def explain_refusal(self, table: str) -> None:
        """A background retry of ``table``'s post was refused for permissions (Discord 50013
        Missing Permissions / 50001 Missing Access): once per episode (until a post there
        succeeds), say so in one sentence naming what the bot lacks (the bot's permissions
        in the channel), in the channel if it still takes text, else by DM to the players
        who must act; logged either way. Retries go on with their backoff and
        stop once the post succeeds."""

        exc = self.last_failure.get(table)
        if not (isinstance(exc, discord.Forbidden) and exc.code in (50013, 50001)) or table in self._told:
            return
        self._told.add(table)
        try:
            channel: Any = await self.channel_of(table)
        except discord.HTTPException:
            channel = None  # hidden from the bot altogether (50001)
        missing = missing_in(channel)
        lang = DEFAULT
        if self.bot.service is not None:
            try:
                lang = table_language(await self.bot.service.table_info(table))
            except Exception:
                pass
        names = permission_names(missing)
        where_name = getattr(channel, "mention", None) or T("its channel")
        text = in_language(post_refused(names), lang)
        log.warning(
            "table %s: Discord refuses the board post (%s); missing: %s",
            table,
            exc.code,
            ", ".join(missing) or "unknown",
        )
        if channel is not None:
            try:
                await channel.send(text, allowed_mentions=NO_PINGS)
                return
            except discord.HTTPException:
                pass  # no text either: tell the players who must act
        service = self.bot.service
        if service is None:
            return
        try:
            board = await service.board(table)
        except Exception:
            return
        dm = in_language(post_refused(names, title(board.game_id), where_name), lang)
        for seat in board.to_act:
            if not seat.isdigit():
                continue
            try:
                user = self.bot.get_user(int(seat)) or await self.bot.fetch_user(int(seat))
                await user.send(dm, allowed_mentions=NO_PINGS)
            except discord.HTTPException:
                log.info("table %s: could not DM %s about the refused post", table, seat)

    async def post_committed(
        self,
        interaction: discord.Interaction,
        channel: discord.abc.Messageable,
        result: Result,
        done: Text,
        **kwargs: Any,
    ) -> None:
        """Post ``result`` of a change already committed (``done``: the sentence saying it
        stands, "Your move `x` was played."). If the post fails, the member is told, in their
        language, ``done`` and why the board is not there yet (:func:`bot.boardtext.post_failed`:
        the permissions a refusal (50013/50001) is for; never "try again": retrying could play
        a second move); the table is retried by :meth:`retry_pending_posts`."""

        try:
            await self.post_result(channel, result, **kwargs)
        except Exception as exc:
            if unknown_channel(exc):  # the move stands; its table's home is gone
                await self.home_gone(result.table)
                return
            log.exception("table %s: post of version %s failed", result.table, result.version)
            self.pending.add(result.table)
            interaction.extras["post_failed"] = True  # no retry on this same interaction
            refused = isinstance(exc, discord.Forbidden) and exc.code in (50013, 50001)
            names = permission_names(missing_in(channel)) if refused else []
            try:
                await say(interaction, post_failed(done, names, refused, over=result.status == "over"))
            except discord.HTTPException:
                pass

    async def send_chunks(
        self,
        channel: discord.abc.Messageable,
        lines: list[str],
        files: list[discord.File],
        result: Result | Board | None,
        mention: list[str],
    ) -> discord.Message | None:
        """:func:`bot.sending.send_chunks`: the lines in messages of at most 2000 characters."""

        return await sending.send_chunks(channel, lines, files, result, mention)

    async def send_private(self, channel: discord.abc.Messageable, result: Result) -> None:
        """:func:`bot.sending.send_private`: each player's DM of what changed for them."""

        await sending.send_private(self.bot, channel, result, self.turns)


__all__ = ["AI_CAUGHT_UP", "Poster", "PosterHost", "say", "RESTARTED", "CATCHING_UP"]
