"""Factory Manager (Továrník): 2–5 players build up a factory over 5 rounds.

The engine is :data:`engines.factory_manager.engine.ENGINE` (id ``factory-manager``).
"""
