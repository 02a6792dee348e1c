"""Province maps in Tiled: the board of an area game (Diplomacy) as polygons with properties.

A province map is a Tiled map whose map property ``kind`` is ``provinces``. Each province is a polygon object on that layer:

- the object's **name** is the province's full name (``Paris``); its property ``abbreviation`` (``PAR``) is
  how orders name it. (A custom property called ``name`` would clash with the object's own name, and pytmx, which
  other tools build on, refuses such a map: the full name lives in the object name.)
- the other custom properties are the rule set's, e.g. for Diplomacy ``kind``, ``supply_centre``, ``home``,
  ``coasts``, ``army``, ``fleet``, ``fleet_nc`` (docs/diplomacy.md); a list is one string of abbreviations
  separated by spaces or commas.

Map properties: ``ruleset`` (the rule set that reads the provinces, default ``diplomacy``), ``powers`` (the
powers, separated by spaces), ``map_name``. Adjacency is never read from the shapes: it is in the properties.

This module reads the file with the project's TMX reader (:mod:`kriegsspiel.tmx`) and checks the geometry: a province object that is not a polygon, one
without an abbreviation, two with the same one, polygons that overlap. What the properties mean is the rule
set's to check (``RuleSet.check_provinces``).
"""
from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from kriegsspiel.findings import Finding
from kriegsspiel.tiled.errors import MapError
from kriegsspiel.tmx import read_document
from kriegsspiel.tmx.properties import read_properties
from kriegsspiel.tmx.xmltree import read_head

#: the object layer of provinces
PROVINCE_LAYER = "provinces"
#: the default rule set of a province map without a ``ruleset`` property
DEFAULT_RULESET = "diplomacy"
#: cells per side of the raster the overlap check draws the polygons on (its resolution, not a limit)
_OVERLAP_RASTER = 400
#: a province whose polygon shares more than this fraction of its area with another is reported
_OVERLAP_SHARE = 0.02


@dataclass(frozen=True, slots=True)
class ProvinceShape:
    """One province polygon: its abbreviation, full name, outline (map pixels) and custom properties."""

    abbreviation: str
    name: str
    outline: tuple[tuple[float, float], ...]
    properties: Mapping[str, Any]
    object_id: int

    def centre(self) -> tuple[float, float]:
        """Where the province's name and its unit are drawn (map pixels): the point inside the polygon farthest
        from its border, on a grid of 40 x 40 over its bounds (a centroid can fall outside a bent province)."""
        return _deepest_point(np.asarray(self.outline, dtype=float))


@dataclass(frozen=True, slots=True)
class ProvinceMapFile:
    """A province map as read from Tiled: map properties and the provinces by abbreviation."""

    source: str
    ruleset: str
    map_name: str
    powers: tuple[str, ...]
    width_px: int
    height_px: int
    provinces: Mapping[str, ProvinceShape]

    def properties(self) -> dict[str, dict[str, Any]]:
        """Abbreviation -> the province's properties with its full name as ``name``, as rule sets read them."""
        return {abbr: {**shape.properties, "name": shape.name} for abbr, shape in self.provinces.items()}


def is_province_map(path: str | os.PathLike[str]) -> bool:
    """True when the TMX file at ``path`` is a province map: its map property ``kind`` is ``provinces``. Reads
    only the head of the file; False for anything else, unreadable files included."""
    head = read_head(os.fspath(path))
    if head is None or head.tag != "map":
        return False
    return str(read_properties(head).get("kind", "")).strip() == "provinces"


def read_province_map(path: str | os.PathLike[str], overlaps: bool = True) -> tuple[ProvinceMapFile, list[Finding]]:
    """Read a province map (the project's one TMX reader, :mod:`kriegsspiel.tmx`) and check its geometry
    (``overlaps`` False: all but the overlap of polygons, which takes seconds on a board of 76 provinces and is
    ``kriegsspiel check``'s business, not that of each game opened on the map).

    Returns the map and the findings (errors and warnings, each naming the province). Raises MapError (one line
    naming the file, the line and what to do in Tiled) when the file cannot be read at all or has no province
    layer.
    """
    source = os.fspath(path)
    doc = read_document(source)
    if doc.root is None or doc.has_errors:
        first = next((f for f in doc.findings if f.severity == "error"), None)
        where = f"{source}:{first.line}" if first is not None and first.line else source
        raise MapError(f"{where}: {first.message if first else 'cannot read the map'}")
    map_props = read_properties(doc.root)
    layer = next((node for node in doc.object_layers if node.get("name") == PROVINCE_LAYER), None)
    if layer is None:
        raise MapError(f"{source}: no object layer called {PROVINCE_LAYER!r}; add one in Tiled and draw one "
                       "polygon per province on it")
    findings: list[Finding] = [f for f in doc.findings if f.severity != "error"]
    shapes: dict[str, ProvinceShape] = {}
    shift_x, shift_y = doc.shift_px
    for obj in layer.findall("object"):
        object_id = int(obj.get("id") or 0)
        name = obj.get("name") or ""
        label = f"object {object_id}" + (f" ({name})" if name else "")
        props = read_properties(obj)
        abbr = str(props.pop("abbreviation", "") or "").strip().upper()
        if not abbr:
            findings.append(Finding(source, f"{label}: no property 'abbreviation'; give the province its "
                                            "abbreviation (e.g. PAR) as a string property", "error", obj.line))
            continue
        polygon = obj.find("polygon")
        points = _points(polygon.get("points") or "") if polygon is not None else []
        if len(points) < 3:
            findings.append(Finding(source, f"province {abbr} ({label}) is not a polygon; draw it with the "
                                            "polygon tool", "error", obj.line))
            continue
        if abbr in shapes:
            findings.append(Finding(source, f"province {abbr} is drawn twice (objects {shapes[abbr].object_id} "
                                            f"and {object_id}); give each polygon its own abbreviation",
                                    "error", obj.line))
            continue
        x0 = float(obj.get("x") or 0) - shift_x
        y0 = float(obj.get("y") or 0) - shift_y
        shapes[abbr] = ProvinceShape(abbr, name or abbr, tuple((x0 + x, y0 + y) for x, y in points), props, object_id)
    if not shapes:
        raise MapError(f"{source}: the layer {PROVINCE_LAYER!r} has no province polygons; draw one polygon per "
                       "province with the property 'abbreviation'")
    tile_w = int(doc.root.get("tilewidth") or 0)
    tile_h = int(doc.root.get("tileheight") or 0)
    if overlaps:
        findings += _overlaps(source, shapes, doc.columns * tile_w, doc.rows * tile_h)
    powers = tuple(str(map_props.get("powers", "")).replace(",", " ").split())
    result = ProvinceMapFile(
        source=source,
        ruleset=str(map_props.get("ruleset", DEFAULT_RULESET)),
        map_name=str(map_props.get("map_name", os.path.splitext(os.path.basename(source))[0])),
        powers=powers,
        width_px=doc.columns * tile_w,
        height_px=doc.rows * tile_h,
        provinces=shapes,
    )
    return result, findings


def _points(text: str) -> list[tuple[float, float]]:
    """Tiled's ``points="x,y x,y ..."`` (the reader has already refused pairs that are not numbers)."""
    pairs = []
    for pair in text.split():
        x, _, y = pair.partition(",")
        pairs.append((float(x), float(y)))
    return pairs


def _overlaps(source: str, shapes: Mapping[str, ProvinceShape], width: float, height: float) -> list[Finding]:
    """Pairs of provinces whose polygons overlap by more than a sliver, on a raster over the map. Each polygon
    is filled once within its bounding box (:func:`fill_polygon`), so the time grows with the map's area and
    the polygons' edges, not with their product."""
    scale = _OVERLAP_RASTER / max(width, height, 1.0)
    cols, rows = max(1, int(width * scale)), max(1, int(height * scale))
    owner = np.full((rows, cols), -1, dtype=np.int32)
    areas: dict[int, int] = {}
    shared: dict[tuple[int, int], int] = {}
    names = list(shapes)
    for index, abbr in enumerate(names):
        (r0, c0), inside = fill_polygon(np.asarray(shapes[abbr].outline, dtype=float), scale, rows, cols)
        areas[index] = int(inside.sum())
        if not areas[index]:
            continue
        window = owner[r0:r0 + inside.shape[0], c0:c0 + inside.shape[1]]
        clash = inside & (window >= 0)
        if clash.any():
            others, counts = np.unique(window[clash], return_counts=True)
            for other, count in zip(others.tolist(), counts.tolist()):
                shared[(other, index)] = shared.get((other, index), 0) + int(count)
        window[inside & (window < 0)] = index
    findings = []
    for (a, b), count in sorted(shared.items()):
        if count > _OVERLAP_SHARE * max(1, min(areas[a], areas[b])):
            findings.append(Finding(source, f"provinces {names[a]} and {names[b]} overlap; move the shared "
                                            "border so each point of the map is in one province"))
    return findings


def fill_polygon(pts: np.ndarray, scale: float, rows: int, cols: int) -> tuple[tuple[int, int], np.ndarray]:
    """The cells of a ``rows`` x ``cols`` raster (cell centres at ``(i + 0.5) / scale`` map pixels) inside the
    polygon ``pts`` by the even-odd rule, as ((first row, first column), mask) over the polygon's bounding box.

    Scanline filling: each edge's crossings with the rows it spans (half-open in y, as :func:`_inside`) toggle
    the cells left of the crossing; work in proportion to the crossings and the box, whatever the map's size.
    """
    finite = np.isfinite(pts).all(axis=1)
    pts = pts[finite]
    if len(pts) < 3:
        return (0, 0), np.zeros((0, 0), dtype=bool)
    lo = np.floor(pts.min(axis=0) * scale - 0.5)
    hi = np.ceil(pts.max(axis=0) * scale + 0.5)
    c0, r0 = (int(v) for v in np.clip(lo, 0, [cols, rows]))
    c1, r1 = (int(v) for v in np.clip(hi, 0, [cols, rows]))
    if r1 <= r0 or c1 <= c0:
        return (r0, c0), np.zeros((0, 0), dtype=bool)
    x0, y0 = pts[:, 0], pts[:, 1]
    x1, y1 = np.roll(x0, 1), np.roll(y0, 1)
    y_lo, y_hi = np.minimum(y0, y1), np.maximum(y0, y1)
    # rows whose centre y satisfies y_lo <= y < y_hi
    first = np.clip(np.ceil(y_lo * scale - 0.5), r0, r1).astype(np.int64)
    stop = np.clip(np.ceil(y_hi * scale - 0.5), r0, r1).astype(np.int64)
    spans = np.maximum(stop - first, 0)
    total = int(spans.sum())
    counts = np.zeros((r1 - r0, c1 - c0 + 1), dtype=np.int32)
    if total:
        edge = np.repeat(np.arange(len(pts)), spans)
        offset = np.arange(total) - np.repeat(np.cumsum(spans) - spans, spans)
        row = first[edge] + offset
        ys = (row + 0.5) / scale
        with np.errstate(divide="ignore", invalid="ignore"):
            at_x = x1[edge] + (ys - y1[edge]) * (x0[edge] - x1[edge]) / (y0[edge] - y1[edge])
        # the cells c with (c + 0.5) / scale < at_x are toggled: c < ceil(at_x * scale - 0.5)
        left = np.clip(np.ceil(at_x * scale - 0.5), c0, c1).astype(np.int64)
        np.add.at(counts, (row - r0, left - c0), 1)
    toggles = np.cumsum(counts[:, ::-1], axis=1)[:, ::-1][:, 1:]  # crossings right of each cell
    return (r0, c0), (toggles % 2).astype(bool)


def _inside(xs: np.ndarray, ys: np.ndarray, pts: np.ndarray) -> np.ndarray:
    """Even-odd point-in-polygon for every (x, y) of the grids."""
    inside = np.zeros(xs.shape, dtype=bool)
    x0, y0 = pts[-1]
    for x1, y1 in pts:
        crosses = (y1 > ys) != (y0 > ys)
        with np.errstate(divide="ignore", invalid="ignore"):
            at_x = x0 + (ys - y0) * (x1 - x0) / (y1 - y0)
        inside ^= crosses & (xs < at_x)
        x0, y0 = x1, y1
    return inside


def check_province_map(path: str | os.PathLike[str], ruleset_name: str | None = None) -> tuple[list[Finding], bool]:
    """Every finding of a province map: its geometry, then its properties as its rule set reads them (the map
    property ``ruleset``, or ``ruleset_name`` when given). Returns (findings, readable); never raises for bad
    input."""
    from kriegsspiel.core.plugin import find_ruleset, installed_rulesets

    source = os.fspath(path)
    try:
        board, findings = read_province_map(source)
    except MapError as exc:  # "FILE[:LINE]: what; what to do" -> a finding of that file and line
        where = re.match(re.escape(source) + r"(?::(\d+))?: ", str(exc))
        message = str(exc)[where.end():] if where else str(exc)
        line = int(where.group(1)) if where and where.group(1) else None
        return [Finding(source, message, "error", line)], False
    name = ruleset_name or board.ruleset
    ruleset = find_ruleset(name)
    if ruleset is None:
        known = ", ".join(n for n, r in sorted(installed_rulesets().items()) if r.kind == "area") or "none"
        findings.append(Finding(source, f"the map's rule set {name!r} is not installed; set the map property "
                                        f"'ruleset' to one of the area games installed: {known}"))
        return findings, False
    for problem in ruleset.check_provinces(board.powers, board.properties(), source):
        findings.append(Finding(source, problem))
    return findings, True


def _deepest_point(pts: np.ndarray, steps: int = 40) -> tuple[float, float]:
    """The grid point inside the polygon ``pts`` farthest from its edges (the middle of its bounds if none)."""
    (x0, y0), (x1, y1) = pts.min(axis=0), pts.max(axis=0)
    xs, ys = np.meshgrid(np.linspace(x0, x1, steps + 2)[1:-1], np.linspace(y0, y1, steps + 2)[1:-1])
    inside = _inside(xs, ys, pts)
    if not inside.any():
        return float((x0 + x1) / 2), float((y0 + y1) / 2)
    px, py = xs[inside], ys[inside]
    ax, ay = pts[:, 0], pts[:, 1]
    bx, by = np.roll(ax, -1), np.roll(ay, -1)
    dx, dy = bx - ax, by - ay
    length2 = np.maximum(dx * dx + dy * dy, 1e-12)
    t = np.clip(((px[:, None] - ax) * dx + (py[:, None] - ay) * dy) / length2, 0.0, 1.0)
    gap = np.hypot(px[:, None] - (ax + t * dx), py[:, None] - (ay + t * dy)).min(axis=1)
    best = int(np.argmax(gap))
    return float(px[best]), float(py[best])


def province_properties(path: str) -> tuple[str, tuple[str, ...], dict[str, dict[str, Any]]]:
    """A province map as area rule sets read it: (map name, powers, properties by abbreviation).

    Raises MapError naming the file when it cannot be read, or for the first geometry error found.
    """
    board, findings = read_province_map(path)
    errors = [f for f in findings if f.severity == "error"]
    if errors:
        more = f" (and {len(errors) - 1} more; run kriegsspiel check)" if len(errors) > 1 else ""
        raise MapError(f"{board.source}: {errors[0].message}{more}")
    return board.map_name, board.powers, board.properties()
