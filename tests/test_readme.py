"""The README's first commands work on a fresh machine (issue 16, item 2): a virtual environment is made and
activated before the first pip install, and the Python version it names is the one pyproject.toml requires."""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def _quick_start() -> str:
    text = (REPO / "README.md").read_text(encoding="utf-8")
    return text[text.index("## Install"):text.index("## A first game")]


def test_a_venv_is_made_and_activated_before_the_first_pip_install() -> None:
    text = _quick_start()
    made, activated, installed = (text.index(s) for s in ("python3 -m venv .venv", ". .venv/bin/activate", "pip install "))
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


def test_the_readmes_pictures_are_there_and_every_document_it_names_exists() -> None:
    import struct

    text = (REPO / "README.md").read_text(encoding="utf-8")
    pictures = re.findall(r"docs/images/[\w-]+\.png", text)
    assert {"docs/images/umpire-table.png", "docs/images/player-phone.png"} <= set(pictures)
    for name in pictures:
        head = (REPO / name).read_bytes()[:24]
        assert head[:8] == b"\x89PNG\r\n\x1a\n", name
        width, height = struct.unpack(">II", head[16:24])
        assert width >= 600 and height >= 600, (name, width, height)
    for name in set(re.findall(r"(?:docs/[\w-]+\.md|CHANGELOG\.md|LICENSE)", text)):
        assert (REPO / name).is_file(), f"the README names {name}, which is not in the repository"


def test_the_first_game_walks_the_five_steps_with_commands_that_exist() -> None:
    text = (REPO / "README.md").read_text(encoding="utf-8")
    steps = text[text.index("## A first game in five steps"):text.index("## The four games")]
    assert [s.split("**")[1] for s in re.findall(r"^\d\. \*\*[^*]+\*\*", steps, re.M)] == [
        "Open the demo.", "Drag a counter.", "See a refusal.", "End the turn.", "Look at a player's picture."]
    assert "kriegsspiel play demo" in steps
