"""Kanban EV, the pieces every section uses: a fast state copy, the player board's
unlocked spaces, printed benefits and speech tokens, factory goals, and the shifts of the
current work turn (the aid, "working in a department": never more than 4 a turn)."""

from __future__ import annotations

import copy
from contextvars import ContextVar
from functools import lru_cache
from typing import Any

from engines.base import Event, event, rng
from engines.copying import deep_copier
from engines.i18n import Text

from .. import data as D
from ..state import Board, PlayerBoard, State
from .words import T, Tn, Tp, benefit_text

DESK = 10


DI = {d: i for i, d in enumerate(D.DEPTS)}


def clone(s: State) -> State:
    """A deep copy, fast (:func:`engines.copying.deep_copier`: code generated from the models'
    field types, models rebuilt without validation); no container is shared with ``s``."""

    return _copy_State(s)


_copy_State = deep_copier(State)


def step_copy(s: State) -> State:
    """A copy for one step (the engine's ``copy_state``): as :func:`clone`, but the players'
    boards are shared with ``s`` (a new list of the same boards) until the step changes
    one, and so are the factory board's fields few moves change (:data:`SHARED_FIELDS`):
    the rules get a board to change from :func:`own` and such a field from
    :func:`changing`."""

    return _copy_step(s)


#: the factory board's fields a step's copy shares: the factory goal tiles, award tiles,
#: upgrade spaces and assembly lines (changed in place only through :func:`changing`),
#: and the final scores (only ever replaced)
SHARED_FIELDS = ("factory_goals", "award_tiles", "upgrade_spaces", "assembly_lines", "final_scores")
_copy_step = deep_copier(State, shallow={"player_boards"}, shared={Board: SHARED_FIELDS})
_copy_board = deep_copier(PlayerBoard)
#: a copy of a shared field: its lists (a model -> its parts, a department -> its tiles), or
#: the whole of the factory goals (tiles of [value, tokens left, [seats]])
_FRESH = {
    "factory_goals": copy.deepcopy,
    "award_tiles": lambda v: {k: list(x) for k, x in v.items()},
    "upgrade_spaces": lambda v: {k: list(x) for k, x in v.items()},
    "assembly_lines": lambda v: {k: list(x) for k, x in v.items()},
}
#: while a step runs (:func:`begin_step`): the state it changes, that state's boards and
#: shared fields as they were copied (shared with the state copied from)
_STEP: ContextVar[tuple[State, tuple[PlayerBoard, ...], dict[str, Any]] | None] = ContextVar(
    "kanban_ev_step", default=None
)


def begin_step(s: State) -> Any:
    """Start a step on ``s`` (a :func:`step_copy`): until :func:`end_step` with the token
    returned, :func:`own` and :func:`changing` copy what ``s`` still shares before it is
    changed."""

    d = s.board.__dict__
    return _STEP.set((s, tuple(s.player_boards), {name: d[name] for name in _FRESH}))


def end_step(token: Any) -> None:
    """End the step :func:`begin_step` started."""

    _STEP.reset(token)


def own(s: State, i: int) -> PlayerBoard:
    """Seat ``i``'s board in ``s``, to change: in a step on ``s`` (:func:`in_step`), the
    first call puts a copy in place of the board shared with the state it was copied
    from (later calls give that copy); elsewhere the board itself."""

    p = s.player_boards[i]
    step = _STEP.get()
    if step is not None and step[0] is s and p is step[1][i]:
        p = s.player_boards[i] = _copy_board(p)
    return p


def changing(s: State, name: str) -> Any:
    """The factory board's field ``name`` (one of :data:`SHARED_FIELDS` changed in place)
    of ``s``, to change in place: in a step on ``s``, the first call puts a copy in place
    of the value shared with the state copied from (as changing it in place would, the
    field's set status untouched); elsewhere the value itself."""

    d = s.board.__dict__
    v = d[name]
    step = _STEP.get()
    if step is not None and step[0] is s and v is step[2][name]:
        v = d[name] = _FRESH[name](v)
    return v


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

    return _shifts_note(s.board.turn.spent, spendable(s))


@lru_cache(maxsize=None, typed=True)
def _shifts_note(spent: int, left: int) -> Text:
    # one shared Text per value (texts are immutable; the note is in most work events)
    return Tn("{n} shift spent, {left} left this turn", "{n} shifts spent, {left} left this turn", spent, left=left)


def cert_order(s: State) -> list[int]:
    """Certification-track order, right to left: later section first, then rightmost space."""

    return sorted(range(len(s.players)), key=lambda i: -s.player_boards[i].certification)


def _draw(s: State, salt: str) -> Any:
    s.board.draws += 1
    return rng(s.seed, salt, s.board.draws)


#: why a benefit is gained (the ``why`` of :func:`gain`), in the game's catalog
WHY = {
    "certification track": Tp("benefit from", "certification track"),
    "award tile": Tp("benefit from", "award tile"),
    "garage tile": Tp("benefit from", "garage tile"),
    "upgrade space": Tp("benefit from", "upgrade space"),
    "design column": Tp("benefit from", "design column"),
    "Design charger": Tp("benefit from", "Design charger"),
    "Kanban order": Tp("benefit from", "Kanban order"),
}


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
        ev.append(
            event(
                type="benefit",
                text=T(
                    "{seat} gains {benefit} ({why}).", seat=s.players[i], benefit=benefit_text(benefit), why=WHY[why]
                ),
            )
        )


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

    for k, tile in enumerate(s.board.factory_goals[kind]):
        if tile[0] == count and tile[1] > 0 and i not in tile[2]:
            tile = changing(s, "factory_goals")[kind][k]
            tile[1] -= 1
            tile[2].append(i)
            take_generic(s, i)
            ev.append(event(type="speech", text=_factory_goal_text(kind, count, s.players[i], tile[1])))


def _factory_goal_text(kind: str, n: int, seat: str, left: int) -> str:
    """A factory goal reached (tile values are 2-5, so English always says "cars")."""

    if kind == "grey":
        return Tn(
            "{seat} reaches {n} car: takes a speech token from the grey factory goal tile {n} ({left} left on it).",
            "{seat} reaches {n} cars: takes a speech token from the grey factory goal tile {n} ({left} left on it).",
            n,
            seat=seat,
            left=left,
        )
    if kind == "beige":
        return Tn(
            "{seat} reaches {n} upgraded design: takes a speech token from the beige factory goal tile {n} "
            "({left} left on it).",
            "{seat} reaches {n} upgraded designs: takes a speech token from the beige factory goal tile {n} "
            "({left} left on it).",
            n,
            seat=seat,
            left=left,
        )
    return Tn(
        "{seat} reaches {n} certification: takes a speech token from the certification goal tile {n} "
        "({left} left on it).",
        "{seat} reaches {n} certifications: takes a speech token from the certification goal tile {n} "
        "({left} left on it).",
        n,
        seat=seat,
        left=left,
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
