"""``boardhost run`` stops cleanly on SIGTERM (``docker stop``) and SIGINT.

The real command runs in a subprocess against a stub Discord (tests/bot/discord_layer/stub_discord.py: the
log-in routes, the command sync and a gateway that sends READY). Once the bot is connected
and has written to its database (the start-up sync stores the command tree's hash, so the
``-wal`` file holds frames), the test sends the signal and checks: exit status 0, the
gateway closed normally (1000), the WAL checkpointed into the file (``-wal`` gone or
empty), the database readable with its game, in WAL mode and passing ``integrity_check``.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import sys

import pytest

from tests.bot.discord_layer.stub_discord import APP_ID, StubDiscord
from tests.bot.stores.test_database_files import real_database

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

pytestmark = pytest.mark.usefixtures("high_low")  # the test game, for the database made beforehand


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
async def test_boardhost_run_closes_the_bot_and_the_database_on_a_signal(tmp_path, sig):
    db = str(tmp_path / "boardhost.db")
    await asyncio.to_thread(real_database, db)  # a game to find again afterwards
    stub = StubDiscord()
    await stub.start()
    env = dict(os.environ, PYTHONPATH=ROOT, DISCORD_TOKEN="stub-token", BOARDHOST_LOG_LEVEL="INFO")
    env.pop("BOARDHOST_DEV_GUILD", None)
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "tests.bot.discord_layer.stub_discord",
        stub.base,
        "run",
        "--db",
        db,
        cwd=str(tmp_path),
        env=env,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    try:
        await asyncio.wait_for(stub.identified.wait(), timeout=120)
        assert ("PUT", f"/applications/{APP_ID}/commands") in stub.requests  # synced at start-up
        # connected, and the database is open with unwritten-back frames in its WAL
        assert os.path.getsize(db + "-wal") > 0
        await asyncio.sleep(0.5)  # let on_ready run (the start-up reconcile)
        proc.send_signal(sig)
        out, _ = await asyncio.wait_for(proc.communicate(), timeout=60)
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
        await stub.stop()
    log = out.decode(errors="replace")
    assert proc.returncode == 0, log
    assert f"{signal.Signals(sig).name} received: closing the bot and the database" in log
    assert stub.closed.is_set() and stub.close_code == 1000, log
    # the WAL was checkpointed into the database file on close
    assert not os.path.exists(db + "-wal") or os.path.getsize(db + "-wal") == 0
    con = sqlite3.connect(db)
    try:
        assert con.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        assert con.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert con.execute("SELECT table_id, status, version FROM games").fetchall() == [("t", "active", 4)]
        assert con.execute("SELECT count(*) FROM bot_meta WHERE key = 'command_tree_hash'").fetchone() == (1,)
    finally:
        con.close()
