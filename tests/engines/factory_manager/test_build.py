"""Factory Manager, phase 3: buy/install, demolish, hire temporary workers (RULES §3).

Positions come from seed 7 with 3 seats after a passive auction (p2 holds tile 1, p1 tile 2,
p0 tile 6) and a market phase in which everybody placed pallet storages; the tests then edit
the seat's money, tile or the market to the position a rule talks about.
"""

import pytest

from engines import IllegalAction

from .helpers import E, act, actor, dump, edit, finish_build, new, player, to_build, with_market

FULL_HALL = ["c-ma1", "c-ma2", "c-st1", "c-st2", "c-st3", "d-st1", "d-st2", "d-st3", "e-st1", "e-st2"]


@pytest.fixture
def b0():
    s = to_build(new(3, seed=7))
    assert s.phase == "build" and s.order == [2, 1, 0] and actor(s) == "p2"
    # 3 X tiles + 3 + 3 + 3 storages + 1 extra (skipped) = 12
    assert len(s.market) == 12
    return s


def test_buy_pays_price_minus_discount(b0):
    s = with_market(b0, "ma04")
    s = edit(s, "p2", tile=8)  # turn-order tile 8: discount 3 (ASSUMED table)
    s = act(s, "buy ma04 hall1")
    p = player(s, "p2")
    assert p.money == 18 - (12 - 3)  # ma04 costs 12
    assert "ma04" in p.hall and "ma04" not in s.market
    assert (p.available, p.used) == (2, 1)


def test_discount_floor_at_zero(b0):
    s = with_market(b0, "sr01", "pr01", "ma01")
    s = edit(s, "p2", tile=12)  # discount 5 (ASSUMED)
    s = act(s, "buy sr01 hall1")  # price 4 - 5 -> 0, not -1
    assert player(s, "p2").money == 18
    s = act(s, "buy pr01 hall1")  # price 5 - 5 = 0
    assert player(s, "p2").money == 18
    s = act(s, "buy ma01 hall1")  # price 8 - 5 = 3
    assert player(s, "p2").money == 15


def test_hall_ii_fee_once_per_space(b0):
    s = with_market(b0, "ma01", "ma02", "ma03")
    s = edit(s, "p2", hall=list(FULL_HALL), money=100, available=4)
    with pytest.raises(IllegalAction, match="hall I is full"):
        E.apply(s, "p2", E.parse(s, "buy ma01 hall1"))
    s = act(s, "buy ma01 hall2")  # 8 + 10 for the first use of the space
    assert player(s, "p2").money == 82 and player(s, "p2").hall2_paid == 1
    s = act(s, "demolish ma01")
    s = act(s, "buy ma02 hall2")  # same space again: 8, no fee
    assert player(s, "p2").money == 74
    s = act(s, "buy ma03 hall2")  # the second space: 8 + 10
    assert player(s, "p2").money == 56 and player(s, "p2").hall2_paid == 2
    assert player(s, "p2").hall2 == ["ma02", "ma03"]


def test_control_room_one_unit_of_each_kind(b0):
    s = with_market(b0, "cu01", "cu02", "ou01")
    s = edit(s, "p2", money=50, available=4)
    s = act(s, "buy cu01 room")
    assert player(s, "p2").control == "cu01" and player(s, "p2").money == 42
    before = dump(s)
    with pytest.raises(IllegalAction, match="already have a control unit installed"):
        E.apply(s, "p2", E.parse(s, "buy cu02 room"))
    assert dump(s) == before
    with pytest.raises(IllegalAction, match="control-room space"):
        E.apply(s, "p2", E.parse(s, "buy cu02 hall1"))
    s = act(s, "buy ou01 room")  # the other space takes an optimisation unit
    assert player(s, "p2").optimisation == "ou01"
    s = act(s, "buy cu02 aside")  # keep it beside the factory
    assert player(s, "p2").stored == ["cu02"]
    with pytest.raises(IllegalAction, match="already have a control unit"):
        E.apply(s, "p2", E.parse(s, "install cu02 room"))
    s = edit(s, "p2", available=1)
    s = act(s, "demolish cu01")
    p = player(s, "p2")
    assert p.available == 0 and p.demolishing == 1
    s = act(s, "install cu02 room")  # installing a kept tile needs no worker
    assert player(s, "p2").control == "cu02" and player(s, "p2").stored == []
    assert "cu01" in s.demolished


def test_demolish_worker_is_free_only_after_the_turn(b0):
    s = act(b0, "demolish c-st1")
    s = act(s, "demolish c-st2")
    s = act(s, "demolish c-st3")
    p = player(s, "p2")
    assert (p.available, p.demolishing) == (0, 3)
    assert not [a for a in E.legal_actions(s, "p2") if a.type in ("buy", "demolish")]
    with pytest.raises(IllegalAction, match="no available worker"):
        E.apply(s, "p2", E.parse(s, "demolish c-ma1"))
    s = act(s, "done")
    p = player(s, "p2")
    assert (p.available, p.demolishing) == (3, 0)
    assert p.hall == ["c-ma1", "c-ma2"]
    assert actor(s) == "p1"


def test_kept_tile_installed_in_a_later_round(b0):
    s = with_market(b0, "ma04")
    s = act(s, "buy ma04 aside")
    assert player(s, "p2").stored == ["ma04"] and player(s, "p2").money == 6
    # next round's phase 3
    s = edit(finish_build(s), None, phase="build", turn=0)
    s = edit(s, "p2", available=0)
    s = act(s, "install ma04 hall1")
    assert "ma04" in player(s, "p2").hall and player(s, "p2").money == 6


def test_temporary_workers_cost_and_pay_again(b0):
    s = act(b0, "hire 2")  # p2 holds tile 1: no discount, 2 x 7
    p = player(s, "p2")
    assert p.money == 4 and p.temps == 2 and p.available == 5
    assert not [a for a in E.legal_actions(s, "p2") if a.type in ("buy", "hire")]
    s = act(s, "done")
    assert actor(s) == "p1"
    s = act(s, "done")
    assert actor(s) == "p0"
    s = act(s, "hire 1")  # p0 holds tile 6: discount 2 (ASSUMED) -> 5
    assert player(s, "p0").money == 13
    # next round's phase 3: temps not paid again go back to the supply
    s = edit(finish_build(s), None, phase="build", turn=0)
    s = edit(s, "p2", money=20)
    s = act(s, "done")
    assert player(s, "p2").temps == 0
    p0 = player(s, "p0")
    s = act(act(s, "done"), "hire 1")  # keeping the temp costs 5 again
    assert player(s, "p0").temps == 1 and player(s, "p0").money == p0.money - 5


def test_temp_cost_floor(b0):
    s = edit(b0, "p2", tile=12, money=10)  # discount 5 (ASSUMED): 7 - 5 = 2 each
    s = act(s, "hire 2")
    assert player(s, "p2").money == 6


def test_unsold_market_tiles_return_to_their_columns(b0):
    s = finish_build(b0)
    assert s.phase == "bureaucracy" and s.market == []
    # X tiles join their kinds' columns at their price: x-st (12) after st08 (10), before st11 (14)
    col = s.columns["storage"]
    assert col[:6] == ["st01", "st02", "st03", "st06", "st07", "st08"]
    assert col[6] == "x-st" and col[7] == "st11"
    assert "x-sr" in s.columns["saving-robot"] and "x-pr" in s.columns["production-robot"]


def test_buy_requires_money_and_a_market_tile(b0):
    s = edit(with_market(b0, "ma16"), "p2", money=5)
    with pytest.raises(IllegalAction, match="Tile ma16 costs you 32 Elektro and you have 5"):
        E.apply(s, "p2", E.parse(s, "buy ma16 hall1"))
    with pytest.raises(IllegalAction, match="Tile ma15 is not on the market"):
        E.apply(s, "p2", E.parse(s, "buy ma15 hall1"))


def test_temps_used_in_the_auction_go_back():
    # p2 kept 2 temps from last round: 3 + 2 = 5 available, and bids 4 of them on tile 1
    s = new(3, seed=7)
    s = edit(s, "p2", temps=2, available=5)
    s = act(s, "open 1 bid 4")  # p0, p1 (3 workers) cannot raise to 5: p2 wins at once
    assert player(s, "p2").bid == 4
    s = to_build(s)
    assert actor(s) == "p2" and player(s, "p2").available == 1
    s = act(s, "done")  # not paid again: the temps (on the tile) go back to the supply
    p = player(s, "p2")
    assert p.temps == 0 and p.bid == 2 and p.available + p.canteen + p.bid + p.used == 7


def test_hiring_while_workers_stand_on_demolished_tiles_keeps_every_worker(b0):
    # RULES §3: a demolishing worker stands on the tile until the end of the turn; temps held
    # from last round leave when not paid again, new ones join. p2 holds 2 temps (9 workers),
    # none in the canteen (say a control unit covers the machines), all 9 available, and
    # demolishes 9 tiles: 0 available, 9 demolishing. Hiring 2 (paying again) must leave
    # 7 own + 2 temps = 9 workers, and after `done` all 9 are available again.
    s = edit(b0, "p2", hall=list(FULL_HALL[:9]), temps=2, available=9, canteen=0, money=30)
    for tid in FULL_HALL[:9]:
        s = act(s, f"demolish {tid}")
    assert (player(s, "p2").available, player(s, "p2").demolishing) == (0, 9)
    s = act(s, "hire 2")  # tile 1: no discount, 2 x 7 = 14
    p = player(s, "p2")
    assert (p.temps, p.money) == (2, 16)
    assert (p.available + p.canteen + p.bid + p.used + p.demolishing) == 9
    s = act(s, "done")
    p = player(s, "p2")
    assert (p.available + p.canteen + p.bid + p.used + p.demolishing) == 9 and p.available == 9
