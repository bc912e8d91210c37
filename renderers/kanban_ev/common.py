"""Kanban EV images: sizes (px), colours, short names, the canvas with player discs,
panels and chips, the view's lookups, and the small drawings several images share."""

from __future__ import annotations

import re
from types import SimpleNamespace

from engines.i18n import T, Text, Tn, Tp
from renderers.base import Canvas, local, measure

WIDTH = 1200

#: the departments by name, in the reader's language: the game's own catalog's words
#: (``engines.kanban_ev.rules.words.DEPT``, the same message ids in the same context)
DEPT = {
    d: Text(name, context="department", domain="kanban-ev")
    for d, name in (
        ("rd", "R&D"),
        ("assembly", "Assembly"),
        ("logistics", "Logistics"),
        ("design", "Design"),
        ("admin", "Administration"),
    )
}


#: a department's name in the phone summary's seat lines ("at R&D lower", "certified
#: Logistics"), where a seat's facts share two lines of a phone-wide image: the name as a
#: player says it, shortened where the full one is long (Lithuanian "Tyrimai ir plėtra" is
#: "Tyrimai" there; "Administration" is "Admin")
DEPT_SUMMARY = {
    "rd": Tp("department, short name", "R&D"),
    "assembly": Tp("department, short name", "Assembly"),
    "logistics": Tp("department, short name", "Logistics"),
    "design": Tp("department, short name", "Design"),
    "admin": Tp("department, short name", "Admin"),
}

MAX_HEIGHT = 1600


M = 10

#: the day, week and cycle clauses that begin the engine's status, one number each, in every
#: language ("Day 7, week 1, cycle 0, ", "Den 7, týden 1, cyklus 0, ", "7 diena, 1 savaitė, 0
#: ciklas, "): the factory's status panel and the phone summary have them in their head already
STATUS_HEAD = re.compile(r"^(?:[^,\d]*\d+[^,\d]*, ){3}")


HAND_WIDTH = 600  # px, the hand image sent by DM (read on a phone)


BG = "#e6e1d6"


PANEL = "#ffffff"


INK = "#111111"


SOFT = "#333333"


LINE = "#8c8577"


EMPTY = "#f1efe9"


ACTIVE = "#ffd21f"


SANDRA = "#7b1fa2"


PLAYER_COLOUR = ["#c62828", "#1565c0", "#2e7d32", "#b26a00"]


DEPT_TINT = {"rd": "#e3eefb", "assembly": "#fbe9e1", "logistics": "#e6f4e4", "design": "#f6eefb", "admin": "#f4f1e1"}


class _Words(dict):
    """Short words by id, read in the language being drawn (each a host-catalog message):
    ``PART_SHORT["battery"]`` is ``"batt"`` in English."""

    def __getitem__(self, key):
        return local(super().__getitem__(key))

    def get(self, key, default=None):
        return self[key] if key in self else default


PART_SHORT = _Words(
    {
        "autopilot": Tp("car part short", "auto"),
        "battery": Tp("car part short", "batt"),
        "blank": Tp("car part short", "blank"),
        "body": Tp("car part short", "body"),
        "drivetrain": Tp("car part short", "drive"),
        "electronics": Tp("car part short", "elec"),
        "motor": Tp("car part short", "motor"),
    }
)


PART_COLOUR = {
    "autopilot": "#cfe3ff",
    "battery": "#d7f5cf",
    "body": "#ffe0b8",
    "drivetrain": "#e6d6ff",
    "electronics": "#fff3a8",
    "motor": "#ffd0d0",
}


MODEL_SHORT = _Words(
    {
        "city": Tp("car model", "city"),
        "suv": Tp("car model", "SUV"),
        "truck": Tp("car model", "truck"),
        "sports": Tp("car model", "sports"),
        "concept": Tp("car model", "concept"),
    }
)


#: a car model where only a chip of the test track's queue holds it (50 px at 14 px): the
#: word, or a catalog's short form of it (cs "měst." for "městské", lt "sunkv." for "sunkvež.")
MODEL_TINY = _Words(
    {
        "city": Tp("car model short", "city"),
        "suv": Tp("car model short", "SUV"),
        "truck": Tp("car model short", "truck"),
        "sports": Tp("car model short", "sports"),
        "concept": Tp("car model short", "concept"),
    }
)


MODEL_COLOUR = {"city": "#bfe6ff", "suv": "#c8efc0", "truck": "#ffd9a8", "sports": "#ffc2c2", "concept": "#e0ccff"}


BENEFIT_WORD = _Words(
    {
        "pp": Tp("benefit", "PP"),
        "shift": Tp("benefit", "shift"),
        "book": Tp("benefit", "book"),
        "voucher": Tp("benefit", "vchr"),
        "speech": Tp("benefit", "speech"),
    }
)
#: the benefit words where room is short: a speech token is "tok"
BENEFIT_SHORT = _Words(
    {
        "speech": Tp("benefit", "tok"),
        "shift": Tp("benefit short", "shift"),
        "book": Tp("benefit short", "book"),
    }
)

#: two or more of a benefit, each word in its plural form for the count (Czech "2 knihy", "5 knih")
BENEFIT_COUNT = {
    "shift": lambda n: Tn("{n} shift", "{n} shifts", n),
    "book": lambda n: Tn("{n} book", "{n} books", n),
    "voucher": lambda n: Tn("{n} vchr", "{n} vchr", n),
    "speech": lambda n: Tn("{n} speech", "{n} speeches", n),
}


def _benefit(b: dict | None, short: bool = False) -> str:
    """``{"pp": 3}`` -> ``3PP``; ``{"shift": 1, "speech": 1}`` -> ``shift+speech`` (with
    ``short``: ``shift+tok``); ``{"book": 2}`` -> ``2 books`` (with ``short``: ``2×book``, the
    short word uninflected), in the language being drawn."""

    if not b:
        return "-"
    if len(b) >= 4 and all(v == 1 for v in b.values()):
        return local(T("1 of each"))
    out = []
    for k, v in b.items():
        if k == "pp":
            out.append(f"{v}PP")
        else:
            word = BENEFIT_SHORT.get(k) if short and k in BENEFIT_SHORT else BENEFIT_WORD.get(k, k)
            if v == 1:
                out.append(word)
            elif short or k not in BENEFIT_COUNT:
                out.append(f"{v}×{word}")
            else:
                out.append(local(BENEFIT_COUNT[k](v)))
    return "+".join(out)


class _Canvas(Canvas):
    """The shared canvas with Kanban EV's player discs, panels and chips."""

    def __init__(self, width: int = WIDTH, height: int = MAX_HEIGHT) -> None:
        super().__init__(width, height, BG, INK)

    def disc(self, x, y, d, n: int, tag, size=14):
        """Player ``n``'s disc (0-based seat), diameter ``d``, with their number 1-4."""

        col = PLAYER_COLOUR[n % len(PLAYER_COLOUR)]
        self.ellipse(x, y, d, d, tag, col, "#000000", 1)
        self.text(x + d // 2, y + d // 2, str(n + 1), size, tag, "#ffffff", "mm")

    def panel(self, x, y, w, h, tag, title="", fill=PANEL, size=20):
        self.rect(x, y, w, h, tag, fill, LINE, 2, 8)
        if title:
            self.text(x + 10, y + 6, title, size, tag)

    def chip(self, x, y, w, h, label, tag, fill, size=15, outline=LINE):
        """A small box with a centred label."""

        self.rect(x, y, w, h, tag, fill, outline, 1, 4)
        if label:
            self.fit(x + w // 2, y + h // 2, label, size, w - 4, tag, INK, "mm")


class _Board:
    """The public view with convenient lookups."""

    def __init__(self, view: dict):
        self.v = view
        self.players: list[str] = list(view.get("players", []))
        self.seats: list[dict] = list(view.get("seats", []))
        self.n = len(self.players)
        self.t = view.get("t") or {}
        #: the printed boards' facts, from the engine's view (``view["printed"]``)
        self.F = SimpleNamespace(**view["printed"])

    def name(self, i: int) -> str:
        return self.players[i] if 0 <= i < self.n else "?"


def _wrap_list(items: list[str], widths: list[int], size: int) -> list[str]:
    """``items`` joined with ", " into at most ``len(widths)`` lines, line k at most
    ``widths[k]`` px wide; what does not fit ends the last line as "+n more"."""

    if not items:
        return [local(T("none yet"))]
    lines: list[str] = []
    k = 0
    while k < len(items) and len(lines) < len(widths):
        w = widths[len(lines)]
        last = len(lines) == len(widths) - 1
        cur = items[k] + ("," if k + 1 < len(items) else "")
        k += 1
        while k < len(items):
            cand = cur + " " + items[k] + ("," if k + 1 < len(items) else "")
            rest = len(items) - k - 1
            tail = " " + local(T("+{n} more", n=rest)) if last and rest else ""
            if measure(cand + tail, size)[0] > w:
                break
            cur = cand
            k += 1
        if last and k < len(items):
            cur = cur.rstrip(",") + " " + local(T("+{n} more", n=len(items) - k))
        lines.append(cur)
    return lines


def _spaces(
    c: _Canvas,
    x: int,
    y: int,
    step: int,
    w: int,
    h: int,
    n: int,
    certified,
    filled: int,
    lock: str,
    lock_tag: str,
    space_tag,
    draw,
) -> None:
    """A row of ``n`` + 1 board spaces ``w`` x ``h`` from ``(x, y)``, ``step`` px apart: the
    last one padlocked until the department is ``certified`` (chip ``lock``, tag
    ``lock_tag``), the first ``filled`` hold something (``draw(k, x)``), the rest are empty
    (tag ``space_tag(k)``)."""

    unlocked = n + (1 if certified else 0)
    for k in range(n + 1):
        sx = x + k * step
        if k >= unlocked:
            c.chip(sx, y, w, h, lock, lock_tag, "#cfcfcf", 14, INK)
        elif k < filled:
            draw(k, sx)
        else:
            c.chip(sx, y, w, h, "", space_tag(k), EMPTY)


def _design_chip(c: _Canvas, x, y, w, h, des: str, tag: str):
    if not des:
        c.chip(x, y, w, h, "", tag, EMPTY, 14)
        return
    m, pt = des.split("-")
    c.rect(x, y, w, h, tag, MODEL_COLOUR.get(m, EMPTY), LINE, 1, 5)
    c.fit(x + 4, y + (h - 18) // 2, f"{MODEL_SHORT.get(m, m)} {PART_SHORT.get(pt, pt)}", 15, w - 8, tag)
