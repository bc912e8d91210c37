"""Kanban EV rule tests: Assembly, Logistics, Design, Administration, recycling."""

import pytest

from engines import IllegalAction
from engines.kanban_ev import rules as R

from .helpers import act, fresh, notations, working

# ----- Assembly ---------------------------------------------------------------------


def asm_state():
    s = fresh(3)
    working(s, 0, "assembly", 2)
    return s


def test_full_lines_are_cleared_on_arrival():
    s = fresh(3)
    s.board.assembly_lines["suv"] = ["autopilot", "battery", "body", "drivetrain", "electronics", "motor"]
    s.board.assembly_lines["city"] = ["motor"]
    sup = dict(s.board.part_supply)
    working(s, 0, "assembly", 1)
    assert s.board.assembly_lines["suv"] == [] and s.board.assembly_lines["city"] == ["motor"]
    assert all(s.board.part_supply[pt] == sup[pt] + 1 for pt in sup)


def test_upgraded_parts_first_unless_assembly_charger():
    s = asm_state()
    p = s.player_boards[0]
    p.parts = ["battery", "motor"]
    p.vouchers = 0
    s.board.upgrade_spaces["city"][0] = "battery"
    prov = [n for n in notations(s, 0) if n.startswith("provide city")]
    assert prov == ["provide city battery part"]
    p.chargers = ["assembly"]
    prov = [n for n in notations(s, 0) if n.startswith("provide city")]
    assert prov == ["provide city battery part", "provide city motor part"]
    # no second part of a type already behind that model
    p.chargers = []
    s.board.assembly_lines["city"] = ["battery"]
    prov = [n for n in notations(s, 0) if n.startswith("provide city")]
    assert prov == ["provide city motor part"]


def test_conveyor_fork_is_the_players_choice():
    s = asm_state()
    s.player_boards[0].parts = ["motor"]
    conv = s.board.conveyor
    # setup: one car of each model on its entry node and its row-2 node
    assert conv["11"] == "concept" and conv["21"] == "concept" and conv["22"] == "suv"
    left = s.board.car_supply["concept"]
    s = act(s, 0, "provide concept motor part")
    # concept 11 -> 21 pushes concept 21 -> 22 pushes the SUV at 22: fork 23 or 31
    assert notations(s, 0) == ["route 23", "route 31"]
    s = act(s, 0, "route 31")
    conv = s.board.conveyor
    assert conv["31"] == "suv" and conv["22"] == "concept" and conv["21"] == "concept"
    assert conv["11"] == "concept" and s.board.car_supply["concept"] == left - 1
    assert s.board.assembly_lines["concept"] == ["motor"]


def test_car_leaving_the_belt_scores_exit_demand_and_joins_test_track():
    s = asm_state()
    p = s.player_boards[0]
    p.parts = ["motor"]
    p.speech_tokens = 1
    s.board.conveyor["32"] = "truck"
    s.board.demand_tiles = ["truck", "city"]
    s.board.demand_tokens = [1, 3]
    s.board.demand_stack = ["suv", "sports", "concept"]
    s.board.behind_pace_car = ["city", "", "", ""]
    pp = p.pp
    generic = s.board.generic_supply
    # city 13 -> 23 pushes the city at 23 -> 32 pushes the truck at 32 off the belt (2 PP)
    s = act(s, 0, "provide city motor part")
    p = s.player_boards[0]
    assert p.pp == pp + 2
    assert p.speech_tokens == 2  # demand token, swapped for an own token
    assert s.board.behind_pace_car == ["city", "truck", "", ""]
    # the truck tile ran out: a new tile with its tokens, the old one back in the stack
    assert s.board.demand_tiles[0] in ("suv", "sports", "concept")
    new = s.board.demand_tiles[0]
    assert s.board.demand_tokens[0] == {"suv": 3, "sports": 1, "concept": 1}[new]
    assert sorted(s.board.demand_stack) == sorted({"suv", "sports", "concept", "truck"} - {new})
    # generic supply: +1 (swapped token), minus the new tile's tokens
    assert s.board.generic_supply == generic + 1 - s.board.demand_tokens[0]


def test_fifth_car_on_full_test_track_sends_front_car_back():
    s = asm_state()
    s.player_boards[0].parts = ["motor"]
    s.board.conveyor["32"] = "truck"
    s.board.behind_pace_car = ["city", "suv", "sports", "concept"]
    cities = s.board.car_supply["city"]
    s = act(s, 0, "provide city motor part")
    assert s.board.behind_pace_car == ["suv", "sports", "concept", "truck"]
    # the city went back to the supply, then the line placed a new city at its entry
    assert s.board.car_supply["city"] == cities + 1 - 1


# ----- Logistics --------------------------------------------------------------------


def log_state():
    s = fresh(3)
    working(s, 0, "logistics", 2)
    s.player_boards[0].kanban_cards = ["k01", "k02"]
    s.board.kanban_deck = [k for k in s.board.kanban_deck if k not in ("k01", "k02")]
    s.board.warehouses = {pt: 0 for pt in s.board.warehouses}
    s.board.part_supply = {pt: 9 for pt in s.board.part_supply}
    return s


def test_issue_order_stocks_by_card_placement_and_banks_a_shift():
    s = log_state()
    top = s.board.kanban_deck[0]
    s = act(s, 0, "order k01 1")
    # k01 = autopilot, autopilot, drivetrain, motor | battery, body; group A (autopilot,
    # battery, motor) side gets icons 1-4: autopilot x2, motor; group B side icons 5-6: body
    assert s.board.warehouses == {
        "autopilot": 2,
        "battery": 0,
        "body": 1,
        "drivetrain": 0,
        "electronics": 0,
        "motor": 1,
    }
    assert s.player_boards[0].banked_shifts == 1
    assert s.player_boards[0].kanban_cards == ["k02", top] and s.board.kanban_deck[-1] == "k01"
    # once per turn
    assert not [n for n in notations(s, 0) if n.startswith("order")]
    with pytest.raises(IllegalAction, match="once per turn"):
        act(s, 0, "order k02 1")


def test_issue_order_other_placement_and_logistics_charger():
    s = log_state()
    s.player_boards[0].chargers = ["logistics"]
    s = act(s, 0, "order k01 4")
    # group A side gets icons 5-6 (battery, body -> battery); group B side icons 1-4 -> drivetrain
    assert s.board.warehouses == {
        "autopilot": 0,
        "battery": 1,
        "body": 0,
        "drivetrain": 1,
        "electronics": 0,
        "motor": 0,
    }
    assert s.player_boards[0].banked_shifts == 2


def test_take_parts_repeatable_one_warehouse_each_and_space_limit():
    # The aid, Logistics "take car parts": cost 1 shift, "any number of parts from any one
    # warehouse", only if a part space is free. Unlike "issue an order" and "receive parts
    # voucher" the aid gives it no "only once per turn" note (reference §8: "1 shift each time").
    s = log_state()
    s.board.warehouses["battery"] = 4
    s.board.warehouses["motor"] = 2
    s.player_boards[0].parts = ["body", "body"]  # 5 spaces: 3 free
    takes = [n for n in notations(s, 0) if n.startswith("take")]
    assert takes == ["take battery 1", "take battery 2", "take battery 3", "take motor 1", "take motor 2"]
    s = act(s, 0, "take battery 2")
    assert s.board.warehouses["battery"] == 2 and s.player_boards[0].parts.count("battery") == 2
    # lower workstation: 3 shifts, 1 spent; 1 free part space left -> take again, 1 part
    takes = [n for n in notations(s, 0) if n.startswith("take")]
    assert takes == ["take battery 1", "take motor 1"]
    s = act(s, 0, "take motor 1")
    assert s.player_boards[0].parts == ["body", "body", "battery", "battery", "motor"]
    assert s.board.turn.spent == 2
    assert not [n for n in notations(s, 0) if n.startswith("take")]  # board full


def test_parts_voucher_needs_certification_and_arrives_at_end_of_turn():
    s = log_state()
    assert "voucher" not in notations(s, 0)
    s.player_boards[0].training[2] = 3
    v = s.player_boards[0].vouchers
    s = act(s, 0, "voucher")
    assert s.player_boards[0].vouchers == v and s.player_boards[0].vouchers_pending == 1
    assert "voucher" not in notations(s, 0)  # once per turn
    s = act(s, 0, "done")
    assert s.player_boards[0].vouchers == v + 1


# ----- Design -----------------------------------------------------------------------


def des_state():
    s = fresh(3)
    working(s, 0, "design", 2)
    s.board.design_rows = [
        ["city-body", "suv-body", "truck-body", "sports-body"],
        ["city-motor", "suv-motor", "truck-motor", "sports-motor"],
    ]
    s.board.design_stacks = [["concept-body", "concept-blank"], ["concept-motor"], ["city-blank", "suv-blank"]]
    s.player_boards[0].designs = []
    return s


def test_design_column_bonuses_and_refill_at_end_of_turn():
    s = des_state()
    s = act(s, 0, "design sports-body")  # rightmost column: 1 book
    assert s.player_boards[0].books == 1
    s = act(s, 0, "design truck-motor")  # second from the right: 1 banked shift
    assert s.player_boards[0].banked_shifts == 1
    s = act(s, 0, "design city-body")  # leftmost: nothing
    assert s.player_boards[0].books == 1 and s.player_boards[0].banked_shifts == 1
    assert s.board.design_rows[0] == ["", "suv-body", "truck-body", ""]  # gaps until the end of the turn
    s = act(s, 0, "done")
    # slide right, refill from the row's stack; bottom row stack -> then central stack
    assert s.board.design_rows[0] == ["concept-blank", "concept-body", "suv-body", "truck-body"]
    assert s.board.design_rows[1] == ["concept-motor", "city-motor", "suv-motor", "sports-motor"]


def test_advanced_design_needs_certification_design_charger_book():
    s = des_state()
    assert not [n for n in notations(s, 0) if n.startswith("advanced")]
    s.player_boards[0].training[3] = 3
    assert [n for n in notations(s, 0) if n.startswith("advanced")] == [
        "advanced concept-body",
        "advanced concept-motor",
        "advanced city-blank",
    ]
    s.player_boards[0].chargers = ["design"]
    s = act(s, 0, "advanced city-blank")
    assert s.player_boards[0].books == 1 and s.board.design_stacks[2] == ["suv-blank"]


def test_design_space_limit():
    # The aid, Design: "Certification Benefit: Unlocks 6th design space on your player board",
    # so 5 design spaces before certification, 6 after.
    s = des_state()
    s.player_boards[0].designs = ["city-blank", "suv-blank", "truck-blank", "sports-blank"]
    assert "design city-body" in notations(s, 0)  # 4 held: the 5th space is free
    s.player_boards[0].designs.append("concept-blank")
    assert not [n for n in notations(s, 0) if n.startswith("design")]
    s.player_boards[0].training[3] = 3  # certified: 6th design space
    assert "design city-body" in notations(s, 0)
    s.player_boards[0].designs.append("city-motor")
    assert not [n for n in notations(s, 0) if n.startswith("design")]


# ----- Administration ----------------------------------------------------------------


def test_administration_splits_shifts_with_one_other_department():
    s = fresh(3)
    working(s, 0, "admin", 2)  # 2 shifts
    p = s.player_boards[0]
    p.designs = ["city-blank"]
    s.board.behind_pace_car = ["suv", "city", "", ""]
    ns = notations(s, 0)
    assert not [n for n in ns if n.startswith("claim")]
    assert ["also rd", "also assembly", "also logistics", "also design"] == [n for n in ns if n.startswith("also")]
    s = act(s, 0, "also rd")
    assert not [n for n in notations(s, 0) if n.startswith("also")]
    s = act(s, 0, "claim 2 city-blank 1")  # 2 shifts: all of this turn's shifts
    assert R.spendable(s) == 0
    assert "train admin book" not in notations(s, 0)
    s.player_boards[0].books = 1
    ns = notations(s, 0)
    assert "train admin book" in ns and "train rd book" in ns and "train design book" not in ns


def test_charge_once_per_turn():
    s = fresh(3)
    working(s, 0, "admin", 2)
    chargers = s.board.charger_supply
    assert chargers == 11  # 3 players
    s = act(s, 0, "charge logistics")
    assert s.player_boards[0].chargers == ["logistics"] and s.board.charger_supply == 10
    assert not [n for n in notations(s, 0) if n.startswith("charge")]
    # next turn: the charged space is no longer free
    s = fresh(3)
    s.player_boards[0].chargers = ["logistics"]
    working(s, 0, "admin", 2)
    assert [n for n in notations(s, 0) if n.startswith("charge")] == [
        "charge rd",
        "charge assembly",
        "charge design",
        "charge admin",
    ]
    s = fresh(3, speedcharger=False)
    working(s, 0, "admin", 2)
    assert not [n for n in notations(s, 0) if n.startswith("charge")]


def test_recycling_swap_keeps_recycling_parts_different():
    s = fresh(3)
    working(s, 0, "design", 1)
    s.board.recycling = ["battery", "body", "motor"]
    s.player_boards[0].parts = ["battery", "drivetrain"]
    rec = [n for n in notations(s, 0) if n.startswith("recycle")]
    assert rec == ["recycle drivetrain battery", "recycle drivetrain body", "recycle drivetrain motor"]
    s = act(s, 0, "recycle drivetrain body")
    assert sorted(s.player_boards[0].parts) == ["battery", "body"]
    assert s.board.recycling == ["battery", "drivetrain", "motor"]
    assert not [n for n in notations(s, 0) if n.startswith("recycle")]  # battery is in recycling


def test_recycling_several_swaps_but_not_a_part_just_taken_from_recycling():
    s = fresh(3)
    working(s, 0, "design", 1)
    s.board.recycling = ["battery", "body", "motor"]
    s.player_boards[0].parts = ["drivetrain", "electronics"]
    s = act(s, 0, "recycle drivetrain body")
    # the body came from recycling this turn: it cannot go back; the electronics can
    rec = [n for n in notations(s, 0) if n.startswith("recycle")]
    assert rec == ["recycle electronics battery", "recycle electronics drivetrain", "recycle electronics motor"]
    s = act(s, 0, "recycle electronics motor")
    assert sorted(s.player_boards[0].parts) == ["body", "motor"]
    assert not [n for n in notations(s, 0) if n.startswith("recycle")]


def test_voucher_gained_this_turn_not_usable_yet():
    s = fresh(3)
    working(s, 0, "rd", 2)
    s.player_boards[0].vouchers = 0
    s.player_boards[0].designs = ["city-blank", "suv-motor"]
    s.player_boards[0].garage_tiles = [1, 0, 2, 3, 4]  # garage 1 = 2 vouchers
    s.board.behind_pace_car = ["city", "", "", ""]
    s = act(s, 0, "claim 1 city-blank 1")
    assert s.player_boards[0].vouchers == 2
    assert not [n for n in notations(s, 0) if n.startswith("upgrade")]
