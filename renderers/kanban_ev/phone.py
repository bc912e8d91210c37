"""Kanban EV, the phone summary posted after a move."""

from __future__ import annotations

from engines.i18n import Joined, T, Tp
from renderers.base import local
from renderers.summary import SeatSummary, Summary

from .common import DEPT_SUMMARY, MODEL_SHORT, PART_SHORT, PLAYER_COLOUR, STATUS_HEAD, _Board
from .factory import _turn_line


def summary(view: dict) -> Summary:
    """The per-move phone summary (:mod:`renderers.summary`), one image: each player's PP,
    where their meeple stands, banked shifts, books, vouchers, speech tokens, parts,
    certifications and upgrades; demand, the test track queue and the meeting room;
    the current work turn and what the game waits for (Kanban EV)."""

    b = _Board(view)
    F = b.F
    v = view
    over = v.get("phase") == "over"
    sandra = Tp("sandra", "Mean Sandra") if v.get("sandra_mode") == "mean" else Tp("sandra", "Nice Sandra")
    if over:
        step = T("Game over: final scoring")
    elif v.get("day"):
        step = T(
            "Day {day} · week {week} · cycle {cycle} · {sandra}",
            day=v["day"],
            week=v.get("week", 0),
            cycle=v.get("cycle", 0),
            sandra=sandra,
        )
    else:
        step = T("Setup · {sandra}", sandra=sandra)
    result = v.get("result") or {}
    totals = {p: (result.get(p) or {}).get("total") for p in b.players}
    places: dict[int, int] = {}
    if over and any(t is not None for t in totals.values()):
        ranked = sorted(range(b.n), key=lambda i: -(totals[b.players[i]] or b.seats[i].get("pp", 0)))
        for i in ranked:
            score = totals[b.players[i]] or b.seats[i].get("pp", 0)
            places[i] = 1 + sum(1 for j in range(b.n) if (totals[b.players[j]] or b.seats[j].get("pp", 0)) > score)
        order = ranked
    else:
        order = list(range(b.n))
    where = {}
    for i, code in enumerate(v.get("pos", [])):
        if isinstance(code, int) and 0 <= code < 2 * len(F.depts):
            d = F.depts[code // 2]
            dept = DEPT_SUMMARY.get(d) or F.dept_names[d]  # its short name in the reader's language
            where[i] = (
                T("at {department} upper", department=dept)
                if code % 2 == 0
                else T("at {department} lower", department=dept)
            )
    seats = []
    for i in order:
        s = b.seats[i]
        facts = []
        if i in where:
            facts.append(where[i])
        facts += [
            Tp("player board", "banked {n}/{cap}", n=s.get("banked", 0), cap=F.shift_bank_max),
            Tp("player board", "books {n}/{cap}", n=s.get("books", 0), cap=F.books_max),
            Tp("player board", "vouchers {n}/{cap}", n=s.get("vouchers", 0), cap=F.vouchers_max),
            Tp("player board", "speech {n}", n=s.get("speech", 0)),
        ]
        parts = s.get("parts", [])
        counted = {p: parts.count(p) for p in parts}  # in first-seen order: "auto ×4, elec"
        listed = ", ".join(PART_SHORT.get(p, p) + (f" ×{n}" if n > 1 else "") for p, n in counted.items())
        facts.append(T("parts {parts}", parts=listed) if parts else T("parts none"))
        cert = [DEPT_SUMMARY.get(d) or F.dept_names[d] for d in s.get("certified", [])]
        if cert:
            facts.append(T("certified {departments}", departments=Joined(cert)))
        up = s.get("upgraded", [])
        if up:
            facts.append(T("upgrades {n} (tested {tested})", n=len(up), tested=len(s.get("tested", []))))
        cars = [MODEL_SHORT.get(c, c) for c in s.get("garages", []) if c]
        if cars:
            facts.append(T("garages {cars}", cars=", ".join(cars)))
        seats.append(
            SeatSummary(
                name=b.name(i),
                seat=b.players[i],
                colour=PLAYER_COLOUR[i % len(PLAYER_COLOUR)],
                score=f"{totals[b.players[i]] if over and totals[b.players[i]] is not None else s.get('pp', 0)} PP",
                facts=facts,
                acting=b.players[i] in v.get("to_act", []) and not over,
                place=places.get(i),
            )
        )
    table = []
    queue = [MODEL_SHORT.get(m, m) for m in v.get("queue", []) if m]
    if v.get("demand") and not over:
        demand = ", ".join(MODEL_SHORT.get(m, m) for m in v["demand"] if m)
        table.append(
            T("Demand: {models} · test track queue: {queue}", models=demand, queue=", ".join(queue))
            if queue
            else T("Demand: {models}", models=demand)
        )
    room = [g for g in v.get("room") or [] if g]
    goals = v.get("goals") or {}
    if room and not over:
        listed = "; ".join(f"{g} {local((goals.get(g) or {}).get('text', ''))}".strip() for g in room)
        table.append(T("Meeting room: {goals}", goals=listed))
    status = local(v.get("status", ""))
    # the day, week and cycle are in the head already: the status's first three clauses, one
    # number each, in every language ("Day 7, week 1, cycle 0, ", "Den 7, týden 1, cyklus 0, ",
    # "7 diena, 1 savaitė, 0 ciklas, ")
    status = STATUS_HEAD.sub("", status)
    status = status[:1].upper() + status[1:]
    turn = _turn_line(b)
    if turn and turn.split(":")[0].lower() not in status.lower():  # the engine's status may say it already
        status = f"{status} {turn}" if status else turn
    title = Tp("game title", "Kanban EV")
    return Summary(title=title, step=step, seats=seats, table=table, status=status, over=over)
