"""bot/games.py: how an engine's refusal reads."""

from bot.games import refusal
from bot.i18n import render
from engines.base import IllegalAction, NotationError


def test_refusal_adds_the_moves_hint_only_when_the_reason_gives_no_way_on():
    assert refusal(IllegalAction("You have only 2 available workers.")) == "You have only 2 available workers."
    assert refusal(IllegalAction("That move is not allowed now.", show_moves=True)) == (
        "That move is not allowed now. `/game moves` lists yours."
    )
    # text that names no move always points at the list
    assert refusal(NotationError("`fly` is not a move in this game.")) == (
        "`fly` is not a move in this game. `/game moves` lists yours."
    )
    assert isinstance(NotationError("x"), IllegalAction)


def test_the_hint_reads_in_the_readers_language_with_the_reason_of_the_engine():
    # the engine's reason is a Text (engines/base.py), so both sentences are translated
    from engines.base import NotationError as N
    from engines.i18n import T

    said = refusal(N(T("`{text}` is not a move in this game.", text="zzz")))
    assert render(said, "cs") == "`zzz` není tah této hry. Tvé tahy vypíše `/hra tahy`."
    assert render(said, "nl") == "`zzz` is geen zet in dit spel. `/spel zetten` toont de jouwe."
    assert render(said, "lt") == "`zzz` nėra šio žaidimo ėjimas. Tavo ėjimus išvardija `/žaidimas ėjimai`."
