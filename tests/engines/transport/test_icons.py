"""Icon actions (Transport, "De iconen en hun acties", "Insluitregel")."""

import pytest

from engines import IllegalAction
from engines.transport.actions import Insert, Lift, Load, Move, SwapHand, SwapPallets, Wrench

from .helpers import E, make, tiles_with

PLAIN_FLOORS = tiles_with("floor", "")


def test_parcel_tile_needs_an_empty_loading_tile():
    parcel_tile = tiles_with("straight", "parcel")[0]
    s = E.setup(["p0", "p1"], None, 2)
    s = s.model_copy(update={"hands": {"p0": [parcel_tile], "p1": s.hands["p1"]}}, deep=True)
    # the only loading tile (0,0) is empty: the tile may go in front of a pallet
    assert any(a.type == "insert" and a.tile == parcel_tile for a in E.legal_actions(s, "p0"))
    s.field["0,0"] = s.field["0,0"].model_copy(update={"parcel": [3, 1]})
    legal = E.legal_actions(s, "p0")
    assert not any(getattr(a, "tile", None) == parcel_tile for a in legal)
    assert legal == [SwapHand()]  # nothing else can be connected: the swap is forced
    with pytest.raises(IllegalAction, match="parcel action would be impossible"):
        E.apply(s, "p0", Insert(tile=parcel_tile, pallet="red", rotation=0, pallet_to="3,0"))


def test_parcel_tile_needs_a_parcel_in_the_bag():
    parcel_tile = tiles_with("straight", "parcel")[0]
    s = E.setup(["p0", "p1"], None, 2)
    s = s.model_copy(update={"hands": {"p0": [parcel_tile], "p1": s.hands["p1"]}, "bag": []}, deep=True)
    assert E.legal_actions(s, "p0") == [SwapHand()]


def test_parcel_icon_flow():
    parcel_tile = tiles_with("straight", "parcel")[0]
    s = E.setup(["p0", "p1"], None, 2)
    s = s.model_copy(update={"hands": {"p0": [parcel_tile], "p1": s.hands["p1"]}, "bag": [[2, 3]]}, deep=True)
    s = E.apply(s, "p0", Insert(tile=parcel_tile, pallet="red", rotation=0, pallet_to="3,0")).state
    assert s.phase == "load" and E.legal_actions(s, "p0") == [Load(at="0,0")]
    out = E.apply(s, "p0", Load(at="0,0"))
    s = out.state
    assert s.field["0,0"].parcel == [3, 2]  # 2 players: highest up
    # the channel reads which number is on top ("parcel 3/2" was seen in a SimCord game and
    # left readers guessing)
    assert out.events[0].text == "p0 puts a new parcel showing 3 (2 underneath) on the loading tile at 0,0."
    # top 3: east 1,0 -> 2,0 (new straight) -> 3,0 (red pallet) is exactly 3; west the blue
    # pallet at -2,0 comes after 2 steps, so nothing else
    assert s.phase == "move"
    assert E.legal_actions(s, "p0") == [Move(at="0,0", to="3,0")]


def _ring(center_tile: str) -> dict:
    """``center_tile`` at 0,0 with plain floor tiles on all six neighbours."""

    cells = {"0,0": (center_tile, 0)}
    for i, k in enumerate(["1,0", "0,1", "-1,1", "-1,0", "0,-1", "1,-1"]):
        cells[k] = (PLAIN_FLOORS[i], 0)
    return cells


def test_wrench_respects_enclosure_rule():
    wrench_floors = tiles_with("floor", "wrench")
    cells = _ring(wrench_floors[0])
    cells["3,0"] = (wrench_floors[1], 0)  # a free wrench floor tile at 3,0 ...
    cells["2,0"] = (PLAIN_FLOORS[7], 0)  # ... joined to the ring by a plain floor at 2,0
    s = make(cells, phase="wrench")
    legal = E.legal_actions(s, "p0")
    assert legal, "the free tile can be moved"
    assert {a.at for a in legal} == {"3,0"}  # 0,0 has six neighbours
    with pytest.raises(IllegalAction, match="six neighbours"):
        E.apply(s, "p0", Wrench(at="0,0", to="0,2", rotation=0))
    # open the ring: now the centre tile may be moved too
    del cells["1,-1"]
    s2 = make(cells, phase="wrench")
    assert "0,0" in {a.at for a in E.legal_actions(s2, "p0")}


def test_wrench_moves_tile_with_its_parcel():
    wrench_straight = tiles_with("straight", "wrench")[0]
    straights = tiles_with("straight", "")
    # belt: 0,0 plain, 1,0 the wrench straight carrying a parcel, 2,0 plain
    cells = {"0,0": (straights[0], 0), "1,0": (wrench_straight, 0, [2, 4]), "2,0": (straights[1], 0)}
    s = make(cells, phase="wrench")
    # to the open end west of 0,0 (-1,0), east-west: the parcel travels with the tile; a hole is left
    out = E.apply(s, "p0", Wrench(at="1,0", to="-1,0", rotation=0)).state
    assert "1,0" not in out.field
    assert out.field["-1,0"].tile == wrench_straight and out.field["-1,0"].parcel == [2, 4]


def test_wrench_tile_refused_when_nothing_can_move():
    wrench_floor = tiles_with("floor", "wrench")[0]
    # a floor tile placed into a gap where it gets six neighbours: it cannot move itself, and no
    # other white-icon tile exists -> it cannot be connected there
    cells = {}
    for i, k in enumerate(["1,0", "0,1", "-1,1", "-1,0", "0,-1", "1,-1"]):
        cells[k] = (PLAIN_FLOORS[i], 0)
    s = make(cells, hands={"p0": [wrench_floor]})
    places = {a.at for a in E.legal_actions(s, "p0") if a.type == "connect"}
    assert "0,0" not in places
    assert "2,0" in places  # on the outside it can move itself afterwards


def test_forklift_swap():
    s = E.setup(["p0", "p1", "p2"], None, 4)
    s = s.model_copy(update={"phase": "lift"})
    legal = E.legal_actions(s, "p0")
    assert SwapPallets(a="red", b="blue") in legal and SwapPallets(a="blue", b="yellow") in legal
    out = E.apply(s, "p0", SwapPallets(a="red", b="blue")).state
    # red was at 2,0 (facing west), blue at -2,2 (facing north-east): they change places
    assert out.field["2,0"].tile == "blue" and out.field["2,0"].rot == 3
    assert out.field["-2,2"].tile == "red" and out.field["-2,2"].rot == 5


def test_forklift_move_to_open_end_and_enclosure():
    straights = tiles_with("straight", "")
    # red pallet at 2,0 on the belt 0,0-1,0 (open end at -1,0)
    cells = {"0,0": (straights[0], 0), "1,0": (straights[1], 0), "2,0": ("red", 3), "5,5": ("blue", 0)}
    s = make(cells, n=2, phase="lift")
    legal = E.legal_actions(s, "p0")
    assert Lift(pallet="red", to="-1,0", facing=0) in legal  # faces east to the belt at 0,0
    out = E.apply(s, "p0", Lift(pallet="red", to="-1,0", facing=0)).state
    assert "2,0" not in out.field and out.field["-1,0"].tile == "red"
    # enclose the red pallet: no forklift action may use it
    ring = dict(cells)
    for i, k in enumerate(["3,0", "2,1", "1,1", "2,-1", "3,-1"]):
        ring[k] = (PLAIN_FLOORS[i], 0)
    s2 = make(ring, n=2, phase="lift")
    legal2 = E.legal_actions(s2, "p0")
    assert all(getattr(a, "pallet", None) != "red" for a in legal2)
    assert SwapPallets(a="red", b="blue") not in legal2
    with pytest.raises(IllegalAction, match="six neighbours"):
        E.apply(s2, "p0", SwapPallets(a="red", b="blue"))


def test_swap_hand():
    s = E.setup(["p0", "p1"], None, 9)
    before = list(s.hands["p0"])
    out = E.apply(s, "p0", SwapHand()).state
    assert out.hands["p0"] == s.stack[:4]  # the 4 top tiles of the stack
    assert sorted(out.stack) == sorted(s.stack[4:] + before)  # old hand shuffled back in
    assert len(out.stack) == len(s.stack)
    assert E.to_act(out) == ["p1"]  # no parcel on the field: turn over, no draw


def test_connect_icon_flow_forklift():
    fork = tiles_with("straight", "forklift")[0]
    s = E.setup(["p0", "p1", "p2"], None, 4)
    s = s.model_copy(update={"hands": {**s.hands, "p0": [fork]}})
    s = E.apply(s, "p0", Insert(tile=fork, pallet="red", rotation=0, pallet_to="3,0")).state
    assert s.phase == "lift"
    assert E.to_act(s) == ["p0"]


def test_wrench_may_connect_a_belt_tile_in_a_pallets_place():
    """SEED "Sleutel": the white-icon tile is connected elsewhere, and for a
    belt tile 'verbinden' is (a) at an open end or (b) "op de plek van de pallet ... en dan de
    pallet aan de nieuwe tegel verbinden". 2 players, seed 4: the field is the row
    blue -2,0 | s5 -1,0 | s1 0,0 | s4 1,0 | red 2,0 with no open end; p0 holds t9, a straight
    with a wrench. Put in the blue pallet's place (blue to -3,0), its wrench must move it
    again: -2,0 itself is excluded, and the blue pallet no longer faces a belt, so the only
    move is into the red pallet's place 2,0 (east-west, rotation 0), red re-attached at 3,0."""

    s = E.setup(["p0", "p1"], None, 4)
    assert "t9" in s.hands["p0"]
    legal = E.legal_actions(s, "p0")
    assert Insert(tile="t9", pallet="blue", rotation=0, pallet_to="-3,0") in legal
    assert Insert(tile="t9", pallet="red", rotation=0, pallet_to="3,0") in legal
    s = E.apply(s, "p0", Insert(tile="t9", pallet="blue", rotation=0, pallet_to="-3,0")).state
    assert s.phase == "wrench"
    move = Wrench(at="-2,0", to="2,0", rotation=0, pallet_to="3,0")
    assert E.legal_actions(s, "p0") == [move]
    assert E.parse(s, "wrench -2,0 2,0 0 3,0") == move
    out = E.apply(s, "p0", move)
    f = out.state.field
    assert "-2,0" not in f  # the hole left behind
    assert (f["2,0"].tile, f["2,0"].rot) == ("t9", 0)
    assert (f["3,0"].tile, f["3,0"].rot) == ("red", 3)  # faces west, towards t9
    assert (f["-3,0"].tile, f["-3,0"].rot) == ("blue", 0)
    assert out.events[0].text == (
        "p0 moves t9 (straight belt, wrench) from -2,0 to 2,0 in place of the red pallet, "
        "rotation 0; the pallet moves to 3,0."
    )
