"""Visiting Kaunas, "Determining first player" and "Preparation for the game"."""

from __future__ import annotations

import pytest

from engines.visiting_kaunas.data import EVENTS
from engines.visiting_kaunas.engine import ENGINE as engine


@pytest.mark.parametrize("n,cols,rows", [(2, 5, 3), (3, 6, 4), (4, 7, 5)])
def test_grid_size_by_player_count(n, cols, rows):
    # rules: 4 players 7x5, 3 players 6x4, 2 players 5x3 (columns x rows)
    s = engine.setup(["p1", "p2", "p3", "p4"][:n], None, 5)
    assert len(s.grid) == rows
    assert all(len(r) == cols for r in s.grid)
    assert all(c for r in s.grid for c in r)
    # 102 building cards = 4 museums + 98 in the deck; the grid took cols*rows of them
    assert len(s.bdeck) == 98 - cols * rows


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_ships_in_printed_order(seed):
    # top edge from the right: players 1, 2, 3; right edge from the top: 3, 2, 1 (6x4 grid)
    # so player 1 sits at column 6 / row 3, player 2 at 5 / 2, player 3 at 4 / 1
    players = ["x", "y", "z"]
    s = engine.setup(players, None, seed)
    v = engine.view(s, None)
    order = [players[(s.first + k) % 3] for k in range(3)]
    assert [(v["pl"][p]["column_ship"], v["pl"][p]["row_ship"]) for p in order] == [(6, 3), (5, 2), (4, 1)]
    assert v["active"] == order[0]


def test_event_deck_levels_and_face_down_row():
    # 9 level-3 at the bottom, 12 level-2 on them, 6 level-1 on top; 3 level-1 from the
    # top go face down onto the event board: 24 cards stay in the deck
    s = engine.setup(["a", "b"], None, 9)
    assert [EVENTS[c].level for c in s.down] == [1, 1, 1]
    assert [EVENTS[c].level for c in s.edeck] == [1] * 3 + [2] * 12 + [3] * 9
    assert s.up == [[], [], []]
    assert len(set(s.edeck) | set(s.down)) == 27
    assert len(s.udeck) == 32


def test_each_player_starts_with_museum_and_8_coins():
    s = engine.setup(["a", "b", "c", "d"], None, 3)
    for p in "abcd":
        assert s.pl[p].street == [["museum"], []]
        assert s.pl[p].coins == 8
        assert s.pl[p].supply == 10 and s.pl[p].grande == ""


def test_first_player_lowest_roll_and_ties_reroll():
    saw_tie = False
    for seed in range(40):
        s = engine.setup(["a", "b", "c", "d"], None, seed)
        contenders = [0, 1, 2, 3]
        for roll in s.first_rolls:
            # only the tied players of the previous roll roll again (others marked 0)
            assert [i for i in range(4) if roll[i]] == contenders
            low = min(roll[i] for i in contenders)
            contenders = [i for i in contenders if roll[i] == low]
        assert contenders == [s.first]
        assert s.active == s.first
        saw_tie = saw_tie or len(s.first_rolls) > 1
    assert saw_tie  # with 4 players and 40 seeds some first roll is tied


def test_player_count_limits():
    with pytest.raises(ValueError):
        engine.setup(["a"], None, 0)
    with pytest.raises(ValueError):
        engine.setup(["a", "b", "c", "d", "e"], None, 0)
