"""Texts that can be translated: a message id and its parameters, rendered at the edge.

An engine (and a renderer) never knows who reads its sentence, so it writes it as a
:class:`Text`: the English message (a gettext message id with ``{name}`` placeholders), its
parameters, and the catalog it belongs to (its *domain*: ``"boardhost"`` for the host and the
renderers, each game's id for that game's own texts). A Text **is** the ``str`` of its English
sentence, so everything that reads English (digests, logs, tests, old code) keeps working;
:meth:`Text.render` gives it in a language.

The catalogs themselves (gettext ``.po`` files, Babel) belong to the host: ``bot.i18n``
installs its renderer here with :func:`set_renderer` when it is imported. Until then (an
engine or a renderer used on its own) every language reads English.

Building a sentence:

* ``T("{seat} bids {amount}.", seat=s, amount=3)``: a sentence.
* ``Tn("{seat} takes {n} tile.", "{seat} takes {n} tiles.", n, seat=s)``: plural forms for
  ``n`` (Czech and Lithuanian have three).
* ``Tp("pallet colour", "red")``: a short word, meant in a context.
* ``Code("t12")``: ids and notation words, the same in every language.

A game binds them to its own catalog: ``T, Tn, Tp = texts("transport")``; Babel's extraction
finds the calls by those names. A parameter may be a Text itself (rendered in the same
language) or a list of values (joined with ``", "``); never join translated pieces into a
sentence yourself.

Stored texts: :func:`to_json` / :func:`from_json` give a Text as plain JSON (``{"t": msgid,
"p": params, "n": plural, "c": context, "d": domain}``) and back; a plain string (a text
stored before texts were structured) reads back as itself, in English.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = [
    "DEFAULT_DOMAIN",
    "CLAUSE",
    "CODE",
    "Clause",
    "Code",
    "Joined",
    "Text",
    "T",
    "Tn",
    "Tp",
    "N_",
    "texts",
    "set_renderer",
    "to_json",
    "from_json",
    "english",
]

DEFAULT_DOMAIN = "boardhost"


def _english(domain: str, msgid: str, params: dict[str, Any], plural: str | None, context: str | None) -> str:
    """English: the message id itself (the singular unless ``params["n"]`` is not 1)."""

    text = plural if plural is not None and int(params.get("n", 0)) != 1 else msgid
    if not params:
        return text
    for v in params.values():  # a Text, a number or a str formats as its English itself
        if isinstance(v, (list, tuple)):  # (the hot path of every engine's apply: no copy)
            return _fill(text, "en", params)
    return text.format_map(params)


def _fill(text: str, lang: str, params: dict[str, Any]) -> str:
    if not params:
        return text
    return text.format_map({k: render(v, lang) for k, v in params.items()})


#: (lang, domain, msgid, params, plural, context) -> str; bot.i18n installs the catalogs' one
_renderer: Callable[[str, str, str, dict[str, Any], str | None, str | None], str] | None = None


def set_renderer(fn: Callable[[str, str, str, dict[str, Any], str | None, str | None], str] | None) -> None:
    """Install the function that renders a Text in a language other than English:
    ``fn(lang, domain, msgid, params, plural, context) -> str`` (``bot.i18n`` does this with
    its gettext catalogs). ``None`` puts English back for every language."""

    global _renderer
    _renderer = fn


class Text(str):
    """A message to render later in the reader's language (see the module docstring):
    ``msgid`` (English, with ``{name}`` placeholders), ``params``, ``plural`` (the plural
    message, for the number ``params["n"]``), ``context`` (disambiguates a short message),
    ``domain`` (the catalog: ``"boardhost"`` or a game id).

    Equal to, and hashing as, its English sentence. Joining it into a bigger string keeps
    only the English: render first (the pseudo-language tests find such a place)."""

    msgid: str
    params: dict[str, Any]
    plural: str | None
    context: str | None
    domain: str

    def __new__(
        cls,
        msgid: str,
        params: dict[str, Any] | None = None,
        plural: str | None = None,
        context: str | None = None,
        domain: str = DEFAULT_DOMAIN,
    ) -> Text:
        return _make(cls, msgid, dict(params) if params else {}, plural, context, domain)

    def render(self, lang: str) -> str:
        """This text in ``lang`` (``"en"``, ``"cs"``, …); English when no catalog is installed."""

        fn = _renderer
        if lang == "en" or fn is None:
            return str.__str__(self)
        # a Text is immutable: rendered once per language (and per installed renderer: a
        # test's spy or a new catalog renderer renders afresh); its parameters' Texts too
        d = self.__dict__
        memo = d.get("_memo")
        if memo is None or memo[0] is not fn:
            memo = d["_memo"] = (fn, {})
        done = memo[1].get(lang)
        if done is None:
            done = memo[1][lang] = fn(lang, self.domain, self.msgid, self.params, self.plural, self.context)
        return done

    def __str__(self) -> str:
        return str.__str__(self)

    def __repr__(self) -> str:
        return f"Text({self.msgid!r}, {self.params!r})"

    def __reduce__(self) -> tuple:
        return (Text, (self.msgid, self.params, self.plural, self.context, self.domain))

    def __copy__(self) -> Text:
        return self

    def __deepcopy__(self, memo: dict) -> Text:
        return self


def _make(cls: type, msgid: str, params: dict[str, Any], plural: str | None, context: str | None, domain: str) -> Text:
    """A ``cls`` (Text or a subclass) owning ``params`` as given (no copy: T, Tn and Tp pass a
    fresh dict): the constructor of every engine's texts, on the hot path of ``apply``."""

    self = str.__new__(cls, _english(domain, msgid, params, plural, context))
    d = self.__dict__
    d["msgid"], d["params"], d["plural"], d["context"], d["domain"] = msgid, params, plural, context, domain
    return self


class Code(Text):
    """Words that are not language and read the same in every language: notation words a
    player types (``"buy ma04 hall2"``), ids (``"t12"``, ``"ma04"``), coordinates. Still a
    :class:`Text`, so it goes through the catalogs' renderer like every other text (the
    test pseudo-language brackets it as deliberate), but no catalog translates it."""

    def __new__(cls, value: Any) -> Code:
        value = str(value)
        self = str.__new__(cls, value)  # its English is the value itself (no formatting)
        d = self.__dict__
        d["msgid"], d["params"], d["plural"], d["context"], d["domain"] = (
            CODE,
            {"code": value},
            None,
            None,
            DEFAULT_DOMAIN,
        )
        return self


#: the message id of :class:`Code` (no catalog has it, so it renders as its value)
CODE = "{code}"


class Joined(tuple):
    """Values rendered one by one and joined by ``sep`` (a list parameter joins with ``", "``):
    ``Joined([t1, t2], " / ")``. The separator is punctuation, the same in every language."""

    sep: str

    def __new__(cls, items: Any, sep: str = ", ") -> Joined:
        self = super().__new__(cls, items)
        self.sep = sep
        return self

    def __reduce__(self) -> tuple:
        return (Joined, (tuple(self), self.sep))


class Clause(Text):
    """A sentence used as a clause inside another sentence: ``value`` (a :class:`Text`, a
    :class:`Joined` of them, or plain text) rendered in the reader's language without its
    final full stop, as in "hidden information came to light ({what})"."""

    def __new__(cls, value: Any) -> Clause:
        self = str.__new__(cls, english(value).rstrip("."))
        d = self.__dict__
        d["msgid"], d["params"], d["plural"], d["context"], d["domain"] = (
            CLAUSE,
            {"clause": value},
            None,
            None,
            DEFAULT_DOMAIN,
        )
        return self

    def render(self, lang: str) -> str:
        return super().render(lang).rstrip(".")

    def __reduce__(self) -> tuple:
        return (Clause, (self.params["clause"],))


#: the message id of :class:`Clause` (no catalog has it, so it renders as its value)
CLAUSE = "{clause}"


def render(value: Any, lang: str) -> str:
    """``value`` for a reader of ``lang``: a :class:`Text` rendered, a :class:`Joined` joined
    by its separator, a list or tuple of values joined by ``", "``, anything else as ``str``."""

    if isinstance(value, Text):
        return value.render(lang)
    if isinstance(value, Joined):
        return value.sep.join(render(v, lang) for v in value)
    if isinstance(value, (list, tuple)):
        return ", ".join(render(v, lang) for v in value)
    return str(value)


def english(value: Any) -> str:
    """``value`` as plain English ``str`` (a Text's sentence, lists joined)."""

    return render(value, "en")


def texts(domain: str) -> tuple[Callable[..., Text], Callable[..., Text], Callable[..., Text]]:
    """``(T, Tn, Tp)`` bound to the catalog ``domain`` (a game id): a game's module writes
    ``T, Tn, Tp = texts("transport")`` so that extraction finds its calls by those names."""

    def T(msgid: str, /, **params: Any) -> Text:  # noqa: N802 (gettext's conventional names)
        return _make(Text, msgid, params, None, None, domain)

    def Tn(singular: str, plural: str, n: int, /, **params: Any) -> Text:  # noqa: N802
        return _make(Text, singular, {"n": n, **params}, plural, None, domain)

    def Tp(context: str, msgid: str, /, **params: Any) -> Text:  # noqa: N802
        return _make(Text, msgid, params, None, context, domain)

    return T, Tn, Tp


T, Tn, Tp = texts(DEFAULT_DOMAIN)
T.__doc__ = "A message of the host's catalog (see :class:`Text`)."
Tn.__doc__ = "A message with plural forms for the number ``n`` (``{n}`` in the text)."
Tp.__doc__ = "A message in a context (a short word: an image label, a colour …)."


def N_(msgid: str) -> str:  # noqa: N802
    """Marks ``msgid`` for extraction where it is translated later by its value."""

    return msgid


# ----- stored texts ---------------------------------------------------------------------------
def _param_json(value: Any) -> Any:
    """:func:`to_json` of a Text's parameter. A Text parameter's JSON is kept on it (a Text is
    immutable; a cell's code, a tile's name or a colour is one shared Text met in event after
    event), so its JSON is built once and shared: callers replace stored JSON, never change
    it in place."""

    if isinstance(value, Text):
        d = value.__dict__
        known = d.get("_json")
        if known is None:
            known = d["_json"] = to_json(value)
        return known
    return to_json(value)


def to_json(value: Any) -> Any:
    """``value`` as plain JSON: a Text as ``{"t": msgid, "p": {...}, "n": plural, "c":
    context, "d": domain}`` (only the keys that are set; parameters converted the same way),
    a list element by element, anything else as it is (str, int, None …)."""

    if isinstance(value, Text):
        out: dict[str, Any] = {"t": value.msgid}
        if value.params:
            out["p"] = {k: _param_json(v) for k, v in value.params.items()}
        if value.plural is not None:
            out["n"] = value.plural
        if value.context is not None:
            out["c"] = value.context
        if value.domain != DEFAULT_DOMAIN:
            out["d"] = value.domain
        return out
    if isinstance(value, Joined):
        return {"j": [to_json(v) for v in value], "s": value.sep}
    if isinstance(value, (list, tuple)):
        return [to_json(v) for v in value]
    if isinstance(value, str):
        return str.__str__(value)
    return value


def from_json(data: Any) -> Any:
    """The inverse of :func:`to_json`: a stored dict back as a :class:`Text`; a plain string
    (stored before texts were structured) as itself."""

    if isinstance(data, dict) and "j" in data:
        return Joined([from_json(v) for v in data["j"]], data.get("s", ", "))
    if isinstance(data, dict) and "t" in data:
        params = {k: from_json(v) for k, v in (data.get("p") or {}).items()}
        return Text(data["t"], params, data.get("n"), data.get("c"), data.get("d", DEFAULT_DOMAIN))
    if isinstance(data, list):
        return [from_json(v) for v in data]
    return data
