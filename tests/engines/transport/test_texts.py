"""Every Transport text a player reads goes through the game's catalog (ETEXT spec):
seeded random games at every player count, checked in the pseudo-language."""

from __future__ import annotations

import pytest

from engines.transport import actions as A
from engines.transport.engine import ENGINE as engine

from ..catalog_texts import check, play


def illegal(state, seat):
    """A handful of moves, most of them illegal in any given step: each kind of refusal."""

    tile = state.hands[seat][0] if state.hands.get(seat) else "t1"
    return [
        A.Connect(tile=tile, at="9,9", rotation=0),
        A.Connect(tile=tile, at="x", rotation=0),
        A.Connect(tile="t0", at="9,9", rotation=0),
        A.Insert(tile=tile, pallet="red", rotation=0, pallet_to="9,9"),
        A.Insert(tile=tile, pallet="purple", rotation=0, pallet_to="9,9"),
        A.SwapHand(),
        A.Load(at="9,9"),
        A.Wrench(at="0,0", to="9,9", rotation=0),
        A.Lift(pallet="red", to="9,9", facing=0),
        A.SwapPallets(a="red", b="purple"),
        A.Move(at="9,9", to="0,0"),
    ]


@pytest.mark.parametrize("n", [2, 3, 4])
def test_every_text_of_a_seeded_game_is_in_the_catalog(n):
    assert play(engine, n, seed=3, illegal=illegal, sample=3, every=3) > 100


def test_the_end_reason_reads_back_as_its_text_after_storage():
    s = engine.setup(["p0", "p1"], None, 1)
    s = s.model_copy(update={"phase": "over", "end_reason": "p1 has 4 parcels on their score tile."})
    s = engine.state_from_json(engine.state_to_json(s))  # stored: the reason is plain English
    status = engine.status(s)
    assert status == "Game over. p1 has 4 parcels on their score tile."
    check(status, ["p0", "p1"], engine.id)
    assert status.render("nl") == "Het spel is afgelopen. p1 heeft 4 pakketjes op de scoretegel."


def test_the_last_moves_on_the_board_read_in_the_readers_language_also_after_storage():
    s = engine.setup(["p0", "p1"], None, 1)
    s = s.model_copy(update={"phase": "lift"})
    s = engine.apply(s, "p0", A.SwapPallets(a="red", b="blue")).state
    s = engine.state_from_json(engine.state_to_json(s))  # as the bot stores and reloads it
    recent = engine.view(s, None)["recent"]
    assert recent[-1] == "p0 swaps the red and blue pallets."
    # bot/locale/cs/LC_MESSAGES/transport.po: "{seat} prohazuje palety {a} a {b}.", with "red"
    # as "červené barvy" and "blue" as "modré barvy" (the same catalog)
    assert recent[-1].render("cs") == "p0 prohazuje palety červené barvy a modré barvy."


def test_the_last_moves_of_a_state_stored_as_english_segments_still_read():
    s = engine.setup(["p0", "p1"], None, 1)
    data = engine.state_to_json(s)
    data["recent"] = [["", "p1", " swaps the red and blue pallets."]]  # as stored before
    assert engine.view(engine.state_from_json(data), None)["recent"] == [["", "p1", " swaps the red and blue pallets."]]


def test_a_parcel_showing_1_moves_exactly_1_tile():
    import random

    # a seeded random game up to a parcel move whose parcel shows 1 on top
    for seed in range(40):
        rnd = random.Random(seed)
        s = engine.setup(["p0", "p1"], None, seed)
        while not engine.is_over(s):
            p = engine.to_act(s)[0]
            legal = engine.legal_actions(s, p)
            ones = [a for a in legal if a.type == "move" and s.field[a.at].parcel[0] == 1]
            if ones:
                detail = engine.choices(s, ones[0])[0].detail
                assert str(detail) == "It moves exactly 1 tile"  # it read "1 tiles"
                return
            s = engine.apply(s, p, rnd.choice(legal)).state
    raise AssertionError("no parcel showing 1 met in 40 games")
