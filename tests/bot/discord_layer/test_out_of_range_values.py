"""Values a member or an admin types that are far out of range (hundreds of digits, a time
zone of hundreds of characters, a port that is not a port) are refused with one sentence,
never a traceback; string options carry a maximum length Discord enforces."""

from __future__ import annotations

import pytest

from bot.service import UserError, parse_settings
from bot.timers import parse_duration, parse_reminders, zone

HUGE = "9" * 400  # float() of it is infinity: int() of that raised OverflowError


LONG = "` is longer than any game lasts; write e.g. 24h, 90m, 2d or off."
SCHEDULE = (
    "` is not a reminder schedule; write e.g. `12h then daily`, `6h then every 6h`, `12h` (one reminder) or `off`."
)


@pytest.mark.parametrize(
    "changes, sentence",
    [
        # the echo is cut to 40 characters: 39 of them and an ellipsis
        ({"turn_limit": HUGE}, "`" + "9" * 39 + "…" + LONG),
        ({"turn_limit": HUGE + "h"}, "`" + "9" * 39 + "…" + LONG),
        ({"reminders": HUGE}, "`" + "9" * 39 + "…" + SCHEDULE),
        # "12h then " is 9 characters: 30 nines follow
        ({"reminders": f"12h then {HUGE}d"}, "`12h then " + "9" * 30 + "…" + SCHEDULE),
    ],
)
def test_a_duration_of_hundreds_of_digits_is_one_sentence(changes, sentence):
    with pytest.raises(UserError) as exc:
        parse_settings(changes)
    assert str(exc.value) == sentence


def test_durations_in_range_read_as_before():
    assert parse_duration("99999d") == 99999 * 86400  # the host's range check refuses it by name
    assert parse_reminders("12h then daily") == (12 * 3600, 86400)
    with pytest.raises(ValueError, match="longer than any game lasts"):
        parse_duration(HUGE)
    with pytest.raises(ValueError, match="longer than any game lasts"):
        parse_duration(float("inf"))


@pytest.mark.parametrize("name", ["Europe/" + "x" * 300, "x" * 300, "Europe/Prague\x00"])
def test_a_time_zone_of_hundreds_of_characters_is_one_sentence(name):
    with pytest.raises(ValueError) as exc:
        zone(name)
    assert str(exc.value).endswith("is not a time zone; write e.g. Europe/Prague or America/New_York.")
    assert len(str(exc.value)) < 140


async def test_notify_with_a_long_time_zone_is_refused_by_the_service(tmp_path):
    from bot.service import Service

    service = await Service.open(str(tmp_path / "x.db"))
    try:
        with pytest.raises(UserError, match="is not a time zone"):
            await service.notify(1234, tz="Europe/" + "x" * 300)
    finally:
        await service.close()


@pytest.mark.parametrize(
    "url, shown",
    [
        ("postgresql://boardhost:secret@db.example:99999/games", "postgresql://boardhost@db.example:99999/games"),
        ("postgresql://boardhost@db.example:abc/games", "postgresql://boardhost@db.example:abc/games"),
        ("postgres://db.example:/games", "postgres://db.example:/games"),
    ],
)
async def test_a_bad_port_in_the_database_url_is_one_sentence(url, shown):
    from bot.runner import check_database

    # the password is never shown
    assert await check_database(url) == f"BOARDHOST_DB: the port in {shown} is not a number from 1 to 65535."


def test_migrate_to_a_url_with_a_bad_port_is_one_sentence(tmp_path, capsys):
    from bot.cli import main

    assert main(["migrate", "--from", str(tmp_path / "x.db"), "--to", "postgresql://u@localhost:70000/db"]) == 2
    assert capsys.readouterr().err == (
        "--to: the port in postgresql://u@localhost:70000/db is not a number from 1 to 65535.\n"
    )


def string_options(payload: dict, path: str = ""):
    for option in payload.get("options", []):
        if option["type"] in (1, 2):  # a subcommand (group): its own options
            yield from string_options(option, f"{path} {option['name']}".strip())
        elif option["type"] == 3:
            yield f"{path} {option['name']}".strip(), option


async def test_every_text_option_sent_to_discord_has_a_maximum_length(harness):
    h = harness
    seen = {}
    for command in h.bot.tree.get_commands():
        payload = command.to_dict(h.bot.tree)
        for where, option in string_options(payload, payload["name"]):
            seen[where] = option.get("max_length")
    assert seen and all(seen.values()), sorted(w for w, m in seen.items() if not m)
    # by hand: a time zone name is at most 64 characters, quiet hours 20, game options 200,
    # a move's notation 100 (as its suggestions)
    assert (seen["game notify tz"], seen["game notify quiet"], seen["game new options"], seen["move action"]) == (
        64,
        20,
        200,
        100,
    )
