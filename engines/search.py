"""Search-based AI over the engine contract: determinized Monte Carlo with heuristic rollouts.

An AI seat that looks ahead. For one decision of ``player`` in ``state``:

1. **Sample worlds from what the seat may see.** A game gives a *determinizer*,
   ``determinize(state, player, rng) -> State``: a full state whose hidden parts (other
   hands, the order of every deck, stack and bag, face-down cards, the seed) are drawn at
   random from what ``player`` knows (its view and the public component lists). Nothing
   the seat may not know reaches the search: the true hidden parts are never read, so two
   states that differ only in hidden information give the same decision with the same ``rng``.
2. **Pick candidates.** The game's heuristic policy (``ai.py``, the "easy" strength) proposes
   its move in a sampled world; the other legal moves are screened one ply deep with the
   game's evaluation and the best few join it (``candidates`` in all).
3. **Compare them on common worlds.** Successive halving: each round every surviving
   candidate is played in the same fresh sampled worlds, followed by the same seeded
   rollout of the rollout policy for every seat (``depth`` actions at most), and the end
   position is valued; the better half of the challengers survives, the heuristic's move
   always stays as the yardstick. The value is in ``[0, 1]`` for the player's side: a
   finished game counts its ranking (win 1, shared first place 0.5, else 0) blended with
   the score margin, an unfinished one the evaluation's margin.
4. **Return** the best challenger only if it beats the heuristic's move on evidence: its
   mean paired difference (same worlds, same rollouts) exceeds ``prior_bonus`` plus
   ``confidence`` standard errors; else the heuristic's move. So the search is never
   worse than the heuristic by noise alone, and leaves it where the look-ahead shows a
   clearly better move.

The budget is counted in playouts (one playout = one rollout from one candidate in one
world), never in time: a decision is reproducible from ``rng`` alone. Pure: no I/O, no
clock; ``rng`` is the only source of randomness and is read once (one 64-bit draw).
"""

from __future__ import annotations

import math
import random
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Budget", "Hooks", "NarrowPolicy", "SearchAI", "Stats", "LEVELS"]

#: the strengths an engine gives by name (``Engine.ai_level``), weakest first
LEVELS = ("easy", "normal", "strong")


@dataclass(frozen=True)
class Budget:
    """How much one decision may think, counted in work, never in time.

    ``playouts``: rollouts in all (spread over the candidates by successive halving);
    ``depth``: actions per rollout at most (every seat's, the heuristic playing them) before
    the evaluation values the position; ``candidates``: moves compared at the root (the
    heuristic's own move and the best of the one-ply screen); ``screen``: legal moves
    screened one ply deep at most (a sample of them, drawn from the decision's rng, when
    there are more)."""

    playouts: int
    depth: int
    candidates: int = 4
    screen: int = 24


@dataclass
class Hooks:
    """The game-specific parts of the search.

    ``determinize(state, player, rng) -> State``: a sampled world (see the module doc); it
    must read only what ``player`` may see. ``evaluate(state, player) -> float``: the score
    margin of ``player``'s side in the game's own units (points, Elektro, coins, PP), the
    finished game's or an estimate of it; default: ``engine.scores`` of the side minus the
    best other side's. ``teams(state) -> list[list[str]]``: the sides (default: one per
    seat; 4-player Transport plays in teams). ``scale``: a margin that counts as a clear
    lead (the value is ``0.5 + 0.5 * tanh(margin / scale)``). ``budgets``: the
    :class:`Budget` of each strength but "easy"; ``budgets_by_players``: a strength's budget
    at a player count where it differs (``{players: {level: Budget}}``, see :meth:`budget`)."""

    determinize: Callable[[Any, str, random.Random], Any]
    budgets: dict[str, Budget]
    evaluate: Callable[[Any, str], float] | None = None
    teams: Callable[[Any], list[list[str]]] | None = None
    scale: float = 10.0
    prior_bonus: float = 0.01
    #: standard errors by which a move's mean paired value must beat the heuristic's move
    #: (on the same worlds and rollouts) for the search to leave the heuristic's move
    confidence: float = 1.0
    #: rollouts play the heuristic over at most this many legal moves (a sample drawn from
    #: the rollout's rng) where its scoring of every move is slow; ``None``: all of them
    rollout_width: int | None = None
    #: ``rollout(engine) -> policy``: the rollout policy when the game has a cheaper one than
    #: the heuristic (it may use everything in the sampled world it plays in: that world is
    #: already drawn from what the seat may see); ``None``: the heuristic (narrowed above)
    rollout: Callable[[Any], Any] | None = None
    #: ``heuristic_only(action) -> bool``: moves the search never proposes against the
    #: heuristic's move (steps that undo each other, such as switching a machine off and on,
    #: where a search could otherwise go back and forth forever); ``None``: none
    heuristic_only: Callable[[Any], bool] | None = None
    #: ``{players: {level: Budget}}``: the budget of a strength at that player count where it
    #: differs from ``budgets`` (a game whose round is longer with more seats, or whose
    #: decisions are cheaper, may look further there); empty: ``budgets`` at every count
    budgets_by_players: dict[int, dict[str, Budget]] = field(default_factory=dict)

    def budget(self, level: str, players: int) -> Budget:
        """The :class:`Budget` of strength ``level`` in a game of ``players`` seats:
        ``budgets_by_players[players][level]`` where given, else ``budgets[level]``."""

        b = self.budgets_by_players.get(players, {}).get(level)
        return b if b is not None else self.budgets[level]


class NarrowPolicy:
    """The game's heuristic (``engine.AI``) choosing among at most ``width`` legal moves: a
    sample, in legal order, drawn from ``rnd`` when there are more. A cheaper rollout policy
    for games whose heuristic scores every move at length; it asks the engine for nothing
    else through a thin proxy."""

    def __init__(self, engine, width: int):
        self.engine = engine
        self.width = width
        # the moves of the current call, per thread: AI moves of several tables may be
        # chosen at once in worker threads with the same engine's policies
        self._local = threading.local()
        self._ai = engine.AI(self)

    def __getattr__(self, name: str):  # everything but legal_actions: the real engine
        return getattr(self.engine, name)

    def legal_actions(self, state, player: str) -> list:
        return self._local.legal

    def choose(self, state, player: str, rnd: random.Random):
        legal = self.engine.legal_actions(state, player)
        if len(legal) > self.width:
            keep = sorted(rnd.sample(range(len(legal)), self.width))
            legal = [legal[i] for i in keep]
        self._local.legal = legal
        return self._ai.choose(state, player, rnd)


@dataclass
class Stats:
    """What one decision cost: ``playouts`` run, ``actions`` applied in rollouts, the
    ``candidates`` compared and the chosen move's mean value."""

    playouts: int = 0
    actions: int = 0
    candidates: int = 0
    value: float = 0.0
    means: dict[str, float] = field(default_factory=dict)


class SearchAI:
    """``choose(state, player, rng) -> Action``: the contract's AI, searching (module doc).

    ``engine``: the game; ``hooks``: its :class:`Hooks`; ``budget``: this strength's
    :class:`Budget` (at every player count); with ``by_players`` (as ``Engine.ai_level``
    builds the levels) a decision takes the strength's budget at the game's player count
    where ``hooks.budgets_by_players`` gives one (:meth:`budget_for`); ``policy``: the
    rollout policy (default ``engine.ai``, the heuristic, narrowed to
    ``hooks.rollout_width`` moves when set); the root's first candidate is always
    ``prior``'s move (default ``engine.ai``). ``last`` holds the :class:`Stats` of the
    latest decision (for benchmarks)."""

    def __init__(
        self,
        engine,
        hooks: Hooks,
        budget: Budget,
        policy: Any = None,
        level: str = "normal",
        prior: Any = None,
        by_players: bool = False,
    ):
        self.engine = engine
        self.hooks = hooks
        self.budget = budget
        if policy is None and hooks.rollout is not None:
            policy = hooks.rollout(engine)
        if policy is None:
            width = hooks.rollout_width
            policy = NarrowPolicy(engine, width) if width else engine.ai
        self.policy = policy
        self.prior = prior if prior is not None else engine.ai
        self.level = level
        self.by_players = by_players
        self._local = threading.local()

    def budget_for(self, state) -> Budget:
        """The :class:`Budget` of a decision in ``state``: when built ``by_players``, the
        level's budget at ``state``'s player count where the hooks give one; else ``budget``."""

        if self.by_players:
            return self.hooks.budget(self.level, len(self.engine.seats(state)))
        return self.budget

    @property
    def last(self) -> Stats:
        """The :class:`Stats` of this thread's latest decision."""

        return getattr(self._local, "last", None) or Stats()

    # ----- values ----------------------------------------------------------------------
    def _sides(self, state) -> list[list[str]]:
        if self.hooks.teams is not None:
            return self.hooks.teams(state)
        return [[p] for p in self.engine.seats(state)]

    def margin(self, state, player: str) -> float:
        """The score margin of ``player``'s side: the game's evaluation, or the side's score
        minus the best other side's (``engine.scores``; a side scores its best seat)."""

        if self.hooks.evaluate is not None:
            return float(self.hooks.evaluate(state, player))
        sc = self.engine.scores(state)
        mine = -math.inf
        best_other = -math.inf
        for side in self._sides(state):
            v = max(sc.get(p, 0) for p in side)
            if player in side:
                mine = v
            else:
                best_other = max(best_other, v)
        return mine - (best_other if best_other > -math.inf else 0)

    def value(self, state, player: str) -> float:
        """The position's value in ``[0, 1]`` for ``player``'s side (module doc, step 3)."""

        m = 0.5 + 0.5 * math.tanh(self.margin(state, player) / self.hooks.scale)
        if not self.engine.is_over(state):
            return m
        ranking = self.engine.ranking(state)
        side = next((set(s) for s in self._sides(state) if player in s), {player})
        top = set(ranking[0]) if ranking else set()
        if player not in top:
            outcome = 0.0
        elif top <= side:
            outcome = 1.0
        else:
            outcome = 0.5
        return 0.75 * outcome + 0.25 * m

    # ----- playing ---------------------------------------------------------------------
    def _step(self, state, player: str, action):
        """``action`` applied for ``player`` without re-checking it (it came from the legal
        moves or the heuristic): the engine's copy then its own step, as ``apply`` does."""

        new = self.engine.copy_state(state)
        self.engine._apply(new, player, action, [])
        return new

    def _rollout(self, state, player: str, rnd: random.Random, stats: Stats, depth: int) -> float:
        eng = self.engine
        s = state
        for _ in range(depth):
            if eng.is_over(s):
                break
            actors = eng.to_act(s)
            if not actors:
                break
            who = actors[0]
            try:
                a = self.policy.choose(s, who, rnd)
                s = self._step(s, who, a)
            except Exception:  # a policy that cannot move in a sampled world: value it here
                break
            stats.actions += 1
        stats.playouts += 1
        return self.value(s, player)

    def choose(self, state, player: str, rng: random.Random):
        eng = self.engine
        legal = eng.legal_actions(state, player)
        stats = Stats()
        self._local.last = stats
        if len(legal) <= 1:
            return legal[0] if legal else None
        budget = self.budget_for(state)
        r = random.Random(rng.getrandbits(64))
        keys = [eng.action_to_json(a) for a in legal]
        # candidates: the heuristic's move in a sampled world, then the one-ply screen
        world0 = self.hooks.determinize(state, player, random.Random(r.getrandbits(64)))
        try:
            prior = self.prior.choose(world0, player, random.Random(r.getrandbits(64)))
            prior_i = keys.index(eng.action_to_json(prior))
        except (ValueError, Exception):
            prior_i = 0
        order = list(range(len(legal)))
        if len(order) > budget.screen:
            order = r.sample(order, budget.screen)
            order.sort()
        screened: list[tuple[float, int]] = []
        if budget.candidates > 1:
            only = self.hooks.heuristic_only
            for i in order:
                if i == prior_i or (only is not None and only(legal[i])):
                    continue
                try:
                    v = self.value(self._step(world0, player, legal[i]), player)
                except Exception:  # not playable in that world: never a candidate
                    continue
                screened.append((v, i))
        screened.sort(key=lambda t: (-t[0], t[1]))
        cands = [prior_i] + [i for _v, i in screened[: budget.candidates - 1]]
        stats.candidates = len(cands)
        if len(cands) == 1:
            return legal[prior_i]
        # values[i][w]: candidate i's value in world w (the same worlds and rollout seeds for all)
        values: dict[int, dict[int, float]] = {i: {} for i in cands}
        alive = list(cands)
        rounds = max(1, math.ceil(math.log2(len(cands))))
        left = budget.playouts
        w = 0
        for k in range(rounds):
            per = max(1, left // (len(alive) * (rounds - k)))
            for _w in range(per):
                world = self.hooks.determinize(state, player, random.Random(r.getrandbits(64)))
                seed = r.getrandbits(64)
                for i in alive:
                    try:
                        start = self._step(world, player, legal[i])
                    except Exception:
                        v = 0.0
                    else:
                        v = self._rollout(start, player, random.Random(seed), stats, budget.depth)
                    values[i][w] = v
                    left -= 1
                w += 1
            if len(alive) > 2 and k < rounds - 1:
                # the heuristic's move stays as the yardstick; the better half of the rest goes on
                rest = sorted((i for i in alive if i != prior_i), key=lambda i: (-_mean(values[i]), i))
                alive = [prior_i] + rest[: max(1, len(rest) // 2)]
            if left <= 0:
                break
        best = prior_i
        challengers = sorted((i for i in alive if i != prior_i), key=lambda i: (-_mean(values[i]), i))
        if challengers and self._beats(values[challengers[0]], values[prior_i]):
            best = challengers[0]
        stats.value = _mean(values[best])
        stats.means = {eng.notation(state, legal[i]): round(_mean(values[i]), 4) for i in cands}
        return legal[best]

    def _beats(self, challenger: dict[int, float], prior: dict[int, float]) -> bool:
        """Whether the challenger's values beat the heuristic move's on the worlds both were
        played in: the mean paired difference exceeds ``prior_bonus`` plus ``confidence``
        standard errors (a move is left for another only on evidence)."""

        diffs = [challenger[w] - prior[w] for w in challenger if w in prior]
        if not diffs:
            return False
        n = len(diffs)
        m = sum(diffs) / n
        se = math.sqrt(sum((d - m) ** 2 for d in diffs) / (n - 1) / n) if n > 1 else 0.0
        return m > self.hooks.prior_bonus + self.hooks.confidence * se


def _mean(vals: dict[int, float]) -> float:
    return sum(vals.values()) / len(vals) if vals else 0.0
