"""The engine against its frozen copy from before the issue-23.5 speed-up
(:mod:`tests.engines.transport._reference`): at every state of seeded random games (2, 3 and
4 players) both list the same legal actions in the same order (notation, fields and set
fields), and applying the same choice gives the same events and the same state JSON.

Every few states the live engine is also asked about a copy of the state read back from its
JSON (a stored game: no memo of the engine's can apply) and about an older state again (a
memo of the last state seen must not answer for another), and must answer the same."""

from __future__ import annotations

import json
import random

import pytest

from engines.base import default_notation
from engines.transport.engine import ENGINE as NEW
from engines.transport.engine import Transport
from tests.engines.transport._reference.engine import Transport as Reference

#: (players, seeds): a few hundred states per player count at least
GAMES = {2: range(3), 3: range(100, 103), 4: range(200, 203)}


def listed(legal) -> list[tuple]:
    """A legal list as plain data: notation, every field and the set fields, in order."""

    return [(default_notation(a), a.model_dump(), sorted(a.model_fields_set)) for a in legal]


def happened(outcome) -> list[tuple]:
    return [(e.type, str(e.text), e.visible_to, e.public) for e in outcome.events]


def as_json(engine, state) -> str:
    return json.dumps(engine.state_to_json(state), sort_keys=True)


def play(n: int, seed: int, ref, new) -> int:
    """Play one seeded random game with both engines side by side; the number of states."""

    rnd = random.Random(f"ref:{n}:{seed}")
    players = [f"p{i}" for i in range(n)]
    s_ref, s_new = ref.setup(players, None, seed), new.setup(players, None, seed)
    assert as_json(new, s_new) == as_json(ref, s_ref)
    older = None
    states = 0
    while not ref.is_over(s_ref):
        assert not new.is_over(s_new)
        assert new.to_act(s_new) == ref.to_act(s_ref)
        player = ref.to_act(s_ref)[0]
        legal_ref = ref.legal_actions(s_ref, player)
        legal_new = new.legal_actions(s_new, player)
        assert listed(legal_new) == listed(legal_ref), (n, seed, states, s_ref.phase)
        if states % 7 == 3:
            # a stored copy, and an older state, then this one again (memos must not answer wrong)
            stored = new.state_from_json(json.loads(as_json(new, s_new)))
            assert listed(new.legal_actions(stored, player)) == listed(legal_ref)
            if older is not None:
                o_state, o_player, o_listed = older
                assert listed(new.legal_actions(o_state, o_player)) == o_listed
            older = (s_new, player, listed(legal_ref))
            legal_new = new.legal_actions(s_new, player)
        i = rnd.randrange(len(legal_ref))
        out_ref = ref.apply(s_ref, player, legal_ref[i])
        out_new = new.apply(s_new, player, legal_new[i])
        assert happened(out_new) == happened(out_ref), (n, seed, states)
        assert as_json(new, out_new.state) == as_json(ref, out_ref.state), (n, seed, states)
        # the state before is unchanged by the step (engines are pure)
        s_ref, s_new = out_ref.state, out_new.state
        states += 1
    assert new.is_over(s_new)
    assert new.scores(s_new) == ref.scores(s_ref)
    return states


@pytest.mark.parametrize("n", sorted(GAMES))
def test_same_legal_actions_and_states_as_the_reference(n):
    ref, new = Reference(), Transport()
    states = sum(play(n, seed, ref, new) for seed in GAMES[n])
    assert states >= 300


def test_the_registered_engine_too():
    """The shared engine (whose memos a host's other games also fill) on one game per count."""

    ref = Reference()
    for n in (2, 3, 4):
        play(n, 7 + n, ref, NEW)


def test_apply_leaves_the_state_before_as_it_was():
    ref, new = Reference(), Transport()
    rnd = random.Random(5)
    s_new = new.setup(["a", "b", "c"], None, 5)
    s_ref = ref.setup(["a", "b", "c"], None, 5)
    for _ in range(150):
        if new.is_over(s_new):
            break
        player = new.to_act(s_new)[0]
        before = as_json(new, s_new)
        legal = new.legal_actions(s_new, player)
        i = rnd.randrange(len(legal))
        nxt = new.apply(s_new, player, legal[i]).state
        assert as_json(new, s_new) == before
        # the same state asked again after its successor was seen
        assert listed(new.legal_actions(s_new, player)) == listed(ref.legal_actions(s_ref, player))
        s_ref = ref.apply(s_ref, player, ref.legal_actions(s_ref, player)[i]).state
        s_new = nxt
