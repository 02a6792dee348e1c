"""Movement over the terrain: one cost field per pick-up (Dijkstra on an 8-neighbour lattice, C kernel with a
Python reference), the path to the point asked for, and the verdict on a move.

This is the package's public face: import from ``kriegsspiel.core.movement``, not from its modules.
"""
from __future__ import annotations

from kriegsspiel.core.movement._check import (
    MoveVerdict,
    check_move,
    command_range,
    in_range,
    range_check,
    range_reason,
)
from kriegsspiel.core.movement._field import (
    COST_TOLERANCE,
    CostField,
    cost_field,
    movement_kernel,
    path_cost,
    segment_cost,
    speed_field,
)
from kriegsspiel.core.movement._path import PathResult, cheapest_path, terrain_along, terrain_stretches

__all__ = [
    "COST_TOLERANCE",
    "CostField",
    "MoveVerdict",
    "PathResult",
    "cheapest_path",
    "check_move",
    "command_range",
    "cost_field",
    "in_range",
    "movement_kernel",
    "path_cost",
    "range_check",
    "range_reason",
    "segment_cost",
    "speed_field",
    "terrain_along",
    "terrain_stretches",
]
