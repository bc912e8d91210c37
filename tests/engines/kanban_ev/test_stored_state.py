"""Games already stored keep working: Kanban EV states saved as JSON in the format of the
first release (the board under ``"b"``, one dict per seat under ``"ps"``, short keys) load,
save back to the very same JSON, and play on to the end.

The two fixtures were written by the engine of that format (3 players, seed 1, AI moves):
``old_state_work.json`` stops in a work turn where ann must route a pushed Truck,
``old_state_meeting.json`` in a meeting after ann played g05 and bob spoke on g18.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from engines.kanban_ev.engine import ENGINE as engine

FIXTURES = Path(__file__).parent / "fixtures"


def stored(name: str) -> dict:
    return json.loads((FIXTURES / f"old_state_{name}.json").read_text())


@pytest.mark.parametrize("name", ["work", "meeting"])
def test_an_old_snapshot_saves_back_unchanged(name):
    raw = stored(name)
    state = engine.state_from_json(raw)
    assert engine.state_to_json(state) == raw
    assert engine.state_to_json(engine.state_from_json(json.dumps(raw))) == raw


def _play_to_the_end(state, seed: int) -> None:
    rnd = random.Random(seed)
    for _ in range(5000):
        if engine.is_over(state):
            break
        who = engine.to_act(state)[0]
        state = engine.apply(state, who, engine.ai.choose(state, who, rnd)).state
        # every position on the way stores and loads again
        assert engine.state_to_json(engine.state_from_json(engine.state_to_json(state))) == engine.state_to_json(state)
    assert engine.is_over(state)
    assert sorted(engine.scores(state)) == ["ann", "bob", "cy"]


def test_an_old_work_turn_snapshot_plays_on():
    state = engine.state_from_json(stored("work"))
    # the stored turn: ann (Assembly, 3 shifts, 1 spent) pushed the Truck at 14 onto 24,
    # and the Truck on 24 may go to 23 or 33 (the conveyor fork of space 24)
    assert engine.to_act(state) == ["ann"]
    assert [engine.notation(state, a) for a in engine.legal_actions(state, "ann")] == ["route 23", "route 33"]
    assert "must choose where the Truck pushed from conveyor space 24 goes" in engine.status(state)
    view = engine.view(state, "ann")
    assert view["t"]["pending"] == [["route", ["14", "24"]]] and view["day"] == 4
    after = engine.apply(state, "ann", engine.parse(state, "route 33")).state
    conveyor = engine.view(after, None)["conveyor"]
    # 33 was empty: the Truck on 24 moves there, the one on 14 to 24, and a new Truck
    # from the supply (6 left) enters at 14
    assert (conveyor["33"], conveyor["24"], conveyor["14"]) == ("truck", "truck", "truck")
    assert engine.view(after, None)["cars"]["truck"] == 5
    _play_to_the_end(after, 1)


def test_an_old_meeting_snapshot_plays_on():
    state = engine.state_from_json(stored("meeting"))
    assert state.phase == "meeting" and engine.to_act(state) == ["ann"]
    view = engine.view(state, "ann")
    assert view["meeting_state"] == {"played": ["g05", "", ""], "spoken": {"g18": [1]}, "passes": 0, "now": True}
    assert view["you"]["goals"] == ["g07", "g31"]
    # ann has played g05 this turn, so she may end her meeting turn
    assert "done" in [engine.notation(state, a) for a in engine.legal_actions(state, "ann")]
    after = engine.apply(state, "ann", engine.parse(state, "done")).state
    assert engine.to_act(after) == ["cy"]  # certification order bob, ann, cy
    _play_to_the_end(after, 2)
