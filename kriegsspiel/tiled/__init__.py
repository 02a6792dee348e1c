"""Tiled maps: a ``.tmx`` file -> a Battlefield for the rules, and the checks a map author runs.

``load_battlefield(path, ruleset)`` builds the Battlefield or raises MapError; ``check_map(path, ruleset)``
lists every error and warning at once. Neither needs a display: tile images are only loaded when drawing
(``kriegsspiel.render.tiles``).
"""
from __future__ import annotations

from kriegsspiel.tiled.errors import MapError
from kriegsspiel.tiled.loader import MapReport, check_map, load_battlefield, read_map

__all__ = ["MapError", "MapReport", "check_map", "load_battlefield", "read_map"]
