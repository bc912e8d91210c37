"""AI strength: the search levels against today's heuristic ("easy"), game by game.

Run from the checkout::

    python -m bench.ai_strength [--games N] [--first-game G] [--game ID ...]
                                [--level normal|strong ...] [--players N] [--jobs J]
                                [--first-seed S] [--log FILE] [--report FILE ...]
                                [--budget playouts=P,depth=D,...]

In parts: ``--log FILE`` appends one JSON line per finished game (game, players, level,
game number, result, CPU ms and playouts of every decision), ``--first-game G`` starts at
game number ``G``; ``--report FILE ...`` prints the table from such logs without playing
(a game played twice counts once). ``--budget`` replaces fields of the tested level's
budget (for tuning; the table then names it). Each log line keeps the budget the tested
level played with, and the report groups by it. Run long matches niced: every game is CPU
bound, ``--jobs 2`` plays two at once.

Per game at 2 players (and Transport at 4, as teams: the tested level plays both seats of
one team), ``N`` games (default 100) of each tested level against "easy", seats alternated
game by game (even games: the tested level sits first; at 4 players it takes seats 1 and 3,
else 2 and 4). Game ``g`` is set up with seed ``first_seed + g``; every decision's rng comes
from that seed and the step number, so a run is reproducible.

Prints, per game, player count and level: wins/draws/losses of the tested level, its win
share (a draw counts half) with a 95 % Wilson confidence interval, CPU milliseconds per
decision of the tested level (median and max, ``time.process_time`` of one process, so a
busy machine inflates them) and playouts per decision (mean and max; decisions with a
single legal move cost none and are left out). Targets: strong at least 65 % and normal at
least 58 % against easy, each lower bound above 50 %.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from engines import registry
from engines.base import rng

GAMES = ("factory-manager", "kanban-ev", "transport", "visiting-kaunas")
TARGET = {"strong": 0.65, "normal": 0.58}


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion ``successes / n`` (``(0, 1)`` for n = 0)."""

    if n == 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def tested_policy(engine, level: str, budget: dict | None = None, players: int = 2):
    """``engine.ai_level(level)``, or a search at that level with ``budget``'s fields replaced
    in the level's budget at ``players`` seats (``Hooks.budget``)."""

    ai = engine.ai_level(level)
    if not budget:
        return ai
    from engines.search import SearchAI

    base = engine.search.budget(level, players)
    return SearchAI(engine, engine.search, dataclasses.replace(base, **budget), level=level)


def play(game_id: str, n_players: int, level: str, g: int, first_seed: int, budget: dict | None = None) -> dict:
    """One game of ``level`` against "easy"; returns the result and the tested seats' costs."""

    engine = registry.get(game_id)
    players = [f"p{i}" for i in range(n_players)]
    seed = first_seed + g
    if n_players == 4:
        tested = {players[0], players[2]} if g % 2 == 0 else {players[1], players[3]}
    else:
        tested = {players[g % 2]}
    strong, easy = tested_policy(engine, level, budget, n_players), engine.ai_level("easy")
    state = engine.setup(players, None, seed)
    used = strong.budget_for(state) if hasattr(strong, "budget_for") else None
    ms: list[float] = []
    playouts: list[int] = []
    step = 0
    while not engine.is_over(state) and step < 5000:
        who = engine.to_act(state)[0]
        r = rng(seed, "bench", step)
        if who in tested:
            multi = len(engine.legal_actions(state, who)) > 1
            t0 = time.process_time()
            action = strong.choose(state, who, r)
            dt = time.process_time() - t0
            if multi:
                ms.append(1000 * dt)
                playouts.append(getattr(getattr(strong, "last", None), "playouts", 0))
        else:
            action = easy.choose(state, who, r)
        state = engine.apply(state, who, action).state
        step += 1
    top = engine.ranking(state)[0] if engine.is_over(state) else []
    if not top:
        result = 0.5
    elif set(top) <= tested:
        result = 1.0
    elif tested & set(top):
        result = 0.5
    else:
        result = 0.0
    return {
        "game": game_id,
        "players": n_players,
        "level": level,
        "g": g,
        "seed": seed,
        "budget": budget or {},
        "used": dataclasses.asdict(used) if used is not None else {},
        "result": result,
        "ms": [round(m, 2) for m in ms],
        "playouts": playouts,
        "over": engine.is_over(state),
    }


def _play(args: tuple) -> dict:
    return play(*args)


def parse_budget(text: str) -> dict:
    """``"playouts=40,depth=12"`` -> ``{"playouts": 40, "depth": 12}`` (integers)."""

    out = {}
    for part in filter(None, text.split(",")):
        k, _, v = part.partition("=")
        out[k.strip()] = int(v)
    return out


def summary(results: list[dict]) -> str:
    """One line of the table for the results of one game, player count, level and budget."""

    r0 = results[0]
    gid, n, level = r0["game"], r0["players"], r0["level"]
    wins = sum(1 for r in results if r["result"] == 1.0)
    draws = sum(1 for r in results if r["result"] == 0.5)
    losses = len(results) - wins - draws
    share = (wins + 0.5 * draws) / len(results)
    lo, hi = wilson(wins + 0.5 * draws, len(results))
    ms = [m for r in results for m in r["ms"]]
    po = [p for r in results for p in r["playouts"]]
    target = TARGET.get(level, 0.5)
    verdict = "meets target" if share >= target and lo > 0.5 else "below target"
    budget = "".join(f" {k}={v}" for k, v in sorted(r0["budget"].items()))
    unfinished = sum(1 for r in results if not r["over"])
    return (
        f"{gid:16} {n}p {level:6}{budget} vs easy: {wins}-{draws}-{losses} of {len(results)}"
        f"{f' ({unfinished} unfinished)' if unfinished else ''}  "
        f"share {share:.1%} (95% CI {lo:.1%}-{hi:.1%}, target {target:.0%}: {verdict})  "
        f"ms/decision median {statistics.median(ms) if ms else 0:.0f} max {max(ms) if ms else 0:.0f}  "
        f"playouts/decision mean {statistics.mean(po) if po else 0:.1f} max {max(po) if po else 0}"
    )


def report(paths: list[str]) -> None:
    """The table from ``--log`` files: one line per game, player count, level and budget."""

    groups: dict[tuple, dict[int, dict]] = {}
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for line in f:
                if line.strip():
                    r = json.loads(line)
                    used = json.dumps(r.get("used", {}), sort_keys=True)
                    key = (r["game"], r["players"], r["level"], json.dumps(r["budget"], sort_keys=True), used)
                    groups.setdefault(key, {})[r["seed"]] = r
    for key in sorted(groups):
        print(summary(list(groups[key].values())), flush=True)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100, help="games per game, player count and level")
    ap.add_argument("--first-game", type=int, default=0, help="number of the first game (for runs in parts)")
    ap.add_argument("--game", action="append", default=[], help="only this game id (repeatable)")
    ap.add_argument("--level", action="append", default=[], help="normal and/or strong (default both)")
    ap.add_argument("--players", type=int, default=0, help="only this player count (2, or 4 for Transport)")
    ap.add_argument("--jobs", type=int, default=1, help="processes playing games at once")
    ap.add_argument("--first-seed", type=int, default=1000, help="seed of game number 0")
    ap.add_argument("--log", default="", help="append one JSON line per finished game to this file")
    ap.add_argument("--report", nargs="+", default=[], help="print the table from these logs, play nothing")
    ap.add_argument("--budget", default="", help="replace budget fields of the tested level, e.g. playouts=40")
    args = ap.parse_args(argv)
    if args.report:
        report(args.report)
        return
    budget = parse_budget(args.budget)
    games = args.game or list(GAMES)
    levels = args.level or ["strong", "normal"]
    configs = []
    for gid in games:
        if gid not in GAMES:
            ap.error(f"unknown game {gid!r}: one of {', '.join(GAMES)}")
        for n in (2, 4) if gid == "transport" else (2,):
            if args.players and n != args.players:
                continue
            for level in levels:
                configs.append((gid, n, level))
    pool = ProcessPoolExecutor(args.jobs) if args.jobs > 1 else None
    log = open(args.log, "a", encoding="utf-8") if args.log else None
    try:
        for gid, n, level in configs:
            jobs = [
                (gid, n, level, g, args.first_seed, budget)
                for g in range(args.first_game, args.first_game + args.games)
            ]
            results = []
            for r in pool.map(_play, jobs) if pool else map(_play, jobs):
                results.append(r)
                if log:
                    log.write(json.dumps(r) + "\n")
                    log.flush()
            print(summary(results), flush=True)
    finally:
        if pool:
            pool.shutdown()
        if log:
            log.close()
    sys.stdout.flush()


if __name__ == "__main__":
    main()
