"""After an update, Discord clients may still show the previous version's commands and
buttons until they reload. Using one is not a bot error: the member is told, in one
sentence, that the command changed with an update, that nothing was played, and to reload
Discord; it is logged at INFO."""

from __future__ import annotations

import logging

import discord
from discord import app_commands

from bot.format import BUTTON_CHANGED, COMMAND_CHANGED
from tests.bot.play.test_high_low_on_discord import started

#: written out by hand: what the member reads
COMMAND_SENTENCE = (
    "This command changed with an update of the bot, so nothing was played;"
    " reload Discord (Ctrl+R, or close and reopen the app) to get the new commands."
)
BUTTON_SENTENCE = (
    "This button changed with an update of the bot, so nothing was played;"
    " reload Discord (Ctrl+R, or close and reopen the app) and use the newest post's buttons or `/game board`."
)


def test_the_sentences_are_the_ones_written_here():
    assert (COMMAND_CHANGED, BUTTON_CHANGED) == (COMMAND_SENTENCE, BUTTON_SENTENCE)


def no_errors_logged(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]


async def test_a_command_this_version_no_longer_has(harness, caplog):
    h = harness
    await started(h, h.alice, h.bob)
    version = await h.version()
    caplog.set_level(logging.INFO)
    # Discord still lists /move (synced earlier); the running code no longer has it
    h.bot.tree.remove_command("move")
    r = await h.alice.slash(h.channel, "move", action="call low")
    assert r.response.ephemeral and r.response.content == COMMAND_SENTENCE
    assert await h.version() == version  # nothing was played
    assert no_errors_logged(caplog) == []
    assert any("/move" in r.getMessage() and r.levelno == logging.INFO for r in caplog.records)
    assert h.bot.poster.pending == set()  # nothing is owed to the table
    # typing into its option asks for suggestions: none, and no error either
    assert await h.alice.autocomplete(h.channel, "move", "action", "c") == []
    assert no_errors_logged(caplog) == []


async def test_a_command_whose_options_changed(harness, caplog):
    h = harness

    @app_commands.command(name="ping", description="Answers")
    async def ping(interaction: discord.Interaction, count: int) -> None:
        await interaction.response.send_message(f"pong {count}", ephemeral=True)

    h.bot.tree.add_command(ping)
    await h.bot.sync_now()
    assert (await h.alice.slash(h.channel, "ping", count=2)).response.content == "pong 2"

    # the update renamed the required option; Discord's copy still sends `count`
    @app_commands.command(name="ping", description="Answers")
    async def ping2(interaction: discord.Interaction, amount: int) -> None:
        await interaction.response.send_message(f"pong {amount}", ephemeral=True)

    h.bot.tree.add_command(ping2, override=True)
    caplog.set_level(logging.INFO)
    r = await h.alice.slash(h.channel, "ping", count=2)
    assert r.response.ephemeral and r.response.content == COMMAND_SENTENCE
    assert no_errors_logged(caplog) == []


async def test_a_button_no_handler_knows(harness, caplog):
    h = harness
    # an older version's button: a message whose button the bot of today has no handler for
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label="Old", custom_id="bh:oldkind:1:v3"))
    channel = h.bot.get_channel(h.channel.id)
    await channel.send("old post", view=view)
    await h.restart()  # the new process knows nothing of that view
    caplog.set_level(logging.INFO)
    message = h.messages()[-1]
    r = await h.alice.click(message, label="Old")
    assert r.response.ephemeral and r.response.content == BUTTON_SENTENCE
    assert no_errors_logged(caplog) == []


async def test_buttons_of_today_are_not_answered_twice(harness):
    h = harness
    await started(h, h.alice, h.bob)
    board = [m for m in h.messages() if m.components][-1]
    r = await h.alice.click(board, label="My hand")
    texts = [r.response.content] + [f.content for f in r.followups]
    assert BUTTON_SENTENCE not in texts
