"""Helpers for the Factory Manager tests: build states, act by notation, edit a copy.

Editing a state is how a test sets up a position the rules describe (a seat with a given
turn-order tile, money or factory); the expected values in the tests are still worked out
by hand in comments, never by the engine's helpers.
"""

from __future__ import annotations

import json

from engines import registry

E = registry.get("factory-manager")


def new(n: int = 3, seed: int = 1, first_game: bool = False):
    return E.setup([f"p{i}" for i in range(n)], {"first_game": first_game}, seed)


def actor(state) -> str:
    (who,) = E.to_act(state)
    return who


def act(state, text: str, player: str | None = None):
    """Apply the move written as ``text`` for ``player`` (default: whoever is to act)."""

    player = player or actor(state)
    return E.apply(state, player, E.parse(state, text)).state


def edit(state, seat: str | None = None, **fields):
    """A deep copy of ``state`` with ``fields`` set on ``seat``'s PlayerState (or on the
    state itself when ``seat`` is None)."""

    new_state = state.model_copy(deep=True)
    target = new_state if seat is None else new_state.players[int(seat[1:])]
    for k, v in fields.items():
        setattr(target, k, v)
    return new_state


def player(state, seat: str):
    return state.players[int(seat[1:])]


def dump(state) -> str:
    return json.dumps(E.state_to_json(state), sort_keys=True)


def passive_auction(state):
    """Finish the auction phase: every chooser opens its first offered tile at 0, everyone
    passes, the last seat takes its tile for 0."""

    while state.phase == "auction":
        legal = E.legal_actions(state, actor(state))
        a = legal[0]
        if a.type == "open":
            state = act(state, f"open {a.tile} bid 0")
        elif a.type == "take":
            state = act(state, f"take {a.tile} bid 0")
        else:
            state = act(state, "pass")
    return state


def to_build(state, kind: str = "storage"):
    """Passive auction, then every seat places ``kind`` tiles (else the first column), no extras."""

    state = passive_auction(state)
    while state.phase == "market":
        legal = E.legal_actions(state, actor(state))
        if state.in_extras:
            state = act(state, "done")
        elif state.columns[kind]:
            state = act(state, f"place {kind}")
        else:
            state = E.apply(state, actor(state), legal[0]).state
    return state


def finish_build(state):
    while state.phase == "build":
        state = act(state, "done")
    return state


def finish_bureaucracy(state):
    while state.phase == "bureaucracy":
        state = act(state, "done")
    return state


def with_market(s, *ids):
    """A copy of ``s`` with the tiles ``ids`` taken out of their columns and put on the market."""

    s = s.model_copy(deep=True)
    for tid in ids:
        for col in s.columns.values():
            if tid in col:
                col.remove(tid)
        if tid not in s.market:
            s.market.append(tid)
    return s
