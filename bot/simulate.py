"""``boardhost simulate [GAME] [--players N] [--seed S] [--out DIR] [--every N]``: a whole game with AI
seats through the service layer and a real SQLite store, for a machine with no Discord token.

Writes into ``DIR``: ``simulate.db`` (the store, recreated), ``board-<version>.png`` for
every board the channel would get (``board-<version>-<k>.png`` when the renderer draws
several images), ``transcript.txt`` (the public events, as the channel would read them)
and prints the final ranking with scores.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import time
from dataclasses import dataclass, field

from engines.base import plural

DEFAULT_GAME = "factory-manager"
DEFAULT_PLAYERS = 3
DEFAULT_SEED = 20261130
DEFAULT_OUT = "./simulate-out"

TABLE = "simulate"
HOST = "simulate"


@dataclass
class SimulationReport:
    """What :func:`simulate` did: ``ranking`` (RankLines), ``moves``, ``boards`` (PNG paths),
    ``transcript`` (path), ``db`` (path), ``seconds``."""

    game_id: str
    players: int
    seed: int
    moves: int
    ranking: list
    boards: list[str] = field(default_factory=list)
    transcript: str = ""
    db: str = ""
    seconds: float = 0.0


async def simulate(
    game_id: str = DEFAULT_GAME,
    players: int = DEFAULT_PLAYERS,
    seed: int = DEFAULT_SEED,
    out: str = DEFAULT_OUT,
    *,
    render: bool = True,
    every: int = 1,
    options: dict | str | None = None,
) -> SimulationReport:
    """Play one whole game of ``game_id`` with ``players`` AI seats (one AI move per post, so
    every board is written). ``render=False`` skips the PNGs (the transcript is still written);
    ``every=n`` writes only every n-th board and the last one.

    Raises :class:`bot.service.UserError` for an unknown game or a bad player count.
    """

    from bot.service import Service, UserError

    t0 = time.perf_counter()
    os.makedirs(out, exist_ok=True)
    db = os.path.join(out, "simulate.db")
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(db + suffix):
            os.remove(db + suffix)
    for name in os.listdir(out):
        if name.startswith("board-") and name.endswith(".png"):
            os.remove(os.path.join(out, name))
    service = await Service.open(db, ai_moves_per_call=1, seed_source=lambda: seed)
    report = SimulationReport(game_id, players, seed, 0, [], db=db)
    lines: list[str] = []
    try:
        result = await service.new_game(TABLE, HOST, game_id, options, seat_host=False)
        engine_title = result.info.title if result.info else game_id
        lo, hi = result.info.min_players, result.info.max_players
        if not lo <= players <= hi:
            raise UserError(f"{engine_title} takes {lo} to {hi} players, not {players}.")
        for _ in range(players):
            await service.add_bot(TABLE, HOST)
        result = await service.start(TABLE, HOST)
        posts = 0
        while True:
            for text in result.public:
                lines.append(f"[v{result.version}] {text}")
            posts += 1
            due = posts % max(1, every) == 0 or result.status != "active"
            if result.board_due and result.view is not None and render and due:
                from bot.render import render_board  # Pillow only when boards are written

                images = await render_board(result.game_id, result.view)
                for k, png in enumerate(images):
                    suffix = "" if len(images) == 1 else f"-{k + 1}"
                    path = os.path.join(out, f"board-{result.version:04d}{suffix}.png")
                    with open(path, "wb") as fh:
                        fh.write(png)
                    report.boards.append(path)
            if result.status != "active":
                break
            result = await service.advance(TABLE)
        report.moves = result.version
        report.ranking = result.ranking or []
        lines.append("")
        lines.append("Ranking:")
        for line in report.ranking:
            lines.append(f"{line.place}. {line.seat}: {line.score_text}")
        report.transcript = os.path.join(out, "transcript.txt")
        with open(report.transcript, "w", encoding="utf-8") as fh:
            fh.write("\n".join(lines) + "\n")
    finally:
        await service.close()
    report.seconds = time.perf_counter() - t0
    return report


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("simulate", help="play a whole game with AI seats, write every board image")
    p.add_argument("game", nargs="?", default=DEFAULT_GAME, help=f"game id (default {DEFAULT_GAME})")
    p.add_argument(
        "--players", type=int, default=DEFAULT_PLAYERS, help=f"number of AI seats (default {DEFAULT_PLAYERS})"
    )
    p.add_argument("--seed", type=int, default=DEFAULT_SEED, help=f"game seed (default {DEFAULT_SEED})")
    p.add_argument("--out", default=DEFAULT_OUT, help=f"output folder (default {DEFAULT_OUT})")
    p.add_argument(
        "--every", type=int, default=1, metavar="N", help="write every N-th board image and the last (default 1: all)"
    )
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from bot.service import UserError

    try:
        report = asyncio.run(simulate(args.game, args.players, args.seed, args.out, every=args.every))
    except UserError as exc:
        print(exc.message, file=sys.stderr)
        return 2
    print(
        f"{report.game_id}: {plural(report.players, 'AI seat')}, seed {report.seed}, {plural(report.moves, 'move')} "
        f"in {report.seconds:.1f} s"
    )
    print(f"{len(report.boards)} board images, transcript and database in {os.path.abspath(args.out)}")
    print("Ranking:")
    for line in report.ranking:
        print(f"  {line.place}. {line.seat}: {line.score_text}")
    return 0
