"""One live status message per table, edited in place, through SimCord."""

from __future__ import annotations

from tests.bot.play.test_high_low_on_discord import reply


def posts(h, mark: int) -> list:
    return h.messages_since(mark)


async def started_with_a_status_message(h):
    """High-Low for alice and bob at a table with one live status message, started; returns
    that message (the first post of the start)."""

    await h.lobby("high-low", h.alice, h.bob, posts="status")
    mark = h.mark()
    await h.alice.slash(h.channel, "game start")
    return posts(h, mark)[0]


async def test_live_status_message_edited_in_place_survives_restart_and_deletion(harness):
    h = harness
    await h.lobby("high-low", h.alice, h.bob, posts="every")
    r = await h.alice.slash(h.channel, "game posts", style="status")
    assert reply(r) == (
        f"<@{h.alice.id}> set this table's board to one live status message, edited after every"
        " move, and a short line per move.",
        False,
    )
    r = await h.bob.slash(h.channel, "game posts", style="every")  # not the host
    assert reply(r)[1]
    mark = h.mark()
    await h.alice.slash(h.channel, "game start")
    start = posts(h, mark)
    # the status message (board image, buttons), then the line naming who must act
    assert len(start) == 2
    status = start[0]
    assert [a.filename for a in status.attachments] == ["board.png"]
    assert [c.label for row in status.components for c in row.children] == ["Play", "My hand"]
    assert status.content.startswith("**High-Low**, move 0 (this board is updated after every move).")
    assert start[1].attachments == []
    info = await h.service.table_info(h.channel.id)
    assert (await h.service.store.get_game(info.game_pk)).status_message == str(status.id)

    # a move: ONE new message (the move's events, who must act, a link to the board), no image;
    # the status message is edited in place with the new board
    caller = (await h.service.board(h.channel.id)).to_act[0]
    actor = h.alice if caller == str(h.alice.id) else h.bob
    mark = h.mark()
    await actor.slash(h.channel, "move", action="call high")
    new = posts(h, mark)
    assert len(new) == 1 and new[0].attachments == []
    board_link = f"https://discord.com/channels/{h.guild.id}/{h.channel.id}/{status.id}"
    both = [s.seat for s in sorted(info.seats, key=lambda s: s.order)]  # High-Low: every player, in seat order
    # written by hand: High-Low's call event, then everyone must play a card; only the other
    # player is pinged (the caller is here); the link is masked, the URL never shown as text
    assert new[0].content == (
        f"<@{caller}> calls high.\n<@{both[0]}>, <@{both[1]}>: your move on [the board]({board_link})."
    )
    assert h.pinged(-1) == [int(s) for s in both if s != caller]
    current = next(m for m in h.messages() if m.id == status.id)
    assert current.content.startswith("**High-Low**, move 1 (this board is updated after every move).")
    assert [c.custom_id for row in current.components for c in row.children] == [
        f"bh:play:{h.channel.id}:v1",
        f"bh:hand:{h.channel.id}:v1",
    ]

    # a restarted bot edits the same message (its id is in the database)
    await h.restart()
    seat = (await h.service.board(h.channel.id)).to_act[0]
    card = (await h.service.hand(h.channel.id, seat)).private["hand"][0]
    mark = h.mark()
    await (h.alice if seat == str(h.alice.id) else h.bob).slash(h.channel, "move", action=f"play {card}")
    assert len(posts(h, mark)) == 1
    current = next(m for m in h.messages() if m.id == status.id)
    assert current.content.startswith("**High-Low**, move 2 ")

    # someone deleted the status message: the next move posts a new one and stores its id
    await h.bot.get_channel(h.channel.id).get_partial_message(status.id).delete()
    seat = (await h.service.board(h.channel.id)).to_act[0]
    card = (await h.service.hand(h.channel.id, seat)).private["hand"][0]
    mark = h.mark()
    await (h.alice if seat == str(h.alice.id) else h.bob).slash(h.channel, "move", action=f"play {card}")
    new = posts(h, mark)
    # worked out by hand: move 2 was both[0]'s card, this one is both[1]'s, which ends round 1;
    # round 2's caller is the next seat, both[1] again: the same player goes on acting, so
    # the turn's line is edited (the one new message is the status message)
    assert seat == both[1]
    assert len(new) == 1 and [a.filename for a in new[0].attachments] == ["board.png"]
    assert new[0].content.startswith("**High-Low**, move 3 ")
    assert (await h.service.store.get_game(info.game_pk)).status_message == str(new[0].id)
    line = h.messages()[-2]
    assert line.content.startswith(f"<@{both[0]}> plays a card face down.\n<@{both[1]}> plays a card face down.")
    # the "your move" line now links to the new status message
    assert line.content.endswith(
        f"<@{both[1]}>: your move on [the board](https://discord.com/channels/{h.guild.id}/{h.channel.id}/{new[0].id})."
    ), line.content

    # to the end: the status message shows the final ranking without buttons, the last line too
    status_id = new[0].id
    while (await h.service.table_info(h.channel.id)).status == "active":
        seat = (await h.service.board(h.channel.id)).to_act[0]
        move = (await h.service.legal_moves(h.channel.id, seat))[0][0]
        mark = h.mark()
        await (h.alice if seat == str(h.alice.id) else h.bob).slash(h.channel, "move", action=move)
        after = await h.service.board(h.channel.id)
        # never a new board; a new line only when the turn passed (someone else must act)
        assert len(posts(h, mark)) == (0 if after.to_act == [seat] else 1)
    final = next(m for m in h.messages() if m.id == status_id)
    # 4 rounds x (1 call + 2 plays) = 12 moves
    assert final.content.startswith("**High-Low**, finished after 12 moves. **Final ranking:**\n1. ")
    assert final.components == []
    last = h.messages()[-1]
    assert "**Final ranking:**" in last.content and last.attachments == []


async def test_a_refused_status_edit_posts_a_fresh_status_message_and_the_move_line_still_goes_out(harness):
    """Discord refuses edits of a message older than an hour under load (429, code 30046):
    the table then gets a fresh status message (remembered for the next move), and the move's
    line with its ping goes out as always."""

    h = harness
    await h.lobby("high-low", h.alice, h.bob, posts="every")
    await h.alice.slash(h.channel, "game posts", style="status")
    mark = h.mark()
    await h.alice.slash(h.channel, "game start")
    status = posts(h, mark)[0]
    info = await h.service.table_info(h.channel.id)
    h.env.inject_error(
        "PATCH",
        f"/channels/{h.channel.id}/messages/{status.id}",
        status=429,
        code=30046,
        message="Maximum number of edits to messages older than 1 hour reached. Try again later.",
        times=None,
    )
    caller = (await h.service.board(h.channel.id)).to_act[0]
    actor = h.alice if caller == str(h.alice.id) else h.bob
    mark = h.mark()
    await actor.slash(h.channel, "move", action="call high")
    new = posts(h, mark)
    # a new status message with the board at move 1, then the move line linking to IT
    assert len(new) == 2
    assert [a.filename for a in new[0].attachments] == ["board.png"]
    assert new[0].content.startswith("**High-Low**, move 1 (this board is updated after every move).")
    both = [s.seat for s in sorted(info.seats, key=lambda s: s.order)]
    board_link = f"https://discord.com/channels/{h.guild.id}/{h.channel.id}/{new[0].id}"
    assert new[1].content == (
        f"<@{caller}> calls high.\n<@{both[0]}>, <@{both[1]}>: your move on [the board]({board_link})."
    )
    assert h.pinged(-1) == [int(s) for s in both if s != caller]
    assert (await h.service.store.get_game(info.game_pk)).status_message == str(new[0].id)
    # the next move edits the fresh message in place: one new message (the move line)
    seat = (await h.service.board(h.channel.id)).to_act[0]
    card = (await h.service.hand(h.channel.id, seat)).private["hand"][0]
    mark = h.mark()
    await (h.alice if seat == str(h.alice.id) else h.bob).slash(h.channel, "move", action=f"play {card}")
    assert len(posts(h, mark)) == 1
    current = next(m for m in h.messages() if m.id == new[0].id)
    assert current.content.startswith("**High-Low**, move 2 ")


async def test_the_status_message_is_reworded_when_the_settings_change_its_deadline(harness):
    # it kept the old text (no deadline, the old AI strength) until the next move
    h = harness
    status = await started_with_a_status_message(h)
    assert "deadline" not in status.content
    await h.alice.slash(h.channel, "game settings", turn_limit="1d")
    now = next(m for m in h.messages() if m.id == status.id)
    # SimCord's clock stands at 2026-01-01 00:00 UTC (1,767,225,600), when the turn began:
    # its deadline is a day later, 1,767,225,600 + 86,400
    assert "\nTurn deadline <t:1767312000:R>." in now.content
    assert [a.filename for a in now.attachments] == ["board.png"]  # the image stays
    assert now.content.startswith("**High-Low**, move 0 (this board is updated after every move).")


async def test_a_refused_reword_posts_a_fresh_status_message(harness):
    # a 403 on the edit left the status without its deadline and posted nothing new
    h = harness
    status = await started_with_a_status_message(h)
    h.env.inject_error(
        "PATCH", f"/channels/{h.channel.id}/messages/{status.id}", status=403, code=50013, message="Missing Permissions"
    )
    mark = h.mark()
    await h.alice.slash(h.channel, "game settings", turn_limit="1d")
    announced, fresh = posts(h, mark)
    assert announced.content == (
        f"<@{h.alice.id}> changed the settings: turn limit 1d (then the AI plays the turn) · reminders after 12h,"
        " then every 1d · vacation 14 days · one live status message · language: English. Current turn deadline:"
        " <t:1767312000:R>."
    )
    # the fresh status message: the current board image, its buttons, the deadline (a day after
    # SimCord's 1,767,225,600)
    assert fresh.content.startswith("**High-Low**, move 0 (this board is updated after every move).")
    assert "\nTurn deadline <t:1767312000:R>." in fresh.content
    assert [a.filename for a in fresh.attachments] == ["board.png"]
    assert [c.label for row in fresh.components for c in row.children] == ["Play", "My hand"]
    info = await h.service.table_info(h.channel.id)
    assert (await h.service.store.get_game(info.game_pk)).status_message == str(fresh.id)


async def test_a_reword_discord_fails_at_waits_for_the_next_move(harness):
    # a 5xx is Discord's own failure: nothing new is posted, the same message is edited later
    h = harness
    status = await started_with_a_status_message(h)
    h.env.inject_error("PATCH", f"/channels/{h.channel.id}/messages/{status.id}", status=503)
    mark = h.mark()
    await h.alice.slash(h.channel, "game settings", turn_limit="1d")
    assert [m.content.split(":")[0] for m in posts(h, mark)] == [f"<@{h.alice.id}> changed the settings"]
    info = await h.service.table_info(h.channel.id)
    assert (await h.service.store.get_game(info.game_pk)).status_message == str(status.id)


async def test_the_summary_image_draws_the_posts_sentences_without_their_markdown(harness, monkeypatch):
    # the start's "press **Play**" and "`/move`" were drawn with their asterisks and backticks
    from bot import render

    drawn: list = []

    async def render_summary(game_id, view, events=None, lang="en", _real=render.render_summary):
        drawn.append(list(events or []))
        return await _real(game_id, view, events, lang)

    monkeypatch.setattr(render, "render_summary", render_summary)
    h = harness
    await started_with_a_status_message(h)
    said = " ".join(drawn[0])
    assert "Play" in said and "/move" in said
    assert "**" not in said and "`" not in said
