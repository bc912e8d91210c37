"""Every engine's ``copy_state`` gives a copy that ``_apply`` may change freely: equal to
the state, with its set fields (or more), and sharing no mutable container with it except the
parts an engine documents as replaced, never changed in place (Transport's field of
frozen cells and the pairs and segments named in its ``copy_state``)."""

from __future__ import annotations

import random

import pytest
from pydantic import BaseModel

from engines import registry


def _containers(value, path="state"):
    """(path, object) of every list, dict and model inside ``value``, ``value`` included."""

    if isinstance(value, BaseModel):
        yield path, value
        for name in type(value).model_fields:
            yield from _containers(getattr(value, name), f"{path}.{name}")
    elif isinstance(value, dict):
        yield path, value
        for k, v in value.items():
            yield from _containers(v, f"{path}[{k!r}]")
    elif isinstance(value, list):
        yield path, value
        for i, v in enumerate(value):
            yield from _containers(v, f"{path}[{i}]")


# parts a game's copy_state shares on purpose (replaced, never changed in place)
SHARED = {
    # the field (a dict of frozen cells) and the changed cells are replaced by each step
    "transport": ("state.field", "state.changed", "state.bag[", "state.scored[", "state.recent["),
    # the players' states and the dice: the rules replace one by a copy before they change it
    # (rules.own, rules.own_die); lists the rules only ever replace
    "visiting-kaunas": ("state.pl[", "state.dice[", "state.players", "state.first_rolls", "state.udeck", "state.drawn"),
    # the players' boards and the factory board's fields few moves change: the rules copy
    # one before a step changes it (rules.own, rules.changing; the final scores are replaced)
    "kanban-ev": ("state.player_boards[",)
    + tuple(
        f"state.board.{name}"
        for name in ("factory_goals", "award_tiles", "upgrade_spaces", "assembly_lines", "final_scores")
    ),
}


def _states(engine, n_players: int, seed: int, steps: int = 400):
    rnd = random.Random(seed)
    state = engine.setup([f"p{i}" for i in range(n_players)], None, seed)
    for _ in range(steps):
        if engine.is_over(state):
            return
        yield state
        actors = engine.to_act(state)
        player = rnd.choice(actors)
        state = engine.apply(state, player, rnd.choice(engine.legal_actions(state, player))).state


@pytest.mark.parametrize("game_id", ["transport", "visiting-kaunas", "kanban-ev"])
def test_copy_state_is_equal_and_shares_nothing_mutable(game_id):
    engine = registry.get(game_id)
    allowed = SHARED.get(game_id, ())
    checked = 0
    for state in _states(engine, 3, seed=11):
        copy = engine.copy_state(state)
        assert copy == state
        assert copy.model_fields_set >= state.model_fields_set
        originals = {id(obj): path for path, obj in _containers(state)}
        for path, obj in _containers(copy):
            if id(obj) in originals and not path.startswith(allowed):
                pytest.fail(f"{game_id}: {path} is shared with the original state")
        checked += 1
    assert checked > 50
