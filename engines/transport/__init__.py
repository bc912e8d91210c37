"""Transport, the conveyor-belt tile game (Richard van Oostrum, Rob Vermeer), 2-4 players.

The engine is :data:`engines.transport.engine.ENGINE` (id ``transport``); the rules and the
interpretations the text leaves open are in :mod:`engines.transport.rules`; the hex geometry
shared by the rules and the AI is :mod:`engines.transport.hexes`.
"""
