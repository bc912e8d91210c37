"""Fixtures shared by the test folders (the host's database fixtures, ``backend`` and
``pg_schema``, are in ``tests/bot/conftest.py``).

* ``high_low``: the test-only High-Low game (``tests/fakegame.py``) registered with its
  renderer and command group for the test, removed afterwards. A module that needs it in
  every test says ``pytestmark = pytest.mark.usefixtures("high_low")``.
* ``harness``: the Discord bot on SimCord (``tests/bot/discord_harness.py``).
* ``sparse_renders``: in whole-game bot tests, real board, summary and hand images only for
  every 8th post / DM and the final board; the other posts reuse the last real image (each
  renderer's own tests check the drawing). Returns the call counters.
"""

from __future__ import annotations

import os

import pytest

# The host's default AI strength in the tests: "easy", today's heuristic (quick, and the policy
# the whole-game bot tests were written against); tests of the strengths choose them explicitly.
os.environ.setdefault("BOARDHOST_AI_STRENGTH", "easy")

import renderers
from tests import fakegame
from tests.bot.discord_harness import harness  # noqa: F401  (re-exported fixture)

SPARSE_EVERY = 8


@pytest.fixture
def high_low():
    engine = fakegame.install()
    yield engine
    fakegame.uninstall()


@pytest.fixture
def sparse_renders(monkeypatch):
    real_board, real_hand, real_summary = renderers.render_board, renderers.render_hand, renderers.render_summary
    calls = {
        "board": 0,
        "hand": 0,
        "summary": 0,
        "real": 0,
        "last_board": None,
        "last_hand": None,
        "last_summary": None,
    }

    def board(game_id, view, lang="en"):
        calls["board"] += 1
        if calls["last_board"] is None or calls["board"] % SPARSE_EVERY == 0 or view.get("phase") == "over":
            calls["last_board"] = real_board(game_id, view, lang)
            calls["real"] += 1
        return calls["last_board"]

    def hand(game_id, view, lang="en"):
        calls["hand"] += 1
        if calls["last_hand"] is None or calls["hand"] % SPARSE_EVERY == 0:
            calls["last_hand"] = real_hand(game_id, view, lang)
        return calls["last_hand"]

    def summary(game_id, view, events=(), lang="en"):
        calls["summary"] += 1
        if calls["last_summary"] is None or calls["summary"] % SPARSE_EVERY == 0 or view.get("phase") == "over":
            calls["last_summary"] = real_summary(game_id, view, events, lang)
            calls["real"] += 1
        return calls["last_summary"]

    monkeypatch.setattr(renderers, "render_board", board)
    monkeypatch.setattr(renderers, "render_summary", summary)
    monkeypatch.setattr(renderers, "render_hand", hand)
    return calls
