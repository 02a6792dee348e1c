"""The wheel a user installs: built from the repository's tracked files only (as from a clean clone), it carries
the shipped scenarios, maps, tilesets, the Tiled project, LICENSE and py.typed; installed into a fresh virtual
environment outside the checkout, it plays every shipped scenario by name from an empty folder."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from kriegsspiel import __version__
from kriegsspiel.data import shipped_scenario_names

REPO = Path(__file__).resolve().parent.parent


def _tracked_copy(target: Path) -> Path:
    """The repository's tracked files (a clean clone's), copied to ``target``: no build products, no .so."""
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=REPO, capture_output=True, check=False)
    if listed.returncode != 0:
        pytest.skip("not a git checkout: the wheel is built from a clean clone's files")
    for name in listed.stdout.decode("utf-8").split("\0"):
        if name and (REPO / name).is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(REPO / name, target / name)
    return target


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    source = _tracked_copy(tmp_path_factory.mktemp("clone"))
    out = tmp_path_factory.mktemp("wheelhouse")
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out), str(source)],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    (built,) = out.glob("kriegsspiel-*.whl")
    return built


def test_the_wheel_carries_the_shipped_files_the_license_and_the_type_marker(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    shipped = {p.relative_to(REPO).as_posix() for folder in ("scenarios", "maps", "assets")
               for p in (REPO / "kriegsspiel" / "data" / folder).iterdir() if p.is_file()}
    assert {"kriegsspiel/data/scenarios/demo.toml", "kriegsspiel/data/maps/brandywine.tmx",
            "kriegsspiel/data/maps/kriegsspiel.tiled-project", "kriegsspiel/data/assets/terrain-square.tsx",
            "kriegsspiel/data/assets/terrain-square.png"} <= shipped
    assert sorted(shipped - names) == []
    assert "kriegsspiel/py.typed" in names
    licence = [n for n in names if n.endswith(".dist-info/licenses/LICENSE")]
    assert licence, sorted(n for n in names if "dist-info" in n)
    text = zipfile.ZipFile(wheel).read(licence[0]).decode("utf-8")
    assert "GNU GENERAL PUBLIC LICENSE" in text and "Version 3, 29 June 2007" in text
    metadata = zipfile.ZipFile(wheel).read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
    assert "License-Expression: GPL-3.0-or-later" in metadata
    assert f"\nVersion: {__version__}\n" in metadata  # the version's one place is kriegsspiel.__version__
    pytmx = [line for line in metadata.splitlines() if line.startswith("Requires-Dist: pytmx")]
    assert pytmx and all("extra ==" in line for line in pytmx), pytmx  # the tests' reference only, not the program's
    assert not [n for n in names if n.startswith(("tests/", "tools/", "benchmarks/"))]


@pytest.mark.slow
def test_the_installed_wheel_plays_every_shipped_scenario_by_name_from_an_empty_folder(
        wheel: Path, tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    python = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    program = venv / ("Scripts/kriegsspiel.exe" if os.name == "nt" else "bin/kriegsspiel")
    empty = tmp_path / "empty"
    empty.mkdir()
    # the user's environment: none of the suite's variables but the user folders, nothing of the checkout
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "SDL_", "PYGAME_"))}
    done = subprocess.run([str(python), "-m", "pip", "install", "-q", str(wheel)], cwd=empty, env=env,
                          capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr[-3000:]
    where = subprocess.run([str(python), "-c", "import kriegsspiel; print(kriegsspiel.__file__)"], cwd=empty,
                           env=env, capture_output=True, text=True, timeout=60)
    assert Path(where.stdout.strip()).is_relative_to(venv), where.stdout
    version = subprocess.run([str(program), "--version"], cwd=empty, env=env, capture_output=True, text=True, timeout=60)
    assert version.stdout.startswith(f"kriegsspiel {__version__} (Python "), version.stdout
    listed = subprocess.run([str(program), "scenarios"], cwd=empty, env=env, capture_output=True, text=True, timeout=120)
    assert listed.returncode == 0, listed.stderr
    names = shipped_scenario_names()
    assert len(names) >= 6
    for name in names:
        assert name in listed.stdout
        shot = empty / f"{name}.png"
        played = subprocess.run([str(program), "play", name, "--screenshot", shot.name], cwd=empty, env=env,
                                capture_output=True, text=True, timeout=300)
        assert played.returncode == 0, (name, played.stderr)
        assert shot.stat().st_size > 10_000, name
        assert played.stdout.strip() == f"wrote {shot.name}", (name, played.stdout)
    assert sorted(p.name for p in empty.iterdir()) == sorted(f"{n}.png" for n in names)  # nothing else written
