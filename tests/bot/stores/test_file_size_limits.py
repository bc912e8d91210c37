"""A write refused by a file-size limit (``ulimit -f``) is named like a full disk: the move
is refused as a whole with the limit named and the player reads that nothing was played; a
start under the limit says so in one sentence instead of "disk I/O error".

The limit is the kernel's own: each check runs in a child process whose RLIMIT_FSIZE is
lowered (Python ignores SIGXFSZ, so the write fails with EFBIG and SQLite reports "disk I/O
error", exactly as for the bot under a limit)."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from bot.format import OVER_LIMIT
from bot.store import DatabaseTimeout, OutOfSpace, OverLimit
from tests.bot.play.test_high_low_on_discord import member_of, reply

ROOT = Path(__file__).resolve().parents[3]

#: the player's sentence written out by hand: a limit, nothing saved, nothing played
ANSWER = (
    "The bot's database reached a size limit set on its server (a file-size limit or disk quota), so nothing"
    " was saved and nothing was played; try again once its admin has raised the limit."
)


def child(code: str) -> dict:
    """Run ``code`` (which ends by printing one JSON line) in a fresh Python in the project."""

    out = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, cwd=ROOT, timeout=240
    )
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_a_move_past_the_file_size_limit_is_refused_whole_and_names_the_limit(tmp_path):
    db = tmp_path / "limited.db"
    got = child(
        f"""
        import asyncio, json, os, resource
        from bot.store import SqliteStore, OutOfSpace

        async def main():
            store = SqliteStore({str(db)!r})
            await store.open()
            game = await store.create_game("t", "g", {{}}, 1, "a")
            await store.start_game(game.pk, ["a"], {{"x": 0}})
            size = max(os.path.getsize({str(db)!r} + s) for s in ("", "-wal"))
            limit = size + 256 * 1024  # room for a few moves, then the limit
            resource.setrlimit(resource.RLIMIT_FSIZE, (limit, resource.RLIM_INFINITY))
            version = 0
            for _ in range(200):
                try:
                    version = await store.commit(game.pk, version, [("a", {{"n": version}})], {{"pad": "x" * 20000}},
                                                 "active")
                except Exception as exc:
                    stored = (await store.get_game(game.pk)).version
                    actions = len(await store.actions(game.pk))
                    print(json.dumps({{"type": type(exc).__name__, "full": isinstance(exc, OutOfSpace),
                                      "message": str(exc), "limit": getattr(exc, "limit", None),
                                      "version": version, "stored": stored, "actions": actions,
                                      "cause": str(exc.__cause__), "set": limit}}))
                    break
            else:
                print(json.dumps({{"type": None}}))
            await store.close()  # (its connection thread would keep the process alive)

        asyncio.run(main())
        """
    )
    assert got["type"] == "OverLimit" and got["full"] is True  # named like a full disk (a subclass)
    assert got["limit"] == f"the file-size limit of {got['set']} bytes (ulimit -f)"
    assert got["cause"] == "disk I/O error"  # SQLite's own error, kept as the cause
    # nothing of the refused move was stored: the version and the log are those before it
    assert got["stored"] == got["version"] and got["actions"] == got["version"]
    assert got["version"] >= 1  # some moves fitted before the limit


def test_a_start_under_the_file_size_limit_says_so_in_one_sentence(tmp_path):
    db = tmp_path / "limited.db"
    got = child(
        f"""
        import asyncio, json, resource
        from bot.store import SqliteStore, UnusableDatabase

        async def main():
            store = SqliteStore({str(db)!r})
            await store.open()
            await store.set_meta("k", "x" * 100000)  # a database of about 100 KiB
            await store.close()
            resource.setrlimit(resource.RLIMIT_FSIZE, (4096, resource.RLIM_INFINITY))
            try:
                await SqliteStore({str(db)!r}).open()
            except UnusableDatabase as exc:
                print(json.dumps({{"message": str(exc)}}))
            else:
                print(json.dumps({{"message": None}}))

        asyncio.run(main())
        """
    )
    # written out by hand: the file, the limit of 4096 bytes, what to do; not "disk I/O error" alone
    assert got["message"] == (
        f"The database file {db} cannot grow past the file-size limit of 4096 bytes (ulimit -f), which it needs"
        " to open (disk I/O error); raise or remove that limit for the bot's user and start again."
    )


def test_the_errors_of_a_refused_write_are_kinds_of_out_of_space():
    assert issubclass(OverLimit, OutOfSpace) and not issubclass(DatabaseTimeout, OutOfSpace)


@pytest.mark.usefixtures("high_low")
async def test_the_player_reads_that_a_limit_stopped_the_move_and_nothing_was_played(harness):
    h = harness
    await h.lobby("high-low", h.alice, h.bob)
    await h.alice.slash(h.channel, "game start")
    version = await h.version()
    store = h.service.store

    async def over_the_limit(move):
        raise OverLimit.of(OSError("disk I/O error"), "the file-size limit of 1000000 bytes (ulimit -f)")

    store._commit_move = over_the_limit
    member = member_of(h, (await h.service.board(h.channel.id)).to_act[0])
    move = (await member.autocomplete(h.channel, "move", "action", ""))[0]["value"]
    r = await member.slash(h.channel, "move", action=move)
    assert OVER_LIMIT == ANSWER
    assert reply(r) == (ANSWER, True)
    assert await h.version() == version
    assert [type(getattr(e, "original", e)) for e in h.env.errors] == [OverLimit]  # acknowledged


def test_a_quota_or_a_full_disk_behind_a_disk_io_error_is_named(tmp_path, monkeypatch):
    """No file-size limit: the probe write beside the database names the refusal by its
    errno (a quota cannot be set up in a test, so the probe's answer is given here)."""

    import errno
    import sqlite3

    from bot.store import sqlite_limits

    path = str(tmp_path / "q.db")
    io_error = sqlite3.OperationalError("disk I/O error")
    monkeypatch.setattr(sqlite_limits, "file_size_limit", lambda: None)
    monkeypatch.setattr(sqlite_limits, "_probe", lambda folder: errno.EDQUOT)
    over = sqlite_limits.write_refusal(io_error, path)
    assert type(over) is OverLimit and over.limit == "the disk quota of the bot's user"
    assert over.__cause__ is io_error
    monkeypatch.setattr(sqlite_limits, "_probe", lambda folder: errno.ENOSPC)
    assert type(sqlite_limits.write_refusal(io_error, path)) is OutOfSpace
    # the probe writes fine: a real I/O error, left as it is (the generic apology)
    monkeypatch.setattr(sqlite_limits, "_probe", lambda folder: None)
    assert sqlite_limits.write_refusal(io_error, path) is io_error
    # not SQLite's error at all: never renamed
    assert sqlite_limits.write_refusal(OSError("disk I/O error"), path).__class__ is OSError
