"""The ``boardhost`` command (console script ``boardhost = "bot.cli:main"``).

Subcommands live in their own modules: each module in :data:`COMMAND_MODULES` defines
``register(subparsers) -> None`` which adds its subparser(s) and sets
``func=<callable(args) -> int>`` as the parser default.

* ``bot.simulate``: ``boardhost simulate [GAME] [--players N] [--seed S] [--out DIR]``.
* ``bot.runner``: ``boardhost run [--shard-ids 0,1 --shard-count 4]`` and
  ``boardhost sync [--guild ID]``.
* ``bot.migrate``: ``boardhost migrate --from sqlite:///boardhost.db --to postgresql://…``.
* ``bot.replay``: ``boardhost replay FILE`` (re-run a ``/game export`` file, print the ranking).
"""

from __future__ import annotations

import argparse
import importlib
import sys

#: modules that add subcommands; a missing optional module is skipped
COMMAND_MODULES: list[tuple[str, bool]] = [
    ("bot.simulate", True),  # (module, required)
    ("bot.runner", False),
    ("bot.migrate", True),
    ("bot.replay", True),
]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="boardhost",
        description="A Discord bot that hosts asynchronous board games.",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, required in COMMAND_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if required or exc.name != name:
                raise
            continue
        module.register(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run ``boardhost``; returns (and, as a script, exits with) the status code."""

    parser = build_parser()
    args = parser.parse_args(argv)
    func = getattr(args, "func", None)
    if func is None:
        parser.print_help()
        return 2
    from bot.settings import SettingsError

    try:
        return int(func(args) or 0)
    except SettingsError as exc:  # a setting in the environment or .env that cannot be used
        print(exc, file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
