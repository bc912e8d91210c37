"""SimCord: lobby, DMs, refusals with the test-only High-Low engine (hands, simultaneous step)."""

from __future__ import annotations

import asyncio

import pytest

from tests.bot.discord_harness import harness, png_size  # noqa: F401  (fixture)


async def test_smoke_lobby_and_start(harness):
    h = harness
    await h.lobby("high-low", h.alice, h.bob)
    r = await h.alice.slash(h.channel, "game start")
    assert r.response.ephemeral
    last = h.messages()[-1]
    print(last.content, last.attachments)
    assert last.attachments and last.attachments[0].filename == "board.png"
    for m in (h.alice, h.bob):
        dms = h.dms(m)
        print([(d.content, [a.filename for a in d.attachments]) for d in dms])
