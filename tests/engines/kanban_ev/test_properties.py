"""Kanban EV whole-game properties: random and AI games of every configuration end, with the
contract checks (JSON round trip, purity, notation, views, replay) and conservation of
components after every step; views never show hidden cards or deck orders."""

import random

import pytest

from engines.kanban_ev import data as D
from engines.kanban_ev import rules as R
from engines.kanban_ev.engine import ENGINE as engine
from tests.engines.contract import ai_policy, play_checked, random_policy

CONFIGS = [
    (n, {"sandra": sandra, "speedcharger": sc})
    for n in (2, 3, 4)
    for sandra, sc in (("mean", True), ("nice", False), ("mean", False), ("nice", True))
]


def conservation(s: R.State) -> None:
    """Components are neither created nor lost; per-turn limits hold."""

    b = s.board
    ps = s.player_boards
    if s.phase in ("garages", "cert_setup"):
        return
    for pt in D.PARTS:
        total = (
            b.part_supply[pt]
            + b.warehouses[pt]
            + b.recycling.count(pt)
            + sum(line.count(pt) for line in b.assembly_lines.values())
            + sum(sp.count(pt) for sp in b.upgrade_spaces.values())
            + sum(p.parts.count(pt) for p in ps)
        )
        assert total == D.PARTS_PER_TYPE, pt
    for m in D.MODELS:
        total = (
            b.car_supply[m]
            + list(b.conveyor.values()).count(m)
            + b.behind_pace_car.count(m)
            + sum(p.garages.count(m) for p in ps)
        )
        assert total == D.CARS_PER_MODEL, m
    designs = [d for r in b.design_rows for d in r if d] + [d for st in b.design_stacks for d in st]
    designs += [d for p in ps for d in p.designs + p.upgraded]
    assert sorted(designs) == sorted(D.DESIGNS)
    generic = (
        b.generic_supply
        + sum(p.generic_tokens for p in ps)
        + sum(b.demand_tokens)
        + sum(b.award_tokens.values())
        + sum(t[1] for tiles in b.factory_goals.values() for t in tiles)
    )
    assert generic == D.GENERIC_SPEECH_TOKENS
    assert b.voucher_supply + sum(p.vouchers + p.vouchers_pending for p in ps) == D.VOUCHERS_TOTAL
    n = len(ps)
    if s.speedcharger:
        assert b.charger_supply + sum(len(p.chargers) for p in ps) == D.CHARGER_TOKENS[n]
    goals = b.goal_deck + b.goal_discard + b.meeting_room + [g for g in b.nominations if g]
    goals += [g for p in ps for g in p.goals] + [
        g for g in (b.current_meeting.played if b.current_meeting else []) if g
    ]
    assert sorted(goals) == sorted(D.PERFORMANCE_GOALS)
    assert sorted(b.kanban_deck + [k for p in ps for k in p.kanban_cards]) == sorted(D.KANBAN_CARDS)
    for p in ps:
        assert 0 <= p.banked_shifts <= D.SHIFT_BANK_MAX and 0 <= p.books <= D.BOOKS_MAX
        assert len(p.parts) <= R.part_slots(p) and len(p.designs) <= R.design_slots(p)
        assert 0 <= p.speech_tokens <= R.speech_slots(p)
        assert sum(1 for g in p.garages if g) <= R.garage_slots(p)
    if s.phase == "work" and b.turn:
        assert b.turn.spent <= D.MAX_SHIFTS_PER_TURN
    assert len(b.recycling) == len(set(b.recycling)) == 3
    assert b.week <= 3 and b.cycle <= 3


@pytest.mark.parametrize("n, options", CONFIGS)
def test_random_games_end(n, options):
    players = [f"p{k}" for k in range(n)]
    s, log = play_checked(
        engine, players, seed=100 + n, policy=random_policy, options=options, check=conservation, notation_every=4
    )
    assert engine.is_over(s)
    assert s.board.final_scores and set(s.board.final_scores) == set(players)
    # game end: week 2 + cycle 3 or week 3 + cycle 2
    assert (s.board.week >= 2 and s.board.cycle >= 3) or (s.board.week >= 3 and s.board.cycle >= 2)


@pytest.mark.parametrize("n, options", CONFIGS)
def test_ai_games_end(n, options):
    players = [f"p{k}" for k in range(n)]
    s, log = play_checked(
        engine, players, seed=200 + n, policy=ai_policy, options=options, check=conservation, notation_every=6
    )
    assert engine.is_over(s)


def hidden_variant(s: R.State, me: int, seed: int) -> R.State:
    """The same position as ``me`` and spectators can know it: other players' hands swapped
    with deck cards, every face-down order shuffled, other players' nominations changed."""

    v = R.clone(s)
    r = random.Random(seed)
    b = v.board
    others = [i for i in range(len(v.player_boards)) if i != me]
    for i in others:
        p = v.player_boards[i]
        pool = p.goals + b.goal_deck
        r.shuffle(pool)
        p.goals, b.goal_deck = pool[: len(p.goals)], pool[len(p.goals) :]
        pool = p.kanban_cards + b.kanban_deck
        r.shuffle(pool)
        p.kanban_cards, b.kanban_deck = pool[: len(p.kanban_cards)], pool[len(p.kanban_cards) :]
        if b.nominations[i] and b.goal_deck:
            b.nominations[i], b.goal_deck[0] = b.goal_deck[0], b.nominations[i]
    r.shuffle(b.goal_deck)
    r.shuffle(b.kanban_deck)
    r.shuffle(b.demand_stack)
    for st in b.design_stacks:
        if len(st) > 1:
            rest = st[1:]
            r.shuffle(rest)
            st[1:] = rest
    tiles = [t for d in D.DEPTS for t in b.award_tiles[d]]
    r.shuffle(tiles)
    k = 0
    for d in D.DEPTS:
        size = len(b.award_tiles[d])
        b.award_tiles[d] = sorted(tiles[k : k + size])
        k += size
    b.draws += 17
    return v.model_copy(update={"seed": v.seed + 1})


@pytest.mark.parametrize("n", [2, 3, 4])
def test_private_cards_never_leak(n):
    players = [f"p{k}" for k in range(n)]
    rnd = random.Random(n)
    s = engine.setup(players, None, seed=n)
    step = 0
    differs = 0
    while not engine.is_over(s):
        if step % 7 == 0:
            for me in range(n):
                v = hidden_variant(s, me, step)
                assert engine.view(v, players[me]) == engine.view(s, players[me])
                assert engine.private_view(v, players[me]) == engine.private_view(s, players[me])
                other = players[(me + 1) % n]
                differs += engine.private_view(v, other) != engine.private_view(s, other)
            v = hidden_variant(s, -1, step)
            assert engine.view(v, None) == engine.view(s, None)
        who = engine.to_act(s)
        player = rnd.choice(who)
        out = engine.apply(s, player, rnd.choice(engine.legal_actions(s, player)))
        s = out.state
        # no card in anyone's hand is named by a public event (draws and deals are private)
        hands = [c for p in s.player_boards for c in p.goals + p.kanban_cards]
        for e in out.events:
            if e.visible_to is None:
                assert not [c for c in hands if c in e.text], e.text
            else:
                assert len(e.visible_to) == 1
        step += 1
    assert differs > 0  # the variants really did change the hidden cards


def test_view_shows_own_hand_only():
    s = engine.setup(["a", "b", "c"], None, seed=1)
    va = engine.view(s, "a")
    assert va["you"]["goals"] == s.player_boards[0].goals and va["you"]["kanban"] == s.player_boards[0].kanban_cards
    assert all(isinstance(q["goals"], int) and isinstance(q["kanban"], int) for q in va["seats"])
    assert "you" not in engine.view(s, None)
    assert engine.private_view(s, "b") == {
        "seat": "b",
        "goals": s.player_boards[1].goals,
        "kanban": s.player_boards[1].kanban_cards,
        "nominated": None,
    }
