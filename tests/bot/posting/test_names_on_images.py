"""SimCord: the names drawn on board images. The bundled font (DejaVu) has no CJK glyphs
and few emoji, and renderers drop what it cannot draw: a display name made only of such
characters would be drawn empty, and two names differing only by an emoji drawn alike."""

from __future__ import annotations

import renderers

GAME = "transport"


async def test_image_names_the_font_cannot_draw_fall_back_to_the_username(harness, monkeypatch):
    h = harness
    drawn: list[dict] = []
    real = renderers.render_summary

    def spy(game_id, view, events=(), lang="en"):
        drawn.append(view)
        return real(game_id, view, events, lang)

    monkeypatch.setattr(renderers, "render_summary", spy)
    li = h.guild.add_member(h.env.create_user("lixiaolong", global_name="李小龍"))
    wang = h.guild.add_member(h.env.create_user("wangfang", global_name="王芳"))
    cat = h.guild.add_member(h.env.create_user("anna.k", global_name="🎲 Anna"))
    jiri = h.guild.add_member(h.env.create_user("jiri", global_name="Jiří"))
    await h.lobby(GAME, li, wang, cat, jiri)
    await li.slash(h.channel, "game start")
    players = drawn[-1]["players"]
    # 李小龍 and 王芳 have no glyph at all: their usernames instead (Discord usernames are
    # a-z, 0-9, "_" and "."); "🎲 Anna" keeps what the font draws; Jiří is drawn as he is
    for name in ("lixiaolong", "wangfang", "Anna", "Jiří"):
        assert name in players, (name, sorted(players))
    assert "" not in players and "李小龍" not in players


async def test_image_names_stay_distinct_after_undrawable_characters_are_dropped(harness):
    h = harness
    cat = h.guild.add_member(h.env.create_user("anna.k", global_name="🎲 Anna"))
    dog = h.guild.add_member(h.env.create_user("anna.b", global_name="🐶 Anna"))
    seats = [str(cat.id), str(dog.id)]
    # texts keep the display names as Discord shows them
    assert await h.bot.display_names(seats) == {seats[0]: "🎲 Anna", seats[1]: "🐶 Anna"}
    # images: both would be drawn "Anna"; each is told apart by its username
    assert await h.bot.display_names(seats, drawn=True) == {seats[0]: "Anna (anna.k)", seats[1]: "Anna (anna.b)"}
