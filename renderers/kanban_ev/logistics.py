"""Kanban EV, the Logistics department's panel: warehouses, supply, recycling, the
Kanban deck."""

from __future__ import annotations

from engines.i18n import T, Tp
from renderers.base import fit_text

from .common import EMPTY, INK, LINE, PART_COLOUR, PART_SHORT, SOFT, _Board, _Canvas


def _logistics(c: _Canvas, b: _Board, x: int, y: int, w: int) -> None:
    F = b.F
    v = b.v
    c.text(x, y, T("Warehouses (group A | order line | group B)"), 17, "warehouses")
    wh = v.get("wh", {})
    sup = v.get("supply", {})
    bw = 86
    for k, pt in enumerate(F.group_a + F.group_b):
        bx = x + k * (bw + 6) + (24 if k >= 3 else 0)
        c.rect(bx, y + 26, bw, 64, f"warehouses:{pt}", PART_COLOUR[pt], LINE, 1, 5)
        c.text(bx + bw // 2, y + 28, PART_SHORT[pt], 15, f"warehouses:{pt}", INK, "ma")
        c.text(bx + bw // 2, y + 48, str(wh.get(pt, 0)), 24, f"warehouses:{pt}", INK, "ma")
        supply = fit_text(Tp("image label", "supply {n}", n=sup.get(pt, 0)), bw, 14)
        c.text(bx + bw // 2, y + 94, supply, 14, "supply", SOFT, "ma")
    lx = x + 3 * (bw + 6) + 9
    c.line([(lx, y + 22), (lx, y + 94)], "warehouses:line", INK, 3)
    rx = x + 6 * (bw + 6) + 40
    c.text(rx, y, Tp("image label", "Recycling"), 17, "recycling")
    for k, pt in enumerate(v.get("recycling", [])):
        c.chip(rx + k * 66, y + 26, 62, 30, PART_SHORT.get(pt, pt), f"recycling:{pt}", PART_COLOUR.get(pt, EMPTY), 15)
    c.text(rx, y + 66, T("Kanban deck: {n}", n=v.get("kdeck", 0)), 15, "kanban-deck")
    c.text(x, y + 120, T("Parts vouchers in supply: {n}", n=v.get("vouchers", 0)), 15, "vouchers-supply", SOFT)
