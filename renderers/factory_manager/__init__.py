"""Factory Manager (Továrník) board image: ``layout(view) -> Layout``, painted by the shared
:func:`renderers.base.draw`.

One image from ``engine.view(state, None)``, top to bottom (tags in brackets):

* ``status``: round, phase, whose step it is and what the game waits for, with the command;
* ``energy-track``: the energy price graph (steps 1-10, the marker on the current price);
* ``turn-order``: each player's turn-order tile in turn order, tiles on auction, the bid,
  and the draw pile's size;
* ``storage`` with ``storage:col1`` … ``storage:col6``: the storage board, one column per
  tile kind (headed by the word of ``place <kind>``), cheapest first, with prices; tiles
  with equal price and numbers share a row (``x3``) named by their first id;
* ``market``: the tiles on offer, each with the id a player types (``buy ma04 hall2``);
* ``factory:<seat>:…`` one panel per player: ``head`` (turn tile, name, to-act badge),
  ``elektro``, ``tracks`` (production, storage, energy), ``hall1``, ``hall2``, ``room``
  (control room), ``canteen``, ``workers`` (available, on tile, busy, temps), ``stored``
  (bought, not installed) and ``off`` (switched-off tiles, greyed and marked OFF);
* ``legend``: what P, S, W, E and the gold coins mean.

Units are pixels; the image is 1200 wide and at most 1600 high; every text is at least
15 px. Only ASCII is drawn: the bundled font has no symbols.
"""

from __future__ import annotations

from PIL import Image

from renderers import base
from renderers.base import Ellipse, Layout, Line, Rect, Text, fit_text, measure, text
from renderers.factory_manager.model import KINDS, Board, Factory, Tile, board

__all__ = ["layout", "draw", "WIDTH", "MAX_HEIGHT"]

WIDTH = 1200
MAX_HEIGHT = 1600
M = 12  # outer margin and gap between sections

BG = "#e9e4d8"
PANEL = "#ffffff"
INK = "#111111"
SOFT = "#3d3d3d"  # secondary text, about 11:1 on white
LINE = "#8c8577"
COIN = "#f2c230"
ACTIVE = "#ffd21f"
EMPTY = "#f4f2ec"

KIND_COLOUR = {
    "storage": "#1d5fa6", "machine": "#5b4636", "production-robot": "#2a7a2e",
    "saving-robot": "#7a3b9e", "control-unit": "#b04f00", "optimisation-unit": "#a3203a",
}
KIND_TINT = {
    "storage": "#dde9f7", "machine": "#ece3da", "production-robot": "#dff0df",
    "saving-robot": "#efe2f6", "control-unit": "#fbe7d4", "optimisation-unit": "#f8dde2",
}
EFFECT_COLOUR = {"p": "#1b6320", "s": "#15508f", "w": "#8a3d00", "e": "#a3131f"}
PLAYER_COLOUR = ["#c62828", "#1565c0", "#2e7d32", "#8a6d00", "#6a1b9a"]
PHASE_NAME = {1: "turn-order auction", 2: "market preparation", 3: "buy and install",
              4: "bureaucracy", 5: "income"}


class _Canvas:
    """A Layout being filled, with small drawing helpers."""

    def __init__(self) -> None:
        self.lay = Layout(width=WIDTH, height=MAX_HEIGHT, background=BG)

    def rect(self, x, y, w, h, tag, fill=None, outline=None, width=1, radius=0):
        return self.lay.add(Rect(x=x, y=y, w=w, h=h, fill=fill, outline=outline, width=width,
                                 radius=radius, tag=tag))

    def text(self, x, y, s, size, tag, fill=INK, anchor="la") -> Text:
        return self.lay.add(text(x, y, s, size, fill, tag, anchor))

    def coin(self, x, y, d, value, tag, size=16):
        """A gold price disc of diameter ``d`` with ``value`` centred in it."""

        self.lay.add(Ellipse(x=x, y=y, w=d, h=d, fill=COIN, outline="#7a5c00", width=2, tag=tag))
        self.text(x + d // 2, y + d // 2, str(value), size, tag, INK, "mm")

    def effects(self, x, y, t: Tile, size, tag, max_x) -> int:
        """The tile's numbers as coloured words from ``x``; returns the x after them."""

        for label, key in t.effects():
            w, _ = measure(label, size)
            if x + w > max_x:
                break
            self.text(x, y, label, size, tag, EFFECT_COLOUR[key])
            x += w + max(5, size // 3)
        return x

    def section(self, x, y, w, h, tag, title=""):
        self.rect(x, y, w, h, tag, PANEL, LINE, 2, 8)
        if title:
            self.text(x + 12, y + 8, title, 20, tag, INK)


def _name(b: Board, seat: str | None) -> str:
    if seat is None:
        return "nobody"
    return b.factories[seat].name if seat in b.factories else seat


def _colour(b: Board, seat: str) -> str:
    i = b.players.index(seat) if seat in b.players else 0
    return PLAYER_COLOUR[i % len(PLAYER_COLOUR)]


def _waiting_for(b: Board) -> str:
    """What the game waits for, with the command words (Factory Manager, phases 1-4)."""

    if b.phase == 1:
        if b.auction_tile is None:
            if len(b.revealed) == 1:
                return f"take the last tile: take {b.revealed[0]} bid <workers>"
            return "choose a tile and open its auction: open <tile> bid <workers>"
        return f"raise or pass on tile {b.auction_tile}: bid <workers> / pass"
    if b.phase == 2:
        if b.market_left:
            return f"move {b.market_left} more tile{'s' if b.market_left != 1 else ''} to the market: place <column>"
        if b.extra_left:
            return f"may add up to {b.extra_left} extra tile{'s' if b.extra_left != 1 else ''}: place <column> / done"
        return "place <column> / done"
    if b.phase == 3:
        return "buy <id> hall1|hall2|room|aside, install, demolish <id>, hire <n>, done"
    if b.phase == 4:
        return "switch off <id> / switch on <id>, then done"
    return ""


# ----- sections ------------------------------------------------------------------------
def _status(c: _Canvas, b: Board, y: int) -> int:
    tag = "status"
    h = 82
    c.rect(M, y, WIDTH - 2 * M, h, tag, "#1f2a36", None, 0, 8)
    room = WIDTH - 2 * M - 32
    if b.over:
        head = f"Game over after round {b.rounds}"
        best = max(b.factories.values(), key=lambda f: f.elektro, default=None)
        line = f"Most Elektro: {best.name} ({best.elektro})" if best else ""
    else:
        head = f"Round {b.round} of {b.rounds}   Phase {b.phase}: {PHASE_NAME.get(b.phase, '')}"
        who = ", ".join(_name(b, s) for s in b.waiting) or "nobody"
        line = f"Waiting for {who}: {_waiting_for(b)}"
    c.text(M + 16, y + 8, fit_text(head, room, 28), 28, tag, "#ffffff")
    c.text(M + 16, y + 48, fit_text(line, room, 22), 22, tag, ACTIVE)
    return y + h


def _energy(c: _Canvas, b: Board, x: int, y: int, w: int, h: int) -> None:
    tag = "energy-track"
    c.section(x, y, w, h, tag)
    c.text(x + 12, y + 8, f"Energy price {b.energy_price} per energy", 20, tag)
    if b.energy_pile is not None:
        c.text(x + w - 12, y + 10, f"{b.energy_pile} tiles in deck", 17, tag, SOFT, "ra")
    n = b.energy_steps
    gap = 4
    cw = (w - 24 - gap * (n - 1)) // n
    for i in range(n):
        step = i + 1
        cx = x + 12 + i * (cw + gap)
        on = step == b.energy_step
        st = f"{tag}:step{step}"
        c.rect(cx, y + 40, cw, 40, st, ACTIVE if on else EMPTY, INK if on else LINE, 3 if on else 1, 5)
        c.text(cx + cw // 2, y + 60, str(step), 22 if on else 18, st, INK if on else SOFT, "mm")
    if h >= 120:
        moves = ", ".join(f"+{v}" for v in b.energy_revealed) or "none yet"
        c.text(x + 12, y + 100, fit_text(f"energy tiles revealed: {moves}", w - 24, 18), 18, tag, SOFT)


def _turn_order(c: _Canvas, b: Board, x: int, y: int, w: int, h: int) -> None:
    tag = "turn-order"
    c.section(x, y, w, h, tag)
    if b.phase == 1:
        title = "Turn order: old tiles, highest chooses first"
    else:
        title = "Turn order (tile, player, discount)"
    pile = f"draw pile {b.draw_pile}"
    pw = measure(pile, 17)[0]
    c.text(x + 12, y + 8, fit_text(title, w - pw - 40, 20), 20, tag)
    c.text(x + w - 12, y + 10, pile, 17, f"{tag}:pile", SOFT, "ra")
    seats = [s for s in b.order if s in b.factories] or b.players
    ty, bs = y + 40, 36
    chip_w = (w - 24 - 6 * (len(seats) - 1)) // max(1, len(seats))
    for i, seat in enumerate(seats):
        f = b.factories[seat]
        st = f"{tag}:{seat}"
        cx = x + 12 + i * (chip_w + 6)
        c.rect(cx, ty, chip_w, bs + 4, st, "#ffffff", _colour(b, seat), 3, 6)
        c.rect(cx + 2, ty + 2, bs, bs, st, _colour(b, seat), None, 0, 4)
        c.text(cx + 2 + bs // 2, ty + 2 + bs // 2, str(f.tile_no or "-"), 20, st, "#ffffff", "mm")
        nx = cx + bs + 8
        extra = ""
        if b.phase == 1 and f.new_tile:
            extra = f"-> {f.new_tile}"
        elif b.phase != 1 and f.discount:
            extra = f"-{f.discount}"
        ew = measure(extra, 17)[0] if extra else 0
        c.text(nx, ty + 2 + bs // 2, fit_text(f.name, cx + chip_w - nx - ew - 12, 17), 17, st, INK, "lm")
        if extra:
            c.text(cx + chip_w - 6, ty + 2 + bs // 2, extra, 17, st, SOFT, "rm")
    if b.phase == 1:
        ot = f"{tag}:offer"
        ay = ty + bs + 12
        cx = x + 12
        t = c.text(cx, ay + bs // 2, "on offer", 18, ot, INK, "lm")
        cx = t.x + t.w + 10
        for no in b.revealed:
            on = no == b.auction_tile
            c.rect(cx, ay, bs, bs, ot, ACTIVE if on else "#e2dccf", INK, 3 if on else 1, 5)
            c.text(cx + bs // 2, ay + bs // 2, str(no), 20, ot, INK, "mm")
            cx += bs + 6
        if b.auction_tile is not None:
            s = f"tile {b.auction_tile}: high bid {b.auction_bid or 0} by {_name(b, b.auction_bidder)}"
        elif b.chooser:
            s = f"{_name(b, b.chooser)} chooses"
        else:
            s = ""
        room = x + w - 12 - cx - 8
        if s and room > 50:
            c.text(cx + 8, ay + bs // 2, fit_text(s, room, 18), 18, f"{tag}:auction", INK, "lm")


def _storage(c: _Canvas, b: Board, y: int) -> int:
    x0, w, gap, row_h = M, WIDTH - 2 * M, 8, 30
    cw = (w - 24 - gap * (len(KINDS) - 1)) // len(KINDS)
    groups: list[list[tuple[Tile, int]]] = []
    for kind in KINDS:
        g: list[tuple[Tile, int]] = []
        for t in b.storage.get(kind, []):
            if g and g[-1][0].price == t.price and g[-1][0].effects() == t.effects():
                g[-1] = (g[-1][0], g[-1][1] + 1)
            else:
                g.append((t, 1))
        groups.append(g)
    rows = max([len(g) for g in groups] + [1])
    h = 40 + 36 + rows * row_h + 12
    c.section(x0, y, w, h, "storage",
              "Storage board: cheapest first, the top tile of a column goes to the market next")
    for i, kind in enumerate(KINDS):
        tag = f"storage:col{i + 1}"
        cx, cy = x0 + 12 + i * (cw + gap), y + 40
        tiles = b.storage.get(kind, [])
        c.rect(cx, cy, cw, h - 48, tag, KIND_TINT[kind], KIND_COLOUR[kind], 2, 6)
        c.rect(cx, cy, cw, 32, tag, KIND_COLOUR[kind], None, 0, 6)
        c.text(cx + 8, cy + 16, kind, 17, tag, "#ffffff", "lm")
        c.text(cx + cw - 8, cy + 16, str(len(tiles)), 17, tag, "#ffffff", "rm")
        cy += 38
        if not tiles:
            c.text(cx + 8, cy + 4, "empty", 17, tag, SOFT)
        for j, (t, n) in enumerate(groups[i]):
            rt = f"{tag}:row"
            if j == 0:
                c.rect(cx + 3, cy - 2, cw - 6, row_h, rt, "#ffffff", KIND_COLOUR[kind], 2, 4)
            c.coin(cx + 6, cy, 26, t.price, rt, 15)
            it = c.text(cx + 37, cy + 5, t.id, 16, rt, INK)
            ex = it.x + max(it.w, 36) + 7
            right = cx + cw - 6
            if n > 1:
                c.text(right, cy + 5, f"x{n}", 15, rt, SOFT, "ra")
                right -= measure(f"x{n}", 15)[0] + 4
            c.effects(ex, cy + 5, t, 15, rt, right)
            cy += row_h
    return y + h


def _card(c: _Canvas, x, y, w, h, t: Tile, tag, price=False, id_size=18, off_tag=""):
    """An equipment tile: kind colour, the id a player types, its numbers, optional price."""

    if t.off:
        c.rect(x, y, w, h, off_tag, "#9a9a9a", "#3a3a3a", 2, 6)
        c.text(x + 8, y + 5, t.id, id_size, off_tag, "#ffffff")
        c.lay.add(Line(points=[(x + 4, y + h - 5), (x + w - 5, y + 4)], fill="#555555", width=2, tag=off_tag))
        c.text(x + w // 2, y + h - 22, "OFF", 17, off_tag, "#ffffff", "ma")
        return
    c.rect(x, y, w, h, tag, KIND_TINT[t.kind], KIND_COLOUR[t.kind], 2, 6)
    c.rect(x, y + 2, 5, h - 4, tag, KIND_COLOUR[t.kind], None, 0, 0)
    c.text(x + 9, y + 5, t.id, id_size, tag, INK)
    if price:
        c.coin(x + w - 30, y + 4, 26, t.price, tag, 15)
    c.effects(x + 9, y + h - 24, t, 16 if price else 15, tag, x + w - 3)


#: market card sizes (w, h, id font), largest first; the first that fits the room is used
MARKET_CARDS = [(108, 60, 18), (96, 56, 17), (86, 52, 16)]


def _market(c: _Canvas, b: Board, y: int, room: int) -> int:
    """The market within ``room`` px of height: smaller cards when many tiles are on offer;
    if even the smallest do not fit, the last card says how many more there are."""

    tag = "market"
    x0, w, gap = M, WIDTH - 2 * M, 8
    n = len(b.market)
    title = f"Market: {n} tile{'s' if n != 1 else ''}, price before discount"
    if not n:
        h = 76
        c.section(x0, y, w, h, tag, title)
        c.text(x0 + 12, y + 44, "empty", 18, tag, SOFT)
        return y + h
    for cw, ch, ids in MARKET_CARDS:
        per_row = (w - 24 + gap) // (cw + gap)
        rows = -(-n // per_row)
        h = 44 + rows * (ch + gap) + 4
        if h <= room:
            break
    rows = max(1, min(rows, (room - 48) // (ch + gap)))
    h = 44 + rows * (ch + gap) + 4
    shown = b.market if n <= rows * per_row else b.market[:rows * per_row - 1]
    c.section(x0, y, w, h, tag, title)
    for i, t in enumerate(shown):
        r, k = divmod(i, per_row)
        _card(c, x0 + 12 + k * (cw + gap), y + 42 + r * (ch + gap), cw, ch, t, f"{tag}:{t.id}", True, ids)
    if len(shown) < n:
        r, k = divmod(len(shown), per_row)
        cx, cy = x0 + 12 + k * (cw + gap), y + 42 + r * (ch + gap)
        c.rect(cx, cy, cw, ch, f"{tag}:more", EMPTY, LINE, 1, 6)
        c.text(cx + cw // 2, cy + ch // 2, f"+{n - len(shown)} more", 17, f"{tag}:more", INK, "mm")
    return y + h


def _meeples(c: _Canvas, x, y, n, colour, tag, max_n=9) -> int:
    for i in range(min(n, max_n)):
        c.lay.add(Ellipse(x=x + i * 16, y=y, w=13, h=13, fill=colour, outline=INK, width=1, tag=tag))
    return x + min(n, max_n) * 16


CELL_W, CELL_H, CELL_G = 70, 58, 5
FACTORY_H = 40 + 6 + 30 + 6 + 20 + 2 * CELL_H + CELL_G + 6 + 26 + 6  # 261


def _factory(c: _Canvas, b: Board, f: Factory, x: int, y: int, w: int, h: int) -> None:
    seat = f.seat
    tag = f"factory:{seat}"
    colour = _colour(b, seat)
    active = seat in b.waiting and not b.over
    c.rect(x, y, w, h, tag, PANEL, colour if active else LINE, 5 if active else 2, 8)
    # head: turn tile(s), name, to-act badge, Elektro
    ht = f"{tag}:head"
    c.rect(x, y, w, 40, ht, colour, None, 0, 8)
    tx = x + 6
    for no, won in ((f.tile_no, False), (f.new_tile, True)):
        if no is None and won:
            continue
        c.rect(tx, y + 5, 32, 30, ht, ACTIVE if won else "#ffffff", None, 0, 4)
        c.text(tx + 16, y + 20, str(no or "-"), 19, ht, INK, "mm")
        tx += 38
    right = f"Elektro {f.elektro}"
    rw = measure(right, 22)[0]
    badge = "TO ACT" if active else ""
    bw = measure(badge, 17)[0] + 14 if badge else 0
    name_room = x + w - 12 - rw - (bw + 10 if badge else 0) - (tx + 6) - 8
    c.text(tx + 4, y + 20, fit_text(f.name, name_room, 22), 22, ht, "#ffffff", "lm")
    c.text(x + w - 12, y + 20, right, 22, f"{tag}:elektro", "#ffffff", "rm")
    if badge:
        bx = x + w - 12 - rw - 10 - bw
        c.rect(bx, y + 8, bw, 24, ht, ACTIVE, None, 0, 5)
        c.text(bx + bw // 2, y + 20, badge, 17, ht, INK, "mm")
    # tracks and canteen
    ty = y + 46
    tx = x + 10
    for label, value, key in (("Production", f.production, "p"), ("Storage", f.storage, "s"),
                              ("Energy", f.energy, "e")):
        s = f"{label} {value}"
        tw = measure(s, 19)[0] + 18
        c.rect(tx, ty, tw, 30, f"{tag}:tracks", "#ffffff", EFFECT_COLOUR[key], 2, 15)
        c.text(tx + tw // 2, ty + 15, s, 19, f"{tag}:tracks", EFFECT_COLOUR[key], "mm")
        tx += tw + 8
    ct = f"{tag}:canteen"
    cs = f"canteen {f.canteen}"
    c.rect(tx + 4, ty, x + w - 10 - tx - 4, 30, ct, "#f1ede4", LINE, 1, 15)
    c.text(tx + 14, ty + 15, cs, 18, ct, INK, "lm")
    _meeples(c, tx + 20 + measure(cs, 18)[0], ty + 9, f.canteen, "#9e9e9e", ct,
             max_n=max(0, (x + w - 10 - tx - 40 - measure(cs, 18)[0]) // 16))
    # halls: hall I 5x2, hall II column, control room column
    gy = y + 82
    hx = x + 10
    h2x = hx + 5 * (CELL_W + CELL_G) + 10
    rx = h2x + CELL_W + CELL_G + 10
    c.text(hx, gy, f"hall1 ({len(f.hall1)}/10)", 16, f"{tag}:hall1", SOFT)
    c.text(h2x, gy, "hall2", 16, f"{tag}:hall2", SOFT)
    c.text(rx, gy, "room", 16, f"{tag}:room", SOFT)
    gy += 20
    off_tag = f"{tag}:off"
    for i in range(10):
        r, k = divmod(i, 5)
        cx, cy = hx + k * (CELL_W + CELL_G), gy + r * (CELL_H + CELL_G)
        if i < len(f.hall1):
            _card(c, cx, cy, CELL_W, CELL_H, f.hall1[i], f"{tag}:hall1", id_size=17, off_tag=off_tag)
        else:
            c.rect(cx, cy, CELL_W, CELL_H, f"{tag}:hall1", EMPTY, "#b8b2a6", 1, 6)
    for i in range(2):
        cy = gy + i * (CELL_H + CELL_G)
        if i < len(f.hall2):
            _card(c, h2x, cy, CELL_W, CELL_H, f.hall2[i], f"{tag}:hall2", id_size=17, off_tag=off_tag)
        elif i < f.hall2_paid:
            c.rect(h2x, cy, CELL_W, CELL_H, f"{tag}:hall2", EMPTY, "#b8b2a6", 1, 6)
        else:
            c.rect(h2x, cy, CELL_W, CELL_H, f"{tag}:hall2", "#dcd6c8", "#b8b2a6", 1, 6)
            c.coin(h2x + CELL_W // 2 - 15, cy + CELL_H // 2 - 15, 30, 10, f"{tag}:hall2", 16)
    for i, (t, label) in enumerate(((f.control, "control"), (f.optimisation, "optim."))):
        cy = gy + i * (CELL_H + CELL_G)
        if t:
            _card(c, rx, cy, CELL_W, CELL_H, t, f"{tag}:room", id_size=17, off_tag=off_tag)
        else:
            c.rect(rx, cy, CELL_W, CELL_H, f"{tag}:room", EMPTY, "#b8b2a6", 1, 6)
            c.text(rx + CELL_W // 2, cy + CELL_H // 2, label, 15, f"{tag}:room", "#555555", "mm")
    # workers, then tiles kept beside the factory
    wy = gy + 2 * CELL_H + CELL_G + 6
    wt = f"{tag}:workers"
    wx = x + 10
    t = c.text(wx, wy + 2, f"available {f.available}", 18, wt, INK)
    wx = _meeples(c, t.x + t.w + 6, wy + 6, f.available, colour, wt) + 8
    for label, n in (("on tile", f.bid), ("busy", f.used + f.demolishing), ("temps", f.temps)):
        if n:
            t = c.text(wx, wy + 2, f"{label} {n}", 18, wt, SOFT)
            wx = t.x + t.w + 14
    if f.stored:
        s = "aside: " + " ".join(t.id for t in f.stored)
        room = x + w - 10 - wx
        if room > 60:
            c.text(x + w - 10, wy + 2, fit_text(s, room, 18), 18, f"{tag}:stored", INK, "ra")


LEGEND_H = 24


def _legend(c: _Canvas, y: int) -> int:
    tag = "legend"
    x = M + 4
    items = [("P", "p", "production"), ("S", "s", "storage"),
             ("W", "w", "workers needed (W-1: saves one)"), ("E", "e", "energy used (E-1: saves one)")]
    for letter, key, meaning in items:
        t = c.text(x, y, letter, 17, tag, EFFECT_COLOUR[key])
        t2 = c.text(t.x + t.w + 5, y, meaning, 17, tag, SOFT)
        x = t2.x + t2.w + 16
    c.coin(x, y - 3, 26, 10, tag, 15)
    c.text(x + 32, y, "price in Elektro", 17, tag, SOFT)
    return y + 22


def draw(lay: Layout) -> Image.Image:
    """The shared painter's image reduced to a 64-colour palette (fast octree, no dither).

    The board uses a few flat colours plus text anti-aliasing, so the palette image looks
    the same, is about a third of the bytes, and encodes to PNG about 2.5 times faster than
    RGB (measured with ``python -m bench.render_fm``)."""

    return base.draw(lay).quantize(colors=64, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)


def layout(view: dict) -> Layout:
    """The board image of a Factory Manager public view (``engine.view(state, None)``).

    Returns a :class:`renderers.base.Layout` 1200 px wide and at most 1600 px high."""

    b = board(view)
    c = _Canvas()
    y = _status(c, b, M) + M
    ew = 470
    th = 136 if b.phase == 1 else 90
    _energy(c, b, M, y, ew, th)
    _turn_order(c, b, 2 * M + ew, y, WIDTH - 3 * M - ew, th)
    y += th + M
    y = _storage(c, b, y) + M
    rows = -(-len(b.players) // 2)
    below = rows * (FACTORY_H + M) + LEGEND_H + M
    y = _market(c, b, y, MAX_HEIGHT - y - M - below) + M
    fw = (WIDTH - 3 * M) // 2
    for i, seat in enumerate(b.players):
        r, k = divmod(i, 2)
        _factory(c, b, b.factories[seat], M + k * (fw + M), y + r * (FACTORY_H + M), fw, FACTORY_H)
    y += rows * (FACTORY_H + M)
    y = _legend(c, y + 2) + M
    c.lay.height = min(MAX_HEIGHT, y)
    return c.lay
