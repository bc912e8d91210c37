"""The errors of a :class:`bot.store.Store`: each names what happened; the ones a user can
meet say whether anything was stored."""

from __future__ import annotations

__all__ = [
    "VersionConflict",
    "TableBusy",
    "OutOfSpace",
    "OverLimit",
    "DatabaseTimeout",
    "SchemaTooNew",
    "UnusableDatabase",
]


class VersionConflict(Exception):
    """The game is no longer at the expected version (a concurrent or stale write)."""

    def __init__(self, expected: int, current: int | None):
        super().__init__(f"expected version {expected}, stored {current}")
        self.expected = expected
        self.current = current


class UnusableDatabase(RuntimeError):
    """The database cannot be used, checked when the store opens (before anything is
    written): ``str(exc)`` is one sentence for the admin saying what is wrong with which file
    and what to do. ``boardhost run`` and ``boardhost migrate`` print it and exit non-zero."""


class SchemaTooNew(UnusableDatabase):
    """The database was written by a newer boardhost: its schema version is above
    :data:`bot.store.SCHEMA_VERSION`. The message is one sentence naming both versions."""

    @classmethod
    def of(cls, where: str, stored: int, supported: int) -> SchemaTooNew:
        """The refusal for the database ``where`` at schema version ``stored``."""

        return cls(
            f"The database {where} has schema version {stored}, newer than this boardhost"
            f" (version {supported}); upgrade boardhost before using it."
        )


class OutOfSpace(RuntimeError):
    """A write failed because the database cannot grow: SQLite's "database or disk is full"
    (SQLITE_FULL: the disk, or ``PRAGMA max_page_count``) or PostgreSQL's ``disk_full``
    (SQLSTATE 53100). Nothing of the failed write was stored; ``__cause__`` is the driver's
    original error (its message is kept in this one)."""

    @classmethod
    def of(cls, exc: BaseException) -> OutOfSpace:
        """The driver's error ``exc`` (its "cannot grow" error) as OutOfSpace, chained to it."""

        full = cls(f"the database cannot grow: {exc}")
        full.__cause__ = exc
        return full


class OverLimit(OutOfSpace):
    """A write refused by a limit rather than a full disk: the process's file-size limit
    (``ulimit -f``, RLIMIT_FSIZE: the kernel answers EFBIG) or the disk quota of the bot's
    user (EDQUOT); SQLite reports either as "disk I/O error". Nothing of the failed write was
    stored. ``limit`` names the limit in words (e.g. "the file-size limit of 1048576 bytes
    (ulimit -f)"); ``__cause__`` is the driver's error."""

    limit: str = "a file-size limit or disk quota"

    @classmethod
    def of(cls, exc: BaseException, limit: str | None = None) -> OverLimit:
        """The driver's error ``exc`` as OverLimit, for the limit described by ``limit``."""

        over = cls(f"the database cannot grow past {limit or cls.limit}: {exc}")
        if limit is not None:
            over.limit = limit
        over.__cause__ = exc
        return over


class DatabaseTimeout(RuntimeError):
    """The database did not answer in time, and so nothing of the call was stored: no pooled
    connection came free within the pool's wait (``kind`` "connection"), a statement waited
    past the lock timeout for a row another session holds ("lock"), or ran past the statement
    timeout ("statement"). The server cancels such a statement and rolls its transaction
    back. ``__cause__`` is the driver's error (if any)."""

    def __init__(self, message: str, kind: str = "statement"):
        super().__init__(message)
        self.kind = kind

    @classmethod
    def of(cls, exc: BaseException | None, kind: str, seconds: float) -> DatabaseTimeout:
        """The timeout of ``kind`` after ``seconds``, chained to the driver's error ``exc``."""

        what = {
            "connection": "no database connection came free",
            "lock": "a row stayed locked by another session",
            "statement": "a statement did not finish",
        }[kind]
        timeout = cls(f"{what} within {seconds:g} s; nothing was stored" + (f" ({exc})" if exc else ""), kind)
        timeout.__cause__ = exc
        return timeout


class TableBusy(Exception):
    """The table already has a live (lobby or active) game."""
