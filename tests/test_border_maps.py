"""Every number of a map or tileset is bounded before it sizes anything (issue 28 item 2): a firstgid of
2^31 (a 4 GiB table before), a tile height of 2e9 (6 GiB in ``measure`` while ``check`` said 0 errors), a
tileset's tile width of 0 or 1e20 (refused by ``check`` and ``preview`` alike), a heading of -inf, an object id
of 5,000 digits. Each command runs in a child under a 2 GiB memory cap (hostile_support) and must refuse in
one message naming the file and line, never an internal error."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from hostile_support import run_limited
from kriegsspiel.data import assets_folder, maps_folder

UNIT = ('<object id="99" name="1st Foot" x="48" y="80"><properties><property name="side" value="Crown"/>'
        '<property name="unit_type" value="infantry"/>{heading}</properties></object>')


def _map(tmp_path: Path, old: str = "", new: str = "", tileset: tuple[str, str] | None = None) -> Path:
    """The shipped Brandywine map (and the shipped tilesets beside it) with one edit."""
    (tmp_path / "maps").mkdir(exist_ok=True)
    if not (tmp_path / "assets").exists():
        shutil.copytree(assets_folder(), tmp_path / "assets")
    text = (maps_folder() / "brandywine.tmx").read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "maps" / "edited.tmx"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    if tileset is not None:
        tsx = tmp_path / "assets" / "terrain-square.tsx"
        content = tsx.read_text(encoding="utf-8")
        assert tileset[0] in content
        tsx.write_text(content.replace(tileset[0], tileset[1], 1), encoding="utf-8")
    return path


def _refused(result, *words: str) -> str:
    out = (result.stdout + result.stderr).decode("utf-8", "replace")
    assert result.returncode in (1, 2), (result.returncode, out[-1500:])
    assert "internal error" not in out and "Traceback" not in out and "MemoryError" not in out, out[-1500:]
    for word in words:
        assert word in out, (word, out[-1500:])
    return out


MEASURE = ["--unit", "infantry", "--from", "1,1", "--to", "3,3"]

MAP_EDITS = {
    "firstgid-2^31": ('<tileset firstgid="267"', '<tileset firstgid="2147483647"', "firstgid"),
    "firstgid-5000-digits": ('<tileset firstgid="267"', '<tileset firstgid="' + "9" * 5000 + '"', "firstgid"),
    "tileheight-2e9": ('tileheight="32" infinite', 'tileheight="2000000000" infinite', "tileheight"),
    "tilewidth-0": ('tilewidth="32" tileheight="32" infinite', 'tilewidth="0" tileheight="32" infinite', "tilewidth"),
    "object-id-huge": ('<object id="3" ', '<object id="' + "7" * 5000 + '" ', "id="),
    "object-x-1e300": ('x="296" y="2056"', 'x="1e300" y="2056"', "beyond"),
    "heading-float-inf": ('<objectgroup id="5" name="units" color="#303030">\n',
                          '<objectgroup id="5" name="units" color="#303030">\n' + UNIT.format(
                              heading='<property name="heading" type="float" value="-inf"/>'), "heading"),
    "heading-text-inf": ('<objectgroup id="5" name="units" color="#303030">\n',
                         '<objectgroup id="5" name="units" color="#303030">\n' + UNIT.format(
                             heading='<property name="heading" value="-inf"/>'), "heading"),
}


@pytest.mark.parametrize("name", list(MAP_EDITS))
def test_a_map_number_out_of_range_is_refused_by_check_preview_and_measure(tmp_path: Path, name: str) -> None:
    old, new, word = MAP_EDITS[name]
    path = _map(tmp_path, old, new)
    for command in (["check", str(path)], ["preview", str(path), "--out", str(tmp_path / "p.png")],
                    ["measure", str(path), *MEASURE]):
        _refused(run_limited(command, fakes=False, timeout=120), str(path), word)
    assert not (tmp_path / "p.png").exists()


@pytest.mark.parametrize("width", ["0", "1e20", "99999999999999999999999"])
def test_a_tileset_of_impossible_tile_width_is_refused_by_check_and_preview_alike(tmp_path: Path, width: str) -> None:
    path = _map(tmp_path, tileset=('name="terrain-square" tilewidth="32"', f'name="terrain-square" tilewidth="{width}"'))
    tsx = str(tmp_path / "assets" / "terrain-square.tsx")
    for command in (["check", str(path)], ["preview", str(path), "--out", str(tmp_path / "p.png")]):
        _refused(run_limited(command, fakes=False, timeout=120), tsx, "tilewidth")
    _refused(run_limited(["check", tsx], fakes=False, timeout=120), "tilewidth")


def test_a_tileset_counting_beyond_the_gid_limit_is_refused(tmp_path: Path) -> None:
    path = _map(tmp_path, tileset=('tilecount="10"', 'tilecount="4000000"'))
    _refused(run_limited(["check", str(path)], fakes=False, timeout=120), "tilecount")


def test_the_unedited_map_still_checks(tmp_path: Path) -> None:
    path = _map(tmp_path)
    assert run_limited(["check", str(path)], fakes=False, timeout=120).returncode == 0


def test_a_fifo_or_a_device_as_a_map_or_tileset_is_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.tmx"
    os.mkfifo(fifo)
    for command in (["check", str(fifo)], ["preview", str(fifo), "--out", str(tmp_path / "p.png")],
                    ["terrain", str(fifo)], ["measure", str(fifo), *MEASURE],
                    ["terrain", "/dev/zero"], ["measure", "/dev/zero", *MEASURE]):
        _refused(run_limited(command, fakes=False, timeout=60), "not a regular file")
    path = _map(tmp_path)
    (tmp_path / "assets" / "terrain-square.tsx").unlink()
    os.mkfifo(tmp_path / "assets" / "terrain-square.tsx")  # a tileset that would never end
    _refused(run_limited(["check", str(path)], fakes=False, timeout=60), "not a regular file")


def test_measure_refuses_a_heading_that_is_not_finite(tmp_path: Path) -> None:
    path = _map(tmp_path)
    for heading in ("-inf", "nan", "1e999"):
        result = run_limited(["measure", str(path), *MEASURE, f"--heading={heading}"], fakes=False, timeout=60)
        _refused(result, "heading")


def test_a_fifo_as_a_scenario_is_refused_by_new_and_check(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    for command in (["new", str(fifo), "--save", str(tmp_path / "g.kssave")], ["check", str(fifo)]):
        _refused(run_limited(command, fakes=False, timeout=60), "not a regular file")
    assert not (tmp_path / "g.kssave").exists()
