"""What a call reports: the :class:`Result` of a loaded table, and each human's private part.

Shared by the move pipeline and every use case that answers with a Result; a Result that
shows a new board takes the table's next post ticket here.
"""

from __future__ import annotations

from typing import Any

import bot.service.clocks as clocks
from bot.games import title
from bot.i18n import T, Text
from bot.service.results import ACTIVE, CANCELLED, LOBBY, OVER, PrivateMessage, Result, ranked_view
from bot.service.tables import Table, Tables

__all__ = ["deal", "private_messages", "result"]


def deal(events: Any, public: list[Any], private: dict[str, list[str]]) -> None:
    """Each event's text to ``public`` (everyone may read it) or to the lists in ``private``
    of the seats that may read it (seats without a list get nothing)."""

    for ev in events:
        if ev.visible_to is None:
            public.append(ev.text)
        else:
            for p in ev.visible_to:
                if p in private:
                    private[p].append(ev.text)


def private_messages(
    t: Table,
    state: Any,
    humans: list[str],
    hands_before: dict[str, Any],
    private_events: dict[str, list[str]],
    initial: bool,
) -> list[PrivateMessage]:
    """What each of ``humans`` (seats) should get privately: their private events, and their
    hand view when ``engine.private_view`` changed since ``hands_before`` (always when ``initial``)."""

    engine = t.engine
    private: list[PrivateMessage] = []
    dm = {s.seat: s.dm_ok for s in t.seats}
    users = t.users()
    for p in humans:
        after = engine.private_view(state, p)
        hand_changed = after is not None and (initial or after != hands_before.get(p))
        if private_events.get(p) or hand_changed:
            private.append(
                PrivateMessage(
                    user=users.get(p, p),
                    events=private_events.get(p, []),
                    hand_changed=hand_changed,
                    hand=engine.view(state, p) if engine.has_hands else None,
                    dm_ok=dm.get(p, True),
                    text=engine.private_text(state, p) if engine.has_hands else "",
                )
            )
    return private


def result(
    tables: Tables,
    t: Table,
    state: Any | None,
    *,
    public: list[str | Text],
    board_due: bool,
    private: list[PrivateMessage] | None = None,
    timing: dict | None = None,
) -> Result:
    """The :class:`Result` of ``t`` at its version: the spectator view, status line, whom to
    mention and their deadline (from ``state``; None for a lobby or a cancelled game), the
    ranking once over; a post ticket when ``board_due``."""

    game, engine = t.game, t.engine
    settings = tables.settings_of(game)
    out = Result(
        table=game.table_id,
        game_id=game.game_id,
        game_pk=game.pk,
        version=game.version,
        status=game.status,
        public=public,
        board_due=board_due,
        private=private or [],
        info=t.info(),
        timing=timing or {},
        board_posts=settings.board_posts,
        status_message=game.status_message,
    )
    if state is not None:
        out.view = engine.view(state, None)
        out.status_line = engine.status(state)
        if game.status == ACTIVE:
            users = {s.seat: s.user_id for s in t.humans}
            to_act = engine.to_act(state)
            out.acting = list(to_act)
            out.mention = [users[p] for p in to_act if p in users]
            out.deadline = clocks.deadline(t, settings, to_act)
        if game.status == OVER:
            out.ranking = t.ranking(state)
            out.view = ranked_view(out.view, out.ranking)
    elif game.status == LOBBY:
        n = len(t.seats)
        out.status_line = T(
            "{game} lobby: {n} of {least}–{most} seats taken.",
            game=title(engine),
            n=n,
            least=engine.min_players,
            most=engine.max_players,
        )
    elif game.status == CANCELLED:
        out.status_line = T("Cancelled.")
    if board_due:
        out.ticket = tables.ticket(game.table_id)
    return out
