"""SimCord: a command refused because the bot lacks a permission in the game's channel says,
in one whole sentence in the member's language, what the command did not do (not "nothing
was played" when no move was involved), and "grant them" when several are missing. Nothing
changes: the table's version stays."""

from __future__ import annotations

import discord
import pytest

from tests.bot.days.test_play_over_days_on_discord import Clock, board, deny_send_messages, member_of, use_clock
from tests.bot.languages.conftest import locales  # noqa: F401
from tests.bot.languages.test_refused_posts_in_languages import texts

REFUSED = {
    "en-US": {
        "game vacation": "I can't post in this channel: I am missing the Send Messages permission, so your"
        " vacation is unchanged. A moderator can grant it in the channel settings.",
        "game settings": "I can't post in this channel: I am missing the Send Messages permission, so the"
        " settings are unchanged. A moderator can grant it in the channel settings.",
        "game substitute": "I can't post in this channel: I am missing the Send Messages permission, so the"
        " seat was not handed over. A moderator can grant it in the channel settings.",
        "game undo": "I can't post in this channel: I am missing the Send Messages permission, so nothing"
        " was taken back. A moderator can grant it in the channel settings.",
        "game resign": "I can't post in this channel: I am missing the Send Messages permission, so you have"
        " not resigned. A moderator can grant it in the channel settings.",
        "move": "I can't post moves in this channel: I am missing the Send Messages permission, so nothing"
        " was played. A moderator can grant it in the channel settings.",
    },
    "cs": {
        "game vacation": "V tomto kanálu nemůžu psát: chybí mi oprávnění Posílat zprávy, takže tvoje dovolená"
        " zůstává beze změny. Moderátor ho může udělit v nastavení kanálu.",
        "game settings": "V tomto kanálu nemůžu psát: chybí mi oprávnění Posílat zprávy, takže nastavení"
        " zůstává beze změny. Moderátor ho může udělit v nastavení kanálu.",
        "game substitute": "V tomto kanálu nemůžu psát: chybí mi oprávnění Posílat zprávy, takže místo nebylo"
        " předáno. Moderátor ho může udělit v nastavení kanálu.",
        "game undo": "V tomto kanálu nemůžu psát: chybí mi oprávnění Posílat zprávy, takže se nic nevzalo"
        " zpět. Moderátor ho může udělit v nastavení kanálu.",
        "game resign": "V tomto kanálu nemůžu psát: chybí mi oprávnění Posílat zprávy, takže ses nevzdal(a)."
        " Moderátor ho může udělit v nastavení kanálu.",
        "move": "V tomto kanálu nemůžu zveřejňovat tahy: chybí mi oprávnění Posílat zprávy, takže se nic"
        " nezahrálo. Moderátor ho může udělit v nastavení kanálu.",
    },
}

START_REFUSED = {
    "en-US": "I can't host a game here: I am missing the Send Messages permission in this channel, so the"
    " game was not started. A moderator can grant it in the channel settings.",
    "cs": "Tady hru hostit nemůžu: v tomto kanálu mi chybí oprávnění Posílat zprávy, takže hra nezačala."
    " Moderátor ho může udělit v nastavení kanálu.",
}

TWO_MISSING = {
    "en-US": "I can't host a game here: I am missing the Send Messages and Attach Files permissions in this"
    " channel, so the game was not started. A moderator can grant them in the channel settings.",
    "cs": "Tady hru hostit nemůžu: v tomto kanálu mi chybí oprávnění Posílat zprávy a Přikládat soubory,"
    " takže hra nezačala. Moderátor je může udělit v nastavení kanálu.",
}


@pytest.mark.parametrize("lang", ["en-US", "cs"])
async def test_each_command_says_what_it_did_not_do(harness, locales, sparse_renders, lang):
    h = harness
    use_clock(h, Clock())
    await h.alice.slash(h.channel, "game new", game="transport", turn_limit="1d")
    await h.bob.slash(h.channel, "game join")
    await h.alice.slash(h.channel, "game start")
    locales.update(locale=lang)
    first = member_of(h, (await board(h)).to_act[0])
    other = h.bob if first is h.alice else h.alice
    deny_send_messages(h, True)
    version = await h.version()
    for who, command, options in [
        (first, "game vacation", {"days": 2}),
        (h.alice, "game settings", {"turn_limit": "2d"}),
        (h.alice, "game substitute", {"new": h.carol, "old": other}),
        (first, "game undo", {}),
        (other, "game resign", {}),
        (first, "move", {"action": "swap hand"}),
    ]:
        assert texts(await who.slash(h.channel, command, **options)) == [(REFUSED[lang][command], True)], command
        assert await h.version() == version
    deny_send_messages(h, False)


@pytest.mark.parametrize("lang", ["en-US", "cs"])
async def test_a_lobby_start_is_refused_saying_the_game_was_not_started(harness, locales, lang):
    h = harness
    await h.alice.slash(h.channel, "game new", game="high-low")
    await h.bob.slash(h.channel, "game join")
    locales.update(locale=lang)
    deny_send_messages(h, True)
    assert texts(await h.alice.slash(h.channel, "game start")) == [(START_REFUSED[lang], True)]
    assert (await h.service.table_info(h.channel.id)).status == "lobby"
    deny_send_messages(h, False)


@pytest.mark.parametrize("lang", ["en-US", "cs"])
async def test_several_missing_permissions_are_granted_as_them(harness, locales, lang):
    from simcord.backend.models.channel import Overwrite
    from simcord.enums import OverwriteType

    h = harness
    await h.alice.slash(h.channel, "game new", game="high-low")
    await h.bob.slash(h.channel, "game join")
    locales.update(locale=lang)
    denied = discord.Permissions(send_messages=True, attach_files=True).value
    h.env.backend.set_overwrite(
        h.channel.id, Overwrite(target_id=h.bot.user.id, type=OverwriteType.MEMBER, deny=denied)
    )
    assert texts(await h.alice.slash(h.channel, "game start")) == [(TWO_MISSING[lang], True)]
    assert (await h.service.table_info(h.channel.id)).status == "lobby"
    h.env.backend.delete_overwrite(h.channel.id, h.bot.user.id)
