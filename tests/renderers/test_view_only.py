"""Renderers read only the view: no renderer module imports an engine package,
so every fact an image draws comes from ``engine.view``. The one module of engines/ a
renderer may import is ``engines.i18n``: the texts (no game, no state), with which a
renderer writes its own labels as messages of the host catalog."""

from __future__ import annotations

import ast
from pathlib import Path

import renderers

ROOT = Path(renderers.__file__).parent


def _imports(path: Path) -> set[str]:
    out = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
    return out


def test_no_renderer_imports_an_engine():
    files = sorted(ROOT.rglob("*.py"))
    assert len(files) >= 6  # base, the package, four games
    bad = {
        str(f.relative_to(ROOT)): sorted(
            m for m in _imports(f) if m.split(".")[0] in ("engines", "bot", "discord") and m != "engines.i18n"
        )
        for f in files
    }
    assert not {k: v for k, v in bad.items() if v}
