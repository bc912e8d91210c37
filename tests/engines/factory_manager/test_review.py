"""Independent review: defects found by playing the engine through its text interface.

Positions come from seed 7 with 3 seats (p2 holds old tile 8 and chooses first; after a passive
auction p2 holds tile 1, p1 tile 2, p0 tile 6). Expected values are worked out by hand from
the rule text in the comments.
"""

import pytest

from engines import IllegalAction

from .helpers import E, act, actor, edit, finish_build, new, player, to_build, with_market

NINE = ["c-ma1", "c-ma2", "c-st1", "c-st2", "c-st3", "d-st1", "d-st2", "d-st3", "e-st1"]


@pytest.fixture
def b0():
    s = to_build(new(3, seed=7))
    assert actor(s) == "p2" and player(s, "p2").tile == 1
    return s


def workers(p):
    return p.available + p.canteen + p.bid + p.used + p.demolishing


# --------------------------------------------------------------------------- notation a player guesses
def test_open_without_a_bid_opens_at_0():
    s = new(3, seed=7)
    # RULES §1: the opening bid is 0 or more; `open 6` is the natural way to say "for 0"
    assert E.parse(s, "open 6") == E.parse(s, "open 6 bid 0")


def test_take_without_numbers_takes_the_last_tile_for_0():
    s = act(act(new(3, seed=7), "open 1 bid 2"), "open 2 bid 2")
    # p2 won 1 (nobody could raise to 3), p1 (old tile 7) won 2: p0 is last, tile 6 is left
    assert actor(s) == "p0" and s.order_offer == [6]
    assert E.parse(s, "take") == E.parse(s, "take 6 bid 0")
    assert E.parse(s, "take 6") == E.parse(s, "take 6 bid 0")
    assert E.parse(s, "take bid 1") == E.parse(s, "take 6 bid 1")


def test_raise_is_bid():
    s = act(new(3, seed=7), "open 6 bid 0")
    assert E.parse(s, "raise 1") == E.parse(s, "bid 1")


@pytest.mark.parametrize(
    "text,kind",
    [
        ("place pallet storage", "storage"),
        ("place storages", "storage"),
        ("place st", "storage"),
        ("place machines", "machine"),
        ("place ma", "machine"),
        ("place production robot", "production-robot"),
        ("place pr", "production-robot"),
        ("place saving robot", "saving-robot"),
        ("place sr", "saving-robot"),
        ("place control unit", "control-unit"),
        ("place cu", "control-unit"),
        ("place optimization unit", "optimisation-unit"),
        ("place optimisation unit", "optimisation-unit"),
        ("place ou", "optimisation-unit"),
    ],
)
def test_place_accepts_the_kind_names_a_player_types(text, kind):
    s = new(3, seed=7)
    assert E.parse(s, text) == E.parse(s, f"place {kind}")


def test_buy_and_install_without_a_place_go_to_hall_i_or_the_control_room(b0):
    # RULES §3: machines, robots and storages go into the production hall (hall I free),
    # control/optimisation units into their control-room space
    assert E.parse(b0, "buy st01") == E.parse(b0, "buy st01 hall1")
    assert E.parse(b0, "buy x-cu") == E.parse(b0, "buy x-cu room")
    assert E.parse(b0, "install st01") == E.parse(b0, "install st01 hall1")
    assert E.parse(b0, "buy st01 hall 2") == E.parse(b0, "buy st01 hall2")
    assert E.parse(b0, "buy st01 hall ii") == E.parse(b0, "buy st01 hall2")
    assert E.parse(b0, "buy st01 keep") == E.parse(b0, "buy st01 aside")


def test_switch_words(b0):
    s = finish_build(b0)
    assert E.parse(s, "off c-ma1") == E.parse(s, "switch off c-ma1")
    assert E.parse(s, "turn off c-ma1") == E.parse(s, "switch off c-ma1")
    assert E.parse(s, "switch c-ma1 off") == E.parse(s, "switch off c-ma1")
    assert E.parse(s, "on c-ma1") == E.parse(s, "switch on c-ma1")
    assert E.parse(s, "end turn") == E.parse(s, "done")


def test_unknown_words_still_refused(b0):
    with pytest.raises(IllegalAction):
        E.parse(b0, "buy")
    with pytest.raises(IllegalAction):
        E.parse(b0, "place robot")  # two robot kinds: ambiguous


# --------------------------------------------------------------------------- sentences
def test_describe_buy_aside_and_hall_ii_fee(b0):
    # tile 1: no discount; st01 costs 6; hall II's first space costs 10 more (RULES §3)
    assert (
        E.describe(b0, E.parse(b0, "buy st01 aside"))
        == "Buy st01 (pallet storage) for 6 and keep it beside the factory."
    )
    assert (
        E.describe(b0, E.parse(b0, "buy st01 hall2"))
        == "Buy st01 (pallet storage) for 6 and put it in hall II (+10 Elektro for a new hall II space)."
    )
    s = edit(b0, "p2", stored=["st11"])
    assert (
        E.describe(s, E.parse(s, "install st11 hall2"))
        == "Install st11 in hall II (+10 Elektro for a new hall II space)."
    )
    s = edit(s, "p2", hall2=["st12"], hall2_paid=2)
    assert E.describe(s, E.parse(s, "install st11 hall2")) == "Install st11 in hall II."


def test_describe_done_warns_that_unpaid_temps_leave(b0):
    s = edit(b0, "p2", temps=2, available=5)
    assert (
        E.describe(s, E.parse(s, "done"))
        == "End your turn; your 2 temporary workers go back to the supply (not paid again)."
    )
    assert E.describe(b0, E.parse(b0, "done")) == "End your turn."


def test_counts_are_singular_when_one(b0):
    s = edit(b0, "p2", available=1, money=2)
    assert "(1 worker, 2 Elektro)" in E.status(s)
    with pytest.raises(IllegalAction, match=r"^1 temporary worker costs 7 Elektro and you have 2\.$"):
        E.apply(s, "p2", E.parse(s, "hire 1"))
    s = finish_build(with_market(b0, "pr01"))
    s = edit(s, "p2", hall=["c-ma1", "c-st1", "pr01"])
    # one machine, one robot
    assert E.status(s).endswith("1 robot for 1 machine).")


def test_status_after_hiring_does_not_offer_buying(b0):
    s = act(b0, "hire 1")
    st = E.status(s)
    assert "buys" not in st and "`done`" in st


def test_auction_event_sentences():
    s = new(3, seed=7)
    out = E.apply(s, "p2", E.parse(s, "open 6 bid 0"))
    assert out.events[0].text == "p2 opens the auction for turn-order tile 6 with 0 workers."
    s = act(act(new(3, seed=7), "open 1 bid 2"), "open 2 bid 2")
    out = E.apply(s, "p0", E.parse(s, "take 6 bid 0"))
    assert out.events[0].text == "p0 takes the last turn-order tile 6 with 0 workers."


def test_income_event_in_round_5_shows_the_profit_before_doubling(b0):
    from .helpers import finish_bureaucracy

    s = finish_build(b0)
    s = edit(s, None, round=5, energy_deck=[2], energy_step=4)
    s = edit(s, "p2", money=10)
    outs = []
    while s.phase == "bureaucracy":
        out = E.apply(s, actor(s), E.parse(s, "done"))
        outs += out.events
        s = out.state
    # price 4 + 2 = 6; start factory: 20 - 4 x 6 = -4, doubled -8; p2 pays 8 of its 10
    text = next(e.text for e in outs if e.type == "income" and e.text.startswith("p2"))
    assert text == "p2 earns 20 and pays 24 for energy: profit -4, doubled in the last round to -8, now 2 Elektro."
    assert finish_bureaucracy(s) is s


def test_installing_a_kept_second_control_unit_is_refused_without_suggesting_aside(b0):
    # RULES §3: one control unit at a time; a kept tile is already beside the factory
    s = edit(b0, "p2", control="cu03", stored=["cu01"])
    with pytest.raises(
        IllegalAction, match=r"^You already have a control unit installed \(cu03\); demolish it first\.$"
    ):
        E.apply(s, "p2", E.parse(s, "install cu01"))


def test_robot_refusal_reads_one_machine(b0):
    # RULES §4: one robot per active machine; 1 machine with 3 robots must switch 2 robots off
    s = edit(finish_build(b0), "p2", hall=["c-ma1", "pr01", "pr02", "sr01"])
    with pytest.raises(IllegalAction, match=r"^You have 3 active robots but only 1 active machine; each machine"):
        E.apply(s, "p2", E.parse(s, "done"))


def test_tile_ids_without_the_leading_zero(b0):
    assert E.parse(b0, "buy st1") == E.parse(b0, "buy st01 hall1")
    assert E.parse(b0, "BUY ST1 HALL 2") == E.parse(b0, "buy st01 hall2")
    assert E.parse(b0, "demolish ma4") == E.parse(b0, "demolish ma04")
    assert E.parse(b0, "place st") == E.parse(b0, "place storage")  # kind words untouched


def test_buy_and_place_event_sentences(b0):
    # tile 1: no discount; st01 costs 6, the first hall II space 10 more (RULES §3)
    s = edit(b0, "p2", money=40)
    out = E.apply(s, "p2", E.parse(s, "buy st01 hall2"))
    assert out.events[0].text == "p2 buys st01 for 6 and installs it in hall II (plus 10 for the new hall II space)."
    out = E.apply(out.state, "p2", E.parse(out.state, "buy st02"))
    assert out.events[0].text == "p2 buys st02 for 6 and installs it in hall I."
    s = new(3, seed=7)
    s = act(act(s, "open 1 bid 2"), "open 2 bid 2")
    s = act(s, "take")
    out = E.apply(s, actor(s), E.parse(s, "place machine"))
    assert out.events[0].text == f"{actor(s)} puts ma01 (machine, price 8) on the market."


def test_build_status_reminds_that_temps_must_be_paid_again(b0):
    # RULES §3: temps held from last round must be paid again now or go back to the supply
    s = edit(b0, "p2", temps=2, available=5)
    assert E.status(s) == (
        "Round 1/5, phase 3 (buy, demolish and hire): p2 buys, demolishes or hires "
        "(5 workers, 18 Elektro; its 2 temporary workers leave unless paid again "
        "with `hire 2`), then `done`."
    )
