"""Our viewshed against GDAL's ``ViewshedGenerate`` on rolling hills (skipped without the GDAL bindings)."""
from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.core.sight import SightTerrain, viewshed_on

gdal = pytest.importorskip("osgeo.gdal")

# benchmarks/ is not an installed package: plain `pytest` (the README's command) does not put the
# repository on sys.path as `python -m pytest` does.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from benchmarks.case_sight import read_seen, write_band  # noqa: E402  (raw bytes: no osgeo.gdal_array needed)


def rolling_hills(side: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    coarse = rng.random((side // 16 + 2, side // 16 + 2)) * 6.0
    ys = np.linspace(0, coarse.shape[0] - 1.001, side)
    y0 = ys.astype(int)
    f = (ys - y0)
    rows = coarse[y0] * (1 - f)[:, None] + coarse[y0 + 1] * f[:, None]
    return np.ascontiguousarray(rows[:, y0] * (1 - f)[None, :] + rows[:, y0 + 1] * f[None, :])


def test_we_agree_with_gdal_on_all_but_a_sliver_of_cells() -> None:
    gdal.UseExceptions()
    side = 200
    ground = rolling_hills(side, 3)
    terrain = SightTerrain(1.0, ground, ground.copy(), np.ones((side, side), dtype=bool))
    source = gdal.GetDriverByName("MEM").Create("", side, side, 1, gdal.GDT_Float64)
    source.SetGeoTransform((0.0, 1.0, 0.0, float(side), 0.0, -1.0))  # north-up: GDAL's y runs upwards
    band = source.GetRasterBand(1)
    write_band(band, ground)
    rng = np.random.default_rng(5)
    differ = total = 0
    for x, y in rng.uniform(40, side - 40, (20, 2)):
        out = gdal.ViewshedGenerate(band, "MEM", "v", [], float(x), side - float(y), 0.5, 0.0, 255.0, 0.0, 0.0,
                                    -1.0, 0.0, gdal.GVM_Edge, 35.0)
        theirs = read_seen(out)
        gt = out.GetGeoTransform()
        c0, r0 = int(round(gt[0])), int(round(side - gt[3]))
        ours = viewshed_on(terrain, WorldPoint(float(x), float(y)), 35.0, 0.5).full((side, side))
        ours = ours[r0 : r0 + theirs.shape[0], c0 : c0 + theirs.shape[1]]
        rr, cc = np.indices(theirs.shape)
        inside = np.hypot(cc + c0 + 0.5 - x, rr + r0 + 0.5 - y) <= 34.0  # leave the rim: ranges differ by rounding
        differ += int((ours != theirs)[inside].sum())
        total += int(inside.sum())
    assert differ / total < 0.01, f"{differ} of {total} cells differ"
