"""A command on one game imports that game's rule set and no other (issue 29 item 3: start-up under 0.5 s), and
a command a rule set adds imports the rule set that declares it (entry-point group ``kriegsspiel.commands``).
Each run is a fresh process, as a user starts it."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from unit_profiles_helpers import battle, unit

REPO = Path(__file__).resolve().parent.parent
#: Runs the real entry point, then prints on stderr's last line the rule-set packages that were imported.
RUNNER = (
    "import runpy, sys\n"
    "try:\n"
    "    runpy.run_module('kriegsspiel', run_name='__main__', alter_sys=True)\n"
    "finally:\n"
    "    sys.stdout.flush()\n"
    "    found = sorted({m.split('.')[2] for m in sys.modules if m.startswith('kriegsspiel.rulesets.')})\n"
    "    print('rule sets: ' + ' '.join(found), file=sys.stderr)\n"
)
PACKAGE_OF = {"modern-4e": "modern_4e", "kriegsspiel-v3": "kriegsspiel_v3", "diplomacy": "diplomacy",
              "unit-profiles": "unit_profiles"}


def _pyproject_entry_points(group: str) -> dict[str, str]:
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return dict(project["entry-points"][group])


def _commands_site(site: Path) -> Path:
    """The ``kriegsspiel.commands`` group of pyproject.toml as installed metadata, so that the test holds whether
    or not the program's own installed metadata is older than pyproject (an editable install made before)."""
    info = site / "commands_probe-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: commands-probe\nVersion: 1.0\n", encoding="utf-8")
    lines = [f"{name} = {value}" for name, value in _pyproject_entry_points("kriegsspiel.commands").items()]
    (info / "entry_points.txt").write_text("[kriegsspiel.commands]\n" + "\n".join(lines) + "\n", encoding="utf-8")
    return site


def _run(folder: Path, *args: str, site: Path | None = None) -> tuple[int, str, list[str]]:
    """(exit code, stderr without the runner's line, the rule-set packages imported)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "KRIEGSSPIEL_"))}
    env.update(PYTHONPATH=os.pathsep.join(str(p) for p in (site, REPO) if p is not None),
               KRIEGSSPIEL_DATA_DIR=str(folder / "data"), KRIEGSSPIEL_CONFIG_DIR=str(folder / "config"),
               SDL_VIDEODRIVER="dummy")
    done = subprocess.run([sys.executable, "-c", RUNNER, *args], cwd=folder, env=env, capture_output=True, text=True,
                          timeout=180)
    *err, note = done.stderr.rstrip("\n").split("\n")
    assert note.startswith("rule sets:"), done.stderr
    return done.returncode, "\n".join(err), note.removeprefix("rule sets:").split()


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    here = tmp_path_factory.mktemp("lazy")
    for name, save in (("demo", "demo.kssave"), ("diplomacy-1901", "dip.kssave")):
        code, err, _ = _run(here, "new", name, "--save", save)
        assert code == 0, err
    (here / "battle.json").write_text(json.dumps(battle([unit("a", "infantry")], [unit("d", "infantry")], [1, 12, 12],
                                                        seed=4)), encoding="utf-8")
    return here


@pytest.mark.parametrize(("args", "own"), [
    (["verify", "demo.kssave"], "modern_4e"), (["verify", "dip.kssave"], "diplomacy"),
    (["replay", "demo.kssave", "--json"], "modern_4e"), (["replay", "dip.kssave", "--json"], "diplomacy"),
], ids=" ".join)
def test_a_command_on_a_game_imports_its_own_rule_set_only(folder: Path, args: list[str], own: str) -> None:
    code, err, imported = _run(folder, *args)
    assert code == 0, err
    assert imported == [own]


def test_every_command_a_rule_set_adds_is_declared_with_the_entry_point_of_its_rule_set() -> None:
    from kriegsspiel.core.plugin import installed_rulesets

    rulesets = _pyproject_entry_points("kriegsspiel.rulesets")
    declared = _pyproject_entry_points("kriegsspiel.commands")
    added = {command: rulesets[name] for name, ruleset in installed_rulesets().items() if name in rulesets
             for command in ruleset.command_lines()}
    assert added == declared
    assert set(added) == {"adjudicate", "battle"}


def test_a_command_a_rule_set_adds_imports_that_rule_set_only(folder: Path, tmp_path: Path) -> None:
    site = _commands_site(tmp_path / "site")
    code, err, imported = _run(folder, "battle", "battle.json", site=site)
    assert code == 0, err
    assert imported == ["unit_profiles"]
    (folder / "phase.json").write_text("{}", encoding="utf-8")
    code, err, imported = _run(folder, "adjudicate", "phase.json", site=site)
    assert code == 2 and "phase" in err, err
    assert imported == ["diplomacy"]


def test_an_undeclared_command_is_still_found_among_every_rule_set(folder: Path) -> None:
    """Without the commands group (a rule set that does not declare its commands, or metadata older than it),
    the command is looked for in every rule set, as before."""
    site = folder / "empty-commands-site"
    info = site / "commands_probe-1.0.dist-info"
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: commands-probe\nVersion: 1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text("[kriegsspiel.commands]\nbattle = nowhere:RULESET\n", encoding="utf-8")
    code, err, imported = _run(folder, "battle", "battle.json", site=site)
    assert code == 0, err
    assert "unit_profiles" in imported


def test_listing_commands_still_list_every_rule_set(folder: Path) -> None:
    code, err, imported = _run(folder, "rules", "--list")
    assert code == 0, err
    assert imported == sorted(PACKAGE_OF.values())
