"""Visiting Kaunas phone summary: the grid cells' building names in every language, and
the word breaks a catalog marks with soft hyphens."""

from __future__ import annotations

import pytest

from bot.i18n import LANGUAGES  # (importing bot.i18n installs the catalogs the names are rendered with)
from engines.visiting_kaunas.engine import ENGINE as engine
from renderers import summary_layout
from renderers.base import drawn_in, local
from renderers.summary import PICTURE_W
from renderers.visiting_kaunas import CELL_NAMES, SHY, _name_lines

# a cell of the 7-column grid of 4 players: (600 - 8 - 34) // 7 = 79 px, less 12 px padding
CELL_TEXT_W = (PICTURE_W - 8 - 34) // 7 - 12


def test_a_soft_hyphen_is_where_a_long_word_breaks():
    # "Kledingwinkel" is wider than a cell; the catalog marks "Kleding|winkel"
    assert _name_lines(f"Kleding{SHY}winkel", CELL_TEXT_W, 16) == ["Kleding-", "winkel"]
    # a word that fits keeps no mark and no hyphen
    assert _name_lines(f"Zwem{SHY}bad", 200, 16) == ["Zwembad"]
    # without a mark the word still breaks, three letters at least on the next line
    lines = _name_lines("Kledingwinkel", CELL_TEXT_W, 16)
    assert len(lines) == 2 and lines[0].endswith("-") and len(lines[1]) >= 3


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_building_fits_a_cell_in_two_lines(lang):
    with drawn_in(lang):
        for building, name in CELL_NAMES.items():
            lines = _name_lines(local(name), CELL_TEXT_W, 16)
            assert len(lines) <= 2, (building, lines)
            assert SHY not in "".join(lines)


def test_the_short_names_are_translated():
    # literals of the catalogs (bot/locale/<lang>/LC_MESSAGES/boardhost.po, "building short")
    expected = {
        "en": "Watches store",
        "cs": "Hodinářství",
        "nl": "Horlogewinkel",
        "lt": "Laikrodžiai",
    }
    for lang, word in expected.items():
        with drawn_in(lang):
            assert local(CELL_NAMES["watches"]).replace(SHY, "") == word


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_the_summary_of_a_new_four_player_game_is_as_tall_as_in_english(lang):
    # at the start every seat has the same facts; with the ships on the grid picture only,
    # each seat's facts are one line in every language, and each cell two lines at most
    view = engine.view(engine.setup(["a", "b", "c", "d"], None, 2), None)
    en = summary_layout("visiting-kaunas", view, [], "en").height
    assert summary_layout("visiting-kaunas", view, [], lang).height == en
