"""Visiting Kaunas: events, tourist movement (the text's Cases 1-4), the simultaneous
tourist step, and the end of the game."""

from __future__ import annotations

import json

import pytest

from engines.base import IllegalAction
from engines.visiting_kaunas.engine import ENGINE as engine

from .helpers import act, at_assign, at_event, moves, new, street

# cards used (engines/visiting_kaunas/data.py): e01 level 1 food coming (all zones);
# e09 level 1 "other" coming (all zones); e43 level 3 night club leaving (evening);
# e16 level 2 shop leaving (morning, evening)


def test_case_1_die_on_third_spot_moves_three_meeples_in_the_evening_grande_included():
    # Case 1: a face-up level 1 card, die 3 on the third spot -> evening, 3 meeples
    # (here two regular meeples and the Grande)
    s = new()
    street(s, "ann", ["museum", "pizzeria", "restaurant"], grande="a2:evening")
    street(s, "bob", ["museum"])
    s.up[0] = ["e01"]
    s.down = ["e02", "e03", "e04"]
    s = at_assign(s, [3, 1, 1])
    for t in ("event 3 up1 evening", "use 1", "use 1"):
        s = act(s, "ann", t)
    assert (s.phase, s.move_zone, s.move_n) == ("tourists", "evening", 3)
    assert engine.to_act(s) == ["ann"]  # bob has no food building
    # restaurant evening $4, pizzeria evening $3; the Grande pays double
    assert moves(s, "ann") == ["tourist grande a3", "tourist supply a2", "tourist supply a3"]
    s = act(s, "ann", "tourist grande a3")  # 2 x 4 = 8
    s = act(s, "ann", "tourist supply a2")  # 3
    s = act(s, "ann", "tourist supply a3")  # 4
    assert s.pl["ann"].coins == 8 + 8 + 3 + 4
    assert s.pl["ann"].grande == "a3:evening"
    assert s.pl["ann"].tourists == {"a2:evening": 1, "a3:evening": 1}
    assert s.pl["ann"].supply == 8
    assert s.phase != "tourists" and s.discard == ["e01"]


def test_case_2_only_tourists_in_a_building_open_in_that_zone_move():
    # Case 2: 3 meeples into "Other" (evening); Ann has a Night club; the Watches store
    # works only at midday so its meeples cannot move; the Euro store's meeples move instead
    s = new()
    street(
        s,
        "ann",
        ["museum", "watches", "eurostore", "nightclub"],
        supply=0,
        tourists={"a1:morning": 2, "a1:midday": 3, "a2:midday": 2, "a3:evening": 3},
    )
    s = at_event(s, "e09", "evening", 3, movers=["ann"])
    assert moves(s, "ann") == ["tourist a3 a4"]
    with pytest.raises(IllegalAction):
        act(s, "ann", "tourist a2 a4")
    for _ in range(3):
        s = act(s, "ann", "tourist a3 a4")
    # night club evening: $4 each -> 12
    assert s.pl["ann"].coins == 8 + 12
    assert s.pl["ann"].tourists == {"a1:midday": 3, "a1:morning": 2, "a2:midday": 2, "a4:evening": 3}


def test_case_3_bank_takes_one_the_pool_the_other_two():
    # Case 3: 3 meeples into "Other"; the Bank accommodates one, the other two go to the Pool
    s = new()
    street(s, "ann", ["museum", "bank", "pool"])
    s = at_event(s, "e09", "midday", 3, movers=["ann"])
    assert moves(s, "ann") == ["tourist supply a2", "tourist supply a3"]
    s = act(s, "ann", "tourist supply a2")
    assert moves(s, "ann") == ["tourist supply a3"]  # the bank is full now
    s = act(s, "ann", "tourist supply a3")
    s = act(s, "ann", "tourist supply a3")
    # bank midday $5 + pool midday 2 x $2 = 9
    assert s.pl["ann"].coins == 8 + 9
    assert s.pl["ann"].tourists == {"a2:midday": 1, "a3:midday": 2}
    assert engine.to_act(s) != ["ann"] or s.phase != "tourists"


def test_case_4_full_bank_two_to_the_pool_third_not_moved():
    # Case 4: the last matching building is the Bank, already full (1 meeple); two go to
    # the Pool; no building meets the criteria for the third, which does not move
    s = new()
    street(s, "ann", ["museum", "pool", "bank"], supply=9, tourists={"a3:midday": 1})
    s = at_event(s, "e09", "midday", 3, movers=["ann"])
    # the bank's meeple may not go back left to the pool
    assert moves(s, "ann") == ["tourist supply a2"]
    s = act(s, "ann", "tourist supply a2")
    s = act(s, "ann", "tourist supply a2")
    assert s.phase != "tourists"  # ann's third move is lost; the event is over
    assert s.pl["ann"].coins == 8 + 4
    assert s.pl["ann"].tourists == {"a2:midday": 2, "a3:midday": 1}


def test_tourists_move_across_and_right_never_left():
    s = new()
    # a: museum, cafe, cafe   b: cafe, bistro ; a tourist in a2 (column 2) in the morning
    street(s, "ann", ["museum", "cafe", "cafe"], ["cafe", "bistro"], supply=0, tourists={"a2:morning": 1})
    s = at_event(s, "e01", "morning", 1, movers=["ann"])
    # food buildings open in the morning with room: cafes a2, a3, b1; from column 2 it may go
    # to a3 (right) but not to b1 (column 1: backwards); bistro b2 is closed in the morning
    assert moves(s, "ann") == ["tourist a2 a3"]


def test_leaving_tourists_go_further_or_leave_the_city():
    s = new()
    street(s, "ann", ["museum", "nightclub", "pool"], supply=5, tourists={"a2:evening": 3})
    s = at_event(s, "e43", "evening", 3, movers=["ann"])
    # leaving the night club: the pool (a3, evening, 2 places) is further on
    assert moves(s, "ann") == ["tourist a2 a3"]
    s = act(s, "ann", "tourist a2 a3")
    s = act(s, "ann", "tourist a2 a3")
    # the pool is full: the last one leaves the city (back to the supply), paying nothing
    assert moves(s, "ann") == ["tourist a2 out"]
    s = act(s, "ann", "tourist a2 out")
    assert s.pl["ann"].supply == 6
    assert s.pl["ann"].coins == 8 + 2 * 2
    assert s.pl["ann"].tourists == {"a3:evening": 2}


def test_a_tourist_moves_at_most_once_per_event():
    s = new()
    street(s, "ann", ["cafe", "cafe", "cafe"], supply=1)
    s = at_event(s, "e01", "morning", 3, movers=["ann"])
    s = act(s, "ann", "tourist supply a1")
    # the tourist that just arrived in a1 lies down: it cannot move again this event
    assert moves(s, "ann") == []
    assert s.phase != "tourists"


def setup_two_movers():
    s = new(3)
    street(s, "ann", ["museum", "cafe"], ["bistro"])
    street(s, "bob", ["cafe"], ["cafe", "bank"])
    street(s, "cid", ["museum"])
    return at_event(s, "e01", "midday", 2)


def test_simultaneous_step_lists_everyone_who_still_moves():
    s = setup_two_movers()
    s = engine.apply(s, "ann", engine.legal_actions(s, "ann")[0]).state  # triggers the filter
    assert engine.to_act(s) == ["ann", "bob"]  # cid has no food building
    assert "waiting for ann, bob" in engine.status(s)
    assert engine.legal_actions(s, "cid") == []


@pytest.mark.parametrize("first", ["ann", "bob"])
def test_simultaneous_step_either_order_same_state(first):
    plays = {"ann": ["tourist supply b1", "tourist supply a2"], "bob": ["tourist supply a1", "tourist supply b1"]}
    s = setup_two_movers()
    order = [first, "bob" if first == "ann" else "ann"]
    for p in order:
        for t in plays[p]:
            assert p in engine.to_act(s)
            s = act(s, p, t)
    # midday: ann bistro $2 + cafe $1; bob cafe $1 + cafe $1
    assert (s.pl["ann"].coins, s.pl["bob"].coins) == (8 + 3, 8 + 2)
    assert s.phase != "tourists"
    # interleaved order too
    t = setup_two_movers()
    for p, m in [("bob", 0), ("ann", 0), ("bob", 1), ("ann", 1)]:
        t = act(t, p, plays[p][m])
    assert json.dumps(t.model_dump(mode="json"), sort_keys=True) == json.dumps(
        s.model_dump(mode="json"), sort_keys=True
    )


def test_game_ends_when_the_event_deck_is_empty_and_ranking():
    s = new()
    street(s, "ann", ["museum", "cafe"])
    s.up[0] = ["e09"]
    s.down = ["e02", "e03", ""]
    s.edeck = ["e04"]  # the last card
    s = at_assign(s, [2, 1, 1])
    for t in ("event 2 up1 morning", "use 1", "use 1"):
        s = act(s, "ann", t)
    # e09 fired (nobody has an "other" building) -> discarded; down3 refilled with the last card
    assert s.edeck == [] and s.down[2] == "e04"
    assert engine.is_over(s) and engine.to_act(s) == []
    assert engine.legal_actions(s, "ann") == []
    with pytest.raises(IllegalAction, match="over"):
        act(s, "ann", "skip 1")


def test_ranking_most_money_then_more_buildings():
    s = new(4)
    s.phase = "over"
    for p, coins, a in [
        ("ann", 20, ["museum"]),
        ("bob", 20, ["museum", "cafe"]),
        ("cid", 30, ["museum"]),
        ("dan", 20, ["museum"]),
    ]:
        street(s, p, a, coins=coins)
    # cid most money; bob beats ann and dan on buildings; ann and dan share third
    assert engine.ranking(s) == [["cid"], ["bob"], ["ann", "dan"]]
    assert engine.scores(s) == {"ann": 20, "bob": 20, "cid": 30, "dan": 20}
