"""The pure Python movement kernel, part 2: smoothing a lattice path and runs along grid lines.

Every function mirrors one of ``_lattice.c`` step by step; see that file and ``docs/movement.md`` for the method.
Points are in world units; a cell spans ``cell_size`` world units.
"""
from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from kriegsspiel.core.movement._lattice_ref import _pace, pinched, segment_cost


# ------------------------------------------------------------------------------------------- smoothing

#: How many failed shortcuts string-pulling tries past the last good one before it gives up.
PULL_LOOKAHEAD = 8
#: Rounds of split, refine and straighten.
SMOOTH_ROUNDS = 3
# The 8 compass directions a vertex is moved in, in the C kernel's order.
# Exactly 0 along the axes: a vertex on a grid line then slides along it without leaving it.
_DIRECTIONS = tuple(
    tuple(0.0 if abs(v) < 1e-12 else v for v in (math.cos(k * math.pi / 4.0), math.sin(k * math.pi / 4.0)))
    for k in range(8)
)

Point = tuple[float, float]


def _seg(speeds: np.ndarray, cs: float, a: Point, b: Point) -> float:
    return segment_cost(speeds, cs, a[0], a[1], b[0], b[1])


def _polyline(speeds: np.ndarray, cs: float, pts: list[Point]) -> float:
    total = 0.0
    for i, (a, b) in enumerate(zip(pts, pts[1:])):
        total += _seg(speeds, cs, a, b)
        if i < len(pts) - 2 and pinched(speeds, cs, b[0], b[1]):
            total = math.inf
        if total == math.inf:
            break
    return total


def _string_pull(speeds: np.ndarray, cs: float, pts: list[Point]) -> list[Point]:
    """Replace runs of the path by straight segments that cost no more."""
    n = len(pts)
    if n <= 2:
        return pts
    prefix = [0.0]
    for a, b in zip(pts, pts[1:]):
        prefix.append(prefix[-1] + _seg(speeds, cs, a, b))
    out = [pts[0]]
    i = 0
    while i < n - 1:
        best, fails = i + 1, 0
        for j in range(i + 2, n):
            # the slack lets collinear vertices go despite rounding; it cannot raise the cost noticeably
            if _seg(speeds, cs, pts[i], pts[j]) <= (prefix[j] - prefix[i]) * (1.0 + 1e-12):
                best, fails = j, 0
            else:
                fails += 1
                if fails > PULL_LOOKAHEAD:
                    break
        out.append(pts[best])
        i = best
    return out


def _refine(speeds: np.ndarray, cs: float, pts: list[Point]) -> list[Point]:
    """Move each interior vertex by a shrinking pattern search while its two segments get cheaper."""
    return _refine_range(speeds, cs, pts, 1, len(pts) - 1)


def _refine_range(speeds: np.ndarray, cs: float, pts: list[Point], lo: int, hi: int) -> list[Point]:
    """Refine the vertices lo .. hi - 1 (interior ones), in that order; the others stay where they are."""
    pts = list(pts)
    for i in range(max(lo, 1), min(hi, len(pts) - 1)):
        a, b, (qx, qy) = pts[i - 1], pts[i + 1], pts[i]
        # a vertex on a pinched corner is a wall: any move off it is a gain
        best = _seg(speeds, cs, a, (qx, qy)) + _seg(speeds, cs, (qx, qy), b)
        if pinched(speeds, cs, qx, qy):
            best = math.inf
        # on a grid line a segment may run at the cheaper side's speed: try the vertex on the nearest vertical
        # line, horizontal line and corner, which a pattern search never lands on
        gx, gy = math.floor(qx / cs + 0.5) * cs, math.floor(qy / cs + 0.5) * cs
        for snap in ((gx, qy), (qx, gy), (gx, gy)):
            if pinched(speeds, cs, *snap):
                continue
            total = _seg(speeds, cs, a, snap) + _seg(speeds, cs, snap, b)
            if total < best * (1.0 - 1e-12):
                best, (qx, qy) = total, snap
        step = cs
        while step > 2e-3 * cs:
            moved = False
            for dx, dy in _DIRECTIONS:
                c = (qx + step * dx, qy + step * dy)
                if pinched(speeds, cs, *c):
                    continue
                first = _seg(speeds, cs, a, c)
                if first >= best:
                    continue
                total = first + _seg(speeds, cs, c, b)
                if total < best * (1.0 - 1e-12):  # a gain lost in rounding is no gain
                    best, (qx, qy), moved = total, c, True
                    break
            if not moved:
                step *= 0.5
        pts[i] = (qx, qy)
    return pts


def _line_detours(speeds: np.ndarray, cs: float, pts: list[Point]) -> list[Point]:
    """The path with a detour along a grid line for every segment whose two ends lie nearest the same line
    (and not both on it): a -> a on the line -> b on the line -> b. Along a grid line a segment runs at the
    faster side's speed, a knife edge that moving one vertex at a time never reaches; refining the two new
    vertices finds where to join and leave the line."""
    out: list[Point] = []
    for i, a in enumerate(pts):
        out.append(a)
        if i + 1 == len(pts):
            break
        b = pts[i + 1]
        for axis in (0, 1):
            la, lb = math.floor(a[axis] / cs + 0.5), math.floor(b[axis] / cs + 0.5)
            if la != lb:
                continue
            line = la * cs
            a2 = (line, a[1]) if axis == 0 else (a[0], line)
            b2 = (line, b[1]) if axis == 0 else (b[0], line)
            if a2 == a and b2 == b:
                continue
            if pinched(speeds, cs, *a2) or pinched(speeds, cs, *b2):
                continue
            out.extend((a2, b2))
            break
    return out


def _path_points(coords: Sequence[float]) -> list[Point]:
    """The points of the flat path x0, y0, x1, y1, ... (world units), repeated points dropped.

    Raises ValueError unless it holds at least two x, y pairs (as the C kernel does)."""
    if len(coords) % 2 or len(coords) < 4:
        raise ValueError("coords must hold at least two x, y pairs")
    pts: list[Point] = []
    for i in range(0, len(coords), 2):
        q = (float(coords[i]), float(coords[i + 1]))
        if not pts or q != pts[-1]:
            pts.append(q)
    return pts


def smooth_path(speeds: np.ndarray, cell_size: float, coords: Sequence[float]) -> list[float]:
    """String-pull the path x0, y0, x1, y1, ... (world units), then split, refine and straighten it while
    that makes it cheaper; the contract of ``_lattice.smooth_path``. Never raises the exact cost."""
    pts = _path_points(coords)
    if len(pts) == 1:
        pts.append(pts[0])
    pts = _string_pull(speeds, cell_size, pts)
    cost = _polyline(speeds, cell_size, pts)
    for _ in range(SMOOTH_ROUNDS):
        # split every segment at its middle so that a straight run can bend too (along a cheaper row of
        # cells, onto a road), move the vertices, straighten again; keep the result only when cheaper
        split = [pts[0]]
        for a, b in zip(pts, pts[1:]):
            split.append(((a[0] + b[0]) / 2.0, (a[1] + b[1]) / 2.0))
            split.append(b)
        refined = _string_pull(speeds, cell_size, _refine(speeds, cell_size, split))
        refined_cost = _polyline(speeds, cell_size, refined)
        if not refined_cost < cost * (1.0 - 1e-9):
            break
        pts, cost = refined, refined_cost
    # one more round with a detour along a grid line wherever a segment lies beside one
    detoured = _line_detours(speeds, cell_size, pts)
    if len(detoured) > len(pts):
        refined = _string_pull(speeds, cell_size, _refine(speeds, cell_size, detoured))
        refined_cost = _polyline(speeds, cell_size, refined)
        if refined_cost < cost * (1.0 - 1e-9):
            pts, cost = refined, refined_cost
    return [v for p in pts for v in p]


# ------------------------------------------------------------------------------- runs along grid lines

#: Pairs of vertices at most this many segments apart try every grid line between them (farther pairs only the
#: lines both lie next to).
RUN_SPAN = 3
#: Candidate paths one scan of ``line_runs`` tries at most (each is two vertices refined and a string-pull; a call
#: scans at most twice).
RUN_BUDGET = 96
#: After a candidate's new vertices are refined, vertices this far around them are string-pulled.
RUN_PULL = 2
#: ``line_runs`` first tries each interior vertex on the cell corners this many cells around its nearest one.
CORNER_REACH = 2
#: A run's new ends are first tried every 1/SLIDE_STEPS cell along its line (see ``_slide``).
SLIDE_STEPS = 4


def _slide(speeds: np.ndarray, cs: float, pts: list[Point], k: int, axis: int, lo: float, hi: float) -> None:
    """Move vertex k (on a grid line of ``axis``) along that line to the cheapest of the positions every
    1/SLIDE_STEPS cell from lo to hi (cell units along the line), in place. The cost along a line has a kink at
    every cell edge, where the pattern search of ``_refine_range`` stops (a run's end left a cell or two short of
    its best); that refines from the position found here."""
    a, b, q = pts[k - 1], pts[k + 1], pts[k]
    best = _seg(speeds, cs, a, q) + _seg(speeds, cs, q, b)
    for t in range(math.floor(lo) * SLIDE_STEPS, math.ceil(hi) * SLIDE_STEPS + 1):
        c = (q[0], t * cs / SLIDE_STEPS) if axis == 0 else (t * cs / SLIDE_STEPS, q[1])
        if pinched(speeds, cs, *c):
            continue
        total = _seg(speeds, cs, a, c) + _seg(speeds, cs, c, b)
        if total < best * (1.0 - 1e-12):
            best, q = total, c
    pts[k] = q


def _corner_jumps(
    speeds: np.ndarray, cs: float, pts: list[Point], cost: float, smooth: bool
) -> tuple[list[Point], float]:
    """Each interior vertex, in order, moved to the cheapest cell corner within CORNER_REACH cells of its nearest
    one where that is cheaper; then (with ``smooth``) refined and string-pulled; kept when the whole is cheaper.
    (Before the runs it does not smooth: that may drop a vertex a run would start from.) A best way through
    corners a cell or two from the path's (between two cells of one speed, past a slow one) is a route choice no
    pattern search reaches."""
    cand = list(pts)
    moved = False
    for i in range(1, len(cand) - 1):
        a, b, q = cand[i - 1], cand[i + 1], cand[i]
        best = math.inf if pinched(speeds, cs, *q) else _seg(speeds, cs, a, q) + _seg(speeds, cs, q, b)
        if not (abs(q[0] / cs) < 1e15 and abs(q[1] / cs) < 1e15):
            continue
        gx, gy = math.floor(q[0] / cs + 0.5), math.floor(q[1] / cs + 0.5)
        for dy in range(-CORNER_REACH, CORNER_REACH + 1):
            for dx in range(-CORNER_REACH, CORNER_REACH + 1):
                c = ((gx + dx) * cs, (gy + dy) * cs)
                if pinched(speeds, cs, *c):
                    continue
                total = _seg(speeds, cs, a, c) + _seg(speeds, cs, c, b)
                if total < best * (1.0 - 1e-12):
                    best, q, moved = total, c, True
        cand[i] = q
    if not moved:
        return pts, cost
    if smooth:
        cand = _string_pull(speeds, cs, _refine(speeds, cs, cand))
    smoothed_cost = _polyline(speeds, cs, cand)
    return (cand, smoothed_cost) if smoothed_cost < cost * (1.0 - 1e-9) else (pts, cost)


def _knife_edge(speeds: np.ndarray, axis: int, line: int, lo: float, hi: float, switch: bool) -> bool:
    """True when one of the two cells beside grid line ``line`` (a column edge for axis 0, a row edge for axis 1)
    is faster somewhere between ``lo`` and ``hi`` (cell units along the line); with ``switch``, when the faster
    one is on one side somewhere and on the other side elsewhere: only then does a run exactly along the line
    beat every run a hair beside it, which refining vertices can reach from afar."""
    if not (abs(lo) < 1e15 and abs(hi) < 1e15):
        return False
    seen = 0
    for t in range(math.floor(lo), math.ceil(hi)):
        if axis == 0:
            p, q = _pace(speeds, line, t), _pace(speeds, line - 1, t)
        else:
            p, q = _pace(speeds, t, line), _pace(speeds, t, line - 1)
        if p < q:
            seen |= 1
        elif q < p:
            seen |= 2
        if seen == 3 or (seen and not switch):
            return True
    return False


def _run_lines(a: float, b: float, span: bool) -> list[int]:
    """Grid lines (cell units) to try between coordinates a and b: all between them for a near pair, else those
    both lie next to (their floor or ceiling), ascending."""
    if span:
        lo, hi = min(a, b), max(a, b)
        return list(range(math.floor(lo), math.ceil(hi) + 1))
    near_a = sorted({math.floor(a), math.ceil(a)})
    near_b = {math.floor(b), math.ceil(b)}
    return [v for v in near_a if v in near_b]


def _try_run(
    speeds: np.ndarray, cs: float, pts: list[Point], cost: float, i: int, j: int, budget: list[int]
) -> tuple[list[Point], float] | None:
    """The first candidate for vertices i < j that is cheaper: vertices i+1 .. j-1 replaced by a run along a
    grid line (a, a on the line, b on the line, b), the two new vertices refined, string-pulled around them.
    None when none is (or the budget ran out: ``budget[0]`` is then 0)."""
    a, b = pts[i], pts[j]
    for axis in (0, 1):
        if not (abs(a[axis] / cs) < 1e15 and abs(b[axis] / cs) < 1e15):
            continue
        for line in _run_lines(a[axis] / cs, b[axis] / cs, j - i <= RUN_SPAN):
            at = line * cs
            a2 = (at, a[1]) if axis == 0 else (a[0], at)
            b2 = (at, b[1]) if axis == 0 else (b[0], at)
            if j == i + 1 and a2 == a and b2 == b:
                continue
            if pinched(speeds, cs, *a2) or pinched(speeds, cs, *b2):
                continue
            o = 1 - axis
            # a line both ends lie next to needs only a side that is faster (the ends may reach it by a hair
            # beside it no better); any other line one whose faster side switches
            near = line in (math.floor(a[axis] / cs), math.ceil(a[axis] / cs)) and line in (
                math.floor(b[axis] / cs), math.ceil(b[axis] / cs))
            if not _knife_edge(speeds, axis, line, min(a2[o], b2[o]) / cs, max(a2[o], b2[o]) / cs, not near):
                continue
            if budget[0] <= 0:
                return None
            budget[0] -= 1
            # the two new vertices slide to where joining and leaving the line is cheapest: first to the best
            # quarter cell between them, then by the pattern search
            cand = pts[: i + 1] + [a2, b2] + pts[j:]
            lo, hi = min(a2[o], b2[o]) / cs, max(a2[o], b2[o]) / cs
            _slide(speeds, cs, cand, i + 1, axis, lo, hi)
            _slide(speeds, cs, cand, i + 2, axis, lo, hi)
            cand = _refine_range(speeds, cs, cand, i + 1, i + 3)
            cand = [q for k, q in enumerate(cand) if k == 0 or q != cand[k - 1]]
            # string-pull around them (the rest was pulled before)
            lo, hi = max(0, i - RUN_PULL), min(len(cand), i + 3 + RUN_PULL)
            cand = cand[:lo] + _string_pull(speeds, cs, cand[lo:hi]) + cand[hi:]
            c = _polyline(speeds, cs, cand)
            if c < cost * (1.0 - 1e-9):
                return cand, c
    return None


def _runs(speeds: np.ndarray, cs: float, pts: list[Point], cost: float) -> tuple[list[Point], float]:
    """The scan of ``line_runs`` over the path pts of exact cost ``cost``: at most RUN_BUDGET candidates."""
    budget = [RUN_BUDGET]
    i = 0
    while i < len(pts) - 1 and budget[0] > 0:
        gained = False
        for j in range(i + 1, len(pts)):
            found = _try_run(speeds, cs, pts, cost, i, j, budget)
            if found is not None:
                pts, cost = found
                gained = True
                break
            if budget[0] <= 0:
                break
        if not gained:
            i += 1
    return pts, cost


def line_runs(speeds: np.ndarray, cell_size: float, coords: Sequence[float]) -> list[float]:
    """The path x0, y0, x1, y1, ... (world units) with runs exactly along grid lines wherever one is cheaper;
    the contract of ``_lattice.line_runs``. Never raises the exact cost.

    Along a grid line a segment runs at the faster side's speed, a knife edge that moving one vertex at a time
    never reaches. For each vertex i and each later vertex j, the vertices between are replaced by a run along
    a grid line (every line between the two for pairs at most RUN_SPAN segments apart, else a line both lie
    next to) where the faster side of the line switches (see ``_knife_edge``); the run's two ends are refined
    (they slide along the line to where joining and leaving it is cheapest) and the path string-pulled around
    them; the first cheaper candidate is kept and the scan goes on from the same vertex. At most RUN_BUDGET
    candidates are tried. The scan runs from the path as given and from the path with its vertices moved to the
    best cell corners around them (``_corner_jumps``), the cheaper is kept, and its vertices are tried on corners
    once more (then refined and string-pulled).
    """
    pts = _path_points(coords)
    cost = _polyline(speeds, cell_size, pts)
    if math.isfinite(cost):
        # the runs from the path as it is and from the path with each vertex on the best cell corner around it
        # (a different start may lead the greedy scan elsewhere); the cheaper, its vertices tried on corners again
        jumped, jumped_cost = _corner_jumps(speeds, cell_size, pts, cost, False)
        pts, cost = _runs(speeds, cell_size, pts, cost)
        if jumped_cost < math.inf and jumped is not pts:
            jumped, jumped_cost = _runs(speeds, cell_size, jumped, jumped_cost)
            if jumped_cost < cost:
                pts, cost = jumped, jumped_cost
        pts, cost = _corner_jumps(speeds, cell_size, pts, cost, True)
    return [v for p in pts for v in p]
