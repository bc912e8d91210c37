"""Each game's own slash-command group, built GENERICALLY from its engine's action models.

For a game whose command group is ``"fm"`` (:mod:`bot.games`) and action models ``Bid(type="bid", amount: int)``,
``Build(type="build", tile: str, hall: Literal["hall1", "hall2"])`` … this builds ``/fm bid
amount:<int>``, ``/fm build tile:<str> hall:<str>``: one subcommand per action type, one option
per field, in notation order. Every option is autocompleted from the values that field takes in
the caller's legal actions of that type (narrowed by the options already filled in). A submitted
subcommand becomes the game's Action (:func:`build_action`) and is handled exactly like ``/move``
(the service checks it against the legal actions): a new game gets its commands with no bot code.

Field types map to Discord option types: ``int`` → integer, ``bool`` → boolean, anything else
(``str``, ``Literal[...]``, trailing ``list[...]``: values separated by spaces) → string; an
optional or defaulted field is an optional option.

Discord's limits (25 subcommands per group, 25 options per command) never drop a move: past 25
action models the group keeps ``25 - k`` models as subcommands and puts the others in ``k``
subgroups ``more``, ``more-2``, … (``/kanban more take``); past 25 fields a command has 24 field
options and a last option :data:`REST_OPTION` taking the remaining fields in notation order,
separated by spaces (:func:`layout`).
"""

from __future__ import annotations

import inspect
import logging
import re
import typing
from typing import Any, Literal, get_args, get_origin

import discord
from discord import app_commands

from bot.games import command_group
from engines.base import ActionModel, field_shape

MAX_CHOICES = 25
#: Discord's limits: subcommands (and subgroups) per group, options per command
MAX_SUBCOMMANDS = MAX_OPTIONS = 25
#: the last option of a command whose model has more than 25 fields: the remaining ones
REST_OPTION = "more"
log = logging.getLogger("boardhost.discord")
_NAME_OK = re.compile(r"[^a-z0-9_-]+")


def option_kind(model: type[ActionModel], field: str) -> tuple[type, bool]:
    """(Python type of the Discord option, required?) for one field of an action model."""

    shape = field_shape(model.model_fields[field])
    if shape.kind == "bool":
        return bool, shape.required
    if shape.kind == "int":
        return int, shape.required
    if shape.kind == "choice" and all(isinstance(a, int) and not isinstance(a, bool) for a in shape.choices):
        return int, shape.required
    return str, shape.required


def is_list_field(model: type[ActionModel], field: str) -> bool:
    return field_shape(model.model_fields[field]).kind == "list"


def command_name(model: type[ActionModel]) -> str:
    """The subcommand name of an action model: its ``type``, lowercase, ≤ 32 characters."""

    raw = str(model.model_fields["type"].default).lower().replace(" ", "-")
    return _NAME_OK.sub("-", raw)[:32]


def field_text(value: Any) -> str:
    """A field's value as it appears in the notation (``yes``/``no``, lists spread)."""

    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        return " ".join(field_text(v) for v in value)
    return str(value).lower()


def field_choices(
    model: type[ActionModel],
    field: str,
    legal: list[ActionModel],
    filled: dict[str, Any],
    current: str,
    describe: typing.Callable[[ActionModel], str] | None = None,
) -> list[app_commands.Choice]:
    """Autocomplete choices for ``field``: the distinct values it takes in the caller's legal
    actions of this type that agree with the options already filled in, filtered by the typed
    text (values starting with it first, then those containing it), at most 25, otherwise in
    the engine's order. When a value stands for exactly one action, its
    name also carries ``describe(action)`` ("ma04 — Buy ma04 …")."""

    kind, _ = option_kind(model, field)
    typed = str(current or "").strip().lower()
    seen: list[str] = []
    out: list[app_commands.Choice] = []
    matching: dict[str, list[ActionModel]] = {}
    for action in legal:
        if isinstance(action, model):
            matching.setdefault(field_text(getattr(action, field)), []).append(action)
    for action in legal:
        if not isinstance(action, model):
            continue
        agree = True
        for other, given in filled.items():
            if other == field or given is None or given == "":
                continue
            if field_text(getattr(action, other, None)) != field_text(given).strip().lower():
                agree = False
                break
        if not agree:
            continue
        value = getattr(action, field)
        text = field_text(value)
        if value is None or text in seen:
            continue
        if typed and typed not in text:
            continue
        seen.append(text)
        name = text
        group = matching.get(text, [])
        if describe is not None and len(group) == 1:
            name = f"{text} — {describe(group[0])}"
        if kind is int:
            out.append(app_commands.Choice(name=name[:100], value=int(value)))
        elif kind is bool:
            continue  # booleans get Discord's own True/False picker
        else:
            out.append(app_commands.Choice(name=name[:100], value=text[:100]))
    if typed:
        # sorted() is stable: within each group the engine's order stays
        out = sorted(out, key=lambda c: not str(c.value).lower().startswith(typed))
    return out[:MAX_CHOICES]


def build_action(model: type[ActionModel], values: dict[str, Any]) -> ActionModel:
    """The action typed options stand for. ``ValueError`` with a readable sentence when the
    values do not make an action of this type (the engine still decides whether it is legal)."""

    values = dict(values)
    fields = model.arg_fields()
    _, rest_fields = split_fields(model)
    rest_text = values.pop(REST_OPTION, None) if rest_fields else None
    if rest_fields and rest_text:
        tokens = str(rest_text).replace(",", " ").split()
        for i, name in enumerate(rest_fields):
            if i >= len(tokens):
                break
            last = i == len(rest_fields) - 1
            values[name] = " ".join(tokens[i:]) if last and is_list_field(model, name) else tokens[i]
    data: dict[str, Any] = {}
    for name in fields:
        value = values.get(name)
        if value is None or (isinstance(value, str) and not value.strip()):
            continue
        shape = field_shape(model.model_fields[name])
        if shape.kind == "list":
            tokens = str(value).replace(",", " ").split()
            data[name] = [_coerce(tok, shape.item, name) for tok in tokens]
        else:
            data[name] = _coerce(value, shape.inner, name)
    try:
        return model(**data)
    except Exception:
        raise ValueError(f"Those options do not make a valid `{model.verb()}`; pick the suggested values.") from None


def split_fields(model: type[ActionModel]) -> tuple[list[str], list[str]]:
    """(fields that get their own option, fields typed in :data:`REST_OPTION`): all fields get
    an option when there are at most 25, else the first 24 do and the rest share the last."""

    fields = model.arg_fields()
    if len(fields) <= MAX_OPTIONS:
        return fields, []
    return fields[: MAX_OPTIONS - 1], fields[MAX_OPTIONS - 1 :]


def layout(models: typing.Sequence[type[ActionModel]]) -> tuple[list[type[ActionModel]], list[list[type[ActionModel]]]]:
    """How a group holds ``models`` within Discord's 25 entries: (direct subcommands,
    subgroups' models). All are direct up to 25; else ``k`` subgroups of at most 25 (the
    fewest that fit) and ``25 - k`` direct subcommands, in the engine's order.
    ``ValueError`` past 25 × 25 - … (624) models."""

    models = list(models)
    if len(models) <= MAX_SUBCOMMANDS:
        return models, []
    for k in range(1, MAX_SUBCOMMANDS + 1):
        direct = MAX_SUBCOMMANDS - k
        if len(models) - direct <= k * MAX_SUBCOMMANDS:
            rest = models[direct:]
            return models[:direct], [rest[i : i + MAX_SUBCOMMANDS] for i in range(0, len(rest), MAX_SUBCOMMANDS)]
    raise ValueError(f"{len(models)} action models do not fit in one Discord command group")


def _coerce(value: Any, annotation: Any, name: str) -> Any:
    if isinstance(value, bool) or annotation is bool:
        return value
    if annotation is int:
        try:
            return int(value)
        except (TypeError, ValueError):
            raise ValueError(f"`{name}` must be a whole number.") from None
    if get_origin(annotation) is Literal:
        text = str(value).strip().lower()
        for option in get_args(annotation):
            if str(option).lower() == text:
                return option
        allowed = ", ".join(str(o) for o in get_args(annotation))
        raise ValueError(f"`{name}` must be one of: {allowed}.")
    return str(value).strip().lower() if isinstance(value, str) else value


Handler = typing.Callable[[discord.Interaction, Any, type[ActionModel], dict[str, Any]], typing.Awaitable[None]]
#: ``(interaction, engine) -> (legal actions of the caller, describe function or None)``
LegalFor = typing.Callable[
    [discord.Interaction, Any],
    typing.Awaitable[tuple[list[ActionModel], typing.Callable[[ActionModel], str] | None]],
]


def build_group(engine: Any, on_move: Handler, legal_for: LegalFor) -> app_commands.Group | None:
    """The ``/<command_group(engine)>`` group with one subcommand per action model, or ``None``
    for an engine without a command group.

    ``on_move(interaction, engine, model, values)`` handles a submitted subcommand (as
    ``/move`` does; :func:`build_action` makes the action); ``legal_for(interaction, engine)``
    returns the caller's legal actions at the interaction's table (``[]`` when they cannot
    act or the table plays another game); it must be fast: autocomplete cannot be deferred.
    """

    name = command_group(engine)
    if not name:
        return None
    group = app_commands.Group(name=name[:32], description=f"{engine.title}: your moves as typed commands"[:100])
    direct, subgroups = layout(engine.action_models)
    for model in direct:
        group.add_command(_build_command(engine, name, model, on_move, legal_for))
    for i, models in enumerate(subgroups):
        verbs = f"{command_name(models[0])} … {command_name(models[-1])}"
        sub = app_commands.Group(
            name="more" if i == 0 else f"more-{i + 1}",
            parent=group,
            description=f"{engine.title}: more moves ({verbs})"[:100],
        )
        for model in models:
            sub.add_command(_build_command(engine, name, model, on_move, legal_for))
    return group


def _build_command(
    engine: Any, group_name: str, model: type[ActionModel], on_move: Handler, legal_for: LegalFor
) -> app_commands.Command:
    fields, rest = split_fields(model)
    params = [inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction)]
    descriptions: dict[str, str] = {}
    for field in fields:
        kind, required = option_kind(model, field)
        params.append(
            inspect.Parameter(
                field,
                inspect.Parameter.KEYWORD_ONLY,
                annotation=kind,
                default=inspect.Parameter.empty if required else None,
            )
        )
        info = model.model_fields[field]
        desc = (info.description or field.replace("_", " ")).replace("`", "")
        shape = field_shape(info)
        if not info.description and shape.kind == "choice":
            desc += ": " + ", ".join(str(a) for a in shape.choices)
        if not required:
            desc += " (optional)"
        if is_list_field(model, field):
            desc += " (several: separate with spaces)"
        descriptions[field] = desc[:100]
    if rest:
        params.append(inspect.Parameter(REST_OPTION, inspect.Parameter.KEYWORD_ONLY, annotation=str, default=None))
        descriptions[REST_OPTION] = ("The other fields in order, separated by spaces: " + " ".join(rest))[:100]

    async def callback(interaction: discord.Interaction, **values: Any) -> None:
        await on_move(interaction, engine, model, values)

    callback.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    callback = app_commands.describe(**descriptions)(callback)
    doc = (model.__doc__ or "").strip().splitlines()
    description = doc[0] if doc and doc[0] and not doc[0].startswith("Base of every") else f"{model.verb()}"
    description = description.replace("``", "").replace("`", "")
    command = app_commands.Command(name=command_name(model), description=description[:100], callback=callback)

    for field in fields:
        kind, _ = option_kind(model, field)
        if kind is bool:
            continue

        def make(field_name: str):
            async def autocomplete(interaction: discord.Interaction, current: Any) -> list[app_commands.Choice]:
                try:
                    legal, describe = await legal_for(interaction, engine)
                    filled = {k: v for k, v in vars(interaction.namespace).items() if k in model.model_fields}
                    return field_choices(model, field_name, legal, filled, str(current or ""), describe)
                except Exception:  # autocomplete cannot answer with an error: log, offer nothing
                    log.exception("table %s: /%s autocomplete failed", interaction.channel_id, group_name)
                    return []

            return autocomplete

        command.autocomplete(field)(make(field))
    return command


__all__ = [
    "REST_OPTION",
    "build_action",
    "build_group",
    "command_name",
    "field_choices",
    "layout",
    "option_kind",
    "split_fields",
]
