"""SimCord: a whole Transport game by three members on Discord, through `/move` and the typed
`/transport` subcommands, with a restart on a NEW bot object in the middle. Each player gets
their hand by DM whenever it changes; the channel never shows a hand."""

from __future__ import annotations

import re

import pytest

import renderers
from bot.cogs.typed import command_name
from engines import registry
from engines.base import rng
from tests.bot.discord_harness import harness, png_size  # noqa: F401  (fixture)

GAME = "transport"
TILE_ID = re.compile(r"\bt\d+\b")
SEED = 3  # a game of about 100 moves


@pytest.fixture
def sparse_renders(monkeypatch):
    """Render the real board every 10th post and at the end, and the real hand every 10th
    DM; other posts reuse the last real image (the renderer's own tests check the drawing).
    A Transport game has ~170 moves: this keeps the whole-game test fast."""

    real_board, real_hand = renderers.render_board, renderers.render_hand
    calls = {"board": 0, "hand": 0, "real": 0, "last_board": None, "last_hand": None}

    def board(game_id, view):
        calls["board"] += 1
        if calls["last_board"] is None or calls["board"] % 10 == 0 or view.get("phase") == "over":
            calls["last_board"] = real_board(game_id, view)
            calls["real"] += 1
        return calls["last_board"]

    def hand(game_id, view):
        calls["hand"] += 1
        if calls["last_hand"] is None or calls["hand"] % 10 == 0:
            calls["last_hand"] = real_hand(game_id, view)
        return calls["last_hand"]

    monkeypatch.setattr(renderers, "render_board", board)
    monkeypatch.setattr(renderers, "render_hand", hand)
    return calls


def member_of(h, seat: str):
    return next(m for m in (h.alice, h.bob, h.carol) if str(m.id) == seat)


def answer(result):
    return result.followups[-1] if result.followups else result.response


async def state_now(h):
    game = await h.service.store.last_game(str(h.channel.id))  # the live one, or the finished one
    return game, await h.service._state(game)


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
    assert [a.filename for a in board_msg.attachments] == ["board.png"]
    assert max(await png_size(board_msg.attachments[0])) <= 1600
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

    moves = typed = 0
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
            # the typed subcommand; each option is offered by its autocomplete once typed (checked
            # on the first dozen: at most 25 suggestions, narrowed by the text typed)
            name = command_name(type(action))
            options = {}
            for field in type(action).arg_fields():
                value = getattr(action, field)
                if typed < 12:
                    got = await actor.autocomplete(h.channel, f"transport {name}", field, str(value), **options)
                    assert value in [c["value"] for c in got], (name, field, value, got)
                options[field] = value
            r = await actor.slash(h.channel, f"transport {name}", **options)
            typed += 1
        else:
            r = await actor.slash(h.channel, "move", action=notation)
        assert answer(r).ephemeral and answer(r).content == f"Played `{notation}`.", answer(r).content
        moves += 1
        after_game, after = await state_now(h)
        assert after_game.version == game.version + 1
        # whoever's hand changed got a DM with the new hand; the others got nothing
        for m in (h.alice, h.bob, h.carol):
            p = str(m.id)
            dms = h.dms(m)
            if after.hands[p] != state.hands[p]:
                assert len(dms) == dms_before[m] + 1, (notation, p)
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
    assert restarted and moves > 60 and typed >= 20

    _, final = await state_now(h)
    assert engine.is_over(final)
    no_hand_in_channel(h, final.hands)
    last = h.messages()[-1]
    assert "Game over" in last.content and "Final ranking:" in last.content
    # every action type has a typed subcommand
    assert {f"transport {command_name(m)}" for m in engine.action_models} <= set(h.alice.available_commands(h.channel))
