"""The one ``/game`` command group, shared by the cogs that each hold some of its subcommands.

discord.py builds a ``GroupCog``'s group from that one class, so ``/game`` split by theme
(:mod:`bot.cogs.lobby`, :mod:`bot.cogs.table`, :mod:`bot.cogs.days`, :mod:`bot.cogs.votes`)
uses plain cogs instead: each is a :class:`GameSection`, whose app commands (still written as
``@app_commands.command`` methods, bound to that cog) join the bot's ``/game`` group when the
cog is made and leave it when the cog is unloaded. The group itself (name, description,
guild-only) is defined here once, one per bot (the group in the bot's command tree), so two
bots in one process never share a command bound to the other's cog.

Discord lists the subcommands in the order of the uploaded payload: :data:`ORDER` keeps the
order they had when they were one cog (a subcommand it does not name comes after those, in
the order the cogs were loaded).
"""

from __future__ import annotations

from discord import app_commands
from discord.ext import commands

from bot.cogs.base import TableCog

GROUP_NAME = "game"
GROUP_DESCRIPTION = "Board games at this channel's table."

#: the subcommands of ``/game`` in the order Discord is given them
ORDER = (
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
)


def game_group(bot: commands.Bot) -> app_commands.Group:
    """The ``/game`` group of ``bot``'s command tree (made and added to the tree the first
    time a section asks; guild-only, like every table command)."""

    found = bot.tree.get_command(GROUP_NAME)
    if isinstance(found, app_commands.Group):
        return found
    group = app_commands.guild_only(app_commands.Group(name=GROUP_NAME, description=GROUP_DESCRIPTION))
    bot.tree.add_command(group)
    return group


def _in_order(group: app_commands.Group) -> None:
    """Re-add ``group``'s subcommands in :data:`ORDER` (unnamed ones last, keeping their order)."""

    rank = {name: i for i, name in enumerate(ORDER)}
    children = list(group.commands)
    ordered = sorted(children, key=lambda c: rank.get(c.name, len(ORDER)))
    if ordered == children:
        return
    for command in children:
        group.remove_command(command.name)
    for command in ordered:
        group.add_command(command)


class GameSection(TableCog, commands.Cog):
    """A cog holding some of the ``/game`` subcommands (see the module docstring). Add it
    with :func:`add_section`: every section hands discord.py the same group."""

    def __init__(self, bot: commands.Bot):
        self.bot = bot
        group = game_group(bot)
        for command in self.__cog_app_commands__:  # discord.py's copies, bound to this cog
            group.add_command(command, override=True)  # override: a reloaded section replaces its old self
        _in_order(group)
        # the cog's commands live in this group: discord.py adds the group, not each command, to the tree
        self.__cog_app_commands_group__ = group

    async def cog_unload(self) -> None:
        group = self.__cog_app_commands_group__
        if group is None:
            return
        for command in self.__cog_app_commands__:
            if group.get_command(command.name) is command:
                group.remove_command(command.name)


async def add_section(bot: commands.Bot, section: GameSection) -> None:
    """Add one section cog. ``override=True`` because its group is already in the tree (the
    same object every section hands over), which discord.py would otherwise refuse."""

    await bot.add_cog(section, override=True)


__all__ = ["GROUP_DESCRIPTION", "GROUP_NAME", "ORDER", "GameSection", "add_section", "game_group"]
