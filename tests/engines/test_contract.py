"""The engine contract, checked for EVERY registered game (``registry.ids()``): a new game
package is checked here without opting in. See docs/architecture.md, "The engine contract"."""

from __future__ import annotations

import importlib
import json
import random
import re

import pytest

from engines import registry
from engines.base import ActionModel, Engine, IllegalAction, NotationError
from tests.engines.contract import dump, play_checked, random_policy

GAMES = registry.ids()


def test_the_four_games_are_registered():
    assert {"factory-manager", "kanban-ev", "transport", "visiting-kaunas"} <= set(GAMES)


@pytest.mark.parametrize("game_id", GAMES)
def test_identity_and_package_shape(game_id):
    e = registry.get(game_id)
    assert isinstance(e, Engine) and e.id == game_id
    assert re.fullmatch(r"[a-z][a-z0-9]*(-[a-z0-9]+)*", e.id)
    assert e.title and 1 <= e.min_players <= e.max_players
    e.Options()  # every option has a default
    assert e.action_models and all(issubclass(m, ActionModel) for m in e.action_models)
    assert list(e.rules_summary)[0] == "overview"
    assert all(t == t.lower() and " " not in t for t in e.rules_summary)
    assert e.ai is not None and e.AI is not None and type(e.ai) is e.AI
    # one package shape (docs/architecture.md); the engine lives in <package>/engine.py
    package = type(e).__module__.rsplit(".", 1)[0]
    assert type(e).__module__ == f"{package}.engine"
    assert importlib.import_module(f"{package}.engine").ENGINE is e
    for part in ("actions", "state", "rules", "ai", "data", "text"):
        importlib.import_module(f"{package}.{part}")


@pytest.mark.parametrize("game_id", GAMES)
def test_a_whole_random_game_keeps_the_contract(game_id):
    """Setup with the fewest players, then random legal moves to the end: after every step the
    JSON round trip, an untouched input, unique notations that parse back, views for every seat
    (JSON-able); at the end a ranking of every seat and a replay giving the same state."""

    e = registry.get(game_id)
    players = [f"p{i}" for i in range(e.min_players)]

    def json_views(state):
        for seat in [None, *players]:
            json.dumps(e.view(state, seat))

    play_checked(e, players, seed=3, policy=random_policy, check=json_views, notation_every=7)


@pytest.mark.parametrize("game_id", GAMES)
def test_apply_refusals_change_nothing(game_id):
    """The base class's preamble: a stranger, a seat out of turn; text naming no move is a
    NotationError; the AI picks one of the legal actions."""

    e = registry.get(game_id)
    players = [f"p{i}" for i in range(e.max_players)]
    s = e.setup(players, None, 5)
    before = dump(e, s)
    actor = e.to_act(s)[0]
    action = e.legal_actions(s, actor)[0]
    with pytest.raises(IllegalAction, match="^You are not seated in this game.$"):
        e.apply(s, "stranger", action)
    waiting = [p for p in players if p not in e.to_act(s)]
    if waiting:
        with pytest.raises(IllegalAction, match="^It is not your turn"):
            e.apply(s, waiting[0], action)
    with pytest.raises(NotationError):
        e.parse(s, "zzz-not-a-move 1 2 3")
    assert dump(e, s) == before
    assert e.ai.choose(s, actor, random.Random(1)) in e.legal_actions(s, actor)
