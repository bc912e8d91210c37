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

__all__ = [
    "DEFAULT",
    "LANGUAGES",
    "LANGUAGE_NAMES",
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
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)


@cache
def catalog(lang: str) -> _gettext.NullTranslations:
    """The translations of ``lang`` (one of :data:`LANGUAGES` or :data:`PSEUDO`): its ``.po``
    file compiled in memory with Babel; English (and a language without a catalog file) is
    the message ids themselves."""

    if lang == PSEUDO:
        return _Pseudo()
    po = LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    if lang == DEFAULT or not po.is_file():
        return _gettext.NullTranslations()
    from babel.messages.mofile import write_mo  # Babel loads only when a translated language is used
    from babel.messages.pofile import read_po

    with po.open("rb") as fh:
        cat = read_po(fh, locale=lang, domain=DOMAIN)
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
class Text(str):
    """A message to render later in the reader's language: ``msgid`` (English, with
    ``{name}`` placeholders), ``params``; with ``plural`` it is the plural message for the
    number ``params["n"]``; ``context`` disambiguates a short message.

    A Text is also the ``str`` of its English sentence, so code and tests that only read
    English keep working; :meth:`render` gives it in a language. (Joining it into a bigger
    string keeps only the English: render first. The pseudo-language test finds such a
    place.)"""

    msgid: str
    params: dict[str, Any]
    plural: str | None
    context: str | None

    def __new__(
        cls, msgid: str, params: dict[str, Any] | None = None, plural: str | None = None, context: str | None = None
    ) -> Text:
        params = dict(params or {})
        english = _render(DEFAULT, msgid, params, plural, context)
        self = super().__new__(cls, english)
        self.msgid, self.params, self.plural, self.context = msgid, params, plural, context
        return self

    def render(self, lang: str) -> str:
        if lang == DEFAULT:
            return str.__str__(self)
        return _render(lang, self.msgid, self.params, self.plural, self.context)

    def __str__(self) -> str:
        return str.__str__(self)

    def __repr__(self) -> str:
        return f"Text({self.msgid!r}, {self.params!r})"

    def __reduce__(self) -> tuple:
        return (Text, (self.msgid, self.params, self.plural, self.context))


def _render(lang: str, msgid: str, params: dict[str, Any], plural: str | None, context: str | None) -> str:
    cat = catalog(lang)
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


def T(msgid: str, /, **params: Any) -> Text:
    """A message (see :class:`Text`)."""

    return Text(msgid, params)


def Tn(singular: str, plural: str, n: int, /, **params: Any) -> Text:
    """A message with plural forms for the number ``n`` (``{n}`` in the text)."""

    return Text(singular, {"n": n, **params}, plural=plural)


def Tp(context: str, msgid: str, /, **params: Any) -> Text:
    """A message in a context (see :func:`pgettext`)."""

    return Text(msgid, params, context=context)


def N_(msgid: str) -> str:
    """Marks ``msgid`` for extraction where it is translated later by its value."""

    return msgid


def render(value: Any, lang: str) -> str:
    """``value`` for a reader of ``lang``: a :class:`Text` rendered, a list of them (names, as
    a parameter) joined by commas, anything else as ``str``."""

    if isinstance(value, Text):
        return value.render(lang)
    if isinstance(value, (list, tuple)):
        return ", ".join(render(v, lang) for v in value)
    return str(value)


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


def messages(lang: str) -> Iterable[tuple[str | None, str]]:
    """(context, msgid) of every translated message of ``lang``'s catalog (for checks)."""

    from babel.messages.pofile import read_po

    po = LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    with po.open("rb") as fh:
        for m in read_po(fh, locale=lang):
            if m.id:
                yield m.context, m.id if isinstance(m.id, str) else m.id[0]
