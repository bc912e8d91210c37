"""Visiting Kaunas, "Buying new buildings"."""

from __future__ import annotations

import pytest

from engines.base import IllegalAction
from engines.visiting_kaunas.engine import ENGINE as engine
from engines.visiting_kaunas.state import Die

from .helpers import act, moves, new


def board(s):
    """ann: column ship on column 5, row ship on row 2; bob: column 4, row 1 (5x3 grid)."""

    s.grid = [
        ["cafe", "bistro", "pizzeria", "gallery", "pool"],
        ["church", "bank", "clothes", "theatre", "eurostore"],
        ["park", "souvenir", "watches", "nightclub", "restaurant"],
    ]
    s.pl["ann"].column, s.pl["ann"].row = 4, 1
    s.pl["bob"].column, s.pl["bob"].row = 3, 0
    s.bdeck = ["theatre", "cafe"] + s.bdeck[2:]
    s.phase = "buy"
    return s


def test_pay_distance_times_event_number_level_1():
    s = board(new())
    # column 5 -> column 2 passes over bob's ship on column 4: 3 spaces x level 1 = 3 coins
    s = act(s, "ann", "ship top 2")
    assert s.pl["ann"].coins == 8 - 3
    assert s.taking == "bank"  # row 2 x column 2
    assert s.phase == "build"
    s = act(s, "ann", "build b")
    assert s.pl["ann"].street == [["museum"], ["bank"]]
    assert s.grid[1][1] == "theatre"  # refilled from the top of the building deck
    assert s.phase in ("assign", "penalty", "resolve")
    assert len(s.dice) == 3


def test_pay_distance_times_event_number_level_2():
    s = board(new())
    # the deck's top card is level 2 now: 3 spaces x 2 = 6 coins
    s.edeck = [c for c in s.edeck if c.startswith("e1") or c.startswith("e2")][:5]
    s.edeck = ["e15"] + [c for c in s.edeck if c != "e15"]
    s = act(s, "ann", "ship top 2")
    assert s.pl["ann"].coins == 8 - 6


def test_cannot_stop_on_another_players_ship():
    s = board(new())
    assert "ship top 4" not in moves(s, "ann")  # bob's column ship is there
    assert "ship right 1" not in moves(s, "ann")  # bob's row ship is there
    assert {"ship top 1", "ship top 2", "ship top 3", "ship right 3"} <= set(moves(s, "ann"))
    before = s.model_dump()
    with pytest.raises(IllegalAction, match="Another player's ship"):
        act(s, "ann", "ship top 4")
    assert s.model_dump() == before


def test_cannot_move_further_than_coins_allow():
    s = board(new())
    s.pl["ann"].coins = 2
    # top: column 3 (2 spaces); column 4 is bob's; right: row 3 (1 space); row 1 is bob's
    assert moves(s, "ann") == ["ship right 3", "ship top 3"]
    with pytest.raises(IllegalAction, match="costs 3 coins and you have 2"):
        act(s, "ann", "ship top 2")


def test_no_coins_no_move_no_building():
    s = board(new())
    s.pl["ann"].coins = 0
    # bob ends his turn (his last die: a 3 he does not use) -> ann cannot buy, dice are rolled
    s.active = 1
    s.phase = "resolve"
    s.dice = [Die(v=3, use="action")]
    s = act(s, "bob", "skip 3")
    assert s.players[s.active] == "ann"
    assert s.pl["ann"].street == [["museum"], []]
    assert s.phase in ("assign",)
    assert len(s.dice) == 3


def test_build_at_right_end_of_either_row():
    s = board(new())
    s.pl["ann"].street = [["museum", "cafe"], ["bistro"]]
    s = act(s, "ann", "ship top 3")  # row 2 x column 3 = clothes shop
    s2 = act(s, "ann", "build a")
    assert s2.pl["ann"].street == [["museum", "cafe", "clothes"], ["bistro"]]
    s3 = act(s, "ann", "build b")
    assert s3.pl["ann"].street == [["museum", "cafe"], ["bistro", "clothes"]]


def test_only_the_active_player_buys():
    s = board(new())
    assert engine.legal_actions(s, "bob") == []
    with pytest.raises(IllegalAction, match="not your turn"):
        act(s, "bob", "ship top 1")
