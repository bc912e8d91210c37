"""The move builder's tree (bot.builder) over whole games of every game: its leaves are
exactly the legal actions, every step fits Discord (≤ 25 options, labels ≤ 80 characters,
details ≤ 100), a move takes at most 5 decisions (6 presses with Play, median at most 4), and
the `/move` suggestions reach any legal move in at most 4 picks."""

from __future__ import annotations

import json
import random
import statistics

import pytest

from bot.builder import Builder, PathError, decode_path, encode_path, narrow, suggest
from engines import registry
from engines.base import Choice

#: (game, players, seed, sample every n-th state): the tables of the done-when list
GAMES = [
    ("factory-manager", 3, 11, 2),
    ("kanban-ev", 3, 12, 3),
    ("visiting-kaunas", 2, 13, 1),
    ("transport", 2, 14, 2),
    ("transport", 4, 15, 3),
]


def playout(game_id: str, players: int, seed: int):
    """Yield ``(engine, state, player)`` for every acting seat of every state of one seeded
    random game, the state before the move is chosen."""

    e = registry.get(game_id)
    seats = [f"p{i}" for i in range(players)]
    s = e.setup(seats, None, seed)
    rnd = random.Random(seed)
    while not e.is_over(s):
        acting = e.to_act(s)
        for p in acting:
            yield e, s, p
        p = acting[0]
        s = e.apply(s, p, rnd.choice(e.legal_actions(s, p))).state


def _key(action) -> str:
    return json.dumps(action.model_dump(mode="json"), sort_keys=True)


def picks_to(engine, state, actions, target, notations: list[str]) -> int:
    """How many suggestions a player picks from an empty `/move` box to reach ``target``, always
    picking the one suggestion that can still become it (the test fails when none or two can)."""

    at = actions.index(target)
    goal = notations[at]
    typed, picks = "", 0
    while picks < 8:
        values = [v for _, v in suggest(engine, state, actions, typed, notations)]
        assert len(values) <= 25 and len(set(values)) == len(values)
        picks += 1
        if goal in values:
            return picks
        leading = [v for v in values if at in narrow(v, notations)[0] and v != typed]
        assert len(leading) == 1, (typed, goal, values)
        typed = leading[0]
    return picks


@pytest.mark.parametrize(("game_id", "players", "seed", "every"), GAMES, ids=lambda v: str(v))
def test_the_tree_holds_exactly_the_legal_moves_within_discord_limits(game_id, players, seed, every):
    played_depths = []
    rnd = random.Random(seed)
    for i, (e, s, p) in enumerate(playout(game_id, players, seed)):
        legal = e.legal_actions(s, p)
        b = Builder(e, s, legal)
        # the moves the tree plays, by a path of presses each: exactly the legal set
        leaves = list(b.leaves())
        assert len(leaves) == len(legal)
        assert sorted(_key(a) for _, a in leaves) == sorted(_key(a) for a in legal)
        # a random move's depth counts towards the median (a player picks it)
        played_depths.append(len(b.path_of(rnd.choice(legal))))
        if i % every:
            continue
        for path, action in leaves:
            assert 1 <= len(path) <= 5, (path, action)
            assert b.play(path) == action
        for step in b.steps():
            assert 1 <= len(step.options) <= 25
            assert step.question and step.question[-1] in ".?)"
            labels = [o.label for o in step.options]
            assert len(set(labels)) == len(labels), labels
            for o in step.options:
                assert 0 < len(o.label) <= 80 and len(o.detail) <= 100, o
        notations = [e.notation(s, a) for a in legal]
        for target in rnd.sample(legal, min(len(legal), 8)):
            assert picks_to(e, s, legal, target, notations) <= 4
    presses = [d + 1 for d in played_depths]  # Play, then one press per decision
    assert max(presses) <= 6
    assert statistics.median(presses) <= 4


def test_paths_travel_as_short_text():
    assert encode_path((2, 0, 14, 24)) == "20eo"
    assert decode_path("20eo") == (2, 0, 14, 24)
    assert decode_path("") == ()
    with pytest.raises(PathError):
        decode_path("2!")


def _transport_start(hand: list[str]):
    """A 2-player Transport game at its first step with ``hand`` for the first seat."""

    e = registry.get("transport")
    s = e.setup(["p0", "p1"], None, 7)
    hands = dict(s.hands)
    hands[s.players[0]] = hand
    return e, s.model_copy(update={"hands": hands}), s.players[0]


def test_transport_asks_for_the_tile_first_named_as_on_the_hand_image():
    # Stack ids follow the inventory order of engines/transport/data.py: t1-t4 straight with a
    # parcel icon, t5-t20 further straights (t20 plain), t21-t64 curves, junctions and one-way
    # belts, t65-t68 floor with parcel, t69-t73 floor with wrench (t71), t76-t92 plain floor.
    e, s, p = _transport_start(["t20", "t92", "t71", "t4"])
    b = Builder(e, s, e.legal_actions(s, p))
    first = b.step()
    assert first.question == "Which tile of your hand do you play, or do you swap your hand?"
    assert [o.label for o in first.options] == [
        "t20 (straight belt)",
        "t92 (floor tile)",
        "t71 (floor tile, wrench)",
        "t4 (straight belt, parcel)",
        "Swap your hand",
    ]
    assert first.options[4].action is not None and first.options[4].action.type == "swap_hand"
    # The 2-player start (data.START_LAYOUTS[2]) is one closed line: blue pallet -2,0, s5 -1,0,
    # s1 0,0, s4 1,0, red pallet 2,0; no belt end is open, so a straight belt can only take a
    # pallet's place, turned to meet the neighbouring straight (rotation 0 = edges 0 and 3),
    # the pallet moving on to the new tile's far end: -3,0 for blue, 3,0 for red.
    t20 = b.step((0,))
    assert t20.chosen == ("t20 (straight belt)", "Put it in a pallet's place")
    assert [(o.label, o.action.model_dump()) for o in t20.options] == [
        (
            "The blue pallet at -2,0 · pallet to -3,0",
            {"type": "insert", "tile": "t20", "pallet": "blue", "rotation": 0, "pallet_to": "-3,0"},
        ),
        (
            "The red pallet at 2,0 · pallet to 3,0",
            {"type": "insert", "tile": "t20", "pallet": "red", "rotation": 0, "pallet_to": "3,0"},
        ),
    ]
    assert t20.question == "Which pallet's place does t20 take? Where does the pallet go?"


def test_a_cell_says_what_it_is_next_to():
    e, s, p = _transport_start(["t20", "t92", "t71", "t4"])
    # the floor tile t92 goes against floor sides: the cells around the line of five
    leaves = [a for a in e.legal_actions(s, p) if getattr(a, "tile", "") == "t92"]
    choice = {a.at: e.choices(s, a)[2] for a in leaves}
    # the neighbours of 0,-1 by the axial directions (data.py): 1,-1 east, 0,0 south-east
    # (s1, the loading tile), -1,0 south-west (s5, a straight), -1,-1 west, 0,-2 north-west,
    # 1,-2 north-east; only s1 and s5 are on the field
    assert choice["0,-1"].detail == "Next to s1 (loading tile) south-east, s5 (straight belt) south-west."
    assert all(isinstance(c, Choice) and c.group for c in choice.values())


def test_a_stale_or_bad_path_is_refused():
    e, s, p = _transport_start(["t20", "t92", "t71", "t4"])
    b = Builder(e, s, e.legal_actions(s, p))
    with pytest.raises(PathError):
        b.step((9,))
    with pytest.raises(PathError):
        b.step((4, 0))  # option 4 plays "swap hand": nothing lies beyond it
    with pytest.raises(PathError):
        b.play((0,))  # opens a step, plays nothing


def test_suggestions_narrow_word_by_word():
    e, s, p = _transport_start(["t20", "t92", "t71", "t4"])
    legal = e.legal_actions(s, p)
    # 33 moves (more than 25): first the kind of move, then the tiles
    assert [v for _, v in suggest(e, s, legal, "")] == ["insert", "connect", "swap hand"]
    tiles = suggest(e, s, legal, "connect ")
    # only the floor tiles connect (no belt end is open at the start, see above)
    assert [v for _, v in tiles] == ["connect t92", "connect t71"]
    cells = suggest(e, s, legal, "connect t92")
    assert cells and all(v.startswith("connect t92 ") for _, v in cells)
    # a whole move is offered under the engine's sentence
    whole = dict((v, n) for n, v in suggest(e, s, legal, "swap"))
    assert whole == {"swap hand": "Swap your whole hand for 4 new tiles."}


class _LongSentences:
    """A stub engine whose three moves have sentences over 80 characters and bare-token
    answers (as Transport's inserts read in Czech and Lithuanian): two of them alike in their
    first 80 characters."""

    def choices(self, state, action):
        # two answers that both vary, too long joined ("… · -3,1") for an 80-character label
        return [
            Choice(
                "Which pallet's place?", action.pallet, f"The {action.pallet} pallet in the far corner of the field"
            ),
            Choice("Where does the pallet go?", action.to, f"pallet to {action.to}, away from the loading tiles"),
        ]

    def describe(self, state, action):
        return action.text

    def notation(self, state, action):
        return f"insert t6 blue 0 {action.to}"


class _Move:
    def __init__(self, pallet: str, to: str, text: str):
        self.pallet, self.to, self.text = pallet, to, text


def test_a_long_sentence_is_cut_at_a_word_and_moves_cut_alike_show_their_notation():
    head = "Put t28 (wide curve, forklift) in place of the blue pallet (rotation 0), the pallet"
    moves = [
        _Move("blue", "-3,1", head + " goes to -3,1."),
        _Move("blue", "-3,2", head + " goes to -3,2."),
        _Move(
            "red",
            "5,5",
            "Put t28 (wide curve, forklift) in place of the red pallet at 4,4 with the pallet going to 5,5.",
        ),
    ]
    (step,) = Builder(_LongSentences(), None, moves).steps()
    labels = [o.label for o in step.options]
    # the red one: "… with the pallet" is 80 characters, no room for "…": cut at the space
    # before it (73 characters and "…"), whole in the detail
    assert labels[2] == "Put t28 (wide curve, forklift) in place of the red pallet at 4,4 with the…"
    assert step.options[2].detail == moves[2].text
    # the two blue ones would both read "…(rotation 0), the…": their notation tells them apart
    assert labels[:2] == ["insert t6 blue 0 -3,1", "insert t6 blue 0 -3,2"]
    assert [o.detail for o in step.options[:2]] == [moves[0].text, moves[1].text]
