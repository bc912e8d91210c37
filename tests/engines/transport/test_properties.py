"""Whole games at 2, 3 and 4 players (random and AI) through the shared contract checks,
plus conservation of tiles and parcels after every step."""

import pytest

from engines.transport import data
from engines.transport.engine import ENGINE as E
from tests.engines.contract import ai_policy, play_checked, random_policy, win_share

ALL_STACK = {t for t, _s, _i in data.stack_tiles()}
N_PARCELS = 18  # 3 each of 6 kinds (ASSUMED parcel set)


def conserved(n):
    def check(state):
        on_field = [c.tile for c in state.field.values()]
        stack_tiles = [c for c in on_field if c in ALL_STACK]
        everything = stack_tiles + state.stack + [t for h in state.hands.values() for t in h]
        assert len(everything) == len(set(everything)) == 96  # every stack tile exactly once
        assert sorted(c for c in on_field if c in data.COLOURS) == sorted(data.COLOURS[:n])  # one pallet each
        parcels = (
            len(state.bag)
            + sum(1 for c in state.field.values() if c.parcel)
            + sum(len(v) for v in state.scored.values())
        )
        assert parcels == N_PARCELS
        assert all(len(h) <= 4 for h in state.hands.values())
        assert all(len(v) <= 4 for v in state.scored.values())

    return check


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("seed", [1, 2])
def test_random_games(n, seed):
    players = [f"p{i}" for i in range(n)]
    state, log = play_checked(E, players, seed, random_policy, check=conserved(n), notation_every=4)
    assert E.is_over(state)
    # ends by a 4th parcel, or by an impossible draw (at most 96 - 4n connects)
    assert state.end_reason


@pytest.mark.parametrize("n", [2, 3, 4])
def test_ai_games(n):
    players = [f"p{i}" for i in range(n)]
    state, log = play_checked(E, players, 7, ai_policy, check=conserved(n), notation_every=6)
    assert E.is_over(state)


def test_ai_beats_random_on_fixed_seeds():
    """>= 60% against two random seats at 3 players (bench/transport_ai.py: 200 games)."""

    import random

    total = 0.0
    games = 10
    for seed in range(100, 100 + games):
        players = ["a", "b", "c"]
        ai_seat = players[seed % 3]
        rnd = random.Random(seed)
        s = E.setup(players, None, seed)
        while not E.is_over(s):
            p = E.to_act(s)[0]
            a = E.ai.choose(s, p, rnd) if p == ai_seat else rnd.choice(E.legal_actions(s, p))
            s = E.apply(s, p, a).state
        total += win_share(E, s, ai_seat)
    assert total / games >= 0.6, total
