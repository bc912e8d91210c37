"""Kanban EV, the day (the aid, "each round represents a day"): who acts, the legal
actions and their effects phase by phase, department selection (Sandra included), the
work phase's order of turns, and the end of the day (end-of-week scoring, meeting, game end)."""

from __future__ import annotations

from typing import Any

from engines.base import Event, IllegalAction, event

from .. import data as D
from ..actions import Done, Place, nominate_, place_
from ..state import Board, State
from .common import DI, begin_step, cert_order, dept_of, end_step, occupied, own
from .meetings import _apply_meeting, _legal_meeting, _nominate, start_meeting
from .sandra import _sandra_moves, sandra_turn
from .scoring import final_scoring
from .setup import SETUP_PHASES, apply_setup, legal_setup
from .words import T, dept, shifts
from .work import _apply_work, _legal_work, _legal_work_of, begin_turn


def current(s: State) -> int:
    """Seat index whose turn it is in a sequential phase (-1: Sandra)."""

    return s.board.order[s.board.turn_index]


def to_act(s: State) -> list[int]:
    if s.phase == "over":
        return []
    if s.phase == "garages":
        return [i for i, p in enumerate(s.player_boards) if not p.garage_tiles]
    if s.phase == "nominate":
        return [i for i in range(len(s.players)) if not s.board.nominations[i]]
    return [current(s)]


def legal(s: State, i: int) -> list:
    """Every legal action of seat ``i`` now, in a stable order."""

    if i not in to_act(s):
        return []
    ph = s.phase
    if ph in SETUP_PHASES:
        return legal_setup(s, i)
    if ph == "select":
        return _legal_select(s, i)
    if ph == "work":
        return _legal_work(s, i)
    if ph == "meeting":
        return _legal_meeting(s, i)
    if ph == "nominate":
        return [nominate_(g) for g in s.player_boards[i].goals]
    return []


def legal_of(s: State, i: int, kind: type) -> list:
    """The actions of type ``kind`` among ``legal(s, i)``, in their order; in a work turn it
    lists only the part of the actions that can hold them (for checking one move)."""

    if s.phase == "work" and i in to_act(s):
        return _legal_work_of(s, i, kind)
    return [a for a in legal(s, i) if type(a) is kind]


def _legal_select(s: State, i: int) -> list:
    """Department selection: a free workstation in a department other than the one you just
    worked in; at 2 players not Sandra's department (the aid, "department selection")."""

    occ = occupied(s)
    mine = s.board.positions[i]
    barred = {dept_of(mine)} if mine >= 0 else set()  # where you just worked
    if len(s.players) == 2:
        barred.add(dept_of(s.board.sandra))
    return [
        place_(dept_of(code), code % 2 + 1) for code in range(10) if code not in occ and dept_of(code) not in barred
    ]


def apply_step(s: State, i: int, a: Any, ev: list[Event]) -> None:
    """:func:`apply_action` as one step on ``s``, a :func:`~.common.step_copy` (the engine's
    ``_apply``): seat ``i``'s board becomes ``s``'s own first; another seat's board is
    copied when the step changes it (:func:`~.common.own`)."""

    token = begin_step(s)
    try:
        own(s, i)
        apply_action(s, i, a, ev)
    finally:
        end_step(token)


def apply_action(s: State, i: int, a: Any, ev: list[Event]) -> None:
    """Mutate the (already copied) state ``s`` by seat ``i``'s legal action ``a``."""

    ph = s.phase
    b = s.board
    if ph in SETUP_PHASES:
        if apply_setup(s, i, a, ev):
            start_day(s, ev)
        return
    if ph == "select":
        _apply_place(s, i, a, ev)
        return
    if ph == "work":
        _apply_work(s, i, a, ev)
        if type(a) is Done:
            b.turn_index += 1
            b.turn = None
            _auto(s, ev)
        return
    if ph == "meeting":
        _apply_meeting(s, i, a, ev)
        return
    if ph == "nominate":
        if _nominate(s, i, a, ev):
            end_of_day(s, ev)
        return
    raise IllegalAction(T("The game is over."))


def start_day(s: State, ev: list[Event]) -> None:
    """A new day: department selection in board order top to bottom (day 1: certification
    order, Sandra stays at her desk)."""

    b = s.board
    b.day += 1
    s.phase = "select"
    if b.day == 1:
        b.order = cert_order(s)
    else:
        ents = [(b.positions[i], i) for i in range(len(s.players))] + [(b.sandra, -1)]
        b.order = [e for _, e in sorted(ents)]
    b.turn_index = 0
    ev.append(
        event(
            type="day",
            text=T(
                "Day {day} (week {week}, cycle {cycle}): department selection.", day=b.day, week=b.week, cycle=b.cycle
            ),
        )
    )
    _auto(s, ev)


def _auto(s: State, ev: list[Event]) -> None:
    """Run the steps nobody decides: Sandra's selection and work, phase changes."""

    b = s.board
    while True:
        if s.phase == "select":
            if b.turn_index >= len(b.order):
                _start_work(s, ev)
                continue
            if b.order[b.turn_index] == -1:
                if b.day > 1:
                    _sandra_moves(s, ev)
                b.turn_index += 1
                continue
            return
        if s.phase == "work":
            if b.turn_index >= len(b.order):
                _end_work_phase(s, ev)
                continue
            who = b.order[b.turn_index]
            if who == -1:
                sandra_turn(s, ev)
                b.turn_index += 1
                continue
            if not b.turn or b.turn.who != who:
                begin_turn(s, who, ev)
            return
        return


def _apply_place(s: State, i: int, a: Place, ev: list[Event]) -> None:
    code = DI[a.dept] * 2 + a.station - 1
    s.board.positions[i] = code
    ws = D.WORKSTATION_SHIFTS[a.dept][a.station - 1]
    ev.append(
        event(
            type="place",
            text=(
                T(
                    "{seat} goes to {dept} workstation {station} (upper, {shifts}).",
                    seat=s.players[i],
                    dept=dept(a.dept),
                    station=a.station,
                    shifts=shifts(ws),
                )
                if a.station == 1
                else T(
                    "{seat} goes to {dept} workstation {station} (lower, {shifts}).",
                    seat=s.players[i],
                    dept=dept(a.dept),
                    station=a.station,
                    shifts=shifts(ws),
                )
            ),
        )
    )
    s.board.turn_index += 1
    _auto(s, ev)


def _start_work(s: State, ev: list[Event]) -> None:
    b = s.board
    s.phase = "work"
    ents = [(b.positions[i], i) for i in range(len(s.players))]
    if b.day > 1:
        ents.append((b.sandra, -1))
    b.order = [e for _, e in sorted(ents)]
    b.turn_index = 0
    b.turn = None


def _end_work_phase(s: State, ev: list[Event]) -> None:
    b = s.board
    b.turn = None
    if b.meeting_marker:
        start_meeting(s, ev)
        return
    end_of_day(s, ev)


def game_end_triggered(b: Board) -> bool:
    """Week 2 + cycle 3, or week 3 + cycle 2 (read as "at least", per [ENG])."""

    return (b.week >= 2 and b.cycle >= 3) or (b.week >= 3 and b.cycle >= 2)


def end_of_day(s: State, ev: list[Event]) -> None:
    if game_end_triggered(s.board):
        final_scoring(s, ev)
        return
    start_day(s, ev)
