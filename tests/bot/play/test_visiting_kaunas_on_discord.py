"""SimCord: a whole Visiting Kaunas game by two members through `/move` (with a restart on
a NEW bot object in the middle), the simultaneous tourist step shown as "waiting for @a,
@b" and played in either order, and moves played by picking `/move` suggestions only."""

from __future__ import annotations

from engines import registry
from engines.base import rng
from engines.visiting_kaunas.actions import Event
from tests.bot.discord_harness import png_size
from tests.bot.play.picking import pick_and_play

GAME = "visiting-kaunas"


def member_of(h, seat: str):
    return next(m for m in (h.alice, h.bob, h.carol) if str(m.id) == seat)


def answer(result):
    return result.followups[-1] if result.followups else result.response


async def started(h, *members, seed: int = 2024):
    h.service.seed_source = lambda: seed
    await h.lobby(GAME, *members)
    r = await members[0].slash(h.channel, "game start")
    assert answer(r).ephemeral and answer(r).content == "The game has started."


async def state_now(h):
    game = await h.service.store.live_game(str(h.channel.id))
    return game, await h.service.game_state(game)


async def quick_choice(h, seat: str) -> str:
    """A move that keeps the game short: a die on a face-down event card when possible
    (each one draws from the event deck), else the AI's move; as notation."""

    engine = registry.get(GAME)
    game, state = await state_now(h)
    legal = engine.legal_actions(state, seat)
    down = [a for a in legal if isinstance(a, Event) and a.card.startswith("down")]
    action = down[0] if down else engine.ai.choose(state, seat, rng(7, "test", game.version))
    return engine.notation(state, action)


async def test_whole_kaunas_game_through_move_with_restart_and_simultaneous_step(harness):
    h = harness
    await started(h, h.alice, h.bob)
    board_msg = h.messages()[-1]
    assert [a.filename for a in board_msg.attachments] == ["summary.png"]  # the phone summary
    w, hh = await png_size(board_msg.attachments[0])
    assert w == 600 and hh <= 1600
    moves = 0
    restarted = False
    just_restarted = False
    simultaneous = 0
    while True:
        board = await h.service.board(h.channel.id)
        if board.status == "over":
            break
        to_act = list(board.to_act)
        assert to_act
        if len(to_act) == 2:
            simultaneous += 1
            seat = to_act[-1] if simultaneous % 2 else to_act[0]  # either order
        else:
            seat = to_act[0]
        actor = member_of(h, seat)
        notation = await quick_choice(h, seat)
        offered = await actor.autocomplete(h.channel, "move", "action", notation)
        assert notation in [c["value"] for c in offered], (notation, offered)
        for other in (h.alice, h.bob):
            if str(other.id) not in to_act:
                assert await other.autocomplete(h.channel, "move", "action", "") == []
        posts = len(h.messages())
        r = await actor.slash(h.channel, "move", action=notation)
        assert answer(r).ephemeral and answer(r).content == f"Played `{notation}`.", answer(r).content
        moves += 1
        assert len(h.messages()) > posts
        after = await h.service.board(h.channel.id)
        if after.status == "active":
            last = h.messages()[-1]
            if len(after.to_act) == 2:
                # a tourist step: the channel names everyone it waits for
                a, b = after.to_act
                assert f"waiting for <@{a}>, <@{b}>" in last.content, last.content
            # pinged: whoever must act, except the mover and players already asked before
            expected = sorted(int(p) for p in after.to_act if p != seat and p not in to_act)
            if just_restarted:
                assert set(h.pinged()) <= {int(p) for p in after.to_act if p != seat}
            else:
                assert h.pinged() == expected, (to_act, seat, after.to_act)
        just_restarted = False
        if not restarted and after.info.version >= 20:
            await h.restart()
            restarted = just_restarted = True
    assert restarted and moves > 20
    assert simultaneous >= 1
    last = h.messages()[-1]
    assert "Final ranking" in last.content
    board = await h.service.board(h.channel.id)
    assert len(board.ranking) == 2
    # no public message ever showed a raw user id instead of a mention
    for m in h.messages():
        for member in (h.alice, h.bob):
            assert str(member.id) not in m.content.replace(f"<@{member.id}>", "")


async def test_moves_by_picking_move_suggestions_only(harness):
    h = harness
    await started(h, h.alice, h.bob, seed=99)
    engine = registry.get(GAME)
    for _ in range(12):
        game, state = await state_now(h)
        if engine.is_over(state):
            break
        seat = engine.to_act(state)[0]
        action = engine.ai.choose(state, seat, rng(11, "picked", game.version))
        notation = engine.notation(state, action)
        _, r = await pick_and_play(member_of(h, seat), h.channel, notation)
        assert answer(r).ephemeral and answer(r).content == f"Played `{notation}`.", answer(r).content
        after, _ = await state_now(h)
        assert after.version == game.version + 1


async def test_final_ranking_is_the_hosts_everywhere_with_a_resigned_leader(harness):
    """bob resigns at once (the AI plays his seat well) while alice only
    hurries the game to its end, so bob finishes with more coins. The host ranks a resigned
    player last; the channel's final post (the ranking said once, in coins), `/game board`
    and the board image's header (drawn from the view) all give that one ranking."""

    from renderers.visiting_kaunas import _status

    h = harness
    await started(h, h.alice, h.bob)
    r = await h.bob.slash(h.channel, "game resign")
    assert answer(r).ephemeral
    a, b = str(h.alice.id), str(h.bob.id)
    while (board := await h.service.board(h.channel.id)).status != "over":
        assert board.to_act == [a]
        await h.alice.slash(h.channel, "move", action=await quick_choice(h, a))
    _, state = await state_now_over(h)
    coins = {p: state.pl[p].coins for p in (a, b)}
    assert coins[b] > coins[a], coins  # the engine alone would rank bob first
    last = h.messages()[-1].content
    assert last.count("Game over") == 1 and last.count("Final ranking") == 1
    assert last.endswith(f"**Final ranking:**\n1. <@{a}> — {coins[a]} coins\n2. <@{b}> — {coins[b]} coins (resigned)")
    assert board.view["ranking"] == [[a], [b]] and board.view["resigned"] == [b]
    assert _status(board.view) == f"Game over. Ranking: {a} ({coins[a]} coins), {b} ({coins[b]} coins, resigned)"
    r = await h.alice.slash(h.channel, "game board")
    text = answer(r).content
    assert text.index(f"1. <@{a}>") < text.index(f"2. <@{b}>")


async def state_now_over(h):
    game = await h.service.store.last_game(str(h.channel.id))
    return game, await h.service.game_state(game)
