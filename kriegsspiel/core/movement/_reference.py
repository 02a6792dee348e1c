"""The pure Python movement kernel: the reference the C kernel (``_lattice.c``) is tested against.

It is also the fallback when the C extension cannot be imported: slow, but the same answers. Every
function mirrors one of ``_lattice.c`` step by step; see that file and ``docs/movement.md`` for the method.
Like the C extension it is one module with the same functions; the code lives in ``_lattice_ref`` (costs and
the cost field), ``_smooth_ref`` (smoothing and runs along grid lines), ``_routes_ref`` (the routes of the
finer search) and ``_ellipse_ref`` (the whole ellipse search around them).

The speed raster is a float64 array [row, column] of speed multipliers; 0 means the unit cannot enter the
cell, and cells outside the raster cannot be entered either. Points are in world units; a cell spans
``cell_size`` world units.
"""
from __future__ import annotations

from kriegsspiel.core.movement._lattice_ref import (
    PINCH_EPS,
    STENCIL,
    TIE_EPS,
    cost_field,
    pinched,
    polyline_cost,
    segment_cost,
    trace_cells,
)
from kriegsspiel.core.movement._ellipse_ref import ellipse_search
from kriegsspiel.core.movement._routes_ref import FINE_ROUTE_SLACK, FINE_ROUTES, fine_routes
from kriegsspiel.core.movement._smooth_ref import (
    CORNER_REACH,
    PULL_LOOKAHEAD,
    Point,
    RUN_BUDGET,
    RUN_PULL,
    RUN_SPAN,
    SLIDE_STEPS,
    SMOOTH_ROUNDS,
    line_runs,
    smooth_path,
)

__all__ = [
    "CORNER_REACH",
    "FINE_ROUTES",
    "FINE_ROUTE_SLACK",
    "PINCH_EPS",
    "PULL_LOOKAHEAD",
    "Point",
    "RUN_BUDGET",
    "RUN_PULL",
    "RUN_SPAN",
    "SLIDE_STEPS",
    "SMOOTH_ROUNDS",
    "STENCIL",
    "TIE_EPS",
    "cost_field",
    "ellipse_search",
    "fine_routes",
    "line_runs",
    "pinched",
    "polyline_cost",
    "segment_cost",
    "smooth_path",
    "trace_cells",
]
