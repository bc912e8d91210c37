"""The registry of games, by kebab-case id (``factory-manager``, ``kanban-ev``, …).

Built-in games are the sub-packages of ``engines`` with an ``engine`` module holding the
game's ``ENGINE`` instance (``engines/<game>/engine.py``); they are imported on first use.
Tests add test-only engines with :func:`register`.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
from pathlib import Path
from typing import Any

_engines: dict[str, Any] = {}
_loaded = False

#: sub-packages of ``engines`` that are not games
_NOT_GAMES = {"base", "registry", "common"}


def _load_builtin() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    # the folder of the ``engines`` package (not ``import engines``: that would be a cycle)
    for info in sorted(pkgutil.iter_modules([str(Path(__file__).parent)]), key=lambda i: i.name):
        if not info.ispkg or info.name in _NOT_GAMES or info.name.startswith("_"):
            continue
        if importlib.util.find_spec(f"engines.{info.name}.engine") is None:
            continue
        engine = getattr(importlib.import_module(f"engines.{info.name}.engine"), "ENGINE", None)
        if engine is not None and engine.id not in _engines:
            _engines[engine.id] = engine


def register(engine: Any) -> Any:
    """Add ``engine`` under ``engine.id`` (replacing one of the same id); returns it."""

    _load_builtin()
    _engines[engine.id] = engine
    return engine


def unregister(game_id: str) -> None:
    """Remove a (test-only) engine."""

    _engines.pop(game_id, None)


def ids() -> list[str]:
    """The registered game ids, built-ins first in package order."""

    _load_builtin()
    return list(_engines)


def get(game_id: str) -> Any:
    """The engine registered as ``game_id``; ``KeyError`` with a readable message if none."""

    _load_builtin()
    try:
        return _engines[game_id]
    except KeyError:
        raise KeyError(f"No game called {game_id!r}; games: {', '.join(_engines) or 'none'}.") from None
