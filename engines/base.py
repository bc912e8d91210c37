"""The engine contract shared by every game (docs/architecture.md, "The engine contract").

An engine is pure: ``setup`` builds a :class:`pydantic.BaseModel` state from seat ids,
options and a seed; ``apply`` returns a new state and the events it caused and never
mutates its input. Nothing here knows Discord, a database or Pillow.

This module gives every game:

* :class:`IllegalAction` (a move the rules forbid), :class:`NotationError` (text that names
  no move), :class:`Event`, :class:`Outcome`;
* :class:`ActionModel` and :func:`action_union`, the discriminated union of a game's actions;
* :func:`default_notation` / :func:`default_parse`, the shared text form of an action
  (``"bid 2"``, ``"buy ma04 hall2"``, ``"done"``);
* :func:`rng`, seeded randomness (``random.Random`` built from the seed and a salt);
* :class:`Engine`, a base class with the contract's members and sensible defaults.
"""

from __future__ import annotations

import random
import re
import types
import typing
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import Annotated, Any, ClassVar, Literal, Union, get_args, get_origin

from pydantic import BaseModel, ConfigDict, Field, SkipValidation, TypeAdapter

from engines.copying import built
from engines.i18n import DEFAULT_DOMAIN, N_, Code, T, Text
from engines.search import LEVELS, SearchAI

__all__ = [
    "IllegalAction",
    "NotationError",
    "Event",
    "event",
    "Outcome",
    "ActionModel",
    "action_union",
    "cached_action",
    "Choice",
    "default_notation",
    "default_parse",
    "field_type",
    "FieldShape",
    "field_shape",
    "normalize",
    "rng",
    "shuffled",
    "Engine",
]


class IllegalAction(Exception):
    """A move the rules forbid.

    ``str(exc)`` is one plain sentence a player can read ("You have only 2 available
    workers."). Raising it never changes any state: engines raise before they build
    the new state. ``show_moves`` is true when the sentence does not say what the player
    could do instead, so a host should point them at the list of their legal moves.
    """

    def __init__(self, reason: str, *, show_moves: bool = False):
        super().__init__(reason)
        self.reason = reason
        self.show_moves = show_moves


class NotationError(IllegalAction):
    """Text that names no move of the game (``parse`` failed), as opposed to a move the rules
    forbid. A subclass of :class:`IllegalAction`, so a caller that treats both alike still
    works; ``show_moves`` is always true.
    """

    def __init__(self, reason: str):
        super().__init__(reason, show_moves=True)


class Event(BaseModel):
    """Something that happened, for the channel or for one player.

    ``type``: a short kebab-case tag (``"bid"``, ``"round-start"``); ``text``: one sentence,
    a :class:`engines.i18n.Text` (kept as it is, so a host can render it in each reader's
    language) or a plain English ``str``; ``visible_to``: ``None`` for public events, else
    the seat ids that may read it.
    """

    model_config = ConfigDict(frozen=True)

    type: str
    text: SkipValidation[str]
    visible_to: list[str] | None = None

    @property
    def public(self) -> bool:
        return self.visible_to is None


def event(type: str, text: str, visible_to: list[str] | None = None) -> Event:
    """``Event(type=type, text=text)`` (with ``visible_to=visible_to`` when it is not None),
    built without validation for an engine's hot path: the same event, field for field
    (its set fields included); the arguments must already be a str, a str and a list of str."""

    fields_set = {"type", "text"} if visible_to is None else {"type", "text", "visible_to"}
    return built(Event, {"type": type, "text": text, "visible_to": visible_to}, fields_set)


@dataclass(frozen=True)
class Outcome:
    """What ``apply`` returns: the new state and the events, in the order they happened."""

    state: Any
    events: list[Event] = field(default_factory=list)


class ActionModel(BaseModel):
    """Base of every action model.

    A subclass declares ``type: Literal["bid"] = "bid"`` and its fields in the order
    they are written in the notation. Field types should stay simple (``int``, ``str``,
    ``bool``, ``Literal[...]``, ``X | None`` at the end, or a trailing ``list[int]`` /
    ``list[str]``) so that :func:`default_notation`, :func:`default_parse` and the bot's
    typed subcommands work without game-specific code.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    #: words of the notation's verb; default: ``type`` with ``_`` and ``-`` as spaces
    words: ClassVar[str | None] = None
    #: the sentence :meth:`Engine.describe` gives by default, formatted with the fields
    #: (``"Take {count} {part} from its warehouse."``); ``None``: the capitalised notation
    sentence: ClassVar[str | None] = None

    @classmethod
    def verb(cls) -> str:
        if cls.words:
            return cls.words
        t = cls.model_fields["type"].default
        return re.sub(r"[_\-]+", " ", str(t))

    @classmethod
    def arg_fields(cls) -> list[str]:
        return [name for name in cls.model_fields if name != "type"]


def cached_action(model: type[ActionModel]) -> Callable[..., ActionModel]:
    """A constructor of ``model`` that takes its fields positionally, in notation order
    (``buy_ = cached_action(Buy)``; ``buy_("ma04", "hall1")``), and hands out one shared
    instance per distinct value: actions are frozen, and an engine listing the same legal
    actions again and again need not validate them again."""

    names = model.arg_fields()

    @cache
    def make(*values: Any) -> ActionModel:
        return model(**dict(zip(names, values, strict=True)))

    make.__name__ = make.__qualname__ = f"cached_{model.__name__}"
    return make


def action_union(*models: type[ActionModel]) -> tuple[Any, TypeAdapter]:
    """The discriminated union of a game's action models and its TypeAdapter.

    Returns ``(Action, adapter)``; ``adapter.validate_python({"type": "bid", "amount": 2})``
    builds the right model, ``adapter.dump_python(action, mode="json")`` stores it.
    """

    if len(models) == 1:
        union: Any = models[0]
    else:
        union = Annotated[Union[models], Field(discriminator="type")]  # type: ignore[valid-type]  # noqa: UP007  (a tuple of models)
    return union, TypeAdapter(union)


_SPACES = re.compile(r"\s+")
#: characters that show as nothing (zero-width space, joiners, word joiner, byte-order mark):
#: Discord does not trim them, and they never belong in a move
_INVISIBLE = re.compile("[\u200b-\u200d\u2060\ufeff]")


def normalize(text: str) -> str:
    """Lowercase, trimmed, single-spaced text: every Unicode space (a no-break space,
    U+3000, …) counts as a space, invisible characters as nothing."""

    return _SPACES.sub(" ", _INVISIBLE.sub("", text).strip().lower())


def field_type(annotation: Any) -> tuple[Any, bool]:
    """``(inner type, optional?)`` of an action field's annotation: ``int | None`` ->
    ``(int, True)``, ``list[str]`` -> ``(list[str], False)`` (shared by the notation and
    the host's option parsing)."""

    origin = get_origin(annotation)
    if origin in (Union, types.UnionType):
        args = [a for a in get_args(annotation) if a is not type(None)]
        if len(args) == 1:
            return args[0], True
    return annotation, False


@dataclass(frozen=True)
class FieldShape:
    """What one field of a pydantic model (a game's ``Options`` or one of its
    action models) takes, as :func:`field_shape` reads it from the field's annotation.

    ``kind`` is ``"bool"``, ``"int"``, ``"choice"`` (a ``Literal``: ``choices`` holds its
    values in order), ``"list"`` (``list[...]`` or ``tuple[...]``: ``item`` is the element
    annotation, ``str`` when unsaid), ``"text"`` (``str``) or ``"other"``. ``inner`` is the
    annotation without ``| None``; ``optional``: ``None`` is allowed; ``required``: the field
    has no default and is not optional; ``low`` / ``high``: the ``Field(ge=…, le=…)`` bounds
    (``None``: unbounded)."""

    kind: str
    inner: Any
    optional: bool = False
    required: bool = False
    choices: tuple[Any, ...] = ()
    item: Any = None
    low: Any = None
    high: Any = None


def field_shape(info: Any) -> FieldShape:
    """The :class:`FieldShape` of ``info``, a pydantic ``FieldInfo``
    (``Model.model_fields[name]``): the one reader of option and action field annotations
    for the host's option parsing and its option suggestions."""

    inner, optional = field_type(info.annotation)
    origin = get_origin(inner)
    low = high = None
    for meta in info.metadata:
        low = getattr(meta, "ge", low)
        high = getattr(meta, "le", high)
    shape = {"inner": inner, "optional": optional, "required": info.is_required() and not optional}
    if inner is bool:
        return FieldShape("bool", **shape)
    if inner is int:
        return FieldShape("int", low=low, high=high, **shape)
    if origin is Literal:
        return FieldShape("choice", choices=get_args(inner), **shape)
    if origin in (list, tuple):
        return FieldShape("list", item=(get_args(inner)[:1] or (str,))[0], **shape)
    return FieldShape("text" if inner is str else "other", **shape)


def _fmt(value: Any) -> list[str]:
    if value is None:
        return []
    if isinstance(value, bool):
        return ["yes" if value else "no"]
    if isinstance(value, (list, tuple)):
        out: list[str] = []
        for v in value:
            out.extend(_fmt(v))
        return out
    return [str(value).lower()]


def default_notation(action: ActionModel) -> str:
    """``verb arg1 arg2 …``: the verb words then each field's value, lowercase.

    ``None`` values are left out (so optional fields belong at the end), booleans are
    ``yes``/``no``, lists are spread.
    """

    parts = [type(action).verb()]
    for name in type(action).arg_fields():
        parts.extend(_fmt(getattr(action, name)))
    return " ".join(parts)


def _convert(token: str, annotation: Any) -> Any:
    inner, _ = field_type(annotation)
    origin = get_origin(inner)
    if inner is bool:
        if token in ("yes", "y", "true", "on", "1"):
            return True
        if token in ("no", "n", "false", "off", "0"):
            return False
        raise ValueError(token)
    if inner is int:
        return int(token)
    if origin is Literal:
        for option in get_args(inner):
            if str(option).lower() == token:
                return option
        raise ValueError(token)
    return token


def default_parse(models: typing.Sequence[type[ActionModel]], text: str) -> ActionModel:
    """Inverse of :func:`default_notation` over a game's action models.

    Matches the longest verb that starts the text, then reads one token per field (a
    trailing ``list`` field takes the rest; trailing optional fields may be left out).
    Raises :class:`NotationError` for text that names no action.
    """

    words = normalize(text).split(" ") if normalize(text) else []
    if not words:
        raise NotationError(T("Type a move."))  # the host adds where the player's moves are listed
    candidates = sorted(models, key=lambda m: -len(m.verb().split(" ")))
    for model in candidates:
        verb = model.verb().split(" ")
        if words[: len(verb)] != verb:
            continue
        rest = words[len(verb) :]
        values: dict[str, Any] = {}
        fields = model.arg_fields()
        ok = True
        for _i, name in enumerate(fields):
            annotation = model.model_fields[name].annotation
            inner, optional = field_type(annotation)
            if get_origin(inner) in (list, tuple):
                (item,) = get_args(inner)[:1]
                try:
                    values[name] = [_convert(tok, item) for tok in rest]
                except ValueError:
                    ok = False
                rest = []
                break
            if not rest:
                if optional or not model.model_fields[name].is_required():
                    continue
                ok = False
                break
            try:
                values[name] = _convert(rest.pop(0), annotation)
            except ValueError:
                ok = False
                break
        if not ok or rest:
            continue
        try:
            return model(**values)
        except Exception:  # pydantic validation: wrong values for this verb
            continue
    forms = [
        " ".join([m.verb()] + [f"<{f}>" if m.model_fields[f].is_required() else f"[{f}]" for f in m.arg_fields()])
        for m in models
        if m.verb().split(" ")[0] == words[0]
    ]
    if forms:
        code = [Code(f"`{f}`") for f in forms]
        if len(code) == 1:
            raise NotationError(T("`{text}` is not a valid move: write {form}.", text=normalize(text), form=code[0]))
        raise NotationError(
            T(
                "`{text}` is not a valid move: write {forms} or {last}.",
                text=normalize(text),
                forms=code[:-1],
                last=code[-1],
            )
        )

    raise NotationError(T("`{text}` is not a move in this game.", text=normalize(text)))


@dataclass(frozen=True)
class Choice:
    """One decision a player makes while building a move by pressing (the host's move
    builder asks these one at a time, see :meth:`Engine.choices`).

    ``question``: the sentence the step asks ("Which tile do you play?"); ``value``: a short
    token naming this answer among the others of the same step (the notation's word,
    ``"t86"``); ``label``: what the option reads, at most 80 characters ("t86 (wide curve,
    wrench)"); ``detail``: an optional second line, at most 100 characters ("next to t12 and
    the red pallet"); ``group`` / ``group_label``: a coarser answer (a part of the board) the
    builder asks first when one step has more than 25 answers ("" = no such grouping; the
    builder then pages through the answers in order)."""

    question: str
    value: str
    label: str
    detail: str = ""
    group: str = ""
    group_label: str = ""


#: the base class's own default texts (in the host's catalog, whichever game uses them)
_BASE_MESSAGES = frozenset({N_("What do you do?")})


def _words(name: str) -> str:
    return name.replace("_", " ")


def rng(seed: int, *salt: object) -> random.Random:
    """A ``random.Random`` determined by the game's seed and a salt (e.g. ``"setup"``,
    or ``"reshuffle", 3``). Same arguments, same sequence, on every machine."""

    key = ":".join([str(int(seed)), *(str(s) for s in salt)])
    return random.Random(key)


def shuffled(items: typing.Iterable[Any], seed: int, *salt: object) -> list[Any]:
    """A new list with ``items`` in an order drawn from :func:`rng`."""

    out = list(items)
    rng(seed, *salt).shuffle(out)
    return out


def plural(n: int, word: str, many: str | None = None) -> str:
    """``"1 point"``, ``"2 points"``: a number with its noun, ``many`` for an irregular plural
    (or one that does not change: ``plural(3, "PP", "PP")``)."""

    return f"{n} {word if n == 1 else (many or word + 's')}"


class Engine:
    """Base class of the games. Subclasses set the class attributes and implement
    ``setup``, ``to_act``, ``legal_actions``, ``_apply``, ``view``, ``is_over``,
    ``scores`` and ``ranking``; the rest has defaults built on the action models.

    :meth:`apply` is written once, here: it refuses a seat that is not in the game, any move
    once the game is over, a seat whose turn it is not, and a move :meth:`check` refuses; then
    it copies the state (:meth:`copy_state`) and lets the game's :meth:`_apply` change the
    copy. A game overrides :meth:`check` for specific reasons or a faster legality test.

    Class attributes:
        id, title, min_players, max_players: identity and seat limits.
        Options: pydantic model of the variants, every field defaulted.
        State: the pydantic model of the whole game state.
        action_models: the game's :class:`ActionModel` subclasses.
        AI: the game's AI class; ``AI(engine)`` has ``choose(state, player, rng) -> Action``.
            The instance is ``engine.ai`` (``None`` when ``AI`` is ``None``): the heuristic
            policy, also the "easy" strength of :meth:`ai_level`. It stays the heuristic:
            the search's rollouts and first candidate, the all-AI finish, the engines' own
            whole-game tests and the benchmarks play it (a whole game at "normal" costs 10 to
            60 s of CPU instead of about 1 s). The default strength of an AI seat is
            ``ai_level()``, "normal".
        search: the game's :class:`engines.search.Hooks` (its determinizer, evaluation and
            the budgets of the stronger levels), or ``None``: then every level is ``engine.ai``.
        has_hands: whether players hold private information worth a DM.
        score_unit: what the scores count, singular and plural (see :func:`plural`).
        rules_summary: ``{topic: English summary}`` for a rules command, kept as data;
            topics are short lowercase words (``"overview"``, ``"auction"``, …), ``"overview"`` first.
    """

    id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    Options: ClassVar[type[BaseModel]]
    State: ClassVar[type[BaseModel]]
    action_models: ClassVar[tuple[type[ActionModel], ...]]
    AI: ClassVar[type | None] = None
    has_hands: ClassVar[bool] = False
    #: the game's own word for what the ranking counts, singular and plural (``("coin",
    #: "coins")``, ``("PP", "PP")``): the host's final ranking says ``"42 coins"``
    score_unit: ClassVar[tuple[str, str]] = ("point", "points")
    rules_summary: ClassVar[dict[str, str]] = {}
    search: ClassVar[Any] = None

    def __init__(self) -> None:
        self.Action, self.action_adapter = action_union(*self.action_models)
        self.ai = self.AI(self) if self.AI is not None else None
        self._levels: dict[str, Any] = {}

    def ai_level(self, level: str = "normal") -> Any:
        """The AI policy of a strength: ``"easy"`` (the heuristic, ``engine.ai``: each legal
        move scored once, no look-ahead), ``"normal"`` or ``"strong"`` (``SearchAI``:
        determinized Monte Carlo over the heuristic, more playouts at "strong", the budget of
        the game's player count where its hooks give one; see :mod:`engines.search`). Each
        has ``choose(state, player, rng) -> Action`` and is deterministic given ``rng``. A game without search hooks (``search`` is ``None``)
        gives ``engine.ai`` for every level. ``ValueError`` for an unknown level."""

        if level not in LEVELS:
            raise ValueError(f"Unknown AI strength {level!r}: choose one of {', '.join(LEVELS)}.")
        if level == "easy" or self.search is None or self.ai is None:
            return self.ai
        if level not in self._levels:
            self._levels[level] = SearchAI(self, self.search, self.search.budgets[level], level=level, by_players=True)
        return self._levels[level]

    # ----- helpers the host uses -------------------------------------------------
    def options(self, options: BaseModel | dict | None) -> BaseModel:
        """Validated options; ``ValueError`` for unknown keys or bad values."""

        if options is None:
            return self.Options()
        if isinstance(options, self.Options):
            return options
        try:
            return self.Options.model_validate(dict(options))
        except Exception as exc:  # pydantic.ValidationError is a ValueError already
            raise ValueError(str(exc)) from exc

    def check_players(self, players: list[str]) -> None:
        if not (self.min_players <= len(players) <= self.max_players):
            raise ValueError(
                f"{self.title} takes {self.min_players} to {self.max_players} players, not {len(players)}."
            )
        if len(set(players)) != len(players):
            raise ValueError("Each seat needs its own id.")

    def state_from_json(self, data: dict | str) -> BaseModel:
        if isinstance(data, str):
            return self.State.model_validate_json(data)
        return self.State.model_validate(data)

    def state_to_json(self, state: BaseModel) -> dict:
        return state.model_dump(mode="json")

    def action_from_json(self, data: dict) -> ActionModel:
        return self.action_adapter.validate_python(data)

    def action_to_json(self, action: ActionModel) -> dict:
        return self.action_adapter.dump_python(action, mode="json")

    # ----- the contract ----------------------------------------------------------
    def setup(self, players: list[str], options: BaseModel | dict | None = None, seed: int = 0):
        raise NotImplementedError

    def to_act(self, state) -> list[str]:
        raise NotImplementedError

    def legal_actions(self, state, player: str) -> list[ActionModel]:
        raise NotImplementedError

    def apply(self, state, player: str, action: ActionModel) -> Outcome:
        """Play ``action`` for ``player``: the new state and the events it caused, in order.

        Raises :class:`IllegalAction` (one sentence; ``state`` untouched) when ``player`` is not
        seated, the game is over, it is not ``player``'s turn, or :meth:`check` refuses the
        move. Never mutates ``state``: the game's :meth:`_apply` works on a copy."""

        if player not in self.seats(state):
            raise IllegalAction(T("You are not seated in this game."))
        if self.is_over(state):
            raise IllegalAction(T("The game is over."))
        if player not in self.to_act(state):
            raise IllegalAction(T("It is not your turn: {status}", status=self.status(state)))
        action = self.check(state, player, action)
        new = self.copy_state(state)
        events: list[Event] = []
        self._apply(new, player, action, events)
        return Outcome(new, events)

    def seats(self, state) -> list[str]:
        """The seat ids of the game, in seat order. Default: ``state.players``."""

        return list(state.players)

    def check(self, state, player: str, action: ActionModel) -> ActionModel:
        """The action as it will be applied, or :class:`IllegalAction` saying why the rules
        forbid it. Called only for the seat to act in a running game. Default: the action
        must be one of :meth:`legal_actions`; the reason is :meth:`why_illegal`."""

        if action not in self.legal_actions(state, player):
            why = self.why_illegal(state, player, action)
            raise IllegalAction(why or T("That move is not allowed now."), show_moves=why is None)
        return action

    def why_illegal(self, state, player: str, action: ActionModel) -> str | None:
        """One sentence saying why ``action`` is not legal now, or ``None`` when there is no
        more specific reason than "not allowed now" (default)."""

        return None

    def copy_state(self, state):
        """A copy of ``state`` that :meth:`_apply` may change freely (default: a deep copy)."""

        return state.model_copy(deep=True)

    def _apply(self, state, player: str, action: ActionModel, events: list[Event]) -> None:
        """The game's own step: change ``state`` (a private copy) by the legal ``action`` of
        ``player`` and append the events it caused, in order."""

        raise NotImplementedError

    def notation(self, state, action: ActionModel) -> str:
        return default_notation(action)

    def parse(self, state, text: str) -> ActionModel:
        return default_parse(self.action_models, text)

    def text(self, msgid: str, /, **params: Any) -> Text:
        """``msgid`` (a sentence of this game's catalog, the domain :attr:`id`) with ``params``
        as a :class:`engines.i18n.Text`; a message of this base class's own defaults
        (``"What do you do?"``) stays in the host's catalog."""

        return Text(msgid, params, domain=DEFAULT_DOMAIN if msgid in _BASE_MESSAGES else self.id)

    def describe(self, state, action: ActionModel) -> str:
        """One sentence a player reads for ``action`` (a :class:`engines.i18n.Text`). Default:
        the action model's ``sentence`` formatted with its fields (a message of the game's
        catalog: mark it with ``N_``), else the capitalised notation."""

        sentence = type(action).sentence
        if sentence is not None:
            return self.text(sentence, **{f: getattr(action, f) for f in type(action).model_fields})
        return T("{move}.", move=Code(self.notation(state, action).capitalize()))

    def describe_to(self, state, player: str, action: ActionModel, viewer: str | None) -> str:
        """The sentence ``viewer`` (a seat id; ``None``: a spectator) reads for ``player``'s
        ``action`` in the game's history: a choice made face down is named only to its
        mover, everyone else reads what they saw happen. Default: :meth:`describe` for
        everyone (a game whose moves hide nothing)."""

        return self.describe(state, action)

    #: the move builder's name of each kind of action, ``{type: label}`` (``{"buy": "Buy a
    #: tile"}``); default: the verb capitalised (``"Switch off"``). See :meth:`choices`.
    choice_kinds: ClassVar[dict[str, str]] = {}
    #: the move builder's question per action field, keyed ``"type.field"`` or ``"field"``
    #: (``{"bid.amount": "How many workers do you bid?"}``); default: the field's description.
    choice_questions: ClassVar[dict[str, str]] = {}
    #: the question that picks the kind of action when a step allows several
    choice_kind_question: ClassVar[str] = "What do you do?"

    def choices(self, state, action: ActionModel) -> list[Choice]:
        """The decisions that name ``action`` one at a time, for a host's move builder, which
        builds its tree of steps from them over all of a player's legal actions. Must be
        unique per legal action and no action's list may be the start of another's.

        Default: the kind of action (``choice_kinds``) then each field in notation order
        (``choice_questions``; the answer's label from :meth:`choice_label`). A game whose
        plain field order reads badly overrides this (Transport asks for the tile first)."""

        model = type(action)
        kind = model.model_fields["type"].default
        kind_label = self.choice_kinds.get(kind)
        out = [
            Choice(
                self.text(self.choice_kind_question),
                str(kind),
                self.text(kind_label) if kind_label else Code(model.verb().capitalize()),
            )
        ]
        for name in model.arg_fields():
            value = getattr(action, name)
            label, detail = self.choice_label(state, action, name, value)
            out.append(Choice(self.choice_question(model, name), " ".join(_fmt(value)) or "-", label, detail))
        return out

    def choice_question(self, model: type[ActionModel], name: str) -> str:
        """The builder's question for field ``name`` of ``model`` (see :attr:`choice_questions`);
        without one, the field's description as a sentence, else "Choose the <field>."."""

        kind = model.model_fields["type"].default
        q = self.choice_questions.get(f"{kind}.{name}") or self.choice_questions.get(name)
        if q:
            return self.text(q)
        desc = model.model_fields[name].description
        if desc:
            return self.text(desc[0].upper() + desc[1:] + ("" if desc.endswith((".", "?", ")")) else "."))
        return T("Choose the {field}.", field=Code(_words(name)))

    def choice_label(self, state, action: ActionModel, name: str, value: Any) -> tuple[str, str]:
        """``(label, detail)`` of the answer ``value`` to field ``name`` of ``action`` in the
        move builder (label ≤ 80 characters, detail ≤ 100 or ""). Default: the notation's
        words (``"hall1"``; ``"none"`` for a left-out optional field) and no detail."""

        return (Code(" ".join(_fmt(value))) if _fmt(value) else T("none")), ""

    def view(self, state, player: str | None) -> dict:
        raise NotImplementedError

    def private_view(self, state, player: str) -> dict | None:
        """Only what ``player`` sees and others do not (their hand), or ``None`` for a game
        without hands. The host DMs it (rendered) whenever it changes."""

        return None

    def private_text(self, state, player: str) -> str:
        """One short paragraph naming what ``player`` holds privately, sent beside the hand
        image for notifications and screen readers; ``""`` for no hand.
        Default: the lists in :meth:`private_view` (``{"hand": [3, 7]}`` -> ``"Your hand: 3, 7."``);
        override to say what each card is."""

        pv = self.private_view(state, player)
        if not pv:
            return ""

        def ids(items) -> str:  # a card given as a dict is named by its "id"
            return ", ".join(str(x["id"]) if isinstance(x, dict) and "id" in x else str(x) for x in items) or "empty"

        if isinstance(pv.get("hand"), (list, tuple)):  # the usual case: the hand's ids
            return T("Your hand: {cards}.", cards=ids(pv["hand"]))
        parts = [(k, ids(v)) for k, v in pv.items() if isinstance(v, (list, tuple))]
        if not parts:
            return ""
        if len(parts) == 1:
            return T("Your hand: {cards}.", cards=parts[0][1])
        return T("Your hand: {cards}.", cards=Code("; ".join(f"{k.replace('_', ' ')} {v}" for k, v in parts)))

    def hidden(self, state) -> Any:
        """The face-down parts of ``state`` nobody may see (deck and bag contents and
        order, cards removed unseen), as a comparable value; ``None`` (the default) for a
        game without any. Players' hands are not included: they are private, not face-down.
        Used by :meth:`reveals`."""

        return None

    def reveals(self, state, player: str, action: ActionModel, outcome: Outcome) -> bool:
        """Whether applying ``action`` to ``state`` revealed information hidden before it
        (a draw, a flip, a roll, a reshuffle): BGA's undo policy forbids taking such a move
        back. True when a face-down part changed (:meth:`hidden` differs before/after), or
        when the outcome depends on the game's seed (randomness drawn during the move:
        the same move on the state with another seed gives another result). Pure."""

        if self.hidden(state) != self.hidden(outcome.state):
            return True
        seed = getattr(state, "seed", None)
        if not isinstance(seed, int):
            return False
        other = state.model_copy(update={"seed": seed ^ 0x5BD1E995})
        try:
            alt = self.apply(other, player, action)
        except IllegalAction:
            return True
        mine = self.state_to_json(outcome.state)
        theirs = self.state_to_json(alt.state)
        mine.pop("seed", None)
        theirs.pop("seed", None)
        return mine != theirs or [e.text for e in outcome.events] != [e.text for e in alt.events]

    def status(self, state) -> str:
        """One line: the step and whom it waits for, e.g. "Round 2, auction: waiting for a bid"."""

        return T("Game over.") if self.is_over(state) else T("Waiting for {players}.", players=self.to_act(state))

    def is_over(self, state) -> bool:
        raise NotImplementedError

    def scores(self, state) -> dict[str, int]:
        raise NotImplementedError

    def ranking(self, state) -> list[list[str]]:
        raise NotImplementedError
