"""Kanban EV, Sandra (the aid, "Sandra"): her department selection, her Mean or Nice
evaluation, each department's task after it, and the end-of-week scoring at her desk."""

from __future__ import annotations

from engines.base import Event, event
from engines.i18n import N_

from .. import data as D
from ..state import PlayerBoard, State
from .common import DESK, DI, _draw, cars_of, changing, dept_of, model_of, n_certs, own
from .design import refill_designs
from .rd import advance_pace, close_gaps
from .words import T, Tn, dept, semicolons, tx


def _sandra_moves(s: State, ev: list[Event]) -> None:
    """Sandra moves to the next department down (upper workstation first), skipping full
    ones; in Administration she sits at her desk; from there she starts again at the top."""

    b = s.board
    occ = {c for c in b.positions if c >= 0}
    d = DI[dept_of(b.sandra)]
    for step in range(1, 6):
        nd = (d + step) % 5
        if D.DEPTS[nd] == "admin":
            b.sandra = DESK
            break
        up, low = nd * 2, nd * 2 + 1
        if up not in occ:
            b.sandra = up
            break
        if low not in occ:
            b.sandra = low
            break
    text = (
        T("Sandra moves to her desk in Administration.")
        if b.sandra == DESK
        else T("Sandra moves to {dept} workstation {station}.", dept=dept(dept_of(b.sandra)), station=b.sandra % 2 + 1)
    )
    ev.append(event(type="sandra", text=text))


def criterion(p: PlayerBoard, d: str) -> int:
    """What Sandra counts in department ``d`` (the aid, Sandra's evaluation)."""

    if d == "rd":
        return len(p.upgraded)
    if d == "assembly":
        return len(cars_of(p))
    if d == "logistics":
        return len(p.parts)
    if d == "design":
        return len(p.designs)
    return n_certs(p)


def sandra_turn(s: State, ev: list[Event]) -> None:
    """Sandra's turn: Mean or Nice evaluation of her department, then its task."""

    b = s.board
    d = dept_of(b.sandra)
    if d != "admin" or D.SANDRA_EVALUATES_ADMIN:
        evaluate(s, d, ev)
    if d == "rd":
        advance_pace(s, ev)
        close_gaps(s)
        ev.append(
            event(type="sandra", text=T("Sandra advances the pace car to test track space {space}.", space=b.pace_car))
        )
    elif d == "assembly":
        for m in D.MODELS:
            for pt in b.assembly_lines[m]:
                b.part_supply[pt] += 1
            changing(s, "assembly_lines")[m] = []
        ev.append(event(type="sandra", text=T("Sandra clears every assembly space.")))
    elif d == "logistics":
        for pt in D.PARTS:
            if b.warehouses[pt] > 1:
                b.part_supply[pt] += b.warehouses[pt] - 1
                b.warehouses[pt] = 1
        ev.append(event(type="sandra", text=T("Sandra cuts every warehouse down to 1 part.")))
    elif d == "design":
        k = D.SANDRA_DESIGN_RETURN[len(s.players)]
        cols = k // 2
        back = []
        for r in range(2):
            for c in range(D.DESIGN_COLS - cols, D.DESIGN_COLS):
                if b.design_rows[r][c]:
                    back.append(b.design_rows[r][c])
                    b.design_rows[r][c] = ""
        _draw(s, "designs").shuffle(back)
        b.design_stacks[2] += back
        refill_designs(s)
        ev.append(
            event(
                type="sandra",
                text=Tn(
                    "Sandra returns {n} design under the central stack.",
                    "Sandra returns {n} designs under the central stack.",
                    len(back),
                ),
            )
        )
    else:
        end_of_week(s, ev)


def evaluate(s: State, d: str, ev: list[Event]) -> None:
    """Mean: players with the least training in ``d`` and 2 or fewer of its criterion lose
    1 + (5 - banked) PP (the track stops at 0). Nice: players with the most training and 2
    or more gain 1 PP per banked shift over 5. One public event tells who was evaluated,
    what they had and what it cost or paid."""

    di = DI[d]
    levels = [p.training[di] for p in s.player_boards]
    mean = s.sandra_mode == "mean"
    level = min(levels) if mean else max(levels)
    words = []
    for i, p in enumerate(s.player_boards):
        if p.training[di] != level:
            continue
        n = criterion(p, d)
        has = _has(d, n, s.players[i])
        bank = Tn("{n} banked shift", "{n} banked shifts", p.banked_shifts)
        if mean:
            if n <= D.SANDRA_THRESHOLD:
                loss = 1 + max(0, D.SANDRA_BANK_PIVOT - p.banked_shifts)
                lost = min(loss, p.pp)
                p = own(s, i)
                p.pp -= lost
                words.append(
                    T(
                        "{has} and {bank}: loses 1 + {more} = {lost} PP",
                        has=has,
                        bank=bank,
                        more=max(0, D.SANDRA_BANK_PIVOT - p.banked_shifts),
                        lost=lost,
                    )
                )
            else:
                words.append(T("{has}: no penalty", has=has))
        else:
            if n >= D.SANDRA_THRESHOLD:
                win = max(0, p.banked_shifts - D.SANDRA_BANK_PIVOT)
                p = own(s, i)
                p.pp += win
                words.append(T("{has} and {bank}: gains {win} PP", has=has, bank=bank, win=win))
            else:
                words.append(T("{has}: no reward", has=has))
    ev.append(
        event(
            type="sandra",
            text=tx(
                (_MEAN if mean else _NICE)[d],
                dept=dept(d),
                level=level,
                players=semicolons(words),
            ),
        )
    )


#: What Sandra counts per department, singular and plural (for event texts).
SANDRA_COUNTS = {
    "rd": ("upgraded design", "upgraded designs"),
    "assembly": ("car in their garages", "cars in their garages"),
    "logistics": ("car part on their board", "car parts on their board"),
    "design": ("design on their board", "designs on their board"),
    "admin": ("certification", "certifications"),
}


def _has(d: str, n: int, seat: str) -> str:
    """``"p0 has 2 upgraded designs"``: what Sandra counts in department ``d`` (SANDRA_COUNTS)."""

    if d == "rd":
        return Tn("{seat} has {n} upgraded design", "{seat} has {n} upgraded designs", n, seat=seat)
    if d == "assembly":
        return Tn("{seat} has {n} car in their garages", "{seat} has {n} cars in their garages", n, seat=seat)
    if d == "logistics":
        return Tn("{seat} has {n} car part on their board", "{seat} has {n} car parts on their board", n, seat=seat)
    if d == "design":
        return Tn("{seat} has {n} design on their board", "{seat} has {n} designs on their board", n, seat=seat)
    return Tn("{seat} has {n} certification", "{seat} has {n} certifications", n, seat=seat)


#: Sandra's evaluation per department, Mean and Nice ({players}: what each evaluated player had)
_MEAN = {
    "rd": N_("Mean Sandra evaluates {dept} (least training there: {level}; 2 or fewer upgraded designs): {players}."),
    "assembly": N_(
        "Mean Sandra evaluates {dept} (least training there: {level}; 2 or fewer cars in their garages): {players}."
    ),
    "logistics": N_(
        "Mean Sandra evaluates {dept} (least training there: {level}; 2 or fewer car parts on their board): {players}."
    ),
    "design": N_(
        "Mean Sandra evaluates {dept} (least training there: {level}; 2 or fewer designs on their board): {players}."
    ),
    "admin": N_("Mean Sandra evaluates {dept} (least training there: {level}; 2 or fewer certifications): {players}."),
}
_NICE = {
    "rd": N_("Nice Sandra evaluates {dept} (most training there: {level}; 2 or more upgraded designs): {players}."),
    "assembly": N_(
        "Nice Sandra evaluates {dept} (most training there: {level}; 2 or more cars in their garages): {players}."
    ),
    "logistics": N_(
        "Nice Sandra evaluates {dept} (most training there: {level}; 2 or more car parts on their board): {players}."
    ),
    "design": N_(
        "Nice Sandra evaluates {dept} (most training there: {level}; 2 or more designs on their board): {players}."
    ),
    "admin": N_("Nice Sandra evaluates {dept} (most training there: {level}; 2 or more certifications): {players}."),
}


def end_of_week(s: State, ev: list[Event]) -> None:
    """End-of-week scoring: per car in your garages, +1 PP per upgrade anyone made to that
    model and +1 PP per tested design of yours of that model; week marker +1."""

    b = s.board
    for i, p in enumerate(s.player_boards):
        total = 0
        for car in cars_of(p):
            total += sum(1 for x in b.upgrade_spaces[car] if x)
            total += sum(1 for x in p.tested if model_of(x) == car)
        p = own(s, i)
        p.pp += total
        ev.append(
            event(
                type="week",
                text=Tn(
                    "End-of-week scoring: {seat} scores {pp} PP for {n} car (1 per upgrade of its model, 1 per own "
                    "tested design of it).",
                    "End-of-week scoring: {seat} scores {pp} PP for {n} cars (1 per upgrade of its model, 1 per own "
                    "tested design of it).",
                    len(cars_of(p)),
                    seat=s.players[i],
                    pp=total,
                ),
            )
        )
    b.week = min(D.WEEK_MAX, b.week + 1)
    ev.append(event(type="week", text=T("The week marker moves to {week}.", week=b.week)))
