"""Transport render timings: board and hand images of finished AI games (2-4 players).

Run: ``python -m bench.transport_render``; prints ms per board and per hand, and PNG sizes.
"""

from __future__ import annotations

import random
import time

from engines.transport.engine import ENGINE as engine
from renderers import render_board, render_hand


def main() -> None:
    boards, hands, sizes = [], [], []
    for seed in range(6):
        n = 2 + seed % 3
        players = [f"p{i}" for i in range(n)]
        state = engine.setup(players, None, seed)
        rnd = random.Random(seed)
        while not engine.is_over(state):
            p = engine.to_act(state)[0]
            state = engine.apply(state, p, engine.ai.choose(state, p, rnd)).state
        view = engine.view(state, None)
        render_board("transport", view)  # warm fonts
        t = time.perf_counter()
        (png,) = render_board("transport", view)
        boards.append(time.perf_counter() - t)
        sizes.append(len(png))
        t = time.perf_counter()
        render_hand("transport", engine.view(state, players[0]))
        hands.append(time.perf_counter() - t)
    print(
        f"board: {sum(boards) / len(boards) * 1000:.0f} ms mean, {max(boards) * 1000:.0f} ms max; "
        f"PNG {sum(sizes) / len(sizes) / 1000:.0f} kB mean, {max(sizes) / 1000:.0f} kB max"
    )
    print(f"hand: {sum(hands) / len(hands) * 1000:.0f} ms mean")


if __name__ == "__main__":
    main()
