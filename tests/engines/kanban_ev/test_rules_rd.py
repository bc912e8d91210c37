"""Kanban EV rule tests: R&D, training and certification, shift limits (expected values
worked out by hand from the player aid)."""

import pytest

from engines import IllegalAction
from engines.kanban_ev import rules as R

from .helpers import act, fresh, notations, working


def rd_state(station=2, banked=0):
    s = fresh(3)
    working(s, 0, "rd", station)
    p = s.player_boards[0]
    p.banked_shifts = banked
    p.designs = ["city-blank", "suv-motor", "truck-body"]
    s.board.behind_pace_car = ["city", "suv", "truck", "city"]
    return s


def claim_positions(s):
    return sorted({int(n.split()[1]) for n in notations(s, 0) if n.startswith("claim")})


def test_claim_cost_by_position_1_2_2_3():
    # upper R&D workstation = 2 shifts, nothing banked: positions 1 (1), 2 (2), 3 (2); not 4 (3)
    s = rd_state(station=1)
    assert claim_positions(s) == [1, 2, 3]
    # lower = 3 shifts: all four
    s = rd_state(station=2)
    assert claim_positions(s) == [1, 2, 3, 4]
    # claiming the 4th car costs 3: 3 workstation shifts used, none banked
    s = rd_state(station=2, banked=2)
    s2 = act(s, 0, "claim 4 city-blank 1")
    assert s2.board.turn.spent == 3 and s2.player_boards[0].banked_shifts == 2
    # 2nd car costs 2 from the upper workstation
    s = rd_state(station=1)
    s2 = act(s, 0, "claim 2 suv-motor 2")
    assert s2.board.turn.spent == 2


def test_claim_takes_garage_benefit_returns_design_and_gaps_stay_until_end_of_turn():
    s = rd_state(station=2, banked=1)
    s = act(s, 0, "claim 1 city-blank 2")  # basic garage 2 = 2 vouchers
    p = s.player_boards[0]
    assert p.garages[1] == "city"
    assert p.vouchers == 1 + 2
    assert "city-blank" not in p.designs and s.board.design_stacks[2][-1] == "city-blank"
    assert s.board.behind_pace_car == ["", "suv", "truck", "city"]
    # the SUV is still 2nd behind the pace car: it costs 2 (1 + 2 = 3 spent)
    s = act(s, 0, "claim 2 suv-motor 3")
    assert s.board.turn.spent == 3
    pace = s.board.pace_car
    s = act(s, 0, "done")
    # two cars claimed: pace car +2; the remaining cars close up
    assert s.board.pace_car == (pace + 2) % 8
    assert s.board.behind_pace_car == ["truck", "city", "", ""]


def test_claim_needs_matching_design_and_empty_garage():
    s = rd_state(station=2)
    s.player_boards[0].designs = ["concept-motor"]
    assert claim_positions(s) == []
    s.player_boards[0].designs = ["city-motor"]
    s.player_boards[0].garages = ["suv", "suv", "suv", "suv", ""]  # garage 5 padlocked (no Assembly cert)
    assert claim_positions(s) == []
    s.player_boards[0].training[1] = 3  # certified in Assembly: 5th garage
    assert claim_positions(s) == [1, 4]


def test_pace_car_reaching_striped_space_calls_meeting():
    s = rd_state(station=2)
    s.board.pace_car = 3  # striped spaces are 0 and 4
    s = act(s, 0, "claim 1 city-blank 1")
    assert s.board.meeting_marker is False
    s = act(s, 0, "done")
    assert s.board.pace_car == 4 and s.board.meeting_marker is True


def test_grey_factory_goal_speech_token():
    s = rd_state(station=2)
    s.board.factory_goals["grey"] = [[2, 2, []], [4, 1, []]]
    s.player_boards[0].garages = ["suv", "", "", "", ""]
    s.player_boards[0].speech_tokens = 1
    s = act(s, 0, "claim 1 city-blank 3")  # 2 cars now; basic garage 3 = 2 books
    assert s.board.factory_goals["grey"][0] == [2, 1, [0]]
    assert s.player_boards[0].speech_tokens == 2  # swapped at once for an own token (free space)


def test_upgrade_design():
    s = rd_state(station=2)
    p = s.player_boards[0]
    p.parts = ["body"]
    p.garages = ["truck", "", "", "", ""]
    pp = p.pp
    # truck space 1 = 1 banked shift
    s = act(s, 0, "upgrade truck-body 1 part")
    p = s.player_boards[0]
    assert s.board.upgrade_spaces["truck"][0] == "body"
    assert s.board.part_values["body"] == 3  # 2 -> 3
    assert p.pp == pp + 2
    assert p.banked_shifts == 1
    assert p.upgraded == ["truck-body"] and p.tested == ["truck-body"]
    assert "body" not in p.parts


def test_upgrade_blank_impossible_and_voucher_and_charger_sources():
    s = rd_state(station=2)
    s.player_boards[0].designs = ["city-blank", "suv-motor"]
    s.player_boards[0].vouchers = 0
    assert not [n for n in notations(s, 0) if n.startswith("upgrade")]
    s.player_boards[0].vouchers = 1
    ups = [n for n in notations(s, 0) if n.startswith("upgrade")]
    # SUV spaces: shift, shift, -, 3pp, 2pp, book, all free: any of the six (
    # spaces 1 and 2 print the same benefit but are both allowed)
    assert ups == [f"upgrade suv-motor {k} voucher" for k in (1, 2, 3, 4, 5, 6)]
    s.player_boards[0].chargers = ["rd"]
    before = s.board.part_supply["motor"]
    s = act(s, 0, "upgrade suv-motor 4 charger")
    # the part came from the supply, the voucher was kept
    assert s.player_boards[0].vouchers == 1 and s.board.part_supply["motor"] == before - 1
    s.player_boards[0].designs.append("city-motor")
    # the R&D charger works for one design per turn only
    assert not [n for n in notations(s, 0) if n.endswith("charger")]


def test_double_upgrade():
    s = rd_state(station=2)
    p = s.player_boards[0]
    p.parts = ["motor", "motor"]
    p.designs = ["suv-motor", "city-motor"]
    assert not [n for n in notations(s, 0) if n.endswith("double")]  # padlocked
    p.training[0] = 3  # certified in R&D
    s.board.part_values["motor"] = 3
    pp = p.pp
    s = act(s, 0, "upgrade suv-motor 3 part double")  # SUV space 3 prints nothing
    p = s.player_boards[0]
    assert s.board.part_values["motor"] == 5  # 3 + 2
    assert p.pp == pp + 5 + 2  # new value + 2 PP for the upgrade
    assert p.double_upgrade_used and s.board.double_upgraded == ["motor"]
    assert not [n for n in notations(s, 0) if n.endswith("double")]
    s.player_boards[1].training[0] = 3  # another player may not double motor again
    s.player_boards[1].designs = ["truck-motor"]
    s.player_boards[1].parts = ["motor"]
    s2 = working(s.model_copy(deep=True), 1, "rd", 2)
    assert not [n for n in notations(s2, 1) if n.endswith("double")]


def test_beige_factory_goal():
    s = rd_state(station=2)
    s.board.factory_goals["beige"] = [[2, 1, []], [3, 1, []]]
    p = s.player_boards[0]
    p.parts = ["body", "motor"]
    p.upgraded = ["city-battery"]
    s = act(s, 0, "upgrade truck-body 1 part")
    assert s.board.factory_goals["beige"][0] == [2, 0, [0]]


def test_training_certification_and_padlock():
    s = fresh(3)
    working(s, 0, "logistics", 2)
    p = s.player_boards[0]
    p.books = 1
    p.training[2] = 2
    p.certification = 3  # section 0, rightmost
    s = act(s, 0, "train logistics book")  # books cost no shifts
    assert s.board.turn.spent == 0 and s.player_boards[0].training[2] == 3
    # certified: must choose a space in section 1 before anything else
    assert notations(s, 0) == ["cert 1", "cert 2", "cert 3", "cert 4"]
    with pytest.raises(IllegalAction):
        act(s, 0, "done")
    pp = s.player_boards[0].pp
    s = act(s, 0, "cert 1")  # section 1 space 1: 3 PP
    assert s.player_boards[0].certification == 4 and s.player_boards[0].pp == pp + 3
    assert R.part_slots(s.player_boards[0]) == 6  # 6th part space unlocked
    assert "voucher" in notations(s, 0)


def test_certification_goal_token_and_expert_award():
    s = fresh(3)
    working(s, 0, "design", 2)
    s.board.factory_goals["cert"] = [[1, 1, []], [3, 1, []]]  # a tile on section 1
    p = s.player_boards[0]
    p.training[3] = 2
    p.speech_tokens = 4  # board full: the generic token waits beside it
    s = act(s, 0, "train design shift")
    s = act(s, 0, "cert 4")  # section 1 space 4: 1 voucher
    assert s.player_boards[0].generic_tokens == 1
    s.player_boards[0].training[3] = 4
    s.board.award_tiles["design"] = ["book", "pp2"]
    s = act(s, 0, "train design shift")
    assert s.player_boards[0].generic_tokens == 2  # the award stack's token
    assert notations(s, 0) == ["award book", "award pp2"]
    pp = s.player_boards[0].pp
    s = act(s, 0, "award pp2")
    assert s.player_boards[0].pp == pp + 2 and s.board.award_tiles["design"] == ["book"]


def test_at_most_four_shifts_per_turn():
    s = fresh(3)
    working(s, 0, "design", 2)  # 3 shifts
    s.player_boards[0].banked_shifts = 6
    assert R.spendable(s) == 4
    for _ in range(3):
        s = act(s, 0, "train design shift")
    s = act(s, 0, "cert 1")  # certified on the 3rd space: section 1 space 1 = 3 PP
    s = act(s, 0, "train design shift")
    assert s.player_boards[0].banked_shifts == 5  # 3 workstation + 1 banked
    assert "train design shift" not in notations(s, 0)


def test_admin_charger_extra_shift_still_capped_at_four():
    s = fresh(3)
    s.player_boards[0].chargers = ["admin"]
    working(s, 0, "admin", 2)  # 2 + 1 (charger) = 3 workstation shifts
    assert s.board.turn.workstation_shifts == 3
    assert R.spendable(s) == 3  # nothing banked
    s.player_boards[0].banked_shifts = 5
    assert R.spendable(s) == 4  # capped
    s = fresh(3)
    working(s, 0, "admin", 1)  # upper: 1 shift, no charger
    assert R.spendable(s) == 1


def test_garage_arrangement_decides_the_benefit():
    s = rd_state(station=2)
    s.player_boards[0].garage_tiles = [3, 2, 1, 0, 4]  # garage 1 = 2 banked shifts
    s = act(s, 0, "claim 1 city-blank 1")
    assert s.player_boards[0].banked_shifts == 2


def test_gains_usable_only_from_the_end_of_the_turn():
    s = rd_state(station=1)  # 2 shifts
    s.player_boards[0].garage_tiles = [3, 2, 1, 0, 4]
    s.player_boards[0].parts = ["body"]
    s = act(s, 0, "claim 1 city-blank 1")  # 1 shift, +2 banked shifts (not usable yet)
    assert s.player_boards[0].banked_shifts == 2 and R.spendable(s) == 1
    s = act(s, 0, "upgrade truck-body 1 part")  # the last workstation shift (+1 banked)
    assert s.player_boards[0].banked_shifts == 3 and R.spendable(s) == 0
    assert not [n for n in notations(s, 0) if n.startswith(("claim", "upgrade", "train rd shift"))]
    s = act(s, 0, "done")
    working(s, 0, "rd", 1)
    assert R.spendable(s) == 4  # 2 + the 3 banked, capped at 4


def test_tested_when_the_car_arrives_after_the_upgrade():
    s = rd_state(station=2)
    s.player_boards[0].upgraded = ["city-battery", "suv-body"]
    s = act(s, 0, "claim 1 city-blank 1")
    assert s.player_boards[0].tested == ["city-battery"]


def test_a_part_may_go_on_any_free_upgrade_space_of_its_car_type():
    """the exact repro: seed 1, 3 players, default options. With all six
    City Car upgrade spaces free, p2's autopilot may go on any of them (1-6), not only on
    one space per kind of benefit (spaces 1-3 all give a shift)."""

    from engines.kanban_ev.engine import ENGINE as engine

    s = engine.setup(["p0", "p1", "p2"], None, seed=1)
    script = [
        ("p0", "garages basic"),
        ("p1", "garages basic"),
        ("p2", "garages basic"),
        ("p0", "arrange speech vouchers books shifts"),
        ("p1", "arrange speech vouchers books shifts"),
        ("p2", "arrange speech vouchers books shifts"),
        ("p2", "cert 4"),
        ("p0", "cert 3"),
        ("p1", "cert 2"),
        ("p2", "pick autopilot"),
        ("p2", "pick city-autopilot"),
        ("p0", "pick body"),
        ("p0", "pick truck-battery"),
        ("p1", "pick body"),
        ("p1", "pick concept-autopilot"),
        ("p2", "place rd 1"),
        ("p0", "place assembly 1"),
        ("p1", "place logistics 1"),
    ]
    for seat, text in script:
        if seat not in engine.to_act(s):
            raise AssertionError(f"{seat} is not to act before {text!r}: {engine.to_act(s)}")
        s = engine.apply(s, seat, engine.parse(s, text)).state
    assert engine.to_act(s) == ["p2"]
    assert s.board.upgrade_spaces["city"] == ["", "", "", "", "", ""]
    legal = {engine.notation(s, a) for a in engine.legal_actions(s, "p2")}
    assert {f"upgrade city-autopilot {k} part" for k in range(1, 7)} <= legal
    out = engine.apply(s, "p2", engine.parse(s, "upgrade city-autopilot 2 part"))
    assert out.state.board.upgrade_spaces["city"] == ["", "autopilot", "", "", "", ""]
