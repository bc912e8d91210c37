"""Kanban EV, working in a department (the aid, "when working in a department"): a work
turn's shifts, training and certification (the certification track and award tiles),
recycling, each department's actions by dispatch, and the end of the turn."""

from __future__ import annotations

from typing import Any

from engines.base import Event, IllegalAction, event

from .. import data as D
from ..actions import (
    Advanced,
    Also,
    Award,
    Cert,
    Charge,
    Claim,
    Done,
    Order,
    Provide,
    Recycle,
    Route,
    SelectDesign,
    Take,
    Train,
    Upgrade,
    Voucher,
    also_,
    award_,
    cert_,
    done_,
    recycle_,
    route_,
    train_,
)
from ..state import State, WorkTurn
from .administration import _also, _charge, _legal_admin
from .assembly import _legal_assembly, _provide, _route, clear_full_lines
from .common import (
    DI,
    active_depts,
    changing,
    check_factory_goal,
    dept_of,
    gain,
    n_certs,
    shifts_note,
    spend,
    spendable,
    take_generic,
    usable,
)
from .design import _advanced, _legal_design, _select_design, refill_designs
from .logistics import _legal_logistics, _order, _take, _voucher
from .rd import _claim, _legal_rd, _upgrade, advance_pace, close_gaps
from .words import CERT_UNLOCKS, T, Tn, banked_now, dept, part


def _legal_work(s: State, i: int) -> list:
    b = s.board
    t = b.turn
    p = s.player_boards[i]
    pend = t.pending
    if pend:
        kind = pend[0][0]
        if kind == "cert":
            sec = n_certs(p)
            taken = {q.certification for q in s.player_boards}
            return [cert_(k + 1) for k in range(4) if sec * 4 + k not in taken]
        if kind == "award":
            return [award_(k) for k in sorted(set(b.award_tiles[pend[0][1]]))]
        if kind == "route":
            last = pend[0][1][-1]
            return [route_(n) for n in D.CONVEYOR[last]]
    can = spendable(s)
    act = active_depts(s)
    out = _work_trainings(s, i, can, act) + _work_also(s) + _work_recycling(s, i)
    for d in act:
        out += _DEPT_ACTIONS[d](s, i, can)
    out.append(done_())
    return out


def _work_trainings(s: State, i: int, can: int, act: list[str]) -> list:
    """Training in the departments worked in (a book or a shift), up to expert."""

    p = s.player_boards[i]
    books = usable(s, i, "book")
    out: list = []
    for d in act:
        if p.training[DI[d]] < D.EXPERT_AT:
            if books > 0:
                out.append(train_(d, "book"))
            if can >= 1:
                out.append(train_(d, "shift"))
    return out


def _work_also(s: State) -> list:
    """Administration: a second department, until one is chosen."""

    t = s.board.turn
    return [also_(d) for d in D.DEPTS[:4]] if t.dept == "admin" and not t.second_dept else []


def _work_recycling(s: State, i: int) -> list:
    """Recycling swaps: a part of yours (not one taken from recycling this turn) for one there."""

    b = s.board
    t = b.turn
    p = s.player_boards[i]
    out: list = []
    for give in sorted(set(p.parts)):
        if give in b.recycling or p.parts.count(give) <= t.recycled.count(give):
            continue
        for get in b.recycling:
            out.append(recycle_(give, get))
    return out


#: department -> its own actions (``f(s, i, spendable shifts)``)
_DEPT_ACTIONS = {
    "rd": _legal_rd,
    "assembly": _legal_assembly,
    "logistics": _legal_logistics,
    "design": _legal_design,
    "admin": _legal_admin,
}
#: the action types that only one department's list holds, by department
_DEPT_OF_KIND = {
    Claim: "rd",
    Upgrade: "rd",
    Provide: "assembly",
    Order: "logistics",
    Take: "logistics",
    Voucher: "logistics",
    SelectDesign: "design",
    Advanced: "design",
    Charge: "admin",
}


def _legal_work_of(s: State, i: int, kind: type) -> list:
    """The actions of type ``kind`` among ``_legal_work(s, i)``, in their order, listing only
    the part of the work turn's actions that can hold them."""

    t = s.board.turn
    if t.pending:
        return [a for a in _legal_work(s, i) if type(a) is kind]
    if kind is Done:
        return [done_()]
    if kind is Also:
        return _work_also(s)
    if kind is Recycle:
        return _work_recycling(s, i)
    act = active_depts(s)
    if kind is Train:
        return _work_trainings(s, i, spendable(s), act)
    d = _DEPT_OF_KIND.get(kind)
    if d is None:
        return []
    if d not in act:
        return []
    return [a for a in _DEPT_ACTIONS[d](s, i, spendable(s)) if type(a) is kind]


def begin_turn(s: State, i: int, ev: list[Event]) -> None:
    """Start seat ``i``'s work turn: shifts from the workstation (+1 in Administration with its
    charger); Assembly clears full lines on arrival."""

    b = s.board
    code = b.positions[i]
    d = dept_of(code)
    p = s.player_boards[i]
    ws = D.WORKSTATION_SHIFTS[d][code % 2]
    if d == "admin" and "admin" in p.chargers:
        ws += 1
    b.turn = WorkTurn(
        who=i,
        dept=d,
        second_dept="",
        workstation_shifts=ws,
        workstation_used=0,
        spent=0,
        used=[],
        claimed=0,
        pending=[],
        recycled=[],
        gained={"shift": 0, "book": 0, "voucher": 0},
    )
    if d == "assembly":
        clear_full_lines(s, ev)


def _apply_work(s: State, i: int, a: Any, ev: list[Event]) -> None:
    b = s.board
    t = b.turn
    p = s.player_boards[i]
    name = s.players[i]
    kind = type(a)
    if kind is Cert:
        t.pending.pop(0)
        sec = n_certs(p)
        p.certification = sec * 4 + a.space - 1
        ev.append(
            event(
                type="cert",
                text=T(
                    "{seat} moves their certification marker to section {section}, space {space}.",
                    seat=name,
                    section=sec,
                    space=a.space,
                ),
            )
        )
        benefit = dict(D.CERT_TRACK[sec][a.space - 1])
        if not D.CERT_PRINTED_SPEECH and sec in (2, 4):
            benefit.pop("speech", None)
        gain(s, i, benefit, ev, "certification track")
        check_factory_goal(s, i, "cert", sec, ev)
        return
    if kind is Award:
        d = t.pending.pop(0)[1]
        changing(s, "award_tiles")[d].remove(a.kind)
        gain(s, i, {"pp": 2} if a.kind == "pp2" else {a.kind: 1}, ev, "award tile")
        return
    if kind is Route:
        chain = t.pending.pop(0)[1]
        _route(s, i, chain, a.node, ev)
        return
    if kind is Train:
        if a.pay == "book":
            p.books -= 1
        else:
            spend(s, 1)
        di = DI[a.dept]
        p.training[di] += 1
        b.training_stamp += 1
        p.training_stamps[di] = b.training_stamp
        ev.append(
            event(
                type="train",
                text=(
                    T(
                        "{seat} trains in {dept} with a book: {step} of {steps} steps up the track ({note}).",
                        seat=name,
                        dept=dept(a.dept),
                        step=p.training[di],
                        steps=D.EXPERT_AT,
                        note=shifts_note(s),
                    )
                    if a.pay == "book"
                    else T(
                        "{seat} trains in {dept} with a shift: {step} of {steps} steps up the track ({note}).",
                        seat=name,
                        dept=dept(a.dept),
                        step=p.training[di],
                        steps=D.EXPERT_AT,
                        note=shifts_note(s),
                    )
                ),
            )
        )
        if p.training[di] == D.CERTIFIED_AT:
            ev.append(
                event(
                    type="cert",
                    text=T(
                        "{seat} is certified in {dept}: the padlock comes off ({unlocks}); they choose a space "
                        "in the next certification section.",
                        seat=name,
                        dept=dept(a.dept),
                        unlocks=CERT_UNLOCKS[a.dept],
                    ),
                )
            )
            t.pending.append(["cert"])
        if p.training[di] == D.EXPERT_AT:
            ev.append(
                event(
                    type="expert",
                    text=T("{seat} reaches the last space of the {dept} track.", seat=name, dept=dept(a.dept)),
                )
            )
            if b.award_tokens[a.dept] > 0:
                b.award_tokens[a.dept] -= 1
                take_generic(s, i)
                ev.append(
                    event(
                        type="speech",
                        text=T(
                            "{seat} takes the speech token on the {dept} award tiles.", seat=name, dept=dept(a.dept)
                        ),
                    )
                )
            if b.award_tiles[a.dept]:
                t.pending.append(["award", a.dept])
        return
    if kind is Also:
        _also(s, i, a, ev)
        return
    if kind is Recycle:
        t.recycled.append(a.get)
        p.parts.remove(a.give)
        p.parts.append(a.get)
        b.recycling[b.recycling.index(a.get)] = a.give
        ev.append(
            event(
                type="recycle",
                text=T(
                    "{seat} swaps {part} for {other} in recycling.", seat=name, part=part(a.give), other=part(a.get)
                ),
            )
        )
        return
    if kind is Claim:
        _claim(s, i, a, ev)
        return
    if kind is Upgrade:
        _upgrade(s, i, a, ev)
        return
    if kind is Provide:
        _provide(s, i, a, ev)
        return
    if kind is Order:
        _order(s, i, a, ev)
        return
    if kind is Take:
        _take(s, i, a, ev)
        return
    if kind is Voucher:
        _voucher(s, i, a, ev)
        return
    if kind is SelectDesign:
        _select_design(s, i, a, ev)
        return
    if kind is Advanced:
        _advanced(s, i, a, ev)
        return
    if kind is Charge:
        _charge(s, i, a, ev)
        return
    if kind is Done:  # the day goes on to the next turn (apply_action)
        ev.append(event(type="done", text=done_text(s, i)))
        end_turn(s, i, ev)
        return
    raise IllegalAction(T("That is not a move now."))


def done_text(s: State, i: int) -> str:
    """The end of seat ``i``'s work turn in words (Kanban EV, working: at most 4 shifts a
    turn, from the workstation then the shift bank; what was banked during the turn is
    usable from its end, [SPEC] §3): shifts spent and where from, workstation shifts left
    unused, shifts banked this turn and the bank now."""

    t = s.board.turn
    p = s.player_boards[i]
    spent, from_ws = t.spent, t.workstation_used
    seat = s.players[i]
    if not spent:
        spent_text = T("{seat} ends their turn: 0 shifts spent", seat=seat)
    elif from_ws == spent:
        spent_text = Tn(
            "{seat} ends their turn: {n} shift spent (from the workstation)",
            "{seat} ends their turn: {n} shifts spent (from the workstation)",
            spent,
            seat=seat,
        )
    elif not from_ws:
        spent_text = Tn(
            "{seat} ends their turn: {n} shift spent (from the shift bank)",
            "{seat} ends their turn: {n} shifts spent (from the shift bank)",
            spent,
            seat=seat,
        )
    else:
        spent_text = Tn(
            "{seat} ends their turn: {n} shift spent ({workstation} from the workstation, {bank} from the shift bank)",
            "{seat} ends their turn: {n} shifts spent ({workstation} from the workstation, {bank} from the shift bank)",
            spent,
            seat=seat,
            workstation=from_ws,
            bank=spent - from_ws,
        )
    unused = t.workstation_shifts - from_ws
    banked = t.gained["shift"]
    now = banked_now(p.banked_shifts)
    if unused:
        left = Tn("{n} workstation shift left unused", "{n} workstation shifts left unused", unused)
        if banked:
            return Tn(
                "{spent}, {left}; {n} shift banked this turn ({now}).",
                "{spent}, {left}; {n} shifts banked this turn ({now}).",
                banked,
                spent=spent_text,
                left=left,
                now=now,
            )
        return T("{spent}, {left}; nothing banked this turn ({now}).", spent=spent_text, left=left, now=now)
    if banked:
        return Tn(
            "{spent}; {n} shift banked this turn ({now}).",
            "{spent}; {n} shifts banked this turn ({now}).",
            banked,
            spent=spent_text,
            now=now,
        )
    return T("{spent}; nothing banked this turn ({now}).", spent=spent_text, now=now)


def end_turn(s: State, i: int, ev: list[Event]) -> None:
    """End of a work turn: R&D moves the pace car once per car claimed and closes the gaps;
    Design refills; a voucher received this turn becomes usable."""

    b = s.board
    t = b.turn
    p = s.player_boards[i]
    if "rd" in active_depts(s):
        for _ in range(t.claimed):
            advance_pace(s, ev)
        close_gaps(s)
    if t.selected_design:
        refill_designs(s)
    if p.vouchers_pending:
        keep = min(p.vouchers_pending, D.VOUCHERS_MAX - p.vouchers)
        p.vouchers += keep
        s.board.voucher_supply += p.vouchers_pending - keep  # no room on the board: back to the supply
        p.vouchers_pending = 0
