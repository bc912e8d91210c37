"""Checks that a game's player-readable texts all went through its catalog: each is a
:class:`engines.i18n.Text` whose parameters are Texts, numbers or seat ids, and which in the
test pseudo-language (``bot.i18n.PSEUDO``) keeps no English letter outside the pseudo
brackets ``⟦…⟧`` and `code` spans (a sentence joined from pieces, or a plain string, shows)."""

from __future__ import annotations

import random
import re
from typing import Any

from bot.i18n import PSEUDO, PSEUDO_CLOSE, PSEUDO_OPEN, catalog, placeholders
from engines.base import Choice, IllegalAction
from engines.i18n import Code, Text

_CODE = re.compile(r"`[^`]*`")


def outside_brackets(text: str) -> str:
    """``text`` without what lies inside the outermost pseudo brackets."""

    out, depth = [], 0
    for ch in text:
        if ch == PSEUDO_OPEN:
            depth += 1
        elif ch == PSEUDO_CLOSE:
            depth -= 1
        elif depth == 0:
            out.append(ch)
    return "".join(out)


def check(value: Any, seats: list[str], where: str) -> None:
    """``value`` is a Text of the catalogs, fully translated in the pseudo-language."""

    assert isinstance(value, Text), f"{where}: not a Text: {value!r}"
    _check_params(value, seats, where)
    rendered = value.render(PSEUDO)
    rest = outside_brackets(_CODE.sub("", rendered))
    for seat in seats:
        rest = rest.replace(seat, "")
    assert not re.search(r"[A-Za-z]", rest), f"{where}: English outside the catalog in {rendered!r} ({value!r})"


def _in_catalog(text: Text) -> bool:
    """Whether the Czech catalog of the text's domain has its message (one Babel extracted)."""

    found = getattr(catalog("cs", text.domain), "_catalog", {})
    key = f"{text.context}\x04{text.msgid}" if text.context else text.msgid
    return (key, 0) in found if text.plural is not None else key in found


def _check_params(text: Text, seats: list[str], where: str) -> None:
    if isinstance(text, Code):
        return
    assert _in_catalog(text), f"{where}: {text.msgid!r} ({text.domain}) is in no catalog: not extracted?"
    used = placeholders(text.msgid) | placeholders(text.plural or "")
    for name, v in text.params.items():
        if name not in used:  # (the base class passes every field of an action)
            continue
        for item in v if isinstance(v, (list, tuple)) else [v]:
            if isinstance(item, Text):
                _check_params(item, seats, where)
            elif isinstance(item, str):
                assert item in seats or not re.search(r"[A-Za-z]", item), (
                    f"{where}: parameter {name}={item!r} of {text.msgid!r} is a plain string (use Code or a Text)"
                )


def check_choices(choices: list[Choice], seats: list[str], where: str) -> None:
    for c in choices:
        check(c.question, seats, f"{where} question")
        check(c.label, seats, f"{where} label {c.value}")
        if c.detail:
            check(c.detail, seats, f"{where} detail {c.value}")
        if c.group_label:
            check(c.group_label, seats, f"{where} group {c.group}")


def play_and_check(engine, players: list[str], seed: int, options=None, sample: int = 2, max_steps: int = 2000) -> int:
    """Play one seeded game of random legal moves and check every text a player reads on the
    way: each event, status(), private_text() of every seat, and for a few legal moves per step
    describe / describe_to and choices(); a few refusals (a move of another step, another
    seat's turn). Returns the number of moves played."""

    rnd = random.Random(seed)
    state = engine.setup(players, options, seed=seed)
    seen: dict[str, Any] = {}  # one action per type, to try out of its step
    steps = 0
    while not engine.is_over(state) and steps < max_steps:
        check(engine.status(state), players, "status")
        for p in players:
            pt = engine.private_text(state, p)
            if pt:
                check(pt, players, f"private_text {p}")
        who = engine.to_act(state)[0]
        legal = engine.legal_actions(state, who)
        for a in rnd.sample(legal, min(sample, len(legal))):
            check(engine.describe(state, a), players, f"describe {a!r}")
            for viewer in (players[0], players[-1], None):
                check(engine.describe_to(state, who, a, viewer), players, f"describe_to {a!r}")
            check_choices(engine.choices(state, a), players, f"choices {a!r}")
            seen.setdefault(a.type, a)
        if steps % 7 == 0:
            for a in list(seen.values()):
                if a in legal:
                    continue
                try:
                    engine.apply(state, who, a)
                except IllegalAction as exc:
                    check(exc.reason, players, f"refusal of {a!r}")
            other = next((p for p in players if p not in engine.to_act(state)), None)
            if other is not None:
                try:
                    engine.apply(state, other, legal[0])
                except IllegalAction as exc:
                    check(exc.reason, players, "not your turn")
        a = rnd.choice(legal)
        out = engine.apply(state, who, a)
        for e in out.events:
            check(e.text, players, f"event {e.type}")
        state = out.state
        steps += 1
    check(engine.status(state), players, "status at the end")
    return steps
