"""SimCord: whole games played by pressing in another language, every seat a member whose client
speaks it, at a table of that language (the server's, ``guild_locale``).

* In the pseudo-language (accented and bracketed, :data:`bot.i18n.PSEUDO`) nothing anyone reads
  may hold a word that did not come through the catalogs: the channel's posts and the status
  message (texts and button labels), every DM, every builder step with its options and buttons
  (:func:`tests.bot.languages.test_languages_on_discord.bypassed`). The engines' own texts
  (what a move did, the move sentences, the builder's questions and labels) are included.
* In Czech, Dutch and Lithuanian, every message rendered for the table or a member is one its
  catalog translates (a message id rendered without a translation would read in English).

The suite plays every game in the pseudo-language (Factory Manager at 3, Visiting Kaunas at 2,
Transport at 4, Kanban EV at 2); with BOARDHOST_ALL_WHOLE_GAMES=1 every game in every language.
``BOARDHOST_LEAKS_TO=<file>`` writes the words that bypassed the catalogs, counted, with a
sample text each (to find where they come from).
"""

from __future__ import annotations

import collections
import json
import os
import re

import pytest

import engines.i18n as texts
from bot.i18n import LANGUAGES, PSEUDO, catalog
from engines.i18n import CODE
from tests.bot.languages.test_languages_on_discord import bypassed
from tests.bot.pressing_driver import Presser, components

GAMES = {"factory-manager": 3, "visiting-kaunas": 2, "transport": 4, "kanban-ev": 2}
SUITE = [("factory-manager", PSEUDO), ("visiting-kaunas", PSEUDO), ("transport", PSEUDO), ("kanban-ev", PSEUDO)]
ALL = [(g, lang) for g in GAMES for lang in (PSEUDO, *LANGUAGES) if lang != "en"]
CASES = ALL if os.environ.get("BOARDHOST_ALL_WHOLE_GAMES") else SUITE


@pytest.fixture
def untranslated(monkeypatch):
    """Every message rendered in a language whose catalog has no translation for it, as
    ``(lang, domain, context, msgid)``."""

    import bot.i18n

    missed: set[tuple[str, str, str | None, str]] = set()
    real = bot.i18n._render

    def spy(lang, domain, msgid, params, plural, context):
        if lang != PSEUDO and msgid != CODE:
            found = getattr(catalog(lang, domain), "_catalog", {})
            key = f"{context}\x04{msgid}" if context else msgid
            if (key, 0) not in found and key not in found:
                missed.add((lang, domain, context, msgid))
        return real(lang, domain, msgid, params, plural, context)

    monkeypatch.setattr(texts, "_renderer", spy)
    return missed


def shown(message) -> list[str]:
    """What a channel message or DM shows: its text and its buttons' and menus' words."""

    out = [message.content or ""]
    for c in components(message):
        out += [c.get("label") or "", c.get("placeholder") or ""]
        out += [o.get(k) or "" for o in c.get("options", []) for k in ("label", "description")]
    return out


@pytest.mark.parametrize(("game", "lang"), CASES, ids=lambda v: str(v))
async def test_a_whole_game_reads_in_the_tables_language(harness, sparse_renders, locales, untranslated, game, lang):
    h = harness
    locales.update(locale=lang, guild_locale=lang)  # the member's client and the server
    players = GAMES[game]
    members = [h.alice, h.bob, h.carol, h.guild.add_member(h.env.create_user("erin"))][:players]
    h.service.seed_source = lambda: 3
    start = h.mark()
    dm_marks = {m.id: h.mark(dm_of=m) for m in members}
    await h.lobby(game, *members, posts=None)
    await h.alice.slash(h.channel, "game start")
    assert (await h.service.table_info(h.channel.id)).language == lang
    seen: list[str] = []
    presser = Presser(h, members, seed=3, lang=lang, seen=seen)
    while await presser.play_turn():
        pass
    assert (await h.service.table_info(h.channel.id)).status == "over"
    for m in h.messages_since(start):
        seen += shown(m)
    for m in members:
        for d in h.messages_since(dm_marks[m.id], dm_of=m):
            seen += shown(d)
    seen = [t for t in seen if t]
    assert len(seen) > 50
    if lang == PSEUDO:
        # not language: an AI seat's name ("AI 2", as a member is named by their name) and
        # hyphenated ids (car models "truck-blank", departments "city-electronics")
        leaks = [(t, bypassed(re.sub(r"\bAI \d+\b|\b[a-z0-9]+(?:-[a-z0-9]+)+\b", "", t))) for t in seen]
        leaks = [(t, words) for t, words in leaks if words]
        if os.environ.get("BOARDHOST_LEAKS_TO"):  # a developer's aid: the leaked words, counted
            words = collections.Counter(w for _t, ws in leaks for w in ws)
            samples = {w: t[:600] for t, ws in reversed(leaks) for w in ws}
            with open(os.environ["BOARDHOST_LEAKS_TO"], "w") as fh:
                json.dump({"words": words.most_common(), "samples": samples}, fh, ensure_ascii=False, indent=1)
        assert not leaks, f"{len(leaks)} texts bypassed the catalogs, e.g. {leaks[:3]}"
    else:
        assert not untranslated, sorted(untranslated)[:10]
