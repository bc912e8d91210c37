"""Factory Manager, setup (rule text "Příprava hry" 1–7 and the reference table)."""

from collections import Counter

import pytest

from engines.factory_manager import data as D

from .helpers import E, new, player

# RULES Příprava hry 4, table: start tiles, draw pile
TURN_ORDER = {
    2: ({2, 10}, {1, 4, 6, 8}),
    3: ({5, 7, 8}, {1, 2, 3, 4, 6}),
    4: ({7, 8, 9, 10}, {1, 2, 3, 4, 5, 6}),
    5: ({8, 9, 10, 11, 12}, {1, 2, 3, 4, 5, 6, 7}),
}
# REF 1.5 (ASSUMED marks): market tiles in use per player count
MARKET_TILES = {2: 35, 3: 50, 4: 63, 5: 75}


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_turn_order_tiles_per_player_count(n):
    s = new(n, seed=3)
    start, pile = TURN_ORDER[n]
    assert {p.tile for p in s.players} == start
    # round 1's auction has revealed n tiles; 2 lie face down unused
    assert len(s.order_offer) == n and len(s.order_unused) == 2
    assert set(s.order_offer) | set(s.order_unused) == pile
    assert s.order_pile == []


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_equipment_by_back_mark_and_set_x(n):
    s = new(n, seed=5)
    on_board = [t for col in s.columns.values() for t in col]
    assert len(on_board) == MARKET_TILES[n]
    assert len(s.market) == 3 and all(t.startswith("x-") for t in s.market)
    x_out = [t for t in s.out_of_game if t.startswith("x-")]
    assert len(x_out) == 3 and not set(x_out) & set(s.market)
    # unused start sets leave the game: (5 - n) sets of 5 tiles
    assert sum(1 for t in s.out_of_game if D.TILES[t].mark == "start") == 5 * (5 - n)
    # 106 tiles in total, each in one place
    placed = on_board + s.market + s.out_of_game + [t for p in s.players for t in p.hall]
    assert len(placed) == 106 and len(set(placed)) == 106
    # each column cheapest first
    for kind, col in s.columns.items():
        prices = [D.TILES[t].price for t in col]
        assert prices == sorted(prices)
        assert all(D.TILES[t].kind == kind for t in col)


def test_three_players_use_marks_2_5_and_3_5_only():
    s = new(3)
    marks = {D.TILES[t].mark for col in s.columns.values() for t in col}
    assert marks == {"2-5", "3-5"}


def test_set_x_depends_on_the_seed():
    markets = {tuple(new(3, seed=k).market) for k in range(12)}
    assert len(markets) > 1


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_start_sets_money_workers_tracks(n):
    s = new(n)
    for i, p in enumerate(s.players):
        letter = "abcde"[i]
        assert p.start_set == letter
        # 2 machines + 3 pallet storages on the first 5 spaces of hall I
        assert sorted(p.hall) == sorted(
            [f"{letter}-ma1", f"{letter}-ma2", f"{letter}-st1", f"{letter}-st2", f"{letter}-st3"]
        )
        assert p.money == 18
        assert (p.available, p.canteen, p.temps) == (3, 4, 0)  # 7 workers, 4 in the canteen
        assert (p.production, p.storage, p.energy) == (2, 3, 4)


def test_energy_deck_five_of_eight():
    s = new(3, seed=11)
    assert len(s.energy_deck) == 5 and len(s.energy_removed) == 3
    assert Counter(s.energy_deck + s.energy_removed) == Counter([0, 0, 1, 1, 1, 1, 2, 2])
    assert s.energy_step == 1 and s.energy_revealed == []


@pytest.mark.parametrize("seed", range(6))
def test_first_game_puts_the_0_on_top_of_four(seed):
    s = new(3, seed=seed, first_game=True)
    assert s.energy_deck[0] == 0 and len(s.energy_deck) == 5  # 0 on top of 4
    assert len(s.energy_removed) == 3
    assert Counter(s.energy_deck + s.energy_removed) == Counter([0, 0, 1, 1, 1, 1, 2, 2])


def test_bad_seat_counts_and_options():
    with pytest.raises(ValueError):
        E.setup(["a"], None, 1)
    with pytest.raises(ValueError):
        E.setup([f"p{i}" for i in range(6)], None, 1)
    with pytest.raises(ValueError):
        E.setup(["a", "b"], {"no_such_option": 1}, 1)


def test_deterministic_setup():
    assert new(4, seed=9) == new(4, seed=9)
    assert player(new(4, seed=9), "p0").tile in {7, 8, 9, 10}
