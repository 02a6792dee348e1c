"""Types: mypy passes on what pyproject.toml gives it (the rules core and the rule-set interface at least), and no
new ``# type: ignore`` comes without its reason on the same line (``# type: ignore[code]  # why``)."""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tomllib
from collections import Counter
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
#: The ignores without a reason that were there when the checker came in (issue 29), by file: this only shrinks.
UNREASONED_BEFORE: dict[str, int] = {}
_IGNORE = re.compile(r"#\s*type:\s*ignore")
_REASONED = re.compile(r"type:\s*ignore(\[[\w, -]+\])?\s+(#|-|\()\s*\S")


def test_no_new_type_ignore_without_a_reason() -> None:
    found: Counter[str] = Counter()
    for path in sorted((REPO / "kriegsspiel").rglob("*.py")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if _IGNORE.search(line) and not _REASONED.search(line):
                found[path.relative_to(REPO).as_posix()] += 1
    grown = {name: n for name, n in found.items() if n > UNREASONED_BEFORE.get(name, 0)}
    assert grown == {}, "say why on the line: # type: ignore[code]  # why"


#: Packages of kriegsspiel/ not yet in mypy's files, each being brought in (this only shrinks).
NOT_YET_CHECKED: set[str] = set()


def test_mypy_is_given_every_package_and_module_of_kriegsspiel() -> None:
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    given = set(config["files"])
    missing = set()
    for path in sorted((REPO / "kriegsspiel").iterdir()):
        name = path.relative_to(REPO).as_posix()
        if (path.is_dir() and (path / "__init__.py").is_file()) or path.suffix == ".py":
            if name not in given and not any(name.startswith(g + "/") for g in given):
                missing.add(name)
    assert missing <= NOT_YET_CHECKED, f"add to [tool.mypy] files in pyproject.toml: {sorted(missing - NOT_YET_CHECKED)}"
    assert not config.get("overrides") or all(not o.get("ignore_errors") for o in config["overrides"]), (
        "no module is exempted from the checker: fix its errors instead")


def test_mypy_checks_the_core_and_the_rule_set_interface_and_passes() -> None:
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert "kriegsspiel/core" in config["files"]  # the core, kriegsspiel.core.plugin (the interface) among it
    if shutil.which("mypy") is None and subprocess.run([sys.executable, "-m", "mypy", "--version"],
                                                       capture_output=True).returncode != 0:
        pytest.skip("mypy is not installed (pip install -e '.[test]')")
    done = subprocess.run([sys.executable, "-m", "mypy"], cwd=REPO, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-3000:]
