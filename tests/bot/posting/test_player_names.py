"""Players' names: one rule for every place a name appears (board images, the phone
summary, hand images, texts). Bidi controls are removed, a name that draws as nothing is
the username instead, and names shown alike each get their username in brackets."""

from __future__ import annotations

import pytest
from fontTools.ttLib import TTFont

import renderers
from bot.names import names_for, shown_name
from renderers.base import FONT_FILE

FAMILY = "\U0001f468\u200d\U0001f469\u200d\U0001f467"  # man ZWJ woman ZWJ girl


def test_the_bundled_font_cannot_draw_the_family_emoji():
    # the premise of the image rule, read from the font's own character map
    cmap = TTFont(str(FONT_FILE)).getBestCmap()
    assert [cp in cmap for cp in (0x1F468, 0x1F469, 0x1F467)] == [False, False, False]


@pytest.mark.parametrize(
    "name, text, image",
    [
        ("\u202eevil", "evil", "evil"),  # right-to-left override: would flip the rest of the line
        ("A\u2066li\u2069ce\u200f", "Alice", "Alice"),  # isolates and a right-to-left mark
        ("\u061cNora", "Nora", "Nora"),  # Arabic letter mark
        ("\u2800", "", ""),  # braille blank: a glyph with no ink
        ("\u200b\u200b", "", ""),  # zero-width spaces
        ("\u200d\u2060\ufeff", "", ""),  # joiner, word joiner, byte-order mark
        ("\ufe0f\ufe0e", "", ""),  # variation selectors alone
        ("\u3164", "", ""),  # Hangul filler
        ("   ", "", ""),
        (FAMILY, FAMILY, ""),  # Discord shows the emoji in a text; the font cannot draw it
        ("Jiří \u2800", "Jiří \u2800", "Jiří"),  # ink plus a blank: the blank goes on images
        ("Ann  \u200b Lee", "Ann  \u200b Lee", "Ann Lee"),
    ],
)
def test_shown_name(name, text, image):
    assert shown_name(name) == text
    assert shown_name(name, drawn=True) == image


def test_names_shown_alike_each_get_their_username():
    seats = {"1": ("Alex", "alex_one"), "2": ("Alex", "alex_two"), "3": ("alex", "sasha"), "ai-1": (None, "")}
    assert names_for(seats) == {"1": "Alex (alex_one)", "2": "Alex (alex_two)", "3": "alex (sasha)", "ai-1": "AI 1"}
    # no visible ink: the username; a username shown like another's name ties with it
    seats = {"1": ("\u2800", "bo"), "2": ("bo", "bo.real"), "3": (None, "")}
    assert names_for(seats, drawn=True) == {"1": "bo", "2": "bo (bo.real)", "3": "player 3"}
    # no username known either: numbered
    assert names_for({"1": ("Kim", ""), "2": ("Kim", "")}) == {"1": "Kim", "2": "Kim (2)"}


async def test_every_image_and_text_uses_the_rule(harness, monkeypatch):
    h = harness
    drawn: list[dict] = []
    real = renderers.render_summary

    def spy(game_id, view, events=(), lang="en"):
        drawn.append(view)
        return real(game_id, view, events, lang)

    monkeypatch.setattr(renderers, "render_summary", spy)
    blank = h.guild.add_member(h.env.create_user("blank.one", global_name="\u2800"))
    evil = h.guild.add_member(h.env.create_user("evil.one", global_name="\u202eevil"))
    one = h.guild.add_member(h.env.create_user("alex_one", global_name="Alex"))
    two = h.guild.add_member(h.env.create_user("alex_two", global_name="Alex"))
    await h.lobby("transport", blank, evil, one, two)
    await blank.slash(h.channel, "game start")
    players = drawn[-1]["players"]
    assert sorted(players) == sorted(["blank.one", "evil", "Alex (alex_one)", "Alex (alex_two)"])
    fam = h.guild.add_member(h.env.create_user("fam.ily", global_name=FAMILY))
    seats = [str(fam.id), str(one.id), str(blank.id)]
    assert await h.bot.display_names(seats, drawn=True) == {
        seats[0]: "fam.ily",
        seats[1]: "Alex",
        seats[2]: "blank.one",
    }
    # texts (the export's names): Discord draws emoji, so the family stays; no bidi control
    assert await h.bot.display_names([str(fam.id), str(evil.id)]) == {str(fam.id): FAMILY, str(evil.id): "evil"}
