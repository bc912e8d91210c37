"""The service's parts and the rules between them (docs/architecture.md, "The service"):

* the use cases (lobby, play, history, days, votes, listing, posting) never import each other;
* nothing under ``bot/service/`` imports discord, Pillow, the renderers or the Discord layer;
* code outside ``bot/service/`` imports ``bot.service`` only, never one of its modules, and
  the bot's own code never reaches around it (``service.store``, ``service.ai_stalled``);
* ``moves`` is the only caller of ``Store.commit`` / ``Store.undo``, ``tables`` the only
  maker of locks, and a game's engine is looked up only where a table is loaded;
* no module in ``bot/`` is over 600 lines and no class there has more than 30 methods.

Every rule is read from the source with ``ast``; each check is also run on a small bad
example, so a check that cannot fail is caught."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SERVICE = ROOT / "bot" / "service"
USE_CASES = ("lobby", "play", "history", "days", "votes", "listing", "posting")
#: what the service may not import (a module or anything under it)
NOT_IN_SERVICE = (
    "discord",
    "PIL",
    "renderers",
    "bot.discord_app",
    "bot.cogs",
    "bot.poster",
    "bot.views",
    "bot.format",
    "bot.render",
)
MAX_LINES = 600
MAX_METHODS = 30


def _imports(tree: ast.AST, module: str) -> set[str]:
    """Absolute names of the modules ``tree`` (the module ``module``) imports, inside
    functions too; ``from a import b`` counts as ``a`` and ``a.b``."""

    package = module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join(parts + ([node.module] if node.module else []))
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


def _under(name: str, prefixes: tuple[str, ...]) -> bool:
    return any(name == p or name.startswith(p + ".") for p in prefixes)


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _sources(*dirs: str) -> dict[Path, ast.AST]:
    return {p: ast.parse(p.read_text(encoding="utf-8")) for d in dirs for p in sorted((ROOT / d).rglob("*.py"))}


# ----- the checks, each a function of parsed sources returning what breaks the rule ------
def use_cases_importing_each_other(trees: dict[str, ast.AST]) -> list[str]:
    """``{module name: tree}`` of the service -> "a imports b" for use cases importing use cases."""

    cases = {f"bot.service.{c}" for c in USE_CASES}
    return [
        f"{name} imports {other}"
        for name, tree in trees.items()
        if name in cases
        for other in sorted(_imports(tree, name) & cases)
        if other != name
    ]


def forbidden_in_service(trees: dict[str, ast.AST]) -> list[str]:
    return [
        f"{name} imports {imp}"
        for name, tree in trees.items()
        for imp in sorted(_imports(tree, name))
        if _under(imp, NOT_IN_SERVICE)
    ]


def service_modules_imported_outside(trees: dict[str, ast.AST]) -> list[str]:
    """Modules outside the service importing one of its modules instead of ``bot.service``."""

    parts = {p.stem for p in SERVICE.glob("*.py")}
    out = []
    for name, tree in trees.items():
        if _under(name, ("bot.service",)):
            continue
        for node in ast.walk(tree):
            found: list[str] = []
            if isinstance(node, ast.Import):
                found = [a.name for a in node.names if a.name.startswith("bot.service.")]
            elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
                if node.module.startswith("bot.service."):
                    found = [node.module]
                elif node.module == "bot.service":
                    found = [f"bot.service.{a.name}" for a in node.names if a.name in parts]
            out += [f"{name} imports {imp}" for imp in found]
    return out


def reaching_around_the_service(trees: dict[str, ast.AST]) -> list[str]:
    """``<…service>.store`` / ``<…service>.ai_stalled`` outside the service."""

    out = []
    for name, tree in trees.items():
        if _under(name, ("bot.service",)):
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr in ("store", "ai_stalled"):
                owner = node.value
                owner_name = owner.id if isinstance(owner, ast.Name) else getattr(owner, "attr", "")
                if owner_name == "service":
                    out.append(f"{name}:{node.lineno} uses service.{node.attr}")
    return out


def _calls(tree: ast.AST) -> list[ast.Call]:
    return [n for n in ast.walk(tree) if isinstance(n, ast.Call)]


def store_writes_of_moves_elsewhere(trees: dict[str, ast.AST]) -> list[str]:
    """``….store.commit(…)`` / ``….store.undo(…)`` anywhere in the service but ``moves``."""

    out = []
    for name, tree in trees.items():
        if name == "bot.service.moves":
            continue
        for call in _calls(tree):
            f = call.func
            if isinstance(f, ast.Attribute) and f.attr in ("commit", "undo"):
                if isinstance(f.value, ast.Attribute) and f.value.attr == "store":
                    out.append(f"{name}:{call.lineno} calls store.{f.attr}")
    return out


def locks_and_lookups_elsewhere(trees: dict[str, ast.AST]) -> list[str]:
    """Locks or conditions made, ``engines.registry`` imported, or an engine looked up from a
    game row (``engine_for(<…>.game_id)``) outside ``tables`` and ``parsing``."""

    owners = {"bot.service.tables", "bot.service.parsing"}
    out = []
    for name, tree in trees.items():
        if name in owners:
            continue
        if "engines.registry" in _imports(tree, name):
            out.append(f"{name} imports engines.registry")
        for call in _calls(tree):
            f = call.func
            fname = f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", "")
            if fname in ("Lock", "Condition", "lock_factory"):
                out.append(f"{name}:{call.lineno} makes a {fname}")
            if fname == "engine_for" and any(isinstance(a, ast.Attribute) and a.attr == "game_id" for a in call.args):
                out.append(f"{name}:{call.lineno} looks up a game's engine")
    return out


def too_long(paths: dict[str, Path]) -> dict[str, int]:
    out = {}
    for rel, path in paths.items():
        n = len(path.read_text(encoding="utf-8").splitlines())
        if n > MAX_LINES:
            out[rel] = n
    return out


def too_many_methods(trees: dict[str, ast.AST]) -> dict[str, int]:
    """``"module.Class"`` -> its number of function definitions, for classes over the limit."""

    out = {}
    for name, tree in trees.items():
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                n = sum(isinstance(c, (ast.FunctionDef, ast.AsyncFunctionDef)) for c in node.body)
                if n > MAX_METHODS:
                    out[f"{name}.{node.name}"] = n
    return out


# ----- the tree -----------------------------------------------------------------------
def _named(*dirs: str) -> dict[str, ast.AST]:
    return {_module_name(p): t for p, t in _sources(*dirs).items()}


def test_the_service_is_a_package_of_its_parts():
    parts = {p.stem for p in SERVICE.glob("*.py")}
    assert {"results", "parsing", "tables", "moves", "core", *USE_CASES} <= parts
    assert not (ROOT / "bot" / "service.py").exists()


def test_use_cases_never_import_each_other():
    assert use_cases_importing_each_other(_named("bot/service")) == []


def test_the_service_imports_no_discord_pillow_renderers_or_discord_layer():
    assert forbidden_in_service(_named("bot/service")) == []


def test_outside_code_imports_the_facade_only():
    assert service_modules_imported_outside(_named("bot", "bench", "tests")) == []


def test_the_bot_never_reaches_around_the_service():
    assert reaching_around_the_service(_named("bot")) == []


def test_moves_is_the_only_committer_and_tables_the_only_owner_of_locks():
    trees = _named("bot/service")
    assert store_writes_of_moves_elsewhere(trees) == []
    assert locks_and_lookups_elsewhere(trees) == []


def test_no_module_in_bot_over_600_lines():
    paths = {str(p.relative_to(ROOT)): p for p in sorted((ROOT / "bot").rglob("*.py"))}
    assert too_long(paths) == {}


def test_no_class_in_bot_with_more_than_30_methods():
    assert too_many_methods(_named("bot")) == {}


# ----- each check catches what it is for ------------------------------------------------
def _tree(src: str) -> ast.AST:
    return ast.parse(src)


def test_the_checks_catch_bad_examples(tmp_path):
    assert use_cases_importing_each_other(
        {"bot.service.lobby": _tree("from bot.service.play import Play"), "bot.service.play": _tree("")}
    ) == ["bot.service.lobby imports bot.service.play"]
    assert use_cases_importing_each_other({"bot.service.votes": _tree("from . import days")}) == [
        "bot.service.votes imports bot.service.days"
    ]
    assert forbidden_in_service({"bot.service.core": _tree("def f():\n    import renderers\n")}) == [
        "bot.service.core imports renderers"
    ]
    assert forbidden_in_service({"bot.service.play": _tree("from discord.ext import tasks")}) == [
        "bot.service.play imports discord.ext",
        "bot.service.play imports discord.ext.tasks",
    ]
    assert service_modules_imported_outside(
        {"bot.poster": _tree("from bot.service.results import Result\nfrom bot.service import Service")}
    ) == ["bot.poster imports bot.service.results"]
    assert service_modules_imported_outside({"bot.poster": _tree("from bot.service import tables")}) == [
        "bot.poster imports bot.service.tables"
    ]
    assert reaching_around_the_service(
        {"bot.cogs.lobby": _tree("async def f(self):\n    await self.service.store.get_meta('k')\n")}
    ) == ["bot.cogs.lobby:2 uses service.store"]
    assert reaching_around_the_service({"bot.poster": _tree("service.ai_stalled.discard(t)")}) == [
        "bot.poster:1 uses service.ai_stalled"
    ]
    assert store_writes_of_moves_elsewhere({"bot.service.votes": _tree("await self.store.undo(1)")}) == [
        "bot.service.votes:1 calls store.undo"
    ]
    assert store_writes_of_moves_elsewhere({"bot.service.moves": _tree("await self.store.commit(1)")}) == []
    assert locks_and_lookups_elsewhere(
        {"bot.service.days": _tree("import asyncio\nx = asyncio.Lock()\ne = engine_for(game.game_id)\n")}
    ) == ["bot.service.days:2 makes a Lock", "bot.service.days:3 looks up a game's engine"]
    assert locks_and_lookups_elsewhere({"bot.service.play": _tree("from engines import registry")}) == [
        "bot.service.play imports engines.registry"
    ]
    long = tmp_path / "long.py"
    long.write_text("x = 1\n" * 601)
    assert too_long({"long.py": long}) == {"long.py": 601}
    body = "".join(f"    def m{i}(self): ...\n" for i in range(31))
    assert too_many_methods({"bot.x": _tree("class Big:\n" + body)}) == {"bot.x.Big": 31}
    assert too_many_methods({"bot.x": _tree("class Ok:\n" + body.split("\n", 1)[1])}) == {}
