"""Tiled objects -> shapes in Tiled pixels: positions of units, outlines of structures and zones.

Tiled rotates an object about its origin: the top-left corner for rectangles, ellipses and polygons, the
bottom-left corner for tile objects (those with a gid). Rotation is in degrees clockwise (y points down).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from kriegsspiel.tmx.xmltree import Node

#: Points on an ellipse's outline when a zone or structure is drawn as an ellipse.
ELLIPSE_POINTS = 24


@dataclass(frozen=True, slots=True)
class Shape:
    """An object's geometry in Tiled pixels.

    ``kind`` is "point", "tile", "rectangle", "ellipse", "polygon" or "polyline"; ``outline`` its corners
    (one point for a point object); ``centre`` the point a unit stands on.
    """

    kind: str
    centre: tuple[float, float]
    outline: tuple[tuple[float, float], ...]

    @property
    def closed(self) -> bool:
        return self.kind not in ("point", "polyline")


def _float(node: Node, key: str) -> float:
    try:
        return float(node.get(key) or 0.0)
    except ValueError:
        return 0.0


def object_shape(obj: Node) -> Shape:
    """The geometry of one ``<object>`` element in Tiled pixels (rotation applied)."""
    x, y = _float(obj, "x"), _float(obj, "y")
    w, h = _float(obj, "width"), _float(obj, "height")
    angle = math.radians(_float(obj, "rotation"))
    cos_a, sin_a = math.cos(angle), math.sin(angle)

    def place(dx: float, dy: float) -> tuple[float, float]:
        return x + dx * cos_a - dy * sin_a, y + dx * sin_a + dy * cos_a

    if obj.get("gid") is not None:
        corners = (place(0, 0), place(w, 0), place(w, -h), place(0, -h))
        return Shape("tile", place(w / 2, -h / 2), corners)
    polygon = obj.find("polygon") or obj.find("polyline")
    if polygon is not None:
        points = []
        for pair in (polygon.get("points") or "").split():
            try:
                px, py = (float(v) for v in pair.split(","))
            except ValueError:
                continue
            points.append(place(px, py))
        kind = polygon.tag
        if not points:
            return Shape("point", (x, y), ((x, y),))
        cx = sum(p[0] for p in points) / len(points)
        cy = sum(p[1] for p in points) / len(points)
        return Shape(kind, (cx, cy), tuple(points))
    if obj.find("point") is not None or (w == 0 and h == 0):
        return Shape("point", (x, y), ((x, y),))
    if obj.find("ellipse") is not None:
        rim = tuple(
            place(w / 2 + w / 2 * math.cos(t), h / 2 + h / 2 * math.sin(t))
            for t in (2 * math.pi * i / ELLIPSE_POINTS for i in range(ELLIPSE_POINTS))
        )
        return Shape("ellipse", place(w / 2, h / 2), rim)
    corners = (place(0, 0), place(w, 0), place(w, h), place(0, h))
    return Shape("rectangle", place(w / 2, h / 2), corners)
