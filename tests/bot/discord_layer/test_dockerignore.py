"""``.dockerignore``: ``docker build .`` sends neither virtual environments, simulate output,
databases, the token's ``.env``, version control nor caches as build context, and still
sends every file the Dockerfile copies."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def patterns() -> list[str]:
    lines = (ROOT / ".dockerignore").read_text().splitlines()
    return [ln.strip() for ln in lines if ln.strip() and not ln.lstrip().startswith("#")]


def _regex(pattern: str) -> re.Pattern[str]:
    """Docker's rule: a pattern is matched from the context's root (Go's filepath.Match,
    ``**`` for any number of folders); a matched folder leaves out everything in it."""

    out, i = "", 0
    pattern = pattern.strip("/")
    while i < len(pattern):
        if pattern.startswith("**/", i):
            out, i = out + "(?:.*/)?", i + 3
        elif pattern.startswith("**", i):
            out, i = out + ".*", i + 2
        elif pattern[i] == "*":
            out, i = out + "[^/]*", i + 1
        elif pattern[i] == "?":
            out, i = out + "[^/]", i + 1
        else:
            out, i = out + re.escape(pattern[i]), i + 1
    return re.compile(out + "(?:/.*)?")


def ignored(path: str) -> bool:
    assert not any(p.startswith("!") for p in patterns())  # no exceptions to reason about
    return any(_regex(p).fullmatch(path) for p in patterns())


def test_heavy_and_secret_files_stay_out_of_the_build_context():
    for path in (
        ".venv/lib/python3.11/site-packages/discord/client.py",
        "simulate-out/board-0001.png",
        "simulate-out/simulate.db",
        ".git/HEAD",
        "boardhost.db",
        "boardhost.db-wal",
        "boardhost.db-shm",
        "data/old/boardhost.db",
        ".env",
        "bot/__pycache__/cli.cpython-311.pyc",
        ".pytest_cache/v/cache/lastfailed",
        ".ruff_cache/CACHEDIR.TAG",
        "boardhost.egg-info/PKG-INFO",
        "build/lib/bot/cli.py",
    ):
        assert ignored(path), path


def test_every_file_the_dockerfile_copies_is_sent():
    copied: list[str] = []
    for line in (ROOT / "Dockerfile").read_text().splitlines():
        if line.startswith("COPY "):
            copied += line.split()[1:-1]
    assert copied == ["pyproject.toml", "README.md", "bot", "engines", "renderers"]
    files = [p for c in copied for p in ([ROOT / c] if (ROOT / c).is_file() else (ROOT / c).rglob("*"))]
    sent = [p.relative_to(ROOT).as_posix() for p in files if p.is_file() and "__pycache__" not in p.parts]
    assert "renderers/fonts/DejaVuSansCondensed.ttf" in sent and "bot/cli.py" in sent
    assert [p for p in sent if ignored(p)] == []
