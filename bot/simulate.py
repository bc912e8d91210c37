"""``boardhost simulate``: a whole game with AI seats through the service layer (see
:func:`simulate`). Filled in below."""

from __future__ import annotations

import argparse

DEFAULT_GAME = "factory-manager"
DEFAULT_PLAYERS = 3
DEFAULT_SEED = 20261130
DEFAULT_OUT = "./simulate-out"


def register(subparsers: argparse._SubParsersAction) -> None:
    p = subparsers.add_parser("simulate", help="play a whole game with AI seats, write every board image")
    p.add_argument("game", nargs="?", default=DEFAULT_GAME, help=f"game id (default {DEFAULT_GAME})")
    p.add_argument("--players", type=int, default=DEFAULT_PLAYERS, help=f"number of AI seats (default {DEFAULT_PLAYERS})")
    p.add_argument("--seed", type=int, default=DEFAULT_SEED, help=f"game seed (default {DEFAULT_SEED})")
    p.add_argument("--out", default=DEFAULT_OUT, help=f"output folder (default {DEFAULT_OUT})")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    raise NotImplementedError
