"""A rule set's data as frozen values (unit types, terrain, speed tables, structures, constants) and the
reader of its TOML file, with the tables a rule set reads itself (passed in by the loader).

This is the package's public face: import from ``kriegsspiel.core.ruleset``, not from its modules.
"""
from __future__ import annotations

from kriegsspiel.core.ruleset._model import (
    CommandStats,
    NONE,
    RANGE_IS_MOVE,
    ROAD,
    ROAD_TERRAIN_SPEED,
    RuleBook,
    RuleBookError,
    STRUCTURE_SPEED,
    StructureType,
    TERRAIN_CLASSES,
    THEATRES,
    TerrainType,
    UnitType,
    convert_target,
    format_clock,
    may,
    terrain_speed,
)
from kriegsspiel.core.ruleset._parse import (
    COLUMN_KINDS,
    COMMAND_COLUMNS,
    REQUIRED_COLUMNS,
    TableReader,
    parse_ruleset,
)
from kriegsspiel.core.ruleset._tables import Table, describe_value, suggest

__all__ = [
    "COLUMN_KINDS",
    "COMMAND_COLUMNS",
    "CommandStats",
    "NONE",
    "RANGE_IS_MOVE",
    "REQUIRED_COLUMNS",
    "ROAD",
    "ROAD_TERRAIN_SPEED",
    "RuleBook",
    "RuleBookError",
    "STRUCTURE_SPEED",
    "StructureType",
    "TERRAIN_CLASSES",
    "THEATRES",
    "Table",
    "TableReader",
    "TerrainType",
    "UnitType",
    "convert_target",
    "may",
    "describe_value",
    "format_clock",
    "parse_ruleset",
    "suggest",
    "terrain_speed",
]
