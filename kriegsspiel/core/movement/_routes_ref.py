"""The pure Python movement kernel, part 3: the routes of the finer search (the contract of ``_lattice.fine_routes``).

Every function mirrors one of ``_lattice.c`` step by step; see that file and ``docs/movement.md`` ("The finer
search", "Every distinct route") for the method. Points and costs are world units.
"""
from __future__ import annotations

import math

import numpy as np

from kriegsspiel.core.movement._lattice_ref import polyline_cost
from kriegsspiel.core.movement._smooth_ref import smooth_path

#: At most this many distinct routes of the finer lattice are smoothed.
FINE_ROUTES = 3
#: The next route's lattice cost is within this fraction of the best one's: two routes that close may be in either
#: order once straightened (the lattice's angular error is 1.3%).
FINE_ROUTE_SLACK = 0.02


def dilate(mask: np.ndarray, d: int) -> np.ndarray:
    """``mask`` widened by ``d`` cells in every direction (a square dilation, one axis at a time)."""
    for axis in (0, 1):
        grown = mask.copy()
        for shift in range(1, d + 1):
            if axis == 0:
                grown[shift:, :] |= mask[:-shift, :]
                grown[:-shift, :] |= mask[shift:, :]
            else:
                grown[:, shift:] |= mask[:, :-shift]
                grown[:, :-shift] |= mask[:, shift:]
        mask = grown
    return mask


def fine_routes(
    speeds: np.ndarray,
    cell_size: float,
    there_cost: np.ndarray,
    there_pred: np.ndarray,
    back_cost: np.ndarray,
    back_pred: np.ndarray,
    x0: float,
    y0: float,
    fine_cell: float,
    k: int,
    ox: float,
    oy: float,
    tx: float,
    ty: float,
) -> list[float] | None:
    """The cheapest smoothed route of the finer search, as flat x0, y0, x1, y1, ... (world units); None when the
    two fields share no reached cell.

    ``there_*`` and ``back_*`` are the fine lattice's fields from the origin (ox, oy) and from the target (tx, ty)
    (``cost_field`` outputs of one shape; cell (0, 0) has its corner at (x0, y0), cells ``fine_cell`` world units,
    ``k`` fine cells to a map cell of ``speeds``). The cell of lowest forward + reverse cost gives the best route
    (its predecessors back to the origin and on to the target); the next goes through the cheapest cell more than
    ``k`` fine cells (one map cell) from every route taken so far, lattice and straightened alike, while its
    lattice cost is within FINE_ROUTE_SLACK of the best; at most FINE_ROUTES. Each is smoothed
    (``smooth_path``) and the cheapest wins (the first of equals).
    """
    through = there_cost + back_cost
    h, w = there_cost.shape
    covered = np.zeros((h, w), dtype=bool)
    best: list[float] | None = None
    best_cost = math.inf
    route_limit = math.inf
    for _ in range(FINE_ROUTES):
        open_cost = np.where(covered, math.inf, through)
        index = int(np.argmin(open_cost))
        lattice_cost = float(open_cost.flat[index])
        if not (math.isfinite(lattice_cost) and lattice_cost <= route_limit):
            break
        route_limit = min(route_limit, lattice_cost * (1.0 + FINE_ROUTE_SLACK))
        # the route through this cell: back to the origin on the forward field, on to the target on the reverse
        head: list[int] = []
        i = index
        while i >= 0:
            head.append(i)
            i = int(there_pred.flat[i])
        tail: list[int] = []
        i = int(back_pred.flat[index])
        while i >= 0:
            tail.append(i)
            i = int(back_pred.flat[i])
        cells = head[::-1] + tail
        coords = [ox, oy]
        for i in cells:
            coords += [x0 + (i % w + 0.5) * fine_cell, y0 + (i // w + 0.5) * fine_cell]
        coords += [tx, ty]
        candidate = smooth_path(speeds, cell_size, coords)
        candidate_cost = polyline_cost(speeds, cell_size, candidate)
        if candidate_cost < best_cost:
            best, best_cost = candidate, candidate_cost
        # the next route must keep a cell away from this one, lattice and straightened alike (routes that
        # straighten into the same line are one route)
        on_route = np.zeros((h, w), dtype=bool)
        on_route.flat[cells] = True
        for q in range(0, len(candidate) - 2, 2):
            ax, ay, bx, by = candidate[q : q + 4]
            n = int(math.ceil(math.hypot(bx - ax, by - ay) / fine_cell)) + 1
            t = np.linspace(0.0, 1.0, n + 1)
            cols_on = np.clip(((ax + (bx - ax) * t - x0) / fine_cell).astype(np.int64), 0, w - 1)
            rows_on = np.clip(((ay + (by - ay) * t - y0) / fine_cell).astype(np.int64), 0, h - 1)
            on_route[rows_on, cols_on] = True
        covered |= dilate(on_route, k)
    return best
