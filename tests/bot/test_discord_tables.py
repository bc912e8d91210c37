"""``/game list``, ``/game mine`` and ``/game new thread:true`` through SimCord (issue 12.5)."""

from __future__ import annotations

import discord

from tests.bot.test_discord_lobby import reply

#: the service's injected clock: 2026-01-01 00:00:00 UTC
T0 = 1767225600.0


async def seat_to_act(h, table) -> str:
    return (await h.service.board(table)).to_act[0]


async def test_list_mine_and_a_game_in_a_thread(harness):
    h = harness
    h.service.clock = lambda: T0
    # a game in the channel itself
    await h.lobby("high-low", h.alice, h.bob)
    await h.alice.slash(h.channel, "game start")
    # a second game in a new thread of the same channel
    r = await h.carol.slash(h.channel, "game new", game="high-low", thread=True)
    threads = h.channel.threads
    assert len(threads) == 1
    thread = threads[0]
    text, eph = reply(r)
    assert not eph
    assert text == f"<@{h.carol.id}> opened a lobby of **High-Low** in <#{thread.id}>: join it there."
    lobby = thread.last_message
    assert "**High-Low** lobby" in lobby.content and lobby.components  # Join / Start there
    assert (await h.service.table_info(thread.id)).host == str(h.carol.id)
    assert (await h.service.table_info(h.channel.id)).status == "active"  # the channel's game untouched

    first = await seat_to_act(h, h.channel.id)
    r = await h.dave.slash(h.channel, "game list")
    text, eph = reply(r)
    assert eph
    # written by hand: the channel's game (oldest first, waiting since the start at T0), then the thread's lobby
    assert text == ("2 tables on this server:\n"
                    f"**High-Low** in <#{h.channel.id}>: <@{first}> to act since <t:1767225600:R>.\n"
                    f"**High-Low** in <#{thread.id}>: lobby, waiting for players to join.")

    # /game mine: only the player who must act sees the table, with a link across servers
    who = h.alice if first == str(h.alice.id) else h.bob
    other = h.bob if who is h.alice else h.alice
    r = await who.slash(h.channel, "game mine")
    text, eph = reply(r)
    assert eph
    assert text == ("Your move at 1 table:\n"
                    f"**High-Low** in https://discord.com/channels/{h.guild.id}/{h.channel.id}: <@{first}> to act"
                    " since <t:1767225600:R>.")
    r = await other.slash(h.channel, "game mine")
    assert reply(r) == ("No table is waiting for you right now.", True)

    # the game in the thread plays there: join, start and move inside the thread
    r = await h.dave.slash(thread, "game join")
    assert not reply(r)[1]
    r = await h.carol.slash(thread, "game start")
    assert (await h.service.table_info(thread.id)).status == "active"
    r = await h.dave.slash(h.channel, "game list")
    assert reply(r)[0].count("to act since <t:1767225600:R>") == 2


async def test_thread_refused_without_the_permission_to_create_threads(harness):
    h = harness
    channel = h.guild.create_text_channel(
        "no-threads", overwrites={h.env.bot.user: discord.PermissionOverwrite(create_public_threads=False)})
    r = await h.alice.slash(channel, "game new", game="high-low", thread=True)
    assert reply(r) == ("I can't open a thread here: I am missing the Create Public Threads permission in this"
                        " channel, so no game was opened.", True)
    assert channel.threads == []
    assert await h.service.table_info(channel.id) is None
    # bad options are refused before any thread is made
    r = await h.alice.slash(h.channel, "game new", game="high-low", thread=True, options="rounds=x")
    assert reply(r)[1]
    assert h.channel.threads == []
    r = await h.alice.slash(h.channel, "game list")
    assert reply(r) == ("No games are open on this server; start one with /game new.", True)
