"""Our Tiled reader against pytmx, the reference it replaced: every fixture map that both read (the real-map-like
ones of tests/fixtures/realish, the format fixtures of tests/fixtures/maps and the shipped maps) gives the same tile
grids (Tiled's gids, flips left out), the same map properties and the same objects. pytmx is a test dependency only.
Where pytmx 3.32 is known to read less (the hex 120-degree rotation bit, which it leaves in the gid) the comparison
says so; maps pytmx cannot read at all (infinite, zstd, list properties ...) are tests/test_tiled.py's."""
from __future__ import annotations

import warnings
from xml.etree import ElementTree
from pathlib import Path

import numpy as np
import pytest

from kriegsspiel.tmx import GID_FLAGS, ROTATE_120, read_document
from kriegsspiel.tmx.properties import read_properties

pytmx = pytest.importorskip("pytmx")

REPO = Path(__file__).resolve().parent.parent
MAPS = sorted([*(REPO / "tests" / "fixtures" / "realish").glob("*.tmx"), *(REPO / "tests" / "fixtures" / "maps").glob("*.tmx"),
               *(REPO / "kriegsspiel" / "data" / "maps").glob("*.tmx")])


def _both(path: Path):
    ours = read_document(str(path), allow_outside=True)
    if not ours.readable:
        return ours, None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return ours, pytmx.TiledMap(str(path))
    except Exception:  # noqa: BLE001 - a map pytmx cannot read is not compared here
        return ours, None


READ_BY_BOTH = [p for p in MAPS if _both(p)[1] is not None]


def test_most_fixture_maps_are_read_by_both() -> None:
    assert len(READ_BY_BOTH) >= 25, [p.name for p in READ_BY_BOTH]
    assert {"brushes.tmx", "classes.tmx", "sparse.tmx", "templates.tmx", "brandywine.tmx", "diplomacy-standard.tmx",
            "hex-turned.tmx"} <= {p.name for p in READ_BY_BOTH}


def _plain(value: object) -> str:
    return str(value).strip().lower()


@pytest.mark.parametrize("path", READ_BY_BOTH, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_tile_grids_properties_and_objects_agree_with_pytmx(path: Path) -> None:
    ours, theirs = _both(path)
    assert theirs is not None
    grids = {node.get("name"): gids.astype(np.int64) & ~GID_FLAGS for node, gids in ours.tile_layers}
    their_layers = [layer for layer in theirs.layers if isinstance(layer, pytmx.TiledTileLayer)]
    assert sorted(grids) == sorted(layer.name for layer in their_layers)
    for layer in their_layers:
        reference = np.array([[theirs.tiledgidmap.get(g, g) if g else 0 for g in row] for row in layer.data], np.int64)
        reference &= ~ROTATE_120  # pytmx 3.32 does not know Tiled's 120-degree bit and leaves it in the gid
        assert np.array_equal(grids[layer.name], reference), layer.name
    assert {k: _plain(v) for k, v in read_properties(ours.root).items()} == \
        {k: _plain(v) for k, v in theirs.properties.items()}
    mine = {}
    for layer in ours.object_layers:
        for obj in layer.findall("object"):
            mine[int(obj.get("id"))] = (obj.get("name") or "", float(obj.get("x") or 0.0))
    reference_objects = {int(o.id): (o.name or "", float(o.x)) for o in theirs.objects}
    assert mine.keys() == reference_objects.keys()
    # pytmx 3.32 does not expand Tiled templates (.tx): an object made from one has its own attributes only there
    raw = ElementTree.parse(path).getroot()
    templated = {int(o.get("id")) for o in raw.iter("object") if o.get("template")}
    for object_id, (name, x) in reference_objects.items():
        if object_id in templated:
            continue
        assert mine[object_id][0] == name
        assert mine[object_id][1] == pytest.approx(x, abs=1e-6), (object_id, name)
