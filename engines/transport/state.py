"""Transport state: the typed pydantic models of a game."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field


class Cell(BaseModel):
    """A field tile: its id, rotation and the parcel on it (``[top, bottom]`` or empty).
    Frozen: a step shares the cells it does not change with the state before it, and
    :func:`engines.transport.hexes.field_of` shares one Cell between every table's fields that
    hold that tile, rotation and parcel. Never change ``parcel`` in place (the list is the one
    mutable part): a step replaces the cell."""

    model_config = ConfigDict(frozen=True)

    tile: str
    rot: int
    parcel: list[int] = Field(default_factory=list)


class FieldDict(dict):
    """The field as :func:`engines.transport.hexes.field_of` builds it: a plain ``dict`` of
    cells (the same JSON, equal to the same dict) that counts the changes made to it in place
    (``version``), so that the engine can tell in one comparison that a field it has seen
    still holds the very cells it derived its grid from. The engine never changes a field in
    place (a step builds a new one); a caller that does is seen by the count, when it changes
    the field through its own methods: ``dict.__setitem__(field, …)`` and the other methods of
    ``dict`` itself called on it are not counted (only the engine's ``field_of`` uses them, on a
    field it is still building)."""

    version = 0

    def _changed(self) -> None:
        self.version = self.version + 1

    def __setitem__(self, key, value) -> None:
        self._changed()
        dict.__setitem__(self, key, value)

    def __delitem__(self, key) -> None:
        self._changed()
        dict.__delitem__(self, key)

    def __ior__(self, other):
        self._changed()
        return dict.__ior__(self, other)

    def pop(self, *args):
        self._changed()
        return dict.pop(self, *args)

    def popitem(self):
        self._changed()
        return dict.popitem(self)

    def clear(self) -> None:
        self._changed()
        dict.clear(self)

    def update(self, *args, **kwargs) -> None:
        self._changed()
        dict.update(self, *args, **kwargs)

    def setdefault(self, key, default=None):
        self._changed()
        return dict.setdefault(self, key, default)


class Options(BaseModel):
    """Transport has no variants."""

    model_config = ConfigDict(extra="forbid")


Phase = Literal["play", "load", "wrench", "lift", "move", "over"]


class State(BaseModel):
    players: list[str]
    seed: int
    colours: list[str]
    field: dict[str, Cell]
    stack: list[str]  # face down, top first (hidden order)
    hands: dict[str, list[str]]  # hidden
    bag: list[list[int]]  # [low, high] in draw order (hidden order)
    scored: dict[str, list[list[int]]]  # seat -> [top, bottom] of each scored parcel
    current: int = 0
    phase: Phase = "play"
    turn: int = 1
    swaps: int = 0  # salt for the reshuffle after a hand swap
    end_reason: str = ""
    #: the last public events' texts, each as engines.i18n.to_json gives it (a dict), so that
    #: they are drawn in the reader's language; a state stored before that holds each as
    #: English segments (a list of strings), read as they are
    recent: list[dict[str, Any] | list[str] | str] = Field(default_factory=list)
    changed: list[str] = Field(default_factory=list)  # cells the last action changed
