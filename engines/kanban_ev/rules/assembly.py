"""Kanban EV, the Assembly department: provide needed parts, the conveyor belts, cars
leaving for the test track, demand tiles."""

from __future__ import annotations

from engines.base import Event, event
from engines.i18n import Code

from .. import data as D
from ..actions import Provide, provide_
from ..state import State
from .common import _draw, changing, shifts_note, spend, take_generic, usable
from .words import T, Tn, model, part


def _move(**params):  # one car's move on the conveyor, a list item of the event
    return T("{model} {start} to {end}", **params)


def allowed_parts(s: State, i: int, m: str) -> list[str]:
    """Assembly: parts that may go behind model ``m`` now: an empty space of that type, and
    upgraded parts before unupgraded ones unless you hold the Assembly charger."""

    placed = s.board.assembly_lines[m]
    free = [pt for pt in D.PARTS if pt not in placed]
    if "assembly" in s.player_boards[i].chargers:
        return free
    upgraded = {x for x in s.board.upgrade_spaces[m] if x}
    first = [pt for pt in free if pt in upgraded]
    return first or free


def _legal_assembly(s: State, i: int, can: int) -> list:
    if can < 1:
        return []
    b = s.board
    p = s.player_boards[i]
    vouchers = usable(s, i, "voucher")
    out = []
    for m in D.MODELS:
        for pt in allowed_parts(s, i, m):
            if pt in p.parts:
                out.append(provide_(m, pt, "part"))
            if vouchers > 0 and b.part_supply[pt] > 0:
                out.append(provide_(m, pt, "voucher"))
    return out


def clear_full_lines(s: State, ev: list[Event]) -> None:
    """Assembly, on arrival: any model with all 6 spaces filled returns them to the supply."""

    for m in D.MODELS:
        line = s.board.assembly_lines[m]
        if len(line) >= len(D.PARTS):
            for pt in line:
                s.board.part_supply[pt] += 1
            changing(s, "assembly_lines")[m] = []
            ev.append(event(type="assembly", text=T("The full {model} line is cleared.", model=model(m))))


def _provide(s: State, i: int, a: Provide, ev: list[Event]) -> None:
    """Assembly, provide a part; then the car at the model's entry moves along the conveyor."""

    b = s.board
    p = s.player_boards[i]
    spend(s, 1)
    if a.source == "part":
        p.parts.remove(a.part)
    else:
        p.vouchers -= 1
        b.voucher_supply += 1
        b.part_supply[a.part] -= 1
    changing(s, "assembly_lines")[a.model].append(a.part)
    ev.append(
        event(
            type="provide",
            text=(
                T(
                    "{seat} provides {part} from a parts voucher to the {model} line ({note}).",
                    seat=s.players[i],
                    part=part(a.part),
                    model=model(a.model),
                    note=shifts_note(s),
                )
                if a.source == "voucher"
                else T(
                    "{seat} provides {part} from their board to the {model} line ({note}).",
                    seat=s.players[i],
                    part=part(a.part),
                    model=model(a.model),
                    note=shifts_note(s),
                )
            ),
        )
    )
    entry = D.ENTRY_NODE[a.model]
    if b.conveyor[entry]:
        _push(s, i, [entry], ev)
    else:
        _new_car(s, a.model)


def _push(s: State, i: int, chain: list[str], ev: list[Event]) -> None:
    """Follow the conveyor from the last node of ``chain``: at a fork ask the player."""

    opts = D.CONVEYOR[chain[-1]]
    if len(opts) > 1:
        s.board.turn.pending.append(["route", chain])
        return
    _route(s, i, chain, opts[0], ev)


def _route(s: State, i: int, chain: list[str], dest: str, ev: list[Event]) -> None:
    b = s.board
    conv = b.conveyor
    if not dest.startswith("x") and conv[dest]:
        _push(s, i, chain + [dest], ev)
        return
    last = chain[-1]
    car = conv[last]
    if dest.startswith("x"):
        _exit_car(s, i, car, dest, ev)
    else:
        conv[dest] = car
    moves = [] if dest.startswith("x") else [_move(model=model(car), start=Code(last), end=Code(dest))]
    for k in range(len(chain) - 1, 0, -1):
        conv[chain[k]] = conv[chain[k - 1]]
        moves.append(_move(model=model(conv[chain[k]]), start=Code(chain[k - 1]), end=Code(chain[k])))
    first = conv[chain[0]]
    conv[chain[0]] = ""
    _new_car(s, first)
    if conv[chain[0]]:
        if moves:
            text = T(
                "Conveyor: {moves}; a new {model} enters at {space}.",
                moves=moves,
                model=model(first),
                space=Code(chain[0]),
            )
        else:
            text = T("Conveyor; a new {model} enters at {space}.", model=model(first), space=Code(chain[0]))
    else:
        text = T("Conveyor: {moves}.", moves=moves) if moves else T("Conveyor.")
    ev.append(event(type="conveyor", text=text))


def _new_car(s: State, model: str) -> None:
    b = s.board
    entry = D.ENTRY_NODE[model]
    if not b.conveyor[entry] and b.car_supply[model] > 0:
        b.car_supply[model] -= 1
        b.conveyor[entry] = model


def _exit_car(s: State, i: int, car: str, gate: str, ev: list[Event]) -> None:
    """A car leaves the conveyor: exit PP, a demand token if in demand (new demand tile when
    the tokens run out), the car joins the test track behind the pace car."""

    b = s.board
    p = s.player_boards[i]
    p.pp += D.EXIT_PP[gate]
    ev.append(
        event(
            type="exit",
            text=T(
                "A {model} leaves the conveyor at gate {gate}: {seat} gains {pp} PP; the car joins the test track.",
                model=model(car),
                gate=Code(gate[1:]),
                seat=s.players[i],
                pp=D.EXIT_PP[gate],
            ),
        )
    )
    if car in b.demand_tiles:
        k = b.demand_tiles.index(car)
        if b.demand_tokens[k] > 0:
            b.demand_tokens[k] -= 1
            take_generic(s, i)
            ev.append(
                event(
                    type="speech",
                    text=T(
                        "The {model} is in demand: {seat} takes a speech token ({left} left on that tile).",
                        model=model(car),
                        seat=s.players[i],
                        left=b.demand_tokens[k],
                    ),
                )
            )
            if b.demand_tokens[k] == 0 and b.demand_stack:
                new = b.demand_stack.pop(0)
                b.demand_stack.append(car)
                _draw(s, "demand").shuffle(b.demand_stack)
                b.demand_tiles[k] = new
                tok = min(D.DEMAND_TOKENS[new], b.generic_supply)
                b.generic_supply -= tok
                b.demand_tokens[k] = tok
                ev.append(
                    event(
                        type="demand",
                        text=Tn(
                            "New demand tile: {model} with {n} speech token.",
                            "New demand tile: {model} with {n} speech tokens.",
                            tok,
                            model=model(new),
                        ),
                    )
                )
    q = b.behind_pace_car
    if "" in q:
        filled = [c for c in q if c]
        filled.append(car)
        b.behind_pace_car = filled + [""] * (D.QUEUE_MAX - len(filled))
    else:
        b.car_supply[q[0]] += 1
        b.behind_pace_car = q[1:] + [car]
