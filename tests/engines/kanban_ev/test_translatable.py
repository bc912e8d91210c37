"""Every text Kanban EV gives a player goes through its catalog (kanban-ev): seeded games of
random legal moves at each player count, checked in the test pseudo-language."""

from __future__ import annotations

import pytest

from engines.kanban_ev.engine import ENGINE as engine
from engines.kanban_ev.rules import benefit_text, final_goal_text, goal_text
from tests.engines.translatable import check, play_and_check


@pytest.mark.parametrize(("n", "seed", "options"), [(2, 3, None), (3, 5, {"sandra": "nice"}), (4, 8, None)])
def test_every_text_of_a_game_is_a_translatable_text(n, seed, options):
    players = [f"p{k}" for k in range(n)]
    assert play_and_check(engine, players, seed, options) > 150  # a whole game: setup to final scoring


def test_the_words_of_goals_and_benefits_are_translatable():
    from engines.kanban_ev import data as D

    for g in D.PERFORMANCE_GOALS:
        check(goal_text(g), [], g)
    for tile in D.FINAL_GOALS.values():
        for test, arg, th, _pp in tile:
            check(final_goal_text(test, arg, th), [], test)
    check(benefit_text({}), [], "no benefit")
    # "2 PP, 1 banked shift and 1 book": the list's joins are the catalog's too
    assert benefit_text({"pp": 2, "shift": 1, "book": 1}) == "2 PP, 1 banked shift and 1 book"
    check(benefit_text({"pp": 2, "shift": 1, "book": 1}), [], "benefit")
