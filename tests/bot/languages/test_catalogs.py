"""The gettext catalogs (bot/locale): complete, in step with the code, with each language's
plural forms, and the pseudo-language that marks every text that went through them."""

from __future__ import annotations

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from bot.i18n import (
    DOMAIN,
    LANGUAGES,
    LOCALE_DIR,
    PSEUDO,
    T,
    Tn,
    Tp,
    catalog,
    gettext,
    language,
    pick,
    placeholders,
    pseudo,
)
from engines import registry

#: every translated language bot/i18n.py speaks (a new one is checked as soon as it is listed)
LANGS = tuple(lang for lang in LANGUAGES if lang != "en")
ROOT = LOCALE_DIR.parent.parent
#: each game's own catalog (its texts: events, move sentences, refusals, steps) is named by its
#: id and holds what the game's package (engines/<id with _>) marks; "boardhost" holds the rest
GAME_DOMAINS = tuple(registry.ids())
DOMAINS = (DOMAIN, *GAME_DOMAINS)
KEYWORDS = {
    "T": None,
    "Tn": (1, 2),
    "Tp": ((1, "c"), 2),
    "Tnp": ((1, "c"), 2, 3),
    "N_": None,
    "gettext": None,
    "pgettext": ((1, "c"), 2),
}


def package_of(domain: str):
    return ROOT / "engines" / domain.replace("-", "_")


def po(lang: str, domain: str = DOMAIN) -> Catalog:
    with (LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po").open("rb") as fh:
        return read_po(fh, locale=lang)


def key(message) -> tuple[str | None, str]:
    return message.context, message.id if isinstance(message.id, str) else message.id[0]


def extract(domain: str) -> set[tuple[str | None, str]]:
    """Every message the code of ``domain`` marks (T, Tn, Tp, N_), as `pybabel extract` finds
    them (README "Adding a language"): for "boardhost" with babel.cfg (the host, the
    renderers, the engines' shared modules, every name, description and choice of the
    command tree and the rules summaries), for a game its package's Python files."""

    from babel.messages.frontend import parse_mapping_cfg

    if domain == DOMAIN:
        with (ROOT / "babel.cfg").open() as fh:
            method_map, options_map = parse_mapping_cfg(fh)
        where = ROOT
    else:
        method_map, options_map, where = [("**.py", "python")], {}, package_of(domain)
    found = set()
    for _file, _line, msg, _comments, ctx in extract_from_dir(
        str(where), method_map, options_map, keywords=KEYWORDS, comment_tags=()
    ):
        found.add((ctx, msg if isinstance(msg, str) else msg[0]))
    return found


@pytest.fixture(scope="module")
def extracted() -> dict[str, set[tuple[str | None, str]]]:
    return {d: extract(d) for d in DOMAINS}


def test_the_host_catalog_reads_no_game_package():
    """babel.cfg maps engines/*.py only, so a game's texts go to its own catalog alone."""

    from babel.messages.frontend import parse_mapping_cfg

    with (ROOT / "babel.cfg").open() as fh:
        method_map, options_map = parse_mapping_cfg(fh)
    files = {f for f, *_ in extract_from_dir(str(ROOT), method_map, options_map, keywords=KEYWORDS, comment_tags=())}
    assert files and not [
        f for f in files if any(f.startswith(str(package_of(g).relative_to(ROOT))) for g in GAME_DOMAINS)
    ]


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("lang", LANGS)
def test_every_message_of_the_code_is_translated_and_no_entry_is_unused(lang, domain, extracted):
    found = extracted[domain]
    path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"
    if not found and not path.is_file():
        pytest.skip(f"{domain} marks no message yet")
    assert path.is_file(), f"{domain} marks {len(found)} messages but has no {lang} catalog"
    extracted = found
    cat = po(lang, domain)
    entries = {key(m): m for m in cat if m.id}
    missing = sorted(extracted - entries.keys(), key=str)
    unused = sorted(entries.keys() - extracted, key=str)
    assert not missing, f"{lang}: {len(missing)} messages of the code are not in the catalog: {missing[:5]}"
    assert not unused, f"{lang}: {len(unused)} catalog entries no code uses: {unused[:5]}"
    untranslated = [k for k, m in entries.items() if not (all(m.string) if isinstance(m.id, tuple) else m.string)]
    assert not untranslated, f"{lang}: {len(untranslated)} untranslated: {untranslated[:5]}"
    fuzzy = [k for k, m in entries.items() if m.fuzzy]
    assert not fuzzy, f"{lang}: fuzzy entries are never shipped: {fuzzy[:5]}"


@pytest.mark.parametrize("lang", LANGS)
def test_every_translation_has_the_placeholders_of_its_message(lang):
    for path in sorted((LOCALE_DIR / lang / "LC_MESSAGES").glob("*.po")):
        with path.open("rb") as fh:
            check_placeholders(lang, read_po(fh, locale=lang))


def check_placeholders(lang: str, cat: Catalog) -> None:
    for m in cat:
        if not m.id:
            continue
        ids = (m.id,) if isinstance(m.id, str) else m.id
        strings = (m.string,) if isinstance(m.string, str) else m.string
        expected = set().union(*(placeholders(i) for i in ids))
        for s in strings:
            assert placeholders(s) == expected, (lang, m.id, s)
            s.format_map({p: "x" for p in expected})  # no stray brace


#: each language's plural forms, written out by hand from its grammar (README "Adding a
#: language": a new language adds its own): the number of forms its catalog declares, and
#: "vacation {n} day(s)" for counts that pick each form
PLURALS = {
    # Czech: 1 den, 2–4 dny, 5+ (and 22) dní (only 2, 3, 4 themselves take "dny")
    "cs": (
        3,
        {1: "dovolená 1 den", 2: "dovolená 2 dny", 4: "dovolená 4 dny", 5: "dovolená 5 dní", 22: "dovolená 22 dní"},
    ),
    # Dutch: 1 dag, otherwise dagen
    "nl": (2, {1: "vakantie 1 dag", 2: "vakantie 2 dagen", 0: "vakantie 0 dagen"}),
    # Lithuanian: 1 and 21 diena, 2–9 and 22 dienos, 10–20 and 0 dienų
    "lt": (
        3,
        {
            1: "atostogos 1 diena",
            2: "atostogos 2 dienos",
            9: "atostogos 9 dienos",
            10: "atostogos 10 dienų",
            11: "atostogos 11 dienų",
            19: "atostogos 19 dienų",
            21: "atostogos 21 diena",
            22: "atostogos 22 dienos",
        },
    ),
}


@pytest.mark.parametrize("lang", LANGS)
def test_each_language_has_its_plural_forms(lang):
    assert lang in PLURALS, f"{lang}: write its plural forms by hand in PLURALS (README 'Adding a language')"
    forms, examples = PLURALS[lang]
    assert po(lang).num_plurals == forms
    day = ("vacation {n} day", "vacation {n} days")
    assert {n: Tn(*day, n).render(lang) for n in examples} == examples
    assert Tn(*day, 3).render("en") == "vacation 3 days" == Tn(*day, 3)


def test_the_games_use_the_rulebooks_titles():
    # the Czech rulebook's title of Factory Manager is Továrník (shared/rules/002, "Ve hře Továrník")
    assert Tp("game title", "Factory Manager").render("cs") == "Továrník"
    assert Tp("game title", "Factory Manager").render("en") == "Factory Manager"


def test_a_locale_boardhost_does_not_speak_reads_english():
    assert [language(x) for x in ("cs", "nl", "lt", "en-US", "en-GB", "de", "pt-BR", None)] == [
        "cs",
        "nl",
        "lt",
        "en",
        "en",
        None,
        None,
        None,
    ]
    assert pick("de", "lt") == "lt" and pick("de", None) == "en"
    assert gettext("de", "You have already voted.") == "You have already voted."


def test_parameters_are_rendered_in_the_same_language():
    inner = T("no reminders")
    outer = T("Settings: {settings}.", settings=inner)
    assert outer.render("cs") == "Nastavení: bez připomínek."
    assert outer == "Settings: no reminders."


def test_the_pseudo_language_marks_every_message_and_keeps_placeholders_and_commands():
    assert pseudo("Use `/game new` now, {who}.") == "⟦Ûšé `/game new` ñöŵ, {who}.⟧"
    assert T("Use `/game new` now, {who}.", who="Ann").render(PSEUDO) == "⟦Ûšé `/game new` ñöŵ, Ann.⟧"
    assert catalog(PSEUDO).gettext("a {{b}}") == "⟦à {{ƀ}}⟧"


def test_every_letter_of_every_catalog_is_in_the_bundled_font():
    """Images will draw these texts: each letter of the translations (and ĳ, the Dutch ligature
    letter some keyboards type) has a glyph in renderers/fonts/DejaVuSansCondensed.ttf."""

    from renderers import base

    letters = set("čřžěůėūųįšĳĲ")
    for lang in LANGS:
        for m in (
            m for p in (LOCALE_DIR / lang / "LC_MESSAGES").glob("*.po") for m in read_po(p.open("rb"), locale=lang)
        ):
            strings = (m.string,) if isinstance(m.string, str) else m.string
            letters |= {ch for s in strings for ch in s if ch.isalpha() and not ch.isascii()}
    missing = sorted(ch for ch in letters if not base.has_glyph(ch))
    assert not missing


def test_the_catalogs_are_package_data():
    """`pip install .` on a fresh machine ships the .po files bot/i18n.py compiles."""

    import tomllib

    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert data["tool"]["setuptools"]["package-data"]["bot"] == ["locale/*/LC_MESSAGES/*.po"]
    assert any(dep.startswith("babel") for dep in data["project"]["dependencies"])
    assert {p.parent.parent.name for p in LOCALE_DIR.glob("*/LC_MESSAGES/boardhost.po")} == set(LANGS)
