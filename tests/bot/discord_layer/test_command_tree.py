"""The command picker a member sees: at most 25 commands (each subcommand counts, as Discord's
picker lists them), every game's moves through `/move`."""

from __future__ import annotations

import re


async def test_a_member_sees_at_most_25_commands(harness):
    h = harness
    seen = h.alice.available_commands(h.channel)
    assert len(seen) <= 25, seen
    assert "move" in seen and all(c == "move" or c.startswith("game ") for c in seen), seen
    # the same at a table of each game (no game brings commands of its own)
    for game in ("factory-manager", "transport"):
        await h.lobby(game, h.alice, h.bob)
        assert h.bob.available_commands(h.channel) == seen
        await h.alice.slash(h.channel, "game cancel")


#: words a description cannot end with: it was cut, or a sentence stops mid-way
CUT_WORDS = {"a", "an", "the", "and", "or", "of", "to", "with", "for", "in", "at", "by", "on", "from", "e.g", "its"}
PLACEHOLDER = re.compile(r"<[^>]*>|\{[^}]*\}|\.\.\.|…|\bTODO\b|\bXXX\b")


def problems(text: str, name: str, sentence: bool) -> list[str]:
    """What is wrong with one description (or a choice's name, ``sentence=False``) of the
    option or command ``name``: empty, over Discord's 100 characters, only its own name, a
    typed-command style ``name: …``, a placeholder, brackets or quotes left open, a last
    word that leaves the sentence hanging, or (a sentence) no full stop at the end."""

    out = []
    plain = text.strip().rstrip(".").lower()
    if not text.strip():
        return ["empty"]
    if len(text) > 100:
        out.append("over 100 characters")
    if plain in (name.lower(), name.lower().replace("_", " ")) or plain.startswith(name.lower() + ":"):
        out.append("describes itself by its name")
    if PLACEHOLDER.search(text):
        out.append("placeholder")
    for a, b in ("()", "[]", "{}"):
        if text.count(a) != text.count(b):
            out.append(f"unbalanced {a}")
    quotes = re.findall(r"(?<![A-Za-z])'|'(?![A-Za-z])", text)  # an apostrophe sits between letters
    if len(quotes) % 2 or text.count('"') % 2 or text.count("`") % 2:
        out.append("unbalanced quotes")
    words = re.findall(r"[\w.']+|[(,:;/-]", text.rstrip(".!?"))
    if words and (words[-1].lower().rstrip(".") in CUT_WORDS or words[-1] in "(,:;/-"):
        out.append("cut off")
    if sentence and not text.endswith((".", "?", "!")):
        out.append("no full stop")
    return out


def walk(command: dict, path: str = ""):
    """``(where, text, name, sentence)`` for every description and choice name of one
    uploaded command, its subcommands and their options."""

    where = f"{path} {command['name']}".strip()
    yield where, command.get("description", ""), command["name"], True
    for option in command.get("options", []):
        if option.get("type") in (1, 2):  # a subcommand or subcommand group
            yield from walk(option, where)
            continue
        yield f"{where} {option['name']}", option.get("description", ""), option["name"], True
        for choice in option.get("choices", []):
            yield f"{where} {option['name']}={choice['value']}", choice["name"], option["name"], False


def test_the_check_finds_what_it_should():
    assert problems("tile", "tile", True) == ["describes itself by its name", "no full stop"]
    assert problems("kind: storage, machine", "kind", True) == ["describes itself by its name", "no full stop"]
    assert problems("Where the tile goes (a belt tile may", "where", True) == ["unbalanced (", "no full stop"]
    assert problems("The event number and", "take", True) == ["cut off", "no full stop"]
    assert problems("Write `buy <tile>`.", "buy", True) == ["placeholder"]
    assert problems("x" * 101 + ".", "x", True) == ["over 100 characters"]
    assert problems("Pick from the suggestions (e.g. `buy`).", "move", True) == []
    assert problems("AI plays the turn (the seat stays theirs)", "at_deadline", False) == []
    assert problems("When to remind, e.g. '12h then daily' or off.", "reminders", True) == []
    assert problems("When to remind, e.g. '12h then daily or off.", "reminders", True) == ["unbalanced quotes"]


async def test_every_command_option_and_choice_reads_as_written_for_a_player(harness):
    h = harness
    uploads = [r for r in h.env.http_requests if r.method == "PUT" and r.path.endswith("/commands")]
    assert uploads, "the bot uploaded no commands"
    commands = uploads[-1].json
    texts = [t for c in commands for t in walk(c)]
    assert len(texts) > 60  # every command, option and choice of the picker
    found = {where: (text, p) for where, text, name, sentence in texts if (p := problems(text, name, sentence))}
    assert found == {}


async def test_game_help_is_one_short_page_on_playing_here(harness):
    h = harness
    # no game here yet: how to open one, and the games
    r = await h.dave.slash(h.channel, "game help")
    text = r.response.content
    assert r.response.ephemeral and len(text) <= 2000
    assert text.startswith("**How to play here**\nNo game at this table yet: `/game new` opens one.")
    assert "Factory Manager (`factory-manager`)" in text
    # at a Transport table: pressing Play, the commands, and Transport's rules topics by name
    await h.lobby("transport", h.alice, h.bob)
    await h.alice.slash(h.channel, "game start")
    r = await h.bob.slash(h.channel, "game help")
    text = r.response.content
    assert r.response.ephemeral and len(text) <= 2000 and text.count("\n") <= 6
    assert text.startswith("**How to play Transport here**\nWhen it is your move, press **Play**")
    assert "`/move`" in text and "`/game board` the full board" in text
    topics = "`overview`, `turn`, `connect`, `icons`, `parcels`, `end`, `coordinates`"
    assert f"**Rules of Transport:** `/game rules topic:` with one of {topics}." in text
    # and the topics it names are the ones /game rules reads
    r = await h.bob.slash(h.channel, "game rules", topic="icons")
    assert r.response.content.startswith("**Transport: icons**")
