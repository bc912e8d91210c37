"""Factory Manager through the service layer: a person and two AI seats, a restart and a
lost snapshot in the middle, to the final ranking."""

from __future__ import annotations

import random
import sqlite3

from bot.service import Service

ME = "424242"


async def test_factory_manager_with_ai_seats_restart_and_rebuild(tmp_path):
    path = str(tmp_path / "fm.db")
    service = await Service.open(path, seed_source=lambda: 2026)
    await service.new_game("chan", ME, "factory-manager")
    await service.add_bot("chan", ME)
    await service.add_bot("chan", ME)
    result = await service.start("chan", ME)
    assert sorted(s.seat for s in result.info.seats) == sorted([ME, "ai-1", "ai-2"])
    assert [s.order for s in result.info.seats] == [0, 1, 2]
    rnd = random.Random(7)
    mine = 0
    restarted = False
    while result.status == "active":
        # the AI seats have moved: it is my turn, and only I am mentioned
        assert result.mention == [ME]
        moves = await service.legal_moves("chan", ME)
        assert moves and all(len(n) <= 100 for n, _ in moves)
        # I play what the game's AI would (random moves can switch machines off and on forever)
        engine, state = await service.state("chan")
        notation = engine.notation(state, engine.ai.choose(state, ME, rnd))
        assert notation in [n for n, _ in moves]
        result = await service.act("chan", ME, notation)
        mine += 1
        if mine == 15 and not restarted:
            # the bot restarts, and the snapshot was lost: the game is replayed from the log
            before = await service.board("chan")
            await service.close()
            con = sqlite3.connect(path)
            con.execute("DELETE FROM snapshots")
            con.commit()
            con.close()
            service = await Service.open(path)
            after = await service.board("chan")
            assert (after.version, after.view, after.to_act) == (before.version, before.view, before.to_act)
            restarted = True
    try:
        assert restarted and result.status == "over" and result.mention == []
        assert sorted(line.seat for line in result.ranking) == sorted([ME, "ai-1", "ai-2"])
        history = await service.history("chan", limit=10_000)
        assert [h.seq for h in history] == list(range(1, result.version + 1))
        assert sum(1 for h in history if h.seat == ME) == mine
        assert {h.seat for h in history} == {ME, "ai-1", "ai-2"}
        board = await service.board("chan")
        assert board.status == "over" and board.ranking == result.ranking
    finally:
        await service.close()
