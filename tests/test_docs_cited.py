"""The repository stands alone: no file cites a document it does not hold. The rulings and design the code relies
on are written into docs/ (docs/rulings.md, docs/design.md, docs/unit-profiles-rulings.md), and every
document of docs/ named anywhere is there."""
from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
#: Names of documents outside the repository (spelled in pieces, so that this file does not cite them itself).
OUTSIDE = ("RULINGS" + ".md", "DESIGN" + ".md", "../" + "shared", "shared/" + "rules/", "shared/" + "formats/")


def _text_files() -> list[Path]:
    listed = subprocess.run(["git", "ls-files", "kriegsspiel", "docs", "tests", "README.md", "pyproject.toml"],
                            cwd=REPO, capture_output=True, text=True)
    if listed.returncode != 0:
        pytest.skip("not a git checkout")
    found = []
    for name in listed.stdout.split():
        path = REPO / name
        if path.suffix in (".png", ".kssave", ".so") or not path.is_file():
            continue
        try:
            path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        found.append(path)
    return found


def test_no_file_cites_a_document_outside_the_repository() -> None:
    citing = {str(p.relative_to(REPO)): [o for o in OUTSIDE if o in p.read_text(encoding="utf-8")]
              for p in _text_files()}
    assert {name: found for name, found in citing.items() if found} == {}


def test_every_document_of_docs_that_is_named_exists() -> None:
    named: dict[str, set[str]] = {}
    for path in _text_files():
        for doc in re.findall(r"docs/[\w-]+\.md", path.read_text(encoding="utf-8")):
            named.setdefault(doc, set()).add(str(path.relative_to(REPO)))
    assert {"docs/rulings.md", "docs/design.md", "docs/cli.md", "docs/development.md"} <= set(named)
    assert {doc: sorted(by) for doc, by in named.items() if not (REPO / doc).is_file()} == {}


def test_the_rulings_cover_every_rule_set_by_name() -> None:
    text = (REPO / "docs" / "rulings.md").read_text(encoding="utf-8")
    for heading in ("## Modern Kriegsspiel, Fourth Edition (`modern-4e`)", "### Heading limits (ships)",
                    "## Kriegsspiel Ruleset V3 (`kriegsspiel-v3`)", "## Rulings added after play-testing (2026-11)",
                    "## Diplomacy and Air Power Diplomacy (area games, `diplomacy`)", "## Unit profiles (`unit-profiles`)"):
        assert heading in text
