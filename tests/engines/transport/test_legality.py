"""``apply`` accepts exactly the actions ``legal_actions`` lists.

``apply`` checks a proposed move on its own cells instead of listing every option, so this
property ties the two together: for legal actions, for legal actions with one field
changed (near misses: another cell, rotation, tile, pallet) and for random actions of every
type, ``apply`` succeeds if and only if the action (its rotation made the lowest of its
kind, as ``apply`` does) is in the list. It also checks that the grid and open cells that
``apply`` derives for the next state from the changed cells only are those computed afresh.
"""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engines import IllegalAction
from engines.transport import data
from engines.transport import hexes as hx
from engines.transport import rules as R
from engines.transport.actions import ACTIONS, Connect, Insert, Lift, Load, Move, SwapHand, SwapPallets, Wrench
from engines.transport.engine import ENGINE as E
from engines.transport.hexes import grid_of

STACK = [t for t, _s, _i in data.stack_tiles()]


def _pools(state, player, rnd):
    grid = grid_of(state)
    cells = sorted(grid) + sorted(hx.frontier(grid)) + [(rnd.randint(-9, 9), rnd.randint(-9, 9)) for _ in range(3)]
    keys = [hx.key(c) for c in cells] + ["x", "1,"]
    return {
        "tile": state.hands[player] + rnd.sample(STACK, 3) + [c.tile for c in state.field.values()][:2],
        "at": keys,
        "to": keys,
        "pallet_to": keys + [None],
        "rotation": list(range(7)),
        "facing": list(range(-1, 7)),
        "pallet": list(data.COLOURS) + ["pink"],
        "a": list(data.COLOURS),
        "b": list(data.COLOURS),
    }


def _candidates(state, player, legal, rnd, n_random=12):
    pools = _pools(state, player, rnd)
    out = rnd.sample(legal, min(4, len(legal)))
    for a in rnd.sample(legal, min(8, len(legal))):  # near misses: one field changed
        fields = [f for f in type(a).model_fields if f != "type"]
        if fields:
            f = rnd.choice(fields)
            value = rnd.choice(pools[f])
            if value is not None or isinstance(a, Wrench):  # only a wrench's pallet_to may be left out
                out.append(a.model_copy(update={f: value}))
    for _ in range(n_random):  # any type, any values
        model = rnd.choice(ACTIONS)
        values = {f: rnd.choice(pools[f]) for f in model.model_fields if f != "type"}
        if model is Insert and values["pallet_to"] is None:
            values["pallet_to"] = "0,0"
        out.append(model(**values))
    return out


def _accepted(state, player, action) -> bool:
    try:
        E.apply(state, player, action)
    except IllegalAction as err:
        assert str(err) and "\n" not in str(err)
        return False
    return True


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), n=st.sampled_from([2, 3, 4]))
def test_apply_accepts_exactly_the_listed_actions(seed, n):
    rnd = random.Random(seed)
    players = [f"p{i}" for i in range(n)]
    s = E.setup(players, None, seed)
    for _step in range(120):
        if E.is_over(s):
            break
        p = E.to_act(s)[0]
        legal = E.legal_actions(s, p)
        for c in _candidates(s, p, legal, rnd):
            listed = R.canonical(s, c) in legal
            assert _accepted(s, p, c) == listed, (s.phase, c, listed)
        other = players[(players.index(p) + 1) % n]
        assert not _accepted(s, other, legal[0])
        s = E.apply(s, p, rnd.choice(legal)).state
        grid, front = E._board(s)
        assert grid == grid_of(s)
        assert front == hx.frontier(grid_of(s))


def test_every_listed_action_is_accepted_in_a_wrench_step():
    """The wrench step with the most options of a few seeded games: each one is accepted,
    each with the destination moved to another cell is accepted only if listed too."""

    best = None
    for seed in range(3):
        rnd = random.Random(seed)
        s = E.setup(["p0", "p1", "p2"], None, seed)
        while not E.is_over(s):
            p = E.to_act(s)[0]
            legal = E.legal_actions(s, p)
            if s.phase == "wrench" and (best is None or len(legal) > len(best[1])):
                best = (s, legal)
            s = E.apply(s, p, rnd.choice(legal)).state
    assert best is not None
    s, legal = best
    p = E.to_act(s)[0]
    assert all(E._is_legal(s, p, a) for a in legal)
    listed = set(legal)
    for a in legal[::7]:
        for dq, dr in hx.DIRS:
            to = hx.parse_key(a.to)
            moved = Wrench(at=a.at, to=hx.key((to[0] + dq, to[1] + dr)), rotation=a.rotation, pallet_to=a.pallet_to)
            assert E._is_legal(s, p, moved) == (moved in listed)


@pytest.mark.parametrize(
    "action",
    [
        SwapHand(),
        Load(at="0,0"),
        Move(at="0,0", to="1,0"),
        Lift(pallet="red", to="1,0", facing=0),
        SwapPallets(a="red", b="blue"),
        Connect(tile="t1", at="1,0", rotation=0),
        Insert(tile="t1", pallet="red", rotation=0, pallet_to="3,0"),
    ],
)
def test_nothing_is_accepted_when_the_game_is_over(action):
    s = E.setup(["p0", "p1"], None, 1).model_copy(update={"phase": "over"})
    assert E.legal_actions(s, "p0") == []
    assert not _accepted(s, "p0", action)


def test_listed_actions_are_the_validated_models_and_stay_so_after_copies():
    """The engine builds its legal actions without validation (sharing one set of set fields
    per model): each equals the model validated from its own fields, with the same set fields,
    and a copy with a field changed leaves every listed action as it was."""

    rnd = random.Random(5)
    state = E.setup(["p0", "p1"], None, 3)
    seen_types = set()
    for _ in range(120):
        if E.is_over(state):
            break
        player = E.to_act(state)[0]
        legal = E.legal_actions(state, player)
        for a in rnd.sample(legal, min(6, len(legal))):
            fields = {f: getattr(a, f) for f in type(a).model_fields if f != "type"}
            validated = type(a)(**fields)
            assert a == validated and a.model_fields_set == validated.model_fields_set
            if fields:
                before = [(x, set(x.model_fields_set)) for x in legal]
                name = next(iter(fields))
                copy = a.model_copy(update={name: fields[name]})
                copy.model_fields_set.add("type")  # a copy's set is its own
                assert all(x.model_fields_set == s for x, s in before)
            seen_types.add(a.type)
        state = E.apply(state, player, rnd.choice(legal)).state
    assert {"connect", "wrench", "move"} <= seen_types
