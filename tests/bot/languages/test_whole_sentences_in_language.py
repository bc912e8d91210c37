"""SimCord: texts that used to keep English inside a Czech table's sentences. The channel post
of ``/game substitute`` (its status and "your move" lines), the refusal of ``/game undo``
after a reveal (what came to light), and a ``/move`` typed blank (a no-break space, U+3000 or
a zero-width space, which Discord does not trim) read wholly in the reader's language."""

from __future__ import annotations

import pytest

from tests.bot.days.test_play_over_days_on_discord import Clock, board, member_of, reply, use_clock

#: the deadline of the first turn at a table with a one-day turn limit (the test clock's T0 + 1 day)
DUE = "<t:1767312000:R>"

SUBSTITUTE_POST = {
    "cs": "<@{carol}> přebírá místo hráče <@{old}> (stejné pořadí, stejná historie); ruka přijde soukromou"
    " zprávou.\nTah 1: <@{carol}> (červená) připojí destičku, nebo vymění ruku.\n"
    "<@{carol}>: jsi na tahu (termín " + DUE + ").",
    "en": "<@{carol}> takes over the seat of <@{old}> (same place, same history); the hand follows by DM.\n"
    "Turn 1: <@{carol}> (red) to connect a tile or swap the hand.\n"
    "<@{carol}>: your move (deadline " + DUE + ").",
}


async def transport_table(h, locales, lang: str, **options):
    use_clock(h, Clock())
    if lang != "en":
        locales.update(locale=lang, guild_locale=lang)
        options["language"] = lang
    h.service.seed_source = lambda: 7
    await h.alice.slash(h.channel, "game new", game="transport", **options)
    await h.bob.slash(h.channel, "game join")
    await h.alice.slash(h.channel, "game start")
    return member_of(h, (await board(h)).to_act[0])


@pytest.mark.parametrize("lang", ["cs", "en"])
async def test_the_substitute_post_reads_wholly_in_the_tables_language(harness, locales, sparse_renders, lang):
    h = harness
    first = await transport_table(h, locales, lang, turn_limit="1d")
    mark = h.mark()
    await h.alice.slash(h.channel, "game substitute", new=h.carol, old=first)
    posts = [m.content for m in h.messages_since(mark)]
    assert posts == [SUBSTITUTE_POST[lang].format(carol=h.carol.id, old=first.id)]


UNDO_AFTER_REVEAL = {
    "cs": "To nejde vzít zpět, takže se nic nezměnilo: od tvého tahu vyšla najevo skrytá informace (Tvoje nová"
    " ruka: t24 (široká zatáčka, klíč), t85 (podlahová destička), t94 (nakládací destička), t53 (spojení"
    " pásů, vysokozdvižný vozík)) a hlasování ji znovu neskryje.",
    "en": "That cannot be undone, so nothing was changed: since your move, hidden information came to light"
    " (Your new hand: t24 (wide curve, wrench), t85 (floor tile), t94 (loading tile), t53 (merge junction,"
    " forklift)), and a vote cannot hide it again.",
}


@pytest.mark.parametrize("lang", ["cs", "en"])
async def test_undo_after_a_reveal_names_what_came_to_light_in_the_readers_language(
    harness, locales, sparse_renders, lang
):
    h = harness
    first = await transport_table(h, locales, lang)
    await first.slash(h.channel, "move", action="swap hand")
    version = (await board(h)).version
    assert reply(await first.slash(h.channel, "game undo")) == (UNDO_AFTER_REVEAL[lang], True)
    assert (await board(h)).version == version  # nothing was taken back


BLANK_MOVE = {
    "cs": "Napiš tah. Tvé tahy vypíše `/hra tahy`.",
    "en": "Type a move. `/game moves` lists yours.",
}


@pytest.mark.parametrize("lang", ["cs", "en"])
async def test_a_move_typed_blank_is_answered_with_one_sentence_in_the_readers_language(
    harness, locales, sparse_renders, lang
):
    h = harness
    first = await transport_table(h, locales, lang)
    version = (await board(h)).version
    for blank in ["\u00a0", "\u3000", "\u200b", " \u2060\u00a0"]:
        assert reply(await first.slash(h.channel, "move", action=blank)) == (BLANK_MOVE[lang], True), repr(blank)
    assert (await board(h)).version == version


async def test_a_game_posted_move_by_move_ends_with_its_ranking_heading_in_the_tables_language(harness):
    # the post of each move (board_posts "every") wrote "**Final ranking:**" in English
    from tests.bot.days.test_play_over_days_on_discord import play_first

    h = harness
    await h.alice.slash(h.channel, "game new", game="high-low", options="rounds=1", language="cs")
    await h.service.update_settings(h.channel.id, h.alice.id, {"board_posts": "every"})
    await h.bob.slash(h.channel, "game join")
    await h.alice.slash(h.channel, "game start")
    for _ in range(20):
        b = await board(h)
        if b.status == "over":
            break
        await play_first(h, member_of(h, b.mention[0]))
    assert (await board(h)).status == "over"
    last = h.messages()[-1].content
    assert "\n**Konečné pořadí:**\n1. " in last and "Final ranking" not in last
