"""The Discord bot: :func:`create_bot`, :class:`BoardhostBot` and its command tree.

The commands live in discord.py extensions (``bot/cogs``: :data:`EXTENSIONS`, each with an
``async def setup(bot)``), loaded in ``setup_hook`` after the SQLite store opens; the store
closes in ``close``. Texts come from :mod:`bot.format`, channel posts and DMs from
:class:`bot.poster.Poster`.

* Errors: every application-command failure reaches :meth:`BoardhostTree.on_error` (and
  every button/select failure the same :meth:`BoardhostBot.explain_failure`): a user's
  mistake (:class:`bot.service.UserError`) is answered with its one ephemeral sentence,
  anything else is logged with the table id and answered with an apology.
* Updates: a command Discord still lists but this version no longer has (or has with other
  options), and a button or menu no handler knows (:meth:`BoardhostBot.on_interaction`),
  are answered with :data:`bot.format.COMMAND_CHANGED` / :data:`bot.format.BUTTON_CHANGED`
  (nothing was played, reload Discord) and logged at INFO: a stale client, not a bot error.
* After a successful command or click the table is "touched" (:meth:`bot.poster.Poster.touch`):
  a post it owes is made now.
* :class:`BoardhostBot` opens the store (SQLite file or PostgreSQL) in ``setup_hook``;
  :class:`ShardedBoardhostBot` is the same on ``AutoShardedBot`` for ``--shard-ids`` /
  ``--shard-count`` (several processes on one PostgreSQL database).
* Command sync: at start-up only when the stored hash of the command tree changed (kept in
  the store: :meth:`bot.service.Service.get_meta`, key :data:`TREE_HASH_KEY`).
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Callable, Iterable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.format import (
    BUTTON_CHANGED,
    COMMAND_CHANGED,
    DB_TIMEOUT,
    NO_PINGS,
    OUT_OF_SPACE,
    OVER_LIMIT,
    SORRY,
    mention_ids,
    reader,
)
from bot.names import names_for
from bot.poster import Poster, say
from bot.service import Service, UserError
from bot.settings import load_settings
from bot.store import DatabaseTimeout, OutOfSpace, OverLimit
from bot.translator import CatalogTranslator, catalogs_digest
from bot.views import DYNAMIC_ITEMS

log = logging.getLogger("boardhost.discord")

#: the extensions holding the commands: ``/game …`` by theme (the cogs share one group,
#: :mod:`bot.cogs.group`), then ``/move`` and the move builder
EXTENSIONS = (
    "bot.cogs.lobby",
    "bot.cogs.table",
    "bot.cogs.days",
    "bot.cogs.votes",
    "bot.cogs.play",
    "bot.cogs.pressing",
)


class BoardhostTree(app_commands.CommandTree):
    """The command tree: remembers who uses a command (for names in board images) and routes
    every command error to :meth:`BoardhostBot.explain_failure`."""

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        self.client.remember(interaction.user)  # type: ignore[attr-defined]
        return True

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError, /) -> None:
        await self.client.explain_failure(interaction, error)  # type: ignore[attr-defined]


# ----- command sync ------------------------------------------------------------------------
def tree_hash(tree: app_commands.CommandTree) -> str:
    """A stable hash of the global command tree's payload (what a sync would upload), its
    translations included."""

    payload = sorted((cmd.to_dict(tree) for cmd in tree.get_commands()), key=lambda c: (c.get("type", 1), c["name"]))
    # the names and descriptions in other languages travel in the same upload (the catalogs)
    text = json.dumps(payload, sort_keys=True, default=str) + catalogs_digest()
    return hashlib.sha256(text.encode()).hexdigest()


#: bot_meta key of the hash of the last synced command tree
TREE_HASH_KEY = "command_tree_hash"

#: the most characters Discord lets a member type into a text option (``max_length``), by
#: option name; every other text option takes :data:`TEXT_OPTION_MAX` (a move's notation, as
#: its suggestions, fits in 100)
TEXT_OPTION_LIMITS = {"options": 200, "tz": 64, "quiet": 20}
TEXT_OPTION_MAX = 100


def bound_text_options(tree: app_commands.CommandTree) -> int:
    """Give every text option of ``tree`` that has no ``max_length`` of its own the one of
    :data:`TEXT_OPTION_LIMITS` (default :data:`TEXT_OPTION_MAX`), so Discord refuses a
    longer text before it reaches the bot; returns how many options it bounded. (discord.py
    keeps an option's bounds in the command's parameters: ``max_value`` is ``max_length``
    for text.)"""

    count = 0
    for command in tree.walk_commands():
        for param in getattr(command, "_params", {}).values():
            if param.type is discord.AppCommandOptionType.string and param.max_value is None:
                param.max_value = TEXT_OPTION_LIMITS.get(param.display_name, TEXT_OPTION_MAX)
                count += 1
    return count


# ----- the bot -----------------------------------------------------------------------------
class BoardhostBot(commands.Bot):
    """The bot. ``service`` is ready after ``setup_hook``; ``close()`` closes the database."""

    def __init__(self, db_path: str, *, auto_sync: bool = True, dev_guild: int | None = None, **options: Any):
        # the bot never joins a voice channel: discord.py's start-up warnings that PyNaCl and
        # davey (voice libraries) are missing would only confuse whoever starts it
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = False
        intents = discord.Intents.default()  # no privileged intents (no members, no message content)
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            allowed_mentions=NO_PINGS,
            tree_cls=BoardhostTree,
            **options,
        )
        self.db_path = db_path
        self.auto_sync = auto_sync
        self.dev_guild = dev_guild
        self.service: Service | None = None
        self.poster = Poster(self)
        self.synced: bool | None = None  # whether setup_hook synced (None: not checked)
        self._names: dict[str, str] = {}
        self._usernames: dict[str, str] = {}
        self._reconciled = False  # the boot reconcile ran (on_ready fires on every reconnect)
        self._item_templates: list[Any] = []  # the custom_id patterns of the registered DynamicItems
        #: "now" in epoch seconds for turn clocks and the periodic loop (tests replace it)
        self.clock: Callable[[], float] = lambda: discord.utils.utcnow().timestamp()

    async def setup_hook(self) -> None:
        self.service = await Service.open(self.db_path, clock=lambda: self.clock())
        await self.tree.set_translator(CatalogTranslator())
        for name in EXTENSIONS:
            await self.load_extension(name)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        if self.auto_sync and self.runs_shard_zero:
            await self.sync_if_changed()

    async def add_cog(self, cog: commands.Cog, /, **kwargs: Any) -> None:
        """discord.py's ``add_cog``, then every text option gets its maximum length
        (:func:`bound_text_options`): also for the commands of an extension reloaded later."""

        await super().add_cog(cog, **kwargs)
        bound_text_options(self.tree)

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
        """Once per process: start the pending-posts retry loop, then post what the channels
        missed while the bot was down (reconcile on boot, :meth:`bot.poster.Poster.start_up`:
        a failed catch-up is retried by that loop)."""

        if self._reconciled:
            return
        self._reconciled = True
        try:
            await self.poster.place_tables()
        except Exception:  # a database error here must not keep the catch-up from running
            log.exception("could not store the servers of older games; tried again at the next start")
        await self.poster.start_up()

    # a table's Discord home gone ----------------------------------------------------------
    # (a server only unavailable during an outage, on_guild_unavailable, closes nothing)
    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        """A channel was deleted: close its game (see :meth:`bot.poster.Poster.home_gone`)."""

        await self.poster.home_gone(channel.id)

    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        """A thread was deleted (cached or not): close its game."""

        await self.poster.home_gone(payload.thread_id)

    async def on_guild_remove(self, guild: discord.Guild) -> None:
        """The bot was removed from a server (kicked, banned, or the server deleted): close
        every game there; their rows are kept for a while in case the bot is invited back."""

        for table in await self.service.close_guild(guild.id):
            self.poster.drop_retries(table)

    async def on_guild_join(self, guild: discord.Guild) -> None:
        """The bot joined a server: reopen its games closed when the bot was removed whose
        channel or thread is there again."""

        reopened = await self.service.reopen_guild(
            guild.id, lambda table: table.isdigit() and guild.get_channel_or_thread(int(table)) is not None
        )
        for table in reopened:
            self.poster.pending.add(table)  # the channel missed the board meanwhile: caught up

    # errors and touches ------------------------------------------------------------------
    def add_dynamic_items(self, *items: Any) -> None:
        """discord.py's registration of restart-proof components, remembering their
        ``custom_id`` templates (:meth:`handles_component`)."""

        super().add_dynamic_items(*items)
        self._item_templates.extend(item.__discord_ui_compiled_template__ for item in items)

    def handles_component(self, interaction: discord.Interaction) -> bool:
        """Whether some handler of this process answers the component ``interaction``: a
        registered DynamicItem's template matches its ``custom_id``, or an in-memory view
        tracks its message."""

        data = interaction.data or {}
        custom_id = str(data.get("custom_id", ""))
        if any(template.fullmatch(custom_id) for template in self._item_templates):
            return True
        # what discord.py dispatches to besides (its view store has no public reader): items
        # registered by sending a view, persistent views, views tracking this message
        store = getattr(self._connection, "_view_store", None)
        if store is None:
            return True  # cannot tell: leave the interaction to discord.py
        if any(pattern.fullmatch(custom_id) for pattern in getattr(store, "_dynamic_items", {})):
            return True
        key = (data.get("component_type"), custom_id)
        views = getattr(store, "_views", {})
        message = interaction.message
        if message is not None and (store.is_message_tracked(message.id) or key in views.get(message.id, {})):
            return True
        return key in views.get(None, {})

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A button or menu of an older version of the bot (no handler here) gets
        :data:`bot.format.BUTTON_CHANGED` instead of Discord's "This interaction failed";
        logged at INFO."""

        if interaction.type is not discord.InteractionType.component or self.handles_component(interaction):
            return
        log.info(
            "table %s: component %r by %s is not one of this version; told to reload Discord",
            interaction.channel_id,
            (interaction.data or {}).get("custom_id"),
            interaction.user.id,
        )
        if interaction.response.is_done():
            return
        try:
            await say(interaction, BUTTON_CHANGED)
        except discord.HTTPException:
            pass

    async def explain_failure(self, interaction: discord.Interaction, error: Exception) -> None:
        """Answer a failed command or click: a :class:`UserError` with its sentence (user ids
        in it read as names; the table is touched as after a success); a full disk
        (:class:`bot.store.OutOfSpace`: the write failed, nothing was stored) is logged and
        answered with :data:`bot.format.OUT_OF_SPACE` (:data:`bot.format.OVER_LIMIT` for a
        file-size limit or quota, :class:`bot.store.OverLimit`); a database that did not answer
        in time (:class:`bot.store.DatabaseTimeout`, nothing stored) with
        :data:`bot.format.DB_TIMEOUT`; anything else is logged with the table id and answered
        with :data:`bot.format.SORRY` (and the table is caught up at its next interaction)."""

        if isinstance(error, app_commands.CommandInvokeError):
            error = error.original
        if isinstance(error, (app_commands.CommandNotFound, app_commands.CommandSignatureMismatch)):
            await self.explain_changed_command(interaction, error)
            return
        if isinstance(error, UserError):
            await say(interaction, mention_ids(error.render(reader(interaction))))
            await self.poster.touch(interaction.channel_id)  # the table was used all the same
            return
        what = (
            interaction.command.qualified_name
            if interaction.command
            else ((interaction.data or {}).get("custom_id", "interaction"))
        )
        if isinstance(error, OverLimit):
            cause, answer = f": the database reached {error.limit}", OVER_LIMIT
        elif isinstance(error, OutOfSpace):
            cause, answer = ": the database is out of space", OUT_OF_SPACE
        elif isinstance(error, DatabaseTimeout):
            cause, answer = ": the database did not answer in time", DB_TIMEOUT
        else:
            cause, answer = "", SORRY
        log.error(
            "table %s: %s by %s failed%s", interaction.channel_id, what, interaction.user.id, cause, exc_info=error
        )
        # a move may have been committed without its post: catch up at the next touch
        self.poster.pending.add(str(interaction.channel_id))
        try:
            await say(interaction, answer)
        except discord.HTTPException:
            pass

    async def explain_changed_command(self, interaction: discord.Interaction, error: Exception) -> None:
        """A command Discord's copy of the tree still has but this version does not
        (``CommandNotFound``), or has with other options (``CommandSignatureMismatch``):
        nothing ran; answered with :data:`bot.format.COMMAND_CHANGED` (an autocomplete
        request with no suggestions), logged at INFO, nothing owed to the table."""

        if isinstance(error, app_commands.CommandNotFound):
            what = " ".join([*error.parents, error.name])
        else:
            what = getattr(getattr(error, "command", None), "qualified_name", "?")
        log.info(
            "table %s: /%s by %s does not match this version's commands (%s); told to reload Discord",
            interaction.channel_id,
            what,
            interaction.user.id,
            type(error).__name__,
        )
        try:
            if interaction.type is discord.InteractionType.autocomplete:
                if not interaction.response.is_done():
                    await interaction.response.autocomplete([])
            else:
                await say(interaction, COMMAND_CHANGED)
        except discord.HTTPException:
            pass

    async def on_app_command_completion(self, interaction: discord.Interaction, command: object) -> None:
        """A command succeeded: the table may owe a post (a failed one): make it now (not when
        this very command's post just failed: the retry loop and the next touch do it)."""

        if interaction.extras.get("post_failed"):
            return
        await self.poster.touch(interaction.channel_id)

    async def sync_if_changed(self) -> bool:
        """Sync the global commands when their hash differs from the stored one (Discord
        rate-limits syncing; never sync on every start or in ``on_ready``). The copy to the
        dev guild (``BOARDHOST_DEV_GUILD``) is best effort: a refusal is logged, start-up goes on."""

        digest = tree_hash(self.tree)
        assert self.service is not None
        stored = await self.service.get_meta(TREE_HASH_KEY)
        if stored == digest:
            self.synced = False
            return False
        await self.tree.sync()
        # the global sync is what matters: store its hash first, so a failing dev-guild copy
        # cannot make every restart sync (and fail) again
        await self.service.set_meta(TREE_HASH_KEY, digest)
        self.synced = True
        log.info("command tree synced (hash %s)", digest[:12])
        if self.dev_guild:
            guild = discord.Object(id=self.dev_guild)
            try:
                self.tree.copy_global_to(guild=guild)
                await self.tree.sync(guild=guild)
            except discord.HTTPException as exc:  # best effort: 403/50001 when not in that guild
                log.warning(
                    "could not copy the commands to the dev guild %s (%s); the global commands stand",
                    self.dev_guild,
                    exc,
                )
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
            await self.service.set_meta(TREE_HASH_KEY, tree_hash(self.tree))
        return len(synced)

    async def close(self) -> None:
        self.poster.retry_pending_posts.cancel()
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
        self._usernames[str(user.id)] = user.name

    async def display_names(self, seats: Iterable[str], *, drawn: bool = False) -> dict[str, str]:
        """``{seat id: name}`` for the human and AI seats, by the one rule of
        :mod:`bot.names` (bidi controls removed, a name with no visible ink replaced by the
        username, names shown alike each followed by their username in brackets; AI seats
        ``AI 1`` …). ``seats``: seat ids, or ``{seat: user}`` (:func:`bot.format.seats_of`):
        a seat handed to a substitute is named after the user who plays it now.

        ``drawn``: the names for images, as the bundled font draws them (what it has no
        glyph for, CJK and most emoji, does not count as ink)."""

        plays = seats if isinstance(seats, dict) else {s: s for s in seats}
        known: dict[str, tuple[str | None, str]] = {}
        for seat in plays:
            if seat.isdigit():
                who = plays[seat] if str(plays[seat]).isdigit() else seat
                if who not in self._names:
                    user = self.get_user(int(who))
                    if user is None:
                        try:
                            user = await self.fetch_user(int(who))
                        except discord.HTTPException:
                            user = None
                    if user is not None:
                        self.remember(user)
                known[seat] = (self._names.get(who), self._usernames.get(who, ""))
            elif seat.startswith("ai-"):
                known[seat] = (None, "")
        return names_for(known, drawn=drawn)


class ShardedBoardhostBot(BoardhostBot, commands.AutoShardedBot):
    """The bot on several gateway shards in one process (discord.py ``AutoShardedBot``):
    ``shard_ids`` of ``shard_count`` (``shard_ids`` None: all of them). Several such
    processes, each with its own ``shard_ids``, share one PostgreSQL database."""


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """The gateway shard that receives guild ``guild_id``'s events: ``(guild_id >> 22) %
    shard_count`` (Discord's sharding formula); DMs (``None``) arrive on shard 0."""

    return 0 if guild_id is None else (guild_id >> 22) % shard_count


def create_bot(
    db_path: str | None = None,
    *,
    auto_sync: bool = True,
    shard_ids: list[int] | None = None,
    shard_count: int | None = None,
) -> BoardhostBot:
    """The whole bot over the database ``db_path`` (a SQLite file or ``postgresql://…``;
    default: settings' ``BOARDHOST_DB``, ``./boardhost.db``). The database opens in
    ``setup_hook`` (login) and closes with the bot. ``auto_sync``: sync the commands at
    start-up when their hash changed (only the process running shard 0).

    ``shard_count`` (and optionally ``shard_ids``, a subset of ``range(shard_count)``):
    a :class:`ShardedBoardhostBot` running those gateway shards; without them, the plain
    one-connection bot."""

    settings = load_settings()
    db = db_path or settings.db_path
    if shard_count is None and shard_ids is None:
        return BoardhostBot(db, auto_sync=auto_sync, dev_guild=settings.dev_guild)
    return ShardedBoardhostBot(
        db, auto_sync=auto_sync, dev_guild=settings.dev_guild, shard_ids=shard_ids, shard_count=shard_count
    )


__all__ = [
    "BoardhostBot",
    "BoardhostTree",
    "EXTENSIONS",
    "ShardedBoardhostBot",
    "TREE_HASH_KEY",
    "bound_text_options",
    "create_bot",
    "shard_of",
    "tree_hash",
]
