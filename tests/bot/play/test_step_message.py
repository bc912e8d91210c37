"""The builder's step message lists each button's detail after its label."""

from __future__ import annotations

from bot.builder import Option, Step
from bot.pressing import step_message


async def test_a_label_that_is_a_sentence_loses_its_full_stop_before_the_detail():
    step = Step(
        question="Which empty loading tile gets the new parcel?",
        chosen=(),
        options=(
            Option("Put the new parcel on the loading tile at 0,0.", "Next to t12 (straight belt) west.", 1, None),
            Option("1,-2", "Next to the red pallet north-east.", 1, None),
        ),
        path=(),
    )
    content, _view = step_message(1, 7, "0123abcd", step, "Transport")
    lines = content.splitlines()
    # it read "… at 0,0.: Next to t12 …"
    assert "• Put the new parcel on the loading tile at 0,0: Next to t12 (straight belt) west." in lines
    assert "• 1,-2: Next to the red pallet north-east." in lines
