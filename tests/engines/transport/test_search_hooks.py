"""Transport's hooks for the search AI (engines.transport.search): the 4-player evaluation
and the budgets per player count. Expected values are worked out by hand from the start
field of 4 players (seats a, b, c, d: red, blue, yellow, green; teams a+c and b+d)."""

from __future__ import annotations

from engines.transport import search as S
from engines.transport.engine import ENGINE as engine
from engines.transport.state import Cell


def _one_parcel_next_to_red(**update):
    """The 4-player start field (seed 5) with a parcel (top 1, bottom 4) on the straight at
    1,-1 between the loading tile 0,-1 and red's pallet 2,-1: one step takes it onto red's
    pallet (4 points for team a+c) or back onto the loading tile."""

    state = engine.setup(["a", "b", "c", "d"], None, 5)
    assert state.colours == ["red", "blue", "yellow", "green"]
    assert (state.field["1,-1"].tile, state.field["2,-1"].tile) == ("s4", "red")
    field = dict(state.field)
    field["1,-1"] = Cell(tile="s4", rot=0, parcel=[1, 4])
    return state.model_copy(update={"field": field, **update})


def test_the_team_whose_seat_acts_counts_its_deliverable_parcel_at_6_the_other_at_3() -> None:
    # a (team a+c) to act: its seat moves the parcel onto red now: + 6 * 4 for a and c;
    # for b and d it is the other team's parcel, delivered before their turn: - 6 * 4
    state = _one_parcel_next_to_red(current=0)
    assert [S.evaluate(state, p) for p in "abcd"] == [24.0, -24.0, 24.0, -24.0]
    # b (team b+d) to act: for a and c their parcel waits a turn (+ 3 * 4, the heuristic's
    # weight); for b and d the other team's parcel, a turn away: - 3 * 4
    state = _one_parcel_next_to_red(current=1)
    assert [S.evaluate(state, p) for p in "abcd"] == [12.0, -12.0, 12.0, -12.0]


def test_the_4_player_evaluation_counts_team_points() -> None:
    # c has scored a parcel of top 3: team a+c leads by 3. a to act:
    # a, c: 10 * 3 - 2 * 0 + 6 * 4 = 54;  b, d: 10 * (0 - 3) - 2 * 3 - 6 * 4 = -60
    state = _one_parcel_next_to_red(current=0, scored={"a": [], "b": [], "c": [[3, 1]], "d": []})
    assert [S.evaluate(state, p) for p in "abcd"] == [54.0, -60.0, 54.0, -60.0]


def test_normal_at_4_players_searches_with_its_own_budget() -> None:
    from engines.search import Budget

    normal, strong = engine.ai_level("normal"), engine.ai_level("strong")
    two = engine.setup(["a", "b"], None, 1)
    three = engine.setup(["a", "b", "c"], None, 1)
    four = engine.setup(["a", "b", "c", "d"], None, 1)
    assert normal.budget_for(two) == Budget(playouts=12, depth=4, candidates=3, screen=16)
    assert normal.budget_for(three) == Budget(playouts=12, depth=4, candidates=3, screen=16)
    assert normal.budget_for(four) == Budget(playouts=20, depth=5, candidates=3, screen=16)
    # strong keeps one budget at every count
    for state in (two, three, four):
        assert strong.budget_for(state) == Budget(playouts=24, depth=6, candidates=4, screen=24)
