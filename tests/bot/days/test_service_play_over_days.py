"""Asynchronous play over days at the service level (the votes: tests/bot/votes/), with an injected clock and
the test-only High-Low game (tests/fakegame.py: one caller calls high/low, then everyone
plays a card face down at once; when all have played, the cards are revealed and everyone
draws). Restarts are a close and a reopen of the same SQLite file."""

from __future__ import annotations

import datetime as dt

import pytest

from bot.service import Service, UserError, parse_settings
from bot.timers import HOUR, TableSettings, in_quiet, parse_duration, parse_reminders, quiet_end, seat_plan
from tests import fakegame

A, B, C = "1001", "1002", "1003"
D = "1004"
#: 2026-01-01 00:00 UTC
T0 = 1767225600.0


class Clock:
    def __init__(self, t: float = T0):
        self.t = t

    def __call__(self) -> float:
        return self.t


@pytest.fixture(autouse=True)
def high_low():
    fakegame.install()
    yield
    fakegame.uninstall()


@pytest.fixture
def clock():
    return Clock()


async def open_service(backend, clock) -> Service:
    """A service over the test database (SQLite or PostgreSQL, see conftest.backend);
    calling it again on the same backend is a restart."""

    return await backend.service(seed_source=lambda: 11, clock=clock)


@pytest.fixture
async def service(backend, clock):
    svc = await open_service(backend, clock)
    yield svc
    await svc.close()


async def three(service: Service, settings: dict, rounds: int = 3) -> list[str]:
    await service.new_game("t", A, "high-low", {"rounds": rounds}, settings=settings, guild="g1")
    await service.join("t", B)
    await service.join("t", C)
    await service.start("t", A)
    return (await service.board("t")).to_act


async def move(service: Service, user: str, i: int = 0):
    notation = (await service.legal_moves("t", user))[i][0]
    return await service.act("t", user, notation)


# ----- pure scheduling rules ---------------------------------------------------------------


def test_durations_and_settings_text():
    assert parse_duration("24h") == 86400
    assert parse_duration("1d12h") == 36 * 3600
    assert parse_duration("90m") == 5400
    assert parse_duration("off") is None
    assert parse_duration("2") == 7200  # a bare number is hours
    with pytest.raises(ValueError):
        parse_duration("soon")
    s = parse_settings({"turn_limit": "24h", "reminders": "12h,1d", "policy": "kick"})
    assert (s.turn_limit, s.remind_after, s.remind_every, s.policy) == (86400, 43200, 86400, "kick")
    assert parse_settings({"reminders": "off"}).remind_after is None
    # the reminder schedule as players write it: (first after, then every) in seconds
    assert parse_reminders("12h then daily") == (12 * 3600, 86400)
    assert parse_reminders("6h then every 6h") == (6 * 3600, 6 * 3600)
    assert parse_reminders("12h, 1d") == (12 * 3600, 86400)
    assert parse_reminders("12h") == (12 * 3600, None)  # one reminder only
    assert parse_reminders("daily") == (86400, 86400)
    with pytest.raises(ValueError, match="not a reminder schedule"):
        parse_reminders("12h then then")
    with pytest.raises(UserError):
        parse_settings({"policy": "shrug"})
    with pytest.raises(UserError):
        parse_settings({"colour": "red"})


def test_quiet_hours_in_the_players_zone():
    # 2026-01-01 21:30 UTC is 22:30 in Prague (UTC+1 in winter): inside 22-08
    t = dt.datetime(2026, 1, 1, 21, 30, tzinfo=dt.UTC).timestamp()
    assert in_quiet(t, (22, 8), "Europe/Prague")
    assert not in_quiet(t, (22, 8), "UTC")  # 21:30 in UTC is before 22:00
    # they end at 08:00 Prague = 07:00 UTC the next day
    assert quiet_end(t, (22, 8), "Europe/Prague") == dt.datetime(2026, 1, 2, 7, 0, tzinfo=dt.UTC).timestamp()
    # in summer Prague is UTC+2: 08:00 there is 06:00 UTC
    summer = dt.datetime(2026, 7, 1, 23, 0, tzinfo=dt.UTC).timestamp()
    assert quiet_end(summer, (22, 8), "Europe/Prague") == dt.datetime(2026, 7, 2, 6, 0, tzinfo=dt.UTC).timestamp()


def test_seat_plan_steps_vacation_and_deadline():
    s = TableSettings(turn_limit=10 * HOUR, remind_after=2 * HOUR, remind_every=3 * HOUR)
    # steps at +2h, +5h, +8h; deadline +10h
    p = seat_plan(T0 + 1 * HOUR, T0, s, 0)
    assert (p.remind_now, p.next_at, p.deadline) == (False, T0 + 2 * HOUR, T0 + 10 * HOUR)
    p = seat_plan(T0 + 2 * HOUR, T0, s, 0)
    assert (p.remind_now, p.steps, p.next_at) == (True, 1, T0 + 5 * HOUR)
    # down for 4 hours past two steps: ONE reminder, the count jumps to 2
    p = seat_plan(T0 + 6 * HOUR, T0, s, 0)
    assert (p.remind_now, p.steps, p.next_at) == (True, 2, T0 + 8 * HOUR)
    # step +8h reminded; nothing more before the deadline, then overdue
    p = seat_plan(T0 + 9 * HOUR, T0, s, 3)
    assert (p.remind_now, p.next_at) == (False, T0 + 10 * HOUR)
    assert seat_plan(T0 + 10 * HOUR, T0, s, 3).overdue
    # a vacation until +20h: the clock starts then (deadline +30h), nothing before
    p = seat_plan(T0 + 12 * HOUR, T0, s, 0, vacation_until=T0 + 20 * HOUR)
    assert (p.overdue, p.remind_now, p.deadline, p.next_at) == (False, False, T0 + 30 * HOUR, T0 + 22 * HOUR)


# ----- reminders --------------------------------------------------------------------------


async def test_reminders_ping_only_whoever_must_act_once_per_step(service, clock):
    to_act = await three(service, {"reminders": "1h,2h"})
    caller = to_act[0]
    assert await service.tick() == []  # nothing due at the start
    clock.t += HOUR - 1
    assert await service.tick() == []
    clock.t += 1
    (n,) = await service.tick()
    assert (n.kind, n.mention) == ("reminder", [caller])
    assert await service.tick() == []  # the same step never pings twice
    clock.t += 2 * HOUR  # step 2 at +3h
    (n,) = await service.tick()
    assert n.mention == [caller]
    # the caller calls: a new turn (everyone plays at once), the clock restarts for all
    await move(service, caller)
    clock.t += HOUR
    (n,) = await service.tick()
    assert sorted(n.mention) == sorted([A, B, C])
    # two of them play; only the third is reminded at the next step
    await move(service, A)
    await move(service, B)
    clock.t += 2 * HOUR
    (n,) = await service.tick()
    assert n.mention == [C]


async def test_reminders_wait_for_the_end_of_quiet_hours(service, clock):
    clock.t = dt.datetime(2026, 1, 1, 19, 0, tzinfo=dt.UTC).timestamp()  # 20:00 in Prague
    caller = (await three(service, {"reminders": "2h,1d"}))[0]
    await service.notify(caller, "22-08", "Europe/Prague")
    clock.t += 2 * HOUR  # 22:00 Prague: quiet, no ping
    assert await service.tick() == []
    clock.t += 5 * HOUR  # 03:00 Prague
    assert await service.tick() == []
    clock.t = dt.datetime(2026, 1, 2, 7, 0, tzinfo=dt.UTC).timestamp()  # 08:00 Prague
    (n,) = await service.tick()
    assert n.mention == [caller]
    with pytest.raises(UserError):
        await service.notify(caller, "25-08")
    with pytest.raises(UserError):
        await service.notify(caller, None, "Mars/Olympus")


# ----- absent players --------------------------------------------------------------------


async def test_an_absent_player_is_played_by_the_ai_until_the_game_ends(backend, clock):
    """3 players, one never moves: reminders, then at each deadline the AI plays that turn;
    the game reaches its end; the seat keeps its owner; a restart halfway changes nothing."""

    service = await open_service(backend, clock)
    await three(service, {"turn_limit": "6h", "reminders": "2h,2h"}, rounds=3)
    # seat order from the seed: A, C, B, so the callers of rounds 1-3 are A, C, B
    assert [s.seat for s in (await service.board("t")).info.seats] == [A, C, B]
    absent = C
    reminded_absent = 0
    deadlines = 0
    restarted = False
    for _ in range(200):
        board = await service.board("t")
        if board.status == "over":
            break
        present = [u for u in board.mention if u != absent]
        if present:
            await move(service, present[0])
            continue
        clock.t += HOUR
        for n in await service.tick():
            if n.kind == "reminder":
                assert n.mention == [absent]
                reminded_absent += 1
            elif n.kind == "deadline":
                deadlines += 1
                assert "AI plays this turn" in n.text
        if deadlines == 1 and not restarted:
            await service.close()
            service = await open_service(backend, clock)
            restarted = True
    board = await service.board("t")
    assert board.status == "over"
    # C's turns (a turn lasts while the player must act without a break):
    # round 1: A calls, A and B play, C waits -> deadline 1: the AI plays C's card (the
    #   reveal), then C must call round 2 and play at once: still C's turn, 3 moves;
    # round 2: A and B play; round 3: B calls, A and B play, C waits -> deadline 2: 1 move.
    # Each waiting turn: reminders at +2h and +4h, deadline at +6h.
    assert deadlines == 2
    assert reminded_absent == 4
    rows = await service.store.actions(board.game_pk)
    flagged = [r for r in rows if r.flag == "ai"]
    assert len(flagged) == 4 and {r.seat for r in flagged} == {absent}
    seat_c = next(s for s in board.info.seats if s.seat == absent)
    assert (seat_c.user, seat_c.is_ai, seat_c.resigned) == (absent, False, False)
    assert restarted
    await service.close()


async def test_vacation_pauses_the_deadline_within_the_allowance(service, clock):
    caller = (await three(service, {"turn_limit": "1d", "reminders": "off", "vacation_days": 3}))[0]
    until, left = await service.vacation("t", caller, 2)
    assert until == T0 + 2 * 86400 and left == 1
    clock.t += 2 * 86400 + 23 * HOUR  # vacation + 23h: not yet
    assert await service.tick() == []
    clock.t += HOUR
    (n,) = await service.tick()
    assert n.kind == "deadline"
    with pytest.raises(UserError):
        await service.vacation("t", caller, 2)  # 2 more > 1 left


async def test_settings_change_by_host_only_and_tables_listed(service, clock):
    caller = (await three(service, {"turn_limit": "1d"}))[0]
    with pytest.raises(UserError):
        await service.update_settings("t", B, {"turn_limit": "2h"})
    s = await service.update_settings("t", A, {"turn_limit": "2h"})
    assert s.turn_limit == 7200
    (row,) = await service.guild_tables("g1")
    assert row.waiting_users == [caller] and row.since == T0 and row.deadline == T0 + 7200
    assert [t.table for t in await service.my_tables(caller)] == ["t"]
    other = next(u for u in (A, B, C) if u != caller)
    assert await service.my_tables(other) == []
