"""The command line is a contract. Each command runs in a fresh process with a user's environment (none of the
suite's variables: no PYGAME_HIDE_SUPPORT_PROMPT, no SDL driver): with ``--json`` its standard output is one JSON
document and nothing else; a command that does not draw never imports pygame; exit codes are 0 (done), 1
(problems found), 2 (unusable input) and 3 (a bug of ours), as docs/cli.md says."""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from unit_profiles_helpers import battle, unit

REPO = Path(__file__).resolve().parent.parent
MAPS = REPO / "kriegsspiel" / "data" / "maps"
#: The commands that draw pictures (a window, a PNG, the players' pictures); every other one must not load pygame.
DRAWING = {"debrief", "play", "preview", "pov", "serve", "shell"}
#: Runs the real entry point (``python -m kriegsspiel``), then notes on stderr's last line whether pygame was loaded.
RUNNER = (
    "import runpy, sys\n"
    "try:\n"
    "    runpy.run_module('kriegsspiel', run_name='__main__', alter_sys=True)\n"
    "finally:\n"
    "    sys.stdout.flush()\n"
    "    print('pygame loaded' if 'pygame' in sys.modules else 'no pygame', file=sys.stderr)\n"
)
SPRING = {
    "id": "s", "map": "standard", "phase": "S1901M", "phase_type": "M",
    "before": {"units": [{"power": "FRANCE", "type": "A", "loc": "PAR"}, {"power": "GERMANY", "type": "A", "loc": "MUN"}],
               "centers": {"FRANCE": ["BRE", "MAR", "PAR"], "GERMANY": ["BER", "KIE", "MUN"]}},
    "orders": {"FRANCE": ["A PAR - BUR"], "GERMANY": ["A MUN - BUR"]},
}


def users_environment(folder: Path) -> dict[str, str]:
    """The environment a user's shell would give: none of the suite's settings, the checkout's code; the user's
    folders (games, settings, this machine's key) are the module's own, as all its runs share saves."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYGAME_", "SDL_", "PYTHON", "KRIEGSSPIEL_"))}
    env.update(PYTHONPATH=str(REPO), KRIEGSSPIEL_DATA_DIR=str(folder / "user-data"),
               KRIEGSSPIEL_CONFIG_DIR=str(folder / "user-config"))
    return env


def run(folder: Path, *args: str) -> tuple[int, str, str, bool]:
    """(exit code, stdout, stderr without the runner's line, whether pygame was loaded)."""
    done = subprocess.run([sys.executable, "-c", RUNNER, *args], cwd=folder, env=users_environment(folder),
                          capture_output=True, text=True, timeout=180)
    *err, note = done.stderr.rstrip("\n").split("\n")
    assert note in ("pygame loaded", "no pygame"), done.stderr
    return done.returncode, done.stdout, "\n".join(err), note == "pygame loaded"


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with a save of each kind of game, a battle and a Diplomacy phase as JSON."""
    here = tmp_path_factory.mktemp("contract")
    for name, save in (("demo", "demo.kssave"), ("diplomacy-1901", "dip.kssave"), ("coastal", "adopt.kssave")):
        code, _, err, _ = run(here, "new", name, "--save", save)
        assert code == 0, err
    (here / "battle.json").write_text(json.dumps(battle([unit("a", "infantry")], [unit("d", "infantry")], [1, 12, 12],
                                                        seed=4)), encoding="utf-8")
    (here / "phase.json").write_text(json.dumps(SPRING), encoding="utf-8")
    code, out, err, _ = run(here, "replay", "dip.kssave", "--phases")  # no phase confirmed yet: no line
    assert code == 0, err
    (here / "phases.jsonl").write_text(out, encoding="utf-8")
    return here


#: Every command that has --json (or prints JSON always: adjudicate, battle), as a user would run it.
JSON_RUNS = {
    "games": [["games", "--json"]],
    "scenarios": [["scenarios", "--json"]],
    "rules": [["rules", "--json"], ["rules", "modern-4e", "--json"], ["rules", "diplomacy", "--json"],
              ["rules", "--list", "--json"]],
    "measure": [["measure", str(MAPS / "brandywine.tmx"), "--unit", "infantry", "--from", "2,2", "--to", "8,5", "--json"]],
    "replay": [["replay", "demo.kssave", "--json"], ["replay", "dip.kssave", "--json"]],
    "inbox": [["inbox", "demo.kssave", "--json"], ["inbox", "dip.kssave", "--json"]],
    "links": [["links", "demo.kssave", "--json", "--base", "http://192.0.2.1:8080"]],
    "adjudicate": [["adjudicate", "phase.json"]],
    "battle": [["battle", "battle.json"]],
}
#: A run of every other command that does not draw.
QUIET_RUNS = {
    "new": [["new", "demo", "--save", "another.kssave"]],
    "check": [["check", str(MAPS / "coast.tmx"), "demo.kssave", "dip.kssave"]],
    "terrain": [["terrain", str(MAPS / "hex-valley.tmx")]],
    "verify": [["verify", "demo.kssave"], ["verify", "dip.kssave"]],
    "import-umpire": [["import-umpire", "nowhere.py", "--out", "x.toml"]],
    "adopt": [["adopt", "adopt.kssave"]],
    "import-phases": [["import-phases", "phases.jsonl", "--save", "imported.kssave"]],
}


def _commands_with_json() -> set[str]:
    from kriegsspiel.cli import COMMANDS, _ruleset_commands

    found = set()
    import importlib

    for name, (module, _) in COMMANDS.items():
        parser = argparse.ArgumentParser()
        importlib.import_module(f"kriegsspiel.cli.{module}").add_arguments(parser)
        if any("--json" in action.option_strings for action in parser._actions):
            found.add(name)
    return found | set(_ruleset_commands())  # the rule sets' commands answer in JSON (docs/diplomacy.md, unit-profiles)


def test_every_json_command_and_every_non_drawing_command_is_run_here() -> None:
    from kriegsspiel.cli import COMMANDS, _ruleset_commands

    assert _commands_with_json() == set(JSON_RUNS)
    assert set(COMMANDS) | set(_ruleset_commands()) == DRAWING | set(JSON_RUNS) | set(QUIET_RUNS)


@pytest.mark.parametrize("args", [a for runs in JSON_RUNS.values() for a in runs], ids=" ".join)
def test_json_output_is_one_document_and_nothing_else_without_pygame(folder: Path, args: list[str]) -> None:
    code, out, err, pygame_loaded = run(folder, *args)
    assert code == 0, err
    json.loads(out)  # the whole of stdout, nothing before or after
    assert not pygame_loaded


@pytest.mark.parametrize("args", [a for runs in QUIET_RUNS.values() for a in runs], ids=" ".join)
def test_a_command_that_does_not_draw_does_not_import_pygame(folder: Path, args: list[str]) -> None:
    code, out, err, pygame_loaded = run(folder, *args)
    assert "pygame" not in out and not pygame_loaded, (out, err)
    assert code in (0, 2), err


def test_phase_lines_are_json_lines_and_read_back_without_pygame(folder: Path) -> None:
    code, out, err, pygame_loaded = run(folder, "replay", "dip.kssave", "--phases")
    assert code == 0 and not pygame_loaded, err
    assert all(isinstance(json.loads(line), dict) for line in out.splitlines())


def test_a_command_that_draws_prints_no_banner_either(folder: Path) -> None:
    code, out, err, pygame_loaded = run(folder, "play", "demo", "--screenshot", "shot.png", "--size", "640x400")
    assert code == 0, err
    assert pygame_loaded and out == "wrote shot.png\n"


def test_exit_codes(folder: Path) -> None:
    assert run(folder, "verify", "demo.kssave")[0] == 0
    assert run(folder, "replay", "missing.kssave", "--json")[:2] == (2, "")  # unusable input: nothing on stdout
    assert run(folder, "check", "nowhere.tmx")[0] == 2
    code, _, err, _ = run(folder, "check", str(REPO / "tests" / "fixtures" / "realish" / "no-terrain.tmx"))
    assert code == 1, err  # problems found in a file that could be read


def test_a_bug_of_ours_is_exit_3_with_the_details_in_a_file(monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    from kriegsspiel.cli import main, scenarios

    def broken(args: argparse.Namespace) -> int:
        raise ZeroDivisionError("a slip")

    monkeypatch.setattr(scenarios, "run", broken)
    assert main(["scenarios"]) == 3
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "internal error (ZeroDivisionError: a slip); details in" in captured.err
    Path(captured.err.split("details in ")[1].split(";")[0]).unlink()
