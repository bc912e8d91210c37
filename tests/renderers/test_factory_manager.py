"""The Factory Manager board image (renderers/factory_manager): layouts of real mid-game
states at 2 to 5 players have every element, no overlapping or small text, nothing out of
bounds; the PNG stays within Discord-friendly limits."""

from __future__ import annotations

import copy
import io
import random

import pytest
from PIL import Image

import bot.i18n  # noqa: F401  (installs the catalogs)
from engines.registry import get
from renderers import board_layouts, render_board
from renderers.base import MAX_BYTES, MAX_SIDE, MIN_TEXT, out_of_bounds, overlapping_texts, small_texts
from renderers.factory_manager import layout

ENGINE = get("factory-manager")


def busy_policy(state, player, r: random.Random):
    """A busy random player: mostly buys/places/bids (never toggles switches), so factories
    fill up; ends bureaucracy at once (the engine resolves the mandatory switch-offs)."""

    acts = ENGINE.legal_actions(state, player)
    done = [a for a in acts if a.type == "done"]
    busy = [a for a in acts if a.type not in ("done", "pass", "switch_on", "switch_off")]
    if state.phase == "bureaucracy" and done:
        return done[0]
    if busy and r.random() < 0.85:
        return r.choice(busy)
    return r.choice(acts)


def _play_until(players: int, seed: int, stop, max_steps: int = 3000):
    """Play a seeded game with :func:`busy_policy` until ``stop(view)`` holds; returns the state."""

    seats = [f"ai-{i + 1}" for i in range(players)]
    state = ENGINE.setup(seats, None, seed)
    r = random.Random(seed)
    for _ in range(max_steps):
        if stop(ENGINE.view(state, None)) or ENGINE.is_over(state):
            return state
        p = ENGINE.to_act(state)[0]
        state = ENGINE.apply(state, p, busy_policy(state, p, r)).state
    raise AssertionError("the game did not reach the wanted moment")


def _mid_build(view) -> bool:
    """Round 3 or later, phase 3 (buy and install), tiles on the market."""

    return view["round"] >= 3 and view["phase"] == "build" and len(view["market"]) >= 4


def _auction(view) -> bool:
    return view["round"] >= 2 and view["phase"] == "auction" and view["auction"]["tile"]


def _tags(lay) -> set[str]:
    return {e.tag for e in lay.elements}


def _texts(lay, prefix: str) -> list[str]:
    return [t.text for t in lay.tagged(prefix) if hasattr(t, "text")]


#: the storage board's column headers, in column order (storage, machine, production robot,
#: saving robot, control unit, optimisation unit): English and bot/locale/<lang>/boardhost.po
COLUMN_HEADER = {
    "en": ["Storage", "Machines", "Production robots", "Saving robots", "Control units", "Optimisation"],
    "cs": ["Sklady", "Stroje", "Výrobní roboti", "Úsporní roboti", "Řídicí jednotky", "Optimalizace"],
    "nl": ["Opslag", "Machines", "Productierobots", "Bespaarrobots", "Besturing", "Optimalisatie"],
    "lt": ["Sandėliai", "Mašinos", "Gamybos robotai", "Taupymo robotai", "Valdymo blokai", "Optimizavimas"],
}


def _check_clean(lay) -> None:
    assert lay.width <= MAX_SIDE and lay.height <= MAX_SIDE
    assert small_texts(lay) == [], [t.text for t in small_texts(lay)]
    assert overlapping_texts(lay) == [], [(a.text, a.tag, b.text, b.tag) for a, b in overlapping_texts(lay)]
    assert out_of_bounds(lay) == [], [e.tag for e in out_of_bounds(lay)]


def _check_elements(lay, view) -> None:
    tags = _tags(lay)
    for tag in ["status", "energy-track", "turn-order", "turn-order:pile", "market", "legend"]:
        assert lay.tagged(tag), tag
    for col in range(1, 7):
        assert lay.tagged(f"storage:col{col}"), col
    for p in view["players"]:
        seat = p["seat"]
        for part in ["head", "elektro", "tracks", "hall1", "hall2", "room", "canteen", "workers"]:
            assert f"factory:{seat}:{part}" in tags, (seat, part)
        assert lay.tagged(f"turn-order:{seat}")
        assert f"Elektro {p['money']}" in _texts(lay, f"factory:{seat}:elektro")
        assert f"Production {p['production']}" in _texts(lay, f"factory:{seat}:tracks")
        assert f"Storage {p['storage']}" in _texts(lay, f"factory:{seat}:tracks")
        assert f"Energy {p['energy']}" in _texts(lay, f"factory:{seat}:tracks")
        # every installed tile shows the id a player types; switched-off ones under :off
        shown = set(_texts(lay, f"factory:{seat}"))
        for tid in p["hall"] + p["hall2"] + [p["control"], p["optimisation"]]:
            if tid:
                assert tid in shown, (seat, tid)
        for tid in p["off"]:
            assert tid in _texts(lay, f"factory:{seat}:off")
        if p["stored"]:
            assert lay.tagged(f"factory:{seat}:stored")
    # storage board: each column's count, and its cheapest tile's id on top
    for col, (_kind, ids) in enumerate(view["columns"].items(), start=1):
        texts = _texts(lay, f"storage:col{col}")
        assert COLUMN_HEADER["en"][col - 1] in texts and str(len(ids)) in texts
        if ids:
            assert ids[0] in texts
    market = set(_texts(lay, "market"))
    more = any(t.startswith("+") and t.endswith("more") for t in market)
    for tid in view["market"]:
        assert tid in market or more, tid
    status = " ".join(_texts(lay, "status"))
    assert f"Round {view['round']} of 5" in status or view["phase"] == "over"
    for seat in view["to_act"]:
        assert seat in status
        assert "TO ACT" in _texts(lay, f"factory:{seat}:head")


@pytest.mark.parametrize("players,seed", [(2, 3), (3, 5), (4, 8), (5, 11)])
def test_mid_game_layout_has_every_element_and_is_clean(players, seed):
    state = _play_until(players, seed, _mid_build)
    view = ENGINE.view(state, None)
    assert view["phase"] == "build"  # the wanted moment was reached, not the game's end
    lay = layout(view)
    _check_elements(lay, view)
    _check_clean(lay)


@pytest.mark.parametrize("players,seed", [(2, 4), (5, 6)])
def test_auction_layout_shows_offer_and_bid(players, seed):
    state = _play_until(players, seed, _auction)
    view = ENGINE.view(state, None)
    assert view["phase"] == "auction"
    lay = layout(view)
    _check_elements(lay, view)
    _check_clean(lay)
    offer = _texts(lay, "turn-order:offer")
    for tile in view["auction"]["offer"]:
        assert str(tile) in offer
    bid = " ".join(_texts(lay, "turn-order:auction"))
    assert f"high bid {view['auction']['high_bid']}" in bid


@pytest.mark.parametrize("players", [2, 5])
def test_early_and_final_boards(players):
    early = ENGINE.setup([f"ai-{i + 1}" for i in range(players)], None, 1)
    for state in (early, _play_until(players, 2, lambda v: False, max_steps=5000)):
        view = ENGINE.view(state, None)
        lay = layout(view)
        _check_elements(lay, view)
        _check_clean(lay)
    assert view["phase"] == "over"
    assert "Game over" in " ".join(_texts(lay, "status"))


@pytest.mark.parametrize("players,seed", [(2, 3), (5, 11)])
def test_png_within_limits(players, seed):
    state = _play_until(players, seed, _mid_build)
    png = render_board("factory-manager", ENGINE.view(state, None))
    assert len(png) == 1
    assert len(png[0]) < MAX_BYTES
    image = Image.open(io.BytesIO(png[0]))
    assert image.format == "PNG" and max(image.size) <= MAX_SIDE
    # no downscaling happened, so the 14 px minimum holds in the posted image too
    assert image.size == (layout(ENGINE.view(state, None)).width, layout(ENGINE.view(state, None)).height)


def test_crowded_market_and_long_names_still_fit():
    """30 tiles on the market (more than a 5-player round usually brings) and 40-character
    names: smaller market cards or a "+N more" card, names shortened, nothing overlaps."""

    state = _play_until(5, 11, _mid_build)
    view = copy.deepcopy(ENGINE.view(state, None))
    moved = []
    for ids in view["columns"].values():
        while ids and len(moved) < 30 - len(view["market"]):
            moved.append(ids.pop(0))
    view["market"] += moved
    for tid in moved:
        view["tiles"].setdefault(
            tid, ENGINE.view(ENGINE.setup(["a", "b", "c", "d", "e"], None, 0), None)["tiles"].get(tid)
        )
    view["names"] = {p["seat"]: "W" * 40 for p in view["players"]}
    assert len(view["market"]) == 30
    lay = layout(view)
    _check_clean(lay)
    assert len(lay.tagged("market")) > 30
    assert MIN_TEXT <= min(t.size for t in lay.texts())


def test_hand_written_view_details():
    """A literal view: energy step 3 is highlighted, an unpaid hall II space shows its fee 10,
    a switched-off machine shows OFF, a stored tile is listed aside."""

    base = ENGINE.view(ENGINE.setup(["ann", "bob"], None, 1), None)
    view = copy.deepcopy(base)
    view["energy"]["step"] = 3
    view["energy"]["price"] = 3
    ann = view["players"][0]
    ann["off"] = [ann["hall"][0]]
    ann["stored"] = ["sr04"]
    view["tiles"]["sr04"] = {"id": "sr04", "kind": "saving-robot", "price": 8, "workers_saved": 1}
    ann["hall2_paid"] = 1
    ann["workers"].update(available=2, bid=2, temps=1)
    lay = layout(view)
    _check_clean(lay)
    step3 = [e for e in lay.tagged("energy-track:step3") if hasattr(e, "fill") and not hasattr(e, "text")]
    step1 = [e for e in lay.tagged("energy-track:step1") if hasattr(e, "fill") and not hasattr(e, "text")]
    assert step3[0].fill != step1[0].fill
    assert "OFF" in _texts(lay, "factory:ann:off")
    assert ann["hall"][0] in _texts(lay, "factory:ann:off")
    assert "aside: sr04" in _texts(lay, "factory:ann:stored")
    workers = _texts(lay, "factory:ann:workers")
    assert {"available 2", "on tile 2", "temps 1"} <= set(workers)
    # ann paid one hall II space: one fee coin left; bob none paid: two coins
    assert _texts(lay, "factory:ann:hall2").count("10") == 1
    assert _texts(lay, "factory:bob:hall2").count("10") == 2


def _labels(info: dict) -> set[str]:
    """The numbers a tile card must show, from the engine's tile data: P production,
    S storage, W workers needed minus replaced, E energy used minus saved (zeros omitted)."""

    values = {
        "P": info["production"],
        "S": info["storage"],
        "W": info["workers"] - info["workers_saved"],
        "E": info["energy"] - info["energy_saved"],
    }
    return {f"{k}{v}" for k, v in values.items() if v}


@pytest.mark.parametrize("players,seed", [(2, 3), (5, 11)])
def test_every_tile_card_shows_all_its_numbers(players, seed):
    """No number is cut off a narrow hall card (they wrap onto a second line instead)."""

    view = ENGINE.view(_play_until(players, seed, _mid_build), None)
    lay = layout(view)
    checked = 0
    for p in view["players"]:
        seat = p["seat"]
        for where, ids in (
            ("hall1", p["hall"]),
            ("hall2", p["hall2"]),
            ("room", [x for x in (p["control"], p["optimisation"]) if x]),
        ):
            for tid in ids:
                if tid in p["off"]:
                    continue
                shown = set(_texts(lay, f"factory:{seat}:{where}:{tid}"))
                assert tid in shown and _labels(view["tiles"][tid]) <= shown, (seat, tid, shown)
                checked += 1
    for tid in view["market"]:
        shown = set(_texts(lay, f"market:{tid}"))
        assert _labels(view["tiles"][tid]) <= shown and str(view["tiles"][tid]["price"]) in shown
        checked += 1
    assert checked >= 2 * players


def test_start_machine_card_literal():
    """A start machine (reference 1.5: production 1, 2 workers, energy 2) reads P1 W2 E2."""

    view = ENGINE.view(ENGINE.setup(["ann", "bob"], None, 1), None)
    machine = view["players"][0]["hall"][0]
    assert machine.endswith("-ma1")
    shown = _texts(layout(view), f"factory:ann:hall1:{machine}")
    assert {"P1", "W2", "E2"} <= set(shown)


@pytest.mark.parametrize("players", [2, 4])
def test_busy_worker_row_keeps_tiles_aside(players):
    """Every worker pile and three tiles kept aside fit one factory's row (narrow panel at 4
    players, wide at 2): the worker discs give way, the words and ids stay."""

    seats = [f"s{i}" for i in range(players)]
    view = copy.deepcopy(ENGINE.view(ENGINE.setup(seats, None, 3), None))
    p = view["players"][0]
    p["workers"].update(available=9, bid=3, used=2, demolishing=1, temps=2)
    p["stored"] = ["sr04", "pr05", "st06"]
    for tid, info in {
        "sr04": {"kind": "saving-robot", "price": 8, "workers_saved": 1},
        "pr05": {"kind": "production-robot", "price": 10, "production": 1},
        "st06": {"kind": "storage", "price": 10, "storage": 2},
    }.items():
        view["tiles"][tid] = {"id": tid, **info}
    lay = layout(view)
    _check_clean(lay)
    assert "aside: sr04 pr05 st06" in _texts(lay, "factory:s0:stored")
    assert {"available 9", "on tile 3", "busy 3", "temps 2"} <= set(_texts(lay, "factory:s0:workers"))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_whole_game_boards_are_clean(players):
    """Boards along a whole seeded game (every 15th step and the end): every element there,
    no overlap, nothing out of bounds, no small text, at most 1600 px."""

    seats = [f"ai-{i + 1}" for i in range(players)]
    state = ENGINE.setup(seats, None, 40 + players)
    r = random.Random(players)
    step = 0
    while True:
        if step % 15 == 0 or ENGINE.is_over(state):
            view = ENGINE.view(state, None)
            lay = layout(view)
            _check_elements(lay, view)
            _check_clean(lay)
        if ENGINE.is_over(state):
            break
        p = ENGINE.to_act(state)[0]
        state = ENGINE.apply(state, p, busy_policy(state, p, r)).state
        step += 1
    assert step > 20 * players  # a real game was played


def test_names_are_drawn_as_they_are():
    """Names keep their letters (the bundled font has them); characters it has no glyph for
    (the die emoji, CJK) are left out, and a name with nothing left becomes "player <n>"
    (seat position), never a row of boxes."""

    view = copy.deepcopy(ENGINE.view(ENGINE.setup(["u1", "u2", "u3"], None, 2), None))
    view["names"] = {"u1": "Jiří Novák", "u2": "\U0001f3b2\u4e2d", "u3": "Łukasz \U0001f3b2 Zoë"}
    lay = layout(view)
    _check_clean(lay)
    heads = " ".join(_texts(lay, "factory"))
    assert "Jiří Novák" in heads and "player 2" in heads and "Łukasz Zoë" in heads


@pytest.mark.parametrize("lang", sorted(COLUMN_HEADER))
def test_storage_columns_are_headed_by_their_kind_in_the_tables_language(lang):
    """Each storage column's header is its kind's short name in the image's language, whole
    (not shortened with "…"), beside the column's tile count; no kind id (``production-robot``)
    is drawn."""

    state = _play_until(3, 4, _mid_build)
    view = ENGINE.view(state, None)
    (lay,) = board_layouts("factory-manager", view, lang)
    for col, (kind, ids) in enumerate(view["columns"].items(), start=1):
        texts = _texts(lay, f"storage:col{col}")
        assert texts[:2] == [str(len(ids)), COLUMN_HEADER[lang][col - 1]], (kind, texts[:2])
        assert kind not in texts
    _check_clean(lay)


#: "out" of the auction, as each catalog has it (bot/locale/<lang>/LC_MESSAGES/boardhost.po)
OUT = {"en": "out", "cs": "mimo", "nl": "uit", "lt": "išėjo"}


@pytest.mark.parametrize("lang", sorted(OUT))
def test_a_seat_out_of_the_auction_keeps_its_name_beside_the_word(lang):
    """Five players: a turn-order chip is 129 px, its tile number 36 px and 8 px after it, 12 px
    of margins, so "out" and the name share 129 - 36 - 8 - 12 = 73 px at 17 px: lt "pasitraukė"
    (80 px) left none and overlapped the name, "išėjo" (the catalog's "išeik iš šio aukciono") is 35."""

    def someone_out(v) -> bool:
        return _auction(v) and len(v["auction"]["bidders"]) < len(v["players"]) - 1

    view = copy.deepcopy(ENGINE.view(_play_until(5, 6, someone_out), None))
    out = [p for p in view["players"] if p["seat"] not in view["auction"]["bidders"]]
    assert out
    for p in out:
        p["new_tile"] = None  # out of this auction without a tile yet: the chip says "out"
    lay = board_layouts("factory-manager", view, lang)[0]
    chip = [t.text for t in lay.texts() if t.tag == f"turn-order:{out[0]['seat']}"]
    assert chip[1:] == [out[0]["seat"], OUT[lang]]  # the tile number, the whole name, the word
    assert overlapping_texts(lay) == []


def test_five_seats_show_whole_names_of_eleven_letters_in_the_turn_order():
    """Five players: a chip is 129 px, the tile number's square 30 px, 8 px after it and 6 px of
    margin, so a name has 129 - 30 - 8 - 6 = 85 px: "Tomáš Novák" is 102 px at 17 px and 85 px
    at 14 px (the smallest size allowed), so it is drawn whole at 14 px; a seat out of the
    auction says "out" on a second line under it, not beside a name cut to "Tom…"."""

    def someone_out(v) -> bool:
        return _auction(v) and len(v["auction"]["bidders"]) < len(v["players"]) - 1

    view = copy.deepcopy(ENGINE.view(_play_until(5, 6, someone_out), None))
    out = [p for p in view["players"] if p["seat"] not in view["auction"]["bidders"]]
    for p in out:
        p["new_tile"] = None
    view["names"] = {p["seat"]: "Tomáš Novák" for p in view["players"]}
    lay = board_layouts("factory-manager", view, "en")[0]
    for p in view["players"]:
        chip = [t for t in lay.texts() if t.tag == f"turn-order:{p['seat']}"]
        assert chip[1].text == "Tomáš Novák", [t.text for t in chip]
        assert chip[1].size >= MIN_TEXT
    chip = [t for t in lay.texts() if t.tag == f"turn-order:{out[0]['seat']}"]
    assert [t.text for t in chip[1:]] == ["Tomáš Novák", "out"]
    assert chip[2].y > chip[1].y  # under the name
    assert overlapping_texts(lay) == []
    _check_clean(lay)
