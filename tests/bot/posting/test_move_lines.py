"""The short line a move posts under a live status message: the how-to ("Type `/move` …")
goes only with a post that asks someone anew, not on every step of a player who goes on
acting (Visiting Kaunas: one turn of 11 steps posted the same hint 11 times)."""

from __future__ import annotations

from types import SimpleNamespace

from bot.format import move_lines


def _result(public: list[str], mention: list[str]) -> SimpleNamespace:
    return SimpleNamespace(public=public, status="active", mention=mention, deadline=None, ranking=None)


def test_the_how_to_goes_only_with_a_post_that_asks_someone_anew():
    link = "https://discord.com/channels/1/2/3"
    r = _result(["<@11> puts the 2 on down1, midday."], ["11"])
    # the same player acts again (nobody pinged): named, linked, no how-to
    assert move_lines(r, {}, link, hint=False) == [
        "<@11> puts the 2 on down1, midday.",
        "<@11>: your move on [the board](https://discord.com/channels/1/2/3).",
    ]
    # the turn passes (the next player is pinged): the how-to follows
    assert move_lines(_result([], ["12"]), {}, None, hint=True) == [
        "<@12>: your move. Press **Play** to build your move step by step (or type `/move`).",
    ]
