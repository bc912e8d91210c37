"""Kanban EV engine surface: registry, identity, errors, notation, status, options."""

import json

import pytest

from engines import IllegalAction, registry
from engines.kanban_ev.actions import Done, Place
from engines.kanban_ev.engine import ENGINE as engine
from engines.kanban_ev.engine import KanbanEV

from .helpers import act, fresh, notations, working


def test_registered_with_its_identity():
    e = registry.get("kanban-ev")
    assert isinstance(e, KanbanEV)
    assert (e.min_players, e.max_players, e.has_hands) == (2, 4, True)
    assert list(e.rules_summary)[0] == "overview"
    assert all(t == t.lower() and " " not in t for t in e.rules_summary)
    assert e.Options().sandra == "mean" and e.Options().speedcharger is True


def test_illegal_moves_raise_a_reason_and_change_nothing():
    s = fresh(3)
    working(s, 0, "logistics", 2)
    s.player_boards[0].kanban_cards = ["k01", "k02"]
    before = json.dumps(engine.state_to_json(s), sort_keys=True)
    with pytest.raises(IllegalAction, match="not your turn"):
        engine.apply(s, "p1", Done())
    with pytest.raises(IllegalAction, match="not seated"):
        engine.apply(s, "zz", Done())
    with pytest.raises(IllegalAction):
        engine.apply(s, "p0", Place(dept="rd", station=1))
    with pytest.raises(IllegalAction, match="not a move"):
        engine.parse(s, "fly to the moon")
    assert json.dumps(engine.state_to_json(s), sort_keys=True) == before
    s = act(s, 0, "order k01 1")
    with pytest.raises(IllegalAction, match="once per turn"):
        act(s, 0, "order k02 2")


def test_no_shifts_left_reason():
    s = fresh(3)
    working(s, 0, "admin", 1)  # 1 shift
    s.player_boards[0].books = 0
    s = act(s, 0, "train admin shift")
    with pytest.raises(IllegalAction, match="no shifts left"):
        act(s, 0, "train admin shift")


def test_status_and_describe():
    s = engine.setup(["a", "b"], {"sandra": "nice", "speedcharger": False}, seed=2)
    assert engine.status(s).startswith("Day 0, week 0, cycle 0, setup: choose garage tiles: waiting for")
    a = engine.legal_actions(s, "a")[0]
    assert engine.describe(s, a) == "Take the basic garage tiles."
    s = fresh(3)
    working(s, 0, "rd", 2)
    s.player_boards[0].designs = ["city-blank"]
    s.board.behind_pace_car = ["", "", "city", ""]
    claim = [a for a in engine.legal_actions(s, "p0") if a.type == "claim"][0]
    assert engine.notation(s, claim) == "claim 3 city-blank 1"
    # helpers.fresh: basic tiles, garage 1 holds the speech tile
    assert engine.describe(s, claim) == (
        "Claim the car at position 3 (2 shifts), returning city-blank, into garage 1 (gain 1 speech token)."
    )
    assert "work phase" in engine.status(s)


def test_notations_are_short():
    s = fresh(4)
    working(s, 0, "rd", 2)
    s.player_boards[0].training[0] = 3
    s.player_boards[0].designs = ["concept-electronics", "truck-drivetrain"]
    s.player_boards[0].parts = ["electronics", "drivetrain"]
    s.player_boards[0].chargers = ["rd"]
    ns = notations(s, 0)
    assert "upgrade concept-electronics 1 charger double" in ns
    assert max(len(n) for n in ns) <= 50


def test_a_goal_played_from_the_hand_is_a_reveal_and_a_face_down_nomination_is_not():
    # a card leaving a private hand for the table has been seen by everyone: taking the move
    # back would return it to a hidden hand, so ``reveals`` says True (the host refuses the
    # undo); a goal put face down among the nominations has been seen by nobody else
    from .test_rules_flow import meeting_state

    s = meeting_state()  # p0 to act, holding g02 g03 g04; the goal deck is not touched
    play = engine.parse(s, "play g02")
    out = engine.apply(s, "p0", play)
    assert engine.hidden(s) == engine.hidden(out.state)  # nothing face down changed
    assert engine.reveals(s, "p0", play, out) is True
    speak = engine.parse(s, "speak g01")  # a token on a goal of the room: nothing shown
    assert engine.reveals(s, "p0", speak, engine.apply(s, "p0", speak)) is False
    s.phase = "nominate"
    s.board.current_meeting = None
    s.board.nominations = ["", "", ""]
    nominate = engine.parse(s, "nominate g03")
    assert engine.reveals(s, "p0", nominate, engine.apply(s, "p0", nominate)) is False
