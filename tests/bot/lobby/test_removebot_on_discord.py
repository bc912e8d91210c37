"""SimCord: ``/game removebot`` takes an AI seat out of a lobby (host only, before the start),
with its seats suggested as the lobby names them; the other AI seats keep their names; each
mistake is one ephemeral sentence that changes nothing. Only the newest lobby message keeps
Join/Start: the one before it is edited down to what it announced, and a Join on an older copy
whose edit failed shows the lobby of now."""

from __future__ import annotations

from tests.bot.play.test_high_low_on_discord import reply

HOW_TO_WITH_AI = (
    "Join with the button or `/game join`; the host starts with Start or `/game start`"
    " (`/game addbot` adds an AI seat, `/game removebot` removes one)."
)
HOW_TO = (
    "Join with the button or `/game join`; the host starts with Start or `/game start`"
    " (`/game addbot` adds an AI seat)."
)


def live_lobbies(h) -> list:
    """The channel's messages that still carry Join/Start."""

    return [m for m in h.messages() if m.components]


async def seats(h) -> list[tuple[str, str | None]]:
    info = await h.service.table_info(h.channel.id)
    return [(s.seat, s.strength) for s in info.seats]


async def test_the_host_removes_an_ai_seat_and_the_others_keep_their_names(harness):
    h = harness
    await h.alice.slash(h.channel, "game new", game="high-low")
    await h.alice.slash(h.channel, "game addbot", strength="strong")
    await h.alice.slash(h.channel, "game addbot")  # the tests' host default: easy
    await h.alice.slash(h.channel, "game addbot", strength="normal")
    got = await h.alice.autocomplete(h.channel, "game removebot", "seat", "")
    assert got == [
        {"name": "AI 1 (strong)", "value": "ai-1"},
        {"name": "AI 2 (easy)", "value": "ai-2"},
        {"name": "AI 3 (normal)", "value": "ai-3"},
    ]
    assert await h.alice.autocomplete(h.channel, "game removebot", "seat", "nor") == [
        {"name": "AI 3 (normal)", "value": "ai-3"}
    ]

    r = await h.alice.slash(h.channel, "game removebot", seat="ai-2")
    assert reply(r) == (
        "AI 2 (easy) was removed from the lobby.\n"
        f"**High-Low** lobby (2–5 players), host <@{h.alice.id}>.\n"
        "Options: rounds=4, hand_size=3\n"
        f"Seated (3): <@{h.alice.id}>, AI 1 (strong), AI 3 (normal)\n" + HOW_TO_WITH_AI,
        False,
    )
    assert await seats(h) == [(str(h.alice.id), None), ("ai-1", "strong"), ("ai-3", "normal")]
    # the lobby shows one live message, the newest; the older ones read what they announced
    assert [m.content for m in h.messages()] == [
        "The lobby continues in a newer message below.",
        "AI 1 joined (AI strength: strong).",
        "AI 2 joined (AI strength: easy).",
        "AI 3 joined (AI strength: normal).",
        reply(r)[0],
    ]
    assert [m.id for m in live_lobbies(h)] == [r.response.message.id]

    # the next AI seat takes the free name; AI 3 stays AI 3; its strength is not the removed one's
    r = await h.alice.slash(h.channel, "game addbot", strength="strong")
    assert reply(r)[0].splitlines()[0] == "AI 2 joined (AI strength: strong)."
    assert f"Seated (4): <@{h.alice.id}>, AI 1 (strong), AI 3 (normal), AI 2 (strong)" in reply(r)[0]

    # without seat: the AI seat added last (written as a member would: "AI 3" works too)
    r = await h.alice.slash(h.channel, "game removebot")
    assert reply(r)[0].splitlines()[0] == "AI 2 (strong) was removed from the lobby."
    r = await h.alice.slash(h.channel, "game removebot", seat="AI 3")
    assert reply(r)[0].splitlines()[0] == "AI 3 (normal) was removed from the lobby."
    r = await h.alice.slash(h.channel, "game removebot", seat="1")
    assert reply(r) == (
        "AI 1 (strong) was removed from the lobby.\n"
        f"**High-Low** lobby (2–5 players), host <@{h.alice.id}>.\n"
        "Options: rounds=4, hand_size=3\n"
        f"Seated (1): <@{h.alice.id}>\n" + HOW_TO,
        False,
    )
    info = await h.service.table_info(h.channel.id)
    assert info.status == "lobby" and [s.seat for s in info.seats] == [str(h.alice.id)]
    assert (await h.service.table_settings(h.channel.id))[1].bots == {}
    assert [m.id for m in live_lobbies(h)] == [r.response.message.id]

    # the game starts with the seats left
    await h.bob.click(live_lobbies(h)[0], label="Join")
    await h.alice.slash(h.channel, "game start")
    assert sorted(s.seat for s in (await h.service.table_info(h.channel.id)).seats) == sorted(
        [str(h.alice.id), str(h.bob.id)]
    )


async def test_each_mistake_is_one_ephemeral_sentence_and_changes_nothing(harness):
    h = harness

    async def refused(result, sentence: str) -> None:
        assert reply(result) == (sentence, True)

    await refused(
        await h.alice.slash(h.channel, "game removebot"), "There is no game at this table; start one with /game new."
    )
    await h.alice.slash(h.channel, "game new", game="high-low")
    await refused(
        await h.alice.slash(h.channel, "game removebot"),
        "This lobby has no AI seat to remove; /game addbot adds one.",
    )
    await h.alice.slash(h.channel, "game addbot", strength="strong")
    await h.bob.slash(h.channel, "game join")
    before, posts = await seats(h), len(h.messages())
    await refused(await h.bob.slash(h.channel, "game removebot", seat="ai-1"), "Only the host can remove AI seats.")
    await refused(
        await h.alice.slash(h.channel, "game removebot", seat="AI 7"),
        "This lobby has no AI seat `AI 7`; its AI seats: AI 1 (strong).",
    )
    # a player is not an AI seat (players leave with /game leave)
    await refused(
        await h.alice.slash(h.channel, "game removebot", seat="bob"),
        "This lobby has no AI seat `bob`; its AI seats: AI 1 (strong).",
    )
    assert await seats(h) == before and len(h.messages()) == posts
    await h.alice.slash(h.channel, "game start")
    assert await h.alice.autocomplete(h.channel, "game removebot", "seat", "") == []
    await refused(
        await h.alice.slash(h.channel, "game removebot", seat="ai-1"),
        "The game has already started; AI seats can only be removed in the lobby.",
    )
    assert sorted(s for s, _ in await seats(h)) == sorted(s for s, _ in before)


async def test_a_join_on_an_older_lobby_message_that_kept_its_buttons_shows_the_lobby_of_now(harness):
    """Taking the buttons off the older message can fail (missing permissions): its Join still
    seats the member, edits that message to the lobby of now (the removed AI seat gone), and
    the newest message is edited down in turn: one live lobby again."""

    h = harness
    first = (await h.alice.slash(h.channel, "game new", game="high-low")).response.message
    h.env.inject_error(
        "PATCH", f"/channels/{h.channel.id}/messages/{first.id}", status=403, code=50013, message="Missing Permissions"
    )
    await h.alice.slash(h.channel, "game addbot", strength="strong")
    removed = (await h.alice.slash(h.channel, "game removebot", seat="ai-1")).response.message
    assert [m.id for m in live_lobbies(h)] == [first.id, removed.id]
    old = next(m for m in h.messages() if m.id == first.id)
    assert "AI 1" not in old.content  # it was never edited: the lobby as /game new showed it
    r = await h.carol.click(old, label="Join")
    assert not reply(r)[1]
    msgs = {m.id: m for m in h.messages()}
    assert msgs[first.id].content == (
        f"<@{h.carol.id}> joined.\n"
        f"**High-Low** lobby (2–5 players), host <@{h.alice.id}>.\n"
        "Options: rounds=4, hand_size=3\n"
        f"Seated (2): <@{h.alice.id}>, <@{h.carol.id}>\n" + HOW_TO
    )
    assert (msgs[removed.id].content, msgs[removed.id].components) == ("AI 1 (strong) was removed from the lobby.", [])
    assert [m.id for m in live_lobbies(h)] == [first.id]
    await h.alice.click(msgs[first.id], label="Start")
    assert (await h.service.table_info(h.channel.id)).status == "active"
    assert next(m for m in h.messages() if m.id == first.id).components == []  # closed at the start


async def test_the_last_player_leaving_says_once_that_the_lobby_closed(harness):
    # the live copy was edited to "No players left: the lobby is closed." above the seats of a
    # cancelled lobby (its host gone, the AI seat still listed), and then posted again below
    h = harness
    await h.alice.slash(h.channel, "game new", game="high-low")
    await h.alice.slash(h.channel, "game addbot")
    r = await h.alice.slash(h.channel, "game leave")
    assert reply(r) == (f"<@{h.alice.id}> left. No players left: the lobby is closed.", False)
    assert [m.content for m in h.messages()] == [
        "The lobby continues in a newer message below.",
        "AI 1 joined (AI strength: easy).",
        f"<@{h.alice.id}> left. No players left: the lobby is closed.",
    ]
    assert live_lobbies(h) == []
