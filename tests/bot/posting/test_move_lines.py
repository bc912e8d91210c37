"""The short line a move posts under a live status message: events, who must act and a link
to the board, never how to play (said once when the game starts: 350 lines of one game
repeated "Type `/move` and pick from the list")."""

from __future__ import annotations

from types import SimpleNamespace

from bot.boardtext import move_lines


def _result(public: list[str], mention: list[str]) -> SimpleNamespace:
    return SimpleNamespace(public=public, status="active", mention=mention, deadline=None, ranking=None)


def test_a_move_line_names_who_acts_and_links_the_board_without_a_how_to():
    link = "https://discord.com/channels/1/2/3"
    r = _result(["<@11> puts the 2 on down1, midday."], ["11"])
    assert move_lines(r, {}, link) == [
        "<@11> puts the 2 on down1, midday.",
        "<@11>: your move on [the board](https://discord.com/channels/1/2/3).",
    ]
    assert move_lines(_result([], ["12"]), {}, None) == ["<@12>: your move."]


async def test_how_to_play_is_said_once_when_the_game_starts(harness):
    from bot.help import HOW_TO_PLAY
    from tests.bot.play.test_high_low_on_discord import member_of, to_act

    h = harness
    await h.lobby("high-low", h.alice, h.bob, options="rounds=2", posts=None)
    mark = h.mark()
    await h.alice.slash(h.channel, "game start")
    start = "\n".join(m.content for m in h.messages_since(mark))
    assert HOW_TO_PLAY in start and "press **Play**" in HOW_TO_PLAY
    while (await h.service.board(h.channel.id)).status == "active":
        for seat in await to_act(h):
            move = (await h.service.suggestions(h.channel.id, seat))[0][1]
            await member_of(h, seat).slash(h.channel, "move", action=move)
    public = "\n".join(m.content for m in h.messages_since(mark))
    assert public.count(HOW_TO_PLAY) == 1 and "Type `/move`" not in public
