"""Kanban EV performance goals (each of the 32, first speaker) and final goal tiles (each
achievement of the 11), on one constructed player; counts worked out by hand below."""

import pytest

from engines.kanban_ev import rules as R

from .helpers import act, fresh, put


def constructed(s):
    p = s.player_boards[0]
    put(
        p,
        garages=["city", "city", "", "truck", "suv"],  # 4 cars, 3 models
        upgraded=["city-battery", "suv-battery", "truck-motor"],
        tested=["city-battery", "truck-motor"],
        parts=["battery", "electronics", "body", "motor", "motor"],
        training=[3, 0, 5, 3, 1],  # certified R&D, Logistics, Design; expert Logistics
        designs=["concept-blank"],
        books=4,
        banked_shifts=6,
        speech_tokens=3,
        generic_tokens=0,
        pp=0,
    )
    return s


# goal -> PP for the first speaker: value x min(top icon, count)
FIRST_SPEAKER = {
    "g01": 6,  # 4 cars, 2 each, x3 -> 2*3
    "g02": 9,  # 3 models, 3 each -> 3*3
    "g03": 4,  # 1 truck, 4 each, x2 -> 4*1
    "g04": 8,  # 2 city -> 4*2
    "g05": 0,  # no concept
    "g06": 0,  # no sports
    "g07": 4,  # 1 suv
    "g08": 8,  # 2 upgraded battery designs
    "g09": 0,
    "g10": 0,
    "g11": 0,
    "g12": 0,
    "g13": 4,  # 1 upgraded motor design
    "g14": 6,  # 3 upgraded designs, 2 each, x3
    "g15": 8,  # 2 tested, 4 each
    "g16": 4,  # battery + electronics = 2, 2 each
    "g17": 2,  # body + autopilot = 1
    "g18": 4,  # motor + drivetrain = 2
    "g19": 8,  # garages 1 and 2 both full
    "g20": 4,  # garages 2 and 3: 1
    "g21": 8,  # garages 4 and 5: 2
    "g22": 4,
    "g23": 0,
    "g24": 4,
    "g25": 4,
    "g26": 0,  # certified R&D / Asm / Log / Des / Adm
    "g27": 2,  # 1 design on the board
    "g28": 6,  # 4 books, 2 each, x3 -> 2*3
    "g29": 9,  # 3 certifications, 3 each
    "g30": 6,  # 5 parts, 2 each, x3
    "g31": 6,  # 6 banked, 2 each, x3
    "g32": 6,  # speech tokens on the board: 3, minus the one just placed on the card = 2, 3 each
}


@pytest.mark.parametrize("goal, pp", sorted(FIRST_SPEAKER.items()))
def test_each_performance_goal_first_speaker(goal, pp):
    s = constructed(fresh(3))
    s.board.meeting_room = [goal] + [g for g in ("g05", "g06", "g09", "g10") if g != goal][:3]
    s.player_boards[0].goals = [g for g in ("g11", "g12", "g23") if g != goal][:3]
    R.start_meeting(s, [])
    s = act(s, 0, f"speak {goal}")
    assert s.player_boards[0].pp == pp


def test_second_and_third_speakers_get_lower_icons():
    s = constructed(fresh(3))
    put(s.player_boards[1], garages=["city"] * 4 + [""], speech_tokens=1, pp=0)
    put(s.player_boards[2], garages=["city"] * 4 + [""], speech_tokens=1, pp=0)
    s.board.meeting_room = ["g01", "g05", "g06", "g09"]
    R.start_meeting(s, [])
    s = act(s, 0, "speak g01")  # icon 3: 2 * 3
    s = act(s, 1, "speak g01")  # icon 2: 2 * 2
    s = act(s, 2, "speak g01")  # icon 1: 2 * 1
    assert [p.pp for p in s.player_boards] == [6, 4, 2]


FINAL = {
    "f01": [False, False, False],  # 2 city only; 2 distinct upgraded parts; 3 certs
    "f02": [False, False, False],  # 4 cars; 3 upgraded; 3 certs
    "f03": [False, False, False],  # 3 models; battery twice; not Assembly
    "f04": [False, False, False],
    "f05": [False, False, True],  # R&D and Design certified
    "f06": [False, True, False],  # 6 banked; 4 books; 1 expert
    "f07": [True, True, False],  # 2 city; 2 upgraded battery; not Assembly
    "f08": [False, False, True],  # Logistics and Design certified
    "f09": [False, False, False],
    "f10": [False, False, True],  # at most 3 certifications
    "f11": [False, False, True],  # expert in at most 1 department
}


@pytest.mark.parametrize("tile, met", sorted(FINAL.items()))
def test_each_final_goal_achievement(tile, met):
    from engines.kanban_ev import data as D

    s = constructed(fresh(3))
    got = [R.final_achieved(s, 0, test, arg, th) for test, arg, th, _ in D.FINAL_GOALS[tile]]
    assert got == met


def test_final_goal_scored_with_tokens():
    s = constructed(fresh(3))
    s.board.final_goal = "f07"  # 2 city -> 8, 2 upgraded battery -> 7
    R.final_scoring(s, [])
    assert s.board.final_scores["p0"]["final_goal"] == 15
    # 3 - 2 tokens left + 6 banked + 4 books + 1 voucher (start) = 12
    assert s.board.final_scores["p0"]["leftovers"] == 12


def test_a_players_view_counts_their_goals_but_private_view_does_not():
    """The hand image shows "you have N" from the engine's own count: g04 (4 PP per city car)
    with two city cars in the garages counts 2. The count lives in ``view(state, p)["you"]``,
    not in ``private_view``, so a changing count alone sends no DM."""

    from engines.kanban_ev.engine import ENGINE as engine
    from tests.engines.kanban_ev.helpers import fresh

    s = fresh(3)
    s = s.model_copy(deep=True)
    s.player_boards[0].goals = ["g04"]
    s.player_boards[0].garages = ["city", "", "city", "", ""]
    seat = s.players[0]
    assert engine.view(s, seat)["you"]["counts"] == {"g04": 2}
    assert "counts" not in engine.private_view(s, seat)
