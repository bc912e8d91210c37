"""Buttons on lobby and board messages, as ``discord.ui.DynamicItem``s.

Every button's ``custom_id`` carries what it needs (table id and the game's version, or the
lobby's game number), so the buttons keep working after a restart with no in-memory view:
the bot registers the item classes once (``add_dynamic_items``) and the callback reloads
everything from the database. A board button whose version is older than the game's is a
stale click: it is refused with the current board.

The items know no cog: a click is handed by name (``interaction.client.get_cog``) to the cog
registered under :data:`LOBBY_COG` (Join, Start), :data:`TABLE_COG` (the board's buttons and
the history's Prev/Next), :data:`PRESS_COG` (Play and the move builder) or :data:`PLAY_COG`
(the pick menu), failures go to the bot's
``explain_failure`` (as command errors go to the tree's ``on_error``), and a successful
click "touches" the table (a post it owes is made now).

custom_id formats (≤ 100 characters):

* ``bh:join:<table>:<game>`` / ``bh:start:<table>:<game>``: lobby of game number ``game``;
* ``bh:play:<table>:v<version>`` / ``bh:hand:<table>:v<version>`` /
  ``bh:moves:<table>:v<version>`` / ``bh:board:<table>:v<version>``: board at ``version``
  (Play and the older My moves open the move builder, :mod:`bot.pressing`, whose steps'
  ids are described there);
* ``bh:hist:<table>:<game>:<player>:p<page>``: a page of ``/game history``.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.i18n import DEFAULT, T, Text, Tp
from bot.labels import shorten

#: the names of the cogs (``bot.cogs.lobby``, ``.table``, ``.days``, ``.votes``, ``.play``): the
#: items hand their clicks to them by name, so this module imports no cog
LOBBY_COG, TABLE_COG, DAYS_COG, VOTES_COG, PLAY_COG = "GameLobby", "GameTable", "GameDays", "GameVotes", "PlayCog"
#: the cog of the move builder (``bot.cogs.pressing``): Play and the builder's presses
PRESS_COG = "Pressing"


class _Handled:
    """A component whose :meth:`handle` runs with the bot's error handling and touch."""

    async def handle(self, interaction: discord.Interaction) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    async def callback(self, interaction: discord.Interaction) -> None:
        client: Any = interaction.client
        client.remember(interaction.user)
        try:
            await self.handle(interaction)
        except Exception as exc:
            await client.explain_failure(interaction, exc)
            return
        if not interaction.extras.get("post_failed"):
            await client.poster.touch(interaction.channel_id)


def _cog(interaction: discord.Interaction, name: str) -> Any:
    return interaction.client.get_cog(name)  # type: ignore[attr-defined]


class _NumberedButton(_Handled):
    """What the four buttons share: a ``custom_id`` ``bh:<KIND>:<table>:<PREFIX><number>``
    (the template names the groups ``table`` and ``number``), parsed back after a restart.
    ``number`` is the lobby's game number or the board's version."""

    KIND = PREFIX = ""
    #: the button's label (rendered in the language of whoever sees the message)
    LABEL: Text
    STYLE = discord.ButtonStyle.secondary

    def __init__(self, table: int, number: int, lang: str = DEFAULT):
        super().__init__(
            discord.ui.Button(  # type: ignore[call-arg]
                label=self.LABEL.render(lang),
                style=self.STYLE,
                custom_id=f"bh:{self.KIND}:{table}:{self.PREFIX}{number}",
            )
        )
        self.table, self.number = table, number

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str]):
        return cls(int(match["table"]), int(match["number"]))


class JoinButton(
    _NumberedButton, discord.ui.DynamicItem[discord.ui.Button], template=r"bh:join:(?P<table>\d+):(?P<number>\d+)"
):
    """ "Join" on a lobby message."""

    KIND, LABEL, STYLE = "join", Tp("button", "Join"), discord.ButtonStyle.success

    async def handle(self, interaction: discord.Interaction) -> None:
        await _cog(interaction, LOBBY_COG).lobby_button(interaction, "join", self.table, self.number)


class StartButton(
    _NumberedButton, discord.ui.DynamicItem[discord.ui.Button], template=r"bh:start:(?P<table>\d+):(?P<number>\d+)"
):
    """ "Start" on a lobby message (host only)."""

    KIND, LABEL, STYLE = "start", Tp("button", "Start"), discord.ButtonStyle.primary

    async def handle(self, interaction: discord.Interaction) -> None:
        await _cog(interaction, LOBBY_COG).lobby_button(interaction, "start", self.table, self.number)


class HandButton(
    _NumberedButton, discord.ui.DynamicItem[discord.ui.Button], template=r"bh:hand:(?P<table>\d+):v(?P<number>\d+)"
):
    """ "My hand" on a board message: the caller's hand, ephemerally."""

    KIND, LABEL, PREFIX = "hand", Tp("button", "My hand"), "v"

    async def handle(self, interaction: discord.Interaction) -> None:
        await _cog(interaction, TABLE_COG).board_button(interaction, "hand", self.table, self.number)


class PlayButton(
    _NumberedButton, discord.ui.DynamicItem[discord.ui.Button], template=r"bh:play:(?P<table>\d+):v(?P<number>\d+)"
):
    """ "Play" on a board message and on the line asking players to act: opens the move
    builder (:mod:`bot.pressing`) for the clicker, ephemerally, at the CURRENT board (Play
    only opens it; every later press is checked against the board it was made on)."""

    KIND, LABEL, PREFIX, STYLE = "play", Tp("button", "Play"), "v", discord.ButtonStyle.primary

    async def handle(self, interaction: discord.Interaction) -> None:
        await _cog(interaction, PRESS_COG).open(interaction, self.table)


class MovesButton(
    _NumberedButton, discord.ui.DynamicItem[discord.ui.Button], template=r"bh:moves:(?P<table>\d+):v(?P<number>\d+)"
):
    """ "My moves" on a board message posted before the Play button: opens the move builder,
    as Play does."""

    KIND, LABEL, PREFIX = "moves", Tp("button", "My moves"), "v"

    async def handle(self, interaction: discord.Interaction) -> None:
        await _cog(interaction, PRESS_COG).open(interaction, self.table)


class BoardButton(
    _NumberedButton, discord.ui.DynamicItem[discord.ui.Button], template=r"bh:board:(?P<table>\d+):v(?P<number>\d+)"
):
    """ "Full board" on a move's post (which carries the phone summary): the current full
    board image, ephemerally (only to the clicker; the channel is not flooded)."""

    KIND, LABEL, PREFIX = "board", Tp("button", "Full board"), "v"

    async def handle(self, interaction: discord.Interaction) -> None:
        await _cog(interaction, TABLE_COG).board_button(interaction, "board", self.table, self.number)


class PickSelect(
    _Handled, discord.ui.DynamicItem[discord.ui.Select], template=r"bh:pick:(?P<table>\d+):v(?P<version>\d+)"
):
    """ "Pick a move" under the "My moves" answer: plays the chosen move, but only if the game
    is still at the version the list was made for (else: refused with the current board)."""

    def __init__(self, table: int, version: int, moves: list[tuple[str, str]] | None = None, lang: str = DEFAULT):
        # ``moves``: (notation, the move's sentence already in the reader's language)
        options = [
            discord.SelectOption(label=shorten(text or notation, 100), value=notation[:100], description=notation[:100])
            for notation, text in (moves or [])[:25]
        ] or [discord.SelectOption(label="…", value="-")]
        super().__init__(
            discord.ui.Select(
                custom_id=f"bh:pick:{table}:v{version}", placeholder=PICK_A_MOVE.render(lang), options=options
            )
        )
        self.table, self.version = table, version

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str]):
        return cls(int(match["table"]), int(match["version"]))

    async def handle(self, interaction: discord.Interaction) -> None:
        values = self.item.values
        await _cog(interaction, PLAY_COG).pick(interaction, self.table, self.version, values[0] if values else "")


class HistoryButton(
    _Handled,
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"bh:hist:(?P<table>\d+):(?P<game>\d+):(?P<player>\d+):p(?P<page>\d+)",
):
    """ "Prev" / "Next" under a ``/game history`` page: shows page ``page`` (0: the oldest) of
    game number ``game`` at ``table``, only ``player``'s moves (0: everyone's), for the clicker."""

    def __init__(self, table: int, game: int, player: int, page: int, label: str = "Prev", disabled: bool = False):
        super().__init__(
            discord.ui.Button(  # type: ignore[call-arg]
                label=label,
                style=discord.ButtonStyle.secondary,
                disabled=disabled,
                custom_id=f"bh:hist:{table}:{game}:{player}:p{page}",
            )
        )
        self.table, self.game, self.player, self.page = table, game, player, page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str]):
        return cls(int(match["table"]), int(match["game"]), int(match["player"]), int(match["page"]))

    async def handle(self, interaction: discord.Interaction) -> None:
        await _cog(interaction, TABLE_COG).history_page(
            interaction, self.table, self.game, self.player or None, self.page
        )


DYNAMIC_ITEMS = (JoinButton, StartButton, HandButton, PlayButton, MovesButton, BoardButton, PickSelect, HistoryButton)


def history_view(table: int | str, game: int, page: int, pages: int, player: int = 0) -> discord.ui.View | None:
    """Prev/Next under page ``page`` of ``pages`` of ``/game history`` (None: one page only;
    with two or more pages the two buttons' custom ids always differ)."""

    if pages <= 1:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(HistoryButton(int(table), game, player, max(page - 1, 0), "Prev", disabled=page == 0))
    view.add_item(HistoryButton(int(table), game, player, min(page + 1, pages - 1), "Next", disabled=page == pages - 1))
    return view


def pick_view(table: int | str, version: int, moves: list[tuple[str, str]], lang: str = DEFAULT) -> discord.ui.View:
    """The "Pick a move" menu under "My moves": ``moves`` as ``(notation, sentence)``, the
    sentences already in the reader's language ``lang`` (the menu's placeholder too)."""

    view = discord.ui.View(timeout=None)
    view.add_item(PickSelect(int(table), int(version), moves, lang))
    return view


#: the placeholder of the "Pick a move" menu
PICK_A_MOVE = T("Pick a move to play it")


def lobby_view(table: int | str, game: int, lang: str = DEFAULT) -> discord.ui.View:
    """Join and Start, labelled in the table's language ``lang``."""

    view = discord.ui.View(timeout=None)
    view.add_item(JoinButton(int(table), int(game), lang))
    view.add_item(StartButton(int(table), int(game), lang))
    return view


def play_view(table: int | str, version: int, lang: str = DEFAULT) -> discord.ui.View:
    """The Play button alone, labelled in the table's language: under the line asking players to act."""

    view = discord.ui.View(timeout=None)
    view.add_item(PlayButton(int(table), int(version), lang))
    return view


def board_view(
    table: int | str, version: int, game_id: str, full_board: bool = False, lang: str = DEFAULT
) -> discord.ui.View:
    """The board message's buttons, labelled in ``lang`` (the table's language on a post,
    the reader's on an ephemeral answer): "Play" (opens the move builder) and "My hand" (every
    board carries both; in a game without hands "My hand" says so), and with ``full_board``
    (a move's post, which shows the phone summary) "Full board"."""

    view = discord.ui.View(timeout=None)
    view.add_item(PlayButton(int(table), int(version), lang))
    view.add_item(HandButton(int(table), int(version), lang))
    if full_board:
        view.add_item(BoardButton(int(table), int(version), lang))
    return view
