"""Votes and seats that change hands at the service level, with the days tests' injected clock
and the test-only High-Low game: a vote-kick at a deadline, ``substitute``, and ``undo`` done at
once, refused after a reveal, or voted on by the others."""

from __future__ import annotations

import pytest

from bot.service import UndoRequest, UserError
from bot.timers import HOUR
from engines import registry
from tests import fakegame
from tests.bot.days.test_service_play_over_days import (  # noqa: F401  (fixtures: high_low is autouse)
    T0,
    A,
    B,
    C,
    D,
    clock,
    high_low,
    move,
    open_service,
    service,
    three,
)


async def test_kick_policy_asks_the_others_and_a_majority_removes(service, clock):
    caller = (await three(service, {"turn_limit": "1h", "reminders": "off", "policy": "kick"}))[0]
    clock.t += HOUR
    (n,) = await service.tick()
    assert n.kind == "kick-vote" and n.seats == [caller] and sorted(n.mention) == sorted({A, B, C} - {caller})
    assert await service.tick() == []  # one vote, not a new one every tick
    voters = n.mention
    assert " they would rank last. A majority of " in str(n.text) and str(n.text).endswith(" decides.")
    with pytest.raises(UserError):
        await service.vote("t", caller, n.vote, True)  # not asked
    r = await service.vote("t", voters[0], n.vote, True)
    assert "more yes needed" in r.public[0]
    r = await service.vote("t", voters[1], n.vote, True)
    assert r.board_due
    seat = next(s for s in r.info.seats if s.seat == caller)
    assert seat.resigned and seat.is_ai
    # the AI at once made the voted-out caller's call (v1) and its card in the play step that
    # follows (v2, the two others must play theirs): both flagged "ai", read "(AI played)"
    lines = await service.history("t", limit=None)
    assert [(h.seq, h.seat, h.flag) for h in lines] == [(1, caller, "ai"), (2, caller, "ai")]


async def test_a_refused_kick_vote_is_not_asked_again_until_the_game_moves(service, clock):
    caller = (await three(service, {"turn_limit": "1h", "reminders": "off", "policy": "kick"}))[0]
    clock.t += HOUR
    (n,) = await service.tick()
    r = await service.vote("t", n.mention[0], n.vote, False)
    # 2 voters, a majority is 2: one "no" already makes it unreachable
    assert "failed" in r.public[0]
    await service.update_settings("t", A, {"vacation_days": 5})  # recomputes when to look again
    clock.t += 60
    assert await service.tick() == []  # the game waits for the player, no second vote
    seat = next(s for s in (await service.board("t")).info.seats if s.seat == caller)
    assert not seat.resigned


async def test_substitute_gets_the_hand_and_the_old_player_nothing(service, clock):
    caller = (await three(service, {}))[0]
    old = [u for u in (A, B, C) if u != caller][0]
    with pytest.raises(UserError):
        await service.substitute("t", B, D, old)  # B is not the host (A is)
    r = await service.substitute("t", A, D, old)
    assert [p.user for p in r.private] == [D] and r.private[0].hand_changed
    await move(service, caller)
    assert await service.legal_moves("t", old) == []
    with pytest.raises(UserError, match="not seated"):
        await service.act("t", old, "play 1")
    r = await move(service, D)
    assert all(p.user != old for p in r.private)
    assert old not in r.mention
    board = await service.board("t")
    assert old not in board.mention
    assert (await service.hand("t", D)).seat == old  # the seat keeps its id


async def test_a_handed_seat_answers_to_its_current_holder_only(service, clock):
    caller = (await three(service, {}))[0]
    old = [u for u in (B, C) if u != caller][0]  # a seat that is not to act, not the host's
    await service.substitute("t", A, D, old)
    # D holds the seat now: told whom the game waits for, not "You are not seated"
    assert (await service.why_no_moves("t", D)).startswith("It is not your turn")
    assert await service.why_no_moves("t", old) == "You are not seated in this game."
    await service.resign("t", D)
    # the seat (still named after its first holder) is D's, resigned; the old player reads nothing
    with pytest.raises(UserError, match="not seated"):
        await service.hand("t", old)
    assert (await service.hand("t", D)).seat == old
    assert await service.why_no_moves("t", D) == "You resigned from this game; the AI plays your seat."


async def test_a_host_handed_out_of_the_game_passes_the_host_rights_on(service, clock):
    await three(service, {})
    r = await service.substitute("t", A, D, A)  # the host hands their own seat to D
    assert f"{D} is the host now." in r.public
    assert (await service.board("t")).info.host == D
    with pytest.raises(UserError, match="Only the host"):
        await service.update_settings("t", A, {"turn_limit": "24h"})
    with pytest.raises(UserError, match="Only the host"):
        await service.substitute("t", A, A, D)
    with pytest.raises(UserError, match="Only the host"):
        await service.cancel("t", A)
    settings = await service.update_settings("t", D, {"turn_limit": "24h"})
    assert settings.turn_limit == 86400  # 24 h = 86,400 s
    # a moderator keeps their rights whoever holds the seats
    await service.substitute("t", A, A, D, admin=True)
    assert (await service.board("t")).info.host == A


async def test_undo_own_move_at_once_then_refused_after_a_reveal(service, clock):
    caller = (await three(service, {}))[0]
    before = await service.board("t")
    with pytest.raises(UserError, match="no move"):
        await service.undo("t", caller)
    await move(service, caller, 1)  # call low
    r = await service.undo("t", caller)
    assert not isinstance(r, UndoRequest) and r.board_due
    after = await service.board("t")
    assert after.view == before.view and after.to_act == [caller]
    assert after.version == before.version + 2  # the move and the undo marker
    rows = await service.store.actions(after.game_pk)
    assert [(r.flag, r.undone) for r in rows] == [(None, True), ("undo", False)]
    # play a whole round: the last card reveals everything and everyone draws
    await move(service, caller)
    for u in (await service.board("t")).mention:
        await move(service, u)
    with pytest.raises(UserError, match=r"hidden information came to light \(Revealed: .*You drew \d+\)"):
        await service.undo("t", A)
    with pytest.raises(UserError, match="not playing"):
        await service.undo("t", D)


async def test_undo_refused_when_todays_rules_replay_the_log_differently(service, clock, monkeypatch):
    caller = (await three(service, {}))[0]
    await move(service, caller, 1)  # call low
    before = await service.board("t")
    engine = registry.get(fakegame.GAME_ID)
    setup = engine.setup

    def changed_setup(players, options=None, seed=0):  # an update changed the set-up: 5 points each
        state = setup(players, options, seed)
        return state.model_copy(update={"scores": {p: 5 for p in players}})

    monkeypatch.setattr(engine, "setup", changed_setup)
    with pytest.raises(UserError, match="rules changed with an update") as refused:
        await service.undo("t", caller)
    assert "nothing was changed" in str(refused.value)
    after = await service.board("t")
    assert (after.version, after.view, after.to_act) == (before.version, before.view, before.to_act)
    assert [(r.flag, r.undone) for r in await service.store.actions(after.game_pk)] == [(None, False)]
    r = await move(service, after.to_act[0])  # the game plays on from its snapshot
    assert r.version == before.version + 1


async def test_undo_after_others_moved_needs_everyone_and_one_no_refuses(backend, clock):
    service = await open_service(backend, clock)
    caller = (await three(service, {}))[0]
    await move(service, caller)  # call
    first, second = [u for u in (await service.board("t")).mention][:2]
    await move(service, first)  # face down, nothing revealed yet
    await move(service, second)
    req = await service.undo("t", first)
    assert isinstance(req, UndoRequest) and sorted(req.mention) == sorted({A, B, C} - {first})
    # restart in the middle of the vote
    await service.close()
    service = await open_service(backend, clock)
    yes_voter, no_voter = req.mention
    r = await service.vote("t", yes_voter, req.vote, True)
    assert not r.board_due
    r = await service.vote("t", no_voter, req.vote, False)
    assert "refused" in r.public[0]
    assert (await service.board("t")).version == 3  # call + two plays, nothing undone
    # asked again, everyone agrees: both face-down plays are taken back
    req = await service.undo("t", first)
    for v in req.mention:
        r = await service.vote("t", v, req.vote, True)
    assert r.board_due and sorted((await service.board("t")).mention) == sorted([A, B, C])
    await service.close()


async def test_a_kick_vote_of_one_voter_says_that_voter_decides(service, clock):
    # two players: the late one's only opponent decides alone (it read "A majority of @x decides.")
    await service.new_game(
        "t", A, "high-low", {"rounds": 3}, settings={"turn_limit": "1h", "reminders": "off", "policy": "kick"}
    )
    await service.join("t", B)
    await service.start("t", A)
    (late,) = (await service.board("t")).to_act
    other = B if late == A else A
    clock.t += HOUR
    (n,) = await service.tick()
    assert n.kind == "kick-vote" and n.mention == [other]
    assert str(n.text).endswith(" they would rank last. " + other + " decides.")
    assert n.text.render("nl").endswith(" als laatste eindigen. " + other + " beslist.")
