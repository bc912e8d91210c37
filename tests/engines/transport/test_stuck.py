"""A stuck game ends (engines.transport.rules.stuck): the seed-1012 game of the AI-strength
bench (2 players, normal against easy, game 12 of ``bench.ai_strength``) reached a field
where no tile of the game could ever be connected again and its one parcel went round a loop
(8,-1 -> 8,-2 -> 9,-2 -> 6,-1), both seats forced to swap every turn, the stack at 33 tiles:
no end of "Eind van het spel" ever came, and the bench stopped it at its 5000-step cap."""

from __future__ import annotations

from engines.base import rng
from engines.transport import rules as R
from engines.transport.engine import ENGINE as E
from engines.transport.hexes import grid_of

STUCK = (
    "p1 must swap again, but no tile can be connected any more and no parcel can reach a pallet: "
    "the score can no longer change."
)


def test_the_looping_bench_game_ends_within_a_bound():
    players = ["p0", "p1"]
    seed = 1012  # bench first seed 1000 + game 12: the tested (normal) seat is players[12 % 2]
    normal, easy = E.ai_level("normal"), E.ai_level("easy")
    state = E.setup(players, None, seed)
    step = 0
    while not E.is_over(state) and step < 400:  # the loop began near step 190
        who = E.to_act(state)[0]
        policy = normal if who == "p0" else easy
        action = policy.choose(state, who, rng(seed, "bench", step))
        state = E.apply(state, who, action).state
        step += 1
    assert E.is_over(state)
    assert state.end_reason == STUCK
    assert E.ranking(state)[0] == ["p0"]  # ranked as it stands: p0 leads


def test_a_new_game_is_not_stuck():
    state = E.setup(["a", "b"], None, 3)
    assert not R.stuck(state, grid_of(state))
