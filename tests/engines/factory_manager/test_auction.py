"""Factory Manager, phase 1: the turn-order auction (RULES §1).

Seed 7 with 3 seats deals old tiles p0 = 5, p1 = 7, p2 = 8 and reveals 1, 2, 6 (the setup
test checks the dealing rule; this file relies on this seed's draw). The auction runs in
reverse order: p2 (8) chooses first; bidding goes clockwise p2 → p0 → p1 → p2.
"""

import pytest

from engines import IllegalAction

from .helpers import E, act, actor, dump, new, player


@pytest.fixture
def s0():
    s = new(3, seed=7)
    assert [p.tile for p in s.players] == [5, 7, 8]
    assert s.order_offer == [1, 2, 6]
    return s


def test_highest_old_tile_chooses_first(s0):
    assert E.to_act(s0) == ["p2"]
    assert "p2 chooses a tile from 1, 2, 6" in E.status(s0)


def test_keep_one_worker_limit(s0):
    # p2 has 3 available workers, so it may put at most 3 - 1 = 2 on a tile
    legal = [E.notation(s0, a) for a in E.legal_actions(s0, "p2")]
    assert legal == [
        "open 1 bid 0",
        "open 1 bid 1",
        "open 1 bid 2",
        "open 2 bid 0",
        "open 2 bid 1",
        "open 2 bid 2",
        "open 6 bid 0",
        "open 6 bid 1",
        "open 6 bid 2",
    ]
    before = dump(s0)
    with pytest.raises(IllegalAction, match="You have only 3 available workers; a bidder keeps at least 1"):
        E.apply(s0, "p2", E.parse(s0, "open 6 bid 3"))
    assert dump(s0) == before


def test_bidding_clockwise_pass_final_and_chooser_winning(s0):
    s = act(s0, "open 6 bid 0")
    assert actor(s) == "p0"  # clockwise after p2
    assert [E.notation(s, a) for a in E.legal_actions(s, "p0")] == ["bid 1", "bid 2", "pass"]
    s = act(s, "bid 1")
    assert actor(s) == "p1"
    with pytest.raises(IllegalAction, match="higher than the current 1"):
        E.apply(s, "p1", E.parse(s, "bid 1"))
    s = act(s, "pass")
    assert actor(s) == "p2"  # p1 is out of this auction for good
    s = act(s, "bid 2")
    # p0 (3 workers) cannot raise to 3 and passes automatically: p2 wins tile 6 with 2
    assert player(s, "p2").new_tile == 6
    assert (player(s, "p2").available, player(s, "p2").bid) == (1, 2)
    # the chooser won: the next-highest old tile (p1, 7) chooses next
    assert actor(s) == "p1" and s.order_offer == [1, 2]
    s = act(s, "open 1 bid 0")
    assert actor(s) == "p0"
    s = act(s, "pass")
    assert player(s, "p1").new_tile == 1
    # p0 is last: it takes the last tile for 0 or adds workers voluntarily
    assert actor(s) == "p0"
    assert [E.notation(s, a) for a in E.legal_actions(s, "p0")] == ["take 2 bid 0", "take 2 bid 1", "take 2 bid 2"]
    s = act(s, "take 2 bid 1")
    # auction over: new tiles, order lowest first, new pile = unused 3, 4 + old 5, 7, 8
    assert [p.tile for p in s.players] == [2, 1, 6]
    assert s.phase == "market" and s.order == [1, 0, 2]
    assert sorted(s.order_pile) == [3, 4, 5, 7, 8]
    assert (player(s, "p0").available, player(s, "p0").bid) == (2, 1)


def test_chooser_picks_again_when_someone_else_won(s0):
    s = act(s0, "open 6 bid 0")
    s = act(s, "bid 1")  # p0
    s = act(s, "pass")  # p1
    s = act(s, "pass")  # p2, the chooser
    assert player(s, "p0").new_tile == 6
    assert actor(s) == "p2"  # the same chooser picks again
    assert E.legal_actions(s, "p2")[0].type == "open"
    s = act(s, "open 2 bid 0")
    assert actor(s) == "p1"  # p0 already has a tile and is skipped
    s = act(s, "pass")
    assert player(s, "p2").new_tile == 2
    assert E.notation(s, E.legal_actions(s, "p1")[0]) == "take 1 bid 0"


def test_open_only_the_offered_tiles(s0):
    with pytest.raises(IllegalAction, match="Tile 5 is not on offer"):
        E.apply(s0, "p2", E.parse(s0, "open 5 bid 0"))
    with pytest.raises(IllegalAction, match="choose the next turn-order tile"):
        E.apply(s0, "p2", E.parse(s0, "pass"))


def test_a_raise_may_use_temporary_workers(s0):
    # a temp held from last round is an available worker (RULES §3 brigádníci)
    s = s0.model_copy(deep=True)
    s.players[0].temps = 2
    s.players[0].available = 5
    s = act(s, "open 6 bid 0")
    assert [E.notation(s, a) for a in E.legal_actions(s, "p0")] == ["bid 1", "bid 2", "bid 3", "bid 4", "pass"]
