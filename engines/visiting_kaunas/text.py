"""Visiting Kaunas in words: the rules summary per topic and the names of cards, upgrades
and steps used in events, statuses and move descriptions."""

from __future__ import annotations

from . import data as D
from .state import State

#: an English summary of the rules per topic (a host's rules command), "overview" first
RULES_SUMMARY: dict[str, str] = {
    "overview": "Build Freedom Avenue: each turn buy a building by moving one of your ships on the grid "
    "(pay distance × the level of the event deck's top card), then roll 3 dice and assign each "
    "to an event card's time zone or to its own action. Most money when the event deck runs out wins; "
    "ties go to more buildings.",
    "dice": "Dice resolve highest first. 6: bring in or move your Grande (pays double). 5: take the building in a "
    "row at your column ship free (others may buy theirs for 2 × level). 4: same with a column. "
    "3: an upgrade. 2: reveal two face-down level 1/2 events. 1: put a discarded event face up.",
    "events": "A die on an event card picks a time zone (slot 1/2/3 = morning/midday/evening). If the card has "
    "that zone, every player moves as many tourists as the die shows, then is paid; otherwise the card "
    "goes face up. No die on any event: put coins equal to your longest row on a face-down card.",
    "tourists": "Tourists move only to the right or across the street, stay in the event's time zone, enter "
    "from your supply into matching buildings, need an open building with room, and move at most "
    "once per event. Leaving tourists with nowhere further to go leave the city.",
    "moves": "Names in moves: grid columns and rows from 1 (top-left); event board up1-up3 (face up) and "
    "down1-down3 (face down); your street rows a (upper) and b (lower), buildings a1, a2, b1 … left "
    "to right; zones morning, midday, evening. Examples: `ship top 3`, `build b`, `event 5 down2 "
    "evening`, `use 6`, `grande a1 midday`, `tourist supply a2`, `draw 2`, `choose u07 a1`.",
}


# ------------------------------------------------------------------ text
def card_words(cid: str) -> str:
    e = D.EVENTS[cid]
    target = D.BUILDINGS[e.target].name if e.target in D.BUILDINGS else e.target.capitalize()
    way = {"coming": "in", "leaving": "out", "both": "in/out"}[e.direction]
    zones = "all day" if len(e.zones) == 3 else " and ".join(e.zones)
    return f"{cid} ({target} {way}; {zones})"


def upgrade_words(u: str) -> str:
    up = D.UPGRADES[u]
    parts = ([f"+{up.capacity} capacity"] if up.capacity else []) + ([f"+${up.price}"] if up.price else [])
    where = "all zones" if len(up.zones) == 3 else up.zones[0]
    return f"{u} ({' '.join(parts)} {where})"


def step_text(s: State) -> str:
    p = s.players[s.active] if s.players else ""
    return {
        "buy": f"{p} buys a building (move a ship)",
        "build": "place the new building in a street row",
        "assign": f"{p} assigns dice " + ", ".join(str(d.v) for d in s.dice if not d.use),
        "penalty": f"{p} puts penalty coins on a face-down event card",
        "resolve": f"{p} resolves dice",
        "reveal": f"{p} reveals event cards",
        "choose": f"{p} chooses an upgrade",
        "cover": f"{p} chooses which face-up card to cover",
        "tourists": f"event {s.moving} ({s.move_zone}): everyone moves tourists",
        "offers": "other players may buy the building at their ship",
        "over": "game over",
    }.get(s.phase, s.phase)
