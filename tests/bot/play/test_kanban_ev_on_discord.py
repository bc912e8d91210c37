"""SimCord: Kanban EV in a channel. A whole 3-player game by three members through `/move`
and its autocomplete (with a spectator refused and a restart on a NEW bot object in the
middle of a meeting); a full day played by picking `/move` suggestions only; the game's
options through `/game new`; hands (performance goals, Kanban order cards) only by DM."""

from __future__ import annotations

import re

from engines import registry
from engines.base import rng
from tests.bot.discord_harness import png_size
from tests.bot.play.picking import pick_and_play

GAME = "kanban-ev"
CARD = re.compile(r"\b[gk]\d\d\b")


def member_of(h, seat: str):
    return next(m for m in (h.alice, h.bob, h.carol) if str(m.id) == seat)


def answer(result):
    return result.followups[-1] if result.followups else result.response


async def started(h, options: str | None = None):
    await h.lobby(GAME, h.alice, h.bob, h.carol, options=options)
    r = await h.alice.slash(h.channel, "game start")
    assert answer(r).ephemeral and answer(r).content == "The game has started."


async def state_now(h):
    """The table's latest game (live or just finished) and its state."""

    game = await h.service.store.last_game(str(h.channel.id))
    return game, await h.service.game_state(game)


def thin_rendering(h, monkeypatch, every: int = 8) -> dict:
    """Render the board and hands for real on every ``every``-th call only (the first one
    included) and post a 1x1 PNG otherwise. A whole game is about 300 moves; rendering both
    board images and the changed hands after each costs about 0.3 s of CPU, which would make
    this test take minutes (measured: 146 s with every render real). The images themselves
    are tested in tests/renderers/test_kanban_ev.py."""

    import io

    from PIL import Image

    from bot import render

    buf = io.BytesIO()
    Image.new("RGB", (1, 1), "#ffffff").save(buf, "PNG")
    tiny = buf.getvalue()
    real_board, real_hand, real_summary = render.render_board, render.render_hand, render.render_summary
    calls = {"board": 0, "hand": 0, "summary": 0, "real": 0}

    async def render_board(game_id, view, lang="en"):
        calls["board"] += 1
        if calls["board"] % every == 1:
            calls["real"] += 1
            return await real_board(game_id, view, lang)
        return [tiny, tiny]

    async def render_summary(game_id, view, events=None, lang="en"):
        calls["summary"] += 1
        if calls["summary"] % every == 1:
            calls["real"] += 1
            return await real_summary(game_id, view, events, lang)
        return tiny

    async def render_hand(game_id, view, lang="en"):
        calls["hand"] += 1
        if calls["hand"] % every == 1:
            calls["real"] += 1
            return await real_hand(game_id, view, lang)
        return tiny

    monkeypatch.setattr(render, "render_board", render_board)
    monkeypatch.setattr(render, "render_hand", render_hand)
    monkeypatch.setattr(render, "render_summary", render_summary)
    return calls


def private_cards(state) -> set[str]:
    """Every performance goal and Kanban order card in any player's hand now."""

    return {c for p in state.player_boards for c in p.goals + p.kanban_cards}


async def test_whole_kanban_game_through_move_with_meeting_restart(harness, monkeypatch):
    h = harness
    engine = registry.get(GAME)
    calls = thin_rendering(h, monkeypatch)
    h.service.seed_source = lambda: 11  # the same game every run (the default seed is random)
    await started(h)
    first = h.messages()[-1]
    # a post carries one image, the phone summary (not two boards side by side)
    assert [a.filename for a in first.attachments] == ["summary.png"]
    assert (await png_size(first.attachments[0]))[0] == 600
    # the full board is two images on /game board: the factory and the player boards
    r = await h.dave.slash(h.channel, "game board")
    assert [a.filename for a in answer(r).attachments] == ["board-1.png", "board-2.png"]
    for att in answer(r).attachments:
        assert max(await png_size(att)) <= 1600
    # every player got their hand (goals and order cards) by DM at the start, as an image
    for m in (h.alice, h.bob, h.carol):
        dms = h.dms(m)
        assert dms and any(a.filename == "hand.png" for d in dms for a in d.attachments)
    assert h.dms(h.dave) == []
    hand_updates = dict.fromkeys((h.alice, h.bob, h.carol), 0)
    moves = 0
    restarted = spectator_checked = False
    meetings = 0
    while True:
        board = await h.service.board(h.channel.id)
        if board.status == "over":
            break
        game, state = await state_now(h)
        seat = board.to_act[0]
        actor = member_of(h, seat)
        action = engine.ai.choose(state, seat, rng(5, "kanban-test", game.version))
        notation = engine.notation(state, action)
        if moves % 25 == 0:
            # the autocomplete offers the move when its text is typed; nobody else gets choices
            offered = await actor.autocomplete(h.channel, "move", "action", notation)
            assert notation in [c["value"] for c in offered], (notation, offered)
            for other in (h.alice, h.bob, h.carol, h.dave):
                if str(other.id) not in board.to_act:
                    assert await other.autocomplete(h.channel, "move", "action", "") == []
        if not spectator_checked and state.phase == "work":
            # a spectator cannot act: refused ephemerally, nothing changes
            r = await h.dave.slash(h.channel, "move", action=notation)
            assert answer(r).ephemeral and not answer(r).content.startswith("Played")
            r = await h.dave.slash(h.channel, "move", action="done")
            assert answer(r).ephemeral and not answer(r).content.startswith("Played")
            assert (await h.version()) == game.version
            spectator_checked = True
        posts = h.mark()
        dms_before = {m: h.mark(dm_of=m) for m in (h.alice, h.bob, h.carol)}
        r = await actor.slash(h.channel, "move", action=notation)
        assert answer(r).ephemeral and answer(r).content == f"Played `{notation}`.", answer(r).content
        moves += 1
        new = h.messages_since(posts)
        assert new and [a.filename for a in new[-1].attachments] == ["summary.png"]
        _, after = await state_now(h)
        # the channel never shows a card that is in someone's hand
        shown = set(CARD.findall("\n".join(m.content for m in new)))
        assert not (shown & private_cards(after)), shown & private_cards(after)
        if after.phase == "meeting" and state.phase != "meeting":
            meetings += 1
            # at every meeting's start each player gets their hand by DM: the image, the
            # meeting prompt naming their goals, and their goals and order cards in words
            for m in (h.alice, h.bob, h.carol):
                hand = after.player_boards[after.players.index(str(m.id))]
                # the mover's own move edited their newest DM; the others got a new one
                new_dms = h.dms(m)[-1:] if m is actor else h.messages_since(dms_before[m], dm_of=m)
                text = "\n".join(d.content for d in new_dms)
                assert any(a.filename == "hand.png" for d in new_dms for a in d.attachments), m
                assert (
                    "A meeting begins: on your turn play one of your performance goals ("
                    + ", ".join(hand.goals)
                    + "), then speak or pass."
                ) in text, text
                assert "Your performance goals: " + hand.goals[0] + " (" in text, text
                assert "Your Kanban order cards: " + hand.kanban_cards[0] + " (" in text, text
                hand_updates[m] += 1
        if not restarted and after.phase == "meeting" and any(after.board.current_meeting.played):
            # restart on a NEW bot object in the middle of the meeting; the meeting goes on
            before = await h.version()
            await h.restart()
            restarted = True
            game2, again = await state_now(h)
            assert game2.version == before and again.phase == "meeting"
            assert again.board.current_meeting == after.board.current_meeting
    assert restarted and spectator_checked and meetings >= 2 and moves > 150
    assert calls["real"] > 30 and calls["summary"] >= moves
    last = h.messages()[-1]
    assert "Game over" in last.content and "Final ranking" in last.content
    # the final scoring is told in the game's own words
    assert "final scoring" in h.public_text()
    # hands changed during the game (meetings deal goals): every player got their new hand at
    # every meeting, as a new DM or, on their own move, as an edit of their newest DM (so a
    # count of DMs proves nothing: a player whose hand only changed on their own moves keeps one)
    assert all(n == meetings for n in hand_updates.values()), (hand_updates, meetings)


async def test_a_full_day_by_picking_move_suggestions_only(harness):
    h = harness
    engine = registry.get(GAME)
    await started(h)
    used: set[str] = set()
    while True:
        game, state = await state_now(h)
        # setup choices, then day 1 from selection to the end of its work phase
        if state.board.day >= 2 or state.phase in ("meeting", "nominate", "over"):
            break
        seat = engine.to_act(state)[0]
        action = engine.ai.choose(state, seat, rng(11, "picked", game.version))
        notation = engine.notation(state, action)
        _, r = await pick_and_play(member_of(h, seat), h.channel, notation)
        assert answer(r).ephemeral and answer(r).content == f"Played `{notation}`.", answer(r).content
        after, _ = await state_now(h)
        assert after.version == game.version + 1
        used.add(action.type)
    assert state.board.day >= 2 or state.phase == "meeting"
    assert {"garages", "arrange", "cert", "pick", "place", "done"} <= used, used
    assert len(used & {"train", "claim", "upgrade", "provide", "order", "take", "design", "charge", "also"}) >= 2


async def test_new_game_takes_the_kanban_options(harness):
    h = harness
    got = await h.alice.autocomplete(h.channel, "game new", "options", "")
    assert got == []  # no game chosen yet: nothing to suggest
    got = await h.alice.autocomplete(h.channel, "game new", "options", "", game="kanban-ev")
    assert [c["value"] for c in got] == ["sandra=mean", "sandra=nice", "speedcharger=true", "speedcharger=false"]
    # a half-typed value is completed from that option's values, not echoed as it is
    got = await h.alice.autocomplete(h.channel, "game new", "options", "sandra=", game="kanban-ev")
    assert [c["value"] for c in got] == ["sandra=mean", "sandra=nice"]
    got = await h.alice.autocomplete(h.channel, "game new", "options", "speedcharger=false sandra=n", game="kanban-ev")
    assert [c["value"] for c in got] == ["speedcharger=false sandra=nice"]
    # a finished pair: kept, then each value of the options not given yet
    got = await h.alice.autocomplete(h.channel, "game new", "options", "sandra=nice", game="kanban-ev")
    assert [c["value"] for c in got] == [
        "sandra=nice",
        "sandra=nice speedcharger=true",
        "sandra=nice speedcharger=false",
    ]
    await started(h, options="sandra=nice speedcharger=false")
    _, state = await state_now(h)
    assert state.sandra_mode == "nice" and state.speedcharger is False
    assert state.player_boards[0].pp == 0  # Nice Sandra: everyone starts at 0 PP (15 with Mean)
    # `/game hand` answers privately with the image and the hand in words
    r = await h.alice.slash(h.channel, "game hand")
    me = state.player_boards[state.players.index(str(h.alice.id))]
    assert answer(r).ephemeral and any(a.filename == "hand.png" for a in answer(r).attachments)
    assert ("Your performance goals: " + me.goals[0] + " (") in answer(r).content
    assert ("Your Kanban order cards: " + me.kanban_cards[0] + " (") in answer(r).content
