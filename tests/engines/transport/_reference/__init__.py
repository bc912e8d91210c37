"""A frozen copy of the Transport engine as it was before the issue-23.5 speed-up (main at
9aab0b5: engine.py, hexes.py, rules.py, actions.py; the state model, data, texts and AI are
the live ones). Only :mod:`tests.engines.transport.test_reference` uses it: the live engine
must list the same legal actions in the same order and reach the same states. Do not
change it (but for imports): it is the behaviour the engine is checked against."""
