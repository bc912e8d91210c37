"""Every text Factory Manager gives a player goes through its catalog (factory-manager): seeded
games of random legal moves at each player count, checked in the test pseudo-language."""

from __future__ import annotations

import pytest

from engines.factory_manager.engine import ENGINE as engine
from tests.engines.translatable import play_and_check


@pytest.mark.parametrize(("n", "seed"), [(2, 3), (3, 5), (4, 8), (5, 2)])
def test_every_text_of_a_game_is_a_translatable_text(n, seed):
    players = [f"p{k}" for k in range(n)]
    assert play_and_check(engine, players, seed, sample=3) > 60  # a whole game: 5 rounds to the final income
