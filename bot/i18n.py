"""Languages: boardhost speaks English (the default and the fallback), Czech, Dutch and Lithuanian.

Texts are gettext messages managed with Babel: the catalogs are
``bot/locale/<lang>/LC_MESSAGES/boardhost.po`` (package data), compiled in memory with Babel
the first time a language is used, so what runs is always what the ``.po`` file says (no
``.mo`` file to forget to rebuild). README "Adding a language" has the extract / update /
check recipe.

* A text for the user is written where it arises as a :class:`Text`: a message id (the
  English sentence, with ``{name}`` placeholders) and its parameters, rendered in a language
  only at the edge (:func:`render`), so the service can say a sentence without knowing who
  reads it. ``T`` / ``Tn`` (plural) / ``Tp`` (with a context) build one; extraction finds
  them by those names. Parameters may be Texts themselves (rendered in the same language);
  a sentence is never built by joining translated pieces.
* :func:`language` maps a Discord locale (``interaction.locale``, ``guild_locale``: ``cs``,
  ``nl``, ``lt``, ``en-US`` …) to one of :data:`LANGUAGES`, ``None`` for one we do not speak.
* :data:`PSEUDO` is a pseudo-language for tests: every message comes back accented and
  bracketed (``⟦Ŧĥé ĝàɱé …⟧``), so a text that reaches a user without the catalogs stands out.

No Discord, no database: the service, the renderers' callers and the CLI all use it.
"""

from __future__ import annotations

import gettext as _gettext
import io
import string
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

import engines.i18n as _engine_texts
from engines.i18n import CODE, N_, T, Text, Tn, Tp, render

__all__ = [
    "DEFAULT",
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "LANGUAGE_IN_TEXT",
    "PSEUDO",
    "LOCALE_DIR",
    "DOMAIN",
    "Text",
    "T",
    "Tn",
    "Tp",
    "N_",
    "catalog",
    "gettext",
    "language",
    "ngettext",
    "pgettext",
    "pick",
    "placeholders",
    "pseudo",
    "render",
    "translation",
]

#: the languages boardhost speaks, English first (the default and the fallback)
LANGUAGES = ("en", "cs", "nl", "lt")
DEFAULT = "en"
#: the test pseudo-language (never offered to users)
PSEUDO = "qps"
#: each language by its own name (the ``language`` option's choices; the pseudo-language's, for tests, bracketed)
LANGUAGE_NAMES = {"en": "English", "cs": "Čeština", "nl": "Nederlands", "lt": "Lietuvių", PSEUDO: "⟦Ƥšéûðö⟧"}
#: each language's name inside a sentence, in the reader's language ("language: Lithuanian",
#: "jazyk: litevština", "taal: Litouws", "kalba: lietuvių"): the catalogs hold CLDR's names
#: (Babel's ``Locale("cs").languages["lt"]``); the pseudo-language keeps its bracketed name
LANGUAGE_IN_TEXT: dict[str, Any] = {
    "en": Tp("language", "English"),
    "cs": Tp("language", "Czech"),
    "nl": Tp("language", "Dutch"),
    "lt": Tp("language", "Lithuanian"),
    PSEUDO: LANGUAGE_NAMES[PSEUDO],
}

LOCALE_DIR = Path(__file__).with_name("locale")
DOMAIN = "boardhost"


# ----- which language -------------------------------------------------------------------------
def language(locale: Any) -> str | None:
    """The language of ``locale`` (a :class:`discord.Locale`, its value such as ``"cs"`` or
    ``"en-US"``, or one of :data:`LANGUAGES`) if boardhost speaks it, else ``None``."""

    if locale is None:
        return None
    code = str(getattr(locale, "value", locale)).strip().lower().replace("_", "-")
    if code == PSEUDO:
        return PSEUDO
    base = code.split("-", 1)[0]
    return base if base in LANGUAGES else None


def pick(*locales: Any) -> str:
    """The first of ``locales`` boardhost speaks (see :func:`language`), else English."""

    for loc in locales:
        found = language(loc)
        if found:
            return found
    return DEFAULT


# ----- catalogs -------------------------------------------------------------------------------
class _Pseudo(_gettext.NullTranslations):
    """The test pseudo-language: every message accented and bracketed, placeholders kept."""

    def gettext(self, message: str) -> str:
        if message == CODE:  # ids and notation words: shown as a `code` span, never accented
            return PSEUDO_OPEN + "`{code}`" + PSEUDO_CLOSE
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)


@cache
def catalog(lang: str, domain: str = DOMAIN) -> _gettext.NullTranslations:
    """The translations of ``lang`` (one of :data:`LANGUAGES` or :data:`PSEUDO`) in the
    catalog ``domain`` (``"boardhost"``, or a game id for that game's own texts): its ``.po``
    file compiled in memory with Babel; English (and a language or domain without a catalog
    file) is the message ids themselves."""

    if lang == PSEUDO:
        return _Pseudo()
    po = LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"
    if lang == DEFAULT or not po.is_file():
        return _gettext.NullTranslations()
    from babel.messages.mofile import write_mo  # Babel loads only when a translated language is used
    from babel.messages.pofile import read_po

    with po.open("rb") as fh:
        cat = read_po(fh, locale=lang, domain=domain)
    buf = io.BytesIO()
    write_mo(buf, cat, use_fuzzy=False)
    buf.seek(0)
    return _gettext.GNUTranslations(buf)


def translation(lang: str, msgid: str, context: str | None = None) -> str | None:
    """The catalog's translation of ``msgid`` (in ``context``) in ``lang``, ``None`` when the
    catalog has none (a translation may equal the English: Dutch "hand")."""

    found = getattr(catalog(lang), "_catalog", None)
    if not found:
        return None
    return found.get(f"{context}\x04{msgid}" if context else msgid)


def _fill(text: str, lang: str, params: Mapping[str, Any]) -> str:
    if not params:
        return text
    values = {k: render(v, lang) for k, v in params.items()}
    return text.format_map(values)


def gettext(lang: str, msgid: str, /, **params: Any) -> str:
    """``msgid`` in ``lang`` with ``params`` filled in (``{name}`` placeholders)."""

    return _fill(catalog(lang).gettext(msgid), lang, params)


def ngettext(lang: str, singular: str, plural: str, n: int, /, **params: Any) -> str:
    """The form of ``singular``/``plural`` for the number ``n`` in ``lang`` (Czech and
    Lithuanian have three forms), with ``n`` and ``params`` filled in."""

    return _fill(catalog(lang).ngettext(singular, plural, n), lang, {"n": n, **params})


def pgettext(lang: str, context: str, msgid: str, /, **params: Any) -> str:
    """``msgid`` in ``lang`` as meant in ``context`` (a command's name, an image label …)."""

    return _fill(catalog(lang).pgettext(context, msgid), lang, params)


# ----- texts rendered at the edge -------------------------------------------------------------
# Text and its constructors live in engines.i18n (the engines and renderers write their texts
# with them too); this module installs the catalogs that render them.


def _render(lang: str, domain: str, msgid: str, params: dict[str, Any], plural: str | None, context: str | None) -> str:
    cat = catalog(lang, domain)
    if plural is not None:
        n = int(params.get("n", 0))
        if context is not None:
            text = cat.npgettext(context, msgid, plural, n)
        else:
            text = cat.ngettext(msgid, plural, n)
    elif context is not None:
        text = cat.pgettext(context, msgid)
    else:
        text = cat.gettext(msgid)
    return _fill(text, lang, params)


_engine_texts.set_renderer(_render)


# ----- the pseudo-language and placeholders -------------------------------------------------
_ACCENTS = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "àƀçðéƒĝĥîĵķĺɱñöƥǫŕšŧûṽŵẋýžÀƁÇÐÉƑĜĤÎĴĶĹṀÑÖƤǪŔŠŦÛṼŴẊÝŽ",
)
#: how a pseudo-language message opens and closes
PSEUDO_OPEN, PSEUDO_CLOSE = "⟦", "⟧"


def pseudo(message: str) -> str:
    """``message`` in the pseudo-language: letters accented, ``{placeholders}`` and
    `code` spans (command names a user types) kept as they are, the whole bracketed."""

    out: list[str] = []
    code = False  # inside a `code` span (which may hold placeholders)
    for literal, name, spec, conv in string.Formatter().parse(message):
        parts = literal.split("`")
        text = ""
        for i, part in enumerate(parts):
            if i:
                code = not code
                text += "`"
            text += part if code else part.translate(_ACCENTS)
        out.append(text.replace("{", "{{").replace("}", "}}"))  # literal braces stay literal
        if name is not None:
            out.append("{" + name + (f"!{conv}" if conv else "") + (f":{spec}" if spec else "") + "}")
    return PSEUDO_OPEN + "".join(out) + PSEUDO_CLOSE


def placeholders(message: str) -> set[str]:
    """The ``{name}`` placeholders of ``message``."""

    return {name for _, name, _, _ in string.Formatter().parse(message) if name}


def messages(lang: str, domain: str = DOMAIN) -> Iterable[tuple[str | None, str]]:
    """(context, msgid) of every translated message of ``lang``'s catalog ``domain`` (for checks)."""

    from babel.messages.pofile import read_po

    po = LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po"
    with po.open("rb") as fh:
        for m in read_po(fh, locale=lang):
            if m.id:
                yield m.context, m.id if isinstance(m.id, str) else m.id[0]
