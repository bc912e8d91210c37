"""The Poster without Discord: renders of one table run side by side, their sends go out in
version order, and each post records the version the channel has seen."""

from __future__ import annotations

import asyncio

import pytest

from bot import render
from bot.poster import Poster
from bot.service import Service

A, B = "1001", "1002"


pytestmark = pytest.mark.usefixtures("high_low")  # tests/conftest.py: the test-only game


class StubBot:
    def __init__(self, service):
        self.service = service

    async def display_names(self, seats, *, drawn=False):
        return {}


class StubChannel:
    def __init__(self):
        self.sent: list[tuple[str | None, int]] = []

    async def send(self, content=None, **kwargs):
        self.sent.append((content, len(kwargs.get("files", []))))


async def test_renders_overlap_but_posts_go_out_in_version_order(tmp_path, monkeypatch):
    service = await Service.open(str(tmp_path / "p.db"), seed_source=lambda: 11)
    try:
        await service.new_game("77", A, "high-low", settings={"board_posts": "every"})  # a board post per move
        await service.join("77", B)
        await service.start("77", A)
        caller = (await service.board("77")).to_act[0]
        r1 = await service.act("77", caller, "call high")
        r2 = await service.act("77", caller, (await service.legal_moves("77", caller))[0][0])
        r1.private = r2.private = []  # no DMs here
        log: list[str] = []

        async def render_board(game_id, view, lang="en", _real=render.render_board):
            version = 1 if view == r1.view else 2
            log.append(f"start {version}")
            await asyncio.sleep(0.05 if version == 1 else 0.0)  # the first board renders slower
            log.append(f"end {version}")
            return await _real(game_id, view, lang)

        monkeypatch.setattr(render, "render_board", render_board)
        poster = Poster(StubBot(service))
        channel = StubChannel()
        await asyncio.gather(poster.post_result(channel, r1), poster.post_result(channel, r2))
        # the second board was rendered while the first was still rendering...
        assert log == ["start 1", "start 2", "end 2", "end 1"]
        # ...but the channel got them in version order, each with its board
        assert [files for _, files in channel.sent] == [1, 1]
        assert "high" in channel.sent[0][0].lower()
        assert (await service.store.get_game(r1.game_pk)).posted == r2.version == 2
    finally:
        await service.close()
