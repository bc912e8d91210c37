"""Pure rules engines, one package per game (docs/architecture.md, "The engine contract").

``engines.registry`` finds the games: each game package's ``engine`` module holds its ``ENGINE``.
"""

from engines import base as _base
from engines.base import *  # noqa: F401,F403  (the contract's names: Engine, ActionModel, IllegalAction, …)

__all__ = [*_base.__all__, "registry"]  # noqa: F405


def __getattr__(name: str):
    if name == "registry":
        import engines.registry as registry

        return registry
    raise AttributeError(name)
