"""What the listing keeps of one frontier and brings up to date for the next (hexes._seen,
hexes.slots_of over frontier_after's derivations): always what the whole grid gives afresh,
and bounded."""

import random

from engines.transport import hexes as hx
from engines.transport.engine import Transport

from .helpers import tiles_with


def _fresh(grid: dict) -> tuple:
    """The open cells with their side masks, the floor places and the pallet slots of
    ``grid``, worked out from the grid alone (nothing remembered)."""

    front = hx.frontier(grid)
    cells = sorted(front)
    opened = [(p, front[p]) for p in cells if front[p][1]]
    floors = [(p, 0) for p in cells if not front[p][1]]
    pal = hx.pallets(grid)
    return opened, floors, pal, hx.pallet_slots(grid, pal)


def test_kept_listing_parts_equal_fresh_ones_over_random_games():
    engine = Transport()
    floor = tiles_with("floor")[0]
    for seed in range(3):
        rnd = random.Random(seed)
        state = engine.setup(["p0", "p1"], None, seed)
        while not engine.is_over(state):
            player = engine.to_act(state)[0]
            legal = engine.legal_actions(state, player)
            memo = engine._memo_of(state)
            grid, front = memo[2], memo[3]
            seen = hx._seen(front)
            pal, slots = hx.slots_of(grid, front)
            opened, floors, fresh_pal, fresh_slots = _fresh(grid)
            assert seen[1] == opened
            assert seen[2] == floors
            assert hx.placements(grid, floor, front=front) == floors
            assert pal == fresh_pal
            assert slots == fresh_slots
            assert len(hx._DERIVED[0]) <= hx._DERIVED_MAX
            state = engine.apply(state, player, rnd.choice(legal)).state


def test_derived_frontier_is_brought_up_to_date():
    # each step that changes tiles derives the next frontier from the one before (kept by
    # _seen and slots_of just before the step): brought up to date, it is what the grid gives
    engine = Transport()
    state = engine.setup(["p0", "p1"], None, 4)
    rnd = random.Random(4)
    steps = derived = 0
    while not engine.is_over(state) and steps < 200:
        player = engine.to_act(state)[0]
        memo = engine._memo_of(state)
        grid, front = memo[2], memo[3]
        hx._seen(front)
        hx.slots_of(grid, front)
        state = engine.apply(state, player, rnd.choice(engine.legal_actions(state, player))).state
        steps += 1
        after = engine._memo_of(state)
        if after[3] is not front:
            # derived by frontier_after from the frontier just remembered
            assert hx._ancestry(after[3], front) is not None
            derived += 1
            seen = hx._seen(after[3])
            pal, slots = hx.slots_of(after[2], after[3])
            opened, floors, fresh_pal, fresh_slots = _fresh(after[2])
            assert (seen[1], seen[2], pal, slots) == (opened, floors, fresh_pal, fresh_slots)
    assert derived > 20


def test_unrelated_frontier_is_worked_out_afresh():
    # a frontier that no step derived (another game's) has no ancestry: all is redone
    engine = Transport()
    a = engine.setup(["p0", "p1"], None, 1)
    b = engine.setup(["p0", "p1", "p2"], None, 2)
    ga, gb = hx.grid_of(a), hx.grid_of(b)
    fa, fb = hx.frontier(ga), hx.frontier(gb)
    assert hx._ancestry(fb, fa) is None
    hx._seen(fa)
    hx.slots_of(ga, fa)
    seen = hx._seen(fb)
    pal, slots = hx.slots_of(gb, fb)
    opened, floors, fresh_pal, fresh_slots = _fresh(gb)
    assert (seen[1], seen[2], pal, slots) == (opened, floors, fresh_pal, fresh_slots)
