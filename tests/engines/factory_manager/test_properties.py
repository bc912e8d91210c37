"""Whole games under the contract checks (tests/engines/contract.py), with Factory Manager's
own invariants after every step: all 106 equipment tiles and every worker accounted for,
the round never beyond 5, and exactly 5 rounds of income."""

from collections import Counter

import pytest

from engines.factory_manager.ai import never_buy_policy
from tests.engines.contract import ai_policy, play_checked, random_policy

from .helpers import E


def check(state):
    places = []
    for p in state.players:
        places += p.hall + p.hall2 + p.stored
        places += [t for t in (p.control, p.optimisation) if t]
        # workers: 7 own + temps, each in exactly one pile
        assert p.available + p.canteen + p.bid + p.used + p.demolishing == 7 + p.temps
        assert min(p.available, p.canteen, p.bid, p.used, p.demolishing) >= 0
        assert 0 <= p.temps <= 2
        assert len(p.hall) <= 10 and len(p.hall2) <= 2 and p.money >= 0
        assert set(p.off) <= set(p.hall + p.hall2)
        assert len(p.profits) in (state.round - 1, state.round)
    for col in state.columns.values():
        places += col
    places += state.market + state.demolished + state.out_of_game
    counts = Counter(places)
    assert len(places) == 106 and len(counts) == 106, counts.most_common(3)
    assert 1 <= state.round <= 5
    # turn-order tiles: one per seat plus the pile/offer/unused (players + 2 in the pile)
    n = len(state.players)
    held = [p.tile for p in state.players] + [p.new_tile for p in state.players if p.new_tile]
    assert (
        len(held) + len(state.order_offer) + len(state.order_pile) + len(state.order_unused) == 2 * n + 2
        or state.phase == "auction"
    )


def finish(state):
    assert state.round == 5 and state.phase == "over"
    assert all(len(p.profits) == 5 for p in state.players)
    assert len(state.energy_revealed) == 5 and state.energy_deck == []


@pytest.mark.parametrize("n", [2, 3, 4, 5])
@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_random_games(n, seed):
    players = [f"p{i}" for i in range(n)]
    state, log = play_checked(E, players, seed, random_policy, options={"first_game": seed % 3 == 0}, check=check)
    finish(state)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
@pytest.mark.parametrize("seed", [10, 11])
def test_ai_games(n, seed):
    players = [f"p{i}" for i in range(n)]
    state, _ = play_checked(E, players, seed + n, ai_policy, options={"first_game": seed == 11}, check=check)
    finish(state)


@pytest.mark.parametrize("n", [2, 5])
def test_mixed_games(n):
    players = [f"p{i}" for i in range(n)]
    pols = {s: (ai_policy, random_policy, never_buy_policy)[i % 3] for i, s in enumerate(players)}
    state, _ = play_checked(E, players, 20 + n, pols, check=check)
    finish(state)
