"""SimCord: the answer to a change that was saved but whose board post failed
(:meth:`bot.poster.Poster.post_committed`). It says, in whole sentences, that the change stands
and why the board is not there yet; it never says "try again" (a retry would play a second
move). Each change names itself: a move, the game's start, an undo."""

from __future__ import annotations

from tests.bot.discord_layer.test_failures_and_retries import deny_bot, refuse_files_without_attach_files
from tests.bot.play.test_high_low_on_discord import answer, member_of, started, to_act


def refuse(h, status: int = 403, code: int = 50013, message: str = "Missing Permissions") -> None:
    h.env.inject_error("POST", f"/channels/{h.channel.id}/messages", status=status, code=code, message=message)


async def test_a_post_that_fails_for_another_reason_says_the_board_follows(harness):
    h = harness
    await started(h, h.alice, h.bob)
    caller = member_of(h, (await to_act(h))[0])
    refuse(h, status=400, code=50035, message="Invalid Form Body")
    r = await caller.slash(h.channel, "move", action="call high")
    assert answer(r).content == (
        "Your move `call high` was played. The board could not be posted yet; it will follow shortly."
    )
    assert await h.version() == 1


async def test_a_permission_taken_away_while_the_move_was_played_is_named(harness, monkeypatch):
    """Attach Files is taken from the bot after the move was checked and saved, before its
    board goes out: the answer names the permission the post now lacks."""

    h = harness
    refuse_files_without_attach_files(monkeypatch)
    await started(h, h.alice, h.bob)
    caller = member_of(h, (await to_act(h))[0])
    act = h.service.act

    async def act_then_deny(*args, **kwargs):
        result = await act(*args, **kwargs)
        deny_bot(h, attach_files=True)  # a moderator, at that moment
        return result

    monkeypatch.setattr(h.service, "act", act_then_deny)
    r = await caller.slash(h.channel, "move", action="call high")
    assert answer(r).content == (
        "Your move `call high` was played. I may not post in this channel: I am missing the Attach Files"
        " permission. The board will be posted as soon as a moderator grants it."
    )
    assert await h.version() == 1


async def test_a_started_game_whose_board_is_refused_says_it_has_started(harness):
    h = harness
    await h.lobby("high-low", h.alice, h.bob)
    refuse(h)
    r = await h.alice.slash(h.channel, "game start")
    assert answer(r).content == (
        "The game has started. I may not post in this channel: I need the View Channel, Send Messages and"
        " Attach Files permissions, which a moderator can grant. The board will be posted as soon as I can."
    )
    assert (await h.service.board(h.channel.id)).status == "active"


async def test_an_undo_whose_board_is_refused_says_the_move_was_taken_back(harness):
    h = harness
    await started(h, h.alice, h.bob)
    caller = member_of(h, (await to_act(h))[0])
    await caller.slash(h.channel, "move", action="call high")
    refuse(h)
    r = await caller.slash(h.channel, "game undo")
    assert answer(r).content == (
        "Your move was taken back. I may not post in this channel: I need the View Channel, Send Messages and"
        " Attach Files permissions, which a moderator can grant. The board will be posted as soon as I can."
    )
    assert await h.version() == 2  # the move, then its undo
