"""A small test-only game with private hands and a simultaneous step ("High-Low").

Registered from tests with :func:`install` (engine via ``engines.registry.register``,
renderer via ``sys.modules['renderers.high_low']``); the bot tests reuse it because
Factory Manager has no hands.

Rules (made up for tests): a deck of cards 1..40 is shuffled from the seed; each player
holds ``hand_size`` cards. Each of ``rounds`` rounds:

1. **call** (one player, the caller, rotating from the first seat): ``call high`` or
   ``call low``.
2. **play** (simultaneous, every player): ``play <card>`` from the hand, face down.
   When all have played, the cards are revealed; the highest card (``high``) or lowest
   (``low``) wins the sum of the played cards as points. Each player then draws one card
   (private event "You drew N.").

The most points wins; equal points share a place.
"""

from __future__ import annotations

import random
import sys
import types
from typing import Literal

from pydantic import BaseModel

from engines import registry
from engines.base import ActionModel, Engine, Event, shuffled

GAME_ID = "high-low"


class Options(BaseModel):
    rounds: int = 4
    hand_size: int = 3


class State(BaseModel):
    players: list[str]
    seed: int
    rounds: int
    round: int = 1
    step: str = "call"  # call | play | over
    caller: int = 0
    mode: str = "high"
    hands: dict[str, list[int]]
    played: dict[str, int] = {}
    deck: list[int]
    scores: dict[str, int]


class Call(ActionModel):
    type: Literal["call"] = "call"
    mode: Literal["high", "low"]


class Play(ActionModel):
    type: Literal["play"] = "play"
    card: int


class _AI:
    def __init__(self, engine: Engine):
        self.engine = engine

    def choose(self, state: State, player: str, rnd: random.Random):
        legal = self.engine.legal_actions(state, player)
        return rnd.choice(legal)


class HighLow(Engine):
    id = GAME_ID
    title = "High-Low"
    min_players = 2
    max_players = 5
    Options = Options
    State = State
    action_models = (Call, Play)
    has_hands = True
    rules_summary = {"overview": "Call high or low, then everyone plays a card at once."}
    AI = _AI

    def setup(self, players, options=None, seed=0):
        self.check_players(players)
        opts = self.options(options)
        if opts.rounds < 1 or opts.hand_size < 1 or len(players) * (opts.hand_size + opts.rounds) > 40:
            raise ValueError("Not enough cards for those options.")
        deck = shuffled(range(1, 41), seed, "deck")
        hands = {}
        for p in players:
            hands[p] = sorted(deck[: opts.hand_size])
            deck = deck[opts.hand_size :]
        return State(
            players=list(players), seed=seed, rounds=opts.rounds, hands=hands, deck=deck, scores={p: 0 for p in players}
        )

    def to_act(self, state):
        if state.step == "call":
            return [state.players[state.caller]]
        if state.step == "play":
            return [p for p in state.players if p not in state.played]
        return []

    def legal_actions(self, state, player):
        if player not in self.to_act(state):
            return []
        if state.step == "call":
            return [Call(mode="high"), Call(mode="low")]
        return [Play(card=c) for c in state.hands[player]]

    def why_illegal(self, state, player, action):
        if state.step == "call":
            return None if isinstance(action, Call) else "First call high or low."
        if not isinstance(action, Play):
            return "Play a card from your hand."
        return f"You do not hold a {action.card}."

    def _apply(self, new, player, action, events):
        if new.step == "call":
            new.mode = action.mode
            new.step = "play"
            events.append(Event(type="call", text=f"{player} calls {action.mode}."))
            return
        new.hands[player].remove(action.card)
        new.played[player] = action.card
        events.append(Event(type="play", text=f"{player} plays a card face down."))
        if len(new.played) == len(new.players):
            pick = max if new.mode == "high" else min
            winner = pick(new.played, key=lambda p: new.played[p])
            total = sum(new.played.values())
            new.scores[winner] += total
            shown = ", ".join(f"{p} {c}" for p, c in new.played.items())
            events.append(Event(type="reveal", text=f"Revealed: {shown}; {winner} scores {total}."))
            for p in new.players:
                if new.deck:
                    card = new.deck.pop(0)
                    new.hands[p] = sorted(new.hands[p] + [card])
                    events.append(Event(type="draw", text=f"You drew {card}.", visible_to=[p]))
            new.played = {}
            if new.round >= new.rounds:
                new.step = "over"
            else:
                new.round += 1
                new.caller = (new.caller + 1) % len(new.players)
                new.step = "call"

    def hidden(self, state):
        return state.deck

    def describe_to(self, state, player, action, viewer):
        """A card is played face down: only its player reads which one in the history."""

        if isinstance(action, Play) and viewer != player:
            return "Plays a card face down."
        return self.describe(state, action)

    def view(self, state, player):
        out = {
            "players": list(state.players),
            "round": state.round,
            "rounds": state.rounds,
            "step": state.step,
            "mode": state.mode,
            "caller": state.players[state.caller],
            "scores": dict(state.scores),
            "played": sorted(state.played),
            "hand_sizes": {p: len(h) for p, h in state.hands.items()},
            "deck_size": len(state.deck),
        }
        if player is not None and player in state.hands:
            out["hand"] = list(state.hands[player])
            out["me"] = player
        return out

    def private_view(self, state, player):
        if player not in state.hands:
            return None
        return {"hand": list(state.hands[player])}

    def status(self, state):
        if state.step == "over":
            return "Game over."
        return f"Round {state.round}, {state.step}: waiting for {', '.join(self.to_act(state))}."

    def is_over(self, state):
        return state.step == "over"

    def scores(self, state):
        return dict(state.scores)

    def ranking(self, state):
        by = sorted(set(state.scores.values()), reverse=True)
        return [[p for p in state.players if state.scores[p] == s] for s in by]


engine = HighLow()


def _layout(view):
    from renderers.base import Layout, text

    lay = Layout(width=400, height=60 + 30 * len(view["players"]), background="#ffffff", elements=[])
    lay.elements.append(text(10, 10, f"Round {view['round']} ({view['step']})", 18, "#000000", "title"))
    for i, p in enumerate(view["players"]):
        lay.elements.append(text(10, 40 + 30 * i, f"{p}: {view['scores'][p]}", 16, "#000000", f"score:{p}"))
    return lay


def _hand_layout(view):
    from renderers.base import Layout, text

    lay = Layout(width=300, height=60, background="#ffffff", elements=[])
    lay.elements.append(text(10, 10, "Hand: " + " ".join(map(str, view.get("hand", []))), 18, "#000000", "hand"))
    return lay


renderer = types.ModuleType("renderers.high_low")
renderer.layout = _layout
renderer.hand_layout = _hand_layout


def install() -> HighLow:
    """Register the engine and its renderer; returns the engine."""

    sys.modules["renderers.high_low"] = renderer
    return registry.register(engine)


def uninstall() -> None:
    registry.unregister(GAME_ID)
    sys.modules.pop("renderers.high_low", None)
