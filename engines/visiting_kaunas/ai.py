"""Visiting Kaunas AI: a one-step greedy player.

It never looks at hidden things (face-down event cards, deck orders, other players'
drawn upgrades): a face-down card is valued as the average of the cards not in sight of
that level. Buying weighs a building's earning power against its price; dice go where
the simulated tourist income (own gain minus a share of the others') is highest.
"""

from __future__ import annotations

import random
import threading
from typing import Any

from . import data as D
from . import rules as R
from .actions import (
    Build,
    Choose,
    Column,
    Cover,
    Decline,
    Draw,
    Event,
    Fire,
    Grande,
    Penalty,
    Recall,
    Reveal,
    Row,
    Ship,
    Skip,
    Take,
    Tourist,
    UpgradeTake,
    Use,
)

OTHERS_WEIGHT = 0.5


def building_value(bid: str) -> float:
    """Rough earning power of a building: Σ capacity × price over open zones, scaled."""

    if bid == "park" or not bid:
        return -4.0
    return sum(c * p for c, p in D.BUILDINGS[bid].zones.values()) / 2.0


class KaunasAI:
    """``choose(state, player, rng) -> Action``: the best action by the heuristics above."""

    def __init__(self, engine: Any):
        self.engine = engine
        # the event values of the current call, per thread (AI moves of several tables may
        # be chosen at once in worker threads with the same engine's policy)
        self._local = threading.local()

    @property
    def _memo(self) -> dict:
        return self._local.memo

    def choose(self, state: Any, player: str, rnd: random.Random) -> Any:
        H, eng = R, self.engine
        legal = eng.legal_actions(state, player)
        if len(legal) == 1:
            return legal[0]
        self._local.memo = {}
        scored = [(self._score(H, eng, state, player, a), i) for i, a in enumerate(legal)]
        best = max(sc for sc, _ in scored)
        ties = [legal[i] for sc, i in scored if sc >= best - 1e-9]
        return ties[0] if len(ties) == 1 else rnd.choice(ties)

    # ------------------------------------------------------------------ scoring
    def _score(self, H: Any, eng: Any, s: Any, p: str, a: Any) -> float:
        me = s.pl[p]
        lvl = H.level(s)
        if isinstance(a, Ship):
            r, c = (me.row, a.to - 1) if a.edge == "top" else (a.to - 1, me.column)
            dist = abs((a.to - 1) - (me.column if a.edge == "top" else me.row))
            return building_value(s.grid[r][c]) - dist * lvl * 1.2
        if isinstance(a, (Build, Take)):
            shorter = 0 if len(me.street[0]) <= len(me.street[1]) else 1
            base = 1.0 if H.SIDES.index(a.row) == shorter else 0.0
            if isinstance(a, Take):
                r, c = s.offers[p]
                return base + building_value(s.grid[r][c]) - D.OTHERS_FACTOR * lvl * 1.2
            return base
        if isinstance(a, Decline):
            return 0.0
        if isinstance(a, (Event, Use)):
            return self._assign_score(H, eng, s, p, a)
        if isinstance(a, Penalty):
            return float(self._face_down_value(H, s, p, a.card, "morning", 3))
        if isinstance(a, Fire):
            return 100.0
        if isinstance(a, Skip):
            return 0.0
        if isinstance(a, Grande):
            return H.price(me, a.to, a.zone) * 2 + (1.0 if a.to.endswith("1") else 0.0)
        if isinstance(a, Row):
            return building_value(s.grid[a.row - 1][me.column]) + 0.1
        if isinstance(a, Column):
            return building_value(s.grid[me.row][a.column - 1]) + 0.1
        if isinstance(a, (UpgradeTake, Choose)):
            return self._upgrade_value(H, me, a.card, a.building) + (0.5 if isinstance(a, UpgradeTake) else 0)
        if isinstance(a, Draw):
            return 1.0 + a.count * 0.1
        if isinstance(a, (Reveal, Recall)):
            return -0.5
        if isinstance(a, Cover):
            return 0.0
        if isinstance(a, Tourist):
            z = s.move_zone
            if a.to == "out":
                return -1.0
            pay = H.price(me, a.to, z) * (2 if a.source == "grande" else 1)
            # prefer filling from the supply, and moving tourists that are furthest left
            bonus = 0.3 if a.source == "supply" else 0.0
            return pay + bonus
        return 0.0

    def _upgrade_value(self, H: Any, me: Any, u: str, lab: str) -> float:
        up = D.UPGRADES[u]
        bid = H.building_type(me, lab)
        total = 0.0
        for z in up.zones:
            base = D.BUILDINGS[bid].zones.get(z)
            if base is None:
                continue
            total += up.capacity * base[1] + up.price * base[0]
        return total

    def _gain(self, H: Any, pl: Any, card: str, zone: str, n: int) -> int:
        """Income of ``pl`` from ``card`` in ``zone`` moving ``n`` tourists greedily."""

        if zone not in D.EVENTS[card].zones:
            return 0
        if not H.tourist_moves(pl, card, zone):
            return 0
        pl = pl.model_copy(update={"tourists": dict(pl.tourists), "lying": {}, "grande_moved": False})
        total = 0
        for _ in range(n):
            moves = H.tourist_moves(pl, card, zone)
            if not moves:
                break
            best = max(
                moves, key=lambda m: -1 if m[1] == "out" else H.price(pl, m[1], zone) * (2 if m[0] == "grande" else 1)
            )
            src, to = best
            if src == "supply":
                pl.supply -= 1
            elif src != "grande":
                k = f"{src}:{zone}"
                pl.tourists[k] -= 1
            if to == "out":
                continue
            if src == "grande":
                pl.grande, pl.grande_moved = f"{to}:{zone}", True
                total += H.price(pl, to, zone) * 2
            else:
                k = f"{to}:{zone}"
                pl.lying[k] = pl.lying.get(k, 0) + 1
                total += H.price(pl, to, zone)
        return total

    def _event_value(self, H: Any, s: Any, p: str, card: str, zone: str, n: int) -> float:
        key = (card, zone, n)
        if key not in self._memo:
            self._memo[key] = self._event_value_raw(H, s, p, card, zone, n)
        return self._memo[key]

    def _event_value_raw(self, H: Any, s: Any, p: str, card: str, zone: str, n: int) -> float:
        mine = self._gain(H, s.pl[p], card, zone, n)
        others = [self._gain(H, s.pl[q], card, zone, n) for q in s.players if q != p]
        return mine - OTHERS_WEIGHT * (max(others) if others else 0)

    def _face_down_value(self, H: Any, s: Any, p: str, pos: str, zone: str, n: int) -> float:
        """Average over the unseen cards of that level (the AI does not peek)."""

        j = H.DOWN.index(pos)
        lvl = D.EVENTS[s.down[j]].level
        seen = {c for st in s.up for c in st} | set(s.discard)
        pool = [e.id for e in D.EVENTS.values() if e.level == lvl and e.id not in seen]
        if not pool:
            return 0.0
        vals = [self._event_value(H, s, p, c, zone, n) for c in pool]
        return sum(vals) / len(vals) + s.stakes.get(s.down[j], 0)

    def _assign_score(self, H: Any, eng: Any, s: Any, p: str, a: Any) -> float:
        me = s.pl[p]
        unassigned = [d for d in s.dice if not d.use]
        any_event = any(d.use == "event" for d in s.dice)
        last = len(unassigned) == 1
        v = a.die
        # assign the highest die first: make lower dice's choices worth a little less
        order_bias = v * 0.01
        if isinstance(a, Event):
            if a.card.startswith("up"):
                cid = s.up[H.UP.index(a.card)][-1]
                return self._event_value(H, s, p, cid, a.zone, v) + order_bias
            return self._face_down_value(H, s, p, a.card, a.zone, v) + order_bias
        # Use
        val = 0.0
        if v == 6:
            t = H.grande_targets(me)
            val = max((H.price(me, lab, z) * 2 for lab, z in t), default=0)
        elif v == 5:
            val = max(
                (building_value(s.grid[r][me.column]) for r in range(len(s.grid)) if s.grid[r][me.column]), default=0
            )
        elif v == 4:
            val = max(
                (building_value(s.grid[me.row][c]) for c in range(len(s.grid[0])) if s.grid[me.row][c]), default=0
            )
        elif v == 3:
            val = 2.0
        if last and not any_event:
            val -= min(me.coins, H.longest_row(me))
        return max(val, 0.0) + order_bias
