"""Illegal moves raise IllegalAction with a readable reason and change nothing."""

import pytest

from engines import IllegalAction

from .helpers import E, act, dump, edit, finish_build, new, to_build


def refused(state, player, text, match):
    before = dump(state)
    with pytest.raises(IllegalAction, match=match) as info:
        E.apply(state, player, E.parse(state, text))
    assert dump(state) == before
    reason = str(info.value)
    assert reason[0].isupper() and reason.endswith((".", ")")) and "{" not in reason
    return reason


def test_overbidding():
    s = act(new(3, seed=7), "open 6 bid 0")  # p0 has 3 workers
    refused(
        s, "p0", "bid 3", r"You have only 3 available workers; a bidder keeps at least 1, so you can bid at most 2\."
    )


def test_buying_a_tile_not_in_the_market():
    s = to_build(new(3, seed=7))
    refused(s, "p2", "buy ma16 hall1", r"ma16 is not on the market\.")


def test_a_second_control_unit():
    s = to_build(new(3, seed=7))
    s = edit(s, "p2", control="cu03", money=40)
    s.market.append(s.columns["control-unit"].pop(0))
    refused(s, "p2", "buy cu01 room", r"You already have a control unit installed \(cu03\)")


def test_done_with_unstaffed_machines():
    s = to_build(new(3, seed=7))
    s = finish_build(edit(s, "p2", hall=["c-ma1", "c-ma2", "c-st1", "ma04", "ma05", "ma06"]))
    refused(s, "p2", "done", r"need 10 workers in the canteen but you have only 7")


def test_acting_out_of_turn():
    s = new(3, seed=7)
    reason = refused(s, "p0", "open 6 bid 0", r"It is not your turn")
    assert "p2 chooses" in reason


def test_a_player_who_is_not_seated():
    s = new(3, seed=7)
    refused(s, "stranger", "open 6 bid 0", r"^You are not seated in this game\.$")


def test_wrong_action_for_the_phase():
    s = new(3, seed=7)
    refused(s, "p2", "place machine", r"You choose the next turn-order tile")
    s = to_build(s)
    refused(s, "p2", "switch off c-ma1", r"In this phase you `buy`")
    refused(s, "p2", "hire 3", r"You may hire 1 or 2")


def test_unknown_text():
    s = new(3, seed=7)
    with pytest.raises(IllegalAction):
        E.parse(s, "fly to the moon")
