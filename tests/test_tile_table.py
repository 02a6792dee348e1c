"""Tables indexed by tile number are sized by the tiles a map uses, not by its highest tile number (issue 28
item 2, docs/limits.md): a map whose tilesets start near the 2^21 cap loads as the same battlefield as the
map numbered from 1, and its tables hold a handful of entries."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kriegsspiel.data import assets_folder, maps_folder
from kriegsspiel.rulesets import load_ruleset
from kriegsspiel.tiled import read_map
from kriegsspiel.tiled.tile_table import TileTable
from kriegsspiel.tmx.limits import MAX_GID


def _shifted(tmp_path: Path, shift: int) -> Path:
    """Brandywine with every tileset's firstgid, every tile object's gid and every tile of its CSV layers moved up by ``shift``."""
    (tmp_path / "maps").mkdir()
    shutil.copytree(assets_folder(), tmp_path / "assets")
    text = (maps_folder() / "brandywine.tmx").read_text(encoding="utf-8")
    text = re.sub(r'\b(firstgid|gid)="(\d+)"', lambda m: f'{m.group(1)}="{int(m.group(2)) + shift}"', text)

    def layer(match: re.Match[str]) -> str:
        cells = re.sub(r"\d+", lambda n: str(int(n.group(0)) + shift) if n.group(0) != "0" else "0", match.group(2))
        return match.group(1) + cells + match.group(3)

    text = re.sub(r'(<data encoding="csv">)(.*?)(</data>)', layer, text, flags=re.DOTALL)
    path = tmp_path / "maps" / "shifted.tmx"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_map_numbered_near_the_cap_loads_alike_and_its_tables_stay_small(tmp_path: Path) -> None:
    ruleset = load_ruleset("modern-4e")
    shift = MAX_GID - 400  # the three tilesets (276 tiles) end just below the cap
    plain = read_map(maps_folder() / "brandywine.tmx", ruleset)
    high = read_map(_shifted(tmp_path, shift), ruleset)
    assert plain.battlefield is not None and high.battlefield is not None, high.findings
    for name in ("terrain", "road", "elevation", "blocks_sight"):
        assert np.array_equal(getattr(plain.battlefield, name), getattr(high.battlefield, name)), name
    assert high.tile_terrain is not None and plain.tile_terrain is not None
    # 2^21 int16 entries were 4 MiB before; now a window over the 276 tiles
    assert high.tile_terrain.lut.nbytes < 64 * 1024
    assert high.tile_terrain.lut.nbytes <= plain.tile_terrain.lut.nbytes + 1024


@settings(max_examples=200, deadline=None)
@given(entries=st.dictionaries(st.integers(1, MAX_GID), st.integers(-3, 30), max_size=40),
       probes=st.lists(st.integers(0, MAX_GID + 5), max_size=60))
def test_a_table_gives_what_a_table_indexed_by_every_gid_gives(entries: dict[int, int], probes: list[int]) -> None:
    table = TileTable.build(entries, -1, np.int16)
    probes = probes + list(entries)
    expected = [entries.get(gid, -1) for gid in probes]
    for dtype in (np.int32, np.int64, np.uint32):
        assert table.at(np.array(probes, dtype=dtype)).tolist() == expected
    assert all(table.get(gid) == want for gid, want in zip(probes, expected))
    assert table.nbytes <= 10 * len(entries) + 2 * (8 * len(entries) + 2 * 4096 + 1)  # never 2^21 entries


@pytest.mark.parametrize("spread", [False, True])
def test_both_ways_of_holding_a_table_answer_a_layer(spread: bool) -> None:
    gids = [1, 2, 5, MAX_GID] if spread else [7, 8, 9]
    table = TileTable.build({g: float(i) for i, g in enumerate(gids)}, np.nan, np.float32)
    assert (table.dense is None) is spread
    layer = np.array([[0, gids[0]], [gids[-1], 3]], dtype=np.int32)
    values = table.at(layer)
    assert values.shape == (2, 2) and values.dtype == np.float32
    assert values[0, 1] == 0.0 and values[1, 0] == len(gids) - 1
    assert np.isnan(values[0, 0]) and np.isnan(values[1, 1])
