"""The bot as one of several shard processes on PostgreSQL, driven by SimCord: a
``ShardedBoardhostBot`` running shards 0 and 1 of 4 (``boardhost run --shard-ids 0,1
--shard-count 4``) plays a game in a guild of its shard 1, and at restart posts what its
own tables are owed but leaves another process's table (a guild of shard 2) alone."""

from __future__ import annotations

import pytest
import pytest_asyncio
import simcord

from bot.discord_app import ShardedBoardhostBot, create_bot, shard_of
from bot.poster import AI_CAUGHT_UP, RESTARTED
from bot.runner import shard_plan
from bot.views import DAYS_COG
from tests import fakegame, pg
from tests.bot.discord_harness import fast_settle
from tests.bot.discord_layer.test_failures_and_retries import ai_due_on_a_posted_board, break_ai


@pytest_asyncio.fixture
async def sharded():
    url = await pg.require()
    schema = pg.new_schema_name()
    fakegame.install()
    db = f"{url}?schema={schema}"
    bots = [create_bot(db_path=db, shard_ids=[0, 1], shard_count=4)]
    env = simcord.Env(bots[0], settle_timeout=30.0)
    fast_settle(env)
    await env.start()
    try:
        yield env, db, bots
    finally:
        try:
            await env.shutdown()
        finally:
            for b in bots:
                await b.close_db()
            fakegame.uninstall()
            await pg.drop_schema(url, schema)
    env._raise_errors_since(env._errors_acknowledged)


def answer(result):
    return result.followups[-1] if result.followups else result.response


async def test_a_shard_process_plays_its_guild_and_reconciles_only_its_own_tables(sharded):
    env, db, bots = sharded
    bot = env.bot
    assert isinstance(bot, ShardedBoardhostBot) and (bot.shard_ids, bot.shard_count) == ([0, 1], 4)
    ours = env.create_guild(name="ours", shard_id=1)
    theirs = env.create_guild(name="theirs", shard_id=2)  # another process runs shard 2
    assert shard_of(ours.id, 4) == 1 and shard_of(theirs.id, 4) == 2
    here = ours.create_text_channel("games")
    there = theirs.create_text_channel("games")
    alice, bob = (ours.add_member(env.create_user(n)) for n in ("alice", "bob"))

    # a whole lobby and a move through Discord, stored in PostgreSQL
    r = await alice.slash(here, "game new", game="high-low")
    assert not r.response.ephemeral, r.response.content
    assert not (await bob.slash(here, "game join")).response.ephemeral
    await alice.slash(here, "game start")
    board = await bot.service.board(here.id)
    caller = next(m for m in (alice, bob) if str(m.id) == board.to_act[0])
    r = await caller.slash(here, "move", action="call high")
    assert answer(r).content.startswith("Played"), answer(r).content
    assert (await bot.service.board(here.id)).version == 1
    assert await bot.service.store.unposted() == []

    assert await bot.owns_table(here.id) is True
    assert await bot.owns_table(there.id) is False

    # both tables owe a post: ours (a move committed, never posted) and the other
    # process's (its game was played through the shared database, never posted)
    player = (await bot.service.board(here.id)).to_act[0]
    card = (await bot.service.hand(here.id, player)).private["hand"][0]
    await bot.service.act(here.id, player, f"play {card}")
    await bot.service.new_game(there.id, "901", "high-low")
    await bot.service.join(there.id, "902")
    await bot.service.start(there.id, "901")
    owed = sorted((g.table_id, g.version) for g in await bot.service.store.unposted())
    assert owed == sorted([(str(here.id), 2), (str(there.id), 0)])
    before_here = len(list(here.history()))

    new = create_bot(db_path=db, shard_ids=[0, 1], shard_count=4)
    bots.append(new)
    await env.restart_bot(new)
    posts = sorted(list(here.history()), key=lambda m: m.id)[before_here:]
    assert len(posts) == 1 and posts[0].content.startswith(RESTARTED)
    assert list(there.history()) == []  # left to the process that runs shard 2
    assert [(g.table_id, g.version) for g in await new.service.store.unposted()] == [(str(there.id), 0)]


async def test_only_the_process_owning_the_guild_plays_a_pending_ai_turn(sharded, monkeypatch):
    """an AI turn is left due (an engine/AI error) on a posted board at a
    table in a guild of shard 1 and one of shard 2. A process running shards 2 and 3 starts on
    the same database: it plays and posts only the shard-2 table's AI turn; then a process
    running shards 0 and 1 plays the other."""

    env, db, bots = sharded
    ours = env.create_guild(name="shard one", shard_id=1)
    theirs = env.create_guild(name="shard two", shard_id=2)
    one, two = ours.create_text_channel("games"), theirs.create_text_channel("games")
    break_ai(monkeypatch)
    v_one = await ai_due_on_a_posted_board(env.bot.service, one.id)
    v_two = await ai_due_on_a_posted_board(env.bot.service, two.id)
    monkeypatch.undo()  # the AI works again

    second = create_bot(db_path=db, shard_ids=[2, 3], shard_count=4)
    bots.append(second)
    await env.restart_bot(second)
    service = second.service
    assert not await service.ai_due(two.id) and (await service.table_info(two.id)).version > v_two
    assert [m.content.split("\n")[0] for m in two.history()] == [AI_CAUGHT_UP]
    assert await service.ai_due(one.id) and (await service.table_info(one.id)).version == v_one
    assert list(one.history()) == []  # left to the process running shard 1
    await env.advance_time(15)  # nor does its retry loop touch it
    assert await service.ai_due(one.id) and list(one.history()) == []

    third = create_bot(db_path=db, shard_ids=[0, 1], shard_count=4)
    bots.append(third)
    await env.restart_bot(third)
    assert not await third.service.ai_due(one.id)
    assert [m.content.split("\n")[0] for m in one.history()] == [AI_CAUGHT_UP]


async def test_the_periodic_pass_of_a_shard_process_reminds_only_at_its_own_tables(sharded):
    """two tables with a reminder due after 1 h, in a guild of shard 1 and
    one of shard 2; the pass of the process running shards 0 and 1 reminds only at the first
    and leaves the other (still due) to the process running shard 2."""

    env, db, bots = sharded
    bot = env.bot
    start = 1767225600.0  # 2026-01-01 00:00 UTC
    now = [start]
    bot.clock = lambda: now[0]
    cog = bot.get_cog(DAYS_COG)
    cog.clock_loop.cancel()  # the test runs the pass itself
    one = env.create_guild(name="shard one", shard_id=1).create_text_channel("games")
    two = env.create_guild(name="shard two", shard_id=2).create_text_channel("games")
    for channel in (one, two):
        await bot.service.new_game(channel.id, "901", "high-low", settings={"reminders": "1h then daily"})
        await bot.service.join(channel.id, "902")
        await bot.service.start(channel.id, "901")
    now[0] = start + 3600 + 60
    notices = await cog.run_tick()
    assert [(n.kind, n.table) for n in notices] == [("reminder", str(one.id))]
    (reminder,) = list(one.history())  # whoever must act first (the seat order comes from the seed)
    assert reminder.content.split(",")[0] in ("⏰ Reminder: <@901>", "⏰ Reminder: <@902>")
    assert list(two.history()) == []
    assert [g.table_id for g in await bot.service.store.due_games(now[0])] == [str(two.id)]


@pytest.mark.parametrize(
    "ids, count, db, expected",
    [
        (None, None, "x.db", (None, None)),
        ("0,1", 4, "postgresql://db/b", ([0, 1], 4)),
        (None, 4, "x.db", (None, 4)),  # every shard in this one process: SQLite is fine
        ("0,1,2,3", 4, "x.db", ([0, 1, 2, 3], 4)),
    ],
)
def test_shard_options(ids, count, db, expected):
    assert shard_plan(ids, count, db) == expected


@pytest.mark.parametrize(
    "ids, count, db, sentence",
    [
        (
            "0,1",
            None,
            "postgresql://db/b",
            "--shard-ids needs --shard-count, the total number of shards over all processes.",
        ),
        ("0,4", 4, "postgresql://db/b", "Shard ids run from 0 to 3 with --shard-count 4; 4 is not one of them."),
        ("1,1", 4, "postgresql://db/b", "--shard-ids lists a shard twice."),
        ("0,x", 4, "postgresql://db/b", "--shard-ids takes shard numbers separated by commas (like 0,1), not '0,x'."),
        (
            "0,1",
            4,
            "sqlite:///x.db",
            "Running only some shards means other processes run the rest, and they can share"
            " games only through PostgreSQL: set BOARDHOST_DB=postgresql://… (see README,"
            ' "Running at scale").',
        ),
    ],
)
def test_inconsistent_shard_options_are_refused_with_one_sentence(ids, count, db, sentence):
    with pytest.raises(ValueError) as err:
        shard_plan(ids, count, db)
    assert str(err.value) == sentence
