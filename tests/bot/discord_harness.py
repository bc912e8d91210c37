"""Shared SimCord harness for the Discord tests (the SimCord tests in every folder of tests/bot).

``harness`` fixture: a SimCord env running ``create_bot(db_path=<tmp file>)`` with the
test-only High-Low engine registered, a guild, a channel ``#games`` and three members
(alice, bob, carol) plus a spectator (dave). ``h.restart()`` replaces the bot by a NEW bot
object on the same database. Every bot generation's database is closed at teardown
(SimCord never calls ``bot.close()``). Errors SimCord records fail the test at
teardown, except users' mistakes and stale commands answered with a sentence (:func:`is_refusal`).
"""

from __future__ import annotations

import io
import json
from dataclasses import dataclass, field
from typing import Any

import pytest_asyncio
import simcord

from bot.discord_app import create_bot
from tests import fakegame


@dataclass
class Harness:
    env: simcord.Env
    db: str
    guild: Any
    channel: Any
    alice: Any
    bob: Any
    carol: Any
    dave: Any
    bots: list = field(default_factory=list)

    @property
    def bot(self):
        return self.env.bot

    @property
    def service(self):
        return self.env.bot.service

    async def restart(self) -> None:
        """Replace the bot by a NEW bot object on the same database."""

        new = create_bot(db_path=self.db)
        self.bots.append(new)
        await self.env.restart_bot(new)

    def messages(self, viewer: Any = None) -> list:
        """The channel's messages, oldest first (ephemerals only for ``viewer``)."""

        msgs = list(self.channel.history(viewer=viewer) if viewer is not None else self.channel.history())
        msgs.sort(key=lambda m: m.id)
        return msgs

    def _channel_id(self, dm_of: Any = None) -> int:
        return self.channel.id if dm_of is None else dm_of.user.dm_channel.id

    def mark(self, dm_of: Any = None) -> int:
        """A bookmark in the channel (or ``dm_of``'s DMs): the newest message id so far, for
        :meth:`messages_since`."""

        return max(self.env.backend.messages.get(self._channel_id(dm_of), {}), default=0)

    def messages_since(self, mark: int, dm_of: Any = None) -> list:
        """The public messages of the channel (or ``dm_of``'s DMs) newer than ``mark``, oldest
        first. Converts only those (``messages()``/``dms()`` convert the whole history each
        time: quadratic over a game). Uses SimCord's backend store, a private member like
        the concurrency recipe."""

        from simcord.results import to_discord_message

        raw = self.env.backend.messages.get(self._channel_id(dm_of), {})
        new = sorted((m for i, m in raw.items() if i > mark and m.visible_to(None)), key=lambda m: m.id)
        return [to_discord_message(self.env, m) for m in new]

    def public_text(self) -> str:
        return "\n".join(m.content for m in self.messages())

    def dms(self, member: Any) -> list:
        try:
            ch = member.user.dm_channel
        except Exception:
            return []
        msgs = list(ch.history())
        msgs.sort(key=lambda m: m.id)
        return msgs

    async def version(self) -> int:
        info = await self.service.table_info(self.channel.id)
        return info.version if info else -1

    async def lobby(self, game: str, *members: Any, options: str | None = None, posts: str | None = "every") -> Any:
        """``/game new`` by the first member, ``/game join`` by the others; returns the new result.

        ``posts``: the table's board setting (``board_posts``), set through the service (no
        channel message). The whole-game tests were written for a new board post after every
        move and keep testing that mode; ``None`` keeps the default (one live status message,
        tests/bot/posting/test_live_status_message.py)."""

        kwargs = {"game": game}
        if options:
            kwargs["options"] = options
        first = await members[0].slash(self.channel, "game new", **kwargs)
        assert not first.response.ephemeral, first.response.content
        if posts is not None:
            await self.service.update_settings(self.channel.id, members[0].id, {"board_posts": posts})
        for m in members[1:]:
            r = await m.slash(self.channel, "game join")
            assert not r.response.ephemeral, r.response.content
        return first

    def pinged(self, request_index: int = -1) -> list[int] | None:
        """User ids the bot allowed to be pinged in its last channel message post."""

        posts = [
            r
            for r in self.env.http_requests
            if r.method == "POST" and r.path == f"/channels/{self.channel.id}/messages"
        ]
        req = posts[request_index]
        data = _payload(req)
        am = data.get("allowed_mentions") or {}
        return sorted(int(u) for u in am.get("users", []))


def _payload(req: Any) -> dict:
    data = req.json
    if isinstance(data, dict) and "payload_json" in data:
        data = json.loads(data["payload_json"])
    if isinstance(data, dict) and "data" in data and isinstance(data["data"], dict):
        data = data["data"]
    return data or {}


async def png_size(attachment: Any) -> tuple[int, int]:
    from PIL import Image

    raw = await attachment.read()
    return Image.open(io.BytesIO(raw)).size


def fast_settle(env: simcord.Env, idle: float = 0.002) -> None:
    """Poll settlement every ``idle`` seconds instead of 50 ms.

    The store's aiosqlite worker thread wakes the loop through ``call_soon_threadsafe``,
    which SimCord runs on its settlement ticks: with the default
    50 ms tick every database round trip of a move costs up to 50 ms of real time, and a
    whole game through SimCord took over a minute. This only changes how often SimCord
    looks, not what the bot does. (Uses a private member, like the concurrency recipe.)
    """

    real = env._settle_internal

    async def settle(*args, **kwargs):
        kwargs.setdefault("idle", idle)
        return await real(*args, **kwargs)

    env._settle_internal = settle


@pytest_asyncio.fixture
async def harness(tmp_path):
    fakegame.install()
    db = str(tmp_path / "boardhost.db")
    first = create_bot(db_path=db)
    env = simcord.Env(first, settle_timeout=30.0)
    fast_settle(env)
    await env.start()
    bots = [first]
    try:
        guild = env.create_guild(name="boardgames")
        channel = guild.create_text_channel("games")
        members = [guild.add_member(env.create_user(n)) for n in ("alice", "bob", "carol", "dave")]
        h = Harness(env, db, guild, channel, *members, bots=bots)
        yield h
    finally:
        try:
            await env.shutdown()
        finally:
            for b in bots:
                await b.close_db()
            fakegame.uninstall()
    unexpected = [e for e in env.errors_since(env._errors_acknowledged) if not is_refusal(e)]
    if unexpected:
        raise ExceptionGroup(f"bot raised {len(unexpected)} error(s) during the test", unexpected)


def is_refusal(error: BaseException) -> bool:
    """A user's mistake answered with its sentence: the bot raises :class:`bot.service.UserError`
    from the command and the tree's ``on_error`` answers it (discord.py's idiom), so SimCord
    records it like any error; it is not a failure of the bot."""

    from discord import app_commands

    from bot.service import UserError

    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    # a command of an older version (Discord's copy of the tree lagging an update) is
    # answered with its sentence too (tests/bot/discord_layer/test_commands_after_an_update.py)
    return isinstance(error, (UserError, app_commands.CommandNotFound, app_commands.CommandSignatureMismatch))
