"""Seeded Transport games replay to the very same positions.

The engine's speed work must not change a single legal list, its order, or a state. Each
game below is played by a seeded random policy over ``legal_actions`` (as in
``bench.engine_playouts``); the digest covers every legal list in order (notation), every
event text and the final state's JSON. The expected digests are literals captured from the
engine BEFORE the issue-13.4 speed-up of this session (main at fe98870), so any change of
behaviour — another legal move, another order, another state — fails here.
"""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from engines.base import default_notation
from engines.i18n import from_json
from engines.transport.engine import ENGINE as E


def as_digested(data: dict, state) -> dict:
    """A state's JSON or a view with its ``recent`` texts as the English segments that the
    state held before they were stored structured (so that they read in every language):
    the digests below were captured then, and the texts' English is still what they cover."""

    if "recent" in data:
        data = {**data, "recent": [E.segments(state, str(from_json(r))) for r in data["recent"]]}
    return data


def digest(n_players: int, seed: int, ai: bool = False) -> tuple[str, int]:
    """(sha256 hex of the whole game, number of actions) of the seeded game: random moves,
    or with ``ai`` the game's AI in every seat."""

    rnd = random.Random(f"det:{n_players}:{seed}:{ai}")
    players = [f"p{i}" for i in range(n_players)]
    state = E.setup(players, None, seed)
    h = hashlib.sha256()
    steps = 0
    while not E.is_over(state):
        player = E.to_act(state)[0]
        legal = E.legal_actions(state, player)
        h.update("|".join(default_notation(a) for a in legal).encode())
        action = E.ai.choose(state, player, rnd) if ai else rnd.choice(legal)
        out = E.apply(state, player, action)
        h.update("|".join(f"{e.type}:{e.text}:{e.visible_to}" for e in out.events).encode())
        state = out.state
        steps += 1
    h.update(json.dumps(as_digested(E.state_to_json(state), state), sort_keys=True).encode())
    h.update(json.dumps(E.scores(state), sort_keys=True).encode())
    return h.hexdigest(), steps


# (players, seed, AI?) -> (digest, actions), captured from the engine before the speed-up
EXPECTED = {
    (2, 1, False): ("edc4731ee0dc7bcdc32a521f60e927a4d76243580a86e7589d8732a2039eff66", 180),
    (2, 7, False): ("66aa4c8a8a01a8629d58cf39dd19068e53c99827066786a07c52ef62133bd303", 206),
    (2, 42, False): ("e716100c099ce91cf4c8d5e4d9f06ff0af6a2a919fe0a5dccf0d5fe515c7d944", 211),
    (2, 100, False): ("c1584b11bf006bea0d0d0b4720148aa347d787418ad9709f68299364c0f913a3", 135),
    (2, 2026, False): ("b4920cc7a80479a0ddf2c3ba198527316ae2644438a40bb32766035ea3f44ea6", 180),
    (3, 1, False): ("fc99c677e3dcf59f17cd8efb4926e32ea5ed13722bb0d750dec61438a94eff44", 192),
    (3, 7, False): ("82cb8288679cb572767ee44c13eb0118f8af9a610ae32a1fb5c5bbb92d7f71d8", 195),
    (3, 42, False): ("d71ef2f543d251080071e9d5a3e06e36f8af29dffde31816e4d25d606e898efd", 178),
    (3, 100, False): ("bafcf1ac509fdfdc4cdbd4632b68bcbd6b732fea03f25aaeb145065963b97b70", 200),
    (3, 2026, False): ("c97307463b029389d4aa1aebc72ce4c0a3338f5c138fb37cbaf1c6bd6782533a", 186),
    (4, 1, False): ("0ee06c9a1afb8cb48756032c794d40ae9290f892e16fb1dc107c64bcf730f731", 165),
    (4, 7, False): ("6a0d1662f31febfbcee3392186bdfc8054dfb35fd7512809e89ccfc3700d26dd", 182),
    (4, 42, False): ("d5e4cb124831a9eaf655ab9026aed85bac70e865394c1e3683a7e0555317f2a5", 177),
    (4, 100, False): ("534f2a554ad8707b19d8ae226e4d95299f09588f740fbe11c5a90aba39be2768", 180),
    (4, 2026, False): ("19727f8b0caa4c47f48397aea232963c725d027dbeb0f03e18288e5afd408ec1", 174),
    (2, 3, True): ("45efedd45695002b7f7a0bd178afa54f54474b797a70be31a0f58e56ba57d2a2", 171),
    (3, 3, True): ("4e136ee487e73c8b5c363f0c843d1a917728097b96225f1eff7d52dc547ca08a", 164),
    (4, 3, True): ("8b6cd1f3ffcb6f9a2c8cdb5f2f3140b6e1d1300bc5f2a28c377cbb87fcc63b87", 89),
}


@pytest.mark.parametrize("n_players,seed,ai", sorted(EXPECTED))
def test_seeded_games_replay_identically(n_players, seed, ai):
    assert digest(n_players, seed, ai) == EXPECTED[(n_players, seed, ai)]


def replay_digest(n_players: int, seed: int) -> tuple[str, int]:
    """:func:`digest` of the same random game, each step taken on a state rebuilt from its JSON
    with an action rebuilt from its JSON (no object the engine listed or remembered is used), and
    with every seat's view and the spectator's view of every third position hashed as well."""

    rnd = random.Random(f"det:{n_players}:{seed}:False")
    players = [f"p{i}" for i in range(n_players)]
    state = E.setup(players, None, seed)
    h = hashlib.sha256()
    v = hashlib.sha256()
    steps = 0
    while not E.is_over(state):
        state = E.state_from_json(json.loads(json.dumps(E.state_to_json(state))))
        for seat in [*players, None] if steps % 3 == 0 else []:
            v.update(json.dumps(as_digested(E.view(state, seat), state), sort_keys=True).encode())
        player = E.to_act(state)[0]
        legal = E.legal_actions(state, player)
        h.update("|".join(default_notation(a) for a in legal).encode())
        action = E.action_from_json(E.action_to_json(rnd.choice(legal)))
        out = E.apply(E.state_from_json(E.state_to_json(state)), player, action)
        h.update("|".join(f"{e.type}:{e.text}:{e.visible_to}" for e in out.events).encode())
        state = out.state
        steps += 1
    h.update(json.dumps(as_digested(E.state_to_json(state), state), sort_keys=True).encode())
    h.update(json.dumps(E.scores(state), sort_keys=True).encode())
    return h.hexdigest() + ":" + v.hexdigest()[:16], steps


# the same games as in EXPECTED (the part before ':' is theirs), and a digest of every view
# along them, captured from the engine before the random-playout speed-up (main at d1927ef)
EXPECTED_REPLAYED = {
    (2, 7): ("66aa4c8a8a01a8629d58cf39dd19068e53c99827066786a07c52ef62133bd303:fdf3a5460d1a1548", 206),
    (4, 42): ("d5e4cb124831a9eaf655ab9026aed85bac70e865394c1e3683a7e0555317f2a5:c5d57eaa1002de22", 177),
}


@pytest.mark.parametrize("n_players,seed", sorted(EXPECTED_REPLAYED))
def test_rebuilt_states_and_actions_replay_identically(n_players, seed):
    got = replay_digest(n_players, seed)
    assert got[0].split(":")[0] == EXPECTED[(n_players, seed, False)][0]
    assert got == EXPECTED_REPLAYED[(n_players, seed)]
