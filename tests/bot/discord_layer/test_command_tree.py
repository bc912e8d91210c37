"""The command picker a member sees: at most 25 commands (each subcommand counts, as Discord's
picker lists them), every game's moves through `/move`."""

from __future__ import annotations


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
