"""Board render time of every game: ``python -m bench.render_boards [--games N] [--every K] [--out DIR]``.

Plays seeded AI games of each registered game at every player count, renders the public
board after every K-th step exactly as the host does (``renderers.render_board``: layouts,
draw, palette, PNG) and prints, per game, p50/p95/max of the wall time and of the process's
CPU time in ms (on a busy machine the wall time is the larger; CPU time is the figure to
compare), PNG bytes, image sizes and the smallest text in px at a phone's 400 px width.
Target (issue 13): every game's board p95 <= 150 ms. With ``--out DIR`` it also writes the
board PNGs of one middle state per game and player count.
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

from engines import registry
from renderers import board_layouts, render_board
from renderers.base import phone_text_px


def _states(game_id: str, players: int, seed: int, every: int) -> list:
    engine = registry.get(game_id)
    state = engine.setup([f"player {i + 1}" for i in range(players)], None, seed)
    r = random.Random(seed)
    out = [state]
    step = 0
    while not engine.is_over(state) and step < 5000:
        p = engine.to_act(state)[0]
        state = engine.apply(state, p, engine.ai.choose(state, p, r)).state
        step += 1
        if step % every == 0:
            out.append(state)
    out.append(state)
    return out


def _pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


def bench_game(game_id: str, games: int, every: int, out: Path | None) -> dict:
    engine = registry.get(game_id)
    wall: list[float] = []
    cpu: list[float] = []
    sizes: list[int] = []
    dims: set[tuple[int, int]] = set()
    phone = 99.0
    for n in range(engine.min_players, engine.max_players + 1):
        for g in range(games):
            states = _states(game_id, n, 1000 * n + g, every)
            for k, state in enumerate(states):
                view = engine.view(state, None)
                w0, c0 = time.perf_counter(), time.process_time()
                pngs = render_board(game_id, view)
                cpu.append((time.process_time() - c0) * 1000)
                wall.append((time.perf_counter() - w0) * 1000)
                sizes += [len(p) for p in pngs]
                for lay in board_layouts(game_id, view):
                    dims.add((lay.width, lay.height))
                    phone = min(phone, phone_text_px(lay))
                if out and g == 0 and k == len(states) // 2:
                    out.mkdir(parents=True, exist_ok=True)
                    for j, png in enumerate(pngs):
                        (out / f"{game_id}-{n}p-{j + 1}.png").write_bytes(png)
    return {"wall": wall, "cpu": cpu, "sizes": sizes, "dims": dims, "phone": phone}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1, help="games per player count (default 1)")
    ap.add_argument("--every", type=int, default=10, help="render after every K-th step (default 10)")
    ap.add_argument("--game", action="append", help="only this game id (repeatable)")
    ap.add_argument("--out", type=Path, default=None, help="write sample PNGs here")
    args = ap.parse_args()
    print(f"{'game':<16} {'boards':>6}  {'CPU p50':>7} {'CPU p95':>7} {'CPU max':>7}  {'wall p95':>8}"
          f"  {'PNG kB p50':>10}  {'widths px':<11} {'phone px':>8}")
    for game_id in args.game or registry.ids():
        r = bench_game(game_id, args.games, args.every, args.out)
        widths = sorted({w for w, _h in r["dims"]})
        print(f"{game_id:<16} {len(r['cpu']):>6}  {_pct(r['cpu'], .5):7.0f} {_pct(r['cpu'], .95):7.0f} "
              f"{max(r['cpu']):7.0f}  {_pct(r['wall'], .95):8.0f}  {_pct(r['sizes'], .5) / 1000:10.0f}  "
              f"{'/'.join(map(str, widths)):<11} {r['phone']:8.1f}")
    print("ms per board render (all images of one board); phone px: smallest text at 400 px width")


if __name__ == "__main__":
    main()
