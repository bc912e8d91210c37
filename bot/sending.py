"""Sending a result's messages: a channel post cut into Discord-sized messages, and each
player's DM of what changed for them (:class:`bot.poster.Poster` sends through these)."""

from __future__ import annotations

import io
import logging
from typing import Any

import discord

from bot import render
from bot.boardtext import game_title
from bot.format import (
    NO_PINGS,
    allowed_for,
    bound,
    hand_text,
    mention_seats,
    reader,
    rename_view,
    seat_label,
    seats_of,
    split_content,
    table_language,
)
from bot.i18n import T, Text
from bot.i18n import render as in_language
from bot.service import Board, Result
from bot.views import board_view
from engines import registry
from engines.i18n import Joined

log = logging.getLogger("boardhost.discord")


async def say(interaction: discord.Interaction, text: str | Text | Joined, **kwargs: Any) -> None:
    """One ephemeral answer (at most 2000 characters) in the member's language
    (:func:`reader`), whether or not the interaction was deferred; pings nobody."""

    text = bound(in_language(text, reader(interaction))) or ""
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True, allowed_mentions=NO_PINGS, **kwargs)
    else:
        await interaction.response.send_message(text, ephemeral=True, allowed_mentions=NO_PINGS, **kwargs)


async def send_chunks(
    channel: discord.abc.Messageable,
    lines: list[str],
    files: list[discord.File],
    result: Result | Board | None,
    mention: list[str],
) -> discord.Message | None:
    """Send ``lines`` to ``channel`` in messages of at most 2000 characters; only the last one
    carries the ``files``, pings ``mention`` and (on a live board) the board's buttons.
    Returns the last message sent."""

    chunks = split_content(lines) or [""]
    last: discord.Message | None = None
    for i, chunk in enumerate(chunks):
        final = i == len(chunks) - 1
        kwargs: dict[str, Any] = {"allowed_mentions": allowed_for(mention) if final else NO_PINGS}
        if final and files:
            kwargs["files"] = files
        if final and result is not None and result.status == "active" and files:
            kwargs["view"] = board_view(
                result.table,
                result.version,
                result.game_id,
                full_board=any(f.filename == "summary.png" for f in files),
                lang=getattr(result.info, "language", None) or "en",
            )
        last = await channel.send(chunk or None, **kwargs)
    return last


async def send_private(bot: Any, channel: discord.abc.Messageable, result: Result, turns: Any = None) -> None:
    """DM each player what changed for them; on Forbidden 50007 stop DMing them (stored)
    and tell the channel, revealing nothing. ``turns`` (a :class:`bot.turnposts.TurnPosts`):
    a player's own move edits their newest hand DM; without it every DM is a new one."""

    assert bot.service is not None
    if turns is not None:
        async with turns.dm_turn(result.game_pk):  # one result's DMs after the other's
            await _send_private(bot, channel, result, turns)
    else:
        await _send_private(bot, channel, result, None)


async def _send_private(bot: Any, channel: discord.abc.Messageable, result: Result, turns: Any) -> None:
    seats = seats_of(result.info)
    # a DM is sent outside any interaction, so it reads in the table's language
    lang = table_language(result.info)
    game = game_title(result.info) if result.info is not None else registry.get(result.game_id).title
    where = getattr(channel, "mention", None) or T("the game channel")
    for pm in result.private:
        if not pm.dm_ok or not pm.user.isdigit():
            continue
        head = in_language(T("**{game}** at {channel}:", game=game, channel=where), lang)
        events = [mention_seats(in_language(t, lang), seats) for t in pm.events]
        tail: list[str] = []
        files: list[discord.File] = []
        if pm.hand is not None and (pm.hand_changed or pm.events):
            # the table's language: outside an interaction a member's own locale is unknown
            png = await render.render_hand(
                result.game_id,
                rename_view(pm.hand, await bot.display_names(seats, drawn=True)),
                table_language(result.info),
            )
            if png is not None:
                files.append(discord.File(io.BytesIO(png), filename="hand.png"))
            tail.append(mention_seats(in_language(pm.text or hand_text(pm.hand), lang), seats))
        try:
            user = bot.get_user(int(pm.user)) or await bot.fetch_user(int(pm.user))
            if turns is not None:
                await turns.send_dm(user, result, head, events, tail, files)
                continue
            chunks = split_content([head, *events, *tail])
            for chunk in chunks[:-1]:
                await user.send(chunk, allowed_mentions=NO_PINGS)
            await user.send(chunks[-1], files=files, allowed_mentions=NO_PINGS)
        except discord.Forbidden as exc:
            if exc.code not in (50007, 50278):
                log.warning("table %s: DM to %s refused (%s)", result.table, pm.user, exc)
            await bot.service.set_dm_ok(result.table, pm.user, False)
            await channel.send(
                in_language(
                    T(
                        "Couldn't DM {player}: use `/game hand` to see your hand (the bot won't DM you again in this game).",
                        player=seat_label(pm.user),
                    ),
                    lang,
                ),
                allowed_mentions=allowed_for([pm.user]),
            )
        except discord.HTTPException:
            log.exception("table %s: DM to %s failed", result.table, pm.user)
