"""The texts of a table's board, status and history, in a language: the live status message,
the lines a move posts, ``/game board``, the final ranking and ``/game history``.

Pure (no state, nothing sent), like :mod:`bot.format`, whose names and limits it uses; every
function takes the reader's language and renders the engines' and the service's texts
(:class:`engines.i18n.Text`) in it before seat ids become mentions.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from bot.format import (
    MAX_CONTENT,
    POST_PERMISSIONS,
    ai_strengths,
    listed,
    mention_ids,
    mention_seats,
    permission_names,
    seat_label,
    seats_of,
    table_language,
)
from bot.games import TITLES, title
from bot.i18n import DEFAULT, T, Text, Tn
from bot.i18n import render as in_language
from bot.service import Board, HistoryLine, RankLine
from bot.timers import discord_time
from engines.i18n import Joined

__all__ = [
    "FINAL_RANKING",
    "GAME_OVER_RANKING",
    "HISTORY_PAGE",
    "board_lines",
    "footer",
    "game_title",
    "history_line",
    "history_pages",
    "move_lines",
    "post_failed",
    "post_refused",
    "ranking_lines",
    "status_text",
    "your_move",
]


# ----- texts -----------------------------------------------------------------------------
def ranking_lines(ranking: list[RankLine], seats: Iterable[str] = (), lang: str = DEFAULT) -> list[str]:
    """``1. @alice — 42 coins`` lines of a final ranking (ties share a place) in ``lang``, the
    score in the game's words (``RankLine.score_text``); ``seats`` (:func:`seats_of`) names a
    seat handed to a substitute after the user who plays it now."""

    plays = seats if isinstance(seats, dict) else {}
    out = []
    for line in ranking:
        score = line.score_text or Tn("{n} point", "{n} points", line.score)
        player = seat_label(plays.get(line.seat, line.seat))
        if line.resigned and line.handover == "voted_out":
            text = T("{place}. {player} — {score} (voted out)", place=line.place, player=player, score=score)
        elif line.resigned and line.handover == "timed_out":
            text = T("{place}. {player} — {score} (timed out)", place=line.place, player=player, score=score)
        elif line.resigned:
            text = T("{place}. {player} — {score} (resigned)", place=line.place, player=player, score=score)
        else:
            text = T("{place}. {player} — {score}", place=line.place, player=player, score=score)
        out.append(mention_seats(in_language(text, lang), plays or [line.seat]))
    return out


def footer(
    status: str,
    status_line: str,
    mention: list[str],
    ranking: list[RankLine] | None,
    seats: list[str],
    heading: str | Text | None = None,
    deadline: float | None = None,
    lang: str = DEFAULT,
) -> list[str]:
    """The lines under a board in ``lang``: the ranking under ``heading`` when over (default
    "**Game over.** Final ranking:"), else the status and who must act, with their turn
    ``deadline`` (epoch seconds) as a Discord timestamp (``<t:…:R>``, "in 5 hours" in each
    reader's time zone) when the table has a turn limit. After a move's events (which end
    with "Game over") the heading is just :data:`FINAL_RANKING`."""

    lines: list[str] = []
    if status == "over":
        if ranking:
            lines.append(in_language(heading if heading is not None else GAME_OVER_RANKING, lang))
            lines.extend(ranking_lines(ranking, seats, lang))
    elif status == "active":
        if status_line:
            lines.append(mention_seats(in_language(status_line, lang), seats))
        if mention:
            lines.append(in_language(your_move(mention, deadline), lang))
    return lines


#: the heading of a final ranking after the move's events (which end with "Game over")
FINAL_RANKING = T("**Final ranking:**")
#: the heading of a final ranking on its own
GAME_OVER_RANKING = T("**Game over.** Final ranking:")


def your_move(mention: list[str], deadline: float | None, board_link: str | None = None) -> Text:
    """ "@alice, @bob: your move (deadline in 5 hours) on the board." as a :class:`Text`."""

    who = [seat_label(m) for m in mention]
    n = len(who)
    if deadline is not None and board_link:
        return Tn(
            "{players}: your move (deadline {deadline}) on [the board]({link}).",
            "{players}: your move (deadline {deadline}) on [the board]({link}).",
            n,
            players=who,
            deadline=discord_time(deadline),
            link=board_link,
        )
    if deadline is not None:
        return Tn(
            "{players}: your move (deadline {deadline}).",
            "{players}: your move (deadline {deadline}).",
            n,
            players=who,
            deadline=discord_time(deadline),
        )
    if board_link:
        return Tn(
            "{players}: your move on [the board]({link}).",
            "{players}: your move on [the board]({link}).",
            n,
            players=who,
            link=board_link,
        )
    return Tn("{players}: your move.", "{players}: your move.", n, players=who)


def board_lines(board: Board, lang: str = DEFAULT) -> list[str]:
    """The text of ``/game board`` in ``lang``: title and move number (or how it ended), then
    the footer, and while the game runs the strength of each seat the AI plays (:func:`ai_line`)."""

    seats = seats_of(board.info)
    game = game_title(board.info)
    head = T("**{game}**, move {n}.", game=game, n=board.version)
    if board.status == "over":
        head = Tn(
            "**{game}**, finished after {n} move.", "**{game}**, finished after {n} moves.", board.version, game=game
        )
    elif board.status == "cancelled":
        head = T("**{game}**: this game was cancelled.", game=game)
    lines = [in_language(head, lang)]
    lines += footer(
        board.status, board.status_line, board.mention, board.ranking, seats, deadline=board.deadline, lang=lang
    )
    if board.status == "active":
        lines += ai_line(board.info, lang)
    return lines


def game_title(info: Any) -> Text | str:
    """The title of the game of ``info`` (a TableInfo, or None) to render in a language."""

    if info is None:
        return ""
    return title(info.game_id) if info.game_id in TITLES else info.title


# ----- history (/game history) -----------------------------------------------------------
#: at most this many moves on one page of /game history
HISTORY_PAGE = 20


def history_line(h: HistoryLine, lang: str = DEFAULT) -> str:
    """One move of ``/game history``, in the third person as the channel told it: ``12. @alice
    raises the bid to 2.`` (the move's first event; a move the engine told no event of reads
    ``12. @alice: <the engine's sentence>``); a choice made face down names the choice to its
    own player only (``(yours: `play 17`)``). Marked "(AI played)" when the AI played it for
    an absent, resigned or voted-out player, struck through with "(undone)" when a later undo
    took it back; an undo marker reads ``12. ↶ <text>``. In ``lang`` (the stored texts of a
    game played before texts were structured read in English)."""

    if h.flag == "undo":
        return f"{h.seq}. ↶ {mention_seats(in_language(h.text, lang), [h.seat])}"
    text: Text | str = h.events[0] if h.events else h.text
    if h.events and h.hidden and h.notation:
        text = T("{move} (yours: `{notation}`)", move=text, notation=h.notation)
    if h.undone:
        text = T("~~{move}~~ (undone)", move=text)
    if h.flag == "ai":
        text = T("{move} (AI played)", move=text)
    if not h.events:
        text = T("{player}: {move}", player=seat_label(h.seat), move=text)
    return f"{h.seq}. {mention_ids(in_language(text, lang))}"


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
def status_text(result: Any, seats: dict[str, str], lang: str | None = None) -> str:
    """The live status message of a table (edited in place after every move; the board
    image is its attachment): the game and move number, the engine's status line, who must
    act (named, never pinged: an edit pings nobody) and the turn deadline when the table has
    one, and each AI seat's strength; once over, the final ranking. ``seats``: :func:`seats_of`
    (a substitute is named for the seat they play); ``lang``: default the table's language."""

    lang = table_language(getattr(result, "info", None)) if lang is None else lang
    game = game_title(result.info) if result.info is not None else result.game_id
    if result.status == "over":
        head = Tn(
            "**{game}**, finished after {n} move. **Final ranking:**",
            "**{game}**, finished after {n} moves. **Final ranking:**",
            result.version,
            game=game,
        )
        lines = [in_language(head, lang)]
        lines += ranking_lines(result.ranking or [], seats, lang)
        return "\n".join(lines)
    lines = [
        in_language(
            T("**{game}**, move {n} (this board is updated after every move).", game=game, n=result.version), lang
        )
    ]
    if result.status_line:
        lines.append(mention_seats(in_language(result.status_line, lang), seats))
    if result.mention:
        who = [seat_label(m) for m in result.mention]
        lines.append(in_language(Tn("Your move: {players}.", "Your move: {players}.", len(who), players=who), lang))
    deadline = result.deadline
    if deadline is not None:
        lines.append(in_language(T("Turn deadline {deadline}.", deadline=discord_time(deadline)), lang))
    lines += ai_line(result.info, lang)
    return "\n".join(lines)


def ai_line(info: Any, lang: str = DEFAULT) -> list[str]:
    """``["AI strength: AI 1 (strong), AI for @bob (easy)."]`` in ``lang`` for the seats the AI
    plays at the table of ``info`` (a TableInfo or None), a resigned or voted-out seat it now
    plays included; ``[]`` when it plays none."""

    bots = ai_strengths(
        {s.seat: s.strength for s in (info.seats if info is not None else []) if s.is_ai and s.strength}
    )
    return [in_language(T("AI strength: {bots}.", bots=bots), lang)] if bots else []


def move_lines(result: Any, seats: dict[str, str], board_link: str | None, lang: str | None = None) -> list[str]:
    """What a move posts under a live status message: its public events (a whole turn, AI
    replies included) as one paragraph, then who must act now with a link to the board, or
    the final ranking; ``[]`` when there is nothing to say. The link is masked
    (``[the board](url)``) so a phone shows two words, not the message URL. The turn deadline
    (a Discord timestamp) follows "your move" when the table has a turn limit. How to play
    is said once, in the post that starts the game (and in `/game help`), not on every line."""

    lang = table_language(getattr(result, "info", None)) if lang is None else lang
    events = [mention_seats(in_language(t, lang), seats) for t in result.public]
    out = [" ".join(events)] if events else []
    if result.status == "over":
        if result.ranking:
            out.append(in_language(FINAL_RANKING, lang))
            out += ranking_lines(result.ranking, seats, lang)
    elif result.mention:
        # a masked link: Discord shows "the board" as the link text, not a 90-character URL
        out.append(mention_seats(in_language(your_move(result.mention, result.deadline, board_link), lang), seats))
    return out


def post_refused(names: list, game: Text | str | None = None, channel: Any = None) -> Text:
    """Why the board could not be posted (Discord refused it for permissions): for the channel
    itself (``game`` None) or by DM to a player (naming ``game`` and ``channel``); ``names``:
    the missing permissions' names (:func:`bot.format.permission_names`), empty when unknown."""

    if not names:
        if game is None:
            return T(
                "The board of this game could not be posted because I am not allowed to post in this"
                " channel; every move is saved and the board will be posted as soon as a moderator grants it."
            )
        return T(
            "The board of your game of {game} in {channel} could not be posted because I am not allowed"
            " to post in that channel; every move is saved and the board will be posted as soon as a"
            " moderator grants it.",
            game=game,
            channel=channel,
        )
    if game is None:
        return Tn(
            "The board of this game could not be posted because I am missing the {names} permission in"
            " this channel; every move is saved and the board will be posted as soon as a moderator grants it.",
            "The board of this game could not be posted because I am missing the {names} permissions in"
            " this channel; every move is saved and the board will be posted as soon as a moderator grants it.",
            len(names),
            names=listed(names),
        )
    return Tn(
        "The board of your game of {game} in {channel} could not be posted because I am missing the"
        " {names} permission in that channel; every move is saved and the board will be posted as soon"
        " as a moderator grants it.",
        "The board of your game of {game} in {channel} could not be posted because I am missing the"
        " {names} permissions in that channel; every move is saved and the board will be posted as soon"
        " as a moderator grants it.",
        len(names),
        names=listed(names),
        game=game,
        channel=channel,
    )


def post_failed(done: Text, names: list, refused: bool, over: bool = False) -> Joined:
    """What a member reads when the change they made stands but its board could not be posted:
    ``done`` (a whole sentence saying the change stands: "Your move `x` was played."), then
    one whole sentence saying why and that the board follows (never "try again": a retry
    would repeat the change). ``refused``: Discord refused the post for permissions
    (50013 / 50001); ``names``: the missing permissions (:func:`bot.format.permission_names`),
    empty when the bot cannot tell which. ``over``: the change ended the game, so what
    follows is the final result, not a board to play on."""

    # each case one literal sentence (the catalogs extract them): the board, or the final result
    needed = listed(names or permission_names(name for _, name in POST_PERMISSIONS))
    if not refused and over:
        why = T("The final result could not be posted yet; it will follow shortly.")
    elif not refused:
        why = T("The board could not be posted yet; it will follow shortly.")
    elif names and over:
        why = Tn(
            "I may not post in this channel: I am missing the {names} permission."
            " The final result will be posted as soon as a moderator grants it.",
            "I may not post in this channel: I am missing the {names} permissions."
            " The final result will be posted as soon as a moderator grants them.",
            len(names),
            names=needed,
        )
    elif names:
        why = Tn(
            "I may not post in this channel: I am missing the {names} permission."
            " The board will be posted as soon as a moderator grants it.",
            "I may not post in this channel: I am missing the {names} permissions."
            " The board will be posted as soon as a moderator grants them.",
            len(names),
            names=needed,
        )
    elif over:
        why = T(
            "I may not post in this channel: I need the {names} permissions, which a moderator can grant."
            " The final result will be posted as soon as I can.",
            names=needed,
        )
    else:
        why = T(
            "I may not post in this channel: I need the {names} permissions, which a moderator can grant."
            " The board will be posted as soon as I can.",
            names=needed,
        )
    return Joined([done, why], " ")
