"""``/game list``, ``/game mine`` and ``/game new thread:true`` through SimCord."""

from __future__ import annotations

import json

import discord

from tests.bot.play.test_high_low_on_discord import reply

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
    assert text == (
        "2 tables on this server:\n"
        f"**High-Low** in <#{h.channel.id}>: <@{first}> to act since <t:1767225600:R>.\n"
        f"**High-Low** in <#{thread.id}>: lobby, waiting for players to join."
    )

    # /game mine: only the player who must act sees the table, with a link across servers
    who = h.alice if first == str(h.alice.id) else h.bob
    other = h.bob if who is h.alice else h.alice
    r = await who.slash(h.channel, "game mine")
    text, eph = reply(r)
    assert eph
    assert text == (
        "Your move at 1 table:\n"
        f"**High-Low** in https://discord.com/channels/{h.guild.id}/{h.channel.id}: <@{first}> to act"
        " since <t:1767225600:R>."
    )
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
        "no-threads", overwrites={h.env.bot.user: discord.PermissionOverwrite(create_public_threads=False)}
    )
    r = await h.alice.slash(channel, "game new", game="high-low", thread=True)
    assert reply(r) == (
        "I can't open a thread here: I am missing the Create Public Threads permission in this"
        " channel, so no game was opened.",
        True,
    )
    assert channel.threads == []
    assert await h.service.table_info(channel.id) is None
    # bad options are refused before any thread is made
    r = await h.alice.slash(h.channel, "game new", game="high-low", thread=True, options="rounds=x")
    assert reply(r)[1]
    assert h.channel.threads == []
    r = await h.alice.slash(h.channel, "game list")
    assert reply(r) == ("No games are open on this server; start one with /game new.", True)


async def test_history_pages_per_viewer_with_undone_moves_and_export(harness):
    """/game history: the newest page first, Prev/Next edit it in place, each player reads
    their own face-down cards and "Plays a card face down." for the other's; an undone move
    is struck through and the undo marker listed; player: filters; /game export attaches the
    log without the other player's hidden cards while the game runs."""

    h = harness
    await h.lobby("high-low", h.alice, h.bob, options="rounds=8")
    await h.alice.slash(h.channel, "game start")
    svc, table = h.service, h.channel.id
    for _ in range(21):  # 7 rounds of call, play, play
        seat = (await svc.board(table)).to_act[0]
        moves = await svc.legal_moves(table, seat)
        await svc.act(table, seat, moves[0][0])
    caller = (await svc.board(table)).to_act[0]
    await svc.act(table, caller, "call high")  # 22, taken back at once (nobody moved since)
    await svc.undo(table, caller)  # 23: the undo marker
    await svc.act(table, caller, "call low")  # 24
    for _ in range(2):  # 25, 26: the last round's cards; the game ends
        seat = (await svc.board(table)).to_act[0]
        await svc.act(table, seat, (await svc.legal_moves(table, seat))[0][0])
    actions = {r.seq: r for r in await svc.store.actions((await svc.table_info(table)).game_pk)}
    assert len(actions) == 26

    def as_seen_by(viewer, seq):
        """One history line written by hand from the logged action, in the third person as
        the channel told it: a card played face down is named to its own player only."""

        row = actions[seq]
        who = f"<@{row.seat}>"
        if seq == 22:
            return f"22. ~~{who} calls high.~~ (undone)"
        if seq == 23:
            return f"23. ↶ {who} took back: Call high."
        if row.action["type"] == "call":
            return f"{seq}. {who} calls {row.action['mode']}."
        if row.seat == str(viewer.id):
            return f"{seq}. {who} plays a card face down. (yours: `play {row.action['card']}`)"
        return f"{seq}. {who} plays a card face down."

    r = await h.alice.slash(h.channel, "game history")
    page2 = r.response if not r.followups else r.followups[-1]
    # the newest page is a full one (the last 20 moves: 7-26), the oldest holds the rest
    expected = [
        "**High-Low**, moves 7–26 (page 2 of 2):",
        *[as_seen_by(h.alice, s) for s in range(7, 22)],
        f"22. ~~<@{caller}> calls high.~~ (undone)",
        f"23. ↶ <@{caller}> took back: Call high.",
        f"24. <@{caller}> calls low.",
        as_seen_by(h.alice, 25),
        as_seen_by(h.alice, 26),
    ]
    assert expected[16:18] == [as_seen_by(h.alice, 22), as_seen_by(h.alice, 23)]
    assert page2.ephemeral and page2.content == "\n".join(expected)
    labels = [(c["label"], c.get("disabled", False)) for row in page2.components for c in row["components"]]
    assert labels == [("Prev", False), ("Next", True)]

    r = await h.alice.click(page2.message, label="Prev")
    page1 = r.message if hasattr(r, "message") and r.message is not None else None
    text = r.response.content if r.response is not None else page1.content
    assert text.split("\n") == [
        "**High-Low**, moves 1–6 (page 1 of 2):",
        *[as_seen_by(h.alice, s) for s in range(1, 7)],
    ]

    # bob reads his own cards, not alice's; filtered to alice's moves only
    r = await h.bob.slash(h.channel, "game history", player=h.alice)
    text = (r.followups[-1] if r.followups else r.response).content
    alice_seqs = [s for s in sorted(actions) if actions[s].seat == str(h.alice.id)]
    assert text.split("\n") == [
        f"**High-Low**, moves {alice_seqs[0]}–{alice_seqs[-1]} of <@{h.alice.id}> (page 1 of 1):",
        *[as_seen_by(h.bob, s) for s in alice_seqs],
    ]
    assert "plays a card face down." in text and f"play {actions[alice_seqs[-1]].action.get('card')}" not in text

    # the game is over: the export carries every card and the seed
    r = await h.bob.slash(h.channel, "game export")
    msg = r.followups[-1] if r.followups else r.response
    assert msg.content == "High-Low, 26 logged actions: the whole game (`boardhost replay` re-runs it)."
    assert msg.ephemeral and [a.filename for a in msg.attachments] == [
        f"boardhost-high-low-{(await svc.table_info(table)).game_pk}.json"
    ]
    data = json.loads(await msg.attachments[0].read())
    assert data["status"] == "over" and data["seed"] is not None
    assert [a["action"] for a in data["actions"]] == [actions[s].action for s in sorted(actions)]
    assert {s["name"] for s in data["seats"]} == {"alice", "bob"}


async def test_games_of_a_schema_4_database_are_listed_after_the_upgrade(harness, tmp_path):
    """A database left by a boardhost of schema 4 (no guild column: the server of each game
    was not stored) with a running game and a lobby: after the upgrade both are in
    /game list, the game still plays and /game mine finds it."""

    import sqlite3

    from bot.discord_app import create_bot
    from bot.store import MIGRATIONS

    h = harness
    second = h.guild.create_text_channel("more-games")
    old = str(tmp_path / "schema4.db")
    con = sqlite3.connect(old)
    for m in MIGRATIONS[:4]:  # the schema as boardhost 4 left it
        con.executescript(m)
    con.execute("PRAGMA user_version = 4")
    a, b = str(h.alice.id), str(h.bob.id)
    con.execute(
        "INSERT INTO games (pk, table_id, game_id, options, seed, status, host, version, created, updated, posted)"
        f" VALUES (1, '{h.channel.id}', 'high-low', '{{}}', 7, 'active', '{a}', 0, 100, 100, 0)"
    )
    con.execute(f"INSERT INTO seats (game_pk, seat, user_id, joined, seat_order) VALUES (1, '{a}', '{a}', 0, 0)")
    con.execute(f"INSERT INTO seats (game_pk, seat, user_id, joined, seat_order) VALUES (1, '{b}', '{b}', 1, 1)")
    con.execute(
        "INSERT INTO games (pk, table_id, game_id, options, seed, status, host, version, created, updated, posted)"
        f" VALUES (2, '{second.id}', 'high-low', '{{}}', 8, 'lobby', '{b}', 0, 200, 200, -1)"
    )
    con.execute(f"INSERT INTO seats (game_pk, seat, user_id, joined) VALUES (2, '{b}', '{b}', 0)")
    con.commit()
    con.close()
    new = create_bot(db_path=old)
    h.bots.append(new)
    h.db = old
    await h.env.restart_bot(new)

    first = await seat_to_act(h, h.channel.id)
    text, eph = reply(await h.dave.slash(h.channel, "game list"))
    assert eph
    lines = text.split("\n")
    # written by hand: both games, oldest first; the running one's clock started at the upgrade
    assert lines[0] == "2 tables on this server:"
    assert lines[1].startswith(f"**High-Low** in <#{h.channel.id}>: <@{first}> to act since <t:")
    assert lines[2] == f"**High-Low** in <#{second.id}>: lobby, waiting for players to join."
    assert len(lines) == 3
    who = h.alice if first == a else h.bob
    text, _ = reply(await who.slash(h.channel, "game mine"))
    assert text.startswith(f"Your move at 1 table:\n**High-Low** in https://discord.com/channels/{h.guild.id}/")
