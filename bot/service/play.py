"""Play and look: moves, resigning, the AI's turn for tools, and what a table shows now
(board, hand, legal moves for autocomplete)."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from typing import Any

import bot.service.clocks as clocks
from bot.builder import MAX_OPTIONS, Builder, suggest, whole
from bot.games import refusal, title
from bot.i18n import T, Text
from bot.service.moves import UseCase
from bot.service.results import (
    ACTIVE,
    ALREADY_RESIGNED,
    CANCELLED,
    LOBBY,
    MOVES_CANCELLED,
    MOVES_OVER,
    NO_GAME,
    NOT_SEATED,
    NOT_STARTED,
    OVER,
    STALE_BUTTON,
    Board,
    Hand,
    Result,
    StaleVersion,
    TableInfo,
    TableRef,
    UserError,
    UserRef,
    handed_over,
    ranked_view,
)
from bot.service.tables import Table, seat_info_by_user
from bot.store import RESIGNED
from engines.base import ActionModel, IllegalAction, normalize

__all__ = ["Play"]


class Play(UseCase):
    """The play part of :class:`bot.service.Service`."""

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

        table, user = str(table), str(user)
        async with self.tables.lock(table):
            t = await self.tables.active(table)
            mine = t.seat_of(user)
            if mine is None:
                raise UserError(NOT_SEATED)
            if mine.resigned:
                raise UserError(handed_over(mine.handover))
            seat = mine.seat
            if expected_version is not None and expected_version != t.game.version:
                raise StaleVersion(STALE_BUTTON, t.game.version)
            engine = t.engine
            t.state = state = await self.tables.state(t)
            to_act = engine.to_act(state)
            if seat not in to_act:
                raise UserError(T("It is not your turn; waiting for {players}.", players=", ".join(to_act)))
            if isinstance(action, str):
                try:
                    action = engine.parse(state, action)
                except IllegalAction as exc:
                    raise UserError(refusal(exc)) from None
            elif not isinstance(action, tuple(engine.action_models)):
                raise UserError(T("That is not a move in {game}; `/game moves` lists yours.", game=title(engine)))
            return await self.moves.play(t, seat, action)

    async def resign(self, table: TableRef, user: UserRef) -> Result:
        """``user`` resigns: the seat passes to the AI (which moves at once if it must act);
        the player will be ranked last. UserError: not seated / already resigned / not active."""

        table, user = str(table), str(user)
        async with self.tables.lock(table):
            t = await self.tables.active(table)
            mine = t.seat_of(user)
            if mine is None or mine.is_ai:
                raise UserError(NOT_SEATED)
            seat = mine.seat
            if mine.resigned:  # voted out or timed out: said as such, not "you resigned"
                raise UserError(ALREADY_RESIGNED if mine.handover == RESIGNED else handed_over(mine.handover))
            t.state = await self.tables.state(t)
            public: list[str | Text] = [
                T("{seat} resigned; the AI plays their seat from now on and they rank last.", seat=seat)
            ]
            return await self.moves.resign(t, seat, public)

    async def advance(self, table: TableRef) -> Result:
        """Let AI seats make their moves (up to ``ai_moves_per_call``). For the CLI/bench."""

        table = str(table)
        async with self.tables.lock(table):
            return await self.moves.advance(await self.tables.active(table, state=True))

    # ----- queries (no lock needed, never change anything) ---------------------------
    async def _legal(self, table: str, user: str, game_id: str | None = None) -> tuple[Table | None, list[ActionModel]]:
        """``(loaded table with its state, legal actions of the user's seat)`` now; ``(None,
        [])`` when there is no active game (of ``game_id``, if given) or the user is not a
        human who must act now. Warm path: no database read (cached row, seats and state); on
        a shared store (PostgreSQL shards) the game row and seats are read afresh."""

        game = await self.tables.live_game(table)
        if game is None or game.status != ACTIVE or (game_id is not None and game.game_id != game_id):
            return None, []
        t = await self.tables.load(game)
        mine = t.player(user)
        if mine is None:
            return None, []
        t.state = await self.tables.state(t)
        if mine.seat not in t.engine.to_act(t.state):
            return None, []
        return t, list(t.engine.legal_actions(t.state, mine.seat))

    #: how many move builders :meth:`move_builder` keeps (the newest ones)
    BUILDERS_KEPT = 64

    async def move_builder(self, table: TableRef, user: UserRef, lang: str = "en") -> tuple[Builder, int, str] | None:
        """``(builder, version, game title)``: the move builder (:class:`bot.builder.Builder`)
        of the user's legal moves now and the game's version it was made at; None when the
        user cannot act (:meth:`why_no_moves` says why). Cached per game, version and user:
        a press of the builder's buttons reads no database and rebuilds no tree (the tree of a
        version never changes: versions only grow, an undo included), and language (``lang``:
        the reader's, in which the builder's texts are rendered). Warm path as
        :meth:`legal_actions`."""

        t, actions = await self._legal(str(table), str(user))
        if t is None or not actions:
            return None
        key = (t.game.pk, t.game.version, str(user), lang)
        cache: OrderedDict = self.__dict__.setdefault("_builders", OrderedDict())
        built = cache.get(key)
        if built is None:
            built = cache[key] = Builder(t.engine, t.state, actions, lang)
            while len(cache) > self.BUILDERS_KEPT:
                cache.popitem(last=False)
        else:
            cache.move_to_end(key)
        return built, t.game.version, title(t.engine)

    async def legal_actions(self, table: TableRef, user: UserRef, game_id: str | None = None) -> list[ActionModel]:
        """The user's legal actions now, in the engine's order; ``[]`` if there is no active
        game at the table (or it is not ``game_id``), the user is not a seated human (AI,
        resigned, spectator) or it is not their turn. Cached, no render."""

        return (await self._legal(str(table), str(user), game_id))[1]

    async def legal_moves(self, table: TableRef, user: UserRef, typed: str = "") -> list[tuple[str, str]]:
        """``(notation, describe)`` of the user's legal actions now whose notation or
        description contains ``typed`` (case-insensitive); ``[]`` if the user cannot act."""

        t, actions = await self._legal(str(table), str(user))
        needle = normalize(typed)
        out = []
        for action in actions:
            assert t is not None
            n = t.engine.notation(t.state, action)
            d = t.engine.describe(t.state, action)
            if not needle or needle in n.lower() or needle in d.lower():
                out.append((n, d))
        return out

    async def suggestions(
        self, table: TableRef, user: UserRef, typed: str = "", lang: str = "en"
    ) -> list[tuple[str, str]]:
        """The `/move` autocomplete of ``user`` now, for the text ``typed``: at most 25
        ``(name, value)`` pairs, narrowed word by word (:func:`bot.builder.suggest`: the kinds
        of move first, then ``connect t86`` for each tile, its cells, its rotations), so every
        legal move is reached by picking suggestions only. When no move starts with the text,
        the moves whose notation, else whose sentence, contains it (``ma04``, ``red pallet``).
        ``[]`` when the user cannot act; the names in ``lang``. Warm path as :meth:`legal_actions`."""

        t, actions = await self._legal(str(table), str(user))
        if t is None or not actions:
            return []
        engine, state = t.engine, t.state
        notations = [engine.notation(state, a) for a in actions]
        found = suggest(engine, state, actions, typed, notations, lang)
        needle = normalize(typed)
        if found or not needle:
            return found
        pairs = list(zip(notations, actions, strict=True))
        inside = [(n, a) for n, a in pairs if needle in n]
        if not inside:
            inside = [(n, a) for n, a in pairs if needle in engine.describe(state, a).lower()]
        return [whole(engine, state, n, a, lang) for n, a in inside[:MAX_OPTIONS]]

    async def why_no_moves(self, table: TableRef, user: UserRef, label: Callable[[str], str] = str) -> Text:
        """The one sentence telling ``user`` why they have no move at ``table`` now (a lobby,
        a cancelled or finished game, not seated, resigned, or whom the game waits for, each
        seat named by ``label(seat id)``). UserError: no game at the table."""

        board = await self.board(table)
        if board.status == LOBBY:
            return NOT_STARTED
        if board.status == CANCELLED:
            return MOVES_CANCELLED
        if board.status != ACTIVE:
            return MOVES_OVER
        mine = seat_info_by_user(board.info.seats, str(user))
        if mine is None:
            return NOT_SEATED
        if mine.resigned:
            return handed_over(mine.handover)
        return T("It is not your turn; waiting for {players}.", players=", ".join(label(p) for p in board.to_act))

    async def state(self, table: TableRef) -> tuple[Any, Any]:
        """``(engine, state)`` of the table's active game, for tools (bench, simulate, AI
        stand-ins). The bot shows views, never the state. UserError: no active game."""

        t = await self.tables.active(str(table), state=True)
        return t.engine, t.state

    async def table_info(self, table: TableRef) -> TableInfo | None:
        """The table's live game, else its most recent finished one, else None."""

        game = await self.tables.current_game(str(table))
        if game is None:
            return None
        return (await self.tables.load(game)).info()

    async def board(self, table: TableRef) -> Board:
        """The current board (live game, else the last finished one). UserError: no game."""

        game = await self.tables.current_game(str(table))
        if game is None:
            raise UserError(NO_GAME)
        t = await self.tables.load(game)
        engine, seats = t.engine, t.seats
        info = t.info()
        if game.status == LOBBY or (game.status == CANCELLED and not any(s.seat_order is not None for s in seats)):
            return Board(
                game.table_id,
                game.game_id,
                game.pk,
                game.version,
                game.status,
                None,
                "Lobby." if game.status == LOBBY else "Cancelled.",
                [],
                [],
                None,
                info,
            )
        state = await self.tables.state(t)
        users = {s.seat: s.user_id for s in t.humans}
        to_act = engine.to_act(state) if game.status == ACTIVE else []
        ranking = t.ranking(state) if game.status == OVER else None
        view = engine.view(state, None)
        return Board(
            table=game.table_id,
            game_id=game.game_id,
            game_pk=game.pk,
            version=game.version,
            status=game.status,
            view=ranked_view(view, ranking) if ranking else view,
            status_line=T("Cancelled.") if game.status == CANCELLED else engine.status(state),
            to_act=to_act,
            mention=[users[p] for p in to_act if p in users],
            ranking=ranking,
            info=info,
            deadline=clocks.deadline(t, self.tables.settings_of(game), to_act),
            status_message=game.status_message,
        )

    async def hand(self, table: TableRef, user: UserRef) -> Hand:
        """The user's private part now. UserError: no active game, not seated."""

        table, user = str(table), str(user)
        t = await self.tables.active(table)
        mine = t.seat_of(user)
        if mine is None:
            raise UserError(NOT_SEATED)
        seat, engine = mine.seat, t.engine
        state = await self.tables.state(t)
        return Hand(
            t.game.game_id,
            seat,
            t.game.version,
            bool(engine.has_hands),
            engine.private_view(state, seat),
            engine.view(state, seat),
            engine.private_text(state, seat) if engine.has_hands else "",
        )

    async def set_dm_ok(self, table: TableRef, user: UserRef, ok: bool) -> None:
        """Store whether DMs to ``user`` work (the cog sets False after Forbidden 50007)."""

        game = await self.tables.live_game(str(table))
        if game is not None:
            mine = (await self.tables.load(game)).seat_of(str(user))
            if mine is not None:
                await self.store.set_dm_ok(game.pk, mine.seat, ok)
                await self.tables.reload_seats(game)
