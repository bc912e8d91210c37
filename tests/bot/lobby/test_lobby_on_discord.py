"""SimCord: lobbies of the test-only High-Low game through Discord: the Join/Start buttons (also
after a restart and on a closed lobby), AI seats and resigning, and a moderator cancelling."""

from __future__ import annotations

from tests.bot.discord_harness import png_size
from tests.bot.play.test_high_low_on_discord import reply, started, to_act


async def test_lobby_buttons_start_board_dm_and_ping(harness):
    h = harness
    lobby_msg = await started(h, h.alice, h.bob)
    assert "Seated (2)" in h.messages()[0].content  # the lobby message was edited in place by Join
    board_msg = h.messages()[-1]
    assert "High-Low begins" in board_msg.content
    assert [a.filename for a in board_msg.attachments] == ["board.png"]
    w, hgt = await png_size(board_msg.attachments[0])
    assert max(w, hgt) <= 1600
    labels = [c["label"] for row in board_msg.components for c in row.to_dict()["components"]]
    assert labels == ["Play", "My hand"]
    caller = (await to_act(h))[0]
    # only whoever must act is pinged, unless it is alice who just pressed Start
    assert h.pinged() == ([] if caller == str(h.alice.id) else [int(caller)])
    assert f"<@{caller}>: your move" in board_msg.content
    # each player got their hand by DM, as an image and a line
    for m in (h.alice, h.bob):
        dms = h.dms(m)
        assert len(dms) == 1 and "Your hand:" in dms[0].content
        assert [a.filename for a in dms[0].attachments] == ["hand.png"]
    # the lobby's Start button is gone (message edited after the start)
    assert h.messages()[0].components == []
    del lobby_msg


async def test_lobby_buttons_after_restart_and_on_a_closed_lobby(harness):
    h = harness
    old = (await h.lobby("high-low", h.alice)).response.message
    await h.alice.slash(h.channel, "game cancel")
    new = (await h.lobby("high-low", h.bob)).response.message
    await h.restart()
    # the cancelled lobby's message was edited closed: no Join/Start any more (
    # a press on one that could not be edited: tests/bot/discord_layer/test_failures_and_retries.py)
    closed = next(m for m in h.messages() if m.id == old.id)
    assert closed.components == [] and closed.content.startswith("The game was cancelled.")
    assert [s.seat for s in (await h.service.table_info(h.channel.id)).seats] == [str(h.bob.id)]
    # Join and Start on the live lobby work on the new bot
    r = await h.carol.click(new, label="Join")
    assert not reply(r)[1]
    assert len((await h.service.table_info(h.channel.id)).seats) == 2
    r = await h.carol.click(new, label="Start")
    assert reply(r) == ("Only the host can start the game.", True)
    r = await h.bob.click(new, label="Start")
    assert reply(r)[1] and (await h.service.table_info(h.channel.id)).status == "active"


async def test_addbot_and_resign_hand_seats_to_the_ai(harness):
    h = harness
    await h.lobby("high-low", h.alice, h.bob)
    r = await h.bob.slash(h.channel, "game addbot")
    assert reply(r) == ("Only the host can add AI seats.", True)
    r = await h.alice.slash(h.channel, "game addbot")
    assert not reply(r)[1] and "AI 1" in reply(r)[0]
    # the reply names the seat and its strength (the tests' host default is easy), first line
    # and in the seated list; it read "An AI seat was added." and "Seated (3): …, AI 1"
    lines = reply(r)[0].splitlines()
    assert lines[0] == "AI 1 joined (AI strength: easy)."
    seated = next(line for line in lines if line.startswith("Seated (3): "))
    assert seated.endswith(", AI 1 (easy)")
    await h.alice.slash(h.channel, "game start")
    # AI seats move by themselves: whoever is asked now is a human
    board = await h.service.board(h.channel.id)
    assert board.to_act and all(p.isdigit() for p in board.mention)
    assert "ai-1" not in h.public_text()  # AI seats are written "AI 1"
    # bob resigns: the AI plays his seat, he ranks last
    r = await h.bob.slash(h.channel, "game resign")
    text, eph = reply(r)
    assert eph and "resigned" in text
    assert "resigned" in h.messages()[-1].content
    assert await h.bob.autocomplete(h.channel, "move", "action", "") == []
    text, eph = reply(await h.bob.slash(h.channel, "move", action="call high"))
    assert eph and "resigned" in text
    # alice plays the game out alone against the AI seats
    for _ in range(40):
        board = await h.service.board(h.channel.id)
        if board.status == "over":
            break
        assert board.mention == [str(h.alice.id)]
        moves = await h.alice.autocomplete(h.channel, "move", "action", "")
        await h.alice.slash(h.channel, "move", action=moves[0]["value"])
    board = await h.service.board(h.channel.id)
    assert board.status == "over"
    assert board.ranking[-1].seat == str(h.bob.id) and board.ranking[-1].resigned
    score = board.ranking[-1].score
    assert f"<@{h.bob.id}> — {score} {'point' if score == 1 else 'points'} (resigned)" in h.messages()[-1].content


async def test_a_moderator_with_manage_channels_can_cancel(harness):
    import discord

    h = harness
    mods = h.guild.create_role("mods", permissions=discord.Permissions(manage_channels=True))
    mod = h.guild.add_member(h.env.create_user("mona"), roles=[mods])
    await h.lobby("high-low", h.alice, h.bob)
    await h.alice.slash(h.channel, "game start")
    r = await h.carol.slash(h.channel, "game cancel")  # neither host nor moderator
    assert reply(r)[1] and (await h.service.table_info(h.channel.id)).status == "active"
    r = await mod.slash(h.channel, "game cancel")
    text, eph = reply(r)
    assert not eph and f"cancelled by <@{mod.id}>" in text
    assert (await h.service.table_info(h.channel.id)).status == "cancelled"
    # the cancelled game's board buttons only read: they say the game was cancelled (not
    # "out of date, so nothing was played") and show its last board
    board_msgs = [m for m in h.messages() if m.components]
    r = await h.alice.click(board_msgs[-1], label="Play")
    text, eph = reply(r)
    assert eph and text.split("\n")[0] == "This game was cancelled; this is its last board:"
    assert "nothing was played" not in text


async def test_a_game_given_by_the_title_its_suggestion_shows_opens(harness):
    h = harness
    got = await h.alice.autocomplete(h.channel, "game new", "game", "kanban")
    assert [(c["name"], c["value"]) for c in got] == [("Kanban EV", "kanban-ev")]
    # a client that sends the title it showed (or a member typing it) opens the same game
    r = await h.alice.slash(h.channel, "game new", game="kanban EV ")
    assert not r.response.ephemeral and "Kanban EV" in r.response.content
    assert (await h.service.table_info(h.channel.id)).game_id == "kanban-ev"
    # its options are suggested by that title too
    got = await h.alice.autocomplete(h.channel, "game new", "options", "", game="Kanban EV")
    assert "sandra=mean" in [c["value"] for c in got]
    await h.alice.slash(h.channel, "game cancel")
    r = await h.alice.slash(h.channel, "game new", game="Kanban")
    assert r.response.ephemeral and r.response.content.startswith("There is no game called `Kanban`; games: ")
    assert "Kanban EV (`kanban-ev`)" in r.response.content


async def test_a_resigned_players_seat_reads_as_played_by_the_ai_on_the_images(harness, monkeypatch):
    # images named bob's seat "bob" after he resigned, as if he still played it
    from bot import render

    h = harness
    await h.lobby("high-low", h.alice, h.bob)
    await h.alice.slash(h.channel, "game start")
    await h.bob.slash(h.channel, "game resign")
    drawn: list = []

    async def render_board(game_id, view, lang="en", _real=render.render_board):
        drawn.append(view)
        return await _real(game_id, view, lang)

    monkeypatch.setattr(render, "render_board", render_board)
    await h.alice.slash(h.channel, "game board")
    (view,) = drawn
    names = str(view)
    assert "'bob (AI)'" in names and "'alice'" in names and str(h.bob.id) not in names
    # in the table's language: Lithuanian writes AI as DI
    await h.alice.slash(h.channel, "game settings", language="lt")
    await h.alice.slash(h.channel, "game board")
    assert "'bob (DI)'" in str(drawn[-1])
