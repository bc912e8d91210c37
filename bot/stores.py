"""Which :class:`bot.store.Store` a database setting means (``BOARDHOST_DB``, ``--db``).

* ``postgresql://…`` or ``postgres://…``: :class:`bot.store.postgres.PostgresStore` (asyncpg pool;
  several bot processes may share it);
* ``sqlite:///relative/path.db``, ``sqlite:////absolute/path.db`` or a plain file path:
  :class:`bot.store.SqliteStore` (one process; the default ``./boardhost.db``).
"""

from __future__ import annotations

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


def make_store(url: str, **pg_options) -> Store:
    """The (unopened) store for ``url``; ``pg_options`` go to
    :class:`bot.store.postgres.PostgresStore` (``schema``, ``min_size``, ``max_size``).
    ValueError for a URL of another kind."""

    if is_postgres(url):
        from bot.store.postgres import PostgresStore

        return PostgresStore(url, **pg_options)
    return SqliteStore(sqlite_path(url))
