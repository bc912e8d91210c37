"""Kanban EV with the SpeedCharger mini-expansion (engine id ``kanban-ev``, 2-4 players):
the contract over :mod:`.rules`, the sentences for moves and statuses, and the reasons a move
is refused."""

from __future__ import annotations

from typing import Any

from engines.base import Engine, Event, IllegalAction

from . import data as D
from . import rules as R
from .actions import ACTION_MODELS
from .ai import KanbanAI
from .search import HOOKS as SEARCH_HOOKS
from .state import Options, State
from .text import RULES_SUMMARY


class KanbanEV(Engine):
    """Kanban EV engine: the contract over the functions of :mod:`.rules`."""

    id = "kanban-ev"
    title = "Kanban EV"
    min_players = 2
    max_players = 4
    Options = Options
    State = State
    action_models = ACTION_MODELS
    AI = KanbanAI
    search = SEARCH_HOOKS
    has_hands = True
    score_unit = ("PP", "PP")
    rules_summary = RULES_SUMMARY

    # ----- the move builder ------------------------------------------------------------
    choice_kinds = {
        "garages": "Choose your garage tiles",
        "arrange": "Arrange your garage tiles",
        "cert": "Place your certification marker",
        "pick": "Take a part or a design",
        "place": "Work in a department",
        "train": "Train",
        "also": "Also work in another department",
        "claim": "Claim a car",
        "upgrade": "Upgrade a design",
        "provide": "Provide a part",
        "route": "Route the car",
        "order": "Issue a Kanban order",
        "take": "Take parts",
        "voucher": "Take a parts voucher",
        "design": "Select a design",
        "advanced": "Select an advanced design",
        "charge": "Place a charger token",
        "recycle": "Recycle a part",
        "award": "Keep an award tile",
        "done": "End your turn",
        "play": "Play a goal",
        "speak": "Speak on a goal",
        "pass": "Pass",
        "nominate": "Nominate a goal",
    }
    choice_questions = {
        "garages.set": "Which garage tiles do you take?",
        "arrange.tiles": "In which order do your garage tiles go on garages 1-4?",
        "cert.space": "Which space of the section does your marker go on?",
        "pick.item": "Which part or design do you take?",
        "place.dept": "Which department do you work in?",
        "place.station": "Which workstation?",
        "train.dept": "Which training track does your disc move along?",
        "train.pay": "How do you pay?",
        "also.dept": "Which other department do you also work in?",
        "claim.pos": "Which car behind the pace car do you claim?",
        "claim.design": "Which design of that model do you return?",
        "claim.garage": "Which empty garage gets the car?",
        "upgrade.design": "Which design do you upgrade?",
        "upgrade.space": "Which upgrade space?",
        "upgrade.source": "How do you pay for it?",
        "upgrade.double": "Do you use your double-upgrade tile?",
        "provide.model": "Which assembly line do you provide to?",
        "provide.part": "Which part do you provide?",
        "provide.source": "From a part on your board or a voucher?",
        "route.node": "Where does the pushed car go?",
        "order.card": "Which Kanban order card do you issue?",
        "order.split": "Which placement of the card?",
        "take.part": "Which warehouse do you take parts from?",
        "take.count": "How many parts do you take?",
        "design.id": "Which face-up design do you select?",
        "advanced.id": "Which stack's top design do you select?",
        "charge.dept": "Which department space gets the charger token?",
        "recycle.give": "Which of your parts goes to recycling?",
        "recycle.get": "Which part in recycling do you take?",
        "award.kind": "Which award tile do you keep?",
        "play.goal": "Which performance goal do you play?",
        "speak.goal": "Which goal do you speak on?",
        "nominate.goal": "Which goal do you leave face down?",
    }

    def choice_label(self, state, action, name: str, value) -> tuple[str, str]:
        """Departments and car models by name, parts and designs by their words, numbers with
        what they count; other values by their notation word."""

        if name in ("dept",) and value in D.DEPT_NAMES:
            return D.DEPT_NAMES[value], ""
        if name == "model" and value in D.MODEL_NAMES:
            return D.MODEL_NAMES[value], ""
        if name == "station":
            return f"Workstation {value} ({'upper' if value == 1 else 'lower'})", ""
        if name == "pos":
            cost = D.CLAIM_COST[value - 1] if 1 <= value <= len(D.CLAIM_COST) else "?"
            return f"Car {value} behind the pace car ({cost} shift{'s' if cost != 1 else ''})", ""
        if name == "garage":
            return f"Garage {value}", ""
        if name == "space" and action.type == "upgrade":
            return f"Upgrade space {value}", ""
        if name == "space":
            return f"Space {value}", ""
        if name == "split":
            return f"Placement {value}", ""
        if name == "count":
            return f"{value} part{'s' if value != 1 else ''}", ""
        if name == "double":
            return ("Use the double-upgrade tile" if value else "No double upgrade"), ""
        if name == "source":
            return {"part": "A part from your board", "voucher": "A parts voucher", "charger": "The R&D charger"}[
                value
            ], ""
        if name == "pay":
            return f"Pay a {value}", ""
        if name == "tiles":
            return ", ".join(value), ""
        if isinstance(value, str) and value in D.PARTS:
            return value.capitalize(), ""
        if isinstance(value, str) and "-" in value and value.split("-")[0] in D.MODEL_NAMES:
            model, part = value.split("-", 1)
            return f"{value} ({D.MODEL_NAMES[model]} {part})", ""
        return super().choice_label(state, action, name, value)

    # ----- contract ---------------------------------------------------------------------
    def setup(self, players: list[str], options=None, seed: int = 0) -> R.State:
        """New game: Kanban EV setup (the aid, "setup"); the players' choices follow as actions.

        Raises ``ValueError`` for 0-1 or 5+ players, duplicate seats or bad options."""

        self.check_players(players)
        opts = self.options(options)
        return R.setup_state(list(players), opts, int(seed))

    def to_act(self, state: R.State) -> list[str]:
        return [state.players[i] for i in R.to_act(state)]

    def legal_actions(self, state: R.State, player: str) -> list:
        if player not in state.players:
            return []
        return R.legal(state, state.players.index(player))

    def check(self, state: R.State, player: str, action):
        """The action if it is one of the seat's legal actions (compared by type and fields),
        else :class:`IllegalAction` with the most specific reason the rules give."""

        i = state.players.index(player)
        fields = action.__dict__
        if not any(x.__dict__ == fields for x in R.legal_of(state, i, type(action))):
            why = _reason(state, i, action)
            raise IllegalAction(why or "That move is not allowed now.", show_moves=why is None)
        return action

    def copy_state(self, state: R.State) -> R.State:
        return R.clone(state)

    def _apply(self, new: R.State, player: str, action, events: list[Event]) -> None:
        R.apply_action(new, new.players.index(player), action, events)

    def hidden(self, state: R.State) -> Any:
        """Face-down parts (for ``reveals``): the stacks below their tops, the demand stack,
        both decks, the face-down awards and the draw counter."""

        b = state.board
        return (b.design_stacks, b.demand_stack, b.kanban_deck, b.goal_deck, b.award_tiles, b.draws)

    def reveals(self, state: R.State, player: str, action, outcome) -> bool:
        """As :meth:`Engine.reveals`, and also True when a card left a private hand for the
        table: a performance goal played in a meeting, a Kanban order card issued. Everyone
        has seen it, so taking the move back would return a known card to a hidden hand. A
        goal nominated face down after a meeting is seen by nobody else until the last
        nomination reveals them all (that move draws, so it reveals anyway)."""

        after = outcome.state
        face_down = {g for g in after.board.nominations if g}
        for p, q in zip(state.player_boards, after.player_boards):
            left = set(p.goals) - set(q.goals) | set(p.kanban_cards) - set(q.kanban_cards)
            if left - face_down:
                return True
        return super().reveals(state, player, action, outcome)

    def view(self, state: R.State, player: str | None) -> dict:
        """What ``player`` (None: a spectator) sees: the board without hands, deck orders,
        face-down awards or nominations; a seated player also gets ``you``."""

        b = state.board
        # the public part of the board under its stored short keys (the renderer's contract)
        v: dict[str, Any] = b.model_dump(include=_PUBLIC_BOARD)
        v["game"] = self.id
        v["players"] = list(state.players)
        v["sandra_mode"] = state.sandra_mode
        v["speedcharger"] = state.speedcharger
        v["phase"] = state.phase
        v["to_act"] = self.to_act(state)
        v["status"] = self.status(state)
        v["stacks"] = [{"top": st[0] if st else None, "count": len(st)} for st in b.design_stacks]
        v["demand_stack"] = len(b.demand_stack)
        v["kdeck"] = len(b.kanban_deck)
        v["gdeck"] = len(b.goal_deck)
        v["awards"] = {d: len(x) for d, x in b.award_tiles.items()}
        v["meeting_state"] = b.current_meeting.model_dump() if b.current_meeting else {}
        v["nominated"] = [bool(x) for x in b.nominations]
        seats = []
        for i, p in enumerate(state.player_boards):
            q = p.model_dump(exclude={"goals", "kanban_cards"})
            q["seat"] = state.players[i]
            q["goals"] = len(p.goals)
            q["kanban"] = len(p.kanban_cards)
            seats.append(q)
        v["seats"] = seats
        # what the board image draws, from the rules (renderers read only the view): the
        # printed boards, each seat's certifications, the shifts left in this work turn, the
        # final goal's achievements and every visible performance goal in words
        v["printed"] = R.printed_board(len(state.players))
        for q, p in zip(seats, state.player_boards):
            q["certified"] = [d for d in D.DEPTS if R.certified(p, d)]
        v["shifts_left"] = R.spendable(state) if state.phase == "work" and b.turn else 0
        v["final_goal"] = [
            {"text": R.final_goal_text(test, arg, th), "pp": pp}
            for test, arg, th, pp in D.FINAL_GOALS.get(b.final_goal, [])
        ]
        shown = list(b.meeting_room) + [g for g in (b.current_meeting.played if b.current_meeting else []) if g]
        if player is not None and player in state.players:
            v["you"] = self.private_view(state, player)
            # what each of your goals counts now (Kanban EV, performance goals), for the hand
            # image; kept out of private_view so a changing count sends no DM by itself
            i = state.players.index(player)
            v["you"]["counts"] = {g: R.goal_count(state, i, g) for g in v["you"]["goals"]}
            # what each of your order cards would stock now, per placement (Logistics)
            v["you"]["orders"] = {
                c: {str(k): R.order_stock(dict(b.part_supply), c, k) for k in sorted(D.ORDER_SPLITS)}
                for c in v["you"]["kanban"]
            }
            shown += v["you"]["goals"]
        v["goals"] = {
            g: {"text": R.goal_words(g), "value": D.PERFORMANCE_GOALS[g][2], "icons": D.PERFORMANCE_GOALS[g][3]}
            for g in shown
        }
        return v

    def private_view(self, state: R.State, player: str) -> dict | None:
        """``player``'s hand: performance goals, Kanban order cards, the goal they nominated."""

        if player not in state.players:
            return None
        i = state.players.index(player)
        p = state.player_boards[i]
        return {
            "seat": player,
            "goals": list(p.goals),
            "kanban": list(p.kanban_cards),
            "nominated": state.board.nominations[i] or None,
        }

    def private_text(self, state: R.State, player: str) -> str:
        """``player``'s hand in words, for the DM beside the hand image: each performance
        goal with what it scores, each Kanban order card with its part icons in order, and
        the goal nominated for the meeting room; ``""`` for someone not seated."""

        pv = self.private_view(state, player)
        if pv is None:
            return ""
        goals = ", ".join(R.goal_text(g) for g in pv["goals"]) or "none"
        cards = ", ".join(f"{c} ({', '.join(D.KANBAN_CARDS[c])})" for c in pv["kanban"]) or "none"
        out = f"Your performance goals: {goals}. Your Kanban order cards: {cards}."
        if pv["nominated"]:
            out += f" Nominated face down for the meeting room: {R.goal_text(pv['nominated'])}."
        return out

    def describe(self, state: R.State, action) -> str:
        """One sentence a player reads for ``action``."""

        a = action
        k = a.type
        dn = D.DEPT_NAMES
        if k == "arrange":
            return "Put garage tiles " + ", ".join(a.tiles) + " on garages 1-4."
        if k == "cert":
            who = self.to_act(state)
            sec = R.n_certs(state.player_boards[state.players.index(who[0])]) if state.phase == "work" and who else 0
            ben = dict(D.CERT_TRACK[min(sec, 5)][a.space - 1]) if 1 <= a.space <= 4 else {}
            if not D.CERT_PRINTED_SPEECH and sec in (2, 4):
                ben.pop("speech", None)
            return f"Put your certification marker on space {a.space} of section {sec}: gain {R.benefit_text(ben)}."
        if k == "pick":
            return "Take nothing." if a.item == "none" else f"Take {a.item}."
        if k == "place":
            ws = D.WORKSTATION_SHIFTS[a.dept][a.station - 1]
            return (
                f"Work at {dn[a.dept]} workstation {a.station} ({'upper' if a.station == 1 else 'lower'}, "
                f"{R.plural(ws, 'shift')})."
            )
        if k == "train":
            return f"Train in {dn[a.dept]} paying a {a.pay}."
        if k == "also":
            return f"Also work in {dn[a.dept]} this turn."
        if k == "claim":
            who = self.to_act(state)
            p = state.player_boards[state.players.index(who[0])] if who else None
            gain = ""
            if p and p.garage_tiles and 1 <= a.garage <= 5:
                gain = f" (gain {R.benefit_text(D.GARAGE_TILES[p.garage_set][p.garage_tiles[a.garage - 1]])})"
            cost = R.plural(D.CLAIM_COST[a.pos - 1], "shift") if 1 <= a.pos <= 4 else "?"
            return f"Claim the car at position {a.pos} ({cost}), returning {a.design}, into garage {a.garage}{gain}."
        if k == "upgrade":
            ben = D.UPGRADE_SPACES.get(R.model_of(a.design), [{}] * 6)[a.space - 1] if 1 <= a.space <= 6 else {}
            src = {"part": "a part from your board", "voucher": "a parts voucher", "charger": "the R&D charger"}[
                a.source
            ]
            return f"Upgrade {a.design} on space {a.space} (gain {R.benefit_text(ben)}) with {src}, +2 PP" + (
                ", as your double upgrade." if a.double else "."
            )
        if k == "provide":
            return f"Provide {a.part} to the {D.MODEL_NAMES[a.model]} line from your {a.source}."
        if k == "route":
            t = state.board.turn
            pend = t.pending if t else []
            car = "car"
            if pend and pend[0][0] == "route":
                car = D.MODEL_NAMES.get(state.board.conveyor.get(pend[0][1][-1], ""), "car")
            if a.node.startswith("x"):
                return f"Send the {car} off the belt at gate {a.node[1:]} ({D.EXIT_PP.get(a.node, 0)} PP)."
            return f"Push the {car} on to conveyor space {a.node}."
        if k == "order":
            side_a = D.ORDER_SPLITS.get(a.split, [])
            icons = [
                icon for j, icon in enumerate(D.KANBAN_CARDS.get(a.card, [])) if (icon in D.GROUP_A) == (j in side_a)
            ]
            return f"Issue Kanban order {a.card} in placement {a.split}: stocks {', '.join(icons) or 'nothing'}."
        if k == "charge":
            return f"Place a charger token on your {dn[a.dept]} space: {D.CHARGER_ABILITY[a.dept]}."
        if k == "done":
            return "End your meeting turn without speaking." if state.phase == "meeting" else "End your turn."
        if k == "play":
            return f"Play performance goal {R.goal_text(a.goal)}."
        if k == "speak":
            return f"Speak on goal {R.goal_text(a.goal)}."
        if k == "nominate":
            return f"Put goal {R.goal_text(a.goal)} face down in the meeting room."
        return super().describe(state, action)

    def describe_to(self, state: R.State, player: str, action, viewer: str | None) -> str:
        """As :meth:`describe`, except that a nomination after a meeting (Kanban EV, meeting
        clean-up: each player puts one goal face down in the meeting room) names the goal
        only to its mover: everyone else reads "Puts a goal face down in the meeting room."
        (the nominated goals join the room unattributed, so this stays hidden)."""

        if action.type == "nominate" and viewer != player:
            return "Puts a goal face down in the meeting room."
        return self.describe(state, action)

    def status(self, state: R.State) -> str:
        """One line: day, week, cycle, the step and whom it waits for; in the work phase also
        where that player works and the shifts spent and left this turn (the aid, "working")."""

        if state.phase == "over":
            return "Game over."  # the host ranks (resigned players last): one ranking
        b = state.board
        who = ", ".join(self.to_act(state))
        head = f"Day {b.day}, week {b.week}, cycle {b.cycle}"
        step = {
            "garages": "setup: choose garage tiles",
            "cert_setup": "setup: certification space",
            "picks": f"setup: pick a {b.setup_pick}",
            "select": "department selection",
            "work": "work phase",
            "meeting": "meeting",
            "nominate": "meeting clean-up: nominate a goal",
        }[state.phase]
        if state.phase == "work" and b.turn:
            t = b.turn
            name = state.players[t.who]
            pend = t.pending
            if pend:
                need = {
                    "cert": "choose a certification space (`cert <space>`)",
                    "award": "choose an award tile (`award <kind>`)",
                    "route": "choose where the pushed car goes (`route <node>`)",
                }[pend[0][0]]
                if pend[0][0] == "route":
                    at = pend[0][1][-1]
                    car = D.MODEL_NAMES.get(b.conveyor.get(at, ""), "car")
                    need = (
                        f"choose where the {car} pushed from conveyor space {at} goes ("
                        + " or ".join(f"`route {n}`" for n in D.CONVEYOR[at])
                        + ")"
                    )
                return f"{head}, work phase: {name} must {need}."
            where = D.DEPT_NAMES[t.dept] + (f" + {D.DEPT_NAMES[t.second_dept]}" if t.second_dept else "")
            return (
                f"{head}, work phase: {name} works in {where}; {R.shifts_note(state)} "
                f"(workstation {t.workstation_shifts}, banked {state.player_boards[t.who].banked_shifts}, at most 4)."
            )
        if state.phase == "meeting" and b.current_meeting:
            m = b.current_meeting
            i = R.current(state)
            must = "" if m.played[i] else " (must still play a goal)"
            return f"{head}, meeting: waiting for {who}{must}; {m.passes} of {len(state.players)} passes in a row."
        if state.phase == "select":
            where = "her desk" if b.sandra == R.DESK else D.DEPT_NAMES[R.dept_of(b.sandra)]
            step += f" (Sandra: {where})"
        return f"{head}, {step}: waiting for {who}."

    def is_over(self, state: R.State) -> bool:
        return state.phase == "over"

    def scores(self, state: R.State) -> dict[str, int]:
        return {state.players[i]: p.pp for i, p in enumerate(state.player_boards)}

    def ranking(self, state: R.State) -> list[list[str]]:
        return R.ranking(state)


#: the department each work action belongs to (the aid, "working")
_ACTION_DEPT = {
    "claim": "rd",
    "upgrade": "rd",
    "provide": "assembly",
    "order": "logistics",
    "take": "logistics",
    "voucher": "logistics",
    "design": "design",
    "advanced": "design",
    "charge": "admin",
}
_ACTION_NAME = {
    "claim": "Claiming a car",
    "upgrade": "Upgrading a design",
    "provide": "Providing a part",
    "order": "Issuing an order",
    "take": "Taking parts",
    "voucher": "Receiving a parts voucher",
    "design": "Selecting a design",
    "advanced": "Selecting an advanced design",
    "charge": "The charge action",
}


def _reason(s: R.State, i: int, a) -> str | None:
    """Why action ``a`` is illegal for seat ``i``, in the game's words (None: no specific reason)."""

    b = s.board
    p = s.player_boards[i]
    kind = getattr(a, "type", "")
    dn = D.DEPT_NAMES
    phase_of = {
        "garages": "garages arrange",
        "cert_setup": "cert",
        "picks": "pick",
        "select": "place",
        "meeting": "play speak pass done",
        "nominate": "nominate",
    }
    if s.phase == "work":
        t = b.turn
        if t.pending:
            return {
                "cert": "First choose your certification space (`cert <space>`).",
                "award": "First choose your award tile (`award <kind>`).",
                "route": "First choose where the pushed car goes (`route <node>`).",
            }[t.pending[0][0]]
        if kind in ("place", "pick", "garages", "arrange", "play", "speak", "pass", "nominate", "award", "route"):
            return "It is the work phase: use your department's actions, `train`, `recycle` or `done`."
        if kind == "cert":
            return "You choose a certification space only when you become certified."
        act = R.active_depts(s)
        here = " and ".join(dn[d] for d in act)
        can = R.spendable(s)
        if kind == "train":
            if a.dept not in act:
                return f"You can train only where you work this turn ({here})."
            if p.training[R.DI[a.dept]] >= D.EXPERT_AT:
                return f"You are already on the last space of the {dn[a.dept]} track."
            if a.pay == "book":
                return "You have no book you can use (books gained this turn count from its end)."
            return f"You have no shifts left this turn ({R.shifts_note(s)}; at most 4 per turn)."
        if kind == "also":
            if t.dept != "admin":
                return "Only in Administration can you also work in one other department."
            if t.second_dept:
                return f"You already chose {dn[t.second_dept]} as your other department this turn."
            return "Choose one of R&D, Assembly, Logistics or Design."
        if kind == "recycle":
            if a.give not in p.parts:
                return f"You have no {a.give} on your board."
            if a.get not in b.recycling:
                return f"There is no {a.get} in recycling (it holds {', '.join(b.recycling)})."
            if a.give in b.recycling:
                return f"Recycling already holds a {a.give}; its parts must stay all different."
            return "You cannot give back a part you just took from recycling."
        if kind in _ACTION_DEPT:
            d = _ACTION_DEPT[kind]
            if d not in act:
                hint = f" (add it with `also {d}`)" if t.dept == "admin" and not t.second_dept and d != "admin" else ""
                return f"{_ACTION_NAME[kind]} belongs to {dn[d]}; you work in {here} this turn{hint}."
            if kind in ("order", "voucher", "charge") and kind in t.used:
                return "You may do that only once per turn."
            cost = D.CLAIM_COST[a.pos - 1] if kind == "claim" and 1 <= a.pos <= 4 else 1
            if cost > can:
                return (
                    f"That costs {R.plural(cost, 'shift')} and you have {can} left this turn "
                    f"({R.shifts_note(s)}; at most 4 per turn, banked shifts gained this turn count from its end)."
                )
            return _dept_reason(s, i, a) or f"{_ACTION_NAME[kind]} is not possible with those choices now."
        return None
    if s.phase == "over":
        return "The game is over."
    if kind not in phase_of.get(s.phase, "").split():
        step = {
            "garages": "garage set-up",
            "cert_setup": "placing certification markers",
            "picks": "the setup picks",
            "select": "department selection",
            "meeting": "a meeting",
            "nominate": "the meeting clean-up (`nominate <goal>`)",
        }[s.phase]
        raise IllegalAction(f"That is not a move during {step}.", show_moves=True)
    if s.phase == "select":
        if not 1 <= a.station <= 2:
            return "Workstations are 1 (upper) and 2 (lower)."
        code = R.DI[a.dept] * 2 + a.station - 1
        mine = b.positions[i]
        if mine >= 0 and R.dept_of(mine) == a.dept:
            return f"You must choose a different department from the one you just worked in ({dn[a.dept]})."
        if len(s.players) == 2 and R.dept_of(b.sandra) == a.dept:
            return f"At 2 players nobody may go to Sandra's department ({dn[a.dept]})."
        if code in R.occupied(s):
            return f"{dn[a.dept]} workstation {a.station} is taken."
    if s.phase == "meeting":
        m = b.current_meeting
        if kind == "play":
            if m.played[i]:
                return "You have already played a performance goal in this meeting."
            return f"{a.goal} is not in your hand."
        if kind == "speak":
            if p.speech_tokens == 0:
                return "You have no speech tokens on your board."
            if a.goal not in b.meeting_room + [g for g in m.played if g]:
                return f"{a.goal} is neither in the meeting room nor played in this meeting."
            if i in m.spoken.get(a.goal, []):
                return f"You already have a speech token on {a.goal}."
            return f"{a.goal} has no free speech icon left."
        if kind == "pass":
            return "You must play one of your performance goals before you can pass."
        if kind == "done":
            return "`done` ends a meeting turn after you play a goal; otherwise speak or pass."
    if s.phase == "nominate" and kind == "nominate":
        return f"{a.goal} is not in your hand."
    if s.phase == "cert_setup" and kind == "cert":
        return "That certification space is taken (spaces 1-4, left to right)."
    if s.phase == "picks" and kind == "pick":
        if b.setup_pick == "part":
            return f"Pick a car part from a Logistics warehouse now, not {a.item}."
        return f"{a.item} is not a design you can take now (face up, or on top of a stack)."
    if s.phase == "garages" and kind == "garages" and p.garage_set:
        return f"You took the {p.garage_set} garage tiles; now `arrange` them on garages 1-4."
    if s.phase == "garages" and kind == "arrange" and not p.garage_set:
        return "First choose your garage set (`garages basic` or `garages expert`)."
    if s.phase == "garages" and kind == "arrange":
        return "Name each of your 4 unlocked garage tiles once, in garage order 1-4."
    return None


def _dept_reason(s: R.State, i: int, a) -> str | None:
    """Department-specific reasons for claim/upgrade/provide/order/take/voucher/design/advanced/charge."""

    b = s.board
    p = s.player_boards[i]
    kind = a.type
    if kind == "claim":
        if not 1 <= a.pos <= 4 or not b.behind_pace_car[a.pos - 1]:
            return f"There is no car at position {a.pos} behind the pace car."
        car = b.behind_pace_car[a.pos - 1]
        if a.design not in p.designs:
            return f"You have no design {a.design} on your board."
        if R.model_of(a.design) != car:
            return f"The car at position {a.pos} is a {D.MODEL_NAMES[car]}; return a {D.MODEL_NAMES[car]} design."
        if not 1 <= a.garage <= R.garage_slots(p):
            return "Garage 5 opens with Assembly certification." if a.garage == 5 else "Garages are 1-5."
        return f"Garage {a.garage} is not empty."
    if kind == "upgrade":
        if a.design not in p.designs:
            return f"You have no design {a.design} on your board."
        m, pt = R.model_of(a.design), R.part_of(a.design)
        if pt == "blank":
            return "A design without a car part cannot be upgraded."
        if not 1 <= a.space <= 6 or b.upgrade_spaces[m][a.space - 1]:
            return f"{D.MODEL_NAMES[m]} upgrade space {a.space} is not free."
        if a.double:
            if not R.certified(p, "rd"):
                return "The double upgrade needs R&D certification."
            if p.double_upgrade_used:
                return "You have already used your double upgrade."
            if pt in b.double_upgraded:
                return f"{pt} has already been double upgraded."
        if a.source == "part":
            return f"You have no {pt} on your board."
        if a.source == "voucher":
            return (
                "You have no parts voucher you can use."
                if R.usable(s, i, "voucher") == 0
                else f"The supply has no {pt}."
            )
        if "rd" not in p.chargers:
            return "You have no R&D charger."
        return "You have used the R&D charger this turn." if "rd_charger" in b.turn.used else f"The supply has no {pt}."
    if kind == "provide":
        if a.part in b.assembly_lines[a.model]:
            return f"The {D.MODEL_NAMES[a.model]} line already has a {a.part}."
        if a.part not in R.allowed_parts(s, i, a.model):
            return f"Upgraded parts of the {D.MODEL_NAMES[a.model]} must be provided first (unless you have the Assembly charger)."
        if a.source == "part":
            return f"You have no {a.part} on your board."
        return (
            "You have no parts voucher you can use."
            if R.usable(s, i, "voucher") == 0
            else f"The supply has no {a.part}."
        )
    if kind == "order":
        if a.card not in p.kanban_cards:
            return f"Kanban order {a.card} is not in your hand."
        return "Placements are 1-4."
    if kind == "take":
        room = R.part_slots(p) - len(p.parts)
        if room == 0:
            return "You have no free car part space on your board."
        return f"The {a.part} warehouse holds {b.warehouses[a.part]} and you have room for {room}."
    if kind == "voucher":
        if not R.certified(p, "logistics"):
            return "Receiving a parts voucher needs Logistics certification."
        return "The supply has no parts voucher left."
    if kind in ("design", "advanced"):
        if len(p.designs) >= R.design_slots(p):
            return "You have no free design space on your board."
        if kind == "advanced" and not R.certified(p, "design"):
            return "Selecting an advanced design needs Design certification."
        return f"{a.id} is not " + ("face up in the Design department." if kind == "design" else "on top of a stack.")
    if kind == "charge":
        if not s.speedcharger:
            return "This game is played without SpeedCharger."
        if a.dept in p.chargers:
            return f"Your {D.DEPT_NAMES[a.dept]} space is already charged."
        return "The supply has no charger token left."
    return None


#: the fields of the board every seat and spectator sees (view() gives them under their
#: stored short keys): not the hidden deck and stack orders, awards or nominations
_PUBLIC_BOARD = {
    "day",
    "week",
    "cycle",
    "meeting_marker",
    "pace_car",
    "behind_pace_car",
    "car_supply",
    "conveyor",
    "assembly_lines",
    "demand_tiles",
    "demand_tokens",
    "warehouses",
    "part_supply",
    "recycling",
    "upgrade_spaces",
    "part_values",
    "double_upgraded",
    "design_rows",
    "goal_discard",
    "meeting_room",
    "final_goal",
    "factory_goals",
    "award_tokens",
    "charger_supply",
    "generic_supply",
    "voucher_supply",
    "sandra",
    "positions",
    "turn",
    "final_scores",
}


#: the registered engine
ENGINE = KanbanEV()
