"""No placeholder reaches what players read on the phone summary image: over sampled states of
every game, the summary's step, status, facts and seats carry no ``<tile>``-style template
(Factory Manager's step box read "switch off <id> / switch on <id>, then done")."""

from __future__ import annotations

import importlib
import random
import re

import pytest

from engines import registry

PLACEHOLDER = re.compile(r"<[^>]*>")


def texts(summary) -> list[str]:
    out = [summary.title, summary.step, summary.status, *summary.events]
    for fact in summary.table:
        out += [fact] if isinstance(fact, str) else [fact.label, *fact.items]
    for seat in summary.seats:
        out += [seat.score, seat.note, *seat.facts]
    return out


@pytest.mark.parametrize("game_id", ["factory-manager", "kanban-ev", "visiting-kaunas", "transport"])
def test_no_placeholder_on_the_summary_image(game_id):
    e = registry.get(game_id)
    module = importlib.import_module(f"renderers.{game_id.replace('-', '_')}")
    s = e.setup(["p0", "p1", "p2"], None, 31)
    rnd = random.Random(31)
    seen, n = set(), 0
    while not e.is_over(s) and n < 400:
        if n % 7 == 0:
            for text in texts(module.summary(e.view(s, None))):
                assert not PLACEHOLDER.search(text), text
                seen.add(text)
        p = e.to_act(s)[0]
        s = e.apply(s, p, rnd.choice(e.legal_actions(s, p))).state
        n += 1
    assert len(seen) > 20


def test_the_game_over_summary_shows_every_final_score_whole():
    """A 4-player Kanban EV game ends with one final-scoring event per player (each ending in
    its total) and "Game over.": all of them fit the image whole; none ends in "…" before
    the runner-up's total (seen: "training tracks 1…")."""

    from renderers import summary_layout
    from renderers.base import Text

    e = registry.get("kanban-ev")
    names = ["Jiří Novák", "Bartholomew", "Kristýna Dvořáková", "Wilhelmina"]
    s = e.setup(names, None, 7)
    rnd = random.Random(7)
    while not e.is_over(s):
        p = e.to_act(s)[0]
        out = e.apply(s, p, rnd.choice(e.legal_actions(s, p)))
        s = out.state
    last = [ev.text for ev in out.events if ev.public]
    scoring = [t for t in last if "final scoring" in t]
    assert len(scoring) == 4 and all(re.search(r"total \d+ PP\.$", t) for t in scoring)
    drawn = [el.text for el in summary_layout("kanban-ev", e.view(s, None), last).elements if isinstance(el, Text)]
    body = " ".join(t.strip(" •") for t in drawn)
    for t in scoring:
        assert t.split("; total ")[1] in body and t.split(":")[0] in body
    assert [t for t in drawn if t.endswith("…")] == []
