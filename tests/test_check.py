"""``kriegsspiel check``: one line per finding, exit 0 clean, 1 problems, 2 unreadable."""
from __future__ import annotations

from pathlib import Path

import pytest

from kriegsspiel.cli import main

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "maps"
REPO = Path(__file__).resolve().parent.parent


def run(capsys, *args: str) -> tuple[int, list[str], str]:
    """(exit code, the findings' lines, the summary line): the summary is the last line on stdout (issue 16,
    item 10: a script reading stdout gets it), nothing on stderr."""
    code = main(["check", *args])
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert err == "" and lines and lines[-1].startswith("checked "), (out, err)
    return code, lines[:-1], lines[-1]


@pytest.mark.parametrize("name", ["brandywine.tmx", "coast.tmx", "hex-valley.tmx"])
def test_shipped_maps_are_clean(capsys, name: str) -> None:
    code, lines, err = run(capsys, str(REPO / "kriegsspiel" / "data" / "maps" / name))
    assert (code, lines) == (0, [])
    assert err.strip() == "checked 1 file: 0 errors, 0 warnings"


def test_shipped_tilesets_are_clean(capsys) -> None:
    tilesets = sorted(str(p) for p in (REPO / "kriegsspiel" / "data" / "assets").glob("*.tsx"))
    assert len(tilesets) == 5
    code, lines, _ = run(capsys, *tilesets)
    assert (code, lines) == (0, [])


def test_warnings_are_problems_exit_1(capsys) -> None:
    path = str(FIXTURES / "ortho.tmx")
    code, lines, err = run(capsys, path)
    assert code == 1
    assert lines == [
        f"{path}:6: warning: tileset 'fixture' tile 4 has no terrain property (1 cell); it counts as plains: "
        "select the tile in the tileset editor and set its 'terrain' property"
    ]
    assert err.strip() == "checked 1 file: 0 errors, 1 warning"


def test_errors_exit_1_and_are_all_listed(capsys) -> None:
    code, lines, _ = run(capsys, str(FIXTURES / "bad-objects.tmx"))
    assert code == 1 and len(lines) == 7


def test_an_unreadable_file_exits_2_and_the_others_are_still_checked(capsys) -> None:
    zstd, broken, clean = (str(FIXTURES / n) for n in ("zstd.tmx", "broken.tmx", "flips.tmx"))
    code, lines, err = run(capsys, zstd, clean, broken)
    assert code == 2
    assert [line.split(":")[0] for line in lines] == [zstd, broken]
    assert err.strip() == "checked 3 files: 2 errors, 0 warnings, 2 unreadable"


def test_missing_file_and_unknown_type(capsys, tmp_path) -> None:
    odd = tmp_path / "notes.txt"
    odd.write_text("hello")
    code, lines, _ = run(capsys, str(tmp_path / "nowhere.tmx"), str(odd))
    assert code == 2
    assert lines == [
        f"{tmp_path / 'nowhere.tmx'}: no such map file; check the path",
        f"{odd}: unknown file type; give .tmx maps, .tsx tilesets, .toml scenarios or .kssave saves",
    ]


def test_a_tileset_with_an_unknown_terrain(capsys, tmp_path) -> None:
    import shutil

    shutil.copy(FIXTURES / "fixture.png", tmp_path / "mine.png")
    tsx = tmp_path / "mine.tsx"
    tsx.write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<tileset version="1.10" name="mine" tilewidth="32" tileheight="32" '
        'tilecount="2" columns="2">\n <image source="mine.png" width="64" height="32"/>\n'
        ' <tile id="1">\n  <properties>\n   <property name="terrain" value="moutains"/>\n  </properties>\n </tile>\n'
        "</tileset>\n"
    )
    code, lines, _ = run(capsys, str(tsx))
    assert code == 1
    assert lines == [
        f"{tsx}:4: tileset 'mine' tile 1 has the unknown terrain 'moutains' (closest match: 'mountains'); known "
        "terrains: plains, forest, hills, forest-hills, swamp, desert, mountains, water, road, ford"
    ]


def test_a_folder_checks_what_is_inside(capsys, tmp_path) -> None:
    import shutil

    for name in ("flips.tmx", "external.tmx", "fixture.tsx", "fixture.png"):
        shutil.copy(FIXTURES / name, tmp_path / name)
    (tmp_path / "notes.txt").write_text("not checked")
    code, lines, err = run(capsys, str(tmp_path))
    assert code == 0 and lines == []
    assert err.strip() == "checked 3 files: 0 errors, 0 warnings"


def test_unknown_ruleset_is_unreadable_not_a_traceback(capsys) -> None:
    code, lines, _ = run(capsys, "--ruleset", "chess", str(REPO / "kriegsspiel" / "data" / "maps" / "coast.tmx"))
    assert code == 2
    assert lines[0].startswith(f"{REPO / 'kriegsspiel' / 'data' / 'maps' / 'coast.tmx'}: cannot load the rule set (unknown rule set 'chess'")


def test_scenarios_are_dispatched_to_the_scenario_checker(capsys) -> None:
    code, lines, _ = run(capsys, str(REPO / "kriegsspiel" / "data" / "scenarios" / "demo.toml"))
    assert (code, lines) == (0, [])


def test_a_missing_tileset_image_is_a_warning_the_map_still_loads(capsys) -> None:
    path = str(FIXTURES / "missing-image.tmx")
    code, lines, _ = run(capsys, path)
    assert code == 1
    assert lines == [
        f"{path}:4: warning: tileset 'fixture': its image gone.png is missing (looked for {FIXTURES / 'gone.png'}); "
        "the map plays but is drawn in flat colours: put the image there or fix the path in the tileset"
    ]
