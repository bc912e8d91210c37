"""``boardhost run`` as an admin starts it: what it prints and what it leaves behind when
Discord refuses the token, and which loggers ``BOARDHOST_LOG_LEVEL`` applies to."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]

#: Discord refuses the token: the real login path of discord.py up to its HTTP call
REFUSED_LOGIN = """
import sys
import discord
from discord.http import HTTPClient

async def refuse(self, token):
    raise discord.LoginFailure("Improper token has been passed.")

HTTPClient.static_login = refuse
from bot.cli import main
sys.exit(main(sys.argv[1:]))
"""


def run_boardhost(tmp_path: Path, *args: str, **env: str) -> subprocess.CompletedProcess:
    environ = {k: v for k, v in os.environ.items() if not k.startswith(("BOARDHOST_", "DISCORD_"))}
    environ.update(PYTHONPATH=str(ROOT), DISCORD_TOKEN="not-a-real-token", **env)
    return subprocess.run(
        [sys.executable, "-c", REFUSED_LOGIN, *args],
        cwd=tmp_path,
        env=environ,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_a_refused_token_prints_one_sentence_no_voice_warnings_and_creates_no_database(tmp_path):
    done = run_boardhost(tmp_path, "run")
    assert done.returncode == 1, done.stderr
    lines = done.stderr.strip().splitlines()
    assert lines[-1] == "Discord rejected DISCORD_TOKEN; copy the bot token again from the developer portal."
    # discord.py warns "PyNaCl is not installed, voice will NOT be supported" and the same of
    # davey: this bot has no voice
    assert not [line for line in lines if "voice" in line.lower()], lines
    assert sorted(os.listdir(tmp_path)) == []  # no ./boardhost.db (nor -wal, -shm)


def test_an_existing_database_is_still_checked_before_logging_in(tmp_path):
    (tmp_path / "boardhost.db").write_bytes(b"")  # 0 bytes: its games are gone
    done = run_boardhost(tmp_path, "run")
    assert done.returncode == 1
    assert done.stderr.strip().startswith("The database file ./boardhost.db is empty (0 bytes)")


def test_a_log_level_that_is_not_one_is_one_sentence(tmp_path):
    done = run_boardhost(tmp_path, "run", BOARDHOST_LOG_LEVEL="LOUD")
    assert done.returncode == 2
    assert done.stderr == (
        "BOARDHOST_LOG_LEVEL is 'LOUD', which is not a log level; write DEBUG, INFO, WARNING or ERROR.\n"
    )


def test_a_setting_that_cannot_be_used_is_one_sentence_and_the_strength_reads_as_typed(tmp_path, monkeypatch):
    # was a 20-line pydantic traceback and status 1
    done = run_boardhost(tmp_path, "run", BOARDHOST_AI_STRENGTH="hard")
    assert (done.returncode, done.stderr) == (
        2,
        "BOARDHOST_AI_STRENGTH is 'hard', which is not an AI strength; write easy, normal or strong.\n",
    )
    done = run_boardhost(tmp_path, "run", BOARDHOST_SHARD_COUNT="two")
    assert (done.returncode, done.stderr) == (
        2,
        "BOARDHOST_SHARD_COUNT is 'two', which is not a number of shards; write a whole number such as 2.\n",
    )
    assert sorted(os.listdir(tmp_path)) == []  # nothing created
    # any capitalisation and stray spaces, as /game addbot reads a strength
    from bot.settings import load_settings

    monkeypatch.setenv("BOARDHOST_AI_STRENGTH", " Strong ")  # (tests/conftest.py sets easy)
    assert load_settings().ai_strength == "strong"


@pytest.mark.parametrize(
    ("args", "env", "said"),
    [
        # the sentences named --shard-count / --shard-ids, options these admins never typed
        ((), {"BOARDHOST_SHARD_COUNT": "0"}, "BOARDHOST_SHARD_COUNT must be at least 1."),
        (
            (),
            {"BOARDHOST_SHARD_IDS": "0"},
            "BOARDHOST_SHARD_IDS needs BOARDHOST_SHARD_COUNT, the total number of shards over all processes.",
        ),
        (
            (),
            {"BOARDHOST_SHARD_COUNT": "2", "BOARDHOST_SHARD_IDS": "a,b"},
            "BOARDHOST_SHARD_IDS takes shard numbers separated by commas (like 0,1), not 'a,b'.",
        ),
        (
            (),
            {"BOARDHOST_SHARD_COUNT": "2", "BOARDHOST_SHARD_IDS": "5"},
            "Shard ids run from 0 to 1 with BOARDHOST_SHARD_COUNT=2; 5 is not one of them.",
        ),
        # it was accepted and handed to discord.py
        (
            (),
            {"BOARDHOST_SHARD_COUNT": "99999999999999999999"},
            "BOARDHOST_SHARD_COUNT is 99999999999999999999, more shards than Discord gives a bot; write at most 10000.",
        ),
        # on the command line the options keep their names
        (("--shard-count", "0"), {}, "--shard-count must be at least 1."),
        (("--shard-ids", "0"), {}, "--shard-ids needs --shard-count, the total number of shards over all processes."),
        (
            ("--shard-ids", "5"),
            {"BOARDHOST_SHARD_COUNT": "2"},
            "Shard ids run from 0 to 1 with BOARDHOST_SHARD_COUNT=2; 5 is not one of them.",
        ),
    ],
)
def test_a_shard_setting_that_cannot_be_used_names_what_the_admin_set(tmp_path, args, env, said):
    done = run_boardhost(tmp_path, "run", *args, **env)
    assert (done.returncode, done.stderr) == (2, said + "\n")
    assert sorted(os.listdir(tmp_path)) == []


def test_a_blank_setting_counts_as_unset(tmp_path, monkeypatch):
    # BOARDHOST_AI_STRENGTH= (a compose key left empty) was refused as "not an AI strength"
    done = run_boardhost(tmp_path, "run", BOARDHOST_AI_STRENGTH="", BOARDHOST_SHARD_COUNT="")
    assert done.returncode == 1
    assert done.stderr.strip().splitlines()[-1] == (
        "Discord rejected DISCORD_TOKEN; copy the bot token again from the developer portal."
    )
    from bot.settings import load_settings

    monkeypatch.setenv("BOARDHOST_AI_STRENGTH", "")  # (tests/conftest.py sets easy)
    assert load_settings().ai_strength == "normal"
    monkeypatch.setenv("BOARDHOST_AI_STRENGTH", "  ")
    assert load_settings().ai_strength == "normal"


@pytest.fixture
def restore_logging():
    names = ["", "discord", "boardhost", "bot", "engines", "renderers"]
    levels = {n: logging.getLogger(n).level for n in names}
    handlers = list(logging.getLogger().handlers)
    yield
    for n, level in levels.items():
        logging.getLogger(n).setLevel(level)
    root = logging.getLogger()
    for h in list(root.handlers):
        if h not in handlers:
            root.removeHandler(h)


def test_debug_applies_to_boardhost_loggers_only(restore_logging):
    from bot.runner import configure_logging

    configure_logging("debug")
    on = lambda name: logging.getLogger(name).isEnabledFor(logging.DEBUG)  # noqa: E731
    assert [on(n) for n in ("boardhost.discord", "bot.service", "bot.service.moves", "engines", "renderers")] == [
        True
    ] * 5
    # discord.py (interaction tokens, message bodies), aiosqlite (statements), asyncpg stay at INFO
    assert [on(n) for n in ("discord", "discord.http", "discord.gateway", "aiosqlite", "asyncpg")] == [False] * 5
    assert logging.getLogger("discord.http").isEnabledFor(logging.INFO)
    configure_logging("WARNING")
    assert not logging.getLogger("discord.client").isEnabledFor(logging.INFO)
    assert not logging.getLogger("boardhost.discord").isEnabledFor(logging.INFO)


async def test_at_debug_no_hand_reaches_the_log(harness, restore_logging):
    import json

    from bot.runner import configure_logging
    from tests.bot.play.test_high_low_on_discord import answer, member_of, started, to_act

    h = harness
    records: list[str] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            records.append(record.getMessage())

    root = logging.getLogger()
    keep = Keep()
    root.addHandler(keep)
    try:
        # what `boardhost run` did before: DEBUG on the root logger, for every library
        root.setLevel(logging.DEBUG)
        await started(h, h.alice, h.bob)
        hand = (await h.service.hand(h.channel.id, h.alice.id)).private["hand"]
        shown = f'"{h.alice.id}":{json.dumps(hand, separators=(",", ":"))}'  # as stored in the snapshot
        assert any(shown in r for r in records)  # aiosqlite logged every statement: the hands too
        records.clear()
        configure_logging("DEBUG")
        caller = member_of(h, (await to_act(h))[0])
        r = await caller.slash(h.channel, "move", action="call low")
        assert answer(r).content.startswith("Played")
        hand = (await h.service.hand(h.channel.id, h.alice.id)).private["hand"]
    finally:
        root.removeHandler(keep)
    shown = f'"{h.alice.id}":{json.dumps(hand, separators=(",", ":"))}'
    assert [r for r in records if '"hands"' in r or shown in r] == []
