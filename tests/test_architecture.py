"""The shape of the program (docs/architecture.md): layers kept by import contracts, no import cycle, no module
over 600 lines, and rule sets found through the entry-point group ``kriegsspiel.rulesets`` — a rule set that
is not part of the program (the toy of tests/toy/) is listed by ``kriegsspiel rules`` and plays through ``new``
and ``shell``; a broken one is reported once and the others keep working."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import grimp
import pytest

REPO = Path(__file__).resolve().parents[1]
TOY = Path(__file__).resolve().parent / "toy" / "toy_rules"
LINT = shutil.which("lint-imports")


def _run(*args: str, env: dict[str, str] | None = None, stdin: str | None = None,
         cwd: Path | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "kriegsspiel", *args], capture_output=True, text=True,
                          input=stdin, env=env, cwd=cwd, timeout=120)


# --- layers and cycles ------------------------------------------------------------------------------------


@pytest.mark.skipif(LINT is None, reason="import-linter is not installed (pip install -e '.[test]')")
def test_the_import_contracts_hold() -> None:
    done = subprocess.run([LINT], capture_output=True, text=True, cwd=REPO, timeout=300)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr
    assert "0 broken" in done.stdout


@pytest.mark.skipif(LINT is None, reason="import-linter is not installed (pip install -e '.[test]')")
def test_a_core_module_importing_a_rule_set_breaks_a_contract(tmp_path: Path) -> None:
    copy = tmp_path / "tree"
    shutil.copytree(REPO / "kriegsspiel", copy / "kriegsspiel", ignore=shutil.ignore_patterns("*.so", "__pycache__"))
    shutil.copy(REPO / "pyproject.toml", copy / "pyproject.toml")
    dice = copy / "kriegsspiel" / "core" / "dice.py"
    dice.write_text(dice.read_text(encoding="utf-8") + "\nimport kriegsspiel.rulesets.modern_4e.land  # noqa\n",
                    encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(copy)}
    done = subprocess.run([LINT], capture_output=True, text=True, cwd=copy, env=env, timeout=300)
    assert done.returncode == 1
    assert "The core knows no rule set: only the interface in kriegsspiel.core.plugin BROKEN" in " ".join(
        done.stdout.split())
    assert "kriegsspiel.core.dice -> kriegsspiel.rulesets.modern_4e.land" in done.stdout


@pytest.mark.skipif(LINT is None, reason="import-linter is not installed (pip install -e '.[test]')")
@pytest.mark.parametrize("module", ["app/console.py", "shell/queries.py", "portal/links.py"])
def test_the_window_shell_or_portal_importing_the_rule_sets_breaks_a_contract(tmp_path: Path, module: str) -> None:
    copy = tmp_path / "tree"
    shutil.copytree(REPO / "kriegsspiel", copy / "kriegsspiel", ignore=shutil.ignore_patterns("*.so", "__pycache__"))
    shutil.copy(REPO / "pyproject.toml", copy / "pyproject.toml")
    planted = copy / "kriegsspiel" / module
    planted.write_text(planted.read_text(encoding="utf-8") + "\nimport kriegsspiel.rulesets  # noqa\n",
                       encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(copy)}
    done = subprocess.run([LINT], capture_output=True, text=True, cwd=copy, env=env, timeout=300)
    assert done.returncode == 1
    assert "The window, the shell and the portal import no rule set" in " ".join(done.stdout.split())
    name = "kriegsspiel." + module.removesuffix(".py").replace("/", ".")
    assert f"{name} -> kriegsspiel.rulesets" in done.stdout


def _cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0
    for root in sorted(graph.modules):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.find_modules_directly_imported_by(root))))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.find_modules_directly_imported_by(child)))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_there_is_no_import_cycle_in_the_package() -> None:
    graph = grimp.build_graph("kriegsspiel", exclude_type_checking_imports=True)
    assert _cycles(graph) == []


def test_the_cycle_finder_finds_a_cycle() -> None:
    graph = grimp.ImportGraph()
    for a, b in (("p.a", "p.b"), ("p.b", "p.c"), ("p.c", "p.a"), ("p.c", "p.d")):
        graph.add_import(importer=a, imported=b)
    assert _cycles(graph) == [["p.a", "p.b", "p.c"]]


def test_no_module_is_over_600_lines() -> None:
    long = {str(p.relative_to(REPO)): n for p in (REPO / "kriegsspiel").rglob("*.py")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > 600}
    assert long == {}


def test_each_shipped_rule_sets_data_lives_in_its_package() -> None:
    from kriegsspiel.rulesets import ruleset_file

    assert ruleset_file("modern-4e") == REPO / "kriegsspiel" / "rulesets" / "modern_4e" / "modern-4e.toml"
    assert ruleset_file("kriegsspiel-v3") == (REPO / "kriegsspiel" / "rulesets" / "kriegsspiel_v3"
                                              / "kriegsspiel-v3.toml")
    assert list((REPO / "kriegsspiel" / "rulesets").glob("*.toml")) == []


def test_both_rule_sets_are_declared_as_entry_points() -> None:
    import tomllib

    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["entry-points"]["kriegsspiel.rulesets"] == {
        "modern-4e": "kriegsspiel.rulesets.modern_4e:RULESET",
        "kriegsspiel-v3": "kriegsspiel.rulesets.kriegsspiel_v3:RULESET",
        "diplomacy": "kriegsspiel.rulesets.diplomacy.plugin:RULESET",
        "unit-profiles": "kriegsspiel.rulesets.unit_profiles.plugin:RULESET",
    }


# --- a rule set from outside the program ------------------------------------------------------------------


def _distribution(site: Path, name: str, entry_points: str) -> None:
    """A minimal installed distribution on ``site``: the metadata importlib.metadata reads."""
    info = site / f"{name}-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(entry_points, encoding="utf-8")


def _env(site: Path) -> dict[str, str]:
    paths = [str(site), str(REPO), os.environ.get("PYTHONPATH", "")]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in paths if p), "SDL_VIDEODRIVER": "dummy"}


_TOY_MAP = """<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" width="6" height="4"
 tilewidth="32" tileheight="32" infinite="0" nextlayerid="3" nextobjectid="1">
 <tileset firstgid="1" name="meadow" tilewidth="32" tileheight="32" tilecount="6" columns="6">
  <image source="fixture.png" width="192" height="32"/>
  <tile id="0"><properties><property name="terrain" value="meadow"/></properties></tile>
 </tileset>
 <layer id="1" name="terrain" width="6" height="4">
  <data encoding="csv">
1,1,1,1,1,1,
1,1,1,1,1,1,
1,1,1,1,1,1,
1,1,1,1,1,1
</data>
 </layer>
</map>
"""

_TOY_SCENARIO = """[scenario]
name = "A toy meadow"
map = "meadow.tmx"
ruleset = "toy"
seed = 7
first_side = "Blue"

[[sides]]
name = "Blue"
colour = "#3050c0"

[[sides]]
name = "Red"
colour = "#c03030"

[[players]]
name = "Anna"
side = "Blue"
units = "all"

[[players]]
name = "Boris"
side = "Red"
units = "all"

[[units]]
id = "w1"
type = "walker"
side = "Blue"
at = [0.5, 0.5]

[[units]]
id = "w2"
type = "walker"
side = "Red"
at = [5.5, 3.5]
"""


@pytest.fixture
def toy_site(tmp_path: Path) -> Path:
    """The toy rule set installed on a folder of its own: its package and its entry point."""
    site = tmp_path / "site"
    shutil.copytree(TOY, site / "toy_rules", ignore=shutil.ignore_patterns("__pycache__"))
    _distribution(site, "toy_rules", "[kriegsspiel.rulesets]\ntoy = toy_rules:RULESET\n")
    return site


@pytest.fixture
def toy_game(tmp_path: Path) -> Path:
    game = tmp_path / "game"
    game.mkdir()
    shutil.copy(REPO / "tests" / "fixtures" / "maps" / "fixture.png", game / "fixture.png")
    (game / "meadow.tmx").write_text(_TOY_MAP, encoding="utf-8")
    (game / "toy.toml").write_text(_TOY_SCENARIO, encoding="utf-8")
    return game


def test_a_rule_set_installed_beside_the_program_is_listed(toy_site: Path) -> None:
    done = _run("rules", "--json", env=_env(toy_site))
    assert done.returncode == 0, done.stderr
    listed = _run("rules", env=_env(toy_site))
    assert "toy" in listed.stdout and "Toy rules" in listed.stdout, listed.stdout
    toy = _run("rules", "toy", "--json", env=_env(toy_site))
    assert toy.returncode == 0, toy.stderr
    assert '"walker"' in toy.stdout and '"meadow"' in toy.stdout
    helped = _run("--help", env=_env(toy_site))
    assert "meadow" in helped.stdout and "greet the walkers of the toy meadow" in helped.stdout
    greeted = _run("meadow", "--walkers", "3", env=_env(toy_site))
    assert (greeted.returncode, greeted.stdout) == (0, "hello from the meadow, 3 walkers\n"), greeted.stderr
    assert _run("meadow", "--walkers", "x", env=_env(toy_site)).returncode == 2
    assert "unknown command 'meadow'" in _run("meadow").stderr
    without = _run("rules", "toy")
    assert without.returncode == 2
    assert "unknown rule set 'toy'" in without.stderr


def test_the_toy_rule_set_plays_a_move_and_its_own_command_through_new_and_shell(
        toy_site: Path, toy_game: Path) -> None:
    env = _env(toy_site)
    save = toy_game / "toy.kssave"
    started = _run("new", str(toy_game / "toy.toml"), "--save", str(save), env=env)
    assert started.returncode == 0, started.stderr
    done = _run("shell", str(save), env=env, stdin="move w1 > 3.5,0.5\ncheer w1\ncheer w2\nman cheer\nquit\n")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "w1 moved 0.5,0.5 > 3.5,0.5" in out
    assert "w1 cheers: hurrah!" in out
    assert "refused: w2 is not of the side to move" in out
    assert "CHEER\n  syntax: cheer UNIT\n  The unit cheers; nothing else happens." in out
    assert "Traceback" not in out + done.stderr
    replay = _run("replay", str(save), "--json", env=env)
    assert replay.returncode == 0, replay.stderr
    assert json.loads(replay.stdout)["units"]["w1"]["x"] == 3.5
    log = _run("replay", str(save), "--log", env=env)
    assert "cheer w1" in log.stdout and "w1 cheers: hurrah!" in log.stdout, log.stdout
    verify = _run("verify", str(save), env=env)
    assert verify.returncode == 0, verify.stdout + verify.stderr


_WAVE = """\"\"\"A second order of the toy rule set, added by this file and one line of the package's __init__.\"\"\"
from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from kriegsspiel.core.commands import Command, NotationError, unit_token
from kriegsspiel.core.events import Accepted, Event, Rejected, event_kind
from kriegsspiel.core.game import OrderKind, OrderSpec, Ruling
from kriegsspiel.core.manual import ManPage, fixed_text


@dataclass(frozen=True, slots=True)
class Wave(Command):
    name: ClassVar[str] = "wave"
    unit: str
    flag: str


@event_kind("waved")
@dataclass(frozen=True, slots=True)
class Waved(Event):
    unit: str
    flag: str
    roll: int

    def describe(self) -> str:
        return f"{self.unit} waves the {self.flag} flag (d6 = {self.roll})"


def parse_wave(rest: str) -> Command:
    words = rest.split()
    if len(words) != 2:
        raise NotationError("wave: expected a unit and a flag", "wave")
    return Wave(unit_token(words[0], "wave"), words[1])


def format_wave(command: Command) -> str | None:
    return f"wave {command.unit} {command.flag}" if isinstance(command, Wave) else None


def wave(state, command, dice, forced):
    unit = state.unit(command.unit)
    if unit is None:
        return Rejected(f"no unit {command.unit!r}", forceable=False)
    if unit.side != state.side_to_move and (refusal := Ruling(forced).refuse(f"{unit.id} is not of the side to move")):
        return refusal
    return Accepted(state, (Waved(unit.id, command.flag, dice.roll(6)),))


WAVE = OrderKind(Wave, parse_wave, format_wave, wave, OrderSpec("wave", key="w", targets=0, aim="none"))
WAVE_PAGE = ManPage("wave", "wave UNIT FLAG", "The unit waves a flag; a d6 says how bravely.",
                    fixed_text("every unit of the side to move"), fixed_text("-"), fixed_text("-"))
"""


def test_adding_an_order_to_the_toy_rule_set_touches_only_its_package(toy_site: Path, toy_game: Path) -> None:
    """The walkthrough of docs/architecture.md, "Add an order": a module in the rule set's package and one line
    that adds it to its rules; nothing of the program changes, and the order plays, journals, replays and
    verifies, with its dice."""
    package = toy_site / "toy_rules"
    (package / "wave.py").write_text(_WAVE, encoding="utf-8")
    with (package / "__init__.py").open("a", encoding="utf-8") as init:
        init.write("\nfrom toy_rules.wave import WAVE, WAVE_PAGE, Waved  # noqa: E402\n"
                   "RULES = RULES.extended(\"toy\", [WAVE], events=(Waved,), pages=(WAVE_PAGE,))\n")
    env = _env(toy_site)
    save = toy_game / "toy.kssave"
    assert _run("new", str(toy_game / "toy.toml"), "--save", str(save), env=env).returncode == 0
    done = _run("shell", str(save), env=env, stdin="wave w1 blue\ncheer w1\nwave w1\nwave w2 red\nman wave\nquit\n")
    assert done.returncode == 0, done.stderr
    assert "w1 waves the blue flag (d6 = " in done.stdout and "w1 cheers: hurrah!" in done.stdout, done.stdout
    assert "wave: expected a unit and a flag\nsyntax: wave UNIT FLAG" in done.stdout
    assert "refused: w2 is not of the side to move" in done.stdout
    assert "WAVE\n  syntax: wave UNIT FLAG" in done.stdout
    log = _run("replay", str(save), "--log", env=env)
    assert "wave w1 blue" in log.stdout and "w1 waves the blue flag (d6 = " in log.stdout, log.stdout
    verify = _run("verify", str(save), env=env)
    assert verify.returncode == 0, verify.stdout + verify.stderr


def test_a_broken_rule_set_is_reported_once_by_name_and_the_others_keep_working(tmp_path: Path) -> None:
    site = tmp_path / "site"
    (site / "broken_rules").mkdir(parents=True)
    (site / "broken_rules" / "__init__.py").write_text("raise ImportError('a module it needs is missing')\n")
    _distribution(site, "broken_rules", "[kriegsspiel.rulesets]\nbroken = broken_rules:RULESET\n")
    done = _run("rules", env=_env(site))
    assert done.returncode == 0, done.stderr
    assert "modern-4e" in done.stdout and "kriegsspiel-v3" in done.stdout
    problem = ("rule set 'broken' (entry point broken = broken_rules:RULESET) failed to load: "
               "ImportError: a module it needs is missing")
    assert done.stderr.count(problem) == 1, done.stderr
    measured = _run("measure", str(REPO / "kriegsspiel" / "data" / "maps" / "brandywine.tmx"), "--unit", "infantry", "--from", "10,10",
                    "--to", "12,10", "--json", env=_env(site))
    assert measured.returncode == 0, measured.stderr
    assert "broken" not in measured.stderr, "a game loads its own rule set only, not every installed one"
    asked = _run("rules", "broken", env=_env(site))
    assert asked.returncode == 2 and asked.stderr.count(problem) == 2, asked.stderr  # reported, then the refusal
    assert "unknown" not in asked.stderr, asked.stderr
