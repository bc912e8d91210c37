"""``boardhost simulate [GAME] [--players N] [--seed S] [--out DIR] [--every N]``: a whole game with AI
seats through the service layer and a real SQLite store, for a machine with no Discord token.

Writes into ``DIR`` what players would see: ``simulate.db`` (the store, recreated),
``summary-<version>.png`` (the phone summary a move's post carries, for games whose
renderer draws one), ``board-<version>.png`` (the full board, ``board-<version>-<k>.png``
when the renderer draws several images), ``hand-<version>-<seat>.png`` (a seat's hand
image at that post, when it changed since the last one written: what its player would get
by DM), ``transcript.txt`` (the public events, as the channel would read them), and prints
the final ranking with scores. AI seats are named as the bot names them (``AI 1`` …).
``--every N`` writes the images of every N-th post and of the last one.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import sys
import time
from dataclasses import dataclass, field
from typing import Any

from bot.names import ai_name
from engines.base import plural

DEFAULT_GAME = "factory-manager"
DEFAULT_PLAYERS = 3
DEFAULT_SEED = 20261130
DEFAULT_OUT = "./simulate-out"

TABLE = "simulate"
HOST = "simulate"


@dataclass
class SimulationReport:
    """What :func:`simulate` did: ``ranking`` (RankLines, seats by id), ``moves``, ``boards``,
    ``summaries`` and ``hands`` (PNG paths), ``transcript`` (path), ``db`` (path), ``seconds``."""

    game_id: str
    players: int
    seed: int
    moves: int
    ranking: list
    boards: list[str] = field(default_factory=list)
    summaries: list[str] = field(default_factory=list)
    hands: list[str] = field(default_factory=list)
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
    ``every=n`` writes only the images of every n-th post and of the last one.

    Raises :class:`bot.service.UserError` (one sentence) for an unknown game, a bad player
    count, ``every`` below 1, or an output folder that cannot be written.
    """

    from bot.service import Service, UserError

    if every < 1:
        raise UserError(f"--every takes a whole number of posts, 1 or more (1 writes every board), not {every}.")
    t0 = time.perf_counter()
    db = _prepare_out(out)
    service = await Service.open(db, ai_moves_per_call=1, seed_source=lambda: seed)
    report = SimulationReport(game_id, players, seed, 0, [], db=db)
    lines: list[str] = []
    written: list[int] = []  # versions whose images were written
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
            events = [ai_names(str(text)) for text in result.public]
            lines.extend(f"[v{result.version}] {text}" for text in events)
            posts += 1
            due = posts % every == 0 or result.status != "active"
            if result.board_due and result.view is not None and render and due:
                from bot.render import render_board, render_summary  # Pillow only when images are written

                view = ai_names(result.view)
                images = await render_board(result.game_id, view)
                for k, png in enumerate(images):
                    suffix = "" if len(images) == 1 else f"-{k + 1}"
                    report.boards.append(_write(out, f"board-{result.version:04d}{suffix}.png", png))
                png = await render_summary(result.game_id, view, events)  # None: no summary in this game
                if png is not None:
                    report.summaries.append(_write(out, f"summary-{result.version:04d}.png", png))
                written.append(result.version)
            if result.status != "active":
                break
            result = await service.advance(TABLE)
        report.moves = result.version
        report.ranking = result.ranking or []
        if written:
            report.hands = await _write_hands(service, out, written)
        lines.append("")
        lines.append("Ranking:")
        for line in report.ranking:
            lines.append(f"{line.place}. {ai_name(line.seat)}: {line.score_text}")
        report.transcript = os.path.join(out, "transcript.txt")
        with open(report.transcript, "w", encoding="utf-8") as fh:
            fh.write("\n".join(lines) + "\n")
    finally:
        await service.close()
    report.seconds = time.perf_counter() - t0
    return report


def ai_names(value: Any) -> Any:
    """A copy of a JSON view (or a sentence) with AI seat ids written as the bot writes them:
    ``ai-1`` → ``AI 1``, as a whole string, a key, or inside a sentence."""

    if isinstance(value, dict):
        return {ai_names(k) if isinstance(k, str) else k: ai_names(v) for k, v in value.items()}
    if isinstance(value, list):
        return [ai_names(v) for v in value]
    if isinstance(value, str):
        return _AI_SEAT.sub(lambda m: ai_name(m.group(0)), value)
    return value


_AI_SEAT = re.compile(r"(?<![\w-])ai-\d+(?![\w-])")
_OLD_IMAGES = re.compile(r"(board|summary|hand)-.*\.png")


def _prepare_out(out: str) -> str:
    """Create the output folder ``out`` (and its parents), remove what an earlier run left
    there (its images and database); returns the database path. UserError (one sentence)
    when the folder cannot be made or written."""

    from bot.service import UserError

    db = os.path.join(out, "simulate.db")
    try:
        os.makedirs(out, exist_ok=True)
        for suffix in ("", "-wal", "-shm"):
            if os.path.exists(db + suffix):
                os.remove(db + suffix)
        for name in os.listdir(out):
            if _OLD_IMAGES.fullmatch(name):
                os.remove(os.path.join(out, name))
        probe = os.path.join(out, ".simulate-write-test")
        with open(probe, "wb"):
            pass
        os.remove(probe)
    except OSError as exc:
        why = exc.strerror or type(exc).__name__
        raise UserError(f"Cannot write the output folder {out} ({why}); choose another with --out.") from None
    return db


def _write(out: str, name: str, png: bytes) -> str:
    path = os.path.join(out, name)
    with open(path, "wb") as fh:
        fh.write(png)
    return path


async def _write_hands(service: Any, out: str, versions: list[int]) -> list[str]:
    """The hand images of a finished game at the posts in ``versions``: the game is re-run
    from its export (seed, seat order, every action) and each seat's hand is drawn at such
    a post when its private part changed since the last hand image written for it (the rule
    the bot sends hand DMs by). Empty for a game without hands."""

    from bot.render import render_hand
    from engines import registry

    data = await service.export(TABLE)
    engine = registry.get(data["game"])
    if not engine.has_hands:
        return []
    seats = [s["seat"] for s in sorted(data["seats"], key=lambda s: s["order"] if s.get("order") is not None else 0)]
    state = engine.setup(seats, data.get("options") or {}, int(data["seed"]))
    wanted, last, paths = set(versions), {}, []
    rows = [r for r in data["actions"] if r.get("flag") != "undo" and not r.get("undone")]
    for version in range(len(rows) + 1):
        if version:
            row = rows[version - 1]
            state = engine.apply(state, row["seat"], engine.action_from_json(row["action"])).state
        if version not in wanted:
            continue
        for seat in seats:
            private = engine.private_view(state, seat)
            if private is None or last.get(seat) == private:
                continue
            last[seat] = private
            png = await render_hand(data["game"], ai_names(engine.view(state, seat)))
            if png is not None:
                paths.append(_write(out, f"hand-{version:04d}-{ai_name(seat).replace(' ', '')}.png", png))
    return paths


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("simulate", help="play a whole game with AI seats, write the images players would see")
    p.add_argument("game", nargs="?", default=DEFAULT_GAME, help=f"game id (default {DEFAULT_GAME})")
    p.add_argument(
        "--players", type=int, default=DEFAULT_PLAYERS, help=f"number of AI seats (default {DEFAULT_PLAYERS})"
    )
    p.add_argument("--seed", type=int, default=DEFAULT_SEED, help=f"game seed (default {DEFAULT_SEED})")
    p.add_argument("--out", default=DEFAULT_OUT, help=f"output folder (default {DEFAULT_OUT})")
    p.add_argument(
        "--every",
        type=int,
        default=1,
        metavar="N",
        help="write the images of every N-th post and of the last (default 1: all)",
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
    print(
        f"{plural(len(report.boards), 'board image')}, {plural(len(report.summaries), 'summary image')},"
        f" {plural(len(report.hands), 'hand image')}, transcript and database in {os.path.abspath(args.out)}"
    )
    print("Ranking:")
    for line in report.ranking:
        print(f"  {line.place}. {ai_name(line.seat)}: {line.score_text}")
    return 0
