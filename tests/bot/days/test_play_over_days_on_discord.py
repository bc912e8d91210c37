"""SimCord: play over days through Discord (settings, quiet hours, reminders, the deadline's
AI policy, vacations; the votes: tests/bot/votes/), the real bot offline with an
injected clock (``bot.clock``): the periodic loop's pass is run by hand at chosen times
(``run_tick``) instead of sleeping, except in the test that shows the ``tasks`` loop itself.

Times: the fake clock starts at T0 = 2026-01-01 00:00 UTC = 1767225600 (epoch seconds).
"""

from __future__ import annotations

import datetime as dt

import discord
import pytest

from bot.cogs.days import TICK_SECONDS
from bot.timers import HOUR
from bot.views import DAYS_COG

#: 2026-01-01 00:00 UTC
T0 = 1767225600.0
MINUTE = 60
GAMES = ["factory-manager", "kanban-ev", "visiting-kaunas", "transport"]


class Clock:
    def __init__(self, t: float = T0):
        self.t = t

    def __call__(self) -> float:
        return self.t


def cog(h):
    return h.bot.get_cog(DAYS_COG)


def use_clock(h, clock: Clock) -> None:
    """Drive this bot's time by hand: its clock is ``clock`` and its periodic loop is stopped
    (each pass is then run by the test with :func:`tick`)."""

    h.bot.clock = clock
    cog(h).clock_loop.cancel()


async def tick(h):
    return await cog(h).run_tick()


def answer(result):
    return result.followups[-1] if result.followups else result.response


def reply(result) -> tuple[str, bool]:
    a = answer(result)
    return a.content, a.ephemeral


def member_of(h, user: str):
    return next(m for m in (h.alice, h.bob, h.carol, h.dave) if str(m.id) == user)


async def board(h):
    return await h.service.board(h.channel.id)


async def play_first(h, member) -> None:
    moves = await member.autocomplete(h.channel, "move", "action", "")
    r = await member.slash(h.channel, "move", action=moves[0]["value"])
    assert answer(r).content.startswith("Played"), answer(r).content


# ----- 1. settings at /game new and /game settings --------------------------------------


async def test_settings_at_new_and_settings_command_host_only_with_one_sentence_refusals(harness):
    h = harness
    use_clock(h, Clock())
    # a bad duration: one ephemeral sentence, no lobby opened
    r = await h.alice.slash(h.channel, "game new", game="high-low", turn_limit="soon")
    assert reply(r) == ("`soon` is not a duration; write e.g. 24h, 90m, 2d or off.", True)
    r = await h.alice.slash(h.channel, "game new", game="high-low", reminders="often")
    text, eph = reply(r)
    assert eph and text.startswith("`often` is not a reminder schedule")
    assert await h.service.table_info(h.channel.id) is None
    r = await h.alice.slash(
        h.channel,
        "game new",
        game="high-low",
        turn_limit="24h",
        reminders="12h then daily",
        at_deadline="kick",
        vacation_days=3,
    )
    text, eph = reply(r)
    assert not eph
    assert (
        "Settings: turn limit 1d (then the others may vote the player out) · reminders after 12h,"
        " then every 1d · vacation 3 days"
    ) in text
    await h.bob.slash(h.channel, "game join")
    # anyone sees the settings (ephemeral); only the host changes them
    text, eph = reply(await h.bob.slash(h.channel, "game settings"))
    assert eph and "turn limit 1d" in text
    r = await h.bob.slash(h.channel, "game settings", turn_limit="2h")
    assert reply(r) == ("Only the host or a moderator (Manage Channels) can change this game's settings.", True)
    r = await h.alice.slash(h.channel, "game settings", reminders="6h then every 6h", at_deadline="ai")
    assert reply(r) == ("Settings changed.", True)
    text = h.messages()[-1].content
    assert f"<@{h.alice.id}> changed the settings:" in text
    assert "reminders after 6h, then every 6h" in text and "the AI plays the turn" in text
    r = await h.alice.slash(h.channel, "game settings", turn_limit="forever")
    assert reply(r) == ("`forever` is not a duration; write e.g. 24h, 90m, 2d or off.", True)
    _info, s = await h.service.table_settings(h.channel.id)
    # 24h = 86400 s; 6h = 21600 s; nothing changed by the refused call
    assert (s.turn_limit, s.remind_after, s.remind_every, s.policy, s.vacation_days) == (86400, 21600, 21600, "ai", 3)
    # the deadline is shown as a Discord timestamp once the game runs: started at T0,
    # deadline T0 + 24h = 1767225600 + 86400 = 1767312000
    await h.alice.slash(h.channel, "game start")
    assert "(deadline <t:1767312000:R>)" in h.messages()[-1].content
    r = await h.alice.slash(h.channel, "game board")
    assert "(deadline <t:1767312000:R>)" in answer(r).content


async def test_notify_quiet_hours_time_zone_autocomplete_and_one_sentence_refusals(harness):
    h = harness
    choices = await h.alice.autocomplete(h.channel, "game notify", "tz", "prag")
    assert [c["value"] for c in choices] == ["Europe/Prague"]
    assert len(await h.alice.autocomplete(h.channel, "game notify", "tz", "america")) == 25
    r = await h.alice.slash(h.channel, "game notify", quiet="22-08", tz="Europe/Prague")
    assert reply(r) == (
        "Quiet hours 22:00–08:00 (Europe/Prague): no reminder pings then; a reminder due then waits until they end.",
        True,
    )
    assert reply(await h.alice.slash(h.channel, "game notify", quiet="25-08")) == (
        "Quiet hours are two different hours from 0 to 23, e.g. 22-08.",
        True,
    )
    assert reply(await h.alice.slash(h.channel, "game notify", tz="Mars/Olympus")) == (
        "`Mars/Olympus` is not a time zone; write e.g. Europe/Prague or America/New_York.",
        True,
    )
    assert await h.service.quiet_hours(h.alice.id) == ((22, 8), "Europe/Prague")  # unchanged by the refusals


# ----- 1. reminders and quiet hours ----------------------------------------------------


async def test_reminders_ping_only_whoever_must_act_never_in_quiet_hours(harness):
    h = harness
    # 2026-01-01 19:00 UTC = 20:00 in Prague (UTC+1 in winter)
    clock = Clock(dt.datetime(2026, 1, 1, 19, 0, tzinfo=dt.UTC).timestamp())
    use_clock(h, clock)
    await h.alice.slash(h.channel, "game new", game="high-low", reminders="2h then daily")
    await h.bob.slash(h.channel, "game join")
    await h.carol.slash(h.channel, "game join")
    await h.alice.slash(h.channel, "game start")
    caller = member_of(h, (await board(h)).mention[0])
    await caller.slash(h.channel, "game notify", quiet="22-08", tz="Europe/Prague")
    start = clock.t
    mark = h.mark()
    # step 1 due at start + 2h = 21:00 UTC = 22:00 Prague: quiet, nothing posted
    clock.t = start + 2 * HOUR
    assert await tick(h) == []
    clock.t = start + 7 * HOUR  # 02:00 UTC = 03:00 Prague: still quiet
    assert await tick(h) == []
    assert h.messages_since(mark) == []
    # 07:00 UTC = 08:00 Prague: the quiet hours end, the reminder goes out, pinging only the caller
    clock.t = dt.datetime(2026, 1, 2, 7, 0, tzinfo=dt.UTC).timestamp()
    (n,) = await tick(h)
    assert n.kind == "reminder"
    (msg,) = h.messages_since(mark)
    assert msg.content.startswith(f"⏰ Reminder: <@{caller.id}>, **High-Low** is waiting for your move.")
    assert h.pinged() == [caller.id]
    # the same step never pings twice; the next step is start + 2h + 1d = 2026-01-02 21:00 UTC
    clock.t += HOUR
    assert await tick(h) == []
    clock.t = start + 26 * HOUR - 1
    assert await tick(h) == []
    clock.t = start + 26 * HOUR  # 21:00 UTC = 22:00 Prague: quiet again, held back
    assert await tick(h) == []
    assert len(h.messages_since(mark)) == 1
    # ...until 2026-01-03 07:00 UTC = 08:00 Prague: the second step's one reminder
    clock.t = dt.datetime(2026, 1, 3, 7, 0, tzinfo=dt.UTC).timestamp()
    (n,) = await tick(h)
    assert n.kind == "reminder" and n.mention == [str(caller.id)]
    assert len(h.messages_since(mark)) == 2 and h.pinged() == [caller.id]


async def test_the_tasks_loop_drives_the_clock(harness):
    """Without a hand-run pass: the bot's ``tasks`` loop runs the pass every minute of
    (SimCord's virtual) time."""

    h = harness
    clock = Clock()
    h.bot.clock = clock
    await h.alice.slash(h.channel, "game new", game="high-low", reminders="1h then daily")
    await h.bob.slash(h.channel, "game join")
    await h.alice.slash(h.channel, "game start")
    caller = (await board(h)).mention[0]
    mark = h.mark()
    clock.t = T0 + HOUR  # the first step is due at T0 + 1h
    await h.env.advance_time(TICK_SECONDS + 1)  # one pass of the loop
    (msg,) = h.messages_since(mark)
    assert msg.content.startswith(f"⏰ Reminder: <@{caller}>")
    assert h.pinged() == [int(caller)]


# ----- 1. deadline policy: AI plays the turn, in all four games -------------------------


@pytest.mark.parametrize("game", GAMES)
async def test_an_absent_player_reaches_the_end_through_reminders_and_the_ai_policy(harness, sparse_renders, game):
    """Alice hosts with two AI seats and never moves. Turn limit 1h, one reminder after 30
    min: each of her turns starts when the AI seats hand over (or when the previous
    deadline's AI run ends), is reminded at +30 min and times out at +60 min, so the pass
    run every 30 minutes alternates reminder, deadline; the game reaches its end; her seat
    stays hers. A NEW bot on the same database takes over after the first deadline."""

    h = harness
    clock = Clock()
    use_clock(h, clock)
    r = await h.alice.slash(h.channel, "game new", game=game, turn_limit="1h", reminders="30m", at_deadline="ai")
    assert not answer(r).ephemeral, answer(r).content
    await h.alice.slash(h.channel, "game addbot")
    await h.alice.slash(h.channel, "game addbot")
    await h.alice.slash(h.channel, "game start")
    alice = str(h.alice.id)
    assert (await board(h)).mention == [alice]
    # started at T0; deadline T0 + 1h = 1767225600 + 3600 = 1767229200
    assert "(deadline <t:1767229200:R>)" in h.messages()[-1].content
    reminders = deadlines = 0
    for step in range(1, 2000):
        if (await board(h)).status == "over":
            break
        clock.t += 30 * MINUTE
        mark = h.mark()
        notices = await tick(h)
        kinds = [n.kind for n in notices]
        # odd passes are +30 min into a turn (the reminder), even ones +60 min (the deadline)
        assert kinds == (["reminder"] if step % 2 else ["deadline"]), (step, kinds)
        posts = h.messages_since(mark)
        if step % 2:
            reminders += 1
            assert posts[0].content.startswith(f"⏰ Reminder: <@{alice}>")
            assert h.pinged() == [int(alice)]
        else:
            deadlines += 1
            assert (
                f"Time is up for <@{alice}>: the AI plays this turn for them (marked in the history)."
                in posts[0].content
            )
        if deadlines == 1 and step == 2:
            h.bots[0].get_cog(DAYS_COG).clock_loop.cancel()
            await h.restart()
            use_clock(h, clock)
    final = await board(h)
    assert final.status == "over"
    assert reminders == deadlines >= 1
    seat = next(s for s in final.info.seats if s.seat == alice)
    assert (seat.user, seat.is_ai, seat.resigned) == (alice, False, False)
    rows = await h.service.store.actions(final.game_pk)
    assert {r.seat for r in rows if r.flag == "ai"} == {alice}
    assert "**Final ranking:**" in "\n".join(m.content for m in h.messages()[-3:])


# ----- 2. absent players: vacation ----------------------------------------------------


async def test_vacation_pauses_the_clock_within_the_allowance(harness):
    h = harness
    clock = Clock()
    use_clock(h, clock)
    await h.alice.slash(h.channel, "game new", game="high-low", turn_limit="1d", reminders="off", vacation_days=3)
    await h.bob.slash(h.channel, "game join")
    await h.alice.slash(h.channel, "game start")
    caller = member_of(h, (await board(h)).mention[0])
    assert reply(await caller.slash(h.channel, "game vacation", days=0)) == ("You are not on vacation.", True)
    assert reply(await h.dave.slash(h.channel, "game vacation", days=1)) == ("You are not playing in this game.", True)
    r = await caller.slash(h.channel, "game vacation", days=2)
    # until T0 + 2 days = 1767225600 + 172800 = 1767398400; 3 - 2 = 1 day left
    assert reply(r) == ("You are on vacation until <t:1767398400:f>; 1 vacation day left in this game.", True)
    assert h.messages()[-1].content == (
        f"<@{caller.id}> is on vacation until <t:1767398400:f> (<t:1767398400:R>):"
        " no reminders, and their turn clock waits until then."
    )
    # the deadline moves from T0 + 1d to the vacation's end + 1d = T0 + 3d = 1767484800
    assert "(deadline <t:1767484800:R>)" in answer(await h.alice.slash(h.channel, "game board")).content
    assert reply(await caller.slash(h.channel, "game vacation", days=2)) == (
        "This table allows 3 vacation days per player; you have 1 left.",
        True,
    )
    clock.t = T0 + 3 * 86400 - 1  # one second before the moved deadline: nothing
    assert await tick(h) == []
    clock.t = T0 + 3 * 86400
    (n,) = await tick(h)
    assert n.kind == "deadline"
    assert f"Time is up for <@{caller.id}>: the AI plays this turn for them" in h.public_text()


def deny_send_messages(h, deny: bool) -> None:
    """Take Send Messages away from the bot in the game's channel (``deny``), or give it back,
    as a moderator would with a channel overwrite."""

    from simcord.backend.models.channel import Overwrite
    from simcord.enums import OverwriteType

    if deny:
        h.env.backend.set_overwrite(
            h.channel.id,
            Overwrite(
                target_id=h.bot.user.id, type=OverwriteType.MEMBER, deny=discord.Permissions(send_messages=True).value
            ),
        )
    else:
        h.env.backend.delete_overwrite(h.channel.id, h.bot.user.id)


async def test_a_refused_vacation_line_keeps_the_vacation_and_never_says_try_again(harness):
    """The vacation is saved and acknowledged; when Discord then refuses the channel line (here
    403 though the permissions looked fine) the player is not told to try again (a retry would
    take more days): the failure is logged and the acknowledgement stands."""

    h = harness
    use_clock(h, Clock())
    await h.alice.slash(h.channel, "game new", game="high-low", turn_limit="1d", reminders="off", vacation_days=3)
    await h.bob.slash(h.channel, "game join")
    await h.alice.slash(h.channel, "game start")
    caller = member_of(h, (await board(h)).mention[0])
    h.env.inject_error(
        "POST", f"/channels/{h.channel.id}/messages", status=403, code=50013, message="Missing Permissions"
    )
    r = await caller.slash(h.channel, "game vacation", days=2)
    # until T0 + 2 days = 1767225600 + 172800 = 1767398400; 3 - 2 = 1 day left
    assert reply(r) == ("You are on vacation until <t:1767398400:f>; 1 vacation day left in this game.", True)
    assert not any("try again" in (f.content or "").lower() for f in [r.response, *r.followups] if f is not None)
    # saved once: 1 day of the 3 is left, so 2 more days are refused
    assert reply(await caller.slash(h.channel, "game vacation", days=2)) == (
        "This table allows 3 vacation days per player; you have 1 left.",
        True,
    )


async def test_vacation_without_send_messages_is_refused_before_anything_is_saved(harness):
    """The rule for /game vacation: it posts to the channel, so a bot that may no longer
    post there refuses it up front (one sentence, nothing saved) instead of saving the vacation
    and then answering "try again" (a retry would take more days)."""

    h = harness
    use_clock(h, Clock())
    await h.alice.slash(h.channel, "game new", game="high-low", turn_limit="1d", reminders="off", vacation_days=3)
    await h.bob.slash(h.channel, "game join")
    await h.alice.slash(h.channel, "game start")
    caller = member_of(h, (await board(h)).mention[0])
    deny_send_messages(h, True)
    r = await caller.slash(h.channel, "game vacation", days=2)
    assert reply(r) == (
        "I can't post in this channel: I am missing the Send Messages permission,"
        " so your vacation is unchanged. A moderator can grant it in the channel settings.",
        True,
    )
    deny_send_messages(h, False)
    # nothing was taken from the allowance: all 3 days are still there (3 - 3 = 0 left)
    r = await caller.slash(h.channel, "game vacation", days=3)
    # until T0 + 3 days = 1767225600 + 259200 = 1767484800
    assert reply(r) == ("You are on vacation until <t:1767484800:f>; 0 vacation days left in this game.", True)


async def test_a_reminder_decided_before_the_player_moved_is_not_posted(harness):
    """The periodic pass decides a reminder under the table's lock and posts it afterwards:
    when the reminded player moves in between, the reminder is stale and is dropped (no
    message, no ping); a reminder still current goes out."""

    h = harness
    clock = Clock()
    use_clock(h, clock)
    await h.alice.slash(h.channel, "game new", game="high-low", reminders="1h then daily")
    await h.bob.slash(h.channel, "game join")
    await h.alice.slash(h.channel, "game start")
    caller = (await board(h)).mention[0]
    decided = h.service.tick

    async def tick_then_the_player_moves(*args, **kwargs):
        notices = await decided(*args, **kwargs)
        assert [n.kind for n in notices] == ["reminder"]  # decided while the caller had not moved
        await h.service.act(h.channel.id, caller, "call high")
        return notices

    h.service.tick = tick_then_the_player_moves
    mark = h.mark()
    clock.t = T0 + HOUR  # the first step is due at T0 + 1h
    await tick(h)
    assert h.messages_since(mark) == []  # nobody is reminded of a move already played
    h.service.tick = decided
    # the move started both players' turn at T0 + 1h: their reminder is due at T0 + 2h, and goes out
    clock.t = T0 + 2 * HOUR
    (n,) = await tick(h)
    assert n.kind == "reminder"
    (msg,) = h.messages_since(mark)
    assert msg.content.startswith("⏰ Reminder: ")
