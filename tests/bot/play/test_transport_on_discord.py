"""SimCord: a whole Transport game by three members on Discord, through `/move` (every fourth
move picked from its suggestions only), with a restart on a NEW bot object in the middle. Each
player gets their hand by DM whenever it changes (their own moves edit their newest DM); the
channel never shows a hand."""

from __future__ import annotations

import re

from engines import registry
from engines.base import rng
from tests.bot.discord_harness import png_size
from tests.bot.play.picking import pick_and_play

GAME = "transport"
TILE_ID = re.compile(r"\bt\d+\b")
SEED = 3  # a game of about 100 moves


def member_of(h, seat: str):
    return next(m for m in (h.alice, h.bob, h.carol) if str(m.id) == seat)


def answer(result):
    return result.followups[-1] if result.followups else result.response


async def state_now(h):
    game = await h.service.store.last_game(str(h.channel.id))  # the live one, or the finished one
    return game, await h.service.game_state(game)


def hand_line(hand: list[str]) -> str:
    return "Your hand: " + ", ".join(hand) + "."


def no_hand_in_channel(h, hands: dict[str, list[str]]) -> None:
    """No channel message shows a hand: no hand image, no "Your hand", and no id of a tile
    that is in someone's hand now (a tile is named publicly only once it is on the field)."""

    held = {t for hand in hands.values() for t in hand}
    for m in h.messages():
        assert "Your hand" not in m.content
        assert all(a.filename != "hand.png" for a in m.attachments)
        leaked = set(TILE_ID.findall(m.content)) & held
        assert not leaked, (leaked, m.content)


async def test_whole_transport_game_on_discord(harness, sparse_renders):
    h = harness
    engine = registry.get(GAME)
    h.service.seed_source = lambda: SEED  # a fixed game (seat order and stack follow the seed)
    await h.lobby(GAME, h.alice, h.bob, h.carol)
    r = await h.alice.slash(h.channel, "game start")
    assert answer(r).ephemeral and answer(r).content == "The game has started."
    board_msg = h.messages()[-1]
    assert [a.filename for a in board_msg.attachments] == ["summary.png"]  # the phone summary
    assert (await png_size(board_msg.attachments[0]))[0] == 600
    labels = [c["label"] for row in board_msg.components for c in row.to_dict()["components"]]
    assert "My hand" in labels

    # every player got their four tiles by DM: the ids as text and the hand image
    _, state = await state_now(h)
    for m in (h.alice, h.bob, h.carol):
        dms = h.dms(m)
        assert len(dms) == 1
        assert hand_line(state.hands[str(m.id)]) in dms[0].content
        assert len(state.hands[str(m.id)]) == 4
        assert [a.filename for a in dms[0].attachments] == ["hand.png"]
    no_hand_in_channel(h, state.hands)

    moves = picked = most = 0
    restarted = False
    while True:
        board = await h.service.board(h.channel.id)
        if board.status == "over":
            break
        seat = board.to_act[0]
        actor = member_of(h, seat)
        game, state = await state_now(h)
        action = engine.ai.choose(state, seat, rng(5, "transport-test", game.version))
        notation = engine.notation(state, action)
        dms_before = {m: len(h.dms(m)) for m in (h.alice, h.bob, h.carol)}
        if moves % 4 == 0:
            # picked from the `/move` suggestions only (tile, then cell, then rotation …)
            picks, r = await pick_and_play(actor, h.channel, notation)
            picked += 1
            most = max(most, picks)
        else:
            r = await actor.slash(h.channel, "move", action=notation)
        assert answer(r).ephemeral and answer(r).content == f"Played `{notation}`.", answer(r).content
        moves += 1
        after_game, after = await state_now(h)
        assert after_game.version == game.version + 1
        # whoever's hand changed has it by DM: the mover's own move edited their newest DM
        # (no new notification right after their move), anyone else got a new one; the
        # others got nothing
        for m in (h.alice, h.bob, h.carol):
            p = str(m.id)
            dms = h.dms(m)
            if after.hands[p] != state.hands[p]:
                assert len(dms) == dms_before[m] + (0 if m is actor else 1), (notation, p)
                assert hand_line(after.hands[p]) in dms[-1].content
                assert [a.filename for a in dms[-1].attachments] == ["hand.png"]
            else:
                assert len(dms) == dms_before[m], (notation, p, dms[-1].content)
        if moves % 20 == 0:
            no_hand_in_channel(h, after.hands)
        if not restarted and after_game.version >= 60 and not engine.is_over(after):
            await h.restart()
            restarted = True
            # /game hand on the NEW bot object answers ephemerally with the hand
            n = len(h.messages())
            r = await h.bob.slash(h.channel, "game hand")
            assert answer(r).ephemeral
            assert hand_line(after.hands[str(h.bob.id)]) in answer(r).content
            assert [a.filename for a in answer(r).attachments] == ["hand.png"]
            assert len(h.messages()) == n
    assert restarted and moves > 60 and picked >= 20 and most >= 2

    _, final = await state_now(h)
    assert engine.is_over(final)
    no_hand_in_channel(h, final.hands)
    last = h.messages()[-1]
    assert "Game over" in last.content and "Final ranking:" in last.content


async def test_wrench_into_a_pallets_place_on_discord(harness):
    """Through the bot: at seed 4 with two players the first seat holds t9
    (a straight with a wrench); put in the blue pallet's place, its wrench moves it into the
    red pallet's place (see tests/engines/transport/test_icons.py). Picked from the `/move`
    suggestions; the same move without the pallet's cell gets one sentence and changes nothing."""

    h = harness
    h.service.seed_source = lambda: 4
    await h.lobby(GAME, h.alice, h.bob)
    await h.alice.slash(h.channel, "game start")
    _, state = await state_now(h)
    first = member_of(h, state.players[0])
    assert "t9" in state.hands[state.players[0]]
    r = await first.slash(h.channel, "move", action="insert t9 blue 0 -3,0")
    assert answer(r).content == "Played `insert t9 blue 0 -3,0`."
    game, _ = await state_now(h)
    r = await first.slash(h.channel, "move", action="wrench -2,0 2,0 0")
    assert answer(r).ephemeral
    assert answer(r).content.startswith(
        "2,0 holds the red pallet: to put the tile in its place, also say where the pallet goes"
    )
    assert (await state_now(h))[0].version == game.version  # nothing changed
    # after the insert the wrench step is the player's only kind of move
    got = await first.autocomplete(h.channel, "move", "action", "wrench -2,0 2,0 0")
    assert "wrench -2,0 2,0 0 3,0" in [c["value"] for c in got]
    picks, r = await pick_and_play(first, h.channel, "wrench -2,0 2,0 0 3,0")
    assert picks <= 4
    assert answer(r).content == "Played `wrench -2,0 2,0 0 3,0`."
    post = h.messages()[-1].content
    assert (
        "moves t9 (straight belt, wrench) from -2,0 to 2,0 in place of the red pallet, rotation 0; the pallet moves to 3,0."
        in post
    )
    _, after = await state_now(h)
    assert after.field["3,0"].tile == "red" and "-2,0" not in after.field
