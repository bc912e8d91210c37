"""The compact "phone" summary image posted after every move, shared by all games.

A game's renderer package exposes ``summary(view) -> Summary`` (from ``engine.view(state,
None)``: the step, one :class:`SeatSummary` per seat with the score and the resources a
player weighs, the table's shared facts, and what the game waits for). :func:`summary_layout`
draws it on a narrow canvas in large type:

* ``summary:head``: the game's title and the step (round, phase, turn…);
* ``summary:last``: what the last move changed, in the events' own words (the bot passes the
  move's public events; without them a game whose view keeps its recent moves shows those);
* ``summary:picture``: optionally, a drawing of what the move changed (Transport: the field
  around the changed cells);
* ``summary:seat:<n>``: one box per seat in seat order (ranking order once the game is
  over), the seat to act outlined in its colour and badged "to act";
* ``summary:table``: the shared facts (market, energy price, decks…);
* ``summary:status``: whose turn and what is awaited, and where the full board is.

Sizes: :data:`WIDTH` = 600 px wide, height as needed (at most :data:`MAX_HEIGHT`); the
smallest text is :data:`SMALL` = 16 px, i.e. 16 × 400 / 600 ≈ 10.7 px when a phone shows the
image 400 px wide (:data:`renderers.base.PHONE_MIN_TEXT` is 9); a picture's labels may be
14 px (icon letters on Transport's smaller hexes): 14 × 400 / 600 ≈ 9.3 px.
"""

from __future__ import annotations

from pydantic import BaseModel, Field, SkipValidation

from engines.i18n import T, Tp
from renderers.base import Canvas, Ellipse, Layout, Rect, Text, fit_text, line_height, local, measure, wrap

__all__ = ["Fact", "Label", "SeatSummary", "Summary", "summary_layout", "WIDTH", "MAX_HEIGHT", "SMALL"]

#: a text of the summary: a plain ``str`` (a name, a number, a sentence already in the
#: image's language) or an :class:`engines.i18n.Text`, kept as it is (pydantic would turn
#: it into its English ``str``) and rendered in the image's language when drawn
Label = SkipValidation[str]

WIDTH = 600
MAX_HEIGHT = 1400
M = 14  # margin
SMALL = 16  # px, the smallest text drawn
BODY = 18
NAME = 21
TITLE = 26

BG = "#f4f1ea"
HEAD = "#1f2a36"
INK = "#141414"
SOFT = "#3a3a3a"  # secondary text, ~11:1 on white
ACT = "#ffd21f"
LINE = "#9a9284"

#: most event lines shown under "Last move" (the text message carries them all)
MAX_EVENT_LINES = 7
#: lines the newest event may wrap onto (never cut before then: a final-scoring line ends with its total)
NEWEST_EVENT_LINES = 14


class SeatSummary(BaseModel):
    """One seat: ``name`` (display name), ``colour`` ("#rrggbb"), ``score`` as shown on the
    right ("25 Elektro"), ``facts`` short strings ("Production 6") flowed over at most two
    lines, ``acting`` when the game waits for this seat, ``place`` (1 = first) once over,
    ``note`` a short tag ("resigned", "first player"); ``seat``: the seat as the view names it
    (its ``players`` entry), by which :func:`host_ranked` finds it ("": ``name``)."""

    name: Label
    colour: str = "#777777"
    score: Label = ""
    facts: list[Label] = Field(default_factory=list)
    acting: bool = False
    place: int | None = None
    note: Label = ""
    seat: str = ""


class Fact(BaseModel):
    """A line of the table's shared facts: ``label`` ("Market:") then ``items`` flowed over
    lines without splitting one (see :func:`_flow`)."""

    label: Label
    items: list[Label] = Field(default_factory=list)


class Summary(BaseModel):
    """What the summary image shows (see the module doc); ``events``: the game's own recent
    moves, replaced by :func:`renderers.render_summary` with the caller's events when given."""

    title: Label
    step: Label = ""
    seats: list[SeatSummary] = Field(default_factory=list)
    table: SkipValidation[list[str | Fact]] = Field(default_factory=list)
    status: Label = ""
    over: bool = False
    events: list[Label] = Field(default_factory=list)
    #: a picture of what the move changed (e.g. Transport's field around the changed cells),
    #: at most :data:`PICTURE_W` px wide, drawn under "Last move" (tag ``summary:picture``)
    picture: Layout | None = None


#: the tag of a seat the AI took over, by why (the view's ``handover``; others: resigned)
GONE = {"voted_out": Tp("image label", "voted out"), "timed_out": Tp("image label", "timed out")}


def host_ranked(s: Summary, view: dict) -> None:
    """Once the game is over, ``s``'s seats in the host's final ranking, the one the channel
    posts: ``view["ranking"]`` (tiers of seats, best first, seats handed to the AI last:
    :func:`bot.service.ranked_view`), places counted as the posted ranking counts them (1,
    1, 3), and each seat in ``view["resigned"]`` tagged resigned / voted out / timed out. A
    view without a ranking (a game played outside the host) keeps the renderer's own."""

    tiers = view.get("ranking")
    if not s.over or not tiers:
        return
    by_seat = {seat.seat or str(seat.name): seat for seat in s.seats}
    why = view.get("handover") or {}
    gone = set(view.get("resigned") or ())
    ranked, place = [], 1
    for tier in tiers:
        for p in tier:
            seat = by_seat.pop(str(p), None)
            if seat is not None:
                seat.place = place
                if p in gone:
                    seat.note = GONE.get(why.get(p), Tp("image label", "resigned"))
                ranked.append(seat)
        place += len(tier)
    s.seats = ranked + list(by_seat.values())


#: the width a :attr:`Summary.picture` may use
PICTURE_W = WIDTH - 2 * M


def _moved(e, dx: int, dy: int):
    """A copy of layout element ``e`` shifted by (dx, dy), tagged ``summary:picture:<tag>``."""

    tag = f"summary:picture:{e.tag}" if e.tag else "summary:picture"
    if isinstance(e, (Rect, Ellipse, Text)):
        return e.model_copy(update={"x": e.x + dx, "y": e.y + dy, "tag": tag})
    return e.model_copy(update={"points": [(x + dx, y + dy) for x, y in e.points], "tag": tag})


def _flow(items: list[str], width: int, size: int, gap: str = "   ") -> list[str]:
    """``items`` joined with ``gap`` into lines of at most ``width`` px, never splitting an
    item (an item wider than a line is shortened with "…")."""

    lines: list[str] = []
    cur = ""
    for item in items:
        item = fit_text(item, width, size)
        cand = f"{cur}{gap}{item}" if cur else item
        if cur and measure(cand, size)[0] > width:
            lines.append(cur)
            cur = item
        else:
            cur = cand
    if cur:
        lines.append(cur)
    return lines


def _ordinal(n: int) -> str:
    """A place as the image's language writes it: "1st", "2nd" in English (the suffix by
    English's rule, one message per suffix), "1." in Czech and Lithuanian, "1e" in Dutch."""

    if 10 <= n % 100 <= 20 or n % 10 not in (1, 2, 3):
        return local(Tp("place", "{n}th", n=n))
    return local({1: Tp("place", "{n}st", n=n), 2: Tp("place", "{n}nd", n=n), 3: Tp("place", "{n}rd", n=n)}[n % 10])


def summary_layout(s: Summary) -> Layout:
    """The summary image's layout (see the module doc); every text ≥ :data:`SMALL` px."""

    c = Canvas(WIDTH, MAX_HEIGHT, BG, INK)
    inner = WIDTH - 2 * M

    # ---- head: title and step ----
    step_lines = wrap(s.step, inner - 16, BODY + 2, max_lines=2) if s.step else []
    h = 14 + line_height(TITLE) + len(step_lines) * line_height(BODY + 2) + 10
    c.rect(0, 0, WIDTH, h, "summary:head", HEAD)
    c.fit(M + 4, 12, s.title, TITLE, inner - 8, "summary:head", "#ffffff")
    y = 14 + line_height(TITLE)
    for ln in step_lines:
        c.text(M + 4, y, ln, BODY + 2, "summary:head", ACT)
        y += line_height(BODY + 2)
    y = h + 10

    # ---- last move ----
    if s.events:
        # the newest events matter most: the newest is wrapped whole (up to
        # NEWEST_EVENT_LINES lines, e.g. a long final-scoring sentence ending in its total),
        # then earlier ones from the last back while they fit in MAX_EVENT_LINES (one longer
        # than the room left is cut with "…", earlier ones are left out)
        # (at the game's end every player's final scoring counts: twice the room, and an
        # earlier event that does not fit whole is left out, never cut before its total)
        most = MAX_EVENT_LINES * (2 if s.over else 1)
        lines: list[str] = []
        for k, ev in enumerate(reversed(s.events)):
            room = NEWEST_EVENT_LINES if k == 0 else most - len(lines) - 1
            if room <= 0:
                break
            wrapped = wrap(ev, inner - 40, BODY, max_lines=room)
            if k and len(wrapped) < len(wrap(ev, inner - 40, BODY)):
                break  # it would be cut: said in the message text instead
            lines = [("• " if i == 0 else "   ") + ln for i, ln in enumerate(wrapped)] + lines
        if len(lines) < sum(len(wrap(ev, inner - 40, BODY)) for ev in s.events):
            lines = [local(T("… (earlier events: in the message text)"))] + lines
        box_h = 10 + line_height(SMALL) + 4 + len(lines) * line_height(BODY) + 8
        c.rect(M, y, inner, box_h, "summary:last", "#ffffff", LINE, 1, 8)
        c.text(M + 12, y + 8, Tp("image label", "Last move"), SMALL, "summary:last", SOFT)
        yy = y + 10 + line_height(SMALL) + 4
        for ln in lines:
            c.text(M + 12, yy, ln, BODY, "summary:last")
            yy += line_height(BODY)
        y += box_h + 10

    # ---- what the move changed, drawn ----
    if s.picture is not None:
        c.rect(M, y, s.picture.width, s.picture.height, "summary:picture", s.picture.background, LINE, 1, 8)
        for e in s.picture.elements:
            c.add(_moved(e, M, y))
        y += s.picture.height + 10

    # ---- seats ----
    for i, seat in enumerate(s.seats):
        tag = f"summary:seat:{i + 1}"
        facts = _flow(seat.facts, inner - 30, SMALL + 1)[:3]
        box_h = 10 + line_height(NAME) + len(facts) * line_height(SMALL + 1) + 8
        c.rect(M, y, inner, box_h, tag, "#ffffff", seat.colour if seat.acting else LINE, 4 if seat.acting else 1, 8)
        c.rect(M, y, 10, box_h, tag, seat.colour, None, 0, 0)
        x = M + 20
        if seat.place is not None:
            place = _ordinal(seat.place)
            c.text(x, y + 8, place, NAME, tag)
            x += measure(place, NAME)[0] + 10
        right = WIDTH - M - 14
        score_w = measure(seat.score, NAME + 1)[0] if seat.score else 0
        if seat.score:
            c.text(right, y + 8, seat.score, NAME + 1, tag + ":score", anchor="ra")
        to_act = seat.acting and not s.over
        badge = local(Tp("image label", "to act")) if to_act else local(seat.note)
        badge_w = measure(badge, SMALL)[0] + 14 if badge else 0
        name_w = right - score_w - (badge_w + 10 if badge else 0) - x - 12
        name = c.fit(x, y + 8, seat.name, NAME, name_w, tag + ":name")
        if badge:
            bx = x + name.w + 10
            fill = ACT if to_act else "#e4e0d6"
            c.rect(bx, y + 10, badge_w, line_height(SMALL) + 2, tag + ":badge", fill, None, 0, 5)
            c.text(bx + 7, y + 11, badge, SMALL, tag + ":badge")
        yy = y + 10 + line_height(NAME)
        for ln in facts:
            c.text(M + 20, yy, ln, SMALL + 1, tag + ":facts", SOFT)
            yy += line_height(SMALL + 1)
        y += box_h + 8

    # ---- the table's shared facts ----
    table = [
        ln
        for fact in s.table
        for ln in (
            _flow(
                [f"{local(fact.label)} {local(fact.items[0])}"]
                if len(fact.items) == 1
                else [f"{local(fact.label)} {local(fact.items[0])},"]
                + [f"{local(i)}," for i in fact.items[1:-1]]
                + [local(fact.items[-1])],
                inner - 24,
                SMALL + 1,
                " ",
            )
            if isinstance(fact, Fact) and fact.items
            else wrap(getattr(fact, "label", fact), inner - 24, SMALL + 1)
        )
    ]
    if table:
        box_h = 8 + len(table) * line_height(SMALL + 1) + 8
        c.rect(M, y, inner, box_h, "summary:table", "#ebe6da", None, 0, 8)
        yy = y + 8
        for ln in table:
            c.text(M + 12, yy, ln, SMALL + 1, "summary:table")
            yy += line_height(SMALL + 1)
        y += box_h + 8

    # ---- whose turn ----
    status = wrap(s.status, inner - 24, BODY, max_lines=4) if s.status else []
    box_h = 8 + len(status) * line_height(BODY) + line_height(SMALL) + 10
    c.rect(M, y, inner, box_h, "summary:status", "#fff6cf" if not s.over else "#e7f0e2", LINE, 1, 8)
    yy = y + 8
    for ln in status:
        c.text(M + 12, yy, ln, BODY, "summary:status")
        yy += line_height(BODY)
    # the command as the reader's Discord client names it (the translations spell it so)
    c.text(M + 12, yy + 2, T("Full board: /game board"), SMALL, "summary:status:hint", SOFT)
    y += box_h + M

    c.lay.height = y
    return c.lay
