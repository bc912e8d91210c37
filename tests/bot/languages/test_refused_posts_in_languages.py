"""SimCord: what a member reads, in their own language, when the bot may not post in a game's
channel. A change already saved (a move pressed in the builder, ``/game resign``) whose board
post Discord refuses (403 / 50013) is answered with two whole sentences: that the change
stands, then why the board is not there and that it follows (never "try again"); nothing is
joined mid-sentence and nothing is left in English. Play without Send Messages is refused at
once, in a sentence fitting a running game.

The table speaks Czech; each member's client is set to the language under test (the answers
are ephemeral: they follow the member's locale, not the table's)."""

from __future__ import annotations

import pytest

from tests.bot.days.test_play_over_days_on_discord import deny_send_messages
from tests.bot.pressing_driver import Step, label

#: a pressed move whose board post is refused: the move stands, the board follows
PRESSED_POST_REFUSED = {
    "en": "Your move `swap hand` was played. I may not post in this channel: I need the View Channel,"
    " Send Messages and Attach Files permissions, which a moderator can grant. The board will be posted"
    " as soon as I can.",
    "cs": "Tvůj tah `swap hand` se zahrál. V tomto kanálu nesmím psát: potřebuji oprávnění Zobrazit kanál,"
    " Posílat zprávy a Přikládat soubory, která může udělit moderátor. Deska se zveřejní, jakmile to půjde.",
    "nl": "Je zet `swap hand` is gespeeld. Ik mag in dit kanaal niet posten: ik heb de machtigingen Kanaal"
    " bekijken, Berichten versturen en Bestanden bijvoegen nodig, die een moderator kan geven. Het bord wordt"
    " gepost zodra het kan.",
    "lt": "Tavo ėjimas `swap hand` sužaistas. Šiame kanale man neleidžiama rašyti: reikia leidimų Peržiūrėti"
    " kanalą, Siųsti žinutes ir Prisegti failus, kuriuos gali suteikti moderatorius. Lenta bus paskelbta, kai"
    " tik galėsiu.",
}

#: /game resign whose board post is refused: the resignation stands
RESIGN_POST_REFUSED = {
    "en": (
        "You resigned; the AI plays your seat from now on.",
        "You resigned. I may not post in this channel: I need the View Channel, Send Messages and Attach"
        " Files permissions, which a moderator can grant. The board will be posted as soon as I can.",
    ),
    "cs": (
        "Vzdal(a) ses; za tvé místo odteď hraje AI.",
        "Vzdal(a) ses. V tomto kanálu nesmím psát: potřebuji oprávnění Zobrazit kanál, Posílat zprávy a"
        " Přikládat soubory, která může udělit moderátor. Deska se zveřejní, jakmile to půjde.",
    ),
    "nl": (
        "Je hebt opgegeven; de AI speelt voortaan jouw plaats.",
        "Je hebt opgegeven. Ik mag in dit kanaal niet posten: ik heb de machtigingen Kanaal bekijken,"
        " Berichten versturen en Bestanden bijvoegen nodig, die een moderator kan geven. Het bord wordt gepost"
        " zodra het kan.",
    ),
    "lt": (
        "Pasidavei; nuo šiol tavo vietoje žaidžia DI.",
        "Pasidavei. Šiame kanale man neleidžiama rašyti: reikia leidimų Peržiūrėti kanalą, Siųsti žinutes ir"
        " Prisegti failus, kuriuos gali suteikti moderatorius. Lenta bus paskelbta, kai tik galėsiu.",
    ),
}

#: Play without Send Messages: refused before the builder opens, nothing played
PLAY_REFUSED = {
    "en": "I can't post moves in this channel: I am missing the Send Messages permission, so nothing was"
    " played. A moderator can grant it in the channel settings.",
    "cs": "V tomto kanálu nemůžu zveřejňovat tahy: chybí mi oprávnění Posílat zprávy, takže se nic"
    " nezahrálo. Moderátor ho může udělit v nastavení kanálu.",
}


def texts(result) -> list[tuple[str, bool]]:
    """Every answer of an interaction (its response, then its followups): (content, ephemeral)."""

    out = [result.response, *result.followups] if result.response else list(result.followups)
    return [(m.content, m.ephemeral) for m in out]


def member_of(h, seat: str):
    return next(m for m in (h.alice, h.bob) if str(m.id) == seat)


async def czech_transport(h, locales):
    """A Czech 2-player Transport table (alice, bob), started; returns its status message."""

    locales.update(locale="cs", guild_locale="cs")
    h.service.seed_source = lambda: 7
    await h.alice.slash(h.channel, "game new", game="transport", language="cs")
    await h.bob.slash(h.channel, "game join")
    await h.alice.slash(h.channel, "game start")
    return next(m for m in h.messages() if m.attachments)


def refuse_channel_posts(h, times: int | None = 1) -> None:
    """Discord refuses the bot's next channel post and status edit (403 / 50013), though the
    permissions look fine."""

    for method, path in (
        ("POST", f"/channels/{h.channel.id}/messages"),
        ("PATCH", f"/channels/{h.channel.id}/messages/*"),
    ):
        h.env.inject_error(method, path, status=403, code=50013, message="Missing Permissions", times=times)


@pytest.mark.parametrize("lang", ["en", "cs", "nl", "lt"])
async def test_a_pressed_move_whose_board_is_refused_says_in_whole_sentences_that_it_was_played(
    harness, locales, sparse_renders, lang
):
    h = harness
    status = await czech_transport(h, locales)
    first = member_of(h, (await h.service.board(h.channel.id)).to_act[0])
    locales.update(locale=lang)
    builder = (await first.click(status, label=label("Play", "cs"))).response
    step = Step.read(builder, lang)
    v = await h.version()
    refuse_channel_posts(h)
    r = await first.click(builder, custom_id=step.options[-1]["custom_id"])
    assert texts(r)[-1] == (PRESSED_POST_REFUSED[lang], True)
    assert await h.version() == v + 1  # played once: the answer says so, and not "try again"


@pytest.mark.parametrize("lang", ["en", "cs", "nl", "lt"])
async def test_a_resignation_whose_board_is_refused_says_in_whole_sentences_that_it_stands(
    harness, locales, sparse_renders, lang
):
    h = harness
    await czech_transport(h, locales)
    locales.update(locale=lang)
    refuse_channel_posts(h, times=None)
    r = await h.bob.slash(h.channel, "game resign")
    ack, notice = RESIGN_POST_REFUSED[lang]
    assert texts(r) == [(ack, True), (notice, True)]


@pytest.mark.parametrize("lang", ["en", "cs"])
async def test_play_without_send_messages_is_refused_before_the_builder_opens(harness, locales, sparse_renders, lang):
    h = harness
    status = await czech_transport(h, locales)
    first = member_of(h, (await h.service.board(h.channel.id)).to_act[0])
    locales.update(locale=lang)
    v = await h.version()
    deny_send_messages(h, True)
    r = await first.click(status, label=label("Play", "cs"))
    assert texts(r) == [(PLAY_REFUSED[lang], True)]
    assert await h.version() == v
