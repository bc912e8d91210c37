"""Kanban EV in words: benefits, performance goals and final goal achievements as the
event texts and the board say them."""

from __future__ import annotations

from .. import data as D

_UNIT = {
    "pp": ("PP", "PP"),
    "shift": ("banked shift", "banked shifts"),
    "book": ("book", "books"),
    "voucher": ("parts voucher", "parts vouchers"),
    "speech": ("speech token", "speech tokens"),
}


def benefit_text(benefit: dict) -> str:
    """``{"pp": 2, "shift": 1}`` -> ``"2 PP and 1 banked shift"`` (empty: ``"nothing"``)."""

    parts = [f"{v} {_UNIT[k][0] if v == 1 else _UNIT[k][1]}" for k, v in benefit.items() if v]
    if not parts:
        return "nothing"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else (many or word + 's')}"


def goal_text(g: str) -> str:
    """Performance goal ``g`` in words: ``"g05 (4 PP per Concept Car in your garages, x2)"``."""

    return f"{g} ({goal_words(g)}, x{D.PERFORMANCE_GOALS[g][3]})"


def goal_words(g: str) -> str:
    """What performance goal ``g`` counts: ``"4 PP per Concept Car in your garages"``."""

    kind, arg, value, icons = D.PERFORMANCE_GOALS[g]
    what = {
        "cars": "car in your garages",
        "models": "different car model in your garages",
        "model": f"{D.MODEL_NAMES.get(arg, arg)} in your garages",
        "upgraded_part": f"upgraded {arg} design",
        "upgraded": "upgraded design",
        "tested": "tested design",
        "stored": " or ".join(arg.split("+")) + " part on your board",
        "garages": "car in garages " + " and ".join(arg.split("+")),
        "certified": f"certification in {D.DEPT_NAMES.get(arg, arg)}",
        "designs": "design on your board",
        "books": "book",
        "certs": "certification",
        "parts": "car part on your board",
        "banked": "banked shift",
        "speech": "speech token on your board",
    }[kind]
    return f"{value} PP per {what}"


_FINAL_WORDS = {
    "cars_one_model": "cars of one model",
    "upgraded_distinct_parts": "upgraded different parts",
    "certs": "certifications",
    "cars": "cars",
    "upgraded": "upgrades",
    "models": "car models",
    "upgraded_same_part": "upgrades of one part",
    "banked": "banked shifts",
    "books": "books",
    "experts": "expert tracks",
    "tested": "tested designs",
    "tested_distinct_parts": "tested different parts",
}


def final_goal_text(test: str, arg: str, threshold: int) -> str:
    """One achievement of a final goal tile in words: ``"3+ cars of one model"``."""

    if test == "certified_both":
        return "certified in " + " and ".join(D.DEPT_NAMES[d] for d in arg.split("+"))
    if test == "model":
        return f"{threshold}+ {D.MODEL_NAMES.get(arg, arg)}s"
    if test == "upgraded_part":
        return f"{threshold}+ upgraded {arg}"
    if test == "certs_at_most":
        return f"at most {threshold} certifications"
    if test == "experts_at_most":
        return f"at most {threshold} expert track" + ("" if threshold == 1 else "s")
    return f"{threshold}+ {_FINAL_WORDS.get(test, test)}"
