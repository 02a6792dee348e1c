"""Loading a 1000x1000 Tiled map into a Battlefield, against pytmx's own parse of the same file.

The map has a terrain layer (woods, hills, water in blocks a few dozen tiles across) and a roads layer,
CSV-encoded like the shipped maps, with the shipped square tilesets. The project's time covers everything
``kriegsspiel.tiled.load_battlefield`` does: the one XML pass (tilesets, layers decoded to numpy, objects)
and building the rules' arrays. The reference is ``pytmx.TiledMap(path)`` alone, with pytmx's default
(no-op) image loader. Goals: time ratio <= 1.0 and peak memory (tracemalloc) <= 1.2x pytmx's.

A second case loads a 4096 x 4096 map and keeps what a game keeps after the first drag (the battlefield,
its raster and one speed field): goal <= 150 MB retained.
"""
from __future__ import annotations

import base64
import gc
import os
import statistics
import tempfile
import time
import tracemalloc
import zlib
from collections.abc import Callable
from pathlib import Path

import numpy as np

from benchmarks import CaseResult, case, median_seconds

SIDE = 1000
ASSETS = Path(__file__).resolve().parent.parent / "kriegsspiel" / "data" / "assets"


def write_big_map(folder: Path, side: int = SIDE, seed: int = 3) -> Path:
    """A side x side orthogonal map using the shipped tilesets; returns its path."""
    rng = np.random.default_rng(seed)
    blocks = rng.integers(0, 10, size=(side // 25 + 1, side // 25 + 1))
    terrain = np.kron(blocks, np.ones((25, 25), dtype=np.int64))[:side, :side]
    terrain[terrain > 7] = 0  # mostly plains
    gids = terrain + 1
    roads = np.zeros((side, side), dtype=np.int64)
    roads[::50, :] = 11 + (4 | 64)  # east-west roads: tile E|W of roads-square (firstgid 11)
    rel = os.path.relpath(ASSETS, folder)

    def csv(a: np.ndarray) -> str:
        return ",\n".join(",".join(map(str, row)) for row in a.tolist())

    text = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" width="{side}" '
        f'height="{side}" tilewidth="32" tileheight="32" infinite="0" nextlayerid="3" nextobjectid="1">\n'
        f' <tileset firstgid="1" source="{rel}/terrain-square.tsx"/>\n'
        f' <tileset firstgid="11" source="{rel}/roads-square.tsx"/>\n'
        f' <layer id="1" name="terrain" width="{side}" height="{side}">\n  <data encoding="csv">\n{csv(gids)}\n</data>\n </layer>\n'
        f' <layer id="2" name="roads" width="{side}" height="{side}">\n  <data encoding="csv">\n{csv(roads)}\n</data>\n </layer>\n'
        "</map>\n"
    )
    path = folder / f"big-{side}.tmx"
    path.write_text(text, encoding="utf-8")
    return path


def _peak_mb(call: Callable[[], object]) -> float:
    """The peak traced memory of one call, in MB (numpy's arrays are traced too)."""
    gc.collect()
    tracemalloc.start()
    try:
        call()
        return tracemalloc.get_traced_memory()[1] / 1e6
    finally:
        tracemalloc.stop()


MEMORY_GOAL = 1.2


@case("tiled.load-1000x1000", goal=f"time ratio <= 1.0 and memory ratio <= {MEMORY_GOAL} against pytmx's own parse",
      max_ratio=1.0, missed_when=lambda r: float(r.extra.get("memory_ratio", 0.0)) > MEMORY_GOAL)
def load_big_map(repeats: int) -> CaseResult:
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pytmx

    from kriegsspiel.rulesets import load_ruleset
    from kriegsspiel.tiled import load_battlefield

    ruleset = load_ruleset("modern-4e")
    with tempfile.TemporaryDirectory() as tmp:
        path = write_big_map(Path(tmp))
        battlefield = load_battlefield(path, ruleset)
        assert battlefield.terrain.shape == (SIDE, SIDE)
        # Alternate the two so that a busy machine slows both alike.
        project_times, reference_times = [], []
        for _ in range(max(1, repeats)):
            project_times.append(median_seconds(lambda: load_battlefield(path, ruleset), 1, warmup=0))
            reference_times.append(median_seconds(lambda: pytmx.TiledMap(str(path)), 1, warmup=0))
        project = statistics.median(project_times)
        reference = statistics.median(reference_times)
        size_mb = path.stat().st_size / 1e6
        project_mb = _peak_mb(lambda: load_battlefield(path, ruleset))
        reference_mb = _peak_mb(lambda: pytmx.TiledMap(str(path)))
    return CaseResult(project, reference, {
        "tiles": SIDE * SIDE, "layers": 2, "file_mb": round(size_mb, 1), "peak_mb": round(project_mb, 1),
        "pytmx_peak_mb": round(reference_mb, 1), "memory_ratio": round(project_mb / reference_mb, 2),
    })


BIG_SIDE = 4096
RETAIN_GOAL_MB = 150.0


def write_huge_map(folder: Path, side: int = BIG_SIDE) -> Path:
    """A side x side map in base64 zlib (as Tiled writes big maps), terrain in blocks and a road grid."""
    rng = np.random.default_rng(5)
    blocks = rng.integers(0, 10, size=(side // 64 + 1, side // 64 + 1))
    terrain = np.kron(blocks, np.ones((64, 64), dtype=np.uint32))[:side, :side].astype(np.uint32)
    terrain[terrain > 7] = 0
    gids = terrain + 1
    roads = np.zeros((side, side), dtype=np.uint32)
    roads[::128, :] = 11 + (4 | 64)
    rel = os.path.relpath(ASSETS, folder)

    def packed(a: np.ndarray) -> str:
        return base64.b64encode(zlib.compress(a.astype("<u4").tobytes(), 1)).decode("ascii")

    text = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<map version="1.10" orientation="orthogonal" renderorder="right-down" width="{side}" height="{side}" '
        'tilewidth="32" tileheight="32" infinite="0" nextlayerid="3" nextobjectid="1">\n'
        f' <tileset firstgid="1" source="{rel}/terrain-square.tsx"/>\n'
        f' <tileset firstgid="11" source="{rel}/roads-square.tsx"/>\n'
        f' <layer id="1" name="terrain" width="{side}" height="{side}">\n  <data encoding="base64" compression="zlib">'
        f"{packed(gids)}</data>\n </layer>\n"
        f' <layer id="2" name="roads" width="{side}" height="{side}">\n  <data encoding="base64" compression="zlib">'
        f"{packed(roads)}</data>\n </layer>\n</map>\n"
    )
    path = folder / f"huge-{side}.tmx"
    path.write_text(text, encoding="utf-8")
    return path


@case("tiled.retained-4096x4096", goal=f"a loaded 4096x4096 map with its raster and one speed field retains <= {RETAIN_GOAL_MB:g} MB",
      missed_when=lambda r: float(r.extra.get("retained_mb", 0.0)) > RETAIN_GOAL_MB)
def retained_huge_map(repeats: int) -> CaseResult:
    from kriegsspiel.core.movement import speed_field
    from kriegsspiel.rulesets import load_ruleset
    from kriegsspiel.tiled import load_battlefield

    ruleset = load_ruleset("modern-4e")
    with tempfile.TemporaryDirectory() as tmp:
        path = write_huge_map(Path(tmp))
        gc.collect()
        tracemalloc.start()
        try:
            start = tracemalloc.get_traced_memory()[0]
            began = time.perf_counter()
            battlefield = load_battlefield(path, ruleset)
            seconds = time.perf_counter() - began
            raster = battlefield.raster()
            speeds = speed_field(raster, ruleset.speed_table(next(iter(ruleset.unit_types))))
            gc.collect()
            current, peak = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
        retained = (current - start) / 1e6
        assert battlefield.terrain.shape == (BIG_SIDE, BIG_SIDE) and speeds.shape == raster.shape
    return CaseResult(seconds, None, {
        "tiles": BIG_SIDE * BIG_SIDE, "retained_mb": round(retained, 1), "peak_mb": round((peak - start) / 1e6, 1),
        "speeds_dtype": str(speeds.dtype),
    })


def write_renumbered_map(folder: Path, shift: int, side: int = SIDE) -> Path:
    """The map of :func:`write_big_map` with its tilesets and tiles numbered from ``1 + shift``."""
    path = write_big_map(folder, side)
    text = path.read_text(encoding="utf-8")
    head, _, body = text.partition(" <layer ")
    head = head.replace('firstgid="1"', f'firstgid="{1 + shift}"').replace('firstgid="11"', f'firstgid="{11 + shift}"')
    parts = body.split('<data encoding="csv">\n')
    for i in range(1, len(parts)):
        csv_text, _, rest = parts[i].partition("\n</data>")
        grid = np.array([row.rstrip(",").split(",") for row in csv_text.split(",\n")], dtype=np.int64)
        grid[grid != 0] += shift
        parts[i] = ",\n".join(",".join(map(str, row)) for row in grid.tolist()) + "\n</data>" + rest
    out = folder / f"renumbered-{side}.tmx"
    out.write_text(head + " <layer " + '<data encoding="csv">\n'.join(parts), encoding="utf-8")
    return out


#: the renumbered map's text is longer (seven-digit tile numbers: 1.1 MB more to hold while it is parsed)
HIGH_GID_GOAL = 1.2


@case("tiled.load-high-firstgid", goal=f"a map numbered from near the 2^21 cap loads in <= {HIGH_GID_GOAL}x the time and "
      f"peak memory of the same map numbered from 1", max_ratio=HIGH_GID_GOAL,
      missed_when=lambda r: float(r.extra.get("memory_ratio", 0.0)) > HIGH_GID_GOAL)
def load_high_firstgid(repeats: int) -> CaseResult:
    """Tables indexed by tile number are sized by the tiles used: the renumbered map costs what the plain one does
    but for its longer text. Before (tables of 2^21 entries, issue 28): peak 20.6 MB against 8.9 MB, memory ratio
    2.31; after: 10.0 MB against 8.9 MB, 1.12 (``python -m benchmarks --only tiled --repeats 5``)."""
    from kriegsspiel.rulesets import load_ruleset
    from kriegsspiel.tiled import load_battlefield
    from kriegsspiel.tmx.limits import MAX_GID

    side = 300
    ruleset = load_ruleset("modern-4e")
    with tempfile.TemporaryDirectory() as tmp:
        plain = write_big_map(Path(tmp), side)
        high = write_renumbered_map(Path(tmp), MAX_GID - 300, side)
        a, b = load_battlefield(plain, ruleset), load_battlefield(high, ruleset)
        assert np.array_equal(a.terrain, b.terrain) and np.array_equal(a.road, b.road)
        high_times, plain_times = [], []
        for _ in range(max(1, repeats)):
            high_times.append(median_seconds(lambda: load_battlefield(high, ruleset), 1, warmup=0))
            plain_times.append(median_seconds(lambda: load_battlefield(plain, ruleset), 1, warmup=0))
        high_mb = _peak_mb(lambda: load_battlefield(high, ruleset))
        plain_mb = _peak_mb(lambda: load_battlefield(plain, ruleset))
    return CaseResult(statistics.median(high_times), statistics.median(plain_times), {
        "tiles": side * side, "peak_mb": round(high_mb, 2), "plain_peak_mb": round(plain_mb, 2),
        "memory_ratio": round(high_mb / plain_mb, 2),
    })
