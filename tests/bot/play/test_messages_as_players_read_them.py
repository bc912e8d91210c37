"""Messages found unclear in a user review through SimCord (three players and a spectator):
each test reads one message as the person who receives it."""

from __future__ import annotations

from tests.bot.play.test_high_low_on_discord import member_of, reply, started, to_act


async def test_not_your_turn_names_the_waiting_player_as_a_mention(harness):
    h = harness
    await h.lobby("high-low", h.alice, h.bob)
    await h.alice.slash(h.channel, "game start")
    waiting = await to_act(h)
    assert len(waiting) == 1
    other = h.bob if waiting[0] == str(h.alice.id) else h.alice
    text, eph = reply(await other.slash(h.channel, "move", action="call high"))
    # a raw user id (17-19 digits) means nothing to a player; Discord renders <@id> as the
    # name, and an ephemeral answer with no allowed mentions pings nobody
    assert eph
    assert text == f"It is not your turn; waiting for <@{waiting[0]}>."


async def test_last_player_leaving_a_lobby_is_named_not_numbered(harness):
    h = harness
    await h.lobby("high-low", h.alice)
    r = await h.alice.slash(h.channel, "game leave")
    text, eph = reply(r)
    assert not eph
    assert text == f"<@{h.alice.id}> left. No players left: the lobby is closed."


async def test_moves_after_a_cancelled_game_says_cancelled_not_over(harness):
    h = harness
    await h.lobby("high-low", h.alice, h.bob)
    await h.alice.slash(h.channel, "game start")
    board_msg = h.messages()[-1]
    r = await h.alice.slash(h.channel, "game cancel")
    assert not reply(r)[1]
    expected = "This game was cancelled; start a new one with /game new."
    # nobody will find a "final ranking" on /game board: it says the game was cancelled
    assert reply(await h.bob.slash(h.channel, "game moves")) == (expected, True)
    # the old board's button answers as a stale board does, with the table's current state
    text, eph = reply(await h.bob.click(board_msg, label="Play"))
    assert eph and "this game was cancelled" in text and "ranking" not in text


async def test_started_lobby_message_no_longer_invites_to_join(harness):
    h = harness
    lobby_msg = await started(h, h.alice, h.bob)
    edited = h.channel.get_message(lobby_msg.id) if hasattr(h.channel, "get_message") else None
    content = edited.content if edited is not None else next(m for m in h.messages() if m.id == lobby_msg.id).content
    assert content.startswith("The game has started.")
    # its buttons are gone, so its text must not tell people to press them
    assert "Join with the button" not in content
    assert "/game join" not in content


async def test_commands_after_the_game_ended_say_it_ended_not_that_there_is_none(harness):
    h = harness
    await h.lobby("high-low", h.alice, h.bob, options="rounds=1")
    await h.alice.slash(h.channel, "game start")
    actor = member_of(h, (await to_act(h))[0])
    await actor.slash(h.channel, "move", action="call high")
    for m in (h.alice, h.bob):
        card = (await h.service.hand(h.channel.id, m.id)).private["hand"][0]
        await m.slash(h.channel, "move", action=f"play {card}")
    assert (await h.service.board(h.channel.id)).status == "over"
    # right after the end a player still types /move or /game resign: "There is no game at
    # this table" contradicts the ranking just posted (and /game board, which shows it)
    over = "The last game here is over (`/game board` shows the final ranking); start a new one with /game new."
    assert reply(await h.alice.slash(h.channel, "move", action="call high")) == (over, True)
    assert reply(await h.bob.slash(h.channel, "game resign")) == (over, True)
    assert reply(await h.carol.slash(h.channel, "game join")) == (over, True)
    # a cancelled lobby likewise
    await h.lobby("high-low", h.bob)
    await h.bob.slash(h.channel, "game cancel")
    cancelled = "The last game here was cancelled; start a new one with /game new."
    assert reply(await h.carol.slash(h.channel, "game join")) == (cancelled, True)


async def test_played_confirmation_shows_the_move_as_written_in_the_list(harness):
    h = harness
    await h.lobby("high-low", h.alice, h.bob)
    await h.alice.slash(h.channel, "game start")
    actor = member_of(h, (await to_act(h))[0])
    # typed by hand with stray spaces and capitals: accepted, and echoed as the move reads
    # in /game moves ("call high"), not as typed
    assert reply(await actor.slash(h.channel, "move", action="  Call   HIGH ")) == ("Played `call high`.", True)


def test_board_view_names_replace_seat_ids_inside_sentences_too():
    """Kanban EV's view carries its status as a sentence ("... waiting for <seat id>."), which
    its board and hand images print: seen as "waiting for 1456074443980800012." on the board."""

    from bot.format import rename_view

    bob, alice = "1456074443980800012", "1456074443980800011"
    view = {
        "status": f"setup: certification space: waiting for {bob}.",
        "order": [bob, alice, "ai-1"],
        bob: {"pp": 15},
        "both": f"{alice}, {bob} to act",
        "longer number": f"{bob}9 is not a seat",
        "count": 1456074443980800012,
    }
    out = rename_view(view, {bob: "bob", alice: "alice"})
    assert out == {
        "status": "setup: certification space: waiting for bob.",
        "order": ["bob", "alice", "ai-1"],
        "bob": {"pp": 15},
        "both": "alice, bob to act",
        "longer number": "14560744439808000129 is not a seat",
        "count": 1456074443980800012,
    }


def _rank(scores: dict, tiers: list[list[str]], resigned: set[str]):
    from types import SimpleNamespace

    from bot.service import rank_lines

    engine = SimpleNamespace(scores=lambda state: scores, ranking=lambda state: tiers, score_unit=("point", "points"))
    return [(r.place, r.seat, r.score, r.resigned) for r in rank_lines(engine, None, set(resigned), set())]


def test_two_resigned_players_are_not_both_ranked_first():
    # seen when both players of a 2-player game resigned: "1. bob — 169 points (resigned)" and
    # "1. alice — 131 points (resigned)" right under the engine's "1. bob (169); 2. alice (131)"
    assert _rank({"alice": 131, "bob": 169}, [["bob"], ["alice"]], {"alice", "bob"}) == [
        (1, "bob", 169, True),
        (2, "alice", 131, True),
    ]
    # resigned players still rank below everyone who played on, whatever their score
    assert _rank({"alice": 131, "bob": 169, "carol": 100}, [["bob"], ["alice"], ["carol"]], {"alice", "bob"}) == [
        (1, "carol", 100, False),
        (2, "bob", 169, True),
        (3, "alice", 131, True),
    ]
    # a tie between resigned players is still a shared place
    assert _rank({"alice": 50, "bob": 50, "carol": 10}, [["alice", "bob"], ["carol"]], {"alice", "bob"}) == [
        (1, "carol", 10, False),
        (2, "alice", 50, True),
        (2, "bob", 50, True),
    ]


async def test_factory_manager_as_three_players_and_a_spectator_reads_names_not_ids(harness):
    """A stretch of Factory Manager as people play it: moves picked from `/move` autocomplete
    after typing three letters, the spectator's commands, mistakes; no text a person reads
    (channel posts, ephemeral answers) shows a bare user id, and each post pings at most
    the players who must act."""

    import re

    h = harness
    bare_id = re.compile(r"(?<![@\d])\d{17,20}(?!\d)")
    people = (h.alice, h.bob, h.carol)
    seen: list[str] = []

    def read(result):
        for m in [result.response, *result.followups]:
            if m is not None:
                seen.append(m.content)

    await h.lobby("factory-manager", *people)
    read(await h.alice.slash(h.channel, "game start"))
    for step in range(24):
        board = await h.service.board(h.channel.id)
        actor = next(m for m in people if str(m.id) in board.to_act)
        idle = next(m for m in people if m is not actor)
        full = await actor.autocomplete(h.channel, "move", "action", "")
        typed = full[step % len(full)]["value"][:3]
        narrowed = await actor.autocomplete(h.channel, "move", "action", typed)
        assert narrowed and all(typed in c["value"] or typed in c["name"].lower() for c in narrowed)
        if step == 3:
            read(await idle.slash(h.channel, "move", action=narrowed[0]["value"]))  # not your turn
            read(await actor.slash(h.channel, "move", action=typed))  # incomplete move
            read(await h.dave.slash(h.channel, "game moves"))
            read(await h.dave.slash(h.channel, "game history"))
        read(await actor.slash(h.channel, "move", action=narrowed[0]["value"]))
        assert set(h.pinged()) <= {int(s) for s in (await h.service.board(h.channel.id)).to_act}
    seen += [m.content for m in h.messages()]
    offending = [t for t in seen if bare_id.search(t)]
    assert offending == []
