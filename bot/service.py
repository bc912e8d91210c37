"""The transport-free service layer: tables, lobby, seats, moves, AI seats (DESIGN.md, "The host").

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

Every call either raises :class:`UserError` (one plain sentence; NOTHING changed) or
returns a :class:`Result` saying what to post publicly, what to send privately to whom
and whom to mention. Calls on one table are serialised by a per-table lock (injectable
through ``lock_factory`` so a test can prove the lock matters). Rendering never happens
inside the lock: a :class:`Result` carries the spectator ``view`` of the version it
belongs to; render it off the event loop with :meth:`Service.render_board` (async,
uses ``asyncio.to_thread``) or ``renderers.render_board(game_id, view)`` in a thread.

Posting in version order: each Result that changes the table carries a ``ticket``
(1, 2, 3… per table, assigned inside the lock). Wrap the posting of a Result in
``async with service.post_order(result):`` and the posts of one table go out in
ticket order even when renders finish out of order.

Ownership (two helpers share this worktree): this file, ``bot/store.py``, ``bot/simulate.py``
and ``bot/cli.py``'s ``simulate`` subcommand belong to the host-core helper; the Discord
layer builds on the public API below (additions only, no breaking changes).
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import shlex
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from engines import registry
from engines.base import ActionModel, IllegalAction, normalize, rng, shuffled

from bot.store import GameRow, SeatRow, SqliteStore, Store, VersionConflict

__all__ = [
    "UserError",
    "StaleVersion",
    "PrivateMessage",
    "RankLine",
    "SeatInfo",
    "TableInfo",
    "Result",
    "Board",
    "Hand",
    "HistoryLine",
    "Service",
    "parse_options",
]

UserRef = int | str
TableRef = int | str

#: statuses of a game row
LOBBY, ACTIVE, OVER, CANCELLED = "lobby", "active", "over", "cancelled"


class UserError(Exception):
    """A user's mistake: ``str(exc)`` is one plain sentence to answer ephemerally.

    Raised before anything changes; the table is exactly as it was.
    """

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class StaleVersion(UserError):
    """``act(..., expected_version=v)`` when the game is already past ``v`` (a stale button).

    ``current`` is the game's version now; answer with the current board.
    """

    def __init__(self, message: str, current: int):
        super().__init__(message)
        self.current = current


@dataclass
class PrivateMessage:
    """What one human should receive privately (DM, or ephemeral ``/game hand``).

    ``user``: the Discord user id as ``str`` (= seat id). ``events``: texts of the private
    events addressed to them, in order. ``hand_changed``: ``engine.private_view`` differs
    from before the call (always True for the first hand at start). ``hand``: the player's
    view ``engine.view(state, seat)`` (for ``renderers.render_hand``), ``None`` when the game
    has no hands. ``dm_ok``: the stored flag (False after a failed DM; send nothing then,
    the cog says "couldn't DM").
    """

    user: str
    events: list[str] = field(default_factory=list)
    hand_changed: bool = False
    hand: dict | None = None
    dm_ok: bool = True


@dataclass
class RankLine:
    """One line of a final ranking: ``place`` 1-based (tied seats share it), ``seat`` id,
    ``score``, ``resigned``, ``is_ai`` (an AI seat from the start)."""

    place: int
    seat: str
    score: int
    resigned: bool = False
    is_ai: bool = False


@dataclass
class SeatInfo:
    """A seat at a table: ``seat`` id, ``user`` (None for an AI seat), ``is_ai`` (AI plays
    it now, including resigned seats), ``resigned``, ``dm_ok``, ``order`` (0-based position
    in the game's seat order, None in the lobby)."""

    seat: str
    user: str | None
    is_ai: bool
    resigned: bool = False
    dm_ok: bool = True
    order: int | None = None


@dataclass
class TableInfo:
    """The live game of a table (or the last finished one): ids, status, host, seats."""

    table: str
    game_pk: int
    game_id: str
    title: str
    status: str
    host: str
    version: int
    options: dict
    seats: list[SeatInfo]
    min_players: int
    max_players: int


@dataclass
class Result:
    """What a call changed, for the adapter to show.

    * ``public``: public event texts in order (the channel message body);
    * ``board_due``: a board image should be posted (render ``view``);
    * ``view``: the spectator view (``engine.view(state, None)``) at ``version``;
    * ``private``: per-human private messages (only humans with something new);
    * ``mention``: user ids of humans who must act now (never AI seats);
    * ``status``: lobby / active / over / cancelled; ``status_line``: ``engine.status``;
    * ``ranking``: final ranking with scores when the game is over, else None;
    * ``ticket``: per-table post order (see :meth:`Service.post_order`).
    """

    table: str
    game_id: str
    game_pk: int
    version: int
    status: str
    public: list[str] = field(default_factory=list)
    board_due: bool = False
    view: dict | None = None
    private: list[PrivateMessage] = field(default_factory=list)
    mention: list[str] = field(default_factory=list)
    status_line: str = ""
    ranking: list[RankLine] | None = None
    ticket: int = 0
    info: TableInfo | None = None

    @property
    def over(self) -> bool:
        return self.status == OVER


@dataclass
class Board:
    """The current board of a table: view for rendering, status line, who must act."""

    table: str
    game_id: str
    game_pk: int
    version: int
    status: str
    view: dict | None
    status_line: str
    to_act: list[str]
    mention: list[str]
    ranking: list[RankLine] | None
    info: TableInfo


@dataclass
class Hand:
    """A player's private part: ``has_hands`` False for games without hands (say so);
    ``private``: ``engine.private_view``; ``view``: ``engine.view(state, seat)``."""

    game_id: str
    seat: str
    version: int
    has_hands: bool
    private: dict | None
    view: dict | None


@dataclass
class HistoryLine:
    """One logged action: ``seq`` (= version it produced), ``seat``, ``notation``, ``text``
    (the describe sentence, evaluated on the state it was played in)."""

    seq: int
    seat: str
    notation: str
    text: str


def parse_options(game_id: str, options: dict | str | None) -> dict:
    """Validated options of ``game_id`` as a JSON-able dict.

    ``options`` is a dict, ``None``, or the text a user types: ``key=value key=value``
    (quotes allowed, ``true/false/yes/no`` and numbers converted by the Options model).
    Raises :class:`UserError` for unknown keys or bad values, naming the valid keys.
    """

    raise NotImplementedError


def _seat_of(user: UserRef) -> str:
    return str(user)


class Service:
    """Tables over a :class:`bot.store.Store`.

    ``Service(store, lock_factory=asyncio.Lock, ai_moves_per_call=None, seed_source=None)``:

    * ``lock_factory``: makes the per-table lock (tests inject a no-op lock to show the
      concurrency test fails without it);
    * ``ai_moves_per_call``: how many AI moves one call may make (None: until a human must
      act or the game ends; ``boardhost simulate`` uses 1 and calls :meth:`advance`);
    * ``seed_source``: ``() -> int`` for new games' seeds (default ``secrets.randbits(63)``).

    Use ``await Service.open(path)`` for the SQLite store; ``await service.close()`` closes it.
    """

    def __init__(
        self,
        store: Store,
        *,
        lock_factory: Callable[[], Any] = asyncio.Lock,
        ai_moves_per_call: int | None = None,
        seed_source: Callable[[], int] | None = None,
    ) -> None:
        raise NotImplementedError

    @classmethod
    async def open(cls, path: str, **kwargs: Any) -> "Service":
        """A Service over a :class:`bot.store.SqliteStore` at ``path`` (created/migrated)."""

        raise NotImplementedError

    async def close(self) -> None:
        """Close the store (its single connection)."""

        raise NotImplementedError

    # ----- lobby ------------------------------------------------------------------
    async def new_game(self, table: TableRef, user: UserRef, game_id: str, options: dict | str | None = None) -> Result:
        """Open a lobby for ``game_id`` at ``table`` with ``user`` as host, seated.

        UserError: unknown game, bad options, or the table already has a live game.
        """

        raise NotImplementedError

    async def join(self, table: TableRef, user: UserRef) -> Result:
        """Seat ``user`` in the lobby. UserError: no lobby, already seated, table full."""

        raise NotImplementedError

    async def leave(self, table: TableRef, user: UserRef) -> Result:
        """Leave the lobby. If the host leaves, the next human becomes host; if no human
        is left, the lobby is cancelled. UserError: not seated; game already started
        (use resign)."""

        raise NotImplementedError

    async def add_bot(self, table: TableRef, user: UserRef) -> Result:
        """Add an AI seat (``ai-1``, ``ai-2``, …) to the lobby. Host only; UserError when full."""

        raise NotImplementedError

    async def start(self, table: TableRef, user: UserRef) -> Result:
        """Start the lobby's game (host only, enough seats): shuffle the seat order from the
        seed, set up, send every human their hand, let AI seats move until a human must act."""

        raise NotImplementedError

    async def cancel(self, table: TableRef, user: UserRef, *, admin: bool = False) -> Result:
        """Cancel the live game (lobby or active). Allowed to the host or when ``admin``
        (the cog passes Manage Channels). UserError otherwise."""

        raise NotImplementedError

    # ----- play -------------------------------------------------------------------
    async def act(
        self,
        table: TableRef,
        user: UserRef,
        action: str | ActionModel,
        expected_version: int | None = None,
    ) -> Result:
        """Play ``action`` (notation text or an Action) for ``user``'s seat, commit it, then
        let AI seats move until a human must act.

        UserError: no game / not started / over, not seated, resigned, not your turn,
        unknown or illegal move; :class:`StaleVersion` if ``expected_version`` is given and
        the game is past it.
        """

        raise NotImplementedError

    async def resign(self, table: TableRef, user: UserRef) -> Result:
        """``user`` resigns: the seat passes to the AI (which moves at once if it must act);
        the player will be ranked last. UserError: not seated / already resigned / not active."""

        raise NotImplementedError

    async def advance(self, table: TableRef) -> Result:
        """Let AI seats make their moves (up to ``ai_moves_per_call``). For the CLI/bench."""

        raise NotImplementedError

    # ----- queries (no lock needed, never change anything) ---------------------------
    async def legal_moves(self, table: TableRef, user: UserRef, typed: str = "") -> list[tuple[str, str]]:
        """``(notation, describe)`` of the user's legal actions now whose notation or
        description contains ``typed`` (case-insensitive); ``[]`` if the user cannot act."""

        raise NotImplementedError

    async def table_info(self, table: TableRef) -> TableInfo | None:
        """The table's live game, else its most recent finished one, else None."""

        raise NotImplementedError

    async def board(self, table: TableRef) -> Board:
        """The current board (live game, else the last finished one). UserError: no game."""

        raise NotImplementedError

    async def hand(self, table: TableRef, user: UserRef) -> Hand:
        """The user's private part now. UserError: no active game, not seated."""

        raise NotImplementedError

    async def history(self, table: TableRef, limit: int = 20) -> list[HistoryLine]:
        """The last ``limit`` logged actions of the table's current game, oldest first."""

        raise NotImplementedError

    async def set_dm_ok(self, table: TableRef, user: UserRef, ok: bool) -> None:
        """Store whether DMs to ``user`` work (the cog sets False after Forbidden 50007)."""

        raise NotImplementedError

    # ----- rendering and posting ------------------------------------------------------
    async def render_board(self, game_id: str, view: dict) -> list[bytes]:
        """PNG images of a board view, rendered in a worker thread (never in the lock)."""

        raise NotImplementedError

    async def render_hand(self, game_id: str, view: dict) -> bytes | None:
        """PNG of a player's hand view (or None if the renderer draws no hands), in a thread."""

        raise NotImplementedError

    def post_order(self, result: Result) -> contextlib.AbstractAsyncContextManager[None]:
        """``async with service.post_order(result):`` waits until every earlier ticket of the
        table has been posted (or given up), so posts go out in version order."""

        raise NotImplementedError
