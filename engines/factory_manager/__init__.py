"""Factory Manager (Továrník): 2–5 players build up a factory over 5 rounds.

``engine`` is the registered :class:`FactoryManager` (id ``factory-manager``).
"""

from .engine import FactoryManager
from .state import Options, PlayerState, State

engine = FactoryManager()

__all__ = ["engine", "FactoryManager", "Options", "PlayerState", "State"]
