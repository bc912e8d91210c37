"""Kanban EV board images: ``layouts(view) -> [factory, player boards]`` and ``hand_layout``.

Two images for the channel, from ``engine.view(state, None)`` (a phone shows a tall image
full width, so each image is 1200 px wide and at most 1600 px high; text is 15 px or more):

1. **The factory** (``layout``/``layouts()[0]``), top to bottom (tags in brackets):
   ``status`` (day, week, cycle, Sandra's mood, whose step, the current work turn's shifts),
   ``legend`` (each player's number, colour, name and PP), ``cycle-track``, ``week-track``,
   ``meeting-marker``, ``final-goal``, ``meeting-room`` (goals with their icons and the
   speech tokens on them, ``meeting-room:goal:<id>``, ``meeting-room:speech``), then the
   five departments ``department:<rd|assembly|logistics|design|admin>``, each with
   ``…:workstation:1|2`` (shifts, the meeple ``…:meeple`` or ``…:sandra``), ``…:training``
   (spaces 0-5 with the discs ``…:training:disc``) and ``…:awards``; R&D adds
   ``test-track`` (``test-track:pace-car``, ``test-track:striped``, ``test-track:queue``),
   ``upgrade-values`` and ``upgrade-spaces``, ``factory-goals:grey|beige``; Assembly
   ``assembly-lines`` (``assembly-lines:<model>:<part>``: one space per part type, bold when
   that part is upgraded for the model and so goes first), ``conveyor``
   (``conveyor:node:<n>`` with the node id a player types in ``route <n>``,
   ``conveyor:exit:<x>``, ``conveyor:arrow``, ``conveyor:pending`` around a push waiting
   for its fork), ``demand``, ``cars-left``; Logistics ``warehouses``, ``supply``, ``recycling``,
   ``kanban-deck``; Design ``design-rows``, ``design-stacks``; Administration
   ``sandra-desk``, ``certification-track``, ``factory-goals:cert``, ``chargers``.
2. **The player boards** (``layouts()[1]``): one strip per player ``player:<seat>`` with
   ``…:head`` (PP ``…:pp``), ``…:garages``, ``…:designs`` (5 design spaces and the 6th,
   padlocked until certified in Design; ``…:double`` beside them), ``…:upgraded`` (its own
   full-width row; the count and tested designs ``…:tested``), ``…:parts``, ``…:books``, ``…:vouchers``, ``…:banked``, ``…:speech``,
   ``…:padlocks``, ``…:charging``, ``…:hand`` (goal and order card counts), and at the end
   ``…:final`` (the final scoring, item by item).

``hand_layout(view)`` (from ``engine.view(state, player)``): ``hand:goals`` with one card
``hand:goal:<id>`` per performance goal (what it counts, and what speaking on it scores
now), ``hand:hint`` in a meeting or its nominations, ``hand:kanban`` with
``hand:kanban:<id>`` per order card (``…:split:<1-4>``: what each placement stocks now;
the shifts it banks).

Only ASCII is drawn: the bundled font has no symbols. Units are pixels.
"""

from __future__ import annotations

import re
from types import SimpleNamespace

from renderers.base import Canvas, Layout, Polygon, fit_text, measure, plural, wrap
from renderers.summary import SeatSummary, Summary

__all__ = ["layout", "layouts", "hand_layout", "summary", "WIDTH", "MAX_HEIGHT"]

WIDTH = 1200
MAX_HEIGHT = 1600
M = 10
HAND_WIDTH = 600  # px, the hand image sent by DM (read on a phone)

BG = "#e6e1d6"
PANEL = "#ffffff"
INK = "#111111"
SOFT = "#333333"
LINE = "#8c8577"
EMPTY = "#f1efe9"
ACTIVE = "#ffd21f"
SANDRA = "#7b1fa2"
PLAYER_COLOUR = ["#c62828", "#1565c0", "#2e7d32", "#b26a00"]
DEPT_TINT = {"rd": "#e3eefb", "assembly": "#fbe9e1", "logistics": "#e6f4e4", "design": "#f6eefb", "admin": "#f4f1e1"}
PART_SHORT = {
    "autopilot": "auto",
    "battery": "batt",
    "body": "body",
    "drivetrain": "drive",
    "electronics": "elec",
    "motor": "motor",
}
PART_COLOUR = {
    "autopilot": "#cfe3ff",
    "battery": "#d7f5cf",
    "body": "#ffe0b8",
    "drivetrain": "#e6d6ff",
    "electronics": "#fff3a8",
    "motor": "#ffd0d0",
}
MODEL_SHORT = {"city": "city", "suv": "SUV", "truck": "truck", "sports": "sports", "concept": "concept"}
MODEL_COLOUR = {"city": "#bfe6ff", "suv": "#c8efc0", "truck": "#ffd9a8", "sports": "#ffc2c2", "concept": "#e0ccff"}
BENEFIT_WORD = {"pp": "PP", "shift": "shift", "book": "book", "voucher": "vchr", "speech": "speech"}


# ----- small helpers ------------------------------------------------------------------------
def _benefit(b: dict | None) -> str:
    """``{"pp": 3}`` -> ``3PP``; ``{"shift": 1, "speech": 1}`` -> ``shift+speech``."""

    if not b:
        return "-"
    if len(b) >= 4 and all(v == 1 for v in b.values()):
        return "1 of each"
    out = []
    for k, v in b.items():
        if k == "pp":
            out.append(f"{v}PP")
        else:
            out.append(("" if v == 1 else f"{v} ") + BENEFIT_WORD.get(k, k))
    return "+".join(out)


class _Canvas(Canvas):
    """The shared canvas with Kanban EV's player discs, panels and chips."""

    def __init__(self, width: int = WIDTH, height: int = MAX_HEIGHT) -> None:
        super().__init__(width, height, BG, INK)

    def disc(self, x, y, d, n: int, tag, size=14):
        """Player ``n``'s disc (0-based seat), diameter ``d``, with their number 1-4."""

        col = PLAYER_COLOUR[n % len(PLAYER_COLOUR)]
        self.ellipse(x, y, d, d, tag, col, "#000000", 1)
        self.text(x + d // 2, y + d // 2, str(n + 1), size, tag, "#ffffff", "mm")

    def panel(self, x, y, w, h, tag, title="", fill=PANEL, size=20):
        self.rect(x, y, w, h, tag, fill, LINE, 2, 8)
        if title:
            self.text(x + 10, y + 6, title, size, tag)

    def chip(self, x, y, w, h, label, tag, fill, size=15, outline=LINE):
        """A small box with a centred label."""

        self.rect(x, y, w, h, tag, fill, outline, 1, 4)
        if label:
            self.fit(x + w // 2, y + h // 2, label, size, w - 4, tag, INK, "mm")


class _Board:
    """The public view with convenient lookups."""

    def __init__(self, view: dict):
        self.v = view
        self.players: list[str] = list(view.get("players", []))
        self.seats: list[dict] = list(view.get("seats", []))
        self.n = len(self.players)
        self.t = view.get("t") or {}
        #: the printed boards' facts, from the engine's view (``view["printed"]``)
        self.F = SimpleNamespace(**view["printed"])

    def name(self, i: int) -> str:
        return self.players[i] if 0 <= i < self.n else "?"


# ----- factory image -----------------------------------------------------------------------
def _status(c: _Canvas, b: _Board, y: int) -> int:
    v = b.v
    c.panel(M, y, WIDTH - 2 * M, 96, "status")
    mood = "Mean" if v.get("sandra_mode") == "mean" else "Nice"
    when = (
        f"day {v.get('day', 0)}, week {v.get('week', 0)}, production cycle {v.get('cycle', 0)}"
        if v.get("day")
        else "setup"
    )
    if v.get("phase") == "over":
        when = "final scoring (game over)"
    head = f"Kanban EV - {when} - {mood} Sandra" + (" - SpeedCharger" if v.get("speedcharger") else "")
    c.fit(M + 12, y + 8, head, 22, WIDTH - 4 * M, "status")
    c.fit(M + 12, y + 38, v.get("status", ""), 18, WIDTH - 4 * M, "status", SOFT)
    line = _turn_line(b)
    if line:
        c.fit(M + 12, y + 64, line, 18, WIDTH - 4 * M, "status:turn", "#7a0000")
    return y + 96


def _turn_line(b: _Board) -> str:
    """The current work turn: department(s), shifts spent and left (at most 4 a turn)."""

    F = b.F
    t = b.t
    if not t or b.v.get("phase") != "work":
        ms = b.v.get("meeting_state") or {}
        if b.v.get("phase") == "meeting" and ms:
            played = [g for g in ms.get("played", []) if g]
            return "Meeting: " + (f"played {', '.join(played)}; " if played else "") + "play one goal, speak, or pass."
        return ""
    who = t.get("who", -1)
    left = b.v.get("shifts_left", 0)
    depts = F.dept_names.get(t.get("dept", ""), "?") + (f" + {F.dept_names[t['dept2']]}" if t.get("dept2") else "")
    spent = t.get("spent", 0)
    out = f"{b.name(who)} works in {depts}: {spent} shift{'' if spent == 1 else 's'} spent, {left} left this turn"
    pend = t.get("pending") or []
    if pend:
        out += {
            "cert": "; choose a certification space",
            "award": "; choose an award tile",
            "route": "; choose the conveyor fork",
        }.get(pend[0][0], "")
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
    c.text(x, y, label, 16, tag)
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
    for k, ln in enumerate(wrap(info["text"], w - 12, 15, max_lines=2)):
        c.text(x + 6, y + 30 + k * 19, ln, 15, tag)


def _wrap_list(items: list[str], widths: list[int], size: int) -> list[str]:
    """``items`` joined with ", " into at most ``len(widths)`` lines, line k at most
    ``widths[k]`` px wide; what does not fit ends the last line as "+n more"."""

    if not items:
        return ["none yet"]
    lines: list[str] = []
    k = 0
    while k < len(items) and len(lines) < len(widths):
        w = widths[len(lines)]
        last = len(lines) == len(widths) - 1
        cur = items[k] + ("," if k + 1 < len(items) else "")
        k += 1
        while k < len(items):
            cand = cur + " " + items[k] + ("," if k + 1 < len(items) else "")
            rest = len(items) - k - 1
            tail = f" +{rest} more" if last and rest else ""
            if measure(cand + tail, size)[0] > w:
                break
            cur = cand
            k += 1
        if last and k < len(items):
            cur = cur.rstrip(",") + f" +{len(items) - k} more"
        lines.append(cur)
    return lines


def _tracks_and_room(c: _Canvas, b: _Board, y: int) -> int:
    v = b.v
    ms = v.get("meeting_state") or {}
    played = [(i, g) for i, g in enumerate(ms.get("played", [])) if g]
    room = list(v.get("room", []))
    cards = [(g, "room") for g in room] + [(g, "played") for _i, g in played]
    rows = 1 if len(cards) <= 4 else 2
    card_h = 72
    h = max(176, 40 + rows * (card_h + 8) + 6)
    lw = 430
    # left: cycle and week tracks, meeting marker, final goal
    c.panel(M, y, lw, h, "tracks")
    _track(c, M + 10, y + 12, "Cycle", [0, 1, 2, 3], v.get("cycle", 0), "cycle-track")
    _track(c, M + 10, y + 46, "Week", [0, 1, 2, 3], v.get("week", 0), "week-track")
    called = v.get("meeting")
    c.chip(M + 300, y + 10, 120, 58, "", "meeting-marker", ACTIVE if called else EMPTY, 15, INK if called else LINE)
    c.text(M + 360, y + 16, "Meeting", 15, "meeting-marker", anchor="ma")
    c.text(M + 360, y + 40, "called" if called else "not called", 15, "meeting-marker", anchor="ma")
    fy = y + 78
    final = v.get("final")
    c.rect(M + 8, fy, lw - 16, h - (fy - y) - 8, "final-goal", "#fff3e0", LINE, 1, 6)
    c.text(M + 16, fy + 4, f"Final goal {final}: 1 speech token per achievement", 15, "final-goal", SOFT)
    for k, item in enumerate(v.get("final_goal", [])):
        ly = fy + 26 + k * 20
        c.fit(M + 16, ly, item["text"], 16, lw - 90, "final-goal")
        c.text(M + lw - 20, ly, f"{item['pp']} PP", 16, "final-goal", anchor="ra")
    # right: meeting room
    rx = 2 * M + lw
    rw = WIDTH - M - rx
    title = "Meeting room" + (
        f" - {sum(v.get('nominated', []))} goal(s) nominated face down" if any(v.get("nominated", [])) else ""
    )
    title += f"   (goal deck {v.get('gdeck', 0)}, discards {len(v.get('gdiscard', []))})"
    c.panel(rx, y, rw, h, "meeting-room")
    c.fit(rx + 10, y + 8, title, 17, rw - 20, "meeting-room")
    cw = (rw - 20 - 3 * 8) // 4
    spoken = ms.get("spoken", {})
    for k, (g, where) in enumerate(cards[:8]):
        r, col = divmod(k, 4)
        gx = rx + 10 + col * (cw + 8)
        gy = y + 36 + r * (card_h + 8)
        _goal_card(c, b, gx, gy, cw, card_h, g, f"meeting-room:goal:{g}", spoken.get(g, []))
        if where == "played":
            c.rect(gx, gy, cw, card_h, f"meeting-room:played:{g}", None, "#7a0000", 3, 6)
    if not cards:
        c.text(rx + 10, y + 40, "(empty until the meeting's nominations are revealed)", 16, "meeting-room", SOFT)
    return y + h


def _dept_left(c: _Canvas, b: _Board, dept: str, x: int, y: int, h: int) -> None:
    """Department name, its two workstations (meeples, Sandra), training track, awards."""

    F = b.F
    v = b.v
    di = F.depts.index(dept)
    tag = f"department:{dept}"
    c.text(x + 10, y + 6, F.dept_names[dept], 22, tag)
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
        c.text(
            wx + 6,
            wy + 3,
            f"{'upper' if k == 0 else 'lower'}: {shifts} shift{'s' if shifts > 1 else ''}",
            14,
            stag,
            SOFT,
        )
        if v.get("sandra") == code:
            c.chip(wx + 6, wy + 24, ww - 12, 24, "Sandra", f"{tag}:sandra", "#e9d3f2", 15, SANDRA)
        for i in here:
            c.disc(wx + 6, wy + 24, 24, i, f"{tag}:meeple", 14)
            c.fit(wx + 36, wy + 26, b.name(i), 16, ww - 42, f"{tag}:meeple")
    # training track: start + 5 spaces; certified on the 4th, expert on the last
    ty = y + 96
    c.text(x + 10, ty + 12, "Train", 15, f"{tag}:training")
    tx0 = x + 60
    cw = 44
    for sp in range(F.training_spaces):
        fill = "#fff2b3" if sp == F.certified_at else ("#ffd9a0" if sp == F.expert_at else EMPTY)
        c.rect(tx0 + sp * (cw + 2), ty, cw, cw, f"{tag}:training", fill, LINE, 1, 4)
        discs = [i for i, s in enumerate(b.seats) if s["train"][di] == sp]
        for k, i in enumerate(discs[:4]):
            r, q = divmod(k, 2)
            c.disc(tx0 + sp * (cw + 2) + 1 + q * 21, ty + 1 + r * 21, 21, i, f"{tag}:training:disc", 14)
    lab = {0: "start", F.certified_at: "cert", F.expert_at: "expert"}
    for sp, s in lab.items():
        c.text(tx0 + sp * (cw + 2) + cw // 2, ty + cw + 2, s, 14, f"{tag}:training", SOFT, "ma")
    aw = v.get("awards", {}).get(dept, 0)
    tok = v.get("award_tok", {}).get(dept, 0)
    c.text(x + 10, ty + cw + 22, f"Award tiles: {aw}   speech token: {tok}", 15, f"{tag}:awards")


def _rd(c: _Canvas, b: _Board, x: int, y: int, w: int) -> None:
    F = b.F
    v = b.v
    # test track: 8 spaces in a loop, pace car, striped spaces; the 4 places behind it
    c.text(x, y, "Test track", 17, "test-track")
    n = F.test_track
    cw = 44
    for sp in range(n["spaces"]):
        sx = x + sp * (cw + 3)
        striped = sp in n["striped"]
        c.rect(
            sx,
            y + 24,
            cw,
            36,
            "test-track:striped" if striped else "test-track:space",
            "#ffe6e6" if striped else EMPTY,
            LINE,
            1,
            3,
        )
        if striped:
            for k in range(0, cw, 9):
                c.line([(sx + k, y + 59), (sx + min(cw - 1, k + 8), y + 51)], "test-track:striped", "#d04545", 2)
        if sp == v.get("pace"):
            c.chip(sx + 2, y + 26, cw - 4, 24, "pace", "test-track:pace-car", ACTIVE, 14, INK)
    qy = y + 66
    c.text(x, qy + 4, "Behind the pace car:", 15, "test-track:queue")
    c.text(x, qy + 26, "(place: claim cost)", 14, "test-track:queue", SOFT)
    qx = x + 160
    for k, car in enumerate(v.get("queue", [])):
        cost = F.claim_cost[k]
        c.chip(
            qx + k * 56,
            qy,
            52,
            26,
            MODEL_SHORT.get(car, "-") if car else "-",
            "test-track:queue",
            MODEL_COLOUR.get(car, EMPTY),
            14,
        )
        c.text(qx + k * 56 + 26, qy + 28, f"{k + 1}: {cost}sh", 14, "test-track:queue", SOFT, "ma")
    # factory goals (grey: cars; beige: upgrades)
    fy = qy + 52
    for k, kind in enumerate(("grey", "beige")):
        tiles = v.get("fgoals", {}).get(kind, [])
        label, unit = {"grey": ("Car goals", "cars"), "beige": ("Upgrade goals", "upgrades")}[kind]
        s = f"{label}: " + ", ".join(f"{tv} {unit}: {tok} tok" for tv, tok, _who in tiles)
        c.fit(x, fy + k * 20, s, 15, 370, f"factory-goals:{kind}")
    # part value tracks 2..6
    vy = fy + 46
    c.text(x, vy, "Part values", 15, "upgrade-values")
    doubled = set(v.get("doubled", []))
    for k, pt in enumerate(F.parts):
        r, q = divmod(k, 3)
        px = x + q * 124
        py = vy + 22 + r * 28
        val = v.get("value", {}).get(pt, F.part_value_start)
        c.chip(px, py, 62, 24, PART_SHORT[pt], f"upgrade-values:{pt}", PART_COLOUR[pt], 14)
        c.text(px + 66, py + 3, f"{val}" + (" x2" if pt in doubled else ""), 15, f"upgrade-values:{pt}")
    # upgrade spaces: 6 per model, printed benefit and the part on it
    ux = x + 390
    c.text(ux, y, "Upgrade spaces (benefit / part)", 17, "upgrade-spaces")
    gw, gh = (w - 390 - 74) // 6, 40
    for r, m in enumerate(F.models):
        gy = y + 24 + r * (gh + 3)
        c.chip(ux, gy, 70, gh, MODEL_SHORT[m], f"upgrade-spaces:{m}", MODEL_COLOUR[m], 15)
        for k in range(6):
            gx = ux + 74 + k * gw
            part = v.get("upg", {}).get(m, [""] * 6)[k]
            c.rect(gx, gy, gw - 3, gh, f"upgrade-spaces:{m}:{k + 1}", PART_COLOUR.get(part, EMPTY), LINE, 1, 3)
            c.fit(
                gx + 3,
                gy + 1,
                f"{k + 1} {_benefit(F.upgrade_spaces[m][k])}",
                14,
                gw - 8,
                f"upgrade-spaces:{m}:{k + 1}",
                SOFT,
            )
            if part:
                c.text(gx + (gw - 3) // 2, gy + 21, PART_SHORT[part], 14, f"upgrade-spaces:{m}:{k + 1}", INK, "ma")


def _assembly(c: _Canvas, b: _Board, x: int, y: int, w: int) -> None:
    F = b.F
    v = b.v
    c.text(x, y, "Assembly (bold: upgraded, first)", 17, "assembly-lines")
    rh = 36
    pw = 40
    node_pos: dict[str, tuple[int, int]] = {}
    nw, nh, gap = 84, 30, 16
    cx0 = x + 74 + 6 * pw + 12
    row = {m: y + 26 + r * rh for r, m in enumerate(F.assembly_lines)}
    for m in F.assembly_lines:
        ly = row[m]
        c.chip(x, ly, 70, rh - 6, MODEL_SHORT[m], f"assembly-lines:{m}", MODEL_COLOUR[m], 15)
        placed = set(v.get("assembly", {}).get(m, []))
        upgraded = {p for p in v.get("upg", {}).get(m, []) if p}
        for k, part in enumerate(F.parts):
            on = part in placed
            c.rect(
                x + 74 + k * pw,
                ly,
                pw - 2,
                rh - 6,
                f"assembly-lines:{m}:{part}",
                PART_COLOUR[part] if on else EMPTY,
                INK if part in upgraded else LINE,
                3 if part in upgraded else 1,
                4,
            )
            if on:
                c.text(
                    x + 74 + k * pw + (pw - 2) // 2,
                    ly + (rh - 6) // 2,
                    "X",
                    15,
                    f"assembly-lines:{m}:{part}",
                    INK,
                    "mm",
                )
    for k, part in enumerate(F.parts):
        c.text(
            x + 74 + k * pw + (pw - 2) // 2, y + 26 + 5 * rh, PART_SHORT[part], 14, "assembly-lines:legend", SOFT, "ma"
        )
    for m in F.assembly_lines:
        ly = row[m]
        node_pos[F.entry_node[m]] = (cx0, ly)
        node_pos[F.row2_node[m]] = (cx0 + nw + gap, ly)
    x3 = cx0 + 2 * (nw + gap)
    node_pos["31"] = (x3, row["suv"])
    node_pos["32"] = (x3, row["city"])
    node_pos["33"] = (x3, row["truck"])
    xe = x3 + nw + gap
    ew = 62
    exits = {"x31": (xe, row["concept"]), "x32": (xe, row["city"]), "x33": (xe, row["sports"])}
    c.text(cx0, y, "Conveyor (route <node> at a fork)", 17, "conveyor")
    # edges first, boxes on top, then an arrowhead at each edge's middle
    arrows = []
    for src, dests in F.conveyor.items():
        if src not in node_pos:
            continue
        sx, sy = node_pos[src]
        for d in dests:
            tx, ty = node_pos.get(d) or exits[d]
            tw = nw if d in node_pos else ew
            a = (sx + nw // 2, sy + nh // 2)
            z = (tx + tw // 2, ty + nh // 2)
            c.line([a, z], "conveyor:edge", "#8a8a8a", 3)
            mx, my = (a[0] + z[0]) / 2, (a[1] + z[1]) / 2
            dx, dy = z[0] - a[0], z[1] - a[1]
            ln = max(1.0, (dx * dx + dy * dy) ** 0.5)
            ux, uy = dx / ln, dy / ln
            tip = (mx + ux * 7, my + uy * 7)
            pts = [tip, (mx - ux * 6 - uy * 6, my - uy * 6 + ux * 6), (mx - ux * 6 + uy * 6, my - uy * 6 - ux * 6)]
            arrows.append(Polygon(points=[(int(p), int(q)) for p, q in pts], fill="#333333", tag="conveyor:arrow"))
    conv = v.get("conveyor", {})
    for node, (nx, ny) in node_pos.items():
        car = conv.get(node, "")
        c.rect(nx, ny, nw, nh, f"conveyor:node:{node}", MODEL_COLOUR.get(car, EMPTY), INK if car else LINE, 1, 4)
        c.text(nx + 4, ny + nh // 2, node, 14, f"conveyor:node:{node}", SOFT, "lm")
        if car:
            c.fit(nx + 26, ny + nh // 2, MODEL_SHORT[car], 14, nw - 28, f"conveyor:node:{node}", INK, "lm")
    for ex, (nx, ny) in exits.items():
        c.chip(nx, ny, ew, nh, f"{ex} {F.exit_pp[ex]}PP", f"conveyor:exit:{ex}", "#dcdcdc", 14, INK)
    for arrow in arrows:
        c.lay.add(arrow)
    # a push waiting for the player's fork choice: its chain and the choices outlined
    pend = (b.t.get("pending") or []) if v.get("phase") == "work" else []
    if pend and pend[0][0] == "route":
        chain = list(pend[0][1])
        for node in chain + list(F.conveyor.get(chain[-1], [])):
            nx, ny = node_pos.get(node) or exits.get(node, (None, None))
            if nx is not None:
                c.rect(
                    nx - 2,
                    ny - 2,
                    (nw if node in node_pos else ew) + 4,
                    nh + 4,
                    "conveyor:pending",
                    None,
                    "#c62828",
                    3,
                    5,
                )
    dx = xe + ew + 12
    c.text(dx, y, "Demand", 17, "demand")
    for k, m in enumerate(v.get("demand", [])):
        tok = (v.get("demand_tok") or [0, 0])[k] if k < len(v.get("demand_tok") or []) else 0
        c.chip(
            dx,
            y + 26 + k * 34,
            w - (dx - x),
            30,
            f"{MODEL_SHORT[m]}: {tok} tok",
            f"demand:{m}",
            MODEL_COLOUR[m],
            15,
            INK,
        )
    c.text(dx, y + 96, f"{plural(v.get('demand_stack', 0), 'tile')} left", 14, "demand", SOFT)
    cars = v.get("cars", {})
    c.text(dx, y + 120, "Cars left", 15, "cars-left")
    for k, m in enumerate(F.models):
        r, q = divmod(k, 2)
        c.text(dx + q * 68, y + 140 + r * 19, f"{MODEL_SHORT[m]} {cars.get(m, 0)}", 14, "cars-left")


def _logistics(c: _Canvas, b: _Board, x: int, y: int, w: int) -> None:
    F = b.F
    v = b.v
    c.text(x, y, "Warehouses (group A | order line | group B)", 17, "warehouses")
    wh = v.get("wh", {})
    sup = v.get("supply", {})
    bw = 86
    for k, pt in enumerate(F.group_a + F.group_b):
        bx = x + k * (bw + 6) + (24 if k >= 3 else 0)
        c.rect(bx, y + 26, bw, 64, f"warehouses:{pt}", PART_COLOUR[pt], LINE, 1, 5)
        c.text(bx + bw // 2, y + 28, PART_SHORT[pt], 15, f"warehouses:{pt}", INK, "ma")
        c.text(bx + bw // 2, y + 48, str(wh.get(pt, 0)), 24, f"warehouses:{pt}", INK, "ma")
        c.text(bx + bw // 2, y + 94, f"supply {sup.get(pt, 0)}", 14, "supply", SOFT, "ma")
    lx = x + 3 * (bw + 6) + 9
    c.line([(lx, y + 22), (lx, y + 94)], "warehouses:line", INK, 3)
    rx = x + 6 * (bw + 6) + 40
    c.text(rx, y, "Recycling", 17, "recycling")
    for k, pt in enumerate(v.get("recycling", [])):
        c.chip(rx + k * 66, y + 26, 62, 30, PART_SHORT.get(pt, pt), f"recycling:{pt}", PART_COLOUR.get(pt, EMPTY), 15)
    c.text(rx, y + 66, f"Kanban deck: {v.get('kdeck', 0)}", 15, "kanban-deck")
    c.text(x, y + 120, f"Parts vouchers in supply: {v.get('vouchers', 0)}", 15, "vouchers-supply", SOFT)


def _design(c: _Canvas, b: _Board, x: int, y: int, w: int) -> None:
    v = b.v
    c.text(x, y, "Designs (select: 1 shift; column bonus below)", 17, "design-rows")
    dw, dh = 132, 40
    for r, row in enumerate(v.get("rows", [])):
        for k, des in enumerate(row):
            dx, dy = x + k * (dw + 6), y + 26 + r * (dh + 6)
            _design_chip(c, dx, dy, dw, dh, des, f"design-rows:{r + 1}:{k + 1}")
    by = y + 26 + 2 * (dh + 6)
    for k, word in ((0, "no bonus"), (1, "no bonus"), (2, "+1 shift"), (3, "+1 book")):
        c.text(x + k * (dw + 6) + dw // 2, by, word, 14, "design-rows:bonus", SOFT, "ma")
    sx = x + 4 * (dw + 6) + 24
    c.text(sx, y, "Stacks (top, size)", 17, "design-stacks")
    names = ["top row", "bottom row", "central"]
    for k, st in enumerate(v.get("stacks", [])):
        sy = y + 26 + k * 34
        c.text(sx, sy + 5, names[k], 14, "design-stacks", SOFT)
        _design_chip(c, sx + 84, sy, 126, 30, st.get("top") or "", f"design-stacks:{k + 1}")
        c.text(sx + 216, sy + 5, f"x{st.get('count', 0)}", 15, "design-stacks")


def _spaces(
    c: _Canvas,
    x: int,
    y: int,
    step: int,
    w: int,
    h: int,
    n: int,
    certified,
    filled: int,
    lock: str,
    lock_tag: str,
    space_tag,
    draw,
) -> None:
    """A row of ``n`` + 1 board spaces ``w`` x ``h`` from ``(x, y)``, ``step`` px apart: the
    last one padlocked until the department is ``certified`` (chip ``lock``, tag
    ``lock_tag``), the first ``filled`` hold something (``draw(k, x)``), the rest are empty
    (tag ``space_tag(k)``)."""

    unlocked = n + (1 if certified else 0)
    for k in range(n + 1):
        sx = x + k * step
        if k >= unlocked:
            c.chip(sx, y, w, h, lock, lock_tag, "#cfcfcf", 14, INK)
        elif k < filled:
            draw(k, sx)
        else:
            c.chip(sx, y, w, h, "", space_tag(k), EMPTY)


def _design_chip(c: _Canvas, x, y, w, h, des: str, tag: str):
    if not des:
        c.chip(x, y, w, h, "", tag, EMPTY, 14)
        return
    m, pt = des.split("-")
    c.rect(x, y, w, h, tag, MODEL_COLOUR.get(m, EMPTY), LINE, 1, 5)
    c.fit(x + 4, y + (h - 18) // 2, f"{MODEL_SHORT.get(m, m)} {PART_SHORT.get(pt, pt)}", 15, w - 8, tag)


def _admin(c: _Canvas, b: _Board, x: int, y: int, w: int) -> None:
    F = b.F
    v = b.v
    c.text(x, y, "Certification track (sections 0-5, spaces 1-4; tok = speech token)", 17, "certification-track")
    cw, ch = 62, 46
    for sec in range(len(F.cert_track)):
        r, q = divmod(sec, 3)
        sx = x + q * (4 * cw + 20)
        sy = y + 24 + r * (ch + 20)
        c.text(sx, sy, f"{sec}", 14, "certification-track:label", SOFT)
        for k in range(4):
            gx = sx + 14 + k * cw
            c.rect(gx, sy, cw - 3, ch, f"certification-track:{sec}:{k + 1}", EMPTY, LINE, 1, 3)
            words = _benefit(F.cert_track[sec][k]).replace("speech", "tok").split("+")
            c.text(gx + 3, sy + 2, "\n".join(words), 14, f"certification-track:{sec}:{k + 1}", SOFT)
            here = [i for i, s in enumerate(b.seats) if s.get("cert", -1) == sec * 4 + k]
            for _j, i in enumerate(here[:1]):
                c.disc(gx + cw - 26, sy + ch - 23, 21, i, "certification-track:marker", 14)
    ry = y + 24 + 2 * (ch + 20)
    tiles = v.get("fgoals", {}).get("cert", [])
    c.fit(
        x,
        ry,
        "Certification goals: " + ", ".join(f"{tv} certs: {tok} tok" for tv, tok, _w in tiles),
        15,
        430,
        "factory-goals:cert",
    )
    c.text(
        x + 450,
        ry,
        f"Chargers left: {v.get('chargers', 0)}" if v.get("speedcharger", True) else "No SpeedCharger",
        15,
        "chargers",
    )
    desk = v.get("sandra") == 10
    c.chip(
        x + 640,
        ry - 4,
        w - 640,
        26,
        "Sandra at her desk" if desk else "Sandra's desk (empty)",
        "sandra-desk" if not desk else "sandra-desk:sandra",
        "#e9d3f2" if desk else EMPTY,
        14,
        SANDRA if desk else LINE,
    )


_DEPT_BODY = {
    "rd": (_rd, 262),
    "assembly": (_assembly, 234),
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


# ----- player boards -----------------------------------------------------------------------
STRIP_H = 290


def _garage_tile(F: SimpleNamespace, seat: dict, g: int) -> dict:
    tiles = F.garage_tiles.get(seat.get("gset") or "basic", F.garage_tiles["basic"])
    order = seat.get("gtiles") or []
    if order and g < len(order):
        return tiles[order[g]]
    return tiles[g] if g < len(tiles) else {}


def _player_strip(c: _Canvas, b: _Board, i: int, y: int) -> int:
    F = b.F
    s = b.seats[i]
    seat = s.get("seat", b.name(i))
    tag = f"player:{seat}"
    acting = b.players[i] in b.v.get("to_act", [])
    result = (b.v.get("result") or {}).get(b.players[i]) or (b.v.get("result") or {}).get(seat)
    h = STRIP_H + (30 if result else 0)
    c.rect(M, y, WIDTH - 2 * M, h, tag, PANEL, INK if acting else LINE, 3 if acting else 2, 8)
    if result:
        words = {
            "final_goal": "final goal",
            "leftovers": "leftovers",
            "cars": "cars",
            "training": "training",
            "tested": "tested designs",
            "chargers": "chargers",
        }
        parts = [f"{words.get(k, k)} {v}" for k, v in result.items() if k != "total"]
        c.fit(
            M + 12,
            y + STRIP_H - 4,
            "Final scoring: " + ", ".join(parts) + f"; total {result.get('total', '')} PP",
            17,
            WIDTH - 4 * M,
            f"{tag}:final",
            "#7a0000",
        )
    # head: number, name, PP and the counters
    c.disc(M + 10, y + 8, 28, i, f"{tag}:head", 16)
    c.fit(M + 46, y + 10, b.name(i), 22, 300, f"{tag}:head")
    c.text(M + 360, y + 10, f"{s.get('pp', 0)} PP", 22, f"{tag}:pp")
    x = M + 470
    for label, key, cap in (
        ("banked", "banked", F.shift_bank_max),
        ("books", "books", F.books_max),
        ("vouchers", "vouchers", F.vouchers_max),
    ):
        val = s.get(key, 0)
        extra = f" (+{s['vpend']} soon)" if key == "vouchers" and s.get("vpend") else ""
        lab = f"{label} {val}/{cap}{extra}"
        c.text(x, y + 12, lab, 18, f"{tag}:{key}")
        x += measure(lab, 18)[0] + 22
    certs = {d: d in s.get("certified", []) for d in F.depts}
    # row 1: garages
    gy = y + 46
    c.text(M + 12, gy + 18, "Garages", 16, f"{tag}:garages")
    for g in range(5):
        gx = M + 96 + g * 124
        car = s.get("garages", [""] * 5)[g]
        locked = g == 4 and not certs["assembly"]
        c.rect(gx, gy, 118, 56, f"{tag}:garages:{g + 1}", MODEL_COLOUR.get(car, EMPTY) if car else EMPTY, LINE, 1, 5)
        c.fit(gx + 4, gy + 2, f"{g + 1}: {_benefit(_garage_tile(F, s, g))}", 14, 110, f"{tag}:garages:{g + 1}", SOFT)
        if locked:
            c.chip(gx + 4, gy + 26, 110, 24, "padlock", f"{tag}:padlocks:garage", "#cfcfcf", 14, INK)
        elif car:
            c.text(gx + 59, gy + 28, MODEL_SHORT[car], 17, f"{tag}:garages:{g + 1}", INK, "ma")
    # charging board (SpeedCharger)
    cx = M + 96 + 5 * 124 + 14
    c.text(
        cx, gy - 2, "Charging board" + ("" if b.v.get("speedcharger", True) else " (not used)"), 15, f"{tag}:charging"
    )
    charged = set(s.get("chargers", []))
    abbrev = {"rd": "R&D", "assembly": "Asm", "logistics": "Log", "design": "Des", "admin": "Adm"}
    for k, d in enumerate(F.depts):
        on = d in charged
        c.chip(
            cx + k * 66,
            gy + 20,
            62,
            34,
            abbrev[d] + (" ON" if on else ""),
            f"{tag}:charging:{d}",
            "#b9f6ca" if on else EMPTY,
            14,
            INK if on else LINE,
        )
    # row 2: the design spaces (5, the 6th padlocked until certified in Design)
    dy = y + 110
    c.text(M + 12, dy + 10, "Designs", 16, f"{tag}:designs")
    designs = s.get("designs", [])
    _spaces(
        c,
        M + 96,
        dy,
        124,
        118,
        38,
        F.design_spaces,
        certs["design"],
        len(designs),
        "padlock",
        f"{tag}:padlocks:design",
        lambda k: f"{tag}:designs:{k + 1}",
        lambda k, x: _design_chip(c, x, dy, 118, 38, designs[k], f"{tag}:designs:{k + 1}"),
    )
    dbl = "Double upgrade: used" if s.get("dbl") else "Double upgrade: available"
    c.fit(
        M + 96 + (F.design_spaces + 1) * 124 + 8,
        dy + 10,
        dbl,
        16,
        WIDTH - M - (M + 96 + (F.design_spaces + 1) * 124 + 8) - 10,
        f"{tag}:double",
    )
    # row 3: upgraded designs across the whole strip, tested ones marked *
    uy = y + 156
    up = s.get("upgraded", [])
    tested = list(s.get("tested", []))
    c.text(M + 12, uy, "Upgraded", 16, f"{tag}:upgraded")
    head = (f"{len(up)}, tested {len(tested)}" + (" (*):" if tested else ":")) if up else "none yet"
    c.text(M + 96, uy, head, 16, f"{tag}:tested")
    words = [
        f"{MODEL_SHORT[d.split('-')[0]]} {PART_SHORT.get(d.split('-')[1], d.split('-')[1])}"
        + ("*" if d in tested else "")
        for d in up
    ]
    x0 = M + 96 + measure(head, 16)[0] + 8
    width = WIDTH - 2 * M - 12
    lines = _wrap_list(words, [WIDTH - M - 12 - x0, width - 96], 16) if words else []
    for k, ln in enumerate(lines):
        c.text(x0 if k == 0 else M + 96, uy + k * 21, ln, 16, f"{tag}:upgraded")
    # row 4: parts and speech tokens
    py = y + 204
    c.text(M + 12, py + 8, "Parts", 16, f"{tag}:parts")
    parts = s.get("parts", [])
    _spaces(
        c,
        M + 96,
        py,
        76,
        72,
        34,
        F.part_spaces,
        certs["logistics"],
        len(parts),
        "padlock",
        f"{tag}:padlocks:part",
        lambda k: f"{tag}:parts:{k + 1}",
        lambda k, x: c.chip(
            x,
            py,
            72,
            34,
            PART_SHORT.get(parts[k], parts[k]),
            f"{tag}:parts:{k + 1}",
            PART_COLOUR.get(parts[k], EMPTY),
            15,
        ),
    )
    sx = M + 96 + 6 * 76 + 20
    c.text(sx, py + 8, "Speech", 16, f"{tag}:speech")
    _spaces(
        c,
        sx + 66,
        py,
        40,
        36,
        34,
        F.speech_spaces,
        certs["admin"],
        s.get("speech", 0),
        "lock",
        f"{tag}:padlocks:speech",
        lambda k: f"{tag}:speech:space",
        lambda k, x: c.disc(x + 2, py + 2, 30, i, f"{tag}:speech:token", 15),
    )
    gx = sx + 66 + 5 * 40 + 8
    c.fit(gx, py + 8, f"+{s.get('generic', 0)} generic", 15, WIDTH - M - gx - 8, f"{tag}:speech:generic")
    # row 5: padlocks summary, hand sizes
    ry = y + 248
    locks = [
        f"{name} {n + 1}"
        for d, name, n in (
            ("assembly", "garage", F.garages),
            ("design", "design", F.design_spaces),
            ("logistics", "part", F.part_spaces),
            ("admin", "speech", F.speech_spaces),
        )
        if not certs[d]
    ]
    c.fit(M + 12, ry + 8, "Padlocks left: " + (", ".join(locks) if locks else "none"), 16, 560, f"{tag}:padlocks")
    c.text(
        M + 720,
        ry + 8,
        f"goals {s.get('goals', 0)}, order cards {s.get('kanban', 0)}, {s.get('gset') or '?'} garages",
        16,
        f"{tag}:hand",
    )
    return y + h


def players_layout(view: dict) -> Layout:
    """The player boards (image 2) of a public view, one strip per player in seat order."""

    b = _Board(view)
    c = _Canvas()
    y = M
    c.text(M + 4, y, "Player boards", 22, "players-title")
    c.fit(M + 200, y + 4, view.get("status", ""), 17, WIDTH - 220 - M, "players-title", SOFT)
    y += 36
    for i in range(b.n):
        y = _player_strip(c, b, i, y) + 8
    c.lay.height = min(MAX_HEIGHT, y + 2)
    return c.lay


def layout(view: dict) -> Layout:
    """The factory board (the first of :func:`layouts`)."""

    return factory_layout(view)


def layouts(view: dict) -> list[Layout]:
    """The channel's images for a public view: the factory, then the player boards."""

    return [factory_layout(view), players_layout(view)]


# ----- hand ----------------------------------------------------------------------------------
def hand_layout(view: dict) -> Layout:
    """A player's hand (from ``engine.view(state, player)``): performance goals with what
    speaking on each scores now, and Kanban order cards with what each placement stocks.

    Sent by DM and read on a phone: :data:`HAND_WIDTH` px wide (600) with text at least 15 px,
    so at least 15 * 400 / 600 = 10 px on a phone showing it 400 px wide; long lines wrap
    onto more rows (nothing is cut), one goal or card per row."""

    b = _Board(view)
    F = b.F
    you = view.get("you") or {}
    seat_id = you.get("seat")
    i = (
        b.players.index(seat_id)
        if seat_id in b.players
        else next((k for k, s in enumerate(b.seats) if s.get("seat") == seat_id), 0)
    )
    seat = b.seats[i] if b.seats else {}
    W = HAND_WIDTH
    c = _Canvas(W, MAX_HEIGHT)
    y = M
    c.disc(M + 4, y + 2, 28, i, "hand:head", 16)
    y = c.paragraph(M + 42, y + 4, f"Your hand, {b.name(i)}: {seat.get('pp', 0)} PP", 22, W - M - 50, "hand:head") + 8
    y = c.paragraph(M + 4, y, view.get("status", ""), 16, W - 2 * M - 8, "hand:head", SOFT) + 6
    goals = list(you.get("goals", []))
    c.text(M + 4, y, f"Performance goals ({len(goals)})", 20, "hand:goals")
    y += 30
    ms = view.get("meeting_state") or {}
    phase = view.get("phase")
    hint = ""
    if phase == "meeting" and i < len(ms.get("played", [])):
        hint = (
            "You played " + ms["played"][i] + " this meeting; speak on a goal or pass."
            if ms["played"][i]
            else "Meeting: play exactly one of these goals (play <goal>), then speak or pass."
        )
    elif phase == "nominate" and not you.get("nominated"):
        hint = "Choose the goal to leave face down in the meeting room: nominate <goal>."
    if hint:
        y = c.paragraph(M + 4, y, hint, 17, W - 2 * M - 8, "hand:hint", "#7a0000") + 4
    spoken_all = (view.get("meeting_state") or {}).get("spoken", {})
    gw = W - 2 * M
    tw = gw - 16  # text width inside a goal or card box
    for g in goals:
        tag = f"hand:goal:{g}"
        info = view["goals"][g]
        value, icons = info["value"], info["icons"]
        have = you.get("counts", {}).get(g, 0)
        taken = len(spoken_all.get(g, []))
        top = icons - taken
        if top > 0:
            now = value * min(top, have)
            line = f"Played and spoken on now (top free icon x{top}): {now} PP."
        else:
            line = "No free icon left."
        box = c.rect(M, y, gw, 0, tag, "#fffbe8", LINE, 1, 6)
        ty = c.paragraph(M + 8, y + 4, f"{g}: {info['text']}", 18, tw, tag)
        ty = c.paragraph(
            M + 8,
            ty + 2,
            f"{icons} icon{'s' if icons > 1 else ''} (x{icons} down to x1); you have {have}",
            16,
            tw,
            tag,
            SOFT,
        )
        ty = c.paragraph(M + 8, ty + 2, line, 16, tw, tag, "#1b5e20")
        box.h = ty + 6 - y
        y = ty + 14
    if not goals:
        c.text(M + 8, y, "none", 16, "hand:goals", SOFT)
        y += 26
    nom = you.get("nominated")
    if nom:
        y = (
            c.paragraph(
                M + 4, y, f"Nominated face down for the meeting room: {nom}", 16, W - 2 * M - 8, "hand:nominated"
            )
            + 6
        )
    cards = list(you.get("kanban", []))
    c.text(M + 4, y, f"Kanban order cards ({len(cards)})", 20, "hand:kanban")
    y += 30
    bank = 2 if "logistics" in seat.get("chargers", []) else 1
    per_row = max(1, (tw + 4) // 78)
    for card in cards:
        tag = f"hand:kanban:{card}"
        box = c.rect(M, y, gw, 0, tag, "#eef7ee", LINE, 1, 6)
        ty = c.paragraph(
            M + 8, y + 4, f"{card}  (banks {bank} shift{'s' if bank > 1 else ''}; icons in order)", 18, tw, tag
        )
        icons = F.kanban_cards[card]
        for j, icon in enumerate(icons):
            r, q = divmod(j, per_row)
            c.chip(M + 8 + q * 78, ty + 4 + r * 34, 74, 28, PART_SHORT[icon], f"{tag}:icon", PART_COLOUR[icon], 15)
        ty += 4 + max(1, -(-len(icons) // per_row)) * 34 + 4
        for sp in F.order_splits:
            got = you.get("orders", {}).get(card, {}).get(str(sp), [])
            words = ", ".join(PART_SHORT[p] for p in got) or "nothing"
            ty = c.paragraph(M + 12, ty, f"order {card} {sp}: stocks {words}", 16, tw - 4, f"{tag}:split:{sp}")
        box.h = ty + 6 - y
        y = ty + 14
    if not cards:
        c.text(M + 8, y, "none", 16, "hand:kanban", SOFT)
        y += 24
    y = c.paragraph(
        M + 4, y + 2, "Groups: A = auto, batt, motor; B = body, drive, elec.", 15, W - 2 * M - 8, "hand:legend", SOFT
    )
    c.lay.height = min(MAX_HEIGHT, y + 8)
    return c.lay


# ----- the phone summary (issue 13.2) ------------------------------------------------------
def summary(view: dict) -> Summary:
    """The per-move phone summary (:mod:`renderers.summary`), one image: each player's PP,
    where their meeple stands, banked shifts, books, vouchers, speech tokens, parts,
    certifications and upgrades; demand, the test track queue and the meeting room;
    the current work turn and what the game waits for (Kanban EV)."""

    b = _Board(view)
    F = b.F
    v = view
    over = v.get("phase") == "over"
    mood = "Mean" if v.get("sandra_mode") == "mean" else "Nice"
    if over:
        step = "Game over: final scoring"
    elif v.get("day"):
        step = f"Day {v.get('day', 0)} · week {v.get('week', 0)} · cycle {v.get('cycle', 0)} · {mood} Sandra"
    else:
        step = f"Setup · {mood} Sandra"
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
            where[i] = f"{F.dept_names[F.depts[code // 2]]} {'upper' if code % 2 == 0 else 'lower'}"
    seats = []
    for i in order:
        s = b.seats[i]
        facts = []
        if i in where:
            facts.append(f"at {where[i]}")
        facts += [
            f"banked {s.get('banked', 0)}/{F.shift_bank_max}",
            f"books {s.get('books', 0)}/{F.books_max}",
            f"vouchers {s.get('vouchers', 0)}/{F.vouchers_max}",
            f"speech {s.get('speech', 0)}",
        ]
        parts = s.get("parts", [])
        counted = {p: parts.count(p) for p in parts}  # in first-seen order: "auto ×4, elec"
        facts.append(
            "parts "
            + (
                ", ".join(PART_SHORT.get(p, p) + (f" ×{n}" if n > 1 else "") for p, n in counted.items())
                if parts
                else "none"
            )
        )
        cert = [F.dept_names[d] for d in s.get("certified", [])]
        if cert:
            facts.append("certified " + ", ".join(cert))
        up = s.get("upgraded", [])
        if up:
            facts.append(f"upgrades {len(up)} (tested {len(s.get('tested', []))})")
        cars = [MODEL_SHORT.get(c, c) for c in s.get("garages", []) if c]
        if cars:
            facts.append("garages " + ", ".join(cars))
        seats.append(
            SeatSummary(
                name=b.name(i),
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
        table.append(
            "Demand: "
            + ", ".join(MODEL_SHORT.get(m, m) for m in v["demand"] if m)
            + (f" · test track queue: {', '.join(queue)}" if queue else "")
        )
    room = [g for g in v.get("room") or [] if g]
    goals = v.get("goals") or {}
    if room and not over:
        table.append("Meeting room: " + "; ".join(f"{g} {(goals.get(g) or {}).get('text', '')}".strip() for g in room))
    status = v.get("status", "")
    # the day, week and cycle are in the head already
    status = re.sub(r"^Day \d+, week \d+, cycle \d+, ", "", status)
    status = status[:1].upper() + status[1:]
    turn = _turn_line(b)
    if turn and turn.split(":")[0] not in status:  # the engine's status may say it already
        status = f"{status} {turn}" if status else turn
    return Summary(title="Kanban EV", step=step, seats=seats, table=table, status=status, over=over)
