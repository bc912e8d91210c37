"""Kanban EV's state models: named fields, the stored short keys as aliases, the fast clone,
and the view keys the board image reads (unchanged by the models)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from pydantic import BaseModel

from engines.kanban_ev import rules as R
from engines.kanban_ev.engine import ENGINE as engine
from engines.kanban_ev.state import Board, Meeting, PlayerBoard, State, WorkTurn

from .helpers import fresh

FIXTURES = Path(__file__).parent / "fixtures"


def stored(name: str) -> State:
    return engine.state_from_json(json.loads((FIXTURES / f"old_state_{name}.json").read_text()))


def test_fields_are_read_by_name_or_short_key_and_written_as_the_short_key():
    by_name = WorkTurn(
        who=1,
        dept="admin",
        second_dept="rd",
        workstation_shifts=4,
        workstation_used=0,
        spent=0,
        used=[],
        claimed=0,
        pending=[],
        recycled=[],
        gained={"shift": 0, "book": 0, "voucher": 0},
    )
    by_key = WorkTurn.model_validate(
        {
            "who": 1,
            "dept": "admin",
            "dept2": "rd",
            "ws": 4,
            "ws_used": 0,
            "spent": 0,
            "used": [],
            "claimed": 0,
            "pending": [],
            "recycled": [],
            "new": {"shift": 0, "book": 0, "voucher": 0},
        }
    )
    assert by_name == by_key
    # "design" (a design was selected this turn) is stored only once it is true, as before
    assert sorted(by_name.model_dump()) == [
        "claimed",
        "dept",
        "dept2",
        "new",
        "pending",
        "recycled",
        "spent",
        "used",
        "who",
        "ws",
        "ws_used",
    ]
    by_name.selected_design = True
    assert by_name.model_dump()["design"] is True
    m = Meeting(played=["g01", ""], spoken={}, passes=1, played_now=False)
    assert m.model_dump() == {"played": ["g01", ""], "spoken": {}, "passes": 1, "now": False}


def test_no_turn_and_no_meeting_are_stored_as_empty_objects():
    s = fresh()
    assert s.board.turn is None and s.board.current_meeting is None
    raw = engine.state_to_json(s)
    assert raw["b"]["t"] == {} and raw["b"]["m"] == {}
    again = engine.state_from_json(raw)
    assert again.board.turn is None and again.board.current_meeting is None


@pytest.mark.parametrize("name", ["work", "meeting"])
def test_clone_is_equal_and_shares_nothing(name):
    s = stored(name)
    c = R.clone(s)
    assert c == s and engine.state_to_json(c) == engine.state_to_json(s)
    assert type(c.board) is Board and all(type(p) is PlayerBoard for p in c.player_boards)
    before = engine.state_to_json(s)
    c.board.design_rows[0][0] = "changed"
    c.board.part_supply["motor"] += 5
    c.player_boards[0].parts.append("motor")
    c.player_boards[1].pp += 7
    if c.board.turn:
        c.board.turn.pending.append(["cert"])
        c.board.turn.gained["shift"] += 1
    if c.board.current_meeting:
        c.board.current_meeting.spoken["g18"].append(2)
        c.board.current_meeting.passes += 1
    assert engine.state_to_json(s) == before


def test_view_keeps_the_keys_the_board_image_reads():
    v = engine.view(stored("work"), "ann")
    # the first release's view keys (the renderer's contract), listed by hand
    assert {
        "assembly",
        "award_tok",
        "awards",
        "cars",
        "chargers",
        "conveyor",
        "cycle",
        "day",
        "demand",
        "demand_stack",
        "demand_tok",
        "doubled",
        "fgoals",
        "final",
        "final_goal",
        "game",
        "gdeck",
        "gdiscard",
        "generic",
        "goals",
        "kdeck",
        "meeting",
        "meeting_state",
        "nominated",
        "pace",
        "phase",
        "players",
        "pos",
        "printed",
        "queue",
        "recycling",
        "result",
        "room",
        "rows",
        "sandra",
        "sandra_mode",
        "seats",
        "shifts_left",
        "speedcharger",
        "stacks",
        "status",
        "supply",
        "t",
        "to_act",
        "upg",
        "value",
        "vouchers",
        "week",
        "wh",
        "you",
    } <= set(v)
    assert {
        "banked",
        "books",
        "cert",
        "certified",
        "chargers",
        "dbl",
        "designs",
        "garages",
        "generic",
        "goals",
        "gset",
        "gtiles",
        "kanban",
        "parts",
        "pp",
        "seat",
        "speech",
        "stamp",
        "tested",
        "train",
        "upgraded",
        "vouchers",
        "vpend",
    } <= set(v["seats"][0])
    # values from old_state_work.json: ann has 10 PP, 1 banked shift, 3 goals and 2 order cards
    ann = v["seats"][0]
    assert (ann["seat"], ann["pp"], ann["banked"], ann["goals"], ann["kanban"]) == ("ann", 10, 1, 3, 2)
    assert v["t"] == {
        "who": 0,
        "dept": "assembly",
        "dept2": "",
        "ws": 3,
        "ws_used": 1,
        "spent": 1,
        "used": [],
        "claimed": 0,
        "pending": [["route", ["14", "24"]]],
        "recycled": [],
        "new": {"shift": 0, "book": 0, "voucher": 0},
    }
    assert v["meeting_state"] == {} and v["pos"] == [3, 1, 7]


def _containers(x, out: dict[int, object]) -> None:
    """Every list, dict and model inside ``x`` by id (kept alive in ``out``)."""

    if isinstance(x, (list, dict, BaseModel)):
        out[id(x)] = x
    if isinstance(x, BaseModel):
        for v in x.__dict__.values():
            _containers(v, out)
    elif isinstance(x, dict):
        for v in x.values():
            _containers(v, out)
    elif isinstance(x, list):
        for v in x:
            _containers(v, out)


def _models(x):
    if isinstance(x, BaseModel):
        yield x
        for v in x.__dict__.values():
            yield from _models(v)
    elif isinstance(x, list):
        for v in x:
            yield from _models(v)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_clone_along_whole_games_is_equal_and_shares_no_container(n):
    # every state of a seeded random game at each player count: the clone is equal (as a
    # model and as stored JSON), its models have the same classes and set fields, and not
    # one list, dict or model is the same object as in the original
    rnd = random.Random(n)
    players = [f"p{k}" for k in range(n)]
    s = engine.setup(players, None, 40 + n)
    steps = 0
    while not engine.is_over(s):
        c = R.clone(s)
        assert c == s and engine.state_to_json(c) == engine.state_to_json(s)
        assert [type(m) for m in _models(c)] == [type(m) for m in _models(s)]
        assert [m.model_fields_set for m in _models(c)] == [m.model_fields_set for m in _models(s)]
        mine: dict[int, object] = {}
        theirs: dict[int, object] = {}
        _containers(s, mine)
        _containers(c, theirs)
        assert not set(mine) & set(theirs)
        actors = engine.to_act(s)
        p = actors[0] if len(actors) == 1 else rnd.choice(actors)
        s = engine.apply(s, p, rnd.choice(engine.legal_actions(s, p))).state
        steps += 1
    assert steps > 100
