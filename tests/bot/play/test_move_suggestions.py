"""The `/move` suggestions (bot.builder.suggest) over sampled states of every game: picking
suggestions only, from an empty box, reaches EVERY legal move in at most 4 picks, and each
list fits Discord (at most 25 suggestions, names and values of at most 100 characters)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.builder import suggest
from engines import registry

#: (game, players, seed, states sampled): a seeded random game each
GAMES = [
    ("factory-manager", 3, 21, 12),
    ("kanban-ev", 3, 22, 12),
    ("visiting-kaunas", 2, 23, 12),
    ("transport", 2, 24, 5),
    ("transport", 4, 25, 4),
]


def states(game_id: str, players: int, seed: int):
    """``(engine, state, seat)`` for each state of one seeded random game (the acting seat)."""

    e = registry.get(game_id)
    s = e.setup([f"p{i}" for i in range(players)], None, seed)
    rnd = random.Random(seed)
    while not e.is_over(s):
        seat = e.to_act(s)[0]
        yield e, s, seat
        s = e.apply(s, seat, rnd.choice(e.legal_actions(s, seat))).state


def picks_needed(engine, state, actions) -> dict[str, int]:
    """``{notation: picks}`` for every move reachable by picking suggestions, breadth first:
    a pick either is a whole move or puts its text in the box, and the next suggestions are
    those of that text. A picked text is worth following when another move starts with it."""

    notations = [engine.notation(state, a) for a in actions]
    moves = set(notations)
    reached: dict[str, int] = {}
    boxes, picks = [""], 0
    while boxes and picks < 6:
        picks += 1
        following: list[str] = []
        for typed in boxes:
            offered = suggest(engine, state, actions, typed, notations)
            values = [v for _, v in offered]
            assert 1 <= len(offered) <= 25 and len(set(values)) == len(values), (typed, values)
            for name, value in offered:
                assert 0 < len(name) <= 100 and 0 < len(value) <= 100, (name, value)
                if value in moves:
                    reached.setdefault(value, picks)
                if value != typed and any(n != value and n.startswith(value) for n in notations):
                    following.append(value)
        boxes = list(dict.fromkeys(following))
    return reached


@pytest.mark.parametrize(("game_id", "players", "seed", "sampled"), GAMES, ids=lambda v: str(v))
def test_every_legal_move_is_reached_in_at_most_four_picks(game_id, players, seed, sampled):
    everything = list(states(game_id, players, seed))
    # evenly spread over the game, and the state with the most moves
    chosen = everything[:: max(1, len(everything) // sampled)][:sampled]
    chosen.append(max(everything, key=lambda t: len(t[0].legal_actions(t[1], t[2]))))
    checked = 0
    for e, s, seat in chosen:
        legal = e.legal_actions(s, seat)
        reached = picks_needed(e, s, legal)
        slow = {n: k for n, k in reached.items() if k > 4}
        missing = [n for n in (e.notation(s, a) for a in legal) if n not in reached]
        assert not missing and not slow, (missing[:5], slow)
        checked += len(legal)
    assert checked >= 2 * len(chosen)


def _wrench_state(seed: int):
    """The first state of a 2-player Transport game (seed ``seed``) where the acting seat
    must move a wrench tile: every legal move is a ``wrench AT TO ROTATION [PALLET_TO]``."""

    for e, s, seat in states("transport", 2, seed):
        legal = e.legal_actions(s, seat)
        if len(legal) > 25 and all(a.type == "wrench" for a in legal):
            return e, s, seat, legal
    raise AssertionError("no wrench step in this game")


def test_wrench_moves_of_transport_are_reached_cell_by_cell():
    """A wrench step offers dozens to hundreds of `wrench <from> <to> <rotation>` moves (some
    with the cell a pallet moves to): each is reached, first cell, then target, then rotation."""

    for seed in (3, 24):
        e, s, seat, legal = _wrench_state(seed)
        reached = picks_needed(e, s, legal)
        notations = [e.notation(s, a) for a in legal]
        assert all(n.startswith("wrench ") and len(n.split()) in (4, 5) for n in notations)
        assert sorted(reached) == sorted(notations) and max(reached.values()) <= 4


class _Words:
    """A stand-in engine whose moves are their own notation (for the suggestions alone)."""

    def notation(self, state, action):
        return action

    def describe(self, state, action):
        return f"Move {action}."

    def choices(self, state, action):
        return []


cells = st.tuples(st.integers(-3, 12), st.integers(-12, 3)).map(lambda c: f"{c[0]},{c[1]}")


@settings(max_examples=30, deadline=None)
@given(
    moves=st.dictionaries(
        st.tuples(cells, cells), st.sets(st.integers(0, 5), min_size=1, max_size=6), min_size=1, max_size=250
    )
)
def test_cells_far_out_stay_within_25_suggestions_and_reachable(moves):
    """Wrench-like moves ``wrench FROM TO ROTATION`` over any cells of a large field (words
    that are the start of other words too: ``5,-1`` and ``5,-10``): no list is over 25 and
    every move is reached in at most 4 picks."""

    actions = [f"wrench {a} {b} {r}" for (a, b), rs in moves.items() for r in sorted(rs)]
    reached = picks_needed(_Words(), None, actions)
    assert sorted(reached) == sorted(actions) and max(reached.values()) <= 4


def test_a_cell_that_starts_another_cell_costs_its_place_in_the_list():
    """The wrench step of a 2-player Transport game (seed 14) that once lost a cell from the
    list: 34 wrench tiles, among them ``5,-1`` (6 moves) and ``5,-10`` (86). Offering ``5,-1``
    would mean that cell only, so the group ``5,-1…`` must be split in two, which has to fit
    in the 25 suggestions like any other split (a 26th was cut off, and with it 86 moves)."""

    sizes = {"-1,-3": 6, "-1,-5": 89, "-2,-1": 7, "-2,-2": 16, "-2,-4": 89, "-2,-8": 19, "-2,2": 88}
    sizes |= {"-2,4": 6, "-3,-6": 5, "-3,-8": 5, "-5,7": 8, "0,-4": 12, "0,2": 12, "1,-7": 16, "1,-8": 19}
    sizes |= {"1,2": 89, "10,-6": 86, "2,-1": 89, "2,-4": 88, "2,-6": 6, "2,-8": 16, "2,2": 88, "3,-7": 9}
    sizes |= {"3,-9": 9, "3,1": 16, "4,-7": 6, "5,-1": 6, "5,-10": 86, "5,0": 10, "6,-1": 16, "6,-7": 8}
    sizes |= {"8,-4": 6, "9,-3": 9, "9,-4": 16}
    actions = [f"wrench {cell} {i},0 0" for cell, n in sizes.items() for i in range(n)]
    first = suggest(_Words(), None, actions, "")
    assert len(first) <= 25
    # every cell lies under one suggestion
    assert all(any(f"wrench {cell} ".startswith(v) for _, v in first) for cell in sizes), [v for _, v in first]
    reached = picks_needed(_Words(), None, actions)
    assert len(reached) == len(actions) == 1056 and max(reached.values()) <= 4
