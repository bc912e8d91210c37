"""The command tree in every language: discord.py's :class:`~discord.app_commands.Translator`
over the gettext catalogs (:mod:`bot.i18n`).

Discord shows each member the command, option and choice names and descriptions of their
client's language (``name_localizations`` / ``description_localizations`` in the uploaded
tree). :class:`CatalogTranslator` gives them for Czech, Dutch and Lithuanian:

* a command's or group's name is the message of context ``"command"``, an option's name of
  context ``"option"`` (the same English word can be a command and an option, translated
  apart); descriptions and choice names are plain messages;
* a name is given only when it follows Discord's rule (lowercase, no spaces, 1–32 letters,
  digits, ``-`` or ``_``: :data:`NAME_RULE`), a description only when it fits in 100
  characters; otherwise (and for a message with no translation) Discord shows the English.

:func:`command_messages` lists every message of a tree (for the Babel extraction method in
:mod:`bot.i18n_extract` and for the tests).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.i18n import DEFAULT, LOCALE_DIR, catalog, language, translation

__all__ = ["NAME_RULE", "CatalogTranslator", "catalogs_digest", "command_messages", "translate", "valid_name"]

#: Discord's rule for a command or option name in any language (``\p{L}``/``\p{N}`` as
#: Python's ``\w`` without ``_``; Devanagari and Thai letters are ``\w`` too), lowercase
NAME_RULE = re.compile(r"^[-_\w]{1,32}$")

#: the message context of each kind of name (descriptions and choices have none)
NAME_CONTEXT = {
    Where.command_name: "command",
    Where.group_name: "command",
    Where.parameter_name: "option",
}


def valid_name(name: str) -> bool:
    """Whether Discord accepts ``name`` as a command or option name."""

    return bool(NAME_RULE.match(name)) and name == name.lower()


class CatalogTranslator(app_commands.Translator):
    """Names and descriptions of the command tree from the catalogs (see the module doc)."""

    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContext
    ) -> str | None:
        return translate(string.message, locale, context.location)


def translate(message: str, locale: Any, where: Where) -> str | None:
    """``message`` (a name, description or choice name of the command tree at ``where``) in
    ``locale``'s language, ``None`` when Discord should show the English."""

    lang = language(locale)
    if lang is None or lang == DEFAULT:
        return None
    ctx = NAME_CONTEXT.get(where)
    out = translation(lang, message, ctx)
    if not out:
        return None  # no translation: Discord falls back to the English
    if ctx:
        return out if valid_name(out) else None
    return out if 1 <= len(out) <= 100 else None


def command_messages(tree: app_commands.CommandTree) -> Iterator[tuple[str | None, str, str]]:
    """(context, message, where) of every name, description and choice of ``tree``."""

    seen: set[tuple[str | None, str]] = set()

    def once(ctx: str | None, msg: str, where: str) -> Iterator[tuple[str | None, str, str]]:
        if msg and (ctx, msg) not in seen:
            seen.add((ctx, msg))
            yield ctx, msg, where

    for command in tree.walk_commands():
        path = command.qualified_name
        yield from once("command", command.name, f"/{path}")
        yield from once(None, command.description, f"/{path}")
        for param in getattr(command, "parameters", []):
            yield from once("option", param.name, f"/{path} {param.name}")
            yield from once(None, param.description, f"/{path} {param.name}")
            for choice in param.choices:
                yield from once(None, choice.name, f"/{path} {param.name}")


def catalogs_digest() -> str:
    """A digest of every catalog's translations (not of its file: a new extraction date alone
    changes nothing): part of the command tree's hash, so changed translations are uploaded
    like changed commands."""

    h = hashlib.sha256()
    for po in sorted(LOCALE_DIR.glob("*/LC_MESSAGES/*.po")):
        lang = po.parent.parent.name
        h.update(lang.encode())
        found = getattr(catalog(lang), "_catalog", {})
        for key in sorted(found, key=str):
            h.update(repr((key, found[key])).encode())
    return h.hexdigest()
