"""Hidden information and the view/status/describe surface."""

import json

from .helpers import E, act, actor, new, to_build


def test_hidden_things_do_not_change_the_spectator_view():
    s = to_build(new(4, seed=3))
    assert len(s.order_pile) == 6 and len(s.energy_deck) == 5
    other = s.model_copy(deep=True)
    other.seed = 999
    other.order_pile = list(reversed(s.order_pile))
    other.energy_deck = list(reversed(s.energy_deck))
    # the 3 removed energy tiles are unseen too: swap a deck tile with a removed one
    d = other.energy_deck
    r = other.energy_removed
    j = next(k for k in range(3) if r[k] != d[0]) if any(x != d[0] for x in r) else None
    if j is not None:
        d[0], r[j] = r[j], d[0]
    assert other != s
    assert E.view(other, None) == E.view(s, None)
    for seat in ("p0", "p3"):
        assert E.view(other, seat) == E.view(s, seat)


def test_unused_turn_order_tiles_are_hidden_during_the_auction():
    s = new(3, seed=7)
    other = s.model_copy(deep=True)
    other.order_unused = list(reversed(s.order_unused))
    other.seed = 8
    assert E.view(other, None) == E.view(s, None)
    assert E.view(s, None)["auction"]["unused_count"] == 2


def test_view_shape_and_json():
    s = new(3, seed=7)
    v = E.view(s, None)
    json.dumps(v)
    assert v["game"] == "factory-manager" and v["round"] == 1 and v["phase"] == "auction"
    assert v["to_act"] == ["p2"] and v["order"] == ["p2", "p1", "p0"]
    assert [p["seat"] for p in v["players"]] == ["p0", "p1", "p2"]
    p0 = v["players"][0]
    assert p0["workers"] == {
        "available": 3,
        "canteen": 4,
        "bid": 0,
        "used": 0,
        "demolishing": 0,
        "temps": 0,
        "total": 7,
    }
    assert p0["income"] == 20 and p0["discount"] == 1  # tile 5: discount 1 (ASSUMED)
    assert v["auction"]["offer"] == [1, 2, 6] and v["auction"]["chooser"] == "p2"
    assert set(v["market"]) <= set(v["tiles"]) and set(p0["hall"]) <= set(v["tiles"])
    assert v["tiles"]["a-ma1"]["production"] == 1 and v["tiles"]["a-ma1"]["workers"] == 2
    assert v["energy"] == {"step": 1, "price": 1, "revealed": [], "deck_count": 5, "removed_count": 3}
    assert "seed" not in json.dumps(v)
    assert E.view(s, "p1")["you"] == "p1" and "you" not in v
    assert E.private_view(s, "p1") is None and E.has_hands is False


def test_status_names_round_phase_and_actor():
    s = new(3, seed=7)
    assert (
        E.status(s) == "Round 1/5, phase 1 (turn-order auction): p2 chooses a tile from 1, 2, 6 and opens the bidding."
    )
    s = act(s, "open 6 bid 1")
    assert E.status(s) == "Round 1/5, phase 1 (turn-order auction): tile 6, high bid 1 by p2; p0 to raise or pass."
    s = to_build(s)
    assert E.status(s).startswith(f"Round 1/5, phase 3 (buy, demolish and hire): {actor(s)} buys")


def test_describe_and_rules_summary():
    s = new(3, seed=7)
    a = E.parse(s, "open 6 bid 1")
    assert E.describe(s, a) == "Open the auction for turn-order tile 6 with 1 worker."
    assert E.parse(s, "OPEN 6 1") == a
    assert list(E.rules_summary)[0] == "overview"
    assert {"auction", "market", "build", "production", "income", "end"} <= set(E.rules_summary)


def test_every_legal_action_has_a_sentence_and_short_notation():
    import random

    rnd = random.Random(5)
    s = new(4, seed=5)
    while not E.is_over(s):
        (seat,) = E.to_act(s)
        legal = E.legal_actions(s, seat)
        for a in legal:
            text = E.describe(s, a)
            assert text[0].isupper() and text.endswith(".")
            assert len(E.notation(s, a)) <= 40
        s = E.apply(s, seat, rnd.choice(legal)).state
    assert E.status(s) == f"Game over after round {s.round}."  # the ranking is the host's


def test_status_in_phase_4_shows_the_staffing():
    from .helpers import finish_build

    s = finish_build(to_build(new(3, seed=7)))
    # start factory: 2 machines x 2 workers = 4 of 7 in the canteen, no robots
    assert E.status(s) == (
        "Round 1/5, phase 4 (bureaucracy): p2 switches machines/robots off or on, then "
        "`done` (canteen needs 4 of 7 workers, one must stay free; 0 robots for 2 machines)."
    )
