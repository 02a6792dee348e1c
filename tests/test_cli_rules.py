"""``kriegsspiel rules [NAME] [--json]`` through the command-line entry point."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from kriegsspiel.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["rules", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_json_object(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "modern-4e", "--json")
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert set(data) >= {"id", "title", "unit_types", "terrain", "speed_tables", "structures", "constants", "sight"}
    assert len(data["unit_types"]) == 26
    cavalry = data["unit_types"]["light-cavalry"]
    assert {k: cavalry[k] for k in ("health", "move", "attack", "heading_limit", "move_and_fire", "theatre")} == {
        "health": 12, "move": 10, "attack": 6, "heading_limit": None, "move_and_fire": True, "theatre": "army",
    }
    assert cavalry["commands"]["fire"] == {"damage": 12, "range": 15}
    assert data["unit_types"]["destroyer"]["heading_limit"] == 30
    assert data["unit_types"]["heavy-fighter"]["commands"]["kamikaze"] == {
        "damage": 7, "range": None, "sink_one_in": 8,
    }
    assert data["terrain"]["forest"] == {
        "name": "Forest", "speed": 0.75, "hideable": True, "blocks_sight": True, "water": False, "elevation": 0,
    }
    assert data["speed_tables"]["air-low"]["mountains"] == 0 and "road" not in data["speed_tables"]["naval"]
    assert data["structures"]["settlement"]["max_health"] is None and data["structures"]["settlement"]["hides"] == -1
    assert data["constants"]["attack_distance"] == 3 and data["constants"]["dogfight_range"] == 10
    assert data["round_minutes"] is None


def test_default_name_is_the_fourth_edition(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--json")
    assert code == 0 and json.loads(out)["id"] == "modern-4e"


def test_tables_for_people(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys)
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "Modern Kriegsspiel, Fourth Edition (modern-4e): distances in units, angles in degrees, " \
                       "rounds not timed"
    for heading in ("Unit types: army", "Unit types: navy", "Unit types: air", "Command: fire", "Terrain",
                    "Structures", "Constants", "Sight (elevation levels)"):
        assert any(line.startswith(heading) for line in lines), heading
    # the columns line up: every row of the army table puts "health" under its header
    start = lines.index("Unit types: army")
    header, rule, *rows = lines[start + 1: start + 13]
    end = header.index("health") + len("health")
    assert header.split()[:3] == ["id", "name", "health"] and set(rule.strip()) == {"-", " "}
    assert [row[:end].split()[-1] for row in rows] == ["4", "4", "6", "8", "9", "10", "12", "14", "16", "20"]
    destroyer = next(line for line in lines if line.strip().startswith("destroyer ") and "Destroyer" in line)
    assert destroyer.split()[:7] == ["destroyer", "Destroyer", "8", "10", "8", "30", "yes"]
    assert "  mountains     Mountains         -     -             -              3   25%     0%  100%       0%" in lines


def test_a_rule_set_file_by_path(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    import kriegsspiel.rulesets as shipped

    copy = tmp_path / "house.toml"
    text = (shipped.ruleset_file("modern-4e")).read_text(encoding="utf-8")
    copy.write_text(text.replace('id = "modern-4e"', 'id = "house"\nbased_on = "modern-4e"'), encoding="utf-8")
    code, out, _ = run(capsys, str(copy), "--json")
    assert code == 0 and json.loads(out)["id"] == "house"


def test_a_house_copy_without_based_on_is_told_to_name_its_rule_set(capsys: pytest.CaptureFixture[str],
                                                                      tmp_path: Path) -> None:
    import kriegsspiel.rulesets as shipped

    copy = tmp_path / "house.toml"
    text = (shipped.ruleset_file("modern-4e")).read_text(encoding="utf-8")
    copy.write_text(text.replace('id = "modern-4e"', 'id = "house"'), encoding="utf-8")
    code, out, err = run(capsys, str(copy))
    assert (code, out) == (2, "")
    assert err.strip().endswith('the table [house_rules] is read by the rule set \'modern-4e\': add based_on = '
                                '"modern-4e" at the top to play this file by its rules'), err
    copy.write_text(text.replace('id = "modern-4e"', 'id = "house"\nbased_on = "modern-5e"'), encoding="utf-8")
    code, out, err = run(capsys, str(copy))
    assert code == 2 and "based_on: 'modern-5e' is not an installed rule set of a battlefield; did you mean " \
                         "'modern-4e'?" in err, err


def test_unknown_name_is_one_line_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "modern-5e")
    assert (code, out) == (2, "")
    from kriegsspiel.rulesets import shipped_rulesets

    assert err.splitlines() == [
        f"kriegsspiel rules: unknown rule set 'modern-5e'; did you mean 'modern-4e'? shipped rule sets: {', '.join(shipped_rulesets())} "
        "(or give the path of a .toml rule-set file)"
    ]


def test_broken_file_is_one_line_exit_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "broken.toml"
    path.write_text('id = "x"\n', encoding="utf-8")
    code, out, err = run(capsys, str(path))
    assert (code, out) == (2, "")
    assert err.splitlines() == [f"kriegsspiel rules: {path}: title: missing; add title = <text>"]
