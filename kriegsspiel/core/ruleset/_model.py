"""A rule set as frozen values: unit types, terrain, speed tables, structures and constants.

Every number of a rule set lives in the TOML file inside its package; these values only give those
numbers types. :mod:`kriegsspiel.core.ruleset._parse` reads and checks them.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


#: The three theatres of the Fourth Edition; other rule sets use "army" for everything on land.
THEATRES = ("army", "navy", "air")

#: The key of a speed table that is also the roads layer (a road tile overrides the terrain under it).
ROAD = "road"
#: Speed-table keys of structure kinds (``[structure_classes]``): "structure:bridge" is the multiplier on a
#: bridge's cells, over the terrain and the road under it (kept apart from terrain ids, which may share names).
STRUCTURE_SPEED = "structure:"
#: Speed-table key of the terrain ``road`` in a table that ignores the roads layer (``road = false``): the
#: terrain id and the layer share the name ``road``, and aircraft fly over a road tile at the table's default
#: without taking the layer's speed (docs/rulings.md 2026-11: aircraft ignore roads, bridges and passes).
ROAD_TERRAIN_SPEED = "terrain:road"


def terrain_speed(table: Mapping[str, float], terrain_id: str) -> float:
    """The multiplier of a speed table for the terrain ``terrain_id`` (0 = cannot enter), the roads layer aside."""
    if terrain_id == ROAD and ROAD_TERRAIN_SPEED in table:
        return float(table[ROAD_TERRAIN_SPEED])
    return float(table.get(terrain_id, 0.0))

#: Command tables whose ``damage`` is a unit type's ordinary attack, first match wins: the attack table,
#: and for aircraft (which may not use the ordinary attack) the dogfight table, as the summary charts do.

#: In ``[command_ranges]``: the range is the unit type's own ``move`` (for aircraft the flight range).
RANGE_IS_MOVE = "move"

#: TOML has no null; this string stands for "no value" in fields that may have none.
NONE = "none"

#: The terrain classes of ``[terrain_classes]``: speeds per class come from ``[class_speeds.ARM]``; an
#: impassable terrain cannot be entered.
TERRAIN_CLASSES = ("road", "open", "rough", "impassable")


class RuleBookError(ValueError):
    """A rule set file is wrong. The message names the file, the table and the key, and what to do."""

    def __init__(self, source: str, table: str, key: str | None, problem: str) -> None:
        where = f"[{_printable(table)}]" if table else ""
        if key:
            where = f"{where} {_printable(key)}" if where else _printable(key)
        super().__init__(f"{source}: {where}: {problem}")
        self.source = source
        self.table = table
        self.key = key
        self.problem = problem


def format_clock(minutes: int) -> str:
    """Minutes after midnight as ``HH:MM`` (past midnight wraps to the next day's time)."""
    minutes %= 24 * 60
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def _printable(name: str) -> str:
    """A key as a message shows it: quoted when it holds line breaks or other unprintable characters."""
    return name if name.isprintable() else repr(name)


@dataclass(frozen=True, slots=True)
class TerrainType:
    """A terrain class of the map, as named by the Tiled tile property ``terrain``.

    ``speed`` is this terrain's multiplier for land units (the rule set's terrain chart; 0 = impassable);
    per-unit tables live in :attr:`RuleBook.speed_tables`. ``elevation`` is the ground height in elevation
    levels where the map gives none.
    """

    id: str
    name: str
    hideable: bool
    blocks_sight: bool
    water: bool
    elevation: float  # default ground height for line of sight, in elevation levels, where the map gives none
    speed: float = 1.0  # land multiplier of the terrain chart


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
    movement: str  # name of the speed table in RuleBook.speed_tables
    sight_range: float
    weight: int | None  # for load and airlift; None = cannot be carried
    land_capacity: int  # land-unit weight a ship can carry
    air_capacity: int  # aircraft weight a ship can carry
    commands: Mapping[str, CommandStats]
    disembarks_anywhere: bool = False  # a ship whose land units go ashore anywhere, not only at a port

    def can(self, command: str) -> bool:
        """True when this type appears in the command's table."""
        return command in self.commands

    def can_hide_in(self, place: str) -> bool:
        """True when this type may hide on the terrain id or in the structure kind ``place``."""
        return place in self.hide_terrain


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
class RuleBook:
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
    #: line of sight: ``eye_height`` and ``obstacle_height``, in elevation levels
    sight: Mapping[str, float] = field(default_factory=dict)
    #: the command tables in the order the file gives them (empty: in the order the unit types use them)
    command_tables: tuple[str, ...] = ()
    #: terrain id -> class (road, open, rough, impassable), for rule sets that give speeds per class
    terrain_classes: Mapping[str, str] = field(default_factory=dict)
    #: arm (a speed table) -> class -> world units per round; the speed table is these over the road speed
    class_speeds: Mapping[str, Mapping[str, float]] = field(default_factory=dict)
    #: structure kind -> class: its cells move at that class's speed, whatever the terrain and road under them
    structure_classes: Mapping[str, str] = field(default_factory=dict)
    #: the time of day when round 1 begins, minutes after midnight; None = show elapsed game time
    clock_start: int | None = None
    #: what the rule set's table readers made of the tables only it reads, by key (``RuleSet.table_readers``)
    extras: Mapping[str, Any] = field(default_factory=dict)
    #: the installed rule set whose code plays this book (a house-rules copy of a shipped file names the shipped
    #: one, ``based_on = "modern-4e"``); None: the rule set of the same ``id``. Left out of the repr, which
    #: saves fingerprint (``Scenario.ruleset_sha256``): the books of every save written before it stay the same
    based_on: str | None = field(default=None, repr=False)

    @property
    def rules_id(self) -> str:
        """The name of the installed rule set whose orders, handlers and turn play this book."""
        return self.based_on or self.id

    def game_minutes(self, round_number: int) -> int | None:
        """Game time elapsed at the start of ``round_number`` (1-based), in minutes; None when untimed."""
        return None if self.round_minutes is None else (int(round_number) - 1) * self.round_minutes

    def game_clock(self, round_number: int) -> str | None:
        """The game time at the start of a round as text: ``"08:20"`` with a ``clock_start``, else the elapsed
        ``"0:20"``; None for untimed rule sets."""
        minutes = self.game_minutes(round_number)
        if minutes is None:
            return None
        if self.clock_start is None:
            return f"{minutes // 60}:{minutes % 60:02d}"
        return format_clock(self.clock_start + minutes)

    def unit_type(self, type_id: str) -> UnitType:
        """The unit type ``type_id``; raises KeyError with the known ids when there is none."""
        try:
            return self.unit_types[type_id]
        except KeyError:
            known = ", ".join(sorted(self.unit_types))
            raise KeyError(f"unknown unit type {type_id!r}; known types: {known}") from None

    def speed_table(self, type_id: str) -> Mapping[str, float]:
        """Speed multipliers by terrain id (and ``"road"``) for a unit type; 0 means it cannot enter.

        A table without a ``"road"`` key ignores the roads layer (ships pass under bridges).
        Raises KeyError for an unknown unit type.
        """
        return self.speed_tables[self.unit_type(type_id).movement]

    def command_users(self, command: str) -> Mapping[str, CommandStats]:
        """The rows of one command table: unit type id -> its stats, in rule-set order (empty if none)."""
        return {type_id: ut.commands[command] for type_id, ut in self.unit_types.items() if command in ut.commands}

    def command_ids(self) -> tuple[str, ...]:
        """Every command that has a table in this rule set, in the order the file gives them."""
        if self.command_tables:
            return self.command_tables
        seen: dict[str, None] = {}
        for ut in self.unit_types.values():
            for command in ut.commands:
                seen.setdefault(command, None)
        return tuple(seen)


def may(ruleset: RuleBook, unit_type: UnitType, command: str) -> bool:
    """True when ``unit_type`` may give ``command`` (merge, split): by the rule set's command table when it has
    one, else the manual's rule that all land units may."""
    if any(command in t.commands for t in ruleset.unit_types.values()):
        return unit_type.can(command)
    return unit_type.theatre == "army"


def convert_target(ruleset: RuleBook, type_id: str) -> str | None:
    """The type a unit of ``type_id`` converts into, or None when it cannot convert.

    A rule set's ``convert`` command table decides by its rows (``into``: the type it becomes). A rule set
    without the table has no conversions.
    """
    unit_type = ruleset.unit_type(type_id)
    if not unit_type.can("convert"):
        return None
    target = str(unit_type.commands["convert"].extra["into"])
    return target if target in ruleset.unit_types and target != type_id else None
