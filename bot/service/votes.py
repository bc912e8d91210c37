"""Votes and undo: taking back a move (at once, or by the other players' consent), and the
votes on an undo or on removing an absent player."""

from __future__ import annotations

import json
import logging
from typing import Any

import bot.service.clocks as clocks
import bot.service.report as report
from bot.i18n import T, Text, Tn
from bot.service.moves import UseCase
from bot.service.results import (
    ACTIVE,
    ALREADY_VOTED,
    NOT_A_VOTER,
    NOTHING_TO_UNDO,
    SUBSTITUTED,
    UNDO_CHANGED,
    UNDO_RULES_CHANGED,
    UNDO_VOTE_OPEN,
    VOTE_DECIDED,
    VOTE_LAPSED,
    VOTE_OTHER_GAME,
    VOTE_SEAT_CHANGED,
    VOTE_WITHDRAWN,
    Result,
    TableRef,
    UndoRequest,
    UserError,
    UserRef,
)
from bot.service.tables import Table, same_state
from bot.store import VOTED_OUT, VoteRow
from engines.i18n import Clause, Joined, to_json

__all__ = ["Votes"]

log = logging.getLogger(__name__)


class Votes(UseCase):
    """The votes-and-undo part of :class:`bot.service.Service`."""

    async def vote(self, table: TableRef, user: UserRef, vote_pk: int, yes: bool) -> Result:
        """``user`` answers vote ``vote_pk``. An undo passes when every voter says yes and
        any "no" refuses it; a kick passes with a majority of the voters and fails once a
        majority can no longer be reached. A vote lapses when a move was made since it
        opened. Returns a Result whose ``public`` says what happened (``board_due`` when a
        passed vote changed the game). UserError: not a voter, already answered, vote over."""

        table, user = str(table), str(user)
        async with self.tables.lock(table):
            t = await self.tables.active(table)
            game = t.game
            vote = await self.store.get_vote(vote_pk)
            if vote is None or vote.game_pk != game.pk:
                raise UserError(VOTE_OTHER_GAME)
            mine = t.player(user)
            if vote.status != "open":  # said as it is: decided, lapsed, or closed unanswered
                raise UserError(
                    {SUBSTITUTED: VOTE_SEAT_CHANGED, "withdrawn": VOTE_WITHDRAWN, "lapsed": VOTE_LAPSED}.get(
                        vote.status, VOTE_DECIDED
                    )
                )
            if game.version != vote.version:
                await self.store.set_vote(vote.pk, vote.yes, "lapsed")
                raise UserError(VOTE_LAPSED)
            if mine is None or mine.seat not in vote.voters:
                raise UserError(NOT_A_VOTER)
            if mine.seat in vote.yes or "-" + mine.seat in vote.yes:
                raise UserError(ALREADY_VOTED)
            t.state = await self.tables.state(t)
            if vote.kind == "undo":
                return await self._undo_vote(t, vote, mine.seat, yes)
            return await self._kick_vote(t, vote, mine.seat, yes)

    async def _undo_vote(self, t: Table, vote: VoteRow, seat: str, yes: bool) -> Result:
        if not yes:
            await self.store.set_vote(vote.pk, vote.yes, "refused")
            return self._said(
                t, T("{seat} said no: the undo asked by {asker} is refused.", seat=seat, asker=vote.subject)
            )
        vote.yes.append(seat)
        if set(vote.yes) >= set(vote.voters):
            await self.store.set_vote(vote.pk, vote.yes, "passed")
            return await self._undo_now(t, vote.subject, note=T("Everyone agreed."))
        await self.store.set_vote(vote.pk, vote.yes, "open")
        left = [v for v in vote.voters if v not in vote.yes]
        return self._said(t, T("{seat} agreed to the undo; waiting for {players}.", seat=seat, players=", ".join(left)))

    async def _kick_vote(self, t: Table, vote: VoteRow, seat: str, yes: bool) -> Result:
        # yes is counted in vote.yes, no in a separate marker ("-seat")
        answers = vote.yes + [seat if yes else "-" + seat]
        ayes = sum(1 for a in answers if not a.startswith("-"))
        noes = len(answers) - ayes
        need = len(vote.voters) // 2 + 1
        if ayes >= need:
            await self.store.set_vote(vote.pk, answers, "passed")
            public: list[str | Text] = [
                T(
                    "The vote removed {seat}: the AI takes the seat for the rest of the game and they rank last.",
                    seat=vote.subject,
                )
            ]
            return await self.moves.resign(t, vote.subject, public, VOTED_OUT)
        if noes > len(vote.voters) - need:
            await self.store.set_vote(vote.pk, answers, "refused")
            return self._said(t, T("The vote to remove {seat} failed; the game waits for them.", seat=vote.subject))
        await self.store.set_vote(vote.pk, answers, "open")
        return self._said(
            t,
            Tn(
                "{seat} voted; {n} more yes needed to remove {subject}.",
                "{seat} voted; {n} more yes needed to remove {subject}.",
                need - ayes,
                seat=seat,
                subject=vote.subject,
            ),
        )

    def _said(self, t: Table, line: Text) -> Result:
        """A vote's answer that changes no board: ``line`` said at the table."""

        return report.result(self.tables, t, t.state, board_due=False, public=[line])

    async def withdraw_vote(self, table: TableRef, vote_pk: int) -> None:
        """Close vote ``vote_pk`` at ``table`` unanswered (status "withdrawn"): its question
        could not be posted, so nobody can answer it. A new undo request is then not refused
        as "already open", and a withdrawn kick vote is asked again at the loop's next pass
        (the game's ``next_due`` is set to now). A vote already decided is left as it is."""

        async with self.tables.lock(str(table)):
            vote = await self.store.get_vote(vote_pk)
            if vote is None or vote.status != "open":
                return
            await self.store.set_vote(vote.pk, vote.yes, "withdrawn")
            if vote.kind == "kick":
                await self.store.set_next_due(vote.game_pk, self.clock())
                game = self.tables.cached_game(str(table), vote.game_pk)
                if game is not None:
                    game.next_due = self.clock()

    async def vote_open(self, vote_pk: int) -> bool:
        """Whether vote ``vote_pk`` still takes answers (its buttons can be removed once not)."""

        vote = await self.store.get_vote(vote_pk)
        return vote is not None and vote.status == "open"

    # ----- undo -------------------------------------------------------------------------
    async def undo(self, table: TableRef, user: UserRef) -> Result | UndoRequest:
        """Take back ``user``'s last move and everything played after it (BGA's undo policy,
        ANCHORS.md §0 item 7):

        * refused (UserError) when one of those moves revealed hidden information
          (``engine.reveals``: a draw, a flip, a roll — a vote cannot un-see it);
        * done at once when nobody else moved since (or no other human can be asked);
        * otherwise an :class:`UndoRequest`: the other human players vote (``vote``), every
          one must agree and any "no" refuses it.

        Implemented as an appended action: the moves stay in the log marked undone, an
        "undo" marker row takes the next version (so stale buttons are refused), and the
        state is rebuilt by replaying the log without the undone moves."""

        table, user = str(table), str(user)
        async with self.tables.lock(table):
            t, mine = await self.tables.playing(table, user)
            game = t.game
            span, _ = await self._undo_span(t, mine.seat)
            others = {seat for seat, _a, _b in span[1:] if seat != mine.seat}
            voters = [s for s in t.humans if s.seat != mine.seat]
            if others and voters:
                if any(v.kind == "undo" for v in await self.store.votes(game.pk) if v.version == game.version):
                    raise UserError(UNDO_VOTE_OPEN)
                vote = await self.store.open_vote(game.pk, "undo", mine.seat, game.version, [v.seat for v in voters])
                return UndoRequest(
                    table=table,
                    game_pk=game.pk,
                    vote=vote,
                    version=game.version,
                    seat=mine.seat,
                    voters=[v.seat for v in voters],
                    mention=[v.user_id for v in voters],
                    moves=[t.engine.describe_to(before, who, a, None) for who, a, before in span],
                )
            return await self._undo_now(t, mine.seat)

    async def _undo_span(self, t: Table, seat: str) -> tuple[list[tuple[str, Any, Any]], list[int]]:
        """``([(seat, action, state_before)…], seqs)`` from ``seat``'s last own move (not one
        the AI played for them) to the end; UserError when there is none, when a move in it
        revealed hidden information, or when replaying the log with today's engine does not
        give the stored state (its rules changed with an update: the earlier states would be
        boards nobody saw, so nothing is undone and the game goes on from its snapshot)."""

        engine = t.engine
        collected: list = []
        flags: dict[int, str | None] = {}
        replayed = await self.tables.replay(t, collect=collected, flags=flags)
        if not same_state(engine, replayed, await self.tables.state(t)):
            # today's engine rebuilds the log into a board nobody saw: never undo onto it
            log.warning("table %s: the replayed log differs from the stored state; undo refused", t.game.table_id)
            raise UserError(UNDO_RULES_CHANGED)
        start = next(
            (
                i
                for i in range(len(collected) - 1, -1, -1)
                if collected[i][1] == seat and flags.get(collected[i][0]) != "ai"
            ),
            None,
        )
        if start is None:
            raise UserError(NOTHING_TO_UNDO)
        span = collected[start:]
        for _seq, who, action, before in span:
            outcome = engine.apply(before, who, action)
            if engine.reveals(before, who, action, outcome):
                # what came to light, as the asking player may read it ("You drew 17."), not
                # the move that made it (their own move quoted back was no reason)
                seen = [e for e in outcome.events if e.public or seat in (e.visible_to or [])]
                first = next((i for i, e in enumerate(seen) if e.public), None)  # the move itself
                # kept Texts: each part is rendered in the reader's language, the last one
                # without its full stop (it stands inside the sentence's parentheses)
                after = [e.text for i, e in enumerate(seen) if i != first and str(e.text).strip()]
                shown = Joined(after, " ") if after else T("a card, tile or roll nobody had seen")
                raise UserError(
                    T(
                        "That cannot be undone, so nothing was changed: since your move, hidden information"
                        " came to light ({what}), and a vote cannot hide it again.",
                        what=Clause(shown),
                    )
                )
        return [(who, action, before) for _q, who, action, before in span], [c[0] for c in span]

    async def _undo_now(self, t: Table, seat: str, note: Text | None = None) -> Result:
        game, engine = t.game, t.engine
        span, seqs = await self._undo_span(t, seat)
        current = await self.tables.state(t)
        humans = [s.seat for s in t.humans]
        hands_before = {p: engine.private_view(current, p) for p in humans}
        state = span[0][2]
        lines = [engine.describe_to(before, who, a, None) for who, a, before in span]  # no hidden choice named
        marker = T("{seat} took back: {moves}", seat=seat, moves=Joined(lines, " / "))
        await self.moves.undo(t, seqs, seat, state, json.dumps({"public": [to_json(marker)]}), UNDO_CHANGED)
        now = self.clock()
        game.turn_started = None  # a new turn for whoever must act now
        started, due = clocks.turn_clock(t, self.tables.settings_of(game), set(), state, now, ACTIVE)
        await self.store.set_clock(game.pk, started, due, reset_reminders=True)
        game.turn_started, game.next_due = started, due
        public: list[str | Text] = [
            *([note] if note else []),
            Tn(
                "Undo: {seat} took back {n} move (kept in the history, marked undone):",
                "Undo: {seat} took back {n} moves (kept in the history, marked undone):",
                len(lines),
                seat=seat,
            ),
            *(f"↶ {line}" for line in lines),
        ]
        private = report.private_messages(t, state, humans, hands_before, {}, initial=False)
        return report.result(self.tables, t, state, public=public, board_due=True, private=private)
