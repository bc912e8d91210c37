"""The rules' shortcuts answer as the long way does, at every state of whole random games.

``rules.is_legal`` (whether one action is legal, without listing them) must agree with looking
in ``legal_actions``, for every seat and for actions legal elsewhere in the game (most of
them illegal at the state tried); ``rules.has_tourist_move`` must agree with listing the
tourist moves, for every player, event card and time zone.
"""

from __future__ import annotations

import random

import pytest

from engines.visiting_kaunas import data as D
from engines.visiting_kaunas import rules as R
from engines.visiting_kaunas.engine import ENGINE as E


def _states(n_players: int, seed: int):
    rnd = random.Random(seed)
    state = E.setup([f"p{i}" for i in range(n_players)], None, seed)
    while not E.is_over(state):
        yield state
        actors = E.to_act(state)
        player = rnd.choice(actors)
        state = E.apply(state, player, rnd.choice(E.legal_actions(state, player))).state


@pytest.mark.parametrize("n_players,seed", [(2, 5), (3, 6), (4, 8)])
def test_is_legal_agrees_with_the_legal_list(n_players, seed):
    seen: dict = {}  # every action legal somewhere in the game so far, first seen first
    answered = 0
    for state in _states(n_players, seed):
        for p in state.players:
            for a in E.legal_actions(state, p):
                seen.setdefault((type(a), tuple(a.__dict__.items())), a)
        for p in state.players:
            legal = E.legal_actions(state, p)
            for a in seen.values():
                fast = R.is_legal(state, p, a)
                if fast is not None:
                    answered += 1
                    assert fast == (a in legal), (state.phase, p, a)
    assert answered > 1000


@pytest.mark.parametrize("n_players,seed", [(2, 9), (4, 10)])
def test_has_tourist_move_agrees_with_the_tourist_moves(n_players, seed):
    checked = 0
    for state in _states(n_players, seed):
        if state.phase != "tourists":
            continue
        for p in state.players:
            for card in ("e01", "e13", "e17", "e24", "e34", "e41", "e46", state.moving):
                for zone in D.ZONES:
                    pl = state.pl[p]
                    assert R.has_tourist_move(pl, card, zone) == bool(R.tourist_moves(pl, card, zone))
                    checked += 1
    assert checked > 100
