"""A rule set's data as frozen values (unit types, terrain, speed tables, structures, constants) and the
reader of its TOML file, with the tables the installed rule sets read themselves (:data:`TABLE_READERS`).

This is the package's public face: import from ``kriegsspiel.core.ruleset``, not from its modules.
"""
from __future__ import annotations

from kriegsspiel.core.ruleset._model import (
    ATTACK_COMMANDS,
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
    format_clock,
    terrain_speed,
)
from kriegsspiel.core.ruleset._parse import (
    COMMAND_COLUMNS,
    REQUIRED_COLUMNS,
    TABLE_READERS,
    TableReader,
    parse_ruleset,
)
from kriegsspiel.core.ruleset._tables import Table, describe_value, suggest

__all__ = [
    "ATTACK_COMMANDS",
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
    "TABLE_READERS",
    "TERRAIN_CLASSES",
    "THEATRES",
    "Table",
    "TableReader",
    "TerrainType",
    "UnitType",
    "describe_value",
    "format_clock",
    "parse_ruleset",
    "suggest",
    "terrain_speed",
]
