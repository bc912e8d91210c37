"""Hardening through the real bot in SimCord: stuck AI turns, committed moves whose
post fails, double sends, replies past 2000 characters, missing channel permissions."""

from __future__ import annotations

import discord
import pytest

from bot.cogs.play import IN_FLIGHT
from bot.poster import AI_CAUGHT_UP, RESTARTED
from engines import registry
from engines.base import rng
from tests import fakegame
from tests.bot.discord_harness import harness  # noqa: F401  (fixture)
from tests.bot.play.test_high_low_on_discord import answer, arrive_together, member_of, reply, to_act


def fail_ai_commits(service, times: int | None = None) -> list:
    """Make the service's store refuse every commit of an AI run (``times``: only that many),
    as a full disk would; returns the list of refused runs."""

    real = service.store.commit
    refused: list = []

    async def commit(pk, version, actions, *a, **k):
        if any(seat.startswith("ai-") for seat, _ in actions) and (times is None or len(refused) < times):
            refused.append(actions)
            raise OSError("database or disk is full")
        return await real(pk, version, actions, *a, **k)

    service.store.commit = commit
    return refused


async def human_vs_ai_until_the_ai_is_due(h) -> int:
    """alice + an AI seat at High-Low; alice moves until the AI must act; the version then."""

    await h.alice.slash(h.channel, "game new", game="high-low")
    await h.alice.slash(h.channel, "game addbot")
    await h.alice.slash(h.channel, "game start")
    for _ in range(3):
        if await h.service.ai_due(h.channel.id):
            break
        moves = await h.alice.autocomplete(h.channel, "move", "action", "")
        await h.alice.slash(h.channel, "move", action=moves[0]["value"])
    assert await h.service.ai_due(h.channel.id)
    return await h.version()


async def test_an_ai_turn_left_due_by_a_failed_commit_is_played_by_the_restarted_bot(harness):
    """11.1: the AI's commit fails (every time, in this process); after a restart with a NEW
    bot on the same file, the AI has moved and the channel was told."""

    h = harness
    fail_ai_commits(h.service)
    v = await human_vs_ai_until_the_ai_is_due(h)
    # stuck in this process: the AI cannot commit, alice is refused while the AI must act
    assert await h.service.ai_due(h.channel.id) and await h.version() == v
    n = h.mark()
    await h.restart()
    assert not await h.service.ai_due(h.channel.id)
    assert await h.version() > v  # the AI's move(s) were committed
    history = await h.service.history(h.channel.id, limit=1)
    assert history[-1].seat == "ai-1"
    posts = h.messages_since(n)
    assert posts and posts[0].content.startswith(RESTARTED)
    assert str(h.alice.id) in await to_act(h) or (await h.service.board(h.channel.id)).status == "over"


async def alice_plays_high_low_against_ai_until(h, failed: list) -> None:
    """Through slash commands: alice + one AI seat at High-Low; alice plays her first legal
    move (at most 3 times) until ``failed`` (the list a failure hook appends to) is non-empty."""

    await h.alice.slash(h.channel, "game new", game="high-low")
    await h.alice.slash(h.channel, "game addbot")
    await h.alice.slash(h.channel, "game start")
    for _ in range(3):
        if failed:
            break
        moves = await h.alice.autocomplete(h.channel, "move", "action", "")
        await h.alice.slash(h.channel, "move", action=moves[0]["value"])


async def test_an_ai_turn_that_failed_once_is_played_at_the_next_touch(harness):
    """11.1: a single failed AI commit: the table's next interaction plays the AI's turn."""

    h = harness
    refused = fail_ai_commits(h.service, times=1)
    n = h.mark()
    await alice_plays_high_low_against_ai_until(h, refused)
    assert len(refused) == 1
    # the command that met the failure touched the table after its post: the AI moved
    assert not await h.service.ai_due(h.channel.id)
    assert any(m.content.startswith(AI_CAUGHT_UP) for m in h.messages_since(n))
    assert (await h.service.history(h.channel.id, limit=1))[-1].seat == "ai-1"


def break_ai(monkeypatch, times: int | None = None) -> list:
    """Make the test game's AI raise (an engine/AI bug) ``times`` times (None: until
    ``monkeypatch.undo()``); returns the list of failed choices (the seats)."""

    real = fakegame.engine.ai.choose
    failures: list = []

    def choose(state, player, rnd):
        if times is None or len(failures) < times:
            failures.append(player)
            raise RuntimeError("AI bug")
        return real(state, player, rnd)

    monkeypatch.setattr(fakegame.engine.ai, "choose", choose)
    return failures


async def ai_due_on_a_posted_board(service, table: int) -> int:
    """Through the service: "901" + an AI seat at High-Low, "901" moves until the AI must act
    (the AI must be broken), then the board is recorded as posted; returns the version."""

    # a new board post per move (the callers read the catch-up post's first line)
    await service.new_game(table, "901", "high-low", settings={"board_posts": "every"})
    await service.add_bot(table, "901")
    await service.start(table, "901")
    for _ in range(3):
        if await service.ai_due(table):
            break
        moves = await service.legal_moves(table, "901")
        await service.act(table, "901", moves[0][0])
    assert await service.ai_due(table)
    info = await service.table_info(table)
    await service.store.mark_posted(info.game_pk, info.version)
    return info.version


async def test_an_ai_turn_left_due_by_an_ai_error_on_a_posted_board_is_played_by_the_retry_loop(harness, monkeypatch):
    """11.1: the AI raises in the command and again at that command's touch; the board of
    the human's move was posted. Nobody touches the table again: the background loop plays
    the AI's turn and posts it."""

    h = harness
    failures = break_ai(monkeypatch, times=2)
    await alice_plays_high_low_against_ai_until(h, failures)
    assert failures == ["ai-1", "ai-1"]  # in the command, then at its touch
    assert await h.service.ai_due(h.channel.id)
    assert await h.service.store.unposted() == []  # the channel has seen this board
    v = await h.version()
    n = h.mark()
    await h.env.advance_time(15)  # the loop ticks every 10 s
    assert not await h.service.ai_due(h.channel.id)
    assert await h.version() > v
    assert (await h.service.history(h.channel.id, limit=1))[-1].seat == "ai-1"
    posts = h.messages_since(n)
    assert len(posts) == 1 and posts[0].content.startswith(AI_CAUGHT_UP)


async def test_an_ai_turn_left_due_on_a_posted_board_is_played_at_start_up(harness, monkeypatch):
    """11.1: an engine/AI error left the AI to act on a board the channel had seen; a NEW bot
    on the same file plays it at start-up (before: only at the table's next interaction)."""

    h = harness
    break_ai(monkeypatch)
    v = await ai_due_on_a_posted_board(h.service, h.channel.id)
    monkeypatch.undo()  # the AI works again (a transient failure, or a fixed bug)
    n = h.mark()
    await h.restart()
    assert not await h.service.ai_due(h.channel.id)
    assert await h.version() > v
    posts = h.messages_since(n)
    assert len(posts) == 1 and posts[0].content.startswith(AI_CAUGHT_UP)


async def test_a_failed_post_of_a_played_move_says_it_was_played_and_is_retried_in_the_background(harness):
    """11.5: the move stands, the player is never told to try again, and the board follows
    from the retry loop without anyone touching the table."""

    h = harness
    await h.lobby("high-low", h.alice, h.bob)
    await h.alice.slash(h.channel, "game start")
    caller = member_of(h, (await to_act(h))[0])
    h.env.inject_error(
        "POST", f"/channels/{h.channel.id}/messages", status=403, code=50013, message="Missing Permissions"
    )
    n = h.mark()
    r = await caller.slash(h.channel, "move", action="call high")
    text = answer(r).content
    assert text.startswith("Your move `call high` was played. I may not post in this channel")
    assert "try again" not in text.lower()
    assert await h.version() == 1 and h.messages_since(n) == []
    await h.env.advance_time(15)  # the first retry is due 10 s later
    posts = h.messages_since(n)
    assert len(posts) == 1 and "calls high" in posts[0].content
    assert await h.service.store.unposted() == []


async def test_the_same_move_sent_twice_at_once_is_played_once(harness):
    """11.6: two identical /move from one player arriving together: one is played, the other
    is refused with a sentence (in High-Low `call high` is legal only once per round)."""

    h = harness
    await h.lobby("high-low", h.alice, h.bob)
    await h.alice.slash(h.channel, "game start")
    await member_of(h, (await to_act(h))[0]).slash(h.channel, "move", action="call high")
    card = (await h.service.hand(h.channel.id, h.alice.id)).private["hand"][0]
    v = await h.version()
    rs = await arrive_together(
        h,
        lambda: h.alice.slash(h.channel, "move", action=f"play {card}"),
        lambda: h.alice.slash(h.channel, "move", action=f"play {card}"),
    )
    texts = sorted(reply(r)[0] for r in rs)
    assert await h.version() == v + 1
    assert texts == sorted(
        [
            f"Played `play {card}`.",
            "Your previous move is still being played, so this one was not played: look at the"
            " new board, then send it again if you still want it.",
        ]
    )


async def play_until_a_move_stays_legal(h, game_id: str):
    """Play the game (the AI's choices, sent with /move) until whoever must act has a
    move that is still theirs to make, with the same notation, right after making it (in
    Factory Manager: `place <kind>` while tiles are placed); returns (member, notation)."""

    engine = registry.get(game_id)
    for _ in range(80):
        row = await h.service.store.live_game(str(h.channel.id))
        state = await h.service.game_state(row)
        seat = engine.to_act(state)[0]
        for action in engine.legal_actions(state, seat):
            notation = engine.notation(state, action)
            after = engine.apply(state, seat, action).state
            if seat in engine.to_act(after) and notation in [
                engine.notation(after, b) for b in engine.legal_actions(after, seat)
            ]:
                return member_of(h, seat), notation
        choice = engine.ai.choose(state, seat, rng(3, "test", row.version))
        r = await member_of(h, seat).slash(h.channel, "move", action=engine.notation(state, choice))
        assert reply(r)[0].startswith("Played"), reply(r)
    raise AssertionError("no move stayed legal for 80 moves")


async def test_a_still_legal_move_sent_twice_at_once_is_played_once(harness):
    """11.6: in Factory Manager `place <kind>` may be played again right after itself. The
    same member sends it twice at the same moment by /move: one is played (the version goes up
    by exactly 1) and the other is refused with one sentence, although it would still be legal."""

    h = harness
    await h.lobby("factory-manager", h.alice, h.bob)
    await h.alice.slash(h.channel, "game start")
    member, notation = await play_until_a_move_stays_legal(h, "factory-manager")
    assert notation.startswith("place ")
    v = await h.version()
    rs = await arrive_together(
        h,
        lambda: member.slash(h.channel, "move", action=notation),
        lambda: member.slash(h.channel, "move", action=notation),
    )
    assert await h.version() == v + 1
    assert sorted(reply(r)[0] for r in rs) == sorted([f"Played `{notation}`.", IN_FLIGHT])
    assert IN_FLIGHT == (
        "Your previous move is still being played, so this one was not played: look at the"
        " new board, then send it again if you still want it."
    )


async def test_replies_echoing_long_user_text_stay_within_2000_characters(harness):
    """11.3: these used to get no answer at all (Discord refuses a message over 2000). Text
    options now have a maximum length, so Discord itself refuses longer texts (SimCord
    checks it as Discord does): the longest text each option takes is answered within 2000
    characters, and the answer's own cut is checked on a service sentence longer than that."""

    from simcord.backend.errors import OptionError

    from bot.format import bound

    h = harness
    with pytest.raises(OptionError, match="at most 200 characters, got 1925"):
        await h.alice.slash(h.channel, "game new", game="high-low", options="z" * 1925)
    r = await h.alice.slash(h.channel, "game new", game="high-low", options="z" * 200)
    text, eph = reply(r)
    assert eph and len(text) <= 2000 and text.startswith("Write options as key=value (got `zzz")
    assert await h.service.table_info(h.channel.id) is None  # nothing opened
    with pytest.raises(OptionError, match="at most 100 characters"):
        await h.alice.slash(h.channel, "game rules", topic="high-low " + "y" * 1896)
    r = await h.alice.slash(h.channel, "game rules", topic="high-low " + "y" * 91)
    text, eph = reply(r)
    assert eph and len(text) <= 2000
    await h.lobby("high-low", h.alice, h.bob)
    await h.alice.slash(h.channel, "game start")
    caller = member_of(h, (await to_act(h))[0])
    with pytest.raises(OptionError, match="at most 100 characters"):
        await caller.slash(h.channel, "move", action="x" * 1999)
    r = await caller.slash(h.channel, "move", action="x" * 100)
    text, eph = reply(r)
    assert eph and len(text) <= 2000
    assert await h.version() == 0
    # a sentence over Discord's 2000 is cut to 1999 characters and an ellipsis
    cut = bound("w" * 2500)
    assert len(cut) == 2000 and cut == "w" * 1999 + "…"


async def test_missing_permissions_are_named_before_anything_is_committed(harness):
    """11.4: without Attach Files in the channel, /game new is refused naming it."""

    h = harness
    closed = h.guild.create_text_channel(
        "no-files", overwrites={h.env.bot.user: discord.PermissionOverwrite(attach_files=False)}
    )
    r = await h.alice.slash(closed, "game new", game="high-low")
    assert reply(r) == (
        "I can't host a game here: I am missing the Attach Files permission in this channel,"
        " so no lobby was opened. A moderator can grant it in the channel settings.",
        True,
    )
    assert await h.service.table_info(closed.id) is None


async def test_a_dev_guild_refusing_the_sync_does_not_stop_start_up(harness, monkeypatch, caplog):
    """11.12: the dev guild answers 403/50001; the bot starts, the global hash is stored (so the
    next start does not sync again) and a warning names the guild."""

    from bot.discord_app import TREE_HASH_KEY, tree_hash

    h = harness
    await h.service.store.set_meta(TREE_HASH_KEY, "an older tree")  # the next start must sync
    monkeypatch.setenv("BOARDHOST_DEV_GUILD", "4242")
    h.env.inject_error(
        "PUT", "/applications/*/guilds/4242/commands", status=403, code=50001, message="Missing Access", times=None
    )
    with caplog.at_level("WARNING", logger="boardhost.discord"):
        await h.restart()
    assert h.bot.dev_guild == 4242 and h.bot.synced is True
    assert await h.service.store.get_meta(TREE_HASH_KEY) == tree_hash(h.bot.tree)
    assert any("dev guild 4242" in rec.getMessage() for rec in caplog.records)
    r = await h.alice.slash(h.channel, "game new", game="high-low")  # the bot works
    assert not reply(r)[1]


async def test_old_lobby_messages_are_closed_when_the_game_starts_or_is_cancelled(harness):
    """11.8: only the newest message showing a lobby (the /game new answer, a /game join answer,
    a /game board in the lobby) keeps its Join/Start buttons: the one before it is edited down
    to what it announced, and the newest loses its buttons when the game starts or is cancelled.
    One whose edit failed keeps them and is closed with the lobby at the start; one whose
    closing edit failed too answers a press with one sentence, changes nothing, and closes."""

    h = harness
    new = (await h.alice.slash(h.channel, "game new", game="high-low")).response.message
    h.env.inject_error(
        "PATCH", f"/channels/{h.channel.id}/messages/{new.id}", status=403, code=50013, message="Missing Permissions"
    )  # taking the buttons off /game new's answer fails
    joined = (await h.bob.slash(h.channel, "game join")).response.message
    shown = (await h.carol.slash(h.channel, "game board")).response.message
    msgs = {m.id: m for m in h.messages()}
    assert msgs[new.id].components != []  # its edit was refused
    assert (msgs[joined.id].content, msgs[joined.id].components) == (f"<@{h.bob.id}> joined.", [])
    assert msgs[shown.id].components != []
    h.env.inject_error(
        "PATCH", f"/channels/{h.channel.id}/messages/{shown.id}", status=403, code=50013, message="Missing Permissions"
    )  # closing the newest one at the start fails
    await h.alice.slash(h.channel, "game start")
    msgs = {m.id: m for m in h.messages()}
    assert msgs[new.id].components == []
    assert msgs[new.id].content.startswith("The game has started.\n**High-Low** lobby")
    assert msgs[joined.id].content == f"<@{h.bob.id}> joined."  # forgotten once edited: left as it was
    assert msgs[shown.id].components != []  # its edit was refused
    v = await h.version()
    r = await h.dave.click(msgs[shown.id], label="Join")
    assert reply(r) == ("This game has already started, so this button does nothing; `/game board` shows it.", True)
    info = await h.service.table_info(h.channel.id)
    assert info.version == v and sorted(s.seat for s in info.seats) == sorted([str(h.alice.id), str(h.bob.id)])
    closed = next(m for m in h.messages() if m.id == shown.id)
    assert closed.components == [] and closed.content.startswith("The game has started.")

    # cancelled lobbies are closed too
    await h.alice.slash(h.channel, "game cancel")
    new = (await h.alice.slash(h.channel, "game new", game="high-low")).response.message
    joined = (await h.bob.slash(h.channel, "game join")).response.message
    await h.alice.slash(h.channel, "game cancel")
    msgs = {m.id: m for m in h.messages()}
    assert (msgs[new.id].content, msgs[new.id].components) == ("The lobby continues in a newer message below.", [])
    assert msgs[joined.id].components == []
    assert msgs[joined.id].content.startswith("The game was cancelled.\n**High-Low** lobby")


async def test_a_stale_lobby_button_is_answered_before_its_message_is_edited_closed(harness):
    """Discord's 3 s: a Join pressed on a lobby message whose game has started is answered
    first; only then is that message edited closed (an edit can wait for Discord's rate limit)."""

    h = harness
    await h.alice.slash(h.channel, "game new", game="high-low")
    joined = (await h.bob.slash(h.channel, "game join")).response.message
    h.env.inject_error(
        "PATCH", f"/channels/{h.channel.id}/messages/{joined.id}", status=403, code=50013, message="Missing Permissions"
    )  # left open at the start
    await h.alice.slash(h.channel, "game start")
    old = next(m for m in h.messages() if m.id == joined.id)
    first = len(h.env.http_requests)
    r = await h.dave.click(old, label="Join")
    assert reply(r) == ("This game has already started, so this button does nothing; `/game board` shows it.", True)
    calls = [(req.method, req.path) for req in h.env.http_requests[first:]]
    answered = next(i for i, (m, p) in enumerate(calls) if m == "POST" and p.startswith("/interactions/"))
    edited = next(i for i, (m, p) in enumerate(calls) if m == "PATCH" and p.endswith(f"/messages/{joined.id}"))
    assert answered < edited, calls
    assert next(m for m in h.messages() if m.id == joined.id).components == []  # closed all the same


def deny_bot(h, **perms) -> None:
    """Change the game channel's overwrite for the bot, as a moderator would (``perms`` denied;
    none: the overwrite is removed). SimCord then refuses what the bot may no longer do."""

    from simcord.backend.models.channel import Overwrite
    from simcord.enums import OverwriteType

    if perms:
        h.env.backend.set_overwrite(
            h.channel.id,
            Overwrite(target_id=h.bot.user.id, type=OverwriteType.MEMBER, deny=discord.Permissions(**perms).value),
        )
    else:
        h.env.backend.delete_overwrite(h.channel.id, h.bot.user.id)


def refuse_files_without_attach_files(monkeypatch) -> None:
    """Discord refuses a message with files when the bot lacks Attach Files (50013); SimCord
    checks only Send Messages on a new message, so add that check (a private member, like
    the concurrency recipe)."""

    from simcord.http.routes import messages

    real = messages._send_permissions

    def check(ctx, channel_id):
        real(ctx, channel_id)
        if ctx.files and ctx.backend.get_channel(channel_id).guild_id is not None:
            ctx.require_channel_permissions(channel_id, "attach_files")

    monkeypatch.setattr(messages, "_send_permissions", check)


async def test_a_background_retry_refused_for_permissions_is_explained_once(harness, monkeypatch):
    """11.4: a move is played, then Attach Files is taken from the bot before its board goes
    out. The background retries are refused (50013): the channel is told once, in one
    sentence naming the permission; when it is granted again the board is posted and the
    retries stop."""

    h = harness
    refuse_files_without_attach_files(monkeypatch)
    await h.lobby("high-low", h.alice, h.bob)
    await h.alice.slash(h.channel, "game start")
    caller = member_of(h, (await to_act(h))[0])
    h.env.inject_error(
        "POST", f"/channels/{h.channel.id}/messages", status=403, code=50013, message="Missing Permissions"
    )  # the move's own post
    r = await caller.slash(h.channel, "move", action="call high")
    assert answer(r).content.startswith("Your move `call high` was played. I may not post in this channel")
    deny_bot(h, attach_files=True)
    n = h.mark()
    await h.env.advance_time(15)  # first retry: refused by Discord (no Attach Files)
    posts = h.messages_since(n)
    assert [p.content for p in posts] == [
        "The board of this game could not be posted because I am missing the Attach Files permission in this"
        " channel; every move is saved and the board will be posted as soon as a moderator grants it."
    ]
    assert posts[0].attachments == []
    await h.env.advance_time(70)  # more retries (20 s, 40 s): still refused, nothing said again
    assert len(h.messages_since(n)) == 1
    assert await h.version() == 1 and str(h.channel.id) in h.bot.poster.pending
    deny_bot(h)  # a moderator grants it again
    await h.env.advance_time(90)  # the next retry (at most 80 s later) posts the board
    posts = h.messages_since(n)[1:]
    assert len(posts) == 1 and "calls high" in posts[0].content and posts[0].attachments
    assert str(h.channel.id) not in h.bot.poster.pending
    assert await h.service.store.unposted() == []
    await h.env.advance_time(600)  # nothing is retried any more
    assert len(h.messages_since(n)) == 2


async def test_a_refused_retry_without_send_messages_is_told_to_the_player_by_dm(harness):
    """11.4: Send Messages taken from the bot: no text reaches the channel, so the player who
    must act gets the sentence by DM, once."""

    h = harness
    await h.lobby("high-low", h.alice, h.bob)
    await h.alice.slash(h.channel, "game start")
    caller = member_of(h, (await to_act(h))[0])
    h.env.inject_error(
        "POST", f"/channels/{h.channel.id}/messages", status=403, code=50013, message="Missing Permissions"
    )
    await caller.slash(h.channel, "move", action="call high")
    deny_bot(h, send_messages=True)
    dms = {m: h.mark(dm_of=m) for m in (h.alice, h.bob)}
    n = h.mark()
    await h.env.advance_time(15)
    await h.env.advance_time(70)
    assert h.messages_since(n) == []
    # after `call high` both players must play a card: both are told, once each. Without Send
    # Messages, Discord also takes Attach Files away (discord.py's permissions_for does the same)
    for m in (h.alice, h.bob):
        texts = [d.content for d in h.messages_since(dms[m], dm_of=m)]
        assert texts == [
            f"The board of your game of High-Low in <#{h.channel.id}> could not be posted because I am"
            " missing the Send Messages and Attach Files permissions in that channel; every move is"
            " saved and the board will be posted as soon as a moderator grants it."
        ]
