"""The SQLite ``-wal`` file stays bounded: while another connection keeps a read open the
log has to grow (SQLite cannot fold frames back past an open reader), but once the reader is
gone the store folds the log back and truncates it, instead of keeping a file of the largest
size it ever reached until the bot restarts."""

from __future__ import annotations

import os
import sqlite3

from bot.store import SqliteStore

#: the store's cap on the ``-wal`` file once SQLite starts the log over: 4 MiB
WAL_CAP = 4 * 1024 * 1024


def wal_size(path: str) -> int:
    return os.path.getsize(path + "-wal") if os.path.exists(path + "-wal") else 0


async def test_the_wal_shrinks_back_after_a_long_lived_reader_is_released(tmp_path):
    path = str(tmp_path / "wal.db")
    store = SqliteStore(path)
    await store.open()
    try:
        game = await store.create_game("t", "g", {}, 1, "a")
        await store.start_game(game.pk, ["a"], {"x": 0})
        reader = sqlite3.connect(path, isolation_level=None)
        reader.execute("BEGIN")
        reader.execute("SELECT count(*) FROM actions").fetchone()  # holds its snapshot from now on
        version = 0
        # each move stores a ~40 KB snapshot: 300 moves need more than the cap of log frames
        for _ in range(300):
            version = await store.commit(game.pk, version, [("a", {"n": version})], {"pad": "x" * 40000}, "active")
        grown = wal_size(path)
        assert grown > WAL_CAP  # the open reader kept the frames in the log
        reader.execute("COMMIT")
        reader.close()
        # the reader is gone: within the next 200 transactions the log is folded back and cut
        for _ in range(200):
            version = await store.commit(game.pk, version, [("a", {"n": version})], {"pad": "x" * 40000}, "active")
        assert wal_size(path) <= WAL_CAP, (grown, wal_size(path))
        # nothing was lost on the way: 500 moves stored
        assert (await store.get_game(game.pk)).version == 500 and len(await store.actions(game.pk)) == 500
    finally:
        await store.close()
