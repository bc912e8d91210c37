"""Lobbies at the service level, with the test-only High-Low game: seats, AI seats and the
host's hand-over, the last one out closing the lobby, starting, the seat order from the seed,
a game's options as typed or given, and cancelling."""

from __future__ import annotations

import pytest

from bot.service import Service, UserError, parse_options
from tests.bot.play.test_service_high_low import OUTSIDER, A, B, C, service, started  # noqa: F401  (fixture)

pytestmark = pytest.mark.usefixtures("high_low")  # tests/conftest.py: the test-only game


async def test_lobby_seats_bots_and_host_handover(service):
    r = await service.new_game(42, A, "high-low")
    assert r.status == "lobby" and r.table == "42"
    assert [s.seat for s in r.info.seats] == [A]
    await service.join(42, B)
    r = await service.add_bot(42, A)
    r = await service.add_bot(42, A)
    assert [s.seat for s in r.info.seats] == [A, B, "ai-1", "ai-2"]
    assert [s.is_ai for s in r.info.seats] == [False, False, True, True]
    await service.join(42, C)  # 5 seats: High-Low's maximum
    with pytest.raises(UserError, match="full"):
        await service.join(42, "1004")
    with pytest.raises(UserError, match="full"):
        await service.add_bot(42, A)
    r = await service.leave(42, A)  # the host leaves: the next human hosts
    assert r.info.host == B
    with pytest.raises(UserError, match="Only the host"):
        await service.start(42, C)
    r = await service.start(42, B)
    assert r.status == "active"
    assert sorted(s.seat for s in r.info.seats) == sorted([B, C, "ai-1", "ai-2"])


async def test_last_human_leaving_closes_the_lobby(service):
    await service.new_game("t", A, "high-low")
    await service.add_bot("t", A)
    r = await service.leave("t", A)
    assert r.status == "cancelled"
    r = await service.new_game("t", B, "high-low")  # the table is free again
    assert r.status == "lobby"


async def test_start_needs_enough_players(service):
    await service.new_game("t", A, "high-low")
    with pytest.raises(UserError, match="at least 2"):
        await service.start("t", A)


async def test_seat_order_is_shuffled_from_the_seed(tmp_path):
    orders = set()
    for seed in range(6):
        svc = await Service.open(str(tmp_path / f"o{seed}.db"), seed_source=lambda s=seed: s)
        try:
            await svc.new_game("t", A, "high-low")
            await svc.join("t", B)
            await svc.join("t", C)
            r = await svc.start("t", A)
            orders.add(tuple(r.view["players"]))
            # the seat order is stored: seats come back in it
            assert [s.seat for s in r.info.seats] == list(r.view["players"])
        finally:
            await svc.close()
    assert len(orders) > 1  # 6 seeds, 6 possible orders: not always the join order


def test_options_from_text_or_dict():
    assert parse_options("high-low", "rounds=2 hand_size=4") == {"rounds": 2, "hand_size": 4}
    assert parse_options("high-low", "  ROUNDS=5 ") == {"rounds": 5, "hand_size": 3}
    assert parse_options("high-low", {"rounds": 1}) == {"rounds": 1, "hand_size": 3}
    assert parse_options("high-low", None) == {"rounds": 4, "hand_size": 3}
    with pytest.raises(UserError, match="no option `colour`.*rounds, hand_size"):
        parse_options("high-low", "colour=red")
    with pytest.raises(UserError, match="rounds"):
        parse_options("high-low", "rounds=lots")
    with pytest.raises(UserError, match="key=value"):
        parse_options("high-low", "rounds")
    with pytest.raises(UserError, match="no game called"):
        parse_options("chess", None)


@pytest.mark.parametrize(
    "text",
    [
        "first_game=true, first_game=false",
        "first_game=true first_game=true",  # even the same value twice
        "first_game=true First-Game=false",  # the same key written another way
    ],
)
def test_an_option_given_twice_is_refused_naming_it(text):
    with pytest.raises(UserError) as err:
        parse_options("factory-manager", text)
    assert str(err.value) == "The option `first_game` is given twice; give each option once."


@pytest.mark.parametrize(
    "game, text, said",
    [
        # one plain sentence naming the option and the values it takes, never
        # pydantic's "Input should be a valid boolean, unable to interpret input"
        ("kanban-ev", "speedcharger=maybe", "Kanban EV option `speedcharger` takes true or false, not `maybe`."),
        ("kanban-ev", "sandra=evil", "Kanban EV option `sandra` takes mean or nice, not `evil`."),
        ("factory-manager", "first_game=2", "Factory Manager option `first_game` takes true or false, not `2`."),
        ("high-low", "rounds=lots", "High-Low option `rounds` takes a whole number, not `lots`."),
    ],
)
def test_bad_option_value_is_one_plain_sentence(game, text, said):
    with pytest.raises(UserError) as err:
        parse_options(game, text)
    assert str(err.value) == said


async def test_cancel_by_host_or_admin(service):
    await started(service, A, B)
    r = await service.cancel("t", B, admin=True)
    assert r.status == "cancelled"
    with pytest.raises(UserError):
        await service.act("t", A, "call high")
    await service.new_game("t", B, "high-low")
    r = await service.cancel("t", B)
    assert r.status == "cancelled"
