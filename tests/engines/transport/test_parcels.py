"""Parcel movement and scoring (Transport, "Verplaats éen van de pakketjes", "Eind van het spel")."""

import pytest

from engines import IllegalAction
from engines.transport import hexes as hx
from engines.transport.actions import Load, Move

from .helpers import E, make, tiles_with

STRAIGHTS = tiles_with("straight", "")  # plain straight belts


def line(q_from: int, q_to: int, extra: dict | None = None) -> dict:
    """Plain east-west straights on row r = 0 from q_from to q_to."""

    cells = {f"{q},0": (STRAIGHTS[i], 0) for i, q in enumerate(range(q_from, q_to + 1))}
    cells.update(extra or {})
    return cells


def dests(state, at):
    g = {
        tuple(int(x) for x in k.split(",")): [c.tile, c.rot, tuple(c.parcel) if c.parcel else None]
        for k, c in state.field.items()
    }
    return sorted(f"{q},{r}" for q, r in hx.parcel_destinations(g, tuple(int(x) for x in at.split(","))))


def test_exact_distance_both_ways():
    cells = line(-4, 4)
    cells["0,0"] = (cells["0,0"][0], 0, [3, 1])
    s = make(cells, phase="move")
    assert dests(s, "0,0") == ["-3,0", "3,0"]  # exactly 3 tiles, either way, never 1, 2 or 4


def test_blocked_by_another_parcel():
    cells = line(-4, 4)
    cells["0,0"] = (cells["0,0"][0], 0, [3, 1])
    cells["2,0"] = (cells["2,0"][0], 0, [1, 2])  # in the way east
    cells["-3,0"] = (cells["-3,0"][0], 0, [4, 2])  # sits on the west landing tile
    s = make(cells, phase="move")
    assert dests(s, "0,0") == []
    legal = E.legal_actions(s, "p0")
    assert Move(at="0,0", to="3,0") not in legal
    with pytest.raises(IllegalAction, match="exactly 3"):
        E.apply(s, "p0", Move(at="0,0", to="3,0"))


def test_arrow_one_way():
    oneway = tiles_with("oneway", "")[0]
    # one-way at 1,0 turned 3 times: moves (3, 0), i.e. in from the west, out to the east
    cells = line(-4, 4, {"1,0": (oneway, 3)})
    cells["0,0"] = (cells["0,0"][0], 0, [2, 1])
    cells["3,0"] = (cells["3,0"][0], 0, [2, 4])
    s = make(cells, phase="move")
    assert dests(s, "0,0") == ["-2,0", "2,0"]  # eastwards through the arrow is fine
    assert dests(s, "3,0") == []  # westwards 3,0 -> 2,0 -> 1,0 runs against the arrow; east: 4,0 then nothing


def test_merge_junction():
    merge = tiles_with("merge", "")[0]
    # merge at 0,0 rotation 0: 0<->3 two-way, arm 1 (south-east) inbound only
    cells = {
        "0,0": (merge, 0),
        "1,0": (STRAIGHTS[0], 0),
        "-1,0": (STRAIGHTS[1], 0),
        "0,1": (STRAIGHTS[2], 1, [2, 1]),
    }  # straight 1-4 south-east of the junction
    s = make(cells, phase="move")
    # from the inbound arm the parcel may turn either way
    assert dests(s, "0,1") == ["-1,0", "1,0"]
    s2 = make(
        {"0,0": (merge, 0), "1,0": (STRAIGHTS[0], 0, [2, 1]), "-1,0": (STRAIGHTS[1], 0), "0,1": (STRAIGHTS[2], 1)},
        phase="move",
    )
    # from the east it can only go on west: never out through the inbound arm
    assert dests(s2, "1,0") == ["-1,0"]


def test_flip_after_moving():
    cells = line(-4, 4)
    cells["0,0"] = (cells["0,0"][0], 0, [3, 1])
    s = make(cells, phase="move")
    out = E.apply(s, "p0", Move(at="0,0", to="3,0")).state
    assert out.field["3,0"].parcel == [1, 3]
    assert out.field["0,0"].parcel == []


def test_scoring_only_on_exact_landing():
    # straights at -2..1, red pallet at 2,0 facing west (edge 3)
    cells = line(-2, 1, {"2,0": ("red", 3)})
    cells["0,0"] = (cells["0,0"][0], 0, [3, 1])
    s = make(cells, phase="move")
    assert dests(s, "0,0") == []  # 3 steps east would pass the pallet; west only 2 tiles
    cells["0,0"] = (cells["0,0"][0], 0, [2, 4])
    s = make(cells, phase="move")
    assert dests(s, "0,0") == ["-2,0", "2,0"]
    out = E.apply(s, "p0", Move(at="0,0", to="2,0")).state
    # flipped on the way: 4 is on top on red's score tile
    assert out.scored["p0"] == [[4, 2]]
    assert E.scores(out)["p0"] == 4
    assert all(not c.parcel for c in out.field.values())


def test_parcel_for_another_players_pallet():
    cells = line(-2, 1, {"2,0": ("blue", 3)})
    cells["0,0"] = (cells["0,0"][0], 0, [2, 3])
    s = make(cells, phase="move")
    out = E.apply(s, "p0", Move(at="0,0", to="2,0")).state
    assert out.scored["p1"] == [[3, 2]] and out.scored["p0"] == []


def test_team_totals_at_four():
    cells = line(-2, 1, {"2,0": ("yellow", 3)})
    cells["0,0"] = (cells["0,0"][0], 0, [2, 3])
    s = make(cells, n=4, phase="move", scored={"p0": [[4, 1]], "p1": [[2, 1]], "p2": [], "p3": [[1, 4]]})
    out = E.apply(s, "p0", Move(at="0,0", to="2,0")).state
    # yellow is p2, p0's partner: team p0+p2 = 4 + 3 = 7; team p1+p3 = 2 + 1 = 3
    assert E.scores(out) == {"p0": 7, "p1": 3, "p2": 7, "p3": 3}
    assert E.ranking(out) == [["p0", "p2"], ["p1", "p3"]]


def test_fourth_parcel_ends_game_at_once():
    cells = line(-2, 1, {"2,0": ("red", 3)})
    cells["0,0"] = (cells["0,0"][0], 0, [2, 3])
    s = make(cells, phase="move", scored={"p0": [[1, 2], [1, 2], [1, 2]], "p1": [], "p2": []})
    out = E.apply(s, "p0", Move(at="0,0", to="2,0")).state
    assert E.is_over(out) and E.to_act(out) == []
    assert E.scores(out) == {"p0": 6, "p1": 0, "p2": 0}  # 1 + 1 + 1 + 3
    assert len(out.hands["p0"]) == 0  # no draw after the end


def test_new_parcel_face_by_player_count():
    # 2-3 players: highest number up; 4 players: lowest up [SEED "Pakketje"]
    for n, expected in ((3, [4, 1]), (4, [1, 4])):
        s = make({"0,0": ("s1", 0)}, n=n, phase="load", bag=[[1, 4]])
        out = E.apply(s, "p0", Load(at="0,0")).state
        assert out.field["0,0"].parcel == expected
        assert out.bag == []


def test_move_compulsory_then_draw():
    cells = line(-4, 4)
    cells["0,0"] = (cells["0,0"][0], 0, [3, 1])
    floor = tiles_with("floor")[-1]
    s = make(cells, phase="move", hands={"p0": ["t1", "t2", "t3"], "p1": [floor]}, stack=["t90", "t91"])
    assert E.legal_actions(s, "p0") == [Move(at="0,0", to="-3,0"), Move(at="0,0", to="3,0")]
    out = E.apply(s, "p0", Move(at="0,0", to="-3,0")).state
    assert out.hands["p0"] == ["t1", "t2", "t3", "t90"] and out.stack == ["t91"]
    assert E.to_act(out) == ["p1"]  # p1 can connect the floor tile, so the game goes on


def test_empty_stack_ends_game_at_draw():
    cells = line(-4, 4)
    cells["0,0"] = (cells["0,0"][0], 0, [3, 1])
    s = make(cells, phase="move", hands={"p0": ["t1", "t2", "t3"]}, stack=[])
    out = E.apply(s, "p0", Move(at="0,0", to="-3,0")).state
    assert E.is_over(out) and "stack is empty" in out.end_reason
