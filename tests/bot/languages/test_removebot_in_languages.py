"""SimCord: ``/game removebot`` in Czech, Dutch and Lithuanian: its name, description and option
in the command tree Discord is given, the lobby's line after a removal in the table's language,
the refusals and the suggested seats in the member's, and nothing around the catalogs."""

from __future__ import annotations

import re

import pytest

from tests.bot.languages.test_languages_on_discord import bypassed, upload
from tests.bot.play.test_high_low_on_discord import reply


def removebot(h) -> dict:
    game = next(c for c in upload(h) if c["name"] == "game")
    return next(o for o in game["options"] if o["name"] == "removebot")


async def test_removebot_has_its_name_description_and_option_in_every_language(harness):
    entry = removebot(harness)
    assert entry["description"] == "Remove an AI seat from the lobby (host)."
    assert entry["name_localizations"] == {"cs": "odebrat_ai", "nl": "ai_verwijderen", "lt": "pašalinti_di"}
    assert entry["description_localizations"] == {
        "cs": "Odebrat z čekárny místo pro AI (zakladatel).",
        "nl": "Verwijder een AI-plaats uit de lobby (gastheer).",
        "lt": "Pašalinti DI vietą iš laukiamojo (šeimininkas).",
    }
    (seat,) = entry["options"]
    assert (seat["name"], seat["required"] if "required" in seat else False) == ("seat", False)
    assert seat["autocomplete"] is True
    assert seat["description"] == "The AI seat to remove (suggested as you type; default: the last one added)."
    assert seat["name_localizations"] == {"cs": "místo", "nl": "plaats", "lt": "vieta"}
    assert seat["description_localizations"] == {
        "cs": "Místo pro AI, které odebrat (nabídne se při psaní; výchozí: naposledy přidané).",
        "nl": "De AI-plaats die weg moet (suggesties tijdens het typen; standaard: de laatst toegevoegde).",
        "lt": "Kurią DI vietą pašalinti (siūloma rašant; numatytoji: paskutinė pridėta).",
    }


# what a member reads, written out by hand for each language
EXPECTED = {
    "cs": {
        "removed": "Z čekárny bylo odebráno místo AI 1 (silná).",
        "how_to": "Přisedni tlačítkem nebo `/hra přisednout`; zakladatel hru zahájí tlačítkem Začít nebo `/hra začít`"
        " (`/hra přidat_ai` přidá místo pro AI, `/hra odebrat_ai` jedno odebere).",
        "suggested": "AI 2 (lehká)",
        "not_host": "Místa pro AI může odebrat jen zakladatel.",
        "no_such": "V této čekárně není místo pro AI `AI 7`; místa pro AI v ní: AI 2 (lehká).",
        "none_left": "V této čekárně není žádné místo pro AI k odebrání; /hra přidat_ai jedno přidá.",
        "started": "Hra už začala; místa pro AI lze odebrat jen v čekárně.",
    },
    "nl": {
        "removed": "AI 1 (sterk) is uit de lobby verwijderd.",
        "how_to": "Doe mee met de knop of `/spel meedoen`; de gastheer start met Starten of `/spel starten`"
        " (`/spel ai_toevoegen` voegt een AI-plaats toe, `/spel ai_verwijderen` verwijdert er een).",
        "suggested": "AI 2 (makkelijk)",
        "not_host": "Alleen de gastheer kan AI-plaatsen verwijderen.",
        "no_such": "Deze lobby heeft geen AI-plaats `AI 7`; de AI-plaatsen erin: AI 2 (makkelijk).",
        "none_left": "Deze lobby heeft geen AI-plaats om te verwijderen; /spel ai_toevoegen voegt er een toe.",
        "started": "Het spel is al begonnen; AI-plaatsen kunnen alleen in de lobby worden verwijderd.",
    },
    "lt": {
        "removed": "Iš laukiamojo pašalinta vieta AI 1 (stiprus).",
        "how_to": "Prisijunk mygtuku arba `/žaidimas prisijungti`; šeimininkas pradeda mygtuku Pradėti arba"
        " `/žaidimas pradėti` (`/žaidimas pridėti_di` prideda DI vietą, `/žaidimas pašalinti_di` vieną pašalina).",
        "suggested": "AI 2 (lengvas)",
        "not_host": "DI vietas gali pašalinti tik šeimininkas.",
        "no_such": "Šiame laukiamajame nėra DI vietos `AI 7`; jo DI vietos: AI 2 (lengvas).",
        "none_left": "Šiame laukiamajame nėra DI vietos, kurią būtų galima pašalinti; /žaidimas pridėti_di vieną prideda.",
        "started": "Žaidimas jau prasidėjo; DI vietas galima pašalinti tik laukiamajame.",
    },
}


@pytest.mark.parametrize("lang", ["cs", "nl", "lt"])
async def test_removing_an_ai_seat_reads_in_each_language(harness, locales, lang):
    h = harness
    said = EXPECTED[lang]
    locales.update(locale=lang, guild_locale=lang)
    await h.alice.slash(h.channel, "game new", game="high-low")
    await h.alice.slash(h.channel, "game addbot", strength="strong")
    await h.alice.slash(h.channel, "game addbot", strength="easy")
    text, eph = reply(await h.alice.slash(h.channel, "game removebot", seat="ai-1"))
    lines = text.splitlines()
    assert not eph and (lines[0], lines[-1]) == (said["removed"], said["how_to"])
    assert (
        h.messages()[-2].content
        == {
            "cs": "AI 2 přisedá (síla AI: lehká).",
            "nl": "AI 2 schuift aan (AI-sterkte: makkelijk).",
            "lt": "AI 2 prisėda (DI stiprumas: lengvas).",
        }[lang]
    )  # the message before, edited down to what it announced
    got = await h.alice.autocomplete(h.channel, "game removebot", "seat", "")
    assert got == [{"name": said["suggested"], "value": "ai-2"}]
    assert reply(await h.bob.slash(h.channel, "game removebot")) == (said["not_host"], True)
    assert reply(await h.alice.slash(h.channel, "game removebot", seat="AI 7")) == (said["no_such"], True)
    await h.alice.slash(h.channel, "game removebot")
    assert reply(await h.alice.slash(h.channel, "game removebot")) == (said["none_left"], True)
    await h.alice.slash(h.channel, "game addbot")
    await h.alice.slash(h.channel, "game start")
    assert reply(await h.alice.slash(h.channel, "game removebot")) == (said["started"], True)


async def test_removebot_goes_through_the_catalogs(harness, locales):
    """The pseudo-language: every word of the removal, the older message edited down and the
    refusals came through the catalogs."""

    h = harness
    locales.update(locale="qps", guild_locale="qps")
    seen = [reply(await h.alice.slash(h.channel, "game removebot"))[0]]
    await h.alice.slash(h.channel, "game new", game="factory-manager")  # High-Low, the tests' own, has no catalog
    seen.append(reply(await h.alice.slash(h.channel, "game removebot"))[0])
    await h.alice.slash(h.channel, "game addbot", strength="strong")
    seen += [c["name"] for c in await h.alice.autocomplete(h.channel, "game removebot", "seat", "")]
    seen.append(reply(await h.bob.slash(h.channel, "game removebot"))[0])
    seen.append(reply(await h.alice.slash(h.channel, "game removebot", seat="AI 7"))[0])
    seen.append(reply(await h.alice.slash(h.channel, "game removebot"))[0])
    seen += [m.content for m in h.messages()]
    await h.alice.slash(h.channel, "game addbot")
    await h.alice.slash(h.channel, "game start")
    seen.append(reply(await h.alice.slash(h.channel, "game removebot"))[0])
    assert all(seen) and len(seen) >= 9
    for text in seen:  # an AI seat's name, "AI 1", is the same in every language (as in the lobby)
        assert not bypassed(re.sub(r"\bAI \d+\b", "", text)), text
