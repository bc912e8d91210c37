"""Every Visiting Kaunas text a player reads goes through the game's catalog (ETEXT spec):
seeded random games at every player count, checked in the pseudo-language."""

from __future__ import annotations

import pytest

from engines.visiting_kaunas import actions as A
from engines.visiting_kaunas.engine import ENGINE as engine

from ..catalog_texts import check, play


def illegal(state, seat):
    """A handful of moves, most of them illegal in any given step: each kind of refusal."""

    return [
        A.Ship(edge="top", to=1),
        A.Ship(edge="right", to=9),
        A.Event(die=6, card="up1", zone="morning"),
        A.Row(row=9),
        A.Column(column=9),
        A.Tourist(source="supply", to="b9"),
        A.Build(row="a"),
        A.Draw(count=3),
    ]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_every_text_of_a_seeded_game_is_in_the_catalog(n):
    assert play(engine, n, seed=5, illegal=illegal) > 100


def test_the_drawn_upgrades_and_the_first_player_line_are_texts():
    s = engine.setup(["p0", "p1"], None, 3)
    # turn 0: the status says who starts and why (the lowest die)
    check(engine.status(s), ["p0", "p1"], engine.id)
    s = s.model_copy(deep=True)
    s.drawn = ["u01", "u25"]
    s.phase = "choose"
    me = s.players[s.active]
    check(engine.private_text(s, me), ["p0", "p1"], engine.id)
    # data._upgrades numbers them in order: u01-u09 +1 capacity in one zone (morning,
    # midday, evening, …), u10-u18 +$1 in one zone, u19-u24 both, u25-u28 +$1 in every zone
    assert engine.private_text(s, me) == "You drew u01 (+1 capacity morning), u25 (+$1 all zones): keep one."
    assert engine.private_text(s, me).render("cs") == (
        "Líznuté karty: u01 (+1 kapacita ráno), u25 (+$1 všechna pásma); jednu si nech."
    )
