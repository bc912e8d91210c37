"""bot/games.py: how an engine's refusal reads."""

from bot.games import refusal
from engines.base import IllegalAction, NotationError


def test_refusal_adds_the_moves_hint_only_when_the_reason_gives_no_way_on():
    assert refusal(IllegalAction("You have only 2 available workers.")) == "You have only 2 available workers."
    assert refusal(IllegalAction("That move is not allowed now.", show_moves=True)) == (
        "That move is not allowed now; `/game moves` lists yours."
    )
    # text that names no move always points at the list
    assert refusal(NotationError("`fly` is not a move in this game.")) == (
        "`fly` is not a move in this game; `/game moves` lists yours."
    )
    assert isinstance(NotationError("x"), IllegalAction)
