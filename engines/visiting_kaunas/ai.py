"""Visiting Kaunas AI (placeholder, replaced below)."""
class KaunasAI:
    def choose(self, state, player, rnd):
        from engines.visiting_kaunas import engine
        return rnd.choice(engine.legal_actions(state, player))
