"""Kanban EV, setup (the aid, "setup"): the board and player boards from the seed, then
the players' own set-up choices (garage tiles, certification space, a part and a design)."""

from __future__ import annotations

import itertools
from types import SimpleNamespace
from typing import Any

from engines.base import Event, event, rng
from engines.i18n import Code

from .. import data as D
from ..actions import Arrange, ChooseGarages, Pick, cert_, garages_, pick_
from ..state import Board, Options, PlayerBoard, State
from .common import DESK, cert_order, gain
from .design import _remove_design_from_board, refill_designs
from .words import T, garage_tile, part


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
            return [garages_("basic"), garages_("expert")]
        names = D.GARAGE_TILE_IDS[p.garage_set]
        return [Arrange(tiles=[names[k] for k in perm]) for perm in itertools.permutations(range(4))]
    if ph == "cert_setup":
        taken = {q.certification for q in s.player_boards}
        return [cert_(k + 1) for k in range(4) if k not in taken]
    if b.setup_pick == "part":
        out = [pick_(pt) for pt in D.PARTS if b.warehouses[pt] > 0]
        return out or [pick_("none")]
    ids = [d for row in b.design_rows for d in row if d] + [st[0] for st in b.design_stacks if st]
    return [pick_(d) for d in ids]


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
            ev.append(
                event(
                    type="setup",
                    text=(
                        T("{seat} takes the basic garage tiles.", seat=name)
                        if a.set == "basic"
                        else T("{seat} takes the expert garage tiles.", seat=name)
                    ),
                )
            )
            return False
        names = D.GARAGE_TILE_IDS[p.garage_set]
        p.garage_tiles = [names.index(x) for x in a.tiles] + [4]
        ev.append(
            event(
                type="setup",
                text=T("{seat} arranges garages 1-4: {tiles}.", seat=name, tiles=[garage_tile(x) for x in a.tiles]),
            )
        )
        if all(q.garage_tiles for q in s.player_boards):
            s.phase = "cert_setup"
            b.turn_index = 0
        return False
    if ph == "cert_setup":
        p.certification = a.space - 1
        ev.append(
            event(type="setup", text=T("{seat} starts on certification space {space}.", seat=name, space=a.space))
        )
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
        ev.append(
            event(
                type="setup",
                text=T("{seat} picks {part}.", seat=s.players[i], part=part(a.item) if a.item != "none" else T("none")),
            )
        )
        b.setup_pick = "design"
        return False
    _remove_design_from_board(s, a.item)
    p.designs.append(a.item)
    ev.append(event(type="setup", text=T("{seat} picks design {design}.", seat=s.players[i], design=Code(a.item))))
    b.setup_pick = "part"
    b.turn_index += 1
    if b.turn_index >= len(s.players):
        refill_designs(s)
        return True
    return False
