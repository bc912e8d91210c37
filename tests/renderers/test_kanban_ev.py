"""The Kanban EV images (renderers/kanban_ev): for real mid-game states at 2, 3 and 4 players
the factory and player-board layouts have every element of the board (found by tag), the
hand layout shows each goal and order card; no overlapping or small text, nothing out of
bounds; the PNGs stay within Discord-friendly limits. Assertions are on the layout model."""

from __future__ import annotations

import io
from functools import cache

import pytest
from PIL import Image

import bot.i18n  # noqa: F401  (installs the catalogs)
from engines.base import rng
from engines.registry import get
from renderers import board_layouts, render_board, render_hand
from renderers.base import MAX_BYTES, MAX_SIDE, MIN_TEXT, Text, out_of_bounds, overlapping_texts, small_texts
from renderers.kanban_ev import hand_layout, layouts

ENGINE = get("kanban-ev")
NAMES = ["Alexandra", "Bob", "Chiara Rossi-Bianchi", "dave_the_builder"]
DEPTS = ["rd", "assembly", "logistics", "design", "admin"]


@cache
def _history(n: int, seed: int) -> tuple:
    """Every state of one seeded AI game (the engine's own AI plays all seats)."""

    state = ENGINE.setup(NAMES[:n], None, seed)
    out = [state]
    k = 0
    while not ENGINE.is_over(state):
        p = ENGINE.to_act(state)[0]
        state = ENGINE.apply(state, p, ENGINE.ai.choose(state, p, rng(seed, "render", k))).state
        out.append(state)
        k += 1
    return tuple(out)


def mid_game(n: int, phase: str = "work"):
    """A state in the middle of a seeded game, in ``phase`` (work or meeting)."""

    hist = _history(n, 20 + n)
    cands = [s for s in hist[len(hist) // 3 :] if s.phase == phase and s.board.week >= 1]
    assert cands, f"no {phase} state"
    return cands[len(cands) // 2]


def _has(lay, prefix: str) -> bool:
    return bool(lay.tagged(prefix))


FACTORY_TAGS = [
    "status",
    "legend",
    "cycle-track",
    "cycle-track:marker",
    "week-track",
    "week-track:marker",
    "meeting-marker",
    "final-goal",
    "meeting-room",
    "meeting-room:goal",
    "test-track",
    "test-track:pace-car",
    "test-track:striped",
    "test-track:queue",
    "upgrade-values",
    "upgrade-spaces",
    "factory-goals:grey",
    "factory-goals:beige",
    "factory-goals:cert",
    "assembly-lines",
    "conveyor",
    "conveyor:node:11",
    "conveyor:node:32",
    "conveyor:exit:x32",
    "demand",
    "cars-left",
    "warehouses",
    "supply",
    "recycling",
    "kanban-deck",
    "design-rows",
    "design-stacks",
    "certification-track",
    "certification-track:marker",
    "chargers",
    "sandra-desk",
] + [
    f"department:{d}{x}"
    for d in DEPTS
    for x in ("", ":workstation:1", ":workstation:2", ":training", ":training:disc", ":awards")
]

PLAYER_PARTS = [
    "head",
    "pp",
    "garages",
    "designs",
    "upgraded",
    "tested",
    "parts",
    "books",
    "vouchers",
    "banked",
    "speech",
    "padlocks",
    "charging",
    "hand",
]


def _clean(lay) -> None:
    assert all(e.tag for e in lay.elements)  # every element says what it shows
    assert small_texts(lay, MIN_TEXT) == []
    assert overlapping_texts(lay) == [], [(a.text, a.tag, b.text, b.tag) for a, b in overlapping_texts(lay)][:5]
    assert out_of_bounds(lay) == [], [e.tag for e in out_of_bounds(lay)][:5]
    assert max(lay.width, lay.height) <= MAX_SIDE


@pytest.mark.parametrize("n", [2, 3, 4])
def test_factory_has_every_element(n):
    state = mid_game(n)
    view = ENGINE.view(state, None)
    factory, boards = layouts(view)
    for tag in FACTORY_TAGS:
        assert _has(factory, tag), tag
    # every player's meeple stands on its workstation; Sandra somewhere (workstation or desk)
    meeples = [e for e in factory.elements if e.tag.endswith(":meeple") and isinstance(e, Text)]
    assert sorted(int(t.text) for t in meeples if t.text.isdigit()) == list(range(1, n + 1))
    assert [e for e in factory.elements if e.tag.endswith(":sandra")]
    # one disc per player on each of the 5 training tracks; one certification marker each
    discs = [e for e in factory.elements if e.tag.endswith(":training:disc") and isinstance(e, Text)]
    assert len(discs) == 5 * n
    markers = [e for e in factory.elements if e.tag == "certification-track:marker" and isinstance(e, Text)]
    assert len(markers) == n
    # the five departments top to bottom in board order
    tops = [factory.tagged(f"department:{d}")[0].y for d in DEPTS]
    assert tops == sorted(tops)
    _clean(factory)
    for seat in NAMES[:n]:
        for part in PLAYER_PARTS:
            assert _has(boards, f"player:{seat}:{part}"), (seat, part)
    _clean(boards)


def test_board_numbers_follow_the_view():
    """The drawn numbers are the view's: the pace car on its space, PP per player, the
    warehouses' stock and the queue behind the pace car."""

    state = mid_game(3)
    view = ENGINE.view(state, None)
    factory, boards = layouts(view)
    spaces = factory.tagged("test-track:space") + factory.tagged("test-track:striped")
    cells = sorted((e for e in spaces if e.kind == "rect"), key=lambda e: e.x)
    assert len(cells) == 8  # the test track's 8 spaces
    pace = [e for e in factory.tagged("test-track:pace-car") if e.kind == "rect"][0]
    assert cells[view["pace"]].x < pace.x < cells[view["pace"]].x + cells[view["pace"]].w
    for i, seat in enumerate(NAMES[:3]):
        pp = [t.text for t in boards.tagged(f"player:{seat}:pp") if isinstance(t, Text)]
        assert pp == [f"{view['seats'][i]['pp']} PP"]
    for part, short in (("autopilot", "auto"), ("body", "body"), ("motor", "motor")):
        texts = [t.text for t in factory.tagged(f"warehouses:{part}") if isinstance(t, Text)]
        assert texts == [short, str(view["wh"][part])]


def test_meeting_room_shows_played_goals_and_speech_tokens():
    state = mid_game(4, "meeting")
    view = ENGINE.view(state, None)
    factory, _ = layouts(view)
    ms = view["meeting_state"]
    for g in view["room"] + [x for x in ms["played"] if x]:
        assert _has(factory, f"meeting-room:goal:{g}"), g
    for g in [x for x in ms["played"] if x]:
        assert _has(factory, f"meeting-room:played:{g}")
    spoken = sum(len(v) for v in ms["spoken"].values())
    tokens = [e for e in factory.tagged("meeting-room:speech") if isinstance(e, Text)]
    assert len(tokens) == spoken
    _clean(factory)
    # the player to act is told what the meeting asks of them in their hand image
    seat = view["to_act"][0]
    hand = hand_layout(ENGINE.view(state, seat))
    # (the hint wraps onto more lines on the 600 px hand image: compare the joined sentence)
    hint = " ".join(t.text for t in hand.tagged("hand:hint") if isinstance(t, Text))
    played = ms["played"][NAMES.index(seat)]
    assert hint == (
        f"You played {played} this meeting; speak on a goal or pass."
        if played
        else "Meeting: play exactly one of these goals (play <goal>), then speak or pass."
    )
    _clean(hand)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_hand_shows_goals_and_order_cards(n):
    state = mid_game(n)
    seat = NAMES[n - 1]
    view = ENGINE.view(state, seat)
    lay = hand_layout(view)
    you = view["you"]
    assert you["goals"] and you["kanban"]
    for g in you["goals"]:
        assert _has(lay, f"hand:goal:{g}")
    for card in you["kanban"]:
        for split in (1, 2, 3, 4):
            assert _has(lay, f"hand:kanban:{card}:split:{split}")
    _clean(lay)
    # a spectator's board never names a card of this hand
    public = " ".join(t.text for lay2 in layouts(ENGINE.view(state, None)) for t in lay2.texts())
    for card in you["kanban"]:
        assert card not in public


def test_hand_texts_worked_out_by_hand():
    """Order k01 = auto, auto, drive, motor, batt, body. Placement 1 puts icons 1-4 on the
    group-A side (auto, batt, motor) and 5-6 on the group-B side: auto, auto, motor stock
    (A on A), drive does not (B on A), batt does not (A on B), body does (B on B).
    Placement 4 puts only icons 5-6 on the A side: batt stocks, body does not; icons 1-4 on
    the B side: only drive stocks. Goal g04 is 4 PP per city car with 2 icons: with 2 city
    cars and no token on it, the top icon (x2) scores 4 x min(2, 2) = 8 PP."""

    state = mid_game(3).model_copy(deep=True)
    state.board.part_supply = {p: 5 for p in state.board.part_supply}
    state.board.current_meeting = None
    seat = state.player_boards[0]
    seat.kanban_cards, seat.goals = ["k01"], ["g04"]
    seat.garages = ["city", "", "city", "", ""]
    seat.chargers = []
    view = ENGINE.view(state, NAMES[0])
    assert view["you"]["counts"] == {"g04": 2}  # 2 city cars in the garages
    lay = hand_layout(view)
    texts = {t.tag: t.text for t in lay.texts()}
    assert texts["hand:kanban:k01:split:1"] == "order k01 1: stocks auto, auto, motor, body"
    assert texts["hand:kanban:k01:split:4"] == "order k01 4: stocks drive, batt"
    goal = [t.text for t in lay.tagged("hand:goal:g04") if isinstance(t, Text)]
    assert "g04: 4 PP per City Car in your garages" in goal
    assert "Played and spoken on now (top free icon x2): 8 PP." in goal


@pytest.mark.parametrize("n", [2, 4])
def test_pngs_are_small_enough(n):
    state = mid_game(n)
    images = render_board("kanban-ev", ENGINE.view(state, None))
    assert len(images) == 2
    for png in images + [render_hand("kanban-ev", ENGINE.view(state, NAMES[0]))]:
        assert len(png) < MAX_BYTES
        im = Image.open(io.BytesIO(png))
        assert max(im.size) <= MAX_SIDE


def test_start_and_end_of_game_render_cleanly():
    hist = _history(3, 23)
    for state in (hist[0], hist[len(hist) // 5], hist[-1]):
        for lay in layouts(ENGINE.view(state, None)):
            _clean(lay)
        _clean(hand_layout(ENGINE.view(state, NAMES[1])))
    # at the end each player's strip shows their final scoring, total = their PP
    view = ENGINE.view(hist[-1], None)
    _, boards = layouts(view)
    for i, seat in enumerate(NAMES[:3]):
        line = [t.text for t in boards.tagged(f"player:{seat}:final") if isinstance(t, Text)]
        assert len(line) == 1 and line[0].startswith("Final scoring: final goal ")
        assert line[0].endswith(f"; total {view['seats'][i]['pp']} PP")


#: the basic garage tiles' benefits as the player boards draw them (speech token, 2 vouchers,
#: 2 books, 2 shifts, one of each) and the certification track's section 3 (4 PP, 2 shifts,
#: 2 books, 2 vouchers, short words): English, and bot/locale/<lang>/boardhost.po
GARAGE_WORDS = {
    "en": {"speech", "2 vchr", "2 books", "2 shifts", "1 of each"},
    "cs": {"proslov", "2 pouk.", "2 knihy", "2 směny", "1 od každého"},
    "nl": {"speech", "2 vchr", "2 boeken", "2 diensten", "1 van elk"},
    "lt": {"kalba", "2 kup.", "2 knygos", "2 pamainos", "po 1"},
}
CERT_SECTION_3 = {
    "en": ["4PP", "2×shift", "2×book", "2×vchr"],
    "cs": ["4PP", "2×sm.", "2×kn.", "2×pouk."],
    "nl": ["4PP", "2×dnst", "2×boek", "2×vchr"],
    "lt": ["4PP", "2×pam.", "2×kn.", "2×kup."],
}


@pytest.mark.parametrize("lang", sorted(GARAGE_WORDS))
def test_counted_benefits_read_as_plurals_in_the_tables_language(lang):
    """Two books on a garage tile read "2 books" (Czech "2 knihy", Lithuanian "2 knygos"),
    not the singular after the number ("2 book", "2 kniha"); the certification track's short
    words take the count as "2×", whole (not shortened with "…")."""

    state = mid_game(2)
    view = ENGINE.view(state, None)
    texts = [t for lay in board_layouts("kanban-ev", view, lang) for t in lay.texts()]
    assert [s["gset"] for s in view["seats"]] == ["basic", "basic"]
    for seat in NAMES[:2]:
        drawn = {t.text for t in texts if t.tag.startswith(f"player:{seat}:garages:") and t.text[1:3] == ": "}
        assert {d.split(": ", 1)[1] for d in drawn} == GARAGE_WORDS[lang], drawn
    cert = [next(t.text for t in texts if t.tag == f"certification-track:3:{k}") for k in range(1, 5)]
    assert cert == CERT_SECTION_3[lang]
