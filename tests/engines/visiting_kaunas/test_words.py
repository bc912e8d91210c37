"""The channel's sentences count properly: "1 space", "5 coins", never "space(s)" (found
playing Visiting Kaunas through SimCord)."""

from __future__ import annotations

from engines.visiting_kaunas import engine


def texts(s, p, notation):
    action = next(a for a in engine.legal_actions(s, p) if engine.notation(s, a) == notation)
    return [e.text for e in engine.apply(s, p, action).events]


def test_ship_purchase_sentence_counts_spaces_and_coins():
    s = engine.setup(["a", "b", "c"], None, 1)
    # seed 1: b starts (lowest die); b's top ship is at column 6 (index 5), the right ship at
    # row 3 (index 2); the event deck's top card is level 1, so a space costs 1 coin
    assert engine.to_act(s) == ["b"] and (s.pl["b"].column, s.pl["b"].row) == (5, 2)
    # right ship row 3 -> row 4: 1 space x 1 = 1 coin
    assert texts(s, "b", "ship right 4") == ["b moves a ship 1 space and buys a Restaurant for 1 coin."]
    # top ship column 6 -> column 1: 5 spaces x 1 = 5 coins
    assert texts(s, "b", "ship top 1") == ["b moves a ship 5 spaces and buys a Bistro for 5 coins."]
