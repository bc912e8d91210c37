"""bot/games.py: each built-in game's command group, and how an engine's refusal reads."""

import re

from bot.games import COMMAND_GROUPS, command_group, refusal
from engines import registry
from engines.base import IllegalAction, NotationError


def test_every_registered_game_has_its_own_valid_command_group():
    groups = [command_group(registry.get(gid)) for gid in registry.ids()]
    assert all(re.fullmatch(r"[a-z0-9_-]{1,32}", g) for g in groups), groups
    assert len(set(groups)) == len(groups)
    assert {"game", "move"}.isdisjoint(groups)  # the bot's own top-level commands
    assert COMMAND_GROUPS["factory-manager"] == "fm" and command_group("kanban-ev") == "kanban"
    assert command_group("no-such-game") == ""


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
