"""Buttons on lobby and board messages, as ``discord.ui.DynamicItem``s.

Every button's ``custom_id`` carries what it needs (table id and the game's version, or the
lobby's game number), so the buttons keep working after a restart with no in-memory view:
the bot registers the item classes once (``add_dynamic_items``) and the callback reloads
everything from the database. A board button whose version is older than the game's is a
stale click: it is refused with the current board (see :meth:`GameCog.stale`).

custom_id formats (≤ 100 characters):

* ``bh:join:<table>:<game>`` / ``bh:start:<table>:<game>``: lobby of game number ``game``;
* ``bh:hand:<table>:v<version>`` / ``bh:moves:<table>:v<version>``: board at ``version``.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

if TYPE_CHECKING:  # pragma: no cover
    from bot.cogs.game import GameCog


def _cog(interaction: discord.Interaction) -> "GameCog":
    return interaction.client.get_cog("GameCog")  # type: ignore[return-value]


class JoinButton(discord.ui.DynamicItem[discord.ui.Button], template=r"bh:join:(?P<table>\d+):(?P<game>\d+)"):
    """"Join" on a lobby message."""

    def __init__(self, table: int, game: int):
        super().__init__(discord.ui.Button(
            label="Join", style=discord.ButtonStyle.success, custom_id=f"bh:join:{table}:{game}"))
        self.table, self.game = table, game

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str]):
        return cls(int(match["table"]), int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _cog(interaction).lobby_button(interaction, "join", self.table, self.game)


class StartButton(discord.ui.DynamicItem[discord.ui.Button], template=r"bh:start:(?P<table>\d+):(?P<game>\d+)"):
    """"Start" on a lobby message (host only)."""

    def __init__(self, table: int, game: int):
        super().__init__(discord.ui.Button(
            label="Start", style=discord.ButtonStyle.primary, custom_id=f"bh:start:{table}:{game}"))
        self.table, self.game = table, game

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str]):
        return cls(int(match["table"]), int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _cog(interaction).lobby_button(interaction, "start", self.table, self.game)


class HandButton(discord.ui.DynamicItem[discord.ui.Button], template=r"bh:hand:(?P<table>\d+):v(?P<version>\d+)"):
    """"My hand" on a board message: the caller's hand, ephemerally."""

    def __init__(self, table: int, version: int):
        super().__init__(discord.ui.Button(
            label="My hand", style=discord.ButtonStyle.secondary, custom_id=f"bh:hand:{table}:v{version}"))
        self.table, self.version = table, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str]):
        return cls(int(match["table"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _cog(interaction).board_button(interaction, "hand", self.table, self.version)


class MovesButton(discord.ui.DynamicItem[discord.ui.Button], template=r"bh:moves:(?P<table>\d+):v(?P<version>\d+)"):
    """"My moves" on a board message: the caller's legal moves, ephemerally."""

    def __init__(self, table: int, version: int):
        super().__init__(discord.ui.Button(
            label="My moves", style=discord.ButtonStyle.secondary, custom_id=f"bh:moves:{table}:v{version}"))
        self.table, self.version = table, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str]):
        return cls(int(match["table"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        await _cog(interaction).board_button(interaction, "moves", self.table, self.version)


class PickSelect(discord.ui.DynamicItem[discord.ui.Select], template=r"bh:pick:(?P<table>\d+):v(?P<version>\d+)"):
    """"Pick a move" under the "My moves" answer: plays the chosen move, but only if the game
    is still at the version the list was made for (else: refused with the current board)."""

    def __init__(self, table: int, version: int, moves: list[tuple[str, str]] | None = None):
        options = [
            discord.SelectOption(label=(text or notation)[:100], value=notation[:100], description=notation[:100])
            for notation, text in (moves or [])[:25]
        ] or [discord.SelectOption(label="…", value="-")]
        super().__init__(discord.ui.Select(
            custom_id=f"bh:pick:{table}:v{version}", placeholder="Pick a move to play it", options=options))
        self.table, self.version = table, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str]):
        return cls(int(match["table"]), int(match["version"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        values = self.item.values
        await _cog(interaction).pick(interaction, self.table, self.version, values[0] if values else "")


DYNAMIC_ITEMS = (JoinButton, StartButton, HandButton, MovesButton, PickSelect)


def pick_view(table: int | str, version: int, moves: list[tuple[str, str]]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(PickSelect(int(table), int(version), moves))
    return view


def lobby_view(table: int | str, game: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(JoinButton(int(table), int(game)))
    view.add_item(StartButton(int(table), int(game)))
    return view


def board_view(table: int | str, version: int, game_id: str) -> discord.ui.View:
    """The board message's buttons: "My hand" and "My moves" (DESIGN.md: every board carries
    both; in a game without hands "My hand" says so)."""

    view = discord.ui.View(timeout=None)
    view.add_item(HandButton(int(table), int(version)))
    view.add_item(MovesButton(int(table), int(version)))
    return view
