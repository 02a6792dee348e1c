"""The pure Python movement kernel: the reference the C kernel (``_lattice.c``) is tested against.

It is also the fallback when the C extension cannot be imported: slow, but the same answers. Every
function mirrors one of ``_lattice.c`` step by step; see that file and ``docs/movement.md`` for the method.

The speed raster is a float64 array [row, column] of speed multipliers; 0 means the unit cannot enter the
cell, and cells outside the raster cannot be entered either. Points are in world units; a cell spans
``cell_size`` world units.
"""
from __future__ import annotations

import heapq
import math
from collections.abc import Iterator, Sequence

import numpy as np

#: Two crossings closer than this (as fractions of a segment) are one crossing of a cell corner.
TIE_EPS = 1e-10

_BASE_OFFSETS = ((1, 0), (1, 1), (2, 1), (3, 1), (3, 2))


def _build_stencil() -> tuple[tuple[int, int], ...]:
    offsets: list[tuple[int, int]] = []
    for a, c in _BASE_OFFSETS:
        for cand in ((a, c), (-a, c), (a, -c), (-a, -c), (c, a), (-c, a), (c, -a), (-c, -a)):
            if cand not in offsets:
                offsets.append(cand)
    return tuple(offsets)


#: The 32 lattice neighbours (column offset, row offset), in the C kernel's order.
STENCIL: tuple[tuple[int, int], ...] = _build_stencil()


def _pace(speeds: np.ndarray, col: int, row: int) -> float:
    rows, cols = speeds.shape
    if col < 0 or row < 0 or col >= cols or row >= rows:
        return math.inf
    s = float(speeds[row, col])
    return 1.0 / s if s > 0.0 else math.inf


def trace_cells(ax: float, ay: float, bx: float, by: float) -> Iterator[tuple[int, int, float, int, int]]:
    """Walk the segment (ax, ay)-(bx, by), given in cell units, through the grid.

    Yields (column, row, length in cell units, 0, 0) for each cell it crosses with positive length, and
    (column, row, 0.0, column2, row2) naming the two side cells where it passes exactly through a cell corner.
    """
    dx, dy = bx - ax, by - ay
    length = math.hypot(dx, dy)
    if length == 0.0:
        return
    cx, cy = math.floor(ax), math.floor(ay)
    sx = 1 if dx > 0.0 else (-1 if dx < 0.0 else 0)
    sy = 1 if dy > 0.0 else (-1 if dy < 0.0 else 0)
    tdx = abs(1.0 / dx) if sx else math.inf
    tdy = abs(1.0 / dy) if sy else math.inf
    tmx = (cx + 1.0 - ax) / dx if sx > 0 else ((cx - ax) / dx if sx < 0 else math.inf)
    tmy = (cy + 1.0 - ay) / dy if sy > 0 else ((cy - ay) / dy if sy < 0 else math.inf)
    t = 0.0
    while True:
        tn = min(tmx, tmy)
        if tn > 1.0 - TIE_EPS:
            tn = 1.0
        dt = tn - t
        if dt > TIE_EPS:
            yield (cx, cy, dt * length, 0, 0)
        if tn >= 1.0:
            return
        if abs(tmx - tmy) <= TIE_EPS:
            yield (cx + sx, cy, 0.0, cx, cy + sy)
            cx += sx
            cy += sy
            t = tn
            tmx += tdx
            tmy += tdy
        elif tmx < tmy:
            cx += sx
            t = tmx
            tmx += tdx
        else:
            cy += sy
            t = tmy
            tmy += tdy


def _segment_cost_cells(speeds: np.ndarray, ax: float, ay: float, bx: float, by: float) -> float:
    total = 0.0
    for col, row, length, col2, row2 in trace_cells(ax, ay, bx, by):
        pace = _pace(speeds, col, row)
        if length > 0.0:
            if pace == math.inf:
                return math.inf
            total += length * pace
        elif pace == math.inf and _pace(speeds, col2, row2) == math.inf:
            return math.inf  # a corner between two cells that cannot be entered
    return total


def segment_cost(speeds: np.ndarray, cell_size: float, x0: float, y0: float, x1: float, y1: float) -> float:
    """Exact cost of the segment (x0, y0)-(x1, y1) in world units: sum of length / speed per cell; inf if blocked."""
    s = cell_size
    return _segment_cost_cells(speeds, x0 / s, y0 / s, x1 / s, y1 / s) * s


def polyline_cost(speeds: np.ndarray, cell_size: float, coords: Sequence[float]) -> float:
    """Exact cost of the polyline given as a flat sequence x0, y0, x1, y1, ... (world units)."""
    if len(coords) % 2:
        raise ValueError("coords must hold x, y pairs")
    total = 0.0
    for i in range(2, len(coords), 2):
        total += segment_cost(speeds, cell_size, coords[i - 2], coords[i - 1], coords[i], coords[i + 1])
        if total == math.inf:
            break
    return total


def cost_field(
    speeds: np.ndarray,
    cell_size: float,
    ox: float,
    oy: float,
    limit: float,
    row0: int,
    col0: int,
    cost_out: np.ndarray,
    pred_out: np.ndarray,
) -> int:
    """Dijkstra over the centres of a window of cells; the contract of ``_lattice.cost_field``.

    Fills ``cost_out`` (world units, inf above ``limit``) and ``pred_out`` (flat window index of the
    predecessor, -1 reached straight from the origin, -2 unreached); returns the number of cells settled.
    """
    h, w = cost_out.shape
    cost_out[...] = math.inf
    pred_out[...] = -2
    lim = limit / cell_size
    ax, ay = ox / cell_size, oy / cell_size
    ocol, orow = math.floor(ax), math.floor(ay)
    heap: list[tuple[float, int]] = []
    cost = cost_out.reshape(-1)
    pred = pred_out.reshape(-1)
    for dr in range(-2, 3):
        for dc in range(-2, 3):
            wr, wc = orow + dr - row0, ocol + dc - col0
            if not (0 <= wr < h and 0 <= wc < w):
                continue
            c = _segment_cost_cells(speeds, ax, ay, ocol + dc + 0.5, orow + dr + 0.5)
            v = wr * w + wc
            if c <= lim and c < cost[v]:
                cost[v] = c
                pred[v] = -1
                heapq.heappush(heap, (c, v))
    # Only the window can be entered, exactly as in the C kernel.
    window = np.zeros((h, w))
    r_lo, c_lo = max(row0, 0), max(col0, 0)
    r_hi, c_hi = min(row0 + h, speeds.shape[0]), min(col0 + w, speeds.shape[1])
    if r_lo < r_hi and c_lo < c_hi:
        window[r_lo - row0 : r_hi - row0, c_lo - col0 : c_hi - col0] = speeds[r_lo:r_hi, c_lo:c_hi]
    settled = 0
    while heap:
        k, u = heapq.heappop(heap)
        if k > cost[u]:
            continue
        settled += 1
        ur, uc = divmod(u, w)
        for dc, dr in STENCIL:
            vr, vc = ur + dr, uc + dc
            if not (0 <= vr < h and 0 <= vc < w):
                continue
            ec = _segment_cost_cells(window, uc + 0.5, ur + 0.5, vc + 0.5, vr + 0.5)
            nc = k + ec
            v = vr * w + vc
            if nc <= lim and nc < cost[v]:
                cost[v] = nc
                pred[v] = u
                heapq.heappush(heap, (nc, v))
    finite = np.isfinite(cost_out)
    cost_out[finite] *= cell_size
    return settled
