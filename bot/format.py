"""Pure text helpers of the Discord layer: how seats, rankings, lobbies and boards are written.

Nothing here holds state or sends anything; the cogs (``bot/cogs``) and the poster
(:mod:`bot.poster`) both use these, so neither imports the other.

* a seat id (a Discord user id) is written ``<@id>`` in channel texts (Discord shows the
  member's name; ``allowed_mentions`` decides who is pinged) and as a display name in images;
* every text the bot sends is at most :data:`MAX_CONTENT` (2000) characters
  (:func:`bound`, :func:`split_content`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

import discord

from bot.games import TITLES, title
from bot.i18n import DEFAULT, T, Text, Tn, Tp, pick
from bot.i18n import render as in_language
from bot.service import TableInfo, TableSummary
from bot.timers import STRENGTH_NAMES, discord_time
from engines.i18n import Code

#: Discord's message length limit (characters)
MAX_CONTENT = 2000
_SNOWFLAKE = re.compile(r"(?<![\d@])(\d{15,21})(?!\d)")
#: a Discord user id (seat) inside a service sentence
USER_ID = re.compile(r"(?<![\d@])\d{15,21}(?!\d)")

#: the answer to an unexpected failure when nothing was saved
SORRY = T(
    "Sorry, something went wrong on our side and it has been logged; it may have happened after your"
    " move was saved, so look at `/game board` before you send it again."
)

#: the answer when the database could not grow (disk full): nothing of the command was saved
OUT_OF_SPACE = T(
    "The bot's server is out of disk space, so nothing was saved and nothing was played;"
    " try again once its admin has freed some space."
)

#: the answer when a write is refused by a file-size limit or disk quota (not a full disk)
OVER_LIMIT = T(
    "The bot's database reached a size limit set on its server (a file-size limit or disk quota), so nothing"
    " was saved and nothing was played; try again once its admin has raised the limit."
)

#: the answer when the database did not answer in time (a row locked elsewhere, no free connection)
DB_TIMEOUT = T(
    "The database took too long to answer, so nothing was saved and nothing was played; try again in a moment."
)

#: the answer to a slash command this version of the bot no longer has, or has with other
#: options (Discord's copy of the command list was older): nothing ran
COMMAND_CHANGED = T(
    "This command changed with an update of the bot, so nothing was played;"
    " reload Discord (Ctrl+R, or close and reopen the app) to get the new commands."
)

#: the answer to a button or menu of an older version of the bot that no handler knows
BUTTON_CHANGED = T(
    "This button changed with an update of the bot, so nothing was played;"
    " reload Discord (Ctrl+R, or close and reopen the app) and use the newest post's buttons or `/game board`."
)

NO_PINGS = discord.AllowedMentions.none()

#: the Discord permissions the bot needs in a game's channel (attribute, name shown)
POST_PERMISSIONS = (
    ("view_channel", "View Channel"),
    ("send_messages", "Send Messages"),
    ("attach_files", "Attach Files"),
)
#: each permission's name as Discord shows it in the reader's language
PERMISSION_NAMES: dict[str, Text] = {
    "View Channel": Tp("permission", "View Channel"),
    "Send Messages": Tp("permission", "Send Messages"),
    "Attach Files": Tp("permission", "Attach Files"),
    "Send Messages in Threads": Tp("permission", "Send Messages in Threads"),
    "Create Public Threads": Tp("permission", "Create Public Threads"),
}


def permission_names(names: Iterable[str]) -> list[Text | str]:
    """``names`` (English, as :func:`missing_permissions` gives them) to render in a language."""

    return [PERMISSION_NAMES.get(n, n) for n in names]


def listed(names: list) -> Text | str:
    """``names`` (e.g. :func:`permission_names`) as one phrase in the reader's language:
    "View Channel and Attach Files", "A, B and C"; one name as it is, none as ""."""

    if len(names) > 1:
        return T("{names} and {last}", names=names[:-1], last=names[-1])
    return names[0] if names else ""


def missing_permissions(perms: discord.Permissions, in_thread: bool = False) -> list[str]:
    """The names of the permissions of :data:`POST_PERMISSIONS` (and Send Messages in Threads
    inside a thread) that ``perms`` lacks, in that order."""

    needed = list(POST_PERMISSIONS)
    if in_thread:
        needed.append(("send_messages_in_threads", "Send Messages in Threads"))
    return [name for attr, name in needed if not getattr(perms, attr)]


def missing_in(channel: Any) -> list[str]:
    """:func:`missing_permissions` of the bot in ``channel`` as the bot knows them now; empty
    when it cannot tell (no server, e.g. a DM, or the bot's member not known)."""

    me = getattr(getattr(channel, "guild", None), "me", None)
    if me is None:
        return []
    return missing_permissions(channel.permissions_for(me), in_thread=isinstance(channel, discord.Thread))


# ----- languages -------------------------------------------------------------------------
def table_language(info: Any) -> str:
    """The language of what everyone at a table sees (``info``: its
    :class:`bot.service.TableInfo`, or None: English)."""

    return getattr(info, "language", None) or DEFAULT


def reader(interaction: discord.Interaction) -> str:
    """The language of what only this member reads (ephemeral answers, DMs, the builder):
    their client's (``interaction.locale``) when boardhost speaks it, else English."""

    return pick(interaction.locale)


# ----- names -----------------------------------------------------------------------------
def seat_label(seat: str) -> str:
    """How a seat is written in a channel text: ``<@id>`` for a human, ``AI 1`` for ``ai-1``."""

    if seat.isdigit():
        return f"<@{seat}>"
    if seat.startswith("ai-"):
        return "AI " + seat[3:]
    return seat


def mention_seats(text: str, seats: Iterable[str]) -> str:
    """``text`` with every human seat id written as a mention and AI seats as ``AI n``.
    ``seats``: seat ids, or :func:`seats_of`'s ``{seat: user}`` (a seat handed to a
    substitute keeps its id and is written as the mention of the user who plays it now)."""

    plays = seats if isinstance(seats, dict) else {s: s for s in seats}
    humans = {s: plays[s] for s in plays if s.isdigit()}
    out = _SNOWFLAKE.sub(lambda m: f"<@{humans[m.group(1)]}>" if m.group(1) in humans else m.group(1), text)
    return re.sub(r"\bai-(\d+)\b", r"AI \1", out)


def mention_ids(text: str) -> str:
    """A service sentence ("waiting for 1234…") with every user id in it written as a mention
    (renders as the member's name; pings nobody in an ephemeral answer)."""

    return mention_seats(text, USER_ID.findall(text))


def rename_view(view: Any, names: dict[str, str]) -> Any:
    """A copy of a JSON view with every string (value or key) equal to a seat id replaced by
    that seat's display name, so the board image shows names rather than user ids; a user id
    inside a longer string (a status sentence such as "waiting for <id>.") is replaced too; a
    :class:`engines.i18n.Text` stays a Text, its parameters renamed."""

    if not names:
        return view
    ids = sorted((k for k in names if k.isdigit()), key=len, reverse=True)
    inner = re.compile(r"(?<!\d)(" + "|".join(map(re.escape, ids)) + r")(?!\d)") if ids else None
    return _rename(view, names, inner)


def rename_events(lines: list[str], names: dict[str, str]) -> list[str]:
    """Sentences with display names in place of seat ids: the user ids inside them
    (:func:`rename_view`) and the AI seats (``ai-1 places …``) as whole words."""

    lines = rename_view(lines, names)
    for seat, name in names.items():
        if not seat.isdigit():
            lines = [re.sub(rf"(?<![\w-]){re.escape(seat)}(?![\w-])", name, ln) for ln in lines]
    return lines


def unmarked(text: str) -> str:
    """``text`` without Discord's Markdown marks (``**bold**``, ``__underline__``, `` `code` ``),
    for sentences drawn on an image, which shows them as typed."""

    return re.sub(r"\*\*|__|`", "", text)


def _rename(view: Any, names: dict[str, str], inner: re.Pattern | None) -> Any:
    if isinstance(view, dict):
        return {
            _rename(k, names, inner) if isinstance(k, str) else k: _rename(v, names, inner) for k, v in view.items()
        }
    if isinstance(view, list):
        return [_rename(v, names, inner) for v in view]
    if isinstance(view, Code):  # an id stays an id, renamed like a plain string
        renamed = _rename(view.params.get("code", str(view)), names, inner)
        return view if renamed == view else Code(renamed)
    if isinstance(view, Text):  # a text keeps its message (drawn in the table's language): rename its parameters
        return Text(view.msgid, _rename(view.params, names, inner), view.plural, view.context, view.domain)
    if isinstance(view, str):
        if view in names:
            return names[view]
        return inner.sub(lambda m: names[m.group(1)], view) if inner is not None else view
    return view


def seats_of(info: TableInfo | None) -> dict[str, str]:
    """The seats of a table in seat order, ``{seat id: who plays it now}`` (the user id of a
    human seat, which differs from the seat id after ``/game substitute``; the seat id for an
    AI seat); empty without a table. Iterating it gives the seat ids."""

    if info is None:
        return {}
    return {s.seat: (s.user if s.user and not s.is_ai else s.seat) for s in info.seats}


def ai_played(info: TableInfo | None) -> set[str]:
    """The players' seats of a table that the AI plays now (resigned, voted out, or taken over
    at a deadline by a table that hands the seat to the AI): their images mark the name
    ``bob (AI)`` (:meth:`bot.poster.Poster.board_files`). AI seats of their own (``ai-1``) are
    not in it: they are named ``AI 1`` already."""

    return {s.seat for s in (info.seats if info is not None else []) if s.is_ai and not s.seat.startswith("ai-")}


def mark_ai_played(names: dict[str, str], ai: Iterable[str], lang: str) -> dict[str, str]:
    """``names`` (``{seat id: display name}`` for images) with each player's seat in ``ai``
    (:func:`ai_played`), which the AI plays now, named ``bob (AI)`` in ``lang``."""

    return {
        seat: in_language(T("{player} (AI)", player=name), lang) if seat in ai else name for seat, name in names.items()
    }


# ----- lengths ---------------------------------------------------------------------------
def bound(text: str | None, limit: int = MAX_CONTENT) -> str | None:
    """``text`` cut to at most ``limit`` characters (an ellipsis marks the cut); ``None`` stays
    ``None``. Every message the bot sends goes through this or :func:`split_content`."""

    if text is None or len(text) <= limit:
        return text
    return text[: limit - 1] + "…"


def split_content(lines: list[str], limit: int = MAX_CONTENT) -> list[str]:
    """Join lines into as few messages as possible, each at most ``limit`` characters."""

    chunks: list[str] = []
    cur = ""
    for line in lines:
        while len(line) > limit:
            if cur:
                chunks.append(cur)
                cur = ""
            chunks.append(line[:limit])
            line = line[limit:]
        if cur and len(cur) + 1 + len(line) > limit:
            chunks.append(cur)
            cur = line
        else:
            cur = f"{cur}\n{line}" if cur else line
    if cur:
        chunks.append(cur)
    return chunks


def fit_lines(head: str, lines: list[str], limit: int = MAX_CONTENT - 100) -> list[str]:
    """``head`` then as many of ``lines`` as fit in ``limit`` characters, and "…and N more."
    for the rest (a list answer stays one message)."""

    out, size = [head], len(head)
    for i, line in enumerate(lines):
        if size + len(line) + 1 > limit:
            out.append(f"…and {len(lines) - i} more.")
            break
        out.append(line)
        size += len(line) + 1
    return out


# ----- mentions --------------------------------------------------------------------------
def allowed_for(users: Iterable[str]) -> discord.AllowedMentions:
    """Mentions that ping exactly these users (and never everyone, roles or anyone else)."""

    return discord.AllowedMentions(
        everyone=False,
        roles=False,
        replied_user=False,
        users=[discord.Object(id=int(u)) for u in users if str(u).isdigit()],
    )


def options_text(info: TableInfo) -> str:
    """A lobby's chosen variants, ``key=value, …`` (booleans lowercase)."""

    if not info.options:
        return ""
    return ", ".join(f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in info.options.items())


def lobby_text(info: TableInfo, note: str | Text = "", settings: Text | None = None) -> str:
    """The lobby message in the table's language: game, seats, host, the table settings when
    given (``settings``: :meth:`bot.timers.TableSettings.summary`), what to do next."""

    lang = info.language
    seated = [s.seat for s in info.seats]
    # an AI seat with the strength it plays at: "AI 1 (strong)"
    strengths = {s.seat: s.strength for s in info.seats if s.is_ai and s.strength}
    lines: list[Text | str] = []
    if note:
        lines.append(note)
    lines.append(
        T(
            "**{game}** lobby ({least}–{most} players), host {host}.",
            game=title(info.game_id) if info.game_id in TITLES else info.title,
            least=info.min_players,
            most=info.max_players,
            host=seat_label(info.host),
        )
    )
    opts = options_text(info)
    if opts:
        lines.append(T("Options: {options}", options=opts))
    if settings is not None:
        lines.append(T("Settings: {settings}.", settings=settings))
    if seated:
        lines.append(
            Tn(
                "Seated ({n}): {players}",
                "Seated ({n}): {players}",
                len(seated),
                players=[ai_seat(s, strengths[s]) if s in strengths else seat_label(s) for s in seated],
            )
        )
    else:
        lines.append(T("Seated (0): nobody yet"))
    if info.status == "lobby" and strengths:  # a started lobby's message has lost its buttons
        lines.append(
            T(
                "Join with the button or `/game join`; the host starts with Start or `/game start`"
                " (`/game addbot` adds an AI seat, `/game removebot` removes one)."
            )
        )
    elif info.status == "lobby":
        lines.append(
            T(
                "Join with the button or `/game join`; the host starts with Start or `/game start`"
                " (`/game addbot` adds an AI seat)."
            )
        )
    return "\n".join(in_language(line, lang) for line in lines)


def hand_text(view: dict | None) -> Text | str:
    """A one-line text of a player's hand view (beside the image, for screen readers)."""

    if not view:
        return ""
    hand = view.get("hand")
    if isinstance(hand, list):
        return T("Your hand: {cards}.", cards=[Code(c) for c in hand]) if hand else T("Your hand: empty.")
    return ""


# ----- server-wide views (/game list, /game mine) ----------------------------------------
def table_link(table: str, guild: str | None, cross_server: bool = False) -> str:
    """Where a table is: ``<#id>`` (a channel or thread of this server), or a jump link
    ``https://discord.com/channels/<guild>/<id>`` when listing tables across servers."""

    if cross_server and guild:
        return f"https://discord.com/channels/{guild}/{table}"
    return f"<#{table}>"


def table_line(summary: TableSummary, cross_server: bool = False, lang: str = "en") -> str:
    """One line of ``/game list`` / ``/game mine`` in ``lang``: the game, where, whose turn and
    since when (a Discord relative timestamp), the deadline when the table has a turn limit,
    the AI seats' strengths."""

    where = table_link(summary.table, summary.guild, cross_server)
    game = title(summary.game_id) if summary.game_id in TITLES else summary.title
    bots = ai_strengths(summary.ai)
    if summary.status == "lobby":
        line = T("**{game}** in {where}: lobby, waiting for players to join", game=game, where=where)
    else:
        who = [seat_label(u) for u in summary.waiting_users]  # humans by their current user
        who += [seat_label(w) for w in summary.waiting if w.startswith("ai-")]
        players = ", ".join(who) or T("nobody")
        since = discord_time(summary.since) if summary.since is not None else None
        deadline = discord_time(summary.deadline) if summary.deadline is not None else None
        if since and deadline:
            line = T(
                "**{game}** in {where}: {players} to act since {since}, deadline {deadline}",
                game=game,
                where=where,
                players=players,
                since=since,
                deadline=deadline,
            )
        elif since:
            line = T(
                "**{game}** in {where}: {players} to act since {since}",
                game=game,
                where=where,
                players=players,
                since=since,
            )
        elif deadline:
            line = T(
                "**{game}** in {where}: {players} to act, deadline {deadline}",
                game=game,
                where=where,
                players=players,
                deadline=deadline,
            )
        else:
            line = T("**{game}** in {where}: {players} to act", game=game, where=where, players=players)
    # the AI seats' strengths close the line after a semicolon, as a list
    return in_language(T("{line}; {bots}.", line=line, bots=bots) if bots else T("{line}.", line=line), lang)


def ai_strengths(strengths: dict[str, str]) -> list[Text]:
    """``AI 1 (strong), AI 2 (normal), AI for <@id> (strong)``: the AI seats (by number), then
    the players' seats the AI took over, and the strength each plays at, one :class:`Text`
    each (a list parameter renders joined by commas); ``[]`` for none."""

    return [ai_seat(seat, strengths[seat]) for seat in sorted(strengths, key=_seat_number)]


def ai_seat(seat: str, strength: str) -> Text:
    """``AI 1 (strong)``: a seat the AI plays and its strength (:data:`bot.timers.STRENGTH_NAMES`);
    a player's seat handed to the AI (resigned, voted out) reads ``AI for <@id> (strong)``."""

    who = seat_label(seat) if seat.startswith("ai-") else T("AI for {player}", player=seat_label(seat))
    return T("{seat} ({strength})", seat=who, strength=STRENGTH_NAMES.get(strength, strength))


def _seat_number(seat: str) -> tuple[int, str]:
    """Sort key of a seat id: AI seats by their number (``ai-2`` before ``ai-10``)."""

    tail = seat.rsplit("-", 1)[-1]
    return (int(tail) if tail.isdigit() else 0, seat)


__all__ = [
    "BUTTON_CHANGED",
    "COMMAND_CHANGED",
    "MAX_CONTENT",
    "NO_PINGS",
    "OUT_OF_SPACE",
    "OVER_LIMIT",
    "DB_TIMEOUT",
    "SORRY",
    "ai_played",
    "ai_seat",
    "ai_strengths",
    "mark_ai_played",
    "allowed_for",
    "bound",
    "fit_lines",
    "hand_text",
    "listed",
    "lobby_text",
    "missing_in",
    "missing_permissions",
    "permission_names",
    "reader",
    "table_language",
    "mention_ids",
    "mention_seats",
    "options_text",
    "rename_events",
    "unmarked",
    "rename_view",
    "seat_label",
    "seats_of",
    "split_content",
    "table_line",
    "table_link",
]
