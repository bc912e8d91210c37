"""The rules' shortcut for checking one move answers as the long way does, at every state of
whole random games: ``rules.legal_of(s, i, kind)`` lists exactly the actions of type ``kind``
among ``rules.legal(s, i)``, in their order, for every seat and every action type."""

from __future__ import annotations

import random

import pytest

from engines.kanban_ev import rules as R
from engines.kanban_ev.actions import ACTION_MODELS
from engines.kanban_ev.engine import ENGINE as E


@pytest.mark.parametrize("n_players,seed", [(2, 5), (3, 6), (4, 8)])
def test_legal_of_lists_the_legal_actions_of_one_type(n_players, seed):
    rnd = random.Random(seed)
    state = E.setup([f"p{i}" for i in range(n_players)], None, seed)
    kinds_seen = set()
    while not E.is_over(state):
        for i in range(n_players):
            legal = R.legal(state, i)
            kinds_seen |= {type(a) for a in legal}
            for kind in ACTION_MODELS:
                assert R.legal_of(state, i, kind) == [a for a in legal if type(a) is kind], (state.phase, i, kind)
        player = rnd.choice(E.to_act(state))
        state = E.apply(state, player, rnd.choice(E.legal_actions(state, player))).state
    assert len(kinds_seen) >= 12
