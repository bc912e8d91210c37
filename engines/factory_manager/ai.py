"""Factory Manager AI (placeholder, replaced below)."""


class FactoryManagerAI:
    def __init__(self, engine):
        self.engine = engine

    def choose(self, state, player, rng):
        return self.engine.legal_actions(state, player)[0]
