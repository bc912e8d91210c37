"""Kanban EV render time: ``python -m bench.render_kanban [--games N] [--every K] [--out DIR]``.

Plays seeded AI games at 2, 3 and 4 players, renders the public board after every K-th step
exactly as the host does (``renderers.render_board``: both layouts, draw, PNG) and a
player's hand (``renderers.render_hand``), and prints p50/p95/max of each in ms, the PNG
sizes and the image heights. The host must answer within Discord's 3-second window (it
defers first); the target is a board render p95 well under 1 s. Wall time and the
process's CPU time are both printed: on a busy machine the wall time is the larger.
With ``--out DIR`` it also writes the board PNGs of one middle state per player count.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from bench.render_boards import _pct
from bench.render_boards import _states as game_states
from engines.registry import get
from renderers import board_layouts, render_board, render_hand

ENGINE = get("kanban-ev")


def _states(players: int, seed: int, every: int) -> list:
    return game_states("kanban-ev", players, seed, every)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2, help="games per player count (default 2)")
    ap.add_argument("--every", type=int, default=10, help="render after every K-th step (default 10)")
    ap.add_argument("--out", type=Path, default=None, help="write sample PNGs here")
    args = ap.parse_args()
    board_ms: list[float] = []
    layout_ms: list[float] = []
    hand_ms: list[float] = []
    cpu_ms: list[float] = []
    sizes: list[int] = []
    heights: list[int] = []
    for n in (2, 3, 4):
        for g in range(args.games):
            states = _states(n, 100 * n + g, args.every)
            for k, state in enumerate(states):
                view = ENGINE.view(state, None)
                t0 = time.perf_counter()
                lays = board_layouts("kanban-ev", view)
                t1 = time.perf_counter()
                c1 = time.process_time()
                pngs = render_board("kanban-ev", view)
                cpu_ms.append((time.process_time() - c1) * 1000)
                t2 = time.perf_counter()
                hand = render_hand("kanban-ev", ENGINE.view(state, state.players[k % n]))
                t3 = time.perf_counter()
                layout_ms.append((t1 - t0) * 1000)
                board_ms.append((t2 - t1) * 1000)
                hand_ms.append((t3 - t2) * 1000)
                sizes += [len(p) for p in pngs] + [len(hand or b"")]
                heights += [lay.height for lay in lays]
                if args.out and g == 0 and k == len(states) // 2:
                    args.out.mkdir(parents=True, exist_ok=True)
                    for j, png in enumerate(pngs):
                        (args.out / f"kanban-{n}p-{j + 1}.png").write_bytes(png)
                    (args.out / f"kanban-{n}p-hand.png").write_bytes(hand or b"")
    print(f"Kanban EV renders: {len(board_ms)} boards (2 images each) and hands, 2-4 players")
    rows = (
        ("board (layouts+draw+PNG)", board_ms),
        ("board, CPU time", cpu_ms),
        ("layouts only", layout_ms),
        ("hand", hand_ms),
    )
    for name, vals in rows:
        print(f"  {name:26s} p50 {_pct(vals, 0.5):6.0f} ms   p95 {_pct(vals, 0.95):6.0f} ms   max {max(vals):6.0f} ms")
    print(f"  PNG bytes: p50 {_pct(sizes, 0.5):.0f}, max {max(sizes)}; image heights {min(heights)}-{max(heights)} px")


if __name__ == "__main__":
    main()
