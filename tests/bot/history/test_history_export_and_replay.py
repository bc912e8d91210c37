"""History per viewer, the export and ``boardhost replay``.

* Kanban EV face-down nominations: the mover reads their goal, everyone else (players and
  spectators) "Puts a goal face down in the meeting room.", in the history and in the
  export of the live game (both database backends: the text is stored at commit).
* Every game of the four, played to the end by AI seats, exported and re-run by
  ``boardhost replay``, which prints the exported final ranking.
"""

from __future__ import annotations

import json

import pytest

from bot import cli
from bot.replay import ReplayError, replay
from bot.service import Service, UserError
from engines import registry
from engines.base import rng

A, B = "100000000000000001", "100000000000000002"
HIDDEN = "Puts a goal face down in the meeting room."  # Kanban EV, meeting clean-up (written by hand)


async def drive_until(service: Service, table: str, done) -> None:
    """Play the humans' moves with the game's AI until ``done(state)``."""

    n = 0
    while True:
        engine, state = await service.state(table)
        if done(state):
            return
        seat = engine.to_act(state)[0]
        action = engine.ai.choose(state, seat, rng(5, "test", n))
        await service.act(table, seat, action)
        n += 1


async def test_kanban_nominations_are_named_only_to_their_mover(backend):
    service = await backend.service(seed_source=lambda: 1)
    try:
        await service.new_game("t", A, "kanban-ev")
        await service.join("t", B)
        await service.start("t", A)
        seen_nominate = []

        def both_nominated(state) -> bool:
            if state.phase == "nominate":
                seen_nominate.append(True)
            return bool(seen_nominate) and state.phase != "nominate"

        await drive_until(service, "t", both_nominated)
        rows = [
            r
            for r in await service.store.actions((await service.table_info("t")).game_pk)
            if r.action.get("type") == "nominate"
        ]
        assert sorted(r.seat for r in rows) == [A, B]
        goal = {r.seat: r.action["goal"] for r in rows}

        def line(history, seat):
            return next(h for h in history if h.seq in {r.seq for r in rows} and h.seat == seat)

        mine = await service.history("t", limit=None, viewer=A)
        # A reads their own goal (the engine's describe sentence), B's nomination stays hidden
        own = line(mine, A)
        assert own.text.startswith(f"Put goal {goal[A]} (") and own.text.endswith(" face down in the meeting room.")
        assert own.notation == f"nominate {goal[A]}"
        other = line(mine, B)
        assert (other.text, other.notation) == (HIDDEN, "")
        assert goal[B] not in other.text
        for viewer in (None, "999"):  # a spectator, a member without a seat
            spectator = await service.history("t", limit=None, viewer=viewer)
            assert [(line(spectator, s).text, line(spectator, s).notation) for s in (A, B)] == [
                (HIDDEN, ""),
                (HIDDEN, ""),
            ]
        # B sees the mirror image
        theirs = await service.history("t", limit=None, viewer=B)
        assert line(theirs, A).text == HIDDEN and line(theirs, B).text.startswith(f"Put goal {goal[B]} (")

        # the export of the live game: no seed, the others' nominations without action or notation
        data = await service.export("t", B)
        assert data["status"] == "active" and data["seed"] is None and "ranking" not in data
        by_seq = {a["seq"]: a for a in data["actions"]}
        a_row = by_seq[next(r.seq for r in rows if r.seat == A)]
        b_row = by_seq[next(r.seq for r in rows if r.seat == B)]
        assert (a_row["action"], a_row["notation"], a_row["text"]) == (None, None, HIDDEN)
        assert b_row["action"] == {"type": "nominate", "goal": goal[B]}
        spectator_export = json.dumps(await service.export("t", None))
        assert '"nominate"' not in spectator_export  # no nomination's action anywhere
        with pytest.raises(ReplayError, match="still running"):
            replay(data)
    finally:
        await service.close()


@pytest.mark.parametrize(
    "game,players", [("factory-manager", 3), ("kanban-ev", 2), ("visiting-kaunas", 3), ("transport", 2)]
)
async def test_a_finished_game_exports_and_replays_to_its_ranking(tmp_path, game, players, capsys):
    service = await Service.open(str(tmp_path / "x.db"), seed_source=lambda: 7)
    try:
        await service.new_game("t", A, game, seat_host=False)
        for _ in range(players):
            await service.add_bot("t", A)
        result = await service.start("t", A)  # the AI seats play the whole game
        assert result.status == "over"
        data = await service.export("t", A)
    finally:
        await service.close()
    assert data["format"] == "boardhost-export/1" and data["seed"] == 7 and data["status"] == "over"
    assert all(a["action"] is not None and a["text"] for a in data["actions"])
    path = tmp_path / "export.json"
    path.write_text(json.dumps(data))
    assert cli.main(["replay", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    title = registry.get(game).title
    assert out[0] == f"{title}: final ranking after replaying {len(data['actions'])} moves:"
    # the ranking the host computed when the game ended, line by line
    assert out[1:] == [f"{r['place']}. AI {r['seat'][3:]} — {r['score_text']}" for r in data["ranking"]]

    # a file whose moves do not lead to that ranking is reported, exit status 1
    tampered = dict(data, actions=data["actions"][:-1])
    path.write_text(json.dumps(tampered))
    assert cli.main(["replay", str(path)]) == 1
    assert "is not over" in capsys.readouterr().out


def test_replay_refuses_what_it_cannot_run(tmp_path, capsys):
    path = tmp_path / "x.json"
    path.write_text('{"format": "something else"}')
    assert cli.main(["replay", str(path)]) == 2
    assert (
        capsys.readouterr().err.strip() == "This is not a boardhost export (its format should be boardhost-export/1)."
    )
    assert cli.main(["replay", str(tmp_path / "missing.json")]) == 2


async def test_export_refuses_a_table_without_a_started_game(tmp_path):
    service = await Service.open(str(tmp_path / "x.db"))
    try:
        with pytest.raises(UserError, match="no started game"):
            await service.export("t")
        await service.new_game("t", A, "kanban-ev")
        with pytest.raises(UserError, match="no started game"):
            await service.export("t")
    finally:
        await service.close()


def test_history_lines_mark_ai_played_and_undone_moves():
    from bot.boardtext import history_line
    from bot.service import HistoryLine

    assert history_line(HistoryLine(7, A, "bid 2", "Bid 2.", flag="ai")) == f"7. <@{A}>: Bid 2. (AI played)"
    # a move stored without events reads as the engine's sentence after the player's name
    assert history_line(HistoryLine(8, "ai-1", "pass", "Pass.", undone=True)) == "8. AI 1: ~~Pass.~~ (undone)"
    assert history_line(HistoryLine(9, A, "", f"{A} took back: Pass.", flag="undo")) == f"9. ↶ <@{A}> took back: Pass."
    # told in the third person, as the channel line was (the move's first event)
    line = HistoryLine(10, A, "bid 3", "Raise the bid to 3 workers.", events=[f"{A} raises the bid to 3.", "x"])
    assert history_line(line) == f"10. <@{A}> raises the bid to 3."
    # a choice made face down: named to its own player only (the notation is kept for them alone)
    mine = HistoryLine(11, A, "play 17", "Play 17.", events=[f"{A} plays a card face down."], hidden=True)
    assert history_line(mine) == f"11. <@{A}> plays a card face down. (yours: `play 17`)"
    theirs = HistoryLine(11, A, "", "Plays a card face down.", events=[f"{A} plays a card face down."], hidden=True)
    assert history_line(theirs) == f"11. <@{A}> plays a card face down."
    undone = HistoryLine(12, "ai-2", "pass", "Pass.", events=["ai-2 passes."], undone=True, flag="ai")
    assert history_line(undone) == "12. ~~AI 2 passes.~~ (undone) (AI played)"


def test_history_pages_fill_the_newest_page_first():
    """/game history opens on its newest page: that page is full (the last 20 moves), the
    oldest page holds the remainder."""

    from bot.boardtext import history_pages

    # 184 moves = 4 + 9 pages of 20, written out by hand: moves 1–4, 5–24, …, 165–184
    assert history_pages([f"{i}. x" for i in range(1, 185)]) == [
        (0, 4),
        (4, 24),
        (24, 44),
        (44, 64),
        (64, 84),
        (84, 104),
        (104, 124),
        (124, 144),
        (144, 164),
        (164, 184),
    ]
    assert history_pages([f"{i}. x" for i in range(1, 21)]) == [(0, 20)]
    assert history_pages(["1. x"]) == [(0, 1)]
    assert history_pages([]) == []
    # a character limit of 25: lines of 9 characters take 10 with the newline, so two fit a
    # page (20), three do not (30); 5 lines from the newest: (3, 5), (1, 3), then (0, 1)
    assert history_pages(["x" * 9] * 5, limit=25) == [(0, 1), (1, 3), (3, 5)]
    # a line longer than the limit is a page of its own
    assert history_pages(["x" * 9, "y" * 40, "x" * 9], limit=25) == [(0, 1), (1, 2), (2, 3)]
