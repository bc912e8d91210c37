"""Kanban EV, the Design department: select a design or an advanced design, and the
department's refill."""

from __future__ import annotations

from engines.base import Event, event
from engines.i18n import Code

from .. import data as D
from ..actions import Advanced, SelectDesign, advanced_, design_
from ..state import State
from .common import certified, design_slots, gain, shifts_note, spend
from .words import T


def _legal_design(s: State, i: int, can: int) -> list:
    if can < 1:
        return []
    b = s.board
    p = s.player_boards[i]
    if len(p.designs) >= design_slots(p):
        return []
    out: list = [design_(d) for row in b.design_rows for d in row if d]
    if certified(p, "design"):
        out += [advanced_(st[0]) for st in b.design_stacks if st]
    return out


def _remove_design_from_board(s: State, des: str) -> None:
    for row in s.board.design_rows:
        if des in row:
            row[row.index(des)] = ""
            return
    for st in s.board.design_stacks:
        if st and st[0] == des:
            st.pop(0)
            return
    raise AssertionError(des)


def refill_designs(s: State) -> None:
    """Design department refill: slide each row right, fill the gaps right to left from the
    row's stack, then from the central stack; the top row first (the aid, Design)."""

    b = s.board
    for r in range(2):
        row = [x for x in b.design_rows[r] if x]
        missing = D.DESIGN_COLS - len(row)
        new = []
        for _ in range(missing):
            if b.design_stacks[r]:
                new.append(b.design_stacks[r].pop(0))
            elif b.design_stacks[2]:
                new.append(b.design_stacks[2].pop(0))
        # first drawn goes to the rightmost empty space
        filled = list(reversed(new)) + row
        b.design_rows[r] = [""] * (D.DESIGN_COLS - len(filled)) + filled


def _select_design(s: State, i: int, a: SelectDesign, ev: list[Event]) -> None:
    """Design, select a design from the 8 rightmost spaces: a book from the rightmost
    column, a banked shift from the second (refilled at the end of the turn)."""

    b = s.board
    t = s.board.turn
    p = s.player_boards[i]
    name = s.players[i]
    spend(s, 1)
    t.selected_design = True
    for row in b.design_rows:
        if a.id in row:
            c = row.index(a.id)
            row[c] = ""
            bonus = D.DESIGN_COLUMN_BONUS.get(D.DESIGN_COLS - 1 - c)
            break
    p.designs.append(a.id)
    ev.append(
        event(
            type="design",
            text=T("{seat} selects design {design} ({note}).", seat=name, design=Code(a.id), note=shifts_note(s)),
        )
    )
    if bonus:
        gain(s, i, {bonus: 1}, ev, "design column")


def _advanced(s: State, i: int, a: Advanced, ev: list[Event]) -> None:
    """Design (certified), select an advanced design from a stack: a book with the Design
    charger."""

    b = s.board
    t = s.board.turn
    p = s.player_boards[i]
    name = s.players[i]
    spend(s, 1)
    t.selected_design = True
    for st in b.design_stacks:
        if st and st[0] == a.id:
            st.pop(0)
            break
    p.designs.append(a.id)
    ev.append(
        event(
            type="design",
            text=T(
                "{seat} selects advanced design {design} from a stack ({note}).",
                seat=name,
                design=Code(a.id),
                note=shifts_note(s),
            ),
        )
    )
    if "design" in p.chargers:
        gain(s, i, {"book": 1}, ev, "Design charger")
