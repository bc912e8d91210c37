"""Turn structure, forced swaps, game end and the notation (Transport, "Beurtvolgorde",
"Tegels wisselen", "Eind van het spel")."""

import pytest

from engines import IllegalAction
from engines.transport.actions import Connect, Insert, Move, SwapHand

from .helpers import E, make, tiles_with


def test_setup_by_player_count():
    for n, cells in ((2, 5), (3, 7), (4, 10)):  # start layouts: line / Y / two lines, with pallets
        s = E.setup([f"p{i}" for i in range(n)], None, 1)
        assert len(s.field) == cells
        assert all(len(h) == 4 for h in s.hands.values())
        assert len(s.stack) == 96 - 4 * n
        assert len(s.bag) == 18 and all(not c.parcel for c in s.field.values())
        assert E.to_act(s) == ["p0"] and s.phase == "play"


def test_seat_order_passes_left():
    floor = tiles_with("floor", "")[0]
    s = E.setup(["a", "b", "c"], None, 1)
    s = s.model_copy(update={"hands": {**s.hands, "a": [floor] + s.hands["a"][1:]}}, deep=True)
    out = E.apply(s, "a", Connect(tile=floor, at="0,1", rotation=0)).state  # a floor side of the Y
    assert E.to_act(out) == ["b"] and out.turn == 2
    assert len(out.hands["a"]) == 4  # drew back to 4


def test_forced_swap_ends_game_when_stack_short():
    parcel_tile = tiles_with("straight", "parcel")[0]
    straights = tiles_with("straight", "")
    # the loading tile keeps its parcel (p2 moves another one), so p0's parcel tile cannot be
    # connected; the stack then has 3 tiles: a swap cannot give 4 -> the game ends
    cells = {
        "0,0": ("s1", 0, [4, 1]),
        "1,0": (straights[0], 0),
        "-1,0": (straights[1], 0),
        "2,0": ("red", 3),
        "-2,0": ("blue", 0),
        "0,2": (straights[2], 0, [1, 2]),
        "1,2": (straights[3], 0),
        "-1,2": (straights[4], 0),
    }
    s = make(
        cells,
        n=3,
        phase="move",
        current=2,
        hands={"p0": [parcel_tile], "p2": ["t50", "t51", "t52"]},
        stack=["t60", "t61", "t62", "t63"],
    )
    out = E.apply(s, "p2", Move(at="0,2", to="1,2")).state
    assert E.is_over(out)
    assert "cannot give 4" in out.end_reason
    assert E.to_act(out) == [] and E.legal_actions(out, "p0") == []


def test_forced_swap_still_moves_a_parcel():
    parcel_tile = tiles_with("straight", "parcel")[0]
    straights = tiles_with("straight", "")
    cells = {
        "0,0": ("s1", 0, [1, 4]),
        "1,0": (straights[0], 0),
        "-1,0": (straights[1], 0),
        "2,0": ("red", 3),
        "-2,0": ("blue", 0),
    }
    s = make(cells, n=2, hands={"p0": [parcel_tile], "p1": ["t70"]})
    assert E.legal_actions(s, "p0") == [SwapHand()]  # the loading tile is full: nothing to connect
    out = E.apply(s, "p0", SwapHand()).state
    assert out.phase == "move" and E.to_act(out) == ["p0"]
    assert E.legal_actions(out, "p0") == [Move(at="0,0", to="-1,0"), Move(at="0,0", to="1,0")]


def test_voluntary_swap_needs_four_tiles_in_the_stack():
    floor = tiles_with("floor", "")[0]
    s = make({"0,0": ("s4", 0)}, hands={"p0": [floor]}, stack=["t1", "t2", "t3"])
    assert SwapHand() not in E.legal_actions(s, "p0")
    with pytest.raises(IllegalAction, match="fewer than 4"):
        E.apply(s, "p0", SwapHand())


def test_wrong_step_and_wrong_turn_reasons():
    s = E.setup(["a", "b"], None, 1)
    with pytest.raises(IllegalAction, match="turn"):
        E.apply(s, "b", SwapHand())
    with pytest.raises(IllegalAction, match="Now you must connect"):
        E.apply(s, "a", Move(at="0,0", to="1,0"))


def test_notation_and_parse():
    s = E.setup(["a", "b"], None, 1)
    a = Connect(tile="t5", at="2,-1", rotation=3)
    assert E.notation(s, a) == "connect t5 2,-1 3"
    assert E.parse(s, "Connect T5  2, -1 3") == a
    assert E.parse(s, "connect t5 (2,-1) 3") == a
    assert E.notation(s, Insert(tile="t9", pallet="red", rotation=1, pallet_to="2,1")) == "insert t9 red 1 2,1"
    assert E.notation(s, SwapHand()) == "swap hand"
    assert E.parse(s, "swap hand") == SwapHand()
    with pytest.raises(IllegalAction):
        E.parse(s, "fly away")


def test_insert_refusal_reasons():
    floor = tiles_with("floor", "")[0]
    straight = tiles_with("straight", "")[0]
    s = E.setup(["a", "b"], None, 1)
    s = s.model_copy(update={"hands": {**s.hands, "a": [floor, straight]}})
    with pytest.raises(IllegalAction, match="no green pallet"):
        E.apply(s, "a", Insert(tile=straight, pallet="green", rotation=0, pallet_to="3,0"))
    with pytest.raises(IllegalAction, match="Only a belt tile"):
        E.apply(s, "a", Insert(tile=floor, pallet="red", rotation=0, pallet_to="3,0"))
    # a straight at 2,0 (red pallet's place) has its other end at 3,0, not 2,1
    with pytest.raises(IllegalAction, match="cannot go to 2,1"):
        E.apply(s, "a", Insert(tile=straight, pallet="red", rotation=0, pallet_to="2,1"))


def test_changed_cells_for_the_board_highlight():
    straights = tiles_with("straight", "")
    cells = {f"{q},0": (straights[i], 0) for i, q in enumerate(range(-4, 5))}
    cells["0,0"] = (cells["0,0"][0], 0, [3, 1])
    s = make(cells, phase="move")
    out = E.apply(s, "p0", Move(at="0,0", to="3,0")).state
    assert E.view(out, None)["changed"] == ["0,0", "3,0"]


def test_setup_refuses_bad_seats_and_options():
    with pytest.raises(ValueError):
        E.setup(["a"], None, 1)
    with pytest.raises(ValueError):
        E.setup(["a", "b", "c", "d", "e"], None, 1)
    with pytest.raises(ValueError):
        E.setup(["a", "b"], {"colour": "red"}, 1)
