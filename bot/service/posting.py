"""Posting bookkeeping: the order of a table's posts, which boards reached the channel,
what a restarted bot still owes (reconcile, catch-up posts), and AI turns left due.

Posting in version order: each Result that changes the table carries a ``ticket`` (1, 2,
3… per table, assigned inside the lock). Wrap the posting of a Result in ``async with
service.post_order(result):`` and the posts of one table go out in ticket order even when
renders finish out of order.

Reconcile: the store records per game the last version whose board reached the channel
(``games.posted``; the poster calls :meth:`Posting.mark_posted`). :meth:`Posting.unposted`
lists the games a restarted bot still owes a post, and :meth:`Posting.catch_up` builds that
post (the current board, the missed public events, whom to mention).
"""

from __future__ import annotations

import contextlib
import logging

import bot.service.report as report
from bot.i18n import T, Tn
from bot.service.moves import UseCase
from bot.service.results import ACTIVE, OVER, Result, TableRef

log = logging.getLogger(__name__)

__all__ = ["Posting"]


class Posting(UseCase):
    """The posting part of :class:`bot.service.Service`."""

    #: at most this many missed public events are repeated in a catch-up post
    CATCH_UP_EVENTS = 15

    def post_order(self, result: Result) -> contextlib.AbstractAsyncContextManager[None]:
        """``async with service.post_order(result):`` waits until every earlier ticket of the
        table has been posted (or given up), so posts go out in version order. A ticket
        whose post never comes is skipped after ``POST_ORDER_TIMEOUT`` (30) seconds."""

        return self.tables.post_order(result)

    async def unposted(self) -> list[tuple[str, int]]:
        """``(table, game_pk)`` of the started games whose board at their current version
        never reached the channel (the bot died between commit and post, or the post
        failed), oldest game first."""

        return [(g.table_id, g.pk) for g in await self.store.unposted()]

    async def needs_post(self, result: Result) -> bool:
        """Whether the channel has not yet seen the board at ``result.version`` (a fresh read)."""

        game = await self.store.get_game(result.game_pk)
        return game is not None and game.posted < result.version

    async def mark_posted(self, result: Result) -> None:
        """Record that ``result``'s board reached the channel (call after the post)."""

        if result.status in (ACTIVE, OVER):
            await self.store.mark_posted(result.game_pk, result.version)

    async def set_status_message(self, game_pk: int, message_id: str | None) -> None:
        """Store the id of game ``game_pk``'s live status message (it survives restarts)."""

        await self.store.set_status_message(game_pk, message_id)
        cached = self.tables.cached_row(game_pk)
        if cached is not None:
            cached.status_message = message_id

    async def post_marks(self, game_pk: int) -> dict[str, dict]:
        """The stored marks of game ``game_pk``'s messages that later posts edit (slot ->
        JSON object; the Discord layer's turn line and hand DMs, :mod:`bot.turnposts`)."""

        return await self.store.post_marks(game_pk)

    async def set_post_mark(self, game_pk: int, slot: str, mark: dict | None) -> None:
        """Store the mark of one of game ``game_pk``'s messages later posts edit (None: forget it)."""

        await self.store.set_post_mark(game_pk, slot, mark)

    async def catch_up(self, table: TableRef, game_pk: int, note: str) -> Result | None:
        """What the channel missed of game ``game_pk``: a Result at the game's current
        version (board due, whoever must act to mention, the ranking if over) whose
        ``public`` is ``note`` followed by the public events of the moves never posted (the
        last :data:`CATCH_UP_EVENTS` of them), and whose ``private`` holds each human's
        missed private events and their hand if it changed since the last post. None if
        nothing is missing. Takes the table's lock, so its ticket orders it among the
        table's other posts; post it with the Poster, which skips it if a later post has
        shown this version meanwhile. AI turns left due (a crash) are played first."""

        table = str(table)
        async with self.tables.lock(table):
            game = await self.store.get_game(game_pk)
            if game is None or game.table_id != table or game.status not in (ACTIVE, OVER):
                return None
            posted = game.posted  # the fresh read's: what the channel has seen
            live = self.tables.cached_game(table, game.pk)
            if live is not None:
                game = live  # the cached row, kept in step by commits
                game.posted = posted
            t = await self.tables.load(game)
            if game.status == ACTIVE:
                await self.moves.play_due_ai(t)
            if game.posted >= game.version:
                return None
            engine = t.engine
            state = t.state = await self.tables.state(t)
            humans = [s.seat for s in t.humans]
            rows = [
                r
                for r in await self.store.actions(game.pk, after=max(game.posted, 0))
                if r.seq <= game.version and not r.undone
            ]
            texts = await self.tables.move_texts(t, rows)
            events: list[str] = []
            private_events: dict[str, list[str]] = {p: [] for p in humans}
            for row in rows:
                mt = texts.get(row.seq)
                if mt is None:
                    continue
                events += mt.events() if row.flag != "undo" else mt.public
                for p, evs in mt.private.items():
                    if p in private_events:
                        private_events[p] += evs
            # a hand is sent to whoever has missed private news (what they drew, were dealt…),
            # and to everyone when the start's post never went out
            hands_before = {
                p: None if private_events[p] or game.posted < 0 else engine.private_view(state, p) for p in humans
            }
            if game.status == ACTIVE:
                self.tables.keep_state(game, state)
            public = [note]
            if len(events) > self.CATCH_UP_EVENTS:
                hidden = len(events) - self.CATCH_UP_EVENTS
                public.append(
                    Tn(
                        "({n} earlier event not shown; /game history lists the moves.)",
                        "({n} earlier events not shown; /game history lists the moves.)",
                        hidden,
                    )
                )
                events = events[-self.CATCH_UP_EVENTS :]
            public += events
            if game.status == OVER and not any(str(text).lower().startswith("game over") for text in public):
                public.append(T("Game over."))
            private = report.private_messages(t, state, humans, hands_before, private_events, game.posted < 0)
            result = report.result(self.tables, t, state, public=public, board_due=True, private=private)
            result.catch_up = True
            return result

    # ----- AI turns left due --------------------------------------------------------------
    async def ai_due(self, table: TableRef) -> bool:
        """Whether an AI seat must act now at the table's live game (cached reads): after a
        crash or a failed commit between a human's move and the AI's reply."""

        game = await self.tables.live_game(str(table))
        if game is None or game.status != ACTIVE:
            return False
        t = await self.tables.load(game)
        ai = t.ai
        if not ai:
            return False
        state = await self.tables.state(t)
        return any(p in ai for p in t.engine.to_act(state))

    async def ai_due_games(self) -> list[tuple[str, int]]:
        """``(table, game_pk)`` of every active game where an AI seat must act now, oldest
        first: AI turns left due by a crash, a failed commit or an engine/AI error, even on a
        board the channel has already seen (start-up pickup). Reads every active game's
        state (cached afterwards)."""

        due = []
        for game in await self.store.active_games():
            try:
                if await self.ai_due(game.table_id):
                    due.append((game.table_id, game.pk))
            except Exception:  # one damaged game must not hide the others
                log.exception("table %s: could not check for a due AI turn", game.table_id)
        return due

    def ai_stalled_tables(self) -> set[str]:
        """Tables whose last AI run stopped on an engine/AI error with an AI seat still to act
        (a copy; the bot's retry loop tries them again)."""

        return set(self.moves.stalled)

    def clear_ai_stalled(self, table: TableRef) -> None:
        """Stop retrying ``table``'s stalled AI turn (another process owns it, or it moved on)."""

        self.moves.stalled.discard(str(table))
