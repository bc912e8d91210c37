"""Hidden information: hands, stack order and bag order never leak into views."""

import json

from engines.transport.engine import ENGINE as E


def _other_hands_swapped(state, keep: str):
    """A copy where every hand except ``keep``'s is exchanged with stack tiles, the stack is
    reordered and the bag reordered: only hidden things differ."""

    s = state.model_copy(deep=True)
    stack = list(s.stack)
    for p in s.players:
        if p == keep:
            continue
        n = len(s.hands[p])
        s.hands[p], stack = stack[:n], stack[n:] + s.hands[p]
    s.stack = list(reversed(stack))
    s.bag = list(reversed(s.bag))
    s.seed = s.seed + 1000
    return s


def _midgame():
    s = E.setup(["a", "b", "c"], None, 11)
    import random

    rnd = random.Random(11)
    for _ in range(25):
        p = E.to_act(s)[0]
        s = E.apply(s, p, rnd.choice(E.legal_actions(s, p))).state
    return s


def test_views_equal_when_only_hidden_things_differ():
    s = _midgame()
    for keep in s.players:
        t = _other_hands_swapped(s, keep)
        assert t.hands[keep] == s.hands[keep]
        assert t.stack != s.stack
        assert E.view(t, keep) == E.view(s, keep)
        assert E.private_view(t, keep) == E.private_view(s, keep)
    t = _other_hands_swapped(s, "nobody")
    assert E.view(t, None) == E.view(s, None)


def test_player_sees_only_own_hand():
    s = _midgame()
    v = E.view(s, "a")
    assert v["hand"] == s.hands["a"]
    assert [t["tile"] for t in v["hand_tiles"]] == s.hands["a"]
    text = json.dumps(v)
    others = set(s.hands["b"]) | set(s.hands["c"])
    for t in others:
        assert f'"{t}"' not in text
    assert v["hand_sizes"] == {"a": len(s.hands["a"]), "b": len(s.hands["b"]), "c": len(s.hands["c"])}


def test_spectator_sees_no_hand_nor_stack_order():
    s = _midgame()
    v = E.view(s, None)
    assert "hand" not in v and "hand_tiles" not in v
    text = json.dumps(v)
    for p in s.players:
        for t in s.hands[p]:
            assert f'"{t}"' not in text
    for t in s.stack[:10]:
        assert f'"{t}"' not in text
    assert v["stack"] == len(s.stack) and v["bag"] == len(s.bag)
    assert "seed" not in v


def test_private_view_is_the_hand():
    s = E.setup(["a", "b"], None, 3)
    pv = E.private_view(s, "b")
    assert pv["hand"] == s.hands["b"] and len(pv["hand"]) == 4
    assert [t["tile"] for t in pv["hand_tiles"]] == s.hands["b"]
    for t in pv["hand_tiles"]:
        assert t["rotations"][0]["rot"] == 0
    # a straight belt lists rotations 0, 1, 2 (3-5 repeat them); a one-way belt all six
    from tests.engines.transport.helpers import tiles_with

    s2 = s.model_copy(update={"hands": {**s.hands, "b": [tiles_with("straight")[0], tiles_with("oneway")[0]]}})
    rots = [[r["rot"] for r in t["rotations"]] for t in E.private_view(s2, "b")["hand_tiles"]]
    assert rots == [[0, 1, 2], [0, 1, 2, 3, 4, 5]]


def test_draw_event_is_private():
    import re

    s = _midgame()
    for _ in range(40):
        p = E.to_act(s)[0]
        out = E.apply(s, p, E.legal_actions(s, p)[0])
        in_hands = {t for h in out.state.hands.values() for t in h}
        for ev in out.events:
            if ev.type in ("draw-private", "swap-private"):
                assert ev.visible_to == [p]
            if ev.public:  # a public event names only tiles that are no longer in a hand
                assert not set(re.findall(r"\bt\d+\b", ev.text)) & in_hands, ev.text
        s = out.state
        if E.is_over(s):
            break
