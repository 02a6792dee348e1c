"""Checking a province map: the shipped Diplomacy map (76 provinces, about 10,000 vertices) read with the
overlap check of every pair of provinces, as ``kriegsspiel check``, ``preview`` and ``adjudicate`` on a Tiled
map do (issue 28 item 2: it took 15 s when each polygon was tested against the whole raster).

Project: :func:`read_province_map` with the overlap check. Reference, in the same process: the same read
without it (parsing the TMX and the polygons), so the ratio is what the check adds. Extra figure: the fill of
one 40,000-vertex province (a circle across the whole map), which took 124 s in ``check`` before.
"""
from __future__ import annotations

import math

import numpy as np

from benchmarks import CaseResult, case, median_seconds
from kriegsspiel.data import maps_folder


@case("provinces.check-diplomacy-map", goal="the shipped Diplomacy map checks in < 1 s, < 5x reading it",
      max_ratio=5.0, max_project_seconds=1.0)
def check_shipped(repeats: int) -> CaseResult:
    from kriegsspiel.tiled.provinces import fill_polygon, read_province_map

    path = str(maps_folder() / "diplomacy-standard.tmx")
    board, findings = read_province_map(path)
    assert not findings, findings
    project = median_seconds(lambda: read_province_map(path), repeats)
    reference = median_seconds(lambda: read_province_map(path, overlaps=False), repeats)
    angles = np.linspace(0, 2 * math.pi, 40_000, endpoint=False)
    circle = np.stack([2000 + 1900 * np.cos(angles), 2000 + 1900 * np.sin(angles)], axis=1)
    big = median_seconds(lambda: fill_polygon(circle, 400 / 4000, 400, 400), repeats)
    return CaseResult(project, reference, {"provinces": len(board.provinces), "fill_40000_vertices_s": round(big, 4)})
