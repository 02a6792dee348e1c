"""The pure Python movement kernel, part 1: costs along segments and the cost field (Dijkstra on the lattice).

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
#: A vertex this close (cell units, on both axes) to a cell corner is on it for the wall at a pinched corner.
PINCH_EPS = 1e-8

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
            if tn > TIE_EPS:  # a corner at the very start is a start, not a passage between the side cells
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


def _pinch_cells(speeds: np.ndarray, x: float, y: float) -> bool:
    """A point exactly on a cell corner between two diagonally adjacent cells that cannot be entered.

    A path that bends there could pass from one open side to the other, which a segment's walk cannot see (it
    checks corners inside a segment, not at its ends), so a path with a vertex on such a corner is blocked. So is
    one within PINCH_EPS of it: a segment's walk drops the last TIE_EPS of its length, so a vertex a hair beside
    the corner (a rounding error away, as a finer search found) would pass between the two cells all the same.
    """
    if not (abs(x) < 1e15 and abs(y) < 1e15):
        return False
    rx, ry = math.floor(x + 0.5), math.floor(y + 0.5)
    if abs(x - rx) > PINCH_EPS or abs(y - ry) > PINCH_EPS:
        return False
    cx, cy = int(rx), int(ry)
    return (_pace(speeds, cx, cy - 1) == math.inf and _pace(speeds, cx - 1, cy) == math.inf) or (
        _pace(speeds, cx - 1, cy - 1) == math.inf and _pace(speeds, cx, cy) == math.inf
    )


def pinched(speeds: np.ndarray, cell_size: float, x: float, y: float) -> bool:
    """True when the world point (x, y) is a cell corner between two diagonal cells that cannot be entered."""
    return _pinch_cells(speeds, x / cell_size, y / cell_size)


def _segment_cost_cells(speeds: np.ndarray, ax: float, ay: float, bx: float, by: float) -> float:
    if not all(abs(v) < 1e15 for v in (ax, ay, bx, by)):
        return math.inf  # beyond any raster, or not a number (as the C kernel)
    total = 0.0
    # a segment running exactly along a grid line may use the cheaper cell on either side of it
    along_col_edge = bx == ax and ax == math.floor(ax)
    along_row_edge = by == ay and ay == math.floor(ay)
    previous: tuple[int, int] | None = None
    for col, row, length, col2, row2 in trace_cells(ax, ay, bx, by):
        if length > 0.0:
            # along a grid line, crossing a pinched corner would pass between its two open cells
            if along_col_edge and previous is not None and previous[1] != row:
                if _pinch_cells(speeds, ax, float(max(row, previous[1]))):
                    return math.inf
            if along_row_edge and previous is not None and previous[0] != col:
                if _pinch_cells(speeds, float(max(col, previous[0])), ay):
                    return math.inf
            previous = (col, row)
        pace = _pace(speeds, col, row)
        if along_col_edge:
            pace = min(pace, _pace(speeds, col - 1, row))
        if along_row_edge:
            pace = min(pace, _pace(speeds, col, row - 1))
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
        if i < len(coords) - 2 and pinched(speeds, cell_size, coords[i], coords[i + 1]):
            total = math.inf
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
    tx: float = math.nan,
    ty: float = math.nan,
    fastest: float = 0.0,
    bound: float = math.nan,
    tighten: bool = False,
    other: np.ndarray | None = None,
    other_slack: float = -1.0,
) -> int:
    """Dijkstra over the centres of a window of cells; the contract of ``_lattice.cost_field``.

    Fills ``cost_out`` (world units, inf above ``limit``) and ``pred_out`` (flat window index of the
    predecessor, -1 reached straight from the origin, -2 unreached); returns the number of cells settled.
    Given a target (tx, ty) and the fastest speed, cells whose cost plus the straight line to the target at
    that speed exceeds the limit are left out: a bounded A* towards the target. ``bound`` (world units, default
    ``limit``) is the limit of that test alone; ``limit`` still caps the costs kept. With ``tighten`` (and a
    target), that bound is first lowered to the cheapest connection of the target (``_tighten_bound``, with slack
    for rounding): the cells on the cheapest way there are all kept, far fewer others. Ties in cost are settled in
    the order of the cell index (the tuples' order), as in the C kernel. ``other`` (world units, this window's
    shape) is the field of the search from the other end: with ``other_slack`` < 0, cells whose cost plus its pass
    the limit are left out (the ellipse of the two searches keeps its costs); with ``other_slack`` >= 0, those
    passing the cheapest seed's cost plus its, raised by that slack, when that is below the limit (the finer
    search's routes within that slack keep their costs and predecessors).
    """
    h, w = cost_out.shape
    cost_out[...] = math.inf
    pred_out[...] = -2
    lim = limit / cell_size
    blim = lim if math.isnan(bound) else bound / cell_size
    # Only the window can be entered, exactly as in the C kernel.
    window = np.zeros((h, w))
    r_lo, c_lo = max(row0, 0), max(col0, 0)
    r_hi, c_hi = min(row0 + h, speeds.shape[0]), min(col0 + w, speeds.shape[1])
    if r_lo < r_hi and c_lo < c_hi:
        window[r_lo - row0 : r_hi - row0, c_lo - col0 : c_hi - col0] = speeds[r_lo:r_hi, c_lo:c_hi]
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
    # with the field of the search from the other end, cells whose cost plus that one's passes olim are left out
    # (see the C kernel's cost_field): the ellipse of the limit, or the finer search's routes
    inv_cs, olim = 1.0 / cell_size, math.inf
    others = None if other is None else other.reshape(-1)
    if others is not None:
        if other_slack < 0.0:
            olim = lim * (1.0 + 1e-9) + 1e-9
        else:
            least = min((c + float(others[v]) * inv_cs for c, v in heap), default=math.inf)
            olim = least * (1.0 + other_slack) * (1.0 + 1e-9) + 1e-9
            if not olim < lim * (1.0 - 1e-9):
                others = None
    bounded = math.isfinite(tx) and math.isfinite(ty) and fastest > 0.0
    tcol, trow = tx / cell_size - col0 - 0.5, ty / cell_size - row0 - 0.5
    inv_fast = 1.0 / fastest if bounded else 0.0  # as the C kernel rounds it
    settled = 0
    if tighten and bounded:
        best, settled = _tighten_bound(
            speeds, window, cell_size, row0, col0, ax, ay, tx, ty, lim, blim, tcol, trow, inv_fast
        )
        best = best * (1.0 + 1e-9) + 1e-9
        blim = min(blim, best)
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
                if bounded and nc + math.hypot(vc - tcol, vr - trow) * inv_fast > blim:
                    continue
                if others is not None and nc + float(others[v]) * inv_cs > olim:
                    # (the ellipse leaves a cell the other search did not reach to its own test)
                    if other_slack >= 0.0 or others[v] != math.inf:
                        continue
                cost[v] = nc
                pred[v] = u
                heapq.heappush(heap, (nc, v))
    finite = np.isfinite(cost_out)
    cost_out[finite] *= cell_size
    return settled


#: A continuous point connects to the lattice through the cells this many cells around its own (CostField._connect).
CONNECT = 2


def _tighten_bound(
    speeds: np.ndarray, window: np.ndarray, cell_size: float, row0: int, col0: int, ax: float, ay: float,
    tx: float, ty: float, lim: float, blim: float, tcol: float, trow: float, inv_fast: float,
) -> tuple[float, int]:
    """(cheapest connection of the target (tx, ty) in cell units, cells settled): the straight line from the origin
    (ax, ay; cell units) when within the limit, or a cell within CONNECT cells of the target's plus the straight
    line from its centre, as ``CostField._connect`` makes it. An A* over the window's lattice with the cost field's
    limits, ordered by cost plus the straight line to the target at the fastest speed, stopping once that passes
    the best connection found (every connection left costs at least it). Its cost is a real lattice path's, never
    below the cheapest; inf when nothing connects. Mirrors ``tighten_bound`` in the C kernel."""
    h, w = window.shape
    txc, tyc = tx / cell_size, ty / cell_size
    tcell, trcell = math.floor(txc), math.floor(tyc)
    best = _segment_cost_cells(speeds, ax, ay, txc, tyc)
    if not best * (1.0 + 1e-9) < lim:
        best = math.inf  # beyond the search: not known to be the cheapest
    g = np.full(h * w, math.inf)
    ahead: dict[int, float] = {}

    def estimate(v: int) -> float:
        if v not in ahead:
            vr, vc = divmod(v, w)
            ahead[v] = math.hypot(vc - tcol, vr - trow) * inv_fast
        return ahead[v]

    heap: list[tuple[float, int]] = []
    ocol, orow = math.floor(ax), math.floor(ay)
    for dr in range(-2, 3):
        for dc in range(-2, 3):
            wr, wc = orow + dr - row0, ocol + dc - col0
            if not (0 <= wr < h and 0 <= wc < w):
                continue
            c = _segment_cost_cells(speeds, ax, ay, ocol + dc + 0.5, orow + dr + 0.5)
            v = wr * w + wc
            if c <= lim and c < g[v]:
                g[v] = c
                heapq.heappush(heap, (c + estimate(v), v))
    settled = 0
    while heap:
        f, u = heapq.heappop(heap)
        if f > best:
            break  # every connection left costs at least f
        k = float(g[u])
        if f > k + ahead[u]:
            continue  # a stale entry
        settled += 1
        ur, uc = divmod(u, w)
        rc, rr = col0 + uc, row0 + ur
        if abs(rc - tcell) <= CONNECT and abs(rr - trcell) <= CONNECT:
            best = min(best, k + _segment_cost_cells(speeds, rc + 0.5, rr + 0.5, txc, tyc))
        for dc, dr in STENCIL:
            vr, vc = ur + dr, uc + dc
            if not (0 <= vr < h and 0 <= vc < w):
                continue
            v = vr * w + vc
            if g[v] <= k:
                continue
            nc = k + _segment_cost_cells(window, uc + 0.5, ur + 0.5, vc + 0.5, vr + 0.5)
            if nc <= lim and nc < g[v]:
                fv = nc + estimate(v)
                if fv > blim:
                    continue
                g[v] = nc
                heapq.heappush(heap, (fv, v))
    return best, settled
