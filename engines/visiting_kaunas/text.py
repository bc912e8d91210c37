"""Visiting Kaunas in words: the rules summary per topic and the names of buildings, cards,
upgrades and steps used in events, statuses and move descriptions, as texts of the game's
catalog (:mod:`engines.i18n`; the catalogs are bot/locale/<lang>/LC_MESSAGES/visiting-kaunas.po)."""

from __future__ import annotations

from functools import cache, lru_cache

from engines.i18n import Code, Text, texts

from . import data as D
from .state import State

T, Tn, Tp = texts("visiting-kaunas")

#: ``Code(value)``, one shared instance per value (texts are immutable, and the ids of the
#: notation repeat: street labels, card ids, board positions)
code = lru_cache(maxsize=2048)(Code)

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
# Every word a player reads is a Text of the game's catalog ("visiting-kaunas"); card and
# upgrade ids, street labels and board positions stay as they are written in moves (Code).

#: the printed building names (data.BUILDINGS' ``name``), as words of the catalog
BUILDING_NAMES: dict[str, Text] = {
    "museum": Tp("building", "Modern Art Museum"),
    "cafe": Tp("building", "Café"),
    "bistro": Tp("building", "Bistro"),
    "pizzeria": Tp("building", "Pizzeria"),
    "restaurant": Tp("building", "Restaurant"),
    "eurostore": Tp("building", "Euro store"),
    "watches": Tp("building", "Watches store"),
    "clothes": Tp("building", "Clothes shop"),
    "souvenir": Tp("building", "Souvenir shop"),
    "gallery": Tp("building", "Gallery"),
    "theatre": Tp("building", "Theatre"),
    "church": Tp("building", "Church"),
    "nightclub": Tp("building", "Night club"),
    "bank": Tp("building", "Bank"),
    "pool": Tp("building", "Pool"),
    "park": Tp("building", "Park"),
}
#: an event card's category target, capitalised as on the card
CATEGORY_NAMES: dict[str, Text] = {
    "food": Tp("building category", "Food"),
    "shop": Tp("building category", "Shop"),
    "culture": Tp("building category", "Culture"),
    "other": Tp("building category", "Other"),
}
#: the time zones in a sentence ("in the {zone}")
ZONE_WORDS: dict[str, Text] = {
    "morning": Tp("time zone", "morning"),
    "midday": Tp("time zone", "midday"),
    "evening": Tp("time zone", "evening"),
}
#: the time zones as a choice's label
ZONE_LABELS: dict[str, Text] = {
    "morning": Tp("time zone", "Morning"),
    "midday": Tp("time zone", "Midday"),
    "evening": Tp("time zone", "Evening"),
}
#: the zones an event card is active in (one zone: its word)
_EVENT_ZONES: dict[tuple[str, ...], Text] = {
    ("morning", "midday", "evening"): Tp("event zones", "all day"),
    ("morning", "midday"): Tp("event zones", "morning and midday"),
    ("midday", "evening"): Tp("event zones", "midday and evening"),
    ("morning", "evening"): Tp("event zones", "morning and evening"),
    **{(z,): w for z, w in ZONE_WORDS.items()},
}
assert set(BUILDING_NAMES) == set(D.BUILDINGS) and set(CATEGORY_NAMES) == set(D.CATEGORIES)


def building_name(bid: str) -> Text:
    """The printed name of building ``bid`` (``"Café"``), a word of the catalog."""

    return BUILDING_NAMES[bid]


def zone_word(zone: str) -> Text:
    """``"morning"`` … as a word of the catalog (an unknown zone as itself)."""

    return ZONE_WORDS.get(zone) or Code(zone)


def _zones_words(zones: tuple[str, ...]) -> Text:
    found = _EVENT_ZONES.get(tuple(zones))
    if found is not None:
        return found
    return T("{first} and {second}", first=zone_word(zones[0]), second=zone_word(zones[1]))


@cache
def card_words(cid: str) -> Text:
    """An event card as ``"e07 (Culture in; all day)"``: id, target, direction, zones."""

    e = D.EVENTS[cid]
    target = BUILDING_NAMES[e.target] if e.target in D.BUILDINGS else CATEGORY_NAMES[e.target]
    zones = _zones_words(e.zones)
    card = code(cid)
    if e.direction == "coming":
        return T("{card} ({target} in; {zones})", card=card, target=target, zones=zones)
    if e.direction == "leaving":
        return T("{card} ({target} out; {zones})", card=card, target=target, zones=zones)
    return T("{card} ({target} in/out; {zones})", card=card, target=target, zones=zones)


@cache
def upgrade_words(u: str) -> Text:
    """An upgrade card as ``"u03 (+1 capacity evening)"``, ``"u10 (+$1 morning)"``,
    ``"u19 (+1 capacity +$1 morning)"`` or ``"… all zones)"``."""

    up = D.UPGRADES[u]
    where = Tp("upgrade zones", "all zones") if len(up.zones) == 3 else zone_word(up.zones[0])
    card = code(u)
    if up.capacity and up.price:
        return T(
            "{card} (+{capacity} capacity +${price} {where})",
            card=card,
            capacity=up.capacity,
            price=up.price,
            where=where,
        )
    if up.capacity:
        return T("{card} (+{capacity} capacity {where})", card=card, capacity=up.capacity, where=where)
    return T("{card} (+${price} {where})", card=card, price=up.price, where=where)


def step_text(s: State) -> Text:
    """The current step in a few words (``"p0 resolves dice"``), for the status line and
    refusals."""

    p = s.players[s.active] if s.players else ""
    ph = s.phase
    if ph == "buy":
        return T("{seat} buys a building (move a ship)", seat=p)
    if ph == "build":
        return T("place the new building in a street row")
    if ph == "assign":
        return T("{seat} assigns dice {dice}", seat=p, dice=[d.v for d in s.dice if not d.use])
    if ph == "penalty":
        return T("{seat} puts penalty coins on a face-down event card", seat=p)
    if ph == "resolve":
        return T("{seat} resolves dice", seat=p)
    if ph == "reveal":
        return T("{seat} reveals event cards", seat=p)
    if ph == "choose":
        return T("{seat} chooses an upgrade", seat=p)
    if ph == "cover":
        return T("{seat} chooses which face-up card to cover", seat=p)
    if ph == "tourists":
        return T("event {card} ({zone}): everyone moves tourists", card=code(s.moving), zone=zone_word(s.move_zone))
    if ph == "offers":
        return T("other players may buy the building at their ship")
    if ph == "over":
        return T("game over")
    return Code(ph)


@lru_cache(maxsize=1024)
def coins(n: int) -> Text:
    """``"1 coin"``, ``"5 coins"`` (the object of a sentence: "for …", "places …")."""

    return Tn("{n} coin", "{n} coins", n)
