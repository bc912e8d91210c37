"""hexes._cell: one frozen Cell per tile, rotation and parcel, from a bounded table."""

from engines.transport import hexes as hx
from engines.transport.state import Cell


def test_the_same_cell_is_shared_and_equal_to_a_validated_one():
    a = hx._cell(["s4", 2, (3, 1)])
    assert a is hx._cell(["s4", 2, (3, 1)])
    assert a == Cell(tile="s4", rot=2, parcel=[3, 1])
    assert hx._cell(["s4", 2, None]) == Cell(tile="s4", rot=2)
    assert hx._cell(["s4", 2, None]) is not a


def test_a_list_parcel_is_built_but_not_kept():
    c = hx._cell(["s4", 1, [2, 5]])
    assert c == Cell(tile="s4", rot=1, parcel=[2, 5])
    assert c is not hx._cell(["s4", 1, [2, 5]])


def test_the_table_is_bounded(monkeypatch):
    monkeypatch.setattr(hx, "CELLS_KEPT", 3)
    monkeypatch.setattr(hx, "_CELLS", {})
    for rot in range(6):
        hx._cell(["s4", rot, None])
        assert len(hx._CELLS) <= 3
