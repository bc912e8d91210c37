"""Kanban EV with SpeedCharger: the rules, as functions over :class:`~.state.State`
(player aid by Jarrod Moore, "the aid"; each function's docstring names its section).

Interpretations where the aid is silent or ambiguous (see also ``data.py``):

* taking parts from a warehouse is repeatable (1 shift each time): the aid's once-per-turn
  note is on issuing an order and the parts voucher only (reference §8 "1 shift each time");
* design spaces: 5, the 6th unlocked by Design certification (the aid: "Unlocks 6th design
  space"; the reference's 4 + 1 is ``data.DESIGN_SPACES_REF``);
* claim cost is by the car's space behind the pace car; gaps are closed only at the end of
  the turn, so claiming the 1st car leaves the 2nd still costing 2 (aid, R&D note);
* banked shifts, books and vouchers gained during your own turn are usable from its end
  ([SPEC] §3); the Administration charger's extra shift obeys the 4-shift cap (ASSUMED);
* "upgraded parts first" in Assembly: the part types on that model's upgrade spaces;
* an upgraded design is tested if you own a car of its model, at upgrading or when that car
  is claimed later ([SPEC] §5);
* recycling: unlimited swaps, but not giving back a part taken from recycling this turn
  (which changes nothing a player can reach and keeps turns finite);
* factory goals: reaching exactly the tile's number takes a token, once per player per tile;
* Sandra's penalty cannot take PP below 0; she evaluates Administration before the week ends;
* after a meeting every face-up goal is discarded; generic tokens are swapped for own ones
  automatically where a space is free;
* the game end test is "week >= 2 and cycle >= 3, or week >= 3 and cycle >= 2", checked after
  the day's meeting;
* goal 32 counts the speech tokens left on your board after placing the speaking token.

The rules are split along the aid's own sections, one module each: :mod:`.setup`, the day
(:mod:`.day`: department selection, the order of turns, the end of the day), working in a
department (:mod:`.work`: shifts, training, certification, recycling), each department
(:mod:`.rd`, :mod:`.assembly`, :mod:`.logistics`, :mod:`.design`, :mod:`.administration`
with the SpeedCharger's charger tokens), :mod:`.sandra` (her moves, evaluations and the end
of the week), :mod:`.meetings` and :mod:`.scoring` (what goals count, final scoring); small
shared pieces in :mod:`.common` and :mod:`.words`. Everything is importable from this
package, as ``rules.<name>``.
"""

from __future__ import annotations

from ..state import Board, Meeting, Options, PlayerBoard, State, WorkTurn
from .administration import _also, _charge, _legal_admin
from .assembly import _exit_car, _legal_assembly, _new_car, _provide, _push, _route, allowed_parts, clear_full_lines
from .common import (
    DESK,
    DI,
    _draw,
    active_depts,
    cars_of,
    cert_order,
    certified,
    check_factory_goal,
    clone,
    dept_of,
    design_slots,
    gain,
    garage_slots,
    model_of,
    n_certs,
    n_experts,
    occupied,
    own,
    part_of,
    part_slots,
    printed_board,
    printed_speech,
    shifts_note,
    speech_slots,
    spend,
    spendable,
    step_copy,
    take_generic,
    usable,
)
from .day import (
    _apply_place,
    _auto,
    _end_work_phase,
    _legal_select,
    _start_work,
    apply_action,
    apply_step,
    current,
    end_of_day,
    game_end_triggered,
    legal,
    legal_of,
    start_day,
    to_act,
)
from .design import _advanced, _legal_design, _remove_design_from_board, _select_design, refill_designs
from .logistics import _legal_logistics, _order, _take, _voucher, order_stock
from .meetings import (
    _apply_meeting,
    _deal_goal,
    _finish_meeting,
    _legal_meeting,
    _meeting_cleanup,
    _nominate,
    speakable,
    start_meeting,
)
from .rd import _claim, _legal_rd, _upgrade, advance_pace, close_gaps
from .sandra import SANDRA_COUNTS, _sandra_moves, criterion, end_of_week, evaluate, sandra_turn
from .scoring import FINAL_LABELS, count, final_achieved, final_scoring, goal_count, ranking, training_scores
from .setup import SETUP_PHASES, _apply_pick, apply_setup, legal_setup, setup_state
from .words import (
    _FINAL_WORDS,
    _UNIT,
    A_CAR,
    CERT_UNLOCKS,
    CHARGER_ABILITY,
    DEPT,
    MODEL,
    PART,
    T,
    Tn,
    Tp,
    benefit_text,
    dept,
    final_goal_text,
    goal_text,
    goal_words,
    model,
    part,
    parts,
    plural,
    shifts,
    tx,
)
from .work import _apply_work, _legal_work, begin_turn, done_text, end_turn

__all__ = [
    "A_CAR",
    "CERT_UNLOCKS",
    "CHARGER_ABILITY",
    "DEPT",
    "MODEL",
    "PART",
    "T",
    "Tn",
    "Tp",
    "dept",
    "model",
    "part",
    "parts",
    "shifts",
    "tx",
    "Board",
    "DESK",
    "DI",
    "FINAL_LABELS",
    "Meeting",
    "Options",
    "PlayerBoard",
    "SANDRA_COUNTS",
    "SETUP_PHASES",
    "State",
    "WorkTurn",
    "_FINAL_WORDS",
    "_UNIT",
    "_advanced",
    "_also",
    "_apply_meeting",
    "_apply_pick",
    "_apply_place",
    "_apply_work",
    "_auto",
    "_charge",
    "_claim",
    "_deal_goal",
    "_draw",
    "_end_work_phase",
    "_exit_car",
    "_finish_meeting",
    "_legal_admin",
    "_legal_assembly",
    "_legal_design",
    "_legal_logistics",
    "_legal_meeting",
    "_legal_rd",
    "_legal_select",
    "_legal_work",
    "_meeting_cleanup",
    "_new_car",
    "_nominate",
    "_order",
    "_provide",
    "_push",
    "_remove_design_from_board",
    "_route",
    "_sandra_moves",
    "_select_design",
    "_start_work",
    "_take",
    "_upgrade",
    "_voucher",
    "active_depts",
    "advance_pace",
    "allowed_parts",
    "apply_action",
    "apply_step",
    "apply_setup",
    "begin_turn",
    "benefit_text",
    "cars_of",
    "cert_order",
    "certified",
    "check_factory_goal",
    "clear_full_lines",
    "clone",
    "own",
    "step_copy",
    "close_gaps",
    "count",
    "criterion",
    "current",
    "dept_of",
    "design_slots",
    "done_text",
    "end_of_day",
    "end_of_week",
    "end_turn",
    "evaluate",
    "final_achieved",
    "final_goal_text",
    "final_scoring",
    "gain",
    "game_end_triggered",
    "garage_slots",
    "goal_count",
    "goal_text",
    "goal_words",
    "legal",
    "legal_of",
    "legal_setup",
    "model_of",
    "n_certs",
    "n_experts",
    "occupied",
    "order_stock",
    "part_of",
    "part_slots",
    "plural",
    "printed_board",
    "printed_speech",
    "ranking",
    "refill_designs",
    "sandra_turn",
    "setup_state",
    "shifts_note",
    "speakable",
    "speech_slots",
    "spend",
    "spendable",
    "start_day",
    "start_meeting",
    "take_generic",
    "to_act",
    "training_scores",
    "usable",
]
