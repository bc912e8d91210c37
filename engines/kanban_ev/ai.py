"""A Kanban EV policy that plays a simple economy: claim cars, upgrade, collect the parts and
designs that feed those, certify, and keep enough banked shifts to dodge Mean Sandra.

Cheap rule-based scoring of each legal action (no look-ahead), ties broken by ``rng``.
"""

from __future__ import annotations

import random

from . import data as D
from . import rules as R


class KanbanAI:
    def __init__(self, engine) -> None:
        self.engine = engine

    def choose(self, state, player: str, rnd: random.Random):
        """Kanban EV AI: the legal action with the best heuristic score."""

        i = state.players.index(player)
        legal = R.legal(state, i)
        best, best_v = None, None
        for a in legal:
            v = self.score(state, i, a) + rnd.random() * 0.01
            if best_v is None or v > best_v:
                best, best_v = a, v
        return best

    def score(self, s, i: int, a) -> float:
        b = s.board
        p = s.player_boards[i]
        k = a.type
        if k == "garages":
            return 1.0 if a.set == "basic" else 0.0
        if k == "arrange":
            return 0.0
        if k == "cert":
            sec = R.n_certs(p) if s.phase == "work" else 0
            ben = D.CERT_TRACK[sec][a.space - 1]
            return _benefit(ben) + a.space * 0.3
        if k == "pick":
            if a.item in D.PARTS or a.item == "none":
                return 1.0
            return _design_value(s, i, a.item)
        if k == "place":
            return _place_value(s, i, a)
        if k == "award":
            return {"pp2": 2, "shift": 1.5, "voucher": 1.6, "book": 1.2}[a.kind]
        if k == "route":
            return D.EXIT_PP.get(a.node, 0.5)
        if k == "done":
            return 0.0
        if k == "train":
            d = a.dept
            lvl = p.training[R.DI[d]]
            base = 2.5 if lvl < D.CERTIFIED_AT else 1.2
            if a.pay == "book":
                base += 0.5
            else:
                base -= 0.6
            return base
        if k == "also":
            # go where there is something to do
            return {"rd": 2.0, "assembly": 1.0, "logistics": 1.5, "design": 1.2}[a.dept]
        if k == "claim":
            cost = D.CLAIM_COST[a.pos - 1]
            blank = 0.5 if a.design.endswith("blank") else 0.0
            return (
                8.0
                + D.CAR_VALUE[b.behind_pace_car[a.pos - 1]] * 0.5
                - cost
                + blank
                + _benefit(D.GARAGE_TILES[p.garage_set][p.garage_tiles[a.garage - 1]]) * 0.3
                - a.garage * 0.01
            )
        if k == "upgrade":
            m = a.design.split("-")[0]
            v = 6.0 + _benefit(D.UPGRADE_SPACES[m][a.space - 1])
            if m in p.garages:
                v += 1.5
            if a.source == "part":
                v += 0.3
            elif a.source == "charger":
                v += 0.6
            if a.double:
                v += 3.0
            return v
        if k == "provide":
            return 3.0 + (0.3 if a.source == "part" else -1.0)
        if k == "order":
            return 3.5 + (0.5 if p.banked_shifts < 5 else 0)
        if k == "take":
            want = sum(1 for d in p.designs if d.split("-")[1] == a.part)
            return 2.0 + a.count * 0.6 + want
        if k == "voucher":
            return 2.5
        if k in ("design", "advanced"):
            return 2.0 + _design_value(s, i, a.id) + (0.6 if k == "design" and _col_bonus(s, a.id) else 0)
        if k == "charge":
            pri = {"rd": 3.0, "logistics": 2.6, "admin": 2.0, "design": 1.5, "assembly": 1.0}
            return 3.0 + pri[a.dept] * 0.3
        if k == "recycle":
            want = sum(1 for d in p.designs if d.split("-")[1] == a.get)
            have = sum(1 for d in p.designs if d.split("-")[1] == a.give)
            return -0.5 + (1.0 if want and not have else 0)
        if k == "play":
            _, _, val, icons = D.PERFORMANCE_GOALS[a.goal]
            return 1.0 + val * min(icons, R.goal_count(s, i, a.goal)) * 0.1
        if k == "speak":
            _, _, val, icons = D.PERFORMANCE_GOALS[a.goal]
            spoken = b.current_meeting.spoken.get(a.goal, [])
            icon = icons - len(spoken)
            return val * min(icon, R.goal_count(s, i, a.goal)) * 0.5
        if k == "pass":
            return 0.1
        if k == "nominate":
            _, _, val, icons = D.PERFORMANCE_GOALS[a.goal]
            return -val * min(icons, R.goal_count(s, i, a.goal))
        return 0.0


def _benefit(ben: dict) -> float:
    w = {"pp": 1.0, "shift": 1.2, "book": 1.0, "voucher": 1.3, "speech": 1.5}
    return sum(w[k] * v for k, v in ben.items())


def _col_bonus(s, des: str) -> bool:
    for row in s.board.design_rows:
        if des in row:
            return row.index(des) >= D.DESIGN_COLS - 2
    return False


def _design_value(s, i: int, des: str) -> float:
    p = s.player_boards[i]
    m, pt = des.split("-")
    v = 0.5
    if pt != "blank" and pt in p.parts:
        v += 1.0
    if m in s.board.behind_pace_car:
        v += 1.0
    if pt == "blank":
        v -= 0.3
    return v


def _place_value(s, i: int, a) -> float:
    p = s.player_boards[i]
    b = s.board
    d = a.dept
    shifts = D.WORKSTATION_SHIFTS[d][a.station - 1]
    v = shifts * 0.5
    cars_ready = any(c for c in b.behind_pace_car) and any(x.split("-")[0] in b.behind_pace_car for x in p.designs)
    upgradable = any(x.split("-")[1] in p.parts and x.split("-")[1] != "blank" for x in p.designs)
    if d == "rd":
        v += (3.0 if cars_ready else 0) + (2.5 if upgradable else 0)
    elif d == "assembly":
        v += 1.0 + (1.0 if p.parts else 0)
    elif d == "logistics":
        v += 2.0 + (1.0 if sum(b.warehouses.values()) >= 3 else 0) + (1.0 if p.banked_shifts < 4 else 0)
    elif d == "design":
        v += 2.5 if len(p.designs) < 2 else 0.5
    else:
        v += 1.5
    return v
