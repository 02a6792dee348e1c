"""The province-map model, its validator, and the facts of the standard board."""
from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from kriegsspiel.rulesets.diplomacy import MapError, load_map, map_from_properties, standard_map, validate_map
from kriegsspiel.rulesets.diplomacy.mapfile import centres_problems

BOARD = standard_map()


def test_standard_board_counts() -> None:
    kinds = Counter(p.kind for p in BOARD.provinces.values())
    assert len(BOARD.provinces) == 76 and kinds["impassable"] == 1 and BOARD.provinces["SWI"].kind == "impassable"
    assert kinds["land"] + kinds["coast"] + kinds["sea"] == 75
    assert (kinds["land"], kinds["coast"], kinds["sea"]) == (14, 42, 19)
    assert len(BOARD.supply_centres()) == 34
    assert sum(len(BOARD.home_centres(p)) for p in BOARD.powers) == 22
    assert BOARD.home_centres("RUSSIA") == ["MOS", "SEV", "STP", "WAR"]


def test_standard_board_coasts_and_adjacency() -> None:
    coasts = sorted(f"{p.abbr}/{c}" for p in BOARD.provinces.values() for c in p.coasts)
    assert coasts == ["BUL/EC", "BUL/SC", "SPA/NC", "SPA/SC", "STP/NC", "STP/SC"]
    pairs = BOARD.adjacent_pairs()
    assert len(pairs) == 206
    assert Counter(pairs.values()) == {"both": 43, "army": 68, "fleet": 95}
    assert "SWI" not in {p for pair in pairs for p in pair}
    assert pairs[("ROM", "VEN")] == "army" and pairs[("MAO", "SPA")] == "fleet" and pairs[("BUL", "CON")] == "both"
    assert BOARD.fleet_moves("STP/NC") == {"BAR", "NWY"}
    assert BOARD.fleet_moves("STP/SC") == {"BOT", "FIN", "LVN"}
    assert BOARD.fleet_moves("BUL/EC") == {"BLA", "CON", "RUM"}
    assert "SPA/SC" in BOARD.fleet_moves("MAO") and "SPA/NC" in BOARD.fleet_moves("MAO")
    assert validate_map(BOARD) == []


def _tiny(**overrides: dict) -> dict:
    provinces = {
        "AAA": {"name": "Aland", "kind": "coast", "supply_centre": True, "home": "RED", "army": "BBB", "fleet": "SEA"},
        "BBB": {"name": "Bland", "kind": "coast", "army": ["AAA"], "fleet": ["SEA"]},
        "SEA": {"name": "Sea", "kind": "sea", "fleet": "AAA BBB"},
    }
    for key, props in overrides.items():
        provinces[key] = {**provinces.get(key, {}), **props}
    return provinces


def test_validator_accepts_a_good_small_map_written_as_tiled_strings() -> None:
    board = map_from_properties("tiny", ["RED"], _tiny())
    assert validate_map(board) == []
    assert board.army_moves("AAA") == {"BBB"}


@pytest.mark.parametrize(
    ("override", "expected"),
    [
        ({"BBB": {"army": []}}, "asymmetric army adjacency: AAA -> BBB"),
        ({"SEA": {"fleet": "AAA"}}, "asymmetric fleet adjacency: BBB -> SEA"),
        ({"BBB": {"fleet": []}, "SEA": {"fleet": "AAA"}}, "coastal province BBB has no fleet route"),
        ({"AAA": {"home": "BLUE"}}, "unknown home power BLUE"),
        ({"AAA": {"supply_centre": False}}, "home of RED but not a supply centre"),
        ({"BBB": {"army": ["AAA", "ZZZ"]}}, "army move to unknown province ZZZ"),
        ({"AAA": {"army": "BBB SEA"}}, "army move to SEA, which is sea"),
    ],
)
def test_validator_finds(override: dict, expected: str) -> None:
    problems = validate_map(map_from_properties("tiny", ["RED"], _tiny(**override)))
    assert any(expected in p for p in problems), problems


def test_named_coast_without_its_own_fleet_list() -> None:
    props = _tiny(BBB={"coasts": ["NC", "SC"], "fleet": None, "fleet_nc": ["SEA"]}, SEA={"fleet": "AAA BBB/NC"})
    del props["BBB"]["fleet"]
    problems = validate_map(map_from_properties("tiny", ["RED"], props))
    assert any("coast BBB/SC has no fleet route" in p for p in problems), problems


def test_supply_centre_without_province() -> None:
    assert centres_problems(BOARD, {"FRANCE": ["PAR", "XYZ"]}) == ["supply centre XYZ of FRANCE: no such province"]
    assert centres_problems(BOARD, {"FRANCE": ["BUR"]}) == ["BUR of FRANCE is not a supply centre"]


def test_load_map_names_the_file_and_problem(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('name="x"\npowers=["RED"]\n[provinces.AAA]\nkind="coast"\narmy=["BBB"]\n'
                   '[provinces.BBB]\nkind="land"\n', encoding="utf-8")
    with pytest.raises(MapError, match=r"bad\.toml: .*asymmetric army adjacency"):
        load_map(bad)
    with pytest.raises(MapError, match="cannot read"):
        load_map(tmp_path / "missing.toml")


def test_engine_imports_neither_pygame_nor_pytmx() -> None:
    code = ("import sys, kriegsspiel.rulesets.diplomacy as d; d.standard_map(); "
            "print(any(m in sys.modules for m in ('pygame', 'pytmx')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_engine_modules_use_only_the_standard_library() -> None:
    import ast

    package = Path(__file__).resolve().parent.parent / "kriegsspiel" / "rulesets" / "diplomacy"
    allowed = {"__future__", "collections", "dataclasses", "functools", "pathlib", "re", "tomllib", "typing"}
    for module in package.glob("*.py"):
        if module.name in ("plugin.py", "command.py", "phase_schema.py"):  # the wiring to the program, its command
            # line and the schema its JSON is decoded by
            continue
        if module.name.startswith("area"):  # the area-game adapter: the program's AreaRules over the engine
            continue
        for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            for name in names:
                # the border: the one way a file is opened (a map named by a phase is read the safe way)
                ours = name.startswith("kriegsspiel.rulesets.diplomacy") or name in (
                    "kriegsspiel.errors", "kriegsspiel.core.plugin", "kriegsspiel.border")
                assert ours or name.split(".")[0] in allowed, f"{module.name} imports {name}"
