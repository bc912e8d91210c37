"""Kanban EV boards in every language: the engine's status line is read whole on both images.

The factory's status panel already says the day, week and cycle in its head, so its status
line starts at the step ("Work phase: …"); when even that is wider than the panel's 1200 -
4 * 10 = 1160 px (Czech and Lithuanian with two departments and a long name), it takes a
second line and the panel grows by it. The player boards' title line has the whole status
beside "Player boards", on a second line when one is too short."""

from __future__ import annotations

import pytest

import bot.i18n  # noqa: F401  (installs the catalogs)
from renderers import board_layouts
from renderers.base import out_of_bounds, overlapping_texts
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
