"""Checks every engine must pass after every step (docs/architecture.md; run over every registered game by test_contract.py).

``play_checked(engine, n_players, seed, policy)`` plays one whole game and after every
step checks: the JSON round trip gives an equal state, ``apply`` left its input untouched,
each legal action's notation is unique and parses back to the action, ``view`` works for
every seat and for a spectator; at the end it replays the log from the setup arguments
and compares the final states. Game-specific invariants go in ``check(state)``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

Policy = Callable[[Any, Any, str, random.Random], Any]


def random_policy(engine, state, player: str, rnd: random.Random):
    return rnd.choice(engine.legal_actions(state, player))


def ai_policy(engine, state, player: str, rnd: random.Random):
    return engine.ai.choose(state, player, rnd)


def dump(engine, state) -> str:
    return json.dumps(engine.state_to_json(state), sort_keys=True)


def play_checked(
    engine,
    players: list[str],
    seed: int,
    policy: Policy | dict[str, Policy] = random_policy,
    options: dict | None = None,
    check: Callable[[Any], None] | None = None,
    max_steps: int = 20000,
    notation_every: int = 1,
):
    """Play a whole game; return ``(final_state, log)``. Asserts the contract throughout.

    ``policy`` may map seat ids to policies. ``notation_every``: check the notation round
    trip on every n-th step only (1 = every step) to keep long games fast.
    """

    rnd = random.Random(seed)
    state = engine.setup(players, options, seed)
    log: list[tuple[str, Any]] = []
    steps = 0
    while not engine.is_over(state):
        assert steps < max_steps, f"game did not end within {max_steps} steps"
        actors = engine.to_act(state)
        assert actors, "no one to act in a game that is not over"
        player = actors[0] if len(actors) == 1 else rnd.choice(actors)
        legal = engine.legal_actions(state, player)
        assert legal, f"{player} is to act but has no legal action"
        if steps % notation_every == 0:
            notations = [engine.notation(state, a) for a in legal]
            assert len(set(notations)) == len(notations), f"notations not unique: {notations}"
            for a, n in zip(legal, notations):
                assert n == n.lower() and len(n) <= 100 and not n.startswith("{"), n
                assert engine.parse(state, n) == a, f"{n!r} does not parse back"
                assert engine.parse(state, "  " + n.upper() + " ") == a
        for seat in players:
            if seat not in actors:
                assert engine.legal_actions(state, seat) == [], f"{seat} may act out of turn"
        pol = policy[player] if isinstance(policy, dict) else policy
        action = pol(engine, state, player, rnd)
        before = dump(engine, state)
        outcome = engine.apply(state, player, action)
        assert dump(engine, state) == before, "apply mutated its input"
        state = outcome.state
        again = engine.state_from_json(json.loads(json.dumps(engine.state_to_json(state))))
        assert again == state, "JSON round trip changed the state"
        engine.view(state, None)
        for seat in players:
            engine.view(state, seat)
        if check is not None:
            check(state)
        log.append((player, engine.action_to_json(action)))
        steps += 1
    assert engine.to_act(state) == []
    ranked = [p for tier in engine.ranking(state) for p in tier]
    assert sorted(ranked) == sorted(players)
    assert set(engine.scores(state)) >= set(players)
    # replay determinism
    replay = engine.setup(players, options, seed)
    for player, action_json in log:
        replay = engine.apply(replay, player, engine.action_from_json(action_json)).state
    assert dump(engine, replay) == dump(engine, state), "replaying the log gave another state"
    return state, log


def win_share(engine, state, seat: str) -> float:
    """1 for a sole first place, 1/k for a first place shared by k, else 0."""

    first = engine.ranking(state)[0]
    return 1.0 / len(first) if seat in first else 0.0
