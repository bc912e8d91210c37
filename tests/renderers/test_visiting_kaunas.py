"""Visiting Kaunas board and hand layouts: every part present, readable, within bounds."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

import bot.i18n  # noqa: F401  (installs the catalogs the board is drawn with)
from engines.visiting_kaunas.engine import ENGINE as engine
from renderers import board_layouts, render_board, render_hand
from renderers.base import MAX_BYTES, out_of_bounds, overlapping_texts, small_texts
from renderers.visiting_kaunas import hand_layout, layout
from tests.engines.contract import ai_policy


def play(n: int, seed: int, stop) -> object:
    rnd = random.Random(seed)
    s = engine.setup([f"p{i}" for i in range(n)], None, seed)
    steps = 0
    while not engine.is_over(s) and not stop(s, steps):
        p = rnd.choice(engine.to_act(s))
        s = engine.apply(s, p, ai_policy(engine, s, p, rnd)).state
        steps += 1
    return s


@pytest.fixture(scope="module")
def states():
    return {
        "start4": engine.setup(["a", "b", "c", "d"], None, 2),
        "event3": play(3, 7, lambda s, k: s.phase == "tourists" and len(engine.to_act(s)) >= 2),
        "end2": play(2, 5, lambda s, k: False),
    }


def check(lay):
    assert lay.width <= 1600 and lay.height <= 1600
    assert small_texts(lay) == []
    assert overlapping_texts(lay) == []
    assert out_of_bounds(lay) == []
    assert all(e.tag for e in lay.elements)


@pytest.mark.parametrize("name", ["start4", "event3", "end2"])
def test_board_layout_readable(states, name):
    s = states[name]
    lay = layout(engine.view(s, None))
    check(lay)
    rows, cols = len(s.grid), len(s.grid[0])
    # every grid spot, both ships of every player, 6 event positions, every street building
    assert (
        len(
            [
                e
                for e in lay.elements
                if e.tag.count(":") == 2 and e.tag.startswith("grid:") and e.tag.split(":")[1].isdigit()
            ]
        )
        == rows * cols
    )
    for p in s.players:
        assert lay.tagged(f"ship:{p}:top") and lay.tagged(f"ship:{p}:right")
        assert lay.tagged(f"player:{p}")
        for side, letter in ((0, "a"), (1, "b")):
            for i in range(len(s.pl[p].street[side])):
                assert lay.tagged(f"street:{p}:{letter}{i + 1}")
    for pos in ("up1", "up2", "up3", "down1", "down2", "down3"):
        assert lay.tagged(f"event:{pos}")
    assert lay.tagged("status")


def test_face_up_cards_readable_face_down_as_backs():
    s = engine.setup(["a", "b"], None, 3).model_copy(deep=True)
    s.up[0] = ["e43"]  # level 3, night club leaving, evening
    lay = layout(engine.view(s, None))
    texts = {t.tag: t.text for t in lay.texts()}
    assert texts["event:up1:target"] == "Night club: out"
    assert texts["event:up1:evening:label"] == "eve"
    assert texts["event:up1:morning:label"] == "-"
    # a face-down card shows only its back: position and level, never its id or target
    down_texts = [t.text for t in lay.texts() if t.tag.startswith("event:down1")]
    assert down_texts == ["down1 · level 1"]
    assert not any(s.down[0] in t.text for t in lay.texts())


def test_simultaneous_step_says_whom_it_waits_for(states):
    s = states["event3"]
    who = engine.to_act(s)
    assert len(who) >= 2
    lay = layout(engine.view(s, None))
    status = next(t.text for t in lay.texts() if t.tag == "status")
    assert status.endswith("waiting for " + ", ".join(who))
    assert lay.tagged("event:firing")


def test_tourists_and_grande_per_time_zone():
    s = engine.setup(["a", "b"], None, 3).model_copy(deep=True)
    s.pl["a"].street = [["museum", "pool"], []]
    s.pl["a"].tourists = {"a2:evening": 1}
    s.pl["a"].grande = "a2:evening"
    lay = layout(engine.view(s, None))
    texts = {t.tag: t.text for t in lay.texts()}
    # pool evening: 1 tourist + Grande of capacity 2, $2
    assert texts["street:a:a2:evening"] == "eve 2/2 $2 G"
    # "mor", not "morn": at phone size the street card's "morn" read as "mom" (seen on a
    # board posted in a SimCord game)
    assert texts["street:a:a2:morning"] == "mor 0/2 $2"
    assert len(lay.tagged("street:a:a2:evening:meeple")) == 2
    assert "Grande: A2 eve" in texts["player:a:head"]


def test_dice_shown_with_their_use():
    s = engine.setup(["a", "b"], None, 3).model_copy(deep=True)
    from engines.visiting_kaunas.state import Die

    s.phase = "resolve"
    s.dice = [Die(v=5, use="action"), Die(v=3, use="event", card="down2", zone="evening"), Die(v=1)]
    lay = layout(engine.view(s, None))
    texts = {t.tag: t.text for t in lay.texts()}
    assert (texts["dice:1:value"], texts["dice:1:use"]) == ("5", "row building")
    assert texts["dice:2:use"] == "on down2 evening"
    assert texts["dice:3:use"] == "unassigned"


def test_pngs_small_enough(states):
    for s in states.values():
        for png in render_board("visiting-kaunas", engine.view(s, None)):
            assert len(png) < MAX_BYTES
            img = Image.open(io.BytesIO(png))
            assert max(img.size) <= 1600


def test_hand_layout_shows_drawn_upgrades_only_to_their_owner():
    s = engine.setup(["a", "b"], None, 3).model_copy(deep=True)
    s.active = 0
    s.phase = "choose"
    s.drawn = ["u04", "u19"]
    lay = hand_layout(engine.view(s, "a"))
    check(lay)
    texts = {t.tag: t.text for t in lay.texts()}
    assert texts["hand:u04:id"] == "u04" and texts["hand:u04:effect"] == "+1 capacity"
    assert texts["hand:u19:effect"] == "+1 capacity and +$1 price"
    other = hand_layout(engine.view(s, "b"))
    check(other)
    assert not other.tagged("hand:u04")
    assert render_hand("visiting-kaunas", engine.view(s, "a"))


def test_offers_step_names_the_building_and_price():
    from tests.engines.visiting_kaunas.helpers import act, at_assign, new
    from tests.engines.visiting_kaunas.test_buy import board

    s = board(new())
    s.down = ["e01", "e02", "e03"]
    s = at_assign(s, [5, 1, 1])
    for t in ("use 5", "use 1", "event 1 down1 morning", "row 2", "build a"):
        s = act(s, "ann", t)
    lay = layout(engine.view(s, None))
    status = next(t.text for t in lay.texts() if t.tag == "status")
    # bob's column ship on column 4 x row 2 = theatre, for 2 x level 1 = 2 coins
    assert status == "May buy at their ship: bob Theatre for 2 · waiting for bob"


@pytest.mark.parametrize("name", ["start4", "event3", "end2"])
def test_numbers_come_with_their_noun_counted(states, name):
    # the header read "move up to 3 tourist(s)" on a board posted in a SimCord game
    texts = [t.text for t in layout(engine.view(states[name], None)).texts()]
    assert not [t for t in texts if "(s)" in t]
    if name == "event3":
        n = states[name].move_n  # the event's die: 1 -> "1 tourist", else "n tourists"
        word = "1 tourist" if n == 1 else f"{n} tourists"
        assert any(f"move up to {word}" in t for t in texts), texts[:3]


def test_building_names_are_never_cut():
    """street cards and grid cells are as wide as their names need ("Watches
    store", "Souvenir shop" with "+2up" were drawn "Watches st…"). Seeded AI games at 2-4
    players, the board every 10 steps: no grid or street name ends with an ellipsis."""

    for n in (2, 3, 4):
        players = [f"p{i}" for i in range(n)]
        state = engine.setup(players, None, 40 + n)
        r = random.Random(n)
        step = 0
        while not engine.is_over(state) and step < 400:
            if step % 10 == 0:
                lay = layout(engine.view(state, None))
                names = [t for t in lay.texts() if t.tag.endswith(":name")]
                assert names and not [t.text for t in names if t.text.endswith("…")]
                assert not out_of_bounds(lay) and not overlapping_texts(lay)
            p = engine.to_act(state)[0]
            state = engine.apply(state, p, engine.ai.choose(state, p, r)).state
            step += 1


@pytest.mark.parametrize(
    "why, en, nl",
    [
        ("voted_out", "p1 (91 coins, voted out)", "p1 (91 munten, weggestemd)"),
        ("timed_out", "p1 (91 coins, timed out)", "p1 (91 munten, tijd om)"),
        (None, "p1 (91 coins, resigned)", "p1 (91 munten, opgegeven)"),  # a view with no reason
    ],
)
def test_the_final_ranking_says_why_the_ai_played_a_seat(states, why, en, nl):
    view = {**engine.view(states["end2"], None), "ranking": [["p0"], ["p1"]], "resigned": ["p1"]}
    if why:
        view["handover"] = {"p1": why}
    for lang, last in (("en", en), ("nl", nl)):
        status = next(t.text for t in board_layouts("visiting-kaunas", view, lang)[0].texts() if t.tag == "status")
        assert status.endswith(", " + last), status
