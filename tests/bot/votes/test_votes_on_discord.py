"""SimCord: votes and seats that change hands, with the days tests' injected clock: a vote-kick
at a deadline answered with Yes/No buttons (across a restart), ``/game substitute``, and
``/game undo`` done at once or voted on by the others; a vote that cannot be posted or counted
says what happened."""

from __future__ import annotations

from bot.format import seats_of
from bot.timers import HOUR
from bot.views import DAYS_COG
from tests.bot.days.test_play_over_days_on_discord import (
    TICK_SECONDS,
    Clock,
    board,
    deny_send_messages,
    member_of,
    play_first,
    reply,
    tick,
    use_clock,
)


async def carol_stalls_a_kick_table(h) -> tuple[Clock, str]:
    """High-Low for alice, bob and carol with a 1 h turn limit, no reminders and a vote-kick
    at the deadline, on a fake clock; alice and bob play whenever asked, carol never does.
    Returns the clock and carol's user id (the caller checks that only carol is awaited)."""

    clock = Clock()
    use_clock(h, clock)
    await h.alice.slash(h.channel, "game new", game="high-low", turn_limit="1h", reminders="off", at_deadline="kick")
    await h.bob.slash(h.channel, "game join")
    await h.carol.slash(h.channel, "game join")
    await h.alice.slash(h.channel, "game start")
    carol = str(h.carol.id)
    for _ in range(10):
        present = [u for u in (await board(h)).mention if u != carol]
        if not present:
            break
        await play_first(h, member_of(h, present[0]))
    return clock, carol


async def test_vote_kick_with_buttons_survives_a_restart_and_the_game_ends(harness):
    h = harness
    clock, carol = await carol_stalls_a_kick_table(h)
    assert (await board(h)).mention == [carol]
    mark = h.mark()
    clock.t += HOUR - 1  # deadline = turn start + 1h, not yet
    assert await tick(h) == []
    clock.t += 1
    (n,) = await tick(h)
    assert n.kind == "kick-vote"
    (vote_msg,) = h.messages_since(mark)
    assert vote_msg.content.startswith(f"Time is up for <@{carol}>. Remove them from the game?")
    assert sorted(h.pinged()) == sorted([h.alice.id, h.bob.id])  # only the voters
    assert await tick(h) == []  # one vote, not a new one every pass
    # carol (the subject) and dave (not playing) are refused with one sentence
    assert reply(await h.carol.click(vote_msg, label="Yes")) == (
        "You are not one of the players asked in this vote.",
        True,
    )
    assert reply(await h.dave.click(vote_msg, label="No")) == (
        "You are not one of the players asked in this vote.",
        True,
    )
    r = await h.alice.click(vote_msg, label="Yes")
    assert reply(r) == ("You voted yes.", True)
    assert h.messages()[-1].content == f"<@{h.alice.id}> voted; 1 more yes needed to remove <@{carol}>."
    # a NEW bot on the same database: the old message's buttons still work
    h.bots[0].get_cog(DAYS_COG).clock_loop.cancel()
    await h.restart()
    use_clock(h, clock)
    assert reply(await h.alice.click(vote_msg, label="Yes")) == ("You have already voted.", True)
    r = await h.bob.click(vote_msg, label="Yes")
    assert reply(r) == ("You voted yes.", True)
    # 2 of 2 voters said yes (a majority is 2 // 2 + 1 = 2): the AI takes carol's seat
    assert any("The vote removed" in m.content for m in h.messages_since(mark))
    vote_msg = next(m for m in h.messages() if m.id == vote_msg.id)
    assert vote_msg.components == []  # decided: buttons removed
    for _ in range(40):
        b = await board(h)
        if b.status == "over":
            break
        assert carol not in b.mention
        await play_first(h, member_of(h, b.mention[0]))
    final = await board(h)
    assert final.status == "over"
    assert final.ranking[-1].seat == carol and final.ranking[-1].resigned


async def test_substitute_gets_the_hand_by_dm_and_the_old_player_nothing_more(harness):
    h = harness
    use_clock(h, Clock())
    await h.alice.slash(h.channel, "game new", game="high-low")
    await h.bob.slash(h.channel, "game join")
    await h.carol.slash(h.channel, "game join")
    await h.alice.slash(h.channel, "game start")
    bob, dave = str(h.bob.id), str(h.dave.id)
    assert len(h.dms(h.bob)) == 1  # his first hand
    # refusals: one sentence each, nothing changes
    assert reply(await h.bob.slash(h.channel, "game substitute", new=h.dave, old=h.carol)) == (
        "Only the host or a moderator (Manage Channels) can hand a seat to someone else.",
        True,
    )
    assert reply(await h.alice.slash(h.channel, "game substitute", new=h.carol, old=h.bob)) == (
        "The new player already holds a seat in this game.",
        True,
    )
    assert reply(await h.alice.slash(h.channel, "game substitute", new=h.bob, old=h.dave)) == (
        "That player does not hold a seat in this game.",
        True,
    )
    robot = h.guild.add_member(h.env.create_user("robot", bot=True))
    assert reply(await h.alice.slash(h.channel, "game substitute", new=robot, old=h.bob)) == (
        "Only a person can take over a seat, not a bot.",
        True,
    )
    requests = len(h.env.http_requests)
    r = await h.alice.slash(h.channel, "game substitute", new=h.dave, old=h.bob)
    assert reply(r) == (f"<@{dave}> now plays the seat of <@{bob}>.", True)
    assert (
        f"<@{dave}> takes over the seat of <@{bob}> (same place, same history); the hand follows by DM."
        in h.messages()[-1].content
    )
    # dave got bob's hand by DM, as an image and a line
    (dm,) = h.dms(h.dave)
    assert "Your hand:" in dm.content and [a.filename for a in dm.attachments] == ["hand.png"]
    assert (await h.service.hand(h.channel.id, dave)).seat == bob  # the seat keeps its id
    # ...and is drawn on the board under the new player's name
    names = await h.bot.display_names(seats_of(await h.service.table_info(h.channel.id)))
    assert names[bob] == "dave"
    # bob can do nothing more there
    assert await h.bob.autocomplete(h.channel, "move", "action", "") == []
    assert reply(await h.bob.slash(h.channel, "game hand"))[0] == "You are not seated in this game."
    # the game is played to its end by alice, carol and dave
    members = {str(m.id): m for m in (h.alice, h.carol, h.dave)}
    for _ in range(60):
        b = await board(h)
        if b.status == "over":
            break
        assert bob not in b.mention
        await play_first(h, members[b.mention[0]])
    assert (await board(h)).status == "over"
    assert len(h.dms(h.bob)) == 1  # nothing more after the hand-over
    # the new player gets the draws: his own moves' hand changes edit his newest hand DM (one
    # DM per own turn), so the hand-over DM no longer says what it said at the hand-over
    dave_dms = h.dms(h.dave)
    assert dave_dms[0].id == dm.id
    assert [m.content for m in dave_dms] != [dm.content]
    # nobody pinged bob after the hand-over; the seat is written as dave in the channel
    posts = [
        req
        for req in h.env.http_requests[requests:]
        if req.method == "POST" and req.path == f"/channels/{h.channel.id}/messages"
    ]
    assert posts and all(int(bob) not in h.pinged(i) for i in range(-len(posts), 0))
    assert f"<@{bob}>" not in "\n".join(m.content for m in h.messages()[-3:])
    assert f"<@{dave}>" in "\n".join(m.content for m in h.messages()[-3:])  # the final ranking names dave


async def three_high_low(h):
    await h.alice.slash(h.channel, "game new", game="high-low")
    await h.bob.slash(h.channel, "game join")
    await h.carol.slash(h.channel, "game join")
    await h.alice.slash(h.channel, "game start")


async def test_undo_at_once_then_refused_after_a_reveal(harness):
    h = harness
    use_clock(h, Clock())
    await three_high_low(h)
    b0 = await board(h)
    caller = member_of(h, b0.mention[0])
    assert reply(await caller.slash(h.channel, "game undo")) == ("You have no move to take back.", True)
    await caller.slash(h.channel, "move", action="call low")
    # nobody else moved, nothing hidden was revealed (a call shows no card): done at once
    r = await caller.slash(h.channel, "game undo")
    assert reply(r) == ("Your move was taken back.", True)
    text = "\n".join(m.content for m in h.messages()[-2:])
    assert f"Undo: <@{caller.id}> took back 1 move (kept in the history, marked undone):" in text
    b1 = await board(h)
    # version: the call (1) and the undo marker (2); the caller must call again
    assert (b1.version, b1.mention, b1.view) == (b0.version + 2, [str(caller.id)], b0.view)
    rows = await h.service.store.actions(b1.game_pk)
    assert [(row.flag, row.undone) for row in rows] == [(None, True), ("undo", False)]  # history keeps it, marked
    # a whole round: the third card played reveals all three and everyone draws
    await caller.slash(h.channel, "move", action="call high")
    for _ in range(3):
        await play_first(h, member_of(h, (await board(h)).mention[0]))
    version = (await board(h)).version
    text, eph = reply(await h.alice.slash(h.channel, "game undo"))
    # what came to light, as alice reads it (the cards turned, her own draw), not a move quoted back
    assert eph and text.startswith(
        "That cannot be undone, so nothing was changed: since your move, hidden information came to light (Revealed: "
    )
    assert "You drew " in text and text.endswith("), and a vote cannot hide it again.")
    assert "plays a card face down" not in text
    assert (await board(h)).version == version  # nothing changed


async def call_then_two_plays(h):
    """Three players of High-Low: the caller calls high, then two players play a card face
    down (the third card is not played yet: nothing revealed). Returns the first of those two."""

    await three_high_low(h)
    caller = member_of(h, (await board(h)).mention[0])
    await caller.slash(h.channel, "move", action="call high")
    first, second = [member_of(h, u) for u in (await board(h)).mention[:2]]
    await play_first(h, first)
    await play_first(h, second)
    return first


async def test_undo_after_others_moved_is_voted_refused_by_one_no_across_a_restart(harness):
    h = harness
    use_clock(h, Clock())
    first = await call_then_two_plays(h)
    version = (await board(h)).version  # call + 2 plays = 3
    assert version == 3
    others = sorted(int(u) for u in map(str, (h.alice.id, h.bob.id, h.carol.id)) if u != str(first.id))
    mark = h.mark()
    r = await first.slash(h.channel, "game undo")
    assert reply(r) == ("The others have moved since: they are asked to agree.", True)
    (ask,) = h.messages_since(mark)
    assert ask.content.startswith(f"<@{first.id}> asks to take back 2 moves (others have moved since):")
    assert sorted(h.pinged()) == others  # only the players asked
    assert reply(await first.slash(h.channel, "game undo")) == ("An undo vote is already open at this table.", True)
    assert reply(await h.dave.click(ask, label="Yes")) == ("You are not one of the players asked in this vote.", True)
    yes_voter, no_voter = [member_of(h, str(u)) for u in others]
    assert reply(await yes_voter.click(ask, label="Yes")) == ("You voted yes.", True)
    # a NEW bot on the same database: the request's buttons still work
    h.bots[0].get_cog(DAYS_COG).clock_loop.cancel()
    await h.restart()
    use_clock(h, Clock())
    assert reply(await no_voter.click(ask, label="No")) == ("You voted no.", True)
    assert h.messages()[-1].content == f"<@{no_voter.id}> said no: the undo asked by <@{first.id}> is refused."
    assert next(m for m in h.messages() if m.id == ask.id).components == []  # decided: no buttons
    assert (await board(h)).version == version  # nothing undone
    # asked again, both agree: both face-down plays are taken back
    mark = h.mark()
    await first.slash(h.channel, "game undo")
    (ask,) = h.messages_since(mark)
    await yes_voter.click(ask, label="Yes")
    await no_voter.click(ask, label="Yes")
    after = await board(h)
    # version: 3 + the undo marker = 4; first and second must play again (and the third still)
    assert after.version == version + 1
    assert sorted(after.mention) == sorted(str(m.id) for m in (h.alice, h.bob, h.carol))
    assert "Everyone agreed." in "\n".join(m.content for m in h.messages_since(mark))
    rows = await h.service.store.actions(after.game_pk)
    assert [(row.flag, row.undone) for row in rows] == [(None, False), (None, True), (None, True), ("undo", False)]


async def test_a_vote_click_without_send_messages_is_refused_before_it_is_counted(harness):
    """A vote click posts its outcome to the channel: with Send Messages taken away it is
    refused with the permission named and not counted (not "try again" after counting it)."""

    h = harness
    use_clock(h, Clock())
    first = await call_then_two_plays(h)
    mark = h.mark()
    await first.slash(h.channel, "game undo")  # the others moved since: they vote
    (ask,) = h.messages_since(mark)
    voter = next(m for m in (h.alice, h.bob, h.carol) if m.id != first.id)
    deny_send_messages(h, True)
    assert reply(await voter.click(ask, label="No")) == (
        "I can't post in this channel: I am missing the Send Messages permission,"
        " so your vote was not counted. A moderator can grant it in the channel settings.",
        True,
    )
    deny_send_messages(h, False)
    assert reply(await voter.click(ask, label="No")) == ("You voted no.", True)  # not counted before


async def test_a_counted_vote_whose_channel_line_is_refused_never_says_try_again(harness):
    """The vote is counted and acknowledged; a refused channel line after it is logged, not
    answered with "try again" (the vote stands: the undo is refused once)."""

    h = harness
    use_clock(h, Clock())
    first = await call_then_two_plays(h)
    mark = h.mark()
    await first.slash(h.channel, "game undo")
    (ask,) = h.messages_since(mark)
    voter = next(m for m in (h.alice, h.bob, h.carol) if m.id != first.id)
    h.env.inject_error(
        "POST", f"/channels/{h.channel.id}/messages", status=403, code=50013, message="Missing Permissions"
    )
    r = await voter.click(ask, label="No")
    assert reply(r) == ("You voted no.", True)
    assert not any("try again" in (f.content or "").lower() for f in [r.response, *r.followups] if f is not None)
    assert next(m for m in h.messages() if m.id == ask.id).components == []  # decided: its buttons removed
    assert (await board(h)).version == 3  # call + 2 plays: nothing undone


async def test_an_undo_request_that_cannot_be_posted_is_withdrawn(harness):
    """The vote of an undo request lives in its channel message (the Yes/No buttons): when
    Discord refuses that message, the request is withdrawn, so nothing stands and the player
    may simply ask again (before: the vote stayed open with no buttons, and every new
    /game undo was refused as "already open" until the next move)."""

    h = harness
    use_clock(h, Clock())
    first = await call_then_two_plays(h)
    h.env.inject_error(
        "POST", f"/channels/{h.channel.id}/messages", status=403, code=50013, message="Missing Permissions"
    )
    r = await first.slash(h.channel, "game undo")
    assert reply(r) == (
        "I could not post your request in this channel, so it was withdrawn and nothing was"
        " undone; ask again in a moment.",
        True,
    )
    assert (await board(h)).version == 3  # call + 2 plays: nothing undone
    mark = h.mark()
    r = await first.slash(h.channel, "game undo")
    assert reply(r) == ("The others have moved since: they are asked to agree.", True)
    (ask,) = h.messages_since(mark)
    assert [c.label for row in ask.components for c in row.children] == ["Yes", "No"]


async def test_a_kick_vote_that_cannot_be_posted_is_asked_again_at_the_next_pass(harness):
    """The vote of a vote-kick lives in its channel message: when Discord refuses that message
    the vote is withdrawn and the next pass of the loop asks again (before: the vote stayed
    open with no buttons and the table waited for it forever)."""

    h = harness
    clock, carol = await carol_stalls_a_kick_table(h)
    assert (await board(h)).mention == [carol]
    clock.t += HOUR  # carol's deadline
    h.env.inject_error(
        "POST", f"/channels/{h.channel.id}/messages", status=403, code=50013, message="Missing Permissions"
    )
    mark = h.mark()
    (n,) = await tick(h)
    assert n.kind == "kick-vote" and h.messages_since(mark) == []  # refused by Discord
    clock.t += TICK_SECONDS
    (n,) = await tick(h)  # asked again
    assert n.kind == "kick-vote"
    (vote_msg,) = h.messages_since(mark)
    assert vote_msg.content.startswith(f"Time is up for <@{carol}>. Remove them from the game?")
    assert [c.label for row in vote_msg.components for c in row.children] == ["Yes", "No"]
