"""Counts in messages agree with their number (issue 16, item 10)."""
from __future__ import annotations

from pathlib import Path

from kriegsspiel.cli import main
from kriegsspiel.wording import count

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "maps"


def test_count_agrees_with_its_number() -> None:
    assert [count(n, "unit") for n in (0, 1, 2)] == ["0 units", "1 unit", "2 units"]
    assert count(1, "die", "dice") == "1 die" and count(3, "die", "dice") == "3 dice"


def test_check_says_1_cell_and_1_warning(capsys) -> None:
    assert main(["check", str(FIXTURES / "ortho.tmx")]) == 1
    out = capsys.readouterr().out
    assert "(1 cell)" in out and "(1 cells)" not in out
    assert out.splitlines()[-1] == "checked 1 file: 0 errors, 1 warning"


def test_replay_of_a_save_with_one_record_says_1_record(tmp_path: Path, capsys) -> None:
    from kriegsspiel.store import Game

    repo = Path(__file__).resolve().parent.parent
    with Game.new(repo / "kriegsspiel" / "data" / "scenarios" / "demo.toml", tmp_path / "one.kssave") as game:
        assert game.submit("turn").accepted
    assert main(["replay", str(tmp_path / "one.kssave")]) == 0
    out = capsys.readouterr().out
    assert "after 1 of 1 record" in out and "1 of 1 records" not in out


def test_measure_json_breaks_the_cost_down_per_terrain_stretch(capsys) -> None:
    import json

    repo = Path(__file__).resolve().parent.parent
    assert main(["measure", str(repo / "kriegsspiel" / "data" / "maps" / "brandywine.tmx"), "--unit", "infantry", "--from", "2,2", "--to", "30,25",
                 "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    stretches = report["stretches"]
    assert sorted({s["terrain"] for s in stretches}) == ["forest", "plains", "road"]
    assert all(a["terrain"] != b["terrain"] for a, b in zip(stretches, stretches[1:]))  # neighbours differ
    assert abs(sum(s["cost"] for s in stretches) - report["cost"]) < 1e-4
    for s in stretches:
        assert abs(s["length"] * s["multiplier"] - s["cost"]) < 1e-4
    assert {s["terrain"]: s["multiplier"] for s in stretches}["forest"] > 1.0 > {s["terrain"]: s["multiplier"] for s in stretches}["road"]
    assert main(["measure", str(repo / "kriegsspiel" / "data" / "maps" / "brandywine.tmx"), "--unit", "infantry", "--from", "2,2", "--to", "2,2",
                 "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["stretches"] == []
