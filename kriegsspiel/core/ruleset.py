"""A rule set as frozen values: unit types, terrain, speed tables, structures and constants.

Every number of a rule set lives in ``kriegsspiel/rulesets/<id>.toml``; this module only gives those
numbers types and checks them. It does no file I/O: :func:`parse_ruleset` takes the already-parsed TOML
(a dict) and the file name to put in its messages. ``docs/rulesets.md`` describes the file layout.
"""
from __future__ import annotations

import difflib
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from kriegsspiel.core.v3_rules import CombatRules, OrderRules

#: The three theatres of the Fourth Edition; other rule sets use "army" for everything on land.
THEATRES = ("army", "navy", "air")

#: The key of a speed table that is also the roads layer (a road tile overrides the terrain under it).
ROAD = "road"
#: Speed-table keys of structure kinds (``[structure_classes]``): "structure:bridge" is the multiplier on a
#: bridge's cells, over the terrain and the road under it (kept apart from terrain ids, which may share names).
STRUCTURE_SPEED = "structure:"

#: Command tables whose ``damage`` is a unit type's ordinary attack, first match wins: the attack table,
#: and for aircraft (which may not use the ordinary attack) the dogfight table, as the summary charts do.
ATTACK_COMMANDS = ("attack", "dogfight")

#: In ``[command_ranges]``: the range is the unit type's own ``move`` (for aircraft the flight range).
RANGE_IS_MOVE = "move"

#: TOML has no null; this string stands for "no value" in fields that may have none.
NONE = "none"

#: The terrain classes of ``[terrain_classes]``: speeds per class come from ``[class_speeds.ARM]``; an
#: impassable terrain cannot be entered.
TERRAIN_CLASSES = ("road", "open", "rough", "impassable")


class RulesetError(ValueError):
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


def _printable(name: str) -> str:
    """A key as a message shows it: quoted when it holds line breaks or other unprintable characters."""
    return name if name.isprintable() else repr(name)


@dataclass(frozen=True, slots=True)
class TerrainType:
    """A terrain class of the map, as named by the Tiled tile property ``terrain``.

    ``speed`` is this terrain's multiplier for land units (the rule set's terrain chart; 0 = impassable);
    per-unit tables live in :attr:`Ruleset.speed_tables`. ``elevation`` is the ground height in elevation
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
    movement: str  # name of the speed table in Ruleset.speed_tables
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
    #: the d10 combat charts and their effects (Ruleset V3); None = the rule set has none
    combat: CombatRules | None = None
    #: orders by courier (Ruleset V3); None = orders are not carried
    orders: OrderRules | None = None
    #: the time of day when round 1 begins, minutes after midnight; None = show elapsed game time
    clock_start: int | None = None

    def movement_factor(self, disruption: int) -> float:
        """The multiplier of a unit's movement at a disruption level (1.0 without disruption rules)."""
        return 1.0 if self.combat is None else self.combat.movement_factor(disruption)

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
        from kriegsspiel.core.v3_rules import format_clock

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


# --------------------------------------------------------------------------------------------------------
# Parsing


class _Table:
    """One TOML table being read: typed getters that raise RulesetError naming the source, table and key."""

    def __init__(self, source: str, name: str, data: Any, allowed: tuple[str, ...] | None = None, *,
                 unknown: str = "key", listing: tuple[str, ...] | None = None,
                 hints: Mapping[str, str] | None = None) -> None:
        self.source = source
        self.name = name
        if not isinstance(data, dict):
            raise self.whole_table_error(f"expected a table, got {_describe(data)}")
        self.data: dict[str, Any] = data
        if allowed is not None:
            for key in data:
                if key in allowed:
                    continue
                if hints and key in hints:
                    raise self.error(key, hints[key])
                raise self.error(key, f"unknown {unknown}; " + _suggest(key, listing or allowed, f"known {unknown}s"))

    def whole_table_error(self, problem: str) -> RulesetError:
        parent, _, key = self.name.rpartition(".")
        return RulesetError(self.source, parent, key, problem)

    def error(self, key: str | None, problem: str) -> RulesetError:
        """A RulesetError for ``key`` of this table."""
        return RulesetError(self.source, self.name, key, problem)

    def has(self, key: str) -> bool:
        return key in self.data

    def raw(self, key: str, kind: str) -> Any:
        if key not in self.data:
            if kind == "table":
                raise self.error(key, f"missing; add a [{_join(self.name, key)}] table")
            raise self.error(key, f"missing; add {key} = <{kind}>")
        return self.data[key]

    def string(self, key: str) -> str:
        value = self.raw(key, "text")
        if not isinstance(value, str):
            raise self.error(key, f"expected text in quotes, got {_describe(value)}")
        return value

    def boolean(self, key: str) -> bool:
        value = self.raw(key, "true or false")
        if not isinstance(value, bool):
            raise self.error(key, f"expected true or false, got {_describe(value)}")
        return value

    def integer(self, key: str, *, minimum: int = 0) -> int:
        value = self.raw(key, "integer")
        return self._check_integer(key, value, "integer", minimum)

    def integer_or_none(self, key: str, *, minimum: int = 0) -> int | None:
        kind = f'integer or "{NONE}"'
        value = self.raw(key, kind)
        return None if value == NONE else self._check_integer(key, value, kind, minimum)

    def number(self, key: str, *, minimum: float = 0.0) -> float:
        value = self.raw(key, "number")
        return self._check_number(key, value, "number", minimum)

    def number_or_none(self, key: str, *, minimum: float = 0.0) -> float | None:
        kind = f'number or "{NONE}"'
        value = self.raw(key, kind)
        return None if value == NONE else self._check_number(key, value, kind, minimum)

    def _check_integer(self, key: str, value: Any, kind: str, minimum: int) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.error(key, f"expected an {kind}, got {_describe(value)}")
        if value < minimum:
            raise self.error(key, f"must be at least {minimum}, got {value}")
        return value

    def _check_number(self, key: str, value: Any, kind: str, minimum: float) -> float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise self.error(key, f"expected a {kind}, got {_describe(value)}")
        if not math.isfinite(value):
            raise self.error(key, f"expected a finite {kind}, got {_describe(value)}")
        if value < minimum:
            raise self.error(key, f"must be at least {minimum:g}, got {value:g}")
        return float(value)

    def table(self, key: str, allowed: tuple[str, ...] | None = None, *, unknown: str = "key",
              listing: tuple[str, ...] | None = None, hints: Mapping[str, str] | None = None) -> _Table:
        self.raw(key, "table")
        return _Table(self.source, _join(self.name, key), self.data[key], allowed,
                      unknown=unknown, listing=listing, hints=hints)

    def optional_table(self, key: str, allowed: tuple[str, ...] | None = None) -> _Table:
        if key not in self.data:
            return _Table(self.source, _join(self.name, key), {}, allowed)
        return self.table(key, allowed)


def _join(table: str, key: str) -> str:
    return f"{table}.{key}" if table else key


def _describe(value: Any) -> str:
    if isinstance(value, bool):
        return f"the boolean {str(value).lower()}"
    if isinstance(value, str):
        return f"the text {value!r}"
    if isinstance(value, int):
        return f"the integer {value}"
    if isinstance(value, float):
        return f"the number {value:g}"
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "a list"
    return type(value).__name__


def _suggest(key: str, known: tuple[str, ...] | list[str], what: str) -> str:
    close = difflib.get_close_matches(key, list(known), n=1)
    listing = f"{what}: {', '.join(known)}"
    return f"did you mean {close[0]!r}? {listing}" if close else listing


_CORE_KEYS = ("id", "title", "distance_unit", "round_minutes", "constants", "sight", "command_ranges",
              "terrain", "speed_tables", "unit_defaults", "unit_types", "structures", "commands")
#: optional tables of rule sets with terrain classes, d10 combat charts and couriers (Ruleset V3)
_CLASSIC_KEYS = ("clock_start", "terrain_classes", "structure_classes", "class_speeds", "combat", "orders")
_TOP_KEYS = _CORE_KEYS + _CLASSIC_KEYS
_DISTANCE_UNITS = ("units", "metres")
_TERRAIN_KEYS = ("name", "speed", "hideable", "blocks_sight", "water", "elevation")
_STRUCTURE_KEYS = ("name", "max_health", "max_size", "hides", "summary")
_SIGHT_KEYS = ("eye_height", "obstacle_height")
_UNIT_KEYS = ("name", "theatre", "health", "move", "movement", "move_and_fire", "heading_limit", "hide_terrain",
              "hidden_by_default", "sight_range", "weight", "land_capacity", "air_capacity", "disembarks_anywhere")
_UNIT_HINTS = {
    "attack": "unknown key; a unit type's attack is its row in [commands.attack] (aircraft: [commands.dogfight])",
    "commands": "unknown key; command rows go in the command's own table, e.g. [commands.fire]",
}
_DEFAULT_KEYS = tuple(k for k in _UNIT_KEYS if k != "name")
#: The columns a command row may have besides ``damage`` and ``range``, and what each holds: "odds" an integer
#: N of "1 in N", "count" a positive integer (rounds, fortification strength, weight carried), "distance" a
#: number of world units, "unit type" the id of a unit type of the rule set.
COMMAND_COLUMNS: Mapping[str, str] = MappingProxyType({
    "sink_one_in": "odds",
    "disable_one_in": "odds",
    "reveal_one_in": "odds",
    "disable_rounds": "count",
    "strength": "count",
    "capacity": "count",
    "radius": "distance",
    "into": "unit type",
})
_COMMAND_ROW_KEYS = ("damage", "range", *COMMAND_COLUMNS)
#: The columns every row of a command's table must give, because the command reads them (it has no default):
#: a rule set without the table has no such command. ``range`` may come from ``[command_ranges]`` instead.
REQUIRED_COLUMNS: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "attack": ("damage", "range"),
    "fire": ("damage", "range"),
    "missile": ("damage", "range"),
    "bomb": ("damage", "range"),
    "dogfight": ("damage", "range"),
    "torpedo": ("damage", "range", "sink_one_in"),
    "sortie": ("damage", "range"),
    "air-defence": ("damage",),
    "depthcharge": ("range", "sink_one_in", "disable_one_in", "disable_rounds"),
    "board": ("damage", "range"),
    "nuke": ("damage", "range"),
    "kamikaze": ("damage", "sink_one_in"),
    "pulse": ("radius", "disable_one_in", "disable_rounds"),
    "airlift": ("capacity",),
    "build": ("strength",),
    "spy": ("range", "reveal_one_in"),
    "survey": ("range", "reveal_one_in"),
    "convert": ("into",),
})
#: What a missing column holds, for the message that asks for it.
_COLUMN_KINDS = {"damage": "integer", "range": "number", "odds": "integer N of 1 in N", "count": "integer",
                 "distance": "number", "unit type": "unit type id in quotes"}
_ANY = "any"


def parse_ruleset(data: Mapping[str, Any], source: str) -> Ruleset:
    """Build and validate a Ruleset from parsed TOML.

    Raises RulesetError naming ``source``, the table and the key for a missing or unknown key, a
    wrong type, an unknown terrain, speed table, unit type or constant. Distances are world units.
    """
    # A file that uses none of the classic tables is told the core layout only, so its list stays short.
    classic = any(key in data for key in _CLASSIC_KEYS)
    top = _Table(source, "", dict(data), _TOP_KEYS, listing=_TOP_KEYS if classic else _CORE_KEYS)
    ruleset_id = top.string("id")
    title = top.string("title")
    distance_unit = top.string("distance_unit")
    if distance_unit not in _DISTANCE_UNITS:
        raise top.error("distance_unit", f"unknown unit {distance_unit!r}; use one of: {', '.join(_DISTANCE_UNITS)}")
    round_minutes = top.integer("round_minutes", minimum=1) if top.has("round_minutes") else None

    constants = _parse_numbers(top.table("constants"))
    sight = _parse_numbers(top.table("sight", _SIGHT_KEYS), required=_SIGHT_KEYS)
    terrain = _parse_terrain(top.table("terrain"))
    structures = _parse_structures(top.table("structures"))
    terrain_classes = _parse_terrain_classes(top.optional_table("terrain_classes"), terrain)
    class_speeds = _parse_class_speeds(top.optional_table("class_speeds"), terrain_classes)
    structure_classes = _parse_structure_classes(top.optional_table("structure_classes"), structures, terrain_classes)
    speed_tables = _parse_speed_tables(top.optional_table("speed_tables"), terrain, allow_empty=bool(class_speeds))
    for arm, speeds in class_speeds.items():
        if arm in speed_tables:
            raise top.error("class_speeds", f"{arm!r} is also a [speed_tables] table; give each arm once")
        speed_tables[arm] = _class_speed_table(speeds, terrain_classes, structure_classes)
    commands_table = top.table("commands")
    command_ranges = _parse_command_ranges(top.optional_table("command_ranges"), commands_table, constants)
    unit_types = _parse_unit_types(
        top.table("unit_types"), top.optional_table("unit_defaults", _DEFAULT_KEYS),
        terrain, structures, speed_tables, class_speeds,
    )
    rows = _parse_commands(commands_table, unit_types)
    _check_required_columns(commands_table, command_ranges)
    from kriegsspiel.core import v3_rules  # the classic rules build on this module's table readers

    places = (*terrain, *structures)
    combat = v3_rules.parse_combat(top.table("combat"), unit_types, places) if top.has("combat") else None
    orders = v3_rules.parse_orders(top.table("orders"), unit_types) if top.has("orders") else None
    clock_start = v3_rules.parse_clock_start(top, "clock_start")

    finished: dict[str, UnitType] = {}
    for type_id, fields in unit_types.items():
        commands: dict[str, CommandStats] = {}
        for command, table_rows in rows.items():
            if type_id not in table_rows:
                continue
            damage, range_, extra = table_rows[type_id]
            if range_ is None and command in command_ranges:
                name = command_ranges[command]
                range_ = float(fields["move"]) if name == RANGE_IS_MOVE else constants[name]
            commands[command] = CommandStats(damage, range_, MappingProxyType(extra))
        attack = next((commands[c].damage for c in ATTACK_COMMANDS if c in commands and commands[c].damage), 0)
        finished[type_id] = UnitType(id=type_id, attack=attack, commands=MappingProxyType(commands), **fields)

    return Ruleset(
        id=ruleset_id,
        title=title,
        distance_unit=distance_unit,
        round_minutes=round_minutes,
        terrain=MappingProxyType(terrain),
        speed_tables=MappingProxyType(speed_tables),
        unit_types=MappingProxyType(finished),
        structures=MappingProxyType(structures),
        constants=MappingProxyType(constants),
        sight=MappingProxyType(sight),
        command_tables=tuple(rows),
        terrain_classes=MappingProxyType(terrain_classes),
        class_speeds=MappingProxyType({arm: MappingProxyType(s) for arm, s in class_speeds.items()}),
        structure_classes=MappingProxyType(structure_classes),
        combat=combat,
        orders=orders,
        clock_start=clock_start,
    )


def _parse_numbers(table: _Table, required: tuple[str, ...] = ()) -> dict[str, float]:
    for key in required:
        table.raw(key, "number")
    return {key: table.number(key) for key in table.data}


def _parse_terrain(table: _Table) -> dict[str, TerrainType]:
    if not table.data:
        raise table.whole_table_error("empty; give at least one terrain")
    terrain: dict[str, TerrainType] = {}
    for terrain_id in table.data:
        row = table.table(terrain_id, _TERRAIN_KEYS)
        terrain[terrain_id] = TerrainType(
            id=terrain_id,
            name=row.string("name"),
            hideable=row.boolean("hideable"),
            blocks_sight=row.boolean("blocks_sight"),
            water=row.boolean("water"),
            elevation=row.number("elevation"),
            speed=row.number("speed"),
        )
    return terrain


def _parse_structures(table: _Table) -> dict[str, StructureType]:
    structures: dict[str, StructureType] = {}
    for kind in table.data:
        row = table.table(kind, _STRUCTURE_KEYS)
        hides_raw = row.raw("hides", f'integer, "{_ANY}" or "{NONE}"')
        if hides_raw == _ANY:
            hides: int | None = -1
        elif hides_raw == NONE:
            hides = None
        else:
            if isinstance(hides_raw, bool) or not isinstance(hides_raw, int) or hides_raw < 0:
                raise row.error(
                    "hides", f'expected a count of units, "{_ANY}" or "{NONE}", got {_describe(hides_raw)}')
            hides = hides_raw or None
        structures[kind] = StructureType(
            id=kind,
            name=row.string("name"),
            max_health=row.integer_or_none("max_health", minimum=1),
            max_size=row.integer_or_none("max_size", minimum=1),
            hides=hides,
            summary=row.string("summary"),
        )
    return structures


def _parse_terrain_classes(table: _Table, terrain: Mapping[str, TerrainType]) -> dict[str, str]:
    classes: dict[str, str] = {}
    for terrain_id in table.data:
        if terrain_id not in terrain:
            raise table.error(terrain_id, "unknown terrain; " + _suggest(terrain_id, tuple(terrain), "terrains"))
        value = table.string(terrain_id)
        if value not in TERRAIN_CLASSES:
            raise table.error(terrain_id, f"unknown class {value!r}; use one of: {', '.join(TERRAIN_CLASSES)}")
        classes[terrain_id] = value
    if classes:
        for terrain_id in terrain:
            if terrain_id not in classes:
                raise table.error(terrain_id, f"missing; add {terrain_id} = \"<{'|'.join(TERRAIN_CLASSES)}>\"")
    return classes


def _parse_class_speeds(table: _Table, classes: Mapping[str, str]) -> dict[str, dict[str, float]]:
    if table.data and not classes:
        raise table.whole_table_error("needs a [terrain_classes] table that puts each terrain in a class")
    moving = tuple(c for c in TERRAIN_CLASSES if c != "impassable")
    speeds: dict[str, dict[str, float]] = {}
    for arm in table.data:
        row = table.table(arm, moving, unknown="terrain class")
        values = {c: row.number(c) for c in moving}
        if values["road"] <= 0:
            raise row.error("road", "must be above 0: the road speed is the unit's allowance per round")
        for c in moving:
            if values[c] > values["road"]:
                raise row.error(c, f"faster than the road ({values[c]:g} > {values['road']:g}); "
                                "the road speed is the fastest")
        speeds[arm] = values
    return speeds


def _parse_structure_classes(table: _Table, structures: Mapping[str, Any],
                             terrain_classes: Mapping[str, str]) -> dict[str, str]:
    """``[structure_classes]``: structure kind -> terrain class (optional; needs ``[terrain_classes]``)."""
    if table.data and not terrain_classes:
        raise table.whole_table_error("needs a [terrain_classes] table that puts each terrain in a class")
    classes: dict[str, str] = {}
    for kind in table.data:
        if kind not in structures:
            raise table.error(kind, "unknown structure kind; " + _suggest(kind, tuple(structures), "structure kinds"))
        value = table.string(kind)
        if value not in TERRAIN_CLASSES:
            raise table.error(kind, f"unknown class {value!r}; use one of: {', '.join(TERRAIN_CLASSES)}")
        classes[kind] = value
    return classes


def _class_speed_table(speeds: Mapping[str, float], classes: Mapping[str, str],
                       structure_classes: Mapping[str, str] | None = None) -> Mapping[str, float]:
    """A speed table (multipliers of the road speed) from the metres per round of each terrain class, with an
    entry ``structure:KIND`` for each structure kind that has a class."""
    road = speeds["road"]
    table = {tid: (0.0 if c == "impassable" else speeds[c] / road) for tid, c in classes.items()}
    table[ROAD] = 1.0
    for kind, c in (structure_classes or {}).items():
        table[STRUCTURE_SPEED + kind] = 0.0 if c == "impassable" else speeds[c] / road
    return MappingProxyType(table)


def _parse_speed_tables(table: _Table, terrain: Mapping[str, TerrainType], *,
                        allow_empty: bool = False) -> dict[str, Mapping[str, float]]:
    if not table.data and not allow_empty:
        raise table.whole_table_error("empty; give at least one speed table, e.g. [speed_tables.land]")
    allowed = tuple(dict.fromkeys(("default", *terrain, ROAD)))
    result: dict[str, Mapping[str, float]] = {}
    for name in table.data:
        row = table.table(name, allowed, unknown="terrain", listing=tuple(terrain))
        speeds: dict[str, float] = {}
        if row.has("default"):
            if row.data["default"] == "terrain":
                speeds.update({tid: t.speed for tid, t in terrain.items()})
            else:
                value = row.data["default"]
                if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
                    raise row.error(
                        "default", f'expected a multiplier (0 or more) or "terrain", got {_describe(value)}')
                speeds.update({tid: float(value) for tid in terrain})
                speeds[ROAD] = float(value)
        for key, value in row.data.items():
            if key == "default":
                continue
            if key == ROAD and value is False:
                speeds.pop(ROAD, None)  # this table ignores the roads layer
                continue
            speeds[key] = row.number(key)
        for tid in terrain:
            if tid not in speeds and tid != ROAD:
                raise row.error(tid, f"missing; add {tid} = <multiplier> (0 = cannot enter) or a default")
        result[name] = MappingProxyType(speeds)
    return result


def _parse_command_ranges(table: _Table, commands: _Table, constants: Mapping[str, float]) -> dict[str, str]:
    ranges: dict[str, str] = {}
    for command in table.data:
        if command not in commands.data:
            raise table.error(command, _suggest(command, list(commands.data), "no such command table; commands"))
        name = table.string(command)
        if name != RANGE_IS_MOVE and name not in constants:
            raise table.error(command, f"{name!r} is not a constant; "
                              + _suggest(name, [*constants, RANGE_IS_MOVE], "use one of"))
        ranges[command] = name
    return ranges


def _parse_unit_types(
    table: _Table,
    defaults: _Table,
    terrain: Mapping[str, TerrainType],
    structures: Mapping[str, StructureType],
    speed_tables: Mapping[str, Mapping[str, float]],
    class_speeds: Mapping[str, Mapping[str, float]] | None = None,
) -> dict[str, dict[str, Any]]:
    """Each unit type's fields except ``id``, ``attack`` and ``commands`` (those come from the command tables)."""
    if not table.data:
        raise table.whole_table_error("empty; give at least one unit type")
    places = (*terrain, *structures)
    return {
        type_id: _parse_unit_row(table.table(type_id, _UNIT_KEYS, hints=_UNIT_HINTS), defaults, places, speed_tables,
                                 class_speeds or {})
        for type_id in table.data
    }


def _parse_unit_row(
    row: _Table, defaults: _Table, places: tuple[str, ...], speed_tables: Mapping[str, Mapping[str, float]],
    class_speeds: Mapping[str, Mapping[str, float]] | None = None,
) -> dict[str, Any]:
    def source(key: str) -> _Table:
        # A key missing from both is reported against the unit's own table, where it most likely belongs.
        return defaults if defaults.has(key) and not row.has(key) else row

    theatre = source("theatre").string("theatre")
    if theatre not in THEATRES:
        raise source("theatre").error("theatre", f"unknown theatre {theatre!r}; use one of: {', '.join(THEATRES)}")
    movement = source("movement").string("movement")
    if movement not in speed_tables:
        raise source("movement").error(
            "movement", f"unknown speed table {movement!r}; " + _suggest(movement, list(speed_tables), "speed tables")
        )
    heading_limit = source("heading_limit").number_or_none("heading_limit")
    if heading_limit is not None and not 0 < heading_limit <= 360:
        raise source("heading_limit").error(
            "heading_limit", f'must be between 0 and 360 degrees or "{NONE}", got {heading_limit:g}'
        )
    hide_table = source("hide_terrain")
    hide_terrain = hide_table.raw("hide_terrain", "list of terrain ids and structure kinds")
    if not isinstance(hide_terrain, list) or not all(isinstance(v, str) for v in hide_terrain):
        raise hide_table.error(
            "hide_terrain", f"expected a list of terrain ids and structure kinds, got {_describe(hide_terrain)}"
        )
    for place in hide_terrain:
        if place not in places:
            raise hide_table.error(
                "hide_terrain", f"unknown terrain or structure {place!r}; " + _suggest(place, places, "known")
            )
    return dict(
        name=row.string("name"),
        theatre=theatre,
        health=source("health").integer("health", minimum=1),
        move=_unit_move(row, source("move"), movement, class_speeds or {}),
        heading_limit=heading_limit,
        move_and_fire=source("move_and_fire").boolean("move_and_fire"),
        hide_terrain=tuple(hide_terrain),
        hidden_by_default=source("hidden_by_default").boolean("hidden_by_default"),
        movement=movement,
        sight_range=source("sight_range").number("sight_range"),
        weight=source("weight").integer_or_none("weight", minimum=1),
        land_capacity=source("land_capacity").integer("land_capacity"),
        air_capacity=source("air_capacity").integer("air_capacity"),
        # optional (false): only the Fourth Edition's amphibious ships land units away from a port
        disembarks_anywhere=source("disembarks_anywhere").boolean("disembarks_anywhere")
        if row.has("disembarks_anywhere") or defaults.has("disembarks_anywhere") else False,
    )


def _unit_move(row: _Table, source: _Table, movement: str, class_speeds: Mapping[str, Mapping[str, float]]) -> float:
    """A unit's allowance per round: its ``move``, or, moving by a class-speed table, that arm's road speed."""
    if movement in class_speeds and not row.has("move"):
        return float(class_speeds[movement]["road"])
    if movement in class_speeds and row.number("move") != class_speeds[movement]["road"]:
        raise row.error("move", f"the arm {movement!r} moves {class_speeds[movement]['road']:g} on roads; "
                        "leave move out (it is the road speed) or change [class_speeds]")
    return source.number("move")


def _parse_commands(
    table: _Table, unit_types: Mapping[str, Any]
) -> dict[str, dict[str, tuple[int | None, float | None, dict[str, Any]]]]:
    """command -> unit type -> (damage, range or None, the other columns)."""
    known = list(unit_types)
    rows: dict[str, dict[str, tuple[int | None, float | None, dict[str, Any]]]] = {}
    for command in table.data:
        command_table = table.table(command, tuple(known), unknown="unit type")
        rows[command] = {}
        for type_id in command_table.data:
            row = command_table.table(type_id, _COMMAND_ROW_KEYS, unknown="column")
            damage = row.integer("damage", minimum=1) if row.has("damage") else None
            range_ = row.number("range") if row.has("range") else None
            extra: dict[str, Any] = {}
            for key in row.data:
                kind = COMMAND_COLUMNS.get(key)
                if kind in ("odds", "count"):
                    extra[key] = row.integer(key, minimum=1)
                elif kind == "distance":
                    extra[key] = row.number(key)
                elif kind == "unit type":
                    into = row.string(key)
                    if into not in unit_types:
                        raise row.error(
                            key, f"unknown unit type {into!r}; " + _suggest(into, known, "known unit types"))
                    extra[key] = into
            rows[command][type_id] = (damage, range_, extra)
    return rows


def _check_required_columns(table: _Table, command_ranges: Mapping[str, str]) -> None:
    """Every row of a command in :data:`REQUIRED_COLUMNS` gives the columns that command reads; a range may
    come from ``[command_ranges]`` instead. Raises RulesetError naming the row and the first missing column."""
    for command, columns in REQUIRED_COLUMNS.items():
        if command not in table.data:
            continue
        command_table = table.table(command)
        for type_id in command_table.data:
            row = command_table.table(type_id)
            for key in columns:
                if row.has(key) or (key == "range" and command in command_ranges):
                    continue
                kind = _COLUMN_KINDS[COMMAND_COLUMNS.get(key, key)]
                also = f" or a [command_ranges] entry {command} = \"<constant>\"" if key == "range" else ""
                raise row.error(key, f"missing; the {command} command needs it: add {key} = <{kind}>{also}")
