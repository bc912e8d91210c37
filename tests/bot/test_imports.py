"""The bot package's import graph: no cycles, and no import of a bot module hidden inside a
function (which is how a cycle used to be worked around)."""

from __future__ import annotations

import ast
from pathlib import Path

BOT = Path(__file__).resolve().parents[2] / "bot"


def _module(path: Path) -> str:
    rel = path.relative_to(BOT.parent).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _graph() -> tuple[dict[str, set[str]], list[str]]:
    """(module -> bot modules it imports at module level, function-level bot imports)."""

    graph: dict[str, set[str]] = {}
    hidden: list[str] = []
    for path in sorted(BOT.rglob("*.py")):
        name = _module(path)
        tree = ast.parse(path.read_text())
        deps: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                targets = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            elif isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                continue
            targets = [t for t in targets if t.startswith("bot.") and _is_module(t)]
            if not targets:
                continue
            if node.col_offset > 0 and not _under_type_checking(tree, node):
                hidden.append(f"{name}: {targets[0]}")
            deps.update(targets)
        graph[name] = deps
    return graph, hidden


def _is_module(name: str) -> bool:
    """Whether ``name`` is a module of the project: a ``.py`` file or a package (``bot.store``)."""

    path = BOT.parent / name.replace(".", "/")
    return path.with_suffix(".py").exists() or (path / "__init__.py").exists()


def _under_type_checking(tree: ast.AST, node: ast.AST) -> bool:
    for top in ast.walk(tree):
        if isinstance(top, ast.If) and getattr(top.test, "id", "") == "TYPE_CHECKING":
            if any(child is node for child in ast.walk(top)):
                return True
    return False


def test_bot_modules_import_each_other_without_cycles():
    graph, _ = _graph()
    seen: dict[str, int] = {}  # 1: on the current path, 2: done

    def visit(mod: str, path: list[str]) -> None:
        seen[mod] = 1
        for dep in sorted(graph.get(mod, ())):
            assert seen.get(dep) != 1, "import cycle: " + " -> ".join([*path, mod, dep])
            if dep not in seen:
                visit(dep, [*path, mod])
        seen[mod] = 2

    for mod in sorted(graph):
        if mod not in seen:
            visit(mod, [])
    # the layers the Discord restructure set up
    cogs = {m for m in graph if m.startswith("bot.cogs.")}
    assert {"bot.cogs.lobby", "bot.cogs.table", "bot.cogs.days", "bot.cogs.votes", "bot.cogs.play"} <= cogs
    assert not cogs & graph["bot.discord_app"] and "bot.views" not in graph["bot.format"]
    assert not (cogs | {"bot.discord_app"}) & graph["bot.views"]
    # a package counts as a module: the Discord layer's import of the store is seen
    assert "bot.store" in graph["bot.discord_app"] and "bot.store.sqlite" in graph["bot.store"]


def test_the_discord_layer_hides_no_import_in_a_function():
    _, hidden = _graph()
    discord_layer = [
        h
        for h in hidden
        if h.split(":")[0] in {"bot.discord_app", "bot.poster", "bot.format", "bot.views"} or h.startswith("bot.cogs")
    ]
    assert discord_layer == []
