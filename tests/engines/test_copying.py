"""engines.copying.deep_copier's ``shallow`` fields: copied one level, the rest deep."""

from __future__ import annotations

import pytest
from pydantic import BaseModel, Field

from engines.copying import deep_copier


class Seat(BaseModel):
    coins: int = 0
    cards: list[str] = Field(default_factory=list)


class Table(BaseModel):
    seats: dict[str, Seat]
    order: list[Seat]
    deck: list[str]
    turn: int = 0


def test_shallow_fields_hold_the_same_items_in_new_containers():
    table = Table(seats={"ann": Seat(cards=["x"])}, order=[Seat(coins=2)], deck=["a", "b"])
    copy = deep_copier(Table, shallow={"seats", "order"})(table)
    assert copy == table and copy.model_fields_set == table.model_fields_set
    assert copy.seats is not table.seats and copy.seats["ann"] is table.seats["ann"]
    assert copy.order is not table.order and copy.order[0] is table.order[0]
    assert copy.deck is not table.deck
    deep = deep_copier(Table)(table)
    assert deep.seats["ann"] is not table.seats["ann"] and deep.seats["ann"].cards is not table.seats["ann"].cards


class Room(BaseModel):
    table: Table
    name: str = "x"


def test_shared_fields_of_a_nested_model_are_kept_as_they_are():
    room = Room(table=Table(seats={"ann": Seat()}, order=[], deck=["a"]))
    copy = deep_copier(Room, shared={Table: {"deck"}})(room)
    assert copy == room and copy.table is not room.table
    assert copy.table.deck is room.table.deck and copy.table.seats["ann"] is not room.table.seats["ann"]
    with pytest.raises(TypeError):
        deep_copier(Room, shared={Table: {"hands"}})


def test_a_shallow_field_is_a_list_or_a_dict_of_the_model():
    with pytest.raises(TypeError):
        deep_copier(Table, shallow={"turn"})
    with pytest.raises(TypeError):
        deep_copier(Table, shallow={"hands"})
