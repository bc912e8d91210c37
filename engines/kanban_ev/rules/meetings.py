"""Kanban EV, meetings (the aid, "to carry out a meeting"): playing and speaking on
performance goals, passing, the clean-up, the nominations for the room."""

from __future__ import annotations

from typing import Any

from engines.base import Event, event
from engines.i18n import Code

from .. import data as D
from ..actions import Done, Nominate, Play, Speak, done_, pass_, play_, speak_
from ..state import Meeting, State
from .common import _draw, cert_order, own, speech_slots
from .scoring import goal_count
from .words import T, Tn, goal_text


def _legal_meeting(s: State, i: int) -> list:
    m = s.board.current_meeting
    p = s.player_boards[i]
    out: list = []
    if not m.played[i]:
        out += [play_(g) for g in p.goals]
    if p.speech_tokens > 0:
        for g in speakable(s, i):
            out.append(speak_(g))
    if m.played_now:
        out.append(done_())
    elif m.played[i]:
        out.append(pass_())
    return out


def speakable(s: State, i: int) -> list[str]:
    """Goals seat ``i`` may speak on: in the room or played this meeting, a free icon left,
    and none of their tokens on it yet."""

    m = s.board.current_meeting
    out = []
    for g in s.board.meeting_room + [x for x in m.played if x]:
        spoken = m.spoken.get(g, [])
        if i in spoken or len(spoken) >= D.PERFORMANCE_GOALS[g][3]:
            continue
        out.append(g)
    return out


def start_meeting(s: State, ev: list[Event]) -> None:
    """Kanban EV, meeting: the phase starts, in certification order. Each player is also
    told privately which goals they may play (``meeting-hand``: the host sends their hand
    with it, so everyone has their hand at every meeting)."""

    b = s.board
    s.phase = "meeting"
    b.order = cert_order(s)
    b.turn_index = 0
    b.current_meeting = Meeting(played=[""] * len(s.players), spoken={}, passes=0, played_now=False)
    ev.append(
        event(
            type="meeting",
            text=T(
                "Meeting! In certification order each player plays one performance goal (once), speaks on goals "
                "with speech tokens, or passes; it ends when everyone passes in a row. Goals in the room: {goals}.",
                goals=[goal_text(g) for g in b.meeting_room],
            ),
        )
    )
    for i in b.order:
        goals = s.player_boards[i].goals
        text = (
            T(
                "A meeting begins: on your turn play one of your performance goals ({goals}), then speak or pass.",
                goals=[Code(g) for g in goals],
            )
            if goals
            else T("A meeting begins: you hold no performance goal; on your turn speak or pass.")
        )
        ev.append(event(type="meeting-hand", text=text, visible_to=[s.players[i]]))


def _apply_meeting(s: State, i: int, a: Any, ev: list[Event]) -> None:
    """Meeting turn: play a goal (once per meeting) and/or speak on one; or pass."""

    b = s.board
    m = b.current_meeting
    p = s.player_boards[i]
    name = s.players[i]
    if isinstance(a, Play):
        p.goals.remove(a.goal)
        m.played[i] = a.goal
        m.played_now = True
        ev.append(
            event(type="play", text=T("{seat} plays performance goal {goal}.", seat=name, goal=goal_text(a.goal)))
        )
        return
    if isinstance(a, Speak):
        spoken = m.spoken.setdefault(a.goal, [])
        _, _, value, icons = D.PERFORMANCE_GOALS[a.goal]
        icon = icons - len(spoken)
        spoken.append(i)
        p.speech_tokens -= 1
        have = goal_count(s, i, a.goal)
        pts = value * min(icon, have)
        p.pp += pts
        ev.append(
            event(
                type="speak",
                text=Tn(
                    "{seat} speaks on {goal}: speech icon {icon}, has {have}, scores {value} x {counted} = {pp} PP "
                    "({n} speech token left).",
                    "{seat} speaks on {goal}: speech icon {icon}, has {have}, scores {value} x {counted} = {pp} PP "
                    "({n} speech tokens left).",
                    p.speech_tokens,
                    seat=name,
                    goal=goal_text(a.goal),
                    icon=icon,
                    have=have,
                    value=value,
                    counted=min(icon, have),
                    pp=pts,
                ),
            )
        )
        m.passes = 0
    elif isinstance(a, Done):
        m.passes = 0
        ev.append(event(type="speak", text=T("{seat} ends their meeting turn.", seat=name)))
    else:
        m.passes += 1
        ev.append(
            event(
                type="pass",
                text=T(
                    "{seat} passes ({passes} of {players} passes in a row).",
                    seat=name,
                    passes=m.passes,
                    players=len(s.players),
                ),
            )
        )
    m.played_now = False
    if m.passes >= len(s.players):
        _meeting_cleanup(s, ev)
        return
    b.turn_index = (b.turn_index + 1) % len(b.order)


def _nominate(s: State, i: int, a: Nominate, ev: list[Event]) -> bool:
    """After a meeting, seat ``i`` puts one of their goals face down in the meeting room;
    True once everyone has (the room is then revealed and refilled)."""

    b = s.board
    s.player_boards[i].goals.remove(a.goal)
    b.nominations[i] = a.goal
    ev.append(event(type="nominate", text=T("{seat} puts a goal face down in the meeting room.", seat=s.players[i])))
    if all(b.nominations):
        _finish_meeting(s, ev)
        return True
    return False


def _meeting_cleanup(s: State, ev: list[Event]) -> None:
    """After the meeting: spent tokens stay off the boards, generic tokens are swapped for own
    tokens where spaces are free (ASSUMED: always), goals are discarded; then nominations."""

    b = s.board
    m = b.current_meeting
    for i, p in enumerate(s.player_boards):
        if p.generic_tokens > 0 and p.speech_tokens < speech_slots(p):
            p = own(s, i)
        while p.generic_tokens > 0 and p.speech_tokens < speech_slots(p):
            p.generic_tokens -= 1
            p.speech_tokens += 1
            b.generic_supply += 1
    b.goal_discard += [g for g in m.played if g]
    if D.DISCARD_WHOLE_ROOM:
        b.goal_discard += b.meeting_room
        b.meeting_room = []
    b.current_meeting = None
    b.nominations = [""] * len(s.players)
    s.phase = "nominate"
    ev.append(event(type="meeting", text=T("The meeting is over; each player nominates a goal for the room.")))


def _deal_goal(s: State) -> str | None:
    b = s.board
    if not b.goal_deck:
        if not b.goal_discard:
            return None
        b.goal_deck = b.goal_discard
        b.goal_discard = []
        _draw(s, "goals").shuffle(b.goal_deck)
    return b.goal_deck.pop(0)


def _finish_meeting(s: State, ev: list[Event]) -> None:
    """Reveal nominations, 2-3P fill the room to 4, deal 2 goals each, meeting marker back,
    production cycle +1 (then the day ends: :func:`end_of_day`).

    The goals were put face down (the aid: "places ... face down in meeting room", then
    "reveal cards chosen by players"): they join the room sorted by card id, an order that
    does not depend on who nominated which, so the room never tells whose goal is whose."""

    b = s.board
    b.meeting_room += sorted(g for g in b.nominations if g)
    b.nominations = [""] * len(s.players)
    if len(s.players) < 4:
        while len(b.meeting_room) < D.MEETING_ROOM:
            g = _deal_goal(s)
            if g is None:
                break
            b.meeting_room.append(g)
    for i in cert_order(s):
        dealt = []
        for _ in range(2):
            g = _deal_goal(s)
            if g is not None:
                own(s, i).goals.append(g)
                dealt.append(g)
        ev.append(
            event(
                type="draw",
                text=T("You are dealt performance goals {goals}.", goals=[Code(g) for g in dealt]),
                visible_to=[s.players[i]],
            )
        )
    b.meeting_marker = False
    b.cycle = min(D.CYCLE_MAX, b.cycle + 1)
    ev.append(
        event(
            type="meeting",
            text=T(
                "Meeting room now: {goals}. The meeting marker returns; production cycle {cycle}.",
                goals=[goal_text(g) for g in b.meeting_room],
                cycle=b.cycle,
            ),
        )
    )
