"""The battlefield as the rules see it: the terrain raster, roads, elevation, structures, zones, and hex grids.

This is the package's public face: import from ``kriegsspiel.core.battlefield``, not from its modules.
"""
from __future__ import annotations

from kriegsspiel.core.battlefield._battlefield import (
    Battlefield,
    MapGrid,
    ROAD_WORKS,
    Structure,
    TerrainRaster,
    UnitPlacement,
    Zone,
    structure_cells,
)
from kriegsspiel.core.battlefield._hexgrid import (
    HexParams,
    cells_at_pixels,
    centre_pixel,
    corners_pixel,
    hex_params,
    pixel_size,
    top_left_pixel,
)

__all__ = [
    "Battlefield",
    "HexParams",
    "MapGrid",
    "ROAD_WORKS",
    "Structure",
    "TerrainRaster",
    "UnitPlacement",
    "Zone",
    "cells_at_pixels",
    "centre_pixel",
    "corners_pixel",
    "hex_params",
    "pixel_size",
    "structure_cells",
    "top_left_pixel",
]
