"""Factory Manager, phase 4 (bureaucracy, energy price) and phase 5 (income), and the end.

Positions: seed 7, 3 seats, first-game energy deck (0 on top, so round 1's price stays 1);
passive auction (p2 tile 1, p1 tile 2, p0 tile 6) and market; factories edited in phase 3.
"""

import pytest

from engines import IllegalAction

from .helpers import E, act, actor, dump, edit, finish_build, finish_bureaucracy, new, player, to_build

START = ["c-ma1", "c-ma2", "c-st1", "c-st2", "c-st3"]  # p2's start set


@pytest.fixture
def b0():
    s = to_build(new(3, seed=7, first_game=True))
    assert actor(s) == "p2" and s.energy_deck[0] == 0
    return s


def to_bureaucracy(s, **fields):
    s = finish_build(edit(s, "p2", **fields))
    assert s.phase == "bureaucracy" and actor(s) == "p2"
    return s


def test_start_profit_is_16(b0):
    # income 10 x min(2, 3) = 20, energy 4 x price 1 = 4: profit 16, money 18 + 16 = 34
    s = finish_bureaucracy(finish_build(b0))
    assert s.round == 2 and s.phase == "auction"
    assert [p.profits for p in s.players] == [[16], [16], [16]]
    assert [p.money for p in s.players] == [34, 34, 34]


def test_production_3_storage_8_earns_30(b0):
    # production 1 + 1 (start machines) + 1 (pr05); storage 1+1+1 (start) + 4 (st14) + 1 (st01) = 8;
    # energy 2 + 2 (machines) + 0 = 4; income 30 - 4 x 1 = 26; money 18 + 26 = 44
    s = to_bureaucracy(b0, hall=START + ["pr05", "st14", "st01"])
    p = player(s, "p2")
    assert (p.production, p.storage, p.energy) == (3, 8, 4)
    s = finish_bureaucracy(s)
    assert player(s, "p2").profits == [26] and player(s, "p2").money == 44


def test_unstaffed_machines_refuse_done(b0):
    # machines need 2 + 2 (start) + 2 (ma04) + 2 (ma05) = 8 workers; only 7
    s = to_bureaucracy(b0, hall=START + ["ma04", "ma05"])
    before = dump(s)
    with pytest.raises(IllegalAction, match="need 8 workers in the canteen but you have only 7"):
        E.apply(s, "p2", E.parse(s, "done"))
    assert dump(s) == before
    assert "done" not in [E.notation(s, a) for a in E.legal_actions(s, "p2")]
    s = act(s, "switch off ma04")
    p = player(s, "p2")
    # 6 in the canteen, 1 stays available; production 1 + 1 + 2 = 4, energy 2 + 2 + 2 = 6
    assert (p.production, p.storage, p.energy) == (4, 3, 6)
    s = act(s, "done")
    p = player(s, "p2")
    assert (p.canteen, p.available) == (6, 1)


def test_one_worker_must_stay_available(b0):
    # 2 + 2 + 2 (ma04) + 1 (ma01) = 7 = all workers: none would stay available
    s = to_bureaucracy(b0, hall=START + ["ma04", "ma01"])
    with pytest.raises(IllegalAction, match="at least one worker must stay available"):
        E.apply(s, "p2", E.parse(s, "done"))


def test_a_temp_can_staff_the_canteen(b0):
    # same factory, one temporary worker: 8 workers, 7 in the canteen, 1 available
    s = act(edit(b0, "p2", hall=START + ["ma04", "ma01"]), "hire 1")
    s = finish_build(s)
    s = act(s, "done")
    p = player(s, "p2")
    assert (p.canteen, p.available, p.temps) == (7, 1, 1)


def test_robots_at_most_one_per_active_machine(b0):
    s = to_bureaucracy(b0, hall=START + ["pr05", "pr06", "pr07"])
    with pytest.raises(IllegalAction, match="3 active robots but only 2 active machines"):
        E.apply(s, "p2", E.parse(s, "done"))
    s = act(s, "switch off pr07")
    assert player(s, "p2").production == 4  # 1 + 1 + 1 + 1
    s = act(s, "switch off c-ma1")  # now 1 machine for 2 robots
    with pytest.raises(IllegalAction, match="2 active robots but only 1 active machines"):
        E.apply(s, "p2", E.parse(s, "done"))
    s = act(s, "switch on c-ma1")
    s = act(s, "done")
    assert actor(s) == "p1"


def test_only_machines_and_robots_switch(b0):
    s = to_bureaucracy(b0)
    with pytest.raises(IllegalAction, match="Only machines and robots"):
        E.apply(s, "p2", E.parse(s, "switch off c-st1"))
    with pytest.raises(IllegalAction, match="already switched on"):
        E.apply(s, "p2", E.parse(s, "switch on c-ma1"))


def test_energy_floor_is_1(b0):
    # ou07 saves 4; both start machines off: energy 0 - 4 -> 1; production 0
    s = to_bureaucracy(b0, optimisation="ou07")
    assert player(s, "p2").energy == 1  # 2 + 2 - 4 = 0 -> 1
    s = act(act(s, "switch off c-ma1"), "switch off c-ma2")
    p = player(s, "p2")
    assert (p.production, p.energy) == (0, 1)


def test_energy_tile_moves_the_price(b0):
    s = finish_build(b0)
    s = edit(s, None, energy_deck=[2, 1, 1, 0, 2], energy_step=1)
    s = finish_bureaucracy(s)
    # +2: price 3; profit 20 - 4 x 3 = 8
    assert s.energy_step == 3 and s.energy_revealed == [2]
    assert [p.profits for p in s.players] == [[8], [8], [8]]


def test_round_5_doubled_and_game_end(b0):
    s = finish_build(b0)
    s = edit(s, None, round=5, energy_deck=[1], energy_step=3)
    s = edit(s, "p0", money=40)
    s = edit(s, "p1", money=40, hall=["b-ma1", "b-ma2", "b-st1", "b-st2", "b-st3", "st01"])
    s = finish_bureaucracy(s)
    # price 3 + 1 = 4; start factory: (20 - 4 x 4) x 2 = 8;
    # p1 storage 4: same min(2, 4) = 2, so also 8
    assert s.phase == "over" and E.is_over(s) and E.to_act(s) == []
    assert [p.profits[-1] for p in s.players] == [8, 8, 8]
    assert E.scores(s) == {"p0": 48, "p1": 48, "p2": 26}
    # tie on money and on the last profit: shared first place
    assert E.ranking(s) == [["p0", "p1"], ["p2"]]
    assert E.legal_actions(s, "p0") == []
    with pytest.raises(IllegalAction, match="over"):
        E.apply(s, "p0", E.parse(s, "done"))


def test_tie_broken_by_last_round_profit(b0):
    s = finish_build(b0)
    s = edit(s, None, round=5, energy_deck=[1], energy_step=3)
    # p0 richer factory: production 3 (pr05), storage 3 -> (30 - 4 x 4) x 2 = 28
    s = edit(s, "p0", money=20, hall=["a-ma1", "a-ma2", "a-st1", "a-st2", "a-st3", "pr05"])
    s = edit(s, "p1", money=40)  # (20 - 16) x 2 = 8
    s = finish_bureaucracy(s)
    assert E.scores(s)["p0"] == 48 and E.scores(s)["p1"] == 48
    assert E.ranking(s)[0] == ["p0"] and E.ranking(s)[1] == ["p1"]


def test_negative_profit_never_below_zero(b0):
    s = finish_build(b0)
    s = edit(s, None, round=5, energy_deck=[2], energy_step=5)
    s = edit(s, "p2", money=10)
    s = finish_bureaucracy(s)
    # price 7: (20 - 4 x 7) x 2 = -16; 10 - 16 -> 0
    assert player(s, "p2").profits[-1] == -16 and player(s, "p2").money == 0


def test_scores_are_money_at_every_moment(b0):
    assert E.scores(b0) == {"p0": 18, "p1": 18, "p2": 18}
    s = act(edit(b0, "p2", money=30), "hire 1")
    assert E.scores(s)["p2"] == 23
