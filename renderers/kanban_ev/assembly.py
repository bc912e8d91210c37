"""Kanban EV, the Assembly department's panel: assembly lines, the conveyor belts,
demand tiles, cars left."""

from __future__ import annotations

from engines.i18n import T, Tn, Tp
from renderers.base import Polygon, fit_text, measure

from .common import EMPTY, INK, LINE, MODEL_COLOUR, MODEL_SHORT, PART_COLOUR, PART_SHORT, SOFT, _Board, _Canvas


def _assembly(c: _Canvas, b: _Board, x: int, y: int, w: int) -> None:
    F = b.F
    v = b.v
    rh = 36
    pw = 40
    node_pos: dict[str, tuple[int, int]] = {}
    nw, nh, gap = 84, 30, 16
    cx0 = x + 74 + 6 * pw + 12
    c.text(x, y, fit_text(T("Assembly (bold: upgraded, first)"), cx0 - x - 10, 17), 17, "assembly-lines")
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
        # on two staggered lines, every other column's a line lower, so that neighbours keep
        # a gap: a short part name is up to 40 px at 14 px ("autop.", "elektr.", "motor"), the
        # width of its column, and side by side they read as one word ("karos.pohonelektr.")
        label = fit_text(PART_SHORT[part], 2 * pw - 8, 14)
        ly = y + 26 + 5 * rh + (k % 2) * 16
        c.text(x + 74 + k * pw + (pw - 2) // 2, ly, label, 14, "assembly-lines:legend", SOFT, "ma")
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
    # "route" is the notation word a player types
    # (up to the demand column, drawn at xe + ew + 12 below)
    c.text(cx0, y, fit_text(T("Conveyor (route <node> at a fork)"), xe + ew + 4 - cx0, 17), 17, "conveyor")
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
    c.text(dx, y, Tp("image label", "Demand"), 17, "demand")
    for k, m in enumerate(v.get("demand", [])):
        tok = (v.get("demand_tok") or [0, 0])[k] if k < len(v.get("demand_tok") or []) else 0
        c.chip(
            dx,
            y + 26 + k * 34,
            w - (dx - x),
            30,
            T("{model}: {n} tok", model=MODEL_SHORT[m], n=tok),
            f"demand:{m}",
            MODEL_COLOUR[m],
            15,
            INK,
        )
    stack = Tn("{n} tile left", "{n} tiles left", v.get("demand_stack", 0))
    c.text(dx, y + 96, fit_text(stack, w - (dx - x), 14), 14, "demand", SOFT)
    cars = v.get("cars", {})
    c.text(dx, y + 120, fit_text(Tp("image label", "Cars left"), w - (dx - x), 15), 15, "cars-left")
    # "<count> <model>" side by side, 10 px apart, on as many lines of the demand column as they
    # need (at most CARS_LINES; the last one cut with "…" beyond): two fixed 68 px columns cut
    # lt "2 sunkvež." (68 px) and ran "3 sportinis" past the panel's edge
    cw = w - (dx - x)
    lines: list[list[str]] = [[]]
    for m in F.models:
        item = f"{cars.get(m, 0)} {MODEL_SHORT[m]}"
        if lines[-1] and measure("  ".join([*lines[-1], item]), 14)[0] > cw:
            lines.append([])
        lines[-1].append(item)
    if len(lines) > CARS_LINES:
        lines[CARS_LINES - 1 :] = [[" ".join(" ".join(ln) for ln in lines[CARS_LINES - 1 :])]]
    for r, items in enumerate(lines):
        c.text(dx, y + 140 + r * 19, fit_text("  ".join(items), cw, 14), 14, "cars-left")


#: the lines of the cars left under the demand tiles: 140 + 3 * 19 + 18 = 215 px below the
#: panel body's top, within its 226 (five assembly lines of 36 px, the legend)
CARS_LINES = 4
