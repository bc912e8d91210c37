"""AI moves run off the event loop, one at a time, so a long all-AI finish (a
resign leaving only AI seats) does not hold up other tables. No wall-clock figures here
(``python -m bench.loop_stall`` prints them): the tests assert progress and ordering."""

from __future__ import annotations

import asyncio

from bot.service import Service
from engines import registry

GAME = "visiting-kaunas"  # 1 human + 3 AI seats: hundreds of AI moves after the resign


async def _all_ai_table(service: Service, table: str) -> None:
    await service.new_game(table, "1001", GAME)
    for _ in range(3):
        await service.add_bot(table, "1001")
    await service.start(table, "1001")


def _record_ai_choices(monkeypatch) -> list[str]:
    """Wrap the game's AI so each choice appends the seat it chose for; returns that list
    (one entry per AI choice, appended in whichever thread runs it)."""

    ai = registry.get(GAME).ai
    real = ai.choose
    chosen: list[str] = []

    def choose(state, seat, rnd):
        chosen.append(seat)
        return real(state, seat, rnd)

    monkeypatch.setattr(ai, "choose", choose)
    return chosen


async def _all_ai_finish_begun(service: Service, monkeypatch) -> tuple[list[str], asyncio.Task]:
    """Table A with 1 human + 3 AI seats; the human resigns in a task, and this returns once
    the AI run of that resign has begun (or it finished): (the AI choices so far, the task)."""

    await _all_ai_table(service, "A")
    chosen = _record_ai_choices(monkeypatch)
    finish = asyncio.create_task(service.resign("A", "1001"))
    while not chosen and not finish.done():
        await asyncio.sleep(0)
    return chosen, finish


async def test_another_table_is_served_while_an_all_ai_finish_runs(tmp_path, monkeypatch):
    """Table A: the only human resigns, so the AI plays the rest of the game in that call.
    Once A's AI has begun, table B opens a lobby: B's call is answered while A's AI still has
    moves to make (before the fix the whole run held the loop: B waited for all of them)."""

    service = await Service.open(str(tmp_path / "t.db"), seed_source=lambda: 7)
    try:
        chosen, finish = await _all_ai_finish_begun(service, monkeypatch)
        lobby = await service.new_game("B", "2001", "factory-manager")
        made_when_b_answered = len(chosen)
        assert not finish.done()
        result = await finish
        assert result.status == "over"
        assert lobby.info is not None and lobby.info.status == "lobby"
        # every AI move of the finish is one choice; B was answered before the last of them
        assert len(chosen) > 100  # a long finish (349 moves with seed 7, see bench.loop_stall)
        assert made_when_b_answered < len(chosen)
    finally:
        await service.close()


async def test_a_move_at_the_same_table_waits_for_the_ai_run(tmp_path, monkeypatch):
    """Per-table order stays: while A's all-AI finish runs, a second call at A (the board) waits
    for the table's lock and then sees the finished game, never a half-played run."""

    service = await Service.open(str(tmp_path / "t.db"), seed_source=lambda: 7)
    try:
        chosen, finish = await _all_ai_finish_begun(service, monkeypatch)
        async with service.lock("A"):  # what every change at A takes first
            assert finish.done()
            info = await service.table_info("A")
        assert info is not None and info.status == "over"
        assert info.version == (await finish).version
    finally:
        await service.close()
