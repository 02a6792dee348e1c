"""The window and the shell know no rule set's command word (issue 27 item 4): no module of ``kriegsspiel/app``
or ``kriegsspiel/shell`` names in quotes a word that only a rule set gives. How an order is aimed, keyed and
listed comes from the rule set's ``OrderSpec``; the words are listed from the installed rule sets' own
declarations (tests/test_core_knows_no_rule_set.py), so a new rule set's words are checked too."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from test_core_knows_no_rule_set import rule_set_words

PACKAGE = Path(__file__).resolve().parent.parent / "kriegsspiel"
GREPPED = ("app", "shell")
#: a word in quotes is a word the code compares with, looks up or sends (in prose, in backquotes, it is not)
WORD = r"""(?<![`\w-])["']{}["']"""
#: the modules that still name a rule set's words, each with what is left to do; the list only shrinks (a test
#: fails when a module listed here names none any more)
NOT_YET: dict[str, str] = {}


def mentions(roots: tuple[Path, ...], words: set[str], base: Path = PACKAGE) -> dict[str, list[str]]:
    """Module (relative to ``base``) -> "line: word" for every quoted rule-set word in it."""
    found: dict[str, list[str]] = {}
    for root in roots:
        for path in sorted(root.rglob("*.py")):
            text = path.read_text(encoding="utf-8")
            for word in sorted(words):
                for match in re.finditer(WORD.format(re.escape(word)), text):
                    line = text.count("\n", 0, match.start()) + 1
                    found.setdefault(path.relative_to(base).as_posix(), []).append(f"{line}: {word}")
    return found


def test_the_rule_sets_declare_the_words_to_look_for() -> None:
    assert {"attack", "nuke", "takeoff", "disembark", "combat", "rally", "order"} <= rule_set_words()


def test_no_module_of_the_window_or_the_shell_names_a_rule_sets_word() -> None:
    found = mentions(tuple(PACKAGE / name for name in GREPPED), rule_set_words())
    assert {module: lines for module, lines in found.items() if module not in NOT_YET} == {}


def test_the_modules_still_to_do_still_name_a_word() -> None:
    found = mentions(tuple(PACKAGE / name for name in GREPPED), rule_set_words())
    assert sorted(m for m in NOT_YET if m not in found) == [], "done: take it off NOT_YET"


def test_a_word_planted_in_the_window_is_found(tmp_path: Path) -> None:
    (tmp_path / "app").mkdir()
    (tmp_path / "app" / "menu.py").write_text('KEYS = {"a": "attack"}\n# `attack` in prose is no word\n')
    assert mentions((tmp_path / "app",), {"attack", "nuke"}, base=tmp_path) == {"app/menu.py": ["1: attack"]}


@pytest.mark.parametrize("text, hit", [('x == "attack"', True), ("x = 'attack'", True), ("`attack`", False),
                                       ('"attack-range"', False), ('"counter-attack"', False), ('"attacks"', False)])
def test_what_counts_as_naming_a_word(text: str, hit: bool) -> None:
    assert bool(re.search(WORD.format("attack"), text)) == hit
