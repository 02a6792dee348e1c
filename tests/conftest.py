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


#: The C kernels and their Python references (same answers): ``--python-kernels`` runs the tests without the former.
C_KERNELS = ("kriegsspiel.core.movement._lattice", "kriegsspiel.core.sight._sight")


class _NoCKernels:
    """An import hook under which the C kernels are not there, as on an install without a compiler."""

    def find_spec(self, name: str, path: object = None, target: object = None) -> None:
        if name in C_KERNELS:
            raise ImportError(f"{name}: left out by --python-kernels")
        return None


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--python-kernels", action="store_true",
                     help="run with the Python references in place of the C kernels (movement, sight), as an install "
                          "without a compiler does: e.g. pytest --python-kernels tests/test_movement*.py tests/test_sight*.py")


def pytest_configure(config: pytest.Config) -> None:
    if config.getoption("--python-kernels"):
        import sys

        loaded = [name for name in C_KERNELS if name in sys.modules]
        if loaded:  # a kernel imported before the option was seen would be used all the same
            raise pytest.UsageError(f"--python-kernels: {', '.join(loaded)} was imported already")
        sys.meta_path.insert(0, _NoCKernels())
        os.environ.pop("KRIEGSSPIEL_REQUIRE_KERNELS", None)  # the Python references are wanted here
        os.environ["KRIEGSSPIEL_PYTHON_KERNELS"] = "1"  # fewer property examples (tests/kernel_support.examples)


def pytest_report_header(config: pytest.Config) -> str:
    return "kernels: Python references (--python-kernels)" if config.getoption("--python-kernels") else "kernels: C"
