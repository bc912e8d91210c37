"""SimCord: the Play button and the move builder (bot/pressing.py, bot/cogs/pressing.py).

Play on the live status message and on the line asking players to act opens an ephemeral
builder for the member who must act; each press edits it in place; Back and Cancel; the last
press plays the move as `/move` would. A member who is not to act gets one sentence; a press
on an older board is refused with the current board; a builder left open survives a restart;
in a simultaneous step each acting member opens their own."""

from __future__ import annotations

from tests.bot.pressing_driver import Step, components, has_play


def answer(result):
    return result.followups[-1] if result.followups else result.response


async def to_act(h) -> list[str]:
    return (await h.service.board(h.channel.id)).to_act


def member_of(h, seat: str):
    return next(m for m in (h.alice, h.bob, h.carol) if str(m.id) == seat)


async def transport(h, seed: int = 7):
    """A 2-player Transport table (alice, bob) with one live status message; returns it."""

    h.service.seed_source = lambda: seed
    await h.lobby("transport", h.alice, h.bob, posts=None)
    await h.alice.slash(h.channel, "game start")
    return next(m for m in h.messages() if m.attachments)


async def test_play_opens_a_builder_that_narrows_step_by_step_with_back_and_cancel(harness, sparse_renders):
    h = harness
    status = await transport(h)
    first = member_of(h, (await to_act(h))[0])
    # the line asking the first player to act carries Play too
    line = h.messages()[-1]
    assert "your move" in line.content and has_play(line) and has_play(status)
    v = await h.version()
    mark = h.mark()
    r = await first.click(status, label="Play")
    builder = r.response
    assert builder.ephemeral and h.messages_since(mark) == []  # nothing new in the channel
    step = Step.read(builder)
    assert "**Which tile of your hand do you play, or do you swap your hand?**" in step.content
    assert step.back["disabled"] and not step.cancel["disabled"]
    assert step.options[-1]["label"] == "Swap your hand"  # plays at once: no "›"
    assert all(o["label"].endswith(" ›") for o in step.options[:-1])  # each tile opens a step
    # a tile: the next step names it and asks the next question; the same message, edited
    r = await first.click(builder, custom_id=step.options[0]["custom_id"])
    assert r.response.message.id == builder.message.id
    tile = step.options[0]["label"].removesuffix(" ›")
    second = Step.read(r.response)
    assert f"So far: {tile}" in second.content and not second.back["disabled"]
    # Back: the first step again
    r = await first.click(builder, label="Back")
    assert Step.read(r.response).options == step.options
    # Cancel: closed, nothing played, nothing posted
    r = await first.click(builder, label="Cancel")
    assert r.response.content == "Cancelled: nothing was played." and components(r.response) == []
    assert await h.version() == v and h.messages_since(mark) == []


async def test_the_last_press_plays_the_move_then_posts_it(harness, sparse_renders):
    h = harness
    status = await transport(h)
    first = member_of(h, (await to_act(h))[0])
    v = await h.version()
    r = await first.click(status, label="Play")
    builder = r.response
    mark = h.mark()
    # "Swap your hand" plays at once: one press after Play
    r = await first.click(builder, label="Swap your hand")
    assert r.response.content == "Played `swap hand`."
    assert components(r.response) == []  # the turn passed: nothing more to press
    assert await h.version() == v + 1
    new = h.messages_since(mark)
    assert len(new) == 1 and "swaps" in new[0].content  # the move line, after the move was saved
    # the next player is asked on that line, with its Play button
    assert has_play(new[0])


async def test_not_to_act_gets_one_sentence(harness, sparse_renders):
    h = harness
    status = await transport(h)
    other = h.bob if (await to_act(h))[0] == str(h.alice.id) else h.alice
    r = await other.click(status, label="Play")
    assert answer(r).ephemeral and answer(r).content.startswith("It is not your turn; waiting for <@")
    assert answer(r).content.count(".") == 1 and components(answer(r)) == []
    r = await h.dave.click(status, label="Play")
    assert answer(r).ephemeral and "not seated" in answer(r).content


async def test_a_builder_of_an_older_board_is_refused_with_the_current_board(harness, sparse_renders):
    h = harness
    status = await transport(h)
    first = member_of(h, (await to_act(h))[0])
    r = await first.click(status, label="Play")
    builder = r.response
    step = Step.read(builder)
    # the same player moves by /move meanwhile: the builder is one board old
    await first.slash(h.channel, "move", action="swap hand")
    v = await h.version()
    mark = h.mark()
    r = await first.click(builder, custom_id=step.options[0]["custom_id"])
    refused = r.response
    assert refused.content.startswith(
        "That builder belongs to an older board, so nothing was played; this is the current board:"
    )
    assert [a.filename for a in refused.attachments] == ["summary.png"]
    assert components(refused) == []  # it is the other player's turn now: nothing to press
    assert await h.version() == v and h.messages_since(mark) == []


async def test_an_open_builder_survives_a_restart(harness, sparse_renders):
    h = harness
    status = await transport(h)
    first = member_of(h, (await to_act(h))[0])
    r = await first.click(status, label="Play")
    builder = r.response
    v = await h.version()
    await h.restart()  # a NEW bot object on the same database
    r = await first.click(builder, custom_id=Step.read(builder).options[0]["custom_id"])
    nxt = Step.read(r.response)
    assert nxt is not None and nxt.options
    # press on to a move: the first option of each step
    while True:
        if nxt.select is not None:
            r = await first.select(builder, [nxt.options[0]["value"]], custom_id=nxt.select["custom_id"])
        else:
            r = await first.click(builder, custom_id=nxt.options[0]["custom_id"])
        if r.response.content.startswith("Played `"):
            break
        nxt = Step.read(r.response)
    assert await h.version() == v + 1


async def test_in_a_simultaneous_step_each_member_opens_their_own(harness):
    """High-Low (tests/fakegame.py): after the call both players play a card at the same time."""

    h = harness
    await h.lobby("high-low", h.alice, h.bob, posts=None)
    await h.alice.slash(h.channel, "game start")
    caller = member_of(h, (await to_act(h))[0])
    await caller.slash(h.channel, "move", action="call high")
    assert sorted(await to_act(h)) == sorted([str(h.alice.id), str(h.bob.id)])
    line = h.messages()[-1]
    v = await h.version()
    opened = {}
    for m in (h.alice, h.bob):
        r = await m.click(line, label="Play")
        opened[m] = r.response
        assert r.response.ephemeral and Step.read(r.response).options
    # alice plays her card; bob's builder was opened on the board before, but his own moves
    # did not change, so his press still plays the card he chose
    for m in (h.alice, h.bob):
        step = Step.read(opened[m])
        r = await m.click(opened[m], custom_id=step.options[0]["custom_id"])
        assert r.response.content.startswith("Played `play "), r.response.content
    assert await h.version() >= v + 2
