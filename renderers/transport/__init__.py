"""Transport board and hand images.

``layout(view)`` (spectator view): one 1600 x 1200 px canvas all game long (the field is
scaled into it, hexes at most 80 px in radius, coordinates, parcel numbers and icons growing
with the hexes, so an early small field is drawn big): the hex field (pointy-top, axial q,r
written in every cell), belts as curves between edge midpoints, arrows on one-way arms, white-icon badges,
parcels with their top number, pallets in their owner's colour, pale open ends with their
coordinates, and a side panel with the score tiles, whose turn and what is expected, the
stack and bag counts, the last events and a legend.

``hand_layout(view)`` (a player's view): the four hand tiles, each drawn in every distinct
rotation with its number, plus the edge-number compass.

Tags: ``tile:<q,r>``, ``belt:<q,r>``, ``arrow:<q,r>``, ``icon:<q,r>``, ``parcel:<q,r>``,
``pallet:<colour>``, ``coord:<q,r>``, ``open:<q,r>``, ``score:<seat>``, ``status``,
``counts``, ``recent``, ``legend``, ``hand:<tile>``, ``rot:<tile>:<k>``, ``compass``.
"""

from __future__ import annotations

import math

from engines.i18n import T, Text, Tn, Tp
from renderers.base import Ellipse, Layout, Line, Polygon, Rect, fit_text, line_height, local, measure, text, wrap
from renderers.summary import PICTURE_W, SeatSummary, Summary

SQ3 = math.sqrt(3)

PLAYER_COLOURS = {"red": "#d62728", "blue": "#1f5fbf", "yellow": "#e0b000", "green": "#2a9d3a"}
PALE = {"red": "#f7c9c9", "blue": "#c8d8f5", "yellow": "#f8ecb0", "green": "#c9ecce"}
FILL = {"belt": "#dcd8cf", "floor": "#efe7d6", "loading": "#bcd9f0", "pallet": "#ffffff"}
BELT = "#4a4a4a"
INK = "#1d1d1d"
MUTED = "#555555"
HAND_WIDTH = 600  # px, the hand image sent by DM (read on a phone)
#: an icon's letter on a tile, the initial of its name in the image's language
ICON_LETTER = {
    "parcel": Tp("transport icon letter", "P"),
    "wrench": Tp("transport icon letter", "W"),
    "forklift": Tp("transport icon letter", "F"),
}
#: the loading tile's letter, the initial of "loading" in the image's language
LOADING_LETTER = Tp("transport icon letter", "L")
ICON_WORD = {
    "parcel": Tp("transport icon", "parcel"),
    "wrench": Tp("transport icon", "wrench"),
    "forklift": Tp("transport icon", "forklift"),
}
#: a seat's colour as a word (the view's colours are ids: "red" …)
COLOUR_WORD = {
    "red": Tp("pallet colour", "red"),
    "blue": Tp("pallet colour", "blue"),
    "yellow": Tp("pallet colour", "yellow"),
    "green": Tp("pallet colour", "green"),
}
#: "red pallet" …: one message per colour (the adjective agrees with the noun)
PALLET = {
    "red": Tp("pallet", "red pallet"),
    "blue": Tp("pallet", "blue pallet"),
    "yellow": Tp("pallet", "yellow pallet"),
    "green": Tp("pallet", "green pallet"),
}


def _points(n: int) -> Text:
    return Tn("{n} pt", "{n} pts", n)


def _tiles(n: int) -> Text:
    return Tn("{n} tile", "{n} tiles", n)


def _parcels(n: int) -> Text:
    return Tn("{n} parcel", "{n} parcels", n)


def _status_text(view: dict):
    """Whose turn and what is expected: the view's ``status`` when it is a Text (drawn in the
    image's language, names in its parameters), else its plain segments joined."""

    status = view.get("status", "")
    if isinstance(status, Text):
        return status
    return "".join(local(p) for p in view.get("status_parts") or [status])


def _event(ev) -> str:
    """One of the view's recent moves (a Text, a string, or a list of segments) as drawn."""

    return "".join(local(p) for p in ev) if isinstance(ev, list) else local(ev)


ICON_FILL = {"parcel": "#8a5a2b", "wrench": "#3f6f9f", "forklift": "#a0522d"}
PARCEL_FILL = "#c8955a"
LAST = "#ff7a00"  # outline of the cells the last action changed
PANEL_W = 430
MARGIN = 24
#: the board image's size, the same all game long (it used to grow from 796 to
#: 1647 px wide as the field grew, then was downscaled): the field is scaled into it
BOARD_W, BOARD_H = 1600, 1200
#: largest hex radius (px): an early, small field is drawn big, its texts scaled along
S_MAX = 80.0
#: smallest hex radius (px) before the canvas grows instead (no seeded game comes near it)
S_MIN = 24.0
TITLE_H = 40


def _marks(s: float) -> tuple[int, int]:
    """(icon badge radius, icon letter and "L" size) for hex radius ``s``: 11 and 14 px up
    to s = 46, then growing with the hex."""

    return max(11, int(s * 0.24)), max(14, int(s * 0.3))


def label_px(s: float) -> int:
    """Font size of a cell's coordinates for hex radius ``s``: 14 px up to s = 44, then
    about a third of the radius (26 px at most)."""

    return max(14, min(26, int(s * 0.34)))


# ----- hex helpers ------------------------------------------------------------------------
def center(q: int, r: int, s: float) -> tuple[float, float]:
    """Pixel centre (relative) of axial cell (q, r) for pointy-top hexes of radius ``s``."""

    return s * SQ3 * (q + r / 2), s * 1.5 * r


def corners(cx: float, cy: float, s: float) -> list[tuple[int, int]]:
    """The six corners of a pointy-top hex, clockwise from the top-right corner of edge 5/0."""

    out = []
    for i in range(6):
        ang = math.radians(60 * i - 30)
        out.append((int(round(cx + s * math.cos(ang))), int(round(cy + s * math.sin(ang)))))
    return out


def edge_mid(cx: float, cy: float, s: float, e: int) -> tuple[float, float]:
    """Midpoint of edge ``e`` (0 east, clockwise) of a hex centred at (cx, cy)."""

    ang = math.radians(60 * e)
    d = s * SQ3 / 2
    return cx + d * math.cos(ang), cy + d * math.sin(ang)


def _curve(a, b, c, steps: int = 10) -> list[tuple[int, int]]:
    pts = []
    for i in range(steps + 1):
        t = i / steps
        x = (1 - t) ** 2 * a[0] + 2 * (1 - t) * t * c[0] + t * t * b[0]
        y = (1 - t) ** 2 * a[1] + 2 * (1 - t) * t * c[1] + t * t * b[1]
        pts.append((int(round(x)), int(round(y))))
    return pts


def _arrow(tip, base, width: float) -> list[tuple[int, int]]:
    """A triangle pointing from ``base`` to ``tip``."""

    dx, dy = tip[0] - base[0], tip[1] - base[1]
    ln = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / ln * width, dx / ln * width
    return [
        (int(round(tip[0])), int(round(tip[1]))),
        (int(round(base[0] + nx)), int(round(base[1] + ny))),
        (int(round(base[0] - nx)), int(round(base[1] - ny))),
    ]


def draw_tile(
    lay: Layout,
    cx: float,
    cy: float,
    s: float,
    tile: dict,
    tag: str,
    colour: str | None = None,
    label: str | None = None,
    label_size: int = 14,
    show_icon: bool = True,
    later: list | None = None,
) -> None:
    """Draw one hex tile (shape ``tile`` as in the engine's ``tile_info``) at (cx, cy).

    The coordinate label and the loading tile's "L" go on small opaque plates; with ``later``
    (a list) those plates and texts are appended there instead of ``lay`` so the caller can
    paint them after every tile, belt, arrow and parcel of the field (a neighbour's belt must
    never cover a coordinate players type)."""

    labels = later if later is not None else lay.elements

    kind = tile["kind"]
    fill = PALE.get(colour, FILL["pallet"]) if kind == "pallet" else FILL[kind]
    lay.add(Polygon(points=corners(cx, cy, s), fill=fill, outline="#8c8474", width=2, tag=f"tile:{tag}"))
    bw = max(6, int(s * 0.22))
    if kind == "pallet":
        e = tile["edges"][0]
        m = edge_mid(cx, cy, s, e)
        lay.add(Line(points=[(int(m[0]), int(m[1])), (int(cx), int(cy))], fill=BELT, width=bw, tag=f"belt:{tag}"))
        half = int(s * 0.42)
        col = PLAYER_COLOURS.get(colour, "#777777")
        lay.add(
            Rect(
                x=int(cx - half),
                y=int(cy - half * 0.8),
                w=2 * half,
                h=int(half * 1.3),
                fill=col,
                outline=INK,
                width=2,
                tag=f"pallet:{colour}",
            )
        )
        # pallet slats
        for i in (1, 2):
            yy = int(cy - half * 0.8 + i * half * 1.3 / 3)
            lay.add(
                Line(
                    points=[(int(cx - half), yy), (int(cx + half), yy)],
                    fill="#ffffff",
                    width=2,
                    tag=f"pallet:{colour}:slat",
                )
            )
    else:
        drawn = set()
        for a, b in tile["moves"]:
            pair = (min(a, b), max(a, b))
            if pair in drawn:
                continue
            drawn.add(pair)
            pa, pb = edge_mid(cx, cy, s, a), edge_mid(cx, cy, s, b)
            lay.add(Line(points=_curve(pa, pb, (cx, cy)), fill=BELT, width=bw, tag=f"belt:{tag}"))
        entries = {a for a, _b in tile["moves"]}
        exits = {b for _a, b in tile["moves"]}
        for e in tile["edges"]:
            m = edge_mid(cx, cy, s, e)
            inner = (cx + (m[0] - cx) * 0.35, cy + (m[1] - cy) * 0.35)
            outer = (cx + (m[0] - cx) * 0.85, cy + (m[1] - cy) * 0.85)
            if e in entries and e not in exits:  # inbound only: arrow points inwards
                lay.add(
                    Polygon(
                        points=_arrow(inner, outer, bw * 0.9), fill="#f2f2f2", outline=INK, width=1, tag=f"arrow:{tag}"
                    )
                )
            elif e in exits and e not in entries:  # outbound only: arrow points outwards
                lay.add(
                    Polygon(
                        points=_arrow(outer, inner, bw * 0.9), fill="#f2f2f2", outline=INK, width=1, tag=f"arrow:{tag}"
                    )
                )
    icon = tile.get("icon") or ""
    r, mark = _marks(s)
    if show_icon and icon:
        ix, iy = cx, cy - max(s * 0.58, 21.0)
        lay.add(
            Ellipse(
                x=int(ix - r),
                y=int(iy - r),
                w=2 * r,
                h=2 * r,
                fill=ICON_FILL[icon],
                outline="#ffffff",
                width=2,
                tag=f"icon:{tag}:{icon}",
            )
        )
        lay.add(text(int(ix), int(iy), ICON_LETTER[icon], mark, "#ffffff", f"icon:{tag}:{icon}:letter", "mm"))
    label_box = None
    if label:
        w, h = measure(label, label_size)
        ly = int(cy + max(s * 0.36, 12.0))
        label_box = (cx - w / 2 - 3, ly - 1, cx + w / 2 + 3, ly + h + 1)
    if kind == "loading" and show_icon:
        mx, my = _loadmark_spot(cx, cy, s, tile, label_box, bool(icon))
        t = text(int(mx), int(my), LOADING_LETTER, mark, "#1f4f7f", f"loadmark:{tag}", "mm")
        labels.append(
            Rect(
                x=t.x - 4,
                y=t.y - 3,
                w=t.w + 8,
                h=t.h + 6,
                fill="#ffffff",
                outline="#1f4f7f",
                radius=4,
                tag=f"loadbg:{tag}",
            )
        )
        labels.append(t)
    if label:
        labels.append(
            Rect(x=int(cx - w / 2 - 3), y=ly - 1, w=w + 6, h=h + 2, fill="#ffffff", radius=4, tag=f"coordbg:{tag}")
        )
        labels.append(text(int(cx), ly, label, label_size, INK, f"coord:{tag}", "ma"))


def _seg_dist(p, a, b) -> float:
    ax, ay = a
    dx, dy = b[0] - ax, b[1] - ay
    ln2 = dx * dx + dy * dy or 1.0
    t = max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / ln2))
    return math.hypot(p[0] - ax - t * dx, p[1] - ay - t * dy)


def _loadmark_spot(cx: float, cy: float, s: float, tile: dict, label_box, has_icon: bool) -> tuple[float, float]:
    """A free spot for the loading tile's "L" plate inside the hex: the first of twelve
    points on a ring (left side first) whose plate (about 18 x 24 px) stays off the belt, the
    parcel square, the icon and the coordinate label; the least crowded one otherwise."""

    bw = max(6, int(s * 0.22))
    r, mark = _marks(s)
    half_w, half_h = 9 * mark / 14, 12 * mark / 14
    belts = []
    for a, b in tile["moves"]:
        pa, pb = edge_mid(cx, cy, s, a), edge_mid(cx, cy, s, b)
        pts = _curve(pa, pb, (cx, cy))
        belts += list(zip(pts, pts[1:]))
    pb_ = s * 0.31
    boxes = [(cx - pb_, cy - pb_, cx + pb_, cy + pb_)]
    if label_box:
        boxes.append(label_box)
    if has_icon:
        iy = cy - max(s * 0.58, 21.0)
        boxes.append((cx - r - 1, iy - r - 1, cx + r + 1, iy + r + 1))
    best, best_pen = None, None
    for deg in (180, 150, 210, 0, 30, 330, 120, 240, 60, 300, 90, 270):
        rad = s * 0.6
        px, py = cx + rad * math.cos(math.radians(deg)), cy + rad * math.sin(math.radians(deg))
        pen = 0.0
        reach = math.hypot(half_w, half_h) * 0.8 + bw / 2
        for a, b in belts:
            pen += max(0.0, reach - _seg_dist((px, py), a, b))
        for x0, y0, x1, y1 in boxes:
            ox = min(px + half_w, x1) - max(px - half_w, x0)
            oy = min(py + half_h, y1) - max(py - half_h, y0)
            if ox > 0 and oy > 0:
                pen += ox * oy / 10
        if best_pen is None or pen < best_pen - 1e-9:
            best, best_pen = (px, py), pen
        if pen == 0:
            break
    return best


# ----- board --------------------------------------------------------------------------------
def _field_geometry(view: dict):
    cells = [(c["q"], c["r"]) for c in view["field"]]
    opens = []
    for k in view.get("open_ends", []):
        q, r = (int(x) for x in k.split(","))
        opens.append((q, r))
    allc = cells + opens
    return cells, opens, allc


def layout(view: dict) -> Layout:
    """The board image from ``engine.view(state, None)`` (see module doc)."""

    cells, opens, allc = _field_geometry(view)
    xs = [SQ3 * (q + r / 2) for q, r in allc] or [0]
    ys = [1.5 * r for q, r in allc] or [0]
    span_x = max(xs) - min(xs) + SQ3
    span_y = max(ys) - min(ys) + 2
    panel_h = _panel_height(view)
    below_h = _panel_height(view, two_columns=True)
    # one canvas size all game (BOARD_W x BOARD_H): the hexes (radius at most S_MAX) and their
    # texts are scaled to fit it, the panel at the right, or below the field in two columns
    # when that gives bigger hexes (a wide, flat field)
    s_side = min(S_MAX, (BOARD_W - PANEL_W - 2 * MARGIN) / span_x, (BOARD_H - 2 * MARGIN - TITLE_H) / span_y)
    s_below = min(S_MAX, (BOARD_W - 2 * MARGIN) / span_x, (BOARD_H - below_h - 2 * MARGIN - TITLE_H) / span_y)
    below = s_below > s_side * 1.05
    s = max(S_MIN, s_below if below else s_side)
    field_w = int(span_x * s) + 2 * MARGIN
    field_h = int(span_y * s) + 2 * MARGIN + TITLE_H
    if below:
        width = max(BOARD_W, field_w)
        height = max(BOARD_H, field_h + below_h)
        area_w, area_h = width, height - below_h
        panel_x, panel_y = 10, area_h
    else:
        width = max(BOARD_W, field_w + PANEL_W)
        height = max(BOARD_H, field_h, panel_h)
        area_w, area_h = width - PANEL_W, height
        panel_x, panel_y = width - PANEL_W + 10, 10
    # the field centred in its area
    ox = (area_w - field_w) // 2 + MARGIN + (SQ3 / 2) * s - min(xs) * s
    oy = (area_h - field_h) // 2 + MARGIN + TITLE_H + s - min(ys) * s
    label = label_px(s)
    lay = Layout(width=width, height=height, background="#faf7f0")
    lay.add(text(MARGIN, 10, T("Transport: the field (cells are q,r)"), 20, INK, "title"))

    for q, r in opens:
        cx, cy = center(q, r, s)
        cx, cy = cx + ox, cy + oy
        pts = corners(cx, cy, s - 3)
        lay.add(Polygon(points=pts, fill="#fffdf7", outline="#b8ad96", width=1, tag=f"open:{q},{r}"))
        lay.add(text(int(cx), int(cy - label * 0.6), f"{q},{r}", label, "#7a6f58", f"open:{q},{r}:label", "ma"))

    later: list = []  # coordinate and L plates, painted over everything else of the field
    for c in view["field"]:
        cx, cy = center(c["q"], c["r"], s)
        cx, cy = cx + ox, cy + oy
        colour = c["tile"] if c["kind"] == "pallet" else None
        draw_tile(lay, cx, cy, s, c, c["at"], colour=colour, label=c["at"], label_size=label, later=later)
        if c.get("parcel"):
            _parcel(lay, cx, cy, s, c, max(18, min(30, int(s * 0.42))))

    # the cells the last action changed (a hole left by a wrench or forklift included)
    for k in view.get("changed") or []:
        q, r = (int(x) for x in k.split(","))
        cx, cy = center(q, r, s)
        lay.add(Polygon(points=corners(cx + ox, cy + oy, s - 2), fill=None, outline=LAST, width=4, tag=f"last:{k}"))
    for e in later:
        lay.add(e)

    _panel(lay, view, panel_x, panel_y, two_columns=below)
    return lay


def _parcel(lay: Layout, cx: float, cy: float, s: int, c: dict, size: int) -> None:
    """The parcel stack on cell ``c`` centred at ``(cx, cy)`` (hex size ``s`` px): a square with
    the top parcel's number in ``size`` px, tagged ``parcel:<cell>`` (board and phone summary)."""

    b = int(s * 0.31)
    tag = f"parcel:{c['at']}"
    lay.add(
        Rect(x=int(cx - b), y=int(cy - b), w=2 * b, h=2 * b, fill=PARCEL_FILL, outline=INK, width=2, radius=3, tag=tag)
    )
    lay.add(text(int(cx), int(cy), str(c["parcel"][0]), size, INK, f"{tag}:top", "mm"))


def _panel_height(view: dict, two_columns: bool = False) -> int:
    """Height the panel needs (measured by laying it out once on a scratch layout)."""

    scratch = Layout(width=2 * PANEL_W + 20, height=4000)
    return _panel(scratch, view, 10, 0, two_columns) + 20


def _panel(lay: Layout, view: dict, x: int, y: int, two_columns: bool = False) -> int:
    """Draw the panel from (x, y), the legend below the scores or (``two_columns``) to their
    right; returns the y below its last line."""

    w = PANEL_W - 20
    lay.add(
        Rect(
            x=x - 6 if x >= 6 else x,
            y=y,
            w=(2 * w + 26) if two_columns else (w + 6),
            h=lay.height - y - 10,
            fill="#ffffff",
            outline="#c9bfa8",
            radius=8,
            tag="panel",
        )
    )
    y0 = y
    y += 10
    # whose turn and what is expected
    lines = wrap(_status_text(view), w - 16, 18)
    lay.add(text(x + 6, y, "\n".join(lines), 18, "#7a1010" if not view.get("over") else INK, "status"))
    y += 24 * len(lines) + 10
    if view.get("over") and view.get("end_reason"):
        pass
    # score tiles
    lay.add(text(x + 6, y, Tp("image label", "Score tiles"), 18, INK, "scores:title"))
    y += 28
    colours = view["colours"]
    for seat in view["players"]:
        col = colours[seat]
        cur = view.get("current") == seat
        lay.add(
            Rect(
                x=x + 4,
                y=y,
                w=w - 8,
                h=56,
                fill=PALE[col],
                outline=INK if cur else "#bbbbbb",
                width=3 if cur else 1,
                radius=6,
                tag=f"score:{seat}",
            )
        )
        lay.add(Rect(x=x + 10, y=y + 8, w=26, h=20, fill=PLAYER_COLOURS[col], outline=INK, tag=f"score:{seat}:swatch"))
        name = fit_text(T("{player} ({colour})", player=seat, colour=COLOUR_WORD[col]), w - 190, 16)
        lay.add(text(x + 44, y + 8, name, 16, INK, f"score:{seat}:name"))
        pts = view["points"][seat]
        lay.add(text(x + w - 14, y + 8, _points(pts), 16, INK, f"score:{seat}:points", "ra"))
        parcels = view["scored"][seat]
        px = x + 44
        for i, p in enumerate(parcels):
            lay.add(
                Rect(
                    x=px, y=y + 32, w=20, h=20, fill=PARCEL_FILL, outline=INK, radius=2, tag=f"score:{seat}:parcel:{i}"
                )
            )
            lay.add(text(px + 10, y + 42, str(p[0]), 14, INK, f"score:{seat}:parcel:{i}:value", "mm"))
            px += 26
        hand = view["hand_sizes"].get(seat, 0)
        lay.add(text(x + w - 14, y + 33, Tp("image label", "hand {n}", n=hand), 14, MUTED, f"score:{seat}:hand", "ra"))
        y += 62
    teams = view.get("teams")
    if teams:
        sc = view["scores"]
        line = T("Teams: {teams}", teams=_teams(teams, colours, sc, "+"))
        for ln in wrap(line, w - 16, 16):
            lay.add(text(x + 6, y, ln, 16, INK, "teams"))
            y += 22
    y += 6
    lay.add(
        text(
            x + 6,
            y,
            T("Stack: {tiles}   Bag: {parcels}", tiles=_tiles(view["stack"]), parcels=_parcels(view["bag"])),
            16,
            INK,
            "counts",
        )
    )
    y += 30
    recent = view.get("recent") or []
    if recent:
        lay.add(text(x + 6, y, Tp("image label", "Last moves"), 16, INK, "recent:title"))
        y += 22
        for i, ev in enumerate(recent[-3:]):
            ev = _event(ev)
            for ln in wrap(ev, w - 16, 14)[:3]:
                lay.add(text(x + 6, y, ln, 14, MUTED, f"recent:{i}"))
                y += 18
            y += 4
    y += 6
    left_end = y
    if two_columns:
        x, y = x + w + 20, y0 + 10
    legend = [
        ("parcel", T("parcel: load a parcel")),
        ("wrench", T("wrench: move a white-icon tile")),
        ("forklift", T("forklift: move/swap pallets")),
    ]
    lay.add(text(x + 6, y, Tp("image label", "Legend"), 16, INK, "legend:title"))
    y += 22
    for icon, desc in legend:
        letter = ICON_LETTER[icon]
        tag = f"legend:{ICON_LETTER[icon].msgid}"
        lay.add(Ellipse(x=x + 8, y=y, w=22, h=22, fill=ICON_FILL[icon], outline="#ffffff", tag=tag))
        lay.add(text(x + 19, y + 11, letter, 14, "#ffffff", f"{tag}:letter", "mm"))
        lay.add(text(x + 38, y + 3, fit_text(desc, w - 44, 14), 14, INK, f"{tag}:text"))
        y += 26
    lay.add(Rect(x=x + 8, y=y, w=22, h=22, fill=FILL["loading"], outline="#8c8474", tag="legend:loading"))
    loading = T("{letter} = loading tile (parcels arrive)", letter=LOADING_LETTER)
    lay.add(text(x + 38, y + 3, fit_text(loading, w - 44, 14), 14, INK, "legend:loading:text"))
    y += 26
    lay.add(
        Polygon(points=_arrow((x + 30, y + 11), (x + 10, y + 11), 8), fill="#f2f2f2", outline=INK, tag="legend:arrow")
    )
    lay.add(text(x + 38, y + 3, fit_text(T("arrow = one way only"), w - 44, 14), 14, INK, "legend:arrow:text"))
    y += 26
    lay.add(Rect(x=x + 8, y=y, w=22, h=22, fill="#fffdf7", outline="#b8ad96", tag="legend:open"))
    lay.add(text(x + 38, y + 3, fit_text(T("pale cell = open belt end"), w - 44, 14), 14, INK, "legend:open:text"))
    y += 26
    lay.add(Rect(x=x + 8, y=y, w=22, h=22, fill=None, outline=LAST, width=3, tag="legend:last"))
    lay.add(text(x + 38, y + 3, fit_text(T("orange outline = last move"), w - 44, 14), 14, INK, "legend:last:text"))
    return max(y + 26, left_end)


def _teams(teams: list, colours: dict, scores: dict, join: str) -> str:
    """The teams' line: each team's colours (words of the image's language) and points."""

    return " | ".join(f"{join.join(local(COLOUR_WORD[colours[p]]) for p in t)} {scores[t[0]]}" for t in teams)


# ----- hand ---------------------------------------------------------------------------------
def hand_layout(view: dict) -> Layout:
    """A player's DM image from ``engine.view(state, player)``: their hand tiles, each in
    every distinct rotation with its number, and the compass of edge numbers. Sent by DM and
    read on a phone: :data:`HAND_WIDTH` px wide (600) with text at least 14 px, so at least
    14 * 400 / 600 = 9.3 px on a phone showing it 400 px wide; a tile's id, name and icon sit on
    a row above its rotations (nothing is cut)."""

    hand = view.get("hand_tiles") or []
    s = 40
    cell_w = int(SQ3 * s) + 22
    width = HAND_WIDTH
    head_h = 34  # a tile's id, name and icon above its rotations
    row_h = head_h + 2 * s + 34
    top = 150
    height = top + max(1, len(hand)) * row_h + 30
    lay = Layout(width=width, height=height, background="#faf7f0")
    seat = view.get("viewer") or ""
    colour = view.get("colours", {}).get(seat, "")
    y = 14
    title = T("Your hand ({player}, {colour})", player=seat, colour=COLOUR_WORD.get(colour, colour))
    for ln in wrap(title, width - 190, 22):
        lay.add(text(20, y, ln, 22, INK, "hand:title"))
        y += line_height(22)
    y = max(y + 6, 48)
    # the notation word "connect" is typed as it is in every language; its parts are named
    for ln in wrap(T("connect <tile> <q,r> <rotation>   e.g. connect t5 2,-1 3"), width - 190, 16):
        lay.add(text(20, y, ln, 16, MUTED, "hand:help"))
        y += line_height(16)
    for ln in wrap(T("Rotation k turns the tile k steps clockwise."), width - 190, 16):
        lay.add(text(20, y, ln, 16, MUTED, "hand:help2"))
        y += line_height(16)
    # compass: edge numbers
    cx, cy = width - 80, 80
    lay.add(Polygon(points=corners(cx, cy, 40), fill="#ffffff", outline="#8c8474", width=2, tag="compass"))
    for e in range(6):
        mx, my = edge_mid(cx, cy, 40 + 14, e)
        lay.add(text(int(mx), int(my), str(e), 14, "#7a1010", f"compass:{e}", "mm"))
    lay.add(text(cx, cy, fit_text(Tp("image label", "edges"), 64, 14), 14, MUTED, "compass:label", "mm"))
    top = max(top, y + 12)
    lay.height = top + max(1, len(hand)) * row_h + 30
    if not hand:
        lay.add(text(20, top, T("No tiles in hand."), 18, INK, "hand:empty"))
        return lay
    y = top
    for tile in hand:
        tid = tile["tile"]
        lay.add(
            Rect(
                x=10, y=y - 4, w=width - 20, h=row_h - 6, fill="#ffffff", outline="#d0c6b0", radius=8, tag=f"hand:{tid}"
            )
        )
        lay.add(text(20, y + 2, tid, 22, INK, f"hand:{tid}:id"))
        icon = tile.get("icon") or ""
        desc = T("icon: {icon}", icon=ICON_WORD[icon]) if icon in ICON_WORD else Tp("image label", "no icon")
        nx = 20 + measure(tid, 22)[0] + 14
        name = fit_text(tile["name"], width - 20 - nx - 14 - min(measure(desc, 14)[0], 160), 16)
        lay.add(text(nx, y + 6, name, 16, INK, f"hand:{tid}:name"))
        ix = nx + measure(name, 16)[0] + 14
        lay.add(text(ix, y + 8, fit_text(desc, width - 20 - ix, 14), 14, MUTED, f"hand:{tid}:icon"))
        x = 20
        for rot in tile["rotations"]:
            k = rot["rot"]
            tcx, tcy = x + cell_w / 2, y + head_h + s + 2
            info = dict(tile)
            info.update({"edges": rot["edges"], "moves": rot["moves"]})
            draw_tile(lay, tcx, tcy, s, info, f"{tid}:{k}", show_icon=True)
            rot_label = fit_text(Tp("image label", "rot {k}", k=k), cell_w - 4, 14)
            lay.add(text(int(tcx), int(y + head_h + 2 * s + 8), rot_label, 14, INK, f"rot:{tid}:{k}", "ma"))
            x += cell_w
        if len(tile["rotations"]) < 6 and tile["shape"] != "floor":
            lay.add(text(x + 4, int(y + head_h + s - 8), T("(others\nrepeat)"), 14, MUTED, f"hand:{tid}:repeat"))
        y += row_h
    return lay


# ----- the phone summary ------------------------------------------------------
def summary(view: dict) -> Summary:
    """The per-move phone summary (:mod:`renderers.summary`): each player's colour, points
    and scored parcels and hand size; stack and bag; the last moves (the view's ``recent``)
    and whose turn it is (Transport)."""

    colours = view["colours"]
    over = bool(view.get("over"))
    points = view.get("points", {})
    order = list(view["players"])
    places: dict[str, int] = {}
    if over:
        totals = view.get("scores") or points
        order.sort(key=lambda p: -totals.get(p, 0))
        places = {p: 1 + sum(1 for q in order if totals.get(q, 0) > totals.get(p, 0)) for p in order}
    # 4 players: two teams, ranked by the team's points (each seat's "scores" entry): the
    # card shows those, and the seat's own points among its facts
    team_points = view.get("scores") if view.get("teams") else None
    seats = []
    for seat in order:
        col = colours[seat]
        parcels = [str(p[0]) for p in view.get("scored", {}).get(seat, [])]
        facts = [
            PALLET[col],
            Tp("image label", "hand {n}", n=view.get("hand_sizes", {}).get(seat, 0)),
            T("parcels {values}", values=" + ".join(parcels)) if parcels else T("parcels none"),
        ]
        if team_points:
            facts.append(T("own {points}", points=_points(points.get(seat, 0))))
        shown = (team_points or points).get(seat, 0)
        seats.append(
            SeatSummary(
                name=seat,
                seat=seat,
                colour=PLAYER_COLOURS[col],
                score=_points(shown),
                facts=facts,
                acting=view.get("current") == seat and not over,
                place=places.get(seat),
            )
        )
    table = [T("Stack: {tiles} · bag: {parcels}", tiles=_tiles(view["stack"]), parcels=_parcels(view["bag"]))]
    teams = view.get("teams")
    if teams:
        table.append(T("Teams: {teams}", teams=_teams(teams, colours, view["scores"], " + ")))
    events = [_event(ev) for ev in (view.get("recent") or [])[-3:]]
    status = _status_text(view)
    return Summary(
        title=T("{game} · turn {n}", game=Tp("game title", "Transport"), n=view.get("turn", 0)),
        seats=seats,
        table=table,
        status=status,
        over=over,
        events=events,
        picture=_picture(view),
    )


#: the summary's picture of the field: largest and smallest hex radius (px), largest height;
#: at s = 50 coordinates are drawn at label_px(50) = 17 px, icon letters and "L" at 15 px
PICTURE_S, PICTURE_S_MIN, PICTURE_MAX_H = 50.0, 34.0, 380


def _hex_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def _picture(view: dict) -> Layout | None:
    """The field around the cells the last move changed (outlined in orange): every cell
    and open end within two steps of them, hexes of radius :data:`PICTURE_S` px or smaller
    so the window fits :data:`PICTURE_W` x :data:`PICTURE_MAX_H` px (at least
    :data:`PICTURE_S_MIN`: changed cells further apart than that show the last one's
    surroundings). ``None`` before any move changed a cell."""

    changed = [tuple(int(x) for x in k.split(",")) for k in view.get("changed") or []]
    if not changed:
        return None
    cells = {(c["q"], c["r"]): c for c in view["field"]}
    opens = [tuple(int(x) for x in k.split(",")) for k in view.get("open_ends", [])]

    def region(centres):
        return [p for p in list(cells) + opens if any(_hex_distance(p, c) <= 2 for c in centres)]

    def fit(cs):
        xs = [SQ3 * (q + r / 2) for q, r in cs]
        ys = [1.5 * r for q, r in cs]
        span_x, span_y = max(xs) - min(xs) + SQ3, max(ys) - min(ys) + 2
        return (
            min(PICTURE_S, (PICTURE_W - 16) / span_x, (PICTURE_MAX_H - 16) / span_y),
            min(xs),
            min(ys),
            span_x,
            span_y,
        )

    shown = region(changed) or changed
    s, x0, y0, span_x, span_y = fit(shown)
    if s < PICTURE_S_MIN:
        changed = changed[-1:]
        shown = region(changed) or changed
        s, x0, y0, span_x, span_y = fit(shown)
    height = int(span_y * s) + 16
    ox = (PICTURE_W - span_x * s) / 2 + (SQ3 / 2) * s - x0 * s
    oy = 8 + s - y0 * s
    lay = Layout(width=PICTURE_W, height=height, background="#faf7f0")
    label = label_px(s)
    for q, r in shown:
        if (q, r) in cells:
            continue
        cx, cy = center(q, r, s)
        k = f"{q},{r}"
        lay.add(
            Polygon(
                points=corners(cx + ox, cy + oy, s - 3), fill="#fffdf7", outline="#b8ad96", width=1, tag=f"open:{k}"
            )
        )
        lay.add(text(int(cx + ox), int(cy + oy - label * 0.6), k, label, "#7a6f58", f"open:{k}:label", "ma"))
    later: list = []
    for q, r in shown:
        c = cells.get((q, r))
        if c is None:
            continue
        cx, cy = center(q, r, s)
        cx, cy = cx + ox, cy + oy
        colour = c["tile"] if c["kind"] == "pallet" else None
        draw_tile(lay, cx, cy, s, c, c["at"], colour=colour, label=c["at"], label_size=label, later=later)
        if c.get("parcel"):
            _parcel(lay, cx, cy, s, c, 20)
    for q, r in changed:
        cx, cy = center(q, r, s)
        lay.add(Polygon(points=corners(cx + ox, cy + oy, s - 2), fill=None, outline=LAST, width=4, tag=f"last:{q},{r}"))
    for e in later:
        lay.add(e)
    return lay
