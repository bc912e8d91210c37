"""The move builder on Discord: the ephemeral message that narrows a player's legal moves one
press at a time (the tree is :class:`bot.builder.Builder`'s, built over the engine contract:
nothing here knows a game).

The board's **Play** button (:class:`bot.views.PlayButton`) opens it: one step at a time, as
buttons (at most :data:`MAX_BUTTONS` options, each option's detail listed in the text) or as
one select menu (at most 25 options, label and detail each), with **Back** and **Cancel**.
Every press edits the message in place; the last press plays the move through the same
service call as ``/move`` (so the move is committed before anything is posted, with the
same refusals).

Every item is a ``discord.ui.DynamicItem`` whose ``custom_id`` carries all it needs, so a
builder left open keeps working after a restart (the tree of a board version never
changes):

* ``bh:st:<table>:v<version>:<mark>:<path>``: go to the step at ``path`` (option indices from
  the first step, :func:`bot.builder.encode_path`), or play the move when its last option is
  one; Back carries the path one shorter, Play-again the empty path;
* ``bh:sm:<table>:v<version>:<mark>:<path>``: the select menu of the step at ``path``; the
  chosen option's index is its value;
* ``bh:cancel:<table>``: close the builder, nothing played.

``mark`` is the tree's :meth:`bot.builder.Builder.fingerprint`: a press made at an older board
version is refused with the current board, unless the player's own moves did not change
meanwhile (another player's move in a simultaneous step), when the path still names the same
move. The handling lives in :mod:`bot.cogs.pressing` (the cog :data:`bot.views.PRESS_COG`).
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.builder import Step, decode_path, encode_path
from bot.i18n import DEFAULT, T, Text, Tp
from bot.i18n import render as in_language
from bot.views import PRESS_COG, _cog, _Handled

__all__ = [
    "MAX_BUTTONS",
    "StepButton",
    "StepSelect",
    "CancelButton",
    "PRESSING_ITEMS",
    "step_message",
    "restart_view",
]

#: a step with at most this many options shows them as buttons (one row), else as a menu
MAX_BUTTONS = 5
#: what the text says of a green button (it plays the move at once)
PLAYS_AT_ONCE = T("A green button plays that move at once.")
#: the mark after the label of an option that opens another step
NEXT = "›"
#: Discord's limit on a button's or a select option's label
LABEL_LIMIT = 80


class StepButton(
    _Handled,
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"bh:st:(?P<table>\d+):v(?P<version>\d+):(?P<mark>[0-9a-f]{8}):(?P<path>[0-9a-z]{0,8})",
):
    """One option of a step (or Back, or Play again): goes to the step at ``path``, or plays
    the move when the path's last option is one."""

    def __init__(
        self,
        table: int,
        version: int,
        mark: str,
        path: tuple[int, ...],
        label: str = "…",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        disabled: bool = False,
        row: int | None = None,
    ):
        super().__init__(
            discord.ui.Button(  # type: ignore[call-arg]
                label=label,
                style=style,
                disabled=disabled,
                row=row,
                custom_id=f"bh:st:{table}:v{version}:{mark}:{encode_path(path)}",
            )
        )
        self.table, self.version, self.mark, self.path = table, version, mark, path

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str]):
        return cls(int(match["table"]), int(match["version"]), match["mark"], decode_path(match["path"]))

    async def handle(self, interaction: discord.Interaction) -> None:
        await _cog(interaction, PRESS_COG).press(interaction, self.table, self.version, self.mark, self.path)


class StepSelect(
    _Handled,
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"bh:sm:(?P<table>\d+):v(?P<version>\d+):(?P<mark>[0-9a-f]{8}):(?P<path>[0-9a-z]{0,8})",
):
    """The select menu of the step at ``path``: choosing option ``i`` presses ``path + (i,)``."""

    def __init__(
        self,
        table: int,
        version: int,
        mark: str,
        path: tuple[int, ...],
        options: list[discord.SelectOption] | None = None,
        lang: str = DEFAULT,
    ):
        super().__init__(
            discord.ui.Select(
                custom_id=f"bh:sm:{table}:v{version}:{mark}:{encode_path(path)}",
                placeholder=Tp("menu", "Choose…").render(lang),
                options=options or [discord.SelectOption(label="…", value="0")],
                row=0,
            )
        )
        self.table, self.version, self.mark, self.path = table, version, mark, path

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str]):
        return cls(int(match["table"]), int(match["version"]), match["mark"], decode_path(match["path"]))

    async def handle(self, interaction: discord.Interaction) -> None:
        values = self.item.values
        chosen = decode_path(values[0]) if values else ()
        await _cog(interaction, PRESS_COG).press(interaction, self.table, self.version, self.mark, self.path + chosen)


class CancelButton(_Handled, discord.ui.DynamicItem[discord.ui.Button], template=r"bh:cancel:(?P<table>\d+)"):
    """ "Cancel": closes the builder; nothing is played."""

    def __init__(self, table: int, row: int | None = None, lang: str = DEFAULT):
        super().__init__(
            discord.ui.Button(  # type: ignore[call-arg]
                label=Tp("button", "Cancel").render(lang),
                style=discord.ButtonStyle.danger,
                custom_id=f"bh:cancel:{table}",
                row=row,
            )
        )
        self.table = table

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str]):
        return cls(int(match["table"]))

    async def handle(self, interaction: discord.Interaction) -> None:
        await _cog(interaction, PRESS_COG).cancel(interaction, self.table)


PRESSING_ITEMS = (StepButton, StepSelect, CancelButton)


def step_message(
    table: int, version: int, mark: str, step: Step, title: Any, lead: str | Text = "", lang: str = DEFAULT
) -> tuple[str, discord.ui.View]:
    """``(content, view)`` of the builder showing ``step``: the game and move, what is chosen
    so far, the step's question (the engine's own words); at most :data:`MAX_BUTTONS` options
    as buttons (their details listed in the text; a green one plays the move), else one select
    menu (label and detail per option); then Back (disabled on the first step) and Cancel.
    ``lead``: a first line (what the last press played). The builder's own words are in the
    member's language ``lang``; the step's question and options are the engine's (English)."""

    lines = [in_language(lead, lang)] if lead else []
    lines.append(in_language(T("**{game}**, move {move}: build your move.", game=title, move=version), lang))
    if step.chosen:
        lines.append(in_language(T("So far: {chosen}", chosen=" › ".join(step.chosen)), lang))
    lines.append(f"**{step.question}**")
    view = discord.ui.View(timeout=None)
    options = step.options
    if len(options) <= MAX_BUTTONS:
        for i, o in enumerate(options):
            style = discord.ButtonStyle.success if o.action is not None else discord.ButtonStyle.primary
            view.add_item(StepButton(table, version, mark, step.path + (i,), _marked(o), style, row=0))
            if o.detail and o.detail.lower().rstrip(".") not in o.label.lower():
                # a label that is a sentence ("Put the new parcel on … at 0,0.") loses its
                # full stop before the colon
                label = o.label[:-1] if o.label.endswith(".") and not o.label.endswith("..") else o.label
                lines.append(f"• {label}: {o.detail}")
        if any(o.action is not None for o in options):
            lines.append(PLAYS_AT_ONCE.render(lang))
    else:
        select = [
            discord.SelectOption(label=_marked(o), value=encode_path((i,)), description=o.detail or None)
            for i, o in enumerate(options)
        ]
        view.add_item(StepSelect(table, version, mark, step.path, select, lang))
        if all(o.action is not None for o in options):
            lines.append(T("Choosing one plays that move at once.").render(lang))
        elif any(o.action is not None for o in options):
            lines.append(
                T("A choice marked {mark} opens another step; the others play their move at once.", mark=NEXT).render(
                    lang
                )
            )
    back = Tp("button", "Back").render(lang)
    view.add_item(StepButton(table, version, mark, step.path[:-1], back, disabled=not step.path, row=1))
    view.add_item(CancelButton(table, row=1, lang=lang))
    return "\n".join(lines), view


def _marked(option: Any) -> str:
    """The option's label, with :data:`NEXT` after it when it opens another step (and fits)."""

    if option.action is None and len(option.label) + 2 <= LABEL_LIMIT:
        return f"{option.label} {NEXT}"
    return option.label


def restart_view(table: int, version: int, mark: str, lang: str = DEFAULT) -> discord.ui.View:
    """A "Play" button that opens the builder at its first step in the same message (under a
    refusal: the board changed, or after a move when the player acts again)."""

    view = discord.ui.View(timeout=None)
    view.add_item(StepButton(table, version, mark, (), Tp("button", "Play").render(lang), discord.ButtonStyle.primary))
    view.add_item(CancelButton(table, lang=lang))
    return view
