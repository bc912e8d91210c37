"""The import graph of engines/, renderers/ and bot/: no cycles, and imports only point
bot -> renderers -> engines (docs/architecture.md). Every import counts, including ones
inside functions (a late import that hides a cycle is still a cycle)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LAYERS = ("engines", "renderers", "bot")
#: what each layer may not import (besides the layers above it)
FORBIDDEN = {
    "engines": ("renderers", "bot", "discord", "PIL", "aiosqlite", "asyncpg"),
    "renderers": ("bot", "discord", "aiosqlite", "asyncpg"),
}


def modules() -> dict[str, Path]:
    out = {}
    for layer in LAYERS:
        for path in sorted((ROOT / layer).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            out[".".join(parts)] = path
    return out


def imports_of(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The modules ``name`` imports (absolute names; a ``from pkg import sub`` of a submodule
    names the submodule)."""

    is_pkg = path.name == "__init__.py"
    package = name if is_pkg else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            subs = [f"{mod}.{a.name}" for a in node.names if f"{mod}.{a.name}" in known]
            found.update(subs)
            if len(subs) < len(node.names):
                found.add(mod)
    return found


def graph() -> dict[str, set[str]]:
    known = modules()
    return {m: {i for i in imports_of(m, p, known) if i in known and i != m} for m, p in known.items()}


def cycles(g: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""

    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(g[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(g):
        if v not in index:
            visit(v)
    return out


def test_cycle_finder_finds_a_cycle():
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_graph_sees_relative_and_late_imports():
    g = graph()
    assert "engines.base" in g["engines.factory_manager.engine"]  # from engines.base import …
    assert "engines.factory_manager.rules" in g["engines.factory_manager.engine"]  # from . import rules as R
    assert "engines.registry" in g["engines"]  # imported inside engines.__getattr__


def test_no_import_cycles():
    assert cycles(graph()) == []


def test_layers_import_downwards_only():
    known = modules()
    wrong = []
    for name, path in known.items():
        layer = name.split(".")[0]
        for target in imports_of(name, path, known):
            if target.split(".")[0] in FORBIDDEN.get(layer, ()):
                wrong.append(f"{name} imports {target}")
    assert wrong == []
