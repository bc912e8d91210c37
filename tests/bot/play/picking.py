"""Playing a move by picking `/move` suggestions only, as a member in Discord would: start
with an empty box, pick the one suggestion the wanted move starts with, let Discord ask for
suggestions of the picked text, and so on until the move itself is offered."""

from __future__ import annotations

from typing import Any

#: the most picks any legal move may take (the product's promise for `/move`)
MAX_PICKS = 4


def leading(values: list[str], goal: str, typed: str) -> str | None:
    """The suggestion that can still become ``goal``: the longest offered text ``goal`` starts
    with (``connect t33`` over ``connect t3`` for ``connect t33 1,2 0``), not the text already
    in the box; None when no suggestion leads there."""

    starts = [v for v in values if v != typed and goal.startswith(v)]
    return max(starts, key=len) if starts else None


async def pick_move(actor: Any, channel: Any, goal: str) -> int:
    """How many suggestions ``actor`` picks from an empty `/move` box until ``goal`` (a legal
    move's notation) is offered and picked. Fails when a step offers no way on, or when more
    than :data:`MAX_PICKS` picks are needed."""

    typed, picks = "", 0
    while True:
        offered = await actor.autocomplete(channel, "move", "action", typed)
        values = [c["value"] for c in offered]
        assert 1 <= len(values) <= 25 and all(c["name"] for c in offered), offered
        picks += 1
        if goal in values:
            assert picks <= MAX_PICKS, (goal, picks)
            return picks
        on = leading(values, goal, typed)
        assert on is not None, (goal, typed, values)
        assert picks < MAX_PICKS, (goal, typed, values)
        typed = on


async def pick_and_play(actor: Any, channel: Any, goal: str) -> tuple[int, Any]:
    """:func:`pick_move`, then send `/move` with the picked text: ``(picks, result)``."""

    picks = await pick_move(actor, channel, goal)
    return picks, await actor.slash(channel, "move", action=goal)
