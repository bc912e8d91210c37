"""Kanban EV with the SpeedCharger mini-expansion (engine id ``kanban-ev``, 2-4 players):
the contract over :mod:`.rules`, the sentences for moves and statuses, and the reasons a move
is refused."""

from __future__ import annotations

from itertools import repeat
from operator import is_
from typing import Any

from engines.base import Engine, Event, IllegalAction
from engines.i18n import N_, Code, Joined, texts

from . import data as D
from . import rules as R
from .actions import ACTION_MODELS
from .ai import KanbanAI
from .rules import words
from .search import HOOKS as SEARCH_HOOKS
from .state import Options, State
from .text import RULES_SUMMARY

T, Tn, Tp = texts("kanban-ev")


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
        "garages": N_("Choose your garage tiles"),
        "arrange": N_("Arrange your garage tiles"),
        "cert": N_("Place your certification marker"),
        "pick": N_("Take a part or a design"),
        "place": N_("Work in a department"),
        "train": N_("Train"),
        "also": N_("Also work in another department"),
        "claim": N_("Claim a car"),
        "upgrade": N_("Upgrade a design"),
        "provide": N_("Provide a part"),
        "route": N_("Route the car"),
        "order": N_("Issue a Kanban order"),
        "take": N_("Take parts"),
        "voucher": N_("Take a parts voucher"),
        "design": N_("Select a design"),
        "advanced": N_("Select an advanced design"),
        "charge": N_("Place a charger token"),
        "recycle": N_("Recycle a part"),
        "award": N_("Keep an award tile"),
        "done": N_("End your turn"),
        "play": N_("Play a goal"),
        "speak": N_("Speak on a goal"),
        "pass": N_("Pass"),
        "nominate": N_("Nominate a goal"),
    }
    choice_questions = {
        "garages.set": N_("Which garage tiles do you take?"),
        "arrange.tiles": N_("In which order do your garage tiles go on garages 1-4?"),
        "cert.space": N_("Which space of the section does your marker go on?"),
        "pick.item": N_("Which part or design do you take?"),
        "place.dept": N_("Which department do you work in?"),
        "place.station": N_("Which workstation?"),
        "train.dept": N_("Which training track does your disc move along?"),
        "train.pay": N_("How do you pay?"),
        "also.dept": N_("Which other department do you also work in?"),
        "claim.pos": N_("Which car behind the pace car do you claim?"),
        "claim.design": N_("Which design of that model do you return?"),
        "claim.garage": N_("Which empty garage gets the car?"),
        "upgrade.design": N_("Which design do you upgrade?"),
        "upgrade.space": N_("Which upgrade space?"),
        "upgrade.source": N_("How do you pay for it?"),
        "upgrade.double": N_("Do you use your double-upgrade tile?"),
        "provide.model": N_("Which assembly line do you provide to?"),
        "provide.part": N_("Which part do you provide?"),
        "provide.source": N_("From a part on your board or a voucher?"),
        "route.node": N_("Where does the pushed car go?"),
        "order.card": N_("Which Kanban order card do you issue?"),
        "order.split": N_("Which placement of the card?"),
        "take.part": N_("Which warehouse do you take parts from?"),
        "take.count": N_("How many parts do you take?"),
        "design.id": N_("Which face-up design do you select?"),
        "advanced.id": N_("Which stack's top design do you select?"),
        "charge.dept": N_("Which department space gets the charger token?"),
        "recycle.give": N_("Which of your parts goes to recycling?"),
        "recycle.get": N_("Which part in recycling do you take?"),
        "award.kind": N_("Which award tile do you keep?"),
        "play.goal": N_("Which performance goal do you play?"),
        "speak.goal": N_("Which goal do you speak on?"),
        "nominate.goal": N_("Which goal do you leave face down?"),
    }

    def choice_label(self, state, action, name: str, value) -> tuple[str, str]:
        """Departments and car models by name, parts and designs by their words, numbers with
        what they count; other values by their notation word."""

        if name in ("dept",) and value in D.DEPT_NAMES:
            return R.dept(value), ""
        if name == "model" and value in D.MODEL_NAMES:
            return R.model(value), ""
        if name == "station":
            return (
                T("Workstation {station} (upper)", station=value)
                if value == 1
                else T("Workstation {station} (lower)", station=value)
            ), ""
        if name == "pos":
            if 1 <= value <= len(D.CLAIM_COST):
                cost = D.CLAIM_COST[value - 1]
                return Tn(
                    "Car {pos} behind the pace car ({n} shift)",
                    "Car {pos} behind the pace car ({n} shifts)",
                    cost,
                    pos=value,
                ), ""
            return T("Car {pos} behind the pace car (? shifts)", pos=value), ""
        if name == "garage":
            return T("Garage {garage}", garage=value), ""
        if name == "space" and action.type == "upgrade":
            return T("Upgrade space {space}", space=value), ""
        if name == "space":
            return T("Space {space}", space=value), ""
        if name == "split":
            return T("Placement {split}", split=value), ""
        if name == "count":
            return Tn("{n} part", "{n} parts", value), ""
        if name == "double":
            return (T("Use the double-upgrade tile") if value else T("No double upgrade")), ""
        if name == "source":
            return {
                "part": T("A part from your board"),
                "voucher": T("A parts voucher"),
                "charger": T("The R&D charger"),
            }[value], ""
        if name == "pay":
            return (T("Pay a book") if value == "book" else T("Pay a shift")), ""
        if name == "tiles":
            tiles = Joined([words.garage_tile(v) for v in value], ", ")
            return Tp("garage tiles on garages 1-4", "{tiles}", tiles=tiles), ""
        if name == "set" and value in _GARAGE_SET_LABEL:
            return _GARAGE_SET_LABEL[value], ""
        if name == "kind" and action.type == "award" and value in _AWARD_LABEL:
            return _AWARD_LABEL[value], ""
        if isinstance(value, str) and value in D.PARTS:
            return _PART_LABEL[value], ""
        if isinstance(value, str) and "-" in value and value.split("-")[0] in D.MODEL_NAMES:
            model, part = value.split("-", 1)
            return T("{design} ({model} {part})", design=Code(value), model=R.model(model), part=R.part(part)), ""
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
        listed = R.legal_of(state, i, type(action))
        if not (any(map(is_, listed, repeat(action))) or any(x.__dict__ == fields for x in listed)):
            why = _reason(state, i, action)
            raise IllegalAction(why or T("That move is not allowed now."), show_moves=why is None)
        return action

    def copy_state(self, state: R.State) -> R.State:
        """A copy :meth:`_apply` may change: as a deep copy (``rules.clone``), but the players'
        boards are shared with ``state`` until the step changes one (``rules.step_copy``,
        ``rules.own``): a move changes one board, or every board at a week's end."""

        return R.step_copy(state)

    def _apply(self, new: R.State, player: str, action, events: list[Event]) -> None:
        R.apply_step(new, new.players.index(player), action, events)

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
        goals = [R.goal_text(g) for g in pv["goals"]] or T("none")
        cards = [T("{card} ({parts})", card=Code(c), parts=R.parts(D.KANBAN_CARDS[c])) for c in pv["kanban"]] or T(
            "none"
        )
        if pv["nominated"]:
            return T(
                "Your performance goals: {goals}. Your Kanban order cards: {cards}. Nominated face down for the "
                "meeting room: {goal}.",
                goals=goals,
                cards=cards,
                goal=R.goal_text(pv["nominated"]),
            )
        return T("Your performance goals: {goals}. Your Kanban order cards: {cards}.", goals=goals, cards=cards)

    def describe(self, state: R.State, action) -> str:
        """One sentence a player reads for ``action``."""

        a = action
        k = a.type
        if k == "garages":
            return T("Take the basic garage tiles.") if a.set == "basic" else T("Take the expert garage tiles.")
        if k == "arrange":
            return T("Put garage tiles {tiles} on garages 1-4.", tiles=[words.garage_tile(x) for x in a.tiles])
        if k == "cert":
            who = self.to_act(state)
            sec = R.n_certs(state.player_boards[state.players.index(who[0])]) if state.phase == "work" and who else 0
            ben = dict(D.CERT_TRACK[min(sec, 5)][a.space - 1]) if 1 <= a.space <= 4 else {}
            if not D.CERT_PRINTED_SPEECH and sec in (2, 4):
                ben.pop("speech", None)
            return T(
                "Put your certification marker on space {space} of section {section}: gain {benefit}.",
                space=a.space,
                section=sec,
                benefit=R.benefit_text(ben),
            )
        if k == "pick":
            if a.item == "none":
                return T("Take nothing.")
            if a.item in D.PARTS:
                return T("Take {part}.", part=R.part(a.item))
            return T("Take {design}.", design=Code(a.item))
        if k == "place":
            ws = D.WORKSTATION_SHIFTS[a.dept][a.station - 1]
            if a.station == 1:
                return T(
                    "Work at {dept} workstation {station} (upper, {shifts}).",
                    dept=R.dept(a.dept),
                    station=a.station,
                    shifts=R.shifts(ws),
                )
            return T(
                "Work at {dept} workstation {station} (lower, {shifts}).",
                dept=R.dept(a.dept),
                station=a.station,
                shifts=R.shifts(ws),
            )
        if k == "train":
            if a.pay == "book":
                return T("Train in {dept} paying a book.", dept=R.dept(a.dept))
            return T("Train in {dept} paying a shift.", dept=R.dept(a.dept))
        if k == "also":
            return T("Also work in {dept} this turn.", dept=R.dept(a.dept))
        if k == "claim":
            who = self.to_act(state)
            p = state.player_boards[state.players.index(who[0])] if who else None
            cost = R.shifts(D.CLAIM_COST[a.pos - 1]) if 1 <= a.pos <= 4 else Code("?")
            params = {"pos": a.pos, "cost": cost, "design": Code(a.design), "garage": a.garage}
            if p and p.garage_tiles and 1 <= a.garage <= 5:
                return T(
                    "Claim the car at position {pos} ({cost}), returning {design}, into garage {garage} (gain {benefit}).",
                    benefit=R.benefit_text(D.GARAGE_TILES[p.garage_set][p.garage_tiles[a.garage - 1]]),
                    **params,
                )
            return T("Claim the car at position {pos} ({cost}), returning {design}, into garage {garage}.", **params)
        if k == "upgrade":
            ben = D.UPGRADE_SPACES.get(R.model_of(a.design), [{}] * 6)[a.space - 1] if 1 <= a.space <= 6 else {}
            return R.tx(
                (_UPGRADE_DOUBLE if a.double else _UPGRADE)[a.source],
                design=Code(a.design),
                space=a.space,
                benefit=R.benefit_text(ben),
            )
        if k == "provide":
            if a.source == "voucher":
                return T(
                    "Provide {part} to the {model} line from your voucher.", part=R.part(a.part), model=R.model(a.model)
                )
            return T("Provide {part} to the {model} line from your part.", part=R.part(a.part), model=R.model(a.model))
        if k == "route":
            t = state.board.turn
            pend = t.pending if t else []
            car = R.A_CAR
            if pend and pend[0][0] == "route":
                m = state.board.conveyor.get(pend[0][1][-1], "")
                car = R.model(m) if m in D.MODEL_NAMES else R.A_CAR
            if a.node.startswith("x"):
                return T(
                    "Send the {car} off the belt at gate {gate} ({pp} PP).",
                    car=car,
                    gate=Code(a.node[1:]),
                    pp=D.EXIT_PP.get(a.node, 0),
                )
            return T("Push the {car} on to conveyor space {space}.", car=car, space=Code(a.node))
        if k == "order":
            side_a = D.ORDER_SPLITS.get(a.split, [])
            icons = [
                icon for j, icon in enumerate(D.KANBAN_CARDS.get(a.card, [])) if (icon in D.GROUP_A) == (j in side_a)
            ]
            return T(
                "Issue Kanban order {card} in placement {split}: stocks {parts}.",
                card=Code(a.card),
                split=a.split,
                parts=R.parts(icons) or T("nothing"),
            )
        if k == "take":
            return T("Take {count} {part} from its warehouse.", count=a.count, part=R.part(a.part))
        if k == "recycle":
            return T("Swap your {part} for the {other} in recycling.", part=R.part(a.give), other=R.part(a.get))
        if k == "design":
            return T("Select design {design}.", design=Code(a.id))
        if k == "advanced":
            return T("Select advanced design {design} from a stack.", design=Code(a.id))
        if k == "award":
            return T("Keep the {kind} award tile.", kind=Code(a.kind))
        if k == "charge":
            return T(
                "Place a charger token on your {dept} space: {ability}.",
                dept=R.dept(a.dept),
                ability=R.CHARGER_ABILITY[a.dept],
            )
        if k == "done":
            return T("End your meeting turn without speaking.") if state.phase == "meeting" else T("End your turn.")
        if k == "play":
            return T("Play performance goal {goal}.", goal=R.goal_text(a.goal))
        if k == "speak":
            return T("Speak on goal {goal}.", goal=R.goal_text(a.goal))
        if k == "nominate":
            return T("Put goal {goal} face down in the meeting room.", goal=R.goal_text(a.goal))
        return super().describe(state, action)

    def describe_to(self, state: R.State, player: str, action, viewer: str | None) -> str:
        """As :meth:`describe`, except that a nomination after a meeting (Kanban EV, meeting
        clean-up: each player puts one goal face down in the meeting room) names the goal
        only to its mover: everyone else reads "Puts a goal face down in the meeting room."
        (the nominated goals join the room unattributed, so this stays hidden)."""

        if action.type == "nominate" and viewer != player:
            return T("Puts a goal face down in the meeting room.")
        return self.describe(state, action)

    def status(self, state: R.State) -> str:
        """One line: day, week, cycle, the step and whom it waits for; in the work phase also
        where that player works and the shifts spent and left this turn (the aid, "working")."""

        if state.phase == "over":
            return T("Game over.")  # the host ranks (resigned players last): one ranking
        b = state.board
        who = self.to_act(state)
        head = {"day": b.day, "week": b.week, "cycle": b.cycle}
        if state.phase == "work" and b.turn:
            t = b.turn
            name = state.players[t.who]
            pend = t.pending
            if pend:
                if pend[0][0] == "route":
                    at = pend[0][1][-1]
                    m = b.conveyor.get(at, "")
                    routes = [Code(f"`route {n}`") for n in D.CONVEYOR[at]]
                    return (
                        T(
                            "Day {day}, week {week}, cycle {cycle}, work phase: {player} must choose where the {car} "
                            "pushed from conveyor space {space} goes ({routes} or {last}).",
                            player=name,
                            car=R.model(m) if m in D.MODEL_NAMES else R.A_CAR,
                            space=Code(at),
                            routes=routes[:-1],
                            last=routes[-1],
                            **head,
                        )
                        if len(routes) > 1
                        else T(
                            "Day {day}, week {week}, cycle {cycle}, work phase: {player} must choose where the {car} "
                            "pushed from conveyor space {space} goes ({last}).",
                            player=name,
                            car=R.model(m) if m in D.MODEL_NAMES else R.A_CAR,
                            space=Code(at),
                            last=routes[-1],
                            **head,
                        )
                    )
                if pend[0][0] == "cert":
                    return T(
                        "Day {day}, week {week}, cycle {cycle}, work phase: {player} must choose a certification "
                        "space (`cert <space>`).",
                        player=name,
                        **head,
                    )
                return T(
                    "Day {day}, week {week}, cycle {cycle}, work phase: {player} must choose an award tile "
                    "(`award <kind>`).",
                    player=name,
                    **head,
                )
            params = {
                "player": name,
                "dept": R.dept(t.dept),
                "note": R.shifts_note(state),
                "workstation": t.workstation_shifts,
                "banked": state.player_boards[t.who].banked_shifts,
                **head,
            }
            if t.second_dept:
                return T(
                    "Day {day}, week {week}, cycle {cycle}, work phase: {player} works in {dept} + {other}; {note} "
                    "(workstation {workstation}, banked {banked}, at most 4).",
                    other=R.dept(t.second_dept),
                    **params,
                )
            return T(
                "Day {day}, week {week}, cycle {cycle}, work phase: {player} works in {dept}; {note} "
                "(workstation {workstation}, banked {banked}, at most 4).",
                **params,
            )
        if state.phase == "meeting" and b.current_meeting:
            m = b.current_meeting
            i = R.current(state)
            params = {"players": who, "passes": m.passes, "seats": len(state.players), **head}
            if m.played[i]:
                return T(
                    "Day {day}, week {week}, cycle {cycle}, meeting: waiting for {players}; {passes} of {seats} "
                    "passes in a row.",
                    **params,
                )
            return T(
                "Day {day}, week {week}, cycle {cycle}, meeting: waiting for {players} (must still play a goal); "
                "{passes} of {seats} passes in a row.",
                **params,
            )
        if state.phase == "select":
            if b.sandra == R.DESK:
                return T(
                    "Day {day}, week {week}, cycle {cycle}, department selection (Sandra: her desk): waiting for "
                    "{players}.",
                    players=who,
                    **head,
                )
            return T(
                "Day {day}, week {week}, cycle {cycle}, department selection (Sandra: {dept}): waiting for {players}.",
                dept=R.dept(R.dept_of(b.sandra)),
                players=who,
                **head,
            )
        if state.phase == "picks":
            step = _STEP["picks part" if b.setup_pick == "part" else "picks design"]
        else:
            step = _STEP[state.phase]
        return R.tx(step, players=who, **head)

    def is_over(self, state: R.State) -> bool:
        return state.phase == "over"

    def scores(self, state: R.State) -> dict[str, int]:
        return {state.players[i]: p.pp for i, p in enumerate(state.player_boards)}

    def ranking(self, state: R.State) -> list[list[str]]:
        return R.ranking(state)


#: status(): the step and whom it waits for, per phase
_STEP = {
    "garages": N_("Day {day}, week {week}, cycle {cycle}, setup: choose garage tiles: waiting for {players}."),
    "cert_setup": N_("Day {day}, week {week}, cycle {cycle}, setup: certification space: waiting for {players}."),
    "picks part": N_("Day {day}, week {week}, cycle {cycle}, setup: pick a part: waiting for {players}."),
    "picks design": N_("Day {day}, week {week}, cycle {cycle}, setup: pick a design: waiting for {players}."),
    "work": N_("Day {day}, week {week}, cycle {cycle}, work phase: waiting for {players}."),
    "meeting": N_("Day {day}, week {week}, cycle {cycle}, meeting: waiting for {players}."),
    "nominate": N_("Day {day}, week {week}, cycle {cycle}, meeting clean-up: nominate a goal: waiting for {players}."),
}
#: describe(): an upgrade by how it is paid for, without and with the double-upgrade tile
_UPGRADE = {
    "part": N_("Upgrade {design} on space {space} (gain {benefit}) with a part from your board, +2 PP."),
    "voucher": N_("Upgrade {design} on space {space} (gain {benefit}) with a parts voucher, +2 PP."),
    "charger": N_("Upgrade {design} on space {space} (gain {benefit}) with the R&D charger, +2 PP."),
}
_UPGRADE_DOUBLE = {
    "part": N_(
        "Upgrade {design} on space {space} (gain {benefit}) with a part from your board, +2 PP, as your double upgrade."
    ),
    "voucher": N_(
        "Upgrade {design} on space {space} (gain {benefit}) with a parts voucher, +2 PP, as your double upgrade."
    ),
    "charger": N_(
        "Upgrade {design} on space {space} (gain {benefit}) with the R&D charger, +2 PP, as your double upgrade."
    ),
}
#: the two sets of garage tiles
_GARAGE_SET_LABEL = {"basic": Tp("garage set", "Basic"), "expert": Tp("garage set", "Expert (star side)")}
#: the award tiles a player keeps
_AWARD_LABEL = {
    "pp2": Tp("award tile", "2 PP"),
    "shift": Tp("award tile", "Shift"),
    "voucher": Tp("award tile", "Parts voucher"),
    "book": Tp("award tile", "Book"),
}

_PART_LABEL = {
    "autopilot": Tp("car part label", "Autopilot"),
    "battery": Tp("car part label", "Battery"),
    "body": Tp("car part label", "Body"),
    "drivetrain": Tp("car part label", "Drivetrain"),
    "electronics": Tp("car part label", "Electronics"),
    "motor": Tp("car part label", "Motor"),
}

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
    "claim": T("Claiming a car"),
    "upgrade": T("Upgrading a design"),
    "provide": T("Providing a part"),
    "order": T("Issuing an order"),
    "take": T("Taking parts"),
    "voucher": T("Receiving a parts voucher"),
    "design": T("Selecting a design"),
    "advanced": T("Selecting an advanced design"),
    "charge": T("The charge action"),
}
#: _reason(): a move of another step, per phase
_NOT_NOW = {
    "garages": N_("That is not a move during garage set-up."),
    "cert_setup": N_("That is not a move during placing certification markers."),
    "picks": N_("That is not a move during the setup picks."),
    "select": N_("That is not a move during department selection."),
    "meeting": N_("That is not a move during a meeting."),
    "nominate": N_("That is not a move during the meeting clean-up (`nominate <goal>`)."),
}


def _reason(s: R.State, i: int, a) -> str | None:
    """Why action ``a`` is illegal for seat ``i``, in the game's words (None: no specific reason)."""

    b = s.board
    p = s.player_boards[i]
    kind = getattr(a, "type", "")
    dn = R.dept
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
                "cert": T("First choose your certification space (`cert <space>`)."),
                "award": T("First choose your award tile (`award <kind>`)."),
                "route": T("First choose where the pushed car goes (`route <node>`)."),
            }[t.pending[0][0]]
        if kind in ("place", "pick", "garages", "arrange", "play", "speak", "pass", "nominate", "award", "route"):
            return T("It is the work phase: use your department's actions, `train`, `recycle` or `done`.")
        if kind == "cert":
            return T("You choose a certification space only when you become certified.")
        act = R.active_depts(s)
        here = dn(act[0]) if len(act) == 1 else T("{dept} and {other}", dept=dn(act[0]), other=dn(act[1]))
        can = R.spendable(s)
        if kind == "train":
            if a.dept not in act:
                return T("You can train only where you work this turn ({depts}).", depts=here)
            if p.training[R.DI[a.dept]] >= D.EXPERT_AT:
                return T("You are already on the last space of the {dept} track.", dept=dn(a.dept))
            if a.pay == "book":
                return T("You have no book you can use (books gained this turn count from its end).")
            return T("You have no shifts left this turn ({note}; at most 4 per turn).", note=R.shifts_note(s))
        if kind == "also":
            if t.dept != "admin":
                return T("Only in Administration can you also work in one other department.")
            if t.second_dept:
                return T("You already chose {dept} as your other department this turn.", dept=dn(t.second_dept))
            return T("Choose one of R&D, Assembly, Logistics or Design.")
        if kind == "recycle":
            if a.give not in p.parts:
                return T("You have no {part} on your board.", part=R.part(a.give))
            if a.get not in b.recycling:
                return T(
                    "There is no {part} in recycling (it holds {parts}).",
                    part=R.part(a.get),
                    parts=R.parts(b.recycling),
                )
            if a.give in b.recycling:
                return T("Recycling already holds a {part}; its parts must stay all different.", part=R.part(a.give))
            return T("You cannot give back a part you just took from recycling.")
        if kind in _ACTION_DEPT:
            d = _ACTION_DEPT[kind]
            if d not in act:
                if t.dept == "admin" and not t.second_dept and d != "admin":
                    return T(
                        "{action} belongs to {dept}; you work in {depts} this turn (add it with `also {code}`).",
                        action=_ACTION_NAME[kind],
                        dept=dn(d),
                        depts=here,
                        code=Code(d),
                    )
                return T(
                    "{action} belongs to {dept}; you work in {depts} this turn.",
                    action=_ACTION_NAME[kind],
                    dept=dn(d),
                    depts=here,
                )
            if kind in ("order", "voucher", "charge") and kind in t.used:
                return T("You may do that only once per turn.")
            cost = D.CLAIM_COST[a.pos - 1] if kind == "claim" and 1 <= a.pos <= 4 else 1
            if cost > can:
                return Tn(
                    "That costs {n} shift and you have {left} left this turn ({note}; at most 4 per turn, banked "
                    "shifts gained this turn count from its end).",
                    "That costs {n} shifts and you have {left} left this turn ({note}; at most 4 per turn, banked "
                    "shifts gained this turn count from its end).",
                    cost,
                    left=can,
                    note=R.shifts_note(s),
                )
            return _dept_reason(s, i, a) or T(
                "{action} is not possible with those choices now.", action=_ACTION_NAME[kind]
            )
        return None
    if s.phase == "over":
        return T("The game is over.")
    if kind not in phase_of.get(s.phase, "").split():
        raise IllegalAction(R.tx(_NOT_NOW[s.phase]), show_moves=True)
    if s.phase == "select":
        if not 1 <= a.station <= 2:
            return T("Workstations are 1 (upper) and 2 (lower).")
        code = R.DI[a.dept] * 2 + a.station - 1
        mine = b.positions[i]
        if mine >= 0 and R.dept_of(mine) == a.dept:
            return T(
                "You must choose a different department from the one you just worked in ({dept}).", dept=dn(a.dept)
            )
        if len(s.players) == 2 and R.dept_of(b.sandra) == a.dept:
            return T("At 2 players nobody may go to Sandra's department ({dept}).", dept=dn(a.dept))
        if code in R.occupied(s):
            return T("{dept} workstation {station} is taken.", dept=dn(a.dept), station=a.station)
    if s.phase == "meeting":
        m = b.current_meeting
        goal = Code(getattr(a, "goal", ""))
        if kind == "play":
            if m.played[i]:
                return T("You have already played a performance goal in this meeting.")
            return T("{goal} is not in your hand.", goal=goal)
        if kind == "speak":
            if p.speech_tokens == 0:
                return T("You have no speech tokens on your board.")
            if a.goal not in b.meeting_room + [g for g in m.played if g]:
                return T("{goal} is neither in the meeting room nor played in this meeting.", goal=goal)
            if i in m.spoken.get(a.goal, []):
                return T("You already have a speech token on {goal}.", goal=goal)
            return T("{goal} has no free speech icon left.", goal=goal)
        if kind == "pass":
            return T("You must play one of your performance goals before you can pass.")
        if kind == "done":
            return T("`done` ends a meeting turn after you play a goal; otherwise speak or pass.")
    if s.phase == "nominate" and kind == "nominate":
        return T("{goal} is not in your hand.", goal=Code(a.goal))
    if s.phase == "cert_setup" and kind == "cert":
        return T("That certification space is taken (spaces 1-4, left to right).")
    if s.phase == "picks" and kind == "pick":
        if b.setup_pick == "part":
            return T("Pick a car part from a Logistics warehouse now, not {item}.", item=_item(a.item))
        return T("{item} is not a design you can take now (face up, or on top of a stack).", item=Code(a.item))
    if s.phase == "garages" and kind == "garages" and p.garage_set:
        if p.garage_set == "basic":
            return T("You took the basic garage tiles; now `arrange` them on garages 1-4.")
        return T("You took the expert garage tiles; now `arrange` them on garages 1-4.")
    if s.phase == "garages" and kind == "arrange" and not p.garage_set:
        return T("First choose your garage set (`garages basic` or `garages expert`).")
    if s.phase == "garages" and kind == "arrange":
        return T("Name each of your 4 unlocked garage tiles once, in garage order 1-4.")
    return None


def _item(item: str) -> str:
    """A picked item: a car part by its word, anything else (a design, a typo) as typed."""

    return R.part(item) if item in D.PARTS else Code(item)


def _dept_reason(s: R.State, i: int, a) -> str | None:
    """Department-specific reasons for claim/upgrade/provide/order/take/voucher/design/advanced/charge."""

    b = s.board
    p = s.player_boards[i]
    kind = a.type
    if kind == "claim":
        if not 1 <= a.pos <= 4 or not b.behind_pace_car[a.pos - 1]:
            return T("There is no car at position {pos} behind the pace car.", pos=a.pos)
        car = b.behind_pace_car[a.pos - 1]
        if a.design not in p.designs:
            return T("You have no design {design} on your board.", design=Code(a.design))
        if R.model_of(a.design) != car:
            return T("The car at position {pos} is a {model}; return a {model} design.", pos=a.pos, model=R.model(car))
        if not 1 <= a.garage <= R.garage_slots(p):
            return T("Garage 5 opens with Assembly certification.") if a.garage == 5 else T("Garages are 1-5.")
        return T("Garage {garage} is not empty.", garage=a.garage)
    if kind == "upgrade":
        if a.design not in p.designs:
            return T("You have no design {design} on your board.", design=Code(a.design))
        m, pt = R.model_of(a.design), R.part_of(a.design)
        if pt == "blank":
            return T("A design without a car part cannot be upgraded.")
        if not 1 <= a.space <= 6 or b.upgrade_spaces[m][a.space - 1]:
            return T("{model} upgrade space {space} is not free.", model=R.model(m), space=a.space)
        if a.double:
            if not R.certified(p, "rd"):
                return T("The double upgrade needs R&D certification.")
            if p.double_upgrade_used:
                return T("You have already used your double upgrade.")
            if pt in b.double_upgraded:
                return T("{part} has already been double upgraded.", part=R.part(pt))
        if a.source == "part":
            return T("You have no {part} on your board.", part=R.part(pt))
        if a.source == "voucher":
            return (
                T("You have no parts voucher you can use.")
                if R.usable(s, i, "voucher") == 0
                else T("The supply has no {part}.", part=R.part(pt))
            )
        if "rd" not in p.chargers:
            return T("You have no R&D charger.")
        return (
            T("You have used the R&D charger this turn.")
            if "rd_charger" in b.turn.used
            else T("The supply has no {part}.", part=R.part(pt))
        )
    if kind == "provide":
        if a.part in b.assembly_lines[a.model]:
            return T("The {model} line already has a {part}.", model=R.model(a.model), part=R.part(a.part))
        if a.part not in R.allowed_parts(s, i, a.model):
            return T(
                "Upgraded parts of the {model} must be provided first (unless you have the Assembly charger).",
                model=R.model(a.model),
            )
        if a.source == "part":
            return T("You have no {part} on your board.", part=R.part(a.part))
        return (
            T("You have no parts voucher you can use.")
            if R.usable(s, i, "voucher") == 0
            else T("The supply has no {part}.", part=R.part(a.part))
        )
    if kind == "order":
        if a.card not in p.kanban_cards:
            return T("Kanban order {card} is not in your hand.", card=Code(a.card))
        return T("Placements are 1-4.")
    if kind == "take":
        room = R.part_slots(p) - len(p.parts)
        if room == 0:
            return T("You have no free car part space on your board.")
        return T(
            "The {part} warehouse holds {count} and you have room for {room}.",
            part=R.part(a.part),
            count=b.warehouses[a.part],
            room=room,
        )
    if kind == "voucher":
        if not R.certified(p, "logistics"):
            return T("Receiving a parts voucher needs Logistics certification.")
        return T("The supply has no parts voucher left.")
    if kind in ("design", "advanced"):
        if len(p.designs) >= R.design_slots(p):
            return T("You have no free design space on your board.")
        if kind == "advanced" and not R.certified(p, "design"):
            return T("Selecting an advanced design needs Design certification.")
        if kind == "design":
            return T("{design} is not face up in the Design department.", design=Code(a.id))
        return T("{design} is not on top of a stack.", design=Code(a.id))
    if kind == "charge":
        if not s.speedcharger:
            return T("This game is played without SpeedCharger.")
        if a.dept in p.chargers:
            return T("Your {dept} space is already charged.", dept=R.dept(a.dept))
        return T("The supply has no charger token left.")
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
