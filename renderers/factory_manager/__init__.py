"""Factory Manager (Továrník) board image: ``layout(view) -> Layout``, painted by :func:`draw`
(the shared :func:`renderers.base.draw`; :func:`renderers.base.to_png` reduces it to a palette).

One image from ``engine.view(state, None)``, top to bottom (tags in brackets):

* ``status``: round, phase, whose step it is and what the game waits for, with the command;
* ``energy-track``: the energy price graph (steps 1-10, the marker on the current price);
* ``turn-order``: each player's turn-order tile in turn order, tiles on auction, the bid,
  and the draw pile's size;
* ``storage`` with ``storage:col1`` … ``storage:col6``: the storage board, one column per
  tile kind (headed by :data:`COLUMN_NAME`), cheapest first, with prices; tiles
  with equal price and numbers share a row (``x3``) named by their first id;
* ``market``: the tiles on offer, each with the id a player types (``buy ma04 hall2``);
* ``factory:<seat>:…`` one panel per player: ``head`` (turn tile, name, to-act badge),
  ``elektro``, ``tracks`` (production, storage, energy), ``hall1``, ``hall2``, ``room``
  (control room), ``canteen``, ``workers`` (available, on tile, busy, temps), ``stored``
  (bought, not installed) and ``off`` (switched-off tiles, greyed and marked OFF);
* ``legend``: what P, S, W, E and the gold coins mean.

Units are pixels; the image is 1200 wide and at most 1600 high; every text is at least
15 px. With 2 or 3 players each factory gets a full-width row and is drawn 1.3 or 1.15
times larger; with 4 or 5, two factories share a row (and with 5 the legend fills the free
slot). The market's cards shrink when many tiles are on offer. Names are drawn as they are
(the bundled DejaVu font has their accents).
"""

from __future__ import annotations

from engines.i18n import T, Tn, Tp
from renderers.base import Canvas, Layout, fit_text, line_height, local, measure
from renderers.factory_manager.model import EFFECT_LETTER, Board, Factory, Tile, board
from renderers.summary import Fact, SeatSummary, Summary

__all__ = ["layout", "summary", "WIDTH", "MAX_HEIGHT"]

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
    "storage": "#1d5fa6",
    "machine": "#5b4636",
    "production-robot": "#2a7a2e",
    "saving-robot": "#7a3b9e",
    "control-unit": "#b04f00",
    "optimisation-unit": "#a3203a",
}
KIND_TINT = {
    "storage": "#dde9f7",
    "machine": "#ece3da",
    "production-robot": "#dff0df",
    "saving-robot": "#efe2f6",
    "control-unit": "#fbe7d4",
    "optimisation-unit": "#f8dde2",
}
EFFECT_COLOUR = {"p": "#1b6320", "s": "#15508f", "w": "#8a3d00", "e": "#a3131f"}
PLAYER_COLOUR = ["#c62828", "#1565c0", "#2e7d32", "#8a6d00", "#6a1b9a"]
PHASE_NAME = {
    "auction": Tp("phase", "turn-order auction"),
    "market": Tp("phase", "market preparation"),
    "build": Tp("phase", "buy and install"),
    "bureaucracy": Tp("phase", "bureaucracy"),
    "income": Tp("phase", "income"),
}
#: a factory's three tracks
TRACK = {
    "p": Tp("factory track", "Production"),
    "s": Tp("factory track", "Storage"),
    "e": Tp("factory track", "Energy"),
}
OFF = Tp("tile", "OFF")
#: the storage board's column headers: a short plural name of the column's tile kind (in
#: English also a word ``place <kind>`` accepts)
COLUMN_NAME = {
    "storage": Tp("storage column", "Storage"),
    "machine": Tp("storage column", "Machines"),
    "production-robot": Tp("storage column", "Production robots"),
    "saving-robot": Tp("storage column", "Saving robots"),
    "control-unit": Tp("storage column", "Control units"),
    "optimisation-unit": Tp("storage column", "Optimisation"),
}


class _Canvas(Canvas):
    """The shared canvas with Factory Manager's coins, tile numbers and panels."""

    def __init__(self) -> None:
        super().__init__(WIDTH, MAX_HEIGHT, BG, INK)

    def coin(self, x, y, d, value, tag, size=16):
        """A gold price disc of diameter ``d`` with ``value`` centred in it."""

        self.ellipse(x, y, d, d, tag, COIN, "#7a5c00", 2)
        self.text(x + d // 2, y + d // 2, str(value), size, tag, INK, "mm")

    def effects(self, x, y, t: Tile, size, tag) -> int:
        """The tile's numbers as coloured words from ``x`` on one line, all of them (callers
        make room); returns the x after them."""

        for label, key in t.effects():
            self.text(x, y, label, size, tag, EFFECT_COLOUR[key])
            x += measure(label, size)[0] + EFFECT_GAP
        return x

    def section(self, x, y, w, h, tag, title=""):
        self.rect(x, y, w, h, tag, PANEL, LINE, 2, 8)
        if title:
            self.text(x + 12, y + 8, fit_text(title, w - 24, 20), 20, tag, INK)


EFFECT_GAP = 5  # px between a tile's numbers


def _effect_lines(t: Tile, size: int, width: int) -> list[list[tuple[str, str]]]:
    """The tile's numbers wrapped into lines of at most ``width`` px at ``size``."""

    lines: list[list[tuple[str, str]]] = [[]]
    used = 0
    for label, key in t.effects():
        w = measure(label, size)[0]
        if lines[-1] and used + EFFECT_GAP + w > width:
            lines.append([])
            used = 0
        used += (EFFECT_GAP if lines[-1] else 0) + w
        lines[-1].append((label, key))
    return lines


def _name(b: Board, seat: str | None) -> str:
    if seat is None:
        return local(Tp("image label", "nobody"))
    return b.factories[seat].name if seat in b.factories else (seat or "?")


def _colour(b: Board, seat: str) -> str:
    i = b.players.index(seat) if seat in b.players else 0
    return PLAYER_COLOUR[i % len(PLAYER_COLOUR)]


def _waiting_for(b: Board) -> str:
    """What the game waits for, in the game's words (Factory Manager, phases 1-4)."""

    if b.phase == 1:
        if b.auction_tile is None:
            if len(b.revealed) == 1:
                return T("take the last turn-order tile {tile} with a bid of workers", tile=b.revealed[0])
            return T("choose a turn-order tile and open its auction with a bid of workers")
        return T("raise the bid on turn-order tile {tile}, or pass", tile=b.auction_tile)
    if b.phase == 2:
        if b.market_left:
            return Tn("move {n} more tile to the market", "move {n} more tiles to the market", b.market_left)
        if b.extra_left:
            return Tn(
                "add up to {n} extra tile to the market, or stop",
                "add up to {n} extra tiles to the market, or stop",
                b.extra_left,
            )
        return T("add a tile to the market, or stop")
    if b.phase == 3:
        return T("buy, install or demolish tiles and hire workers, then end the turn")
    if b.phase == 4:
        return T("switch machines and robots off or on, then end the turn")
    return ""


# ----- sections ------------------------------------------------------------------------
def _status(c: _Canvas, b: Board, y: int) -> int:
    tag = "status"
    h = 86
    c.rect(M, y, WIDTH - 2 * M, h, tag, "#1f2a36", None, 0, 8)
    room = WIDTH - 2 * M - 32
    if b.over:
        head = T("Game over after round {n}", n=b.rounds)
        tiers = b.ranking or [[s] for s in sorted(b.factories, key=lambda s: -b.factories[s].elektro)]
        places = []
        for i, tier in enumerate(tiers):
            tier = [s for s in tier if s in b.factories]
            money = b.factories[tier[0]].elektro if tier else 0
            who = ", ".join(_name(b, s) for s in tier)
            place = (
                T("{place}. {players} ({money} each)", place=i + 1, players=who, money=money)
                if len(tier) > 1
                else T("{place}. {players} ({money})", place=i + 1, players=who, money=money)
            )
            places.append(local(place))
        line = T("Final Elektro:  {places}", places="   ".join(places))
    else:
        head = T(
            "Round {round} of {rounds}   Phase {phase}: {name}",
            round=b.round,
            rounds=b.rounds,
            phase=b.phase,
            name=PHASE_NAME.get(b.phase_key, b.phase_key),
        )
        who = ", ".join(_name(b, s) for s in b.waiting) or _name(b, None)
        line = T("Waiting for {players}: {what}", players=who, what=_waiting_for(b))
    c.text(M + 16, y + 7, fit_text(head, room, 30), 30, tag, "#ffffff")
    c.text(M + 16, y + 50, fit_text(line, room, 24), 24, tag, ACTIVE)
    return y + h


def _energy(c: _Canvas, b: Board, x: int, y: int, w: int, h: int) -> None:
    tag = "energy-track"
    c.section(x, y, w, h, tag)
    deck = Tn("{n} tile in deck", "{n} tiles in deck", b.energy_pile or 0) if b.energy_pile is not None else ""
    dw = measure(deck, 17)[0] + 24 if deck else 0
    c.text(
        x + 12, y + 8, fit_text(T("Energy price {price} per energy", price=b.energy_price), w - 24 - dw, 20), 20, tag
    )
    if deck:
        c.text(x + w - 12, y + 10, deck, 17, tag, SOFT, "ra")
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
        moves = ", ".join(f"+{v}" for v in b.energy_revealed) or local(T("none yet"))
        c.text(x + 12, y + 100, fit_text(T("energy tiles revealed: {moves}", moves=moves), w - 24, 18), 18, tag, SOFT)


def _turn_order(c: _Canvas, b: Board, x: int, y: int, w: int, h: int) -> None:
    tag = "turn-order"
    c.section(x, y, w, h, tag)
    if b.phase == 1:
        title = T("Turn order: old tiles, highest chooses first")
    else:
        title = T("Turn order (tile, player, discount)")
    pile = local(Tp("image label", "draw pile {n}", n=b.draw_pile))
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
        sq = bs if chip_w >= 150 else 30  # the tile number's square, narrower for more name room
        c.rect(cx + 2, ty + 2, sq, bs, st, _colour(b, seat), None, 0, 4)
        c.text(cx + 2 + sq // 2, ty + 2 + bs // 2, str(f.tile_no or "-"), 20, st, "#ffffff", "mm")
        nx = cx + sq + 8
        extra = ""
        if b.phase == 1 and f.new_tile:
            extra = f"-> {f.new_tile}"
        elif b.phase == 1 and b.auction_tile is not None and seat not in b.bidders:
            extra = local(Tp("auction", "out"))
        elif b.phase != 1 and f.discount:
            extra = f"-{f.discount}"
        room = cx + chip_w - nx - 6
        if not extra:
            c.fit(nx, ty + 2 + bs // 2, f.name, 17, room, st, INK, "lm", smallest=14)
        elif measure(f.name, 17)[0] + 8 + measure(extra, 17)[0] <= room:
            c.text(nx, ty + 2 + bs // 2, f.name, 17, st, INK, "lm")
            c.text(cx + chip_w - 6, ty + 2 + bs // 2, extra, 17, st, SOFT, "rm")
        else:  # a narrow chip (4-5 seats): the name on a line of its own, the bid state under it
            c.fit(nx, ty + 12, f.name, 16, room, st, INK, "lm", smallest=14)
            c.fit(nx, ty + 30, extra, 14, room, st, SOFT, "lm")
    if b.phase == 1:
        ot = f"{tag}:offer"
        ay = ty + bs + 12
        cx = x + 12
        t = c.text(cx, ay + bs // 2, Tp("image label", "on offer"), 18, ot, INK, "lm")
        cx = t.x + t.w + 10
        for no in b.revealed:
            on = no == b.auction_tile
            c.rect(cx, ay, bs, bs, ot, ACTIVE if on else "#e2dccf", INK, 3 if on else 1, 5)
            c.text(cx + bs // 2, ay + bs // 2, str(no), 20, ot, INK, "mm")
            cx += bs + 6
        if b.auction_tile is not None:
            s = T(
                "tile {tile}: high bid {bid} by {player}",
                tile=b.auction_tile,
                bid=b.auction_bid or 0,
                player=_name(b, b.auction_bidder),
            )
        elif b.chooser:
            s = T("{player} chooses", player=_name(b, b.chooser))
        else:
            s = ""
        room = x + w - 12 - cx - 8
        if s and room > 50:
            c.text(cx + 8, ay + bs // 2, fit_text(s, room, 18), 18, f"{tag}:auction", INK, "lm")


def _storage(c: _Canvas, b: Board, y: int) -> int:
    x0, w, gap, row_h = M, WIDTH - 2 * M, 8, 30
    kinds = b.kinds or ["storage"]
    cw = (w - 24 - gap * (len(kinds) - 1)) // len(kinds)
    groups: list[list[tuple[Tile, int]]] = []
    for kind in kinds:
        g: list[tuple[Tile, int]] = []
        for t in b.storage.get(kind, []):
            if g and g[-1][0].price == t.price and g[-1][0].effects() == t.effects():
                g[-1] = (g[-1][0], g[-1][1] + 1)
            else:
                g.append((t, 1))
        groups.append(g)
    rows = max([len(g) for g in groups] + [1])
    h = 40 + 36 + rows * row_h + 12
    c.section(
        x0, y, w, h, "storage", T("Storage board: cheapest first, the top tile of a column goes to the market next")
    )
    for i, kind in enumerate(kinds):
        tag = f"storage:col{i + 1}"
        cx, cy = x0 + 12 + i * (cw + gap), y + 40
        tiles = b.storage.get(kind, [])
        c.rect(cx, cy, cw, h - 48, tag, KIND_TINT[kind], KIND_COLOUR[kind], 2, 6)
        c.rect(cx, cy, cw, 32, tag, KIND_COLOUR[kind], None, 0, 6)
        total = c.text(cx + cw - 8, cy + 16, str(len(tiles)), 17, tag, "#ffffff", "rm")
        c.text(cx + 8, cy + 16, fit_text(COLUMN_NAME[kind], total.x - cx - 8 - 6, 17), 17, tag, "#ffffff", "lm")
        cy += 38
        if not tiles:
            c.text(cx + 8, cy + 4, fit_text(Tp("image label", "empty"), cw - 16, 17), 17, tag, SOFT)
        for j, (t, n) in enumerate(groups[i]):
            rt = f"{tag}:{t.id}"
            if j == 0:
                c.rect(cx + 3, cy - 2, cw - 6, row_h, rt, "#ffffff", KIND_COLOUR[kind], 2, 4)
            c.coin(cx + 6, cy, 26, t.price, rt, 15)
            it = c.text(cx + 37, cy + 5, t.id, 16, rt, INK)
            ex = it.x + max(it.w, 36) + 6
            end = c.effects(ex, cy + 5, t, 15, rt)
            count = f"x{n}"
            if n > 1 and end - EFFECT_GAP + 6 <= cx + cw - 6 - measure(count, 15)[0]:
                c.text(cx + cw - 6, cy + 5, count, 15, rt, SOFT, "ra")
            cy += row_h
    return y + h


def _card(c: _Canvas, x, y, w, h, t: Tile, tag, price=False, id_size=18, off_tag="", eff_size=15):
    """An equipment tile: kind colour, the id a player types, all its numbers (wrapped onto a
    second line when narrow), optional price coin. Tagged ``<tag>:<id>``; a switched-off
    tile is grey with OFF, tagged ``<off_tag>:<id>``."""

    if t.off:
        ot = f"{off_tag}:{t.id}"
        c.rect(x, y, w, h, ot, "#9a9a9a", "#3a3a3a", 2, 6)
        c.text(x + 8, y + 4, t.id, id_size, ot, "#ffffff")
        c.text(x + w // 2, y + h - 4 - line_height(17), fit_text(OFF, w - 6, 17), 17, ot, "#ffffff", "ma")
        return
    tag = f"{tag}:{t.id}"
    c.rect(x, y, w, h, tag, KIND_TINT[t.kind], KIND_COLOUR[t.kind], 2, 6)
    c.rect(x, y + 2, 5, h - 4, tag, KIND_COLOUR[t.kind], None, 0, 0)
    c.text(x + 9, y + 3, t.id, id_size, tag, INK)
    if price:
        c.coin(x + w - 30, y + 4, 26, t.price, tag, 15)
    lines = _effect_lines(t, eff_size, w - 12)
    lh = line_height(eff_size)
    ly = y + h - 2 - lh * len(lines)
    for line in lines:
        ex = x + 9
        for label, key in line:
            c.text(ex, ly, label, eff_size, tag, EFFECT_COLOUR[key])
            ex += measure(label, eff_size)[0] + EFFECT_GAP
        ly += lh


#: market card sizes (w, h, id font), largest first; the first that fits the room is used
MARKET_CARDS = [(108, 60, 18, 16), (96, 56, 17, 15), (88, 52, 16, 15)]


def _market(c: _Canvas, b: Board, y: int, room: int) -> int:
    """The market within ``room`` px of height: smaller cards when many tiles are on offer;
    if even the smallest do not fit, the last card says how many more there are."""

    tag = "market"
    x0, w, gap = M, WIDTH - 2 * M, 8
    n = len(b.market)
    title = Tn("Market: {n} tile, price before discount", "Market: {n} tiles, price before discount", n)
    if not n:
        h = 40
        c.section(x0, y, w, h, tag, T("Market: empty (filled in phase 2)"))
        return y + h
    for cw, ch, ids, es in MARKET_CARDS:  # noqa: B007  (the row that fits is used after the loop)
        per_row = (w - 24 + gap) // (cw + gap)
        rows = -(-n // per_row)
        h = 44 + rows * (ch + gap) + 4
        if h <= room:
            break
    rows = max(1, min(rows, (room - 48) // (ch + gap)))
    h = 44 + rows * (ch + gap) + 4
    shown = b.market if n <= rows * per_row else b.market[: rows * per_row - 1]
    c.section(x0, y, w, h, tag, title)
    for i, t in enumerate(shown):
        r, k = divmod(i, per_row)
        _card(c, x0 + 12 + k * (cw + gap), y + 42 + r * (ch + gap), cw, ch, t, tag, True, ids, eff_size=es)
    if len(shown) < n:
        r, k = divmod(len(shown), per_row)
        cx, cy = x0 + 12 + k * (cw + gap), y + 42 + r * (ch + gap)
        c.rect(cx, cy, cw, ch, f"{tag}:more", EMPTY, LINE, 1, 6)
        more = fit_text(T("+{n} more", n=n - len(shown)), cw - 6, 17)
        c.text(cx + cw // 2, cy + ch // 2, more, 17, f"{tag}:more", INK, "mm")
    return y + h


def _meeples(c: _Canvas, x, y, n, colour, tag, max_n=9, d=13) -> int:
    """``n`` workers as discs of diameter ``d`` (at most ``max_n``); returns the x after them."""

    step = d + d // 4
    for i in range(min(n, max_n)):
        c.ellipse(x + i * step, y, d, d, tag, colour, INK, 1)
    return x + min(n, max_n) * step


def _tracks(c: _Canvas, f: Factory, x: int, y: int, size: int, pill_h: int, tag: str) -> int:
    """The factory's Production, Storage and Energy values as three pills left to right from
    ``(x, y)`` (``size`` px text, ``pill_h`` px high); returns the x after the last pill."""

    for value, key in ((f.production, "p"), (f.storage, "s"), (f.energy, "e")):
        s = f"{local(TRACK[key])} {value}"
        tw = measure(s, size)[0] + 18
        c.rect(x, y, tw, pill_h, f"{tag}:tracks", "#ffffff", EFFECT_COLOUR[key], 2, pill_h // 2)
        c.text(x + tw // 2, y + pill_h // 2, s, size, f"{tag}:tracks", EFFECT_COLOUR[key], "mm")
        x += tw + 8
    return x


def _factory_height(k: float, wide: bool) -> int:
    """Height of a factory panel at scale ``k``: head, (tracks row), labels, 2 hall rows,
    (workers row). The wide panel puts tracks and workers right of the halls."""

    rows = 2 * round(64 * k) + round(5 * k)
    if wide:  # the right column: tracks pill row, then 4 text rows of 30 px
        return round(40 * k) + max(round(30 * k) + rows, round(170 * k)) + round(12 * k)
    return round(40 * k) + round(6 * k) + round(30 * k) + round(6 * k) + round(22 * k) + rows + round(38 * k)


def _factory(
    c: _Canvas, b: Board, f: Factory, x: int, y: int, w: int, h: int, k: float = 1.0, wide: bool = False
) -> None:
    """One player's factory at scale ``k`` (1.0: 70 x 58 px hall spaces, 17 px tile ids)."""

    def S(v: float) -> int:
        return int(round(v * k))

    seat = f.seat
    tag = f"factory:{seat}"
    colour = _colour(b, seat)
    active = seat in b.waiting and not b.over
    c.rect(x, y, w, h, tag, PANEL, colour if active else LINE, 5 if active else 2, 8)
    # head: turn tile(s), name, to-act badge, Elektro
    ht = f"{tag}:head"
    hh = S(40)
    c.rect(x, y, w, hh, ht, colour, None, 0, 8)
    tx = x + 6
    for no, won in ((f.tile_no, False), (f.new_tile, True)):
        if no is None and won:
            continue
        c.rect(tx, y + S(5), S(32), hh - 2 * S(5), ht, ACTIVE if won else "#ffffff", None, 0, 4)
        c.text(tx + S(16), y + hh // 2, str(no or "-"), S(19), ht, INK, "mm")
        tx += S(38)
    right = local(T("Elektro {n}", n=f.elektro))
    rw = measure(right, S(22))[0]
    badge = local(Tp("image label", "TO ACT")) if active else ""
    bw = measure(badge, S(17))[0] + 14 if badge else 0
    name_room = x + w - 12 - rw - (bw + 10 if badge else 0) - (tx + 6) - 8
    c.text(tx + 4, y + hh // 2, fit_text(f.name, name_room, S(22)), S(22), ht, "#ffffff", "lm")
    c.text(x + w - 12, y + hh // 2, right, S(22), f"{tag}:elektro", "#ffffff", "rm")
    if badge:
        bx = x + w - 12 - rw - 10 - bw
        c.rect(bx, y + S(8), bw, hh - 2 * S(8), ht, ACTIVE, None, 0, 5)
        c.text(bx + bw // 2, y + hh // 2, badge, S(17), ht, INK, "mm")
    # halls: hall I 5x2, hall II column, control room column
    cw, ch, g = S(70), S(64), S(5)
    gy = y + hh + (S(8) if wide else S(6) + S(30) + S(6))
    hx = x + 10
    h2x = hx + 5 * (cw + g) + S(10)
    rx = h2x + cw + g + S(10)
    ls, ids, es = S(16), S(16), S(15)
    c.text(hx, gy, f"hall1 ({len(f.hall1)}/10)", ls, f"{tag}:hall1", SOFT)
    c.text(h2x, gy, "hall2", ls, f"{tag}:hall2", SOFT)
    c.text(rx, gy, "room", ls, f"{tag}:room", SOFT)
    gy += S(22)
    off_tag = f"{tag}:off"
    for i in range(10):
        r, q = divmod(i, 5)
        cx, cy = hx + q * (cw + g), gy + r * (ch + g)
        if i < len(f.hall1):
            _card(c, cx, cy, cw, ch, f.hall1[i], f"{tag}:hall1", id_size=ids, off_tag=off_tag, eff_size=es)
        else:
            c.rect(cx, cy, cw, ch, f"{tag}:hall1", EMPTY, "#b8b2a6", 1, 6)
    for i in range(2):
        cy = gy + i * (ch + g)
        if i < len(f.hall2):
            _card(c, h2x, cy, cw, ch, f.hall2[i], f"{tag}:hall2", id_size=ids, off_tag=off_tag, eff_size=es)
        elif i < f.hall2_paid:
            c.rect(h2x, cy, cw, ch, f"{tag}:hall2", EMPTY, "#b8b2a6", 1, 6)
        else:
            c.rect(h2x, cy, cw, ch, f"{tag}:hall2", "#dcd6c8", "#b8b2a6", 1, 6)
            c.coin(h2x + cw // 2 - S(15), cy + ch // 2 - S(15), S(30), 10, f"{tag}:hall2", S(16))
    slots = ((f.control, Tp("control room slot", "control")), (f.optimisation, Tp("control room slot", "optim.")))
    for i, (t, label) in enumerate(slots):
        cy = gy + i * (ch + g)
        if t:
            _card(c, rx, cy, cw, ch, t, f"{tag}:room", id_size=ids, off_tag=off_tag, eff_size=es)
        else:
            c.rect(rx, cy, cw, ch, f"{tag}:room", EMPTY, "#b8b2a6", 1, 6)
            c.text(rx + cw // 2, cy + ch // 2, fit_text(label, cw - 4, S(15)), S(15), f"{tag}:room", "#555555", "mm")
    grid_bottom = gy + 2 * ch + g
    # tracks, canteen, workers and tiles aside: a row each above/below the halls, or a
    # column right of them in the wide panel
    ts, ws = S(19), S(18)
    pill_h = S(30)
    if wide:
        col_x = rx + cw + S(24)
        col_w = x + w - 12 - col_x
        ty = y + hh + S(10)
        tx = col_x
        while (
            ts > 16
            and sum(
                measure(f"{local(TRACK[key])} {v}", ts)[0] + 26
                for key, v in (("p", f.production), ("s", f.storage), ("e", f.energy))
            )
            > col_w
        ):
            ts -= 1
        _tracks(c, f, tx, ty, ts, pill_h, tag)
        row_y = ty + pill_h + S(10)
        step = S(30)
        ct = f"{tag}:canteen"
        canteen = local(Tp("workers", "canteen {n}", n=f.canteen))
        available = local(Tp("workers", "available {n}", n=f.available))
        # the worker discs start after the longer of the two words (a long language's too)
        discs_x = max(col_x + S(150), col_x + max(measure(canteen, ws)[0], measure(available, ws)[0]) + S(12))
        t = c.text(col_x, row_y, canteen, ws, ct, INK)
        _meeples(
            c, discs_x, row_y + S(4), f.canteen, "#9e9e9e", ct, max_n=max(0, (x + w - 12 - discs_x) // S(17)), d=S(14)
        )
        row_y += step
        wt = f"{tag}:workers"
        t = c.text(col_x, row_y, available, ws, wt, INK)
        _meeples(
            c, discs_x, row_y + S(4), f.available, colour, wt, max_n=max(0, (x + w - 12 - discs_x) // S(17)), d=S(14)
        )
        row_y += step
        parts = [local(part) for part in _worker_words(f)]
        if parts:
            px = col_x
            for part in parts:
                t = c.text(px, row_y, part, ws, wt, SOFT)
                px = t.x + t.w + S(16)
            row_y += step
        if f.stored:
            s = T("aside: {tiles}", tiles=" ".join(t.id for t in f.stored))
            c.text(col_x, row_y, fit_text(s, col_w, ws), ws, f"{tag}:stored", INK)
        return
    ty = y + hh + S(6)
    tx = x + 10
    tx = _tracks(c, f, tx, ty, ts, pill_h, tag)
    ct = f"{tag}:canteen"
    cs = local(Tp("workers", "canteen {n}", n=f.canteen))
    c.rect(tx + 4, ty, x + w - 10 - tx - 4, pill_h, ct, "#f1ede4", LINE, 1, pill_h // 2)
    c.text(tx + 14, ty + pill_h // 2, cs, ws, ct, INK, "lm")
    _meeples(
        c,
        tx + 20 + measure(cs, ws)[0],
        ty + pill_h // 2 - 7,
        f.canteen,
        "#9e9e9e",
        ct,
        max_n=max(0, (x + w - 10 - tx - 40 - measure(cs, ws)[0]) // 16),
    )
    wy = grid_bottom + S(8)
    wt = f"{tag}:workers"
    words = [(local(Tp("workers", "available {n}", n=f.available)), INK)] + [
        (local(part), SOFT) for part in _worker_words(f)
    ]
    aside = local(T("aside: {tiles}", tiles=" ".join(t.id for t in f.stored))) if f.stored else ""
    need = sum(measure(wd, ws)[0] + 14 for wd, _ in words) + (measure(aside, ws)[0] + 14 if aside else 0)
    dots = min(f.available, 9)
    if need + dots * 16 + 6 > w - 20:  # the worker discs give way to the words
        dots = max(0, (w - 20 - need - 6) // 16)
    wx = x + 10
    for i, (wd, fill) in enumerate(words):
        t = c.text(wx, wy, wd, ws, wt, fill)
        wx = t.x + t.w + 14
        if i == 0 and dots:
            wx = _meeples(c, t.x + t.w + 6, wy + 4, f.available, colour, wt, max_n=dots) + 8
    if aside:
        c.text(x + w - 10, wy, fit_text(aside, x + w - 10 - wx, ws), ws, f"{tag}:stored", INK, "ra")


def _worker_words(f: Factory) -> list:
    """The factory's workers on a tile, busy and temps, those it has."""

    words = [
        (f.bid, Tp("workers", "on tile {n}", n=f.bid)),
        (f.used + f.demolishing, Tp("workers", "busy {n}", n=f.used + f.demolishing)),
        (f.temps, Tp("workers", "temps {n}", n=f.temps)),
    ]
    return [word for n, word in words if n]


def _example(key: str) -> str:
    """A tile number that saves one (``"W-1"``) in the letters being drawn."""

    return f"{local(EFFECT_LETTER[key])}-1"


LEGEND_H = 24


def _legend_box(c: _Canvas, x: int, y: int, w: int, h: int) -> None:
    """The legend in a factory-sized box (the free slot beside the last factory)."""

    tag = "legend"
    c.section(x, y, w, h, tag, T("How to read the board"))
    sample = Tile(id="ma04", kind="machine", price=12, p=2, w=2, e=2)
    _card(c, x + 14, y + 42, 108, 60, sample, f"{tag}:sample", True, 18, eff_size=16)
    # "buy ma04 hall1" is notation: typed the same in every language
    c.text(x + 136, y + 44, fit_text(T("id to type: {example}", example="buy ma04 hall1"), w - 150, 18), 18, tag, INK)
    c.text(x + 136, y + 72, fit_text(T("gold coin: price in Elektro"), w - 150, 18), 18, tag, INK)
    ly = y + 116
    for key, meaning in (
        ("p", T("production")),
        ("s", T("storage (pallet spaces)")),
        ("w", T("workers needed; {example} saves one", example=_example("w"))),
        ("e", T("energy used; {example} saves one", example=_example("e"))),
    ):
        c.text(x + 16, ly, EFFECT_LETTER[key], 18, tag, EFFECT_COLOUR[key])
        c.text(x + 44, ly, fit_text(meaning, w - 60, 18), 18, tag, SOFT)
        ly += 26
    note = T("{off}: switched off, counts nothing. 10 on hall2: fee", off=OFF)
    c.text(x + 16, ly, fit_text(note, w - 32, 18), 18, tag, SOFT)


def _legend(c: _Canvas, y: int) -> int:
    tag = "legend"
    x = M + 4
    items = [
        ("p", T("production")),
        ("s", Tp("legend", "storage")),
        ("w", T("workers needed ({example}: saves one)", example=_example("w"))),
        ("e", T("energy used ({example}: saves one)", example=_example("e"))),
    ]
    price = T("price in Elektro")
    size = 17  # smaller in a language whose words do not fit the width at 17 px
    while size > 14 and _legend_width(items, price, size) > WIDTH - 2 * M - 8:
        size -= 1
    for key, meaning in items:
        t = c.text(x, y, EFFECT_LETTER[key], size, tag, EFFECT_COLOUR[key])
        t2 = c.text(t.x + t.w + 5, y, meaning, size, tag, SOFT)
        x = t2.x + t2.w + 16
    c.coin(x, y - 3, 26, 10, tag, 15)
    c.text(x + 32, y, price, size, tag, SOFT)
    return y + 22


def _legend_width(items: list, price, size: int) -> int:
    words = sum(measure(EFFECT_LETTER[key], size)[0] + 5 + measure(meaning, size)[0] + 16 for key, meaning in items)
    return words + 32 + measure(price, size)[0]


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
    # 2-3 players: one full-width factory per row, larger (x1.3, x1.15); else two per row
    per_row, k, wide = {1: (1, 1.3, True), 2: (1, 1.3, True), 3: (1, 1.15, True)}.get(len(b.players), (2, 1.0, False))
    fh = _factory_height(k, wide)
    rows = -(-len(b.players) // per_row)
    below = rows * (fh + M) + (0 if per_row == 2 and len(b.players) % 2 else LEGEND_H + M)
    y = _market(c, b, y, MAX_HEIGHT - y - M - below) + M
    fw = (WIDTH - (per_row + 1) * M) // per_row
    for i, seat in enumerate(b.players):
        r, q = divmod(i, per_row)
        _factory(c, b, b.factories[seat], M + q * (fw + M), y + r * (fh + M), fw, fh, k, wide)
    if per_row == 2 and len(b.players) % 2:
        _legend_box(c, M + fw + M, y + (rows - 1) * (fh + M), fw, fh)
        y += rows * (fh + M)
    else:
        y += rows * (fh + M)
        y = _legend(c, y + 2) + M
    c.lay.height = min(MAX_HEIGHT, y)
    return c.lay


# ----- the phone summary ------------------------------------------------------
def _tile_words(t: Tile) -> str:
    fx = " ".join(label for label, _k in t.effects())  # the letters in the language being drawn
    return f"{t.id}" + (f" {fx}" if fx else "") + (f" ({t.price})" if t.price else "")


def summary(view: dict) -> Summary:
    """The per-move phone summary (:mod:`renderers.summary`): each factory's Elektro,
    production, storage, energy, income and workers; the energy price, market and auction;
    what the game waits for (Factory Manager, phases 1-4)."""

    b = board(view)
    if b.over:
        step = T("Game over after round {n}", n=b.rounds)
    else:
        step = T(
            "Round {round} of {rounds} · phase {phase}: {name}",
            round=b.round,
            rounds=b.rounds,
            phase=b.phase,
            name=PHASE_NAME.get(b.phase_key, b.phase_key),
        )
    places = {s: i + 1 for i, tier in enumerate(b.ranking) for s in tier}
    seats = []
    order = (
        [s for tier in b.ranking for s in tier if s in b.factories]
        if b.over and b.ranking
        else [s for s in b.order if s in b.factories] or b.players
    )
    for seat in order:
        f = b.factories[seat]
        facts = [
            f"{local(TRACK['p'])} {f.production}",
            f"{local(TRACK['s'])} {f.storage}",
            f"{local(TRACK['e'])} {f.energy}",
            Tp("factory", "income {n}", n=f.income),
            Tp("factory", "workers {n} free", n=f.available),
        ]
        if f.canteen:
            facts.append(Tp("workers", "canteen {n}", n=f.canteen))
        if f.tile_no:
            facts.append(
                T("turn tile {n} (-{discount})", n=f.tile_no, discount=f.discount)
                if f.discount and b.phase != 1
                else T("turn tile {n}", n=f.tile_no)
            )
        if f.stored:
            facts.append(T("aside {tiles}", tiles=", ".join(t.id for t in f.stored)))
        off = [t.id for t in f.hall1 + f.hall2 if t.off]
        if off:
            facts.append(T("off {tiles}", tiles=", ".join(off)))
        seats.append(
            SeatSummary(
                name=f.name,
                seat=seat,
                colour=_colour(b, seat),
                score=T("{n} Elektro", n=f.elektro),
                facts=facts,
                acting=seat in b.waiting and not b.over,
                place=places.get(seat) if b.over else None,
            )
        )
    table = [T("Energy price {price} per energy", price=b.energy_price)]
    if b.phase == 1 and not b.over:
        if b.revealed:
            table.append(T("Turn-order tiles on offer: {tiles}", tiles=", ".join(str(n) for n in b.revealed)))
        if b.auction_tile is not None:
            table.append(
                T(
                    "Auction of tile {tile}: high bid {bid} by {player}",
                    tile=b.auction_tile,
                    bid=b.auction_bid or 0,
                    player=_name(b, b.auction_bidder),
                )
            )
    if b.market:
        table.append(Fact(label=T("Market:"), items=[_tile_words(t) for t in b.market]))
    elif not b.over:
        table.append(T("Market: empty (filled in phase 2)") if b.phase < 2 else T("Market: empty"))
    if b.over:
        status = T("Final Elektro decides the ranking.")
    else:
        who = ", ".join(_name(b, s) for s in b.waiting) or _name(b, None)
        status = T("Waiting for {players}: {what}.", players=who, what=_waiting_for(b))
    title = Tp("game title", "Factory Manager")
    return Summary(title=title, step=step, seats=seats, table=table, status=status, over=b.over)
