"""SimCord: the images a table posts are drawn in the table's language, and switching it with
``/game settings language:`` changes the next posted image and nothing stored but the setting."""

from __future__ import annotations

import random

import renderers
from engines import registry
from tests.bot.play.test_high_low_on_discord import reply

GAME = "transport"


async def _play_one(h) -> object:
    """The seat to act plays the AI's move with ``/move``; returns the channel's new post."""

    engine = registry.get(GAME)
    seat = (await h.service.board(h.channel.id)).to_act[0]
    actor = next(m for m in (h.alice, h.bob) if str(m.id) == seat)
    game = await h.service.store.live_game(str(h.channel.id))
    state = await h.service.game_state(game)
    notation = engine.notation(state, engine.ai.choose(state, seat, random.Random(game.version)))
    mark = h.mark()
    await actor.slash(h.channel, "move", action=notation)
    (post,) = [m for m in h.messages_since(mark) if m.attachments]
    return post


async def test_switching_the_tables_language_redraws_the_next_image_in_it(harness, monkeypatch):
    h = harness
    drawn: list[tuple[str, list[str], tuple]] = []
    real = renderers.summary_layout

    def spy(game_id, view, events=(), lang="en"):
        lay = real(game_id, view, events, lang)
        drawn.append((lang, [t.text for t in lay.texts()], (game_id, view, list(events))))
        return lay

    monkeypatch.setattr(renderers, "summary_layout", spy)
    h.service.seed_source = lambda: 5
    await h.lobby(GAME, h.alice, h.bob)
    await h.alice.slash(h.channel, "game start")
    await _play_one(h)
    assert drawn[-1][0] == "en" and "Full board: /game board" in drawn[-1][1]

    before = await h.service.table_info(h.channel.id)
    state_before = await h.service.game_state(await h.service.store.live_game(str(h.channel.id)))
    r = await h.alice.slash(h.channel, "game settings", language="cs")
    assert reply(r) == ("Settings changed.", True)
    after = await h.service.table_info(h.channel.id)
    state_after = await h.service.game_state(await h.service.store.live_game(str(h.channel.id)))
    # only the language changed: same options, version, host, seats and game state
    assert (after.language, before.language) == ("cs", "en")
    assert (after.options, after.version, after.host, after.seats) == (
        before.options,
        before.version,
        before.host,
        before.seats,
    )
    assert state_after == state_before

    post = await _play_one(h)
    lang, texts, (game_id, view, events) = drawn[-1]
    # the catalog's Czech (bot/locale/cs/LC_MESSAGES/boardhost.po): "Last move", "Full board"
    assert lang == "cs" and "Poslední tah" in texts and "Celý herní plán: /hra plán" in texts
    assert "Full board: /game board" not in texts
    posted = await post.attachments[0].read()
    assert posted == renderers.render_summary(game_id, view, events, "cs")
    assert posted != renderers.render_summary(game_id, view, events, "en")
