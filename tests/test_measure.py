"""``kriegsspiel measure``: a move measured on a small Tiled map whose costs are worked out by hand."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from kriegsspiel.cli import main

# 10 x 6 tiles of 1 world unit: plains, forest in columns 4-5, a river in column 8, a road along row 4 that
# crosses the river on a bridge.
TERRAIN_ROWS = ["1,1,1,1,2,2,1,1,3,1"] * 6
ROAD_ROWS = ["0,0,0,0,0,0,0,0,0,0"] * 4 + ["4,4,4,4,4,4,4,4,4,4"] + ["0,0,0,0,0,0,0,0,0,0"]

MAP = """<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" width="10" height="6"
     tilewidth="32" tileheight="32" infinite="0" nextlayerid="3" nextobjectid="1">
 <tileset firstgid="1" name="terrain" tilewidth="32" tileheight="32" tilecount="4" columns="4">
  <image source="terrain.png" width="128" height="32"/>
  <tile id="0"><properties><property name="terrain" value="plains"/></properties></tile>
  <tile id="1"><properties><property name="terrain" value="forest"/></properties></tile>
  <tile id="2"><properties><property name="terrain" value="water"/></properties></tile>
  <tile id="3"><properties><property name="terrain" value="road"/></properties></tile>
 </tileset>
 <layer id="1" name="terrain" width="10" height="6">
  <data encoding="csv">
{terrain}
</data>
 </layer>
 <layer id="2" name="roads" width="10" height="6">
  <data encoding="csv">
{roads}
</data>
 </layer>
</map>
"""


@pytest.fixture
def river_map(tmp_path: Path) -> Path:
    path = tmp_path / "river.tmx"
    path.write_text(MAP.format(terrain=",\n".join(TERRAIN_ROWS), roads=",\n".join(ROAD_ROWS)), encoding="utf-8")
    return path


def measure(capsys, *args: str) -> tuple[int, dict | str, str]:
    code = main(["measure", *args])
    out, err = capsys.readouterr()
    if "--json" in args and code == 0:
        return code, json.loads(out), err
    return code, out, err


def test_a_move_over_plains_costs_its_length(capsys, river_map) -> None:
    code, report, _ = measure(capsys, str(river_map), "--unit", "infantry", "--from", "0.5,1.5", "--to", "3.5,1.5",
                              "--json")
    assert code == 0
    assert report == {"cost": 3.0, "distance": 3.0, "allowance": 10.0, "legal": True, "reason": None,
                      "path": [[0.5, 1.5], [3.5, 1.5]],
                      "stretches": [{"terrain": "plains", "length": 3.0, "multiplier": 1.0, "cost": 3.0}]}


def test_forest_costs_a_third_more(capsys, river_map) -> None:
    # by hand: 3.5 plains, 2 forest at 0.75, 1.5 plains
    code, report, _ = measure(capsys, str(river_map), "--unit", "infantry", "--from", "0.5,0.5", "--to", "7.5,0.5",
                              "--json")
    assert code == 0 and report["legal"]
    assert report["cost"] == pytest.approx(3.5 + 2 / 0.75 + 1.5, abs=1e-6)
    # stretch by stretch, in the order walked: plains, the forest block, plains again
    assert [(s["terrain"], s["length"], s["multiplier"]) for s in report["stretches"]] == [
        ("plains", 3.5, 1.0), ("forest", 2.0, pytest.approx(1 / 0.75, abs=1e-6)), ("plains", 1.5, 1.0)]


def test_the_river_is_crossed_on_the_bridge(capsys, river_map) -> None:
    code, report, _ = measure(capsys, str(river_map), "--unit", "mechanized", "--from", "0.5,1.5", "--to",
                              "9.5,1.5", "--json")
    assert code == 0 and report["legal"], report
    crossings = [
        y0 + (y1 - y0) * (8.5 - x0) / (x1 - x0)
        for (x0, y0), (x1, y1) in zip(report["path"], report["path"][1:])
        if (x0 - 8.5) * (x1 - 8.5) < 0
    ]
    assert len(crossings) == 1 and 4.0 <= crossings[0] < 5.0  # over the bridge
    assert 9.0 < report["cost"] <= 15.0
    code, report, _ = measure(capsys, str(river_map), "--unit", "infantry", "--from", "0.5,1.5", "--to",
                              "9.5,1.5", "--json")
    assert not report["legal"] and report["cost"] > 10.0
    assert report["reason"].endswith(f"cost {report['reason'].split('cost ')[1].split(',')[0]}, infantry has 10 left")


def test_infantry_cannot_enter_the_river(capsys, river_map) -> None:
    code, report, _ = measure(capsys, str(river_map), "--unit", "infantry", "--from", "0.5,1.5", "--to", "8.5,1.5",
                              "--json")
    assert code == 0
    assert report == {"cost": None, "distance": 8.0, "allowance": 10.0, "legal": False,
                      "reason": "water: infantry cannot enter water", "path": [], "stretches": []}


def test_a_ship_keeps_to_its_heading_and_passes_under_the_bridge(capsys, river_map) -> None:
    args = [str(river_map), "--unit", "destroyer", "--from", "8.5,0.5", "--to", "8.5,5.5", "--json"]
    code, report, _ = measure(capsys, *args, "--heading", "180")
    assert report["legal"] and report["cost"] == pytest.approx(5.0)
    code, report, _ = measure(capsys, *args, "--heading", "90")
    assert report["reason"] == ("destroyer may turn at most 30 deg in a turn; this move turns 90 deg from 90 deg, its "
                                "heading when the turn began")


def test_the_text_report_names_cost_path_and_terrain(capsys, river_map) -> None:
    code, out, _ = measure(capsys, str(river_map), "--unit", "infantry", "--from", "0.5,0.5", "--to", "7.5,0.5")
    assert code == 0
    assert "cost 7.67 of 10 allowed; straight line 7" in out
    assert "  legal" in out and "path 0.5,0.5 -> 7.5,0.5" in out
    assert "forest 2 (cost 2.67)" in out


def test_the_text_report_of_a_refused_turn_does_not_claim_there_is_no_path(capsys, river_map) -> None:
    args = [str(river_map), "--unit", "destroyer", "--from", "8.5,0.5", "--to", "8.5,5.5", "--heading", "90"]
    code, out, _ = measure(capsys, *args)
    assert code == 0
    assert out.splitlines()[1:] == [
        "  not costed; 10 allowed; straight line 5",
        "  refused: destroyer may turn at most 30 deg in a turn; this move turns 90 deg from 90 deg, its heading when "
        "the turn began",
    ]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--unit", "infantry", "--from", "0.5", "--to", "1,1"], "--from: expected a point as X,Y"),
        (["--unit", "infantry", "--from", "0.5,1", "--to", "a,b"], "--to: expected a point as X,Y"),
        (["--unit", "hussarz", "--from", "0.5,1", "--to", "1,1"], "unknown unit type 'hussarz'; known types:"),
        (["--unit", "infantry", "--from", "0.5,1", "--to", "1,1", "--ruleset", "no-such-rules"], "no-such-rules"),
        # mistakes argparse finds: one line too, naming the option and where to look
        (["--unit", "infantry", "--from", "0.5,1", "--to", "1,1", "--heading", "east"],
         "kriegsspiel measure: argument --heading: invalid float value: 'east'; see 'kriegsspiel measure --help'"),
        (["--from", "0.5,1", "--to", "1,1"], "the following arguments are required: --unit"),
        (["--unit", "infantry", "--from", "0.5,1", "--to", "1,1", "--speed", "2"], "unrecognized arguments: --speed"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(capsys, river_map, args, message) -> None:
    code, out, err = measure(capsys, str(river_map), *args)
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1 and message in err
    assert "Traceback" not in err


def test_an_unreadable_map_is_named(capsys, tmp_path) -> None:
    broken = tmp_path / "broken.tmx"
    broken.write_text("<map", encoding="utf-8")
    for path in (broken, tmp_path / "missing.tmx"):
        code, _, err = measure(capsys, str(path), "--unit", "infantry", "--from", "0,0", "--to", "1,1")
        assert code == 2
        assert path.name in err and len(err.strip().splitlines()) == 1


def test_the_installed_command_prints_json(river_map) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "kriegsspiel", "measure", str(river_map), "--unit", "infantry", "--from", "0.5,1.5",
         "--to", "3.5,1.5", "--json"],
        capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["cost"] == 3.0


def test_the_map_names_its_rule_set_unless_the_command_line_does(capsys, tmp_path) -> None:
    text = MAP.format(terrain=",\n".join(TERRAIN_ROWS), roads=",\n".join(ROAD_ROWS))
    text = text.replace("<tileset", '<properties><property name="ruleset" value="no-such-rules"/></properties>\n <tileset', 1)
    path = tmp_path / "own-rules.tmx"
    path.write_text(text, encoding="utf-8")
    args = [str(path), "--unit", "infantry", "--from", "0.5,1.5", "--to", "3.5,1.5", "--json"]
    code, _, err = measure(capsys, *args)
    assert code == 2 and "no-such-rules" in err
    code, report, _ = measure(capsys, *args, "--ruleset", "modern-4e")
    assert code == 0 and report["cost"] == 3.0
