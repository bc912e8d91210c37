"""The store as a package of parts: rows and errors, the interface, the shared SQL, two
backends. Each part stays small, and PostgreSQL's driver loads only when a PostgreSQL store
connects (``boardhost simulate`` and ``replay`` never load it)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

STORE = Path(__file__).resolve().parents[3] / "bot" / "store"


def test_each_part_of_the_store_is_small():
    too_long, too_wide = [], []
    for path in sorted(STORE.glob("*.py")):
        text = path.read_text(encoding="utf-8")
        if len(text.splitlines()) > 600:
            too_long.append(path.name)
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.ClassDef):
                methods = [n for n in node.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]
                if len(methods) > 30:
                    too_wide.append(f"{path.name}:{node.name} has {len(methods)} methods")
    assert too_long == [] and too_wide == []


def test_the_names_the_program_imports_from_bot_store_are_there():
    import bot.store as store

    for name in (
        "GameRow",
        "SeatRow",
        "ActionRow",
        "VoteRow",
        "Store",
        "SqliteStore",
        "VersionConflict",
        "TableBusy",
        "OutOfSpace",
        "SchemaTooNew",
        "UnusableDatabase",
        "MIGRATIONS",
        "SCHEMA_VERSION",
        "APPLICATION_ID",
        "check_sqlite_file",
    ):
        assert hasattr(store, name), name
    # the interface is its role interfaces combined: a store is each of them
    assert issubclass(store.SqliteStore, store.Store)
    assert all(issubclass(store.Store, role) for role in (store.TableStore, store.MoveStore, store.VoteStore))


def test_the_postgresql_store_imports_without_its_driver():
    code = (
        "import sys\n"
        "from bot.store.postgres import PostgresStore\n"
        "from bot.stores import make_store\n"
        "make_store('postgresql://u@127.0.0.1:1/x')\n"
        "print('asyncpg' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=STORE.parents[1], check=True)
    assert out.stdout.strip() == "False"
