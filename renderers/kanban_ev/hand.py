"""Kanban EV, a player's hand image (sent by DM)."""

from __future__ import annotations

from engines.i18n import T, Tn
from renderers.base import Layout, local

from .common import HAND_WIDTH, LINE, MAX_HEIGHT, PART_COLOUR, PART_SHORT, SOFT, M, _Board, _Canvas


def hand_layout(view: dict) -> Layout:
    """A player's hand (from ``engine.view(state, player)``): performance goals with what
    speaking on each scores now, and Kanban order cards with what each placement stocks.

    Sent by DM and read on a phone: :data:`HAND_WIDTH` px wide (600) with text at least 15 px,
    so at least 15 * 400 / 600 = 10 px on a phone showing it 400 px wide; long lines wrap
    onto more rows (nothing is cut), one goal or card per row."""

    b = _Board(view)
    F = b.F
    you = view.get("you") or {}
    seat_id = you.get("seat")
    i = (
        b.players.index(seat_id)
        if seat_id in b.players
        else next((k for k, s in enumerate(b.seats) if s.get("seat") == seat_id), 0)
    )
    seat = b.seats[i] if b.seats else {}
    W = HAND_WIDTH
    c = _Canvas(W, MAX_HEIGHT)
    y = M
    c.disc(M + 4, y + 2, 28, i, "hand:head", 16)
    head = T("Your hand, {player}: {pp} PP", player=b.name(i), pp=seat.get("pp", 0))
    y = c.paragraph(M + 42, y + 4, head, 22, W - M - 50, "hand:head") + 8
    y = c.paragraph(M + 4, y, view.get("status", ""), 16, W - 2 * M - 8, "hand:head", SOFT) + 6
    goals = list(you.get("goals", []))
    c.text(M + 4, y, T("Performance goals ({n})", n=len(goals)), 20, "hand:goals")
    y += 30
    ms = view.get("meeting_state") or {}
    phase = view.get("phase")
    hint = ""
    if phase == "meeting" and i < len(ms.get("played", [])):
        # "play", "nominate" are notation words, typed the same in every language
        hint = (
            T("You played {goal} this meeting; speak on a goal or pass.", goal=ms["played"][i])
            if ms["played"][i]
            else T("Meeting: play exactly one of these goals (play <goal>), then speak or pass.")
        )
    elif phase == "nominate" and not you.get("nominated"):
        hint = T("Choose the goal to leave face down in the meeting room: nominate <goal>.")
    if hint:
        y = c.paragraph(M + 4, y, hint, 17, W - 2 * M - 8, "hand:hint", "#7a0000") + 4
    spoken_all = (view.get("meeting_state") or {}).get("spoken", {})
    gw = W - 2 * M
    tw = gw - 16  # text width inside a goal or card box
    for g in goals:
        tag = f"hand:goal:{g}"
        info = view["goals"][g]
        value, icons = info["value"], info["icons"]
        have = you.get("counts", {}).get(g, 0)
        taken = len(spoken_all.get(g, []))
        top = icons - taken
        if top > 0:
            now = value * min(top, have)
            line = T("Played and spoken on now (top free icon x{top}): {pp} PP.", top=top, pp=now)
        else:
            line = T("No free icon left.")
        box = c.rect(M, y, gw, 0, tag, "#fffbe8", LINE, 1, 6)
        ty = c.paragraph(M + 8, y + 4, f"{g}: {local(info['text'])}", 18, tw, tag)
        icon_line = Tn(
            "{n} icon (x{n} down to x1); you have {have}",
            "{n} icons (x{n} down to x1); you have {have}",
            icons,
            have=have,
        )
        ty = c.paragraph(M + 8, ty + 2, icon_line, 16, tw, tag, SOFT)
        ty = c.paragraph(M + 8, ty + 2, line, 16, tw, tag, "#1b5e20")
        box.h = ty + 6 - y
        y = ty + 14
    if not goals:
        c.text(M + 8, y, T("none"), 16, "hand:goals", SOFT)
        y += 26
    nom = you.get("nominated")
    if nom:
        y = (
            c.paragraph(
                M + 4,
                y,
                T("Nominated face down for the meeting room: {goal}", goal=nom),
                16,
                W - 2 * M - 8,
                "hand:nominated",
            )
            + 6
        )
    cards = list(you.get("kanban", []))
    c.text(M + 4, y, T("Kanban order cards ({n})", n=len(cards)), 20, "hand:kanban")
    y += 30
    bank = 2 if "logistics" in seat.get("chargers", []) else 1
    per_row = max(1, (tw + 4) // 78)
    for card in cards:
        tag = f"hand:kanban:{card}"
        box = c.rect(M, y, gw, 0, tag, "#eef7ee", LINE, 1, 6)
        banks = Tn(
            "{card}  (banks {n} shift; icons in order)", "{card}  (banks {n} shifts; icons in order)", bank, card=card
        )
        ty = c.paragraph(M + 8, y + 4, banks, 18, tw, tag)
        icons = F.kanban_cards[card]
        for j, icon in enumerate(icons):
            r, q = divmod(j, per_row)
            c.chip(M + 8 + q * 78, ty + 4 + r * 34, 74, 28, PART_SHORT[icon], f"{tag}:icon", PART_COLOUR[icon], 15)
        ty += 4 + max(1, -(-len(icons) // per_row)) * 34 + 4
        for sp in F.order_splits:
            got = you.get("orders", {}).get(card, {}).get(str(sp), [])
            words = ", ".join(PART_SHORT[p] for p in got) or local(T("nothing"))
            # "order <card> <split>" is notation
            stocks = T("order {card} {split}: stocks {parts}", card=card, split=sp, parts=words)
            ty = c.paragraph(M + 12, ty, stocks, 16, tw - 4, f"{tag}:split:{sp}")
        box.h = ty + 6 - y
        y = ty + 14
    if not cards:
        c.text(M + 8, y, T("none"), 16, "hand:kanban", SOFT)
        y += 24
    y = c.paragraph(
        M + 4,
        y + 2,
        T(
            "Groups: A = {a}; B = {b}",
            a=", ".join(PART_SHORT[p] for p in ("autopilot", "battery", "motor")),
            b=", ".join(PART_SHORT[p] for p in ("body", "drivetrain", "electronics")),
        ),
        15,
        W - 2 * M - 8,
        "hand:legend",
        SOFT,
    )
    c.lay.height = min(MAX_HEIGHT, y + 8)
    return c.lay
