"""Kanban EV, the R&D department's panel: the test track, upgrade values and spaces, the
grey and beige factory goals."""

from __future__ import annotations

from engines.i18n import T, Tp
from renderers.base import fit_text, local

from .common import (
    ACTIVE,
    EMPTY,
    INK,
    LINE,
    MODEL_COLOUR,
    MODEL_SHORT,
    MODEL_TINY,
    PART_COLOUR,
    PART_SHORT,
    SOFT,
    _benefit,
    _Board,
    _Canvas,
)


def _rd(c: _Canvas, b: _Board, x: int, y: int, w: int) -> None:
    F = b.F
    v = b.v
    # test track: 8 spaces in a loop, pace car, striped spaces; the 4 places behind it
    c.text(x, y, Tp("image label", "Test track"), 17, "test-track")
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
            # the chip takes the space's width (Czech "vodicí", Lithuanian "tempo" fit in 42 px)
            c.rect(sx + 1, y + 26, cw - 2, 24, "test-track:pace-car", ACTIVE, INK, 1, 4)
            c.fit(sx + cw // 2, y + 38, Tp("test track", "pace"), 14, cw - 2, "test-track:pace-car", INK, "mm")
    qy = y + 66
    c.text(x, qy + 4, fit_text(T("Behind the pace car:"), 156, 15), 15, "test-track:queue")
    c.text(x, qy + 26, fit_text(T("(place: claim cost)"), 156, 14), 14, "test-track:queue", SOFT)
    qx = x + 160
    for k, car in enumerate(v.get("queue", [])):
        cost = F.claim_cost[k]
        c.chip(
            qx + k * 56,
            qy,
            54,  # 2 px apart: "concept" (50 px) fits the 50 inside
            26,
            MODEL_TINY.get(car, "-") if car else "-",
            "test-track:queue",
            MODEL_COLOUR.get(car, EMPTY),
            14,
        )
        cost_label = fit_text(T("{place}: {cost}sh", place=k + 1, cost=cost), 55, 14)
        c.text(qx + k * 56 + 26, qy + 28, cost_label, 14, "test-track:queue", SOFT, "ma")
    # factory goals (grey: cars; beige: upgrades)
    fy = qy + 52
    for k, kind in enumerate(("grey", "beige")):
        tiles = v.get("fgoals", {}).get(kind, [])
        if kind == "grey":
            goals = ", ".join(local(T("{n} cars: {tokens} tok", n=tv, tokens=tok)) for tv, tok, _who in tiles)
            s = T("Car goals: {goals}", goals=goals)
        else:
            goals = ", ".join(local(T("{n} upgrades: {tokens} tok", n=tv, tokens=tok)) for tv, tok, _who in tiles)
            s = T("Upgrade goals: {goals}", goals=goals)
        c.fit(x, fy + k * 20, s, 15, 370, f"factory-goals:{kind}")
    # part value tracks 2..6
    vy = fy + 46
    c.text(x, vy, Tp("image label", "Part values"), 15, "upgrade-values")
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
    c.text(ux, y, T("Upgrade spaces (benefit / part)"), 17, "upgrade-spaces")
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
                f"{k + 1} {_benefit(F.upgrade_spaces[m][k], short=True)}",
                14,
                gw - 8,
                f"upgrade-spaces:{m}:{k + 1}",
                SOFT,
            )
            if part:
                c.text(gx + (gw - 3) // 2, gy + 21, PART_SHORT[part], 14, f"upgrade-spaces:{m}:{k + 1}", INK, "ma")
