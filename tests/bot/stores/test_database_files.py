"""damaged, empty, foreign or read-only database files are refused at start-up with
one sentence and a non-zero exit status, before anything is written; a new database is never
made over a path that held a file.

``boardhost run`` checks the database before it connects to Discord, so these run the CLI
with a stub token and never reach the network. Expected sentences are written out by hand.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import shutil
import sqlite3
import subprocess
import sys

import pytest

from bot.cli import main
from bot.service import Service
from bot.store import APPLICATION_ID, SqliteStore, UnusableDatabase

pytestmark = pytest.mark.usefixtures("high_low")  # tests/conftest.py: the test-only game

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
PAGE = 4096  # SQLite's default page size, which the store keeps


@pytest.fixture
def cli_env(tmp_path, monkeypatch):
    monkeypatch.setenv("DISCORD_TOKEN", "stub-token-never-used")
    monkeypatch.chdir(tmp_path)  # no .env here
    return tmp_path


def run_cli(*args: str) -> tuple[int, str]:
    """``boardhost ARGS`` in this process: (exit status, stderr)."""

    import io
    from contextlib import redirect_stderr

    err = io.StringIO()
    with redirect_stderr(err):
        status = main(list(args))
    return status, err.getvalue().strip()


def real_database(path: str) -> bytes:
    """A boardhost database at ``path`` holding one High-Low game with four moves; its bytes."""

    async def play() -> None:
        service = await Service.open(path, seed_source=lambda: 11)
        await service.new_game("t", "1001", "high-low", {"rounds": 3})
        await service.join("t", "1002")
        await service.start("t", "1001")
        for _ in range(4):
            user = (await service.board("t")).to_act[0]
            await service.act("t", user, (await service.legal_moves("t", user))[0][0])
        await service.close()  # checkpoints the WAL into the file

    asyncio.run(play())
    assert not os.path.exists(path + "-wal")
    with open(path, "rb") as f:
        return f.read()


def assert_refused(db: str, sentence: str, before: bytes | None) -> None:
    """``boardhost run`` and ``boardhost migrate`` refuse ``db`` with ``sentence`` (one line)
    and a non-zero status; the file is byte for byte what it was (``before``; None: absent)."""

    status, err = run_cli("run", "--db", db)
    assert (status, err) == (1, sentence)
    status, err = run_cli("migrate", "--from", f"sqlite:///{db}", "--to", "postgresql://nobody@127.0.0.1:1/none")
    if before is not None:  # (a missing file is the migration's own "no database" sentence)
        assert (status, err) == (2, sentence)
    if before is None:
        assert not os.path.exists(db)
    else:
        with open(db, "rb") as f:
            assert f.read() == before


def test_an_empty_file_is_refused(cli_env):
    db = str(cli_env / "boardhost.db")
    open(db, "wb").close()
    assert_refused(
        db,
        f"The database file {db} is empty (0 bytes), so every game in it is gone; refusing to start on it:"
        " restore it from a backup, or delete the empty file to start with no games.",
        b"",
    )


def test_an_empty_file_exits_non_zero_from_the_real_command(cli_env):
    """The same through a real ``python -m bot.cli run`` process: its exit status is 1."""

    db = str(cli_env / "boardhost.db")
    open(db, "wb").close()
    env = dict(os.environ, PYTHONPATH=ROOT, DISCORD_TOKEN="stub-token-never-used")
    proc = subprocess.run(
        [sys.executable, "-m", "bot.cli", "run", "--db", db],
        cwd=cli_env,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 1
    assert proc.stderr.strip() == (
        f"The database file {db} is empty (0 bytes), so every game in it is gone; refusing to start on it:"
        " restore it from a backup, or delete the empty file to start with no games."
    )
    assert os.path.getsize(db) == 0


def test_a_file_of_random_bytes_is_refused_and_left_alone(cli_env):
    db = str(cli_env / "boardhost.db")
    junk = random.Random(9).randbytes(3 * PAGE)
    with open(db, "wb") as f:
        f.write(junk)
    assert_refused(
        db,
        f"The database file {db} is not a SQLite database (12288 bytes of something else); refusing to use it:"
        " restore the boardhost database from a backup or fix BOARDHOST_DB.",
        junk,
    )


@pytest.mark.parametrize(
    "page, detail",
    [
        # the games table's root page is read while opening: SQLite itself raises SQLITE_CORRUPT
        ("games", "database disk image is malformed"),
        # page 3 (an index) is found by quick_check's walk over every page
        (3, "Page 3: btreeInitPage() returns error code 11"),
    ],
)
def test_a_database_with_an_overwritten_page_is_refused(cli_env, page, detail):
    db = str(cli_env / "boardhost.db")
    data = bytearray(real_database(db))
    if page == "games":
        con = sqlite3.connect(db)
        (page,) = con.execute("SELECT rootpage FROM sqlite_master WHERE name = 'games'").fetchone()
        con.close()
    data[(page - 1) * PAGE : page * PAGE] = random.Random(page).randbytes(PAGE)
    with open(db, "wb") as f:
        f.write(data)
    assert_refused(
        db,
        f"The database file {db} is damaged (SQLite: {detail}); refusing to use it: restore it from a backup"
        f" (keep the damaged copy: `sqlite3 {db} .recover` may save some games).",
        bytes(data),
    )


def test_another_programs_sqlite_database_is_refused(cli_env):
    db = str(cli_env / "notes.db")
    con = sqlite3.connect(db)
    con.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
    con.execute("INSERT INTO notes (body) VALUES ('keep me')")
    con.commit()
    con.close()
    with open(db, "rb") as f:
        before = f.read()
    assert_refused(
        db,
        f"The database file {db} is a SQLite database of another program (no boardhost games in it);"
        " refusing to use it: point BOARDHOST_DB at the boardhost database.",
        before,
    )


def test_a_missing_file_beside_its_write_ahead_log_is_refused(cli_env):
    db = str(cli_env / "boardhost.db")
    real_database(db)
    # a crash leaves the log; then someone deletes the database file but not the log
    con = sqlite3.connect(db)
    con.execute("PRAGMA wal_autocheckpoint = 0")
    con.execute("UPDATE bot_meta SET value = value")
    con.execute("INSERT INTO bot_meta (key, value) VALUES ('x', 'y')")
    con.commit()
    shutil.copy(db + "-wal", str(cli_env / "saved-wal"))
    con.close()
    os.remove(db)
    shutil.copy(str(cli_env / "saved-wal"), db + "-wal")
    status, err = run_cli("run", "--db", db)
    assert (status, err) == (
        1,
        f"The database file {db} is missing but its write-ahead log {db}-wal is still there; refusing to start"
        f" a new database beside it: restore {db} from a backup, or move {db}-wal away to start with no games.",
    )
    assert not os.path.exists(db)


@contextlib.contextmanager
def read_only(path: str):
    """Make ``path`` (a file or a folder) unwritable, even for root: ``chattr +i`` when running
    as root (root ignores permission bits), else ``chmod a-w``."""

    if os.geteuid() == 0:
        subprocess.run(["chattr", "+i", path], check=True)
        try:
            yield
        finally:
            subprocess.run(["chattr", "-i", path], check=True)
    else:
        mode = os.stat(path).st_mode
        os.chmod(path, mode & ~0o222)
        try:
            yield
        finally:
            os.chmod(path, mode)


def test_a_read_only_database_file_is_refused_at_start_up(cli_env):
    db = str(cli_env / "boardhost.db")
    before = real_database(db)
    with read_only(db):
        status, err = run_cli("run", "--db", db)
    assert (status, err) == (
        1,
        f"The database file {db} cannot be written (attempt to write a readonly database); give the bot's user"
        f" write access to it and to its folder {cli_env} (SQLite keeps its -wal and -shm files there).",
    )
    with open(db, "rb") as f:
        assert f.read() == before


def test_a_read_only_folder_is_refused_at_start_up(cli_env):
    folder = cli_env / "data"
    folder.mkdir()
    db = str(folder / "boardhost.db")
    before = real_database(db)
    with read_only(str(folder)):
        status, err = run_cli("run", "--db", db)
    assert (status, err) == (
        1,
        f"The database file {db} cannot be written (unable to open database file); give the bot's user"
        f" write access to it and to its folder {folder} (SQLite keeps its -wal and -shm files there).",
    )
    with open(db, "rb") as f:
        assert f.read() == before


def test_a_good_database_opens_and_one_made_before_the_application_id_is_stamped(tmp_path):
    db = str(tmp_path / "old.db")
    real_database(db)
    con = sqlite3.connect(db)
    con.execute("PRAGMA application_id = 0")  # as every database made before this check
    con.commit()
    con.close()

    async def opened(path: str):
        store = SqliteStore(path)
        await store.open()
        try:
            return (await store._read1("PRAGMA application_id"))[0], await store.live_game("t")
        finally:
            await store.close()

    app, game = asyncio.run(opened(db))
    assert app == APPLICATION_ID == 0x62687374 and game is not None  # stamped; the game is still there
    # a new database opens too (and is stamped)
    app, game = asyncio.run(opened(str(tmp_path / "new.db")))
    assert app == 0x62687374 and game is None


async def test_the_store_raises_the_sentence_for_the_service_too(tmp_path):
    db = str(tmp_path / "boardhost.db")
    open(db, "wb").close()
    with pytest.raises(UnusableDatabase, match="is empty"):
        await Service.open(db)
    assert os.path.getsize(db) == 0
