"""Kanban EV, the R&D department: claim a car from the test track, upgrade a design; the
pace car and the meeting marker."""

from __future__ import annotations

from engines.base import Event, event
from engines.i18n import N_, Code

from .. import data as D
from ..actions import Claim, Upgrade, claim_, upgrade_
from ..state import State
from .common import (
    cars_of,
    certified,
    changing,
    check_factory_goal,
    gain,
    garage_slots,
    model_of,
    part_of,
    shifts_note,
    spend,
    usable,
)
from .words import T, model, part, shifts, tx

#: an upgrade's event by how it was paid for
_UPGRADE = {
    "part": N_(
        "{seat} upgrades {design} on {model} upgrade space {space} with a part from their board: +{pp} PP ({note})."
    ),
    "voucher": N_("{seat} upgrades {design} on {model} upgrade space {space} with a parts voucher: +{pp} PP ({note})."),
    "charger": N_("{seat} upgrades {design} on {model} upgrade space {space} with the R&D charger: +{pp} PP ({note})."),
}


def _legal_rd(s: State, i: int, can: int) -> list:
    b = s.board
    t = b.turn
    p = s.player_boards[i]
    out: list = []
    free_g = [g for g in range(garage_slots(p)) if not p.garages[g]]
    if free_g:
        for k, car in enumerate(b.behind_pace_car):
            if not car or D.CLAIM_COST[k] > can:
                continue
            for des in sorted(set(x for x in p.designs if model_of(x) == car)):
                for g in free_g:
                    out.append(claim_(k + 1, des, g + 1))
    if can >= 1:
        dbl_ok = certified(p, "rd") and not p.double_upgrade_used
        vouchers = usable(s, i, "voucher")
        for des in sorted(set(p.designs)):
            m, pt = model_of(des), part_of(des)
            if pt == "blank":
                continue
            # any free upgrade space of that car type, also where two
            # spaces print the same benefit
            spaces = [k for k, occ in enumerate(b.upgrade_spaces[m]) if not occ]
            if not spaces:
                continue
            sources = []
            if pt in p.parts:
                sources.append("part")
            if vouchers > 0 and b.part_supply[pt] > 0:
                sources.append("voucher")
            if "rd" in p.chargers and "rd_charger" not in t.used and b.part_supply[pt] > 0:
                sources.append("charger")
            for k in spaces:
                for src in sources:
                    out.append(upgrade_(des, k + 1, src))
                    if dbl_ok and pt not in b.double_upgraded:
                        out.append(upgrade_(des, k + 1, src, "double"))
    return out


def _claim(s: State, i: int, a: Claim, ev: list[Event]) -> None:
    """R&D, claim a car: pay 1/2/2/3 shifts by position, return a matching design to the
    central stack, park the car and take the garage tile's benefit, check grey goals."""

    b = s.board
    p = s.player_boards[i]
    spend(s, D.CLAIM_COST[a.pos - 1])
    car = b.behind_pace_car[a.pos - 1]
    b.behind_pace_car[a.pos - 1] = ""
    p.designs.remove(a.design)
    b.design_stacks[2].append(a.design)
    p.garages[a.garage - 1] = car
    b.turn.claimed += 1
    for des in p.upgraded:  # upgraded designs of this model become tested ([SPEC] §5)
        if model_of(des) == car and des not in p.tested:
            p.tested.append(des)
    ev.append(
        event(
            type="claim",
            text=T(
                "{seat} claims the {model} at position {pos} behind the pace car for {shifts}, returning design "
                "{design}, into garage {garage} ({note}).",
                seat=s.players[i],
                model=model(car),
                pos=a.pos,
                shifts=shifts(D.CLAIM_COST[a.pos - 1]),
                design=Code(a.design),
                garage=a.garage,
                note=shifts_note(s),
            ),
        )
    )
    gain(s, i, D.GARAGE_TILES[p.garage_set][p.garage_tiles[a.garage - 1]], ev, "garage tile")
    check_factory_goal(s, i, "grey", len(cars_of(p)), ev)


def _upgrade(s: State, i: int, a: Upgrade, ev: list[Event]) -> None:
    """R&D, upgrade a design: part onto the model's upgrade space, its benefit, the value
    marker +1 (double upgrade: +2, flipped, PP = new value), design flipped (tested if you
    own that model), +2 PP, beige goals."""

    b = s.board
    p = s.player_boards[i]
    t = b.turn
    spend(s, 1)
    m, pt = model_of(a.design), part_of(a.design)
    if a.source == "part":
        p.parts.remove(pt)
    else:
        b.part_supply[pt] -= 1
        if a.source == "voucher":
            p.vouchers -= 1
            b.voucher_supply += 1
        else:
            t.used.append("rd_charger")
    changing(s, "upgrade_spaces")[m][a.space - 1] = pt
    old_value = b.part_values[pt]
    ev.append(
        event(
            type="upgrade",
            text=tx(
                _UPGRADE[a.source],
                seat=s.players[i],
                design=Code(a.design),
                model=model(m),
                space=a.space,
                pp=D.UPGRADE_PP,
                note=shifts_note(s),
            ),
        )
    )
    gain(s, i, D.UPGRADE_SPACES[m][a.space - 1], ev, "upgrade space")
    if a.double:
        b.part_values[pt] = min(D.PART_VALUE_MAX, b.part_values[pt] + 2)
        b.double_upgraded.append(pt)
        p.double_upgrade_used = True
        p.pp += b.part_values[pt]
        ev.append(
            event(
                type="upgrade",
                text=T(
                    "Double upgrade: the {part} value marker goes from {old} to {new} and is flipped; {seat} gains "
                    "{new} PP.",
                    part=part(pt),
                    old=old_value,
                    new=b.part_values[pt],
                    seat=s.players[i],
                ),
            )
        )
    else:
        b.part_values[pt] = min(D.PART_VALUE_MAX, b.part_values[pt] + 1)
        ev.append(
            event(
                type="upgrade",
                text=T(
                    "The {part} value marker goes from {old} to {new}.",
                    part=part(pt),
                    old=old_value,
                    new=b.part_values[pt],
                ),
            )
        )
    p.designs.remove(a.design)
    p.upgraded.append(a.design)
    if m in p.garages:
        p.tested.append(a.design)
        ev.append(
            event(
                type="upgrade",
                text=T(
                    "{design} is a tested design ({seat} owns a {model}).",
                    design=Code(a.design),
                    seat=s.players[i],
                    model=model(m),
                ),
            )
        )
    p.pp += D.UPGRADE_PP
    check_factory_goal(s, i, "beige", len(p.upgraded), ev)


def close_gaps(s: State) -> None:
    q = [c for c in s.board.behind_pace_car if c]
    s.board.behind_pace_car = q + [""] * (D.QUEUE_MAX - len(q))


def advance_pace(s: State, ev: list[Event]) -> None:
    """Pace car +1; reaching a striped space moves the meeting marker under the meeting room."""

    b = s.board
    track = D.TEST_TRACK[len(s.players)]
    b.pace_car = (b.pace_car + 1) % track["spaces"]
    if b.pace_car in track["striped"] and not b.meeting_marker:
        b.meeting_marker = True
        ev.append(event(type="meeting", text=T("The pace car reaches a striped space: a meeting is called.")))
