"""SimCord: boardhost in Czech, Dutch and Lithuanian. The interaction's ``locale`` (the member's
client) and ``guild_locale`` (the server's) are set by the :func:`locales` fixture (SimCord itself
always sends en-US; SIMCORD.md "Locales"). What only the member reads follows their locale, what
the table shows follows the table's language (the server's by default), and the command tree
Discord is given carries each language's names and descriptions."""

from __future__ import annotations

import re

import pytest

from bot.i18n import LANGUAGE_NAMES, LANGUAGES, PSEUDO_CLOSE, PSEUDO_OPEN
from bot.translator import valid_name
from tests.bot.play.test_high_low_on_discord import reply

#: every translated language bot/i18n.py speaks (a new one is checked as soon as it is listed)
LANGS = tuple(lang for lang in LANGUAGES if lang != "en")
#: the language choices are each language's own name, the same in every client
ENDONYMS = {LANGUAGE_NAMES[lang] for lang in LANGUAGES}


def upload(h) -> list[dict]:
    puts = [r for r in h.env.http_requests if r.method == "PUT" and r.path.endswith("/commands")]
    return puts[-1].json


def walk(options: list[dict], path: str):
    for opt in options:
        where = f"{path} {opt['name']}"
        yield where, opt
        if opt.get("type") in (1, 2):  # a subcommand or group: its own options
            yield from walk(opt.get("options", []), where)


async def test_every_command_and_option_sent_to_discord_has_the_names_of_every_language(harness):
    h = harness
    entries = []
    for command in upload(h):
        entries.append((f"/{command['name']}", command))
        entries += list(walk(command.get("options", []), f"/{command['name']}"))
    # /game with its 20 subcommands and /move, and their options: 49 entries when the per-game
    # groups were removed (the whole tree, not a part of it)
    assert len(entries) >= 49
    for where, entry in entries:
        for lang in LANGS:
            name = entry["name_localizations"].get(lang)
            desc = entry["description_localizations"].get(lang)
            assert name and valid_name(name), (where, lang, name)
            assert desc and desc != entry["description"] and len(desc) <= 100, (where, lang, desc)
        for choice in entry.get("choices", []):
            if choice["name"] not in ENDONYMS:
                assert set(LANGS) <= set(choice.get("name_localizations") or {}), (where, choice)
    # names are unique among siblings in every language (Discord refuses the upload otherwise)
    for lang in LANGS:
        for command in upload(h):
            for scope in [command, *[o for _, o in walk(command.get("options", []), "") if o.get("type") in (1, 2)]]:
                names = [o["name_localizations"][lang] for o in scope.get("options", [])]
                assert len(names) == len(set(names)), (lang, scope["name"], names)
    game = next(c for c in upload(h) if c["name"] == "game")
    assert set(game["name_localizations"]) == set(LANGS)
    assert {lang: game["name_localizations"][lang] for lang in ("cs", "nl", "lt")} == {
        "cs": "hra",
        "nl": "spel",
        "lt": "žaidimas",
    }


async def test_a_czech_server_opens_a_czech_table_and_each_member_reads_refusals_in_their_language(harness, locales):
    h = harness
    locales.update(locale="cs", guild_locale="cs")
    r = await h.alice.slash(h.channel, "game new", game="factory-manager")
    text, eph = reply(r)
    assert not eph
    assert text.startswith(f"Čekárna hry **Továrník** (2–5 hráčů), zakladatel <@{h.alice.id}>.")
    assert "Přisedni tlačítkem nebo `/hra přisednout`" in text
    labels = [c["label"] for row in r.response.components for c in row["components"]]
    assert labels == ["Přisednout", "Začít"]
    assert (await h.service.table_settings(h.channel.id))[1].language == "cs"
    # a Dutch member at the Czech table: their own answers in Dutch, the table's posts in Czech
    locales.update(locale="nl")
    r = await h.bob.slash(h.channel, "game start")
    assert reply(r) == ("Alleen de gastheer kan het spel starten.", True)
    r = await h.bob.slash(h.channel, "game join")
    text, eph = reply(r)
    assert not eph and text.startswith(f"<@{h.bob.id}> přisedl(a).\nČekárna hry **Továrník**")
    assert f"Sedí (2): <@{h.alice.id}>, <@{h.bob.id}>" in text
    # a locale boardhost does not speak reads English
    locales.update(locale="de")
    r = await h.carol.slash(h.channel, "game leave")
    assert reply(r) == ("You are not seated in this game.", True)


async def test_switching_a_tables_language_changes_the_next_post_and_nothing_else(harness, locales):
    h = harness
    locales.update(locale="en-US", guild_locale="nl")
    r = await h.alice.slash(h.channel, "game new", game="kanban-ev", options="sandra=nice")
    assert reply(r)[0].startswith("Lobby van **Kanban EV** (2–4 spelers), gastheer")
    before = await h.service.table_info(h.channel.id)
    r = await h.alice.slash(h.channel, "game settings", language="lt")
    assert reply(r) == ("Settings changed.", True)  # to alice in her language (English)
    line = h.messages()[-1].content
    assert line.startswith(f"<@{h.alice.id}> pakeitė nustatymus: be ėjimo laiko ribos · priminimai po 12h")
    assert line.endswith("· kalba: lietuvių.")  # CLDR: mid-sentence, lower case
    r = await h.bob.slash(h.channel, "game join")
    assert reply(r)[0].startswith(f"<@{h.bob.id}> prisijungė.\n**Kanban EV** laukiamasis (2–4 žaidėjai)")
    after = await h.service.table_info(h.channel.id)
    assert (after.options, after.version, after.host) == (before.options, before.version, before.host)
    assert after.language == "lt" and before.language == "nl"
    # the settings, to a Czech member, in Czech
    locales.update(locale="cs")
    text, eph = reply(await h.carol.slash(h.channel, "game settings"))
    assert eph and text.startswith("Nastavení hry **Kanban EV**: bez limitu tahu · připomínky po 12h, pak každých 1d")
    assert "jazyk: litevština" in text  # Lithuanian, named in Czech


# the languages whose refusals below are written out by hand (the catalog tests check every
# language's messages; these check what a member reads, literally)
@pytest.mark.parametrize("lang", ["cs", "nl", "lt"])
async def test_refusals_and_lists_in_each_language(harness, locales, lang):
    h = harness
    locales.update(locale=lang, guild_locale=lang)
    expected = {
        "cs": (
            "U tohoto stolu není žádná hra; založ ji příkazem /hra nová.",
            "Na tomto serveru není otevřená žádná hra",
        ),
        "nl": (
            "Aan deze tafel is geen spel; begin er een met /spel nieuw.",
            "Er zijn geen spellen open op deze server",
        ),
        "lt": (
            "Prie šio stalo nėra žaidimo; pradėk komanda /žaidimas naujas.",
            "Šiame serveryje nėra atidarytų žaidimų",
        ),
    }[lang]
    assert reply(await h.alice.slash(h.channel, "game board")) == (expected[0], True)
    assert reply(await h.alice.slash(h.channel, "game list"))[0].startswith(expected[1])
    await h.alice.slash(h.channel, "game new", game="transport")
    text, eph = reply(await h.bob.slash(h.channel, "game list"))
    head = {"cs": "1 stůl na tomto serveru:", "nl": "1 tafel op deze server:", "lt": "1 stalas šiame serveryje:"}[lang]
    assert eph and text.splitlines()[0] == head
    too_long = {
        "cs": "Limit tahu musí být mezi 1m a 30d; `99999d` není.",
        "nl": "Een beurtlimiet moet tussen 1m en 30d liggen; `99999d` niet.",
        "lt": "Ėjimo laikas turi būti nuo 1m iki 30d; `99999d` netinka.",
    }[lang]
    assert reply(await h.alice.slash(h.channel, "game settings", turn_limit="99999d")) == (too_long, True)
    not_hours = {
        "cs": "`soon` není rozsah hodin; napiš např. 22-08 (nebo off).",
        "nl": "`soon` is geen reeks uren; schrijf bijv. 22-08 (of off).",
        "lt": "`soon` nėra valandų intervalas; rašyk, pvz., 22-08 (arba off).",
    }[lang]
    quiet = await h.alice.slash(h.channel, "game notify", quiet="soon")
    assert reply(quiet) == (not_hours, True)


def bypassed(text: str) -> list[str]:
    """The words of ``text`` that did not go through the catalogs. The pseudo-language accents
    every ASCII letter, so after taking out what is not language (mentions, channel links,
    timestamps, `code` a member types, key=value options, time zones, durations such as 12h)
    any word of plain ASCII letters left bypassed them; so does text outside the brackets."""

    depth, outside = 0, []
    for ch in text:
        if ch == PSEUDO_OPEN:
            depth += 1
        elif ch == PSEUDO_CLOSE:
            depth -= 1
        elif depth == 0:
            outside.append(ch)
    rest = re.sub(r"<[@#!&]*\d+>|<t:\d+(:\w)?>|`[^`]*`|https?://\S+|\b\w+=\w+|\b[A-Z]\w+/\w+|\b\d+[mhdw]\b", " ", text)
    leftover = re.sub(r"<[@#!&]*\d+>|<t:\d+(:\w)?>|[\s\W\d]", "", "".join(outside))
    return re.findall(r"\b[A-Za-z]{2,}\b", rest) + ([leftover] if leftover else [])


async def test_the_lobby_settings_and_refusals_go_through_the_catalogs(harness, locales):
    """The pseudo-language (accented and bracketed) over the lobby, settings, vacation, lists and
    refusals of a table: every word a member or the channel reads came through the catalogs."""

    h = harness
    locales.update(locale="qps", guild_locale="qps")
    seen = []
    r = await h.alice.slash(h.channel, "game new", game="factory-manager", turn_limit="1d")
    seen.append(reply(r)[0])
    seen.append(reply(await h.bob.slash(h.channel, "game join"))[0])
    seen.append(reply(await h.carol.slash(h.channel, "game start"))[0])
    seen.append(reply(await h.alice.slash(h.channel, "game settings"))[0])
    seen.append(reply(await h.alice.slash(h.channel, "game settings", reminders="6h then every 6h"))[0])
    seen.append(h.messages()[-1].content)
    seen.append(reply(await h.bob.slash(h.channel, "game list"))[0])
    seen.append(reply(await h.bob.slash(h.channel, "game notify", quiet="22-08", tz="Europe/Prague"))[0])
    seen.append(reply(await h.bob.slash(h.channel, "game notify", tz="Mars/Olympus"))[0])
    seen.append(reply(await h.bob.slash(h.channel, "game addbot"))[0])
    seen.append(reply(await h.alice.slash(h.channel, "game new", game="transport"))[0])
    seen.append(reply(await h.alice.slash(h.channel, "game export"))[0])
    seen.append(reply(await h.dave.slash(h.channel, "game undo"))[0])
    seen.append(reply(await h.bob.slash(h.channel, "game leave"))[0])
    seen.append(reply(await h.alice.slash(h.channel, "game cancel"))[0])
    assert all(seen)
    for text in seen:
        assert not bypassed(text), text


async def test_the_rules_summaries_read_in_the_members_language_with_the_rulebooks_terms(harness, locales):
    """The Czech rulebook's Velín, brigádníci and Elektro (shared/rules/002), the Dutch
    rulebook's Sleutel, Heftruck and pakketjes (004), and Kaunas's own Laisvės alėja."""

    h = harness
    locales.update(locale="cs")
    text, eph = reply(await h.alice.slash(h.channel, "game rules", topic="factory-manager build"))
    assert eph and text.startswith("**Továrník: stavba**\nFáze 3, nejnižší kartička první")
    assert "Velínu" in text and "brigádníky" in text and "10 Elektro" in text
    assert text.endswith("\nDalší témata: přehled, dražba, trh, produkce, příjem, konec hry.")
    # a topic typed by its Czech name reads the same; the suggestions name the topics in Czech
    again = reply(await h.alice.slash(h.channel, "game rules", topic="factory-manager Stavba"))[0]
    assert again == text
    found = await h.alice.autocomplete(h.channel, "game rules", "topic", "dražb")
    assert [(c["name"], c["value"]) for c in found] == [("Továrník: dražba", "factory-manager auction")]
    # with no game at the table: the game by its title, as the suggestions read; a topic
    # without its game is asked about, not ignored
    by_title = reply(await h.alice.slash(h.channel, "game rules", topic="Továrník: stavba"))[0]
    assert by_title == text
    told, eph = reply(await h.alice.slash(h.channel, "game rules", topic="přehled"))
    assert eph and told.startswith("Které hry `přehled`? Napiš nejdřív hru, např. `transport přehled`; hry: Továrník")
    # the first suggestions name every game (its overview first), not the first game's all
    first = [c["name"] for c in await h.alice.autocomplete(h.channel, "game rules", "topic", "")][:4]
    assert first == ["Továrník: přehled", "Kanban EV: přehled", "Transport: přehled", "Visiting Kaunas: přehled"]
    locales.update(locale="nl")
    text = reply(await h.alice.slash(h.channel, "game rules", topic="transport icons"))[0]
    assert "Sleutel:" in text and "Heftruck:" in text and "pakketje uit de zak" in text
    locales.update(locale="lt")
    text = reply(await h.alice.slash(h.channel, "game rules", topic="visiting-kaunas overview"))[0]
    assert text.startswith("**Visiting Kaunas: apžvalga**\nStatyk Laisvės alėją")
    locales.update(locale="en-US")
    text = reply(await h.alice.slash(h.channel, "game rules", topic="visiting-kaunas overview"))[0]
    assert text.startswith("**Visiting Kaunas: overview**\nBuild Freedom Avenue")


async def test_play_and_the_builder_speak_the_tables_and_the_members_language(harness, locales):
    """Play on the status message is labelled in the table's language (Dutch); the builder a
    Czech member opens speaks Czech: its own lines and buttons (the step's question and options
    are the game's own texts, English until the engines' texts are translated)."""

    h = harness
    locales.update(locale="cs", guild_locale="nl")
    h.service.seed_source = lambda: 7
    await h.lobby("transport", h.alice, h.bob, posts=None)
    await h.alice.slash(h.channel, "game start")
    status = next(m for m in h.messages() if m.attachments)
    labels = [c["label"] for row in status.components for c in row.to_dict()["components"]]
    assert labels[:2] == ["Spelen", "Mijn hand"]
    first = h.alice if str(h.alice.id) == (await h.service.board(h.channel.id)).to_act[0] else h.bob
    r = await first.click(status, label="Spelen")
    builder = r.response
    assert builder.ephemeral
    assert builder.content.startswith(f"**Transport**, tah {await h.version()}: sestav svůj tah.")
    buttons = [c for row in builder.components for c in row["components"] if c.get("type") == 2]
    assert [b["label"] for b in buttons][-2:] == ["Zpět", "Zrušit"]
    r = await first.click(builder.message, label="Zrušit")
    assert r.response.content == "Zrušeno: nic se nezahrálo."


async def test_my_moves_lists_the_sentences_in_the_members_language(harness, locales):
    """``/game moves`` (and its pick menu) for a Czech member: the moves' sentences in Czech
    (they read "Put the new parcel on the loading tile at 0,0."), the notation as typed."""

    h = harness
    locales.update(locale="cs", guild_locale="cs")
    h.service.seed_source = lambda: 7
    await h.lobby("visiting-kaunas", h.alice, h.bob, posts=None)
    await h.alice.slash(h.channel, "game start")
    first = h.alice if str(h.alice.id) == (await h.service.board(h.channel.id)).to_act[0] else h.bob
    r = await first.slash(h.channel, "game moves")
    text = r.response.content
    # seed 7 (Visiting Kaunas): it read "`ship top 1` — Move your top ship to column 1: buy the Gallery for 4."
    assert "`ship top 1` — Posuň horní loď na sloupec 1: kup budovu Galerie za 4." in text.splitlines()
    english = [line for line in text.splitlines()[1:] if " — " in line]
    assert english, text
    # each "`notation` — sentence" line: the sentence as the Czech catalog renders it
    moves = await h.service.legal_moves(h.channel.id, first.id)
    from bot.i18n import render

    for notation, sentence in moves[: len(english)]:
        assert f"`{notation}` — {render(sentence, 'cs')}" in english
        assert render(sentence, "cs") != str(sentence)  # a translated sentence, not the English
    menus = [c for row in r.response.components for c in row["components"] if c.get("type") == 3]
    assert menus  # 4 moves: the pick menu is there
    if menus:
        assert menus[0]["placeholder"] == "Vyber tah a zahraj ho"
        assert menus[0]["options"][0]["label"] == render(moves[0][1], "cs")[:100]
