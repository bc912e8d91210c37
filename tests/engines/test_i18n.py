"""engines.i18n: texts that are their English sentence, render in a language at the edge, and
survive storage as JSON."""

from __future__ import annotations

import copy
import json
import pickle

import pytest

import engines.i18n as ti
from engines.base import Event
from engines.i18n import Text, from_json, texts, to_json

T, Tn, Tp = texts("transport")


def test_a_text_is_its_english_sentence():
    t = T("{seat} moves the parcel {steps} tiles.", seat="p1", steps=3)
    assert t == "p1 moves the parcel 3 tiles."
    assert isinstance(t, str) and str(t) == "p1 moves the parcel 3 tiles."
    assert t.domain == "transport" and t.msgid == "{seat} moves the parcel {steps} tiles."
    assert json.dumps(t) == '"p1 moves the parcel 3 tiles."'  # digests and logs read English


def test_english_plural_forms_follow_n():
    assert Tn("{n} parcel", "{n} parcels", 1) == "1 parcel"
    assert Tn("{n} parcel", "{n} parcels", 0) == "0 parcels"
    assert Tn("{n} parcel", "{n} parcels", 4) == "4 parcels"


def test_nested_texts_and_lists_render_in_the_same_language():
    colour = Tp("pallet colour", "red")
    t = T("{seat} lifts the {pallet} pallet onto {cells}.", seat="p2", pallet=colour, cells=["1,0", "2,-1"])
    assert t == "p2 lifts the red pallet onto 1,0, 2,-1."

    nl = {"red": "rode", "{seat} lifts the {pallet} pallet onto {cells}.": "{seat} tilt de {pallet} pallet op {cells}."}

    def fake(lang, domain, msgid, params, plural, context):  # a stand-in Dutch catalog
        return nl[msgid].format_map({k: ti.render(v, lang) for k, v in params.items()})

    import bot.i18n as bi  # noqa: F401 (installs the catalogs, put back below)

    ti.set_renderer(fake)
    try:
        assert t.render("nl") == "p2 tilt de rode pallet op 1,0, 2,-1."
        assert t.render("en") == "p2 lifts the red pallet onto 1,0, 2,-1."
    finally:
        ti.set_renderer(bi._render)


def test_a_text_renders_once_per_language_and_afresh_under_a_new_renderer():
    colour = Tp("pallet colour", "red")
    t = T("{seat} takes the {pallet} pallet.", seat="p1", pallet=colour)
    calls: list[tuple[str, str]] = []

    def fake(lang, domain, msgid, params, plural, context):  # brackets each message
        calls.append((lang, msgid))
        return "[" + msgid.format_map({k: ti.render(v, lang) for k, v in params.items()}) + "]"

    import bot.i18n as bi  # noqa: F401 (installs the catalogs, put back below)

    ti.set_renderer(fake)
    try:
        assert t.render("nl") == "[p1 takes the [red] pallet.]"
        assert t.render("nl") == "[p1 takes the [red] pallet.]"
        assert t.render("cs") == "[p1 takes the [red] pallet.]"
        # the sentence and its colour once per language, not again on the second "nl"
        assert calls == [("nl", "{seat} takes the {pallet} pallet."), ("nl", "red")] + [
            ("cs", "{seat} takes the {pallet} pallet."),
            ("cs", "red"),
        ]
        ti.set_renderer(lambda lang, domain, msgid, params, plural, context: "other")
        assert t.render("nl") == "other"  # another renderer (a test's spy) renders afresh
    finally:
        ti.set_renderer(bi._render)


def test_stored_json_round_trips_and_plain_strings_stay_english():
    t = T("{seat} scores {n}.", seat="p0", n=Tn("{n} point", "{n} points", 5))
    data = to_json(t)
    assert data == {
        "t": "{seat} scores {n}.",
        "p": {"seat": "p0", "n": {"t": "{n} point", "p": {"n": 5}, "n": "{n} points", "d": "transport"}},
        "d": "transport",
    }
    back = from_json(json.loads(json.dumps(data)))
    assert isinstance(back, Text) and back == "p0 scores 5 points." and back.domain == "transport"
    assert from_json("An old English line.") == "An old English line."
    assert to_json("plain") == "plain" and to_json(3) == 3


def test_events_keep_their_text_and_copies_pickles_keep_it_too():
    t = T("{seat} passes.", seat="p1")
    ev = Event(type="pass", text=t)
    assert ev.text is t
    assert copy.deepcopy(ev).text.msgid == "{seat} passes."
    back = pickle.loads(pickle.dumps(t))
    assert isinstance(back, Text) and back.domain == "transport" and back == "p1 passes."


@pytest.mark.parametrize("lang", ["cs", "qps"])
def test_the_hosts_catalogs_render_engine_texts(lang):
    import bot.i18n as bi

    out = bi.T("Your hand.").render(lang)
    assert out == {"cs": "Tvoje ruka.", "qps": "⟦Ýöûŕ ĥàñð.⟧"}[lang]
