"""The SQLite schema: :data:`MIGRATIONS` (forward, one per schema version, mirrored by
:data:`bot.store.postgres_schema.PG_MIGRATIONS`), the file's marks (:data:`APPLICATION_ID`,
:data:`SQLITE_HEADER`) and :func:`check_sqlite_file`, the refusal of a file that must not be
opened."""

from __future__ import annotations

import os

from bot.store.errors import UnusableDatabase

__all__ = ["MIGRATIONS", "SCHEMA_VERSION", "APPLICATION_ID", "SQLITE_HEADER", "check_sqlite_file"]

#: forward migrations; MIGRATIONS[i] brings user_version i to i+1
MIGRATIONS: list[str] = [
    # 0 → 1: the first schema
    """
    CREATE TABLE games (
        pk INTEGER PRIMARY KEY,
        table_id TEXT NOT NULL,
        game_id TEXT NOT NULL,
        options TEXT NOT NULL DEFAULT '{}',
        seed INTEGER NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'over', 'cancelled')),
        host TEXT NOT NULL,
        version INTEGER NOT NULL DEFAULT 0,
        created REAL NOT NULL,
        updated REAL NOT NULL
    );
    CREATE UNIQUE INDEX games_one_live ON games(table_id) WHERE status IN ('lobby', 'active');
    CREATE INDEX games_table ON games(table_id, pk);
    CREATE TABLE seats (
        game_pk INTEGER NOT NULL REFERENCES games(pk) ON DELETE CASCADE,
        seat TEXT NOT NULL,
        user_id TEXT,
        joined INTEGER NOT NULL,
        seat_order INTEGER,
        is_ai INTEGER NOT NULL DEFAULT 0,
        resigned INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (game_pk, seat)
    );
    CREATE TABLE actions (
        game_pk INTEGER NOT NULL REFERENCES games(pk) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        seat TEXT NOT NULL,
        action TEXT NOT NULL,
        created REAL NOT NULL,
        PRIMARY KEY (game_pk, seq)
    ) WITHOUT ROWID;
    CREATE TABLE snapshots (
        game_pk INTEGER PRIMARY KEY REFERENCES games(pk) ON DELETE CASCADE,
        version INTEGER NOT NULL,
        state TEXT NOT NULL
    );
    """,
    # 1 → 2: remember whether DMs to a seat's user work (Discord 50007 fallback)
    """
    ALTER TABLE seats ADD COLUMN dm_ok INTEGER NOT NULL DEFAULT 1;
    """,
    # 2 → 3: a key-value table for process-wide settings (the command-tree hash). Older
    # bots created the same table outside the migrations: IF NOT EXISTS adopts it, so the
    # stored hash survives the upgrade (no needless re-sync).
    """
    CREATE TABLE IF NOT EXISTS bot_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    """,
    # 3 → 4: the last version posted to the channel. Games started before this schema are
    # taken as posted (their bot posted synchronously), so upgrading floods no channel.
    """
    ALTER TABLE games ADD COLUMN posted INTEGER NOT NULL DEFAULT -1;
    UPDATE games SET posted = version WHERE status != 'lobby';
    """,
    # 4 → 5: asynchronous play over days. Per-table settings (JSON), the clock of
    # the current turn and when the periodic loop must look at the table again (indexed, so
    # a tick reads only the due tables), the live status message; per seat the reminders
    # sent this turn and the vacation; per action who really played it (flag 'ai': the AI
    # for an absent player; 'undo': an undo marker), whether it was undone, and its
    # rendered text (describe sentence + public events) so history is constant-time per
    # move; per user quiet hours; open votes (undo, kick). A game already running starts its
    # turn clock at the upgrade and is due to the periodic loop at once (which then stores its
    # real next look): left NULL, next_due would keep it out of the loop for good. The guild
    # is not in the old rows: the bot fills it in from Discord at start-up (the channel's
    # server), until then the game is missing from /game list.
    """
    ALTER TABLE games ADD COLUMN settings TEXT NOT NULL DEFAULT '{}';
    ALTER TABLE games ADD COLUMN turn_started REAL;
    ALTER TABLE games ADD COLUMN next_due REAL;
    ALTER TABLE games ADD COLUMN status_message TEXT;
    CREATE INDEX games_due ON games(next_due) WHERE next_due IS NOT NULL;
    ALTER TABLE seats ADD COLUMN reminded INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE seats ADD COLUMN vacation_until REAL;
    ALTER TABLE seats ADD COLUMN vacation_used REAL NOT NULL DEFAULT 0;
    CREATE INDEX seats_user ON seats(user_id);
    ALTER TABLE actions ADD COLUMN flag TEXT;
    ALTER TABLE actions ADD COLUMN undone INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE actions ADD COLUMN text TEXT;
    CREATE TABLE user_prefs (
        user_id TEXT PRIMARY KEY,
        quiet_start INTEGER,
        quiet_end INTEGER,
        tz TEXT
    );
    CREATE TABLE votes (
        pk INTEGER PRIMARY KEY,
        game_pk INTEGER NOT NULL REFERENCES games(pk) ON DELETE CASCADE,
        kind TEXT NOT NULL,
        subject TEXT NOT NULL,
        version INTEGER NOT NULL,
        voters TEXT NOT NULL,
        yes TEXT NOT NULL DEFAULT '[]',
        status TEXT NOT NULL DEFAULT 'open',
        created REAL NOT NULL
    );
    CREATE INDEX votes_game ON votes(game_pk, status);
    ALTER TABLE games ADD COLUMN guild TEXT;
    CREATE INDEX games_guild ON games(guild, status);
    UPDATE games SET turn_started = (julianday('now') - 2440587.5) * 86400.0,
        next_due = (julianday('now') - 2440587.5) * 86400.0
        WHERE status = 'active';
    """,
    # 5 → 6: a game whose Discord home is gone (channel or thread deleted, bot removed from
    # the server) is closed as 'orphaned' with the time it was found gone (``gone``), kept
    # for a while in case the bot is invited back. SQLite cannot change a CHECK in place: the
    # games table is rebuilt (the migration runs with foreign keys off, so its seats,
    # actions, snapshots and votes stay) and its indexes made again.
    """
    CREATE TABLE games_new (
        pk INTEGER PRIMARY KEY,
        table_id TEXT NOT NULL,
        game_id TEXT NOT NULL,
        options TEXT NOT NULL DEFAULT '{}',
        seed INTEGER NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'over', 'cancelled', 'orphaned')),
        host TEXT NOT NULL,
        version INTEGER NOT NULL DEFAULT 0,
        created REAL NOT NULL,
        updated REAL NOT NULL,
        posted INTEGER NOT NULL DEFAULT -1,
        settings TEXT NOT NULL DEFAULT '{}',
        turn_started REAL,
        next_due REAL,
        status_message TEXT,
        guild TEXT,
        gone REAL
    );
    INSERT INTO games_new (pk, table_id, game_id, options, seed, status, host, version, created, updated,
        posted, settings, turn_started, next_due, status_message, guild)
        SELECT pk, table_id, game_id, options, seed, status, host, version, created, updated,
        posted, settings, turn_started, next_due, status_message, guild FROM games;
    DROP TABLE games;
    ALTER TABLE games_new RENAME TO games;
    CREATE UNIQUE INDEX games_one_live ON games(table_id) WHERE status IN ('lobby', 'active');
    CREATE INDEX games_table ON games(table_id, pk);
    CREATE INDEX games_due ON games(next_due) WHERE next_due IS NOT NULL;
    CREATE INDEX games_guild ON games(guild, status);
    """,
    # 6 → 7: the messages a turn's posts edit as it goes on (bot.turnposts): per game the
    # channel line of the current turn (slot 'line') and each player's newest hand DM (slot
    # 'dm:<user id>'), as JSON (message and channel ids, the turn, the text so far). Before
    # this schema none is known: the next post after the upgrade is a new message.
    """
    CREATE TABLE post_marks (
        game_pk INTEGER NOT NULL REFERENCES games(pk) ON DELETE CASCADE,
        slot TEXT NOT NULL,
        mark TEXT NOT NULL,
        PRIMARY KEY (game_pk, slot)
    );
    """,
    # 7 → 8: why the AI plays a human's seat (``handover``: 'resigned', 'voted_out',
    # 'timed_out'; NULL for a seat its player plays). A seat resigned before this schema is
    # read as resigned, except one a passed kick vote removed: that vote is still stored.
    """
    ALTER TABLE seats ADD COLUMN handover TEXT;
    UPDATE seats SET handover = 'voted_out' WHERE resigned AND EXISTS (SELECT 1 FROM votes v
        WHERE v.game_pk = seats.game_pk AND v.kind = 'kick' AND v.status = 'passed' AND v.subject = seats.seat);
    UPDATE seats SET handover = 'resigned' WHERE resigned AND handover IS NULL;
    """,
]

SCHEMA_VERSION = len(MIGRATIONS)


#: ``PRAGMA application_id`` of a boardhost SQLite database (the bytes "bhst"); databases
#: made before it carried one (0) are recognised by their tables and stamped at open
APPLICATION_ID = 0x62687374

#: the first 16 bytes of every SQLite 3 database file
SQLITE_HEADER = b"SQLite format 3\x00"


def check_sqlite_file(path: str) -> None:
    """Refuse (:class:`UnusableDatabase`, one sentence) a database path that must not be
    opened, BEFORE SQLite touches it: a 0-byte file (a boardhost database is
    never empty: its header is written when it is created, so 0 bytes means the games are
    gone, not "no database yet"), a file that is not SQLite, a path that is not a file, a
    missing file whose ``-wal`` log is still there (a new database would start beside the old
    log), a missing folder. A missing file in an existing folder passes: a new database."""

    if path == ":memory:" or path.startswith("file:"):
        return
    try:
        info = os.stat(path)
    except FileNotFoundError:
        wal = path + "-wal"
        if os.path.exists(wal) and os.path.getsize(wal) > 0:
            raise UnusableDatabase(
                f"The database file {path} is missing but its write-ahead log {wal} is still there; refusing to"
                f" start a new database beside it: restore {path} from a backup, or move {wal} away to start"
                " with no games."
            ) from None
        folder = os.path.dirname(os.path.abspath(path))
        if not os.path.isdir(folder):
            raise UnusableDatabase(
                f"The folder {folder} of the database {path} does not exist; create it (or fix BOARDHOST_DB)."
            ) from None
        return
    if not os.path.isfile(path):
        raise UnusableDatabase(f"The database path {path} is not a file; point BOARDHOST_DB at the database file.")
    if info.st_size == 0:
        raise UnusableDatabase(
            f"The database file {path} is empty (0 bytes), so every game in it is gone; refusing to start on it:"
            " restore it from a backup, or delete the empty file to start with no games."
        )
    try:
        with open(path, "rb") as f:
            head = f.read(len(SQLITE_HEADER))
    except PermissionError:
        raise UnusableDatabase(
            f"The database file {path} cannot be read (permission denied); give the bot's user read and write"
            " access to it and its folder."
        ) from None
    if head != SQLITE_HEADER:
        raise UnusableDatabase(
            f"The database file {path} is not a SQLite database ({info.st_size} bytes of something else);"
            " refusing to use it: restore the boardhost database from a backup or fix BOARDHOST_DB."
        )
