"""Playing by pressing: presses per move, channel messages per turn, DMs per own turn, answer time.

Plays one whole seeded game of each table of the done-when list (Factory Manager at 3, Kanban EV
at 3, Visiting Kaunas at 2, Transport at 2 and at 4) on SimCord, every seat a member pressing
Play and the move builder only (``tests/bot/pressing_driver.py``: three moves in four aim at the
game's AI choice, the others walk the options at random, seeded), with the table's default
posting (one live status message), and the bot restarted once mid-game (a NEW bot object on
the same database, builders left open across it; ``--restart-after``). Per game it prints:

* presses per move, Play included (median, p95, max; target: max ≤ 6, median ≤ 4);
* new channel messages per turn (a run of moves by the same seat; mean and max; target ≤ 1);
* new DMs to the player per own turn (mean and max; target ≤ 1);
* the builder's answer time per press: from discord.py handing the press to the item to the
  bot's first answer to Discord (edit, defer or message), p50 and p99 in ms (Discord allows
  3 s). Wall-clock on this machine, under SimCord; images are real for every 8th post only
  (``--real-renders`` draws them all: slower, answer times unchanged since a press is answered
  before anything is drawn).

The counts come from what the bot sent (SimCord's message store), so they reflect whatever the
posting layer does.

Run: ``python -m bench.pressing [--seed 1] [--games transport:2,kanban-ev:3] [--real-renders] [--restart-after 30]``.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

TABLES = [("factory-manager", 3), ("kanban-ev", 3), ("visiting-kaunas", 2), ("transport", 2), ("transport", 4)]
SPARSE_EVERY = 8


def sparse_renders() -> None:
    """Real images for every :data:`SPARSE_EVERY`-th render only (the others reuse the last)."""

    import renderers

    for name in ("render_board", "render_summary", "render_hand"):
        real = getattr(renderers, name)
        last: dict[str, object] = {}
        count = [0]

        def sparse(*args, real=real, last=last, count=count, **kwargs):
            count[0] += 1
            if "img" not in last or count[0] % SPARSE_EVERY == 0:
                last["img"] = real(*args, **kwargs)
            return last["img"]

        setattr(renderers, name, sparse)


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def play(game: str, players: int, seed: int, workdir: Path, restart_after: int = 30) -> dict:
    import simcord

    from bot.discord_app import create_bot
    from tests.bot.discord_harness import Harness, fast_settle
    from tests.bot.pressing_driver import AnswerClock, Presser

    db = str(workdir / f"{game}-{players}.db")
    bot = create_bot(db_path=db)
    bots = [bot]  # the harness appends the bot made at the restart
    env = simcord.Env(bot, settle_timeout=60.0)
    fast_settle(env)
    await env.start()
    clock = AnswerClock()
    try:
        guild = env.create_guild(name="bench")
        channel = guild.create_text_channel("games")
        members = [guild.add_member(env.create_user(n)) for n in ("alice", "bob", "carol", "erin")]
        h = Harness(env, db, guild, channel, *members, bots=bots)
        seated = members[:players]
        h.service.seed_source = lambda: seed
        await h.lobby(game, *seated, posts=None)
        await seated[0].slash(channel, "game start")
        presser = Presser(h, seated, seed)
        clock.install()
        started = time.perf_counter()
        while await presser.play_turn():
            if restart_after and presser.moves >= restart_after and not bots[1:]:
                await h.restart()
        wall = time.perf_counter() - started
    finally:
        clock.uninstall()
        await env.shutdown()
        for b in bots:
            await b.close_db()
    t = presser.tally
    return {
        "moves": presser.moves,
        "presses": t.presses,
        "channel": t.channel_per_turn,
        "dms": t.dms_per_turn,
        "answer": clock.ms,
        "refused": t.refused,
        "restarted": bool(bots[1:]),
        "wall": wall,
    }


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games", default="", help="e.g. transport:2,kanban-ev:3 (default: the five tables)")
    ap.add_argument("--real-renders", action="store_true")
    ap.add_argument("--restart-after", type=int, default=30, help="restart the bot after this many moves (0: never)")
    args = ap.parse_args(argv)
    tables = TABLES
    if args.games:
        tables = [(g.split(":")[0], int(g.split(":")[1])) for g in args.games.split(",")]
    if not args.real_renders:
        sparse_renders()

    print(f"seed {args.seed}; every seat a member pressing Play and the builder; one live status message")
    head = (
        f"{'game':<18}{'n':>2}{'moves':>6}  {'presses/move med p95 max':<25}"
        f"{'channel msgs/turn mean max':<28}{'DMs/own turn mean max':<23}{'answer ms p50 p99':<18}{'wall s':>7}"
    )
    print(head)
    with tempfile.TemporaryDirectory() as tmp:
        for game, players in tables:
            r = asyncio.run(play(game, players, args.seed, Path(tmp), args.restart_after))
            p, c, d, a = r["presses"], r["channel"], r["dms"], r["answer"]
            print(
                f"{game:<18}{players:>2}{r['moves']:>6}  "
                f"{statistics.median(p):>7.1f} {pct(p, 0.95):>4} {max(p):>4}           "
                f"{statistics.mean(c):>8.2f} {max(c):>4}               "
                f"{statistics.mean(d):>8.2f} {max(d):>4}          "
                f"{pct(a, 0.5):>6.1f} {pct(a, 0.99):>6.1f}   {r['wall']:>7.1f}"
                + ("  (restarted mid-game)" if r["restarted"] else "  (ended before the restart)")
                + (f"  ({r['refused']} stale presses refused)" if r["refused"] else ""),
                flush=True,
            )


if __name__ == "__main__":
    main()
