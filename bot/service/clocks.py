"""Turn clocks: when a turn started, when its deadline passes, when to look at a table again.

Pure functions over a loaded :class:`bot.service.tables.Table` and the table's settings;
the periodic pass (``days``) and the move pipeline (``moves``) store what they return.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from bot.service.results import ACTIVE
from bot.service.tables import Table
from bot.timers import TableSettings, seat_plan

__all__ = ["deadline", "next_due", "turn_clock"]


def turn_clock(
    t: Table, settings: TableSettings, continuous: set[str], state: Any, now: float, status: str
) -> tuple[float | None, float | None]:
    """``(turn_started, next_due)`` to store after a move to ``state``. The turn (and its
    clock) goes on while everyone who must act now has had to act all along
    (``continuous``: the seats that were in ``to_act`` before and after every step of the
    call); else a new turn starts ``now`` and every seat's reminder count restarts.
    ``next_due``: the earliest reminder step or deadline of a waiting player, ignoring quiet
    hours (the loop postpones a reminder that falls in them). ``(None, None)`` once the game
    is not active."""

    if status != ACTIVE:
        return None, None
    to_act = set(t.engine.to_act(state))
    started = t.game.turn_started
    if started is None or not to_act <= continuous:
        started = now
        for s in t.seats:
            s.reminded = 0
    return started, next_due(t, settings, to_act, started, now)


def deadline(t: Table, settings: TableSettings, to_act: Iterable[str]) -> float | None:
    """The earliest turn deadline (epoch seconds) of the humans in ``to_act`` (turn start, or
    the end of their vacation, plus the turn limit); None without a turn limit or a running turn."""

    game = t.game
    limit = settings.turn_limit
    if not limit or game.status != ACTIVE or game.turn_started is None:
        return None
    waiting = set(to_act)
    times = [max(game.turn_started, s.vacation_until or 0.0) + limit for s in t.humans if s.seat in waiting]
    return min(times) if times else None


def next_due(t: Table, settings: TableSettings, to_act: set[str], started: float, now: float) -> float | None:
    """The earliest time (epoch seconds) a player of ``to_act`` is due a reminder or is past
    the deadline (``now`` when one is already), None when nobody will be."""

    times = []
    for s in t.humans:
        if s.seat in to_act:
            plan = seat_plan(now, started, settings, s.reminded, s.vacation_until)
            times.append(now if plan.overdue or plan.remind_now else plan.next_at)
    times = [x for x in times if x is not None]
    return min(times) if times else None
