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
UNREASONED_BEFORE = {
    "kriegsspiel/core/events/_events.py": 1,
    "kriegsspiel/core/movement/_field.py": 1, "kriegsspiel/core/sight/_line.py": 1,
    "kriegsspiel/render/palette.py": 1,
}
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


def test_mypy_checks_the_core_and_the_rule_set_interface_and_passes() -> None:
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert "kriegsspiel/core" in config["files"]  # the core, kriegsspiel.core.plugin (the interface) among it
    if shutil.which("mypy") is None and subprocess.run([sys.executable, "-m", "mypy", "--version"],
                                                       capture_output=True).returncode != 0:
        pytest.skip("mypy is not installed (pip install -e '.[test]')")
    done = subprocess.run([sys.executable, "-m", "mypy"], cwd=REPO, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-3000:]


def test_the_window_is_type_checked_whole() -> None:
    """kriegsspiel/app (the pygame window) is in mypy's files, and no override switches its errors off."""
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert "kriegsspiel/app" in config["files"]
    silenced = [name for override in config.get("overrides", []) if override.get("ignore_errors")
                for name in ([override["module"]] if isinstance(override["module"], str) else override["module"])]
    assert not [name for name in silenced if name == "kriegsspiel.app" or name.startswith("kriegsspiel.app.")]
