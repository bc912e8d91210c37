"""Start-up: the catch-up of posts the channels missed runs once the gateway is ready; a
database error during it must not leave the background retry loop off."""

from __future__ import annotations

import sqlite3

from bot.service import Service
from tests.bot.play.test_high_low_on_discord import started, to_act


async def test_a_failed_start_up_catch_up_is_retried_by_the_running_retry_loop(harness, monkeypatch):
    h = harness
    await started(h, h.alice, h.bob)
    await h.service.act(h.channel.id, (await to_act(h))[0], "call low")  # committed, never posted
    real = Service.unposted
    calls: list[int] = []

    async def flaky(self):
        calls.append(1)
        if len(calls) == 1:  # the database does not answer the first time only
            raise sqlite3.OperationalError("database is locked")
        return await real(self)

    monkeypatch.setattr(Service, "unposted", flaky)
    n = h.mark()
    await h.restart()
    assert len(calls) == 1 and h.messages_since(n) == []  # the catch-up failed: nothing posted yet
    assert h.bot.poster.retry_pending_posts.is_running()
    # the loop retries after its first backoff (10 s): the missed board is posted once
    await h.env.advance_time(11)
    posts = h.messages_since(n)
    assert [p.content.split("\n")[0] for p in posts] == ["The bot restarted; here is the current board."]
    assert not h.bot.poster.reconcile_owed
    # and the board is not posted again
    await h.env.advance_time(30)
    assert len(h.messages_since(n)) == 1 and not h.bot.poster.reconcile_owed
