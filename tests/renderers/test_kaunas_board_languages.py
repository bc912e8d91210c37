"""Visiting Kaunas board in Czech, Dutch and Lithuanian: the building grid's cells take the
catalog's short names so the event board right of it keeps readable cards, nothing leaves the
image, and an event card's category target is in the board's language."""

from __future__ import annotations

import random
import re

import pytest

import bot.i18n  # noqa: F401  (installs the catalogs the board is drawn with)
from engines.visiting_kaunas.engine import ENGINE as engine
from renderers import board_layouts
from renderers.base import out_of_bounds, overlapping_texts

UP = ("event:up1", "event:up2", "event:up3")

# The narrowest event cards are at 4 players (7 grid columns), with every cell at its widest,
# CELL_MAX = 128 px (cs "Muzeum umění" 112 px + 16): the event board starts at
# 16 + 7 * 128 + 120 = 1032 and is 1500 - 16 - 1032 = 452 px wide, three cards and two 10 px
# gaps: (452 - 20) // 3 = 144 px. (Before, cs cells grew to "Obchod se suvenýry" and lt
# cells to "Laikrodžių parduotuvė": cards of 60 and 29 px.)
NARROWEST_CARD = 144


def _boards(n: int, lang: str):
    """The board of a seeded AI game of ``n`` players in ``lang``, every 10th step."""

    state = engine.setup([f"p{i}" for i in range(n)], None, 60 + n)
    r = random.Random(n)
    step = 0
    while not engine.is_over(state) and step < 400:
        if step % 10 == 0:
            yield board_layouts("visiting-kaunas", engine.view(state, None), lang)[0]
        p = engine.to_act(state)[0]
        state = engine.apply(state, p, engine.ai.choose(state, p, r)).state
        step += 1


@pytest.mark.parametrize("lang", ["cs", "nl", "lt"])
@pytest.mark.parametrize("n", [2, 4])
def test_event_cards_keep_their_width_and_nothing_leaves_the_board(lang, n):
    cards = 0
    for lay in _boards(n, lang):
        assert out_of_bounds(lay) == []
        assert overlapping_texts(lay) == []
        widths = [e.w for e in lay.elements if e.tag in UP]
        assert len(widths) == 3 and min(widths) >= NARROWEST_CARD, widths
        # grid names, card heads and targets whole; the discard count within the board
        whole = [t.text for t in lay.texts() if t.tag.endswith((":name", ":head", ":target", "event:discard"))]
        assert not [t for t in whole if t.endswith("…")]
        cards += len([t for t in lay.texts() if t.tag.endswith(":target")])
    assert cards  # some face-up cards were drawn


def test_english_cards_as_wide_as_before():
    # 4 players, the widest cell name "Watches store" (103 px + 16 = 119): the event board
    # starts at 16 + 7 * 119 + 120 = 969, is 515 px wide, cards (515 - 20) // 3 = 165 px
    widths = {e.w for lay in _boards(4, "en") for e in lay.elements if e.tag in UP}
    assert min(widths) == 165


def _every_category():
    """A 4-player game with a card of each category target face up or moving (e01 food in,
    e04 shop in, e07 culture in face up; e09 other in the tourists' step)."""

    s = engine.setup(["a", "b", "c", "d"], None, 2).model_copy(deep=True)
    s.up = [["e01"], ["e04"], ["e07"]]
    s.phase, s.moving, s.move_zone, s.move_n = "tourists", "e09", "midday", 2
    return engine.view(s, None)


# the catalogs' category names (bot/locale/<lang>/LC_MESSAGES/visiting-kaunas.po,
# "building category") and "in" (boardhost.po, "event direction")
TARGETS = {
    "en": ["Food: in", "Shop: in", "Culture: in"],
    "cs": ["Jídlo: příchod", "Obchod: příchod", "Kultura: příchod"],
    "nl": ["Eten: binnen", "Winkel: binnen", "Cultuur: binnen"],
    "lt": ["Maistas: atvyksta", "Parduotuvė: atvyksta", "Kultūra: atvyksta"],
}
OTHER = {"en": "Other", "cs": "Ostatní", "nl": "Overig", "lt": "Kita"}


@pytest.mark.parametrize("lang", ["en", "cs", "nl", "lt"])
def test_category_targets_are_in_the_boards_language(lang):
    lay = board_layouts("visiting-kaunas", _every_category(), lang)[0]
    texts: dict[str, str] = {}
    for t in lay.texts():  # a target too wide for a line is on two or three (lt "Parduotuvė:", "atvyksta")
        texts[t.tag] = f"{texts[t.tag]} {t.text}" if t.tag in texts else t.text
    assert [texts[f"{tag}:target"] for tag in UP] == TARGETS[lang]
    assert f"e09 {OTHER[lang]}: " in texts["event:firing:text"]
    if lang != "en":
        english = [t.text for t in lay.texts() if re.search(r"\b(Food|Shop|Culture|Other)\b", t.text)]
        assert english == []


# An event card's three zone slots share its width less 8 px margins and two 4 px gaps: on the
# narrowest card (144 px) (144 - 16 - 8) // 3 = 40 px each, a label keeping 3 px a side: 34 px.
SLOT = 40
SLOT_LABEL = 34
# A face-down card's coins and die lines keep 10 px a side of the card: 144 - 20 = 124 px.
DOWN_INFO = 124


def _dice_on_cards(lang: str):
    """The 4-player board with a 6 on each face-up card's midday slot (e01, e04, e07) and a die
    and 12 coins on face-down card 1 (the longest zone word, the widest coins)."""

    view = _every_category()
    assert view["down"][0] is not None
    view["up_dice"] = [{"v": 6, "zone": "midday"}, {"v": 5, "zone": "morning"}, {"v": 4, "zone": "evening"}]
    view["down"][0] = {"level": 2, "stake": 12, "die": {"v": 6, "zone": "midday"}}
    return board_layouts("visiting-kaunas", view, lang)[0]


@pytest.mark.parametrize("lang", ["en", "cs", "nl", "lt"])
def test_a_die_on_an_event_card_is_drawn_whole_in_its_zone_slot(lang):
    """A die on a face-up card's zone is drawn as a die (its value in a square) inside the slot:
    no language's "die 6" fits a 34 px label ("kostka 6" was cut to "kost…")."""

    lay = _dice_on_cards(lang)

    def tagged(tag):
        return [e for e in lay.elements if e.tag == tag]

    for tag, zone, value in zip(UP, ("midday", "morning", "evening"), ("6", "5", "4"), strict=True):
        (card,) = tagged(tag)
        assert card.w >= NARROWEST_CARD
        (slot,) = tagged(f"{tag}:{zone}")
        assert slot.w >= SLOT
        (die,) = tagged(f"{tag}:{zone}:die")
        assert slot.x < die.x and die.x + die.w < slot.x + slot.w and slot.y < die.y and die.y + die.h < slot.y + slot.h
        (face,) = [t for t in lay.texts() if t.tag == f"{tag}:{zone}:die:value"]
        assert face.text == value
        assert die.x <= face.x and face.x + face.w <= die.x + die.w
        assert not tagged(f"{tag}:{zone}:label")  # the die, not a label under it
    assert out_of_bounds(lay) == [] and overlapping_texts(lay) == []


@pytest.mark.parametrize("lang", ["en", "cs", "nl", "lt"])
def test_zone_slot_labels_and_face_down_dice_fit_the_narrowest_card(lang):
    from renderers.base import drawn_in, local, measure
    from renderers.visiting_kaunas import ZONE_SHORT

    with drawn_in(lang):
        assert max(measure(local(z), 15)[0] for z in ZONE_SHORT.values()) <= SLOT_LABEL
    lay = _dice_on_cards(lang)
    info = [t for t in lay.texts() if t.tag == "event:down1:info"]
    assert len(info) == 2  # the coins and the die, a line each
    assert all(t.w <= DOWN_INFO and not t.text.endswith("…") for t in info), [(t.text, t.w) for t in info]
