"""Kanban EV, the Administration department's panel: Sandra's desk, the certification
track and goals, the SpeedCharger's charger tokens."""

from __future__ import annotations

from engines.i18n import T
from renderers.base import fit_text, local

from .common import EMPTY, LINE, SANDRA, SOFT, _benefit, _Board, _Canvas


def _admin(c: _Canvas, b: _Board, x: int, y: int, w: int) -> None:
    F = b.F
    v = b.v
    title = fit_text(T("Certification track (sections 0-5, spaces 1-4; tok = speech token)"), w, 17)
    c.text(x, y, title, 17, "certification-track")
    cw, ch = 62, 46
    for sec in range(len(F.cert_track)):
        r, q = divmod(sec, 3)
        sx = x + q * (4 * cw + 20)
        sy = y + 24 + r * (ch + 20)
        c.text(sx, sy, f"{sec}", 14, "certification-track:label", SOFT)
        for k in range(4):
            gx = sx + 14 + k * cw
            c.rect(gx, sy, cw - 3, ch, f"certification-track:{sec}:{k + 1}", EMPTY, LINE, 1, 3)
            here = [i for i, s in enumerate(b.seats) if s.get("cert", -1) == sec * 4 + k]
            # a marker's disc sits at the bottom right, from 23 px above the bottom: the first
            # line (2 to 19 px down) keeps the space's width (cs "pouk." 37 px, cut to "po…" in the
            # 32 px beside a disc), the next ones the room left of the disc
            words = [
                fit_text(wd, cw - 30 if here and n else cw - 8, 14)
                for n, wd in enumerate(_benefit(F.cert_track[sec][k], short=True).split("+"))
            ]
            c.text(gx + 3, sy + 2, "\n".join(words), 14, f"certification-track:{sec}:{k + 1}", SOFT)
            for _j, i in enumerate(here[:1]):
                c.disc(gx + cw - 26, sy + ch - 23, 21, i, "certification-track:marker", 14)
    ry = y + 24 + 2 * (ch + 20)
    tiles = v.get("fgoals", {}).get("cert", [])
    goals = ", ".join(local(T("{n} certs: {tokens} tok", n=tv, tokens=tok)) for tv, tok, _w in tiles)
    c.fit(x, ry, T("Certification goals: {goals}", goals=goals), 15, 430, "factory-goals:cert")
    chargers = T("Chargers left: {n}", n=v.get("chargers", 0)) if v.get("speedcharger", True) else T("No SpeedCharger")
    c.text(x + 450, ry, fit_text(chargers, 184, 15), 15, "chargers")
    desk = v.get("sandra") == 10
    c.chip(
        x + 640,
        ry - 4,
        w - 640,
        26,
        T("Sandra at her desk") if desk else T("Sandra's desk (empty)"),
        "sandra-desk" if not desk else "sandra-desk:sandra",
        "#e9d3f2" if desk else EMPTY,
        14,
        SANDRA if desk else LINE,
    )
