"""Kanban EV: what players read in the channel (status line, public event texts).

Expected sentences are written by hand from the aid's numbers in each comment."""

from engines.kanban_ev import rules as R
from engines.kanban_ev.engine import ENGINE as engine
from engines.kanban_ev.state import Meeting

from .helpers import act, fresh, put, working


def texts(s, seat, move):
    out = engine.apply(s, s.players[seat], engine.parse(s, move))
    return out.state, [e.text for e in out.events if e.visible_to is None]


def test_status_shows_department_and_shifts_spent_and_left():
    s = fresh(3)
    working(s, 0, "rd", 2)
    s.player_boards[0].banked_shifts = 2
    # lower R&D workstation 3 shifts + 2 banked = 5, but at most 4 per turn
    assert engine.status(s) == (
        "Day 3, week 0, cycle 0, work phase: p0 works in R&D; 0 shifts spent, "
        "4 left this turn (workstation 3, banked 2, at most 4)."
    )
    s, ev = texts(s, 0, "train rd shift")
    assert ev == ["p0 trains in R&D with a shift: 1 of 5 steps up the track (1 shift spent, 3 left this turn)."]
    assert "1 shift spent, 3 left this turn" in engine.status(s)


def _sandra_in_rd(banked: int) -> list:
    """The events of Mean Sandra evaluating R&D in a 3-player game where p0 has the least
    training there (0, as p1; p2 has 1), 1 upgraded design and ``banked`` banked shifts, and p1
    3 upgraded designs (every seat 15 PP)."""

    s = fresh(3)
    for p in s.player_boards:
        put(p, pp=15, training=[0] * 5, banked_shifts=0)
    put(s.player_boards[0], upgraded=["city-body"], banked_shifts=banked)
    put(s.player_boards[1], upgraded=["suv-body", "truck-body", "city-motor"])
    s.player_boards[2].training[0] = 1
    ev = []
    R.evaluate(s, "rd", ev)
    return ev


def test_mean_sandra_event_names_who_what_and_the_penalty():
    ev = _sandra_in_rd(2)
    # p0: least training (0), 1 upgraded design <= 2, 2 banked: 1 + (5 - 2) = 4 PP; p1 has 3: safe
    assert [e.text for e in ev] == [
        "Mean Sandra evaluates R&D (least training there: 0; 2 or fewer upgraded designs): "
        "p0 has 1 upgraded design and 2 banked shifts: loses 1 + 3 = 4 PP; "
        "p1 has 3 upgraded designs: no penalty."
    ]


def test_gained_banked_shifts_are_the_object_and_sandras_the_subject_in_czech_and_lithuanian():
    import bot.i18n  # noqa: F401  (installs the catalogs)

    s = fresh(2)
    put(s.player_boards[0], banked_shifts=0, books=0)
    ev = []
    R.gain(s, 0, {"shift": 1, "book": 1}, ev, "garage tile")
    R.gain(s, 0, {"shift": 2}, ev, "garage tile")
    assert [e.text for e in ev] == [
        "p0 gains 1 banked shift and 1 book (garage tile).",
        "p0 gains 2 banked shifts (garage tile).",
    ]
    # what is gained is the object: Czech accusative "uloženou směnu", Lithuanian "sukauptą pamainą"
    assert [e.text.render("cs") for e in ev] == [
        "p0 získává 1 uloženou směnu a 1 knihu (destička garáže).",
        "p0 získává 2 uložené směny (destička garáže).",
    ]
    assert [e.text.render("lt") for e in ev] == [
        "p0 gauna 1 sukauptą pamainą ir 1 knygą (garažo plytelė).",
        "p0 gauna 2 sukauptas pamainas (garažo plytelė).",
    ]
    # Sandra's line has the banked shifts as a subject: nominative "uložená směna", "sukaupta pamaina"
    ev = _sandra_in_rd(1)
    assert " a 1 uložená směna: ztrácí 1 + 4 = 5 PP" in ev[0].text.render("cs")
    assert " ir 1 sukaupta pamaina: praranda 1 + 4 = 5 PP" in ev[0].text.render("lt")


def test_nice_sandra_event():
    s = fresh(2, sandra="nice")
    put(s.player_boards[0], pp=0, training=[0, 2, 0, 0, 0], garages=["city", "suv", "", "", ""], banked_shifts=8)
    put(s.player_boards[1], pp=0, training=[0, 1, 0, 0, 0], banked_shifts=9)
    ev = []
    R.evaluate(s, "assembly", ev)
    # most training: p0 only; 2 cars >= 2; 8 banked: 8 - 5 = 3 PP
    assert ev[0].text == (
        "Nice Sandra evaluates Assembly (most training there: 2; 2 or more cars in their garages): "
        "p0 has 2 cars in their garages and 8 banked shifts: gains 3 PP."
    )
    assert s.player_boards[0].pp == 3


def test_meeting_speech_event_shows_goal_icon_count_and_score():
    s = fresh(3)
    s.phase = "meeting"
    s.board.order = [0, 1, 2]
    s.board.turn_index = 0
    s.board.meeting_room = ["g05", "g01", "g02", "g14"]
    s.board.current_meeting = Meeting(played=["", "", ""], spoken={"g05": [1]}, passes=0, played_now=False)
    put(s.player_boards[0], garages=["concept", "concept", "concept", "", ""], speech_tokens=2)
    s, ev = texts(s, 0, "speak g05")
    # g05: 4 PP per Concept Car, icons x2 then x1; p1 took icon 2, so p0 gets icon 1:
    # 4 x min(1, 3) = 4 PP; 1 of 2 speech tokens left
    assert ev == [
        "p0 speaks on g05 (4 PP per Concept Car in your garages, x2): speech icon 1, has 3, "
        "scores 4 x 1 = 4 PP (1 speech token left)."
    ]


def test_done_event_says_shifts_spent_and_banked():
    # upper Administration workstation: 1 shift, left unused; an empty bank
    s = fresh(3)
    working(s, 0, "admin", 1)
    s.player_boards[0].banked_shifts = 0
    s, ev = texts(s, 0, "done")
    assert ev[0] == (
        "p0 ends their turn: 0 shifts spent, 1 workstation shift left unused; nothing banked this turn "
        "(0 banked shifts now)."
    )
    # lower Logistics workstation: 3 shifts, 2 banked. Train twice and issue an order (the
    # 3 workstation shifts; the order banks 1: 2 -> 3, usable only from the end of the
    # turn), then take the 2 autopilots it stocked: that 4th shift (the turn's cap) comes
    # from the bank (3 -> 2)
    s = fresh(3)
    working(s, 0, "logistics", 2)
    put(s.player_boards[0], banked_shifts=2, kanban_cards=["k01", "k02"], parts=[])
    s.board.part_supply = {pt: 9 for pt in s.board.part_supply}
    s.board.warehouses = {pt: 0 for pt in s.board.warehouses}
    for _ in range(2):
        s, _ev = texts(s, 0, "train logistics shift")
    s, _ev = texts(s, 0, "order k01 1")
    s, _ev = texts(s, 0, "take autopilot 2")
    assert s.player_boards[0].parts == ["autopilot", "autopilot"]
    s, ev = texts(s, 0, "done")
    assert ev[0] == (
        "p0 ends their turn: 4 shifts spent (3 from the workstation, 1 from the shift bank); "
        "1 shift banked this turn (2 banked shifts now)."
    )


def test_training_upgrade_and_double_upgrade_events():
    """Lower R&D workstation (3 shifts), no banked shift, 1 book, certified in R&D (disc on
    space 3) so the double upgrade is open; the body value marker starts at 2."""

    s = fresh(3)
    working(s, 0, "rd", 2)
    put(
        s.player_boards[0],
        banked_shifts=0,
        books=1,
        designs=["city-body", "suv-body"],
        parts=["body", "body"],
        pp=10,
        garages=["city", "", "", "", ""],
    )
    s.player_boards[0].training[0] = 3
    s, ev = texts(s, 0, "train rd book")  # a book: no shift spent
    assert ev == ["p0 trains in R&D with a book: 4 of 5 steps up the track (0 shifts spent, 3 left this turn)."]
    # City space 1 gives 1 banked shift; value 2 -> 3; +2 PP: 10 -> 12; p0 owns a City Car: tested
    s, ev = texts(s, 0, "upgrade city-body 1 part")
    assert ev == [
        "p0 upgrades city-body on City Car upgrade space 1 with a part from their board: +2 PP "
        "(1 shift spent, 2 left this turn).",
        "p0 gains 1 banked shift (upgrade space).",
        "The body value marker goes from 2 to 3.",
        "city-body is a tested design (p0 owns a City Car).",
    ]
    assert s.player_boards[0].pp == 12
    # SUV space 4 gives 3 PP; double: value 3 -> 5, flipped, 5 PP; +2 PP: 12 + 2 + 3 + 5 = 22
    s, ev = texts(s, 0, "upgrade suv-body 4 part double")
    assert ev[:3] == [
        "p0 upgrades suv-body on SUV upgrade space 4 with a part from their board: +2 PP "
        "(2 shifts spent, 1 left this turn).",
        "p0 gains 3 PP (upgrade space).",
        "Double upgrade: the body value marker goes from 3 to 5 and is flipped; p0 gains 5 PP.",
    ]
    assert s.player_boards[0].pp == 22
    # 2 of the 3 workstation shifts spent; the upgrade space's banked shift: 0 -> 1
    s, ev = texts(s, 0, "done")
    assert ev[0] == (
        "p0 ends their turn: 2 shifts spent (from the workstation), 1 workstation shift left unused; "
        "1 shift banked this turn (1 banked shift now)."
    )


def test_describe_tells_what_a_move_gives():
    s = fresh(3)
    working(s, 0, "logistics", 2)
    s.player_boards[0].kanban_cards = ["k01", "k02"]
    order = [a for a in engine.legal_actions(s, "p0") if a.type == "order" and a.card == "k01" and a.split == 1][0]
    # k01 = autopilot, autopilot, drivetrain, motor | battery, body; placement 1 puts icons 1-4
    # on the autopilot/battery/motor side: autopilot x2, motor; icons 5-6 on the other: body
    assert (
        engine.describe(s, order) == "Issue Kanban order k01 in placement 1: stocks autopilot, autopilot, motor, body."
    )
    s = fresh(3)
    working(s, 0, "rd", 2)
    put(s.player_boards[0], designs=["city-body"], parts=["body"], vouchers=0)
    ups = [engine.describe(s, a) for a in engine.legal_actions(s, "p0") if a.type == "upgrade"]
    # City upgrade spaces: 1 banked shift (x3), 4 PP, 3 PP, 1 book; every free space is offered
    assert ups == [
        "Upgrade city-body on space 1 (gain 1 banked shift) with a part from your board, +2 PP.",
        "Upgrade city-body on space 2 (gain 1 banked shift) with a part from your board, +2 PP.",
        "Upgrade city-body on space 3 (gain 1 banked shift) with a part from your board, +2 PP.",
        "Upgrade city-body on space 4 (gain 4 PP) with a part from your board, +2 PP.",
        "Upgrade city-body on space 5 (gain 3 PP) with a part from your board, +2 PP.",
        "Upgrade city-body on space 6 (gain 1 book) with a part from your board, +2 PP.",
    ]


def reason(s, seat, move):
    try:
        engine.apply(s, s.players[seat], engine.parse(s, move))
    except Exception as e:  # IllegalAction
        return str(e)
    raise AssertionError(f"{move} was accepted")


def test_illegal_moves_say_why():
    s = fresh(3)
    working(s, 0, "logistics", 1)  # upper: 2 shifts
    put(s.player_boards[0], parts=["motor"], books=0, kanban_cards=["k01", "k02"])
    assert reason(s, 0, "claim 1 city-body 1") == "Claiming a car belongs to R&D; you work in Logistics this turn."
    assert reason(s, 0, "train rd shift") == "You can train only where you work this turn (Logistics)."
    assert reason(s, 0, "voucher") == "Receiving a parts voucher needs Logistics certification."
    assert reason(s, 0, "order k03 1") == "Kanban order k03 is not in your hand."
    s = act(s, 0, "order k01 1")
    assert reason(s, 0, "order k02 1") == "You may do that only once per turn."
    s = act(s, 0, "train logistics shift")
    # 2 shifts from the workstation spent; the banked shift from the order counts from the end of the turn
    assert reason(s, 0, "train logistics shift").startswith("You have no shifts left this turn")
    s = fresh(3)
    working(s, 0, "admin", 1)
    assert reason(s, 0, "provide city motor part") == (
        "Providing a part belongs to Assembly; you work in Administration this turn (add it with `also assembly`)."
    )


def test_illegal_placements_say_why():
    s = fresh(2)
    s.phase = "select"
    put(s.board, day=4, order=[0, 1, -1], turn_index=0, sandra=6)  # Sandra at Design upper
    s.board.positions = [2, 5]  # p0 worked in Assembly, p1 in Logistics (lower)
    assert reason(s, 0, "place assembly 2") == (
        "You must choose a different department from the one you just worked in (Assembly)."
    )
    assert reason(s, 0, "place design 2") == "At 2 players nobody may go to Sandra's department (Design)."
    assert reason(s, 0, "place logistics 2") == "Logistics workstation 2 is taken."
    assert reason(s, 0, "speak g01").startswith("That is not a move during department selection")


def test_every_rejected_move_has_a_specific_reason():
    import random

    from engines.base import IllegalAction

    pool = {}
    for seed in (1, 2):
        players = [f"p{k}" for k in range(2 + seed)]
        s = engine.setup(players, None, seed=seed)
        rnd = random.Random(seed)
        steps = 0
        while not engine.is_over(s) and steps < 400:
            who = rnd.choice(engine.to_act(s))
            legal = engine.legal_actions(s, who)
            for a in legal:
                pool.setdefault(engine.notation(s, a), a)
            for a in rnd.sample(list(pool.values()), min(4, len(pool))):
                if a in legal:
                    continue
                try:
                    engine.apply(s, who, a)
                except IllegalAction as e:
                    assert "not allowed now" not in str(e), (engine.status(s), engine.notation(s, a))
            s = engine.apply(s, who, rnd.choice(legal)).state
            steps += 1


def test_order_event_tells_stock_and_banked_shift():
    s = fresh(3)
    working(s, 0, "logistics", 2)
    s.player_boards[0].kanban_cards = ["k01", "k02"]
    s.board.part_supply = {pt: 9 for pt in s.board.part_supply}
    s, ev = texts(s, 0, "order k01 1")
    # k01 placement 1: autopilot x2 and motor on their side, body on the other; +1 banked shift;
    # lower Logistics workstation 3 shifts, 1 spent
    assert ev == [
        "p0 issues Kanban order k01 in placement 1: autopilot, autopilot, motor, body to the warehouses; "
        "banks 1 shift, usable from the end of the turn (1 shift spent, 2 left this turn)."
    ]


def test_each_player_is_told_their_goals_privately_when_a_meeting_begins():
    """Kanban EV, meeting (the hand is sent at every meeting): the last work turn
    ends with the meeting marker set, so the meeting starts and each player, in
    certification order (p0, p1, p2: fresh() puts seat 0 rightmost), gets a private event
    naming the goals they may play; the channel gets the meeting's public text only."""

    s = fresh(3)
    working(s, 0, "admin", 1)
    s.board.meeting_marker = True
    s.player_boards[0].goals = ["g02", "g03", "g04"]
    s.player_boards[1].goals = ["g05"]
    s.player_boards[2].goals = []
    out = engine.apply(s, "p0", engine.parse(s, "done"))
    assert out.state.phase == "meeting"
    private = [(e.type, e.visible_to, e.text) for e in out.events if e.visible_to is not None]
    assert private == [
        (
            "meeting-hand",
            ["p0"],
            "A meeting begins: on your turn play one of your performance goals (g02, g03, g04), then speak or pass.",
        ),
        (
            "meeting-hand",
            ["p1"],
            "A meeting begins: on your turn play one of your performance goals (g05), then speak or pass.",
        ),
        ("meeting-hand", ["p2"], "A meeting begins: you hold no performance goal; on your turn speak or pass."),
    ]
    public = " ".join(e.text for e in out.events if e.visible_to is None)
    assert "g02" not in public and "g05" not in public


def test_private_text_names_each_goal_and_order_card():
    """The DM line beside the hand image: g05 is 4 PP per Concept Car with 2 icons (the
    meeting test above); order card k01 shows autopilot, autopilot, drivetrain, motor,
    battery, body (tests/renderers/test_kanban_ev.py); a nominated goal is named too."""

    s = fresh(2)
    s.player_boards[0].goals = ["g05"]
    s.player_boards[0].kanban_cards = ["k01"]
    assert engine.private_text(s, "p0") == (
        "Your performance goals: g05 (4 PP per Concept Car in your garages, x2). "
        "Your Kanban order cards: k01 (autopilot, autopilot, drivetrain, motor, battery, body)."
    )
    s.player_boards[0].goals = []
    s.player_boards[0].kanban_cards = []
    s.board.nominations[0] = "g05"
    assert engine.private_text(s, "p0") == (
        "Your performance goals: none. Your Kanban order cards: none. "
        "Nominated face down for the meeting room: g05 (4 PP per Concept Car in your garages, x2)."
    )
    assert engine.private_text(s, "nobody") == ""


def test_the_garage_arrangement_names_its_tiles_in_the_readers_language():
    import bot.i18n  # noqa: F401  (installs the catalogs)

    s = engine.setup(["p0", "p1"], None, 1)
    while engine.legal_actions(s, engine.to_act(s)[0])[0].type != "arrange":  # the garage sets first
        p = engine.to_act(s)[0]
        s = engine.apply(s, p, engine.legal_actions(s, p)[0]).state
    move = engine.parse(s, "arrange speech vouchers books shifts")
    # the notation keeps the typed ids; the sentences name the tiles (they read "speech,
    # vouchers, books, shifts" in every language)
    assert (
        engine.describe(s, move).render("cs") == "Polož destičky garáží proslov, poukazy, knihy, směny do garáží 1-4."
    )
    _s, events = texts(s, 0, "arrange speech vouchers books shifts")
    assert [e.render("cs") for e in events] == ["p0 řadí garáže 1-4: proslov, poukazy, knihy, směny."]
    assert [e.render("lt") for e in events][0].startswith("p0 ")
    assert "books" not in events[0].render("lt") and "shifts" not in events[0].render("lt")
