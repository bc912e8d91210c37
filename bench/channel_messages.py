"""Channel messages and images per move, a new board post per move vs one live status message.

Plays the first ``--moves`` moves of a seeded game of each of the four games with AI seats
(one move per service call, as a human's move would come), and hands every result to the
real :class:`bot.poster.Poster` twice: once at a table set to ``board_posts=every`` (a new
board post after every move: the older behaviour) and once at a table set to
``status`` (one live status message edited in place, one short line per move). The channel
is a stand-in that counts what the poster does: new messages, edits, images attached to new
messages (what scrolls by in the channel) and images uploaded in edits, and the bytes sent.

Then the same with one human seat (its moves chosen by the game's AI) whose AI opponents reply
within the same call: counts per HUMAN move (the AI replies ride on the human's line).

Run: ``python -m bench.channel_messages [--moves 40] [--players 3] [--seed 1]``.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.poster import Poster
from bot.service import Service

GAMES = ("factory-manager", "kanban-ev", "visiting-kaunas", "transport")
_ids = itertools.count(10_000)


@dataclass
class Counts:
    messages: int = 0
    edits: int = 0
    images_in_new: int = 0
    images_in_edits: int = 0
    bytes: int = 0


def _size(files) -> tuple[int, int]:
    n = b = 0
    for f in files or []:
        n += 1
        pos = f.fp.tell()
        f.fp.seek(0, 2)
        b += f.fp.tell()
        f.fp.seek(pos)
    return n, b


@dataclass
class FakeMessage:
    channel: FakeChannel
    id: int = field(default_factory=lambda: next(_ids))

    @property
    def jump_url(self) -> str:
        return f"https://discord.com/channels/1/{self.channel.id}/{self.id}"

    async def edit(self, content=None, attachments=None, view=None, allowed_mentions=None) -> FakeMessage:
        n, b = _size(attachments)
        c = self.channel.counts
        c.edits += 1
        c.images_in_edits += n
        c.bytes += b + len(content or "")
        return self


class FakeChannel:
    """Counts what the poster sends (it has a guild, so boards get jump links)."""

    def __init__(self, table: str):
        self.id = int(table)
        self.guild = type("G", (), {"id": 1})()
        self.mention = f"<#{table}>"
        self.counts = Counts()

    async def send(self, content=None, files=None, view=None, allowed_mentions=None, **_: Any) -> FakeMessage:
        n, b = _size(files)
        self.counts.messages += 1
        self.counts.images_in_new += n
        self.counts.bytes += b + len(content or "")
        return FakeMessage(self)

    def get_partial_message(self, message_id: int) -> FakeMessage:
        return FakeMessage(self, message_id)


class Host:
    """What the poster needs of the bot (bot.poster.PosterHost), without Discord."""

    def __init__(self, service: Service):
        self.service = service

    async def display_names(self, seats):
        return {s: f"AI {s[3:]}" if s.startswith("ai-") else s for s in seats}

    def get_user(self, _id):
        return self  # DMs (hands) are not counted: they never reach the channel

    async def send(self, *args, **kwargs):
        return None

    async def fetch_user(self, _id):
        return self

    def get_channel(self, _id):
        return None

    async def fetch_channel(self, _id):
        raise RuntimeError("no channels in this benchmark")

    async def owns_table(self, _table):
        return True


async def measure(game: str, players: int, seed: int, moves: int) -> dict[str, tuple[int, Counts]]:
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        for mode, table in (("every", "101"), ("status", "102")):
            service = await Service.open(str(Path(tmp) / f"{mode}.db"), seed_source=lambda: seed, ai_moves_per_call=1)
            try:
                poster = Poster(Host(service))
                channel = FakeChannel(table)
                await service.new_game(table, "1", game, seat_host=False, settings={"board_posts": mode})
                for _ in range(players):
                    await service.add_bot(table, "1")
                result = await service.start(table, "1")
                await poster.post_result(channel, result, force_board=True)
                start = Counts(**vars(channel.counts))
                played = 0
                while played < moves and result.status == "active":
                    result = await service.advance(table)
                    await poster.post_result(channel, result)
                    played += 1
                c = channel.counts
                out[mode] = (
                    played,
                    Counts(
                        c.messages - start.messages,
                        c.edits - start.edits,
                        c.images_in_new - start.images_in_new,
                        c.images_in_edits - start.images_in_edits,
                        c.bytes - start.bytes,
                    ),
                )
            finally:
                await service.close()
    return out


async def measure_with_human(game: str, players: int, seed: int, human_moves: int) -> tuple[int, int, Counts]:
    """One human seat (its moves chosen by the game's AI) and AI seats that reply within the
    same call, at a table with a live status message: ``(human moves, all moves, counts)``."""

    from engines.base import rng

    with tempfile.TemporaryDirectory() as tmp:
        service = await Service.open(str(Path(tmp) / "h.db"), seed_source=lambda: seed)
        try:
            poster = Poster(Host(service))
            channel = FakeChannel("103")
            await service.new_game("103", "1", game, settings={"board_posts": "status"})
            for _ in range(players - 1):
                await service.add_bot("103", "1")
            result = await service.start("103", "1")
            await poster.post_result(channel, result, force_board=True)
            start, v0 = Counts(**vars(channel.counts)), result.version
            played = 0
            while played < human_moves and result.status == "active":
                engine, state = await service.state("103")
                action = engine.ai.choose(state, "1", rng(seed, "bench", played))
                result = await service.act("103", "1", action)
                await poster.post_result(channel, result, actor="1")
                played += 1
            c = channel.counts
            return (
                played,
                result.version - v0,
                Counts(
                    c.messages - start.messages,
                    c.edits - start.edits,
                    c.images_in_new - start.images_in_new,
                    c.images_in_edits - start.images_in_edits,
                    c.bytes - start.bytes,
                ),
            )
        finally:
            await service.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", default=",".join(GAMES))
    args = parser.parse_args(argv)
    print("per move, after the start post:  new messages | images in new messages | edits | images in edits | kB sent")
    for game in args.games.split(","):
        players = min(args.players, 2) if game == "transport" and args.players == 3 else args.players
        res = asyncio.run(measure(game, players, args.seed, args.moves))
        for mode, (played, c) in res.items():
            per = max(played, 1)
            label = "new board post every move" if mode == "every" else "one live status message"
            print(
                f"{game:16s} {label:27s} ({played} moves): {c.messages / per:4.2f} | {c.images_in_new / per:4.2f} |"
                f" {c.edits / per:4.2f} | {c.images_in_edits / per:4.2f} | {c.bytes / per / 1024:6.1f}"
            )
    print("one human seat and AI seats replying in the same call, live status message, per HUMAN move:")
    for game in args.games.split(","):
        players = min(args.players, 2) if game == "transport" and args.players == 3 else args.players
        humans, moves, c = asyncio.run(measure_with_human(game, players, args.seed, args.moves))
        per = max(humans, 1)
        print(
            f"{game:16s} {humans} human moves, {moves} moves in all: {c.messages / per:4.2f} new messages,"
            f" {c.images_in_new / per:4.2f} images in them, {c.edits / per:4.2f} edits"
        )


if __name__ == "__main__":
    main()
