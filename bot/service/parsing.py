"""Reading what users type: game options and table settings, and the engine of a game id.

The values an option takes are read through :func:`engines.base.field_shape`, the one
reader of pydantic field annotations (also used by ``/game new``'s suggestions)."""

from __future__ import annotations

import shlex
from typing import Any

from pydantic import ValidationError

from bot.games import title
from bot.i18n import T, Text
from bot.service.results import UserError, said
from bot.timers import TableSettings, format_duration, parse_duration, parse_reminders
from engines import registry
from engines.base import field_shape
from engines.i18n import Code
from engines.search import LEVELS

__all__ = ["engine_for", "option_values", "parse_options", "parse_settings"]


def engine_for(game_id: str) -> Any:
    """The registered engine of ``game_id``, also given as its title (what `/game new`'s
    suggestions show: ``Kanban EV``), either in any case and with extra spaces. UserError
    (naming the games) when there is none."""

    try:
        return registry.get(game_id)
    except KeyError:
        pass
    wanted = " ".join(str(game_id).split()).casefold()
    for gid in registry.ids():
        engine = registry.get(gid)
        if wanted in (gid.casefold(), " ".join(engine.title.split()).casefold()):
            return engine
    names = ", ".join(f"{registry.get(g).title} (`{g}`)" for g in registry.ids())
    raise UserError(T("There is no game called `{game}`; games: {games}.", game=game_id, games=names)) from None


def default_strength() -> str:
    """The host's AI strength from the settings (``BOARDHOST_AI_STRENGTH``, default normal)."""

    from bot.settings import load_settings

    return load_settings().ai_strength


def check_strength(strength: str) -> str:
    """``strength`` lowercased if it is one of the AI strengths, else UserError (one sentence)."""

    value = " ".join(strength.split()).lower()
    if value not in LEVELS:
        raise UserError(T("`{strength}` is not an AI strength: choose easy, normal or strong.", strength=strength))
    return value


_DURATIONS = ("turn_limit", "remind_after", "remind_every")
#: the longest turn limit or reminder interval a table may set (30 days), and the shortest (1 minute)
MAX_TURN_LIMIT = 30 * 24 * 3600
MIN_INTERVAL = 60


def parse_settings(changes: dict | None, base: TableSettings | None = None) -> TableSettings:
    """``base`` (default: the defaults) with ``changes`` applied: keys of
    :class:`bot.timers.TableSettings`; ``turn_limit``/``remind_after``/``remind_every``
    accept text (``24h``, ``12h``, ``off``), ``reminders`` a schedule as
    :func:`bot.timers.parse_reminders` reads it (``12h then daily``, ``12h,1d``, ``off``).
    UserError (one sentence) for a bad key or value."""

    data = (base or TableSettings()).model_dump()
    for key, value in (changes or {}).items():
        if value is None:
            continue
        try:
            if key == "reminders":
                data["remind_after"], data["remind_every"] = parse_reminders(str(value))
            elif key in _DURATIONS:
                data[key] = parse_duration(value)
            elif key in data:
                data[key] = value
            else:
                raise ValueError(T("There is no setting `{key}`.", key=key))
        except ValueError as exc:
            raise UserError(said(exc)) from None
    for key in _DURATIONS:
        # a turn that may last months is a typo more often than a wish (`99999d`), and a
        # reminder every few seconds is noise: one sentence with the allowed range
        value = data.get(key)
        if value is not None and not MIN_INTERVAL <= value <= MAX_TURN_LIMIT:
            if key == "turn_limit":
                raise UserError(
                    T("A turn limit must be between 1m and 30d; `{value}` is not.", value=format_duration(value))
                )
            raise UserError(
                T("A reminder interval must be between 1m and 30d; `{value}` is not.", value=format_duration(value))
            )
    default = TableSettings()
    if (changes or {}).get("turn_limit") is not None and not any(
        (changes or {}).get(k) is not None for k in ("reminders", "remind_after", "remind_every")
    ):
        limit = data.get("turn_limit")
        if (
            limit
            and (data["remind_after"], data["remind_every"]) == (default.remind_after, default.remind_every)
            and default.remind_after >= limit
        ):
            # the host set only a turn limit shorter than the default first reminder (12h):
            # that schedule would never remind anyone before the deadline, so remind once
            # halfway through the turn instead (an explicit `reminders:` is kept as given)
            data["remind_after"], data["remind_every"] = limit // 2, None
    try:
        return TableSettings.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        raise UserError(
            T("The setting `{key}` cannot take that value.", key=".".join(map(str, err.get("loc", ()))))
        ) from None


def parse_options(game_id: str, options: dict | str | None) -> dict:
    """Validated options of ``game_id`` as a JSON-able dict.

    ``options`` is a dict, ``None``, or the text a user types: ``key=value key=value``
    (quotes allowed, ``true/false/yes/no`` and numbers converted by the Options model).
    Raises :class:`UserError` for unknown keys or bad values, naming the valid keys, and
    for an option given twice (``first_game=true first_game=false``), naming it.
    """

    engine = engine_for(game_id)
    model = engine.Options
    fields = list(model.model_fields)
    keys = ", ".join(fields) if fields else "none"
    if options is None:
        raw: dict = {}
    elif isinstance(options, str):
        raw = {}
        try:
            tokens = shlex.split(options)
        except ValueError:
            raise UserError(T("Write options as key=value pairs separated by spaces.")) from None
        for token in tokens:
            key, sep, value = token.partition("=")
            key = key.strip().lower().replace("-", "_")
            if not sep or not key:
                raise UserError(
                    T(
                        "Write options as key=value (got `{token}`); options of {game}: {keys}.",
                        token=token,
                        game=title(engine),
                        keys=keys,
                    )
                )
            if key in raw:  # never resolved last-wins: the user meant one of the two
                raise UserError(T("The option `{key}` is given twice; give each option once.", key=key))
            raw[key] = value.strip()
    else:
        raw = dict(options)
    unknown = [k for k in raw if k not in model.model_fields]
    if unknown:
        raise UserError(
            T("{game} has no option `{key}`; its options: {keys}.", game=title(engine), key=unknown[0], keys=keys)
        )
    try:
        return model.model_validate(raw).model_dump(mode="json")
    except ValidationError as exc:
        err = exc.errors()[0]
        name = str(err["loc"][0]) if err.get("loc") else ""
        if name not in model.model_fields:  # not about one option: should not happen with our models
            raise UserError(
                T("These options do not fit together; options of {game}: {keys}.", game=title(engine), keys=keys)
            ) from None
        got = raw.get(name)
        values = option_values(model.model_fields[name])
        if got in (None, ""):
            raise UserError(
                T("{game} option `{key}` takes {values}.", game=title(engine), key=name, values=values)
            ) from None
        raise UserError(
            T(
                "{game} option `{key}` takes {values}, not `{got}`.",
                game=title(engine),
                key=name,
                values=values,
                got=got,
            )
        ) from None


def option_values(field: Any) -> Text | str:
    """The values an Options field takes, in words: ``"true or false"``, ``"mean or nice"``,
    ``"a whole number from 1 to 5"``, ``"text"`` (``field``: a pydantic ``FieldInfo``)."""

    shape = field_shape(field)
    if shape.kind == "bool":
        return T("true or false")
    if shape.kind == "choice":
        words = [Code(v) for v in shape.choices]
        return words[0] if len(words) == 1 else T("{values} or {last}", values=words[:-1], last=words[-1])
    if shape.kind == "int":
        if shape.low is not None and shape.high is not None:
            return T("a whole number from {low} to {high}", low=shape.low, high=shape.high)
        if shape.low is not None:
            return T("a whole number of at least {low}", low=shape.low)
        return T("a whole number")
    return T("text") if shape.kind == "text" else T("a value of the right kind")
