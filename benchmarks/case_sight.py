"""Sight: 100 units, sight range 50 tiles, on a 1024x1024 map with hills and woods.

Reference: GDAL's viewshed (``gdal.ViewshedGenerate``, C++, in memory) on the same heights, one observer at a
time, when the GDAL Python bindings are installed (``apt-get install libgdal-dev`` then
``pip install gdal==<its version>``); otherwise the numpy sweep of ``kriegsspiel.core.sight._line`` (say so: the
ratio then means "C kernel against numpy", not against GDAL).
"""
from __future__ import annotations

import numpy as np

from benchmarks import CaseResult, case, median_seconds
from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.core.sight import Observer, SightTerrain, seen_area, viewshed_reference

MAP_SIDE = 1024
UNITS = 100
SIGHT_TILES = 50.0
EYE = 0.5
TREES = 1.0


def hills_and_woods(side: int, seed: int = 7) -> SightTerrain:
    """Rolling hills (smoothed noise, 0..6 levels) with a third of the ground under woods."""
    rng = np.random.default_rng(seed)
    coarse = rng.random((side // 32 + 2, side // 32 + 2)) * 6.0
    # bilinear upsampling of a coarse grid: hills a few dozen tiles across
    ys = np.linspace(0, coarse.shape[0] - 1.001, side)
    xs = np.linspace(0, coarse.shape[1] - 1.001, side)
    y0, x0 = ys.astype(int), xs.astype(int)
    fy, fx = (ys - y0)[:, None], (xs - x0)[None, :]
    ground = (
        coarse[np.ix_(y0, x0)] * (1 - fy) * (1 - fx)
        + coarse[np.ix_(y0 + 1, x0)] * fy * (1 - fx)
        + coarse[np.ix_(y0, x0 + 1)] * (1 - fy) * fx
        + coarse[np.ix_(y0 + 1, x0 + 1)] * fy * fx
    )
    ground = np.round(ground)  # elevation levels, as a Tiled elevation layer gives them
    woods_noise = rng.random((side // 8 + 1, side // 8 + 1)) < 0.33
    woods = np.kron(woods_noise, np.ones((8, 8), dtype=bool))[:side, :side]
    surface = ground + np.where(woods, TREES, 0.0)
    return SightTerrain(1.0, np.ascontiguousarray(ground), np.ascontiguousarray(surface), np.ones((side, side), bool))


def _observers(side: int, count: int, seed: int = 11) -> list[Observer]:
    rng = np.random.default_rng(seed)
    return [
        Observer(WorldPoint(float(x), float(y)), SIGHT_TILES)
        for x, y in rng.uniform(SIGHT_TILES, side - SIGHT_TILES, (count, 2))
    ]


def write_band(band, heights: np.ndarray) -> None:
    """Write ``heights`` (float64, [row, column]) into a GDAL band as raw bytes: no need for GDAL's numpy
    module (``osgeo.gdal_array``), which a GDAL built without numpy lacks."""
    from osgeo import gdal

    rows, cols = heights.shape
    band.WriteRaster(0, 0, cols, rows, np.ascontiguousarray(heights, dtype=np.float64).tobytes(),
                     buf_type=gdal.GDT_Float64)


def read_seen(dataset) -> np.ndarray:
    """The cells a GDAL viewshed dataset marks visible (255), as a bool array [row, column]."""
    from osgeo import gdal

    cols, rows = dataset.RasterXSize, dataset.RasterYSize
    raw = dataset.GetRasterBand(1).ReadRaster(0, 0, cols, rows, buf_type=gdal.GDT_Byte)
    return np.frombuffer(raw, dtype=np.uint8).reshape(rows, cols) == 255


def _gdal_reference(terrain: SightTerrain, observers: list[Observer]):  # -> Callable[[], None] | None
    try:
        from osgeo import gdal
    except ImportError:
        return None
    gdal.UseExceptions()
    rows, cols = terrain.shape
    source = gdal.GetDriverByName("MEM").Create("", cols, rows, 1, gdal.GDT_Float32)
    # GDAL's viewshed wants a north-up transform (negative pixel height): world y runs down, georeferenced y up
    top = rows * terrain.cell_size
    source.SetGeoTransform((0.0, terrain.cell_size, 0.0, top, 0.0, -terrain.cell_size))
    band = source.GetRasterBand(1)
    write_band(band, terrain.surface)

    def run() -> None:
        for observer in observers:
            out = gdal.ViewshedGenerate(
                band, "MEM", "viewshed", [], observer.position.x, top - observer.position.y, EYE, 0.0,
                255.0, 0.0, 0.0, -1.0, 0.0, gdal.GVM_Edge, observer.sight_range,
            )
            out = None  # noqa: F841  (release the dataset inside the timed call, as a caller would)

    run.keep_alive = (source, band)  # type: ignore[attr-defined]
    return run


def _agreement_with_gdal(terrain: SightTerrain, observers: list[Observer]) -> float | None:
    """The share of cells (within the range, off its rim) where our viewshed and GDAL's agree, on the hills
    without the woods (GDAL sees tree tops where we ask for the ground beneath, so woods are left out)."""
    from osgeo import gdal

    from kriegsspiel.core.sight import viewshed_on

    bare = SightTerrain(terrain.cell_size, terrain.ground, terrain.ground, terrain.on_map)
    rows, cols = bare.shape
    source = gdal.GetDriverByName("MEM").Create("", cols, rows, 1, gdal.GDT_Float64)
    source.SetGeoTransform((0.0, 1.0, 0.0, float(rows), 0.0, -1.0))
    band = source.GetRasterBand(1)
    write_band(band, bare.ground)
    same = total = 0
    for observer in observers:
        x, y = observer.position.x, observer.position.y
        out = gdal.ViewshedGenerate(band, "MEM", "agree", [], x, rows - y, EYE, 0.0, 255.0, 0.0, 0.0, -1.0, 0.0,
                                    gdal.GVM_Edge, observer.sight_range)
        theirs = read_seen(out)
        gt = out.GetGeoTransform()
        c0, r0 = int(round(gt[0])), int(round(rows - gt[3]))
        ours = viewshed_on(bare, observer.position, observer.sight_range, EYE).full((rows, cols))
        ours = ours[r0 : r0 + theirs.shape[0], c0 : c0 + theirs.shape[1]]
        rr, cc = np.indices(theirs.shape)
        inside = np.hypot(cc + c0 + 0.5 - x, rr + r0 + 0.5 - y) <= observer.sight_range - 1.0
        same += int((ours == theirs)[inside].sum())
        total += int(inside.sum())
    return round(same / total, 4) if total else None


@case(
    "sight.100-units-range-50",
    goal="per unit <= 5x GDAL's viewshed (C++) for the same radius",
    max_ratio=5.0,
)
def sight_hundred_units(repeats: int) -> CaseResult:
    terrain = hills_and_woods(MAP_SIDE)
    observers = _observers(MAP_SIDE, UNITS)
    project = median_seconds(lambda: seen_area(terrain, observers, EYE), repeats)
    gdal_run = _gdal_reference(terrain, observers)
    agreement = None
    if gdal_run is not None:
        reference = median_seconds(gdal_run, repeats)
        name = "gdal.ViewshedGenerate"
        agreement = _agreement_with_gdal(terrain, observers[:20])
    else:
        reference = median_seconds(
            lambda: [viewshed_reference(terrain, o.position, o.sight_range, EYE) for o in observers], max(1, repeats // 5)
        )
        name = "numpy sweep (GDAL not installed)"
    seen = seen_area(terrain, observers, EYE)
    return CaseResult(
        project,
        reference,
        {
            "reference": name,
            "per_unit_ms": round(project / UNITS * 1000.0, 4),
            "reference_per_unit_ms": round(reference / UNITS * 1000.0, 4),
            "seen_fraction": round(float(seen.mean()), 4),
            "cells_agreeing_with_gdal_on_bare_hills": agreement,
        },
    )
