"""Kanban EV with SpeedCharger: the rules, as functions over :class:`~.state.State`
(player aid by Jarrod Moore, "the aid"; each function's docstring names its section).

Interpretations where the aid is silent or ambiguous (see also ``data.py``):

* taking parts from a warehouse is repeatable (1 shift each time): the aid's once-per-turn
  note is on issuing an order and the parts voucher only (reference §8 "1 shift each time");
* design spaces: 5, the 6th unlocked by Design certification (the aid: "Unlocks 6th design
  space"; the reference's 4 + 1 is ``data.DESIGN_SPACES_REF``);
* claim cost is by the car's space behind the pace car; gaps are closed only at the end of
  the turn, so claiming the 1st car leaves the 2nd still costing 2 (aid, R&D note);
* banked shifts, books and vouchers gained during your own turn are usable from its end
  ([SPEC] §3); the Administration charger's extra shift obeys the 4-shift cap (ASSUMED);
* "upgraded parts first" in Assembly: the part types on that model's upgrade spaces;
* an upgraded design is tested if you own a car of its model, at upgrading or when that car
  is claimed later ([SPEC] §5);
* recycling: unlimited swaps, but not giving back a part taken from recycling this turn
  (which changes nothing a player can reach and keeps turns finite);
* factory goals: reaching exactly the tile's number takes a token, once per player per tile;
* Sandra's penalty cannot take PP below 0; she evaluates Administration before the week ends;
* after a meeting every face-up goal is discarded; generic tokens are swapped for own ones
  automatically where a space is free;
* the game end test is "week >= 2 and cycle >= 3, or week >= 3 and cycle >= 2", checked after
  the day's meeting;
* goal 32 counts the speech tokens left on your board after placing the speaking token.
"""

from __future__ import annotations

import itertools
import pickle
from types import SimpleNamespace
from typing import Any

from engines.base import Event, IllegalAction, rng

from . import data as D
from .actions import (
    Advanced,
    Also,
    Arrange,
    Award,
    Cert,
    Charge,
    ChooseGarages,
    Claim,
    Done,
    Nominate,
    Order,
    Pass,
    Pick,
    Place,
    Play,
    Provide,
    Recycle,
    Route,
    SelectDesign,
    Speak,
    Take,
    Train,
    Upgrade,
    Voucher,
)
from .state import Board, Meeting, Options, PlayerBoard, State, WorkTurn

DESK = 10
DI = {d: i for i, d in enumerate(D.DEPTS)}


def clone(s: State) -> State:
    """A deep copy, fast: the models' fields are plain containers, so their field dicts go
    through one pickle round trip and the models are rebuilt around the copies (no
    validation; ``model_copy(deep=True)`` gives the same state several times slower)."""

    b, turn, meeting, pbs = s.board, s.board.turn, s.board.current_meeting, s.player_boards
    sd = s.__dict__.copy()
    sd["board"] = sd["player_boards"] = None
    bd = b.__dict__.copy()
    bd["turn"] = bd["current_meeting"] = None
    # only the values travel through pickle (the keys are the same strings afterwards)
    sv, bv, tv, mv, pvs = _loads(
        _dumps(
            (
                tuple(sd.values()),
                tuple(bd.values()),
                tuple(turn.__dict__.values()) if turn else None,
                tuple(meeting.__dict__.values()) if meeting else None,
                [tuple(p.__dict__.values()) for p in pbs],
            ),
            -1,
        )
    )
    bd = dict(zip(bd, bv))
    if turn:
        bd["turn"] = _rebuilt(turn, dict(zip(turn.__dict__, tv)))
    if meeting:
        bd["current_meeting"] = _rebuilt(meeting, dict(zip(meeting.__dict__, mv)))
    sd = dict(zip(sd, sv))
    sd["board"] = _rebuilt(b, bd)
    sd["player_boards"] = [_rebuilt(p, dict(zip(p.__dict__, v))) for p, v in zip(pbs, pvs)]
    return _rebuilt(s, sd)


_dumps, _loads, _new, _set = pickle.dumps, pickle.loads, object.__new__, object.__setattr__


def _rebuilt(model: Any, fields: dict) -> Any:
    """A model of ``model``'s class holding ``fields`` (already copied), unvalidated."""

    new = _new(model.__class__)
    _set(new, "__dict__", fields)
    _set(new, "__pydantic_fields_set__", model.__pydantic_fields_set__.copy())
    _set(new, "__pydantic_extra__", None)
    _set(new, "__pydantic_private__", None)
    return new


# ----------------------------------------------------------------------------------
# small helpers
# ----------------------------------------------------------------------------------


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


_UNIT = {
    "pp": ("PP", "PP"),
    "shift": ("banked shift", "banked shifts"),
    "book": ("book", "books"),
    "voucher": ("parts voucher", "parts vouchers"),
    "speech": ("speech token", "speech tokens"),
}


def benefit_text(benefit: dict) -> str:
    """``{"pp": 2, "shift": 1}`` -> ``"2 PP and 1 banked shift"`` (empty: ``"nothing"``)."""

    parts = [f"{v} {_UNIT[k][0] if v == 1 else _UNIT[k][1]}" for k, v in benefit.items() if v]
    if not parts:
        return "nothing"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else (many or word + 's')}"


def goal_text(g: str) -> str:
    """Performance goal ``g`` in words: ``"g05 (4 PP per Concept Car in your garages, x2)"``."""

    return f"{g} ({goal_words(g)}, x{D.PERFORMANCE_GOALS[g][3]})"


def goal_words(g: str) -> str:
    """What performance goal ``g`` counts: ``"4 PP per Concept Car in your garages"``."""

    kind, arg, value, icons = D.PERFORMANCE_GOALS[g]
    what = {
        "cars": "car in your garages",
        "models": "different car model in your garages",
        "model": f"{D.MODEL_NAMES.get(arg, arg)} in your garages",
        "upgraded_part": f"upgraded {arg} design",
        "upgraded": "upgraded design",
        "tested": "tested design",
        "stored": " or ".join(arg.split("+")) + " part on your board",
        "garages": "car in garages " + " and ".join(arg.split("+")),
        "certified": f"certification in {D.DEPT_NAMES.get(arg, arg)}",
        "designs": "design on your board",
        "books": "book",
        "certs": "certification",
        "parts": "car part on your board",
        "banked": "banked shift",
        "speech": "speech token on your board",
    }[kind]
    return f"{value} PP per {what}"


_FINAL_WORDS = {
    "cars_one_model": "cars of one model",
    "upgraded_distinct_parts": "upgraded different parts",
    "certs": "certifications",
    "cars": "cars",
    "upgraded": "upgrades",
    "models": "car models",
    "upgraded_same_part": "upgrades of one part",
    "banked": "banked shifts",
    "books": "books",
    "experts": "expert tracks",
    "tested": "tested designs",
    "tested_distinct_parts": "tested different parts",
}


def final_goal_text(test: str, arg: str, threshold: int) -> str:
    """One achievement of a final goal tile in words: ``"3+ cars of one model"``."""

    if test == "certified_both":
        return "certified in " + " and ".join(D.DEPT_NAMES[d] for d in arg.split("+"))
    if test == "model":
        return f"{threshold}+ {D.MODEL_NAMES.get(arg, arg)}s"
    if test == "upgraded_part":
        return f"{threshold}+ upgraded {arg}"
    if test == "certs_at_most":
        return f"at most {threshold} certifications"
    if test == "experts_at_most":
        return f"at most {threshold} expert track" + ("" if threshold == 1 else "s")
    return f"{threshold}+ {_FINAL_WORDS.get(test, test)}"


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
        ev.append(Event(type="benefit", text=f"{s.players[i]} gains {benefit_text(benefit)} ({why})."))


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
                Event(
                    type="speech",
                    text=f"{s.players[i]} reaches {plural(count, what[1], what[2])}: takes a speech "
                    f"token from the {what[0]} tile {count} ({tile[1]} left on it).",
                )
            )


# ----------------------------------------------------------------------------------
# setup
# ----------------------------------------------------------------------------------


def setup_state(players: list[str], opts: Options, seed: int) -> State:
    """Kanban EV, setup for 2-4 players (the aid, "setup"): everything up to the players'
    own choices, which are actions (garage set, certification space, part and design picks)."""

    n = len(players)
    r = rng(seed, "setup")
    b = SimpleNamespace()  # the board, filled in the order of the setup draws
    b.part_supply = {pt: D.PARTS_PER_TYPE for pt in D.PARTS}
    b.recycling = r.sample(D.PARTS, D.RECYCLING_SPACES)
    for pt in b.recycling:
        b.part_supply[pt] -= 1
    b.generic_supply = D.GENERIC_SPEECH_TOKENS
    fg: dict[str, list] = {}
    for kind in ("grey", "beige", "cert"):
        vals = sorted(r.sample(D.FACTORY_GOAL_VALUES, 2))
        toks = D.FACTORY_GOAL_TOKENS[n]
        fg[kind] = [[vals[0], toks[0], []], [vals[1], toks[1], []]]
        b.generic_supply -= toks[0] + toks[1]
    b.factory_goals = fg
    track = D.TEST_TRACK[n]
    b.pace_car = track["pace_start"]
    b.behind_pace_car = [""] * D.QUEUE_MAX
    b.meeting_marker = False
    b.cycle = 0
    b.week = 0
    b.day = 0
    designs = list(D.DESIGNS)
    r.shuffle(designs)
    b.design_rows = [designs[0:4], designs[4:8]]
    b.design_stacks = [designs[8:17], designs[17:26], designs[26:35]]
    b.car_supply = {m: D.CARS_PER_MODEL for m in D.MODELS}
    b.conveyor = {node: "" for node in D.NODES}
    for m in D.MODELS:
        b.conveyor[D.ENTRY_NODE[m]] = m
        b.conveyor[D.ROW2_NODE[m]] = m
        b.car_supply[m] -= 2
    b.assembly_lines = {m: [] for m in D.MODELS}
    dem = list(D.MODELS)
    r.shuffle(dem)
    b.demand_tiles = dem[:2]
    b.demand_tokens = [D.DEMAND_TOKENS[m] for m in dem[:2]]
    b.generic_supply -= sum(b.demand_tokens)
    b.demand_stack = dem[2:]
    kdeck = sorted(D.KANBAN_CARDS)
    r.shuffle(kdeck)
    b.warehouses = {pt: 0 for pt in D.PARTS}
    first = kdeck.pop(0)
    for icon in D.KANBAN_CARDS[first]:  # setup stocks every icon of the revealed card
        if b.part_supply[icon] > 0:
            b.part_supply[icon] -= 1
            b.warehouses[icon] += 1
    kdeck.append(first)
    gdeck = sorted(D.PERFORMANCE_GOALS)
    r.shuffle(gdeck)
    b.meeting_room = [gdeck.pop(0) for _ in range(D.MEETING_ROOM)]
    b.goal_discard = []
    b.final_goal = r.choice(sorted(D.FINAL_GOALS))
    b.sandra = DESK
    awards = [k for k, c in D.AWARD_TILES.items() for _ in range(c)]
    r.shuffle(awards)
    per = D.AWARDS_PER_DEPT[n]
    b.award_tiles = {d: sorted(awards[j * per : (j + 1) * per]) for j, d in enumerate(D.DEPTS)}
    b.award_tokens = {d: D.AWARD_SPEECH_TOKENS for d in D.DEPTS}
    b.generic_supply -= D.AWARD_SPEECH_TOKENS * len(D.DEPTS)
    b.charger_supply = D.CHARGER_TOKENS[n] if opts.speedcharger else 0
    b.voucher_supply = D.VOUCHERS_TOTAL - n
    b.upgrade_spaces = {m: [""] * 6 for m in D.MODELS}
    b.part_values = {pt: D.PART_VALUE_START for pt in D.PARTS}
    b.double_upgraded = []
    ps = []
    for _ in players:
        ps.append(
            PlayerBoard(
                pp=D.START_PP[opts.sandra],
                banked_shifts=0,
                books=0,
                vouchers=1,
                vouchers_pending=0,
                speech_tokens=1,
                generic_tokens=0,
                garage_set="",
                garage_tiles=[],
                garages=[""] * 5,
                designs=[],
                upgraded=[],
                tested=[],
                parts=[],
                chargers=[],
                double_upgrade_used=False,
                goals=[gdeck.pop(0) for _ in range(D.START_GOALS)],
                kanban_cards=[kdeck.pop(0) for _ in range(D.KANBAN_HAND)],
                training=[0] * 5,
                training_stamps=[0] * 5,
                certification=-1,
            )
        )
    b.goal_deck = gdeck
    b.kanban_deck = kdeck
    start = r.randrange(n)
    b.order = [(start + k) % n for k in range(n)]
    b.turn_index = 0
    b.positions = [-1] * n
    b.turn = None
    b.current_meeting = None
    b.nominations = [""] * n
    b.setup_pick = "part"
    b.training_stamp = 0
    b.draws = 0
    b.final_scores = {}
    return State(
        players=list(players),
        seed=seed,
        sandra_mode=opts.sandra,
        speedcharger=opts.speedcharger,
        phase="garages",
        board=Board(**vars(b)),
        player_boards=ps,
    )


# ----------------------------------------------------------------------------------
# who acts
# ----------------------------------------------------------------------------------


def current(s: State) -> int:
    """Seat index whose turn it is in a sequential phase (-1: Sandra)."""

    return s.board.order[s.board.turn_index]


def to_act(s: State) -> list[int]:
    if s.phase == "over":
        return []
    if s.phase == "garages":
        return [i for i, p in enumerate(s.player_boards) if not p.garage_tiles]
    if s.phase == "nominate":
        return [i for i in range(len(s.players)) if not s.board.nominations[i]]
    return [current(s)]


# ----------------------------------------------------------------------------------
# legal actions
# ----------------------------------------------------------------------------------


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


def legal(s: State, i: int) -> list:
    """Every legal action of seat ``i`` now, in a stable order."""

    if i not in to_act(s):
        return []
    ph = s.phase
    if ph in SETUP_PHASES:
        return legal_setup(s, i)
    if ph == "select":
        return _legal_select(s, i)
    if ph == "work":
        return _legal_work(s, i)
    if ph == "meeting":
        return _legal_meeting(s, i)
    if ph == "nominate":
        return [Nominate(goal=g) for g in s.player_boards[i].goals]
    return []


def _legal_select(s: State, i: int) -> list:
    """Department selection: a free workstation in a department other than the one you just
    worked in; at 2 players not Sandra's department (the aid, "department selection")."""

    occ = occupied(s)
    mine = s.board.positions[i]
    out = []
    for code in range(10):
        if code in occ:
            continue
        d = dept_of(code)
        if mine >= 0 and dept_of(mine) == d:
            continue
        if len(s.players) == 2 and dept_of(s.board.sandra) == d:
            continue
        out.append(Place(dept=d, station=code % 2 + 1))
    return out


def _legal_work(s: State, i: int) -> list:
    b = s.board
    t = b.turn
    p = s.player_boards[i]
    pend = t.pending
    if pend:
        kind = pend[0][0]
        if kind == "cert":
            sec = n_certs(p)
            taken = {q.certification for q in s.player_boards}
            return [Cert(space=k + 1) for k in range(4) if sec * 4 + k not in taken]
        if kind == "award":
            return [Award(kind=k) for k in sorted(set(b.award_tiles[pend[0][1]]))]
        if kind == "route":
            last = pend[0][1][-1]
            return [Route(node=n) for n in D.CONVEYOR[last]]
    out: list = []
    can = spendable(s)
    act = active_depts(s)
    for d in act:
        if p.training[DI[d]] < D.EXPERT_AT:
            if usable(s, i, "book") > 0:
                out.append(Train(dept=d, pay="book"))
            if can >= 1:
                out.append(Train(dept=d, pay="shift"))
    if t.dept == "admin" and not t.second_dept:
        for d in D.DEPTS[:4]:
            out.append(Also(dept=d))
    for give in sorted(set(p.parts)):
        if give in b.recycling or p.parts.count(give) <= t.recycled.count(give):
            continue
        for get in b.recycling:
            out.append(Recycle(give=give, get=get))
    for d in act:
        if d == "rd":
            out += _legal_rd(s, i, can)
        elif d == "assembly":
            out += _legal_assembly(s, i, can)
        elif d == "logistics":
            out += _legal_logistics(s, i, can)
        elif d == "design":
            out += _legal_design(s, i, can)
        elif d == "admin":
            out += _legal_admin(s, i, can)
    out.append(Done())
    return out


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
                    out.append(Claim(pos=k + 1, design=des, garage=g + 1))
    if can >= 1:
        dbl_ok = certified(p, "rd") and not p.double_upgrade_used
        for des in sorted(set(p.designs)):
            m, pt = model_of(des), part_of(des)
            if pt == "blank":
                continue
            # any free upgrade space of that car type (issue 13 item 5), also where two
            # spaces print the same benefit
            spaces = [k for k, occ in enumerate(b.upgrade_spaces[m]) if not occ]
            if not spaces:
                continue
            sources = []
            if pt in p.parts:
                sources.append("part")
            if usable(s, i, "voucher") > 0 and b.part_supply[pt] > 0:
                sources.append("voucher")
            if "rd" in p.chargers and "rd_charger" not in t.used and b.part_supply[pt] > 0:
                sources.append("charger")
            for k in spaces:
                for src in sources:
                    out.append(Upgrade(design=des, space=k + 1, source=src))
                    if dbl_ok and pt not in b.double_upgraded:
                        out.append(Upgrade(design=des, space=k + 1, source=src, double="double"))
    return out


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
    out = []
    for m in D.MODELS:
        for pt in allowed_parts(s, i, m):
            if pt in p.parts:
                out.append(Provide(model=m, part=pt, source="part"))
            if usable(s, i, "voucher") > 0 and b.part_supply[pt] > 0:
                out.append(Provide(model=m, part=pt, source="voucher"))
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
                out.append(Order(card=c, split=k))
    # take parts: repeatable, 1 shift each time (the aid gives it no once-per-turn note)
    room = part_slots(p) - len(p.parts)
    for pt in D.PARTS:
        for k in range(1, min(room, b.warehouses[pt]) + 1):
            out.append(Take(part=pt, count=k))
    if "voucher" not in t.used and certified(p, "logistics") and b.voucher_supply > 0:
        out.append(Voucher())
    return out


def _legal_design(s: State, i: int, can: int) -> list:
    if can < 1:
        return []
    b = s.board
    p = s.player_boards[i]
    if len(p.designs) >= design_slots(p):
        return []
    out: list = [SelectDesign(id=d) for row in b.design_rows for d in row if d]
    if certified(p, "design"):
        out += [Advanced(id=st[0]) for st in b.design_stacks if st]
    return out


def _legal_admin(s: State, i: int, can: int) -> list:
    b = s.board
    p = s.player_boards[i]
    out: list = []
    if can >= 1 and s.speedcharger and "charge" not in b.turn.used and b.charger_supply > 0:
        for d2 in D.DEPTS:
            if d2 not in p.chargers:
                out.append(Charge(dept=d2))
    return out


def _legal_meeting(s: State, i: int) -> list:
    m = s.board.current_meeting
    p = s.player_boards[i]
    out: list = []
    if not m.played[i]:
        out += [Play(goal=g) for g in p.goals]
    if p.speech_tokens > 0:
        for g in speakable(s, i):
            out.append(Speak(goal=g))
    if m.played_now:
        out.append(Done())
    elif m.played[i]:
        out.append(Pass())
    return out


def speakable(s: State, i: int) -> list[str]:
    """Goals seat ``i`` may speak on: in the room or played this meeting, a free icon left,
    and none of their tokens on it yet."""

    m = s.board.current_meeting
    out = []
    for g in s.board.meeting_room + [x for x in m.played if x]:
        spoken = m.spoken.get(g, [])
        if i in spoken or len(spoken) >= D.PERFORMANCE_GOALS[g][3]:
            continue
        out.append(g)
    return out


# ----------------------------------------------------------------------------------
# apply
# ----------------------------------------------------------------------------------


def apply_action(s: State, i: int, a: Any, ev: list[Event]) -> None:
    """Mutate the (already copied) state ``s`` by seat ``i``'s legal action ``a``."""

    ph = s.phase
    b = s.board
    if ph in SETUP_PHASES:
        if apply_setup(s, i, a, ev):
            start_day(s, ev)
        return
    if ph == "select":
        _apply_place(s, i, a, ev)
        return
    if ph == "work":
        _apply_work(s, i, a, ev)
        if type(a) is Done:
            b.turn_index += 1
            b.turn = None
            _auto(s, ev)
        return
    if ph == "meeting":
        _apply_meeting(s, i, a, ev)
        return
    if ph == "nominate":
        if _nominate(s, i, a, ev):
            end_of_day(s, ev)
        return
    raise IllegalAction("The game is over.")


#: The setup phases: the players' own set-up choices, before the first day.
SETUP_PHASES = ("garages", "cert_setup", "picks")


def legal_setup(s: State, i: int) -> list:
    """Seat ``i``'s set-up choices (the aid, setup): a garage set and its order, a space on
    the certification track, then a part and a design."""

    b = s.board
    p = s.player_boards[i]
    ph = s.phase
    if ph == "garages":
        if not p.garage_set:
            return [ChooseGarages(set="basic"), ChooseGarages(set="expert")]
        names = D.GARAGE_TILE_IDS[p.garage_set]
        return [Arrange(tiles=[names[k] for k in perm]) for perm in itertools.permutations(range(4))]
    if ph == "cert_setup":
        taken = {q.certification for q in s.player_boards}
        return [Cert(space=k + 1) for k in range(4) if k not in taken]
    if b.setup_pick == "part":
        out = [Pick(item=pt) for pt in D.PARTS if b.warehouses[pt] > 0]
        return out or [Pick(item="none")]
    ids = [d for row in b.design_rows for d in row if d] + [st[0] for st in b.design_stacks if st]
    return [Pick(item=d) for d in ids]


def apply_setup(s: State, i: int, a: Any, ev: list[Event]) -> bool:
    """Seat ``i``'s set-up choice ``a``; True once the last pick is made (the first day
    starts then)."""

    ph = s.phase
    name = s.players[i]
    b = s.board
    p = s.player_boards[i]
    if ph == "garages":
        if isinstance(a, ChooseGarages):
            p.garage_set = a.set
            ev.append(Event(type="setup", text=f"{name} takes the {a.set} garage tiles."))
            return False
        names = D.GARAGE_TILE_IDS[p.garage_set]
        p.garage_tiles = [names.index(x) for x in a.tiles] + [4]
        ev.append(Event(type="setup", text=f"{name} arranges garages 1-4: {', '.join(a.tiles)}."))
        if all(q.garage_tiles for q in s.player_boards):
            s.phase = "cert_setup"
            b.turn_index = 0
        return False
    if ph == "cert_setup":
        p.certification = a.space - 1
        ev.append(Event(type="setup", text=f"{name} starts on certification space {a.space}."))
        gain(s, i, D.CERT_TRACK[0][a.space - 1], ev, "certification track")
        b.turn_index += 1
        if b.turn_index >= len(s.players):
            s.phase = "picks"
            b.order = cert_order(s)
            b.turn_index = 0
            b.setup_pick = "part"
        return False
    return _apply_pick(s, i, a, ev)


def _apply_pick(s: State, i: int, a: Pick, ev: list[Event]) -> bool:
    """Setup picks, in certification order: 1 part from Logistics, then 1 design from any
    of the 11 places; afterwards the Design department is refilled (the aid, setup).
    True once the last pick is made (the first day starts then)."""

    b = s.board
    p = s.player_boards[i]
    if b.setup_pick == "part":
        if a.item != "none":
            b.warehouses[a.item] -= 1
            p.parts.append(a.item)
        ev.append(Event(type="setup", text=f"{s.players[i]} picks {a.item}."))
        b.setup_pick = "design"
        return False
    _remove_design_from_board(s, a.item)
    p.designs.append(a.item)
    ev.append(Event(type="setup", text=f"{s.players[i]} picks design {a.item}."))
    b.setup_pick = "part"
    b.turn_index += 1
    if b.turn_index >= len(s.players):
        refill_designs(s)
        return True
    return False


def _remove_design_from_board(s: State, des: str) -> None:
    for row in s.board.design_rows:
        if des in row:
            row[row.index(des)] = ""
            return
    for st in s.board.design_stacks:
        if st and st[0] == des:
            st.pop(0)
            return
    raise AssertionError(des)


def refill_designs(s: State) -> None:
    """Design department refill: slide each row right, fill the gaps right to left from the
    row's stack, then from the central stack; the top row first (the aid, Design)."""

    b = s.board
    for r in range(2):
        row = [x for x in b.design_rows[r] if x]
        missing = D.DESIGN_COLS - len(row)
        new = []
        for _ in range(missing):
            if b.design_stacks[r]:
                new.append(b.design_stacks[r].pop(0))
            elif b.design_stacks[2]:
                new.append(b.design_stacks[2].pop(0))
        # first drawn goes to the rightmost empty space
        filled = list(reversed(new)) + row
        b.design_rows[r] = [""] * (D.DESIGN_COLS - len(filled)) + filled


# ----- days -------------------------------------------------------------------------


def start_day(s: State, ev: list[Event]) -> None:
    """A new day: department selection in board order top to bottom (day 1: certification
    order, Sandra stays at her desk)."""

    b = s.board
    b.day += 1
    s.phase = "select"
    if b.day == 1:
        b.order = cert_order(s)
    else:
        ents = [(b.positions[i], i) for i in range(len(s.players))] + [(b.sandra, -1)]
        b.order = [e for _, e in sorted(ents)]
    b.turn_index = 0
    ev.append(Event(type="day", text=f"Day {b.day} (week {b.week}, cycle {b.cycle}): department selection."))
    _auto(s, ev)


def _sandra_moves(s: State, ev: list[Event]) -> None:
    """Sandra moves to the next department down (upper workstation first), skipping full
    ones; in Administration she sits at her desk; from there she starts again at the top."""

    b = s.board
    occ = {c for c in b.positions if c >= 0}
    d = DI[dept_of(b.sandra)]
    for step in range(1, 6):
        nd = (d + step) % 5
        if D.DEPTS[nd] == "admin":
            b.sandra = DESK
            break
        up, low = nd * 2, nd * 2 + 1
        if up not in occ:
            b.sandra = up
            break
        if low not in occ:
            b.sandra = low
            break
    where = (
        "her desk in Administration"
        if b.sandra == DESK
        else f"{D.DEPT_NAMES[dept_of(b.sandra)]} workstation {b.sandra % 2 + 1}"
    )
    ev.append(Event(type="sandra", text=f"Sandra moves to {where}."))


def _auto(s: State, ev: list[Event]) -> None:
    """Run the steps nobody decides: Sandra's selection and work, phase changes."""

    b = s.board
    while True:
        if s.phase == "select":
            if b.turn_index >= len(b.order):
                _start_work(s, ev)
                continue
            if b.order[b.turn_index] == -1:
                if b.day > 1:
                    _sandra_moves(s, ev)
                b.turn_index += 1
                continue
            return
        if s.phase == "work":
            if b.turn_index >= len(b.order):
                _end_work_phase(s, ev)
                continue
            who = b.order[b.turn_index]
            if who == -1:
                sandra_turn(s, ev)
                b.turn_index += 1
                continue
            if not b.turn or b.turn.who != who:
                begin_turn(s, who, ev)
            return
        return


def _apply_place(s: State, i: int, a: Place, ev: list[Event]) -> None:
    code = DI[a.dept] * 2 + a.station - 1
    s.board.positions[i] = code
    ws = D.WORKSTATION_SHIFTS[a.dept][a.station - 1]
    ev.append(
        Event(
            type="place",
            text=f"{s.players[i]} goes to {D.DEPT_NAMES[a.dept]} workstation {a.station} "
            f"({'upper' if a.station == 1 else 'lower'}, {plural(ws, 'shift')}).",
        )
    )
    s.board.turn_index += 1
    _auto(s, ev)


def _start_work(s: State, ev: list[Event]) -> None:
    b = s.board
    s.phase = "work"
    ents = [(b.positions[i], i) for i in range(len(s.players))]
    if b.day > 1:
        ents.append((b.sandra, -1))
    b.order = [e for _, e in sorted(ents)]
    b.turn_index = 0
    b.turn = None


def begin_turn(s: State, i: int, ev: list[Event]) -> None:
    """Start seat ``i``'s work turn: shifts from the workstation (+1 in Administration with its
    charger); Assembly clears full lines on arrival."""

    b = s.board
    code = b.positions[i]
    d = dept_of(code)
    p = s.player_boards[i]
    ws = D.WORKSTATION_SHIFTS[d][code % 2]
    if d == "admin" and "admin" in p.chargers:
        ws += 1
    b.turn = WorkTurn(
        who=i,
        dept=d,
        second_dept="",
        workstation_shifts=ws,
        workstation_used=0,
        spent=0,
        used=[],
        claimed=0,
        pending=[],
        recycled=[],
        gained={"shift": 0, "book": 0, "voucher": 0},
    )
    if d == "assembly":
        clear_full_lines(s, ev)


def clear_full_lines(s: State, ev: list[Event]) -> None:
    """Assembly, on arrival: any model with all 6 spaces filled returns them to the supply."""

    for m in D.MODELS:
        line = s.board.assembly_lines[m]
        if len(line) >= len(D.PARTS):
            for pt in line:
                s.board.part_supply[pt] += 1
            s.board.assembly_lines[m] = []
            ev.append(Event(type="assembly", text=f"The full {D.MODEL_NAMES[m]} line is cleared."))


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


def _apply_work(s: State, i: int, a: Any, ev: list[Event]) -> None:
    b = s.board
    t = b.turn
    p = s.player_boards[i]
    name = s.players[i]
    kind = type(a)
    if kind is Cert:
        t.pending.pop(0)
        sec = n_certs(p)
        p.certification = sec * 4 + a.space - 1
        ev.append(
            Event(type="cert", text=f"{name} moves their certification marker to section {sec}, space {a.space}.")
        )
        benefit = dict(D.CERT_TRACK[sec][a.space - 1])
        if not D.CERT_PRINTED_SPEECH and sec in (2, 4):
            benefit.pop("speech", None)
        gain(s, i, benefit, ev, "certification track")
        check_factory_goal(s, i, "cert", sec, ev)
        return
    if kind is Award:
        d = t.pending.pop(0)[1]
        b.award_tiles[d].remove(a.kind)
        gain(s, i, {"pp": 2} if a.kind == "pp2" else {a.kind: 1}, ev, "award tile")
        return
    if kind is Route:
        chain = t.pending.pop(0)[1]
        _route(s, i, chain, a.node, ev)
        return
    if kind is Train:
        if a.pay == "book":
            p.books -= 1
        else:
            spend(s, 1)
        di = DI[a.dept]
        p.training[di] += 1
        b.training_stamp += 1
        p.training_stamps[di] = b.training_stamp
        paid = "a book" if a.pay == "book" else "a shift"
        ev.append(
            Event(
                type="train",
                text=f"{name} trains in {D.DEPT_NAMES[a.dept]} with {paid}: "
                f"{p.training[di]} of {D.EXPERT_AT} steps up the track ({shifts_note(s)}).",
            )
        )
        if p.training[di] == D.CERTIFIED_AT:
            ev.append(
                Event(
                    type="cert",
                    text=f"{name} is certified in {D.DEPT_NAMES[a.dept]}: the padlock comes off "
                    f"({D.CERT_UNLOCKS[a.dept]}); they choose a space in the next certification section.",
                )
            )
            t.pending.append(["cert"])
        if p.training[di] == D.EXPERT_AT:
            ev.append(Event(type="expert", text=f"{name} reaches the last space of the {D.DEPT_NAMES[a.dept]} track."))
            if b.award_tokens[a.dept] > 0:
                b.award_tokens[a.dept] -= 1
                take_generic(s, i)
                ev.append(
                    Event(
                        type="speech", text=f"{name} takes the speech token on the {D.DEPT_NAMES[a.dept]} award tiles."
                    )
                )
            if b.award_tiles[a.dept]:
                t.pending.append(["award", a.dept])
        return
    if kind is Also:
        _also(s, i, a, ev)
        return
    if kind is Recycle:
        t.recycled.append(a.get)
        p.parts.remove(a.give)
        p.parts.append(a.get)
        b.recycling[b.recycling.index(a.get)] = a.give
        ev.append(Event(type="recycle", text=f"{name} swaps {a.give} for {a.get} in recycling."))
        return
    if kind is Claim:
        _claim(s, i, a, ev)
        return
    if kind is Upgrade:
        _upgrade(s, i, a, ev)
        return
    if kind is Provide:
        _provide(s, i, a, ev)
        return
    if kind is Order:
        _order(s, i, a, ev)
        return
    if kind is Take:
        _take(s, i, a, ev)
        return
    if kind is Voucher:
        _voucher(s, i, a, ev)
        return
    if kind is SelectDesign:
        _select_design(s, i, a, ev)
        return
    if kind is Advanced:
        _advanced(s, i, a, ev)
        return
    if kind is Charge:
        _charge(s, i, a, ev)
        return
    if kind is Done:  # the day goes on to the next turn (apply_action)
        ev.append(Event(type="done", text=done_text(s, i)))
        end_turn(s, i, ev)
        return
    raise IllegalAction("That is not a move now.")


def _take(s: State, i: int, a: Take, ev: list[Event]) -> None:
    """Logistics, take car parts: any number from one warehouse, 1 shift each time."""

    b = s.board
    p = s.player_boards[i]
    name = s.players[i]
    spend(s, 1)
    b.warehouses[a.part] -= a.count
    p.parts += [a.part] * a.count
    ev.append(Event(type="take", text=f"{name} takes {a.count} {a.part} from its warehouse ({shifts_note(s)})."))


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
        Event(
            type="voucher",
            text=f"{name} receives a parts voucher, usable from the end of the turn ({shifts_note(s)}).",
        )
    )


def _select_design(s: State, i: int, a: SelectDesign, ev: list[Event]) -> None:
    """Design, select a design from the 8 rightmost spaces: a book from the rightmost
    column, a banked shift from the second (refilled at the end of the turn)."""

    b = s.board
    t = s.board.turn
    p = s.player_boards[i]
    name = s.players[i]
    spend(s, 1)
    t.selected_design = True
    for row in b.design_rows:
        if a.id in row:
            c = row.index(a.id)
            row[c] = ""
            bonus = D.DESIGN_COLUMN_BONUS.get(D.DESIGN_COLS - 1 - c)
            break
    p.designs.append(a.id)
    ev.append(Event(type="design", text=f"{name} selects design {a.id} ({shifts_note(s)})."))
    if bonus:
        gain(s, i, {bonus: 1}, ev, "design column")


def _advanced(s: State, i: int, a: Advanced, ev: list[Event]) -> None:
    """Design (certified), select an advanced design from a stack: a book with the Design
    charger."""

    b = s.board
    t = s.board.turn
    p = s.player_boards[i]
    name = s.players[i]
    spend(s, 1)
    t.selected_design = True
    for st in b.design_stacks:
        if st and st[0] == a.id:
            st.pop(0)
            break
    p.designs.append(a.id)
    ev.append(Event(type="design", text=f"{name} selects advanced design {a.id} from a stack ({shifts_note(s)})."))
    if "design" in p.chargers:
        gain(s, i, {"book": 1}, ev, "Design charger")


def _charge(s: State, i: int, a: Charge, ev: list[Event]) -> None:
    """Administration, take a charger token (once per turn)."""

    b = s.board
    t = s.board.turn
    p = s.player_boards[i]
    name = s.players[i]
    spend(s, 1)
    t.used.append("charge")
    b.charger_supply -= 1
    p.chargers.append(a.dept)
    ev.append(
        Event(
            type="charge",
            text=f"{name} places a charger token on their {D.DEPT_NAMES[a.dept]} space: "
            f"{D.CHARGER_ABILITY[a.dept]} ({shifts_note(s)}).",
        )
    )


def _also(s: State, i: int, a: Also, ev: list[Event]) -> None:
    """Administration: the turn's shifts may also go to one other department (Assembly
    clears its full lines on arrival)."""

    t = s.board.turn
    name = s.players[i]
    t.second_dept = a.dept
    ev.append(Event(type="also", text=f"{name} also works in {D.DEPT_NAMES[a.dept]} this turn ({shifts_note(s)})."))
    if a.dept == "assembly":
        clear_full_lines(s, ev)


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
        Event(
            type="claim",
            text=f"{s.players[i]} claims the {D.MODEL_NAMES[car]} at position {a.pos} behind the "
            f"pace car for {plural(D.CLAIM_COST[a.pos - 1], 'shift')}, returning design {a.design}, into garage "
            f"{a.garage} ({shifts_note(s)}).",
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
    b.upgrade_spaces[m][a.space - 1] = pt
    src = {"part": "a part from their board", "voucher": "a parts voucher", "charger": "the R&D charger"}[a.source]
    old_value = b.part_values[pt]
    ev.append(
        Event(
            type="upgrade",
            text=f"{s.players[i]} upgrades {a.design} on {D.MODEL_NAMES[m]} upgrade space "
            f"{a.space} with {src}: +{D.UPGRADE_PP} PP ({shifts_note(s)}).",
        )
    )
    gain(s, i, D.UPGRADE_SPACES[m][a.space - 1], ev, "upgrade space")
    if a.double:
        b.part_values[pt] = min(D.PART_VALUE_MAX, b.part_values[pt] + 2)
        b.double_upgraded.append(pt)
        p.double_upgrade_used = True
        p.pp += b.part_values[pt]
        ev.append(
            Event(
                type="upgrade",
                text=f"Double upgrade: the {pt} value marker goes from {old_value} to "
                f"{b.part_values[pt]} and is flipped; {s.players[i]} gains {b.part_values[pt]} PP.",
            )
        )
    else:
        b.part_values[pt] = min(D.PART_VALUE_MAX, b.part_values[pt] + 1)
        ev.append(Event(type="upgrade", text=f"The {pt} value marker goes from {old_value} to {b.part_values[pt]}."))
    p.designs.remove(a.design)
    p.upgraded.append(a.design)
    if m in p.garages:
        p.tested.append(a.design)
        ev.append(
            Event(type="upgrade", text=f"{a.design} is a tested design ({s.players[i]} owns a {D.MODEL_NAMES[m]}).")
        )
    p.pp += D.UPGRADE_PP
    check_factory_goal(s, i, "beige", len(p.upgraded), ev)


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
    b.assembly_lines[a.model].append(a.part)
    src = "a parts voucher" if a.source == "voucher" else "their board"
    ev.append(
        Event(
            type="provide",
            text=f"{s.players[i]} provides {a.part} from {src} to the "
            f"{D.MODEL_NAMES[a.model]} line ({shifts_note(s)}).",
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
    moves = [] if dest.startswith("x") else [f"{D.MODEL_NAMES[car]} {last} to {dest}"]
    for k in range(len(chain) - 1, 0, -1):
        conv[chain[k]] = conv[chain[k - 1]]
        moves.append(f"{D.MODEL_NAMES[conv[chain[k]]]} {chain[k - 1]} to {chain[k]}")
    model = conv[chain[0]]
    conv[chain[0]] = ""
    _new_car(s, model)
    text = "Conveyor: " + ", ".join(moves) if moves else "Conveyor"
    if conv[chain[0]]:
        text += f"; a new {D.MODEL_NAMES[model]} enters at {chain[0]}"
    ev.append(Event(type="conveyor", text=text + "."))


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
        Event(
            type="exit",
            text=f"A {D.MODEL_NAMES[car]} leaves the conveyor at gate {gate[1:]}: {s.players[i]} "
            f"gains {D.EXIT_PP[gate]} PP; the car joins the test track.",
        )
    )
    if car in b.demand_tiles:
        k = b.demand_tiles.index(car)
        if b.demand_tokens[k] > 0:
            b.demand_tokens[k] -= 1
            take_generic(s, i)
            ev.append(
                Event(
                    type="speech",
                    text=f"The {D.MODEL_NAMES[car]} is in demand: {s.players[i]} takes a speech token "
                    f"({b.demand_tokens[k]} left on that tile).",
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
                    Event(
                        type="demand", text=f"New demand tile: {D.MODEL_NAMES[new]} with {plural(tok, 'speech token')}."
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
    ev.append(Event(type="draw", text=f"You draw Kanban order card {drawn}.", visible_to=[s.players[i]]))
    ev.append(
        Event(
            type="order",
            text=f"{s.players[i]} issues Kanban order {a.card} in placement {a.split}: "
            + (", ".join(added) or "nothing")
            + f" to the warehouses; banks {plural(banked, 'shift')}"
            + (" (the shift bank is full)" if banked < bank else ", usable from the end of the turn")
            + f" ({shifts_note(s)}).",
        )
    )


def done_text(s: State, i: int) -> str:
    """The end of seat ``i``'s work turn in words (Kanban EV, working: at most 4 shifts a
    turn, from the workstation then the shift bank; what was banked during the turn is
    usable from its end, [SPEC] §3): shifts spent and where from, workstation shifts left
    unused, shifts banked this turn and the bank now."""

    t = s.board.turn
    p = s.player_boards[i]
    spent, from_ws = t.spent, t.workstation_used
    out = f"{s.players[i]} ends their turn: {plural(spent, 'shift')} spent"
    if spent:
        out += (
            " (from the workstation)"
            if from_ws == spent
            else " (from the shift bank)"
            if not from_ws
            else f" ({from_ws} from the workstation, {spent - from_ws} from the shift bank)"
        )
    unused = t.workstation_shifts - from_ws
    if unused:
        out += f", {plural(unused, 'workstation shift')} left unused"
    banked = t.gained["shift"]
    out += "; " + (f"{plural(banked, 'shift')} banked this turn" if banked else "nothing banked this turn")
    return out + f" ({plural(p.banked_shifts, 'banked shift')} now)."


def end_turn(s: State, i: int, ev: list[Event]) -> None:
    """End of a work turn: R&D moves the pace car once per car claimed and closes the gaps;
    Design refills; a voucher received this turn becomes usable."""

    b = s.board
    t = b.turn
    p = s.player_boards[i]
    if "rd" in active_depts(s):
        for _ in range(t.claimed):
            advance_pace(s, ev)
        close_gaps(s)
    if t.selected_design:
        refill_designs(s)
    if p.vouchers_pending:
        keep = min(p.vouchers_pending, D.VOUCHERS_MAX - p.vouchers)
        p.vouchers += keep
        s.board.voucher_supply += p.vouchers_pending - keep  # no room on the board: back to the supply
        p.vouchers_pending = 0


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
        ev.append(Event(type="meeting", text="The pace car reaches a striped space: a meeting is called."))


# ----- Sandra -------------------------------------------------------------------------


def criterion(p: PlayerBoard, d: str) -> int:
    """What Sandra counts in department ``d`` (the aid, Sandra's evaluation)."""

    if d == "rd":
        return len(p.upgraded)
    if d == "assembly":
        return len(cars_of(p))
    if d == "logistics":
        return len(p.parts)
    if d == "design":
        return len(p.designs)
    return n_certs(p)


def sandra_turn(s: State, ev: list[Event]) -> None:
    """Sandra's turn: Mean or Nice evaluation of her department, then its task."""

    b = s.board
    d = dept_of(b.sandra)
    if d != "admin" or D.SANDRA_EVALUATES_ADMIN:
        evaluate(s, d, ev)
    if d == "rd":
        advance_pace(s, ev)
        close_gaps(s)
        ev.append(Event(type="sandra", text=f"Sandra advances the pace car to test track space {b.pace_car}."))
    elif d == "assembly":
        for m in D.MODELS:
            for pt in b.assembly_lines[m]:
                b.part_supply[pt] += 1
            b.assembly_lines[m] = []
        ev.append(Event(type="sandra", text="Sandra clears every assembly space."))
    elif d == "logistics":
        for pt in D.PARTS:
            if b.warehouses[pt] > 1:
                b.part_supply[pt] += b.warehouses[pt] - 1
                b.warehouses[pt] = 1
        ev.append(Event(type="sandra", text="Sandra cuts every warehouse down to 1 part."))
    elif d == "design":
        k = D.SANDRA_DESIGN_RETURN[len(s.players)]
        cols = k // 2
        back = []
        for r in range(2):
            for c in range(D.DESIGN_COLS - cols, D.DESIGN_COLS):
                if b.design_rows[r][c]:
                    back.append(b.design_rows[r][c])
                    b.design_rows[r][c] = ""
        _draw(s, "designs").shuffle(back)
        b.design_stacks[2] += back
        refill_designs(s)
        ev.append(Event(type="sandra", text=f"Sandra returns {len(back)} designs under the central stack."))
    else:
        end_of_week(s, ev)


def evaluate(s: State, d: str, ev: list[Event]) -> None:
    """Mean: players with the least training in ``d`` and 2 or fewer of its criterion lose
    1 + (5 - banked) PP (the track stops at 0). Nice: players with the most training and 2
    or more gain 1 PP per banked shift over 5. One public event tells who was evaluated,
    what they had and what it cost or paid."""

    di = DI[d]
    levels = [p.training[di] for p in s.player_boards]
    thing = SANDRA_COUNTS[d]
    mean = s.sandra_mode == "mean"
    level = min(levels) if mean else max(levels)
    words = []
    for i, p in enumerate(s.player_boards):
        if p.training[di] != level:
            continue
        n = criterion(p, d)
        has = f"{s.players[i]} has {plural(n, *thing)}"
        if mean:
            if n <= D.SANDRA_THRESHOLD:
                loss = 1 + max(0, D.SANDRA_BANK_PIVOT - p.banked_shifts)
                lost = min(loss, p.pp)
                p.pp -= lost
                words.append(
                    f"{has} and {plural(p.banked_shifts, 'banked shift')}: loses 1 + "
                    f"{max(0, D.SANDRA_BANK_PIVOT - p.banked_shifts)} = {lost} PP"
                )
            else:
                words.append(f"{has}: no penalty")
        else:
            if n >= D.SANDRA_THRESHOLD:
                win = max(0, p.banked_shifts - D.SANDRA_BANK_PIVOT)
                p.pp += win
                words.append(f"{has} and {plural(p.banked_shifts, 'banked shift')}: gains {win} PP")
            else:
                words.append(f"{has}: no reward")
    who = "least" if mean else "most"
    ev.append(
        Event(
            type="sandra",
            text=f"{'Mean' if mean else 'Nice'} Sandra evaluates {D.DEPT_NAMES[d]} "
            f"({who} training there: {level}; {'2 or fewer' if mean else '2 or more'} {thing[1]}): "
            + "; ".join(words)
            + ".",
        )
    )


#: What Sandra counts per department, singular and plural (for event texts).
SANDRA_COUNTS = {
    "rd": ("upgraded design", "upgraded designs"),
    "assembly": ("car in their garages", "cars in their garages"),
    "logistics": ("car part on their board", "car parts on their board"),
    "design": ("design on their board", "designs on their board"),
    "admin": ("certification", "certifications"),
}


def end_of_week(s: State, ev: list[Event]) -> None:
    """End-of-week scoring: per car in your garages, +1 PP per upgrade anyone made to that
    model and +1 PP per tested design of yours of that model; week marker +1."""

    b = s.board
    for i, p in enumerate(s.player_boards):
        total = 0
        for car in cars_of(p):
            total += sum(1 for x in b.upgrade_spaces[car] if x)
            total += sum(1 for x in p.tested if model_of(x) == car)
        p.pp += total
        ev.append(
            Event(
                type="week",
                text=f"End-of-week scoring: {s.players[i]} scores {total} PP for "
                f"{plural(len(cars_of(p)), 'car')} (1 per upgrade of its model, 1 per own tested design of it).",
            )
        )
    b.week = min(D.WEEK_MAX, b.week + 1)
    ev.append(Event(type="week", text=f"The week marker moves to {b.week}."))


def _end_work_phase(s: State, ev: list[Event]) -> None:
    b = s.board
    b.turn = None
    if b.meeting_marker:
        start_meeting(s, ev)
        return
    end_of_day(s, ev)


def game_end_triggered(b: Board) -> bool:
    """Week 2 + cycle 3, or week 3 + cycle 2 (read as "at least", per [ENG])."""

    return (b.week >= 2 and b.cycle >= 3) or (b.week >= 3 and b.cycle >= 2)


def end_of_day(s: State, ev: list[Event]) -> None:
    if game_end_triggered(s.board):
        final_scoring(s, ev)
        return
    start_day(s, ev)


# ----- meetings -------------------------------------------------------------------------


def start_meeting(s: State, ev: list[Event]) -> None:
    """Kanban EV, meeting: the phase starts, in certification order. Each player is also
    told privately which goals they may play (``meeting-hand``: the host sends their hand
    with it, so everyone has their hand at every meeting)."""

    b = s.board
    s.phase = "meeting"
    b.order = cert_order(s)
    b.turn_index = 0
    b.current_meeting = Meeting(played=[""] * len(s.players), spoken={}, passes=0, played_now=False)
    ev.append(
        Event(
            type="meeting",
            text="Meeting! In certification order each player plays one performance goal "
            "(once), speaks on goals with speech tokens, or passes; it ends when everyone passes in a row. "
            "Goals in the room: " + ", ".join(goal_text(g) for g in b.meeting_room) + ".",
        )
    )
    for i in b.order:
        goals = s.player_boards[i].goals
        text = (
            f"A meeting begins: on your turn play one of your performance goals ({', '.join(goals)}), "
            "then speak or pass."
            if goals
            else "A meeting begins: you hold no performance goal; on your turn speak or pass."
        )
        ev.append(Event(type="meeting-hand", text=text, visible_to=[s.players[i]]))


def goal_count(s: State, i: int, g: str) -> int:
    """How many of what performance goal ``g`` counts seat ``i`` has."""

    kind, arg, _, _ = D.PERFORMANCE_GOALS[g]
    return count(s, i, kind, arg)


def count(s: State, i: int, kind: str, arg: str) -> int:
    """Counters used by performance and final goals."""

    p = s.player_boards[i]
    cars = cars_of(p)
    if kind == "cars":
        return len(cars)
    if kind == "models":
        return len(set(cars))
    if kind == "model":
        return cars.count(arg)
    if kind == "upgraded_part":
        return sum(1 for x in p.upgraded if part_of(x) == arg)
    if kind == "upgraded":
        return len(p.upgraded)
    if kind == "tested":
        return len(p.tested)
    if kind == "stored":
        a, c = arg.split("+")
        return sum(1 for x in p.parts if x in (a, c))
    if kind == "garages":
        a, c = (int(x) - 1 for x in arg.split("+"))
        return (1 if p.garages[a] else 0) + (1 if p.garages[c] else 0)
    if kind == "certified":
        return 1 if certified(p, arg) else 0
    if kind == "designs":
        return len(p.designs)
    if kind == "books":
        return p.books
    if kind == "certs":
        return n_certs(p)
    if kind == "parts":
        return len(p.parts)
    if kind == "banked":
        return p.banked_shifts
    if kind == "speech":
        return p.speech_tokens
    if kind == "cars_one_model":
        return max([cars.count(m) for m in D.MODELS])
    if kind == "upgraded_distinct_parts":
        return len({part_of(x) for x in p.upgraded})
    if kind == "upgraded_same_part":
        return max([0] + [sum(1 for x in p.upgraded if part_of(x) == pt) for pt in D.PARTS])
    if kind == "experts":
        return n_experts(p)
    if kind == "tested_distinct_parts":
        return len({part_of(x) for x in p.tested})
    raise KeyError(kind)


def final_achieved(s: State, i: int, test: str, arg: str, threshold: int) -> bool:
    p = s.player_boards[i]
    if test == "certified_both":
        return all(certified(p, d) for d in arg.split("+"))
    if test == "certs_at_most":
        return n_certs(p) <= threshold
    if test == "experts_at_most":
        return n_experts(p) <= threshold
    return count(s, i, test, arg) >= threshold


def _apply_meeting(s: State, i: int, a: Any, ev: list[Event]) -> None:
    """Meeting turn: play a goal (once per meeting) and/or speak on one; or pass."""

    b = s.board
    m = b.current_meeting
    p = s.player_boards[i]
    name = s.players[i]
    if isinstance(a, Play):
        p.goals.remove(a.goal)
        m.played[i] = a.goal
        m.played_now = True
        ev.append(Event(type="play", text=f"{name} plays performance goal {goal_text(a.goal)}."))
        return
    if isinstance(a, Speak):
        spoken = m.spoken.setdefault(a.goal, [])
        _, _, value, icons = D.PERFORMANCE_GOALS[a.goal]
        icon = icons - len(spoken)
        spoken.append(i)
        p.speech_tokens -= 1
        have = goal_count(s, i, a.goal)
        pts = value * min(icon, have)
        p.pp += pts
        ev.append(
            Event(
                type="speak",
                text=f"{name} speaks on {goal_text(a.goal)}: speech icon {icon}, has {have}, "
                f"scores {value} x {min(icon, have)} = {pts} PP ({plural(p.speech_tokens, 'speech token')} left).",
            )
        )
        m.passes = 0
    elif isinstance(a, Done):
        m.passes = 0
        ev.append(Event(type="speak", text=f"{name} ends their meeting turn."))
    else:
        m.passes += 1
        ev.append(Event(type="pass", text=f"{name} passes ({m.passes} of {len(s.players)} passes in a row)."))
    m.played_now = False
    if m.passes >= len(s.players):
        _meeting_cleanup(s, ev)
        return
    b.turn_index = (b.turn_index + 1) % len(b.order)


def _nominate(s: State, i: int, a: Nominate, ev: list[Event]) -> bool:
    """After a meeting, seat ``i`` puts one of their goals face down in the meeting room;
    True once everyone has (the room is then revealed and refilled)."""

    b = s.board
    s.player_boards[i].goals.remove(a.goal)
    b.nominations[i] = a.goal
    ev.append(Event(type="nominate", text=f"{s.players[i]} puts a goal face down in the meeting room."))
    if all(b.nominations):
        _finish_meeting(s, ev)
        return True
    return False


def _meeting_cleanup(s: State, ev: list[Event]) -> None:
    """After the meeting: spent tokens stay off the boards, generic tokens are swapped for own
    tokens where spaces are free (ASSUMED: always), goals are discarded; then nominations."""

    b = s.board
    m = b.current_meeting
    for p in s.player_boards:
        while p.generic_tokens > 0 and p.speech_tokens < speech_slots(p):
            p.generic_tokens -= 1
            p.speech_tokens += 1
            b.generic_supply += 1
    b.goal_discard += [g for g in m.played if g]
    if D.DISCARD_WHOLE_ROOM:
        b.goal_discard += b.meeting_room
        b.meeting_room = []
    b.current_meeting = None
    b.nominations = [""] * len(s.players)
    s.phase = "nominate"
    ev.append(Event(type="meeting", text="The meeting is over; each player nominates a goal for the room."))


def _deal_goal(s: State) -> str | None:
    b = s.board
    if not b.goal_deck:
        if not b.goal_discard:
            return None
        b.goal_deck = b.goal_discard
        b.goal_discard = []
        _draw(s, "goals").shuffle(b.goal_deck)
    return b.goal_deck.pop(0)


def _finish_meeting(s: State, ev: list[Event]) -> None:
    """Reveal nominations, 2-3P fill the room to 4, deal 2 goals each, meeting marker back,
    production cycle +1 (then the day ends: :func:`end_of_day`)."""

    b = s.board
    for i in cert_order(s):
        b.meeting_room.append(b.nominations[i])
    b.nominations = [""] * len(s.players)
    if len(s.players) < 4:
        while len(b.meeting_room) < D.MEETING_ROOM:
            g = _deal_goal(s)
            if g is None:
                break
            b.meeting_room.append(g)
    for i in cert_order(s):
        dealt = []
        for _ in range(2):
            g = _deal_goal(s)
            if g is not None:
                s.player_boards[i].goals.append(g)
                dealt.append(g)
        ev.append(
            Event(
                type="draw", text="You are dealt performance goals " + ", ".join(dealt) + ".", visible_to=[s.players[i]]
            )
        )
    b.meeting_marker = False
    b.cycle = min(D.CYCLE_MAX, b.cycle + 1)
    ev.append(
        Event(
            type="meeting",
            text="Meeting room now: "
            + ", ".join(goal_text(g) for g in b.meeting_room)
            + f". The meeting marker returns; production cycle {b.cycle}.",
        )
    )


# ----- final scoring -----------------------------------------------------------------------


def final_scoring(s: State, ev: list[Event]) -> None:
    """Final scoring in the aid's order; the breakdown is kept in ``b.final_scores``."""

    b = s.board
    result = {}
    rank_pp = training_scores(s)
    for i, p in enumerate(s.player_boards):
        items: dict[str, int] = {}
        # final goal: 1 speech token (own or generic) per achievement, best first
        achieved = sorted(
            (pp for test, arg, th, pp in D.FINAL_GOALS[b.final_goal] if final_achieved(s, i, test, arg, th)),
            reverse=True,
        )
        tokens = p.speech_tokens + p.generic_tokens
        use = achieved[:tokens]
        items["final_goal"] = sum(use)
        spent = len(use)
        from_generic = min(spent, p.generic_tokens)
        p.generic_tokens -= from_generic
        b.generic_supply += from_generic
        p.speech_tokens -= spent - from_generic
        items["leftovers"] = p.banked_shifts + p.speech_tokens + p.generic_tokens + p.books + p.vouchers
        items["cars"] = sum(D.CAR_VALUE[c] for c in cars_of(p))
        items["training"] = rank_pp[i]
        items["tested"] = sum(b.part_values[part_of(x)] for x in p.tested)
        items["chargers"] = len(p.chargers) * len(cars_of(p))
        total = sum(items.values())
        p.pp += total
        items["total"] = p.pp
        result[s.players[i]] = items
        ev.append(
            Event(
                type="final",
                text=f"{s.players[i]} final scoring: "
                + ", ".join(f"{FINAL_LABELS[k]} {v}" for k, v in items.items() if k != "total")
                + f"; total {p.pp} PP.",
            )
        )
    b.final_scores = result
    s.phase = "over"
    b.order = []
    b.turn_index = 0
    # the ranking itself is the host's (resigned players last), said once under the events
    ev.append(Event(type="over", text="Game over."))


FINAL_LABELS = {
    "final_goal": "final goal",
    "leftovers": "banked shifts, speech tokens, books and vouchers",
    "cars": "cars",
    "training": "training tracks",
    "tested": "tested designs",
    "chargers": "charger tokens x cars",
}


def training_scores(s: State) -> list[int]:
    """Training tracks: 5/3/1 PP for 1st/2nd/3rd per department; nobody on the start space
    scores; ties on a space go to the disc placed later (higher in the stack)."""

    out = [0] * len(s.players)
    for di in range(5):
        ranked = sorted(
            (i for i, p in enumerate(s.player_boards) if p.training[di] > 0),
            key=lambda i: (-s.player_boards[i].training[di], -s.player_boards[i].training_stamps[di]),
        )
        for place, i in enumerate(ranked[:3]):
            out[i] += D.TRAINING_FINAL_PP[place]
    return out


def ranking(s: State) -> list[list[str]]:
    """Most PP; ties: most cars, then most tested designs, then most banked shifts; shared."""

    def key(i: int):
        p = s.player_boards[i]
        return (p.pp, len(cars_of(p)), len(p.tested), p.banked_shifts)

    order = sorted(range(len(s.players)), key=key, reverse=True)
    tiers: list[list[str]] = []
    last = None
    for i in order:
        k = key(i)
        if k == last:
            tiers[-1].append(s.players[i])
        else:
            tiers.append([s.players[i]])
        last = k
    return tiers
