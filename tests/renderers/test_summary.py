"""The phone summary posted after every move (issue 13.2): legible at a phone's width, one
image, every player's name drawn whole in its own letters, what the move did and whose turn."""

from __future__ import annotations

import random
from functools import lru_cache

import pytest
from fontTools.ttLib import TTFont

import renderers
from engines import registry
from renderers import base

#: Czech, Lithuanian, Polish, Dutch/German names (as in test_fonts.py)
NAMES = ["Jiří", "Jūratė", "Łukasz", "Ëlla ß"]


@lru_cache(maxsize=1)
def cmap() -> set[int]:
    return set(TTFont(base.FONT_FILE).getBestCmap())


@lru_cache(maxsize=None)
def _moments(game_id: str, players: int) -> tuple:
    """(label, view, public event texts of the last move) at the start, middle and end of
    a seeded AI game with the names above as seat ids."""

    engine = registry.get(game_id)
    seats = NAMES[:players]
    state = engine.setup(list(seats), None, 11)
    r = random.Random(11)
    steps = [(state, [])]
    while not engine.is_over(state) and len(steps) < 5000:
        p = engine.to_act(state)[0]
        out = engine.apply(state, p, engine.ai.choose(state, p, r))
        state = out.state
        steps.append((state, [e.text for e in out.events if e.visible_to is None]))
    picks = {"start": steps[1], "middle": steps[len(steps) // 2], "end": steps[-1]}
    assert engine.is_over(picks["end"][0])
    return tuple((k, engine.view(s, None), ev) for k, (s, ev) in picks.items())


def _cases():
    for game_id in registry.ids():
        engine = registry.get(game_id)
        for n in sorted({engine.min_players, min(4, engine.max_players)}):
            yield game_id, n


@pytest.mark.parametrize("game_id,players", list(_cases()))
def test_summary_text_is_at_least_9_px_on_a_400_px_phone(game_id, players):
    for moment, view, events in _moments(game_id, players):
        lay = renderers.summary_layout(game_id, view, events)
        # the image is never downscaled before posting (base.MAX_SIDE is 1600 px) ...
        assert lay.height <= 1600 and lay.width <= 1600, (moment, lay.width, lay.height)
        # ... and a phone shows it 400 px wide: each px of the canvas becomes 400 / width px
        # on screen (the canvas is 600 px wide, so 16 px text shows at 16 * 400 / 600 = 10.7 px).
        # Issue 13.2: the smallest text must stay >= 9 px at that width.
        smallest = min(t.size for t in lay.texts() if t.text.strip())
        assert smallest * 400 / lay.width >= 9, (game_id, moment, smallest, lay.width)
        assert not base.out_of_bounds(lay), (moment, base.out_of_bounds(lay)[:3])
        assert not base.overlapping_texts(lay), (moment, base.overlapping_texts(lay)[:2])


@pytest.mark.parametrize("game_id", registry.ids())
def test_summary_draws_every_name_whole_in_its_own_letters(game_id):
    players = min(4, registry.get(game_id).max_players)
    for moment, view, events in _moments(game_id, players):
        lay = renderers.summary_layout(game_id, view, events)
        drawn = [t.text for t in lay.texts()]
        missing = {ch for s in drawn for ch in s if ch != "\n" and ord(ch) not in cmap()}
        assert not missing, (moment, sorted(missing))
        names = [t.text for t in lay.texts() if t.tag.endswith(":name")]
        assert sorted(names) == sorted(NAMES[:players]), (moment, names)  # one box per seat, whole names


@pytest.mark.parametrize("game_id", registry.ids())
def test_summary_is_one_png_of_the_layout_size(game_id):
    import io

    from PIL import Image

    _moment, view, events = _moments(game_id, min(4, registry.get(game_id).max_players))[1]
    png = renderers.render_summary(game_id, view, events)
    lay = renderers.summary_layout(game_id, view, events)
    image = Image.open(io.BytesIO(png))
    assert image.size == (lay.width, lay.height) and image.width == 600
    assert len(png) < base.MAX_BYTES


@pytest.mark.parametrize("game_id", registry.ids())
def test_summary_shows_the_last_move_and_who_acts(game_id):
    players = min(4, registry.get(game_id).max_players)
    _moment, view, events = _moments(game_id, players)[1]
    lay = renderers.summary_layout(game_id, view, ["Jiří played a move worth reading."])
    last = " ".join(t.text for t in lay.tagged("summary:last") if isinstance(t, base.Text))
    assert "• Jiří played a move worth reading." in last, last
    acting = [e for e in lay.tagged("summary:seat") if e.tag.endswith(":badge") and getattr(e, "text", "") == "to act"]
    to_act = view.get("to_act") or [view.get("current")]
    assert len(acting) == len([s for s in to_act if s]), (acting, to_act)
    status = " ".join(t.text for t in lay.tagged("summary:status") if isinstance(t, base.Text))
    assert "/game board" in status
    # the game over: a ranking (1st …) and no "to act" badge
    _m, end, _ev = _moments(game_id, players)[2]
    lay = renderers.summary_layout(game_id, end, [])
    texts = [t.text for t in lay.texts()]
    assert "1st" in texts and "to act" not in texts


def test_kaunas_summary_grid_names_are_never_cut():
    """Issue 13.2 ("Watches st…"): the summary's building grid breaks a name over lines (a
    word wider than its cell is hyphenated) but never shortens it."""

    for players in (2, 4):
        for moment, view, events in _moments("visiting-kaunas", players)[:2]:
            lay = renderers.summary_layout("visiting-kaunas", view, events)
            for r, row in enumerate(view["grid"]):
                for c, b in enumerate(row):
                    lines = [t.text for t in lay.tagged(f"summary:picture:grid:{r + 1}:{c + 1}:building")]
                    if not b:
                        assert lines == []
                        continue
                    joined = ""
                    for ln in lines:  # "Souven-" + "ir shop" -> "Souvenir shop"
                        joined = joined[:-1] + ln if joined.endswith("-") else (f"{joined} {ln}" if joined else ln)
                    name = view["buildings"][b]["name"]
                    # the one printed name the board shortens everywhere (renderer's _short)
                    assert joined == {"Modern Art Museum": "Art Museum"}.get(name, name), (moment, lines)
                    assert all("…" not in ln for ln in lines)
