"""The errors of a :class:`bot.store.Store`: each names what happened; the ones a user can
meet say whether anything was stored."""

from __future__ import annotations

__all__ = ["VersionConflict", "TableBusy", "OutOfSpace", "SchemaTooNew", "UnusableDatabase"]


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


class TableBusy(Exception):
    """The table already has a live (lobby or active) game."""
