"""The committed templates (bot/locale/*.pot) hold what a fresh `pybabel extract` finds in the
code, run as README "Adding a language" runs it: a message added to or removed from the code
without extracting again leaves a stale template, and the next `pybabel update` of a new
language would start from it. The catalogs (.po) are checked against the code in
test_catalogs.py; this checks the templates, by message id, plural id and context (not line
numbers, comments or dates, which every extract rewrites)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from babel.messages.pofile import read_po

from bot.i18n import DOMAIN, LOCALE_DIR
from engines import registry

ROOT = LOCALE_DIR.parent.parent
#: README "Adding a language": each game's own catalog is extracted from its package alone
GAME_KEYWORDS = ("-k", "T", "-k", "Tn:1,2", "-k", "Tp:1c,2", "-k", "Tnp:1c,2,3", "-k", "N_")
#: `pybabel` with this test's Python (the venv's Babel)
PYBABEL = (sys.executable, "-c", "from babel.messages.frontend import main; main()")


def _pybabel_extract(args: list[str], out) -> None:
    """`PYTHONPATH=. pybabel extract <args> -o <out>` from the checkout (the command tree and the
    rules summaries are built by importing ``bot``, so the working tree goes first on the path)."""

    run = subprocess.run(
        [*PYBABEL, "-q", "extract", *args, "-o", str(out)],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr[-2000:]


def _messages(path) -> set[tuple[str | None, str | tuple[str, ...]]]:
    """(context, id) of every message of a template; a plural message's id is (singular, plural)."""

    with open(path, "rb") as fh:
        return {(m.context, m.id if isinstance(m.id, str) else tuple(m.id)) for m in read_po(fh) if m.id}


def _fresh(domain: str, tmp_path) -> set:
    out = tmp_path / f"{domain}.pot"
    if domain == DOMAIN:
        _pybabel_extract([], out)  # pyproject.toml [tool.babel.extract_messages], babel.cfg
    else:
        package = "engines/" + domain.replace("-", "_")
        _pybabel_extract(["-F", "babel-games.cfg", "--no-default-keywords", *GAME_KEYWORDS, package], out)
    return _messages(out)


@pytest.mark.parametrize("domain", (DOMAIN, *registry.ids()))
def test_the_committed_template_is_a_fresh_extraction(domain, tmp_path):
    fresh = _fresh(domain, tmp_path)
    assert fresh, f"pybabel extract found no message for {domain}"
    committed = _messages(LOCALE_DIR / f"{domain}.pot")
    added = sorted(fresh - committed, key=str)
    removed = sorted(committed - fresh, key=str)
    rerun = f"rerun the extract of README 'Adding a language' for bot/locale/{domain}.pot"
    assert not added, f"{len(added)} messages of the code are not in the template ({rerun}): {added[:5]}"
    assert not removed, f"{len(removed)} template messages no code marks ({rerun}): {removed[:5]}"
