"""SimCord: a seat the AI took over from its player says why: a player the vote removed reads
"voted out", one whose time ran out with nobody left to vote reads "time ran out" (never "you
resigned"), in their language, and the final ranking tags the seat the same way; ``/game
substitute`` hands such a seat to a new player, who plays it from then on."""

from __future__ import annotations

import pytest

from tests.bot.days.test_play_over_days_on_discord import (
    Clock,
    board,
    member_of,
    play_first,
    reply,
    tick,
    use_clock,
)
from tests.bot.languages.conftest import locales  # noqa: F401  (fixture)

#: by language: the player's locale, what the removed player reads on /move, /game resign and
#: /game leave, and their line of the final ranking after the seat's number and mention (the
#: deal is seeded: the scores are the same every run)
VOTED_OUT = {
    "en": ("en-US", "You were voted out of this game; the AI plays your seat.", "128 points (voted out)"),
    "nl": ("nl", "Je bent uit dit spel weggestemd; de AI speelt jouw plaats.", "128 punten (weggestemd)"),
}
TIMED_OUT = {
    "en": ("en-US", "Your time ran out in this game; the AI plays your seat.", "124 points (timed out)"),
    "cs": ("cs", "V této hře ti vypršel čas; za tvé místo hraje AI.", "124 bodů (vypršel čas)"),
}


async def carol_stalls(h, lang: str) -> tuple[Clock, str]:
    """High-Low in ``lang`` for alice, bob and carol (a 1 h turn limit, no reminders, a
    vote-kick at the deadline, a fake clock): alice and bob play whenever asked, carol never."""

    clock = Clock()
    use_clock(h, clock)
    h.service.seed_source = lambda: 5  # the same deal every run: the final scores are known
    await h.alice.slash(
        h.channel, "game new", game="high-low", turn_limit="1h", reminders="off", at_deadline="kick", language=lang
    )
    await h.bob.slash(h.channel, "game join")
    await h.carol.slash(h.channel, "game join")
    await h.alice.slash(h.channel, "game start")
    carol = str(h.carol.id)
    for _ in range(10):
        present = [u for u in (await board(h)).mention if u != carol]
        if not present:
            break
        await play_first(h, member_of(h, present[0]))
    assert (await board(h)).mention == [carol]
    return clock, carol


async def finish(h) -> list[str]:
    """Play the game to its end (whoever is asked plays the first move, in English: play_first
    reads the reply) and return the final ranking's lines as the channel shows them."""

    for _ in range(80):
        b = await board(h)
        if b.status == "over":
            break
        await play_first(h, member_of(h, b.mention[0]))
    assert (await board(h)).status == "over"
    final = h.messages()[-1].content
    return final[final.index("\n1. ") + 1 :].split("\n")


@pytest.mark.parametrize("lang", ["en", "nl"])
async def test_a_player_the_vote_removed_reads_voted_out_and_ranks_as_voted_out(harness, locales, lang):
    h = harness
    locale, sentence, last = VOTED_OUT[lang]
    clock, carol = await carol_stalls(h, lang)
    clock.t += 3600
    (n,) = await tick(h)
    assert n.kind == "kick-vote"
    vote_msg = h.messages()[-1]
    yes = "Yes" if lang == "en" else "Ja"
    await h.alice.click(vote_msg, label=yes)
    await h.bob.click(vote_msg, label=yes)
    locales["locale"] = locale  # carol's own language
    assert reply(await h.carol.slash(h.channel, "move", action="call high")) == (sentence, True)
    assert reply(await h.carol.slash(h.channel, "game resign")) == (sentence, True)
    assert reply(await h.carol.slash(h.channel, "game leave")) == (sentence, True)
    locales["locale"] = "en-US"
    ranking = await finish(h)
    assert ranking[-1] == f"3. <@{carol}> — {last}"
    assert not any("(" in line for line in ranking[:-1])  # the others played on: no tag


@pytest.mark.parametrize("lang", ["en", "cs"])
async def test_a_player_whose_time_ran_out_with_nobody_to_vote_reads_time_ran_out(harness, locales, lang):
    """alice and bob must both play (High-Low's simultaneous step) and both let the deadline
    pass: nobody can vote on the first of them, so the AI takes that seat at once."""

    h = harness
    locale, sentence, last = TIMED_OUT[lang]
    clock = Clock()
    use_clock(h, clock)
    h.service.seed_source = lambda: 5  # the same deal every run: the final scores are known
    await h.alice.slash(
        h.channel, "game new", game="high-low", turn_limit="1h", reminders="off", at_deadline="kick", language=lang
    )
    await h.bob.slash(h.channel, "game join")
    await h.alice.slash(h.channel, "game start")
    for _ in range(3):  # the caller calls: then both must play a card
        b = await board(h)
        if len(b.mention) == 2:
            break
        await play_first(h, member_of(h, b.mention[0]))
    assert len((await board(h)).mention) == 2
    clock.t += 3600
    (n,) = await tick(h)
    assert n.kind == "deadline"
    (gone,) = n.seats
    assert gone == str(h.bob.id)  # the first of the two the game waits for
    locales["locale"] = locale
    who = member_of(h, gone)
    assert reply(await who.slash(h.channel, "move", action="play 1")) == (sentence, True)
    assert reply(await who.slash(h.channel, "game resign")) == (sentence, True)
    locales["locale"] = "en-US"
    assert await finish(h) == [
        f"1. <@{h.alice.id}> — {'28 points' if lang == 'en' else '28 bodů'}",
        f"2. <@{gone}> — {last}",
    ]


async def test_substitute_hands_a_resigned_seat_to_a_new_player(harness):
    h = harness
    use_clock(h, Clock())
    await h.alice.slash(h.channel, "game new", game="high-low")
    await h.bob.slash(h.channel, "game join")
    await h.alice.slash(h.channel, "game addbot")
    await h.alice.slash(h.channel, "game start")
    bob, dave = str(h.bob.id), str(h.dave.id)
    await h.bob.slash(h.channel, "game resign")
    listed = reply(await h.carol.slash(h.channel, "game list"))[0]
    assert f"AI for <@{bob}> (easy)" in listed
    mark = h.mark()
    r = await h.alice.slash(h.channel, "game substitute", new=h.dave, old=h.bob)
    assert reply(r) == (f"<@{dave}> now plays the seat of <@{bob}>.", True)
    (line,) = h.messages_since(mark)
    assert line.content.startswith(
        f"<@{dave}> takes over the seat of <@{bob}> (same place, same history); the hand follows by DM."
    )
    (dm,) = h.dms(h.dave)
    assert "Your hand:" in dm.content
    listed = reply(await h.carol.slash(h.channel, "game list"))[0]
    assert "AI for" not in listed and listed.endswith("; AI 1 (easy).")
    assert (await h.service.hand(h.channel.id, dave)).seat == bob  # the seat keeps its id
    assert reply(await h.bob.slash(h.channel, "move", action="call high")) == ("You are not seated in this game.", True)
    # dave plays the seat from now on; the ranking does not put it last as resigned
    played = False
    for _ in range(80):
        b = await board(h)
        if b.status == "over":
            break
        if b.mention[0] == dave:
            played = True
        await play_first(h, member_of(h, b.mention[0]))
    assert played and (await board(h)).status == "over"
    final = h.messages()[-1].content
    assert "(resigned)" not in final and f"<@{dave}> — " in final


async def test_substitute_closes_the_vote_on_the_old_player_and_gives_the_new_one_a_turn_limit(harness, locales):
    # the vote stayed open and could pass, removing dave for carol's absence; dave inherited
    # carol's overdue clock, so the loop's next pass asked to remove him at once
    h = harness
    clock, carol = await carol_stalls(h, "en")
    clock.t += 3600
    (n,) = await tick(h)
    assert n.kind == "kick-vote"
    vote_msg = h.messages()[-1]
    dave = str(h.dave.id)
    mark = h.mark()
    r = await h.alice.slash(h.channel, "game substitute", new=h.dave, old=h.carol)
    assert reply(r) == (f"<@{dave}> now plays the seat of <@{carol}>.", True)
    (line,) = h.messages_since(mark)
    assert line.content.startswith(
        f"<@{dave}> takes over the seat of <@{carol}> (same place, same history); the hand follows by DM.\n"
        "The vote to remove the previous player is closed; the new one has a whole turn limit.\n"
    )
    assert not next(m for m in h.messages() if m.id == vote_msg.id).components  # nobody can vote on
    assert (await board(h)).mention == [dave]  # still his seat: the vote removed nobody
    assert await tick(h) == []  # a whole hour of his own, from the substitution
    clock.t += 3599
    assert await tick(h) == []
    clock.t += 1
    (n,) = await tick(h)  # an hour after he took the seat: now his time is up
    assert n.kind == "kick-vote"
