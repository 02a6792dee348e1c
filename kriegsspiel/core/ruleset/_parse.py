"""Building a :class:`RuleBook` from a parsed TOML file, with every check a rule-set author needs.

It does no file I/O: :func:`parse_ruleset` takes the already-parsed TOML (a dict) and the file name to put in
its messages. ``docs/rulesets.md`` describes the file layout. Tables that only one rule set understands are
read by the readers that rule set gives (``RuleSet.table_readers``), passed in by the loader for that file
alone; the columns its command tables require come from the rule set too (``RuleSet.required_columns``).
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from kriegsspiel.core.ruleset._model import (
    NONE,
    RANGE_IS_MOVE,
    ROAD,
    ROAD_TERRAIN_SPEED,
    STRUCTURE_SPEED,
    TERRAIN_CLASSES,
    THEATRES,
    CommandStats,
    RuleBook,
    StructureType,
    TerrainType,
    UnitType,
)
from kriegsspiel.core.ruleset._tables import Table, describe_value, suggest


_CORE_KEYS = ("id", "based_on", "title", "distance_unit", "round_minutes", "constants", "sight", "command_ranges",
              "terrain", "speed_tables", "unit_defaults", "unit_types", "structures", "commands")
#: optional tables of rule sets with terrain classes and a time of day (Ruleset V3)
_CLASSIC_KEYS = ("clock_start", "terrain_classes", "structure_classes", "class_speeds")

#: a reader of a top-level table only one rule set understands: (the whole file as a Table, its key, the
#: context) -> the value it becomes; raises RuleBookError. The context has ``unit_types`` (type id -> fields)
#: and ``places`` (terrain ids and structure kinds).
TableReader = Callable[[Table, str, Mapping[str, Any]], Any]


_DISTANCE_UNITS = ("units", "metres")
_TERRAIN_KEYS = ("name", "speed", "hideable", "blocks_sight", "water", "elevation")
_STRUCTURE_KEYS = ("name", "max_health", "max_size", "hides", "summary")
_SIGHT_KEYS = ("eye_height", "obstacle_height")
_UNIT_KEYS = ("name", "theatre", "health", "move", "movement", "move_and_fire", "heading_limit", "hide_terrain",
              "hidden_by_default", "sight_range", "weight", "land_capacity", "air_capacity", "disembarks_anywhere")
_UNIT_HINTS = {
    "commands": "unknown key; command rows go in the command's own table, [commands.COMMAND.UNIT_TYPE]",
}
_DEFAULT_KEYS = tuple(k for k in _UNIT_KEYS if k != "name")
#: The columns a command row may have besides ``damage`` and ``range``, and what each holds: "odds" an integer
#: N of "1 in N", "count" a positive integer (rounds, fortification strength, weight carried), "distance" a
#: number of world units, "unit type" the id of a unit type of the rule set. These are the core's (the
#: ``convert`` table's); a rule set declares those of its own tables (``RuleSet.command_columns``).
COMMAND_COLUMNS: Mapping[str, str] = MappingProxyType({
    "into": "unit type",
})
#: the kinds a column may be of
COLUMN_KINDS = ("odds", "count", "distance", "unit type")
#: columns the program no longer reads, with what to do instead (a value nobody reads would mislead the umpire)
_RETIRED_COLUMNS = MappingProxyType({
    "strength": "no longer read: a built structure gets its kind's max_health in [structures], whoever builds "
                "it (docs/rulings.md 2026-11: the build table wins over the prose); delete this column",
})
#: The columns every row of a command's table must give, because the command reads them (it has no default),
#: for the core's own commands; a rule set declares those of its commands (``RuleSet.required_columns``). A
#: rule set without the table has no such command. ``range`` may come from ``[command_ranges]`` instead.
REQUIRED_COLUMNS: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "convert": ("into",),
})
#: What a missing column holds, for the message that asks for it.
_COLUMN_KINDS = {"damage": "integer", "range": "number", "odds": "integer N of 1 in N", "count": "integer",
                 "distance": "number", "unit type": "unit type id in quotes"}
_ANY = "any"


def parse_ruleset(data: Mapping[str, Any], source: str, readers: Mapping[str, TableReader] | None = None,
                  required_columns: Mapping[str, tuple[str, ...]] | None = None,
                  attack_tables: tuple[str, ...] = (), columns: Mapping[str, str] | None = None) -> RuleBook:
    """Build and validate a RuleBook from parsed TOML. ``readers`` read the top-level tables only the file's
    rule set understands (by key), ``required_columns`` the columns its command tables must give (by command,
    besides the core's :data:`REQUIRED_COLUMNS`): both from the file's rule set (``RuleSet``), none by default. A unit type's ``attack`` is its damage in the
    first of ``attack_tables`` (the rule set's ordinary attacks, ``RuleSet.attack_tables``) that gives one, else 0.
    ``columns``: the other columns its command rows may have, by name, each of a kind of :data:`COLUMN_KINDS`
    (``RuleSet.command_columns``), besides the core's :data:`COMMAND_COLUMNS`.

    Raises RuleBookError naming ``source``, the table and the key for a missing or unknown key, a
    wrong type, an unknown terrain, speed table, unit type or constant. Distances are world units.
    """
    # A file that uses none of the classic tables is told the core layout only, so its list stays short.
    readers = readers or {}
    required = {**REQUIRED_COLUMNS, **(required_columns or {})}
    optional = (*_CLASSIC_KEYS, *readers)
    top_keys = _CORE_KEYS + optional
    classic = any(key in data for key in optional)
    top = Table(source, "", dict(data), top_keys, listing=top_keys if classic else _CORE_KEYS)
    ruleset_id = top.string("id")
    based_on = top.string("based_on") if top.has("based_on") else None
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
        terrain, structures, speed_tables, class_speeds, tuple(commands_table.data),
    )
    column_kinds = {**(columns or {}), **COMMAND_COLUMNS}
    rows = _parse_commands(commands_table, unit_types, column_kinds)
    _check_required_columns(commands_table, command_ranges, required, column_kinds)
    context = MappingProxyType({"unit_types": unit_types, "places": (*terrain, *structures)})
    read = {key: reader(top, key, context) for key, reader in readers.items() if top.has(key)}
    clock_start = _parse_clock_start(top, "clock_start")

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
        attack = next((d for d in (commands[c].damage for c in attack_tables if c in commands) if d), 0)
        finished[type_id] = UnitType(id=type_id, attack=attack, commands=MappingProxyType(commands), **fields)

    return RuleBook(
        id=ruleset_id,
        based_on=based_on,
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
        clock_start=clock_start,
        extras=MappingProxyType(read),
    )


def _parse_numbers(table: Table, required: tuple[str, ...] = ()) -> dict[str, float]:
    for key in required:
        table.raw(key, "number")
    return {key: table.number(key) for key in table.data}


def _parse_terrain(table: Table) -> dict[str, TerrainType]:
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


def _parse_structures(table: Table) -> dict[str, StructureType]:
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
                    "hides", f'expected a count of units, "{_ANY}" or "{NONE}", got {describe_value(hides_raw)}')
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


def _parse_terrain_classes(table: Table, terrain: Mapping[str, TerrainType]) -> dict[str, str]:
    classes: dict[str, str] = {}
    for terrain_id in table.data:
        if terrain_id not in terrain:
            raise table.error(terrain_id, "unknown terrain; " + suggest(terrain_id, tuple(terrain), "terrains"))
        value = table.string(terrain_id)
        if value not in TERRAIN_CLASSES:
            raise table.error(terrain_id, f"unknown class {value!r}; use one of: {', '.join(TERRAIN_CLASSES)}")
        classes[terrain_id] = value
    if classes:
        for terrain_id in terrain:
            if terrain_id not in classes:
                raise table.error(terrain_id, f"missing; add {terrain_id} = \"<{'|'.join(TERRAIN_CLASSES)}>\"")
    return classes


def _parse_class_speeds(table: Table, classes: Mapping[str, str]) -> dict[str, dict[str, float]]:
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


def _parse_structure_classes(table: Table, structures: Mapping[str, Any],
                             terrain_classes: Mapping[str, str]) -> dict[str, str]:
    """``[structure_classes]``: structure kind -> terrain class (optional; needs ``[terrain_classes]``)."""
    if table.data and not terrain_classes:
        raise table.whole_table_error("needs a [terrain_classes] table that puts each terrain in a class")
    classes: dict[str, str] = {}
    for kind in table.data:
        if kind not in structures:
            raise table.error(kind, "unknown structure kind; " + suggest(kind, tuple(structures), "structure kinds"))
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


def _parse_speed_tables(table: Table, terrain: Mapping[str, TerrainType], *,
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
                        "default", f'expected a multiplier (0 or more) or "terrain", got {describe_value(value)}')
                speeds.update({tid: float(value) for tid in terrain})
                speeds[ROAD] = float(value)
        for key, value in row.data.items():
            if key == "default":
                continue
            if key == ROAD and value is False:
                # this table ignores the roads layer; a road tile is still terrain, at the default's speed
                road_tile = speeds.pop(ROAD, None)
                if road_tile is not None and ROAD in terrain:
                    speeds[ROAD_TERRAIN_SPEED] = road_tile
                continue
            speeds[key] = row.number(key)
        for tid in terrain:
            if tid not in speeds and tid != ROAD:
                raise row.error(tid, f"missing; add {tid} = <multiplier> (0 = cannot enter) or a default")
        result[name] = MappingProxyType(speeds)
    return result


def _parse_command_ranges(table: Table, commands: Table, constants: Mapping[str, float]) -> dict[str, str]:
    ranges: dict[str, str] = {}
    for command in table.data:
        if command not in commands.data:
            raise table.error(command, suggest(command, list(commands.data), "no such command table; commands"))
        name = table.string(command)
        if name != RANGE_IS_MOVE and name not in constants:
            raise table.error(command, f"{name!r} is not a constant; "
                              + suggest(name, [*constants, RANGE_IS_MOVE], "use one of"))
        ranges[command] = name
    return ranges


def _parse_unit_types(
    table: Table,
    defaults: Table,
    terrain: Mapping[str, TerrainType],
    structures: Mapping[str, StructureType],
    speed_tables: Mapping[str, Mapping[str, float]],
    class_speeds: Mapping[str, Mapping[str, float]] | None = None,
    command_tables: tuple[str, ...] = (),
) -> dict[str, dict[str, Any]]:
    """Each unit type's fields except ``id``, ``attack`` and ``commands`` (those come from the command tables)."""
    if not table.data:
        raise table.whole_table_error("empty; give at least one unit type")
    places = (*terrain, *structures)
    # a command's number under a unit type (attack = 4) belongs in the command's table: say where
    hints = {**{command: f"unknown key; a unit type's {command} is its row in [commands.{command}]"
                for command in command_tables}, **_UNIT_HINTS}
    return {
        type_id: _parse_unit_row(table.table(type_id, _UNIT_KEYS, hints=hints), defaults, places, speed_tables,
                                 class_speeds or {})
        for type_id in table.data
    }


def _parse_unit_row(
    row: Table, defaults: Table, places: tuple[str, ...], speed_tables: Mapping[str, Mapping[str, float]],
    class_speeds: Mapping[str, Mapping[str, float]] | None = None,
) -> dict[str, Any]:
    def source(key: str) -> Table:
        # A key missing from both is reported against the unit's own table, where it most likely belongs.
        return defaults if defaults.has(key) and not row.has(key) else row

    theatre = source("theatre").string("theatre")
    if theatre not in THEATRES:
        raise source("theatre").error("theatre", f"unknown theatre {theatre!r}; use one of: {', '.join(THEATRES)}")
    movement = source("movement").string("movement")
    if movement not in speed_tables:
        raise source("movement").error(
            "movement", f"unknown speed table {movement!r}; " + suggest(movement, list(speed_tables), "speed tables")
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
            "hide_terrain", f"expected a list of terrain ids and structure kinds, got {describe_value(hide_terrain)}"
        )
    for place in hide_terrain:
        if place not in places:
            raise hide_table.error(
                "hide_terrain", f"unknown terrain or structure {place!r}; " + suggest(place, places, "known")
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


def _unit_move(row: Table, source: Table, movement: str, class_speeds: Mapping[str, Mapping[str, float]]) -> float:
    """A unit's allowance per round: its ``move``, or, moving by a class-speed table, that arm's road speed."""
    if movement in class_speeds and not row.has("move"):
        return float(class_speeds[movement]["road"])
    if movement in class_speeds and row.number("move") != class_speeds[movement]["road"]:
        raise row.error("move", f"the arm {movement!r} moves {class_speeds[movement]['road']:g} on roads; "
                        "leave move out (it is the road speed) or change [class_speeds]")
    return source.number("move")


def _parse_commands(
    table: Table, unit_types: Mapping[str, Any], column_kinds: Mapping[str, str]
) -> dict[str, dict[str, tuple[int | None, float | None, dict[str, Any]]]]:
    """command -> unit type -> (damage, range or None, the other columns)."""
    known = list(unit_types)
    rows: dict[str, dict[str, tuple[int | None, float | None, dict[str, Any]]]] = {}
    for command in table.data:
        command_table = table.table(command, tuple(known), unknown="unit type")
        rows[command] = {}
        for type_id in command_table.data:
            row = command_table.table(type_id, ("damage", "range", *column_kinds), unknown="column",
                                      hints=_RETIRED_COLUMNS)
            damage = row.integer("damage", minimum=1) if row.has("damage") else None
            range_ = row.number("range") if row.has("range") else None
            extra: dict[str, Any] = {}
            for key in row.data:
                kind = column_kinds.get(key)
                if kind in ("odds", "count"):
                    extra[key] = row.integer(key, minimum=1)
                elif kind == "distance":
                    extra[key] = row.number(key)
                elif kind == "unit type":
                    into = row.string(key)
                    if into not in unit_types:
                        raise row.error(
                            key, f"unknown unit type {into!r}; " + suggest(into, known, "known unit types"))
                    extra[key] = into
            rows[command][type_id] = (damage, range_, extra)
    return rows


def _check_required_columns(table: Table, command_ranges: Mapping[str, str],
                            required: Mapping[str, tuple[str, ...]], column_kinds: Mapping[str, str]) -> None:
    """Every row of a command in ``required`` gives the columns that command reads; a range may
    come from ``[command_ranges]`` instead. Raises RuleBookError naming the row and the first missing column."""
    for command, columns in required.items():
        if command not in table.data:
            continue
        command_table = table.table(command)
        for type_id in command_table.data:
            row = command_table.table(type_id)
            for key in columns:
                if row.has(key) or (key == "range" and command in command_ranges):
                    continue
                kind = _COLUMN_KINDS[column_kinds.get(key, key)]
                also = f" or a [command_ranges] entry {command} = \"<constant>\"" if key == "range" else ""
                raise row.error(key, f"missing; the {command} command needs it: add {key} = <{kind}>{also}")


def _parse_clock_start(table: Table, key: str) -> int | None:
    """``clock_start = "HH:MM"`` (the time of day when round 1 begins) as minutes after midnight."""
    if not table.has(key):
        return None
    text = table.string(key)
    if text == NONE:
        return None
    hours, sep, minutes = text.partition(":")
    if not (sep and hours.isdigit() and minutes.isdigit() and int(hours) < 24 and int(minutes) < 60):
        raise table.error(key, f'expected a time of day "HH:MM" such as "08:00", got {text!r}')
    return int(hours) * 60 + int(minutes)
