"""The rows a :class:`bot.store.Store` reads and writes, and the JSON text both SQL stores
keep."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

__all__ = ["GameRow", "SeatRow", "ActionRow", "VoteRow", "Move", "dumps", "RESIGNED", "VOTED_OUT", "TIMED_OUT"]

#: why the AI plays a human's seat (:attr:`SeatRow.handover`): its player resigned, the other
#: players voted them out, or their time ran out with nobody left to vote (``kick`` deadline)
RESIGNED = "resigned"
VOTED_OUT = "voted_out"
TIMED_OUT = "timed_out"


def dumps(data: Any) -> str:
    """JSON text as both stores keep it: compact, keys sorted (a snapshot's text is the same
    byte for byte in SQLite and PostgreSQL, so a migration can compare them)."""

    return json.dumps(data, separators=(",", ":"), sort_keys=True)


@dataclass
class GameRow:
    pk: int
    table_id: str
    game_id: str
    options: dict
    seed: int
    status: str
    host: str
    version: int
    #: last version posted to the channel (-1: none yet)
    posted: int = -1
    #: per-table settings (``bot.timers.TableSettings`` as JSON)
    settings: dict = field(default_factory=dict)
    #: epoch seconds since when the current player(s) must act (None: no clock)
    turn_started: float | None = None
    #: epoch seconds when the periodic loop must look at this game (None: never)
    next_due: float | None = None
    #: id of the live status message edited in place (None: none yet)
    status_message: str | None = None
    #: the Discord server (guild) id of the table, for /game list (None: unknown)
    guild: str | None = None


@dataclass
class SeatRow:
    seat: str
    user_id: str | None
    joined: int
    seat_order: int | None
    is_ai: bool
    resigned: bool
    dm_ok: bool
    #: reminders sent to this seat in the current turn
    reminded: int = 0
    #: epoch seconds until which the player is on vacation (None: not)
    vacation_until: float | None = None
    #: vacation seconds used in this game
    vacation_used: float = 0.0
    #: why the AI plays this human seat (:data:`RESIGNED`, :data:`VOTED_OUT`,
    #: :data:`TIMED_OUT`) when ``resigned``; None while its player plays it
    handover: str | None = None


@dataclass
class ActionRow:
    seq: int
    seat: str
    action: dict
    #: None: played by the seat's player (or an AI seat); "ai": the AI played it for an
    #: absent player (deadline) or for a seat handed to it (resigned, voted out); "undo": a marker row undoing the seqs in ``action["undo"]``
    flag: str | None = None
    #: taken back by a later undo
    undone: bool = False
    #: the move's text for every viewer as :func:`bot.movelog.move_text` writes it (JSON; a row
    #: from before that format: the describe sentence and public events, one per line;
    #: None: not stored, see :func:`bot.movelog.read_move_text`)
    text: str | None = None
    #: epoch seconds of the commit
    created: float = 0.0


@dataclass
class VoteRow:
    """An open or decided vote: ``kind`` "undo" (subject: the requesting seat) or "kick"
    (subject: the absent seat); ``version``: the game's version when it was opened;
    ``voters``: seats who must answer; ``yes``: those who said yes; ``status`` open /
    passed / refused / lapsed / withdrawn (never posted) / substituted (closed by
    ``/game substitute``)."""

    pk: int
    game_pk: int
    kind: str
    subject: str
    version: int
    voters: list[str]
    yes: list[str]
    status: str = "open"


@dataclass
class Move:
    """One :meth:`Store.commit`, worked out for the backend: ``log`` holds one ``(seq,
    seat, action JSON, flag, text)`` per action (seqs from ``expected_version + 1``),
    ``snapshot`` the state's JSON text, ``now`` the epoch seconds stored as created/updated."""

    game_pk: int
    expected_version: int
    new_version: int
    log: list[tuple[int, str, str, str | None, str | None]]
    snapshot: str
    status: str
    resigned: str | None
    clock: tuple[float | None, float | None] | None
    now: float
    #: why the ``resigned`` seat goes to the AI (:data:`RESIGNED`, :data:`VOTED_OUT`, :data:`TIMED_OUT`)
    handover: str = RESIGNED
