"""``apply`` accepts exactly the actions ``legal_actions`` lists: every other candidate
(wrong phase, wrong tile, too high a bid, …) raises IllegalAction and changes nothing."""

import random

import pytest

from engines import IllegalAction
from engines.factory_manager import actions as A
from engines.factory_manager import data as D

from .helpers import E, dump


def candidates(state, seat):
    i = int(seat[1:])
    p = state.players[i]
    tiles = set(state.market) | set(p.stored) | set(p.hall) | set(p.hall2)
    tiles |= {t for t in (p.control, p.optimisation) if t}
    tiles |= {col[0] for col in state.columns.values() if col}
    tiles |= {"ma16", "cu01", "ou01", "a-st1"}
    out = [A.PASS, A.DONE]
    out += [A.open_(t, b) for t in range(1, 13) for b in (-1, 0, 1, 2, 3, 6)]
    out += [A.take_(t, b) for t in range(1, 13) for b in (0, 1, 3)]
    out += [A.bid_(b) for b in range(-1, 8)]
    out += [A.place_(k) for k in D.KINDS]
    for t in sorted(tiles):
        out += [A.buy_(t, w) for w in ("hall1", "hall2", "room", "aside")]
        out += [A.install_(t, w) for w in ("hall1", "hall2", "room")]
        out += [A.demolish_(t), A.off_(t), A.on_(t)]
    out += [A.hire_(k) for k in range(0, 4)]
    return out


@pytest.mark.parametrize("n, seed", [(2, 1), (3, 2), (4, 3), (5, 4)])
def test_apply_accepts_exactly_the_legal_actions(n, seed):
    rnd = random.Random(seed)
    players = [f"p{i}" for i in range(n)]
    state = E.setup(players, None, seed)
    steps = 0
    while not E.is_over(state):
        (seat,) = E.to_act(state)
        legal = E.legal_actions(state, seat)
        if steps % 3 == 0:
            before = dump(state)
            for a in candidates(state, seat):
                if a in legal:
                    E.apply(state, seat, a)
                else:
                    with pytest.raises(IllegalAction):
                        E.apply(state, seat, a)
                # someone else may never act now
                other = players[(players.index(seat) + 1) % n]
                with pytest.raises(IllegalAction, match="not your turn"):
                    E.apply(state, other, a)
            assert dump(state) == before
        state = E.apply(state, seat, rnd.choice(legal)).state
        steps += 1
