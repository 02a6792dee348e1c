"""Test set-up shared by every layer: headless SDL before anything imports pygame."""
from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def _user_folders(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test writes its games and window settings into a temporary folder, never the user's (nor the
    source tree); child processes inherit it through the environment."""
    home = tmp_path_factory.mktemp("user")
    monkeypatch.setenv("KRIEGSSPIEL_DATA_DIR", str(home / "data"))
    monkeypatch.setenv("KRIEGSSPIEL_CONFIG_DIR", str(home / "config"))
    return home


@pytest.fixture
def repo() -> Path:
    """The repository root (the shipped scenarios, maps and tilesets are in kriegsspiel/data/)."""
    return REPO
