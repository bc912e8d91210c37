"""Kanban EV, the pieces every section uses: a fast state copy, the player board's
unlocked spaces, printed benefits and speech tokens, factory goals, and the shifts of the
current work turn (the aid, "working in a department": never more than 4 a turn)."""

from __future__ import annotations

import marshal
from types import UnionType
from typing import Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel

from engines.base import Event, event, rng

from .. import data as D
from ..state import Board, Meeting, PlayerBoard, State, WorkTurn
from .words import benefit_text, plural

DESK = 10


DI = {d: i for i, d in enumerate(D.DEPTS)}


def clone(s: State) -> State:
    """A deep copy, fast: every model's field dict is copied by code written for its field
    types (lists and dicts of scalars by one slice or ``dict.copy``, nested containers one
    level at a time, ``Any`` by :func:`_deep`), and the models are rebuilt around the copies
    without validation; no container is shared with ``s``."""

    return _copy_State(s)


_new, _set, _dumps, _loads = object.__new__, object.__setattr__, marshal.dumps, marshal.loads
_SCALARS = (int, str, bool, float, type(None))


def _deep(v: Any) -> Any:
    """A copy of a JSON-like value (lists, dicts and tuples of them, scalars)."""

    t = type(v)
    if t is list:
        return [_deep(e) for e in v]
    if t is dict:
        return {k: _deep(e) for k, e in v.items()}
    if t is tuple:
        return tuple(_deep(e) for e in v)
    return v


def _rebuilt(model: Any, fields: dict) -> Any:
    """A model of ``model``'s class holding ``fields`` (already copied), unvalidated."""

    new = _new(model.__class__)
    _set(new, "__dict__", fields)
    _set(new, "__pydantic_fields_set__", model.__pydantic_fields_set__.copy())
    _set(new, "__pydantic_extra__", None)
    _set(new, "__pydantic_private__", None)
    return new


def _has_any(ann: Any) -> bool:
    return ann is Any or any(_has_any(a) for a in get_args(ann))


def _copy_expr(ann: Any, x: str, depth: int) -> str:
    """Python source copying the value ``x`` of type ``ann``."""

    origin, args = get_origin(ann), get_args(ann)
    if ann in _SCALARS or origin is Literal:
        return x
    if isinstance(ann, type) and issubclass(ann, BaseModel):
        return f"_copy_{ann.__name__}({x})"
    if origin in (Union, UnionType):
        kinds = [a for a in args if a is not type(None)]
        if all(a in _SCALARS or get_origin(a) is Literal for a in kinds):
            return x
        if len(kinds) == 1:
            return f"(None if {x} is None else {_copy_expr(kinds[0], x, depth)})"
    y = f"_v{depth}"
    if _has_any(ann):
        return f"_plain({x})"
    if origin is list and args:
        if args[0] in _SCALARS:
            return f"{x}[:]"
        return f"[{_copy_expr(args[0], y, depth + 1)} for {y} in {x}]"
    if origin is dict and args:
        if args[1] in _SCALARS:
            return f"{x}.copy()"
        return f"{{_k{depth}: {_copy_expr(args[1], y, depth + 1)} for _k{depth}, {y} in {x}.items()}}"
    return f"_plain({x})"


def _plain(v: Any) -> Any:
    """A copy of a value of JSON types (``Any`` fields): one marshal round trip, else
    :func:`_deep`."""

    try:
        return _loads(_dumps(v))
    except ValueError:  # not only plain types
        return _deep(v)


def _copier(model: type[BaseModel]) -> Any:
    """``_copy_<Model>(m)``: a copy of one ``model``, its fields in their order."""

    fields = ", ".join(
        f"{name!r}: {_copy_expr(f.annotation, f'd[{name!r}]', 0)}" for name, f in model.model_fields.items()
    )
    src = (
        f"def _copy_{model.__name__}(m):\n"
        "    d = m.__dict__\n"
        f"    new = _new({model.__name__})\n"
        f"    _set(new, '__dict__', {{{fields}}})\n"
        "    _set(new, '__pydantic_fields_set__', m.__pydantic_fields_set__.copy())\n"
        "    _set(new, '__pydantic_extra__', None)\n"
        "    _set(new, '__pydantic_private__', None)\n"
        "    return new\n"
    )
    made: dict[str, Any] = {}
    exec(src, globals(), made)  # the code above, over this module's names
    return made[f"_copy_{model.__name__}"]


_copy_WorkTurn = _copier(WorkTurn)
_copy_Meeting = _copier(Meeting)
_copy_PlayerBoard = _copier(PlayerBoard)
_copy_Board = _copier(Board)
_copy_State = _copier(State)


def dept_of(code: int) -> str:
    return "admin" if code == DESK else D.DEPTS[code // 2]


def certified(p: PlayerBoard, d: str) -> bool:
    """Kanban EV, training: certified on reaching the 4th space of a track."""

    return p.training[DI[d]] >= D.CERTIFIED_AT


def n_certs(p: PlayerBoard) -> int:
    return sum(1 for v in p.training if v >= D.CERTIFIED_AT)


def n_experts(p: PlayerBoard) -> int:
    return sum(1 for v in p.training if v >= D.EXPERT_AT)


def garage_slots(p: PlayerBoard) -> int:
    return D.GARAGES + (1 if certified(p, "assembly") else 0)


def design_slots(p: PlayerBoard) -> int:
    return D.DESIGN_SPACES + (1 if certified(p, "design") else 0)


def part_slots(p: PlayerBoard) -> int:
    return D.PART_SPACES + (1 if certified(p, "logistics") else 0)


def speech_slots(p: PlayerBoard) -> int:
    return D.SPEECH_SPACES + (1 if certified(p, "admin") else 0)


def cars_of(p: PlayerBoard) -> list[str]:
    return [c for c in p.garages if c]


def model_of(design: str) -> str:
    return design.split("-")[0]


def part_of(design: str) -> str:
    return design.split("-")[1]


def printed_board(n_players: int) -> dict[str, Any]:
    """The printed facts a board image draws (Kanban EV's boards, tiles and cards), for the
    view: the renderer reads these rather than this package's data."""

    return {
        "depts": D.DEPTS,
        "dept_names": D.DEPT_NAMES,
        "parts": D.PARTS,
        "models": D.MODELS,
        "group_a": D.GROUP_A,
        "group_b": D.GROUP_B,
        "workstation_shifts": D.WORKSTATION_SHIFTS,
        "training_spaces": D.TRAINING_SPACES,
        "certified_at": D.CERTIFIED_AT,
        "expert_at": D.EXPERT_AT,
        "test_track": D.TEST_TRACK.get(n_players, D.TEST_TRACK[3]),
        "claim_cost": D.CLAIM_COST,
        "part_value_start": D.PART_VALUE_START,
        "upgrade_spaces": D.UPGRADE_SPACES,
        "assembly_lines": D.ASSEMBLY_LINES,
        "entry_node": D.ENTRY_NODE,
        "row2_node": D.ROW2_NODE,
        "conveyor": D.CONVEYOR,
        "exit_pp": D.EXIT_PP,
        "cert_track": D.CERT_TRACK,
        "design_column_bonus": {D.DESIGN_COLS - 1 - k: what for k, what in D.DESIGN_COLUMN_BONUS.items()},
        "garage_tiles": D.GARAGE_TILES,
        "garages": D.GARAGES,
        "design_spaces": D.DESIGN_SPACES,
        "part_spaces": D.PART_SPACES,
        "speech_spaces": D.SPEECH_SPACES,
        "shift_bank_max": D.SHIFT_BANK_MAX,
        "books_max": D.BOOKS_MAX,
        "vouchers_max": D.VOUCHERS_MAX,
        "kanban_cards": D.KANBAN_CARDS,
        "order_splits": sorted(D.ORDER_SPLITS),
    }


def shifts_note(s: State) -> str:
    """``"2 shifts spent, 1 left this turn"`` for the current work turn."""

    t = s.board.turn
    return f"{plural(t.spent, 'shift')} spent, {spendable(s)} left this turn"


def cert_order(s: State) -> list[int]:
    """Certification-track order, right to left: later section first, then rightmost space."""

    return sorted(range(len(s.players)), key=lambda i: -s.player_boards[i].certification)


def _draw(s: State, salt: str) -> Any:
    s.board.draws += 1
    return rng(s.seed, salt, s.board.draws)


def gain(s: State, i: int, benefit: dict, ev: list[Event], why: str) -> None:
    """Take a printed benefit: pp, banked shifts (max 10), books / vouchers (max 6), speech.

    Banked shifts, books and vouchers gained during your own work turn can be used only
    from the end of that turn ([SPEC] §3 "unusable until end of turn"; the aid's voucher
    note): they are counted in the turn's ``new``."""

    p = s.player_boards[i]
    t = s.board.turn
    mine = s.phase == "work" and bool(t) and t.who == i
    for k, v in benefit.items():
        if k == "pp":
            p.pp += v
        elif k == "shift":
            new = min(D.SHIFT_BANK_MAX, p.banked_shifts + v)
            if mine:
                t.gained["shift"] += new - p.banked_shifts
            p.banked_shifts = new
        elif k == "book":
            new = min(D.BOOKS_MAX, p.books + v)
            if mine:
                t.gained["book"] += new - p.books
            p.books = new
        elif k == "voucher":
            for _ in range(v):
                if s.board.voucher_supply > 0 and p.vouchers < D.VOUCHERS_MAX:
                    s.board.voucher_supply -= 1
                    p.vouchers += 1
                    if mine:
                        t.gained["voucher"] += 1
        elif k == "speech":
            for _ in range(v):
                printed_speech(s, i)
    if benefit:
        ev.append(event(type="benefit", text=f"{s.players[i]} gains {benefit_text(benefit)} ({why})."))


def printed_speech(s: State, i: int) -> None:
    """A printed speech icon: put one of your own tokens on a free space of your board,
    else take a generic token from the supply (ASSUMED, reference §6)."""

    p = s.player_boards[i]
    if p.speech_tokens < speech_slots(p):
        p.speech_tokens += 1
    elif s.board.generic_supply > 0:
        s.board.generic_supply -= 1
        p.generic_tokens += 1


def take_generic(s: State, i: int) -> None:
    """A generic speech token taken from a tile: swapped at once for your own token if a space
    on your board is free (ASSUMED per [ENG], reference §6), else kept beside the board."""

    p = s.player_boards[i]
    if p.speech_tokens < speech_slots(p):
        p.speech_tokens += 1
        s.board.generic_supply += 1
    else:
        p.generic_tokens += 1


def check_factory_goal(s: State, i: int, kind: str, count: int, ev: list[Event]) -> None:
    """Factory goals (grey cars, beige upgrades, certification): reaching the tile's number
    takes one of its speech tokens, if any are left, once per player per tile."""

    for tile in s.board.factory_goals[kind]:
        if tile[0] == count and tile[1] > 0 and i not in tile[2]:
            tile[1] -= 1
            tile[2].append(i)
            take_generic(s, i)
            what = {
                "grey": ("grey factory goal", "car", "cars"),
                "beige": ("beige factory goal", "upgraded design", "upgraded designs"),
                "cert": ("certification goal", "certification", "certifications"),
            }[kind]
            ev.append(
                event(
                    type="speech",
                    text=f"{s.players[i]} reaches {plural(count, what[1], what[2])}: takes a speech "
                    f"token from the {what[0]} tile {count} ({tile[1]} left on it).",
                )
            )


def occupied(s: State) -> set[int]:
    occ = {c for c in s.board.positions if c >= 0}
    occ.add(s.board.sandra)
    return occ


def spendable(s: State) -> int:
    """Shifts still spendable this turn: never more than 4 in a turn (the aid, "working")."""

    t = s.board.turn
    p = s.player_boards[t.who]
    return max(
        0,
        min(
            D.MAX_SHIFTS_PER_TURN - t.spent,
            t.workstation_shifts - t.workstation_used + p.banked_shifts - t.gained["shift"],
        ),
    )


def usable(s: State, i: int, what: str) -> int:
    """Books or vouchers seat ``i`` may use now (not those gained this turn)."""

    p = s.player_boards[i]
    t = s.board.turn
    have = p.books if what == "book" else p.vouchers
    return have - (t.gained[what] if t and t.who == i else 0)


def active_depts(s: State) -> list[str]:
    t = s.board.turn
    return [t.dept] + ([t.second_dept] if t.second_dept else [])


def spend(s: State, k: int) -> None:
    """Spend ``k`` shifts: the workstation's first, then banked ones."""

    t = s.board.turn
    p = s.player_boards[t.who]
    for _ in range(k):
        t.spent += 1
        if t.workstation_used < t.workstation_shifts:
            t.workstation_used += 1
        else:
            p.banked_shifts -= 1
