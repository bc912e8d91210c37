"""Kanban EV, the factory image: status, legend, the cycle and week tracks, the meeting
room, and one panel per department (workstations, training track, awards, then the
department's own body)."""

from __future__ import annotations

from engines.i18n import Joined, T, Tn, Tp
from renderers.base import Layout, fit_text, local, measure, wrap

from .administration import _admin
from .assembly import _assembly
from .common import (
    ACTIVE,
    DEPT,
    DEPT_TINT,
    EMPTY,
    INK,
    LINE,
    MAX_HEIGHT,
    SANDRA,
    SOFT,
    STATUS_HEAD,
    WIDTH,
    M,
    _Board,
    _Canvas,
)
from .design import _design
from .logistics import _logistics
from .rd import _rd


def _status(c: _Canvas, b: _Board, y: int) -> int:
    v = b.v
    sandra = Tp("sandra", "Mean Sandra") if v.get("sandra_mode") == "mean" else Tp("sandra", "Nice Sandra")
    when = (
        T(
            "day {day}, week {week}, production cycle {cycle}",
            day=v["day"],
            week=v.get("week", 0),
            cycle=v.get("cycle", 0),
        )
        if v.get("day")
        else Tp("step", "setup")
    )
    if v.get("phase") == "over":
        when = T("final scoring (game over)")
    # "SpeedCharger" is the expansion's name
    head = " - ".join(local(x) for x in (Tp("game title", "Kanban EV"), when, sandra)) + (
        " - SpeedCharger" if v.get("speedcharger") else ""
    )
    lines = _status_lines(v)
    h = 96 + STATUS_STEP * (len(lines) - 1)  # a line more, the panel as much taller
    c.panel(M, y, WIDTH - 2 * M, h, "status")
    c.fit(M + 12, y + 8, head, 22, WIDTH - 4 * M, "status")
    for k, ln in enumerate(lines):
        c.fit(M + 12, y + 38 + STATUS_STEP * k, ln, 18, WIDTH - 4 * M, "status", SOFT)
    line = _turn_line(b)
    if line:
        c.fit(M + 12, y + h - 32, line, 18, WIDTH - 4 * M, "status:turn", "#7a0000")
    return y + h


#: the px between the status panel's 18 px lines
STATUS_STEP = 22


def _status_lines(v: dict) -> list[str]:
    """The engine's status under the panel's head, which already says the day, week and cycle:
    without its first three clauses (:data:`STATUS_HEAD`), from a capital, on one line or, when
    that is too short (cs "Fáze práce: … pracuje v oddělení Administrativa + Vývoj; 3 směny
    utraceny, v tomto tahu zbývá 0 (pracoviště 2, uložené 0, nejvýš 4)." 1237 px in 1160), two."""

    status = STATUS_HEAD.sub("", local(v.get("status", "")))
    status = status[:1].upper() + status[1:]
    return wrap(status, WIDTH - 4 * M, 18, max_lines=2) or [""]


def _dept(F, d: str):
    """Department ``d`` by name, in the reader's language."""

    return DEPT.get(d) or F.dept_names.get(d, "?")


def _turn_line(b: _Board) -> str:
    """The current work turn: department(s), shifts spent and left (at most 4 a turn)."""

    F = b.F
    t = b.t
    if not t or b.v.get("phase") != "work":
        ms = b.v.get("meeting_state") or {}
        if b.v.get("phase") == "meeting" and ms:
            played = [g for g in ms.get("played", []) if g]
            if played:
                return local(T("Meeting: played {goals}; play one goal, speak, or pass.", goals=", ".join(played)))
            return local(T("Meeting: play one goal, speak, or pass."))
        return ""
    who = t.get("who", -1)
    left = b.v.get("shifts_left", 0)
    depts = Joined([_dept(F, t.get("dept") or "?")] + ([_dept(F, t["dept2"])] if t.get("dept2") else []), " + ")
    spent = t.get("spent", 0)
    out = local(
        Tn(
            "{player} works in {departments}: {n} shift spent, {left} left this turn",
            "{player} works in {departments}: {n} shifts spent, {left} left this turn",
            spent,
            player=b.name(who),
            departments=depts,
            left=left,
        )
    )
    pend = t.get("pending") or []
    pending = {
        "cert": Tp("pending", "choose a certification space"),
        "award": Tp("pending", "choose an award tile"),
        "route": Tp("pending", "choose the conveyor fork"),
    }
    if pend and pend[0][0] in pending:
        out += "; " + local(pending[pend[0][0]])
    return out + "."


def _legend(c: _Canvas, b: _Board, y: int) -> int:
    x = M + 4
    for i, name in enumerate(b.players):
        pp = b.seats[i].get("pp", 0) if i < len(b.seats) else 0
        label = fit_text(f"{name}  {pp} PP", 250, 18)
        w = 30 + measure(label, 18)[0]
        if i in [b.players.index(p) for p in b.v.get("to_act", []) if p in b.players]:
            c.rect(x - 4, y - 2, w + 8, 30, "legend", ACTIVE, None, 1, 6)
        c.disc(x, y + 1, 24, i, f"legend:{i + 1}", 15)
        c.text(x + 30, y + 3, label, 18, "legend")
        x += w + 24
    return y + 30


def _track(c: _Canvas, x, y, label, values: list[int], current: int, tag, cw=40) -> int:
    c.text(x, y, fit_text(label, 60, 16), 16, tag)
    lw = 64
    for k, val in enumerate(values):
        on = val == current
        c.chip(
            x + lw + k * (cw + 4),
            y - 4,
            cw,
            28,
            str(val),
            tag + (":marker" if on else ""),
            ACTIVE if on else EMPTY,
            16,
            INK if on else LINE,
        )
    return x + lw + len(values) * (cw + 4)


def _goal_card(c: _Canvas, b: _Board, x, y, w, h, goal: str, tag: str, spoken: list[int] | None = None):
    info = b.v["goals"][goal]
    icons = info["icons"]
    c.rect(x, y, w, h, tag, "#fffbe8", LINE, 1, 6)
    c.text(x + 6, y + 4, goal, 15, tag, SOFT)
    # icons: multipliers, highest first; a speaker's disc covers the icon they took
    spoken = spoken or []
    for k in range(icons):
        mult = icons - k
        ix = x + w - 6 - (icons - k) * 26
        if k < len(spoken):
            c.disc(ix, y + 3, 24, spoken[k], "meeting-room:speech", 14)
        else:
            c.chip(ix, y + 3, 24, 24, f"x{mult}", tag + ":icon", "#ffffff", 14)
    for k, ln in enumerate(wrap(info["text"], w - 12, 15, max_lines=(h - 34) // 19)):
        c.text(x + 6, y + 30 + k * 19, ln, 15, tag)


#: the most lines of a goal card's text: the card is 34 px (its id and icons) and 19 px a line
#: tall; 3 lines for lt "4 PP už „miesto automobilis“ tavo garažuose" in a 174 px card
GOAL_LINES = 3


def _goal_lines(b: _Board, goals: list[str], w: int) -> int:
    """How many lines the longest of ``goals``' texts takes in a ``w`` px card (2 to GOAL_LINES)."""

    texts = [b.v["goals"][g]["text"] for g in goals if g in b.v.get("goals", {})]
    return min(GOAL_LINES, max([2] + [len(wrap(t, w - 12, 15)) for t in texts]))


def _tracks_and_room(c: _Canvas, b: _Board, y: int) -> int:
    v = b.v
    ms = v.get("meeting_state") or {}
    played = [(i, g) for i, g in enumerate(ms.get("played", [])) if g]
    room = list(v.get("room", []))
    cards = [(g, "room") for g in room] + [(g, "played") for _i, g in played]
    rows = 1 if len(cards) <= 4 else 2
    lw = 430
    cw = (WIDTH - M - (2 * M + lw) - 20 - 3 * 8) // 4  # four cards a row in the meeting room
    card_h = 34 + 19 * _goal_lines(b, [g for g, _where in cards[:8]], cw)
    # the final goal's items, each on one line or, when it is wider than 340 px at 16 px (lt
    # "sertifikuotas skyriuose Tyrimai ir plėtra ir Dizainas" 380), two: the panels 20 px taller
    items = [(wrap(item["text"], lw - 90, 16, max_lines=2), item["pp"]) for item in v.get("final_goal", [])]
    h = max(176 + 20 * sum(len(lines) - 1 for lines, _pp in items), 40 + rows * (card_h + 8) + 6)
    # left: cycle and week tracks, meeting marker, final goal
    c.panel(M, y, lw, h, "tracks")
    _track(c, M + 10, y + 12, Tp("image label", "Cycle"), [0, 1, 2, 3], v.get("cycle", 0), "cycle-track")
    _track(c, M + 10, y + 46, Tp("image label", "Week"), [0, 1, 2, 3], v.get("week", 0), "week-track")
    called = v.get("meeting")
    c.chip(M + 300, y + 10, 120, 58, "", "meeting-marker", ACTIVE if called else EMPTY, 15, INK if called else LINE)
    c.text(M + 360, y + 16, fit_text(Tp("image label", "Meeting"), 114, 15), 15, "meeting-marker", anchor="ma")
    call = Tp("meeting", "called") if called else Tp("meeting", "not called")
    c.text(M + 360, y + 40, fit_text(call, 114, 15), 15, "meeting-marker", anchor="ma")
    fy = y + 78
    final = v.get("final")
    c.rect(M + 8, fy, lw - 16, h - (fy - y) - 8, "final-goal", "#fff3e0", LINE, 1, 6)
    final_goal = fit_text(T("Final goal {goal}: 1 speech token per achievement", goal=final), lw - 32, 15)
    c.text(M + 16, fy + 4, final_goal, 15, "final-goal", SOFT)
    ly = fy + 26
    for lines, pp in items:
        c.text(M + lw - 20, ly, f"{pp} PP", 16, "final-goal", anchor="ra")
        for ln in lines:
            c.text(M + 16, ly, ln, 16, "final-goal")
            ly += 20
    # right: meeting room
    rx = 2 * M + lw
    rw = WIDTH - M - rx
    title = local(Tp("image label", "Meeting room"))
    if any(v.get("nominated", [])):
        n = sum(v.get("nominated", []))
        title += " - " + local(Tn("{n} goal nominated face down", "{n} goals nominated face down", n))
    title += "   " + local(
        T("(goal deck {deck}, discards {discards})", deck=v.get("gdeck", 0), discards=len(v.get("gdiscard", [])))
    )
    c.panel(rx, y, rw, h, "meeting-room")
    c.fit(rx + 10, y + 8, title, 17, rw - 20, "meeting-room")
    spoken = ms.get("spoken", {})
    for k, (g, where) in enumerate(cards[:8]):
        r, col = divmod(k, 4)
        gx = rx + 10 + col * (cw + 8)
        gy = y + 36 + r * (card_h + 8)
        _goal_card(c, b, gx, gy, cw, card_h, g, f"meeting-room:goal:{g}", spoken.get(g, []))
        if where == "played":
            c.rect(gx, gy, cw, card_h, f"meeting-room:played:{g}", None, "#7a0000", 3, 6)
    if not cards:
        empty = fit_text(T("(empty until the meeting's nominations are revealed)"), rw - 20, 16)
        c.text(rx + 10, y + 40, empty, 16, "meeting-room", SOFT)
    return y + h


def _dept_left(c: _Canvas, b: _Board, dept: str, x: int, y: int, h: int) -> None:
    """Department name, its two workstations (meeples, Sandra), training track, awards."""

    F = b.F
    v = b.v
    di = F.depts.index(dept)
    tag = f"department:{dept}"
    c.text(x + 10, y + 6, DEPT.get(dept) or F.dept_names[dept], 22, tag)
    pos = v.get("pos", [])
    t = b.t
    for k in range(2):
        code = di * 2 + k
        wx, wy, ww, wh = x + 10 + k * 160, y + 36, 152, 52
        stag = f"{tag}:workstation:{k + 1}"
        here = [i for i, cde in enumerate(pos) if cde == code]
        working = bool(here) and v.get("phase") == "work" and t.get("who") in here
        c.rect(wx, wy, ww, wh, stag, "#ffffff", INK if working else LINE, 3 if working else 1, 6)
        shifts = F.workstation_shifts[dept][k]
        where = (
            Tn("upper: {n} shift", "upper: {n} shifts", shifts)
            if k == 0
            else Tn("lower: {n} shift", "lower: {n} shifts", shifts)
        )
        c.text(wx + 6, wy + 3, fit_text(where, ww - 12, 14), 14, stag, SOFT)
        if v.get("sandra") == code:
            c.chip(wx + 6, wy + 24, ww - 12, 24, "Sandra", f"{tag}:sandra", "#e9d3f2", 15, SANDRA)
        for i in here:
            c.disc(wx + 6, wy + 24, 24, i, f"{tag}:meeple", 14)
            c.fit(wx + 36, wy + 26, b.name(i), 16, ww - 42, f"{tag}:meeple", smallest=14)
    # training track: start + 5 spaces; certified on the 4th, expert on the last
    ty = y + 96
    c.text(x + 10, ty + 12, fit_text(Tp("image label", "Train"), 48, 15), 15, f"{tag}:training")
    tx0 = x + 60
    cw = 44
    for sp in range(F.training_spaces):
        fill = "#fff2b3" if sp == F.certified_at else ("#ffd9a0" if sp == F.expert_at else EMPTY)
        c.rect(tx0 + sp * (cw + 2), ty, cw, cw, f"{tag}:training", fill, LINE, 1, 4)
        discs = [i for i, s in enumerate(b.seats) if s["train"][di] == sp]
        for k, i in enumerate(discs[:4]):
            r, q = divmod(k, 2)
            c.disc(tx0 + sp * (cw + 2) + 1 + q * 21, ty + 1 + r * 21, 21, i, f"{tag}:training:disc", 14)
    lab = {0: Tp("training", "start"), F.certified_at: Tp("training", "cert"), F.expert_at: Tp("training", "expert")}
    for sp, s in lab.items():
        c.text(tx0 + sp * (cw + 2) + cw // 2, ty + cw + 2, fit_text(s, cw + 2, 14), 14, f"{tag}:training", SOFT, "ma")
    aw = v.get("awards", {}).get(dept, 0)
    tok = v.get("award_tok", {}).get(dept, 0)
    awards = fit_text(T("Award tiles: {awards}   speech token: {tokens}", awards=aw, tokens=tok), LEFT_W - 20, 15)
    c.text(x + 10, ty + cw + 22, awards, 15, f"{tag}:awards")


_DEPT_BODY = {
    "rd": (_rd, 262),
    "assembly": (_assembly, 250),  # the part names on two staggered lines
    "logistics": (_logistics, 150),
    "design": (_design, 150),
    "admin": (_admin, 186),
}


LEFT_W = 340


def factory_layout(view: dict) -> Layout:
    """The factory board (image 1) of a public view."""

    b = _Board(view)
    c = _Canvas()
    y = _status(c, b, M) + 8
    y = _legend(c, b, y) + 8
    y = _tracks_and_room(c, b, y) + M
    for dept in b.F.depts:
        body, bh = _DEPT_BODY[dept]
        h = max(bh, 196)
        c.panel(M, y, WIDTH - 2 * M, h, f"department:{dept}", fill=DEPT_TINT[dept])
        _dept_left(c, b, dept, M, y, h)
        c.line([(M + LEFT_W, y + 8), (M + LEFT_W, y + h - 8)], f"department:{dept}:rule", LINE, 1)
        body(c, b, M + LEFT_W + 12, y + 8, WIDTH - 2 * M - LEFT_W - 22)
        y += h + 6
    c.lay.height = min(MAX_HEIGHT, y + 4)
    return c.lay
