"""A table whose Discord home is gone (channel or thread deleted, bot removed from the
server, Discord answering 10003 Unknown Channel) is closed as 'orphaned': out of the lists,
the periodic loop and post retries, its rows kept; a server only unavailable closes nothing."""

from __future__ import annotations

from tests.bot.days.test_play_over_days_on_discord import T0, Clock, reply, tick, use_clock

HOUR = 3600.0


async def game_with_reminders(h, channel):
    await h.alice.slash(channel, "game new", game="high-low", reminders="1h then daily", turn_limit="1d")
    await h.bob.slash(channel, "game join")
    await h.alice.slash(channel, "game start")
    return await h.service.table_info(channel.id)


async def row(h, pk):
    return await h.service.store.get_game(pk)


async def test_a_deleted_channel_closes_its_game_and_nothing_is_asked_of_it_again(harness):
    h = harness
    clock = Clock()
    use_clock(h, clock)
    other = h.guild.create_text_channel("gone-soon")
    info = await game_with_reminders(h, other)
    clock.t = T0 + 600  # found gone ten minutes after the start
    h.env.backend.delete_channel(other.id)
    await h.env.settle()
    game = await row(h, info.game_pk)
    assert (game.status, game.next_due) == ("orphaned", None)
    (gone,) = (await h.service.store._read1("SELECT gone FROM games WHERE pk = ?", info.game_pk),)
    assert gone[0] == T0 + 600
    assert reply(await h.dave.slash(h.channel, "game list")) == (
        "No games are open on this server; start one with /game new.",
        True,
    )
    for member in (h.alice, h.bob):
        assert reply(await member.slash(h.channel, "game mine")) == ("No table is waiting for you right now.", True)
    # the reminder (T0 + 1h) and the deadline (T0 + 1d) never come: nothing is due, nothing sent
    requests = len(h.env.http_requests)
    clock.t = T0 + 2 * 86400
    assert await tick(h) == []
    assert [r for r in h.env.http_requests[requests:] if str(other.id) in r.path] == []
    # kept 30 days after it was found gone (T0 + 600 + 30 d), then the periodic pass deletes it
    clock.t = T0 + 600 + 30 * 86400 - 1
    await tick(h)
    assert await row(h, info.game_pk) is not None
    # the pass deletes at most hourly: the next one an hour later
    clock.t = T0 + 600 + 30 * 86400 + HOUR
    await tick(h)
    assert await row(h, info.game_pk) is None


async def test_a_deleted_thread_closes_its_game(harness):
    h = harness
    await h.carol.slash(h.channel, "game new", game="high-low", thread=True)
    (thread,) = h.channel.threads
    info = await h.service.table_info(thread.id)
    h.env.backend.delete_channel(thread.id)
    await h.env.settle()
    assert (await row(h, info.game_pk)).status == "orphaned"
    assert await h.service.table_info(thread.id) is not None  # kept: the last game, orphaned
    assert (await h.service.table_info(thread.id)).status == "orphaned"


async def test_removed_from_the_server_closes_every_game_there_but_an_outage_closes_nothing(harness):
    h = harness
    info = await game_with_reminders(h, h.channel)
    # an outage: the server is only unavailable
    h.env.backend.emit("GUILD_DELETE", {"id": str(h.guild.id), "unavailable": True})
    await h.env.settle()
    assert (await row(h, info.game_pk)).status == "active"
    h.env.backend.remove_guild(h.guild.id)
    await h.env.settle()
    assert (await row(h, info.game_pk)).status == "orphaned"


async def test_a_first_unknown_channel_answer_closes_the_game(harness):
    h = harness
    info = await game_with_reminders(h, h.channel)
    seat = (await h.service.board(h.channel.id)).to_act[0]
    member = h.alice if seat == str(h.alice.id) else h.bob
    h.env.inject_error("POST", f"/channels/{h.channel.id}/messages", status=404, code=10003, message="Unknown Channel")
    await member.slash(h.channel, "move", action="call high")
    game = await row(h, info.game_pk)
    assert (game.status, game.version) == ("orphaned", 1)  # the move stands, the game is closed
    assert str(h.channel.id) not in h.bot.poster.pending  # no retries of its posts
