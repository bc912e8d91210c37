"""Kanban EV, the Design department's panel: the design rows and stacks."""

from __future__ import annotations

from engines.i18n import T, Tp
from renderers.base import fit_text

from .common import SOFT, _Board, _Canvas, _design_chip


def _design(c: _Canvas, b: _Board, x: int, y: int, w: int) -> None:
    v = b.v
    c.text(x, y, T("Designs (select: 1 shift; column bonus below)"), 17, "design-rows")
    dw, dh = 132, 40
    for r, row in enumerate(v.get("rows", [])):
        for k, des in enumerate(row):
            dx, dy = x + k * (dw + 6), y + 26 + r * (dh + 6)
            _design_chip(c, dx, dy, dw, dh, des, f"design-rows:{r + 1}:{k + 1}")
    by = y + 26 + 2 * (dh + 6)
    no_bonus = Tp("design bonus", "no bonus")
    for k, word in (
        (0, no_bonus),
        (1, no_bonus),
        (2, Tp("design bonus", "+1 shift")),
        (3, Tp("design bonus", "+1 book")),
    ):
        c.text(x + k * (dw + 6) + dw // 2, by, fit_text(word, dw, 14), 14, "design-rows:bonus", SOFT, "ma")
    sx = x + 4 * (dw + 6) + 18
    c.text(sx, y, T("Stacks (top, size)"), 17, "design-stacks")
    names = [Tp("design stack", "top row"), Tp("design stack", "bottom row"), Tp("design stack", "central")]
    for k, st in enumerate(v.get("stacks", [])):
        sy = y + 26 + k * 34
        # lt "viršutinė eilė" is 82 px at 14 px: STACK_LABEL px, then the stack's top design
        c.text(sx, sy + 5, fit_text(names[k], STACK_LABEL, 14), 14, "design-stacks", SOFT)
        _design_chip(c, sx + STACK_LABEL + 4, sy, 126, 30, st.get("top") or "", f"design-stacks:{k + 1}")
        c.text(sx + STACK_LABEL + 136, sy + 5, f"x{st.get('count', 0)}", 15, "design-stacks")


#: the width (px) of a design stack's row label ("top row"), right of the design rows
STACK_LABEL = 86
