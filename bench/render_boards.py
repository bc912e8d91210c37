"""Board and summary render time of every game: ``python -m bench.render_boards [--games N] [--every K] [--min-states S] [--lang L] [--repeat R] [--out DIR]``.

Plays seeded AI games of each registered game at every player count, renders the public
board after every K-th step exactly as the host does (``renderers.render_board``: layouts,
draw, palette, PNG) and the phone summary posted after a move (``renderers.render_summary``
with that move's public events), and prints, per game, p50/p95/max of the wall time and of
the process's CPU time in ms (on a busy machine the wall time is the larger; CPU time is the
figure to compare), PNG bytes, image sizes and the smallest text in px at a phone's 400 px
width, for the full board and for the summary. Target: every game's board and
summary p95 <= 150 ms; the summary's smallest text >= 9 px at 400 px. With ``--out DIR`` it
also writes the board and summary PNGs of one middle state per game and player count.

``--lang`` draws the images in a language (``en`` by default; ``cs``, ``nl``, ``lt``; ``all``
runs the four on the same states, one after the other) and prints each language's figures,
then each language's summary CPU p95 against English's (target: within 10 %). A summary's
time is the least of ``--repeat`` renders of it (5 by default): on a shared machine a single
render's time includes whatever else ran, and a p95 of some 80 renders is then one unlucky
render; the least of five is the render's own cost (three left the p95 of a language ±7 % from
run to run while two other processes shared the machine's two cores).
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

import bot.i18n  # noqa: F401  (installs the catalogs the images' texts are rendered with)
from engines import registry
from renderers import board_layouts, render_board, render_summary, summary_layout
from renderers.base import phone_text_px


def _states(game_id: str, players: int, seed: int, every: int) -> list:
    engine = registry.get(game_id)
    state = engine.setup([f"player {i + 1}" for i in range(players)], None, seed)
    r = random.Random(seed)
    out = [(state, [])]
    step = 0
    events: list[str] = []
    while not engine.is_over(state) and step < 5000:
        p = engine.to_act(state)[0]
        outcome = engine.apply(state, p, engine.ai.choose(state, p, r))
        state = outcome.state
        events = [e.text for e in outcome.events if e.visible_to is None]
        step += 1
        if step % every == 0:
            out.append((state, events))
    out.append((state, events))
    return out


def _pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))]


LANGS = bot.i18n.LANGUAGES  # English first: the others are compared with it


def _figures() -> dict:
    return {"wall": [], "cpu": [], "sizes": [], "dims": set(), "phone": 99.0}


def _games(game_id: str, games: int, every: int, min_states: int):
    """(players, game number, states) of the games to draw: ``games`` per player count, then
    further rounds over every player count until at least ``min_states`` states are drawn (a
    Transport game at every 10th step gives some 13 states: a p95 of 39 renders is the
    second-slowest one; 80 make it a figure)."""

    engine = registry.get(game_id)
    g = count = 0
    while g < games or count < min_states:
        for n in range(engine.min_players, engine.max_players + 1):
            states = _states(game_id, n, 1000 * n + g, every)
            count += len(states)
            yield n, g, states
        g += 1


def bench_game(
    game_id: str,
    games: int,
    every: int,
    out: Path | None,
    langs: tuple[str, ...] = ("en",),
    repeat: int = 1,
    min_states: int = 0,
) -> dict:
    """Figures of ``game_id`` per language of ``langs``: ``{lang: {"wall", "cpu", "sizes",
    "dims", "phone", "summary": {...}}}``, over ``games`` games per player count and more
    until ``min_states`` states (:func:`_games`). Each state is drawn in every language one
    after the other, the first language changing from state to state (the same caches and the
    same load for each language). Each summary is rendered ``repeat`` times, the repeats
    going round the languages, and its least time kept (what the render costs, without the
    moments another process took the core)."""

    engine = registry.get(game_id)
    res = {lang: {**_figures(), "summary": _figures()} for lang in langs}
    for n, g, states in _games(game_id, games, every, min_states):
        for k, (state, events) in enumerate(states):
            view = engine.view(state, None)
            # each state starts with the next language in turn: the first render of a
            # state fills the measuring caches with its names and numbers for the others
            order = langs[k % len(langs) :] + langs[: k % len(langs)]
            # the repeats go round the languages (en cs nl lt en cs nl lt …), so a moment when
            # another process holds the core costs every language alike, not one language's
            # whole set of repeats
            cpu: dict[str, list[float]] = {lang: [] for lang in order}
            wall: dict[str, list[float]] = {lang: [] for lang in order}
            summaries: dict[str, bytes] = {}
            for _ in range(max(1, repeat)):
                for lang in order:
                    w0, c0 = time.perf_counter(), time.process_time()
                    summaries[lang] = render_summary(game_id, view, events, lang)
                    cpu[lang].append((time.process_time() - c0) * 1000)
                    wall[lang].append((time.perf_counter() - w0) * 1000)
            for lang in order:
                r, s = res[lang], res[lang]["summary"]
                summary = summaries[lang]
                s["cpu"].append(min(cpu[lang]))
                s["wall"].append(min(wall[lang]))
                s["sizes"].append(len(summary))
                lay = summary_layout(game_id, view, events, lang)
                s["dims"].add((lay.width, lay.height))
                s["phone"] = min(s["phone"], phone_text_px(lay))
                w0, c0 = time.perf_counter(), time.process_time()
                pngs = render_board(game_id, view, lang)
                r["cpu"].append((time.process_time() - c0) * 1000)
                r["wall"].append((time.perf_counter() - w0) * 1000)
                r["sizes"] += [len(p) for p in pngs]
                for lay in board_layouts(game_id, view, lang):
                    r["dims"].add((lay.width, lay.height))
                    r["phone"] = min(r["phone"], phone_text_px(lay))
                if out and g == 0 and k == len(states) // 2:
                    out.mkdir(parents=True, exist_ok=True)
                    for j, png in enumerate(pngs):
                        (out / f"{game_id}-{n}p-{lang}-{j + 1}.png").write_bytes(png)
                    (out / f"{game_id}-{n}p-{lang}-summary.png").write_bytes(summary)
    return res


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1, help="games per player count (default 1)")
    ap.add_argument("--every", type=int, default=10, help="render after every K-th step (default 10)")
    ap.add_argument("--game", action="append", help="only this game id (repeatable)")
    ap.add_argument(
        "--min-states",
        type=int,
        default=80,
        help="play further games until at least this many states per game are drawn (default 80)",
    )
    ap.add_argument("--out", type=Path, default=None, help="write sample PNGs here")
    ap.add_argument(
        "--repeat",
        type=int,
        default=5,
        help="render each summary R times and keep the least time (default 5; 1 = a single render)",
    )
    ap.add_argument(
        "--lang",
        default="en",
        choices=(*LANGS, "all"),
        help=f"the images' language (default en; all: {' '.join(LANGS)})",
    )
    args = ap.parse_args()
    langs = LANGS if args.lang == "all" else (args.lang,)
    print(
        f"{'game':<16} {'lang':<4} {'image':<8} {'renders':>7}  {'CPU p50':>7} {'CPU p95':>7} {'CPU max':>7}  {'wall p95':>8}"
        f"  {'PNG kB p50':>10}  {'widths px':<14} {'heights px':<10} {'phone px':>8}"
    )
    p95: dict[tuple[str, str], float] = {}
    for game_id in args.game or registry.ids():
        by_lang = bench_game(game_id, args.games, args.every, args.out, langs, args.repeat, args.min_states)
        for lang, r in by_lang.items():
            p95[(game_id, lang)] = _pct(r["summary"]["cpu"], 0.95)
            for kind, row in (("board", r), ("summary", r["summary"])):
                widths = sorted({w for w, _h in row["dims"]})
                heights = [h for _w, h in row["dims"]]
                span = f"{min(widths)}-{max(widths)}" if len(widths) > 1 else str(widths[0])
                print(
                    f"{game_id:<16} {lang:<4} {kind:<8} {len(row['cpu']):>7}  {_pct(row['cpu'], 0.5):7.0f} "
                    f"{_pct(row['cpu'], 0.95):7.0f} {max(row['cpu']):7.0f}  {_pct(row['wall'], 0.95):8.0f}  "
                    f"{_pct(row['sizes'], 0.5) / 1000:10.0f}  {span:<14} {f'{min(heights)}-{max(heights)}':<10} "
                    f"{row['phone']:8.1f}"
                )
    print(
        "ms per render (board: all images of one board; summary: the one PNG posted after a move);"
        " phone px: smallest text at 400 px display width"
    )
    if len(langs) > 1 and "en" in langs:
        for game_id in args.game or registry.ids():
            en = p95[(game_id, "en")]
            rel = "  ".join(f"{lang} {p95[(game_id, lang)] / en - 1:+.0%}" for lang in langs if lang != "en" and en)
            print(f"summary CPU p95 against en, {game_id}: en {en:.0f} ms  {rel}")


if __name__ == "__main__":
    main()
