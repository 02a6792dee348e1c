"""Decluttering the counters: where to draw counters that would cover each other's ids on screen.

A wargame umpire wants every id readable and every position honest. Counters whose pictures would overlap
at their true places form a cluster; in each cluster the first counter that covers no other unit's true
position stays where it is, the others move to the nearest free place (away from the cluster's middle) and
the window draws a thin leader line from a dot on the true position to the moved counter. No moved counter
covers another counter or any clustered unit's dot, so every true position stays in sight. Counters that
overlap nothing stand at their true places, so once the umpire zooms in far enough nothing moves.

Everything here is in screen pixels of a layout that does not depend on panning (world units times the
camera's scale), so the layout is computed once per zoom and game state, never per frame.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np

#: Free pixels kept between two counters' pictures.
GAP_PX = 2
#: Radius (pixels) of the dot that marks a moved counter's true position; no counter covers it.
DOT_RADIUS_PX = 4
#: Free pixels kept around a dot, so a little of the leader line always shows.
DOT_CLEARANCE_PX = 5
#: Directions tried around a counter, and how far out (in counter sizes) a moved counter may go.
DIRECTIONS = 16
RING_STEP = 0.35
RINGS = 12
#: Rows of the pairwise overlap test done at once (bounds the memory for very many counters).
_CHUNK = 512


@dataclass(frozen=True)
class Layout:
    """Where each counter is drawn: ``dx``, ``dy`` (pixels) from its true place; ``moved`` marks the counters
    drawn away from it (they get a dot and a leader line); ``unresolved`` those that found no free place
    within :data:`RINGS` rings (they stand at their true place, overlapping, until the umpire zooms in)."""

    dx: np.ndarray
    dy: np.ndarray
    moved: np.ndarray
    unresolved: np.ndarray


def _boxes(cx: np.ndarray, cy: np.ndarray, widths: np.ndarray, heights: np.ndarray, size: int) -> np.ndarray:
    """(n, 4) left, top, right, bottom of each counter picture centred (plate) at cx, cy."""
    left = cx - widths / 2.0
    top = cy - size / 2.0
    return np.stack([left, top, left + widths, top + heights], axis=1)


def _overlapping_pairs(boxes: np.ndarray, gap: float) -> tuple[np.ndarray, np.ndarray]:
    """Index pairs (i < j) of boxes closer than ``gap`` pixels, chunked so memory stays bounded."""
    n = len(boxes)
    l, t, r, b = (boxes[:, k] for k in range(4))
    firsts, seconds = [], []
    for start in range(0, n, _CHUNK):
        stop = min(n, start + _CHUNK)
        hit = (
            (l[start:stop, None] < r[None, :] + gap)
            & (r[start:stop, None] + gap > l[None, :])
            & (t[start:stop, None] < b[None, :] + gap)
            & (b[start:stop, None] + gap > t[None, :])
        )
        i, j = np.nonzero(hit)
        i += start
        keep = i < j
        firsts.append(i[keep])
        seconds.append(j[keep])
    return np.concatenate(firsts), np.concatenate(seconds)


def _covering(boxes: np.ndarray, marks: np.ndarray) -> np.ndarray:
    """Which of ``boxes`` ((n, 4)) come within GAP_PX of any of ``marks`` ((k, 4)), as an (n,) mask."""
    covered = np.zeros(len(boxes), dtype=bool)
    if len(marks) and len(boxes):
        covered = np.asarray((
            (boxes[:, None, 0] < marks[None, :, 2] + GAP_PX) & (boxes[:, None, 2] + GAP_PX > marks[None, :, 0])
            & (boxes[:, None, 1] < marks[None, :, 3] + GAP_PX) & (boxes[:, None, 3] + GAP_PX > marks[None, :, 1])
        ).any(axis=1), dtype=bool)
    return covered


def _clusters(n: int, first: np.ndarray, second: np.ndarray) -> list[list[int]]:
    """Connected groups (two or more) of the overlap graph, each in index order."""
    parent = list(range(n))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i, j in zip(first.tolist(), second.tolist()):
        ri, rj = root(i), root(j)
        if ri != rj:
            parent[max(ri, rj)] = min(ri, rj)
    groups: dict[int, list[int]] = {}
    for i in sorted(set(first.tolist()) | set(second.tolist())):
        groups.setdefault(root(i), []).append(i)
    return list(groups.values())


@functools.lru_cache(maxsize=16)
def _candidate_offsets(size: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Offsets (pixels) tried for a moved counter, ring by ring, and the angle of each (radians); the same
    (read-only) arrays for every layout at ``size``."""
    radii = size * (0.5 + RING_STEP * np.arange(RINGS))
    angles = np.linspace(0.0, 2.0 * np.pi, DIRECTIONS, endpoint=False)
    r, a = np.meshgrid(radii, angles, indexing="ij")
    out = (r * np.cos(a)).ravel(), (r * np.sin(a)).ravel(), a.ravel()
    for array in out:
        array.setflags(write=False)
    return out


#: the directions "away from the cluster's middle" are rounded to one of this many
_BINS = 4 * DIRECTIONS


@functools.lru_cache(maxsize=4 * _BINS)
def _places_to_try(size: int, turn: int) -> np.ndarray:
    """The offsets (pixels, (k, 2), read-only) a counter tries in order, its true place first: nearest first;
    among equally near places, those pointing towards direction ``turn`` (of :data:`_BINS`). The same for
    every layout at ``size``, so it is worked out once."""
    ox, oy, angle = _candidate_offsets(size)
    radius = np.hypot(ox, oy)
    cost = radius + size * 0.6 * (1.0 - np.cos(angle - turn * 2.0 * np.pi / _BINS))
    order = np.argsort(cost, kind="stable")
    cand = np.concatenate([np.zeros((1, 2)), np.stack([ox[order], oy[order]], axis=1)])
    cand.setflags(write=False)
    return cand


def _first_free(cand: np.ndarray, box: np.ndarray, near: np.ndarray, own: np.ndarray, bounds: np.ndarray | None) -> int | None:
    """The first of the candidate offsets ``cand`` ((k, 2) pixels; row 0: no offset, the true place) at which
    ``box`` (left, top, right, bottom) comes within GAP_PX of none of the boxes ``near`` ((m, 4)) and stays
    inside ``bounds``; the rows of ``near`` marked in ``own`` (the counter's own dot) block only the moved
    places. None when every candidate is blocked. The first two rings are tried first: most counters find a
    place there."""
    first = 1 + 2 * DIRECTIONS
    lo_x, lo_y = near[:, 0] - GAP_PX - box[2], near[:, 1] - GAP_PX - box[3]
    hi_x, hi_y = near[:, 2] + GAP_PX - box[0], near[:, 3] + GAP_PX - box[1]
    for lo, hi in ((0, first), (first, len(cand))):
        part = cand[lo:hi]
        ox, oy = part[:, 0:1], part[:, 1:2]
        # a candidate box overlaps a near box when the offset falls in that box's open window
        hit = (ox > lo_x) & (ox < hi_x) & (oy > lo_y) & (oy < hi_y)
        if lo == 0:
            hit[0] &= ~own
        blocked = hit.any(axis=1)
        if bounds is not None:
            outside = np.asarray((part < bounds[0:2]).any(axis=1) | (part > bounds[2:4]).any(axis=1), dtype=bool)
            if lo == 0:
                outside[0] = False  # a counter on the map's edge may stand on its true place
            blocked |= outside
        free = np.nonzero(~blocked)[0]
        if free.size:
            return lo + int(free[0])
    return None


def spread(
    cx: np.ndarray,
    cy: np.ndarray,
    widths: np.ndarray,
    heights: np.ndarray,
    size: int,
    bounds: tuple[float, float, float, float] | None = None,
    fixed: np.ndarray | None = None,
) -> Layout:
    """Lay out counters whose plates (``size`` pixels square, pictures ``widths`` x ``heights`` pixels with the
    plate centred at the top) are centred at ``cx``, ``cy`` (pixels), so no two pictures overlap where a free
    place is near enough. Counters that overlap nothing keep offset 0. A moved counter stays inside
    ``bounds`` (left, top, right, bottom pixels: the map), so none is pushed off the map's edge. ``fixed``:
    (k, 4) left, top, right, bottom boxes (pixels) that stay where they are and that no counter may cover
    (the marks of structures standing on one point); a counter on one moves off it like off another counter.
    The index order is the priority: in a cluster the first counter keeps its place when it can."""
    n = len(cx)
    zero = np.zeros(n)
    none = np.zeros(n, dtype=bool)
    marks = np.empty((0, 4)) if fixed is None else np.asarray(fixed, dtype=np.float64).reshape(-1, 4)
    if n < 2 and not (n and len(marks)):
        return Layout(zero, zero.copy(), none, none.copy())
    cx = np.asarray(cx, dtype=np.float64)
    cy = np.asarray(cy, dtype=np.float64)
    widths = np.asarray(widths, dtype=np.float64)
    heights = np.asarray(heights, dtype=np.float64)
    truth = _boxes(cx, cy, widths, heights, size)
    first, second = _overlapping_pairs(truth, GAP_PX)
    on_marks = _covering(truth, marks)
    if first.size == 0 and not on_marks.any():
        return Layout(zero, zero.copy(), none, none.copy())
    clusters = _clusters(n, first, second)
    grouped = {i for group in clusters for i in group}
    # a counter on a mark but on no other counter is a cluster of its own: it moves off the mark
    clusters += [[i] for i in np.nonzero(on_marks)[0].tolist() if i not in grouped]
    clustered = np.zeros(n, dtype=bool)
    for group in clusters:
        clustered[group] = True
    # What a counter must not cover: every clustered unit's dot (its own only when it moves), the counters
    # that stay anyway, and those placed before it. ``owner`` marks the dots' units (-1: a counter).
    owners = np.nonzero(clustered)[0]
    alone = np.nonzero(~clustered)[0]
    reach = DOT_RADIUS_PX + DOT_CLEARANCE_PX
    obstacles = np.empty((len(owners) + len(marks) + n, 4))
    obstacles[: len(owners)] = np.stack([cx[owners] - reach, cy[owners] - reach, cx[owners] + reach, cy[owners] + reach], axis=1)
    obstacles[len(owners) : len(owners) + len(alone)] = truth[alone]
    obstacles[len(owners) + len(alone) : len(owners) + len(alone) + len(marks)] = marks
    owner = np.full(len(owners) + len(marks) + n, -1)
    owner[: len(owners)] = owners
    count = len(owners) + len(alone) + len(marks)
    span = size * (0.5 + RING_STEP * RINGS) + GAP_PX
    bins = _BINS
    dx, dy = zero.copy(), zero.copy()
    unresolved = none.copy()
    golden = np.pi * (3.0 - np.sqrt(5.0))
    for group in clusters:
        mx, my = cx[group].mean(), cy[group].mean()
        for rank, i in enumerate(group):
            away_x, away_y = cx[i] - mx, cy[i] - my
            away = np.arctan2(away_y, away_x) if away_x * away_x + away_y * away_y > 1.0 else rank * golden
            turn = int(round(away / (2.0 * np.pi) * bins)) % bins
            cand = _places_to_try(size, turn)
            box = truth[i]
            seen = obstacles[:count]
            close = (
                (seen[:, 2] > box[0] - span) & (seen[:, 0] < box[2] + span) & (seen[:, 3] > box[1] - span) & (seen[:, 1] < box[3] + span)
            )
            limits = None
            if bounds is not None:  # the offsets that keep the box on the map
                limits = np.array([bounds[0] - box[0], bounds[1] - box[1], bounds[2] - box[2], bounds[3] - box[3]])
            found = _first_free(cand, box, seen[close], owner[:count][close] == i, limits)
            unresolved[i] = found is None
            k = found or 0
            dx[i], dy[i] = cand[k]
            obstacles[count] = box + (cand[k, 0], cand[k, 1], cand[k, 0], cand[k, 1])
            owner[count] = -1
            count += 1
    moved = (dx != 0.0) | (dy != 0.0)
    return Layout(dx, dy, moved, unresolved)
