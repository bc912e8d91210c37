"""``/game`` is one command group whose subcommands live in four cogs by theme (lobby, table
views, play over days, votes): Discord is given the same group as when they were one cog, each
subcommand runs on its theme's cog, and reloading one theme's extension keeps the group whole."""

from __future__ import annotations

import json

from bot.views import DAYS_COG, LOBBY_COG, TABLE_COG, VOTES_COG

#: the subcommands in the order Discord was given them when ``/game`` was one cog (and
#: ``removebot``, added since, beside ``addbot``)
BEFORE_THE_SPLIT = [
    "settings",
    "notify",
    "substitute",
    "vacation",
    "undo",
    "new",
    "join",
    "leave",
    "start",
    "board",
    "hand",
    "moves",
    "rules",
    "resign",
    "cancel",
    "addbot",
    "removebot",
    "list",
    "mine",
    "history",
    "export",
    "posts",
    "help",
]

THEMES = {
    LOBBY_COG: {"new", "join", "leave", "addbot", "removebot", "start", "resign", "cancel"},
    TABLE_COG: {"board", "hand", "moves", "rules", "help", "list", "mine", "history", "export"},
    DAYS_COG: {"settings", "notify", "vacation", "posts"},
    VOTES_COG: {"undo", "substitute"},
}


def uploaded_game(h) -> dict:
    """The ``/game`` entry of the bot's last command upload to (Sim)Discord."""

    (put,) = [r for r in h.env.http_requests if r.method == "PUT" and r.path.endswith("/commands")][-1:]
    return next(c for c in put.json if c["name"] == "game")


async def test_game_is_one_guild_only_group_with_each_subcommand_on_its_themes_cog(harness):
    h = harness
    game = h.bot.tree.get_command("game")
    assert [c.name for c in game.commands] == BEFORE_THE_SPLIT
    owners: dict[str, set[str]] = {}
    for command in game.commands:
        owners.setdefault(command.binding.qualified_name, set()).add(command.name)
        assert command.binding is h.bot.get_cog(command.binding.qualified_name)  # the loaded cog itself
    assert owners == THEMES
    upload = uploaded_game(h)
    assert [o["name"] for o in upload["options"]] == BEFORE_THE_SPLIT
    assert upload["description"] == "Board games at this channel's table."
    assert upload["contexts"] == [0]  # guild only, as before
    assert upload["dm_permission"] is False
    # one command of each theme answers through the shared group
    assert "Games:" in (await h.alice.slash(h.channel, "game rules")).response.content
    r = await h.alice.slash(h.channel, "game new", game="high-low")
    assert "High-Low" in r.response.content and not r.response.ephemeral
    r = await h.alice.slash(h.channel, "game settings")
    assert "settings:" in r.response.content
    r = await h.alice.slash(h.channel, "game undo")
    assert r.response.ephemeral
    assert r.response.content == "The game has not started yet; the host can start it with /game start."


async def test_reloading_one_themes_extension_keeps_the_group_whole_and_bound_to_the_new_cog(harness):
    h = harness
    tree = h.bot.tree
    before = json.dumps(tree.get_command("game").to_dict(tree), sort_keys=True)
    old = h.bot.get_cog(TABLE_COG)
    await h.bot.reload_extension("bot.cogs.table")
    new = h.bot.get_cog(TABLE_COG)
    assert new is not old
    game = tree.get_command("game")
    assert json.dumps(game.to_dict(tree), sort_keys=True) == before
    assert {c.name for c in game.commands if c.binding is new} == THEMES[TABLE_COG]
    assert not [c for c in game.commands if c.binding is old]
    assert "Games:" in (await h.alice.slash(h.channel, "game rules")).response.content
