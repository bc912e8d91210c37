"""Visiting Kaunas board and hand images (layouts over :mod:`renderers.base`).

``layout(view)`` draws, from ``engine.view(state, None)``: the status line (whose step,
what is expected, "waiting for A, B" in a simultaneous step), the building grid with the
ships on its top and right edges, the event board (face-up cards readable, face-down
cards as backs with their level and coins), the dice, and every player's two-row street
with tourists and the Grande per time zone, coins and supply.
``hand_layout(view)`` draws a player's private part: the upgrade cards drawn to choose from.
Tags: ``header``, ``status``, ``grid:<r>:<c>``, ``ship:<seat>:top|right``, ``event:up<i>``,
``event:down<i>``, ``event:firing``, ``dice:<i>``, ``player:<seat>``,
``street:<seat>:<label>``, ``upgrades``, ``hand``.
"""

from __future__ import annotations

from engines.i18n import T, Text, Tn, Tp, texts
from renderers.base import Ellipse, Layout, Polygon, Rect, fit_text, line_height, local, measure, text, wrap
from renderers.summary import PICTURE_W, SeatSummary, Summary

WIDTH = 1500
PLAYER_COLOURS = ["#d43c3c", "#2f6fd6", "#2e9e4a", "#e08a10"]
CATEGORY_COLOURS = {"food": "#f6d39a", "shop": "#b5dcf7", "culture": "#dcc8f5", "other": "#bfe8b8", None: "#d9d9d9"}
ZONES = ("morning", "midday", "evening")
_game_text = texts("visiting-kaunas")[2]  # not named Tp: these messages are the game's, not boardhost's
#: an event card's category target as printed, from the game's catalog (the messages of
#: engines/visiting_kaunas/text.py CATEGORY_NAMES, which a renderer may not import)
CATEGORY_NAMES: dict[str, Text] = {
    "food": _game_text("building category", "Food"),
    "shop": _game_text("building category", "Shop"),
    "culture": _game_text("building category", "Culture"),
    "other": _game_text("building category", "Other"),
}
#: the widest a building-grid cell grows (px): at 7 columns (4 players) the event board right of
#: the grid then keeps cards of (1500 - 16 - (16 + 7 * 128 + 120) - 20) // 3 = 144 px (165 in
#: English, whose widest cell name "Watches store" needs 119); the widest catalog cell name, cs
#: "Muzeum umění" (112 px + 16), fits on one line; a wider one breaks over two
CELL_MAX = 128


def _tourists(n: int) -> Text:
    return Tn("{n} tourist", "{n} tourists", n)


def _coins(n: int) -> Text:
    return Tn("{n} coin", "{n} coins", n)


def _buildings(n: int) -> Text:
    return Tn("{n} building", "{n} buildings", n)


# "mor", not "morn": in the small type of a street card "rn" reads as "m" ("mom")
ZONE_SHORT = {
    "morning": Tp("time zone short", "mor"),
    "midday": Tp("time zone short", "mid"),
    "evening": Tp("time zone short", "eve"),
}
#: a time zone as a word (the view's zones are ids, the notation's words)
ZONE_WORD = {
    "morning": Tp("time zone", "morning"),
    "midday": Tp("time zone", "midday"),
    "evening": Tp("time zone", "evening"),
}
DIRECTION = {
    "coming": Tp("event direction", "in"),
    "leaving": Tp("event direction", "out"),
    "both": Tp("event direction", "in/out"),
}
INK = "#1c1c1c"
SHY = "\u00ad"  # a soft hyphen: where a catalog lets a cell name's word break
MUTED = "#555555"


#: a building's name as a summary grid cell shows it, in two lines of a 16 px cell: a word
#: of the catalog each language may shorten ("Art Museum"; Lithuanian "Laikrodžiai" for
#: "Laikrodžių parduotuvė"), the full name being on the board and in every sentence
CELL_NAMES: dict[str, Text] = {
    "museum": Tp("building short", "Art Museum"),
    "cafe": Tp("building short", "Café"),
    "bistro": Tp("building short", "Bistro"),
    "pizzeria": Tp("building short", "Pizzeria"),
    "restaurant": Tp("building short", "Restaurant"),
    "eurostore": Tp("building short", "Euro store"),
    "watches": Tp("building short", "Watches store"),
    "clothes": Tp("building short", "Clothes shop"),
    "souvenir": Tp("building short", "Souvenir shop"),
    "gallery": Tp("building short", "Gallery"),
    "theatre": Tp("building short", "Theatre"),
    "church": Tp("building short", "Church"),
    "nightclub": Tp("building short", "Night club"),
    "bank": Tp("building short", "Bank"),
    "pool": Tp("building short", "Pool"),
    "park": Tp("building short", "Park"),
}


def _cell_name(building: str) -> str:
    """The name a summary grid cell draws for ``building`` (:data:`CELL_NAMES`)."""

    return local(CELL_NAMES[building])


def _short(name: str) -> str:
    """A building's name as a cell shows it (the engine's English "Modern Art Museum" shortened;
    a Text is drawn as its language has it)."""

    if isinstance(name, Text):
        return name
    return {"Modern Art Museum": "Art Museum"}.get(name, name)


def _colour(view: dict, seat: str) -> str:
    return PLAYER_COLOURS[view["players"].index(seat) % len(PLAYER_COLOURS)]


def _initial(view: dict, seat: str) -> str:
    return str(view["players"].index(seat) + 1)


HAND_WIDTH = 600  # px, the hand image sent by DM (read on a phone)


def _name(view: dict, seat: str) -> str:
    names = view.get("names") or {}
    return names.get(seat, seat)


def _building_name(view: dict, building: str) -> str:
    """The printed name of a building type (the view's ``buildings``), shortened for a cell,
    or of an event card's category target as the game's catalog has it (:data:`CATEGORY_NAMES`:
    "Culture", cs "Kultura"; the view gives only the id, and its digest is fixed by
    tests/engines/test_determinism.py)."""

    info = view["buildings"].get(building)
    return _short(info["name"]) if info else CATEGORY_NAMES.get(building, building)


def _card_text(view: dict, card: dict) -> tuple[str, str]:
    zones = " ".join(local(ZONE_SHORT[z]) for z in ZONES if z in card["zones"])
    arrow = DIRECTION[card["direction"]]
    target = _building_name(view, card["target"])
    return local(T("{building}: {direction}", building=target, direction=arrow)), zones


def layout(view: dict) -> Layout:
    """The board for the channel (from ``view(state, None)``); at most 1600 px high."""

    lay = Layout(width=WIDTH, height=100, background="#fbfaf6")
    y = _header(lay, view)
    y = _grid_and_events(lay, view, y + 8)
    y = _dice(lay, view, y + 6)
    for seat in view["players"]:
        y = _street(lay, view, seat, y + 8)
    lay.height = y + 12
    return lay


def _header(lay: Layout, view: dict) -> int:
    lay.add(Rect(x=0, y=0, w=WIDTH, h=78, fill="#2b3a55", tag="header"))
    title = lay.add(
        text(
            16,
            10,
            T("{game} · turn {n}", game=Tp("game title", "Visiting Kaunas"), n=view["turn"]),
            26,
            "#ffffff",
            tag="header:title",
        )
    )
    right = T(
        "event deck {n} (level {level})   buildings {buildings}   upgrades {upgrades}",
        n=view["event_deck"],
        level=view["level"] or "-",
        buildings=view["building_deck"],
        upgrades=view["upgrade_deck"],
    )
    right = fit_text(right, WIDTH - 32 - title.w - 24, 18)
    lay.add(text(WIDTH - 16, 14, right, 18, "#e8e8e8", tag="header:decks", anchor="ra"))
    status = _status(view)
    lay.add(text(16, 46, fit_text(status, WIDTH - 32, 20), 20, "#ffe9a8", tag="status"))
    return 78


def _status(view: dict) -> str:
    if view["over"]:
        tiers = view["ranking"] or []  # the host's ranking when it hosts: resigned players last
        coins = {p: view["pl"][p]["coins"] for p in view["players"]}
        resigned = set(view.get("resigned") or ())
        why = view.get("handover") or {}  # why each resigned seat went to the AI (older views: resigned)

        def entry(p: str) -> Text:
            name, money = _name(view, p), _coins(coins[p])
            if p not in resigned:
                return T("{player} ({coins})", player=name, coins=money)
            if why.get(p) == "voted_out":
                return T("{player} ({coins}, voted out)", player=name, coins=money)
            if why.get(p) == "timed_out":
                return T("{player} ({coins}, timed out)", player=name, coins=money)
            return T("{player} ({coins}, resigned)", player=name, coins=money)

        order = ", ".join(" = ".join(local(entry(p)) for p in tier) for tier in tiers)
        return T("Game over. Ranking: {ranking}", ranking=order)
    who = [_name(view, p) for p in view["to_act"]]
    active = _name(view, view["active"])
    ph = view["phase"]
    if ph == "tourists" and view.get("event"):
        ev = view["event"]
        what = T(
            "Event {card} in the {zone}: move up to {tourists}",
            card=ev["id"],
            zone=ZONE_WORD.get(ev["zone"], ev["zone"]),
            tourists=_tourists(ev["n"]),
        )
    elif ph == "offers":
        offers = view.get("offers") or {}
        offered = []
        for q, o in offers.items():
            if q in view["to_act"]:
                building = _building_name(view, o["building"])
                offer = T("{player} {building} for {price}", player=_name(view, q), building=building, price=o["price"])
                offered.append(local(offer))
        what = T("May buy at their ship: {offers}", offers=", ".join(offered))
    else:
        phases = {
            "buy": T("{player} buys a building: move a ship", player=active),
            "build": T("{player} places the new building", player=active),
            "assign": T("{player} assigns dice", player=active),
            "penalty": T("{player} must put coins on a face-down card", player=active),
            "resolve": T("{player} resolves dice (highest first)", player=active),
            "reveal": T("{player} reveals event cards", player=active),
            "choose": T("{player} chooses a drawn upgrade", player=active),
            "cover": T("{player} chooses a face-up card to cover", player=active),
        }
        what = phases.get(ph, ph)
    return T("{what} · waiting for {players}", what=what, players=", ".join(who))


def _cell(lay: Layout, view: dict, b: str, x: int, y: int, cw: int, ch: int, tag: str) -> dict | None:
    """One building-grid cell's box at (x, y), ``cw`` x ``ch`` px: grey when empty, else in
    its building's category colour; returns that building's view (None for an empty cell)."""

    if not b:
        lay.add(Rect(x=x + 2, y=y + 2, w=cw - 4, h=ch - 4, fill="#eeeeee", outline="#bbbbbb", tag=tag))
        return None
    info = view["buildings"][b]
    lay.add(
        Rect(
            x=x + 2,
            y=y + 2,
            w=cw - 4,
            h=ch - 4,
            fill=CATEGORY_COLOURS[info["category"]],
            outline="#777777",
            radius=6,
            tag=tag,
        )
    )
    return info


def _grid_and_events(lay: Layout, view: dict, top: int) -> int:
    grid = view["grid"]
    rows, cols = len(grid), len(grid[0])
    # cells as wide as the longest cell name in the grid needs (the catalog's short names,
    # :data:`CELL_NAMES`), at most CELL_MAX px; a name wider than that is broken over two
    # lines (at a catalog's soft hyphen) and then every row is a line taller
    names = {b: local(CELL_NAMES[b]) for row in grid for b in row if b in view["buildings"]}
    cw = min(CELL_MAX, max([112] + [measure(n.replace(SHY, ""), 16)[0] + 16 for n in names.values()]))
    lines = {b: _name_lines(n, cw - 14, 16) for b, n in names.items()}
    extra = 20 if any(len(ln) > 1 for ln in lines.values()) else 0
    ch = 58 + extra
    gx, gy = 16, top + 58
    title = lay.add(text(gx, top, Tp("image label", "Building grid"), 20, INK, tag="grid:title"))
    legend = fit_text(T("capacity/$: morning · midday · evening"), cols * cw + 100 - title.w - 16, 15)
    lay.add(text(gx + max(150, title.w + 16), top + 4, legend, 15, MUTED, tag="grid:legend"))
    # ship lane on the top edge and the right edge
    lane_y = top + 30
    for c in range(cols):
        lay.add(
            text(
                gx + c * cw + cw // 2, gy + rows * ch + 4, str(c + 1), 15, MUTED, tag=f"grid:colno:{c + 1}", anchor="ma"
            )
        )
    for r in range(rows):
        for c in range(cols):
            b = grid[r][c]
            x, y = gx + c * cw, gy + r * ch
            tag = f"grid:{r + 1}:{c + 1}"
            info = _cell(lay, view, b, x, y, cw, ch, tag)
            if info is None:
                continue
            name = lines[b] if len(lines[b]) <= 2 else [lines[b][0], " ".join(lines[b][1:])]
            for k, ln in enumerate(name):
                lay.add(text(x + 7, y + 6 + 20 * k, fit_text(ln, cw - 14, 16), 16, INK, tag=tag + ":name"))
            zs = " ".join(f"{info['zones'][z][0]}/{info['zones'][z][1]}" if z in info["zones"] else "–" for z in ZONES)
            if b == "park":
                zs = Tp("building", "closed")
            lay.add(text(x + 7, y + 32 + extra, fit_text(zs, cw - 14, 15), 15, "#333333", tag=tag + ":zones"))
    # ships
    for seat in view["players"]:
        p = view["pl"][seat]
        col = _colour(view, seat)
        c = p["column_ship"] - 1
        x = gx + c * cw + cw // 2
        lay.add(
            Polygon(
                points=[(x - 20, lane_y + 6), (x + 20, lane_y + 6), (x + 13, lane_y + 22), (x - 13, lane_y + 22)],
                fill=col,
                outline="#000000",
                tag=f"ship:{seat}:top",
            )
        )
        lay.add(text(x, lane_y + 14, _initial(view, seat), 14, "#ffffff", tag=f"ship:{seat}:top:label", anchor="mm"))
        r = p["row_ship"] - 1
        yy = gy + r * ch + ch // 2
        sx = gx + cols * cw + 8
        lay.add(
            Polygon(
                points=[(sx, yy - 12), (sx + 40, yy - 12), (sx + 33, yy + 10), (sx + 7, yy + 10)],
                fill=col,
                outline="#000000",
                tag=f"ship:{seat}:right",
            )
        )
        lay.add(text(sx + 20, yy - 1, _initial(view, seat), 14, "#ffffff", tag=f"ship:{seat}:right:label", anchor="mm"))
    for r in range(rows):
        lay.add(
            text(
                gx + cols * cw + 56,
                gy + r * ch + ch // 2,
                fit_text(Tp("image label", "row {n}", n=r + 1), 62, 15),
                15,
                MUTED,
                tag=f"grid:rowlabel:{r + 1}",
                anchor="lm",
            )
        )
    grid_bottom = gy + rows * ch + 26
    # event board, right of the grid
    ex = gx + cols * cw + 120
    bottom = _events(lay, view, ex, top)
    return max(grid_bottom, bottom)


def _empty_slot(lay: Layout, x: int, y: int, w: int, h: int, label: str, tag: str) -> None:
    """An empty event-board space: a grey box with ``label`` in its middle (tag ``tag``,
    the label ``tag:empty``)."""

    lay.add(Rect(x=x, y=y, w=w, h=h, outline="#aaaaaa", fill="#f2f2f2", radius=8, tag=tag))
    lay.add(text(x + w // 2, y + h // 2, label, 15, MUTED, tag=tag + ":empty", anchor="mm"))


def _events(lay: Layout, view: dict, ex: int, top: int) -> int:
    w = WIDTH - ex - 16
    cw = (w - 20) // 3
    # a face-up card's target that one line cannot hold (lt "Laikrodžių parduotuvė: išvyksta"
    # in a 148 px card) goes on up to three lines: every face-up card is then as much taller
    targets = [_target_lines(view, stack[-1], cw)[1] for stack in view["up"] if stack]
    extra = _target_extra(max([1] + [len(t) for t in targets]))
    chh = 112 + extra
    title = lay.add(text(ex, top, Tp("image label", "Event board"), 20, INK, tag="event:title"))
    discard = Tp("image label", "discard {n}", n=len(view["discard"]))
    dx = max(140, title.w + 16)
    lay.add(text(ex + dx, top + 4, fit_text(discard, w - dx, 15), 15, MUTED, tag="event:discard"))
    y1 = top + 30
    lay.add(text(ex, y1, Tp("image label", "face up"), 15, MUTED, tag="event:uplabel"))
    for i in range(3):
        x = ex + i * (cw + 10)
        y = y1 + 20
        stack = view["up"][i]
        tag = f"event:up{i + 1}"
        die = view["up_dice"][i]
        slot = "up" + str(i + 1)  # the notation's name of the space
        if not stack:
            _empty_slot(lay, x, y, cw, chh, fit_text(T("{slot}: empty", slot=slot), cw - 8, 15), tag)
            continue
        card = stack[-1]
        _event_card(lay, view, card, x, y, cw, chh, tag, f"up{i + 1}", below=len(stack) - 1, die=die, extra=extra)
    y2 = y1 + 20 + chh + 10
    lay.add(text(ex, y2, Tp("image label", "face down"), 15, MUTED, tag="event:downlabel"))
    for i in range(3):
        x = ex + i * (cw + 10)
        y = y2 + 20
        d = view["down"][i]
        tag = f"event:down{i + 1}"
        slot = "down" + str(i + 1)
        if d is None:
            _empty_slot(lay, x, y, cw, 74, fit_text(T("{slot}: empty", slot=slot), cw - 8, 15), tag)
            continue
        lay.add(Rect(x=x, y=y, w=cw, h=74, fill="#41507a", outline="#1d2640", width=2, radius=8, tag=tag))
        level = fit_text(T("{slot} · level {level}", slot=slot, level=d["level"]), cw - 20, 16)
        lay.add(text(x + 10, y + 8, level, 16, "#ffffff", tag=tag + ":level"))
        extra = []
        if d["stake"]:
            extra.append(local(_coins(d["stake"])))
        if d["die"]:
            extra.append(local(T("die {value} {zone}", value=d["die"]["v"], zone=ZONE_SHORT[d["die"]["zone"]])))
        # the coins and the die each on a line of their own (one line: 40 px down, as before;
        # two: 30 and 50), so a card of 144 px (4 players) holds "12 mincí" and "kostka 6 pol."
        for k, info in enumerate(extra):
            iy = y + 40 if len(extra) == 1 else y + 30 + 20 * k
            lay.add(text(x + 10, iy, fit_text(info, cw - 20, 16), 16, "#ffe27a", tag=tag + ":info"))
    y = y2 + 20 + 74 + 10
    ev = view.get("event")
    if ev:
        target, zones = _card_text(view, ev)
        s = T(
            "Now: {card} {target}, {zone}, {tourists}",
            card=ev["id"],
            target=target,
            zone=ZONE_WORD.get(ev["zone"], ev["zone"]),
            tourists=_tourists(ev["n"]),
        )
        lay.add(Rect(x=ex, y=y, w=w, h=30, fill="#fff2c4", outline="#c9a227", radius=6, tag="event:firing"))
        lay.add(text(ex + 8, y + 6, fit_text(s, w - 16, 16), 16, INK, tag="event:firing:text"))
        y += 36
    ups = view["upgrades_up"]
    if ups:
        s = T("Face-up upgrades: {upgrades}", upgrades=", ".join(_upgrade_text(u) for u in ups))
        lay.add(text(ex, y, fit_text(s, w, 15), 15, INK, tag="upgrades"))
        y += 22
    return y


def _target_lines(view: dict, card: dict, w: int) -> tuple[int, list[str]]:
    """(size, lines) of a card's target ("Culture: in/out") in a ``w`` px card: one line at
    18 px when it fits, else broken at spaces over up to three lines at 16 px."""

    target = _card_text(view, card)[0]
    if measure(target, 18)[0] <= w - 16:
        return 18, [target]
    return 16, wrap(target, w - 16, 16, max_lines=3)


def _target_extra(n_lines: int) -> int:
    """How much taller (px) face-up cards are for a target of ``n_lines``: one 18 px line
    (22 px and a 6 px gap) is the card's 112 px; 16 px lines take 20 px each: 2 -> 18, 3 -> 38."""

    return 0 if n_lines <= 1 else 20 * n_lines - 22


def _event_card(
    lay: Layout,
    view: dict,
    card: dict,
    x: int,
    y: int,
    w: int,
    h: int,
    tag: str,
    pos: str,
    below: int = 0,
    die: dict | None = None,
    extra: int = 0,
) -> None:
    """A face-up event card at (x, y), ``w`` x ``h`` px: head, target (:func:`_target_lines`;
    ``extra`` px below the head for a target of more lines, the card that much taller), and
    its three time-zone slots."""

    lay.add(Rect(x=x, y=y, w=w, h=h, fill="#fffdf3", outline="#6b5b2a", width=2, radius=8, tag=tag))
    head = local(T("{slot} · {card} · L{level}", slot=pos, card=card["id"], level=card["level"]))
    if below:
        head += f" (+{below})"
    lay.add(text(x + 8, y + 6, fit_text(head, w - 16, 15), 15, MUTED, tag=tag + ":head"))
    size, lines = _target_lines(view, card, w)
    for k, ln in enumerate(lines):
        lay.add(text(x + 8, y + 28 + 20 * k, fit_text(ln, w - 16, size), size, INK, tag=tag + ":target"))
    y += extra
    # three zone slots
    sw = (w - 16 - 8) // 3
    for k, z in enumerate(ZONES):
        sx = x + 8 + k * (sw + 4)
        on = z in card["zones"]
        chosen = die is not None and die["zone"] == z
        fill = "#ffd54a" if chosen else ("#cfe8c6" if on else "#e4e4e4")
        lay.add(Rect(x=sx, y=y + 56, w=sw, h=44, fill=fill, outline="#999999", radius=4, tag=f"{tag}:{z}"))
        if chosen:
            _die_face(lay, sx + sw // 2, y + 78, die["v"], f"{tag}:{z}:die")
            continue
        label = ZONE_SHORT[z] if on else "-"
        lay.add(
            text(
                sx + sw // 2,
                y + 78,
                fit_text(label, sw - 6, 15),
                15,
                INK if on else MUTED,
                tag=f"{tag}:{z}:label",
                anchor="mm",
            )
        )


#: the side (px) of a die drawn in an event card's zone slot: a slot is (144 - 24) // 3 = 40 px
#: wide on the narrowest card (4 players, tests/renderers/test_kaunas_board_languages.py), where
#: no language's "die 3" fits (cs "kostka 3" 57 px at 15 px, lt "kaul. 3" 45)
DIE_FACE = 28


def _die_face(lay: Layout, cx: int, cy: int, value: int, tag: str) -> None:
    """A rolled die centred on (cx, cy), as the dice row draws one (a white rounded square with
    its value): the die a player put on an event card's zone, in every language alike."""

    half = DIE_FACE // 2
    lay.add(
        Rect(
            x=cx - half,
            y=cy - half,
            w=DIE_FACE,
            h=DIE_FACE,
            fill="#ffffff",
            outline="#222222",
            width=2,
            radius=5,
            tag=tag,
        )
    )
    lay.add(text(cx, cy, str(value), 18, INK, tag=tag + ":value", anchor="mm"))


def _upgrade_text(u: dict) -> str:
    parts = []
    if u["capacity"]:
        parts.append(local(Tp("upgrade", "+{n} cap", n=u["capacity"])))
    if u["price"]:
        parts.append(f"+${u['price']}")
    where = Tp("upgrade", "all zones") if len(u["zones"]) == 3 else ZONE_SHORT[u["zones"][0]]
    return f"{u['id']} {' '.join(parts)} {local(where)}"


def _die_use(d: dict) -> str:
    """What a rolled die is used for ("column building (done)", "unassigned")."""

    if not d["use"]:
        use = Tp("die use", "unassigned")
    elif d["use"] == "event":
        use = T("on {card} {zone}", card=d["card"], zone=ZONE_WORD.get(d["zone"], d["zone"]))
    else:
        use = {
            6: Tp("die use", "Grande"),
            5: Tp("die use", "row building"),
            4: Tp("die use", "column building"),
            3: Tp("die use", "upgrade"),
            2: Tp("die use", "reveal 2"),
            1: Tp("die use", "from discard"),
        }[d["v"]]
    return local(T("{use} (done)", use=use) if d["done"] else use)


def _dice(lay: Layout, view: dict, top: int) -> int:
    title = lay.add(text(16, top + 12, Tp("image label", "Dice"), 20, INK, tag="dice:title"))
    dice = view["dice"]
    x = max(80, 16 + title.w + 14)
    if not dice:
        lay.add(text(x, top + 15, T("not rolled yet this turn"), 16, MUTED, tag="dice:none"))
        return top + 48
    for i, d in enumerate(dice):
        tag = f"dice:{i + 1}"
        fill = "#dddddd" if d["done"] else "#ffffff"
        lay.add(Rect(x=x, y=top, w=44, h=44, fill=fill, outline="#222222", width=2, radius=8, tag=tag))
        lay.add(text(x + 22, top + 22, str(d["v"]), 24, INK, tag=tag + ":value", anchor="mm"))
        use = _die_use(d)
        lay.add(text(x + 52, top + 13, use, 16, INK, tag=tag + ":use"))
        x += 52 + measure(use, 16)[0] + 30
    return top + 48


def _street(lay: Layout, view: dict, seat: str, top: int) -> int:
    p = view["pl"][seat]
    colour = _colour(view, seat)
    acting = seat in view["to_act"]
    rows = p["street"]
    longest = max(len(rows[0]), len(rows[1]), 1)
    avail = WIDTH - 32 - 40
    # every card of the street as wide as its longest first line needs (names never cut)
    need = min(avail - 6, max([104] + [measure(_building_head(b), 15)[0] + 12 for row in rows for b in row]))
    per_line = max(1, avail // (need + 6))  # wrap very long rows onto more lines
    cw = max(need, min(170, avail // min(longest, per_line) - 6))
    ch = 86
    lines = [[rows[side][k : k + per_line] for k in range(0, max(len(rows[side]), 1), per_line)] for side in (0, 1)]
    n_lines = len(lines[0]) + len(lines[1])
    height = 34 + n_lines * (ch + 6) + 4
    lay.add(
        Rect(
            x=8,
            y=top,
            w=WIDTH - 16,
            h=height,
            fill="#ffffff",
            outline=colour,
            width=4 if acting else 2,
            radius=10,
            tag=f"player:{seat}",
        )
    )
    g = p["grande"]
    gtxt = (
        T("Grande: not in town")
        if not g
        else T("Grande: {building} {zone}", building=g.split(":")[0].upper(), zone=ZONE_SHORT[g.split(":")[1]])
    )
    head = local(
        T(
            "{n}. {player} · {coins} · {buildings} · supply {tourists} · {grande} · ships col {column} / row {row}",
            n=_initial(view, seat),
            player=_name(view, seat),
            coins=_coins(p["coins"]),
            buildings=_buildings(p["buildings"]),
            tourists=_tourists(p["supply"]),
            grande=gtxt,
            column=p["column_ship"],
            row=p["row_ship"],
        )
    )
    if view["phase"] == "tourists" and p["moves_left"] and acting:
        head += " · " + local(T("{n} to move", n=p["moves_left"]))
    lay.add(Ellipse(x=18, y=top + 8, w=18, h=18, fill=colour, tag=f"player:{seat}:colour"))
    lay.add(text(44, top + 7, fit_text(head, WIDTH - 70, 18), 18, INK, tag=f"player:{seat}:head"))
    y = top + 34
    for side in (0, 1):
        lay.add(text(22, y + ch // 2, "AB"[side], 18, MUTED, tag=f"player:{seat}:row{side + 1}", anchor="lm"))
        if not rows[side]:
            lay.add(
                text(
                    46,
                    y + ch // 2,
                    T("(no buildings yet)"),
                    15,
                    MUTED,
                    tag=f"player:{seat}:row{side + 1}:empty",
                    anchor="lm",
                )
            )
        for line in lines[side]:
            for i, b in enumerate(line):
                x = 46 + i * (cw + 6)
                _building(lay, b, x, y, cw, ch, f"street:{seat}:{b['label']}")
            y += ch + 6
    return top + height


def _building_head(b: dict) -> str:
    """A street card's first line: label, name, upgrades (``"A3 Watches store +1up"``)."""

    up = " " + local(Tp("image label", "+{n}up", n=len(b["upgrades"]))) if b["upgrades"] else ""
    return f"{b['label'].upper()} {local(_short(b['name']))}{up}"


def _building(lay: Layout, b: dict, x: int, y: int, w: int, h: int, tag: str) -> None:
    lay.add(Rect(x=x, y=y, w=w, h=h, fill=CATEGORY_COLOURS[b["category"]], outline="#666666", radius=6, tag=tag))
    lay.add(text(x + 6, y + 3, fit_text(_building_head(b), w - 12, 15), 15, INK, tag=tag + ":name"))
    if not b["zones"]:
        lay.add(text(x + 6, y + 28, fit_text(Tp("building", "closed"), w - 12, 14), 14, MUTED, tag=tag + ":closed"))
        return
    for k, z in enumerate(ZONES):
        yy = y + 22 + k * 21
        info = b["zones"].get(z)
        if info is None:
            closed = fit_text(T("{zone} closed", zone=ZONE_SHORT[z]), w - 12, 14)
            lay.add(text(x + 6, yy, closed, 14, "#777777", tag=f"{tag}:{z}"))
            continue
        g = " G" if info["grande"] else ""
        full = info["tourists"] + (1 if info["grande"] else 0)
        s = f"{local(ZONE_SHORT[z])} {full}/{info['capacity']} ${info['price']}{g}"
        lay.add(text(x + 6, yy, fit_text(s, w - 12, 14), 14, INK, tag=f"{tag}:{z}"))
        # tourist dots on the right
        dx = x + w - 8
        for t in range(min(full, 4)):
            is_g = info["grande"] and t == 0
            r = 7 if is_g else 5
            lay.add(
                Ellipse(
                    x=dx - 2 * r,
                    y=yy + 9 - r,
                    w=2 * r,
                    h=2 * r,
                    fill="#d4a017" if is_g else "#333333",
                    tag=f"{tag}:{z}:meeple",
                )
            )
            dx -= 2 * r + 3


def hand_layout(view: dict) -> Layout:
    """A player's private part (from ``view(state, player)``): the upgrade cards drawn to
    choose from, plus coins for reference. Sent by DM and read on a phone: :data:`HAND_WIDTH`
    px wide (600) with text at least 18 px, so at least 18 * 400 / 600 = 12 px on a phone
    showing it 400 px wide; long lines wrap and the cards go two to a row (nothing is cut)."""

    W = HAND_WIDTH
    seat = view.get("me", "")
    drawn = view.get("drawn") or []
    p = view["pl"].get(seat, {"coins": 0})
    title = T(
        "{game} · {player} · {coins}",
        game=Tp("game title", "Visiting Kaunas"),
        player=_name(view, seat),
        coins=_coins(p["coins"]),
    )
    title = wrap(title, W - 32, 22)
    head = 20 + len(title) * line_height(22)
    lay = Layout(width=W, height=head + 100, background="#fbfaf6")
    lay.add(Rect(x=0, y=0, w=W, h=head, fill="#2b3a55", tag="hand"))
    for k, ln in enumerate(title):
        lay.add(text(16, 10 + k * line_height(22), ln, 22, "#ffffff", tag="hand:title"))
    y = head + 14
    if not drawn:
        for ln in wrap(T("No private cards: you have no upgrade cards to choose from."), W - 32, 18):
            lay.add(text(16, y, ln, 18, INK, tag="hand:none"))
            y += line_height(18)
        lay.height = y + 24
        return lay
    # the command as the reader's client names it (the translations spell it so); "choose" is notation
    prompt = T("Drawn upgrades: keep one on a building with /move choose; the others go face up.")
    for ln in wrap(prompt, W - 32, 18):
        lay.add(text(16, y, ln, 18, INK, tag="hand:prompt"))
        y += line_height(18)
    y += 10
    w = (W - 32 - 14) // 2
    for i, u in enumerate(drawn):
        r, q = divmod(i, 2)
        x, cy = 16 + q * (w + 14), y + r * (120 + 14)
        tag = f"hand:{u['id']}"
        lay.add(Rect(x=x, y=cy, w=w, h=120, fill="#eef6e8", outline="#4d7a3a", width=2, radius=10, tag=tag))
        lay.add(text(x + 12, cy + 10, u["id"], 22, INK, tag=tag + ":id"))
        capacity = T("+{n} capacity", n=u["capacity"])
        price = T("+${n} price", n=u["price"])
        if u["capacity"] and u["price"]:
            effect = T("{capacity} and {price}", capacity=capacity, price=price)
        else:
            effect = capacity if u["capacity"] else price if u["price"] else ""
        lay.add(text(x + 12, cy + 46, fit_text(effect, w - 24, 18), 18, INK, tag=tag + ":effect"))
        zone = u["zones"][0]
        where = T("in every open zone") if len(u["zones"]) == 3 else T("in the {zone}", zone=ZONE_WORD.get(zone, zone))
        lay.add(text(x + 12, cy + 76, fit_text(where, w - 24, 18), 18, MUTED, tag=tag + ":zones"))
    lay.height = y + -(-len(drawn) // 2) * (120 + 14) + 6
    return lay


# ----- the phone summary ------------------------------------------------------
def summary(view: dict) -> Summary:
    """The per-move phone summary (:mod:`renderers.summary`): each player's coins, buildings,
    tourists in supply and Grande Hotel (the ships are drawn on the grid picture, each
    player's number above its column and beside its row); the dice, event level and decks;
    what the game waits for (Visiting Kaunas)."""

    over = bool(view["over"])
    seats = []  # once over, in the host's ranking with its tags (renderers.summary.host_ranked)
    for seat in view["players"]:
        pl = view["pl"][seat]
        g = pl.get("grande")
        facts = [
            _buildings(pl.get("buildings", 0)),
            T("supply {tourists}", tourists=_tourists(pl.get("supply", 0))),
            T("Grande {building} {zone}", building=g.split(":")[0].upper(), zone=ZONE_WORD[g.split(":")[1]])
            if g
            else T("Grande not in town"),
        ]
        if view["phase"] == "tourists" and pl.get("moves_left") and seat in view.get("to_act", []):
            facts.append(T("{n} to move", n=pl["moves_left"]))
        note = Tp("image label", "first player") if seat == view.get("first") and not over else ""
        seats.append(
            SeatSummary(
                name=_name(view, seat),
                seat=seat,
                colour=_colour(view, seat),
                score=_coins(pl.get("coins", 0)),
                facts=[f for f in facts if f],
                acting=seat in view.get("to_act", []) and not over,
                note=note,
            )
        )
    table = []
    dice = view.get("dice") or []
    if dice and not over:
        table.append(T("Dice: {dice}", dice=", ".join(f"{d['v']} {_die_use(d)}" for d in dice)))
    if not over:
        table.append(
            T(
                "Event level {level} · event deck {n} · buildings {buildings} · upgrades {upgrades}",
                level=view["level"] or "-",
                n=view["event_deck"],
                buildings=view["building_deck"],
                upgrades=view["upgrade_deck"],
            )
        )
    return Summary(
        title=Tp("game title", "Visiting Kaunas"),
        step=Tp("image label", "Turn {n}", n=view["turn"]) if not over else Tp("image label", "Game over"),
        seats=seats,
        table=table,
        status=_status(view),
        over=over,
        picture=None if over else _grid_picture(view),
    )


def _name_lines(name: str, width: int, size: int) -> list[str]:
    """``name`` in lines of at most ``width`` px at ``size``, never shortened: broken at
    spaces, and a word wider than a line is hyphenated ("Restau-", "rant"): at the last soft
    hyphen (U+00AD, a catalog's mark of where a word may break: "Souvenir\u00adwinkel")
    that fits, else after as many letters as fit, three at least going to the next line."""

    words: list[str] = []
    for word in name.split():
        while measure(word.replace(SHY, ""), size)[0] > width and len(word.replace(SHY, "")) > 5:
            marks = [
                i
                for i, ch in enumerate(word)
                if ch == SHY and measure(word[:i].replace(SHY, "") + "-", size)[0] <= width
            ]
            if marks:
                k, rest = marks[-1], marks[-1] + 1
            else:
                word = word.replace(SHY, "")
                k = len(word) - 3  # at least three letters go to the next line
                while k > 2 and measure(word[:k] + "-", size)[0] > width:
                    k -= 1
                rest = k
            words.append(word[:k].replace(SHY, "") + "-")
            word = word[rest:]
        words.append(word.replace(SHY, ""))
    lines: list[str] = []
    for word in words:
        if lines and not lines[-1].endswith("-") and measure(f"{lines[-1]} {word}", size)[0] <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def _grid_picture(view: dict) -> Layout:
    """The building grid for the phone summary: each cell's building name, whole (broken over
    up to three lines, hyphenated when a word is wider than the cell) at 16 px; capacity/$
    are on the full board (``/game board``); the players' ships (their numbers) above the
    columns and right of the rows; :data:`PICTURE_W` px wide."""

    grid = view["grid"]
    rows, cols = len(grid), len(grid[0])
    lane = 34  # the ships' lane, above the columns and right of the rows
    cw = (PICTURE_W - 8 - lane) // cols
    names = [_name_lines(_cell_name(b), cw - 12, 16) for row in grid for b in row if b in view["buildings"]]
    ch = 10 + 20 * max([1] + [len(n) for n in names])
    gx, gy = 4, lane + 4
    lay = Layout(width=PICTURE_W, height=gy + rows * ch + 6, background="#fbfaf6")
    for r in range(rows):
        for c in range(cols):
            b = grid[r][c]
            x, y = gx + c * cw, gy + r * ch
            tag = f"grid:{r + 1}:{c + 1}"
            info = _cell(lay, view, b, x, y, cw, ch, tag)
            if info is None:
                continue
            for k, ln in enumerate(_name_lines(_cell_name(b), cw - 12, 16)):
                lay.add(text(x + 6, y + 5 + 20 * k, ln, 16, INK, tag=tag + ":building"))
    for seat in view["players"]:
        p = view["pl"][seat]
        col, label = _colour(view, seat), _initial(view, seat)
        same_col = [q for q in view["players"] if view["pl"][q]["column_ship"] == p["column_ship"]]
        same_row = [q for q in view["players"] if view["pl"][q]["row_ship"] == p["row_ship"]]
        x = gx + (p["column_ship"] - 1) * cw + cw // 2 + (same_col.index(seat) - (len(same_col) - 1) / 2) * 26
        lay.add(
            Polygon(
                points=[(x - 12, 6), (x + 12, 6), (x + 8, lane - 2), (x - 8, lane - 2)],
                fill=col,
                outline="#000000",
                tag=f"ship:{seat}:top",
            )
        )
        lay.add(text(int(x), (lane + 4) // 2, label, 16, "#ffffff", tag=f"ship:{seat}:top:label", anchor="mm"))
        y = gy + (p["row_ship"] - 1) * ch + ch // 2 + (same_row.index(seat) - (len(same_row) - 1) / 2) * 22
        sx = gx + cols * cw + 4
        lay.add(
            Polygon(
                points=[(sx, y - 10), (sx + lane - 6, y - 10), (sx + lane - 10, y + 10), (sx + 4, y + 10)],
                fill=col,
                outline="#000000",
                tag=f"ship:{seat}:right",
            )
        )
        lay.add(
            text(int(sx + (lane - 6) / 2), int(y), label, 16, "#ffffff", tag=f"ship:{seat}:right:label", anchor="mm")
        )
    return lay
