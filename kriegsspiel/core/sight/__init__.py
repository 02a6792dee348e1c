"""Line of sight over the terrain (C kernel with a Python reference) and the fog of war: :func:`player_view`
is the only door from the game state to what a player may know.

This is the package's public face: import from ``kriegsspiel.core.sight``, not from its modules.
"""
from __future__ import annotations

from kriegsspiel.core.sight._fog import (
    BLOCKING_STRUCTURE_KINDS,
    OwnUnit,
    PlayerView,
    Received,
    SeenEnemy,
    UnknownPlayer,
    battlefield_sight_terrain,
    commanded_units,
    find_player,
    known_structures,
    player_view,
    received_messages,
    structure_block,
    structure_cells,
)
from kriegsspiel.core.sight._line import (
    Observer,
    RingGeometry,
    SLOPE_TOLERANCE,
    SightRules,
    SightTerrain,
    Viewshed,
    ring_geometry,
    seen_area,
    sight_kernel,
    sight_terrain,
    terrain_heights_of,
    viewshed,
    viewshed_on,
    viewshed_reference,
)

__all__ = [
    "BLOCKING_STRUCTURE_KINDS",
    "Observer",
    "OwnUnit",
    "PlayerView",
    "Received",
    "RingGeometry",
    "SLOPE_TOLERANCE",
    "SeenEnemy",
    "SightRules",
    "SightTerrain",
    "UnknownPlayer",
    "Viewshed",
    "battlefield_sight_terrain",
    "commanded_units",
    "find_player",
    "known_structures",
    "player_view",
    "received_messages",
    "ring_geometry",
    "seen_area",
    "sight_kernel",
    "sight_terrain",
    "structure_block",
    "structure_cells",
    "terrain_heights_of",
    "viewshed",
    "viewshed_on",
    "viewshed_reference",
]
