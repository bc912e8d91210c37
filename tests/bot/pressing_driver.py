"""Playing a game on SimCord by pressing only: Play, then the move builder's buttons and menus.

Shared by the pressing tests (tests/bot/play/test_pressing*.py) and ``python -m bench.pressing``.
:class:`Presser` reads what a player sees (the ephemeral builder's components, never the
bot's internals) and presses its way to a move: the move it aims at is the game's AI choice
for that seat (most moves, so games keep their usual length) or a seeded walk through the
options (the others). It counts every press, the channel messages and DMs each turn makes,
and how long the bot took to answer each press (to its first response to Discord).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.builder import Builder
from bot.cogs.pressing import OUT_OF_DATE
from bot.i18n import T, Tp
from engines.base import rng

#: Discord's component types (raw payloads)
BUTTON, SELECT = 2, 3


def components(message: Any) -> list[dict]:
    """The raw components (buttons and selects) of a message or a SimCord response, in order."""

    out = []
    for row in message.components:
        raw = row if isinstance(row, dict) else row.to_dict()
        out.extend(raw.get("components", []))
    return out


def label(name: str, lang: str = "en") -> str:
    """The label of the builder's button ``name`` ("Play", "Back", "Cancel") in ``lang``."""

    return Tp("button", name).render(lang)


def has_play(message: Any, lang: str = "en") -> bool:
    return any(c.get("type") == BUTTON and c.get("label") == label("Play", lang) for c in components(message))


@dataclass
class Step:
    """A builder step as the player sees it: the text, its options (a select's options or the
    option buttons, in order), Back and Cancel."""

    content: str
    options: list[dict]
    select: dict | None
    back: dict | None
    cancel: dict | None

    @classmethod
    def read(cls, message: Any, lang: str = "en") -> Step | None:
        comps = components(message)
        select = next((c for c in comps if c.get("type") == SELECT), None)
        back = next((c for c in comps if c.get("label") == label("Back", lang)), None)
        cancel = next((c for c in comps if c.get("label") == label("Cancel", lang)), None)
        if cancel is None:
            return None  # not a builder step ("Played …", a refusal)
        if select is not None:
            options = select["options"]
        else:
            options = [
                c
                for c in comps
                if c.get("type") == BUTTON and c.get("label") not in (label("Back", lang), label("Cancel", lang))
            ]
        return cls(message.content, options, select, back, cancel)


@dataclass
class Tally:
    """What a game played by pressing counted. ``presses``: per move, Play included when it was
    pressed; ``answer_ms``: per press, from the bot receiving it to its first answer;
    ``channel_per_turn`` / ``dms_per_turn``: new public channel messages per turn (a run of
    moves by the same seat) and new DMs to the seat that moved, per own turn."""

    presses: list[int] = field(default_factory=list)
    answer_ms: list[float] = field(default_factory=list)
    channel_per_turn: list[int] = field(default_factory=list)
    dms_per_turn: list[int] = field(default_factory=list)
    refused: int = 0


class AnswerClock:
    """Times the bot's first answer to each component press (``InteractionResponse``'s
    send_message / edit_message / defer), from the moment discord.py hands the press to the
    item's callback. Install with :meth:`install`, read :attr:`ms`."""

    def __init__(self) -> None:
        self.ms: list[float] = []
        self._start: dict[int, float] = {}
        self._undo: list[tuple[Any, str, Any]] = []

    def install(self) -> None:
        from bot import views

        clock = self
        real_callback = views._Handled.callback

        async def callback(item, interaction):
            clock._start[interaction.id] = time.perf_counter()
            return await real_callback(item, interaction)

        self._patch(views._Handled, "callback", callback)
        for name in ("send_message", "edit_message", "defer"):
            real = getattr(discord.InteractionResponse, name)

            def wrap(real=real):
                async def answer(response, *args, **kwargs):
                    start = clock._start.pop(response._parent.id, None)
                    if start is not None:
                        clock.ms.append((time.perf_counter() - start) * 1000)
                    return await real(response, *args, **kwargs)

                return answer

            self._patch(discord.InteractionResponse, name, wrap())

    def _patch(self, owner: Any, name: str, value: Any) -> None:
        self._undo.append((owner, name, owner.__dict__[name]))
        setattr(owner, name, value)

    def uninstall(self) -> None:
        for owner, name, value in reversed(self._undo):
            setattr(owner, name, value)
        self._undo.clear()


class Presser:
    """Plays the game at ``h`` (a :class:`tests.bot.discord_harness.Harness` whose table has
    started) by pressing, seat by seat. ``walk_share``: the share of moves chosen by a seeded
    walk through the options instead of aiming at the AI's move. ``lang``: the language the
    members' clients and the table use (the labels it looks for); ``seen``: when a list, every
    text the members were shown (builder steps, their options and buttons) is appended to it."""

    def __init__(
        self,
        h: Any,
        members: list[Any],
        seed: int,
        walk_share: float = 0.25,
        lang: str = "en",
        seen: list | None = None,
    ):
        self.h = h
        self.lang = lang
        self.seen = seen
        played = T("Played `{move}`.", move="\x00").render(lang)
        self.played_prefix = played.split("\x00")[0]
        self.out_of_date = OUT_OF_DATE.render(lang)
        self.members = {str(m.id): m for m in members}
        self.rnd = random.Random(seed)
        self.seed = seed
        self.walk_share = walk_share
        self.tally = Tally()
        #: seat -> the builder message left open for it ("Your turn goes on")
        self.open: dict[str, Any] = {}
        self.entry: Any = None  # the newest message carrying Play
        self.moves = 0
        self.turn_seat: str | None = None

    def _find_entry(self, mark: int) -> None:
        for m in self.h.messages_since(mark):
            if has_play(m, self.lang):
                self.entry = m

    async def play_turn(self) -> bool:
        """Press one move for each seat that must act now (in a simultaneous step every acting
        member opens their own builder first). False when the game is over."""

        game = await self.h.service.store.last_game(str(self.h.channel.id))
        if game.status != "active":
            return False
        engine, state = await self.h.service.state(self.h.channel.id)
        acting = [p for p in engine.to_act(state) if p in self.members]
        assert acting, engine.to_act(state)
        opened: dict[str, tuple[Any, int]] = {}
        for seat in acting:  # each opens their own builder (Play) before anyone moves
            if seat in self.open:
                opened[seat] = (self.open.pop(seat), 0)
            else:
                opened[seat] = (await self.press_play(seat), 1)
        for seat in acting:
            message, presses = opened[seat]
            await self.build(seat, message, presses)
        return True

    def _saw(self, message: Any) -> None:
        """Keep what ``message`` (a builder step or an answer) shows: its text, the labels and
        descriptions of its buttons and options."""

        if self.seen is None or message is None:
            return
        self.seen.append(message.content)
        for c in components(message):
            for key in ("label", "placeholder"):
                if c.get(key):
                    self.seen.append(c[key])
            for o in c.get("options", []):
                self.seen += [o.get("label", ""), o.get("description", "")]

    async def press_play(self, seat: str) -> Any:
        if self.entry is None:
            self._find_entry(0)
        r = await self.members[seat].click(self.entry, label=label("Play", self.lang))
        assert r.response is not None and r.response.ephemeral, r.response
        return r.response

    async def target(self, seat: str) -> tuple[Any, tuple[int, ...] | None]:
        """The path to aim at (the AI's move, through a builder made here from the same
        state), or None to walk."""

        engine, state = await self.h.service.state(self.h.channel.id)
        if self.rnd.random() < self.walk_share:
            return engine, None
        action = engine.ai.choose(state, seat, rng(self.seed, "press", self.moves))
        return engine, Builder(engine, state, list(engine.legal_actions(state, seat))).path_of(action)

    async def build(self, seat: str, message: Any, presses: int) -> None:
        """Press through the builder ``message`` of ``seat`` until a move is played."""

        member = self.members[seat]
        h = self.h
        mark = h.mark()
        dm_marks = {p: h.mark(dm_of=m) for p, m in self.members.items()}
        _, path = await self.target(seat)
        depth = 0
        while True:
            self._saw(message)
            step = Step.read(message, self.lang)
            if step is None:  # refused (the board moved on): start again from its Play
                assert message.content.startswith(self.out_of_date), message.content
                self.tally.refused += 1
                r = await member.click(message, label=label("Play", self.lang))
                presses += 1
                message, depth = r.response, 0
                _, path = await self.target(seat)
                continue
            n = len(step.options)
            i = path[depth] if path is not None else self.rnd.randrange(n)
            assert i < n, (path, depth, step.content)
            if step.select is not None:
                r = await member.select(message, [step.options[i]["value"]], custom_id=step.select["custom_id"])
            else:
                r = await member.click(message, custom_id=step.options[i]["custom_id"])
            presses += 1
            depth += 1
            message = r.response
            if message is not None and message.content.startswith(self.played_prefix):
                self._saw(message)
                break
        self.moves += 1
        self.tally.presses.append(presses)
        if Step.read(message, self.lang) is not None:  # the same seat acts again: its builder stays open
            self.open[seat] = message
        self._find_entry(mark)
        if seat != self.turn_seat:  # a new turn
            self.turn_seat = seat
            self.tally.channel_per_turn.append(0)
            self.tally.dms_per_turn.append(0)
        self.tally.channel_per_turn[-1] += len(h.messages_since(mark))
        self.tally.dms_per_turn[-1] += len(h.messages_since(dm_marks[seat], dm_of=member))
