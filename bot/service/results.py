"""What the service answers: its errors, the refusal sentences it says, and its result types.

Every call either raises :class:`UserError` (one plain sentence; NOTHING changed) or
returns a :class:`Result` (or one of the read types below) saying what to post publicly,
what to send privately to whom and whom to mention. Each refusal sentence the service
says in more than one place, or that another layer repeats, is named here once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.games import score_words
from bot.i18n import T, Text
from bot.store.rows import RESIGNED, TIMED_OUT, VOTED_OUT

__all__ = [
    "UserError",
    "StaleVersion",
    "PrivateMessage",
    "RankLine",
    "SeatInfo",
    "TableInfo",
    "Result",
    "Board",
    "Hand",
    "HistoryLine",
    "Notice",
    "UndoRequest",
    "TableSummary",
    "handed_over",
    "rank_lines",
    "ranked_view",
    "said",
]

UserRef = int | str
TableRef = int | str

#: statuses of a game row
LOBBY, ACTIVE, OVER, CANCELLED = "lobby", "active", "over", "cancelled"


class UserError(Exception):
    """A user's mistake: ``str(exc)`` is one plain sentence to answer ephemerally.

    Raised before anything changes; the table is exactly as it was. ``message`` is a
    :class:`bot.i18n.Text` (rendered in the reader's language at the edge, :meth:`render`) or
    plain text; ``str(exc)`` is the English.
    """

    def __init__(self, message: str | Text):
        self.text = message if isinstance(message, Text) else None
        self.message = str(message)
        super().__init__(self.message)

    def render(self, lang: str) -> str:
        """The sentence in ``lang`` (a message given as plain text stays as it is)."""

        return self.text.render(lang) if self.text is not None else self.message


# ----- refusal sentences ------------------------------------------------------------
#: the refusal when another move was committed between reading the board and saving a move
BOARD_CHANGED = T(
    "The board changed: another move was made at the same moment and yours was not played;"
    " look at the board and try again."
)

#: the refusal when another process changed the lobby (joined, left, started) meanwhile
LOBBY_CHANGED = T(
    "The lobby changed at the same moment (someone joined, left or started it); nothing was"
    " changed, look at the table and try again."
)

#: the refusal when another move was committed while an undo was being saved
UNDO_CHANGED = T("Another move was made at the same moment; look at the board and try again.")

#: a user who holds no seat at the table (spectators, AI seats)
NOT_SEATED = T("You are not seated in this game.")
#: a user with no seat a person plays (vacation, undo)
NOT_PLAYING = T("You are not playing in this game.")
#: what the player of a seat the AI took over reads (a move, /game moves, /game leave), by
#: why it did (:attr:`bot.store.SeatRow.handover`): see :func:`handed_over`
HANDED_OVER = {
    RESIGNED: T("You resigned from this game; the AI plays your seat."),
    VOTED_OUT: T("You were voted out of this game; the AI plays your seat."),
    TIMED_OUT: T("Your time ran out in this game; the AI plays your seat."),
}
ALREADY_RESIGNED = T("You have already resigned from this game.")
ALREADY_SEATED = T("You are already seated in this game.")
#: joining a game that has started
JOIN_STARTED = T("This game has already started; wait for the next one.")
#: leaving a game that has started
LEAVE_STARTED = T("The game has started; use /game resign to hand your seat to the AI.")
ADD_BOT_STARTED = T("The game has already started; AI seats can only be added in the lobby.")
ADD_BOT_NOT_HOST = T("Only the host can add AI seats.")
REMOVE_BOT_STARTED = T("The game has already started; AI seats can only be removed in the lobby.")
REMOVE_BOT_NOT_HOST = T("Only the host can remove AI seats.")
START_STARTED = T("The game has already started.")
START_NOT_HOST = T("Only the host can start the game.")
CANCEL_NOT_HOST = T("Only the host or a moderator (Manage Channels) can cancel this game.")
SETTINGS_NOT_HOST = T("Only the host or a moderator (Manage Channels) can change this game's settings.")
SUBSTITUTE_NOT_HOST = T("Only the host or a moderator (Manage Channels) can hand a seat to someone else.")
SUBSTITUTE_NO_SEAT = T("That player does not hold a seat in this game.")
SUBSTITUTE_SEATED = T("The new player already holds a seat in this game.")
#: a table with no game at all
NO_GAME = T("There is no game at this table; start one with /game new.")
#: a table whose last game is over
LAST_OVER = T("The last game here is over (`/game board` shows the final ranking); start a new one with /game new.")
#: a table whose last game was cancelled
LAST_CANCELLED = T("The last game here was cancelled; start a new one with /game new.")
#: a lobby asked to do what only a started game does
NOT_STARTED = T("The game has not started yet; the host can start it with /game start.")
#: a button of an older board (:class:`StaleVersion`)
STALE_BUTTON = T("That button belongs to an older board; here is the current one.")
NOTHING_TO_EXPORT = T("There is no started game at this table to export.")
VACATION_NEGATIVE = T("Give a number of days from 0 (end your vacation) upwards.")
NOT_ON_VACATION = T("You are not on vacation.")
VOTE_OTHER_GAME = T("This vote belongs to another game.")
VOTE_DECIDED = T("This vote is already decided.")
VOTE_LAPSED = T("This vote has lapsed: a move was made since it was opened.")
#: a vote's status when ``/game substitute`` gave its subject's seat to a new player
SUBSTITUTED = "substituted"
#: a press on such a vote
VOTE_SEAT_CHANGED = T("This vote was closed: the seat has a new player.")
#: a press on a vote withdrawn because its message could not be posted
VOTE_WITHDRAWN = T("This vote was withdrawn: its question could not be posted.")
NOT_A_VOTER = T("You are not one of the players asked in this vote.")
ALREADY_VOTED = T("You have already voted.")
UNDO_VOTE_OPEN = T("An undo vote is already open at this table.")
NOTHING_TO_UNDO = T("You have no move to take back.")
#: the log replayed with today's engine differs from the stored state (an update changed the rules)
UNDO_RULES_CHANGED = T(
    "That cannot be undone: the game's rules changed with an update since those moves were played, so the"
    " earlier board cannot be rebuilt; nothing was changed and the game goes on from the board as it is."
)
#: no moves for a user at a game that was cancelled (``/game moves``)
MOVES_CANCELLED = T("This game was cancelled; start a new one with /game new.")
#: no moves for a user at a finished game (``/game moves``)
MOVES_OVER = T("This game is over; `/game board` shows the final ranking.")


class StaleVersion(UserError):
    """``act(..., expected_version=v)`` when the game is already past ``v`` (a stale button).

    ``current`` is the game's version now; answer with the current board.
    """

    def __init__(self, message: str | Text, current: int):
        super().__init__(message)
        self.current = current


@dataclass
class PrivateMessage:
    """What one human should receive privately (DM, or ephemeral ``/game hand``).

    ``user``: the Discord user id as ``str`` (= seat id). ``events``: texts of the private
    events addressed to them, in order. ``hand_changed``: ``engine.private_view`` differs
    from before the call (always True for the first hand at start). ``hand``: the player's
    view ``engine.view(state, seat)`` (for ``renderers.render_hand``), ``None`` when the game
    has no hands. ``text``: ``engine.private_text`` (what the hand holds, in words; sent
    beside the image). ``dm_ok``: the stored flag (False after a failed DM; send nothing
    then, the cog says "couldn't DM"). A message with private events in a game with hands
    carries the hand too (the cog sends its image with them, e.g. at a meeting's start).
    """

    user: str
    events: list[str] = field(default_factory=list)
    hand_changed: bool = False
    hand: dict | None = None
    dm_ok: bool = True
    text: str = ""


@dataclass
class RankLine:
    """One line of a final ranking: ``place`` 1-based (tied seats share it), ``seat`` id,
    ``score``, ``resigned`` (handed to the AI: ranked last), ``is_ai`` (an AI seat from the
    start)."""

    place: int
    seat: str
    score: int
    resigned: bool = False
    is_ai: bool = False
    #: the score in the game's words (``"42 coins"``, ``"1 point"``, ``"160 PP"``)
    score_text: str = ""
    #: why a ``resigned`` seat went to the AI (``"resigned"``, ``"voted_out"``, ``"timed_out"``), else None
    handover: str | None = None


@dataclass
class SeatInfo:
    """A seat at a table: ``seat`` id, ``user`` (None for an AI seat), ``is_ai`` (AI plays
    it now, including resigned seats), ``resigned``, ``dm_ok``, ``order`` (0-based position
    in the game's seat order, None in the lobby)."""

    seat: str
    user: str | None
    is_ai: bool
    resigned: bool = False
    dm_ok: bool = True
    order: int | None = None
    #: the AI's strength for a seat the AI plays (easy, normal, strong), else None
    strength: str | None = None
    #: why a ``resigned`` seat went to the AI (``"resigned"``, ``"voted_out"``, ``"timed_out"``), else None
    handover: str | None = None


@dataclass
class TableInfo:
    """The live game of a table (or the last finished one): ids, status, host, seats."""

    table: str
    game_pk: int
    game_id: str
    title: str
    status: str
    host: str
    version: int
    options: dict
    seats: list[SeatInfo]
    min_players: int
    max_players: int
    #: the table's language (what everyone at the table reads): one of bot.i18n.LANGUAGES
    language: str = "en"


@dataclass
class Result:
    """What a call changed, for the adapter to show.

    * ``public``: public event texts in order (the channel message body): plain text (the
      engines' events) or a :class:`bot.i18n.Text` to render in the table's language;
    * ``board_due``: a board image should be posted (render ``view``);
    * ``view``: the spectator view (``engine.view(state, None)``) at ``version``;
    * ``private``: per-human private messages (only humans with something new);
    * ``mention``: user ids of humans who must act now (never AI seats);
    * ``status``: lobby / active / over / cancelled; ``status_line``: ``engine.status``;
    * ``ranking``: final ranking with scores when the game is over, else None;
    * ``ticket``: per-table post order of results with ``board_due`` (see
      :meth:`Service.post_order`); 0 for lobby results, which need no ordering.
    """

    table: str
    game_id: str
    game_pk: int
    version: int
    status: str
    public: list[str | Text] = field(default_factory=list)
    board_due: bool = False
    view: dict | None = None
    private: list[PrivateMessage] = field(default_factory=list)
    mention: list[str] = field(default_factory=list)
    status_line: str = ""
    ranking: list[RankLine] | None = None
    ticket: int = 0
    info: TableInfo | None = None
    #: a catch-up post (:meth:`Service.catch_up`): post it only if no later post of the
    #: table has shown this version meanwhile (:meth:`Service.needs_post`)
    catch_up: bool = False
    #: the AI's reply could not be committed (it stays due): the post must not mark this
    #: version as shown, so a restarted bot still finds the table and plays the AI
    ai_pending: bool = False
    #: how the table shows its board: "status" (one live status message edited in place, a
    #: short line per move) or "every" (a new board post per move); the table's setting
    board_posts: str = "every"
    #: the id of the table's live status message (None: none posted yet)
    status_message: str | None = None
    #: seconds spent in engine.apply (all moves of the call, AI choices included), in store
    #: commits ("commit", including waiting for the shared connection) and inside the
    #: transactions themselves ("tx"); "moves": how many actions were committed
    timing: dict[str, float] = field(default_factory=dict)
    #: when the turn limit of the earliest of ``mention`` passes (epoch seconds; a vacation
    #: moves it), None without a turn limit or when nobody must act
    deadline: float | None = None
    #: the seats that must act at ``version`` (``engine.to_act``, AI seats included)
    acting: list[str] = field(default_factory=list)
    #: the turn goes on: this call was moves of a running game during which the set of
    #: seats to act never changed (the same seats had to act before, between and after its
    #: steps); False for a start, a catch-up, an undo and any call that passed the turn
    turn_goes_on: bool = False
    #: the user id of the human whose own move began this call (None: no human's move)
    mover: str | None = None
    #: the votes this call closed unanswered (``/game substitute``): the post says so and
    #: their messages lose their buttons
    closed_votes: list[int] = field(default_factory=list)

    @property
    def over(self) -> bool:
        return self.status == OVER


@dataclass
class Board:
    """The current board of a table: view for rendering, status line, who must act."""

    table: str
    game_id: str
    game_pk: int
    version: int
    status: str
    view: dict | None
    status_line: str
    to_act: list[str]
    mention: list[str]
    ranking: list[RankLine] | None
    info: TableInfo
    #: the turn deadline of whoever must act (epoch seconds), as :attr:`Result.deadline`
    deadline: float | None = None
    #: the id of the table's live status message (None: it has none), as :attr:`Result.status_message`
    status_message: str | None = None


@dataclass
class Hand:
    """A player's private part: ``has_hands`` False for games without hands (say so);
    ``private``: ``engine.private_view``; ``view``: ``engine.view(state, seat)``; ``text``:
    ``engine.private_text`` (the hand in words)."""

    game_id: str
    seat: str
    version: int
    has_hands: bool
    private: dict | None
    view: dict | None
    text: str = ""


@dataclass
class HistoryLine:
    """One logged action: ``seq`` (= version it produced), ``seat``, ``notation``, ``text``
    (the engine's sentence for the move as the viewer reads it, evaluated on the state it was
    played in: a choice hidden from the viewer is not named, and its notation is ``""``).
    ``events``: its public events (and the viewer's own private ones); ``flag``: None, "ai"
    (the AI played it for an absent, resigned or voted-out player) or "undo" (a marker taking back earlier moves);
    ``undone``: taken back by a later undo; ``created``: epoch seconds of the commit;
    ``hidden``: the move hides a choice from everyone but its mover."""

    seq: int
    seat: str
    notation: str
    text: str
    events: list[str] = field(default_factory=list)
    flag: str | None = None
    undone: bool = False
    created: float = 0.0
    hidden: bool = False


@dataclass
class Notice:
    """Something the periodic loop (:meth:`Service.tick`) wants posted at a table.

    ``kind``: ``reminder`` (ping ``mention``; ``deadline`` is the earliest deadline of the
    reminded players, None without a turn limit), ``deadline`` (time ran out and the policy
    acted: post ``result`` like a move), ``kick-vote`` (ask ``mention`` to vote on removing
    ``seats[0]``: vote id ``vote`` at game ``version``). ``text`` names seats by seat id."""

    kind: str
    table: str
    game_pk: int
    game_id: str
    text: str | Text
    mention: list[str] = field(default_factory=list)
    seats: list[str] = field(default_factory=list)
    deadline: float | None = None
    result: Result | None = None
    vote: int | None = None
    version: int = 0


@dataclass
class UndoRequest:
    """An undo that needs the other players' consent: vote ``vote`` (at game ``version``)
    asked of ``voters`` (seats; ping ``mention``, user ids) for ``seat``'s request to take
    back ``moves`` (describe sentences, oldest first)."""

    table: str
    game_pk: int
    vote: int
    version: int
    seat: str
    voters: list[str]
    mention: list[str]
    moves: list[str]


@dataclass
class TableSummary:
    """One line of ``/game list`` or ``/game mine``: the table (channel or thread id), the
    game, who must act (seats; ``waiting_users``: their user ids), since when (epoch, None
    in the lobby) and the deadline (epoch, None without a turn limit)."""

    table: str
    game_pk: int
    game_id: str
    title: str
    status: str
    waiting: list[str]
    waiting_users: list[str]
    since: float | None
    deadline: float | None
    guild: str | None = None
    #: seat id -> the strength the AI plays it at (easy, normal, strong): the AI seats and the
    #: seats handed to the AI (resigned, voted out)
    ai: dict[str, str] = field(default_factory=dict)


def handed_over(why: str | None) -> Text:
    """The sentence telling a player why the AI plays their seat (:data:`HANDED_OVER`);
    a reason this program does not know reads as resigned."""

    return HANDED_OVER.get(why or RESIGNED, HANDED_OVER[RESIGNED])


def said(exc: Exception) -> str | Text:
    """What a ``ValueError`` (or another exception) of a parser says to the user: its
    :class:`bot.i18n.Text` when it carries one (rendered in the reader's language), else its
    English text."""

    arg = exc.args[0] if exc.args else None
    return arg if isinstance(arg, Text) else str(exc)


def ranked_view(view: dict, ranking: list[RankLine]) -> dict:
    """``view`` of a finished game with the host's final ranking, the one the channel
    shows: ``ranking`` = tiers of seat ids, best first, resigned players last (a renderer
    draws it instead of ranking by the scores itself); ``resigned`` = those seats;
    ``handover`` = seat -> why each of them went to the AI (``"resigned"``, ``"voted_out"``,
    ``"timed_out"``)."""

    tiers: list[list[str]] = []
    place = None
    for line in ranking:
        if line.place != place:
            tiers.append([])
            place = line.place
        tiers[-1].append(line.seat)
    gone = [line for line in ranking if line.resigned]
    return {
        **view,
        "ranking": tiers,
        "resigned": [line.seat for line in gone],
        "handover": {line.seat: line.handover or RESIGNED for line in gone},
    }


def rank_lines(
    engine: Any, state: Any, resigned: set[str], ai: set[str], handover: dict[str, str] | None = None
) -> list[RankLine]:
    """The engine's final ranking with the ``resigned`` seats moved below everyone who played
    on, in the engine's order among themselves (two resigned players are not both "last" at
    one shared place with different scores); ``ai``: seats the AI held from the start;
    ``handover``: why each resigned seat went to the AI (missing: resigned)."""

    scores = engine.scores(state)
    ranking = engine.ranking(state)
    tiers = [[p for p in tier if p not in resigned] for tier in ranking]
    tiers += [[p for p in tier if p in resigned] for tier in ranking]
    tiers = [t for t in tiers if t]
    out: list[RankLine] = []
    place = 1
    for tier in tiers:
        for p in tier:
            score = int(scores.get(p, 0))
            why = (handover or {}).get(p, RESIGNED) if p in resigned else None
            out.append(RankLine(place, p, score, p in resigned, p in ai, score_words(engine, score), why))
        place += len(tier)
    return out
