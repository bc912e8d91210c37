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


def test_parse_error_names_the_form_of_a_known_verb():
    # Found playing Transport through SimCord: `connect t78` (no position yet) and `swap`
    # were answered "`…` is not a move in this game", which does not say what is missing.
    # When the first word is a verb of the game, the answer spells that verb's form(s).
    from typing import Literal

    from engines.base import ActionModel, NotationError, default_parse

    class Connect(ActionModel):
        type: Literal["connect"] = "connect"
        tile: str
        at: str
        rotation: int

    class SwapHand(ActionModel):
        type: Literal["swap_hand"] = "swap_hand"

    class SwapPallets(ActionModel):
        type: Literal["swap_pallets"] = "swap_pallets"
        a: str
        b: str | None = None

    models = (Connect, SwapHand, SwapPallets)
    # text that names no move is a NotationError (the bot adds the `/game moves` hint)
    with pytest.raises(NotationError) as err:
        default_parse(models, "connect t78")
    assert str(err.value) == "`connect t78` is not a valid move: write `connect <tile> <at> <rotation>`."
    assert err.value.show_moves
    with pytest.raises(NotationError) as err:
        default_parse(models, "Swap")
    assert str(err.value) == "`swap` is not a valid move: write `swap hand` or `swap pallets <a> [b]`."
    # an unknown first word keeps the old answer
    with pytest.raises(NotationError) as err:
        default_parse(models, "fly away")
    assert str(err.value) == "`fly away` is not a move in this game."


def test_default_private_text_names_cards_given_as_dicts_by_their_id():
    from engines import Engine

    class Cards(Engine):
        id, title, min_players, max_players = "cards-test", "Cards", 2, 2
        action_models = (Done,)

        def private_view(self, state, player):
            return {"drawn": [{"id": "u31", "zones": ["morning"]}, {"id": "u06"}]}

    assert Cards().private_text(None, "a") == "Your hand: u31, u06."


def test_apply_preamble_is_the_base_class_s():
    """Engine.apply refuses an unseated player, a finished game, the wrong turn and an
    illegal move before the game's _apply runs, and never changes the given state."""

    from pydantic import BaseModel

    from engines import Engine, Event

    class S(BaseModel):
        players: list[str]
        turn: int = 0
        over: bool = False
        log: list[int] = []

    class Count(Engine):
        id, title, min_players, max_players = "count-test", "Count", 2, 2
        action_models = (Bid,)

        def to_act(self, state):
            return [] if state.over else [state.players[state.turn]]

        def legal_actions(self, state, player):
            return [Bid(amount=n) for n in (1, 2)] if player in self.to_act(state) else []

        def is_over(self, state):
            return state.over

        def status(self, state):
            return f"waiting for {state.players[state.turn]}."

        def _apply(self, state, player, action, events):
            state.log.append(action.amount)
            state.turn = 1 - state.turn
            events.append(Event(type="bid", text=f"{player} bids {action.amount}."))

    e = Count()
    s = S(players=["a", "b"])
    with pytest.raises(IllegalAction, match="^You are not seated in this game.$"):
        e.apply(s, "c", Bid(amount=1))
    with pytest.raises(IllegalAction, match="^It is not your turn: waiting for a.$"):
        e.apply(s, "b", Bid(amount=1))
    with pytest.raises(IllegalAction, match="^That move is not allowed now.$") as err:
        e.apply(s, "a", Bid(amount=3))
    assert err.value.show_moves  # no specific reason: the host points at the legal moves
    with pytest.raises(IllegalAction, match="^The game is over.$"):
        e.apply(S(players=["a", "b"], over=True), "a", Bid(amount=1))
    out = e.apply(s, "a", Bid(amount=2))
    assert (out.state.log, out.state.turn, [ev.text for ev in out.events]) == ([2], 1, ["a bids 2."])
    assert (s.log, s.turn) == ([], 0)  # the input state is untouched (the copy was changed)


def test_cached_action_takes_fields_in_notation_order_and_shares_instances():
    from engines.base import cached_action

    buy_ = cached_action(Buy)
    a = buy_("ma04", "hall2")
    assert a == Buy(tile="ma04", hall="hall2")
    assert buy_("ma04", "hall2") is a  # one instance per value
    assert buy_("ma04", "hall1") == Buy(tile="ma04", hall="hall1")
    with pytest.raises(ValueError):  # pydantic: "hall3" is not a hall
        buy_("ma04", "hall3")
    with pytest.raises(ValueError):  # zip(strict=True): a field too many
        buy_("ma04", "hall1", "extra")


def test_field_shape_reads_each_kind_of_option_and_action_field():
    from pydantic import BaseModel, Field

    from engines.base import FieldShape, field_shape

    class Shapes(BaseModel):
        flag: bool = True
        count: int = Field(3, ge=1, le=5)
        floor: int = Field(2, ge=2)
        mood: Literal["mean", "nice"] = "mean"
        die: Literal[1, 2, 3]
        where: Literal["hall1", "hall2"] | None = None
        tiles: list[str]
        pair: tuple[int, int] = (0, 0)
        name: str
        ratio: float = 0.5

    f = Shapes.model_fields
    assert field_shape(f["flag"]) == FieldShape("bool", bool)
    assert field_shape(f["count"]) == FieldShape("int", int, low=1, high=5)
    assert field_shape(f["floor"]) == FieldShape("int", int, low=2)
    assert field_shape(f["mood"]) == FieldShape("choice", Literal["mean", "nice"], choices=("mean", "nice"))
    assert field_shape(f["die"]) == FieldShape("choice", Literal[1, 2, 3], required=True, choices=(1, 2, 3))
    # `| None` is optional, so not required although it has no other default than None
    assert field_shape(f["where"]) == FieldShape(
        "choice", Literal["hall1", "hall2"], optional=True, choices=("hall1", "hall2")
    )
    assert field_shape(f["tiles"]) == FieldShape("list", list[str], required=True, item=str)
    assert field_shape(f["pair"]) == FieldShape("list", tuple[int, int], item=int)
    assert field_shape(f["name"]) == FieldShape("text", str, required=True)
    assert field_shape(f["ratio"]) == FieldShape("other", float)
    # the action models' own fields read the same way
    assert field_shape(Buy.model_fields["hall"]).optional and not field_shape(Buy.model_fields["hall"]).required
    assert field_shape(SwitchOff.model_fields["tiles"]).item is str
