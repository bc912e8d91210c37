"""Kanban EV, the Administration department's panel: Sandra's desk, the certification
track and goals, the SpeedCharger's charger tokens."""

from __future__ import annotations

from .common import EMPTY, LINE, SANDRA, SOFT, _benefit, _Board, _Canvas


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
