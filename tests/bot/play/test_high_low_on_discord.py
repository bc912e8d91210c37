"""SimCord tests with the test-only High-Low engine (private hands, a simultaneous step):
refusals, the /move autocomplete, DMs and the closed-DM fallback, two moves arriving together,
board buttons after a restart and stale clicks, the pick menu, game over (the lobby's own
tests: tests/bot/lobby/test_lobby_on_discord.py)."""

from __future__ import annotations

import logging

from bot.format import SORRY
from tests.bot.pressing_driver import components


def member_of(h, seat: str):
    return next(m for m in (h.alice, h.bob, h.carol, h.dave) if str(m.id) == seat)


async def started(h, *members):
    """A High-Low game by ``members`` (first is host), started with the lobby buttons."""

    first = await h.lobby("high-low", members[0])
    lobby_msg = first.response.message
    for m in members[1:]:
        r = await m.click(lobby_msg, label="Join")
        assert not r.ephemeral, r.response.content
    r = await members[0].click(lobby_msg, label="Start")
    assert r.ephemeral and "started" in r.followups[0].content if r.followups else r.response.content
    return lobby_msg


async def to_act(h) -> list[str]:
    board = await h.service.board(h.channel.id)
    return board.to_act


def answer(result):
    """The message that answered an interaction (a deferred one's follow-up, else the response)."""

    return result.followups[-1] if result.followups else result.response


def reply(result) -> tuple[str, bool]:
    """(text, ephemeral) of an interaction's answer, deferred or not."""

    if result.followups:
        return result.followups[-1].content, result.followups[-1].ephemeral
    return result.response.content, result.response.ephemeral


async def test_refusals_are_ephemeral_and_change_nothing(harness):
    h = harness
    await h.lobby("high-low", h.alice, h.bob)

    async def refused(result, needle: str):
        text, eph = reply(result)
        assert eph, text
        assert needle.lower() in text.lower(), text

    before = len(h.messages())
    # game not started
    await refused(await h.alice.slash(h.channel, "move", action="call high"), "has not started")
    # a second /game new in a busy channel
    await refused(await h.carol.slash(h.channel, "game new", game="high-low"), "already has a lobby")
    # /game cancel by a non-host
    await refused(await h.bob.slash(h.channel, "game cancel"), "only the host")
    # start by a non-host
    await refused(await h.bob.slash(h.channel, "game start"), "only the host")
    assert len(h.messages()) == before
    info = await h.service.table_info(h.channel.id)
    assert info.status == "lobby" and len(info.seats) == 2

    await h.alice.slash(h.channel, "game start")
    v0 = await h.version()
    n0 = len(h.messages())
    caller = (await to_act(h))[0]
    other = h.bob if str(h.alice.id) == caller else h.alice
    actor = member_of(h, caller)
    # not your turn
    await refused(await other.slash(h.channel, "move", action="call high"), "not your turn")
    # not seated (carol) and a spectator (dave) through the button
    await refused(await h.carol.slash(h.channel, "move", action="call high"), "not seated")
    await refused(await h.dave.click(h.messages()[-1], label="Play"), "not seated")
    await refused(await h.dave.slash(h.channel, "game hand"), "not seated")
    # illegal move and text that is no move
    await refused(await actor.slash(h.channel, "move", action="play 1"), "call high or low")
    await refused(await actor.slash(h.channel, "move", action="fly away"), "not a move")
    # a known move with a bad value: nothing changes either
    await refused(await actor.slash(h.channel, "move", action="call sideways"), "write `call <mode>`")
    assert await h.version() == v0
    assert len(h.messages()) == n0
    # nobody was told anything private in public
    assert "Your hand" not in h.public_text()


async def test_move_autocomplete_only_for_whoever_can_act(harness):
    h = harness
    await h.lobby("high-low", h.alice, h.bob)
    await h.alice.slash(h.channel, "game start")
    caller = (await to_act(h))[0]
    actor = member_of(h, caller)
    other = h.bob if actor is h.alice else h.alice
    got = await actor.autocomplete(h.channel, "move", "action", "")
    assert [c["value"] for c in got] == ["call high", "call low"]
    assert all(c["name"] for c in got)
    assert [c["value"] for c in await actor.autocomplete(h.channel, "move", "action", "lo")] == ["call low"]
    assert await other.autocomplete(h.channel, "move", "action", "") == []
    assert await h.dave.autocomplete(h.channel, "move", "action", "") == []
    # each suggestion is named with the engine's sentence
    assert [(c["name"], c["value"]) for c in got] == [("Call high.", "call high"), ("Call low.", "call low")]
    r = await actor.slash(h.channel, "move", action="call low")
    assert reply(r) == ("Played `call low`.", True)
    assert "calls low" in h.messages()[-1].content
    # now both must play: each is offered their own cards
    hand = (await h.service.hand(h.channel.id, h.alice.id)).private["hand"]
    cards = [c["value"] for c in await h.alice.autocomplete(h.channel, "move", "action", "")]
    assert cards == [f"play {card}" for card in hand]


class NoLock:
    """A lock that does not lock (to show the concurrency test needs the real one)."""

    async def __aenter__(self):
        return self

    async def __aexit__(self, *exc):
        return False


async def arrive_together(h, *calls):
    """SimCord: queue several interactions, then let their handlers interleave."""

    env = h.env
    real = env._settle_internal

    async def no_settle(*a, **k):
        return None

    env._settle_internal = no_settle
    try:
        results = [await c() for c in calls]
    finally:
        env._settle_internal = real
    await env.settle()
    return results


async def play_simultaneous(h):
    """Start, call, and send both players' cards at the same moment; returns
    (version before, replies, history)."""

    await h.lobby("high-low", h.alice, h.bob)
    await h.alice.slash(h.channel, "game start")
    actor = member_of(h, (await to_act(h))[0])
    await actor.slash(h.channel, "move", action="call high")
    v = await h.version()
    a_card = (await h.service.hand(h.channel.id, h.alice.id)).private["hand"][0]
    b_card = (await h.service.hand(h.channel.id, h.bob.id)).private["hand"][0]
    rs = await arrive_together(
        h,
        lambda: h.alice.slash(h.channel, "move", action=f"play {a_card}"),
        lambda: h.bob.slash(h.channel, "move", action=f"play {b_card}"),
    )
    return v, rs, await h.service.history(h.channel.id)


async def test_two_moves_arriving_together_are_applied_one_after_the_other(harness):
    h = harness
    v, rs, history = await play_simultaneous(h)
    texts = [answer(r).content if r.followups else r.response.content for r in rs]
    # both were accepted, one after the other: two log entries v+1 and v+2 by different seats
    assert texts[0].startswith("Played") and texts[1].startswith("Played"), texts
    assert await h.version() == v + 2
    assert [x.seq for x in history[-2:]] == [v + 1, v + 2]
    # the first post pings nobody (the other player was asked already and has not played),
    # the second pings the next caller unless they made that very move
    caller = (await to_act(h))[0]
    assert h.pinged(-2) == []
    assert h.pinged(-1) == ([] if history[-1].seat == caller else [int(caller)])
    assert {x.seat for x in history[-2:]} == {str(h.alice.id), str(h.bob.id)}
    # the channel got the second post after the first, the reveal in the second
    last_two = [m.content for m in h.messages()[-2:]]
    assert "Revealed" not in last_two[0] and "Revealed" in last_two[1]


async def test_without_the_table_lock_the_same_race_goes_wrong(harness):
    """The test above depends on the per-table lock: with a lock that does not lock, the
    two moves are both applied against the same state and one is refused by the store's
    version guard. (If this ever stops failing the guard, the test above proves nothing.)"""

    h = harness
    h.service.lock_factory = NoLock
    assert h.service.busy_tables() == {}  # no lock is held: the next call makes a NoLock
    v, rs, history = await play_simultaneous(h)
    texts = [answer(r).content if r.followups else r.response.content for r in rs]
    assert any("at the same moment" in t for t in texts), texts
    assert await h.version() == v + 1


async def test_dm_closed_fallback(harness):
    h = harness
    await h.lobby("high-low", h.alice, h.bob)
    bob_dm = h.bob.user.dm_channel
    h.env.inject_error(
        "POST",
        f"/channels/{bob_dm.id}/messages",
        status=403,
        code=50007,
        message="Cannot send messages to this user",
        times=None,
    )
    await h.alice.slash(h.channel, "game start")
    notice = [m for m in h.messages() if "Couldn't DM" in m.content]
    assert len(notice) == 1
    assert f"<@{h.bob.id}>" in notice[0].content and "/game hand" in notice[0].content
    bob_hand = (await h.service.hand(h.channel.id, h.bob.id)).private["hand"]
    assert "hand" not in [a.filename.split(".")[0] for m in h.messages() for a in m.attachments]
    assert "Your hand" not in h.public_text()
    info = await h.service.table_info(h.channel.id)
    assert [s.dm_ok for s in info.seats if s.seat == str(h.bob.id)] == [False]
    # alice still got hers
    assert len(h.dms(h.alice)) == 1
    # after a restart (the flag is stored) the hand changes again (a round is played):
    # no new DM attempt to bob, no new notice
    await h.restart()
    attempts = lambda: sum(
        1 for r in h.env.http_requests if r.method == "POST" and r.path == f"/channels/{bob_dm.id}/messages"
    )
    tried = attempts()
    actor = member_of(h, (await to_act(h))[0])
    await actor.slash(h.channel, "move", action="call high")
    for m in (h.alice, h.bob):
        card = (await h.service.hand(h.channel.id, m.id)).private["hand"][0]
        await m.slash(h.channel, "move", action=f"play {card}")
    assert attempts() == tried
    assert len([m for m in h.messages() if "Couldn't DM" in m.content]) == 1
    # alice: start hand (edited by her own move: the card she played), then a new DM after
    # bob's card ended the round and she drew one
    assert len(h.dms(h.alice)) == 2
    # /game hand answers bob ephemerally, with his hand
    r = await h.bob.slash(h.channel, "game hand")
    text, eph = reply(r)
    now = (await h.service.hand(h.channel.id, h.bob.id)).private["hand"]
    assert eph and "Your hand: " + ", ".join(map(str, now)) in text
    assert [a.filename for a in answer(r).attachments] == ["hand.png"]
    del bob_hand


async def test_buttons_survive_restart_and_stale_clicks_are_refused(harness):
    h = harness
    lobby_msg = await started(h, h.alice, h.bob)
    board_msg = h.messages()[-1]
    caller = (await to_act(h))[0]
    actor = member_of(h, caller)
    await h.restart()
    assert h.bot is not h.bots[0] and h.bot.synced is False  # a new bot; same commands, no re-sync
    # Play on the current board opens the move builder on the new bot
    r = await actor.click(board_msg, label="Play")
    text, eph = reply(r)
    assert eph and [c["label"] for c in components(answer(r))] == ["Call high.", "Call low.", "Back", "Cancel"]
    # My hand too
    r = await actor.click(board_msg, label="My hand")
    text, eph = reply(r)
    assert eph and "Your hand:" in text
    # after a move that board is one move old: its read-only buttons answer with the current
    # state: the caller now plays a card, so Play offers their cards
    await actor.slash(h.channel, "move", action="call low")
    r = await actor.click(board_msg, label="Play")
    text, eph = reply(r)
    labels = [c["label"] for c in components(answer(r))]
    assert eph and "out of date" not in text and labels[-2:] == ["Back", "Cancel"]
    assert labels[:-2] and not any(label.startswith("Call") for label in labels[:-2]), labels
    del lobby_msg


async def test_pick_a_move_menu_plays_once_and_refuses_a_stale_pick(harness):
    h = harness
    await started(h, h.alice, h.bob)
    actor = member_of(h, (await to_act(h))[0])
    r = await actor.slash(h.channel, "game moves")
    menu = answer(r).message
    options = [o["value"] for row in answer(r).components for c in row["components"] for o in c.get("options", [])]
    assert options == ["call high", "call low"]
    await h.restart()  # the menu keeps working on a new bot
    v = await h.version()
    posts = len(h.messages())
    r = await actor.select(menu, ["call high"])
    assert reply(r) == ("Played `call high`.", True)
    assert await h.version() == v + 1 and "calls high" in h.messages()[-1].content
    # the same menu again: the game moved on, so it is refused with the current board
    r = await actor.select(menu, ["call low"])
    text, eph = reply(r)
    assert eph and "out of date" in text and [a.filename for a in answer(r).attachments] == ["board.png"]
    assert await h.version() == v + 1 and len(h.messages()) == posts + 1


async def test_game_over_ranking_and_board(harness):
    h = harness
    await h.lobby("high-low", h.alice, h.bob, options="rounds=1")
    await h.alice.slash(h.channel, "game start")
    actor = member_of(h, (await to_act(h))[0])
    await actor.slash(h.channel, "move", action="call high")
    for m in (h.alice, h.bob):
        card = (await h.service.hand(h.channel.id, m.id)).private["hand"][0]
        await m.slash(h.channel, "move", action=f"play {card}")
    last = h.messages()[-1]
    # the events end with "Game over.", the ranking follows once under its own heading
    assert last.content.count("Game over") == 1 and "Game over.\n**Final ranking:**" in last.content
    board = await h.service.board(h.channel.id)
    for line in board.ranking:
        unit = "point" if line.score == 1 else "points"
        assert f"{line.place}. <@{line.seat}> — {line.score} {unit}" in last.content
    assert h.pinged() == []
    assert last.components == []  # no buttons on a finished game
    r = await h.dave.slash(h.channel, "game board")
    assert not answer(r).ephemeral
    assert "Game over" in answer(r).content and "Game over.** Final ranking:" in answer(r).content
    assert [a.filename for a in answer(r).attachments] == ["board.png"]
    # a move after the end is refused
    text, eph = reply(await h.alice.slash(h.channel, "move", action="call high"))
    assert eph
    # "Play" on an older board of the finished game: the game is over (nothing was to be
    # played, so no "nothing was played")
    old = next(m for m in h.messages() if any(c.label == "Play" for row in m.components for c in row.children))
    r = await h.bob.click(old, label="Play")
    text, eph = reply(r)
    assert eph and text.split("\n")[0] == "This game is over; this is its final board:"
    assert "nothing was played" not in text


async def test_unexpected_error_is_logged_with_table_and_answered_with_apology(harness, caplog):
    h = harness
    await h.lobby("high-low", h.alice, h.bob)
    await h.alice.slash(h.channel, "game start")

    async def boom(*a, **k):
        raise RuntimeError("disk on fire")

    h.service.act = boom
    with caplog.at_level(logging.ERROR, logger="boardhost.discord"):
        r = await h.alice.slash(h.channel, "move", action="call high")
    assert reply(r) == (SORRY, True)
    # it cannot know whether the move was saved before the failure: no bare "try again",
    # it sends the player to the board first
    assert SORRY == (
        "Sorry, something went wrong on our side and it has been logged; it may have happened "
        "after your move was saved, so look at `/game board` before you send it again."
    )
    assert any(str(h.channel.id) in rec.getMessage() for rec in caplog.records)
    assert "disk on fire" not in h.public_text()
    # it went through the tree's on_error (SimCord records it there): acknowledged here
    assert [str(getattr(e, "original", e)) for e in h.env.errors] == ["disk on fire"]


async def test_rules_history_moves_and_cancel(harness):
    h = harness
    r = await h.alice.slash(h.channel, "game rules")
    assert reply(r)[1] and "High-Low" in reply(r)[0]
    await h.lobby("high-low", h.alice, h.bob)
    r = await h.alice.slash(h.channel, "game rules", topic="overview")
    text, eph = reply(r)
    assert eph and "Call high or low" in text
    await h.alice.slash(h.channel, "game start")
    actor = member_of(h, (await to_act(h))[0])
    await actor.slash(h.channel, "move", action="call high")
    r = await h.dave.slash(h.channel, "game history")
    text, eph = reply(r)
    assert eph and text == f"**High-Low**, move 1 (page 1 of 1):\n1. <@{actor.id}> calls high."
    r = await h.bob.slash(h.channel, "game cancel")
    assert reply(r)[1]
    r = await h.alice.slash(h.channel, "game cancel")
    assert not reply(r)[1] and "cancelled" in reply(r)[0]
    assert (await h.service.table_info(h.channel.id)).status == "cancelled"
    # the channel is free again
    r = await h.bob.slash(h.channel, "game new", game="high-low")
    assert not reply(r)[1]


def test_ping_rule():
    """Who gets pinged: whoever must act, except the player whose command made the post and
    players still waiting since an earlier post of a simultaneous step."""

    from bot.poster import Poster

    p = Poster(bot=None)
    assert p.to_ping("t", ["1"], actor="9") == ["1"]  # start by 9: the first caller 1
    assert p.to_ping("t", ["1", "2", "3"], actor="1") == ["2", "3"]  # 1 called; all must play
    assert p.to_ping("t", ["2", "3"], actor="1") == []  # 1 played; 2 and 3 were asked already
    assert p.to_ping("t", ["3"], actor="2") == []
    assert p.to_ping("t", ["2"], actor="3") == ["2"]  # round 2: 2 must call (acted since)
    assert p.to_ping("t", ["2"], actor="2") == []  # 2 makes several steps in a row
    assert p.to_ping("u", ["2"], actor="5") == ["2"]  # tables are separate
