"""SimCord: when no player is left at a table (the last one ran out of time with nobody to vote,
or resigned), the AI plays the rest of the game at once; the channel gets one short sentence
and the final ranking with the final image, not the whole rest of the game move by move (a
Kanban EV game played out used to post 18 messages of about 2,000 characters in one burst).
Every move is still stored and read in `/game history`.

An AI error that stops the run early is said as "so far" (the bot's retry loop plays the rest).

Kanban EV, alice and AI 1 (strong), seed 3: the AI plays 2 moves at the start (the game's
setup choices) and 225 to the end, 227 in all."""

from __future__ import annotations

import pytest

from bot.service import Service
from tests import fakegame
from tests.bot.days.test_play_over_days_on_discord import Clock, tick, use_clock
from tests.bot.play.test_high_low_on_discord import reply

#: /game history's newest page of the game played out (seed 3), as a spectator reads it
LAST_HISTORY_PAGE_HEAD = "**Kanban EV**, moves 211–227 (page 15 of 15):"
LAST_MOVE = "227. AI 1 puts a goal face down in the meeting room."


async def _kanban_with_ai(h, **settings) -> None:
    h.service.seed_source = lambda: 3
    await h.alice.slash(h.channel, "game new", game="kanban-ev", **settings)
    await h.alice.slash(h.channel, "game addbot", strength="strong")
    await h.alice.slash(h.channel, "game start")


async def _history_is_whole(h) -> None:
    """Every move of the game is stored and read in /game history, the ones the channel did
    not show move by move included (marked when the AI played them for alice)."""

    assert len(await h.service.history(h.channel.id, limit=None)) == 227
    text, ephemeral = reply(await h.dave.slash(h.channel, "game history"))
    lines = text.split("\n")
    assert ephemeral and lines[0] == LAST_HISTORY_PAGE_HEAD and lines[-1] == LAST_MOVE
    assert lines[-2] == f"226. <@{h.alice.id}> puts a goal face down in the meeting room. (AI played)"


async def test_the_last_player_timed_out_the_ai_plays_out_in_one_post(harness):
    h = harness
    clock = Clock()
    use_clock(h, clock)
    # the table's default board posts: one live status message, edited after every move
    await _kanban_with_ai(h, turn_limit="1h", reminders="off", at_deadline="kick", ai_strength="strong")
    info = await h.service.table_info(h.channel.id)
    status_id = int((await h.service.store.get_game(info.game_pk)).status_message)
    mark = h.mark()
    clock.t += 3601
    assert [n.kind for n in await tick(h)] == ["deadline"]
    new = h.messages_since(mark)
    alice = f"<@{h.alice.id}>"
    # ONE message: what happened, the short sentence, the ranking (written out by hand)
    assert [m.content for m in new] == [
        f"Time is up for {alice} and no other player can vote: the AI takes the seat for the rest"
        " of the game and they rank last. No player is left at this table, so the AI played the game"
        " out: 225 moves. Game over.\n"
        "**Final ranking:**\n"
        "1. AI 1 — 114 PP\n"
        f"2. {alice} — 55 PP (timed out)"
    ]
    assert h.pinged(-1) == []  # nobody is left to ask
    # the live status message ends on the final state: the final image, the ranking, no buttons
    status = next(m for m in h.messages() if m.id == status_id)
    assert status.content == (
        f"**Kanban EV**, finished after 227 moves. **Final ranking:**\n1. AI 1 — 114 PP\n2. {alice} — 55 PP (timed out)"
    )
    assert [a.filename for a in status.attachments] == ["summary.png"]
    assert status.components == []
    assert (await h.service.board(h.channel.id)).status == "over"
    await _history_is_whole(h)


async def test_the_last_player_resigns_the_ai_plays_out_in_one_post(harness):
    h = harness
    await _kanban_with_ai(h)
    # a new board post after every move: the game's end is one post with the final image
    await h.service.update_settings(h.channel.id, h.alice.id, {"board_posts": "every"})
    mark = h.mark()
    r = await h.alice.slash(h.channel, "game resign")
    assert reply(r) == ("You resigned; no player was left, so the AI played the game out.", True)
    new = h.messages_since(mark)
    alice = f"<@{h.alice.id}>"
    assert [m.content for m in new] == [
        f"{alice} resigned; the AI plays their seat from now on and they rank last.\n"
        "No player is left at this table, so the AI played the game out: 225 moves.\n"
        "Game over.\n"
        "**Final ranking:**\n"
        "1. AI 1 — 114 PP\n"
        f"2. {alice} — 55 PP (resigned)"
    ]
    assert [a.filename for a in new[0].attachments] == ["summary.png"]
    assert h.pinged(-1) == []
    await _history_is_whole(h)


@pytest.mark.usefixtures("high_low")
async def test_an_ai_error_midway_says_how_far_the_ai_got(tmp_path, monkeypatch):
    service = await Service.open(str(tmp_path / "svc.db"), seed_source=lambda: 11)
    try:
        await service.new_game("t", "1001", "high-low", {"rounds": 3})
        await service.add_bot("t", "1001")
        await service.start("t", "1001")
        real = fakegame.engine.ai.choose
        chosen: list[str] = []

        def choose(state, player, rnd):  # the AI breaks at its third move
            chosen.append(player)
            if len(chosen) > 2:
                raise RuntimeError("AI bug")
            return real(state, player, rnd)

        monkeypatch.setattr(fakegame.engine.ai, "choose", choose)
        r = await service.resign("t", "1001")
        assert r.status == "active" and r.public == [
            "1001 resigned; the AI plays their seat from now on and they rank last.",
            "No player is left at this table, so the AI is playing the game out: 2 moves so far.",
        ]
        assert len(await service.history("t", limit=None)) == 2  # both moves are stored
    finally:
        await service.close()
