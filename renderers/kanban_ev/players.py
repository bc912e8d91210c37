"""Kanban EV, the player boards image: one strip per player."""

from __future__ import annotations

from types import SimpleNamespace

from engines.i18n import T, Tp
from renderers.base import Layout, fit_text, local, measure, wrap

from .common import (
    EMPTY,
    INK,
    LINE,
    MAX_HEIGHT,
    MODEL_COLOUR,
    MODEL_SHORT,
    PANEL,
    PART_COLOUR,
    PART_SHORT,
    SOFT,
    WIDTH,
    M,
    _benefit,
    _Board,
    _Canvas,
    _design_chip,
    _spaces,
    _wrap_list,
)

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
            "final_goal": Tp("final scoring", "final goal"),
            "leftovers": Tp("final scoring", "leftovers"),
            "cars": Tp("final scoring", "cars"),
            "training": Tp("final scoring", "training"),
            "tested": Tp("final scoring", "tested designs"),
            "chargers": Tp("final scoring", "chargers"),
        }
        parts = [f"{local(words.get(k, k))} {v}" for k, v in result.items() if k != "total"]
        c.fit(
            M + 12,
            y + STRIP_H - 4,
            T("Final scoring: {items}; total {total} PP", items=", ".join(parts), total=result.get("total", "")),
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
    counters = []
    for key, cap in (("banked", F.shift_bank_max), ("books", F.books_max), ("vouchers", F.vouchers_max)):
        val = s.get(key, 0)
        label = {
            "banked": Tp("player board", "banked {n}/{cap}", n=val, cap=cap),
            "books": Tp("player board", "books {n}/{cap}", n=val, cap=cap),
            "vouchers": Tp("player board", "vouchers {n}/{cap}", n=val, cap=cap),
        }[key]
        lab = local(label)
        if key == "vouchers" and s.get("vpend"):
            lab += " " + local(T("(+{n} soon)", n=s["vpend"]))
        counters.append((key, lab))
    size = 18  # smaller where a language's words do not fit the strip
    while size > 15 and sum(measure(lab, size)[0] + 22 for _k, lab in counters) > WIDTH - M - 12 - x:
        size -= 1
    for key, lab in counters:
        c.text(x, y + 12, lab, size, f"{tag}:{key}")
        x += measure(lab, size)[0] + 22
    certs = {d: d in s.get("certified", []) for d in F.depts}
    # row 1: garages
    gy = y + 46
    c.text(M + 12, gy + 18, fit_text(Tp("image label", "Garages"), 82, 16), 16, f"{tag}:garages")
    for g in range(5):
        gx = M + 96 + g * SPACE
        car = s.get("garages", [""] * 5)[g]
        locked = g == 4 and not certs["assembly"]
        c.rect(
            gx, gy, SPACE_W, 56, f"{tag}:garages:{g + 1}", MODEL_COLOUR.get(car, EMPTY) if car else EMPTY, LINE, 1, 5
        )
        c.fit(
            gx + 4,
            gy + 2,
            f"{g + 1}: {_benefit(_garage_tile(F, s, g))}",
            14,
            SPACE_W - 8,
            f"{tag}:garages:{g + 1}",
            SOFT,
        )
        if locked:
            c.chip(
                gx + 4,
                gy + 26,
                SPACE_W - 8,
                24,
                Tp("image label", "padlock"),
                f"{tag}:padlocks:garage",
                "#cfcfcf",
                14,
                INK,
            )
        elif car:
            c.text(gx + SPACE_W // 2, gy + 28, MODEL_SHORT[car], 17, f"{tag}:garages:{g + 1}", INK, "ma")
    # charging board (SpeedCharger)
    cx = M + 96 + 5 * SPACE + 14
    charging = T("Charging board") if b.v.get("speedcharger", True) else T("Charging board (not used)")
    c.text(cx, gy - 2, fit_text(charging, WIDTH - M - 8 - cx, 15), 15, f"{tag}:charging")
    charged = set(s.get("chargers", []))
    abbrev = {
        "rd": Tp("department short", "R&D"),
        "assembly": Tp("department short", "Asm"),
        "logistics": Tp("department short", "Log"),
        "design": Tp("department short", "Des"),
        "admin": Tp("department short", "Adm"),
    }
    for k, d in enumerate(F.depts):
        on = d in charged
        c.chip(
            cx + k * (CHARGER_W + 4),
            gy + 20,
            CHARGER_W,
            34,
            local(abbrev[d]) + (" " + local(Tp("charger", "ON")) if on else ""),
            f"{tag}:charging:{d}",
            "#b9f6ca" if on else EMPTY,
            14,
            INK if on else LINE,
        )
    # row 2: the design spaces (5, the 6th padlocked until certified in Design)
    dy = y + 110
    c.text(M + 12, dy + 10, fit_text(Tp("image label", "Designs"), 82, 16), 16, f"{tag}:designs")
    designs = s.get("designs", [])
    _spaces(
        c,
        M + 96,
        dy,
        SPACE,
        SPACE_W,
        38,
        F.design_spaces,
        certs["design"],
        len(designs),
        Tp("image label", "padlock"),
        f"{tag}:padlocks:design",
        lambda k: f"{tag}:designs:{k + 1}",
        lambda k, x: _design_chip(c, x, dy, SPACE_W, 38, designs[k], f"{tag}:designs:{k + 1}"),
    )
    dbl = T("Double upgrade: used") if s.get("dbl") else T("Double upgrade: available")
    c.fit(
        M + 96 + (F.design_spaces + 1) * SPACE + 8,
        dy + 10,
        dbl,
        16,
        WIDTH - M - (M + 96 + (F.design_spaces + 1) * SPACE + 8) - 10,
        f"{tag}:double",
    )
    # row 3: upgraded designs across the whole strip, tested ones marked *
    uy = y + 156
    up = s.get("upgraded", [])
    tested = list(s.get("tested", []))
    c.text(M + 12, uy, fit_text(Tp("image label", "Upgraded"), 82, 16), 16, f"{tag}:upgraded")
    if up:
        head = local(
            T("{n}, tested {tested} (*):", n=len(up), tested=len(tested))
            if tested
            else T("{n}, tested {tested}:", n=len(up), tested=len(tested))
        )
    else:
        head = local(T("none yet"))
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
    c.text(M + 12, py + 8, fit_text(Tp("image label", "Parts"), 82, 16), 16, f"{tag}:parts")
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
        Tp("image label", "padlock"),
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
    c.text(sx, py + 8, fit_text(Tp("image label", "Speech"), 64, 16), 16, f"{tag}:speech")
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
        Tp("image label", "lock"),
        f"{tag}:padlocks:speech",
        lambda k: f"{tag}:speech:space",
        lambda k, x: c.disc(x + 2, py + 2, 30, i, f"{tag}:speech:token", 15),
    )
    gx = sx + 66 + 5 * 40 + 8
    c.fit(gx, py + 8, T("+{n} generic", n=s.get("generic", 0)), 15, WIDTH - M - gx - 8, f"{tag}:speech:generic")
    # row 5: padlocks summary, hand sizes
    ry = y + 248
    locks = [
        f"{local(name)} {n + 1}"
        for d, name, n in (
            ("assembly", Tp("padlock", "garage"), F.garages),
            ("design", Tp("padlock", "design"), F.design_spaces),
            ("logistics", Tp("padlock", "part"), F.part_spaces),
            ("admin", Tp("padlock", "speech"), F.speech_spaces),
        )
        if not certs[d]
    ]
    padlocks = T("Padlocks left: {locks}", locks=", ".join(locks)) if locks else T("Padlocks left: none")
    c.fit(M + 12, ry + 8, padlocks, 16, 690, f"{tag}:padlocks")
    # the garage set chosen with `garages basic|expert`, in the reader's words
    gset = s.get("gset") or ""
    hand = T(
        "goals {goals}, order cards {cards}, {set} garages",
        goals=s.get("goals", 0),
        cards=s.get("kanban", 0),
        set=GARAGE_SETS.get(gset, "?"),
    )
    c.fit(M + 720, ry + 8, hand, 16, WIDTH - 2 * M - 724, f"{tag}:hand")
    return y + h


#: the garage set a seat took (its view's ``gset``), as the player-board line names it
GARAGE_SETS = {"basic": Tp("garage set", "basic"), "expert": Tp("garage set", "expert")}


#: a player board's garage and design spaces: SPACE px apart, SPACE_W wide, so that the widest
#: design, cs "nákladní bez dílu" (115 px at 15 px; lt "sunkvež. be det." 112), fits with 4 px
#: a side; then the charging board's five chips, each CHARGER_W wide for cs "Mont. ZAP" (65 px at
#: 14 px; nl "Adm. AAN" 64): 10 + 96 + 5 * 130 + 14 + 5 * 76 = 1150 px, within the 1190 of the strip
SPACE = 130
SPACE_W = 124
CHARGER_W = 72


def players_layout(view: dict) -> Layout:
    """The player boards (image 2) of a public view, one strip per player in seat order."""

    b = _Board(view)
    c = _Canvas()
    y = M
    title = c.text(M + 4, y, Tp("image label", "Player boards"), 22, "players-title")
    sx = max(M + 200, title.x + title.w + 16)
    # the whole status beside the title, on a second line when one is too short (lt "13 diena, 2
    # savaitė, 2 ciklas, darbo etapas: … dirba skyriuje Dizainas; …" up to 1550 px at 18 px)
    lines = wrap(view.get("status", ""), WIDTH - sx - 20, 17, max_lines=2)
    for k, ln in enumerate(lines):
        c.text(sx, y + 4 + 21 * k, ln, 17, "players-title", SOFT)
    y += 36 + 21 * (len(lines) - 1)
    for i in range(b.n):
        y = _player_strip(c, b, i, y) + 8
    c.lay.height = min(MAX_HEIGHT, y + 2)
    return c.lay
