"""SimCord: a bot that may not post in the game's channel refuses a move at once, not after the
player pressed through every step of the builder (bot/cogs/pressing.py). Play, each press of
a builder left open, its last press and ``/move`` answer the same sentence, and nothing is
played; once the permission is back the same builder goes on."""

from __future__ import annotations

from tests.bot.days.test_play_over_days_on_discord import deny_send_messages
from tests.bot.play.test_pressing import member_of, to_act, transport
from tests.bot.pressing_driver import Step

REFUSED = (
    "I can't post moves in this channel: I am missing the Send Messages permission, so nothing was played."
    " A moderator can grant it in the channel settings."
)


def texts(result) -> list[tuple[str, bool]]:
    out = [result.response, *result.followups] if result.response else list(result.followups)
    return [(m.content, m.ephemeral) for m in out]


async def test_play_without_send_messages_is_refused_at_once(harness, sparse_renders):
    h = harness
    status = await transport(h)
    first = member_of(h, (await to_act(h))[0])
    v, mark = await h.version(), h.mark()
    deny_send_messages(h, True)
    r = await first.click(status, label="Play")
    assert texts(r) == [(REFUSED, True)]  # no builder to press through
    assert await h.version() == v and h.messages_since(mark) == []


async def test_a_builder_left_open_refuses_its_next_press_and_goes_on_when_the_permission_is_back(
    harness, sparse_renders
):
    h = harness
    status = await transport(h)
    first = member_of(h, (await to_act(h))[0])
    builder = (await first.click(status, label="Play")).response
    step = Step.read(builder)
    v, mark = await h.version(), h.mark()
    deny_send_messages(h, True)
    # a step that opens another: refused, not shown
    tile = step.options[0]
    assert tile["label"].endswith(" ›")
    r = await first.click(builder, custom_id=tile["custom_id"])
    assert texts(r) == [(REFUSED, True)]
    # the last press ("Swap your hand" plays at once): refused too
    r = await first.click(builder, label="Swap your hand")
    assert texts(r) == [(REFUSED, True)]
    assert await h.version() == v and h.messages_since(mark) == []
    # granted again: the same builder goes on
    deny_send_messages(h, False)
    r = await first.click(builder, label="Swap your hand")
    assert r.response.content == "Played `swap hand`."
    assert await h.version() == v + 1


async def test_move_without_send_messages_is_refused_in_the_same_words(harness, sparse_renders):
    h = harness
    await transport(h)
    first = member_of(h, (await to_act(h))[0])
    v = await h.version()
    deny_send_messages(h, True)
    r = await first.slash(h.channel, "move", action="swap hand")
    assert texts(r) == [(REFUSED, True)]
    assert await h.version() == v
