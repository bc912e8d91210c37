"""The channel's sentences count properly: "1 space", "5 coins", never "space(s)" (found
playing Visiting Kaunas through SimCord)."""

from __future__ import annotations

from engines.visiting_kaunas.engine import ENGINE as engine


def texts(s, p, notation):
    action = next(a for a in engine.legal_actions(s, p) if engine.notation(s, a) == notation)
    return [e.text for e in engine.apply(s, p, action).events]


def test_ship_purchase_sentence_counts_spaces_and_coins():
    s = engine.setup(["a", "b", "c"], None, 1)
    # seed 1: b starts (lowest die); b's top ship is at column 6 (index 5), the right ship at
    # row 3 (index 2); the event deck's top card is level 1, so a space costs 1 coin
    assert engine.to_act(s) == ["b"] and (s.pl["b"].column, s.pl["b"].row) == (5, 2)
    # right ship row 3 -> row 4: 1 space x 1 = 1 coin
    assert texts(s, "b", "ship right 4") == ["b moves a ship 1 space and buys a Restaurant for 1 coin."]
    # top ship column 6 -> column 1: 5 spaces x 1 = 5 coins
    assert texts(s, "b", "ship top 1") == ["b moves a ship 5 spaces and buys a Bistro for 5 coins."]


def test_tourist_sentences_say_from_where_to_where():
    # Case 1 of the rules' tourist examples (as in test_events): ann's Grande at a2 in the
    # evening; the restaurant a3 pays $4 in the evening (the Grande double), the pizzeria a2 $3.
    # The channel read "ann's Grande moves grande → a3": now plain words.
    from tests.engines.visiting_kaunas.helpers import act, at_assign, new, street

    s = new()
    street(s, "ann", ["museum", "pizzeria", "restaurant"], grande="a2:evening")
    street(s, "bob", ["museum"])
    s.up[0] = ["e01"]
    s.down = ["e02", "e03", "e04"]
    s = at_assign(s, [3, 1, 1])
    for t in ("event 3 up1 evening", "use 1", "use 1"):
        s = act(s, "ann", t)
    said = []
    for t in ("tourist grande a3", "tourist supply a2"):
        action = next(a for a in engine.legal_actions(s, "ann") if engine.notation(s, a) == t)
        out = engine.apply(s, "ann", action)
        said.append(out.events[0].text)
        s = out.state
    assert said == ["ann's Grande moves to a3 and pays 8.", "ann's tourist moves from the supply to a2 and pays 3."]


def test_upgrade_draw_is_described_with_its_count():
    # rules "3: upgrade": draw 1-3 upgrade cards and keep one; the /move list read
    # "Draw 1 upgrade card(s) and keep one."
    from tests.engines.visiting_kaunas.helpers import act, at_assign, new

    s = new()
    s = at_assign(s, [3, 2, 2])
    for t in ("use 3", "event 2 down1 morning", "event 2 down2 morning"):
        s = act(s, "ann", t)
    said = {engine.notation(s, a): engine.describe(s, a) for a in engine.legal_actions(s, "ann")}
    assert said["draw 1"] == "Draw 1 upgrade card and keep it."
    assert said["draw 3"] == "Draw 3 upgrade cards and keep one."


def test_first_turn_status_says_why_the_first_player_starts():
    """Visiting Kaunas, setup: everyone rolls, the lowest starts, tied lowest reroll. The
    channel's first status line says so (a player asked why carol started)."""

    from engines import registry

    engine = registry.get("visiting-kaunas")
    state = engine.setup(["alice", "bob", "carol"], None, 0)
    # alice and bob tie on 3 (lowest), reroll 2 against 4: alice starts
    state = state.model_copy(update={"first_rolls": [[3, 3, 5], [2, 4, 0]], "first": 0})
    assert engine.first_player_text(state) == (
        "alice starts with the lowest die (alice 3, bob 3, carol 5; reroll: alice 2, bob 4)."
    )
    assert engine.status(state).endswith(engine.first_player_text(state))
    later = state.model_copy(update={"turn": 1})
    assert "lowest die" not in engine.status(later)


def test_the_dm_line_names_the_drawn_upgrades_in_words():
    """A player DMed their drawn upgrades read "Your hand: {'id': 'u31', ...}" (found playing
    through the bot). Data: u06 is the 6th "+1 capacity in one zone" card (zones cycle
    morning, midday, evening: u06 = evening); u17 is the 8th "+1 price" card (u10..u18:
    u17 = midday); u31 is among u29..u32, "+1 capacity in every open zone"."""

    from engines import registry

    engine = registry.get("visiting-kaunas")
    state = engine.setup(["alice", "bob", "carol"], None, 0)
    state = state.model_copy(update={"drawn": ["u31", "u17", "u06"]})
    me = state.players[state.active]
    assert engine.private_text(state, me) == (
        "You drew u31 (+1 capacity all zones), u17 (+$1 midday), u06 (+1 capacity evening): keep one."
    )
    other = next(p for p in state.players if p != me)
    assert engine.private_text(state, other) == ""
