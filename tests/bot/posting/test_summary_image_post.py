"""SimCord: a move's post carries exactly one image, the phone summary, drawn
with the players' display names; its "Full board" button answers only the clicker with
the full board; ``/game board`` posts the full board."""

from __future__ import annotations

import renderers
from engines import registry
from engines.base import rng
from tests.bot.discord_harness import png_size

GAME = "transport"


def answer(result):
    return result.followups[-1] if result.followups else result.response


async def test_a_moves_post_carries_one_summary_image_and_a_full_board_button(harness, monkeypatch):
    h = harness
    drawn: list[tuple[dict, list[str]]] = []
    real = renderers.render_summary

    def spy(game_id, view, events=(), lang="en"):
        drawn.append((view, list(events)))
        return real(game_id, view, events, lang)

    monkeypatch.setattr(renderers, "render_summary", spy)
    h.service.seed_source = lambda: 3
    await h.lobby(GAME, h.alice, h.bob)
    r = await h.alice.slash(h.channel, "game start")
    assert answer(r).content == "The game has started."
    engine = registry.get(GAME)
    board = await h.service.board(h.channel.id)
    seat = board.to_act[0]
    actor = next(m for m in (h.alice, h.bob) if str(m.id) == seat)
    game = await h.service.store.live_game(str(h.channel.id))
    state = await h.service.game_state(game)
    notation = engine.notation(state, engine.ai.choose(state, seat, rng(1, "summary-test", game.version)))
    posts = h.mark()
    r = await actor.slash(h.channel, "move", action=notation)
    assert answer(r).content == f"Played `{notation}`."
    new = h.messages_since(posts)
    assert len(new) == 1
    post = new[0]
    # exactly one image: the summary, 600 px wide (not the 1600 px board)
    assert [a.filename for a in post.attachments] == ["summary.png"]
    assert (await png_size(post.attachments[0]))[0] == 600
    # it was drawn with display names, in the view and in the move's sentences, never ids
    view, events = drawn[-1]
    assert actor.name in view["players"] and seat not in view["players"]
    assert events and all(seat not in e for e in events) and any(actor.name in e for e in events)
    labels = [c["label"] for row in post.components for c in row.to_dict()["components"]]
    assert labels == ["Play", "My hand", "Full board"]
    # "Full board": the full board, only to the clicker; the channel gets nothing new
    before = h.mark()
    r = await h.carol.click(post, label="Full board")
    assert answer(r).ephemeral
    assert [a.filename for a in answer(r).attachments] == ["board.png"]
    assert await png_size(answer(r).attachments[0]) == (1600, 1200)
    assert h.messages_since(before) == []
    # /game board posts the full board in the channel (with no "Full board" button)
    r = await h.carol.slash(h.channel, "game board")
    assert not answer(r).ephemeral and [a.filename for a in answer(r).attachments] == ["board.png"]
    assert [c["label"] for row in answer(r).components for c in row["components"]] == ["Play", "My hand"]
