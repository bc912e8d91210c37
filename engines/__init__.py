"""Pure rules engines, one package per game (docs/architecture.md, "The engine contract").

``engines.registry`` finds the games: each game package's ``engine`` module holds its ``ENGINE``.
"""

from engines.base import (
    ActionModel,
    Engine,
    Event,
    IllegalAction,
    NotationError,
    Outcome,
    action_union,
    default_notation,
    default_parse,
    normalize,
    rng,
    shuffled,
)

__all__ = [
    "ActionModel",
    "Engine",
    "Event",
    "IllegalAction",
    "NotationError",
    "Outcome",
    "action_union",
    "default_notation",
    "default_parse",
    "normalize",
    "rng",
    "shuffled",
    "registry",
]


def __getattr__(name: str):
    if name == "registry":
        import engines.registry as registry

        return registry
    raise AttributeError(name)
