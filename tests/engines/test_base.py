"""The shared contract helpers: notation text form, parsing, seeded randomness."""

from typing import Literal

import pytest

from engines import ActionModel, IllegalAction, default_notation, default_parse, rng, shuffled


class Bid(ActionModel):
    type: Literal["bid"] = "bid"
    amount: int


class Buy(ActionModel):
    type: Literal["buy"] = "buy"
    tile: str
    hall: Literal["hall1", "hall2"] | None = None


class Done(ActionModel):
    type: Literal["done"] = "done"


class SwitchOff(ActionModel):
    type: Literal["switch_off"] = "switch_off"
    tiles: list[str]


MODELS = [Bid, Buy, Done, SwitchOff]


@pytest.mark.parametrize(
    "action, text",
    [
        (Bid(amount=2), "bid 2"),
        (Buy(tile="ma04", hall="hall2"), "buy ma04 hall2"),
        (Buy(tile="ma04"), "buy ma04"),
        (Done(), "done"),
        (SwitchOff(tiles=["r1", "m2"]), "switch off r1 m2"),
    ],
)
def test_notation_round_trip(action, text):
    assert default_notation(action) == text
    assert default_parse(MODELS, text) == action
    assert default_parse(MODELS, "  " + text.upper().replace(" ", "   ") + " ") == action


@pytest.mark.parametrize("text", ["", "bid", "bid two", "buy ma04 hall3", "done now", "fly"])
def test_unknown_text_is_illegal(text):
    with pytest.raises(IllegalAction):
        default_parse(MODELS, text)


def test_rng_depends_on_seed_and_salt_only():
    a = [rng(7, "deck").random() for _ in range(3)]
    assert a == [rng(7, "deck").random() for _ in range(3)]
    assert rng(7, "deck").random() != rng(8, "deck").random()
    assert rng(7, "deck").random() != rng(7, "bag").random()
    assert sorted(shuffled(range(10), 3, "x")) == list(range(10))
    assert shuffled(range(10), 3, "x") == shuffled(range(10), 3, "x")
