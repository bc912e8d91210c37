"""Factory Manager, phase 2: market preparation (RULES §2)."""

import pytest

from engines import IllegalAction

from .helpers import E, act, actor, dump, new, passive_auction, player


@pytest.fixture
def m0():
    # seed 7, 3 seats, passive auction: p2 takes 1 (open 1 at 0, all pass), p1 takes 2,
    # p0 takes 6; order p2 (1), p1 (2), p0 (6)
    s = passive_auction(new(3, seed=7))
    assert [p.tile for p in s.players] == [6, 2, 1]
    assert s.order == [2, 1, 0]
    return s


def test_one_cheapest_tile_per_available_worker(m0):
    s = m0
    assert actor(s) == "p2" and s.market_left == 3  # 3 available workers
    assert [t for t in s.market] == ["x-sr", "x-st", "x-pr"]  # set X in round 1
    with pytest.raises(IllegalAction, match="You must still place 3 tiles"):
        E.apply(s, "p2", E.parse(s, "done"))
    s = act(s, "place machine")
    s = act(s, "place machine")
    s = act(s, "place storage")
    # machines cheapest first: ma01, ma02 (8 Elektro); storage st01 (6)
    assert s.market[3:] == ["ma01", "ma02", "st01"]
    assert s.columns["machine"][0] == "ma03"
    assert actor(s) == "p1" and s.market_left == 3


def test_last_player_extra_tiles_are_optional(m0):
    s = m0
    for _ in range(6):  # p2 and p1 place 3 each
        s = act(s, "place storage")
    assert actor(s) == "p0" and s.market_left == 3
    for _ in range(3):
        s = act(s, "place saving-robot")
    # 3 players: the last player may add 1 extra tile
    assert s.phase == "market" and s.in_extras and s.extra_left == 1
    assert "may add up to 1 extra tile" in E.status(s)
    s = act(s, "done")
    assert s.phase == "build" and len(s.market) == 3 + 9


def test_no_extra_tiles_with_two_players():
    s = passive_auction(new(2, seed=7))
    while s.phase == "market":
        assert not s.in_extras
        s = act(s, "place storage")
    assert s.phase == "build"


def test_workers_on_the_turn_order_tile_reduce_the_obligation():
    s = new(3, seed=7)
    s = act(s, "open 1 bid 2")  # p2 puts 2 of its 3 workers on tile 1
    # nobody else can raise to 3 while keeping a worker (3 available each): p2 wins at once
    assert player(s, "p2").new_tile == 1
    while s.phase == "auction":
        legal = E.legal_actions(s, actor(s))
        s = E.apply(s, actor(s), legal[0] if legal[0].type != "bid" else E.parse(s, "pass")).state
    assert actor(s) == "p2" and s.market_left == 1


def test_empty_column_cannot_be_chosen(m0):
    s = m0.model_copy(deep=True)
    s.out_of_game += s.columns["optimisation-unit"]
    s.columns["optimisation-unit"] = []
    before = dump(s)
    with pytest.raises(IllegalAction, match="optimisation unit column is empty"):
        E.apply(s, "p2", E.parse(s, "place optimisation-unit"))
    assert dump(s) == before
    assert "place optimisation-unit" not in [E.notation(s, a) for a in E.legal_actions(s, "p2")]
