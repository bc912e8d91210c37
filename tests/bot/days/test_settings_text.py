"""The settings a host gets from ``turn_limit`` alone, and the settings line players read
(lobby, /game settings, the settings-changed post): the default schedule's first reminder
comes after 12h, so a shorter turn limit given alone moves it to halfway through the turn;
a schedule the host wrote that can never fire before the turn limit is said so."""

from __future__ import annotations

from bot.service import parse_settings


def test_a_turn_limit_given_alone_below_the_default_first_reminder_reminds_halfway():
    # turn limit 6h, no `reminders:`: the default first reminder (12h) would come after the
    # deadline, so one reminder halfway: 6h / 2 = 3h = 10800 s, no repeat
    s = parse_settings({"turn_limit": "6h"})
    assert (s.remind_after, s.remind_every) == (10800, None)
    assert s.summary() == (
        "turn limit 6h (then the AI plays the turn) · one reminder after 3h · "
        "vacation 14 days · one live status message · language: English"
    )
    # exactly at the default first reminder: 12h / 2 = 6h = 21600 s
    assert parse_settings({"turn_limit": "12h"}).remind_after == 21600
    # a limit the default schedule fits (24h > 12h): the default is kept (12h, then daily)
    s = parse_settings({"turn_limit": "24h"})
    assert (s.remind_after, s.remind_every) == (43200, 86400)


def test_a_schedule_the_host_wrote_is_kept_and_said_to_never_come_when_it_cannot():
    # the host wrote both: kept as written, and the line says the reminder never comes
    s = parse_settings({"turn_limit": "6h", "reminders": "12h then daily"})
    assert (s.remind_after, s.remind_every) == (43200, 86400)
    assert s.summary() == (
        "turn limit 6h (then the AI plays the turn) · reminders after 12h, then every 1d "
        "(no reminder comes before the turn limit; set `reminders:` below 6h) · "
        "vacation 14 days · one live status message · language: English"
    )
    assert "no reminder comes" not in parse_settings({"turn_limit": "6h", "reminders": "off"}).summary()
    assert "no reminder comes" not in parse_settings({}).summary()
    # a later `/game settings turn_limit:` over a table whose host changed the schedule keeps it
    base = parse_settings({"reminders": "1d"})
    assert parse_settings({"turn_limit": "6h"}, base=base).remind_after == 86400


def test_a_turn_limit_or_reminder_outside_one_minute_to_thirty_days_is_refused():
    import pytest

    from bot.service import UserError

    # 99999d is a typo, not a 274-year turn: refused with the allowed range
    with pytest.raises(UserError) as exc:
        parse_settings({"turn_limit": "99999d"})
    assert str(exc.value) == "A turn limit must be between 1m and 30d; `99999d` is not."
    with pytest.raises(UserError) as exc:
        parse_settings({"reminders": "10s then daily"})
    assert str(exc.value) == "A reminder interval must be between 1m and 30d; `10s` is not."
    # both ends are allowed: 30d = 2592000 s, 1m = 60 s
    assert parse_settings({"turn_limit": "30d"}).turn_limit == 2592000
    assert parse_settings({"turn_limit": "1m", "reminders": "off"}).turn_limit == 60
