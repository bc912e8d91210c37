"""Visiting Kaunas (rules 003), 2-4 players.

The engine is :data:`engines.visiting_kaunas.engine.ENGINE` (id ``visiting-kaunas``).
"""
