"""Kanban EV boards in every language: no text is cut (the status line, design and car labels,
the charging board, goal cards, cars left, the final goal), each box as wide as its longest
language's text measured with the renderer's font.

The engine's status line is read whole on both images.

The factory's status panel already says the day, week and cycle in its head, so its status
line starts at the step ("Work phase: …"); when even that is wider than the panel's 1200 -
4 * 10 = 1160 px (Czech and Lithuanian with two departments and a long name), it takes a
second line and the panel grows by it. The player boards' title line has the whole status
beside "Player boards", on a second line when one is too short."""

from __future__ import annotations

import pytest

import bot.i18n  # noqa: F401  (installs the catalogs)
from renderers import board_layouts
from renderers.base import drawn_in, local, measure, out_of_bounds, overlapping_texts
from renderers.kanban_ev.common import MODEL_SHORT, MODEL_TINY, PART_SHORT
from tests.renderers.test_kanban_ev import ENGINE, _history

#: the factory's status lines: 1200 px wide less 10 px margins and the panel's 10 px insets
STATUS_W = 1160
#: the player boards' status, from 10 + 200 px (right of the title) to 20 px from the edge
TITLE_STATUS_W = 1200 - 210 - 20


def _two_departments():
    """The seeded 4-player game's last state where Chiara Rossi-Bianchi (seat 3) works in two
    departments (Administration + R&D, 3 shifts spent): the widest status of that game."""

    return [
        s
        for s in _history(4, 24)
        if s.phase == "work" and s.board.turn and s.board.turn.second_dept and s.board.turn.who == 2
    ][-1]


# the catalogs' work-phase status (bot/locale/<lang>/LC_MESSAGES/kanban-ev.po) for that state
WHOLE = {
    "en": "Work phase: Chiara Rossi-Bianchi works in Administration + R&D; 3 shifts spent, 0 left this "
    "turn (workstation 2, banked 0, at most 4).",
    "cs": "Fáze práce: Chiara Rossi-Bianchi pracuje v oddělení Administrativa + Vývoj; 3 směny utraceny, "
    "v tomto tahu zbývá 0 (pracoviště 2, uložené 0, nejvýš 4).",
    "nl": "Werkfase: Chiara Rossi-Bianchi werkt in Administratie + R&D; 3 diensten besteed, nog 0 deze "
    "beurt (werkplek 2, opgespaard 0, hoogstens 4).",
    "lt": "Darbo etapas: Chiara Rossi-Bianchi dirba skyriuose Administracija + Tyrimai ir plėtra; "
    "išleistos 3 pamainos, šį ėjimą liko 0 (darbo vieta 2, sukaupta 0, daugiausia 4).",
}
DAY = {"en": "Day 8, week 1, cycle 1, w", "cs": "Den 8, týden 1, cyklus 1, f", "nl": "Dag 8, week 1, cyclus 1, w"}
DAY["lt"] = "8 diena, 1 savaitė, 1 ciklas, d"


@pytest.mark.parametrize("lang", ["en", "cs", "nl", "lt"])
def test_the_factory_status_is_whole_under_its_head(lang):
    factory, players = board_layouts("kanban-ev", ENGINE.view(_two_departments(), None), lang)
    (panel,) = [e for e in factory.elements if e.tag == "status" and not hasattr(e, "text")]
    head, *lines = [t for t in factory.texts() if t.tag == "status"]
    assert " 8, " in head.text or " 8 " in head.text  # the day is in the head
    assert " ".join(t.text for t in lines) == WHOLE[lang]
    assert len(lines) == (2 if lang in ("cs", "lt") else 1)  # cs 1237 px, lt 1323 px: two lines
    assert all(t.w <= STATUS_W for t in lines)
    (turn,) = [t for t in factory.texts() if t.tag == "status:turn"]
    assert lines[-1].y + lines[-1].h < turn.y and turn.y + turn.h < panel.y + panel.h
    title = [t for t in players.texts() if t.tag == "players-title"][1:]
    assert " ".join(t.text for t in title) == DAY[lang] + WHOLE[lang][1:]
    assert len(title) == 2 and all(t.w <= TITLE_STATUS_W for t in title)
    for lay in (factory, players):
        assert out_of_bounds(lay) == [] and overlapping_texts(lay) == []


@pytest.mark.parametrize("lang", ["en", "cs", "nl", "lt"])
def test_no_status_of_a_whole_game_is_cut(lang):
    hist = _history(4, 24)
    for s in hist[::9]:
        factory, players = board_layouts("kanban-ev", ENGINE.view(s, None), lang)
        status = [t for lay in (factory, players) for t in lay.texts() if t.tag in ("status", "players-title")]
        assert not [t.text for t in status if t.text.endswith("…")]
        assert out_of_bounds(factory) == [] and out_of_bounds(players) == []


LANGS = ["en", "cs", "nl", "lt"]
MODELS = ["city", "suv", "truck", "sports", "concept"]
PARTS = ["autopilot", "battery", "blank", "body", "drivetrain", "electronics", "motor"]
# The boxes, from the layout (renderers/kanban_ev): a player board's design space is 124 px
# wide, its label 4 px in from each side (the factory's design chips are wider: 132 and 126)
DESIGN_LABEL = 124 - 8
# a charging-board chip is 72 px, its label centred with 2 px a side
CHARGER_LABEL = 72 - 4
# a chip of the test track's queue is 54 px, its label 2 px a side
QUEUE_LABEL = 54 - 4
# the demand column: from 1062 px (right of the conveyor's exits) to the panel's 1180
DEMAND_COLUMN = 1180 - 1062
# a meeting-room card: (1200 - 10 - (2 * 10 + 430) - 20 - 3 * 8) // 4 = 174 px, text 6 px a side
GOAL_TEXT = 174 - 12


@pytest.mark.parametrize("lang", LANGS)
def test_every_design_and_queued_car_fits_its_chip(lang):
    with drawn_in(lang):
        designs = {
            f"{MODEL_SHORT[m]} {PART_SHORT[p]}": measure(f"{MODEL_SHORT[m]} {PART_SHORT[p]}", 15)[0]
            for m in MODELS
            for p in PARTS
        }
        assert max(designs.values()) <= DESIGN_LABEL, max(designs.items(), key=lambda kv: kv[1])
        queued = {MODEL_TINY[m]: measure(MODEL_TINY[m], 14)[0] for m in MODELS}
        assert max(queued.values()) <= QUEUE_LABEL, queued


def _player_boards(lang: str):
    return board_layouts("kanban-ev", ENGINE.view(_two_departments(), None), lang)[1]


def test_the_player_boards_spaces_are_as_wide_as_their_longest_labels():
    lay = _player_boards("lt")
    seat = "Alexandra"
    designs = [e for e in lay.elements if e.tag.startswith(f"player:{seat}:designs:") and not hasattr(e, "text")]
    chargers = [e for e in lay.elements if e.tag.startswith(f"player:{seat}:charging:") and not hasattr(e, "text")]
    assert designs and {e.w for e in designs} == {DESIGN_LABEL + 8}
    assert len(chargers) == 5 and {e.w for e in chargers} == {CHARGER_LABEL + 4}
    assert max(e.x + e.w for e in chargers) <= 1200 - 10 - 10  # within the player's strip


@pytest.mark.parametrize("lang", LANGS)
def test_the_charging_board_names_every_department_whole(lang):
    from engines.i18n import Tp

    with drawn_in(lang):
        on = local(Tp("charger", "ON"))
        for short in ("R&D", "Asm", "Log", "Des", "Adm"):
            label = f"{local(Tp('department short', short))} {on}"
            assert measure(label, 14)[0] <= CHARGER_LABEL, label


@pytest.mark.parametrize("n", [2, 3, 4])
def test_no_text_of_a_whole_game_is_cut_in_any_language(n):
    """Every 7th state of a seeded AI game, on both images in the four languages: nothing ends
    with "…" but a long player name beside its meeple; the goal cards hold their text in at most
    3 lines, the cars left stay in the demand column."""

    cut = set()
    for s in _history(n, 20 + n)[::7]:
        view = ENGINE.view(s, None)
        for lang in LANGS:
            for lay in board_layouts("kanban-ev", view, lang):
                assert out_of_bounds(lay) == []
                for t in lay.texts():
                    if t.text.endswith("…") and not t.tag.endswith(":meeple"):
                        cut.add((lang, t.tag, t.text))
                    if t.tag == "cars-left":
                        assert t.x + t.w <= 1062 + DEMAND_COLUMN, (lang, t.text)
                    if t.tag.startswith("meeting-room:goal:") and ":icon" not in t.tag:
                        assert t.w <= GOAL_TEXT
    assert not cut, sorted(cut)[:10]


# the player board's hand line names the garage set in the reader's words (boardhost.po,
# context "garage set"), not the notation word of `garages basic|expert`
GARAGES = {
    "en": ("basic garages", "expert garages"),
    "cs": ("garáže základní", "garáže expertní"),
    "nl": ("garages basis", "garages expert"),
    "lt": ("garažai pagrindiniai", "garažai ekspertiniai"),
}


@pytest.mark.parametrize("lang", ["en", "cs", "nl", "lt"])
def test_the_garage_set_is_named_in_the_readers_language(lang):
    view = ENGINE.view(_two_departments(), None)
    view["seats"][0]["gset"], view["seats"][1]["gset"] = "basic", "expert"
    players = board_layouts("kanban-ev", view, lang)[1]
    hands = [t.text for t in players.texts() if t.tag.endswith(":hand")]
    basic, expert = GARAGES[lang]
    assert hands[0].endswith(basic) and hands[1].endswith(expert), hands
    if lang != "en":
        assert not any("basic" in h or "expert " in h for h in hands), hands


#: the assembly columns' short part names, as each catalog has them (kanban-ev.po, context
#: "car part short"), in column order: autopilot, battery, body, drivetrain, electronics, motor
LEGEND = {
    "en": ["auto", "batt", "body", "drive", "elec", "motor"],
    "cs": ["autop.", "bat.", "karos.", "pohon", "elektr.", "motor"],
    "nl": ["auto", "batt", "carr.", "aandr.", "elek.", "motor"],
    "lt": ["autop.", "bat.", "kėb.", "pav.", "elektr.", "varikl."],
}


@pytest.mark.parametrize("lang", sorted(LEGEND))
def test_the_assembly_part_names_keep_a_gap_between_them(lang):
    """Each column is 40 px and Czech "pohon", "elektr." and "motor" are 39 px each at 14 px:
    side by side they read "pohonelektr.motor". Every other name is a line lower (16 px), so
    two names on one line are two columns apart, 80 - 40 = 40 px at least, and all are whole."""

    factory = board_layouts("kanban-ev", ENGINE.view(_two_departments(), None), lang)[0]
    legend = [t for t in factory.texts() if t.tag == "assembly-lines:legend"]
    assert [t.text for t in legend] == LEGEND[lang]
    for a, b in zip(legend, legend[1:]):
        assert b.y - a.y in (16, -16), (a.text, b.text)
    for a, b in zip(legend, legend[2:]):
        assert a.y == b.y and b.x - (a.x + a.w) >= 4, (a.text, b.text)
    assert overlapping_texts(factory) == [] and out_of_bounds(factory) == []
