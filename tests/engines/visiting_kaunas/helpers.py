"""Helpers that build Visiting Kaunas situations for the rule tests.

They set state fields directly (street, tourists, dice, board) and then drive the
engine through its public ``apply``; expected values in the tests are worked out by hand.
"""

from __future__ import annotations

from engines.visiting_kaunas.engine import ENGINE as engine
from engines.visiting_kaunas.state import Die


def new(n: int = 2, seed: int = 1):
    """A fresh game with seats ann, bob, cid, dan (first n) and ann as the active player."""

    players = ["ann", "bob", "cid", "dan"][:n]
    s = engine.setup(players, None, seed)
    s = s.model_copy(deep=True)
    s.active = 0
    return s


def act(s, p: str, text: str):
    """Apply the move written as ``text`` for ``p``; returns the new state."""

    return engine.apply(s, p, engine.parse(s, text)).state


def moves(s, p: str) -> list[str]:
    return sorted(engine.notation(s, a) for a in engine.legal_actions(s, p))


def at_assign(s, dice: list[int]):
    """``s`` in the dice-assignment step of the active player with ``dice`` rolled."""

    s = s.model_copy(deep=True)
    s.phase = "assign"
    s.dice = [Die(v=v) for v in dice]
    return s


def at_event(s, card: str, zone: str, n: int, movers: list[str] | None = None):
    """``s`` in the tourist step of event ``card`` in ``zone`` with ``n`` moves each."""

    s = s.model_copy(deep=True)
    s.phase = "tourists"
    s.moving, s.move_zone, s.move_n = card, zone, n
    s.movers = {p: n for p in (movers or s.players)}
    s.dice = [Die(v=n, use="event", card="up1", cid=card, zone=zone, done=True)]
    return s


def street(
    s,
    p: str,
    a: list[str],
    b: list[str] | None = None,
    tourists: dict | None = None,
    supply: int | None = None,
    grande: str = "",
    coins: int | None = None,
):
    """Give ``p`` the street rows ``a``/``b`` and tourists (``{"a2:midday": 1}``)."""

    pl = s.pl[p]
    pl.street = [list(a), list(b or [])]
    pl.tourists = dict(tourists or {})
    pl.grande = grande
    if supply is not None:
        pl.supply = supply
    if coins is not None:
        pl.coins = coins
    return s
