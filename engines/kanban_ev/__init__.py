"""Kanban EV with the SpeedCharger mini-expansion, 2-4 players.

The engine is :data:`engines.kanban_ev.engine.ENGINE` (id ``kanban-ev``); rules in
:mod:`engines.kanban_ev.rules` (the interpretations are listed there), component data with
sources or ASSUMED in :mod:`engines.kanban_ev.data`.
"""
