"""`boardhost run` / `boardhost sync` without a token, settings from `.env`, and start-up
sync only when the command tree's hash changed."""

from __future__ import annotations

import pytest

from bot.cli import main
from bot.settings import load_settings


@pytest.fixture
def no_token(tmp_path, monkeypatch):
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.chdir(tmp_path)  # no .env here
    return tmp_path


@pytest.mark.parametrize("command", [["run"], ["sync"], ["sync", "--guild", "123"]])
def test_without_token_exit_2_and_one_sentence(no_token, capsys, command):
    assert main(command) == 2
    err = capsys.readouterr().err.strip()
    assert "DISCORD_TOKEN" in err
    assert err.count("\n") == 0 and err.endswith(".")


def test_settings_from_dotenv_and_environment(no_token, monkeypatch):
    (no_token / ".env").write_text("DISCORD_TOKEN=from-dotenv\nBOARDHOST_DB=/data/x.db\n")
    s = load_settings()
    assert (s.discord_token, s.db_path) == ("from-dotenv", "/data/x.db")
    monkeypatch.setenv("DISCORD_TOKEN", "from-env")
    assert load_settings().discord_token == "from-env"


async def test_startup_sync_only_when_the_command_tree_changed(harness, monkeypatch):
    h = harness
    assert h.bot.synced is True  # fresh database: no stored hash
    commands = set(h.alice.available_commands(h.channel))
    assert {"game new", "game join", "move"} <= commands
    syncs = lambda: sum(1 for r in h.env.http_requests if r.method == "PUT" and "/commands" in r.path)
    n = syncs()
    await h.restart()
    assert h.bot.synced is False and syncs() == n
    # a command described anew (as an update of the bot would) changes the tree: the next
    # start syncs (the /game group's description is read when the bot builds its tree)
    monkeypatch.setattr("bot.cogs.group.GROUP_DESCRIPTION", "Board games at this table.")
    await h.restart()
    assert h.bot.synced is True and syncs() == n + 1
    upload = [r for r in h.env.http_requests if r.method == "PUT" and "/commands" in r.path][-1]
    assert {c["name"]: c["description"] for c in upload.json}["game"] == "Board games at this table."


async def test_create_bot_uses_no_privileged_intents_and_close_closes_the_database(tmp_path):
    from bot.discord_app import create_bot

    bot = create_bot(db_path=str(tmp_path / "x.db"), auto_sync=False)
    intents = bot.intents
    assert not (intents.members or intents.presences or intents.message_content)
    await bot.setup_hook()  # what login does: opens the database, adds the commands
    service = bot.service
    assert service is not None and "game" in [c.name for c in bot.tree.get_commands()]
    await service.store.live_game("1")  # the database answers
    await bot.close()
    assert bot.service is None
    with pytest.raises(Exception):
        await service.store.live_game("1")


async def test_manual_sync_stores_the_hash_in_the_store(harness):
    """`boardhost sync` (sync_now) records the tree's hash through the store, so the next
    start does not sync again; a guild sync does not touch the stored (global) hash."""

    from bot.discord_app import TREE_HASH_KEY, tree_hash

    h = harness
    store = h.service.store
    await store.set_meta(TREE_HASH_KEY, "stale")
    assert await h.bot.sync_now(guild=h.guild.id) > 0
    assert await store.get_meta(TREE_HASH_KEY) == "stale"
    assert await h.bot.sync_now() > 0
    assert await store.get_meta(TREE_HASH_KEY) == tree_hash(h.bot.tree)
    await h.restart()
    assert h.bot.synced is False
