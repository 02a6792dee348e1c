"""The docs say what the rulings say (issue 14, item 16): each sentence that once contradicted docs/rulings.md, and
what it says now. A doc edited back into the old wording fails here."""
from __future__ import annotations

from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs"


@pytest.mark.parametrize("doc, wrong, right", [
    ("scenarios.md", "(1 = never)", "1 = every message fails"),  # "F = 1 means every message fails"
    ("shell.md", "heading limit in one move", "heading limit in one turn"),  # "the limit holds for the whole turn"
    ("commands.md", "does not speed movement (yet)", "a built road gives land units road speed"),  # built structures
    ("shell.md", "message fails 1 time in F;", "(F = 0: never; F = 1: always)"),
    ("ruleset-v3.md", "when the umpire judges the unit in cover and safe", "with no enemy unit\nwithin 300 m"),
])
def test_the_docs_follow_the_rulings(doc: str, wrong: str, right: str) -> None:
    text = (DOCS / doc).read_text(encoding="utf-8")
    assert wrong not in text
    assert right in text
