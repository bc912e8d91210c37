"""SimCord: one post per turn, one DM per own turn (bot/turnposts.py).

Whole games of Kanban EV (many steps per turn) and Transport (a hand change almost every
move) by two members through `/move`, at a table with the live status message (the default):
every turn makes at most one new channel message (the status message is edited), and each
player gets at most one new DM per own turn; a restart in the middle of a turn edits the
same messages. Then what happens when Discord refuses an edit."""

from __future__ import annotations

import io
import json
from dataclasses import dataclass, field

import pytest
from PIL import Image

from engines import registry
from engines.base import rng
from tests.bot.play.test_high_low_on_discord import reply


@pytest.fixture
def tiny_renders(monkeypatch):
    """Every board, summary and hand a 1x1 PNG: this test counts messages, the images are
    tested with each renderer (and drawn for real in the other whole-game tests)."""

    import renderers

    buf = io.BytesIO()
    Image.new("RGB", (1, 1), "#ffffff").save(buf, "PNG")
    png = buf.getvalue()
    monkeypatch.setattr(renderers, "render_board", lambda game_id, view, lang="en": [png])
    monkeypatch.setattr(renderers, "render_hand", lambda game_id, view, lang="en": png)
    monkeypatch.setattr(renderers, "render_summary", lambda game_id, view, events=None, lang="en": png)


@dataclass
class Step:
    """One `/move`: who had to act before and after it, who moved, what was new."""

    before: list[str]
    after: list[str]
    mover: str
    #: how many turns the call began: 0 when the same seats still act, else how often the
    #: seat to act changed during it (an AI seat's whole turn in between makes 2)
    begun: int
    channel: int
    dms: dict[str, int]
    #: new messages a full line called for (the turn's line and this step would outgrow
    #: Discord's 2000 characters, so the step starts the next message of the same turn)
    full: int = 0
    #: the turn's line was edited with this step's events (the same message, its events kept)
    grew: bool = False
    #: the call had no public events (a Kanban EV "route" step): nothing new to show
    silent: bool = False


@dataclass
class Counts:
    steps: list[Step] = field(default_factory=list)
    #: per turn (a maximal run of moves with the same seats to act): new channel messages,
    #: and the turns the call that began it began (an AI seat's turn before it: 2)
    channel_per_turn: list[int] = field(default_factory=list)
    begun_with: list[int] = field(default_factory=list)
    #: per (player, own turn): new DMs in it, the one that began it included
    dms_per_own_turn: list[int] = field(default_factory=list)
    #: the restart's step index
    restarted_at: int | None = None

    def tally(self) -> None:
        """Group the steps into turns. A move that changed who must act made the first post
        of the next turn (the line that names, and pings, whoever must act now), so its
        new messages count for that turn; a move that left the same seats to act belongs to
        the turn it went on with. The game's start (status message, first line, first
        hands) and its end (the last line) are not a turn."""

        acting: list[list[str]] = []  # per turn, the seats to act
        entering: Step | None = None  # the last step, when it passed the turn on
        for step in self.steps:
            if entering is not None or not acting or step.before != acting[-1]:
                acting.append(step.before)
                self.channel_per_turn.append(entering.channel if entering else 0)
                self.begun_with.append(entering.begun + entering.full if entering else 1)
                self.dms_per_own_turn += [entering.dms.get(p, 0) if entering else 0 for p in step.before]
            if not step.begun:
                self.channel_per_turn[-1] += step.channel
                self.begun_with[-1] += step.full
                for k, p in enumerate(step.before, start=len(self.dms_per_own_turn) - len(step.before)):
                    self.dms_per_own_turn[k] += step.dms.get(p, 0)
            entering = step if step.begun else None


def newest_public(h):
    """The channel's newest message everyone sees (the turn's line), read from SimCord's
    store (a private member, as the harness's ``messages_since``)."""

    raw = h.env.backend.messages.get(h.channel.id, {})
    newest = max(i for i, m in raw.items() if m.visible_to(None))
    return h.messages_since(newest - 1)[0]


async def whole_game(h, game: str, seed: int, *, restart_after: int, ai_seats: int = 0) -> Counts:
    """Play a whole seeded ``game`` by alice and bob (or alice and ``ai_seats`` AI seats),
    each human move through `/move`, restarting the bot once in the middle of a turn after
    ``restart_after`` moves; what each move posted and DMed anew."""

    engine = registry.get(game)
    h.service.seed_source = lambda: seed
    humans = (h.alice,) if ai_seats else (h.alice, h.bob)
    await h.lobby(game, *humans, posts=None)
    for _ in range(ai_seats):
        await h.service.add_bot(h.channel.id, h.alice.id)
    r = await h.alice.slash(h.channel, "game start")
    assert reply(r)[1], reply(r)
    members = {str(m.id): m for m in humans}
    counts = Counts()
    while True:
        board = await h.service.board(h.channel.id)
        if board.status == "over":
            break
        game_row = await h.service.store.last_game(str(h.channel.id))
        state = await h.service.game_state(game_row)
        seat = board.to_act[0]
        action = engine.ai_level("easy").choose(state, seat, rng(seed, "turns", game_row.version))
        mark = h.mark()
        line = newest_public(h)  # the turn's line so far
        dm_marks = {p: h.mark(dm_of=m) for p, m in members.items()}
        r = await members[seat].slash(h.channel, "move", action=engine.notation(state, action))
        assert reply(r)[0].startswith("Played"), reply(r)
        after = await h.service.board(h.channel.id)
        acting_after = list(after.to_act) if after.status == "active" else []
        rows = await h.service.store.actions(game_row.pk, after=board.version)
        movers = [row.seat for row in rows]
        seq = [*movers, *acting_after[:1]]
        step = Step(
            before=list(board.to_act),
            after=acting_after,
            mover=seat,
            begun=sum(a != b for a, b in zip(seq, seq[1:])) or int(acting_after != board.to_act),
            channel=len(h.messages_since(mark)),
            dms={p: len(h.messages_since(dm_marks[p], dm_of=m)) for p, m in members.items()},
        )
        new = h.messages_since(mark)
        if not step.begun and new:
            # worked out from the texts: the line (events, then the "your move" line) with this
            # step's events inserted before its last line would have been this long
            grown = len(line.content) - len(line.content.rsplit("\n", 1)[-1]) + len(new[0].content)
            step.full = int(grown > 2000)
        now = newest_public(h)
        kept = line.content.rsplit("\n", 1)[0]  # the line's events (its last line: who must act)
        step.grew = now.id == line.id and now.content != line.content and now.content.startswith(kept)
        # the stored move texts: the describe sentence, then the public events
        step.silent = not any(json.loads(row.text)["public"][1:] for row in rows)
        counts.steps.append(step)
        if counts.restarted_at is None and len(counts.steps) >= restart_after and not step.begun:
            await h.restart()  # in the middle of a turn: the next step edits the same line
            counts.restarted_at = len(counts.steps)
    counts.tally()
    return counts


def check(counts: Counts, h) -> None:
    assert counts.restarted_at is not None
    # one new channel message per turn (the call that began it posted one per turn it began:
    # an AI seat's turn and the human's next one)
    over = [(t, n, k) for t, (n, k) in enumerate(zip(counts.channel_per_turn, counts.begun_with)) if n > k]
    assert not over, over
    assert max(counts.dms_per_own_turn) <= 1, counts.dms_per_own_turn
    # every step that left the same seats to act posted nothing new, nor DMed its mover anew
    for s in counts.steps:
        if not s.begun:
            assert s.channel == s.full and s.dms[s.mover] == 0, s
            assert s.grew or s.full or s.silent, s
    # the step after the restart went on with the same turn: it edited the line and the DM
    after_restart = counts.steps[counts.restarted_at]
    assert after_restart.before == counts.steps[counts.restarted_at - 1].after
    assert after_restart.channel == (1 if after_restart.begun else 0)
    last = h.messages()[-1]
    assert "Final ranking" in last.content


async def test_kanban_ev_one_new_channel_message_per_turn_and_one_dm_per_own_turn(harness, tiny_renders):
    counts = await whole_game(harness, "kanban-ev", 2, restart_after=40, ai_seats=1)
    check(counts, harness)
    # many steps per turn: the game has far more moves than turns (measured: 226 moves in 74 turns)
    assert len(counts.steps) > 2 * len(counts.channel_per_turn)


async def test_transport_one_new_channel_message_per_turn_and_one_dm_per_own_turn(harness, tiny_renders):
    counts = await whole_game(harness, "transport", 1, restart_after=20)
    check(counts, harness)
    # a Transport move changes the mover's hand almost every time; their own moves edit their
    # newest hand DM, so the DMs are far fewer than the moves
    own = sum(s.dms[s.mover] for s in counts.steps)
    assert own <= len(counts.steps) // 4, own


async def test_a_line_or_dm_that_cannot_be_edited_is_posted_anew_with_everything_it_said(harness):
    """High-Low (tests/fakegame.py), worked out by hand: move 1 is both[0]'s call, move 2
    both[0]'s card (the turn passes to both[1]: a new line), move 3 both[1]'s card, which ends
    the round; both[1] calls next, so the same player goes on and the line would be edited,
    and both[1]'s own move would edit their newest hand DM. Here the line was deleted (404)
    and Discord refuses the DM edit (403): both are sent anew with all they said."""

    h = harness
    await h.lobby("high-low", h.alice, h.bob, posts=None)
    await h.alice.slash(h.channel, "game start")
    info = await h.service.table_info(h.channel.id)
    both = [s.seat for s in sorted(info.seats, key=lambda s: s.order)]
    first, second = (h.alice, h.bob) if both[0] == str(h.alice.id) else (h.bob, h.alice)
    await first.slash(h.channel, "move", action="call high")
    hands = {p: (await h.service.hand(h.channel.id, p)).private["hand"] for p in both}
    await first.slash(h.channel, "move", action=f"play {hands[both[0]][0]}")
    line = newest_public(h)
    assert line.content.startswith(f"<@{both[0]}> plays a card face down.\n<@{both[1]}>: your move"), line.content
    await h.bot.get_channel(h.channel.id).get_partial_message(line.id).delete()
    dm = second.user.dm_channel.last_message  # the start's hand DM, the newest
    h.env.inject_error(
        "PATCH", f"/channels/{dm.channel.id}/messages/{dm.id}", status=403, code=50001, message="Missing Access"
    )
    mark, dm_mark = h.mark(), h.mark(dm_of=second)
    await second.slash(h.channel, "move", action=f"play {hands[both[1]][0]}")
    new = h.messages_since(mark)
    assert len(new) == 1
    # the deleted line's events, this step's, then who must act: nothing lost
    assert new[0].content.startswith(
        f"<@{both[0]}> plays a card face down.\n<@{both[1]}> plays a card face down. Revealed: "
    ), new[0].content
    assert new[0].content.endswith(f"<@{both[1]}>: your move on [the board]({line.content.split('(')[1]}")
    stored = await h.service.post_marks(info.game_pk)
    assert stored["line"]["message"] == str(new[0].id)
    # the refused DM edit: a new DM with the drawn card and the hand now
    dms = h.messages_since(dm_mark, dm_of=second)
    hand = (await h.service.hand(h.channel.id, both[1])).private["hand"]
    assert len(dms) == 1 and "You drew " in dms[0].content
    assert dms[0].content.endswith("Your hand: " + ", ".join(str(c) for c in hand) + ".")
    assert [a.filename for a in dms[0].attachments] == ["hand.png"]
    assert stored["dm:" + both[1]]["message"] == str(dms[0].id)
    # and the next step of the same turn edits the new line
    mark = h.mark()
    await second.slash(h.channel, "move", action="call low")
    # calling leaves both players to act: the turn passes, a new line pings the other one
    assert len(h.messages_since(mark)) == 1 and h.pinged(-1) == [int(both[0])]


async def test_the_move_pipeline_says_whether_the_turn_goes_on(tmp_path, high_low):
    """``Result.turn_goes_on`` and ``Result.mover`` over High-Low, worked out by hand from its
    rules: with seat order [A, B], A calls (then both must play: the turn passes), A plays
    (B alone must play: it passes), B plays and so ends round 1; B calls round 2, so B still
    acts: the turn goes on. The start is no turn going on."""

    from bot.service import Service

    service = await Service.open(str(tmp_path / "s.db"), seed_source=lambda: 1)
    try:
        await service.new_game("t", "111", "high-low", {"rounds": 2})
        await service.join("t", "222")
        start = await service.start("t", "111")
        a, b = [s.seat for s in sorted((await service.table_info("t")).seats, key=lambda s: s.order)]
        assert start.turn_goes_on is False and start.mover is None and start.acting == [a]
        r = await service.act("t", a, "call high")
        assert (r.turn_goes_on, r.mover, r.acting) == (False, a, [a, b])
        card = (await service.hand("t", a)).private["hand"][0]
        r = await service.act("t", a, f"play {card}")
        assert (r.turn_goes_on, r.mover, r.acting) == (False, a, [b])
        card = (await service.hand("t", b)).private["hand"][0]
        r = await service.act("t", b, f"play {card}")
        assert (r.turn_goes_on, r.mover, r.acting) == (True, b, [b])
    finally:
        await service.close()
