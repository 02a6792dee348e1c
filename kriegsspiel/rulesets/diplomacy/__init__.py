"""Diplomacy on province maps: the map model, the standard board, and a DATC-compliant adjudicator.

Pure Python (standard library only): no pygame, no pytmx, no file I/O beyond reading map data files.
The public face:

- maps: :class:`ProvinceMap`, :class:`Province`, :func:`standard_map`, :func:`load_map`,
  :func:`map_from_properties` (what a Tiled province-map loader feeds), :func:`validate_map`;
- orders: :class:`Unit`, :class:`Order`, :func:`parse_order`;
- phases: :func:`run_movement`, :func:`run_air_movement` (Air Power Diplomacy's wings), :func:`run_retreats`, :func:`run_adjustments`, :func:`civil_disorder`,
  :func:`update_centres`, and :func:`run_phase` for one phase in the JSON interchange format;
- errors (all :class:`kriegsspiel.errors.UserError`): :class:`MapError`, :class:`OrderError`, :class:`InputError`.
"""
from __future__ import annotations

from kriegsspiel.rulesets.diplomacy.adjustments import (
    adjustment_needed, civil_disorder, run_adjustments, run_retreats, update_centres,
)
from kriegsspiel.rulesets.diplomacy.airpower import run_air_movement
from kriegsspiel.rulesets.diplomacy.board import Province, ProvinceMap, coast_of, province_of
from kriegsspiel.rulesets.diplomacy.interchange import InputError, run_phase
from kriegsspiel.rulesets.diplomacy.mapfile import (
    MapError, load_map, map_from_properties, resolve_map, standard_map, validate_map,
)
from kriegsspiel.rulesets.diplomacy.movement import Dislodged, MovementResult, run_movement
from kriegsspiel.rulesets.diplomacy.orders import Order, OrderError, Unit, parse_order

__all__ = [
    "Dislodged", "InputError", "MapError", "MovementResult", "Order", "OrderError", "Province", "ProvinceMap",
    "Unit", "adjustment_needed", "civil_disorder", "coast_of", "load_map", "map_from_properties", "parse_order",
    "province_of", "resolve_map", "run_adjustments", "run_air_movement", "run_movement", "run_phase", "run_retreats",
    "standard_map", "update_centres", "validate_map",
]
