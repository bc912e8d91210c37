"""Visiting Kaunas, "Dice manipulation", "Actions for values", "Upgrades", the no-die penalty."""

from __future__ import annotations

import pytest

from engines.base import IllegalAction
from engines.visiting_kaunas.engine import ENGINE as engine

from .helpers import act, at_assign, moves, new
from .test_buy import board


def base(dice):
    s = board(new())
    s.pl["ann"].street = [["museum"], []]
    s.down = ["e01", "e02", "e03"]  # level 1, food: nobody has a food building yet
    s.edeck = ["e04", "e05", "e06", "e11", "e12"]
    return at_assign(s, dice)


def first_roll(seed: int) -> list[int]:
    """The first turn's dice: buy with the first legal ship move, build in row a."""

    s = engine.setup(["a", "b"], None, seed)
    p = s.players[s.active]
    assert s.dice == []  # no dice before the building is bought and placed
    s = engine.apply(s, p, engine.legal_actions(s, p)[0]).state
    s = act(s, p, "build a")
    return [d.v for d in s.dice]


def test_dice_come_from_the_seed():
    rolls = [first_roll(seed) for seed in range(12)]
    assert all(len(r) == 3 and all(1 <= v <= 6 for v in r) for r in rolls)
    # same seed, same moves: same dice; different seeds give different rolls
    assert first_roll(5) == rolls[5]
    assert len({tuple(r) for r in rolls}) > 6


def test_resolve_from_highest_to_lowest():
    s = base([2, 5, 3])
    s.up[0] = ["e01"]  # level 1: food, coming, all zones
    s.pl["ann"].street = [["museum", "cafe"], []]
    s = act(s, "ann", "event 2 up1 morning")
    s = act(s, "ann", "use 5")
    s = act(s, "ann", "use 3")
    # the 5 first: only row choices (or skipping it)
    assert moves(s, "ann") == ["row 1", "row 2", "row 3", "skip 5"]
    s = act(s, "ann", "skip 5")
    assert all(m.startswith(("draw", "skip 3", "upgrade")) for m in moves(s, "ann"))
    s = act(s, "ann", "skip 3")
    # now the 2 on the event: it fires by itself (no choice) -> tourists step
    assert s.phase == "tourists" and s.move_n == 2
    assert engine.to_act(s) == ["ann"]  # bob has no food building: nothing to move


def test_equal_values_in_chosen_order():
    s = base([5, 5, 1])
    s.up[0] = ["e01"]
    s = act(s, "ann", "event 5 up1 midday")
    s = act(s, "ann", "use 5")
    s = act(s, "ann", "use 1")
    m = moves(s, "ann")
    assert "fire up1" in m and "row 2" in m and "skip 5" in m


def test_two_fives_on_different_rows_and_others_pay_double_event_number():
    s = base([5, 5, 1])
    s = act(s, "ann", "use 5")
    s = act(s, "ann", "use 5")
    s = act(s, "ann", "event 1 down1 morning")
    s = act(s, "ann", "row 2")
    # ann's column ship is on column 5: row 2 x column 5 = Euro store, free
    assert s.taking == "eurostore" and s.pl["ann"].coins == 8
    s = act(s, "ann", "build a")
    # bob's column ship is on column 4: row 2 x column 4 = theatre for 2 x level 1 = 2 coins
    assert engine.to_act(s) == ["bob"]
    assert moves(s, "bob") == ["decline", "take a", "take b"]
    s = act(s, "bob", "take b")
    assert s.pl["bob"].coins == 8 - 2
    assert s.pl["bob"].street == [["museum"], ["theatre"]]
    # both spots refilled from the deck top in row/column order: (2,4) then (2,5)
    assert (s.grid[1][3], s.grid[1][4]) == ("theatre", "cafe")
    # the second 5 cannot use row 2 again
    assert "row 2" not in moves(s, "ann")
    assert {"row 1", "row 3"} <= set(moves(s, "ann"))
    with pytest.raises(IllegalAction):
        act(s, "ann", "row 2")


def test_others_pay_with_level_2_and_need_the_coins():
    s = base([4, 1, 1])
    s.edeck = ["e15", "e16", "e17"]
    s.pl["bob"].coins = 3  # 2 x level 2 = 4 > 3: no offer
    for t in ("use 4", "use 1", "event 1 down1 morning"):
        s = act(s, "ann", t)
    s = act(s, "ann", "column 1")
    assert s.taking == "church"  # ann's row ship on row 2 x column 1
    s = act(s, "ann", "build a")
    assert "bob" not in engine.to_act(s)
    s.pl["bob"].coins = 9


def test_two_fours_on_different_columns():
    s = base([4, 4, 1])
    for t in ("use 4", "use 4", "event 1 down1 morning"):
        s = act(s, "ann", t)
    s = act(s, "ann", "column 2")
    assert s.taking == "bank"  # row 2 x column 2
    s = act(s, "ann", "build a")
    # bob's row ship on row 1: column 2 x row 1 = bistro for 2 x 1
    s = act(s, "bob", "take a")
    assert s.pl["bob"].street[0] == ["museum", "bistro"] and s.pl["bob"].coins == 6
    assert "column 2" not in moves(s, "ann") and "column 3" in moves(s, "ann")


def test_grande_enters_only_on_a_six_and_pays_double():
    s = base([5, 3, 1])
    for t in ("use 5", "use 3", "event 1 down1 morning"):
        s = act(s, "ann", t)
    assert not any(m.startswith("grande") for m in moves(s, "ann"))
    s = base([6, 3, 1])
    for t in ("use 6", "use 3", "event 1 down1 morning"):
        s = act(s, "ann", t)
    # the museum (a1) is open morning (2 places, $2) and midday (3 places, $2)
    assert moves(s, "ann") == ["grande a1 midday", "grande a1 morning", "skip 6"]
    s = act(s, "ann", "grande a1 morning")
    assert s.pl["ann"].grande == "a1:morning"
    assert s.pl["ann"].coins == 8 + 2 * 2


def test_upgrade_face_up_or_draw_and_choose_privately():
    s = base([3, 1, 1])
    s.uface = ["u01"]
    for t in ("use 3", "use 1", "event 1 down1 morning"):
        s = act(s, "ann", t)
    assert "upgrade u01 a1" in moves(s, "ann")
    assert {"draw 1", "draw 2", "draw 3"} <= set(moves(s, "ann"))
    t = act(s, "ann", "upgrade u01 a1")
    # u01: +1 capacity in the morning; museum morning 2 -> 3
    assert engine.view(t, None)["pl"]["ann"]["street"][0][0]["zones"]["morning"]["capacity"] == 3
    s.udeck = ["u05", "u25"] + [u for u in s.udeck if u not in ("u05", "u25", "u01")]
    d = act(s, "ann", "draw 2")
    assert d.phase == "choose"
    assert [u["id"] for u in engine.view(d, "ann")["drawn"]] == ["u05", "u25"]
    assert [u["id"] for u in engine.private_view(d, "ann")["drawn"]] == ["u05", "u25"]
    assert engine.view(d, "bob")["drawn"] == [] and engine.private_view(d, "bob") is None
    assert engine.view(d, "ann")["hand"] == [
        "drawn upgrade u05 (+1 capacity midday)",
        "drawn upgrade u25 (+$1 all zones)",
    ]
    assert "drawn" not in engine.view(d, None) and engine.view(d, None)["drawn_count"] == 2
    assert moves(d, "ann") == ["choose u05 a1", "choose u25 a1"]
    d = act(d, "ann", "choose u25 a1")
    assert engine.private_view(d, "ann") is None  # nothing secret any more
    # u25: +1 price in every open zone (u25-u28; u01-u09 +1 capacity, u10-u18 +1 price, u19-u24 both, one zone each): museum morning $2 -> $3, midday $2 -> $3
    z = engine.view(d, None)["pl"]["ann"]["street"][0][0]["zones"]
    assert (z["morning"]["price"], z["midday"]["price"]) == (3, 3)
    assert d.uface == ["u01", "u05"]  # the other card goes face up


def test_two_reveals_level_1_2_cards_and_refills():
    s = base([2, 1, 1])
    s.down = ["e01", "e02", "e40"]  # two level 1, one level 3
    s.edeck = ["e03", "e04", "e11"]
    for t in ("use 2", "event 1 down3 morning", "use 1"):
        s = act(s, "ann", t)
    # the level-3 card (and the card with a die) cannot be revealed
    assert not any("down3" in m for m in moves(s, "ann"))
    s = act(s, "ann", "reveal down1 up1")
    assert s.up[0] == ["e01"] and s.down[0] == "e03"
    s = act(s, "ann", "reveal down2 up2")
    assert s.up[1] == ["e02"] and s.down[1] == "e04"


def test_one_takes_a_discarded_card_into_the_face_up_row():
    s = base([1, 1, 1])
    s.discard = ["e05", "e12"]
    s.down = ["e01", "e02", "e03"]
    for t in ("use 1", "use 1", "event 1 down1 morning"):
        s = act(s, "ann", t)
    assert "recall e12 up1" in moves(s, "ann")
    s = act(s, "ann", "recall e12 up1")
    assert s.up[0] == ["e12"] and s.discard == ["e05"]


def test_missing_time_zone_sends_card_face_up_and_covering():
    s = base([4, 2, 1])
    s.down = ["e44", "e01", "e02"]  # e44: level 3, midday only
    s.edeck = ["e03", "e04", "e11", "e12"]
    s.up = [["e05"], ["e06"], ["e07"]]
    for t in ("event 4 down1 evening", "use 2", "use 1"):
        s = act(s, "ann", t)
    # no evening on e44: it goes face up; the face-up row is full -> ann chooses what to cover
    assert s.phase == "cover"
    assert moves(s, "ann") == ["cover up1", "cover up2", "cover up3"]
    s = act(s, "ann", "cover up2")
    assert s.up[1] == ["e06", "e44"] and s.down[0] == "e03"
    # when the top card is used, the covered card comes back
    s2 = at_assign(s.model_copy(deep=True), [6, 1, 1])
    for t in ("event 6 up2 midday", "use 1", "use 1"):
        s2 = act(s2, "ann", t)
    # the 6 resolved first (nobody has a bank: no tourist moves): e44 discarded, e06 back on top
    assert s2.up[1] == ["e06"] and s2.discard == ["e44"]


def test_face_up_cards_only_take_their_own_zones_and_one_die_per_card():
    s = base([4, 2, 1])
    s.up = [["e44"], [], []]  # midday only
    m = moves(s, "ann")
    assert "event 4 up1 midday" in m and "event 4 up1 morning" not in m
    s = act(s, "ann", "event 4 up1 midday")
    assert not any(" up1 " in x for x in moves(s, "ann"))


def test_no_die_on_an_event_card_pays_longest_row_onto_a_face_down_card():
    s = base([3, 2, 1])
    s.pl["ann"].street = [["museum", "cafe"], ["bistro"]]
    s.down = ["e01", "e02", "e03"]
    for t in ("use 3", "use 2", "use 1"):
        s = act(s, "ann", t)
    assert s.phase == "penalty"
    assert moves(s, "ann") == ["penalty down1", "penalty down2", "penalty down3"]
    s = act(s, "ann", "penalty down2")
    assert s.pl["ann"].coins == 8 - 2  # longest row: 2 buildings
    assert engine.view(s, None)["down"][1]["stake"] == 2
    # whoever next resolves a die on that card takes the coins (bob here)
    s.active = 1
    s = at_assign(s, [1, 1, 1])
    bob = s.pl["bob"].coins
    s = act(s, "bob", "event 1 down2 morning")
    s = act(s, "bob", "use 1")
    s = act(s, "bob", "use 1")
    s = act(s, "bob", "fire down2")  # three 1s: bob picks the order
    assert s.pl["bob"].coins == bob + 2
    assert "e02" not in s.stakes


def test_readable_reasons_for_common_mistakes():
    s = base([4, 2, 1])
    s.up = [["e44"], [], []]  # midday only
    with pytest.raises(IllegalAction, match="face-up cards only take their own time zones"):
        act(s, "ann", "event 4 up1 morning")
    with pytest.raises(IllegalAction, match="cannot row now"):
        act(s, "ann", "row 1")
    with pytest.raises(IllegalAction, match="not a move"):
        engine.parse(s, "fly away")


def test_describe_names_what_a_move_concerns():
    s = base([5, 3, 1])
    s.up[0] = ["e43"]
    s.discard = ["e12"]
    d = engine.describe
    from engines.visiting_kaunas.actions import Event, Recall, Row, Ship, UpgradeTake

    assert (
        d(s, Event(die=5, card="up1", zone="evening"))
        == "Put the 5 on up1, e43 (Night club out; evening), in the evening."
    )
    assert d(s, Event(die=5, card="down2", zone="morning")) == "Put the 5 on down2, face-down level 1, in the morning."
    assert d(s, Recall(card="e12", stack="up2")) == "Put discarded e12 (Shop in; midday and evening) onto up2."
    # ann's row ship on row 2, column ship on column 5 (test_buy.board)
    assert d(s, Row(row=3)) == "Place the 5 beside row 3: take the Restaurant free."
    assert d(s, UpgradeTake(card="u10", building="a1")) == "Take upgrade u10 (+$1 morning) for your A1."
    s.phase = "buy"
    assert d(s, Ship(edge="top", to=2)) == "Move your top ship to column 2: buy the Bank for 3."


def test_declining_an_offer_is_said_in_the_channel():
    """Another player's 5: bob may buy the theatre at his ship for 2 coins and declines.
    Playing through the bot, the post after a decline said only whose turn it was."""

    s = base([5, 5, 1])
    s = act(s, "ann", "use 5")
    s = act(s, "ann", "use 5")
    s = act(s, "ann", "event 1 down1 morning")
    s = act(s, "ann", "row 2")
    s = act(s, "ann", "build a")
    out = engine.apply(s, "bob", engine.parse(s, "decline"))
    assert [e.text for e in out.events if e.visible_to is None] == ["bob does not buy the building at their ship."]
    assert out.state.pl["bob"].coins == 8 and out.state.pl["bob"].street == [["museum"], []]
