"""The Discord bot: :func:`create_bot` and how service results reach the channel and DMs.

The cogs (``bot/cogs``) are thin adapters over :class:`bot.service.Service`; this module
holds what they share:

* :class:`BoardhostBot` (a ``commands.Bot`` with default, non-privileged intents) opens the
  store (SQLite file or PostgreSQL) in ``setup_hook`` and closes it in ``close``;
  :class:`ShardedBoardhostBot` is the same on ``AutoShardedBot`` for ``--shard-ids`` /
  ``--shard-count`` (several processes on one PostgreSQL database);
* command sync: at start-up only when the stored hash of the command tree changed
  (kept in the store: :meth:`bot.store.Store.get_meta`, key :data:`TREE_HASH_KEY`);
* :class:`Poster`: posts a :class:`bot.service.Result` (public events, board image(s)
  rendered off the event loop, a mention of only whoever must act, "Game over" and the
  ranking) in version order, and sends private information by DM, falling back to a
  neutral channel notice on Forbidden 50007; and reconciles: at start-up (``on_ready``,
  once) it posts every board committed but never shown ("the bot restarted; here is the
  current board"), and a table whose post failed is caught up at its next interaction;
* name handling: seat ids (Discord user ids) become ``<@id>`` mentions in texts (Discord
  shows the name; ``allowed_mentions`` decides who is pinged) and display names in images.
"""

from __future__ import annotations

import hashlib
import io
import json
import logging
import re
from typing import Any, Iterable

import discord
from discord import app_commands
from discord.ext import commands

from bot.service import Board, RankLine, Result, Service, TableInfo, UserError

log = logging.getLogger("boardhost.discord")

#: Discord's message length limit
MAX_CONTENT = 2000
_SNOWFLAKE = re.compile(r"(?<![\d@])(\d{15,21})(?!\d)")


# ----- names -----------------------------------------------------------------------------
def seat_label(seat: str) -> str:
    """How a seat is written in a channel text: ``<@id>`` for a human, ``AI 1`` for ``ai-1``."""

    if seat.isdigit():
        return f"<@{seat}>"
    if seat.startswith("ai-"):
        return "AI " + seat[3:]
    return seat


def mention_seats(text: str, seats: Iterable[str]) -> str:
    """``text`` with every human seat id written as a mention and AI seats as ``AI n``."""

    humans = {s for s in seats if s.isdigit()}
    out = _SNOWFLAKE.sub(lambda m: f"<@{m.group(1)}>" if m.group(1) in humans else m.group(1), text)
    return re.sub(r"\bai-(\d+)\b", r"AI \1", out)


def rename_view(view: Any, names: dict[str, str]) -> Any:
    """A copy of a JSON view with every string (value or key) equal to a seat id replaced by
    that seat's display name, so the board image shows names rather than user ids; a user id
    inside a longer string (a status sentence such as "waiting for <id>.") is replaced too."""

    if not names:
        return view
    ids = sorted((k for k in names if k.isdigit()), key=len, reverse=True)
    inner = re.compile(r"(?<!\d)(" + "|".join(map(re.escape, ids)) + r")(?!\d)") if ids else None
    return _rename(view, names, inner)


def _rename(view: Any, names: dict[str, str], inner: re.Pattern | None) -> Any:
    if isinstance(view, dict):
        return {_rename(k, names, inner) if isinstance(k, str) else k: _rename(v, names, inner)
                for k, v in view.items()}
    if isinstance(view, list):
        return [_rename(v, names, inner) for v in view]
    if isinstance(view, str):
        if view in names:
            return names[view]
        return inner.sub(lambda m: names[m.group(1)], view) if inner is not None else view
    return view


def split_content(lines: list[str], limit: int = MAX_CONTENT) -> list[str]:
    """Join lines into as few messages as possible, each at most ``limit`` characters."""

    chunks: list[str] = []
    cur = ""
    for line in lines:
        while len(line) > limit:
            if cur:
                chunks.append(cur)
                cur = ""
            chunks.append(line[:limit])
            line = line[limit:]
        if cur and len(cur) + 1 + len(line) > limit:
            chunks.append(cur)
            cur = line
        else:
            cur = f"{cur}\n{line}" if cur else line
    if cur:
        chunks.append(cur)
    return chunks


def ranking_lines(ranking: list[RankLine]) -> list[str]:
    """``1. @alice — 42 points`` lines of a final ranking (ties share a place)."""

    out = []
    for line in ranking:
        extra = " (resigned)" if line.resigned else ""
        out.append(f"{line.place}. {seat_label(line.seat)} — {line.score} points{extra}")
    return out


def allowed_for(users: Iterable[str]) -> discord.AllowedMentions:
    """Mentions that ping exactly these users (and never everyone, roles or anyone else)."""

    return discord.AllowedMentions(
        everyone=False, roles=False, replied_user=False,
        users=[discord.Object(id=int(u)) for u in users if str(u).isdigit()],
    )


NO_PINGS = discord.AllowedMentions.none()


# ----- command sync ------------------------------------------------------------------------
def tree_hash(tree: app_commands.CommandTree) -> str:
    """A stable hash of the global command tree's payload (what a sync would upload)."""

    payload = sorted((cmd.to_dict(tree) for cmd in tree.get_commands()), key=lambda c: (c.get("type", 1), c["name"]))
    return hashlib.sha256(json.dumps(payload, sort_keys=True, default=str).encode()).hexdigest()


#: bot_meta key of the hash of the last synced command tree
TREE_HASH_KEY = "command_tree_hash"


# ----- the bot -----------------------------------------------------------------------------
class BoardhostBot(commands.Bot):
    """The bot. ``service`` is ready after ``setup_hook``; ``close()`` closes the database."""

    def __init__(self, db_path: str, *, auto_sync: bool = True, dev_guild: int | None = None, **options: Any):
        intents = discord.Intents.default()  # no privileged intents (no members, no message content)
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            allowed_mentions=NO_PINGS,
            **options,
        )
        self.db_path = db_path
        self.auto_sync = auto_sync
        self.dev_guild = dev_guild
        self.service: Service | None = None
        self.poster = Poster(self)
        self.synced: bool | None = None  # whether setup_hook synced (None: not checked)
        self._names: dict[str, str] = {}
        self._reconciled = False  # the boot reconcile ran (on_ready fires on every reconnect)

    async def setup_hook(self) -> None:
        from bot.cogs.game import GameCog
        from bot.views import DYNAMIC_ITEMS

        self.service = await Service.open(self.db_path)
        await self.add_cog(GameCog(self))
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        if self.auto_sync and self.runs_shard_zero:
            await self.sync_if_changed()

    # shards ---------------------------------------------------------------------------
    @property
    def runs_shard_zero(self) -> bool:
        """Whether this process runs shard 0 (always, unsharded): only that process syncs
        the command tree at start-up, so N shard processes do not sync N times."""

        ids = getattr(self, "shard_ids", None)
        return ids is None or 0 in ids

    async def owns_table(self, table: int | str) -> bool:
        """Whether this process runs the gateway shard of ``table``'s guild, so it is the one
        to post what that table is owed at start-up (Discord's rule: guild ``g`` is on shard
        ``(g >> 22) % shard_count``; DMs on shard 0). Always True for an unsharded bot or one
        running every shard. Correctness never depends on it (the store's version guard
        does); it only keeps two processes from posting the same catch-up."""

        count, ids = self.shard_count, getattr(self, "shard_ids", None)
        if count is None or ids is None or set(ids) >= set(range(count)):
            return True
        if self.get_channel(int(table)) is not None:
            return True  # cached: its guild is on one of our shards
        try:
            channel = await self.fetch_channel(int(table))
        except discord.HTTPException:
            return False  # gone or hidden: nothing this process can post there
        guild = getattr(channel, "guild", None)
        return shard_of(guild.id if guild is not None else None, count) in ids

    async def on_ready(self) -> None:
        """Once per process: post what the channels missed while the bot was down
        (ANCHORS §0.3, reconcile on boot)."""

        if self._reconciled:
            return
        self._reconciled = True
        await self.poster.reconcile_all()

    async def sync_if_changed(self) -> bool:
        """Sync the global commands when their hash differs from the stored one (Discord
        rate-limits syncing; never sync on every start or in ``on_ready``)."""

        digest = tree_hash(self.tree)
        assert self.service is not None
        stored = await self.service.store.get_meta(TREE_HASH_KEY)
        if stored == digest:
            self.synced = False
            return False
        await self.tree.sync()
        if self.dev_guild:
            self.tree.copy_global_to(guild=discord.Object(id=self.dev_guild))
            await self.tree.sync(guild=discord.Object(id=self.dev_guild))
        await self.service.store.set_meta(TREE_HASH_KEY, digest)
        self.synced = True
        log.info("command tree synced (hash %s)", digest[:12])
        return True

    async def sync_now(self, guild: int | None = None) -> int:
        """Sync the commands now (globally, or copied to one guild); returns how many."""

        if guild:
            target = discord.Object(id=guild)
            self.tree.copy_global_to(guild=target)
            synced = await self.tree.sync(guild=target)
        else:
            synced = await self.tree.sync()
            assert self.service is not None
            await self.service.store.set_meta(TREE_HASH_KEY, tree_hash(self.tree))
        return len(synced)

    async def close(self) -> None:
        try:
            await self.close_db()
        finally:
            await super().close()

    async def close_db(self) -> None:
        """Close the database (idempotent)."""

        service, self.service = self.service, None
        if service is not None:
            await service.close()

    # names ---------------------------------------------------------------------------
    def remember(self, user: discord.abc.User) -> None:
        """Keep a user's display name for board images (no members intent: we learn names
        from interactions)."""

        self._names[str(user.id)] = user.display_name

    async def display_names(self, seats: Iterable[str]) -> dict[str, str]:
        """``{seat id: display name}`` for the human seats, unique and never a bare id."""

        out: dict[str, str] = {}
        used: set[str] = set()
        for seat in seats:
            if seat.isdigit():
                name = self._names.get(seat)
                if name is None:
                    user = self.get_user(int(seat))
                    if user is None:
                        try:
                            user = await self.fetch_user(int(seat))
                        except discord.HTTPException:
                            user = None
                    name = user.display_name if user is not None else f"player {len(out) + 1}"
                    self._names[seat] = name
            elif seat.startswith("ai-"):
                name = "AI " + seat[3:]
            else:
                continue
            base, n = name, 2
            while name in used:
                name = f"{base} ({n})"
                n += 1
            used.add(name)
            out[seat] = name
        return out


def seats_of(info: TableInfo | None) -> list[str]:
    """The seat ids of a table (empty without one)."""

    return [s.seat for s in info.seats] if info is not None else []


#: the first line of a catch-up post at start-up / when a table is next touched
RESTARTED = "The bot restarted; here is the current board."
CATCHING_UP = "A board did not reach this channel; here is the current one."


class Poster:
    """Turns service results into channel posts and DMs (see module docstring).

    Reconcile: every post of a started game records the version it showed
    (:meth:`bot.service.Service.mark_posted`). At start-up :meth:`reconcile_all` posts the
    current board of every game whose last committed version was never shown ("the bot
    restarted", the missed public events, a ping of whoever must act); a table whose post
    fails is kept in :attr:`pending` and caught up when it is next touched (:meth:`touch`).
    """

    def __init__(self, bot: BoardhostBot):
        self.bot = bot
        #: tables owing a post (a failed post or a failed catch-up)
        self.pending: set[str] = set()
        #: table -> players asked to act who have not acted since (in memory: after a
        #: restart the next post pings again, which is harmless)
        self._waiting: dict[str, set[str]] = {}

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

    async def board_files(self, game_id: str, view: dict, seats: list[str]) -> list[discord.File]:
        names = await self.bot.display_names(seats)
        assert self.bot.service is not None
        images = await self.bot.service.render_board(game_id, rename_view(view, names))
        files = []
        for i, png in enumerate(images[:10]):
            name = "board.png" if len(images) == 1 else f"board-{i + 1}.png"
            files.append(discord.File(io.BytesIO(png), filename=name))
        return files

    def footer(self, status: str, status_line: str, mention: list[str], ranking: list[RankLine] | None,
               seats: list[str], heading: str = "**Game over.** Final ranking:") -> list[str]:
        """The lines under the events: the ranking under ``heading`` when over, else the status
        and who must act. After a move's events (which end with "Game over") the heading is
        just "Final ranking:"."""

        lines: list[str] = []
        if status == "over":
            if ranking:
                lines.append(heading)
                lines.extend(ranking_lines(ranking))
        elif status == "active":
            if status_line:
                lines.append(mention_seats(status_line, seats))
            if mention:
                who = ", ".join(seat_label(m) for m in mention)
                lines.append(f"{who}: your move. Type `/move` and pick from the list (**My moves** shows them all).")
        return lines

    async def post_result(self, channel: discord.abc.Messageable, result: Result, *, force_board: bool = False,
                          actor: int | str | None = None) -> None:
        """Post what ``result`` changed, in the table's version order: public events, the
        board image(s) with the "My hand"/"My moves" buttons, who must act (only they may be
        pinged, see :meth:`to_ping`; ``actor``: the user whose command caused it); then
        private information by DM."""

        actor = str(actor) if actor is not None else None
        assert self.bot.service is not None
        seats = seats_of(result.info)
        # render BEFORE waiting for the table's turn to post: renders of one table run
        # side by side, only the sends go out one after the other
        board = (result.board_due or force_board) and result.view is not None
        files: list[discord.File] = []
        failure: Exception | None = None
        if board:
            try:
                files = await self.board_files(result.game_id, result.view, seats)
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
                lines = [mention_seats(t, seats) for t in result.public]
                lines += self.footer(result.status, result.status_line, result.mention, result.ranking, seats,
                                     heading="**Final ranking:**")
                ping = self.to_ping(result.table, result.mention, actor)
                await self.send_chunks(channel, lines, files, result, ping)
                if board:  # the channel has seen this version: nothing to reconcile
                    await self.bot.service.mark_posted(result)
            except Exception:
                self.pending.add(result.table)  # caught up when the table is next touched
                raise
        await self.send_private(channel, result)

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
        except Exception:
            log.exception("table %s: catch-up post of game %s failed", table, game_pk)
            self.pending.add(table)
            return False
        return True

    async def reconcile_all(self) -> int:
        """At start-up: catch up every table owing a post; returns how many were posted."""

        assert self.bot.service is not None
        done = 0
        for table, pk in await self.bot.service.unposted():
            if not table.isdigit():  # not a Discord channel (e.g. a `boardhost simulate` table)
                continue
            if not await self.bot.owns_table(table):  # another shard process posts it
                continue
            if await self.catch_up(table, pk, RESTARTED):
                done += 1
        return done

    async def touch(self, table: int | str | None) -> None:
        """A table was used: if it owes a post (a failed one), post what it missed now."""

        table = str(table)
        if table not in self.pending or self.bot.service is None:
            return
        self.pending.discard(table)
        for t, pk in await self.bot.service.unposted():
            if t == table:
                await self.catch_up(table, pk, CATCHING_UP)

    async def send_chunks(
        self, channel: discord.abc.Messageable, lines: list[str], files: list[discord.File],
        result: Result | Board | None, mention: list[str],
    ) -> discord.Message | None:
        from bot.views import board_view

        chunks = split_content(lines) or [""]
        last: discord.Message | None = None
        for i, chunk in enumerate(chunks):
            final = i == len(chunks) - 1
            kwargs: dict[str, Any] = {"allowed_mentions": allowed_for(mention) if final else NO_PINGS}
            if final and files:
                kwargs["files"] = files
            if final and result is not None and result.status == "active" and files:
                kwargs["view"] = board_view(result.table, result.version, result.game_id)
            last = await channel.send(chunk or None, **kwargs)
        return last

    async def send_private(self, channel: discord.abc.Messageable, result: Result) -> None:
        """DM each player what changed for them; on Forbidden 50007 stop DMing them (stored)
        and tell the channel, revealing nothing."""

        from engines import registry

        assert self.bot.service is not None
        seats = seats_of(result.info)
        title = registry.get(result.game_id).title
        where = getattr(channel, "mention", "the game channel")
        for pm in result.private:
            if not pm.dm_ok or not pm.user.isdigit():
                continue
            lines = [f"**{title}** at {where}:"]
            lines += [mention_seats(t, seats) for t in pm.events]
            files: list[discord.File] = []
            if pm.hand is not None and (pm.hand_changed or pm.events):
                png = await self.bot.service.render_hand(
                    result.game_id, rename_view(pm.hand, await self.bot.display_names(seats))
                )
                if png is not None:
                    files.append(discord.File(io.BytesIO(png), filename="hand.png"))
                lines.append(pm.text or hand_text(pm.hand))
            try:
                user = self.bot.get_user(int(pm.user)) or await self.bot.fetch_user(int(pm.user))
                chunks = split_content(lines)
                for chunk in chunks[:-1]:
                    await user.send(chunk, allowed_mentions=NO_PINGS)
                await user.send(chunks[-1], files=files, allowed_mentions=NO_PINGS)
            except discord.Forbidden as exc:
                if exc.code not in (50007, 50278):
                    log.warning("table %s: DM to %s refused (%s)", result.table, pm.user, exc)
                await self.bot.service.set_dm_ok(result.table, pm.user, False)
                await channel.send(
                    f"Couldn't DM {seat_label(pm.user)}: use `/game hand` to see your hand "
                    "(the bot won't DM you again in this game).",
                    allowed_mentions=allowed_for([pm.user]),
                )
            except discord.HTTPException:
                log.exception("table %s: DM to %s failed", result.table, pm.user)


def hand_text(view: dict | None) -> str:
    """A one-line text of a player's hand view (beside the image, for screen readers)."""

    if not view:
        return ""
    hand = view.get("hand")
    if isinstance(hand, list):
        return "Your hand: " + (", ".join(str(c) for c in hand) if hand else "empty") + "."
    return ""


class ShardedBoardhostBot(BoardhostBot, commands.AutoShardedBot):
    """The bot on several gateway shards in one process (discord.py ``AutoShardedBot``):
    ``shard_ids`` of ``shard_count`` (``shard_ids`` None: all of them). Several such
    processes, each with its own ``shard_ids``, share one PostgreSQL database."""


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """The gateway shard that receives guild ``guild_id``'s events: ``(guild_id >> 22) %
    shard_count`` (Discord's sharding formula); DMs (``None``) arrive on shard 0."""

    return 0 if guild_id is None else (guild_id >> 22) % shard_count


def create_bot(
    db_path: str | None = None, *, auto_sync: bool = True,
    shard_ids: list[int] | None = None, shard_count: int | None = None,
) -> BoardhostBot:
    """The whole bot over the database ``db_path`` (a SQLite file or ``postgresql://…``;
    default: settings' ``BOARDHOST_DB``, ``./boardhost.db``). The database opens in
    ``setup_hook`` (login) and closes with the bot. ``auto_sync``: sync the commands at
    start-up when their hash changed (only the process running shard 0).

    ``shard_count`` (and optionally ``shard_ids``, a subset of ``range(shard_count)``):
    a :class:`ShardedBoardhostBot` running those gateway shards; without them, the plain
    one-connection bot."""

    from bot.settings import load_settings

    settings = load_settings()
    db = db_path or settings.db_path
    if shard_count is None and shard_ids is None:
        return BoardhostBot(db, auto_sync=auto_sync, dev_guild=settings.dev_guild)
    return ShardedBoardhostBot(
        db, auto_sync=auto_sync, dev_guild=settings.dev_guild, shard_ids=shard_ids, shard_count=shard_count
    )


__all__ = ["BoardhostBot", "ShardedBoardhostBot", "shard_of", "Poster", "create_bot", "tree_hash", "mention_seats", "rename_view", "UserError"]
