"""The pure Python movement kernel, part 4: the ellipse search of a cheapest path (the contract of
``_lattice.ellipse_search``, which does all of it in one call).

It mirrors ``_lattice.c`` step by step; see ``docs/movement.md`` ("The ellipse", "The finer search") and
``kriegsspiel.core.movement._path`` for the method. Points, costs and limits are world units.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from types import ModuleType

import numpy as np

from kriegsspiel.core.movement import _lattice_ref, _routes_ref

# Cells around a continuous point that connect it to the lattice, and the margin a search window keeps around its
# reach (as kriegsspiel.core.movement._field, which cannot be imported from here: it imports this module).
_CONNECT = 2
_WINDOW_MARGIN = 4 + _CONNECT


def _square(rows: int, cols: int, cell_size: float, x: float, y: float, reach: float) -> tuple[int, int, int, int]:
    """(row0, col0, row1, col1): the cells within ``reach`` cells of the cell of (x, y), with the margin, clipped."""
    radius = max(rows, cols) if not math.isfinite(reach) else int(math.ceil(reach)) + _WINDOW_MARGIN
    ccol, crow = int(math.floor(x / cell_size)), int(math.floor(y / cell_size))
    return max(0, crow - radius), max(0, ccol - radius), min(rows, crow + radius + 1), min(cols, ccol + radius + 1)


def _toward_window(rows: int, cols: int, cs: float, fastest: float, ox: float, oy: float, tx: float, ty: float,
                   limit: float) -> tuple[int, int, int, int]:
    """The window of a search from (ox, oy) toward (tx, ty) up to ``limit``, both points on the map: the square of
    its reach around the origin cut to the square around the middle that holds the ellipse (as ``cost_field``)."""
    row0, col0, row1, col1 = _square(rows, cols, cs, ox, oy, limit * fastest / cs)
    if math.isfinite(limit * fastest / cs):
        r0, c0, r1, c1 = _square(rows, cols, cs, (ox + tx) / 2.0, (oy + ty) / 2.0, limit * fastest / cs / 2.0)
        row0, col0, row1, col1 = max(row0, r0), max(col0, c0), min(row1, r1), min(col1, c1)
    return row0, col0, row1, col1


def ellipse_search(
    speeds: np.ndarray,
    hopeful: np.ndarray,
    cell_size: float,
    fastest: float,
    ox: float,
    oy: float,
    tx: float,
    ty: float,
    limit: float,
    coords: Sequence[float],
    dilation: int,
    tiers: Sequence[int],
    route_slack: float,
    pieces: ModuleType | None = None,
) -> list[float] | None:
    """The finer search over every cell that may lie on a route from (ox, oy) to (tx, ty) within ``limit``.

    ``hopeful`` is the speed field on which the ellipse is found (``fastest``: its largest multiplier), ``speeds``
    the true one; both points lie on the map. The lattice searches from both ends (bounded towards the other end,
    the reverse also by the forward field) keep the cells whose two costs fit ``limit``; those, the cells of the
    points of ``coords`` (the path so far, flat x, y) and ``dilation`` cells around them are the ellipse, searched
    again on cells k times finer (``tiers``: flat pairs k, most fine cells; the first that fits, else 1) from both
    ends, the search back keeping the routes within ``route_slack`` (see ``cost_field``); then ``fine_routes``.
    Returns its answer: the cheapest smoothed route as flat x, y floats, or None. ``pieces`` is the module whose
    ``cost_field`` and ``fine_routes`` it runs (default: the pure Python ones).
    """
    cost_field = _lattice_ref.cost_field if pieces is None else pieces.cost_field
    fine_routes = _routes_ref.fine_routes if pieces is None else pieces.fine_routes
    cs = cell_size
    rows, cols = speeds.shape
    fields: list[tuple[np.ndarray, int, int]] = []  # (costs, first row, first column) of each search's window
    for (ax, ay, bx, by) in ((ox, oy, tx, ty), (tx, ty, ox, oy)):
        row0, col0, row1, col1 = _toward_window(rows, cols, cs, fastest, ax, ay, bx, by, limit)
        h, w = max(0, row1 - row0), max(0, col1 - col0)
        cost = np.full((h, w), math.inf)
        pred = np.full((h, w), -2, dtype=np.int32)
        if h and w and not fields:
            cost_field(hopeful, cs, ax, ay, limit, row0, col0, cost, pred, bx, by, fastest, limit, False)
        elif h and w:
            # bounded by the forward field too (inf where it has no cell)
            forward, frow0, fcol0 = fields[0]
            other = np.full((h, w), math.inf)
            fh, fw = forward.shape
            o0, p0 = max(row0, frow0), max(col0, fcol0)
            o1, p1 = min(row0 + h, frow0 + fh), min(col0 + w, fcol0 + fw)
            if o0 < o1 and p0 < p1:
                other[o0 - row0 : o1 - row0, p0 - col0 : p1 - col0] = forward[o0 - frow0 : o1 - frow0,
                                                                                  p0 - fcol0 : p1 - fcol0]
            cost_field(hopeful, cs, ax, ay, limit, row0, col0, cost, pred, bx, by, fastest, limit, False, other, -1.0)
        fields.append((cost, row0, col0))
    (forward, frow0, fcol0), (reverse, rrow0, rcol0) = fields
    fh, fw = forward.shape
    rh, rw = reverse.shape
    o0, p0 = max(frow0, rrow0), max(fcol0, rcol0)
    o1, p1 = min(frow0 + fh, rrow0 + rh), min(fcol0 + fw, rcol0 + rw)
    if o0 < o1 and p0 < p1:
        through = (forward[o0 - frow0 : o1 - frow0, p0 - fcol0 : p1 - fcol0]
                   + reverse[o0 - rrow0 : o1 - rrow0, p0 - rcol0 : p1 - rcol0])
        kept_rows, kept_cols = np.nonzero(through <= limit)
    else:
        kept_rows = kept_cols = np.empty(0, dtype=np.int64)
    xs, ys = coords[0::2], coords[1::2]
    kept_rows = np.concatenate([kept_rows + o0, [int(math.floor(y / cs)) for y in ys]]).astype(np.int64)
    kept_cols = np.concatenate([kept_cols + p0, [int(math.floor(x / cs)) for x in xs]]).astype(np.int64)
    d = dilation
    r0, r1 = max(0, int(kept_rows.min()) - d), min(rows, int(kept_rows.max()) + 1 + d)
    c0, c1 = max(0, int(kept_cols.min()) - d), min(cols, int(kept_cols.max()) + 1 + d)
    mask = np.zeros((r1 - r0, c1 - c0), dtype=bool)
    mask[kept_rows - r0, kept_cols - c0] = True
    mask = _routes_ref.dilate(mask, d)
    ellipse = np.where(mask, speeds[r0:r1, c0:c1], 0.0)
    kept = int(mask.sum())
    k = next((tiers[i] for i in range(0, len(tiers), 2) if kept * tiers[i] * tiers[i] <= tiers[i + 1]), 1)
    fine = np.ascontiguousarray(np.repeat(np.repeat(ellipse, k, axis=0), k, axis=1))
    fcs = cs / k
    x0, y0 = c0 * cs, r0 * cs
    fox, foy, ftx, fty = ox - x0, oy - y0, tx - x0, ty - y0
    fine_fastest = float(ellipse.max())
    there_cost = np.empty(fine.shape, dtype=np.float64)
    there_pred = np.empty(fine.shape, dtype=np.int32)
    back_cost = np.empty(fine.shape, dtype=np.float64)
    back_pred = np.empty(fine.shape, dtype=np.int32)
    cost_field(fine, fcs, fox, foy, limit, 0, 0, there_cost, there_pred, ftx, fty, fine_fastest)
    cost_field(fine, fcs, ftx, fty, limit, 0, 0, back_cost, back_pred, fox, foy, fine_fastest, math.nan, False,
               there_cost, route_slack)
    return fine_routes(speeds, cs, there_cost, there_pred, back_cost, back_pred, x0, y0, fcs, k, ox, oy, tx, ty)
