"""Kanban EV with the SpeedCharger mini-expansion (engine id ``kanban-ev``, 2-4 players).

Rules: the player aid by Jarrod Moore (``rules.py`` docstrings name the section); missing
component data in :mod:`engines.kanban_ev.data`, each entry with its source or ASSUMED.

Interpretations where the aid is silent or ambiguous (see also ``data.py``):

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
"""

from __future__ import annotations

from typing import Any

from engines.base import Engine, Event, IllegalAction, Outcome

from . import data as D
from . import rules as R
from .actions import ACTION_MODELS
from .ai import KanbanAI


class KanbanEV(Engine):
    """Kanban EV engine: pure functions over :class:`rules.State`."""

    id = "kanban-ev"
    title = "Kanban EV"
    min_players = 2
    max_players = 4
    Options = R.Options
    State = R.State
    action_models = ACTION_MODELS
    has_hands = True
    command_group = "kanban"
    rules_summary = D.RULES_SUMMARY

    def __init__(self) -> None:
        super().__init__()
        self.ai = KanbanAI(self)

    # ----- contract ---------------------------------------------------------------------
    def setup(self, players: list[str], options=None, seed: int = 0) -> R.State:
        """New game: Kanban EV setup (the aid, "setup"); the players' choices follow as actions.

        Raises ``ValueError`` for 0-1 or 5+ players, duplicate seats or bad options."""

        self.check_players(players)
        opts = self.options(options)
        return R.setup_state(list(players), opts, int(seed))

    def to_act(self, state: R.State) -> list[str]:
        return [state.players[i] for i in R.to_act(state)]

    def _seat(self, state: R.State, player: str) -> int:
        try:
            return state.players.index(player)
        except ValueError:
            raise IllegalAction("You are not seated in this game.") from None

    def legal_actions(self, state: R.State, player: str) -> list:
        if player not in state.players:
            return []
        return R.legal(state, state.players.index(player))

    def apply(self, state: R.State, player: str, action) -> Outcome:
        """Apply one step; ``IllegalAction`` (state untouched) if the rules forbid it."""

        i = self._seat(state, player)
        if i not in R.to_act(state):
            raise IllegalAction("It is not your turn." if state.phase != "over" else "The game is over.")
        kind, fields = type(action), action.__dict__
        if not any(type(x) is kind and x.__dict__ == fields for x in R.legal(state, i)):
            raise IllegalAction(self._why_illegal(state, i, action))
        new = R.clone(state)
        ev: list[Event] = []
        R.apply_action(new, i, action, ev)
        return Outcome(new, ev)

    def _why_illegal(self, state: R.State, i: int, a) -> str:
        b = state.b
        t = b.get("t") or {}
        kind = getattr(a, "type", "")
        if state.phase == "work" and t.get("pending"):
            return {"cert": "First choose your certification space (`cert <space>`).",
                    "award": "First choose your award tile (`award <kind>`).",
                    "route": "First choose where the pushed car goes (`route <node>`)."}[t["pending"][0][0]]
        if state.phase == "work":
            if kind in ("order", "voucher", "charge") and kind in t.get("used", []):
                return "You may do that only once per turn."
            if kind in ("claim", "upgrade", "provide", "order", "take", "voucher", "design", "advanced",
                        "charge", "train") and R.spendable(state) == 0 and getattr(a, "pay", "shift") == "shift":
                return "You have no shifts left this turn (at most 4 per turn)."
            if kind in ("claim", "upgrade", "provide", "order", "take", "voucher", "design", "advanced", "charge"):
                return "That action belongs to a department you are not working in, or its conditions are not met."
        if state.phase == "select" and kind == "place":
            return "That workstation is taken, or it is in the department you just worked in (or Sandra's at 2 players)."
        if state.phase == "meeting" and kind == "pass":
            return "You must play one of your performance goals before you can pass."
        return "That move is not allowed now; `/game moves` lists yours."

    def view(self, state: R.State, player: str | None) -> dict:
        """What ``player`` (None: a spectator) sees: the board without hands, deck orders,
        face-down awards or nominations; a seated player also gets ``you``."""

        b = state.b
        pub_keys = ["day", "week", "cycle", "meeting", "pace", "queue", "cars", "conveyor", "assembly",
                    "demand", "demand_tok", "wh", "supply", "recycling", "upg", "value", "doubled",
                    "rows", "gdiscard", "room", "final", "fgoals", "award_tok", "chargers", "generic",
                    "vouchers", "sandra", "pos", "t", "result"]
        v: dict[str, Any] = {k: b[k] for k in pub_keys}
        v = _copy(v)
        v["game"] = self.id
        v["players"] = list(state.players)
        v["sandra_mode"] = state.sandra_mode
        v["speedcharger"] = state.speedcharger
        v["phase"] = state.phase
        v["to_act"] = self.to_act(state)
        v["status"] = self.status(state)
        v["stacks"] = [{"top": st[0] if st else None, "count": len(st)} for st in b["stacks"]]
        v["demand_stack"] = len(b["demand_stack"])
        v["kdeck"] = len(b["kdeck"])
        v["gdeck"] = len(b["gdeck"])
        v["awards"] = {d: len(x) for d, x in b["awards"].items()}
        v["meeting_state"] = _copy(b["m"])
        v["nominated"] = [bool(x) for x in b["nom"]]
        seats = []
        for i, p in enumerate(state.ps):
            q = {k: _copy(val) for k, val in p.items() if k not in ("goals", "kanban")}
            q["seat"] = state.players[i]
            q["goals"] = len(p["goals"])
            q["kanban"] = len(p["kanban"])
            seats.append(q)
        v["seats"] = seats
        if player is not None and player in state.players:
            v["you"] = self.private_view(state, player)
        return v

    def private_view(self, state: R.State, player: str) -> dict | None:
        """``player``'s hand: performance goals, Kanban order cards, the goal they nominated."""

        if player not in state.players:
            return None
        i = state.players.index(player)
        p = state.ps[i]
        return {"seat": player, "goals": list(p["goals"]), "kanban": list(p["kanban"]),
                "nominated": state.b["nom"][i] or None}

    def describe(self, state: R.State, action) -> str:
        """One sentence a player reads for ``action``."""

        a = action
        k = a.type
        dn = D.DEPT_NAMES
        if k == "garages":
            return f"Take the {a.set} garage tiles."
        if k == "arrange":
            return "Put garage tiles " + ", ".join(a.tiles) + " on garages 1-4."
        if k == "cert":
            sec = R.n_certs(state.ps[state.players.index(self.to_act(state)[0])]) if state.phase == "work" else 0
            ben = dict(D.CERT_TRACK[sec][a.space - 1])
            if not D.CERT_PRINTED_SPEECH and sec in (2, 4):
                ben.pop("speech", None)
            return f"Put your certification marker on space {a.space} of section {sec}: gain {R.benefit_text(ben)}."
        if k == "pick":
            return "Take nothing." if a.item == "none" else f"Take {a.item}."
        if k == "place":
            ws = D.WORKSTATION_SHIFTS[a.dept][a.station - 1]
            return (f"Work at {dn[a.dept]} workstation {a.station} ({'upper' if a.station == 1 else 'lower'}, "
                    f"{R.plural(ws, 'shift')}).")
        if k == "train":
            return f"Train in {dn[a.dept]} paying a {a.pay}."
        if k == "also":
            return f"Also work in {dn[a.dept]} this turn."
        if k == "claim":
            p = state.ps[state.players.index(self.to_act(state)[0])]
            tile = D.GARAGE_TILES[p["gset"]][p["gtiles"][a.garage - 1]] if p["gtiles"] else {}
            return (f"Claim the car at position {a.pos} ({R.plural(D.CLAIM_COST[a.pos - 1], 'shift')}), "
                    f"returning {a.design}, into garage {a.garage} (gain {R.benefit_text(tile)}).")
        if k == "upgrade":
            ben = D.UPGRADE_SPACES[R.model_of(a.design)][a.space - 1]
            src = {"part": "a part from your board", "voucher": "a parts voucher", "charger": "the R&D charger"}[a.source]
            return (f"Upgrade {a.design} on space {a.space} (gain {R.benefit_text(ben)}) with {src}, +2 PP"
                    + (", as your double upgrade." if a.double else "."))
        if k == "provide":
            return f"Provide {a.part} to the {D.MODEL_NAMES[a.model]} line from your {a.source}."
        if k == "route":
            return f"Send the pushed car off the belt at gate {a.node[1:]}." if a.node.startswith("x") \
                else f"Push the car on to conveyor space {a.node}."
        if k == "order":
            side_a = D.ORDER_SPLITS[a.split]
            icons = [icon for j, icon in enumerate(D.KANBAN_CARDS[a.card]) if (icon in D.GROUP_A) == (j in side_a)]
            return f"Issue Kanban order {a.card} in placement {a.split}: stocks {', '.join(icons) or 'nothing'}."
        if k == "take":
            return f"Take {a.count} {a.part} from its warehouse."
        if k == "voucher":
            return "Receive a parts voucher."
        if k == "design":
            return f"Select design {a.id}."
        if k == "advanced":
            return f"Select advanced design {a.id} from a stack."
        if k == "charge":
            return f"Place a charger token on your {dn[a.dept]} space: {D.CHARGER_ABILITY[a.dept]}."
        if k == "recycle":
            return f"Swap your {a.give} for the {a.get} in recycling."
        if k == "award":
            return f"Keep the {a.kind} award tile."
        if k == "done":
            return "End your turn."
        if k == "play":
            return f"Play performance goal {R.goal_text(a.goal)}."
        if k == "speak":
            return f"Speak on goal {R.goal_text(a.goal)}."
        if k == "pass":
            return "Pass."
        if k == "nominate":
            return f"Put goal {R.goal_text(a.goal)} face down in the meeting room."
        return super().describe(state, action)

    def status(self, state: R.State) -> str:
        """One line: day, week, cycle, the step and whom it waits for; in the work phase also
        where that player works and the shifts spent and left this turn (the aid, "working")."""

        if state.phase == "over":
            best = ", ".join(R.ranking(state)[0])
            return f"Game over: {best} win{'s' if ',' not in best else ''}."
        b = state.b
        who = ", ".join(self.to_act(state))
        head = f"Day {b['day']}, week {b['week']}, cycle {b['cycle']}"
        step = {"garages": "setup: choose garage tiles", "cert_setup": "setup: certification space",
                "picks": f"setup: pick a {b['pick']}", "select": "department selection",
                "work": "work phase", "meeting": "meeting",
                "nominate": "meeting clean-up: nominate a goal"}[state.phase]
        if state.phase == "work" and b["t"]:
            t = b["t"]
            name = state.players[t["who"]]
            pend = t["pending"]
            if pend:
                need = {"cert": "choose a certification space (`cert <space>`)",
                        "award": "choose an award tile (`award <kind>`)",
                        "route": "choose where the pushed car goes (`route <node>`)"}[pend[0][0]]
                return f"{head}, work phase: {name} must {need}."
            where = D.DEPT_NAMES[t["dept"]] + (f" + {D.DEPT_NAMES[t['dept2']]}" if t["dept2"] else "")
            return (f"{head}, work phase: {name} works in {where}; {R.shifts_note(state)} "
                    f"(workstation {t['ws']}, banked {state.ps[t['who']]['banked']}, at most 4).")
        if state.phase == "meeting" and b["m"]:
            m = b["m"]
            i = R.current(state)
            must = "" if m["played"][i] else " (must still play a goal)"
            return (f"{head}, meeting: waiting for {who}{must}; "
                    f"{m['passes']} of {len(state.players)} passes in a row.")
        return f"{head}, {step}: waiting for {who}."

    def is_over(self, state: R.State) -> bool:
        return state.phase == "over"

    def scores(self, state: R.State) -> dict[str, int]:
        return {state.players[i]: p["pp"] for i, p in enumerate(state.ps)}

    def ranking(self, state: R.State) -> list[list[str]]:
        return R.ranking(state)


def _copy(x: Any) -> Any:
    if isinstance(x, dict):
        return {k: _copy(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_copy(v) for v in x]
    return x


engine = KanbanEV()
