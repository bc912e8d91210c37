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
from bot.service import Board, HistoryLine, RankLine, TableInfo, TableSummary
from bot.timers import discord_time
from engines.base import plural
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


#: the clause for a post Discord refused for permissions (50013 / 50001)
CANNOT_POST = (
    "I am not allowed to post in this channel (I need View Channel, Send Messages and Attach Files; "
    "a moderator can grant them)."
)


def missing_permissions(perms: discord.Permissions, in_thread: bool = False) -> list[str]:
    """The names of the permissions of :data:`POST_PERMISSIONS` (and Send Messages in Threads
    inside a thread) that ``perms`` lacks, in that order."""

    needed = list(POST_PERMISSIONS)
    if in_thread:
        needed.append(("send_messages_in_threads", "Send Messages in Threads"))
    return [name for attr, name in needed if not getattr(perms, attr)]


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


# ----- texts -----------------------------------------------------------------------------
def ranking_lines(ranking: list[RankLine], seats: Iterable[str] = ()) -> list[str]:
    """``1. @alice — 42 coins`` lines of a final ranking (ties share a place), the score in
    the game's words (``RankLine.score_text``); ``seats`` (:func:`seats_of`) names a seat
    handed to a substitute after the user who plays it now."""

    plays = seats if isinstance(seats, dict) else {}
    out = []
    for line in ranking:
        extra = " (resigned)" if line.resigned else ""
        score = line.score_text or plural(line.score, "point")
        out.append(f"{line.place}. {seat_label(plays.get(line.seat, line.seat))} — {score}{extra}")
    return out


def footer(
    status: str,
    status_line: str,
    mention: list[str],
    ranking: list[RankLine] | None,
    seats: list[str],
    heading: str = "**Game over.** Final ranking:",
    deadline: float | None = None,
) -> list[str]:
    """The lines under a board: the ranking under ``heading`` when over, else the status and
    who must act, with their turn ``deadline`` (epoch seconds) as a Discord timestamp
    (``<t:…:R>``, "in 5 hours" in each reader's time zone) when the table has a turn limit.
    After a move's events (which end with "Game over") the heading is just "Final ranking:"."""

    lines: list[str] = []
    if status == "over":
        if ranking:
            lines.append(heading)
            lines.extend(ranking_lines(ranking, seats))
    elif status == "active":
        if status_line:
            lines.append(mention_seats(status_line, seats))
        if mention:
            who = ", ".join(seat_label(m) for m in mention)
            due = f" (deadline {discord_time(deadline)})" if deadline is not None else ""
            lines.append(f"{who}: your move{due}.")
    return lines


def board_lines(board: Board) -> list[str]:
    """The text of ``/game board``: title and move number (or how it ended), then the footer."""

    seats = seats_of(board.info)
    lines = [f"**{board.info.title}**, move {board.version}."]
    if board.status == "over":
        lines = [f"**{board.info.title}**, finished after {plural(board.version, 'move')}."]
    elif board.status == "cancelled":
        lines = [f"**{board.info.title}**: this game was cancelled."]
    lines += footer(board.status, board.status_line, board.mention, board.ranking, seats, deadline=board.deadline)
    return lines


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
                players=", ".join(map(seat_label, seated)),
            )
        )
    else:
        lines.append(T("Seated (0): nobody yet"))
    if info.status == "lobby":  # a started lobby's message has lost its buttons
        lines.append(
            T(
                "Join with the button or `/game join`; the host starts with Start or `/game start`"
                " (`/game addbot` adds an AI seat)."
            )
        )
    return "\n".join(in_language(line, lang) for line in lines)


def hand_text(view: dict | None) -> str:
    """A one-line text of a player's hand view (beside the image, for screen readers)."""

    if not view:
        return ""
    hand = view.get("hand")
    if isinstance(hand, list):
        return "Your hand: " + (", ".join(str(c) for c in hand) if hand else "empty") + "."
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


def ai_strengths(strengths: dict[str, str]) -> str:
    """``AI 1 (strong), AI 2 (normal)``: the AI seats (by number) and the strength each plays
    at; ``""`` for none."""

    return ", ".join(f"{seat_label(seat)} ({strengths[seat]})" for seat in sorted(strengths, key=_seat_number))


def _seat_number(seat: str) -> tuple[int, str]:
    """Sort key of a seat id: AI seats by their number (``ai-2`` before ``ai-10``)."""

    tail = seat.rsplit("-", 1)[-1]
    return (int(tail) if tail.isdigit() else 0, seat)


# ----- history (/game history) -----------------------------------------------------------
#: at most this many moves on one page of /game history
HISTORY_PAGE = 20


def history_line(h: HistoryLine) -> str:
    """One move of ``/game history``, in the third person as the channel told it: ``12. @alice
    raises the bid to 2.`` (the move's first event; a move the engine told no event of reads
    ``12. @alice: <the engine's sentence>``); a choice made face down names the choice to its
    own player only (``(yours: `play 17`)``). Marked "(AI played)" when the AI played it for
    an absent, resigned or voted-out player, struck through with "(undone)" when a later undo
    took it back; an undo marker reads ``12. ↶ <text>``."""

    if h.flag == "undo":
        return f"{h.seq}. ↶ {mention_seats(h.text, [h.seat])}"
    if h.events:
        text = mention_ids(h.events[0])
        if h.hidden and h.notation:
            text += f" (yours: `{h.notation}`)"
        text = text if not h.undone else f"~~{text}~~ (undone)"
        return f"{h.seq}. {text}" + (" (AI played)" if h.flag == "ai" else "")
    text = h.text
    if h.undone:
        text = f"~~{text}~~ (undone)"
    if h.flag == "ai":
        text += " (AI played)"
    return f"{h.seq}. {seat_label(h.seat)}: {text}"


def history_pages(
    lines: list[str], limit: int = MAX_CONTENT - 200, per_page: int = HISTORY_PAGE
) -> list[tuple[int, int]]:
    """Split ``lines`` into pages of at most ``per_page`` lines and ``limit`` characters:
    ``[(first, end), …]`` index ranges, oldest first, filled from the newest line back, so
    the newest page (the one ``/game history`` opens on) is a full one and the oldest holds
    what is left (a line longer than ``limit`` is a page of its own; :func:`bound` cuts it
    when sent)."""

    pages: list[tuple[int, int]] = []
    end, size = len(lines), 0
    for i in range(len(lines) - 1, -1, -1):
        line = lines[i]
        if i < end - 1 and (end - i > per_page or size + len(line) + 1 > limit):
            pages.append((i + 1, end))
            end, size = i + 1, 0
        size += len(line) + 1
    if end > 0:
        pages.append((0, end))
    pages.reverse()
    return pages


# ----- the live status message (board_posts "status") -------------------------------------
def status_text(result: Any, seats: dict[str, str]) -> str:
    """The live status message of a table (edited in place after every move; the board
    image is its attachment): the game and move number, the engine's status line, who must
    act (named, never pinged: an edit pings nobody) and the turn deadline when the table has
    one, and each AI seat's strength; once over, the final ranking. ``seats``: :func:`seats_of`
    (a substitute is named for the seat they play)."""

    title = result.info.title if result.info is not None else result.game_id
    if result.status == "over":
        lines = [f"**{title}**, finished after {plural(result.version, 'move')}. **Final ranking:**"]
        lines += ranking_lines(result.ranking or [], seats)
        return "\n".join(lines)
    lines = [f"**{title}**, move {result.version} (this board is updated after every move)."]
    if result.status_line:
        lines.append(mention_seats(result.status_line, seats))
    if result.mention:
        lines.append("Your move: " + ", ".join(seat_label(m) for m in result.mention) + ".")
    deadline = result.deadline
    if deadline is not None:
        lines.append(f"Turn deadline {discord_time(deadline)}.")
    bots = ai_strengths(
        {
            s.seat: s.strength
            for s in (result.info.seats if result.info is not None else [])
            if s.is_ai and not s.resigned and s.strength
        }
    )
    if bots:
        lines.append(f"AI strength: {bots}.")
    return "\n".join(lines)


def move_lines(result: Any, seats: dict[str, str], board_link: str | None) -> list[str]:
    """What a move posts under a live status message: its public events (a whole turn, AI
    replies included) as one paragraph, then who must act now with a link to the board, or
    the final ranking; ``[]`` when there is nothing to say. The link is masked
    (``[the board](url)``) so a phone shows two words, not the message URL. The turn deadline
    (a Discord timestamp) follows "your move" when the table has a turn limit. How to play
    is said once, in the post that starts the game (and in `/game help`), not on every line."""

    events = [mention_seats(t, seats) for t in result.public]
    out = [" ".join(events)] if events else []
    if result.status == "over":
        if result.ranking:
            out.append("**Final ranking:**")
            out += ranking_lines(result.ranking, seats)
    elif result.mention:
        who = ", ".join(seat_label(m) for m in result.mention)
        due = f" (deadline {discord_time(result.deadline)})" if result.deadline is not None else ""
        # a masked link: Discord shows "the board" as the link text, not a 90-character URL
        where = f" on [the board]({board_link})" if board_link else ""
        out.append(f"{who}: your move{due}{where}.")
    return out


__all__ = [
    "BUTTON_CHANGED",
    "COMMAND_CHANGED",
    "MAX_CONTENT",
    "NO_PINGS",
    "OUT_OF_SPACE",
    "OVER_LIMIT",
    "DB_TIMEOUT",
    "SORRY",
    "ai_strengths",
    "allowed_for",
    "board_lines",
    "bound",
    "fit_lines",
    "footer",
    "history_line",
    "history_pages",
    "hand_text",
    "lobby_text",
    "permission_names",
    "reader",
    "table_language",
    "mention_ids",
    "move_lines",
    "status_text",
    "mention_seats",
    "options_text",
    "ranking_lines",
    "rename_view",
    "seat_label",
    "seats_of",
    "split_content",
    "table_line",
    "table_link",
]
