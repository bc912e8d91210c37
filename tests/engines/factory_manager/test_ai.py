"""The AI plans income: it must beat random seats and a never-buying baseline.

Fixed seeds 1000-1029 (30 three-player games each, the AI's seat rotating); the full
200-game figure comes from ``python -m bench.fm_ai``.
"""

from bench.fm_ai import win_rate
from engines.factory_manager.ai import best_setting, never_buy_policy
from tests.engines.contract import random_policy


def test_ai_beats_two_random_seats():
    assert win_rate(random_policy, 30, first_seed=1000) >= 0.6


def test_ai_beats_two_never_buy_seats():
    assert win_rate(never_buy_policy, 30, first_seed=1000) > 0.5


def test_best_setting_switches_off_what_cannot_be_staffed():
    # start machines (2 workers, P1, E2 each) + ma04 (2 workers, P2, E2) + ma05 + 3 storages;
    # 7 workers keep 1 available, so at most 6 staffed: 3 of the 4 machines may run.
    # storage 3 caps income at 30, so the best keeps production >= 3 with the least energy:
    # ma04 (P2) + one start machine (P1) = 3, energy 4: 30 - 4 x 2 = 22
    tiles = ["a-ma1", "a-ma2", "ma04", "ma05", "a-st1", "a-st2", "a-st3"]
    value, off = best_setting(tiles, 7, 2)
    assert value == 22
    assert len(off) == 2
