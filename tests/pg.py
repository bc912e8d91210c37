"""PostgreSQL for tests: the server to use, whether it answers, a fresh schema per test.

The DSN is ``BOARDHOST_TEST_PG`` or ``postgresql://postgres@127.0.0.1:5432/test`` (this
project's machines run a trust-auth server there). When it does not answer, tests that
need it skip with one line saying why, except under ``CI=true`` where they fail instead.
Every test gets its own schema (``bh_t<pid>_<random>``, dropped afterwards), so several
people running the suite against the same ``test`` database never see each other's rows.
"""

from __future__ import annotations

import os
import secrets

import pytest

DEFAULT_DSN = "postgresql://postgres@127.0.0.1:5432/test"

_reachable: dict[str, str | None] = {}


def dsn() -> str:
    return os.environ.get("BOARDHOST_TEST_PG") or DEFAULT_DSN


async def _probe(url: str) -> str | None:
    """None if the server answers a query, else why not (one line)."""

    import asyncpg

    try:
        con = await asyncpg.connect(url, timeout=3)
    except (TimeoutError, OSError, asyncpg.PostgresError) as exc:
        return f"{type(exc).__name__}: {exc}".splitlines()[0]
    try:
        await con.fetchval("SELECT 1")
    finally:
        await con.close()
    return None


async def require() -> str:
    """The DSN of a reachable server, else skip (fail under CI=true) with one line."""

    url = dsn()
    if url not in _reachable:
        _reachable[url] = await _probe(url)
    why = _reachable[url]
    if why is not None:
        message = f"PostgreSQL not reachable at {url} ({why}); set BOARDHOST_TEST_PG to a server to run these tests"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message + " (CI=true: PostgreSQL tests must run)", pytrace=False)
        pytest.skip(message)
    return url


def new_schema_name() -> str:
    return f"bh_t{os.getpid()}_{secrets.token_hex(4)}"


async def drop_schema(url: str, schema: str) -> None:
    import asyncpg

    con = await asyncpg.connect(url)
    try:
        # never hang a test run on a lock some leftover connection holds
        await con.execute("SET lock_timeout = '20s'")
        await con.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')
    finally:
        await con.close()
