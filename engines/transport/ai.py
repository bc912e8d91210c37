"""Placeholder AI (replaced below)."""
class TransportAI:
    def __init__(self, engine):
        self.engine = engine
    def choose(self, state, player, rnd):
        return rnd.choice(self.engine.legal_actions(state, player))
