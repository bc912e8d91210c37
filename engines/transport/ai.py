"""A greedy one-turn look-ahead AI for Transport.

Every decision is scored by what it leads to by the end of the AI's own turn: the parcel move
the AI will make afterwards (its best one), then a position value

    10 * (own side's points - best other side's points) - 2 * (all other sides' points)
    - 6 * (points the next players could score with one parcel move)
    + 3 * (points the AI's side could score with one parcel move next time).

Connecting a tile far (more than 4 tiles) from every parcel cannot change any parcel move,
so those placements share one value and are told apart by small tie-breakers. The AI never
looks at hidden information: the bag's next parcel is unknown to it (a typical parcel stands
in), and it does not read the stack or other hands.
"""

from __future__ import annotations

import random

from engines.transport import hexes as hx
from engines.transport import rules as R
from engines.transport.hexes import grid_of, parse_key

PROXY_PARCEL = {False: (3, 2), True: (2, 3)}  # (top, bottom) of a typical new parcel: 2-3 p / 4 p


def hex_distance(a, b) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


class TransportAI:
    """``choose(state, player, rnd) -> Action``: the best action by the look-ahead above."""

    def __init__(self, engine):
        self.engine = engine

    # ----- evaluation ------------------------------------------------------------------
    def _sides(self, state, player):
        """(my colours, list of other sides' colour lists, points per side (mine first))."""

        mine = R.team_of(state, player)
        others = []
        seen = set(mine)
        for p in state.players:
            if p not in seen:
                team = R.team_of(state, p)
                seen.update(team)
                others.append(team)
        colour = {p: state.colours[i] for i, p in enumerate(state.players)}
        return [colour[p] for p in mine], [[colour[p] for p in t] for t in others], mine, others

    def _value(self, grid, pts, ctx, threat_weight: float = 6.0, chance_weight: float = 3.0) -> float:
        """Position value for the AI's side; ``pts`` = points per side, AI's side first. The
        parcels another side could deliver next weigh ``threat_weight`` each point, the AI's
        side's ``chance_weight`` (the other side moves next: its threat counts double)."""

        my_cols, other_cols = ctx
        v = 10.0 * (pts[0] - max(pts[1:])) - 2.0 * sum(pts[1:])
        threat = 0.0
        chance = 0.0
        for p, c in grid.items():
            if c[2] is None:
                continue
            best_other = 0
            best_mine = 0
            for t in hx.parcel_destinations(grid, p):
                tc = grid[t]
                if hx.SHAPE[tc[0]] != "pallet":
                    continue
                gain = c[2][1]
                if tc[0] in my_cols:
                    best_mine = max(best_mine, gain)
                else:
                    best_other = max(best_other, gain)
            threat += best_other
            chance += best_mine
        return v - threat_weight * threat + chance_weight * chance

    def _after_move(self, grid, pts, move, ctx):
        """(grid, pts) after moving a parcel ``move = (from, to)``."""

        my_cols, other_cols = ctx
        frm, to = move
        g = dict(grid)
        top, bottom = g[frm][2]
        g[frm] = [g[frm][0], g[frm][1], None]
        tc = g[to]
        if hx.SHAPE[tc[0]] == "pallet":
            pts = list(pts)
            if tc[0] in my_cols:
                pts[0] += bottom
            else:
                for i, cols in enumerate(other_cols):
                    if tc[0] in cols:
                        pts[i + 1] += bottom
        else:
            g[to] = [tc[0], tc[1], (bottom, top)]
        return g, pts

    def _best_move_value(self, grid, pts, ctx) -> float:
        moves = hx.parcel_moves(grid)
        if not moves:
            return self._value(grid, pts, ctx)
        return max(self._value(*self._after_move(grid, pts, m, ctx), ctx) for m in moves)

    # ----- choosing --------------------------------------------------------------------
    def choose(self, state, player, rnd: random.Random):
        eng = self.engine
        legal = eng.legal_actions(state, player)
        if len(legal) == 1:
            return legal[0]
        my_cols, other_cols, mine, others = self._sides(state, player)
        ctx = (set(my_cols), [set(c) for c in other_cols])
        pts = [sum(R.points(state, p) for p in mine)] + [sum(R.points(state, p) for p in t) for t in others]

        grid = grid_of(state)
        four = len(state.players) == 4
        phase = state.phase
        scored = []
        if phase == "move":
            for a in legal:
                g, p2 = self._after_move(grid, pts, (parse_key(a.at), parse_key(a.to)), ctx)
                scored.append((self._value(g, p2, ctx), a))
        elif phase == "load":
            for a in legal:
                g = dict(grid)
                at = parse_key(a.at)
                g[at] = [g[at][0], g[at][1], PROXY_PARCEL[four]]
                scored.append((self._best_move_value(g, pts, ctx), a))
        elif phase == "wrench":
            parcels = [p for p, c in grid.items() if c[2] is not None]
            base = None
            for a in legal:
                frm, to = parse_key(a.at), parse_key(a.to)
                if parcels and any(hex_distance(frm, p) <= 4 or hex_distance(to, p) <= 4 for p in parcels):
                    g = dict(grid)
                    cell = g.pop(frm)
                    g[to] = [cell[0], a.rotation, cell[2]]
                    scored.append((self._best_move_value(g, pts, ctx), a))
                else:
                    if base is None:
                        base = self._best_move_value(grid, pts, ctx)
                    scored.append((base, a))
        elif phase == "lift":
            for a in legal:
                g = dict(grid)
                pal = hx.pallets(g)
                if a.type == "lift":
                    cell = g.pop(pal[a.pallet])
                    g[parse_key(a.to)] = [cell[0], a.facing, None]
                else:
                    pa, pb = pal[a.a], pal[a.b]
                    g[pa] = [a.b, g[pa][1], None]
                    g[pb] = [a.a, g[pb][1], None]
                scored.append((self._best_move_value(g, pts, ctx), a))
        else:  # play
            scored = self._play_scores(state, grid, pts, ctx, legal, four)
        best = max(v for v, _a in scored)
        top = [a for v, a in scored if v >= best - 1e-9]
        return top[rnd.randrange(len(top))]

    def _play_scores(self, state, grid, pts, ctx, legal, four):
        parcels = [p for p, c in grid.items() if c[2] is not None]
        base = self._best_move_value(grid, pts, ctx)
        my_cols = ctx[0]
        out = []
        for a in legal:
            if a.type == "swap_hand":
                out.append((base - 0.5, a))
                continue
            icon = hx.ICON[a.tile]
            if a.type == "connect":
                at = parse_key(a.at)
                g = dict(grid)
                g[at] = [a.tile, a.rotation, None]
                near = any(hex_distance(at, p) <= 4 for p in parcels)
            else:
                at = parse_key(a.pallet_to)
                g = R.after_insert(grid, a.tile, a.pallet, a.rotation, at)
                near = True
            if icon == "parcel":
                vals = []
                for lp in hx.empty_loading(g):
                    g2 = dict(g)
                    g2[lp] = [g2[lp][0], g2[lp][1], PROXY_PARCEL[four]]
                    vals.append(self._best_move_value(g2, pts, ctx))
                v = max(vals) if vals else base
            elif icon == "forklift":
                vals = [self._best_move_value(g, pts, ctx) if near else base]
                pal = hx.pallets(g)
                for x, y in hx.lift_swaps(g):
                    if (x in my_cols) == (y in my_cols):
                        continue
                    g2 = dict(g)
                    px, py = pal[x], pal[y]
                    g2[px] = [y, g2[px][1], None]
                    g2[py] = [x, g2[py][1], None]
                    vals.append(self._best_move_value(g2, pts, ctx))
                v = max(vals)
            elif icon == "wrench":
                v = (self._best_move_value(g, pts, ctx) if near else base) + 1.0
            else:
                v = self._best_move_value(g, pts, ctx) if near else base
            # tie-breakers: keep icon tiles for later, keep new belt ends near own pallets
            small = 0.0
            if not icon:
                small += 0.2
            if hx.SHAPE[a.tile] == "floor":
                small += 0.05
            out.append((v + small, a))
        return out
