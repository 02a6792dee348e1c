"""Start-up of the commands scripts call most, each a fresh process as a user runs it: ``adjudicate`` (a Diplomacy
phase), ``battle`` (one battle of unit profiles), ``verify`` and ``replay --json`` (a short save of each kind of
game). Project: ``python -m kriegsspiel COMMAND ...`` wall time. Reference: ``python -c pass``, the interpreter's
own start-up, in the same process. Times are the child's CPU seconds (user + system, median of 7): what the
command costs on an idle core, which wall time on a shared machine does not tell; the wall times are reported
beside. Goal: each under 0.5 s. None of them draws, so none loads pygame (tests/test_cli_contract.py checks it).
"""
from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from benchmarks import CaseResult, case, median_seconds

REPO = Path(__file__).resolve().parent.parent
PHASE = {
    "id": "s", "map": "standard", "phase": "S1901M", "phase_type": "M",
    "before": {"units": [{"power": "FRANCE", "type": "A", "loc": "PAR"}, {"power": "GERMANY", "type": "A", "loc": "MUN"}],
               "centers": {"FRANCE": ["BRE", "MAR", "PAR"], "GERMANY": ["BER", "KIE", "MUN"]}},
    "orders": {"FRANCE": ["A PAR - BUR"], "GERMANY": ["A MUN - BUR"]},
}
BATTLE = {"id": "t", "place": {"name": "Here", "kind": "land", "features": []},
          "attacker": {"power": "A", "units": [{"id": "a", "type": "infantry"}]},
          "defender": {"power": "D", "units": [{"id": "d", "type": "infantry"}]}, "dice": [], "seed": 4}
_folder: dict[str, Path] = {}


def _environment(folder: Path) -> dict[str, str]:
    """A user's environment (none of the test suite's pygame or SDL settings), this checkout's code."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYGAME_", "SDL_", "PYTHON", "KRIEGSSPIEL_"))}
    env.update(PYTHONPATH=str(REPO), KRIEGSSPIEL_DATA_DIR=str(folder / "data"), KRIEGSSPIEL_CONFIG_DIR=str(folder / "config"))
    return env


def _inputs() -> Path:
    """A folder with a save of each kind, a phase and a battle (made once per run)."""
    if "inputs" in _folder:
        return _folder["inputs"]
    folder = Path(tempfile.mkdtemp(prefix="kriegsspiel-bench-startup-"))
    for name, save in (("demo", "demo.kssave"), ("diplomacy-1901", "dip.kssave")):
        subprocess.run([sys.executable, "-m", "kriegsspiel", "new", name, "--save", save], cwd=folder,
                       env=_environment(folder), check=True, capture_output=True, timeout=120)
    (folder / "phase.json").write_text(json.dumps(PHASE), encoding="utf-8")
    (folder / "battle.json").write_text(json.dumps(BATTLE), encoding="utf-8")
    _folder["inputs"] = folder
    return folder


def _startup(*args: str) -> CaseResult:
    folder = _inputs()
    env = _environment(folder)

    command = [sys.executable, "-m", "kriegsspiel", *args]
    wall = median_seconds(lambda: _child_cpu_seconds(command, folder, env), 7)
    project = statistics.median(_child_cpu_seconds(command, folder, env) for _ in range(7))
    reference = statistics.median(_child_cpu_seconds([sys.executable, "-c", "pass"], folder, env) for _ in range(7))
    return CaseResult(project, reference, {"over_the_interpreter_cpu_ms": round((project - reference) * 1000.0, 1),
                                           "wall_s": round(wall, 3)})


def _child_cpu_seconds(command: list[str], folder: Path, env: dict[str, str]) -> float:
    """Run ``command`` to its end; the CPU seconds (user + system) it took."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, cwd=folder, env=env, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   timeout=60)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


@case("startup.adjudicate", goal="a Diplomacy phase adjudicated in a fresh process < 0.5 s", max_project_seconds=0.5)
def adjudicate(repeats: int) -> CaseResult:
    return _startup("adjudicate", "phase.json")


@case("startup.battle", goal="a battle of unit profiles in a fresh process < 0.5 s", max_project_seconds=0.5)
def battle(repeats: int) -> CaseResult:
    return _startup("battle", "battle.json")


@case("startup.verify", goal="verify of a short save (each kind of game) in a fresh process < 0.5 s",
      max_project_seconds=0.5)
def verify(repeats: int) -> CaseResult:
    ruler, area = _startup("verify", "demo.kssave"), _startup("verify", "dip.kssave")
    worse = max(ruler, area, key=lambda r: r.project_seconds)
    return CaseResult(worse.project_seconds, worse.reference_seconds,
                      {"ruler_game_cpu_s": round(ruler.project_seconds, 3), "area_game_cpu_s": round(area.project_seconds, 3),
                       "wall_s": worse.extra["wall_s"]})


@case("startup.replay", goal="replay --json of a short save (each kind of game) in a fresh process < 0.5 s",
      max_project_seconds=0.5)
def replay(repeats: int) -> CaseResult:
    ruler, area = _startup("replay", "demo.kssave", "--json"), _startup("replay", "dip.kssave", "--json")
    worse = max(ruler, area, key=lambda r: r.project_seconds)
    return CaseResult(worse.project_seconds, worse.reference_seconds,
                      {"ruler_game_cpu_s": round(ruler.project_seconds, 3), "area_game_cpu_s": round(area.project_seconds, 3),
                       "wall_s": worse.extra["wall_s"]})
