"""``boardhost replay FILE``: re-run a game exported with ``/game export`` and print its ranking.

The export (:meth:`bot.service.Service.export`) of a finished game carries the seed, the
options, the seat order and every logged action; replaying them through the engine from
``setup`` must end the game with the exported ranking. Undone moves and undo markers are
skipped (an undo is an appended action). Picked up by :mod:`bot.cli`.

Exit status: 0 when the replay ends the game with the exported ranking; 1 when it does not
(or a move is refused: the file does not match this version of the rules); 2 for a file that
cannot be replayed (not an export, a game still running, an unknown game).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from bot.names import ai_name
from bot.service import Service, rank_lines
from engines import registry
from engines.base import IllegalAction


class ReplayError(Exception):
    """The file cannot be replayed: one sentence saying why (exit status 2)."""


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("replay", help="re-run a game exported with /game export and print its final ranking")
    p.add_argument("file", metavar="FILE", help="the JSON file /game export attached")
    p.set_defaults(func=cmd_replay)


def cmd_replay(args: argparse.Namespace) -> int:
    try:
        with open(args.file, encoding="utf-8") as f:
            data = json.load(f)
        ok, lines = replay(data)
    except OSError as exc:
        print(f"Cannot read {args.file}: {exc.strerror or exc}.", file=sys.stderr)
        return 2
    except (ValueError, ReplayError) as exc:
        print(str(exc) if isinstance(exc, ReplayError) else f"{args.file} is not JSON ({exc}).", file=sys.stderr)
        return 2
    print("\n".join(lines))
    return 0 if ok else 1


#: the ranking's tag of a seat handed to the AI, by why (the export's "handover")
_GONE = {"resigned": "resigned", "voted_out": "voted out", "timed_out": "timed out"}


def _name(seat: dict) -> str:
    if seat.get("name"):
        return str(seat["name"])
    return ai_name(str(seat["seat"]))


def replay(data: Any) -> tuple[bool, list[str]]:
    """Re-run an export (a dict as :meth:`Service.export` writes it): ``(ok, lines)`` where
    ``lines`` is the final ranking as printed and ``ok`` says the replay reached the game's
    end with the exported ranking. :class:`ReplayError` for a file that cannot be replayed."""

    if not isinstance(data, dict) or data.get("format") != Service.EXPORT_FORMAT:
        raise ReplayError(f"This is not a boardhost export (its format should be {Service.EXPORT_FORMAT}).")
    try:
        engine = registry.get(data["game"])
    except KeyError:
        raise ReplayError(f"This export is of a game this boardhost does not know: {data.get('game')!r}.") from None
    if data.get("seed") is None:
        raise ReplayError(
            "This export is of a game still running: it carries no seed and no hidden moves, so it"
            " cannot be re-run; export it again once the game is over."
        )
    seats = sorted(data["seats"], key=lambda s: s["order"] if s.get("order") is not None else 1 << 30)
    order = [s["seat"] for s in seats]
    names = {s["seat"]: _name(s) for s in seats}
    state = engine.setup(order, data.get("options") or {}, int(data["seed"]))
    played = 0
    for row in data["actions"]:
        if row.get("flag") == "undo" or row.get("undone"):
            continue
        if row.get("action") is None:
            raise ReplayError(f"Move {row.get('seq')} is hidden in this export, so it cannot be re-run.")
        try:
            state = engine.apply(state, row["seat"], engine.action_from_json(row["action"])).state
        except (IllegalAction, ValueError) as exc:
            return False, [f"Move {row.get('seq')} ({row.get('notation')}) was refused on replay: {exc}"]
        played += 1
    if not engine.is_over(state):
        return False, [f"After {played} moves the game of {engine.title} is not over: {engine.status(state)}"]
    resigned = {s["seat"] for s in seats if s.get("resigned")}
    ai = {s["seat"] for s in seats if s.get("ai")}
    # an export made before the reason was kept has no "handover": read as resigned
    why = {s["seat"]: s["handover"] for s in seats if s.get("resigned") and s.get("handover")}
    ranking = rank_lines(engine, state, resigned, ai, why)
    lines = [f"{engine.title}: final ranking after replaying {played} moves:"]
    for r in ranking:
        tag = f" ({_GONE.get(r.handover or '', 'resigned')})" if r.resigned else ""
        lines.append(f"{r.place}. {names.get(r.seat, r.seat)} — {r.score_text}{tag}")
    exported = [(r["place"], r["seat"], r["score"]) for r in data.get("ranking") or []]
    mine = [(r.place, r.seat, r.score) for r in ranking]
    if exported and exported != mine:
        lines.append("This differs from the ranking in the export: the rules changed since the game was played.")
        return False, lines
    return True, lines


__all__ = ["ReplayError", "cmd_replay", "register", "replay"]
