"""Which :class:`bot.store.Store` a database setting means (``BOARDHOST_DB``, ``--db``).

* ``postgresql://…`` or ``postgres://…``: :class:`bot.store.postgres.PostgresStore` (asyncpg pool;
  several bot processes may share it);
* ``sqlite:///relative/path.db``, ``sqlite:////absolute/path.db`` or a plain file path:
  :class:`bot.store.SqliteStore` (one process; the default ``./boardhost.db``).
"""

from __future__ import annotations

import urllib.parse

from bot.store import SqliteStore, Store

__all__ = ["make_store", "is_postgres", "sqlite_path"]


def is_postgres(url: str) -> bool:
    """Whether ``url`` names a PostgreSQL database."""

    return url.startswith(("postgresql://", "postgres://"))


def sqlite_path(url: str) -> str:
    """The file of a SQLite setting: ``sqlite:///x.db`` → ``x.db``, ``sqlite:////srv/x.db`` →
    ``/srv/x.db``, a plain path unchanged. ValueError for another ``scheme://``."""

    if url.startswith("sqlite:///"):
        return url[len("sqlite:///") :]
    if url.startswith("sqlite://"):
        raise ValueError(f"{url!r}: write a SQLite database as sqlite:///relative.db or sqlite:////absolute.db")
    if "://" in url:
        raise ValueError(f"{url!r} is neither a SQLite file nor a postgresql:// URL")
    return url


def check_postgres_url(url: str) -> None:
    """ValueError (one sentence, the password left out) for a ``postgresql://`` URL whose
    port is not a number from 1 to 65535 (``…:99999/db``, ``…:abc/db``)."""

    parts = urllib.parse.urlsplit(url)
    try:
        port = parts.port
    except ValueError:
        port = 0
    if port == 0 or (port is None and parts.netloc.rpartition("@")[2].endswith(":")):
        user = f"{parts.username}@" if parts.username else ""
        host = parts.netloc.rpartition("@")[2]
        shown = f"{parts.scheme}://{user}{host}{parts.path}"
        raise ValueError(f"the port in {shown} is not a number from 1 to 65535")


def make_store(url: str, **pg_options) -> Store:
    """The (unopened) store for ``url``; ``pg_options`` go to
    :class:`bot.store.postgres.PostgresStore` (``schema``, ``min_size``, ``max_size``).
    ValueError (one sentence) for a URL of another kind or a PostgreSQL URL with a bad port."""

    if is_postgres(url):
        check_postgres_url(url)
        from bot.store.postgres import PostgresStore

        return PostgresStore(url, **pg_options)
    return SqliteStore(sqlite_path(url))
