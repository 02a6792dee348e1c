"""Reading Tiled files (``.tmx`` maps, ``.tsx`` tilesets, ``.tx`` templates) once, into numpy and a small tree.

No rules and no pictures here: ``kriegsspiel.tiled`` turns a :class:`MapDocument` into the rules' battlefield,
``kriegsspiel.render`` draws it. It sits below both (the place pytmx used to hold) so that drawing a map never
imports the map loader. Everything a map names is kept inside its Tiled project (``paths``), compressed
layers unpack with a bound, and nesting and map size are limited (``layerdata``, ``xmltree``).
"""
from __future__ import annotations

from kriegsspiel.tmx.document import (
    FLIP_D, FLIP_H, FLIP_V, GID_FLAGS, ROTATE_120, MapDocument, read_document, read_layer_role,
)

__all__ = ["FLIP_D", "FLIP_H", "FLIP_V", "GID_FLAGS", "ROTATE_120", "MapDocument", "read_document", "read_layer_role"]
