"""AI strengths at a table: /game addbot strength:, the deadline AI's strength, the all-AI
finish, and where players see them (the seat list, /game list, the live status message)."""

from __future__ import annotations

import pytest

from bot.boardtext import board_lines, status_text
from bot.format import table_line
from bot.service import Service, UserError, parse_settings
from tests import fakegame

A, B = "1001", "1002"

pytestmark = pytest.mark.usefixtures("high_low")  # tests/conftest.py: the test-only game


@pytest.fixture
async def service(tmp_path):
    svc = await Service.open(str(tmp_path / "svc.db"), seed_source=lambda: 11, ai_strength="normal")
    yield svc
    await svc.close()


@pytest.fixture
def levels(monkeypatch):
    """The strengths the host asks the engine for, in order (High-Low has no search: every
    level is its one policy, so the game plays the same)."""

    asked: list[str] = []
    real = fakegame.engine.ai_level

    def ai_level(level: str = "normal"):
        asked.append(level)
        return real(level)

    monkeypatch.setattr(fakegame.engine, "ai_level", ai_level)
    return asked


async def test_addbot_takes_a_strength_kept_per_seat_across_a_restart(service, levels, tmp_path):
    await service.new_game("t", A, "high-low", {"rounds": 2})
    r = await service.add_bot("t", A, "strong")
    assert r.public == ["ai-1 joined (AI strength: strong)."]
    r = await service.add_bot("t", A)  # no strength: the host's default (normal here)
    assert r.public == ["ai-2 joined (AI strength: normal)."]
    assert {s.seat: s.strength for s in r.info.seats} == {A: None, "ai-1": "strong", "ai-2": "normal"}
    with pytest.raises(UserError, match="`expert` is not an AI strength: choose easy, normal or strong."):
        await service.add_bot("t", A, "expert")
    await service.start("t", A)
    await service.close()
    again = await Service.open(str(tmp_path / "svc.db"), seed_source=lambda: 11, ai_strength="easy")
    try:
        board = await again.board("t")
        # a new process (another default strength) still plays each AI seat at its own
        assert {s.seat: s.strength for s in board.info.seats if s.strength} == {"ai-1": "strong", "ai-2": "normal"}
        levels.clear()
        while board.status == "active" and A in board.to_act:
            await again.act("t", A, (await again.legal_moves("t", A))[0][0])
            board = await again.board("t")
        assert levels and set(levels) <= {"strong", "normal"}
    finally:
        await again.close()


async def test_addbot_without_a_strength_takes_the_tables(service):
    # the table chose strong (`/game new ai_strength:strong`); the host's default is normal
    await service.new_game("t", A, "high-low", {"rounds": 2}, settings={"ai_strength": "strong"})
    r = await service.add_bot("t", A)
    assert r.public == ["ai-1 joined (AI strength: strong)."]
    r = await service.add_bot("t", A, "easy")  # a strength given wins over the table's
    assert {s.seat: s.strength for s in r.info.seats} == {A: None, "ai-1": "strong", "ai-2": "easy"}


async def test_an_all_ai_finish_plays_easy(service, levels):
    await service.new_game("t", A, "high-low", {"rounds": 3})
    await service.add_bot("t", A, "strong")
    await service.start("t", A)
    levels.clear()
    r = await service.resign("t", A)  # the last human leaves: the AI finishes the game
    assert r.status == "over"
    assert levels and set(levels) == {"easy"}


async def test_a_resigned_seat_plays_at_the_tables_deadline_strength(service, levels):
    await service.new_game("t", A, "high-low", {"rounds": 3}, settings={"ai_strength": "strong"})
    await service.join("t", B)
    await service.start("t", A)
    levels.clear()
    await service.resign("t", B)
    board = await service.board("t")
    while board.status == "active":
        await service.act("t", A, (await service.legal_moves("t", A))[0][0])
        board = await service.board("t")
    assert levels and set(levels) == {"strong"}


def test_the_deadline_strength_is_a_setting():
    s = parse_settings({"turn_limit": "6h", "ai_strength": "easy"})
    assert s.ai_strength == "easy"
    assert s.summary().startswith("turn limit 6h (then the AI plays the turn) · AI strength: easy · ")
    assert parse_settings({"turn_limit": "6h"}).summary().startswith("turn limit 6h (then the AI plays the turn) · ")
    # the strength also plays resigned and voted-out seats: said without a turn limit, and
    # when the others vote a late player out
    assert parse_settings({"ai_strength": "strong"}).summary().startswith("no turn limit · AI strength: strong · ")
    kick = parse_settings({"turn_limit": "1h", "policy": "kick", "ai_strength": "strong"})
    assert kick.summary().startswith("turn limit 1h (then the others may vote the player out) · AI strength: strong · ")
    # in the reader's language, the strength too (it read 'op sterkte strong' in Dutch)
    assert (
        s.summary().render("nl").startswith("beurtlimiet 6h (daarna speelt de AI de beurt) · AI-sterkte: makkelijk · ")
    )
    with pytest.raises(UserError, match="ai_strength"):
        parse_settings({"ai_strength": "expert"})


async def test_list_and_status_name_each_ai_seats_strength(service):
    await service.new_game("t", A, "high-low", {"rounds": 2}, guild="g1")
    await service.add_bot("t", A, "strong")
    await service.add_bot("t", A, "easy")
    (lobby,) = await service.guild_tables("g1")
    assert table_line(lobby).endswith("lobby, waiting for players to join; AI 1 (strong), AI 2 (easy).")
    await service.start("t", A)
    (active,) = await service.guild_tables("g1")
    assert active.ai == {"ai-1": "strong", "ai-2": "easy"}
    assert table_line(active).endswith("; AI 1 (strong), AI 2 (easy).")
    board = await service.board("t")
    seats = {s.seat: s.seat for s in board.info.seats}
    assert "AI strength: AI 1 (strong), AI 2 (easy)." in status_text(board, seats).splitlines()


async def test_list_and_status_name_the_strength_of_a_seat_handed_to_the_ai(service):
    # the table plays absent players at strong; bob (B) resigns and the AI takes his seat
    await service.new_game("t", A, "high-low", {"rounds": 3}, guild="g1", settings={"ai_strength": "strong"})
    await service.join("t", B)
    await service.add_bot("t", A, "easy")
    await service.start("t", A)
    await service.resign("t", B)
    (active,) = await service.guild_tables("g1")
    assert active.ai == {"ai-1": "easy", B: "strong"}
    assert table_line(active).endswith("; AI 1 (easy), AI for <@1002> (strong).")
    board = await service.board("t")
    seats = {s.seat: s.seat for s in board.info.seats}
    assert "AI strength: AI 1 (easy), AI for <@1002> (strong)." in status_text(board, seats).splitlines()
    # /game board says it too, on its last line
    assert board_lines(board)[-1] == "AI strength: AI 1 (easy), AI for <@1002> (strong)."
    assert board_lines(board, "cs")[-1] == "Síla AI: AI 1 (lehká), AI za <@1002> (silná)."
