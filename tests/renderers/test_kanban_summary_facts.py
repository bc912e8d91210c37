"""Kanban EV phone summary: every seat's facts fit the three lines a seat box has, in every
language (a fourth line is left out, and with it the seat's last facts: its garages)."""

from __future__ import annotations

import random

import pytest

import bot.i18n  # noqa: F401  (installs the catalogs the facts are rendered with)
from engines.kanban_ev.engine import ENGINE as engine
from renderers.base import drawn_in, local
from renderers.kanban_ev.phone import summary
from renderers.summary import SMALL, WIDTH, M, _flow

#: the lines a seat box of the summary shows (renderers/summary.py: ``_flow(...)[:3]``)
SEAT_LINES = 3


def _states(players: int, seed: int, every: int = 7):
    """States of a seeded game of the heuristic AI in every seat, every ``every``-th step."""

    state = engine.setup([f"player {i + 1}" for i in range(players)], None, seed)
    rnd = random.Random(seed)
    step = 0
    while not engine.is_over(state):
        p = engine.to_act(state)[0]
        state = engine.apply(state, p, engine.ai.choose(state, p, rnd)).state
        step += 1
        if step % every == 0:
            yield state
    yield state


@pytest.mark.parametrize("lang", ["en", "cs", "nl", "lt"])
def test_every_seat_keeps_all_its_facts(lang):
    # 2- and 4-player games: in the 4-player ones seats hold the most parts, certifications,
    # upgrades and cars (the nl facts of one such seat took four lines before "gespaard",
    # "delen" and "gecert.")
    too_long = []
    for players, seed in ((2, 2000), (4, 4001)):
        for state in _states(players, seed):
            with drawn_in(lang):
                for seat in summary(engine.view(state, None)).seats:
                    lines = _flow([local(f) for f in seat.facts], WIDTH - 2 * M - 30, SMALL + 1)
                    if len(lines) > SEAT_LINES:
                        too_long.append(lines)
    assert not too_long, too_long[:2]
