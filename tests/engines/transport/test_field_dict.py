"""The field as the engine builds it (state.FieldDict): a dict that counts its changes in
place, so that the engine's remembered grid of a field is never used for a changed one."""

import json

from engines.transport.actions import SwapHand
from engines.transport.state import Cell, FieldDict

from .helpers import E, tiles_with


def test_every_change_in_place_is_counted():
    f = FieldDict({"0,0": Cell(tile="red", rot=0)})
    assert f.version == 0
    f["1,0"] = Cell(tile="blue", rot=3)
    f.setdefault("2,0", Cell(tile="s4", rot=0))
    f.update({"3,0": Cell(tile="s5", rot=0)})
    f |= {"4,0": Cell(tile="s6", rot=0)}
    del f["4,0"]
    f.pop("3,0")
    f.popitem()
    f.clear()
    assert f.version == 8
    assert f == {}


def test_reads_and_json_as_the_plain_dict():
    cells = {"0,0": Cell(tile="red", rot=0), "1,0": Cell(tile="s4", rot=0, parcel=[3, 1])}
    f = FieldDict(cells)
    assert f == cells and list(f) == ["0,0", "1,0"]
    s = E.setup(["p0", "p1"], None, 2)
    plain = s.model_copy(update={"field": dict(cells)})
    counted = s.model_copy(update={"field": f})
    assert json.dumps(E.state_to_json(counted)) == json.dumps(E.state_to_json(plain))


def test_a_step_gives_a_field_dict():
    s = E.setup(["p0", "p1"], None, 2)
    s = E.apply(s, "p0", E.legal_actions(s, "p0")[0]).state
    assert type(s.field) is FieldDict


def test_a_field_dict_changed_in_place_is_seen():
    # as test_icons.test_parcel_tile_needs_an_empty_loading_tile, on a field the engine counts
    parcel_tile = tiles_with("straight", "parcel")[0]
    s = E.setup(["p0", "p1"], None, 2)
    s = s.model_copy(update={"hands": {"p0": [parcel_tile], "p1": s.hands["p1"]}}, deep=True)
    s = s.model_copy(update={"field": FieldDict(s.field)})
    assert any(a.type == "insert" and a.tile == parcel_tile for a in E.legal_actions(s, "p0"))
    s.field["0,0"] = s.field["0,0"].model_copy(update={"parcel": [3, 1]})
    assert E.legal_actions(s, "p0") == [SwapHand()]
