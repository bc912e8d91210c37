"""Fixtures for the host tests: ``backend``, a fresh database on SQLite and on PostgreSQL."""

from __future__ import annotations

import sqlite3

import pytest

from bot.service import Service
from bot.store import SqliteStore, Store
from tests import pg


class Backend:
    """One fresh, empty database of one kind (``name``: ``sqlite`` or ``postgresql``).

    ``make()`` gives an unopened store on it (call as often as needed: reopening is how a
    restart is simulated); ``service(**kw)`` an open :class:`Service` over a new store;
    ``sql(text)`` runs raw SQL outside the store (to damage rows on purpose); ``dump()`` every
    row of every table, sorted (to show a refused write changed nothing)."""

    def __init__(self, name: str, url: str, schema: str | None = None):
        self.name = name
        self.url = url
        self.schema = schema

    def make(self) -> Store:
        if self.name == "sqlite":
            return SqliteStore(self.url)
        from bot.store.postgres import PostgresStore

        return PostgresStore(self.url, schema=self.schema, max_size=4)

    async def service(self, **kwargs) -> Service:
        store = self.make()
        await store.open()
        return Service(store, **kwargs)

    async def sql(self, text: str) -> list[tuple]:
        if self.name == "sqlite":
            con = sqlite3.connect(self.url)
            try:
                rows = con.execute(text).fetchall()
                con.commit()
                return rows
            finally:
                con.close()
        import asyncpg

        con = await asyncpg.connect(self.url, server_settings={"search_path": f'"{self.schema}"'})
        try:
            return [tuple(r) for r in await con.fetch(text)]
        finally:
            await con.close()

    async def dump(self) -> dict[str, list[tuple]]:
        out = {}
        for table in ("games", "seats", "actions", "snapshots", "bot_meta", "user_prefs", "votes", "post_marks"):
            out[table] = sorted(await self.sql(f"SELECT * FROM {table}"), key=repr)
        return out


@pytest.fixture(params=["sqlite", "postgresql"])
async def backend(request, tmp_path):
    """A fresh database: a SQLite file, or a schema of its own on the test PostgreSQL
    server (skipped with one line when none answers, failed under CI=true)."""

    if request.param == "sqlite":
        yield Backend("sqlite", str(tmp_path / "test.db"))
        return
    url = await pg.require()
    schema = pg.new_schema_name()
    try:
        yield Backend("postgresql", url, schema)
    finally:
        await pg.drop_schema(url, schema)


@pytest.fixture
async def pg_schema():
    """``(dsn, schema)``: an empty schema of its own on the test PostgreSQL server, dropped
    afterwards (skipped with one line when no server answers, failed under CI=true)."""

    url = await pg.require()
    schema = pg.new_schema_name()
    try:
        yield url, schema
    finally:
        await pg.drop_schema(url, schema)
