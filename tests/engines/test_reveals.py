"""``Engine.reveals`` (undo): a move that draws, flips, rolls or reshuffles reveals
hidden information and cannot be undone; a move that only uses what its player already
knew does not. Checked over AI games of all four games."""

from __future__ import annotations

import pytest

from engines import registry
from engines.base import rng

GAMES = ["factory-manager", "kanban-ev", "transport", "visiting-kaunas"]


@pytest.mark.parametrize("game_id", GAMES)
def test_reveals_marks_draws_and_spares_plain_moves(game_id):
    engine = registry.get(game_id)
    state = engine.setup(["p1", "p2", "p3"], None, 5)
    revealed = plain = 0
    for step in range(150):
        if engine.is_over(state):
            break
        player = engine.to_act(state)[0]
        action = engine.ai.choose(state, player, rng(5, "test", step))
        outcome = engine.apply(state, player, action)
        says = engine.reveals(state, player, action, outcome)
        # a face-down part that changed is always a reveal
        if engine.hidden(state) != engine.hidden(outcome.state):
            assert says, engine.notation(state, action)
        revealed += says
        plain += not says
        state = outcome.state
    # each game has both kinds within its first 150 moves
    assert revealed > 0 and plain > 0
