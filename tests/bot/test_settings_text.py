"""The settings line players read (lobby, /game settings, the settings-changed post): a
reminder schedule that can never fire before the turn limit is said so, since the host
who sets only ``turn_limit:6h`` keeps the default first reminder at 12h."""

from __future__ import annotations

from bot.service import parse_settings


def test_a_first_reminder_at_or_after_the_turn_limit_is_said_to_never_come():
    # turn limit 6h with the default schedule (first reminder after 12h): 12h >= 6h
    s = parse_settings({"turn_limit": "6h"})
    assert s.summary() == ("turn limit 6h (then the AI plays the turn) · reminders after 12h, then every 1d "
                           "(no reminder comes before the turn limit; set `reminders:` below 6h) · "
                           "vacation 14 days · one live status message")
    # exactly at the limit: the deadline passes first, no reminder either
    s = parse_settings({"turn_limit": "12h"})
    assert "no reminder comes before the turn limit; set `reminders:` below 12h" in s.summary()
    # a first reminder inside the limit, or no turn limit at all: nothing added
    assert "no reminder comes" not in parse_settings({"turn_limit": "24h"}).summary()
    assert "no reminder comes" not in parse_settings({}).summary()
    assert "no reminder comes" not in parse_settings({"turn_limit": "6h", "reminders": "off"}).summary()
