"""SimCord: a whole Factory Manager game by three members through `/move` and its
autocomplete, with a restart on a NEW bot object in the middle; a full round played by
picking `/move` suggestions only."""

from __future__ import annotations

from engines import registry
from engines.base import rng
from tests.bot.discord_harness import png_size
from tests.bot.play.picking import pick_and_play

GAME = "factory-manager"


def member_of(h, seat: str):
    return next(m for m in (h.alice, h.bob, h.carol) if str(m.id) == seat)


def answer(result):
    return result.followups[-1] if result.followups else result.response


async def fm_started(h):
    await h.lobby(GAME, h.alice, h.bob, h.carol)
    r = await h.alice.slash(h.channel, "game start")
    assert answer(r).ephemeral and answer(r).content == "The game has started."


async def state_now(h):
    game = await h.service.store.live_game(str(h.channel.id))
    return game, await h.service.game_state(game)


async def ai_choice(h, seat: str):
    """The AI's move for ``seat`` now, as notation (the test plays quickly but sensibly)."""

    engine = registry.get(GAME)
    game, state = await state_now(h)
    action = engine.ai.choose(state, seat, rng(7, "test", game.version))
    return engine.notation(state, action)


async def test_whole_factory_manager_game_through_move_with_restart(harness, sparse_renders):
    h = harness
    await fm_started(h)
    board_msg = h.messages()[-1]
    # every post of the game carries one image: the phone summary
    assert [a.filename for a in board_msg.attachments] == ["summary.png"]
    w, hh = await png_size(board_msg.attachments[0])
    assert w == 600 and hh <= 1600
    moves = pings = 0
    restarted = False
    while True:
        board = await h.service.board(h.channel.id)
        if board.status == "over":
            break
        assert len(board.to_act) >= 1
        seat = board.to_act[0]
        actor = member_of(h, seat)
        notation = await ai_choice(h, seat)
        # the autocomplete offers the move when its text is typed; at most 25; values are notations
        offered = await actor.autocomplete(h.channel, "move", "action", notation)
        assert 1 <= len(offered) <= 25
        assert notation in [c["value"] for c in offered], (notation, offered)
        if moves % 15 == 0:
            everything = await actor.autocomplete(h.channel, "move", "action", "")
            assert 1 <= len(everything) <= 25 and all(c["name"] for c in everything)
            for other in (h.alice, h.bob, h.carol):
                if str(other.id) not in board.to_act:
                    assert await other.autocomplete(h.channel, "move", "action", "") == []
        posts = h.mark()
        r = await actor.slash(h.channel, "move", action=notation)
        assert answer(r).ephemeral and answer(r).content == f"Played `{notation}`.", answer(r).content
        moves += 1
        new = h.messages_since(posts)
        assert len(new) >= 1
        last = new[-1]
        assert [a.filename for a in last.attachments] == ["summary.png"]
        after = await h.service.board(h.channel.id)
        if after.status == "active":
            # only whoever must act now is pinged, and not the player who just moved
            # (one actor at a time in Factory Manager)
            expected = [p for p in after.mention if p != seat]
            assert h.pinged() == sorted(int(p) for p in expected), (board.to_act, after.mention)
            for p in after.mention:
                assert f"<@{p}>: your move" in last.content
            pings += len(expected)
        if not restarted and after.info.version >= 60:
            await h.restart()
            restarted = True
            assert h.bot.synced is False
    assert restarted and moves > 60
    assert 0 < pings < moves  # consecutive steps by one player ping once
    assert sparse_renders["real"] >= moves // 8  # SPARSE_EVERY in tests/conftest.py
    last = h.messages()[-1]
    # the engine's "Game over after round N." (it lists no ranking), then the host's ranking
    # once, in Elektro (the ranking was listed twice)
    assert last.content.count("Game over") == 1 and last.content.count("Final ranking:") == 1
    assert "Game over after round " in last.content and "Game over. 1." not in last.content
    board = await h.service.board(h.channel.id)
    assert len(board.ranking) == 3
    for line in board.ranking:
        assert f"{line.place}. <@{line.seat}> — {line.score} Elektro" in last.content
    r = await h.carol.slash(h.channel, "game board")
    assert not answer(r).ephemeral
    assert [a.filename for a in answer(r).attachments] == ["board.png"]  # the full board
    assert "Game over" in answer(r).content and "Game over.** Final ranking:" in answer(r).content
    # no public message ever showed a raw user id instead of a mention
    for m in h.messages():
        for member in (h.alice, h.bob, h.carol):
            assert str(member.id) not in m.content.replace(f"<@{member.id}>", "")


async def test_a_full_round_by_picking_move_suggestions_only(harness, sparse_renders):
    h = harness
    await fm_started(h)
    engine = registry.get(GAME)
    _, state = await state_now(h)
    start_round = state.round
    kinds: set[str] = set()
    while True:
        game, state = await state_now(h)
        if state.round != start_round or engine.is_over(state):
            break
        seat = engine.to_act(state)[0]
        action = engine.ai.choose(state, seat, rng(11, "picked", game.version))
        notation = engine.notation(state, action)
        _, r = await pick_and_play(member_of(h, seat), h.channel, notation)
        assert answer(r).ephemeral and answer(r).content == f"Played `{notation}`.", answer(r).content
        after, _ = await state_now(h)
        assert after.version == game.version + 1 or after.status == "over"
        kinds.add(action.type)
    # a round holds the auction, the purchases and the factory's steps
    assert len(kinds) >= 4, kinds


async def test_new_game_options_are_autocompleted_and_checked(harness):
    h = harness
    got = await h.alice.autocomplete(h.channel, "game new", "options", "", game=GAME)
    # both values of the yes/no option, the default first (README: "e.g. first_game=true")
    assert [c["value"] for c in got] == ["first_game=false", "first_game=true"]
    r = await h.alice.slash(h.channel, "game new", game=GAME, options="colour=red")
    assert answer(r).ephemeral and "no option `colour`" in answer(r).content
    assert await h.service.table_info(h.channel.id) is None
    r = await h.alice.slash(h.channel, "game new", game=GAME, options="first_game=true, first_game=false")
    assert answer(r).ephemeral and answer(r).content == "The option `first_game` is given twice; give each option once."
    assert await h.service.table_info(h.channel.id) is None  # nothing opened
    r = await h.alice.slash(h.channel, "game new", game=GAME, options="first_game=true")
    assert not answer(r).ephemeral and "Options: first_game=true" in answer(r).content
    # rules of the table's game, by topic
    topics = [c["value"] for c in await h.bob.autocomplete(h.channel, "game rules", "topic", "")]
    assert topics[0] == "overview" and "auction" in topics
    r = await h.bob.slash(h.channel, "game rules", topic="auction")
    assert answer(r).ephemeral and answer(r).content.startswith("**Factory Manager: auction**")
    # Factory Manager has no hidden hand: /game hand and the "My hand" button say so
    await h.bob.slash(h.channel, "game join")
    await h.alice.slash(h.channel, "game start")
    r = await h.bob.slash(h.channel, "game hand")
    assert answer(r).ephemeral and "no hidden hand" in answer(r).content
    # the table's live status message (the default) carries the buttons (the move line under
    # it carries Play only)
    board = next(m for m in reversed(h.messages()) if m.components and m.attachments)
    assert board.content.startswith("**Factory Manager**, move 0 (this board is updated after every move).")
    labels = [c["label"] for row in board.components for c in row.to_dict()["components"]]
    assert labels == ["Play", "My hand", "Full board"]
    r = await h.alice.click(board, label="My hand")
    assert answer(r).ephemeral and "no hidden hand" in answer(r).content


async def test_my_moves_fits_one_message_when_there_are_many(harness):
    """In phase 3 a player may have dozens of moves: the ephemeral list stays under Discord's
    2000 characters and says how many more there are."""

    h = harness
    await fm_started(h)
    engine = registry.get(GAME)
    for _ in range(200):
        game, state = await state_now(h)
        seat = engine.to_act(state)[0]
        if len(engine.legal_actions(state, seat)) > 30:
            break
        await h.service.act(h.channel.id, seat, await ai_choice(h, seat))
    n = len(engine.legal_actions(state, seat))
    assert n > 30
    r = await member_of(h, seat).slash(h.channel, "game moves")
    text = answer(r).content
    assert answer(r).ephemeral and len(text) <= 2000
    assert text.startswith(f"Your moves ({n}):")
    shown = text.count("\n`")
    assert f"…and {n - shown} more" in text
