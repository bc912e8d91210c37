"""Factory Manager board render time: ``python -m bench.render_fm [--games N] [--out DIR]``.

Plays seeded games at 2-5 players with a busy random policy (buys, places, bids; ends each
bureaucracy at once), renders the public board after every Nth step exactly as the host
does (``renderers.render_board``: layout, draw, PNG) and prints p50/p95/max of the whole
render (wall clock and CPU time; CPU time is the figure to compare on a busy machine) and
of its parts (CPU), PNG bytes and image heights. Target: render p95 <= 300 ms.
With ``--out DIR`` it also writes one early, one middle and the final PNG per game.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from pathlib import Path

from engines.registry import get
from renderers import base, render_board
from renderers.base import draw
from renderers.factory_manager import WIDTH, layout
from tests.renderers.test_factory_manager import busy_policy

ENGINE = get("factory-manager")


def _views(players: int, seed: int, every: int) -> list[dict]:
    state = ENGINE.setup([f"ai-{i + 1}" for i in range(players)], None, seed)
    r = random.Random(seed)
    views = [ENGINE.view(state, None)]
    step = 0
    while not ENGINE.is_over(state) and step < 5000:
        p = ENGINE.to_act(state)[0]
        state = ENGINE.apply(state, p, busy_policy(state, p, r)).state
        step += 1
        if step % every == 0:
            views.append(ENGINE.view(state, None))
    views.append(ENGINE.view(state, None))
    return views


def _pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2, help="games per player count (default 2)")
    ap.add_argument("--every", type=int, default=7, help="render after every Nth step (default 7)")
    ap.add_argument("--out", type=Path, default=None, help="write sample PNGs here")
    args = ap.parse_args()

    wall, total, lay_ms, draw_ms, png_ms, sizes, heights = [], [], [], [], [], [], []
    for players in range(2, 6):
        for g in range(args.games):
            views = _views(players, 1000 + 10 * players + g, args.every)
            for i, view in enumerate(views):
                w0, c0 = time.perf_counter(), time.process_time()
                png = render_board("factory-manager", view)[0]
                wall.append((time.perf_counter() - w0) * 1000)
                t1 = time.process_time()
                total.append((t1 - c0) * 1000)
                lay = layout(view)
                t2 = time.process_time()
                image = draw(lay)
                t3 = time.process_time()
                base.to_png(image)
                t4 = time.process_time()
                lay_ms.append((t2 - t1) * 1000)
                draw_ms.append((t3 - t2) * 1000)
                png_ms.append((t4 - t3) * 1000)
                sizes.append(len(png))
                heights.append(lay.height)
                if args.out and i in (1, len(views) // 2, len(views) - 1):
                    args.out.mkdir(parents=True, exist_ok=True)
                    (args.out / f"fm-{players}p-g{g}-{i:03d}.png").write_bytes(png)

    def row(name: str, xs: list[float]) -> str:
        return f"{name:<28} p50 {statistics.median(xs):7.1f}  p95 {_pct(xs, 0.95):7.1f}  max {max(xs):7.1f}"

    print(f"Factory Manager board renders: {len(total)} boards, 2-5 players, {args.games} games each")
    print(row("render_board wall (ms)", wall))
    print(row("render_board CPU (ms)", total))
    print(row("  layout CPU (ms)", lay_ms))
    print(row("  draw CPU (ms)", draw_ms))
    print(row("  palette + PNG CPU (ms)", png_ms))
    print(row("PNG bytes", [float(s) for s in sizes]))
    print(f"image height px: min {min(heights)}  max {max(heights)} (width {WIDTH})")


if __name__ == "__main__":
    main()
