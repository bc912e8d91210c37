"""Kanban EV, the Administration department: shifts shared with one other department,
and the SpeedCharger's charger tokens."""

from __future__ import annotations

from engines.base import Event, event

from .. import data as D
from ..actions import Also, Charge, charge_
from ..state import State
from .assembly import clear_full_lines
from .common import shifts_note, spend
from .words import CHARGER_ABILITY, T, dept


def _legal_admin(s: State, i: int, can: int) -> list:
    b = s.board
    p = s.player_boards[i]
    out: list = []
    if can >= 1 and s.speedcharger and "charge" not in b.turn.used and b.charger_supply > 0:
        for d2 in D.DEPTS:
            if d2 not in p.chargers:
                out.append(charge_(d2))
    return out


def _charge(s: State, i: int, a: Charge, ev: list[Event]) -> None:
    """Administration, take a charger token (once per turn)."""

    b = s.board
    t = s.board.turn
    p = s.player_boards[i]
    name = s.players[i]
    spend(s, 1)
    t.used.append("charge")
    b.charger_supply -= 1
    p.chargers.append(a.dept)
    ev.append(
        event(
            type="charge",
            text=T(
                "{seat} places a charger token on their {dept} space: {ability} ({note}).",
                seat=name,
                dept=dept(a.dept),
                ability=CHARGER_ABILITY[a.dept],
                note=shifts_note(s),
            ),
        )
    )


def _also(s: State, i: int, a: Also, ev: list[Event]) -> None:
    """Administration: the turn's shifts may also go to one other department (Assembly
    clears its full lines on arrival)."""

    t = s.board.turn
    name = s.players[i]
    t.second_dept = a.dept
    ev.append(
        event(
            type="also",
            text=T(
                "{seat} also works in {dept} this turn ({note}).", seat=name, dept=dept(a.dept), note=shifts_note(s)
            ),
        )
    )
    if a.dept == "assembly":
        clear_full_lines(s, ev)
