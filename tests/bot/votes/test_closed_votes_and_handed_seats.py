"""SimCord: what a vote closed by ``/game substitute``, a voted-out player and the last
player to resign read, in whole true sentences and in the reader's language:

* the vote to remove a seat's previous player, closed by a substitution, loses its Yes/No
  buttons and says why; a press on a stale copy of its buttons says the vote was closed
  because the seat has a new player (never "already decided");
* a player the vote removed reads "voted out" from ``/game vacation``, ``/game undo`` and
  ``/game join`` too (before: "not playing" and "already seated");
* the last person to resign, when the AI then plays the game out, reads that the game was
  played out (before: "the AI plays your seat from now on" of a game already over), and,
  when the final post is refused, that the final result follows."""

from __future__ import annotations

import pytest

from tests.bot.days.test_play_over_days_on_discord import reply, tick
from tests.bot.languages.conftest import locales  # noqa: F401  (fixture)
from tests.bot.languages.test_refused_posts_in_languages import refuse_channel_posts, texts
from tests.bot.votes.test_seats_the_ai_took_over import carol_stalls


def labels(message) -> list[str]:
    return [c.get("label") for row in message.components for c in row.to_dict()["components"]]


def now_of(h, message):
    """The channel's message ``message`` as it reads now (after edits)."""

    return next(m for m in h.messages() if m.id == message.id)


#: by table language: the vote's Yes label, the line the closed vote message ends with
#: ({dave}: his mention), and what a stale press on it answers
CLOSED = {
    "en": (
        "Yes",
        "Vote closed: {dave} now plays this seat, so nobody is removed.",
        "This vote was closed: the seat has a new player.",
    ),
    "cs": (
        "Ano",
        "Hlasování uzavřeno: toto místo teď hraje {dave}, takže nikdo vyřazen nebude.",
        "Toto hlasování bylo uzavřeno: místo má nového hráče.",
    ),
}


@pytest.mark.parametrize("lang", ["en", "cs"])
async def test_a_vote_closed_by_a_substitution_loses_its_buttons_and_says_why(harness, locales, lang):
    h = harness
    yes, closed, pressed = CLOSED[lang]
    clock, carol = await carol_stalls(h, lang)
    clock.t += 3600
    (n,) = await tick(h)
    assert n.kind == "kick-vote"
    vote_msg = h.messages()[-1]
    asked = vote_msg.content
    assert labels(vote_msg) == [yes, "Ne" if lang == "cs" else "No"]
    locales["locale"] = "cs" if lang == "cs" else "en-US"
    await h.alice.slash(h.channel, "game substitute", new=h.dave, old=h.carol)
    edited = now_of(h, vote_msg)
    assert labels(edited) == []
    assert edited.content == asked + "\n" + closed.format(dave=f"<@{h.dave.id}>")
    assert (await h.service.board(h.channel.id)).mention == [str(h.dave.id)]  # nobody was removed


@pytest.mark.parametrize("lang", ["en", "cs"])
async def test_a_press_on_a_vote_closed_by_a_substitution_says_the_seat_has_a_new_player(harness, locales, lang):
    # Discord refused the edit, so the buttons stayed; a press answered "already decided"
    h = harness
    yes, closed, pressed = CLOSED[lang]
    clock, carol = await carol_stalls(h, lang)
    clock.t += 3600
    (n,) = await tick(h)
    vote_msg = h.messages()[-1]
    path = f"/channels/{h.channel.id}/messages/{vote_msg.id}"
    h.env.inject_error("PATCH", path, status=403, code=50013, message="Missing Permissions")
    locales["locale"] = "cs" if lang == "cs" else "en-US"
    await h.alice.slash(h.channel, "game substitute", new=h.dave, old=h.carol)
    assert labels(now_of(h, vote_msg)) == [yes, "Ne" if lang == "cs" else "No"]
    assert reply(await h.bob.click(vote_msg, label=yes)) == (pressed, True)
    assert (await h.service.board(h.channel.id)).mention == [str(h.dave.id)]


#: by language: the player's locale and what a voted-out player reads
VOTED_OUT = {
    "en": ("en-US", "You were voted out of this game; the AI plays your seat."),
    "lt": ("lt", "Balsavimu tave pašalino iš šio žaidimo; tavo vietoje žaidžia DI."),
}


@pytest.mark.parametrize("lang", ["en", "lt"])
async def test_a_voted_out_player_reads_voted_out_from_vacation_undo_and_join(harness, locales, lang):
    h = harness
    locale, sentence = VOTED_OUT[lang]
    clock, carol = await carol_stalls(h, lang)
    clock.t += 3600
    (n,) = await tick(h)
    vote_msg = h.messages()[-1]
    yes = labels(vote_msg)[0]
    await h.alice.click(vote_msg, label=yes)
    await h.bob.click(vote_msg, label=yes)
    locales["locale"] = locale
    assert reply(await h.carol.slash(h.channel, "game vacation", days=2)) == (sentence, True)
    assert reply(await h.carol.slash(h.channel, "game undo")) == (sentence, True)
    assert reply(await h.carol.slash(h.channel, "game join")) == (sentence, True)


async def test_a_member_who_was_substituted_out_is_told_the_game_has_started_on_join(harness, locales):
    # the seat keeps carol's id when dave takes it: /game join matched the id, not the holder
    h = harness
    clock, carol = await carol_stalls(h, "en")
    await h.alice.slash(h.channel, "game substitute", new=h.dave, old=h.carol)
    assert reply(await h.carol.slash(h.channel, "game join")) == (
        "This game has already started; wait for the next one.",
        True,
    )
    assert reply(await h.dave.slash(h.channel, "game join")) == ("You are already seated in this game.", True)


#: by language: the resign answer when the AI played the game out
PLAYED_OUT = {
    "en": ("en-US", "You resigned; no player was left, so the AI played the game out."),
    "nl": ("nl", "Je hebt opgegeven; er was geen speler meer over, dus de AI heeft het spel uitgespeeld."),
}


async def alone_with_the_ai(h, lang: str) -> None:
    h.service.seed_source = lambda: 3
    await h.alice.slash(h.channel, "game new", game="high-low", language=lang)
    await h.alice.slash(h.channel, "game addbot")
    await h.alice.slash(h.channel, "game start")


@pytest.mark.parametrize("lang", ["en", "nl"])
async def test_the_last_player_to_resign_reads_that_the_ai_played_the_game_out(harness, locales, lang):
    h = harness
    locale, sentence = PLAYED_OUT[lang]
    locales["locale"] = locale
    await alone_with_the_ai(h, lang)
    assert reply(await h.alice.slash(h.channel, "game resign")) == (sentence, True)
    assert (await h.service.board(h.channel.id)).status == "over"


async def test_a_resign_that_leaves_a_player_still_says_the_ai_plays_the_seat(harness, locales):
    h = harness
    await h.alice.slash(h.channel, "game new", game="high-low")
    await h.bob.slash(h.channel, "game join")
    await h.alice.slash(h.channel, "game start")
    assert reply(await h.bob.slash(h.channel, "game resign")) == (
        "You resigned; the AI plays your seat from now on.",
        True,
    )


async def test_the_last_resign_whose_final_post_is_refused_says_the_final_result_follows(harness, locales):
    h = harness
    locales.update(locale="cs", guild_locale="cs")
    await alone_with_the_ai(h, "cs")
    refuse_channel_posts(h, times=None)
    assert texts(await h.alice.slash(h.channel, "game resign")) == [
        ("Vzdal(a) ses; nezůstal žádný hráč, a tak AI dohrála hru do konce.", True),
        (
            "Vzdal(a) ses. V tomto kanálu nesmím psát: potřebuji oprávnění Zobrazit kanál, Posílat zprávy"
            " a Přikládat soubory, která může udělit moderátor. Konečný výsledek se zveřejní, jakmile to půjde.",
            True,
        ),
    ]
    assert (await h.service.board(h.channel.id)).status == "over"
