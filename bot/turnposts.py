"""One post per turn, one DM per own turn: which message a turn's next post edits.

**A turn** (over the engine contract): the maximal run of moves during which the set of
seats to act (``engine.to_act``) stays the same. A service call whose steps all left the same
seats to act has ``Result.turn_goes_on``; any other call (a start, a catch-up, an undo, a
move that passed the turn) begins a new turn. In a simultaneous step each submission changes
the set (``{A, B}`` → ``{B}``), so each player's submission is its own turn and its own line.

**The turn's channel line** (tables with a live status message): the first post of a turn
is a new message (it names, and pings, whoever must act now); every later step of the same
turn EDITS it, the step's events appended on a line of their own and the "your move" line
brought up to date. A step that must ping someone is always a new message (edits notify
nobody on Discord), as is a step whose line would outgrow Discord's 2000 characters.

**The newest hand DM**: what a player's own move changed for them (a drawn tile, a card
played) edits their newest DM of the game, the new events appended and the hand image and
words replaced by the current ones; a change caused by anyone else's move (cards dealt at a
meeting's start, the game's start, a catch-up after a restart) is a new DM. A DM that would
outgrow 2000 characters is a new one.

Both marks (message id, the turn, the text so far) are stored with the game
(:meth:`bot.service.Service.set_post_mark`, slots ``line`` and ``dm:<user id>``), so a
restarted bot edits the same messages. An edit Discord refuses (the message deleted: 404, or
403/400/5xx) is replaced by a new message carrying everything the old one said. A mark
that cannot be read or stored only costs a new message later.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import OrderedDict
from collections.abc import AsyncIterator
from typing import Any

import discord

from bot.format import MAX_CONTENT, NO_PINGS, allowed_for
from bot.service import Result

log = logging.getLogger("boardhost.discord")

__all__ = ["LINE", "TurnPosts", "dm_slot", "groups", "paragraphs"]

#: the slot of the current turn's channel line
LINE = "line"


def dm_slot(user: str) -> str:
    """The slot of ``user``'s newest hand DM."""

    return f"dm:{user}"


def _fits(lines: list[str]) -> bool:
    return len("\n".join(lines)) <= MAX_CONTENT


def _cut(lines: list[str]) -> list[str]:
    return [p for text in lines for p in (paragraphs(text) or [""])]


def groups(lines: list[str], limit: int = MAX_CONTENT) -> list[list[str]]:
    """``lines`` in as few messages as possible, each ``"\n".join`` of a group at most
    ``limit`` characters, a line never cut (a longer one is first cut into
    :func:`paragraphs`); ``[]`` for no lines."""

    out: list[list[str]] = []
    size = 0
    for line in (p for text in lines for p in (paragraphs(text, limit) or [""])):
        if out and size + 1 + len(line) <= limit:
            out[-1].append(line)
            size += 1 + len(line)
        else:
            out.append([line])
            size = len(line)
    return out


def paragraphs(text: str, limit: int = MAX_CONTENT) -> list[str]:
    """``text`` (a step's events, one paragraph) as paragraphs of at most ``limit``
    characters, cut after a sentence (else at a space), never inside a word when avoidable:
    a step too long for one message (a long AI turn) goes on in the next message."""

    out: list[str] = []
    while len(text) > limit:
        cut = text.rfind(". ", 0, limit)
        if cut <= 0:
            cut = text.rfind(" ", 0, limit)
        cut = cut + 1 if cut > 0 else limit
        out.append(text[:cut].rstrip())
        text = text[cut:].lstrip()
    return [*out, text] if text else out


class TurnPosts:
    """The marks of the messages that later posts of a turn edit, per game (cached, stored
    through the service), and the sending that edits them or posts anew (module docstring).
    ``bot``: the poster's host (``service``, ``get_partial_messageable``)."""

    #: games whose marks are kept in memory
    MAX_GAMES = 1024

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        #: game pk -> slot -> mark (a JSON object as stored), the most recently used last;
        #: at most :attr:`MAX_GAMES` games (an evicted one is read back from the store)
        self._marks: OrderedDict[int, dict[str, dict]] = OrderedDict()
        #: game pk -> (the lock its DMs are sent under, how many hold or await it)
        self._dm_locks: dict[int, tuple[asyncio.Lock, int]] = {}

    # ----- the marks ------------------------------------------------------------------
    async def marks(self, game_pk: int) -> dict[str, dict]:
        """The game's marks: the cache, else read once from the store (a failed read: none)."""

        cached = self._marks.get(game_pk)
        if cached is not None:
            self._marks.move_to_end(game_pk)
        else:
            try:
                cached = dict(await self.bot.service.post_marks(game_pk))
            except Exception:
                log.exception("game %s: the marks of its turn line and DMs could not be read", game_pk)
                cached = {}
            self._marks[game_pk] = cached
            while len(self._marks) > self.MAX_GAMES:
                self._marks.popitem(last=False)
        return cached

    async def _keep(self, game_pk: int, slot: str, mark: dict | None) -> None:
        marks = await self.marks(game_pk)
        if mark is None:
            if marks.pop(slot, None) is None:
                return
        else:
            marks[slot] = mark
        try:
            await self.bot.service.set_post_mark(game_pk, slot, mark)
        except Exception:  # this process still knows it; after a restart: a new message
            log.exception("game %s: the mark of its %s could not be stored", game_pk, slot)

    async def forget_game(self, game_pk: int) -> None:
        """The game is over: drop (and delete) every mark it has."""

        for slot in list(await self.marks(game_pk)):
            await self._keep(game_pk, slot, None)
        self._marks.pop(game_pk, None)

    async def forget_line(self, game_pk: int) -> None:
        """The next post must be a new line (the table posts a new board every move)."""

        await self._keep(game_pk, LINE, None)

    @contextlib.asynccontextmanager
    async def dm_turn(self, game_pk: int) -> AsyncIterator[None]:
        """``async with turns.dm_turn(game_pk):`` one result's DMs of the game after the
        other's (the lock exists only while someone holds or awaits it)."""

        lock, users = self._dm_locks.get(game_pk) or (asyncio.Lock(), 0)
        self._dm_locks[game_pk] = (lock, users + 1)
        try:
            async with lock:
                yield
        finally:
            lock, users = self._dm_locks[game_pk]
            if users > 1:
                self._dm_locks[game_pk] = (lock, users - 1)
            else:
                del self._dm_locks[game_pk]

    # ----- the turn's channel line ------------------------------------------------------
    async def send_line(
        self,
        channel: discord.abc.Messageable,
        result: Result,
        lines: list[str],
        ping: list[str],
        view: discord.ui.View | None = None,
    ) -> discord.Message | discord.PartialMessage | None:
        """Show a move's ``lines`` (:func:`bot.boardtext.move_lines`: its events' paragraph when
        it has events, then who must act or the ranking) in the channel: an edit of the turn's
        line when ``result`` goes on with its turn and pings nobody, else a new message
        pinging ``ping`` (module docstring). ``view``: the components the line carries (kept
        on an edit). Returns the message shown."""

        step = paragraphs(lines[0]) if result.public and lines else []
        rest = lines[1:] if step else lines
        turn = sorted(result.acting)
        mark = (await self.marks(result.game_pk)).get(LINE)
        if mark is not None and result.turn_goes_on and not ping and mark.get("turn") == turn:
            events = list(mark.get("events", [])) + step
            if _fits(events + rest):
                message = channel.get_partial_message(int(mark["message"]))  # type: ignore[attr-defined]
                kwargs: dict[str, Any] = {"content": "\n".join(events + rest), "allowed_mentions": NO_PINGS}
                if view is not None:
                    kwargs["view"] = view
                try:
                    await message.edit(**kwargs)
                except discord.HTTPException as exc:
                    log.info(
                        "table %s: the turn line %s could not be edited (%s %s); posting it anew",
                        result.table,
                        mark["message"],
                        exc.status,
                        exc.code,
                    )
                    return await self._new_line(channel, result, events, rest, ping, view, turn)
                await self._keep(result.game_pk, LINE, {**mark, "events": events})
                return message
            # the line is full: this step starts the next message of the same turn
        return await self._new_line(channel, result, step, rest, ping, view, turn)

    async def _new_line(
        self,
        channel: discord.abc.Messageable,
        result: Result,
        events: list[str],
        rest: list[str],
        ping: list[str],
        view: discord.ui.View | None,
        turn: list[str],
    ) -> discord.Message | None:
        events, rest = _cut(events), _cut(rest)
        chunks = groups(events + rest) or ([[""]] if view is not None else [])
        last: discord.Message | None = None
        for i, chunk in enumerate(chunks):
            final = i == len(chunks) - 1
            kwargs: dict[str, Any] = {"allowed_mentions": allowed_for(ping) if final else NO_PINGS}
            if final and view is not None:
                kwargs["view"] = view
            last = await channel.send("\n".join(chunk) or None, **kwargs)
        # the last message is the one the turn's next steps edit: it holds the last events
        # and all of the "your move" lines
        mark = None
        if last is not None and result.status == "active" and len(chunks[-1]) >= len(rest):
            mark = {"message": str(last.id), "turn": turn, "events": chunks[-1][: len(chunks[-1]) - len(rest)]}
        await self._keep(result.game_pk, LINE, mark)
        return last

    # ----- the newest hand DM ------------------------------------------------------------
    async def send_dm(
        self,
        user: Any,
        result: Result,
        head: str,
        events: list[str],
        tail: list[str],
        files: list[discord.File],
    ) -> None:
        """DM ``user`` (a :class:`discord.User`) what ``result`` changed for them: ``head``
        (the game and its channel), the private ``events``, then ``tail`` (the hand in
        words) with ``files`` (the hand image). Their own move edits their newest hand DM
        of the game, events appended; anything else is a new DM (module docstring). Raises
        :class:`discord.HTTPException` as ``user.send`` does (Forbidden 50007: DMs closed)."""

        uid = str(user.id)
        slot = dm_slot(uid)
        mark = (await self.marks(result.game_pk)).get(slot)
        if mark is not None and result.mover == uid:
            kept = list(mark.get("events", [])) + events
            if _fits([head, *kept, *tail]):
                channel = self.bot.get_partial_messageable(int(mark["channel"]), type=discord.ChannelType.private)
                message = channel.get_partial_message(int(mark["message"]))
                kwargs: dict[str, Any] = {"content": "\n".join([head, *kept, *tail]), "allowed_mentions": NO_PINGS}
                if files:
                    kwargs["attachments"] = files
                try:
                    await message.edit(**kwargs)
                except discord.HTTPException as exc:
                    log.info(
                        "table %s: the hand DM %s of %s could not be edited (%s %s); sending it anew",
                        result.table,
                        mark["message"],
                        uid,
                        exc.status,
                        exc.code,
                    )
                    for f in files:  # the failed upload read them
                        f.reset()
                    await self._new_dm(user, result, head, kept, tail, files)
                    return
                await self._keep(result.game_pk, slot, {**mark, "events": kept})
                return
        await self._new_dm(user, result, head, events, tail, files)

    async def _new_dm(
        self, user: Any, result: Result, head: str, events: list[str], tail: list[str], files: list[discord.File]
    ) -> None:
        events, tail = _cut(events), _cut(tail)
        chunks = groups([head, *events, *tail])
        for chunk in chunks[:-1]:
            await user.send("\n".join(chunk), allowed_mentions=NO_PINGS)
        last = await user.send("\n".join(chunks[-1]), files=files, allowed_mentions=NO_PINGS)
        # the newest DM, edited by the player's next own move: its events, then the hand
        kept = chunks[-1][(1 if len(chunks) == 1 else 0) : len(chunks[-1]) - len(tail)]
        mark = None
        if result.status == "active" and len(chunks[-1]) >= len(tail) + (1 if len(chunks) == 1 else 0):
            mark = {"message": str(last.id), "channel": str(last.channel.id), "events": kept}
        await self._keep(result.game_pk, dm_slot(str(user.id)), mark)
