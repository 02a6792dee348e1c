"""The README's first commands work on a fresh machine (issue 16, item 2): a virtual environment is made and
activated before the first pip install, and the Python version it names is the one pyproject.toml requires."""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def _quick_start() -> str:
    text = (REPO / "README.md").read_text(encoding="utf-8")
    return text[text.index("## Quick start"):text.index("## The command line")]


def test_a_venv_is_made_and_activated_before_the_first_pip_install() -> None:
    text = _quick_start()
    made, activated, installed = (text.index(s) for s in ("python3 -m venv .venv", ". .venv/bin/activate", "pip install -e ."))
    assert made < activated < installed
    assert ".venv\\Scripts\\activate" in text  # and on Windows


def test_the_python_version_named_is_the_one_required() -> None:
    required = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]["requires-python"]
    minimum = re.fullmatch(r">=(\d+\.\d+)", required).group(1)
    assert f"Python {minimum} or newer" in _quick_start()


def test_the_venv_the_readme_makes_is_not_seen_by_git() -> None:
    import subprocess

    done = subprocess.run(["git", "check-ignore", "-q", ".venv/bin/python"], cwd=REPO)
    assert done.returncode == 0, ".gitignore must cover the README's .venv"
