"""Why the AI plays a human's seat (``seats.handover``, schema 8) on both backends: a move
stores it with the resigned flag, a substitute clears both, and a database from before the
column keeps working (a seat a passed kick vote removed reads as voted out, any other
resigned seat as resigned)."""

from __future__ import annotations

import pytest

from tests.bot.stores.test_store import _old_schema

pytestmark = pytest.mark.usefixtures("high_low")


def _seats(seats) -> list[tuple]:
    return [(s.seat, s.user_id, s.resigned, s.handover) for s in seats]


async def test_a_handed_seat_keeps_why_and_a_substitute_takes_it_back(backend):
    store = backend.make()
    await store.open()
    try:
        game = await store.create_game("t", "high-low", {}, 1, "u1")
        for seat in ("u2", "u3"):
            await store.add_seat(game.pk, seat, seat, False)
        await store.start_game(game.pk, ["u1", "u2", "u3"], {"at": 0})
        await store.commit(game.pk, 0, [], {"at": 0}, "active", resigned="u1")
        await store.commit(game.pk, 0, [], {"at": 0}, "active", resigned="u2", handover="voted_out")
        await store.commit(game.pk, 0, [], {"at": 0}, "active", resigned="u3", handover="timed_out")
        assert _seats(await store.seats(game.pk)) == [
            ("u1", "u1", True, "resigned"),
            ("u2", "u2", True, "voted_out"),
            ("u3", "u3", True, "timed_out"),
        ]
        assert await store.user_games("u7") == []
        await store.set_seat_user(game.pk, "u2", "u7")
        assert _seats((await store.live_game_seats("t"))[1]) == [
            ("u1", "u1", True, "resigned"),
            ("u2", "u7", False, None),
            ("u3", "u3", True, "timed_out"),
        ]
        assert [g.pk for g in await store.user_games("u7")] == [game.pk]
        # a row an older bot wrote after the upgrade (resigned, no reason) reads as resigned
        await backend.sql("UPDATE seats SET handover = NULL WHERE seat = 'u3'")
        assert _seats(await store.seats(game.pk))[2] == ("u3", "u3", True, "resigned")
    finally:
        await store.close()


async def test_a_schema_7_database_learns_who_was_voted_out(backend):
    await _old_schema(backend, 7)
    await backend.sql(
        "INSERT INTO games (pk, table_id, game_id, options, seed, status, host, version, created, updated, posted)"
        " VALUES (3, 't-old', 'high-low', '{}', 5, 'active', '555', 4, 100, 100, 4)"
    )
    for order, (seat, resigned) in enumerate((("555", False), ("666", True), ("777", True))):
        await backend.sql(
            "INSERT INTO seats (game_pk, seat, user_id, joined, seat_order, is_ai, resigned)"
            f" VALUES (3, '{seat}', '{seat}', {order}, {order}, FALSE, {'TRUE' if resigned else 'FALSE'})"
        )
    # 666 was removed by a passed kick vote; a refused vote on 777 (who resigned) says nothing
    await backend.sql(
        "INSERT INTO votes (game_pk, kind, subject, version, voters, yes, status, created) VALUES"
        " (3, 'kick', '666', 2, '[\"555\"]', '[\"555\"]', 'passed', 100),"
        " (3, 'kick', '777', 1, '[\"555\"]', '[\"-555\"]', 'refused', 100)"
    )
    store = backend.make()
    await store.open()
    try:
        assert _seats(await store.seats(3)) == [
            ("555", "555", False, None),
            ("666", "666", True, "voted_out"),
            ("777", "777", True, "resigned"),
        ]
    finally:
        await store.close()
