"""Seeded Visiting Kaunas and Kanban EV games replay to the very same positions.

The engines' speed work must not change a single legal list, its order, or a state. Each
game below is played by a seeded random policy over ``legal_actions`` (as in
``bench.engine_playouts``; in a simultaneous step the seat to move is drawn too), or by the
game's heuristic AI (``engine.ai``, the "easy" strength) in every seat. The digest covers,
after every step, who is to act, every acting seat's legal list in order (notation and
stored JSON of each action), the chosen move's sentence, every event, the stored JSON of the
state and, every tenth step, the spectator's view; at the end the scores and the ranking.
The expected digests are literals captured from the engines BEFORE their speed-up (main at
d1927ef), so any change of behaviour (another legal move, another order, another state, another
sentence) fails here.
"""

from __future__ import annotations

import hashlib
import json
import random

import pytest

from engines import registry


def digest(game_id: str, n_players: int, seed: int, ai: bool = False) -> tuple[str, int]:
    """(sha256 hex of the whole game, number of actions) of the seeded game: random moves,
    or with ``ai`` the game's heuristic AI in every seat."""

    engine = registry.get(game_id)
    rnd = random.Random(f"det:{game_id}:{n_players}:{seed}:{ai}")
    players = [f"p{i}" for i in range(n_players)]
    state = engine.setup(players, None, seed)
    h = hashlib.sha256()

    def put(value) -> None:
        h.update(json.dumps(value, sort_keys=True).encode())
        h.update(b"\n")

    steps = 0
    while not engine.is_over(state):
        actors = engine.to_act(state)
        put(actors)
        for seat in actors:
            legal = engine.legal_actions(state, seat)
            put([[engine.notation(state, a), engine.action_to_json(a)] for a in legal])
        player = actors[0] if len(actors) == 1 else rnd.choice(actors)
        if ai:
            action = engine.ai.choose(state, player, rnd)
        else:
            action = rnd.choice(engine.legal_actions(state, player))
        put([player, engine.describe(state, action)])
        out = engine.apply(state, player, action)
        put([[e.type, e.text, e.visible_to] for e in out.events])
        state = out.state
        put(engine.state_to_json(state))
        if steps % 10 == 0:
            put(engine.view(state, None))
        steps += 1
    put(engine.scores(state))
    put(engine.ranking(state))
    return h.hexdigest(), steps


# (game, players, seed, AI?) -> (digest, actions), captured from the engines before the speed-up
EXPECTED = {
    ("kanban-ev", 2, 1, False): ("9a6bfd2c1afdfc805c05a1e976ed8ab023bed2412299cd2cd25cad0f9a7820c8", 287),
    ("kanban-ev", 2, 7, False): ("2f5e91dc1ccf57013ace16c3aa329f18745ed923218c92dbfd0849eff3493d10", 210),
    ("kanban-ev", 2, 42, False): ("5028a345ef991310a59edcef0903fa7bacf61c3c9910c27d5ceaa2ec3a9fb809", 288),
    ("kanban-ev", 2, 3, True): ("2f76d8506e2a6e4277984856fe01e1fe5b67e39129d028f9be60b0e5fe56dde2", 226),
    ("kanban-ev", 3, 1, False): ("a4f3cf7c0d81851a7a84691f741f384cbd99fd601b612c62427c7eecdff335e5", 309),
    ("kanban-ev", 3, 7, False): ("1917689d61f2313264ebd0b34dba9f9c7362e926d463fa21fa74b709fad4e003", 297),
    ("kanban-ev", 3, 42, False): ("35eca5fcb3a1a3dcc1895dc028aa8cbc0a8e74d50aab907b842732b2a4e6c0ae", 287),
    ("kanban-ev", 3, 3, True): ("79e3564f7b705148de78de58613faa90cb1e5eda34fe187a02a9fc58fad0cf1d", 319),
    ("kanban-ev", 4, 1, False): ("b9dca3cebc9130a25b9387bccf58db26696f6fedf3161175e0638bdd9a1272c6", 379),
    ("kanban-ev", 4, 7, False): ("5ceeb0aecb71b19bbdb30a2b92b9a2c96e2d7d0710993e1684cc77a7d6345100", 389),
    ("kanban-ev", 4, 42, False): ("8d3d4470befd85d0426e251aac09b20110869a3dc6cb5101604e1bbc7fcdb8ed", 354),
    ("kanban-ev", 4, 3, True): ("134c5f4d9180d739d21f3aa5d1681f9a24e3f68e86d79229208b7b2fad30492e", 362),
    ("visiting-kaunas", 2, 1, False): ("becc0e0f05cd3cbc9c5b7841930daf5ff55b9ae5894cfb884b4790d7bb8749ed", 94),
    ("visiting-kaunas", 2, 7, False): ("0251997100a4c2e6845c64c1741f205bbe1f9a4ae4d4b5fdc570a00baf720f7a", 72),
    ("visiting-kaunas", 2, 42, False): ("40f7c443ee526225f5d8bf9124d1b86ae4a976bb8f482a5a98adfa8103eaef68", 98),
    ("visiting-kaunas", 2, 100, False): ("1abfc0903348a03fe91460ccf2cf92da66f26ea99461378fa29b1862de586cd5", 85),
    ("visiting-kaunas", 2, 2026, False): ("64912bb6f0d63863b728274ab32d23af56458b5b86b5420599e56b041fc439b8", 102),
    ("visiting-kaunas", 2, 3, True): ("ea4757db98a2b3fe44387375e1cd5e8d0a1afb5964826f215190265c7717df0f", 191),
    ("visiting-kaunas", 3, 1, False): ("db74d6cf8f7eb228d056f818b4fff36f16b5ee73d300ef52aa103398d6954430", 96),
    ("visiting-kaunas", 3, 7, False): ("06a33029d4684e6b0d7acbd6b7a8eff30f5b8d685beb2351fd51ac9c113fd9b9", 82),
    ("visiting-kaunas", 3, 42, False): ("c61516bfff4a3bad84c096d7d9c6aaf445cedde8c1d895c65a0783f5c1565548", 111),
    ("visiting-kaunas", 3, 100, False): ("1e971bfdef10699ac47f8bac3828c2b0961acc51fe32e83c3bb791e27f24fa91", 95),
    ("visiting-kaunas", 3, 2026, False): ("236c3afa6552e06f92b3c15877911740a08e4a46b083dbf882adc14fab9d2344", 122),
    ("visiting-kaunas", 3, 3, True): ("17f532ffc2f527e0eed302289833a034f1bd0c0b5a8fee86f24318f0e04c29b1", 220),
    ("visiting-kaunas", 4, 1, False): ("72e49d1ad9abbc6dba0bb71845b9331cfb0df7e1caaca4e3f5a5bb811e7fa2ea", 89),
    ("visiting-kaunas", 4, 7, False): ("6589440ce8121c65178a42df98b903aa384ededc32894a1af4648a0737c4459a", 67),
    ("visiting-kaunas", 4, 42, False): ("69eb3a1e25085c203ca0283a5e3ae994b0f2537bd1d735de90359d6f05e068ea", 79),
    ("visiting-kaunas", 4, 100, False): ("f9c12ad4c144581c61189c3ae0264c917aa473a27ef5bc0cbe8bd550954e318a", 137),
    ("visiting-kaunas", 4, 2026, False): ("5cdc2fbbb1092c56ef29b3fe49104d19c643342ca6e38feca043957a203ecd52", 82),
}


@pytest.mark.parametrize("game_id,n_players,seed,ai", sorted(EXPECTED))
def test_seeded_games_replay_identically(game_id, n_players, seed, ai):
    assert digest(game_id, n_players, seed, ai) == EXPECTED[(game_id, n_players, seed, ai)]
