"""Fast deep copies of a game's pydantic state models, for an engine's ``copy_state``.

``deep_copier(Model)`` returns ``copy(m) -> Model``: a copy of one ``Model`` sharing no list,
dict or model with ``m`` (as ``m.model_copy(deep=True)``, its set fields included), written
as Python code generated once from the model's field annotations, so that a random playout
does not pay for ``copy.deepcopy``'s generic walk:

* scalars (``int``, ``str``, ``bool``, ``float``, ``None``, ``Literal``) are kept;
* ``list[scalar]`` is sliced, ``dict[str, scalar]`` copied with ``dict.copy``, other lists,
  dicts and tuples copied one level at a time by code written for their item type;
* a nested model by its own generated copier, ``X | None`` as ``X`` or ``None``;
* anything else (``Any``, a bare ``list``) by one ``marshal`` round trip, or a recursive
  copy of its lists, dicts and tuples when it holds other types.

``deep_copier(Model, shallow={"players"})`` copies the named fields of ``Model`` itself one
level only: a new list or dict holding the very items of ``m``'s (for an engine whose rules
replace such an item by a copy before they change it); ``shared={Board: {"goals"}}`` keeps
the named fields of a nested model as the very values of ``m``'s (for fields the rules
replace by a copy, or by a new value, before they change them).

The copies are built without validation (the values are those of a valid model).
"""

from __future__ import annotations

import marshal
from collections.abc import Callable, Collection
from types import UnionType
from typing import Any, Literal, TypeVar, Union, get_args, get_origin

from pydantic import BaseModel

__all__ = ["built", "deep_copier", "rebuilt"]

M = TypeVar("M", bound=BaseModel)

_new, _dumps, _loads = object.__new__, marshal.dumps, marshal.loads
# the setters of a model's slots (faster than object.__setattr__ by name)
_set_dict, _set_fields_set, _set_extra, _set_private = (
    BaseModel.__dict__[slot].__set__
    for slot in ("__dict__", "__pydantic_fields_set__", "__pydantic_extra__", "__pydantic_private__")
)
_SCALARS = (int, str, bool, float, type(None))


def built(cls: type[M], fields: dict, fields_set: set[str]) -> M:
    """``cls(**fields)`` without validation, for an engine's hot paths (new actions, events,
    cells, copied states): ``fields`` (every field, of its type already; the model keeps this
    very dict) as its values and ``fields_set`` as the fields counted as set (kept as given:
    a frozen model never changes it, so its instances may share one set)."""

    new = _new(cls)
    _set_dict(new, fields)
    _set_fields_set(new, fields_set)
    _set_extra(new, None)
    _set_private(new, None)
    return new


def rebuilt(model: M, fields: dict) -> M:
    """A model of ``model``'s class holding ``fields`` (already copied), unvalidated, with a
    copy of ``model``'s set fields."""

    return built(model.__class__, fields, set(model.__pydantic_fields_set__))


def _deep(v: Any) -> Any:
    """A copy of a JSON-like value (lists, dicts and tuples of them, scalars)."""

    t = type(v)
    if t is list:
        return [_deep(e) for e in v]
    if t is dict:
        return {k: _deep(e) for k, e in v.items()}
    if t is tuple:
        return tuple(_deep(e) for e in v)
    return v


def _plain(v: Any) -> Any:
    """A copy of a value of JSON types: one marshal round trip, else :func:`_deep`."""

    try:
        return _loads(_dumps(v))
    except ValueError:  # not only plain types
        return _deep(v)


def _is_scalar(ann: Any) -> bool:
    return ann in _SCALARS or get_origin(ann) is Literal


def _has_any(ann: Any) -> bool:
    return ann is Any or any(_has_any(a) for a in get_args(ann))


class _Writer:
    """Generates the copiers of one model and of the models inside it."""

    def __init__(self, shallow: Collection[str] = (), shared: dict[type, Collection[str]] | None = None) -> None:
        self.names: dict[type, str] = {}
        self.sources: list[str] = []
        self.shallow = frozenset(shallow)  # fields of the first model copied one level only
        self.shared = {m: frozenset(names) for m, names in (shared or {}).items()}  # kept as they are

    def name(self, model: type[BaseModel]) -> str:
        if model not in self.names:
            index = len(self.names)
            self.names[model] = f"_copy_{index}_{model.__name__}"
            shallow = self.shallow if index == 0 else frozenset()
            shared = self.shared.get(model, frozenset())
            exprs = {
                name: f"d[{name!r}]" if name in shared else self.field(f.annotation, f"d[{name!r}]", name in shallow)
                for name, f in model.model_fields.items()
            }
            if all(e == f"d[{name!r}]" for name, e in exprs.items()):
                fields = "d.copy()"  # only scalars: the same values
            else:
                fields = "{" + ", ".join(f"{name!r}: {e}" for name, e in exprs.items()) + "}"
            self.sources.append(
                f"def {self.names[model]}(m):\n"
                "    d = m.__dict__\n"
                f"    new = _new(_model_{index})\n"
                f"    _set_dict(new, {fields})\n"
                "    _set_fields_set(new, set(m.__pydantic_fields_set__))\n"
                "    _set_extra(new, None)\n"
                "    _set_private(new, None)\n"
                "    return new\n"
            )
        return self.names[model]

    def field(self, ann: Any, x: str, shallow: bool) -> str:
        """Python source copying the field ``x`` of type ``ann``: deep, or with ``shallow``
        one level (a new list or dict of the same items)."""

        if not shallow:
            return self.expr(ann, x, 0)
        origin = get_origin(ann)
        if origin is list:
            return f"{x}[:]"
        if origin is dict:
            return f"{x}.copy()"
        raise TypeError(f"a shallow field must be a list or a dict, not {ann}")

    def expr(self, ann: Any, x: str, depth: int) -> str:
        """Python source copying the value ``x`` of type ``ann``."""

        origin, args = get_origin(ann), get_args(ann)
        if _is_scalar(ann):
            return x
        if isinstance(ann, type) and issubclass(ann, BaseModel):
            return f"{self.name(ann)}({x})"
        if origin in (Union, UnionType):
            kinds = [a for a in args if a is not type(None)]
            if all(_is_scalar(a) for a in kinds):
                return x
            if len(kinds) == 1:
                return f"(None if {x} is None else {self.expr(kinds[0], x, depth)})"
        if _has_any(ann):
            return f"_plain({x})"
        y = f"_v{depth}"
        if origin is list and args:
            if _is_scalar(args[0]):
                return f"{x}[:]"
            return f"[{self.expr(args[0], y, depth + 1)} for {y} in {x}]"
        if origin is dict and args:
            if _is_scalar(args[1]):
                return f"{x}.copy()"
            return f"{{_k{depth}: {self.expr(args[1], y, depth + 1)} for _k{depth}, {y} in {x}.items()}}"
        if origin is tuple and args and all(_is_scalar(a) for a in args if a is not Ellipsis):
            return x
        return f"_plain({x})"


def deep_copier(
    model: type[M], shallow: Collection[str] = (), shared: dict[type[BaseModel], Collection[str]] | None = None
) -> Callable[[M], M]:
    """``copy(m)``: a deep copy of one ``model``, its ``shallow`` fields copied one level
    only and the ``shared`` fields of the models in it kept as they are (see the module's
    docstring); ``TypeError`` for a shallow field that is not a list or a dict, or a field
    a model lacks."""

    for m, names in [(model, shallow), *(shared or {}).items()]:
        unknown = set(names) - set(m.model_fields)
        if unknown:
            raise TypeError(f"{m.__name__} has no field {', '.join(sorted(unknown))}")
    w = _Writer(shallow, shared)
    top = w.name(model)
    scope: dict[str, Any] = {
        "_new": _new,
        "_set_dict": _set_dict,
        "_set_fields_set": _set_fields_set,
        "_set_extra": _set_extra,
        "_set_private": _set_private,
        "_plain": _plain,
    }
    scope.update({f"_model_{i}": m for i, m in enumerate(w.names)})
    exec("\n".join(w.sources), scope)  # the code generated above, from the annotations only
    copy = scope[top]
    copy.__qualname__ = copy.__name__ = f"copy_{model.__name__}"
    return copy
