"""Kanban EV with SpeedCharger: the state (player aid by Jarrod Moore, "the aid").

The state is a pydantic model with two plain containers so copying is cheap:

``b`` (the board, dict):
    day, week, cycle: ints; meeting: bool (meeting marker under the meeting room);
    pace: int (test-track space of the pace car); queue: 4 slots behind the pace car
    (model or "" for a gap, front first); cars: model -> cars left in the supply;
    conveyor: node -> model or ""; assembly: model -> parts on its assembly spaces;
    demand: the 2 face-up demand tiles (models); demand_tok: tokens beside each;
    demand_stack: face-down demand tiles (hidden order); wh: part -> parts in its
    warehouse; supply: part -> parts in the supply; recycling: parts there;
    kdeck: Kanban order deck (hidden order, top first); upg: model -> 6 upgrade spaces
    (part or ""); value: part -> value marker; doubled: parts double-upgraded;
    rows: 2 x 4 face-up designs ("" = gap, index 3 = rightmost); stacks: [top-row stack,
    bottom-row stack, central stack] (first = top; only the top is public);
    gdeck, gdiscard: performance goals; room: goals in the meeting room; final: final goal;
    fgoals: {"grey"|"beige"|"cert": [[value, tokens, [seats who took]], ...]};
    awards: dept -> face-down award tiles; award_tok: dept -> generic tokens on the stack;
    chargers, generic, vouchers: supply counts; sandra: position code; pos: seat -> position
    code (-1 = none); order: who acts this phase (seat index, -1 = Sandra); idx: whose turn;
    t: the current work turn; m: the current meeting; nom: goals nominated after a meeting;
    pick: setup sub-step; stamp: arrival counter for training ties; draws: rng counter;
    result: final scoring breakdown.

Position codes: department index * 2 + (0 upper, 1 lower) workstation; 10 = Sandra's desk.

``ps`` (one dict per seat): pp, banked, books, vouchers, vpend (voucher received this turn),
speech (own tokens on the board), generic (generic tokens beside the board), gset (basic or
expert), gtiles (garage -> index of its tile in the set), garages
(5 slots, model or ""), designs, upgraded, tested, parts, chargers (departments charged),
dbl (double upgrade used), goals (hand), kanban (hand), train (5 ints), stamp (5 ints),
cert (section * 4 + space, -1 before setup).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel


class Options(BaseModel):
    """Variants: Mean (default) or Nice Sandra; the SpeedCharger mini-expansion (default on)."""

    sandra: Literal["mean", "nice"] = "mean"
    speedcharger: bool = True


class State(BaseModel):
    """The whole game (see the module docstring for the keys of ``b`` and ``ps``)."""

    players: list[str]
    seed: int
    sandra_mode: str
    speedcharger: bool
    phase: str
    b: dict[str, Any]
    ps: list[dict[str, Any]]
