"""A check that a game's texts all went through its catalog (ETEXT spec, issue 21 item 3).

:func:`check` takes what a player reads (an event text, a move sentence, a refusal, a
builder's question, label or detail, the status line, the hand line) and fails unless it is
an :class:`engines.i18n.Text` whose every message is an entry of the game's (or the host's)
catalog and whose every plain parameter its sentence uses is a number, a seat id or an id
with a digit in it; and unless, rendered in
the test pseudo-language, it has no ASCII letter outside the pseudo brackets (``⟦…⟧``) and
`code` spans once the seat ids are taken out. :func:`play` drives seeded random games and
hands every such text to :func:`check`.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable
from functools import cache

from babel.messages.pofile import read_po

import bot.i18n as bi  # installs the catalogs' renderer for engines.i18n
from engines.base import IllegalAction
from engines.i18n import CODE, DEFAULT_DOMAIN, Code, Text


@cache
def entries(domain: str) -> frozenset[tuple[str | None, str]]:
    """(context, msgid) of every entry of the Czech catalog of ``domain``."""

    with (bi.LOCALE_DIR / "cs" / "LC_MESSAGES" / f"{domain}.po").open("rb") as fh:
        return frozenset((m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in read_po(fh) if m.id)


def _walk(value, seats: frozenset[str], domains: set[str], where: str) -> None:
    if isinstance(value, Code):
        assert value.msgid == CODE, where
        return
    if isinstance(value, Text):
        assert value.domain in domains, (where, value.domain, value.msgid)
        assert (value.context, value.msgid) in entries(value.domain), (where, "not in the catalog", value.msgid)
        used = bi.placeholders(value.msgid) | (bi.placeholders(value.plural) if value.plural else set())
        for name, param in value.params.items():
            if name in used:
                _walk(param, seats, domains, f"{where} {{{name}}}")
        return
    if isinstance(value, (list, tuple)):
        for v in value:
            _walk(v, seats, domains, where)
        return
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise AssertionError((where, "a parameter that is neither a text, a number nor a seat", value))
    if isinstance(value, str):
        # a seat id, seat ids with numbers ("p0 4": a first-player roll), or an id of the
        # notation with a digit in it ("down2", "e07", "a1"): never a word of English
        words = [w for w in re.split(r"[^A-Za-z0-9]+", value) if w]
        assert all(w in seats or any(c.isdigit() for c in w) for w in words), (where, "an English parameter", value)


def check(text, seats: Iterable[str], game: str, where: str = "") -> None:
    """``text`` is a Text of the catalogs of ``game`` (or the host's) all the way down, and its
    pseudo-language rendering has no ASCII letters outside the brackets but seat ids."""

    seats = frozenset(seats)
    assert isinstance(text, Text), (where, "not a Text", text)
    _walk(text, seats, {game, DEFAULT_DOMAIN}, where)
    out = text.render(bi.PSEUDO)
    for seat in sorted(seats, key=len, reverse=True):
        out = out.replace(seat, "")
    depth, code, bare = 0, False, []
    for ch in out:
        if ch == bi.PSEUDO_OPEN:
            depth += 1
        elif ch == bi.PSEUDO_CLOSE:
            depth -= 1
        elif ch == "`":
            code = not code
        elif depth == 0 and not code and ch.isascii() and ch.isalpha():
            bare.append(ch)
    assert not bare, (where, "English outside the catalog", out)


def play(
    engine,
    n_players: int,
    seed: int,
    illegal: Callable[[object, str], list],
    sample: int = 4,
    every: int = 1,
) -> int:
    """A seeded random game of ``engine`` with ``n_players``: every event text, the status,
    every seat's hand line, the sentence and builder choices of up to ``sample`` legal moves
    per step and the refusals of the moves ``illegal(state, seat)`` gives (and of a move by a
    seat not to act) all :func:`check`-ed; with ``every`` > 1, the moves' sentences, choices
    and refusals only every ``every`` steps (a long game). Returns the number of texts checked."""

    game = engine.id
    seats = [f"p{i}" for i in range(n_players)]
    rnd = random.Random(f"texts:{game}:{n_players}:{seed}")
    state = engine.setup(seats, None, seed)
    checked = steps = 0

    def ok(text, where: str, optional: bool = False) -> None:
        nonlocal checked
        if optional and text == "":
            return
        check(text, seats, game, where)
        checked += 1

    while not engine.is_over(state):
        ok(engine.status(state), "status")
        for p in seats:
            ok(engine.private_text(state, p), "private_text", optional=True)
        actors = engine.to_act(state)
        player = rnd.choice(actors)
        legal = engine.legal_actions(state, player)
        steps += 1
        if steps % every:
            out = engine.apply(state, player, rnd.choice(legal))
            for e in out.events:
                ok(e.text, f"event {e.type}")
            state = out.state
            continue
        for a in rnd.sample(legal, min(sample, len(legal))):
            ok(engine.describe(state, a), f"describe {a!r}")
            ok(engine.describe_to(state, player, a, None), f"describe_to {a!r}")
            for c in engine.choices(state, a):
                ok(c.question, f"question {a!r}")
                ok(c.label, f"label {a!r}")
                ok(c.detail, f"detail {a!r}", optional=True)
                ok(c.group_label, f"group_label {a!r}", optional=True)
        for a in illegal(state, player):
            if a in legal:
                continue
            try:
                engine.apply(state, player, a)
            except IllegalAction as exc:
                ok(exc.reason, f"refusal {a!r}")
        idle = [p for p in seats if p not in actors]
        if idle:
            try:
                engine.apply(state, idle[0], legal[0])
            except IllegalAction as exc:
                ok(exc.reason, "refusal out of turn")
        out = engine.apply(state, player, rnd.choice(legal))
        for e in out.events:
            ok(e.text, f"event {e.type}")
        state = out.state
    ok(engine.status(state), "status at the end")
    return checked
