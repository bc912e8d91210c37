"""Geometry and fit: shapes in every rotation, open ends, floor tiles, belt-breaking placements,
and connecting between a pallet and the belt (Transport, "Verbindt een tegel")."""

import pytest

from engines import IllegalAction
from engines.transport import hexes as hx
from engines.transport.actions import Connect, Insert

from .helpers import E, make, tiles_with

# Belt edges of each shape at rotations 0..5, worked out by hand: rotation k moves edge e to
# (e + k) mod 6 (clockwise), e.g. a wide curve {0, 2} turned 4 times is {4, 0} = (0, 4).
EDGES = {
    "straight": [(0, 3), (1, 4), (2, 5), (0, 3), (1, 4), (2, 5)],
    "wide": [(0, 2), (1, 3), (2, 4), (3, 5), (0, 4), (1, 5)],
    "tight": [(0, 1), (1, 2), (2, 3), (3, 4), (4, 5), (0, 5)],
    "merge": [(0, 1, 3), (1, 2, 4), (2, 3, 5), (0, 3, 4), (1, 4, 5), (0, 2, 5)],
    "oneway": [(0, 3), (1, 4), (2, 5), (0, 3), (1, 4), (2, 5)],
    "floor": [()] * 6,
    "loading": [(0, 3), (1, 4), (2, 5), (0, 3), (1, 4), (2, 5)],
    "loading_y": [(0, 2, 4), (1, 3, 5)] * 3,
    "pallet": [(0,), (1,), (2,), (3,), (4,), (5,)],
}

# Directed moves (entry edge, exit edge) at each rotation, by hand.
MOVES = {
    "oneway": [((0, 3),), ((1, 4),), ((2, 5),), ((3, 0),), ((4, 1),), ((5, 2),)],
    # merge: 0<->3 two-way, 1 -> 0 and 1 -> 3; turned twice: 2<->5, 3 -> 2, 3 -> 5
    "merge": [
        ((0, 3), (1, 0), (1, 3), (3, 0)),
        ((1, 2), (1, 4), (2, 1), (2, 4), (4, 1)),
        ((2, 5), (3, 2), (3, 5), (5, 2)),
        ((0, 3), (3, 0), (4, 0), (4, 3)),
        ((0, 1), (1, 0), (1, 4), (4, 1), (5, 1), (5, 4)),
    ],
}


@pytest.mark.parametrize("shape", sorted(EDGES))
@pytest.mark.parametrize("rot", range(6))
def test_shape_edges_in_every_rotation(shape, rot):
    assert hx.ROT[shape][rot].edges == EDGES[shape][rot]


def test_directed_moves_in_rotations():
    for k, moves in enumerate(MOVES["oneway"]):
        assert hx.ROT["oneway"][k].moves == moves
    assert hx.ROT["merge"][0].moves == MOVES["merge"][0]
    assert hx.ROT["merge"][2].moves == MOVES["merge"][2]
    assert hx.ROT["merge"][3].moves == MOVES["merge"][3]
    # merge at rotation 0: three entrances (0, 1, 3), two exits (0, 3) [SEED "3 ingangen, 2 uitgangen"]
    assert sorted(hx.ROT["merge"][0].entries) == [0, 1, 3]
    assert hx.ROT["merge"][0].starts == (0, 3)


def test_distinct_rotations_only_listed_once():
    # a straight turned 3 times is the same straight; a one-way belt is not (arrow flips)
    assert hx.CANON_ROTS["straight"] == (0, 1, 2)
    assert hx.CANON_ROTS["oneway"] == (0, 1, 2, 3, 4, 5)
    assert hx.CANON_ROTS["floor"] == (0,)
    assert hx.CANON_ROTS["loading_y"] == (0, 1)


def test_open_ends():
    g = {(0, 0): ["s4", 0, None]}  # straight east-west
    assert hx.open_cells(g) == {(1, 0), (-1, 0)}
    g[(1, 0)] = [tiles_with("wide")[0], 3, None]  # wide curve {3, 5}: west and north-east
    assert hx.open_cells(g) == {(-1, 0), (2, -1)}


def test_start_layouts_have_no_open_ends_and_teams():
    # every start belt ends in a pallet, so the first belt tiles go in front of a pallet
    for n in (2, 3, 4):
        s = E.setup([f"p{i}" for i in range(n)], None, 1)
        v = E.view(s, None)
        assert v["open_ends"] == []
        assert len([c for c in v["field"] if c["kind"] == "pallet"]) == n
    s4 = E.setup(["a", "b", "c", "d"], None, 1)
    assert E.view(s4, None)["teams"] == [["a", "c"], ["b", "d"]]


def test_floor_tile_refused_on_belt_edge():
    floor = tiles_with("floor")[0]
    s = make({"0,0": ("s4", 0)}, hands={"p0": [floor]})
    with pytest.raises(IllegalAction):
        E.apply(s, "p0", Connect(tile=floor, at="1,0", rotation=0))  # faces the belt's east end
    legal = {a.at for a in E.legal_actions(s, "p0") if a.type == "connect"}
    # the four floor sides of the east-west straight: SE, SW, NW, NE
    assert legal == {"0,1", "-1,1", "0,-1", "1,-1"}
    out = E.apply(s, "p0", Connect(tile=floor, at="0,1", rotation=0)).state
    assert out.field["0,1"].tile == floor


def test_placement_breaking_the_belt_refused():
    floor = tiles_with("floor")[1]
    straight = tiles_with("straight")[-1]
    wide = tiles_with("wide")[-1]
    # straight at 0,0 (open end at 1,0); a floor tile at 2,0 east of that open end
    s = make({"0,0": ("s4", 0), "2,0": (floor, 0)}, hands={"p0": [straight, wide]})
    with pytest.raises(IllegalAction):  # belt edge 0 would face the floor tile at 2,0
        E.apply(s, "p0", Connect(tile=straight, at="1,0", rotation=0))
    with pytest.raises(IllegalAction):  # rotation 1 (edges 1, 4) shows floor to the belt at 0,0
        E.apply(s, "p0", Connect(tile=straight, at="1,0", rotation=1))
    # wide curve rotation 3 = edges {3, 5}: belt to 0,0, open to 2,-1, floor to 2,0
    out = E.apply(s, "p0", Connect(tile=wide, at="1,0", rotation=3)).state
    assert out.field["1,0"].rot == 3
    assert Connect(tile=wide, at="1,0", rotation=3) in E.legal_actions(s, "p0")


def test_equivalent_rotation_accepted():
    straight = tiles_with("straight")[-1]
    s = make({"0,0": ("s4", 0)}, hands={"p0": [straight]})
    out = E.apply(s, "p0", Connect(tile=straight, at="1,0", rotation=3)).state  # same as rotation 0
    assert out.field["1,0"].rot == 0


def test_insert_between_pallet_and_belt():
    straight = tiles_with("straight")[-1]
    wide = tiles_with("wide")[-1]
    s = E.setup(["p0", "p1"], None, 3)
    s = s.model_copy(update={"hands": {"p0": [straight, wide], "p1": s.hands["p1"]}})
    legal = E.legal_actions(s, "p0")
    # red pallet at 2,0 faces west (edge 3). A straight there keeps the line: pallet to 3,0.
    assert Insert(tile=straight, pallet="red", rotation=0, pallet_to="3,0") in legal
    # a wide curve turned once = edges {1, 3}: the pallet goes south-east to 2,1
    assert Insert(tile=wide, pallet="red", rotation=1, pallet_to="2,1") in legal
    out = E.apply(s, "p0", Insert(tile=wide, pallet="red", rotation=1, pallet_to="2,1")).state
    assert out.field["2,0"].tile == wide
    # the pallet at 2,1 must face north-west (edge 4) back to the curve at 2,0
    assert out.field["2,1"].tile == "red" and out.field["2,1"].rot == 4
    assert wide not in out.hands["p0"] and len(out.hands["p0"]) == 2  # 2 - 1 connected + 1 drawn


def test_tile_not_in_hand_refused():
    s = E.setup(["p0", "p1"], None, 3)
    other = s.hands["p1"][0]
    with pytest.raises(IllegalAction, match="not in your hand"):
        E.apply(s, "p0", Connect(tile=other, at="0,1", rotation=0))
