"""Every game draws players' names in their own letters: the bundled font has a glyph for
every character any board or hand image draws, and the font ships as package data."""

from __future__ import annotations

import random
from functools import lru_cache
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

import renderers
from engines import registry
from renderers import base
from renderers.base import fit_size, measure

#: Czech, Lithuanian, Polish, Dutch/German: the letters Pillow's default font drew as boxes
NAMES = ["Jiří", "Jūratė", "Łukasz", "Ëlla ß"]


@lru_cache(maxsize=1)
def cmap() -> set[int]:
    return set(TTFont(base.FONT_FILE).getBestCmap())


def _texts(lays) -> list[str]:
    return [t.text for lay in lays for t in lay.texts()]


def _game_views(game_id: str, steps: int):
    """Views along a seeded AI game with the four names as seat ids: (public, [hands])."""

    engine = registry.get(game_id)
    state = engine.setup(list(NAMES), None, 3)
    r = random.Random(3)
    out = []
    for step in range(steps):
        if step % 15 == 0 or engine.is_over(state):
            out.append((engine.view(state, None), [engine.view(state, p) for p in NAMES]))
        if engine.is_over(state):
            break
        p = engine.to_act(state)[0]
        state = engine.apply(state, p, engine.ai.choose(state, p, r)).state
    return out


@pytest.mark.parametrize("game_id", registry.ids())
def test_every_drawn_character_has_a_glyph(game_id):
    module = renderers.module_for(game_id)
    drawn: list[str] = []
    for view, hands in _game_views(game_id, 60):
        drawn += _texts(renderers.board_layouts(game_id, view))
        if hasattr(module, "hand_layout"):
            drawn += _texts(module.hand_layout(h) for h in hands)
    missing = {ch for s in drawn for ch in s if ch != "\n" and ord(ch) not in cmap()}
    assert not missing, f"{game_id} draws characters the font lacks: {sorted(missing)}"
    everything = "\n".join(drawn)
    for name in NAMES:  # each name is drawn whole somewhere (not folded, not boxes)
        assert name in everything, f"{game_id}: {name!r} not drawn"


def test_the_names_letters_are_in_the_font():
    for ch in "".join(NAMES) + "áířžėūłßĖŠČ–→·…":
        assert ord(ch) in cmap(), ch
        assert base.has_glyph(ch), ch


def test_characters_without_a_glyph_are_left_out_not_boxed():
    die, han = "\U0001f3b2", "\u4e2d"  # the game die emoji and a CJK ideograph: not in DejaVu
    assert ord(die) not in cmap() and ord(han) not in cmap()
    assert not base.has_glyph(die) and not base.has_glyph(han)
    t = base.text(0, 0, f"Łukasz {die} {han}x", 16)
    assert t.text == "Łukasz x"


def test_the_font_and_its_licence_are_package_data():
    pyproject = (Path(__file__).parents[2] / "pyproject.toml").read_text()
    assert '"fonts/*.ttf"' in pyproject and '"fonts/LICENSE.txt"' in pyproject
    assert base.FONT_FILE.is_file() and base.FONT_FILE.with_name("LICENSE.txt").is_file()
    assert "Bitstream Vera" in base.FONT_FILE.with_name("LICENSE.txt").read_text()


def test_fit_size_draws_a_name_smaller_before_cutting_it():
    """Measured in the bundled font: "Tomáš Novák" is 102 px at 17 px, 90 px at 15 px and
    85 px at 14 px; "bobthebuilder and friends" is wider than 85 px even at 14 px."""

    assert fit_size("Tomáš Novák", 102, 17) == ("Tomáš Novák", 17)
    assert fit_size("Tomáš Novák", 90, 17) == ("Tomáš Novák", 15)
    assert fit_size("Tomáš Novák", 85, 17, smallest=14) == ("Tomáš Novák", 14)
    text, size = fit_size("bobthebuilder and friends", 85, 17, smallest=14)
    assert size == 14 and text.endswith("…") and measure(text, 14)[0] <= 85
