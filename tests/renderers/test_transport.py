"""Transport board and hand images: every element tagged, readable, within limits."""

import io
import random

import pytest
from PIL import Image

from engines.transport.engine import ENGINE as E
from renderers import render_board, render_hand
from renderers.base import MAX_BYTES, MAX_SIDE, Text, out_of_bounds, overlapping_texts, small_texts
from renderers.transport import hand_layout, layout

# distinct rotations per shape, by hand: a straight repeats after 3 turns, a floor tile after 1
ROTATIONS = {"straight": 3, "loading": 3, "wide": 6, "tight": 6, "merge": 6, "oneway": 6, "floor": 1}


def _played(n: int, seed: int, steps: int):
    s = E.setup([f"p{i}" for i in range(n)], None, seed)
    rnd = random.Random(seed)
    for i in range(steps):
        if E.is_over(s):
            break
        p = E.to_act(s)[0]
        a = E.ai.choose(s, p, rnd) if i % 3 == 0 else rnd.choice(E.legal_actions(s, p))
        s = E.apply(s, p, a).state
    return s


STATES = [(2, 1, 0), (3, 2, 0), (4, 3, 0), (3, 4, 90), (4, 5, 160), (2, 6, 2000)]


@pytest.fixture(scope="module", params=STATES, ids=[f"{n}p-{st}" for n, _s, st in STATES])
def state(request):
    n, seed, steps = request.param
    return _played(n, seed, steps)


def _texts(lay, tag):
    return [e for e in lay.tagged(tag) if isinstance(e, Text)]


def test_board_elements_tagged(state):
    view = E.view(state, None)
    lay = layout(view)
    for c in view["field"]:
        at = c["at"]
        assert lay.tagged(f"tile:{at}"), at
        coord = _texts(lay, f"coord:{at}")
        assert [t.text for t in coord] == [at]  # the typeable coordinates
        if c["kind"] in ("belt", "loading"):
            assert lay.tagged(f"belt:{at}")
        if c["shape"] in ("oneway", "merge"):
            assert lay.tagged(f"arrow:{at}")
        if c["icon"]:
            assert lay.tagged(f"icon:{at}:{c['icon']}")
        if c["parcel"]:
            assert [t.text for t in _texts(lay, f"parcel:{at}:top")] == [str(c["parcel"][0])]
        if c["kind"] == "pallet":
            assert lay.tagged(f"pallet:{c['tile']}")
    for k in view["open_ends"]:
        assert [t.text for t in _texts(lay, f"open:{k}:label")] == [k]
    for seat in view["players"]:
        assert lay.tagged(f"score:{seat}")
        pts = _texts(lay, f"score:{seat}:points")
        n = view["points"][seat]
        assert pts[0].text == (f"{n} pt" if n == 1 else f"{n} pts")
        assert len(lay.tagged(f"score:{seat}:parcel")) == 2 * len(view["scored"][seat])  # box + number
    status = _texts(lay, "status")[0].text.replace("\n", " ")
    if view["over"]:
        assert status.startswith("Game over")
    else:
        assert view["current"] in status
    assert lay.tagged("counts") and lay.tagged("legend")
    assert sorted(e.tag for e in lay.tagged("last")) == sorted(f"last:{k}" for k in view["changed"])


def test_board_readable(state):
    lay = layout(E.view(state, None))
    assert all(e.tag for e in lay.elements)  # every element is tagged
    assert small_texts(lay) == []
    assert overlapping_texts(lay) == []
    assert out_of_bounds(lay) == []
    assert lay.width <= MAX_SIDE and lay.height <= MAX_SIDE


def test_board_png_limits(state):
    (png,) = render_board("transport", E.view(state, None))
    assert len(png) < MAX_BYTES
    img = Image.open(io.BytesIO(png))
    assert max(img.size) <= MAX_SIDE


def test_hand_image(state):
    for seat in state.players:
        view = E.view(state, seat)
        lay = hand_layout(view)
        assert [t["tile"] for t in view["hand_tiles"]] == view["hand"]
        for tile in view["hand_tiles"]:
            tid = tile["tile"]
            assert [t.text for t in _texts(lay, f"hand:{tid}:id")] == [tid]
            rots = [e for e in lay.elements if isinstance(e, Text) and e.tag.startswith(f"rot:{tid}:")]
            assert len(rots) == ROTATIONS[tile["shape"]]
            assert [t.text for t in rots] == [f"rot {r['rot']}" for r in tile["rotations"]]
        assert len(lay.tagged("compass")) == 1 + 6 + 1  # hex, six edge numbers, label
        assert all(e.tag for e in lay.elements)
        assert small_texts(lay) == [] and overlapping_texts(lay) == [] and out_of_bounds(lay) == []
        png = render_hand("transport", view)
        assert png is not None and len(png) < MAX_BYTES
        assert max(Image.open(io.BytesIO(png)).size) <= MAX_SIDE


def test_spectator_hand_image_is_empty():
    s = E.setup(["a", "b"], None, 1)
    lay = hand_layout(E.view(s, None))
    assert lay.tagged("hand:empty")


def test_wide_field_stays_in_bounds():
    from engines.transport import data
    from engines.transport.state import Cell

    s = E.setup(["alice", "bob", "carol"], None, 3)
    plain = [t for t, sh, i in data.stack_tiles() if sh == "straight" and not i]
    for i, q in enumerate(range(3, 11)):  # a long east-west belt: 8 more straights
        s.field[f"{q},0"] = Cell(tile=plain[i], rot=0)
    s.field["2,0"], s.field["11,0"] = Cell(tile=plain[8], rot=0), s.field["2,0"]  # red pallet to the east end
    lay = layout(E.view(s, None))
    assert out_of_bounds(lay) == [] and overlapping_texts(lay) == [] and small_texts(lay) == []
    assert lay.width <= MAX_SIDE and lay.height <= MAX_SIDE
    assert [t.text for t in _texts(lay, "coord:11,0")] == ["11,0"]


def _rename(view, names):
    """The host's rename_view: every string equal to a seat id becomes its name, and a
    structured text (the status line) keeps its message with its parameters renamed."""

    from bot.format import rename_view

    return rename_view(view, names)


def test_seat_ids_can_be_renamed_in_the_image():
    seats = ["314159265358979323", "271828182845904523", "ai-1"]
    s = E.setup(seats, None, 8)
    rnd = random.Random(8)
    for _ in range(30):
        p = E.to_act(s)[0]
        s = E.apply(s, p, rnd.choice(E.legal_actions(s, p))).state
    names = {seats[0]: "alice", seats[1]: "bob", seats[2]: "AI 1"}
    view = _rename(E.view(s, None), names)
    lay = layout(view)
    shown = " ".join(t.text for t in lay.texts())
    for seat in seats:
        assert seat not in shown
    assert "alice" in shown and "bob" in shown and "AI 1" in shown
    hand = hand_layout(_rename(E.view(s, seats[0]), names))
    assert seats[0] not in " ".join(t.text for t in hand.texts())


LABEL_PREFIXES = ("coord:", "loadmark:")


def _hits(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_coordinates_and_loading_marks_are_never_covered(state):
    """Players type the coordinates and look for the L: nothing but text is painted over a
    coordinate or L marker box after it (a later belt Line, arrow Polygon, tile, parcel or
    outline would hide part of it), and each sits on an opaque plate painted just before it
    that contains its whole box (readable on top of a belt)."""

    from renderers.base import Ellipse, Rect, _box

    lay = layout(E.view(state, None))
    els = lay.elements
    labels = [i for i, e in enumerate(els) if isinstance(e, Text) and e.tag.startswith(LABEL_PREFIXES)]
    view = E.view(state, None)
    assert len([i for i in labels if els[i].tag.startswith("coord:")]) == len(view["field"])
    assert len([i for i in labels if els[i].tag.startswith("loadmark:")]) == sum(
        1 for c in view["field"] if c["kind"] == "loading"
    )
    for i in labels:
        box = _box(els[i])
        covering = [e.tag for e in els[i + 1 :] if not isinstance(e, Text) and _hits(_box(e), box)]
        assert covering == [], (els[i].tag, els[i].text, covering)
        plate = els[i - 1]
        assert isinstance(plate, (Rect, Ellipse)) and plate.fill and len(plate.fill) == 7, els[i].tag
        pb = _box(plate)
        assert pb[0] <= box[0] and pb[1] <= box[1] and pb[2] >= box[2] and pb[3] >= box[3], els[i].tag


def test_board_canvas_size_is_the_same_all_game():
    """the board image kept growing (796 to 1647 px wide) as the field grew, and
    was then downscaled. Now every board of a game is 1600 x 1200 px (BOARD_W x BOARD_H), so
    it is never downscaled (MAX_SIDE is 1600), and an early field's hexes are drawn larger."""

    sizes = set()
    radii = []
    for n, seed in ((2, 1), (3, 5), (4, 2)):
        s = E.setup([f"p{i}" for i in range(n)], None, seed)
        rnd = random.Random(seed)
        k = 0
        while True:
            if k % 10 == 0 or E.is_over(s):
                lay = layout(E.view(s, None))
                sizes.add((lay.width, lay.height))
                coord = _texts(lay, "coord:0,0")
                radii.append(coord[0].size if coord else None)
            if E.is_over(s):
                break
            p = E.to_act(s)[0]
            s = E.apply(s, p, E.ai.choose(s, p, rnd)).state
            k += 1
    assert sizes == {(1600, 1200)}
    # the first board's few cells get hexes of the largest radius, 80 px, so its coordinates
    # are drawn at min(26, int(80 * 0.34)) = 26 px; a full field's hexes shrink and their
    # coordinates with them, never below the 14 px floor
    assert radii[0] == 26
    assert min(r for r in radii if r) >= 14 and min(r for r in radii if r) < 26
