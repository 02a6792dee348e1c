"""A rule set as frozen values: unit types, terrain, speed tables, structures and constants.

Every number of a rule set lives in ``kriegsspiel/rulesets/<id>.toml``; this module only gives those
numbers types and checks them. It does no file I/O: :func:`parse_ruleset` takes the already-parsed TOML
(a dict) and the file name to put in its messages.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

#: The three theatres of the Fourth Edition; other rule sets use "army" for everything on land.
THEATRES = ("army", "navy", "air")


class RulesetError(ValueError):
    """A rule set file is wrong. The message names the file, the table and the key, and what to do."""

    def __init__(self, source: str, table: str, key: str | None, problem: str) -> None:
        where = f"[{table}]" + (f" {key}" if key else "")
        super().__init__(f"{source}: {where}: {problem}")
        self.source = source
        self.table = table
        self.key = key
        self.problem = problem


@dataclass(frozen=True, slots=True)
class TerrainType:
    """A terrain class of the map, as named by the Tiled tile property ``terrain``.

    ``speed`` is this terrain's entry in the default land speed table (a multiplier; 0 = impassable);
    per-unit tables live in :attr:`Ruleset.speed_tables`.
    """

    id: str
    name: str
    hideable: bool
    blocks_sight: bool
    water: bool
    elevation: float  # default height for line of sight, in world units, where the map gives none


@dataclass(frozen=True, slots=True)
class CommandStats:
    """A unit type's row in one command table: the maximum damage and the range (world units).

    ``extra`` holds the table's other columns (radius, capacity, sink chance...), by their TOML key.
    """

    damage: int | None
    range: float | None
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class UnitType:
    """One unit type of a rule set. Distances are world units; angles are degrees."""

    id: str
    name: str
    theatre: str
    health: int
    move: float  # movement allowance per turn; for aircraft the flight range
    attack: int  # maximum ordinary attack damage; 0 = cannot attack
    heading_limit: float | None  # largest bearing change of one move; None = turns freely
    move_and_fire: bool
    hide_terrain: tuple[str, ...]  # terrain ids and structure kinds it can hide in
    hidden_by_default: bool
    movement: str  # name of the speed table in Ruleset.speed_tables
    sight_range: float
    weight: int | None  # for load and airlift; None = cannot be carried
    land_capacity: int  # land-unit weight a ship can carry
    air_capacity: int  # aircraft weight a ship can carry
    commands: Mapping[str, CommandStats]

    def can(self, command: str) -> bool:
        """True when this type appears in the command's table."""
        return command in self.commands


@dataclass(frozen=True, slots=True)
class StructureType:
    """A kind of structure (settlement, building, bridge, road, fortification, port, airfield)."""

    id: str
    name: str
    max_health: int | None  # None = cannot be destroyed
    max_size: int | None  # None = variable / set by the scenario
    hides: int | None  # how many units it can hide; None = none, -1 = any number
    summary: str


@dataclass(frozen=True, slots=True)
class Ruleset:
    """A whole rule set. Mappings are read-only views."""

    id: str
    title: str
    distance_unit: str  # "units" or "metres"
    round_minutes: int | None  # game time per round; None = untimed
    terrain: Mapping[str, TerrainType]
    speed_tables: Mapping[str, Mapping[str, float]]  # table -> terrain id or "road" -> multiplier
    unit_types: Mapping[str, UnitType]
    structures: Mapping[str, StructureType]
    constants: Mapping[str, float]

    def unit_type(self, type_id: str) -> UnitType:
        """The unit type ``type_id``; raises KeyError with the known ids when there is none."""
        try:
            return self.unit_types[type_id]
        except KeyError:
            known = ", ".join(sorted(self.unit_types))
            raise KeyError(f"unknown unit type {type_id!r}; known types: {known}") from None

    def speed_table(self, type_id: str) -> Mapping[str, float]:
        """Speed multipliers by terrain id (and ``"road"``) for a unit type; 0 means it cannot enter."""
        return self.speed_tables[self.unit_type(type_id).movement]


def parse_ruleset(data: Mapping[str, Any], source: str) -> Ruleset:
    """Build and validate a Ruleset from parsed TOML.

    Raises RulesetError naming ``source``, the table and the key for a missing or unknown key, a
    wrong type, or an unknown terrain.
    """
    raise NotImplementedError("filled in by the rule-set work")
