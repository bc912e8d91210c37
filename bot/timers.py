"""Turn clocks, reminders and quiet hours: pure scheduling rules (no discord, no I/O).

Times are epoch seconds (UTC, floats); durations are seconds. The host stores per table a
:class:`TableSettings` (JSON in ``games.settings``), per game when the current turn started
(``games.turn_started``), and per seat how many reminders were sent in this turn and the
vacation. From those, :func:`seat_plan` says for one waiting player when the next reminder
is due and when the turn's deadline passes; the service keeps the earliest of those over
all waiting players in ``games.next_due`` (indexed), so the periodic loop reads only the
tables that need it.

Rules implemented (the issue's words, and the precedents in ANCHORS.md §2 items 8, 10, 14):

* a reminder schedule is "first after ``remind_after``, then every ``remind_every``",
  at most ``remind_max`` reminders per turn; each step pings once (several steps missed
  while the bot was down make ONE reminder, and the count jumps to the steps elapsed);
* reminders are never sent in the player's quiet hours: a step due then waits until the
  quiet hours end (in the player's time zone, via :mod:`zoneinfo`);
* the deadline is ``turn_limit`` after the turn started; a vacation pauses it: the clock
  of a player on vacation starts when the vacation ends (and no reminder is sent meanwhile);
* deadlines are absolute (quiet hours delay reminders only), and no reminder is sent at
  or after the deadline (the deadline policy acts then).
"""

from __future__ import annotations

import datetime as _dt
import re
from dataclasses import dataclass
from typing import Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import BaseModel, Field

from bot.i18n import DEFAULT, LANGUAGE_IN_TEXT, T, Text, Tn, Tp

__all__ = [
    "TableSettings",
    "SeatPlan",
    "parse_duration",
    "parse_reminders",
    "format_duration",
    "parse_quiet",
    "zone",
    "in_quiet",
    "quiet_end",
    "seat_plan",
    "discord_time",
]

HOUR = 3600
DAY = 24 * HOUR

_UNITS = {"s": 1, "m": 60, "h": HOUR, "d": DAY, "w": 7 * DAY}
_PART = re.compile(r"(\d+(?:\.\d+)?)\s*([smhdw])")
#: the longest duration :func:`parse_duration` reads (about a thousand years; the host's own
#: limits for turns and reminders are far shorter and refused with their range)
MAX_DURATION = 365_000 * DAY
#: the longest time zone name :func:`zone` looks up (IANA names are at most about 30 characters)
MAX_ZONE_NAME = 64


def _quote(text: object, limit: int = 40) -> str:
    """``text`` as echoed back in a refusal: at most ``limit`` characters (an ellipsis marks the cut)."""

    t = str(text)
    return t if len(t) <= limit else t[: limit - 1] + "…"


def parse_duration(text: str | int | float | None) -> int | None:
    """Seconds in a duration written like ``24h``, ``90m``, ``2d``, ``1d12h``, ``1w``; a bare
    number means hours. ``off``/``none``/``0``/empty give None (no limit).
    ValueError (one sentence) for anything else, and for more than :data:`MAX_DURATION`
    (a number of hundreds of digits included)."""

    if text is None:
        return None
    if isinstance(text, (int, float)):
        total = float(text)
    else:
        t = text.strip().lower().replace(" ", "")
        if t in ("", "off", "none", "no", "0", "never"):
            return None
        if re.fullmatch(r"\d+(?:\.\d+)?", t):
            total = float(t) * HOUR
        else:
            pos, total = 0, 0.0
            for m in _PART.finditer(t):
                if m.start() != pos:
                    break
                total += float(m.group(1)) * _UNITS[m.group(2)]
                pos = m.end()
            if pos != len(t) or total <= 0:
                raise ValueError(T("`{text}` is not a duration; write e.g. 24h, 90m, 2d or off.", text=_quote(text)))
    if total <= 0:
        return None
    if not total <= MAX_DURATION:  # also infinity (float("1" * 400)) and NaN
        raise ValueError(
            T("`{text}` is longer than any game lasts; write e.g. 24h, 90m, 2d or off.", text=_quote(text))
        )
    return int(total)


#: words accepted for a reminder interval
_EVERY_WORDS = {"hourly": HOUR, "daily": DAY, "weekly": 7 * DAY}


def parse_reminders(text: str) -> tuple[int | None, int | None]:
    """``(remind_after, remind_every)`` seconds from a reminder schedule as players write it:

    * ``12h then daily`` / ``12h then 1d`` / ``12h then every 6h`` / ``12h,1d``: the first
      reminder 12 hours into a turn, then one a day (or every 6 hours);
    * ``12h``: one reminder only, 12 hours into a turn;
    * ``daily`` (or ``hourly``, ``weekly``): after a day, then every day;
    * ``off``: no reminders (``(None, None)``).

    ValueError (one sentence) for anything else."""

    t = (text or "").strip().lower()
    if t in ("off", "none", "no", "0", "never"):
        return None, None
    parts = [p.strip() for p in re.split(r"\s*(?:,|;|\bthen\b)\s*", t)]

    def one(part: str) -> int:
        part = re.sub(r"^every\s*", "", part)
        if part in _EVERY_WORDS:
            return _EVERY_WORDS[part]
        seconds = parse_duration(part)
        if seconds is None:
            raise ValueError
        return seconds

    try:
        if len(parts) == 1 and parts[0].removeprefix("every").strip() in _EVERY_WORDS:
            every = one(parts[0])
            return every, every
        if not 1 <= len(parts) <= 2 or not all(parts):
            raise ValueError
        return one(parts[0]), (one(parts[1]) if len(parts) == 2 else None)
    except ValueError:
        raise ValueError(
            T(
                "`{text}` is not a reminder schedule; write e.g. `12h then daily`,"
                " `6h then every 6h`, `12h` (one reminder) or `off`.",
                text=_quote(text),
            )
        ) from None


def format_duration(seconds: int | float | None) -> str:
    """``24h``, ``1d12h``, ``90m`` … (the inverse of :func:`parse_duration`); ``off`` for None."""

    if not seconds:
        return "off"
    seconds = int(seconds)
    out = []
    for unit, size in (("d", DAY), ("h", HOUR), ("m", 60), ("s", 1)):
        if seconds >= size:
            n, seconds = divmod(seconds, size)
            out.append(f"{n}{unit}")
    return "".join(out)


#: the AI strengths a table can choose (``engines.search.LEVELS``): easy is the heuristic that
#: scores each legal move once, normal and strong search ahead (more at strong)
Strength = Literal["easy", "normal", "strong"]
#: the AI strengths by name, to render in a language
STRENGTH_NAMES: dict[str, Text] = {
    "easy": Tp("AI strength", "easy"),
    "normal": Tp("AI strength", "normal"),
    "strong": Tp("AI strength", "strong"),
}
#: the languages a table may speak (:data:`bot.i18n.LANGUAGES`; ``qps``, the pseudo-language,
#: only in tests: the ``language:`` option offers the four languages only)
Language = Literal["en", "cs", "nl", "lt", "qps"]


class TableSettings(BaseModel):
    """A table's asynchronous-play settings (``/game new``, ``/game settings``).

    * ``turn_limit``: seconds a player has for a turn; None = no deadline (the default);
    * ``remind_after``, ``remind_every``: reminder schedule in seconds (first after 12 h,
      then daily by default; None turns reminders off / sends only one);
    * ``remind_max``: at most this many reminders per turn;
    * ``policy``: when a deadline passes, ``"ai"`` (the AI plays that turn, the seat keeps
      its owner, history marks the move) or ``"kick"`` (the other players vote; a majority
      hands the seat to the AI for the rest of the game and the player ranks last);
    * ``vacation_days``: days of ``/game vacation`` each player may take in this game;
    * ``board_posts``: ``"status"`` keeps ONE live status message edited in place and posts
      each move as one short line; ``"every"`` posts a new board after every move;
    * ``ai_strength``: how strong the AI is that plays an absent player's turn (deadline), a
      seat handed to the AI, and a new AI seat added without a strength: ``"easy"`` |
      ``"normal"`` | ``"strong"``; None: the host's default (``BOARDHOST_AI_STRENGTH``, normal);
    * ``bots``: each AI seat's strength by seat id (``/game addbot strength:``), kept with
      the game so a restart keeps it;
    * ``language``: what everyone at the table reads (status message, channel lines, board and
      summary images) is in this language (:data:`bot.i18n.LANGUAGES`); a stored game from
      before languages reads English.
    """

    turn_limit: int | None = None
    remind_after: int | None = 12 * HOUR
    remind_every: int | None = DAY
    remind_max: int = Field(default=10, ge=0)
    policy: Literal["ai", "kick"] = "ai"
    vacation_days: int = Field(default=14, ge=0)
    board_posts: Literal["status", "every"] = "status"
    ai_strength: Strength | None = None
    bots: dict[str, Strength] = Field(default_factory=dict)
    #: the language of what everyone at the table sees (status, channel lines, images)
    language: Language = DEFAULT

    def summary(self) -> Text:
        """One line for players: ``turn limit 24h (then the AI plays the turn) · reminders
        after 12h, then every 1d · vacation 14 days · one live status message · language:
        English`` (rendered in the reader's language)."""

        limit: Text
        if not self.turn_limit:
            limit = T("no turn limit")
        elif self.policy != "ai":
            limit = T(
                "turn limit {limit} (then the others may vote the player out)", limit=format_duration(self.turn_limit)
            )
        else:
            limit = T("turn limit {limit} (then the AI plays the turn)", limit=format_duration(self.turn_limit))
        rem: Text
        if not self.remind_after:
            rem = T("no reminders")
        elif self.remind_every:
            rem = T(
                "reminders after {after}, then every {every}",
                after=format_duration(self.remind_after),
                every=format_duration(self.remind_every),
            )
        else:
            rem = T("one reminder after {after}", after=format_duration(self.remind_after))
        if self.turn_limit and self.remind_after and self.remind_after >= self.turn_limit:
            # no reminder is sent after the deadline: this schedule never reminds anyone
            rem = T(
                "{reminders} (no reminder comes before the turn limit; set `reminders:` below {limit})",
                reminders=rem,
                limit=format_duration(self.turn_limit),
            )
        if self.ai_strength:
            # the table's strength plays every turn the AI takes over (a deadline, a seat
            # resigned or voted out) and new AI seats: one item, whatever the turn limit
            limit = T("{limit} · AI strength: {strength}", limit=limit, strength=STRENGTH_NAMES[self.ai_strength])
        board = T("one live status message") if self.board_posts == "status" else T("new board post every move")
        return T(
            "{limit} · {reminders} · {vacation} · {board} · {language}",
            limit=limit,
            reminders=rem,
            vacation=Tn("vacation {n} day", "vacation {n} days", self.vacation_days),
            board=board,
            language=T("language: {name}", name=LANGUAGE_IN_TEXT[self.language]),
        )


def parse_quiet(text: str) -> tuple[int, int] | None:
    """``22-08`` → (22, 8): quiet from 22:00 to 08:00 local time; ``off`` → None.
    ValueError for anything else (hours 0-23, start ≠ end)."""

    t = text.strip().lower()
    if t in ("off", "none", ""):
        return None
    m = re.fullmatch(r"(\d{1,2})(?::00)?\s*-\s*(\d{1,2})(?::00)?", t)
    if not m:
        raise ValueError(T("`{text}` is not a range of hours; write e.g. 22-08 (or off).", text=_quote(text)))
    start, end = int(m.group(1)), int(m.group(2))
    if not (0 <= start <= 23 and 0 <= end <= 23) or start == end:
        raise ValueError(T("Quiet hours are two different hours from 0 to 23, e.g. 22-08."))
    return start, end


def zone(name: str | None) -> ZoneInfo:
    """The :class:`zoneinfo.ZoneInfo` of an IANA name (``Europe/Prague``); UTC for None.
    ValueError (one sentence) for an unknown name, one longer than :data:`MAX_ZONE_NAME`,
    or one the system cannot look up (zoneinfo's OSError for a name too long for a file)."""

    if not name:
        return ZoneInfo("UTC")
    try:
        if len(name) > MAX_ZONE_NAME:
            raise ValueError
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        raise ValueError(
            T("`{name}` is not a time zone; write e.g. Europe/Prague or America/New_York.", name=_quote(name))
        ) from None


def _local(now: float, tz: str | None) -> _dt.datetime:
    return _dt.datetime.fromtimestamp(now, zone(tz))


def in_quiet(now: float, quiet: tuple[int, int] | None, tz: str | None) -> bool:
    """Whether ``now`` falls in the quiet hours ``(start, end)`` of time zone ``tz``
    (a range past midnight, e.g. 22-08, wraps)."""

    if quiet is None:
        return False
    start, end = quiet
    h = _local(now, tz).hour
    return start <= h < end if start < end else (h >= start or h < end)


def quiet_end(now: float, quiet: tuple[int, int] | None, tz: str | None) -> float:
    """``now`` if it is outside the quiet hours, else the moment they end (local ``end``:00,
    today or tomorrow, as an epoch; daylight-saving changes follow the zone)."""

    if not in_quiet(now, quiet, tz):
        return now
    local = _local(now, tz)
    end = local.replace(hour=quiet[1], minute=0, second=0, microsecond=0)
    if end <= local:
        end = (local + _dt.timedelta(days=1)).replace(hour=quiet[1], minute=0, second=0, microsecond=0)
    # replace() on an aware datetime keeps the offset of ``local``; rebuild it in the zone
    end = end.replace(tzinfo=None).replace(tzinfo=zone(tz))
    return end.timestamp()


@dataclass
class SeatPlan:
    """What the clock says about one waiting player at ``now``.

    ``start``: when their clock started (turn start, or the end of their vacation);
    ``deadline``: when the turn limit passes (None: no limit); ``overdue``: deadline passed;
    ``remind_now``: a reminder is due now (and it is not quiet for them); ``steps``: the
    number of schedule steps elapsed (store it as their reminder count once reminded);
    ``next_at``: when this player next needs the loop's attention (None: never).
    """

    start: float
    deadline: float | None
    overdue: bool
    remind_now: bool
    steps: int
    next_at: float | None


def _step_time(start: float, s: TableSettings, k: int) -> float | None:
    """When reminder ``k`` (0-based) of a turn that started at ``start`` is due."""

    if not s.remind_after or k >= s.remind_max:
        return None
    if k == 0:
        return start + s.remind_after
    if not s.remind_every:
        return None
    return start + s.remind_after + k * s.remind_every


def seat_plan(
    now: float,
    turn_started: float,
    s: TableSettings,
    reminded: int,
    vacation_until: float | None = None,
    quiet: tuple[int, int] | None = None,
    tz: str | None = None,
) -> SeatPlan:
    """The clock of one player who must act (see the module's rules)."""

    start = max(turn_started, vacation_until or 0.0)
    deadline = start + s.turn_limit if s.turn_limit else None
    if deadline is not None and now >= deadline:
        return SeatPlan(start, deadline, True, False, reminded, None)
    on_vacation = vacation_until is not None and now < vacation_until
    # steps elapsed by now
    steps = reminded
    while True:
        t = _step_time(start, s, steps)
        if t is None or t > now or (deadline is not None and t >= deadline):
            break
        steps += 1
    remind_now = steps > reminded and not on_vacation and not in_quiet(now, quiet, tz)
    # the next moment to look: a pending reminder (postponed past the quiet hours), the next
    # step, the end of a vacation, or the deadline
    candidates: list[float] = []
    if steps > reminded and not remind_now:
        candidates.append(vacation_until if on_vacation else quiet_end(now, quiet, tz))
    nxt = _step_time(start, s, steps if not remind_now else steps)
    if nxt is not None and (deadline is None or nxt < deadline):
        if nxt > now:
            candidates.append(nxt)
    if deadline is not None:
        candidates.append(deadline)
    return SeatPlan(start, deadline, False, remind_now, steps, min(candidates) if candidates else None)


def discord_time(epoch: float, style: Literal["R", "f", "F", "t", "d"] = "R") -> str:
    """A Discord timestamp token: ``<t:1767225600:R>`` shows "in 3 hours" in each reader's
    own time zone (``f``: date and time)."""

    return f"<t:{int(epoch)}:{style}>"
