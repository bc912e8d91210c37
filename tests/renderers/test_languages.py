"""Images in the table's language: every label a renderer draws is a message of the host
catalog, every text of the view is rendered in the image's language, ids and numbers stay.

The pseudo-language (bot.i18n.PSEUDO, every message accented and bracketed ``⟦…⟧``) shows a
label that skipped the catalogs: :mod:`tests.renderers.pseudo` spies on what is painted."""

from __future__ import annotations

import pytest

import bot.i18n  # noqa: F401  (installs the catalogs)
import renderers
from bot.i18n import PSEUDO, translation
from engines import registry
from engines.i18n import T, Tp
from renderers import base
from renderers.summary import Fact, SeatSummary, Summary, summary_layout
from tests.renderers.pseudo import unmarked
from tests.renderers.test_summary import NAMES, _moments, _states


@pytest.fixture
def painted(monkeypatch) -> list[str]:
    """Every line of text painted (renderers.base.draw paints each through ``_text_mask``)."""

    seen: list[str] = []
    real = base._text_mask

    def spy(line: str, size: int):
        seen.append(line)
        return real(line, size)

    monkeypatch.setattr(base, "_text_mask", spy)
    return seen


def test_the_summarys_own_labels_go_through_the_catalogs(painted):
    s = Summary(
        title=Tp("game title", "Transport"),
        step=T("Round {n}", n=2),
        seats=[
            SeatSummary(name="Jiří", score="12", facts=[T("hand {n}", n=3)], acting=True),
            SeatSummary(name="Jūratė", score="9", place=2, note=Tp("image label", "to act")),
        ],
        table=[Fact(label=T("Market:"), items=["t12", "t13"]), T("Stack: {n}", n=4)],
        status=T("{player} places a tile", player="Jiří"),
        events=["⟦an event already rendered⟧"],
    )
    with base.drawn_in(PSEUDO):
        base.render_png(summary_layout(s))
    assert painted and not unmarked(painted, names=NAMES)
    assert any("/ĝàɱé ƀöàŕð" in line for line in painted)  # "Full board: /game board", bracketed


def test_a_summary_in_czech_differs_from_english_and_draws_the_catalogs_labels():
    _moment, view, events = _moments("transport", 2)[1]
    en = renderers.summary_layout("transport", view, events, "en")
    cs = renderers.summary_layout("transport", view, events, "cs")
    drawn_en, drawn_cs = [t.text for t in en.texts()], [t.text for t in cs.texts()]
    # the Czech catalog's words (bot/locale/cs/LC_MESSAGES/boardhost.po), read from it and literal
    assert translation("cs", "Last move", "image label") == "Poslední tah"
    assert "Poslední tah" in drawn_cs and "Last move" in drawn_en and "Last move" not in drawn_cs
    assert "Celý herní plán: /hra plán" in drawn_cs and "Full board: /game board" in drawn_en
    assert renderers.render_summary("transport", view, events, "cs") != renderers.render_summary(
        "transport", view, events, "en"
    )


#: a game's id words that hold no digit and read the same in every language: Visiting Kaunas's
#: street rows A and B (the notation's a and b) and G, the Grande Hotel's mark on a street card;
#: Factory Manager's control room as `buy cu01 room` names it, and the tiles of sets A, B and
#: X ("a-ma1", "x-ma"); Kanban EV's PP (prestige points,
#: PP in every rulebook language), the names Sandra and SpeedCharger, X (a part on an assembly
#: line) and the garage sets of `garages basic|expert`
IDS: dict[str, set[str]] = {
    "kanban-ev": {"PP", "Sandra", "SpeedCharger", "X", "basic", "expert"},
    "transport": set(),
    "visiting-kaunas": {"A", "B", "G"},
    "factory-manager": {"room", "a", "b", "x", "ma", "pr", "ou", "cu", "sr", "st"},
}


@pytest.mark.parametrize("game_id", sorted(IDS))
def test_every_label_of_the_images_goes_through_the_catalogs(game_id, painted):
    """The board, hand and summary of a mid-game and a final view in the pseudo-language:
    every painted string holding ASCII letters is bracketed, a name, an id or a number: no
    plain English of the view is let through."""

    engine = registry.get(game_id)
    for moment, state, events in _states(game_id, 2)[1:]:
        view = engine.view(state, None)
        hands = [engine.view(state, seat) for seat in NAMES[:2]]
        painted.clear()
        renderers.render_board(game_id, view, PSEUDO)
        renderers.render_summary(game_id, view, events, PSEUDO)
        for hand in hands:
            renderers.render_hand(game_id, hand, PSEUDO)
        bad = unmarked(painted, names=NAMES, ids=IDS[game_id])
        assert painted and not bad, (moment, bad[:8])


#: a label each game's board draws: English, and the Czech of bot/locale/cs/LC_MESSAGES/boardhost.po
BOARD_LABEL = {
    "kanban-ev": ("Player boards", "Hráčské desky"),
    "transport": ("Score tiles", "Bodové destičky"),
    "visiting-kaunas": ("Event board", "Deska událostí"),
    "factory-manager": (
        "Storage board: cheapest first, the top tile of a column goes to the market next",
        "Plán skladu zásob: nejlevnější první, vrchní kartička sloupce jde na trh jako další",
    ),
}


@pytest.mark.parametrize("game_id", sorted(BOARD_LABEL))
def test_the_board_in_czech_differs_from_english_and_draws_the_catalogs_labels(game_id):
    engine = registry.get(game_id)
    view = engine.view(_states(game_id, 2)[1][1], None)
    en = [t.text for lay in renderers.board_layouts(game_id, view, "en") for t in lay.texts()]
    cs = [t.text for lay in renderers.board_layouts(game_id, view, "cs") for t in lay.texts()]
    label_en, label_cs = BOARD_LABEL[game_id]
    assert label_en in en and label_cs in cs and label_en not in cs
    assert renderers.render_board(game_id, view, "cs") != renderers.render_board(game_id, view, "en")
