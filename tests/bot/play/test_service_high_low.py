"""The service layer over a real SQLite file, with the test-only High-Low game
(tests/fakegame.py: a call step by one player, then a simultaneous play step, private hands)."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest

from bot.service import Service, StaleVersion, UserError
from bot.store import SqliteStore
from tests import fakegame

A, B, C = "1001", "1002", "1003"
OUTSIDER = "9999"


pytestmark = pytest.mark.usefixtures("high_low")  # tests/conftest.py: the test-only game


@pytest.fixture
async def service(tmp_path):
    svc = await Service.open(str(tmp_path / "svc.db"), seed_source=lambda: 11)
    yield svc
    await svc.close()


def dump(service: Service) -> list[str]:
    con = sqlite3.connect(service.store.path)
    try:
        return list(con.iterdump())
    finally:
        con.close()


async def started(service: Service, *humans: str, bots: int = 0, rounds: int = 3) -> None:
    await service.new_game("t", humans[0], "high-low", {"rounds": rounds})
    for h in humans[1:]:
        await service.join("t", h)
    for _ in range(bots):
        await service.add_bot("t", humans[0])
    await service.start("t", humans[0])


async def first_move(service: Service, user: str) -> str:
    return (await service.legal_moves("t", user))[0][0]


# ----- refusals change nothing ---------------------------------------------------------


async def _caller_and_other(service):
    board = await service.board("t")
    caller = board.to_act[0]
    return caller, (B if caller == A else A)


REFUSALS = {
    "not seated": (lambda s, caller, other: s.act("t", OUTSIDER, "call high"), "not seated"),
    "not your turn": (lambda s, caller, other: s.act("t", other, "call high"), "not your turn"),
    "illegal move": (lambda s, caller, other: s.act("t", caller, "play 5"), "call high or low"),
    "unknown text": (lambda s, caller, other: s.act("t", caller, "dance wildly"), "not a move"),
    "second game": (lambda s, caller, other: s.new_game("t", OUTSIDER, "high-low"), "already has a game in progress"),
    "cancel by non-host": (lambda s, caller, other: s.cancel("t", B), "Only the host"),
    "join after start": (lambda s, caller, other: s.join("t", OUTSIDER), "already started"),
    "leave after start": (lambda s, caller, other: s.leave("t", B), "resign"),
    "add bot after start": (lambda s, caller, other: s.add_bot("t", A), "lobby"),
}


@pytest.mark.parametrize("case", list(REFUSALS))
async def test_refusals_change_nothing(service, case):
    await started(service, A, B)
    caller, other = await _caller_and_other(service)
    before_db, before_board = dump(service), await service.board("t")
    call, message = REFUSALS[case]
    with pytest.raises(UserError, match=message):
        await call(service, caller, other)
    after_board = await service.board("t")
    assert dump(service) == before_db
    assert (after_board.version, after_board.view, after_board.to_act) == (
        before_board.version,
        before_board.view,
        before_board.to_act,
    )


async def test_game_not_started_refuses_moves(service):
    await service.new_game("t", A, "high-low")
    await service.join("t", B)
    before = dump(service)
    with pytest.raises(UserError, match="not started"):
        await service.act("t", A, "call high")
    with pytest.raises(UserError, match="not started"):
        await service.resign("t", A)
    assert await service.legal_moves("t", A) == []
    assert dump(service) == before


async def test_no_game_at_all(service):
    with pytest.raises(UserError, match="no game at this table"):
        await service.act("empty", A, "call high")
    with pytest.raises(UserError, match="no game at this table"):
        await service.board("empty")


async def test_illegal_card_in_the_play_step(service):
    await started(service, A, B)
    caller, other = await _caller_and_other(service)
    await service.act("t", caller, "call high")
    hand = (await service.hand("t", other)).private["hand"]
    missing = next(c for c in range(1, 41) if c not in hand)
    before = dump(service)
    with pytest.raises(UserError, match=f"You do not hold a {missing}"):
        await service.act("t", other, f"play {missing}")
    assert dump(service) == before


async def test_stale_button_version_is_refused(service):
    await started(service, A, B)
    caller, other = await _caller_and_other(service)
    r = await service.act("t", caller, "call low", expected_version=0)
    assert r.version == 1
    before = dump(service)
    with pytest.raises(StaleVersion) as err:
        await service.act("t", other, await first_move(service, other), expected_version=0)
    assert err.value.current == 1
    assert dump(service) == before


# ----- moves, AI seats, hands ----------------------------------------------------------


async def test_ai_seats_play_until_a_human_must_act(service):
    await started(service, A, bots=2, rounds=4)
    board = await service.board("t")
    assert board.to_act == [A] and board.mention == [A]
    multi = 0
    results = []
    while board.status == "active":
        r = await service.act("t", A, await first_move(service, A))
        results.append(r)
        if r.timing["moves"] > 1:
            multi += 1
            assert any(t.startswith("ai-") for t in r.public)  # the AI run is in this one post
        board = await service.board("t")
        if board.status == "active":
            assert board.to_act == [A]
            assert r.mention == [A]
    # 4 rounds x (1 call + 3 plays) = 16 logged actions; A made 4 plays + its calls
    assert board.version == 16
    assert multi >= 1
    assert results[-1].status == "over" and results[-1].mention == []
    assert "Game over." in results[-1].public
    assert sorted(line.seat for line in results[-1].ranking) == sorted([A, "ai-1", "ai-2"])
    history = await service.history("t", limit=100)
    assert [h.seq for h in history] == list(range(1, 17))
    assert {h.seat for h in history} == {A, "ai-1", "ai-2"}


async def test_hands_are_private_and_sent_when_they_change(service):
    r = None
    await service.new_game("t", A, "high-low")
    await service.join("t", B)
    r = await service.start("t", A)
    assert sorted(p.user for p in r.private) == [A, B]
    for p in r.private:
        assert p.hand_changed and len(p.hand["hand"]) == 3 and p.dm_ok
    caller, other = await _caller_and_other(service)
    r = await service.act("t", caller, "call high")
    assert r.private == []  # nobody's hand changed
    assert r.mention == sorted([A, B], key=lambda p: r.view["players"].index(p))
    r1 = await service.act("t", caller, await first_move(service, caller))
    assert [p.user for p in r1.private] == [caller]  # played a card: hand changed
    assert r1.private[0].events == []
    r2 = await service.act("t", other, await first_move(service, other))
    by_user = {p.user: p for p in r2.private}
    assert sorted(by_user) == sorted([A, B])
    for user, message in by_user.items():
        assert len(message.events) == 1 and message.events[0].startswith("You drew ")
        drawn = int(message.events[0].removeprefix("You drew ").rstrip("."))
        assert drawn in (await service.hand("t", user)).private["hand"]
    assert not any("drew" in t for t in r2.public)
    assert "hand" not in r2.view


async def test_dm_flag_is_stored(service):
    await service.new_game("t", A, "high-low")
    await service.join("t", B)
    await service.set_dm_ok("t", B, False)
    r = await service.start("t", A)
    flags = {p.user: p.dm_ok for p in r.private}
    assert flags == {A: True, B: False}
    assert {s.seat: s.dm_ok for s in r.info.seats} == {A: True, B: False}


async def test_resign_hands_the_seat_to_the_ai_and_ranks_last(service):
    await started(service, A, B, rounds=3)
    caller, _ = await _caller_and_other(service)
    quitter = caller  # resign while it is their turn: the AI must move for them at once
    stayer = B if quitter == A else A
    r = await service.resign("t", quitter)
    # the AI calls for the quitter (v1), then plays its card in the simultaneous play step (v2)
    assert r.version == 2 and any("resigned" in t for t in r.public)
    board = await service.board("t")
    assert quitter not in board.to_act and board.to_act == [stayer]
    assert quitter not in board.mention
    with pytest.raises(UserError, match="resigned"):
        await service.act("t", quitter, "call high")
    with pytest.raises(UserError, match="already resigned"):
        await service.resign("t", quitter)
    while board.status == "active":
        r = await service.act("t", stayer, await first_move(service, stayer))
        assert quitter not in r.mention and all(p.user != quitter for p in r.private)
        board = await service.board("t")
    assert r.status == "over"
    assert [line.seat for line in r.ranking][-1] == quitter
    last = r.ranking[-1]
    assert last.resigned and last.place == 2
    assert r.ranking[0].seat == stayer and r.ranking[0].place == 1
    assert board.ranking == r.ranking
    # /game history: every move of the quitter's seat was made by the AI after the resign
    # (it resigned before its first move), so each is flagged "ai"; the stayer's never
    lines = await service.history("t", limit=None)
    assert {h.seat for h in lines} == {quitter, stayer}
    assert [h.flag for h in lines if h.seat == quitter] == ["ai"] * len([h for h in lines if h.seat == quitter])
    assert {h.flag for h in lines if h.seat == stayer} == {None}


async def test_moves_before_a_resign_stay_the_players_own_in_history(service):
    await started(service, A, B, rounds=2)
    caller, _ = await _caller_and_other(service)
    other = B if caller == A else A
    await service.act("t", caller, "call high")  # v1: the caller's own move
    await service.resign("t", caller)  # v2: the AI plays the caller's card at once
    await service.act("t", other, await first_move(service, other))  # v3: round 1 ends
    lines = await service.history("t", limit=None)
    # written by hand: 1 the caller (own move), 2 the AI for the caller, 3 the other player
    assert [(h.seq, h.seat, h.flag) for h in lines[:3]] == [(1, caller, None), (2, caller, "ai"), (3, other, None)]


async def test_legal_moves_for_autocomplete(service):
    await started(service, A, B)
    caller, other = await _caller_and_other(service)
    assert await service.legal_moves("t", caller) == [("call high", "Call high."), ("call low", "Call low.")]
    assert await service.legal_moves("t", caller, "LOW") == [("call low", "Call low.")]
    assert await service.legal_moves("t", other) == []
    assert await service.legal_moves("t", OUTSIDER) == []


async def test_move_suggestions_for_autocomplete(service):
    await started(service, A, B)
    caller, other = await _caller_and_other(service)
    # (name, value): the engine's sentence and the notation, in the engine's order
    assert await service.suggestions("t", caller) == [("Call high.", "call high"), ("Call low.", "call low")]
    assert await service.suggestions("t", caller, "call l") == [("Call low.", "call low")]
    # no move starts with the text: the moves that contain it, whatever the case
    assert await service.suggestions("t", caller, "LOW") == [("Call low.", "call low")]
    assert await service.suggestions("t", caller, "sideways") == []
    assert await service.suggestions("t", other) == []
    assert await service.suggestions("t", OUTSIDER) == []


async def test_legal_actions_of_whoever_must_act(service):
    await started(service, A, B)
    caller, other = await _caller_and_other(service)
    # the caller's two calls, as Action models, in the engine's order
    assert await service.legal_actions("t", caller) == [fakegame.Call(mode="high"), fakegame.Call(mode="low")]
    assert await service.legal_actions("t", caller, game_id="high-low") == [
        fakegame.Call(mode="high"),
        fakegame.Call(mode="low"),
    ]
    # nothing for: another game's commands, a player waiting, a spectator, a table without a game
    assert await service.legal_actions("t", caller, game_id="factory-manager") == []
    assert await service.legal_actions("t", other) == []
    assert await service.legal_actions("t", OUTSIDER) == []
    assert await service.legal_actions("empty", caller) == []
    # a resigned player has none even when their seat must act (the AI plays it)
    await service.resign("t", caller)
    assert await service.legal_actions("t", caller) == []


async def test_board_image_renders_off_the_loop(service):
    from bot import render

    await started(service, A, B)
    board = await service.board("t")
    (png,) = await render.render_board(board.game_id, board.view)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    hand = await service.hand("t", A)
    assert (await render.render_hand(hand.game_id, hand.view))[:4] == b"\x89PNG"


async def test_actions_accepted_as_models(service):
    await started(service, A, B)
    caller, _ = await _caller_and_other(service)
    r = await service.act("t", caller, fakegame.Call(mode="low"))
    assert r.view["mode"] == "low" and r.view["step"] == "play"


# ----- concurrency ---------------------------------------------------------------------


class SlowCommitStore(SqliteStore):
    """Commits take a while, as on a slow disk: a window for a second move to slip in."""

    async def commit(self, *args, **kwargs):
        await asyncio.sleep(0.05)
        return await super().commit(*args, **kwargs)


class NoLock:
    """Stands in for asyncio.Lock to show what the per-table lock prevents."""

    async def __aenter__(self):
        return self

    async def __aexit__(self, *exc):
        return False


async def race(tmp_path, lock_factory):
    """Both players act at the same moment in the simultaneous play step."""

    store = SlowCommitStore(str(tmp_path / "race.db"))
    await store.open()
    svc = Service(store, lock_factory=lock_factory, seed_source=lambda: 11)
    try:
        await started(svc, A, B)
        caller, other = await _caller_and_other(svc)
        await svc.act("t", caller, "call high")  # version 1: both must play now
        moves = [await first_move(svc, caller), await first_move(svc, other)]
        results = await asyncio.gather(
            svc.act("t", caller, moves[0]), svc.act("t", other, moves[1]), return_exceptions=True
        )
        board = await svc.board("t")
        history = await svc.history("t", limit=10)
        return results, board, history
    finally:
        await svc.close()


async def test_two_moves_at_once_are_applied_one_after_the_other(tmp_path):
    results, board, history = await race(tmp_path, asyncio.Lock)
    assert not any(isinstance(r, BaseException) for r in results), results
    assert sorted(r.version for r in results) == [2, 3]
    assert board.version == 3 and board.view["round"] == 2  # both cards played and revealed
    assert [h.seq for h in history] == [1, 2, 3]


async def test_without_the_lock_the_same_race_breaks(tmp_path):
    """Proof that the test above depends on the per-table lock: with a no-op lock one of
    the two moves runs against the same state and is lost to the version guard."""

    results, board, _ = await race(tmp_path, NoLock)
    errors = [r for r in results if isinstance(r, UserError)]
    assert len(errors) == 1 and "same moment" in str(errors[0])
    assert board.version == 2


async def test_posts_go_out_in_ticket_order(service):
    await started(service, A, B)
    caller, other = await _caller_and_other(service)
    r1 = await service.act("t", caller, "call high")
    r2 = await service.act("t", caller, await first_move(service, caller))
    assert r2.ticket == r1.ticket + 1
    posted: list[int] = []

    async def post(result, delay):
        await asyncio.sleep(delay)  # r1's render is slower
        async with service.post_order(result):
            posted.append(result.version)

    await asyncio.gather(post(r2, 0.0), post(r1, 0.05))
    assert posted == [r1.version, r2.version]


async def test_table_locks_exist_only_while_held_or_awaited(service):
    """The lock dict does not grow with the number of tables: an entry lives while someone
    holds or waits for the lock and is dropped by the last one out."""

    for t in ("a", "b", "c"):
        await service.new_game(t, A, "high-low")
        await service.join(t, B)
    assert service.busy_tables() == {}
    order: list[str] = []
    holding = asyncio.Event()
    release = asyncio.Event()

    async def holder():
        async with service.lock("a"):
            order.append("holder in")
            holding.set()
            await release.wait()
            order.append("holder out")

    async def waiter(name):
        async with service.lock("a"):
            order.append(name)

    task = asyncio.create_task(holder())
    await holding.wait()
    waiters = [asyncio.create_task(waiter("w1")), asyncio.create_task(waiter("w2"))]
    await asyncio.sleep(0.01)
    # held by one, awaited by two: the entry stays and counts all three
    assert service.busy_tables() == {"a": 3}
    assert order == ["holder in"]
    release.set()
    await asyncio.gather(task, *waiters)
    # the waiters got the SAME lock, one after the other, after the holder
    assert order == ["holder in", "holder out", "w1", "w2"]
    assert service.busy_tables() == {}
    # the ticket counters of posted tables are dropped too
    await started(service, A, B)
    caller, _ = await _caller_and_other(service)
    r = await service.act("t", caller, "call high")
    r2 = await service.act("t", caller, await first_move(service, caller))
    assert (r.ticket, r2.ticket) == (1, 2) and service.tables_owing_posts() == ["t"]
    for ticket in (1, 2):
        result = type(r)(table="t", game_id=r.game_id, game_pk=r.game_pk, version=0, status="active", ticket=ticket)
        async with service.post_order(result):
            pass
    assert service.tables_owing_posts() == [] and service.busy_tables() == {}


async def test_replaying_the_log_runs_off_the_event_loop(service, monkeypatch):
    import threading

    from engines import registry

    await started(service, A, B)
    caller, _ = await _caller_and_other(service)
    await service.act("t", caller, "call high")
    engine = registry.get("high-low")
    threads: list[str] = []
    real_apply = engine.apply

    def apply(state, player, action):
        threads.append(threading.current_thread().name)
        return real_apply(state, player, action)

    monkeypatch.setattr(engine, "apply", apply)
    # history reads the text stored with each move: no replay at all
    assert [h.notation for h in await service.history("t")] == ["call high"]
    assert threads == []
    # a replay of the log (undo, a snapshot it cannot read) runs in a worker thread: a
    # service started afresh over the store (nothing cached) finds a damaged snapshot
    game = await service.store.live_game("t")
    await service.store.put_snapshot(game.pk, game.version, {"not": "a state"})
    state = await Service(service.store).game_state(game)
    assert threads and threading.main_thread().name not in threads
    assert state == await service.game_state(game)  # the same state as the live service's


async def test_caches_hold_live_tables_only(service):
    """A finished game leaves nothing in the service's caches; it is still shown from the store."""

    await started(service, A, B, rounds=1)
    held = service.cache_sizes()
    assert held["games"] and held["seats"] and held["states"]
    while (board := await service.board("t")).status == "active":
        seat = board.to_act[0]
        await service.act("t", seat, await first_move(service, seat))
    assert set(service.cache_sizes().values()) == {0}
    again = await service.board("t")  # read from the store, not cached again
    assert again.status == "over" and again.ranking == board.ranking
    assert len(await service.history("t")) == again.version
    assert set(service.cache_sizes().values()) == {0}


async def test_every_way_a_game_ends_drops_it_from_the_caches(service):
    """Cancelled lobbies and games, an emptied lobby, and a game the AI finishes after every
    player resigned leave nothing cached (60 cancelled tables of 2 seats each once left 120
    seat rows in memory)."""

    for i in range(60):
        table = f"c{i}"
        await service.new_game(table, A, "high-low", {"rounds": 1})
        await service.join(table, B)
        if i % 2:
            await service.start(table, A)
        await service.cancel(table, A)
        assert (await service.board(table)).status == "cancelled"
    assert service.cache_sizes() == {"games": 0, "seats": 0, "states": 0, "settings": 0, "fresh_seats": 0}
    await service.new_game("left", A, "high-low")
    await service.leave("left", A)  # the last human leaves: the lobby is closed
    await started(service, A, B, rounds=1)
    await service.resign("t", A)
    r = await service.resign("t", B)  # only AI seats are left: the AI plays the game out
    assert r.status == "over"
    assert service.cache_sizes() == {"games": 0, "seats": 0, "states": 0, "settings": 0, "fresh_seats": 0}


async def test_live_tables_keep_a_bounded_number_of_states(service, monkeypatch):
    """At most ``Tables.MAX_STATES`` engine states stay in memory; a table whose state was
    dropped reads it back from its snapshot and plays on."""

    monkeypatch.setattr(service.tables, "MAX_STATES", 2)
    for table in ("x", "y", "z"):
        await service.new_game(table, A, "high-low", {"rounds": 1})
        await service.join(table, B)
        await service.start(table, A)
    assert service.cache_sizes()["states"] == 2  # 3 active games, 2 states kept
    caller = (await service.board("x")).to_act[0]  # x was started first: its state was dropped
    r = await service.act("x", caller, (await service.legal_moves("x", caller))[0][0])
    assert r.version == 1  # the call was played on the state read back from the snapshot
    assert service.cache_sizes()["states"] == 2


async def test_catch_up_repeats_the_missed_public_events_once(service):
    await started(service, A, B)
    pk = (await service.store.live_game("t")).pk
    caller, other = await _caller_and_other(service)
    await service.store.mark_posted(pk, 0)  # the start board was posted
    r1 = await service.act("t", caller, "call low")  # never posted
    assert await service.unposted() == [("t", pk)]
    catch = await service.catch_up("t", pk, "The bot restarted; here is the current board.")
    assert catch.catch_up and catch.board_due and catch.version == 1 and catch.view == r1.view
    # the note, then the public events of version 1 exactly as the move produced them
    assert catch.public == ["The bot restarted; here is the current board.", *r1.public]
    assert sorted(catch.mention) == sorted([A, B]) and catch.ticket == r1.ticket + 1
    assert await service.needs_post(catch)
    await service.mark_posted(catch)
    assert not await service.needs_post(catch)
    assert await service.catch_up("t", pk, "again") is None  # nothing owed any more
    assert await service.catch_up("other-table", pk, "wrong table") is None


async def test_an_action_of_another_game_is_refused(service):
    from typing import Literal

    from engines.base import ActionModel

    class Dance(ActionModel):
        type: Literal["dance"] = "dance"

    await started(service, A, B)
    caller, _ = await _caller_and_other(service)
    before = dump(service)
    with pytest.raises(UserError, match="not a move in High-Low"):
        await service.act("t", caller, Dance())
    assert dump(service) == before


async def test_a_failing_ai_keeps_the_human_move_and_can_resume(service, monkeypatch):
    await started(service, A, bots=1, rounds=2)
    board = await service.board("t")
    assert board.to_act == [A]
    original = fakegame.engine.ai.choose

    def broken(state, player, rnd):
        raise RuntimeError("AI bug")

    monkeypatch.setattr(fakegame.engine.ai, "choose", broken)
    version = board.version
    r = await service.act("t", A, await first_move(service, A))
    assert r.version == version + 1  # A's move is kept and reported
    assert (await service.board("t")).version == version + 1
    # A's first move of round 1 (a call, or a play after the AI's card) leaves the AI to act:
    # it plays its card, or calls round 2
    assert "ai-1" in (await service.board("t")).to_act
    monkeypatch.setattr(fakegame.engine.ai, "choose", original)
    r = await service.advance("t")
    assert r.version > version + 1
    assert (await service.board("t")).to_act == [A]
