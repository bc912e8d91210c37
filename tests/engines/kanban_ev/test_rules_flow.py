"""Kanban EV rule tests: setup, days and Sandra, end of week, meetings, game end, final
scoring and tie-breakers (expected values worked out by hand in the comments)."""

import pytest

from engines import IllegalAction
from engines.kanban_ev import rules as R
from engines.kanban_ev.engine import ENGINE as engine

from .helpers import act, fresh, notations, players, put

# ----- setup ------------------------------------------------------------------------


@pytest.mark.parametrize("n, chargers, awards, tokens", [(2, 8, 2, [1, 1]), (3, 11, 2, [2, 1]), (4, 14, 3, [2, 2])])
def test_setup_by_player_count(n, chargers, awards, tokens):
    s = engine.setup(players(n), None, seed=3)
    b = s.board
    assert b.charger_supply == chargers
    assert all(len(x) == awards for x in b.award_tiles.values())
    for kind in ("grey", "beige", "cert"):
        tiles = b.factory_goals[kind]
        assert [t[1] for t in tiles] == tokens and tiles[0][0] < tiles[1][0]
    # 23 generic tokens minus those on factory goals (3 kinds), award stacks (5) and demand tiles
    assert b.generic_supply == 23 - 3 * sum(tokens) - 5 - sum(b.demand_tokens)
    assert all(p.pp == 15 for p in s.player_boards)  # Mean Sandra
    assert all(
        len(p.goals) == 3 and len(p.kanban_cards) == 2 and p.vouchers == 1 and p.speech_tokens == 1
        for p in s.player_boards
    )
    assert len(b.meeting_room) == 4 and b.week == 0 and b.cycle == 0 and b.sandra == R.DESK
    assert sum(b.warehouses.values()) == 6  # every icon of the first Kanban card
    assert sum(1 for c in b.conveyor.values() if c) == 10 and all(v == 6 for v in b.car_supply.values())
    assert sum(1 for r in b.design_rows for d in r if d) == 8 and [len(x) for x in b.design_stacks] == [9, 9, 9]
    assert len(set(b.recycling)) == 3
    assert b.behind_pace_car == ["", "", "", ""] and b.pace_car == 0
    assert engine.setup(players(n), {"sandra": "nice"}, seed=3).player_boards[0].pp == 0
    with pytest.raises(ValueError):
        engine.setup(players(5))
    with pytest.raises(ValueError):
        engine.setup(players(3), {"sandra": "grumpy"})


def test_setup_choices_as_actions():
    s = engine.setup(players(3), None, seed=11)
    assert s.phase == "garages" and sorted(engine.to_act(s)) == ["p0", "p1", "p2"]
    s = act(s, 1, "garages expert")
    assert len(notations(s, 1)) == 24  # the 4 unlocked tiles in any order
    s = act(s, 1, "arrange shift book voucher nothing")
    assert s.player_boards[1].garage_tiles == [3, 2, 1, 0, 4]
    s = act(s, 0, "garages basic")
    s = act(s, 2, "garages basic")
    s = act(s, 0, "arrange speech vouchers books shifts")
    assert s.phase == "garages" and engine.to_act(s) == ["p2"]
    s = act(s, 2, "arrange books shifts speech vouchers")
    assert s.phase == "cert_setup"
    first = engine.to_act(s)[0]
    i = s.players.index(first)
    s = act(s, i, "cert 1")  # section 0 space 1: 1 banked shift
    assert s.player_boards[i].banked_shifts == 1
    second = s.players.index(engine.to_act(s)[0])
    assert second == (i + 1) % 3  # clockwise
    assert "cert 1" not in notations(s, second)
    s = act(s, second, "cert 4")
    third = s.players.index(engine.to_act(s)[0])
    s = act(s, third, "cert 2")  # 1 book
    assert s.player_boards[third].books == 1
    # picks in certification order, right to left: space 4, space 2, space 1
    assert s.phase == "picks" and s.board.order == [second, third, i]
    part = next(n for n in notations(s, second))
    s = act(s, second, part)
    design = notations(s, second)[0]
    assert len(notations(s, second)) == 11  # 8 face-up + 3 stack tops
    s = act(s, second, design)
    for seat in (third, i):
        s = act(s, seat, notations(s, seat)[0])
        s = act(s, seat, notations(s, seat)[0])
    assert s.phase == "select" and s.board.day == 1
    assert sum(1 for r in s.board.design_rows for d in r if d) == 8  # refilled
    assert engine.to_act(s) == [s.players[second]]


# ----- days and Sandra -----------------------------------------------------------------


def test_sandra_moves_skipping_full_departments_and_desk():
    s = fresh(3)
    s.board.sandra = R.DESK
    s.board.positions = [5, 9, 3]
    R._sandra_moves(s, [])
    assert s.board.sandra == 0  # from her desk to the top: R&D upper
    s.board.positions = [0, 9, 3]
    s.board.sandra = R.DESK
    R._sandra_moves(s, [])
    assert s.board.sandra == 1  # upper taken: lower workstation
    s.board.positions = [0, 1, 3]
    s.board.sandra = R.DESK
    R._sandra_moves(s, [])
    assert s.board.sandra == 2  # R&D full: skipped
    s.board.sandra = 6  # Design
    s.board.positions = [8, 9, 0]
    R._sandra_moves(s, [])
    assert s.board.sandra == R.DESK  # Administration: her desk even if both workstations are taken


def test_two_player_nobody_joins_sandras_department():
    s = fresh(2)
    s.phase = "select"
    s.board.day = 2
    s.board.sandra = 2  # Assembly upper
    s.board.positions = [0, 7]
    s.board.order = [0, 1]
    s.board.turn_index = 0
    ns = notations(s, 0)
    assert not [n for n in ns if n.startswith("place assembly")]
    assert not [n for n in ns if n.startswith("place rd")]  # the department just worked in
    assert "place logistics 1" in ns and "place design 1" in ns and "place design 2" not in ns
    s3 = fresh(3)
    s3.phase = "select"
    put(s3.board, day=2, sandra=2, positions=[0, 7, 5], order=[0, 1, 2], turn_index=0)
    assert "place assembly 2" in notations(s3, 0)  # at 3 players Sandra's department is fine


def test_day_one_sandra_stays_then_moves_like_a_player():
    s = engine.setup(players(3), None, seed=5)
    while s.phase != "select":
        who = engine.to_act(s)[0]
        s = act(s, s.players.index(who), notations(s, s.players.index(who))[0])
    # day 1: everyone places in certification order, Sandra stays at her desk and does not work
    for _ in range(3):
        seat = s.players.index(engine.to_act(s)[0])
        s = act(s, seat, notations(s, seat)[0])
    assert s.phase == "work" and -1 not in s.board.order
    while s.phase == "work":
        seat = s.players.index(engine.to_act(s)[0])
        s = act(s, seat, "done")
    assert s.board.day == 2 and s.board.week == 0 and s.board.sandra == R.DESK
    # day 2: Sandra (at her desk, the bottom) chooses last and goes to the top
    assert s.board.order[-1] == -1
    for _ in range(3):
        seat = s.players.index(engine.to_act(s)[0])
        s = act(s, seat, notations(s, seat)[0])
    assert R.dept_of(s.board.sandra) in ("rd", "assembly")
    assert -1 in s.board.order


def test_mean_sandra_penalty():
    s = fresh(3)
    for p in s.player_boards:
        p.pp = 15
    put(s.player_boards[0], training=[0, 0, 0, 0, 0], upgraded=["city-body"], banked_shifts=2)
    put(s.player_boards[1], training=[0, 0, 0, 0, 0], upgraded=["a-b", "c-d", "e-f"], banked_shifts=0)
    put(s.player_boards[2], training=[2, 0, 0, 0, 0], upgraded=[], banked_shifts=0)
    R.evaluate(s, "rd", [])
    # p0: least training, 1 upgraded design (<= 2): 1 + (5 - 2) = 4; p1 has 3; p2 trained more
    assert [p.pp for p in s.player_boards] == [11, 15, 15]
    put(s.player_boards[0], pp=3, banked_shifts=0)
    R.evaluate(s, "rd", [])
    assert s.player_boards[0].pp == 0  # 1 + 5 = 6 > 3: the track stops at 0


def test_mean_sandra_other_departments_criteria():
    s = fresh(3)
    for p in s.player_boards:
        put(p, pp=20, banked_shifts=5, training=[0] * 5)
    s.player_boards[0].parts = ["body", "body", "body"]  # Logistics: 3 parts, safe
    s.player_boards[0].training = [3, 3, 0, 3, 0]  # Administration: 3 certifications, safe
    R.evaluate(s, "logistics", [])
    # everyone has 0 Logistics training; p1, p2 have 0 parts: lose 1 + (5 - 5) = 1
    assert [p.pp for p in s.player_boards] == [20, 19, 19]
    R.evaluate(s, "admin", [])
    # everyone has 0 Administration training; p1, p2 have no certification
    assert [p.pp for p in s.player_boards] == [20, 18, 18]


def test_nice_sandra_reward():
    s = fresh(3, sandra="nice")
    put(s.player_boards[0], pp=0, training=[0, 0, 0, 2, 0], designs=["a", "b"], banked_shifts=7)
    put(s.player_boards[1], pp=0, training=[0, 0, 0, 2, 0], designs=["a"], banked_shifts=9)
    put(s.player_boards[2], pp=0, training=[0, 0, 0, 0, 0], designs=["a", "b", "c"], banked_shifts=9)
    R.evaluate(s, "design", [])
    # most training: p0 (2 designs: +7-5 = 2) and p1 (1 design: not evaluated positively)
    assert [p.pp for p in s.player_boards] == [2, 0, 0]


def test_sandra_tasks():
    s = fresh(2)
    s.board.assembly_lines["city"] = ["body", "motor"]
    s.board.sandra = 2
    R.sandra_turn(s, [])
    assert s.board.assembly_lines["city"] == []
    s.board.warehouses = {"autopilot": 3, "battery": 0, "body": 1, "drivetrain": 2, "electronics": 0, "motor": 5}
    s.board.sandra = 4
    R.sandra_turn(s, [])
    assert s.board.warehouses == {
        "autopilot": 1,
        "battery": 0,
        "body": 1,
        "drivetrain": 1,
        "electronics": 0,
        "motor": 1,
    }
    # Design at 2 players: all 8 face-up designs go under the central stack, then refill
    s.board.sandra = 6
    before = [d for r in s.board.design_rows for d in r]
    central = list(s.board.design_stacks[2])
    R.sandra_turn(s, [])
    # under the central stack (the rows refill from their own stacks of 9 first)
    assert s.board.design_stacks[2][:9] == central and sorted(s.board.design_stacks[2][9:]) == sorted(before)
    assert set(before).isdisjoint(d for r in s.board.design_rows for d in r)
    # at 3 players only the 4 rightmost (2 right columns of both rows)
    s = fresh(3)
    s.board.sandra = 6
    rows = [list(r) for r in s.board.design_rows]
    R.sandra_turn(s, [])
    returned = {rows[0][2], rows[0][3], rows[1][2], rows[1][3]}
    assert returned == set(s.board.design_stacks[2][-4:])
    assert s.board.design_rows[0][2:] == rows[0][:2] and s.board.design_rows[1][2:] == rows[1][:2]


def test_sandra_rd_task_moves_pace_car():
    s = fresh(3)
    s.board.pace_car = 3
    s.board.behind_pace_car = ["city", "", "suv", ""]
    s.board.sandra = 0
    R.sandra_turn(s, [])
    assert s.board.pace_car == 4 and s.board.meeting_marker and s.board.behind_pace_car == ["city", "suv", "", ""]


def test_end_of_week_scoring():
    s = fresh(3)
    s.board.upgrade_spaces["city"] = ["body", "motor", "", "", "", ""]
    s.board.upgrade_spaces["suv"] = ["", "", "", "battery", "", ""]
    put(s.player_boards[0], garages=["city", "city", "suv", "", ""], tested=["city-body"], pp=10)
    put(s.player_boards[1], garages=["truck", "", "", "", ""], tested=[], pp=10)
    s.board.sandra = R.DESK
    s.board.week = 1
    R.end_of_week(s, [])
    # p0: each city 2 upgrades + 1 tested city design = 3, twice = 6; the SUV 1 upgrade: 7
    assert s.player_boards[0].pp == 17
    assert s.player_boards[1].pp == 10  # no truck upgrades
    assert s.board.week == 2


@pytest.mark.parametrize("week, cycle, over", [(2, 3, True), (3, 2, True), (2, 2, False), (3, 1, False), (1, 3, False)])
def test_game_end_conditions(week, cycle, over):
    board = fresh().board
    put(board, week=week, cycle=cycle)
    assert R.game_end_triggered(board) is over


# ----- meetings -----------------------------------------------------------------------


def meeting_state():
    s = fresh(3)  # certification order: p0, p1, p2
    s.board.day = 5
    s.board.meeting_marker = True
    s.board.meeting_room = ["g01", "g14", "g29", "g31"]
    put(s.player_boards[0], garages=["city", "city", "suv", "truck", ""], goals=["g02", "g03", "g04"], speech_tokens=2)
    put(s.player_boards[1], garages=["city", "", "", "", ""], goals=["g05", "g06", "g07"], speech_tokens=1)
    put(s.player_boards[2], garages=["city"] * 5, goals=["g08", "g09", "g10"], speech_tokens=1)
    for p in s.player_boards:
        p.pp = 0
    R.start_meeting(s, [])
    return s


def test_meeting_speaking_scores_highest_free_icon():
    spoken_meeting()


def spoken_meeting():
    s = meeting_state()
    assert engine.to_act(s) == ["p0"]
    assert "pass" not in notations(s, 0)  # must play a goal first
    with pytest.raises(IllegalAction):
        act(s, 0, "pass")
    s = act(s, 0, "speak g01")  # icon 3, 4 cars: 2 x 3 = 6
    assert s.player_boards[0].pp == 6 and s.player_boards[0].speech_tokens == 1
    s = act(s, 1, "play g05")  # then speak on the same turn
    assert notations(s, 1)[-1] == "done"
    s = act(s, 1, "speak g01")  # icon 2, 1 car: 2 x 1 = 2
    assert s.player_boards[1].pp == 2
    s = act(s, 2, "speak g01")  # icon 1, 5 cars: 2 x 1 = 2
    assert s.player_boards[2].pp == 2
    assert "speak g01" not in notations(s, 0)  # full; p0 has a token on it anyway
    s = act(s, 0, "play g03")  # p0 plays the Truck goal (1 truck)
    s = act(s, 0, "speak g03")  # icon 2: 4 x min(2, 1) = 4
    assert s.player_boards[0].pp == 10
    return s


def test_meeting_ends_after_everyone_passes_then_cleanup():
    s = spoken_meeting()
    # p1 has no token left; p2 must still play
    assert notations(s, 1) == ["pass"]
    s = act(s, 1, "pass")
    s = act(s, 2, "play g08")
    s = act(s, 2, "done")
    s = act(s, 0, "pass")  # p0 has no token left
    s = act(s, 1, "pass")
    assert s.phase == "meeting"
    s = act(s, 2, "pass")
    assert s.phase == "nominate" and sorted(engine.to_act(s)) == ["p0", "p1", "p2"]
    # room and played goals discarded
    assert sorted(s.board.goal_discard[-7:]) == sorted(["g03", "g05", "g08", "g01", "g14", "g29", "g31"])
    s = act(s, 2, "nominate g09")
    assert s.board.meeting_room == []  # hidden until everyone has chosen
    s = act(s, 0, "nominate g02")
    s = act(s, 1, "nominate g06")
    # revealed in card order (whoever chose which), 3 players: one more from the deck up to 4
    assert s.board.meeting_room[:3] == ["g02", "g06", "g09"] and len(s.board.meeting_room) == 4
    assert [len(p.goals) for p in s.player_boards] == [3, 3, 3]
    assert s.board.cycle == 1 and not s.board.meeting_marker
    assert s.phase == "select"


# ----- final scoring ------------------------------------------------------------------


def test_final_scoring_item_by_item():
    s = fresh(3)
    b = s.board
    b.final_goal = "f02"  # 5 cars -> 8, 4 upgraded designs -> 6, 4 certifications -> 7
    b.part_values = {"autopilot": 2, "battery": 4, "body": 2, "drivetrain": 2, "electronics": 2, "motor": 3}
    put(
        s.player_boards[0],
        pp=30,
        garages=["city", "suv", "truck", "sports", "concept"],
        upgraded=["city-battery", "suv-motor", "truck-body", "sports-body"],
        tested=["city-battery", "suv-motor"],
        training=[3, 3, 0, 0, 0],
        training_stamps=[5, 6, 0, 0, 0],
        speech_tokens=1,
        generic_tokens=0,
        banked_shifts=3,
        books=2,
        vouchers=1,
        chargers=["rd", "admin"],
    )
    put(
        s.player_boards[1],
        pp=40,
        garages=[""] * 5,
        upgraded=[],
        tested=[],
        training=[3, 0, 0, 0, 0],
        training_stamps=[9, 0, 0, 0, 0],
        speech_tokens=2,
        generic_tokens=1,
        banked_shifts=0,
        books=0,
        vouchers=0,
        chargers=[],
    )
    put(
        s.player_boards[2],
        pp=10,
        garages=["city", "", "", "", ""],
        upgraded=[],
        tested=[],
        training=[1, 0, 0, 0, 2],
        training_stamps=[1, 0, 0, 0, 3],
        speech_tokens=0,
        generic_tokens=0,
        banked_shifts=10,
        books=0,
        vouchers=0,
        chargers=["design"],
    )
    ev = []
    R.final_scoring(s, ev)
    r = b.final_scores
    assert ev[0].text == (
        "p0 final scoring: final goal 8, banked shifts, speech tokens, books and vouchers 6, "
        "cars 20, training tracks 8, tested designs 7, charger tokens x cars 10; total 89 PP."
    )
    assert ev[-1].text == "Game over."  # the ranking is the host's, said once
    # p0: final goal: 5 cars (8) and 4 upgraded (6) met, 1 token -> 8; leftovers 3 + 0 + 2 + 1 = 6;
    # cars 2+3+4+5+6 = 20; training: R&D tie at 3 with p1 who arrived later -> 2nd = 3,
    # Assembly 1st = 5 -> 8; tested battery 4 + motor 3 = 7; 2 chargers x 5 cars = 10
    assert r["p0"] == {
        "final_goal": 8,
        "leftovers": 6,
        "cars": 20,
        "training": 8,
        "tested": 7,
        "chargers": 10,
        "total": 30 + 59,
    }
    # p1: nothing on the final goal; leftovers 2 own + 1 generic tokens = 3; R&D 1st = 5
    assert r["p1"] == {
        "final_goal": 0,
        "leftovers": 3,
        "cars": 0,
        "training": 5,
        "tested": 0,
        "chargers": 0,
        "total": 48,
    }
    # p2: 10 banked; 1 city = 2; R&D 3rd = 1, Administration 1st = 5; 1 charger x 1 car
    assert r["p2"] == {
        "final_goal": 0,
        "leftovers": 10,
        "cars": 2,
        "training": 6,
        "tested": 0,
        "chargers": 1,
        "total": 29,
    }
    assert engine.scores(s) == {"p0": 89, "p1": 48, "p2": 29}
    assert s.phase == "over" and engine.is_over(s) and engine.to_act(s) == []
    assert engine.ranking(s) == [["p0"], ["p1"], ["p2"]]


def test_final_goal_needs_speech_tokens_generic_count():
    s = fresh(2)
    s.board.final_goal = "f06"  # 7 banked -> 6, 3 books -> 8, 2 experts -> 7
    put(
        s.player_boards[0],
        pp=0,
        banked_shifts=7,
        books=3,
        training=[5, 5, 0, 0, 0],
        training_stamps=[1, 1, 0, 0, 0],
        speech_tokens=0,
        generic_tokens=2,
        vouchers=0,
        garages=[""] * 5,
        chargers=[],
        tested=[],
    )
    put(
        s.player_boards[1],
        pp=0,
        banked_shifts=0,
        books=0,
        training=[0] * 5,
        speech_tokens=0,
        generic_tokens=0,
        vouchers=0,
        garages=[""] * 5,
        chargers=[],
        tested=[],
    )
    R.final_scoring(s, [])
    # all three met, 2 generic tokens: 8 + 7; leftovers 7 + 3 = 10 (tokens spent); training 5 + 5
    assert s.board.final_scores["p0"]["final_goal"] == 15
    assert s.board.final_scores["p0"]["leftovers"] == 10
    assert s.board.final_scores["p0"]["training"] == 10


def test_tie_breakers():
    s = fresh(4)
    for p in s.player_boards:
        put(p, pp=50, garages=["city", "", "", "", ""], tested=[], banked_shifts=0)
    s.player_boards[1].garages = ["city", "suv", "", "", ""]  # most cars
    s.player_boards[2].tested = ["city-body"]  # then most tested designs
    s.player_boards[3].banked_shifts = 3  # then most banked shifts
    s.phase = "over"
    assert engine.ranking(s) == [["p1"], ["p2"], ["p3"], ["p0"]]
    s.player_boards[3].banked_shifts = 0
    assert engine.ranking(s) == [["p1"], ["p2"], ["p0", "p3"]]  # still tied: shared


def nominations_after(hands: list[list[str]], chosen: list[str]) -> list[str]:
    """The meeting room after the spoken meeting's clean-up, with these hands, when seats
    p0, p1, p2 (certification order) nominate ``chosen``."""

    s = spoken_meeting()
    for seat, text in [(1, "pass"), (2, "play g08"), (2, "done"), (0, "pass"), (1, "pass"), (2, "pass")]:
        s = act(s, seat, text)
    assert s.phase == "nominate"
    for p, hand in zip(s.player_boards, hands):
        p.goals = list(hand)
    for seat, g in enumerate(chosen):
        s = act(s, seat, f"nominate {g}")
    return s.board.meeting_room


def test_nominations_join_the_room_in_card_order_not_seat_order():
    # the aid: each player puts a goal face down, then the chosen cards are revealed; the
    # room must not tell who chose which. p0, p1, p2 nominate g09, g06, g02: seat order would
    # give [g09, g06, g02]; card order gives [g02, g06, g09] (3 players: a 4th from the deck)
    room = nominations_after([["g09", "g10"], ["g06", "g07"], ["g02", "g04"]], ["g09", "g06", "g02"])
    assert room[:3] == ["g02", "g06", "g09"] and len(room) == 4
    # the same three goals nominated by other seats: the same room
    room = nominations_after([["g02", "g04"], ["g09", "g10"], ["g06", "g07"]], ["g02", "g09", "g06"])
    assert room[:3] == ["g02", "g06", "g09"]
