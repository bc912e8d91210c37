"""Reconcile on boot: a move committed but never posted (the bot died between
commit and post, or the post failed) reaches the channel when a NEW bot starts on the same
database, or when the table is next touched."""

from __future__ import annotations

from tests.bot.play.test_high_low_on_discord import answer, member_of, started, to_act


def board_posts(h) -> list:
    return [m for m in h.messages() if any(a.filename == "board.png" for a in m.attachments)]


async def test_a_move_committed_but_never_posted_is_posted_by_the_restarted_bot(harness):
    h = harness
    await started(h, h.alice, h.bob)
    caller = (await to_act(h))[0]
    posts_before = len(h.messages())
    # the move is committed, then the bot "dies" before posting it: through the service
    # directly, nothing reaches the channel
    result = await h.service.act(h.channel.id, caller, "call low")
    assert len(h.messages()) == posts_before
    assert [(g.table_id, g.posted, g.version) for g in await h.service.store.unposted()] == [(str(h.channel.id), 0, 1)]

    await h.restart()  # a NEW bot object on the same database
    assert h.bot is not h.bots[0]
    new = h.messages()[posts_before:]
    assert len(new) == 1, [m.content for m in new]
    post = new[0]
    assert post.content.startswith("The bot restarted; here is the current board.")
    assert "low" in post.content.lower()  # the missed public event: the call
    assert [a.filename for a in post.attachments] == ["board.png"]
    labels = [c["label"] for row in post.components for c in row.to_dict()["components"]]
    assert labels == ["Play", "My hand"]
    # both players must play now (simultaneous step): both named and both pinged, nobody else
    assert result.mention and sorted(result.mention) == sorted([str(h.alice.id), str(h.bob.id)])
    for seat in result.mention:
        assert f"<@{seat}>" in post.content
    assert h.pinged() == sorted([h.alice.id, h.bob.id])
    assert await h.service.store.unposted() == []

    # a second restart owes nothing: no new post
    n = len(h.messages())
    await h.restart()
    assert len(h.messages()) == n
    # and the game plays on from the posted board
    hand = (await h.service.hand(h.channel.id, h.alice.id)).private["hand"]
    r = await h.alice.slash(h.channel, "move", action=f"play {hand[0]}")
    assert answer(r).content.startswith("Played")


async def test_a_finished_game_whose_end_was_never_posted_shows_its_ranking_after_restart(harness):
    h = harness
    await started(h, h.alice, h.bob)
    # play to the end through the service only (the bot posts none of it)
    while True:
        board = await h.service.board(h.channel.id)
        if board.status != "active":
            break
        seat = board.to_act[0]
        move = (await h.service.legal_moves(h.channel.id, seat))[0][0]
        await h.service.act(h.channel.id, seat, move)
    n = len(h.messages())
    await h.restart()
    new = h.messages()[n:]
    assert len(new) == 1
    text = new[0].content
    assert text.startswith("The bot restarted; here is the current board.")
    assert (
        "earlier event not shown" in text or "earlier events not shown" in text
    )  # a whole game's events are cut to the last ones
    assert text.count("Game over") == 1 and "**Final ranking:**" in text and "1. " in text
    assert h.pinged() == []  # nobody must act in a finished game
    assert "Play" not in str(new[0].components)


async def test_a_failed_post_is_caught_up_when_the_table_is_next_touched(harness):
    h = harness
    await started(h, h.alice, h.bob)
    caller = member_of(h, (await to_act(h))[0])
    posts_before = len(board_posts(h))
    # the channel post of the move fails (e.g. a Discord outage): the move is committed
    h.env.inject_error(
        "POST", f"/channels/{h.channel.id}/messages", status=403, code=50013, message="Missing Permissions"
    )
    r = await caller.slash(h.channel, "move", action="call high")
    # the move stands: never "try again"; 50013 names the permissions
    assert answer(r).content == (
        "Your move `call high` was played. I may not post in this channel: I need the View Channel, Send Messages"
        " and Attach Files permissions, which a moderator can grant. The board will be posted as soon as I can."
    )
    assert (await h.service.board(h.channel.id)).version == 1
    assert len(board_posts(h)) == posts_before
    # the next interaction at the table (here a look-up by a spectator) posts what it missed
    await h.dave.slash(h.channel, "game moves")
    posts = board_posts(h)
    assert len(posts) == posts_before + 1
    assert posts[-1].content.startswith("A board did not reach this channel; here is the current one.")
    assert "high" in posts[-1].content.lower()
    assert await h.service.store.unposted() == []
    # touched again: nothing more
    await h.dave.slash(h.channel, "game moves")
    assert len(board_posts(h)) == posts_before + 1


async def test_the_restarted_bot_also_sends_the_missed_private_news_by_dm(harness):
    h = harness
    await started(h, h.alice, h.bob)
    table = h.channel.id
    caller = (await to_act(h))[0]
    await h.service.act(table, caller, "call high")
    cards = {}
    for m in (h.alice, h.bob):  # both play a card: revealed, scored, each draws one (private)
        cards[m] = (await h.service.hand(table, m.id)).private["hand"][0]
        await h.service.act(table, m.id, f"play {cards[m]}")
    dms_before = {m: len(h.dms(m)) for m in (h.alice, h.bob)}
    n = h.mark()
    await h.restart()
    (post,) = h.messages_since(n)
    assert "Revealed" in post.content
    for m in (h.alice, h.bob):
        new = h.dms(m)[dms_before[m] :]
        assert len(new) == 1, [d.content for d in new]
        hand = (await h.service.hand(table, m.id)).private["hand"]
        drawn = [c for c in hand if f"You drew {c}." in new[0].content]
        assert len(drawn) == 1  # the private event of the draw
        assert "Your hand: " + ", ".join(map(str, hand)) in new[0].content
        assert [a.filename for a in new[0].attachments] == ["hand.png"]
        # and nothing of it in the channel
        assert f"You drew {drawn[0]}" not in post.content


async def test_a_table_whose_channel_is_gone_does_not_stop_the_others(harness, caplog):
    h = harness
    gone = "123456789012345678"  # no such channel
    await h.service.new_game(gone, h.alice.id, "high-low", seat_host=False)
    for _ in range(2):
        await h.service.add_bot(gone, h.alice.id)
    await h.service.start(gone, h.alice.id)  # AI seats only: plays to the end, never posted
    await started(h, h.alice, h.bob)
    await h.service.act(h.channel.id, (await to_act(h))[0], "call low")  # never posted
    n = h.mark()
    await h.restart()
    (post,) = h.messages_since(n)
    assert post.content.startswith("The bot restarted")
    assert "channel is gone" in caplog.text and gone in caplog.text  # logged, not raised
    # Discord said 10003 Unknown Channel: the dead channel is not asked again and again
    assert h.bot.poster.pending == set()
    assert [g.table_id for g in await h.service.store.unposted()] == [gone]
