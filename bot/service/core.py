"""The transport-free service layer: tables, lobby, seats, moves, AI seats (docs/architecture.md).

Nothing here imports discord. The cogs (``bot/cogs``) and the CLI (``boardhost simulate``)
are thin adapters over :class:`Service`.

Vocabulary
----------
* **table**: one Discord channel or thread, given as its id (``int`` or ``str``; kept as
  ``str``). At most one live game (lobby or active) per table; finished and cancelled
  games stay in the store as history.
* **seat**: a seat id the engine sees. A human's seat id is ``str(user.id)``; AI seats are
  ``ai-1``, ``ai-2``, …. The seat order is shuffled from the game's seed at start.
  A resigned human keeps the seat id; the AI plays the seat from then on and the player
  is ranked last.
* **user**: the caller, a Discord user id (``int`` or ``str``).

Every call either raises :class:`bot.service.UserError` (one plain sentence; NOTHING
changed) or returns a :class:`bot.service.Result` saying what to post publicly, what to
send privately to whom and whom to mention. Calls on one table are serialised by a
per-table lock (injectable through ``lock_factory`` so a test can prove the lock matters).
Rendering never happens inside the lock: a Result carries the spectator ``view`` of the
version it belongs to, which the Discord layer renders off the event loop. Posting order
and reconcile: :mod:`bot.service.posting`.

:class:`Service` is composed of one class per use case (``lobby``, ``play``, ``history``,
``days``, ``votes``, ``listing``, ``posting``) over the shared parts: ``tables`` (caches,
locks, guards), ``moves`` (the move pipeline, the only committer) and the store.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import time
from collections.abc import Callable
from typing import Any

from bot.service.days import Days
from bot.service.history import History
from bot.service.listing import Listing
from bot.service.lobby import Lobby
from bot.service.moves import Moves
from bot.service.parsing import check_strength, default_strength
from bot.service.play import Play
from bot.service.posting import Posting
from bot.service.results import TableRef
from bot.service.tables import Tables
from bot.service.votes import Votes
from bot.store import GameRow, Store

__all__ = ["Service"]


class Service(Lobby, Play, History, Days, Votes, Listing, Posting):
    """Tables over a :class:`bot.store.Store`.

    ``Service(store, lock_factory=asyncio.Lock, ai_moves_per_call=None, seed_source=None, clock=time.time)``:

    * ``lock_factory``: makes the per-table lock (tests inject a no-op lock to show the
      concurrency test fails without it);
    * ``ai_moves_per_call``: how many AI moves one call may make (None: until a human must
      act or the game ends; ``boardhost simulate`` uses 1 and calls :meth:`advance`);
    * ``seed_source``: ``() -> int`` for new games' seeds (default ``secrets.randbits(63)``);
    * ``clock``: "now" in epoch seconds (the bot injects discord.utils.utcnow, tests a fake clock);
    * ``ai_strength``: the host's AI strength (easy, normal, strong; default
      ``BOARDHOST_AI_STRENGTH``, else normal).

    Use ``await Service.open(path)`` for the SQLite store; ``await service.close()`` closes it.
    """

    def __init__(
        self,
        store: Store,
        *,
        lock_factory: Callable[[], Any] = asyncio.Lock,
        ai_moves_per_call: int | None = None,
        seed_source: Callable[[], int] | None = None,
        clock: Callable[[], float] = time.time,
        ai_strength: str | None = None,
    ) -> None:
        self.store = store
        self.clock = clock
        self.seed_source = seed_source or (lambda: secrets.randbits(63))
        self.tables = Tables(store, lock_factory)
        #: the strength of new AI seats and of the AI playing for absent players when the
        #: table chose none (``BOARDHOST_AI_STRENGTH``, default normal)
        self.tables.ai_strength = check_strength(ai_strength) if ai_strength else default_strength()
        self.moves = Moves(store, self.tables, lambda: self.clock(), ai_moves_per_call)

    @classmethod
    async def open(cls, path: str, **kwargs: Any) -> Service:
        """A Service over the store ``path`` names (created/migrated): a SQLite file path or
        ``sqlite:///…`` (:class:`bot.store.SqliteStore`), or ``postgresql://…``
        (:class:`bot.store_pg.PostgresStore`); see :func:`bot.stores.make_store`."""

        from bot.stores import make_store

        store = make_store(path)
        await store.open()
        return cls(store, **kwargs)

    async def close(self) -> None:
        """Close the store (its single connection)."""

        await self.store.close()

    @property
    def lock_factory(self) -> Callable[[], Any]:
        """What makes a table's lock (``asyncio.Lock``); a new one applies to tables not busy now."""

        return self.tables.lock_factory

    @lock_factory.setter
    def lock_factory(self, factory: Callable[[], Any]) -> None:
        self.tables.lock_factory = factory

    @property
    def ai_moves_per_call(self) -> int | None:
        """How many AI moves one call may make (None: until a human must act)."""

        return self.moves.ai_moves_per_call

    def lock(self, table: TableRef) -> contextlib.AbstractAsyncContextManager[None]:
        """``async with service.lock(table):`` holds the table's lock (made by
        ``lock_factory``); it exists only while someone holds or awaits it."""

        return self.tables.lock(str(table))

    async def game_state(self, game: GameRow) -> Any:
        """The engine state of ``game`` (a row read from the store, live or finished) at its
        version: the cache, else the stored snapshot, else a replay of the log. For tools
        and tests; the bot shows views, never the state."""

        return await self.tables.state(await self.tables.load(game))

    # ----- the bot's own records in the store -----------------------------------------
    async def get_meta(self, key: str) -> str | None:
        """The bot's stored value under ``key`` (e.g. the synced command tree's hash), or None."""

        return await self.store.get_meta(key)

    async def set_meta(self, key: str, value: str) -> None:
        """Store the bot's value ``value`` under ``key``."""

        await self.store.set_meta(key, value)

    # ----- what is held now (diagnostics) --------------------------------------------------
    def busy_tables(self) -> dict[str, int]:
        """table -> how many callers hold or await its lock now (only busy tables)."""

        return self.tables.busy()

    def tables_owing_posts(self) -> list[str]:
        """Tables with post tickets issued and not all posted yet."""

        return self.tables.owing_posts()

    def cache_sizes(self) -> dict[str, int]:
        """How many entries each cache holds (``games``, ``seats``, ``states``, ``settings``,
        ``fresh_seats``): the caches hold live tables only."""

        return self.tables.cached()
