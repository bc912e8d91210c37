"""The generic typed subcommands (bot/cogs/typed.py) over made-up action models that use
every supported field shape: int, str, Literal, a trailing optional, a trailing list."""

from __future__ import annotations

from typing import Literal

import discord
import pytest

from bot.cogs.typed import build_action, build_group, command_name, field_choices, option_kind
from bot.games import COMMAND_GROUPS
from engines.base import ActionModel


class Move(ActionModel):
    """Move a piece."""

    type: Literal["move"] = "move"
    piece: str
    to: Literal["a1", "b2"]
    count: int
    note: str | None = None


class Give(ActionModel):
    """Give cards away."""

    type: Literal["give-cards"] = "give-cards"
    cards: list[int]


class Toy:
    id = "toy"
    title = "Toy"
    action_models = (Move, Give)


def test_option_kinds():
    assert option_kind(Move, "piece") == (str, True)
    assert option_kind(Move, "to") == (str, True)
    assert option_kind(Move, "count") == (int, True)
    assert option_kind(Move, "note") == (str, False)
    assert option_kind(Give, "cards") == (str, True)
    assert command_name(Give) == "give-cards"


def test_build_action_converts_each_shape():
    assert build_action(Move, {"piece": "K", "to": "B2", "count": 2}) == Move(piece="k", to="b2", count=2)
    assert build_action(Move, {"piece": "k", "to": "a1", "count": 1, "note": "hi"}).note == "hi"
    assert build_action(Give, {"cards": "3 5,7"}) == Give(cards=[3, 5, 7])
    with pytest.raises(ValueError, match="one of: a1, b2"):
        build_action(Move, {"piece": "k", "to": "c3", "count": 1})
    with pytest.raises(ValueError, match="whole number"):
        build_action(Give, {"cards": "3 x"})
    with pytest.raises(ValueError, match="valid `move`"):
        build_action(Move, {"piece": "k", "to": "a1"})  # count missing


LEGAL = [
    Move(piece="k", to="a1", count=1),
    Move(piece="k", to="b2", count=1),
    Move(piece="q", to="b2", count=2),
    Give(cards=[3, 5]),
]


def values(choices):
    return [c.value for c in choices]


def test_field_choices_come_from_the_legal_actions_of_that_type():
    assert values(field_choices(Move, "piece", LEGAL, {}, "")) == ["k", "q"]
    assert values(field_choices(Move, "piece", LEGAL, {}, "q")) == ["q"]
    # narrowed by what is already filled in
    assert values(field_choices(Move, "to", LEGAL, {"piece": "q"}, "")) == ["b2"]
    assert values(field_choices(Move, "to", LEGAL, {"piece": "k"}, "")) == ["a1", "b2"]
    # integer options get integer values
    assert values(field_choices(Move, "count", LEGAL, {}, "")) == [1, 2]
    # a list field offers the whole list as one value
    assert values(field_choices(Give, "cards", LEGAL, {}, "")) == ["3 5"]
    # nobody can act: nothing
    assert field_choices(Move, "piece", [], {}, "") == []


def test_field_choice_names_describe_a_value_that_stands_for_one_action():
    describe = lambda a: f"{a.piece} to {a.to}"  # noqa: E731
    got = field_choices(Move, "count", LEGAL, {}, "", describe)
    assert [(c.name, c.value) for c in got] == [("1", 1), ("2 — q to b2", 2)]


async def test_build_group_makes_one_subcommand_per_action_type(monkeypatch):
    monkeypatch.setitem(COMMAND_GROUPS, "toy", "toy")

    async def on_move(*a):
        return None

    async def legal_for(*a):
        return [], None

    group = build_group(Toy(), on_move, legal_for)
    assert group.name == "toy"
    assert [c.name for c in group.commands] == ["move", "give-cards"]
    move = group.get_command("move")
    params = {p.name: (p.type, p.required, p.autocomplete is not None) for p in move.parameters}
    assert params == {
        "piece": (discord.AppCommandOptionType.string, True, True),
        "to": (discord.AppCommandOptionType.string, True, True),
        "count": (discord.AppCommandOptionType.integer, True, True),
        "note": (discord.AppCommandOptionType.string, False, True),
    }
    assert move.description == "Move a piece."
    assert [p.description for p in move.parameters if p.name == "to"] == ["to: a1, b2"]


async def test_kanban_options_say_what_they_are_and_the_notation_is_unchanged():
    """Every option of the /kanban subcommands carries a description of its own (not the
    bare field name), and the typed fields still write and read the same notation."""

    from engines.registry import get

    kanban = get("kanban-ev")

    async def on_move(*a):
        return None

    async def legal_for(*a):
        return [], None

    group = build_group(kanban, on_move, legal_for)
    for command in group.commands:
        for p in command.parameters:
            assert p.description and not p.description.startswith(p.name + ":"), (command.name, p.name)
            assert len(p.description) <= 100
    order = {p.name: p.description for p in group.get_command("order").parameters}
    assert order == {
        "card": "your Kanban order card, e.g. k01 (your hand image lists yours)",
        "split": "placement 1-4 of the card (which icons stock; see your hand image)",
    }
    claim = [p.name for p in group.get_command("claim").parameters]
    assert claim == ["pos", "design", "garage"]  # notation order
    state = kanban.setup(["a", "b"], None, 1)
    for text in ("order k01 2", "claim 1 city-battery 3", "upgrade city-body 2 voucher double", "garages expert"):
        assert kanban.notation(state, kanban.parse(state, text)) == text


def test_field_choices_put_values_starting_with_the_typed_text_first():
    # Found playing Kanban EV: typing "v" for `/kanban arrange tiles` listed the 24 orders
    # in the engine's order, "speech vouchers …" first, since every order contains "v".
    # Values that start with the typed text come first, then the others containing it.
    legal = [Give(cards=[13, 2]), Give(cards=[2, 13]), Give(cards=[3, 1])]
    assert values(field_choices(Give, "cards", legal, {}, "1")) == ["13 2", "2 13", "3 1"]
    assert values(field_choices(Give, "cards", legal, {}, "2")) == ["2 13", "13 2"]
    # past the 25-choice cap, a value starting with the typed text is not cut off
    many = [Give(cards=[10 + i, 7]) for i in range(30)] + [Give(cards=[7, 1])]
    got = values(field_choices(Give, "cards", many, {}, "7"))
    assert len(got) == 25 and got[0] == "7 1"


def _verb_model(i: int) -> type[ActionModel]:
    """An action model ``v01`` … with one int field ``n``."""

    verb = f"v{i:02d}"
    return type(
        f"V{i:02d}",
        (ActionModel,),
        {"__annotations__": {"type": Literal[verb], "n": int}, "type": verb, "__doc__": f"Verb {i}."},
    )


async def test_past_25_action_models_the_group_splits_into_subgroups_and_drops_none(monkeypatch):
    """Discord allows 25 entries in a group. 30 models: one subgroup `more` holds the last 6
    (30 - 24) and the group 24 subcommands + `more` = 25 entries; 60 models: two subgroups
    (23 direct + 25 + 12 = 60 models, 23 + 2 = 25 entries)."""

    async def on_move(*a):
        return None

    async def legal_for(*a):
        return [], None

    class Big:
        id = "big"
        title = "Big"
        action_models = tuple(_verb_model(i) for i in range(1, 31))

    monkeypatch.setitem(COMMAND_GROUPS, "big", "big")
    group = build_group(Big(), on_move, legal_for)
    names = [c.name for c in group.commands]
    assert len(names) == 25
    assert names[:24] == [f"v{i:02d}" for i in range(1, 25)] and names[24] == "more"
    more = group.get_command("more")
    assert [c.name for c in more.commands] == ["v25", "v26", "v27", "v28", "v29", "v30"]
    assert more.description == "Big: more moves (v25 … v30)"
    group.to_dict(discord.app_commands.CommandTree(discord.Client(intents=discord.Intents.none())))  # valid payload

    Big.action_models = tuple(_verb_model(i) for i in range(1, 61))
    group = build_group(Big(), on_move, legal_for)
    names = [c.name for c in group.commands]
    assert len(names) == 25 and names[-2:] == ["more", "more-2"]
    assert [len(group.get_command(n).commands) for n in ("more", "more-2")] == [25, 12]
    leaves = [c.qualified_name for c in group.walk_commands() if isinstance(c, discord.app_commands.Command)]
    assert len(leaves) == 60 and "big more-2 v60" in leaves


def test_past_25_fields_the_last_option_takes_the_rest(monkeypatch):
    """A model with 27 fields: options f01 … f24 and `more` ("f25 f26 f27" typed in order)."""

    from bot.cogs.typed import REST_OPTION, split_fields

    fields = {f"f{i:02d}": int for i in range(1, 28)}
    Wide = type("Wide", (ActionModel,), {"__annotations__": {"type": Literal["wide"], **fields}, "type": "wide"})
    own, rest = split_fields(Wide)
    assert own == [f"f{i:02d}" for i in range(1, 25)] and rest == ["f25", "f26", "f27"]
    values = {f"f{i:02d}": i for i in range(1, 25)} | {REST_OPTION: "25 26 27"}
    assert build_action(Wide, values) == Wide(**{f"f{i:02d}": i for i in range(1, 28)})

    class WideGame:
        id = title = "wide"
        action_models = (Wide,)

    async def nothing(*a):
        return None

    monkeypatch.setitem(COMMAND_GROUPS, "wide", "wide")
    command = build_group(WideGame(), nothing, nothing).get_command("wide")
    assert [p.name for p in command.parameters] == [*own, "more"]
    assert command.get_parameter("more").description == "The other fields in order, separated by spaces: f25 f26 f27"
