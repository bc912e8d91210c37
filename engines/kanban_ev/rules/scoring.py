"""Kanban EV, scoring: what performance and final goals count, final scoring in the aid's
order, training track places, the ranking and its tiebreakers."""

from __future__ import annotations

from engines.base import Event, event

from .. import data as D
from ..state import State
from .common import cars_of, certified, n_certs, n_experts, own, part_of
from .words import T, Tp


def goal_count(s: State, i: int, g: str) -> int:
    """How many of what performance goal ``g`` counts seat ``i`` has."""

    kind, arg, _, _ = D.PERFORMANCE_GOALS[g]
    return count(s, i, kind, arg)


def count(s: State, i: int, kind: str, arg: str) -> int:
    """Counters used by performance and final goals."""

    p = s.player_boards[i]
    cars = cars_of(p)
    if kind == "cars":
        return len(cars)
    if kind == "models":
        return len(set(cars))
    if kind == "model":
        return cars.count(arg)
    if kind == "upgraded_part":
        return sum(1 for x in p.upgraded if part_of(x) == arg)
    if kind == "upgraded":
        return len(p.upgraded)
    if kind == "tested":
        return len(p.tested)
    if kind == "stored":
        a, c = arg.split("+")
        return sum(1 for x in p.parts if x in (a, c))
    if kind == "garages":
        a, c = (int(x) - 1 for x in arg.split("+"))
        return (1 if p.garages[a] else 0) + (1 if p.garages[c] else 0)
    if kind == "certified":
        return 1 if certified(p, arg) else 0
    if kind == "designs":
        return len(p.designs)
    if kind == "books":
        return p.books
    if kind == "certs":
        return n_certs(p)
    if kind == "parts":
        return len(p.parts)
    if kind == "banked":
        return p.banked_shifts
    if kind == "speech":
        return p.speech_tokens
    if kind == "cars_one_model":
        return max([cars.count(m) for m in D.MODELS])
    if kind == "upgraded_distinct_parts":
        return len({part_of(x) for x in p.upgraded})
    if kind == "upgraded_same_part":
        return max([0] + [sum(1 for x in p.upgraded if part_of(x) == pt) for pt in D.PARTS])
    if kind == "experts":
        return n_experts(p)
    if kind == "tested_distinct_parts":
        return len({part_of(x) for x in p.tested})
    raise KeyError(kind)


def final_achieved(s: State, i: int, test: str, arg: str, threshold: int) -> bool:
    p = s.player_boards[i]
    if test == "certified_both":
        return all(certified(p, d) for d in arg.split("+"))
    if test == "certs_at_most":
        return n_certs(p) <= threshold
    if test == "experts_at_most":
        return n_experts(p) <= threshold
    return count(s, i, test, arg) >= threshold


def final_scoring(s: State, ev: list[Event]) -> None:
    """Final scoring in the aid's order; the breakdown is kept in ``b.final_scores``."""

    b = s.board
    result = {}
    rank_pp = training_scores(s)
    for i, p in enumerate(s.player_boards):
        items: dict[str, int] = {}
        # final goal: 1 speech token (own or generic) per achievement, best first
        achieved = sorted(
            (pp for test, arg, th, pp in D.FINAL_GOALS[b.final_goal] if final_achieved(s, i, test, arg, th)),
            reverse=True,
        )
        tokens = p.speech_tokens + p.generic_tokens
        use = achieved[:tokens]
        items["final_goal"] = sum(use)
        spent = len(use)
        from_generic = min(spent, p.generic_tokens)
        p = own(s, i)
        p.generic_tokens -= from_generic
        b.generic_supply += from_generic
        p.speech_tokens -= spent - from_generic
        items["leftovers"] = p.banked_shifts + p.speech_tokens + p.generic_tokens + p.books + p.vouchers
        items["cars"] = sum(D.CAR_VALUE[c] for c in cars_of(p))
        items["training"] = rank_pp[i]
        items["tested"] = sum(b.part_values[part_of(x)] for x in p.tested)
        items["chargers"] = len(p.chargers) * len(cars_of(p))
        total = sum(items.values())
        p.pp += total
        items["total"] = p.pp
        result[s.players[i]] = items
        # (the parts built apart: Babel does not extract a message inside another's call)
        parts = [T("{what} {n}", what=FINAL_LABELS[k], n=v) for k, v in items.items() if k != "total"]
        ev.append(
            event(
                type="final",
                text=T("{seat} final scoring: {items}; total {pp} PP.", seat=s.players[i], items=parts, pp=p.pp),
            )
        )
    b.final_scores = result
    s.phase = "over"
    b.order = []
    b.turn_index = 0
    # the ranking itself is the host's (resigned players last), said once under the events
    ev.append(event(type="over", text=T("Game over.")))


FINAL_LABELS = {
    "final_goal": Tp("final scoring", "final goal"),
    "leftovers": Tp("final scoring", "banked shifts, speech tokens, books and vouchers"),
    "cars": Tp("final scoring", "cars"),
    "training": Tp("final scoring", "training tracks"),
    "tested": Tp("final scoring", "tested designs"),
    "chargers": Tp("final scoring", "charger tokens x cars"),
}


def training_scores(s: State) -> list[int]:
    """Training tracks: 5/3/1 PP for 1st/2nd/3rd per department; nobody on the start space
    scores; ties on a space go to the disc placed later (higher in the stack)."""

    out = [0] * len(s.players)
    for di in range(5):
        ranked = sorted(
            (i for i, p in enumerate(s.player_boards) if p.training[di] > 0),
            key=lambda i: (-s.player_boards[i].training[di], -s.player_boards[i].training_stamps[di]),
        )
        for place, i in enumerate(ranked[:3]):
            out[i] += D.TRAINING_FINAL_PP[place]
    return out


def ranking(s: State) -> list[list[str]]:
    """Most PP; ties: most cars, then most tested designs, then most banked shifts; shared."""

    def key(i: int):
        p = s.player_boards[i]
        return (p.pp, len(cars_of(p)), len(p.tested), p.banked_shifts)

    order = sorted(range(len(s.players)), key=key, reverse=True)
    tiers: list[list[str]] = []
    last = None
    for i in order:
        k = key(i)
        if k == last:
            tiers[-1].append(s.players[i])
        else:
            tiers.append([s.players[i]])
        last = k
    return tiers
