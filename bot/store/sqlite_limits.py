"""Why SQLite could not write: a full disk, a file-size limit or a disk quota.

SQLite names a full disk itself (SQLITE_FULL, "database or disk is full") but reports a
write the kernel refused for a limit as a plain I/O error ("disk I/O error",
SQLITE_IOERR_WRITE and its siblings): EFBIG when a file would grow past the process's
file-size limit (``ulimit -f``, RLIMIT_FSIZE), EDQUOT when the user's disk quota is used up.
SQLite does not pass the errno on, so :func:`limit_reached` looks for the cause itself: the
process's file-size limit against the sizes of the database's files, else a small probe
write beside the database, whose errno names the refusal.
"""

from __future__ import annotations

import errno
import os
import sqlite3
import tempfile

from bot.store.errors import OutOfSpace, OverLimit

try:
    import resource
except ImportError:  # not on this platform: no file-size limit to look at
    resource = None  # type: ignore[assignment]

__all__ = ["write_refusal", "open_refusal", "limit_reached", "file_size_limit"]

#: how close to the file-size limit a file of the database must be for the limit to be the
#: cause of a refused write: SQLite grows its files by a page (the -wal by a frame, the -shm
#: by 32 KiB) at a time
NEAR_LIMIT = 64 * 1024

#: bytes the probe writes beside the database (a few file-system blocks)
PROBE_BYTES = 16 * 1024


def file_size_limit() -> int | None:
    """The process's soft file-size limit in bytes (RLIMIT_FSIZE), None when unlimited."""

    if resource is None:
        return None
    soft, _hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    return None if soft == resource.RLIM_INFINITY else soft


def _sizes(path: str) -> list[int]:
    out = []
    for name in (path, path + "-wal", path + "-shm", path + "-journal"):
        try:
            out.append(os.path.getsize(name))
        except OSError:
            pass
    return out


def _probe(folder: str) -> int | None:
    """The errno of a small write (and fsync) of a new file in ``folder``; None if it works
    (the probe file is removed either way)."""

    try:
        fd, name = tempfile.mkstemp(prefix=".boardhost-probe-", dir=folder)
    except OSError as exc:
        return exc.errno
    try:
        os.write(fd, b"\0" * PROBE_BYTES)
        os.fsync(fd)
    except OSError as exc:
        return exc.errno
    finally:
        os.close(fd)
        try:
            os.remove(name)
        except OSError:
            pass
    return None


def limit_reached(path: str) -> str | None:
    """Which limit refuses writes to the database ``path``, in words, or None when none is
    seen: "full" for a full disk, else e.g. "the file-size limit of 1048576 bytes (ulimit
    -f)" or "the disk quota of the bot's user". ``:memory:`` databases have none."""

    if path == ":memory:" or path.startswith("file:"):
        return None
    limit = file_size_limit()
    if limit is not None and max(_sizes(path), default=0) + NEAR_LIMIT >= limit:
        return f"the file-size limit of {limit} bytes (ulimit -f)"
    code = _probe(os.path.dirname(os.path.abspath(path)))
    if code == errno.EDQUOT:
        return "the disk quota of the bot's user"
    if code == errno.EFBIG:
        return f"the file-size limit of {limit} bytes (ulimit -f)" if limit is not None else "a file-size limit"
    if code == errno.ENOSPC:
        return "full"
    return None


def _code(exc: BaseException) -> str:
    return getattr(exc, "sqlite_errorname", None) or ""


def _is_full(exc: BaseException) -> bool:
    """Whether ``exc`` is SQLite's SQLITE_FULL ("database or disk is full")."""

    return (
        _code(exc) == "SQLITE_FULL"
        or getattr(exc, "sqlite_errorcode", None) == 13
        or ("database or disk is full" in str(exc))
    )


def _is_io_error(exc: BaseException) -> bool:
    return isinstance(exc, sqlite3.Error) and (_code(exc).startswith("SQLITE_IOERR") or str(exc) == "disk I/O error")


def write_refusal(exc: BaseException, path: str) -> BaseException:
    """SQLite's error ``exc`` from a write to the database ``path`` as what it means:
    :class:`OverLimit` (a file-size limit or disk quota), :class:`OutOfSpace` (a full disk),
    each chained to ``exc``; any other error is returned as it is. Either way SQLite rolled
    the write back: nothing of it was stored."""

    full = _is_full(exc)
    if not (full or _is_io_error(exc)):
        return exc
    limit = limit_reached(path)
    if limit is not None and limit != "full":
        return OverLimit.of(exc, limit)
    if full or limit == "full":
        return OutOfSpace.of(exc)
    return exc


def open_refusal(exc: BaseException, path: str) -> str | None:
    """The admin's sentence when the database ``path`` cannot be opened because it cannot be
    written for a limit or a full disk (``exc``: SQLite's error while opening), else None."""

    if not (_is_full(exc) or _is_io_error(exc)):
        return None
    limit = limit_reached(path)
    if limit is None:
        return None
    if limit == "full":
        return f"The database file {path} cannot be written: its disk is full; free some space and start again."
    return (
        f"The database file {path} cannot grow past {limit}, which it needs to open ({exc}); raise or remove that"
        " limit for the bot's user and start again."
    )
