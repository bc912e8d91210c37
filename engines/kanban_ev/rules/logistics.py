"""Kanban EV, the Logistics department: issue a Kanban order, take car parts, receive a
parts voucher."""

from __future__ import annotations

from engines.base import Event, event
from engines.i18n import Code

from .. import data as D
from ..actions import Order, Take, Voucher, order_, take_, voucher_
from ..state import State
from .common import certified, gain, part_slots, shifts_note, spend
from .words import T, Tn, part, parts


def order_stock(supply: dict[str, int], card: str, split: int) -> list[str]:
    """Parts Kanban order card ``card`` with placement ``split`` stocks from ``supply``
    (Logistics, issue an order): each icon on its group's side of the line, while the supply
    has one; ``supply`` is taken from (pass a copy to only look)."""

    side_a = D.ORDER_SPLITS[split]
    out = []
    for k, icon in enumerate(D.KANBAN_CARDS[card]):
        if (icon in D.GROUP_A) == (k in side_a) and supply[icon] > 0:
            supply[icon] -= 1
            out.append(icon)
    return out


def _legal_logistics(s: State, i: int, can: int) -> list:
    if can < 1:
        return []
    b = s.board
    t = b.turn
    p = s.player_boards[i]
    out: list = []
    if "order" not in t.used:
        for c in sorted(p.kanban_cards):
            for k in sorted(D.ORDER_SPLITS):
                out.append(order_(c, k))
    # take parts: repeatable, 1 shift each time (the aid gives it no once-per-turn note)
    room = part_slots(p) - len(p.parts)
    for pt in D.PARTS:
        for k in range(1, min(room, b.warehouses[pt]) + 1):
            out.append(take_(pt, k))
    if "voucher" not in t.used and certified(p, "logistics") and b.voucher_supply > 0:
        out.append(voucher_())
    return out


def _take(s: State, i: int, a: Take, ev: list[Event]) -> None:
    """Logistics, take car parts: any number from one warehouse, 1 shift each time."""

    b = s.board
    p = s.player_boards[i]
    name = s.players[i]
    spend(s, 1)
    b.warehouses[a.part] -= a.count
    p.parts += [a.part] * a.count
    ev.append(
        event(
            type="take",
            text=T(
                "{seat} takes {count} {part} from its warehouse ({note}).",
                seat=name,
                count=a.count,
                part=part(a.part),
                note=shifts_note(s),
            ),
        )
    )


def _voucher(s: State, i: int, a: Voucher, ev: list[Event]) -> None:
    """Logistics (certified), receive a parts voucher: usable from the end of the turn."""

    b = s.board
    t = s.board.turn
    p = s.player_boards[i]
    name = s.players[i]
    spend(s, 1)
    t.used.append("voucher")
    b.voucher_supply -= 1
    p.vouchers_pending += 1
    ev.append(
        event(
            type="voucher",
            text=T(
                "{seat} receives a parts voucher, usable from the end of the turn ({note}).",
                seat=name,
                note=shifts_note(s),
            ),
        )
    )


def _order(s: State, i: int, a: Order, ev: list[Event]) -> None:
    """Logistics, issue an order: bank 1 shift (2 with the Logistics charger), stock each
    warehouse whose icon lies on its side of the line, card under the deck, draw."""

    b = s.board
    p = s.player_boards[i]
    spend(s, 1)
    b.turn.used.append("order")
    bank = 2 if "logistics" in p.chargers else 1
    before = p.banked_shifts
    gain(s, i, {"shift": bank}, [], "Kanban order")  # the order event says it
    banked = p.banked_shifts - before
    added = order_stock(b.part_supply, a.card, a.split)
    for icon in added:
        b.warehouses[icon] += 1
    p.kanban_cards.remove(a.card)
    b.kanban_deck.append(a.card)
    drawn = b.kanban_deck.pop(0)
    p.kanban_cards.append(drawn)
    ev.append(
        event(type="draw", text=T("You draw Kanban order card {card}.", card=Code(drawn)), visible_to=[s.players[i]])
    )
    ev.append(
        event(
            type="order",
            text=(
                Tn(
                    "{seat} issues Kanban order {card} in placement {split}: {parts} to the warehouses; banks {n} shift "
                    "(the shift bank is full) ({note}).",
                    "{seat} issues Kanban order {card} in placement {split}: {parts} to the warehouses; banks {n} shifts "
                    "(the shift bank is full) ({note}).",
                    banked,
                    seat=s.players[i],
                    card=Code(a.card),
                    split=a.split,
                    parts=parts(added) or T("nothing"),
                    note=shifts_note(s),
                )
                if banked < bank
                else Tn(
                    "{seat} issues Kanban order {card} in placement {split}: {parts} to the warehouses; banks {n} shift, "
                    "usable from the end of the turn ({note}).",
                    "{seat} issues Kanban order {card} in placement {split}: {parts} to the warehouses; banks {n} shifts, "
                    "usable from the end of the turn ({note}).",
                    banked,
                    seat=s.players[i],
                    card=Code(a.card),
                    split=a.split,
                    parts=parts(added) or T("nothing"),
                    note=shifts_note(s),
                )
            ),
        )
    )
