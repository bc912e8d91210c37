"""Kanban EV in words: benefits, performance goals and final goal achievements as the
event texts and the board say them, as structured texts of the game's catalog
(:mod:`engines.i18n`, domain ``"kanban-ev"``), and the game's short words (departments, car
models, car parts) to pass into them."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from engines.i18n import N_, Code, Text, texts

from .. import data as D

T, Tn, Tp = texts("kanban-ev")
#: the game's catalog (a game id)
DOMAIN = "kanban-ev"


def Tnp(context: str, singular: str, plural: str, n: int, /, **params: Any) -> Text:  # noqa: N802
    """A message of the game's catalog with plural forms for ``n`` and a ``context`` (the same
    English words read in another grammatical case elsewhere); extracted as ``Tnp:1c,2,3``."""

    return Text(singular, {"n": n, **params}, plural, context, DOMAIN)


def tx(msgid: str, /, **params: Any) -> Text:
    """A message of the game's catalog marked elsewhere with ``N_`` (a table of messages)."""

    return Text(msgid, params, domain=DOMAIN)


#: the garage tiles of the setup arrangement by their words (data.GARAGE_TILE_IDS)
GARAGE_TILE = {
    "speech": Tp("garage tile", "speech"),
    "vouchers": Tp("garage tile", "vouchers"),
    "books": Tp("garage tile", "books"),
    "shifts": Tp("garage tile", "shifts"),
    "nothing": Tp("garage tile", "nothing"),
    "voucher": Tp("garage tile", "voucher"),
    "book": Tp("garage tile", "book"),
    "shift": Tp("garage tile", "shift"),
    "padlocked": Tp("garage tile", "padlocked"),
}


def garage_tile(tile: str) -> Text:
    """A garage tile of the setup arrangement in words (``"books"`` -> "books", translated); an
    unknown id as itself (:class:`Code`)."""

    return GARAGE_TILE.get(tile, Code(tile))


#: the departments by name (``DEPT["rd"]`` reads "R&D")
DEPT = {
    "rd": Tp("department", "R&D"),
    "assembly": Tp("department", "Assembly"),
    "logistics": Tp("department", "Logistics"),
    "design": Tp("department", "Design"),
    "admin": Tp("department", "Administration"),
}
#: the car models by name, one car ("City Car")
MODEL = {
    "city": Tp("car model", "City Car"),
    "suv": Tp("car model", "SUV"),
    "truck": Tp("car model", "Truck"),
    "sports": Tp("car model", "Sports Car"),
    "concept": Tp("car model", "Concept Car"),
}
#: the car models, several cars ("City Cars")
MODELS = {
    "city": Tp("car models", "City Cars"),
    "suv": Tp("car models", "SUVs"),
    "truck": Tp("car models", "Trucks"),
    "sports": Tp("car models", "Sports Cars"),
    "concept": Tp("car models", "Concept Cars"),
}
#: the car parts by their word (the notation's word in English)
PART = {
    "autopilot": Tp("car part", "autopilot"),
    "battery": Tp("car part", "battery"),
    "body": Tp("car part", "body"),
    "drivetrain": Tp("car part", "drivetrain"),
    "electronics": Tp("car part", "electronics"),
    "motor": Tp("car part", "motor"),
    "blank": Tp("car part", "blank"),
}
#: a car of no known model
A_CAR = Tp("car model", "car")


def dept(d: str) -> Text:
    return DEPT.get(d) or Code(d)


def model(m: str) -> Text:
    return MODEL.get(m) or Code(m)


def part(p: str) -> Text:
    return PART.get(p) or Code(p)


def parts(items: list[str]) -> list[Text]:
    return [part(p) for p in items]


#: a benefit's unit for a number of them, one shared Text per number (texts are immutable); a
#: benefit is what a player gains (the object: Czech "získává 1 uloženou směnu"), so the banked
#: shifts are their own message beside the "{n} banked shift" Sandra's lines say as a subject
_UNIT = {
    unit: lru_cache(maxsize=None, typed=True)(words)
    for unit, words in {
        "pp": lambda n: Tn("{n} PP", "{n} PP", n),
        "shift": lambda n: Tnp("gained", "{n} banked shift", "{n} banked shifts", n),
        "book": lambda n: Tn("{n} book", "{n} books", n),
        "voucher": lambda n: Tn("{n} parts voucher", "{n} parts vouchers", n),
        "speech": lambda n: Tn("{n} speech token", "{n} speech tokens", n),
    }.items()
}


def and_list(items: list) -> Any:
    """``[a]`` -> ``a``; ``[a, b, c]`` -> "a, b and c" (one message, the list a parameter)."""

    if len(items) == 1:
        return items[0]
    return T("{items} and {last}", items=items[:-1], last=items[-1])


def semicolons(items: list) -> Any:
    """``[a, b, c]`` -> "a; b; c" (each join one message, so a language may change the mark)."""

    out = items[-1]
    for item in reversed(items[:-1]):
        out = T("{first}; {rest}", first=item, rest=out)
    return out


def benefit_text(benefit: dict) -> str:
    """``{"pp": 2, "shift": 1}`` -> ``"2 PP and 1 banked shift"`` (empty: ``"nothing"``)."""

    parts_ = [_UNIT[k](v) for k, v in benefit.items() if v]
    if not parts_:
        return T("nothing")
    return and_list(parts_)


def plural(n: int, word: str, many: str | None = None) -> str:
    """English only (for code that is not a player's text)."""

    return f"{n} {word if n == 1 else (many or word + 's')}"


@lru_cache(maxsize=None, typed=True)
def shifts(n: int) -> Text:
    """``"1 shift"`` / ``"3 shifts"`` (one shared Text per number: texts are immutable)."""

    return Tn("{n} shift", "{n} shifts", n)


@lru_cache(maxsize=None, typed=True)
def banked_now(n: int) -> Text:
    """``"3 banked shifts now"`` (one shared Text per number)."""

    return Tn("{n} banked shift now", "{n} banked shifts now", n)


def goal_text(g: str) -> str:
    """Performance goal ``g`` in words: ``"g05 (4 PP per Concept Car in your garages, x2)"``."""

    return T("{goal} ({what}, x{icons})", goal=Code(g), what=goal_words(g), icons=D.PERFORMANCE_GOALS[g][3])


def goal_words(g: str) -> str:
    """What performance goal ``g`` counts: ``"4 PP per Concept Car in your garages"``."""

    kind, arg, value, icons = D.PERFORMANCE_GOALS[g]
    if kind == "model":
        return T("{value} PP per {model} in your garages", value=value, model=model(arg))
    if kind == "upgraded_part":
        return T("{value} PP per upgraded {part} design", value=value, part=part(arg))
    if kind == "stored":
        a, b = arg.split("+")
        return T("{value} PP per {part} or {other} part on your board", value=value, part=part(a), other=part(b))
    if kind == "garages":
        a, b = arg.split("+")
        return T("{value} PP per car in garages {garage} and {other}", value=value, garage=a, other=b)
    if kind == "certified":
        return T("{value} PP per certification in {dept}", value=value, dept=dept(arg))
    return tx(_GOAL_WORDS[kind], value=value)


_GOAL_WORDS = {
    "cars": N_("{value} PP per car in your garages"),
    "models": N_("{value} PP per different car model in your garages"),
    "upgraded": N_("{value} PP per upgraded design"),
    "tested": N_("{value} PP per tested design"),
    "designs": N_("{value} PP per design on your board"),
    "books": N_("{value} PP per book"),
    "certs": N_("{value} PP per certification"),
    "parts": N_("{value} PP per car part on your board"),
    "banked": N_("{value} PP per banked shift"),
    "speech": N_("{value} PP per speech token on your board"),
}


_FINAL_WORDS = {
    "cars_one_model": N_("{n}+ cars of one model"),
    "upgraded_distinct_parts": N_("{n}+ upgraded different parts"),
    "certs": N_("{n}+ certifications"),
    "cars": N_("{n}+ cars"),
    "upgraded": N_("{n}+ upgrades"),
    "models": N_("{n}+ car models"),
    "upgraded_same_part": N_("{n}+ upgrades of one part"),
    "banked": N_("{n}+ banked shifts"),
    "books": N_("{n}+ books"),
    "experts": N_("{n}+ expert tracks"),
    "tested": N_("{n}+ tested designs"),
    "tested_distinct_parts": N_("{n}+ tested different parts"),
}


def final_goal_text(test: str, arg: str, threshold: int) -> str:
    """One achievement of a final goal tile in words: ``"3+ cars of one model"``."""

    if test == "certified_both":
        ds = arg.split("+")
        if len(ds) == 1:
            return T("certified in {dept}", dept=dept(ds[0]))
        return T("certified in {dept} and {other}", dept=dept(ds[0]), other=dept(ds[1]))
    if test == "model":
        return T("{n}+ {models}", n=threshold, models=MODELS.get(arg) or Code(arg))
    if test == "upgraded_part":
        return T("{n}+ upgraded {part}", n=threshold, part=part(arg))
    if test == "certs_at_most":
        return Tn("at most {n} certifications", "at most {n} certifications", threshold)
    if test == "experts_at_most":
        return Tn("at most {n} expert track", "at most {n} expert tracks", threshold)
    if test in _FINAL_WORDS:
        return tx(_FINAL_WORDS[test], n=threshold)
    return T("{n}+ {what}", n=threshold, what=Code(test))


#: what each department's certification unlocks (data.CERT_UNLOCKS, in the game's catalog)
CERT_UNLOCKS = {
    "rd": T("the double-upgrade tile"),
    "assembly": T("the 5th garage"),
    "logistics": T("the 6th car part space and the parts voucher action"),
    "design": T("the 6th design space and the advanced design action"),
    "admin": T("the 5th speech token space"),
}
#: what a charger token switches on per department (data.CHARGER_ABILITY, in the game's catalog)
CHARGER_ABILITY = {
    "rd": T("each R&D turn one design may be upgraded with a part from the supply"),
    "assembly": T("in Assembly upgraded parts need not be provided first"),
    "logistics": T("a Kanban order banks 2 shifts instead of 1"),
    "design": T("an advanced design also gives 1 book"),
    "admin": T("1 extra shift when working in Administration"),
}
