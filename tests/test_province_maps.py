"""Province maps drawn in Tiled (an area game's board): the shipped standard board read through pytmx holds
the facts of the board, ``kriegsspiel check`` finds what a map author gets wrong, and ``preview`` draws it."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from kriegsspiel.rulesets.diplomacy import map_from_properties, validate_map
from kriegsspiel.tiled.provinces import check_province_map, is_province_map, read_province_map

REPO = Path(__file__).resolve().parents[1]
BOARD_TMX = REPO / "kriegsspiel" / "data" / "maps" / "diplomacy-standard.tmx"


def _board():
    board, findings = read_province_map(BOARD_TMX)
    assert findings == []
    return board, map_from_properties(board.map_name, list(board.powers), board.properties(), str(BOARD_TMX))


def test_the_standard_board_in_tiled_holds_the_facts_of_the_board() -> None:
    tiled, board = _board()
    assert is_province_map(BOARD_TMX)
    assert tiled.ruleset == "diplomacy"
    kinds = Counter(p.kind for p in board.provinces.values())
    assert len(board.provinces) == 76 and kinds["impassable"] == 1 and board.provinces["SWI"].kind == "impassable"
    assert kinds["land"] + kinds["coast"] + kinds["sea"] == 75
    assert len(board.supply_centres()) == 34
    assert sum(len(board.home_centres(p)) for p in board.powers) == 22
    coasts = sorted(f"{p.abbr}/{c}" for p in board.provinces.values() for c in p.coasts)
    assert coasts == ["BUL/EC", "BUL/SC", "SPA/NC", "SPA/SC", "STP/NC", "STP/SC"]
    pairs = board.adjacent_pairs()
    assert len(pairs) == 206
    assert Counter(pairs.values()) == {"both": 43, "army": 68, "fleet": 95}
    assert validate_map(board) == []
    assert tiled.provinces["PAR"].name == "Paris" and tiled.provinces["STP"].name == "St Petersburg"


def test_the_tiled_board_is_the_rule_sets_standard_board() -> None:
    from kriegsspiel.rulesets.diplomacy import standard_map

    _, board = _board()
    standard = standard_map()
    assert board.provinces == standard.provinces
    assert board.army_adj == standard.army_adj and board.fleet_adj == standard.fleet_adj
    assert board.powers == standard.powers


def test_the_generator_writes_the_shipped_board_byte_for_byte(tmp_path: Path) -> None:
    out = tmp_path / "board.tmx"
    done = subprocess.run([sys.executable, str(REPO / "tools" / "make_diplomacy_map.py"), str(out)],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert out.read_bytes() == BOARD_TMX.read_bytes()


def test_each_provinces_label_point_is_inside_it_and_in_no_other() -> None:
    import numpy as np

    from kriegsspiel.tiled.provinces import _inside

    tiled, _ = _board()
    for abbr, shape in tiled.provinces.items():
        x, y = shape.centre()
        holders = [other for other, s in tiled.provinces.items()
                   if _inside(np.array([x]), np.array([y]), np.asarray(s.outline))[0]]
        assert holders == [abbr]


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "tiny.tmx"
    path.write_text(text, encoding="utf-8")
    return path


def _province(oid: int, name: str, abbr: str, x: int, props: str, points: str = "0,0 100,0 100,100 0,100") -> str:
    return (f'  <object id="{oid}" name="{name}" type="province" x="{x}" y="0">\n   <properties>\n'
            f'    <property name="abbreviation" value="{abbr}"/>\n{props}   </properties>\n'
            f'   <polygon points="{points}"/>\n  </object>\n')


def _tiny_map(*objects: str, powers: str = "NORTH SOUTH") -> str:
    return ('<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.10" orientation="orthogonal" '
            'renderorder="right-down" width="10" height="4" tilewidth="32" tileheight="32" infinite="0" '
            'nextlayerid="2" nextobjectid="9">\n <properties>\n  <property name="kind" value="provinces"/>\n'
            f'  <property name="powers" value="{powers}"/>\n </properties>\n <objectgroup id="1" name="provinces">\n'
            + "".join(objects) + " </objectgroup>\n</map>\n")


def _land(army: str, extra: str = "") -> str:
    return f'    <property name="kind" value="land"/>\n    <property name="army" value="{army}"/>\n{extra}'


def test_a_good_tiny_province_map_passes_check(tmp_path: Path) -> None:
    path = _write(tmp_path, _tiny_map(
        _province(1, "Northland", "NOR", 0, _land("SOU", '    <property name="supply_centre" type="bool" '
                                                        'value="true"/>\n    <property name="home" value="NORTH"/>\n')),
        _province(2, "Southland", "SOU", 100, _land("NOR")),
    ))
    findings, readable = check_province_map(path)
    assert readable and findings == []


@pytest.mark.parametrize("objects, expected", [
    ((_province(1, "Northland", "NOR", 0, _land("SOU")), _province(2, "Southland", "SOU", 100, _land(""))),
     "asymmetric"),
    ((_province(1, "Northland", "NOR", 0, _land("SOU", '    <property name="home" value="WEST"/>\n'
                                                     '    <property name="supply_centre" type="bool" value="true"/>\n')),
      _province(2, "Southland", "SOU", 100, _land("NOR"))),
     "WEST"),
    ((_province(1, "Northland", "NOR", 0, _land("SOU")), _province(2, "Southland", "SOU", 50, _land("NOR"))),
     "provinces NOR and SOU overlap"),
    ((_province(1, "Northland", "", 0, _land("SOU")), _province(2, "Southland", "SOU", 100, _land(""))),
     "object 1 (Northland): no property 'abbreviation'"),
    ((_province(1, "Northland", "NOR", 0, _land("NOR")), _province(2, "Other", "NOR", 100, _land("NOR"))),
     "province NOR is drawn twice (objects 1 and 2)"),
    ((_province(1, "Coastland", "COA", 0, '    <property name="kind" value="coast"/>\n'
                                          '    <property name="army" value="SOU"/>\n'),
      _province(2, "Southland", "SOU", 100, _land("COA"))),
     "COA"),
])
def test_check_finds_what_a_map_author_gets_wrong(tmp_path: Path, objects: tuple[str, ...], expected: str) -> None:
    path = _write(tmp_path, _tiny_map(*objects))
    findings, _ = check_province_map(path)
    text = "\n".join(f.format() for f in findings)
    assert expected in text, text
    assert all(f.path == str(path) for f in findings)


def test_a_map_without_a_province_layer_is_refused_by_name(tmp_path: Path) -> None:
    path = _write(tmp_path, _tiny_map().replace('name="provinces"', 'name="areas"'))
    findings, readable = check_province_map(path)
    assert not readable
    assert findings[0].format() == (f"{path}: no object layer called 'provinces'; add one in Tiled and draw one "
                                    "polygon per province on it")


def _cli(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy"}
    return subprocess.run([sys.executable, "-m", "kriegsspiel", *args], capture_output=True, text=True, env=env,
                          timeout=120)


def test_kriegsspiel_check_passes_the_standard_board_and_fails_a_broken_one(tmp_path: Path) -> None:
    done = _cli("check", str(BOARD_TMX))
    assert done.returncode == 0, done.stdout + done.stderr
    broken = tmp_path / "broken.tmx"
    broken.write_text(BOARD_TMX.read_text(encoding="utf-8").replace(
        '<property name="army" value="GAS PAR PIC"/>', '<property name="army" value="GAS PAR"/>', 1),
        encoding="utf-8")
    done = _cli("check", str(broken))
    assert done.returncode == 1
    assert "PIC" in done.stdout and "BRE" in done.stdout


def test_preview_draws_the_board_with_its_provinces(tmp_path: Path) -> None:
    import pygame

    out = tmp_path / "board.png"
    done = _cli("preview", str(BOARD_TMX), "--out", str(out))
    assert done.returncode == 0, done.stderr
    tiled, _ = _board()
    picture = pygame.image.load(str(out))
    assert picture.get_size() == (tiled.width_px, tiled.height_px)
    from kriegsspiel.render.provinces import KIND_COLOURS

    # the middle of the North Atlantic is sea; the middle of inland Bohemia (no centre there) is land
    nao = tiled.provinces["NAO"].centre()
    assert tuple(picture.get_at((round(nao[0]) + 30, round(nao[1]) + 30)))[:3] == KIND_COLOURS["sea"]
    boh = tiled.provinces["BOH"].centre()
    assert tuple(picture.get_at((round(boh[0]) + 18, round(boh[1]) + 18)))[:3] == KIND_COLOURS["land"]
    assert re.search(r"wrote .*board\.png \(\d+x\d+ px\)", done.stdout)


def test_adjudicate_reads_the_board_from_the_tiled_map_as_from_the_standard_one(tmp_path: Path) -> None:
    import json

    record = {"id": "x", "phase": "F1901M", "before": {
        "units": [{"power": "ENGLAND", "type": "F", "loc": "NWG"}, {"power": "ENGLAND", "type": "F", "loc": "NTH"},
                  {"power": "RUSSIA", "type": "F", "loc": "NWY"}], "centers": {"RUSSIA": ["NWY"]}},
        "orders": {"ENGLAND": ["F NWG - NWY", "F NTH S F NWG - NWY"]}}
    results = []
    for board in ("standard", str(BOARD_TMX)):
        done = subprocess.run([sys.executable, "-m", "kriegsspiel", "adjudicate"], input=json.dumps(
            {**record, "map": board}), capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        results.append(json.loads(done.stdout))
    assert results[0] == results[1]
    assert results[1]["dislodged"][0]["retreats"] == ["BAR", "SKA", "STP/NC", "SWE"]
    broken = tmp_path / "broken.tmx"
    broken.write_text(BOARD_TMX.read_text(encoding="utf-8").replace(
        '<property name="army" value="GAS PAR PIC"/>', '<property name="army" value="GAS PAR"/>', 1),
        encoding="utf-8")
    # a phase's map lies in the current folder, the input's folder or the shipped maps (issue 32 item 4)
    done = subprocess.run([sys.executable, "-m", "kriegsspiel", "adjudicate"], input=json.dumps(
        {**record, "map": str(broken)}), capture_output=True, text=True, timeout=120, cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)})
    assert done.returncode == 2
    assert f"{broken}: asymmetric army adjacency: PIC -> BRE but not BRE -> PIC" in done.stderr


def test_an_unreadable_province_map_is_one_finding_naming_the_file_and_line_once(tmp_path: Path) -> None:
    path = _write(tmp_path, '<map version="1.10"><properties><property name="kind" value="provinces"/></properties>'
                            '<objectgroup name="provinces"></objectgroup></map>')
    findings, readable = check_province_map(path)
    assert not readable and len(findings) == 1
    assert findings[0].line == 1 and findings[0].format().count(str(path)) == 1
