"""Building Kanban EV positions for rule tests: a fresh setup edited by hand."""

from __future__ import annotations

from engines.kanban_ev import rules as R
from engines.kanban_ev.engine import ENGINE as engine

DEPT_CODE = {"rd": 0, "assembly": 2, "logistics": 4, "design": 6, "admin": 8}


def players(n: int) -> list[str]:
    return [f"p{k}" for k in range(n)]


def fresh(n: int = 3, **options) -> R.State:
    """Setup state with garage sets and certification spaces left to fill in by hand."""

    s = engine.setup(players(n), options or None, seed=7)
    for i, p in enumerate(s.player_boards):
        p.garage_set = "basic"
        p.garage_tiles = [0, 1, 2, 3, 4]  # speech, 2 vouchers, 2 books, 2 shifts, padlocked
        p.certification = 3 - i  # section 0, seat 0 rightmost
    return s


def working(s: R.State, seat: int, dept: str, station: int = 1) -> R.State:
    """Make it ``seat``'s work turn at ``dept`` workstation ``station`` (1 upper, 2 lower)."""

    b = s.board
    b.day = 3
    s.phase = "work"
    code = DEPT_CODE[dept] + station - 1
    b.positions = [-1] * len(s.players)
    b.positions[seat] = code
    # the others stand somewhere harmless for the test (Design/Logistics lower)
    spare = [7, 5, 3, 1, 9]
    k = 0
    for i in range(len(s.players)):
        if i != seat:
            while spare[k] == code:
                k += 1
            b.positions[i] = spare[k]
            k += 1
    b.sandra = R.DESK
    b.order = [seat]
    b.turn_index = 0
    R.begin_turn(s, seat, [])
    return s


def act(s: R.State, seat: int, text: str) -> R.State:
    """Apply the move written as ``text`` for ``seat`` (through notation and parse)."""

    a = engine.parse(s, text)
    return engine.apply(s, s.players[seat], a).state


def notations(s: R.State, seat: int) -> list[str]:
    return [engine.notation(s, a) for a in engine.legal_actions(s, s.players[seat])]


def put(model, **fields) -> None:
    """Set several fields of a board or player board by name (an unknown name raises)."""

    for name, value in fields.items():
        setattr(model, name, value)
