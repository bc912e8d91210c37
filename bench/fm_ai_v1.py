"""Factory Manager AI, version 1 (kept as the head-to-head baseline for the current AI): a heuristic that plans income.

The core is :func:`best_setting`, which finds a good phase-4 on/off setting of a factory
(maximise 10 × min(production, storage) − energy × price subject to the staffing and
robot limits of Factory Manager §4), and :func:`plan_value`, the expected profit of a
factory over the remaining rounds (expected energy price per round from the energy tiles
not yet revealed, round 5 doubled). Every decision compares plan values:

* phase 1: choose the tile with the largest discount and open at 0; never raise; the last
  seat takes its tile for 0;
* phase 2: place the column's cheapest tile that adds most to the own plan (else the one
  worth least);
* phase 3: buy (or replace by demolishing first) the tile or pair of tiles with the largest
  plan gain minus price; hire temporary workers when the extra canteen staff pays;
* phase 4: switch tiles off/on one at a time towards the best setting, then ``done``.

Everything else is the current AI's (:class:`engines.factory_manager.ai.FactoryManagerAI`:
its valuation helpers, ``choose``, the phase-1 opening, hiring and phase 4): only the
market and purchase policy that differ are kept here, and phase 1 never raises.
"""

from __future__ import annotations

from engines.factory_manager import data as D
from engines.factory_manager.actions import DONE, buy_, demolish_
from engines.factory_manager.ai import FactoryManagerAI, plan_value
from engines.factory_manager.rules import installed

TILES = D.TILES


class FactoryManagerAIv1(FactoryManagerAI):
    """The previous AI: ``choose(state, player, rng) -> Action``."""

    RAISE_KEEP = 0  # phase 1: open at 0, never raise
    DENY = False  # phase 2 does not place to deny the rivals (its own _market below)

    def _gain(self, state, p, base_tiles: list[str], base_value: float, tid: str, cost: int):
        """Best way to add ``tid``: ``(gain, demolish_or_None, where)``; gain = plan value
        change − cost − space fee."""

        hall, hall2 = len(p.hall), len(p.hall2)
        sp = self._space(p, tid, base_tiles, hall, hall2, p.money)
        best = (-1e9, None, None)
        if sp is not None:
            where, fee = sp
            if p.money >= cost + fee:
                g = plan_value(base_tiles + [tid], state) - base_value - cost - fee
                best = (g, None, where)
        else:
            kind = TILES[tid].kind
            for x in base_tiles:
                kx = TILES[x].kind
                if kind in D.ROOM_KINDS:
                    if kx != kind:
                        continue
                    where = "room"
                elif kx in D.ROOM_KINDS:
                    continue
                else:
                    where = "hall1" if x in p.hall else "hall2"
                if p.money < cost:
                    continue
                rest = [y for y in base_tiles if y != x]
                g = plan_value(rest + [tid], state) - base_value - cost - 1.0
                if g > best[0]:
                    best = (g, x, where)
        return best

    def _market(self, state, p, legal):
        tiles = installed(p)
        base = plan_value(tiles, state)
        best = None
        worst = None
        for a in legal:
            if a.type != "place":
                continue
            tid = state.columns[a.kind][0]
            cost = max(0, TILES[tid].price - D.DISCOUNT[p.tile])
            g = self._gain(state, p, tiles, base, tid, cost)[0]
            if best is None or g > best[0]:
                best = (g, a)
            if worst is None or g < worst[0]:
                worst = (g, a)
        if state.in_extras:
            if best is not None and best[0] > 0:
                return best[1]
            return DONE
        if best is not None and best[0] > 0:
            return best[1]
        return worst[1] if worst else legal[0]

    def _buy(self, state, p, legal, tiles: list[str], base: float):
        """Phase 3, version 1: the single tile (or the demolition that makes room for it)
        with the largest plan gain minus price, or a pair that pays only together."""

        disc = D.DISCOUNT[p.tile]
        cands = []
        for tid in state.market:
            cost = max(0, TILES[tid].price - disc)
            if cost > p.money:
                continue
            g, x, where = self._gain(state, p, tiles, base, tid, cost)
            cands.append((g, tid, x, where, cost))
        cands.sort(key=lambda c: -c[0])
        best = cands[0] if cands and cands[0][0] > 0 else None
        # pairs: a tile that only pays together with another (machine + storage)
        workers = p.available
        if workers >= 2:
            top = [c for c in cands if c[2] is None][:8]
            for a_i in range(len(top)):
                for b_i in range(a_i + 1, len(top)):
                    ca, cb = top[a_i], top[b_i]
                    if ca[4] + cb[4] > p.money:
                        continue
                    if TILES[ca[1]].kind in D.ROOM_KINDS and TILES[ca[1]].kind == TILES[cb[1]].kind:
                        continue
                    hall_need = sum(1 for c in (ca, cb) if TILES[c[1]].kind in D.HALL_KINDS)
                    free = D.HALL1_SPACES - len(p.hall)
                    fee = 0
                    if hall_need > free:
                        extra = hall_need - free
                        if len(p.hall2) + extra > D.HALL2_SPACES:
                            continue
                        fee = D.HALL2_FEE * max(0, len(p.hall2) + extra - p.hall2_paid)
                    if ca[4] + cb[4] + fee > p.money:
                        continue
                    g = plan_value(tiles + [ca[1], cb[1]], state) - base - ca[4] - cb[4] - fee
                    if g > 0 and (best is None or g > best[0] + 0.5):
                        first = ca if ca[0] >= cb[0] else cb
                        best = (g, first[1], None, first[3], first[4])
        if best is not None:
            g, tid, x, where, cost = best
            if x is not None:
                return demolish_(x)
            a = buy_(tid, where)
            if a in legal:
                return a
        return None
