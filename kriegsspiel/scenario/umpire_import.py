"""Convert a campaign gamefile of the original Umpire program into a scenario TOML.

A gamefile is a Python file of assignments (``firstTeam = "Rebel"``, ``unitTable = {...}``). It is read with
``ast`` and never run: only literal values of top-level assignments are taken; functions, imports and
anything computed are ignored and reported. Units carry no positions in those files, so they are placed on the
map: in a zone named after the side's deployment when the map has one, else in ranks along the side's map edge
(first side west, second side east), each on a tile its type can stand on.
"""
from __future__ import annotations

import ast
import difflib
import json
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kriegsspiel.border import holds_unwritable_text, shown
from kriegsspiel.core.battlefield import Battlefield, Zone
from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.core.ruleset import RuleBook
from kriegsspiel.errors import UserError
from kriegsspiel.scenario.umpire_abilities import (
    ABILITY_VARIABLES,
    NO_COUNTERPART,
    NOT_NEEDED,
    SourceTable,
    ability_overrides,
    source_tables,
    value_list_key,
)
from kriegsspiel.scenario.umpire_ids import scenario_ids
from kriegsspiel.wording import count

#: The original program's abbreviated standard type names, and other spellings seen in gamefiles.
TYPE_ALIASES = {
    "med-artillery": "medium-artillery",
    "med-cavalry": "medium-cavalry",
    "recon": "reconnaissance",
    "mech": "mechanized",
    "mechanised": "mechanized",
    "sub": "attack-submarine",
    "submarine": "attack-submarine",
    "patrol-boat": "patrol",
    "stealth": "stealth-bomber",
}

#: old per-type tables -> the unit-type field or command they override
TABLE_OVERRIDES = {
    "healthTable": "health",
    "movementTable": "move",
    "attackTable": "attack",
    "fireTable": "fire",
    "missileTable": "missile",
    "bombTable": "bomb",
    "torpedoTable": "torpedo",
    "sortieTable": "sortie",
    "sortieDefenseTable": "air-defence",
    "depthchargeTable": "depthcharge",
    "boardTable": "board",
    "buildTable": "build",
    "pulseTable": "pulse",
    "kamikazeTable": "kamikaze",
    "nukeTable": "nuke",
    "spyTable": "spy",
}

#: variables of the gamefile format that carry what the map already holds (listed as comments)
MAP_VARIABLES = ("structureTypeTable", "structureHealthTable", "locationTerrainTable", "locationTable")
KNOWN_VARIABLES = ("firstTeam", "secondTeam", "campaign", "allUnitTypes", "unitTable", "firstTeamTable",
                   "secondTeamTable", "fogOfWar", "warheads", "airTheater") + MAP_VARIABLES + tuple(TABLE_OVERRIDES) \
    + ABILITY_VARIABLES
SIDE_COLOURS = ("#3050c0", "#c03030")
#: largest gamefile read, in bytes; the original program's biggest campaigns are a few tens of KB
MAX_GAMEFILE_BYTES = 2 * 1024 * 1024
#: placed units stand this many tiles apart while the zone (or the edge) has room: a counter is drawn larger
#: than a tile, and counters one tile apart cover each other's ids (the umpire would drag every one apart)
SPACING = 2


@dataclass
class ImportReport:
    """What the import did, for the person running it: notes (how units were placed) and problems."""

    notes: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)  # things left out or guessed; the scenario still loads


@dataclass(frozen=True)
class _Unit:
    id: str
    local_type: str
    type_id: str
    side: str
    health: int | None


def read_gamefile(path: Path, report: ImportReport) -> dict[str, tuple[Any, int]]:
    """The literal top-level assignments of a gamefile: name -> (value, line). Never runs the file.

    Raises UserError when the file cannot be read or is not Python.
    """
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_GAMEFILE_BYTES + 1)  # never more: a huge file is refused, not read
    except FileNotFoundError:
        raise UserError(f"{path}: no such file; give an Umpire gamefile (.py)") from None
    except IsADirectoryError:
        raise UserError(f"{path}: is a directory; give an Umpire gamefile (.py)") from None
    except OSError as exc:
        raise UserError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    if len(data) > MAX_GAMEFILE_BYTES:
        raise UserError(f"{path}: larger than an Umpire gamefile may be ({MAX_GAMEFILE_BYTES:,} bytes); "
                        "this is not a gamefile")
    try:
        source = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise UserError(f"{path}:{line}: not UTF-8 text; not an Umpire gamefile") from None
    try:
        tree = ast.parse(source, filename=str(path))
    except SyntaxError as exc:
        raise UserError(f"{path}:{exc.lineno}: not a Python gamefile ({exc.msg})") from None
    except (MemoryError, RecursionError):
        # CPython's parser gives up on a few hundred thousand nested operators (-------1, 1+1+...+1) with
        # these rather than a SyntaxError: the file is hostile or damaged, never a gamefile
        raise UserError(f"{path}: an expression nested too deeply to read (thousands of operators or brackets "
                        "in one value); not an Umpire gamefile") from None
    values: dict[str, tuple[Any, int]] = {}
    ignored_functions: list[str] = []
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            ignored_functions.append(node.name)
            continue
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            report.notes.append(f"{path}:{node.lineno}: an import, ignored")
            continue
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            continue  # a docstring or a bare string
        targets: list[ast.expr]
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            targets, value = [node.target], node.value
        else:
            report.notes.append(f"{path}:{node.lineno}: a {type(node).__name__.lower()} statement, ignored "
                                "(gamefiles are read, never run)")
            continue
        names = [t.id for t in targets if isinstance(t, ast.Name)]
        if not names:
            report.notes.append(f"{path}:{node.lineno}: an assignment to something other than a name, ignored")
            continue
        _report_duplicate_keys(path, names[0], value, report)
        try:
            literal = ast.literal_eval(value)
        except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
            for name in names:
                if name in KNOWN_VARIABLES and name not in NOT_NEEDED and name not in NO_COUNTERPART:
                    report.problems.append(f"{path}:{node.lineno}: {name} is computed, not written out; "
                                           "ignored (write its value literally)")
                else:
                    report.notes.append(f"{path}:{node.lineno}: {name} is computed; ignored")
            continue
        if holds_unwritable_text(literal):
            report.problems.append(f"{path}:{node.lineno}: {names[0]} holds text no file can hold (a lone "
                                   "surrogate escape such as \\ud800); ignored: correct the text")
            continue
        for name in names:
            values[name] = (literal, node.lineno)
    if ignored_functions:
        report.notes.append(f"{path}: ignored {count(len(ignored_functions), 'function')}: {', '.join(ignored_functions)}")
    return values


def _report_duplicate_keys(path: Path, name: str, value: ast.expr, report: ImportReport) -> None:
    """A dict literal that names one key twice keeps only the last value (Python's rule, which the Umpire
    program followed silently): a unit or a structure may have been lost by a slip of the pen."""
    if not isinstance(value, ast.Dict):
        return
    seen: set[Any] = set()
    for key in value.keys:
        if isinstance(key, ast.Constant) and isinstance(key.value, (str, int)):
            if key.value in seen:
                report.problems.append(f"{path}:{key.lineno}: {name}: the key {key.value!r} appears twice; "
                                       "only the last one counts")
            seen.add(key.value)


def _close(name: str, candidates: list[str]) -> str:
    """`` (did you mean 'x'?)`` for the closest of ``candidates``, or an empty string."""
    close = difflib.get_close_matches(name, candidates, n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def standard_type(name: str, ruleset: RuleBook) -> str | None:
    """The rule set's type for a name of the original program (aliases and abbreviations mapped), or None."""
    key = name.strip().lower().replace("_", "-").replace(" ", "-")
    key = TYPE_ALIASES.get(key, key)
    return key if key in ruleset.unit_types else None


def import_gamefile(
    path: str | Path,
    ruleset: RuleBook,
    battlefield: Battlefield | None,
    map_ref: str | None,
) -> tuple[str, ImportReport]:
    """Convert a gamefile into scenario TOML text (and the report of what was done).

    ``map_ref`` is the map's path as the scenario should write it (relative to the output file);
    ``battlefield`` is that map, used to place the units. Raises UserError when the file is not a gamefile
    at all (no teams and no units).
    """
    path = Path(path)
    report = ImportReport()
    values = read_gamefile(path, report)

    def get(name: str, kind: type | tuple[type, ...], default: Any) -> Any:
        if name not in values:
            return default
        value, line = values[name]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
            report.problems.append(f"{path}:{line}: {name} should be {getattr(kind, '__name__', kind)}, "
                                   f"not {type(value).__name__}; ignored")
            return default
        return value

    for name, (_, line) in sorted(values.items(), key=lambda item: item[1][1]):
        if name not in KNOWN_VARIABLES and value_list_key(name, TABLE_OVERRIDES) is None:
            report.problems.append(f"{path}:{line}: unknown variable {name!r}; ignored")

    first = get("firstTeam", str, "")
    second = get("secondTeam", str, "")
    teams_health = {first: get("firstTeamTable", dict, {}), second: get("secondTeamTable", dict, {})}
    unit_table: dict[Any, Any] = get("unitTable", dict, {})
    if first and second and not (unit_table or any(teams_health.values())):
        tables = [n for n in TABLE_OVERRIDES if n in values]
        held = f"; it holds only per-type tables ({', '.join(tables)})" if tables else ""
        raise UserError(f"{path}: no units to import: firstTeam and secondTeam are there, but no unitTable and "
                        f"no firstTeamTable/secondTeamTable{held}; an early gamefile that kept its units elsewhere "
                        "cannot become a scenario: write the units into a scenario by hand (docs/scenarios.md)")
    if not first or not second or not (unit_table or any(teams_health.values())):
        raise UserError(f"{path}: not an Umpire gamefile: it needs firstTeam, secondTeam and unitTable "
                        "(or the team tables)")
    if first == second:
        report.problems.append(f"{path}: both teams are called {first!r}; the second is renamed {second + ' 2'!r}")
        second = second + " 2"
        teams_health = {first: teams_health[first], second: get("secondTeamTable", dict, {})}
    name = get("campaign", str, "") or path.stem.replace("_", " ").title()
    fog = get("fogOfWar", int, None)  # None: the scenario takes the rule set's default_fog_of_war
    if fog is not None and fog < 0:
        # docs/rulings.md 2026-11: 0 is no fog; 1 would make every message fail
        report.problems.append(f"{path}: fogOfWar {fog} is below 0; using 0 (no fog: messages never fail)")
        fog = 0
    elif fog == 1:
        report.problems.append(f"{path}: fogOfWar 1 makes every message fail (a message fails 1 time in F); "
                               "0 is no fog of war")
    air = bool(get("airTheater", (bool, int), False))
    warheads_value = values.get("warheads", (0, 0))[0]
    given = warheads_value if isinstance(warheads_value, dict) else {first: warheads_value, second: warheads_value}
    warheads = {side: given.get(side, 0) for side in (first, second)}
    for side, number in warheads.items():
        if not (isinstance(number, int) and not isinstance(number, bool) and 0 <= number < 2**31):
            report.problems.append(f"{path}: warheads of {side}: {shown(number)} is not a whole number of at least "
                                   "0; none")
            warheads[side] = 0
    local_types: dict[str, str] = {}
    unmapped: dict[str, str] = {}  # local type -> the standard name the gamefile gave it, which we cannot map
    declared_types = get("allUnitTypes", (dict, list), {})
    if isinstance(declared_types, list):  # the early gamefiles list the standard types they use
        declared_types = {str(name): name for name in declared_types}
    for local, standard in declared_types.items():
        mapped = standard_type(str(standard), ruleset)
        if mapped is None:
            report.problems.append(f"{path}: allUnitTypes: {local!r} -> {standard!r}: not a type of the rule set "
                                   f"{ruleset.id!r}; units of this type are left out")
            unmapped[str(local)] = str(standard)
            continue
        local_types[str(local)] = mapped

    def resolve(name: str) -> str | None:
        return local_types.get(name) or standard_type(name, ruleset)

    sources = source_tables(values, TABLE_OVERRIDES, report.problems, path)
    overrides = _overrides(sources, ruleset, resolve, report, path)
    campaign_types = {t for t in map(resolve, map(str, unit_table.values())) if t is not None}
    ability_overrides(values, ruleset, resolve, campaign_types, overrides, report.notes, report.problems, path)
    if overrides:
        report.notes.append(f"per-type tables and lists became [overrides] for {count(len(overrides), 'type')}: "
                            f"{', '.join(sorted(overrides))}")
    in_teams = {u for t in teams_health.values() for u in map(str, t)}
    units: list[_Unit] = []
    for side, table in teams_health.items():
        for unit_id, health in table.items():
            unit_id = str(unit_id)
            local = str(unit_table.get(unit_id, ""))
            if not local:
                orphans = [str(u) for u in unit_table if str(u) not in in_teams]
                report.problems.append(f"{path}: unit {unit_id!r} of {side} has no entry in unitTable"
                                       f"{_close(unit_id, orphans)}; left out")
                continue
            type_id = local_types.get(local) or standard_type(local, ruleset)
            if type_id is None and local in unmapped:
                report.problems.append(f"{path}: unit {unit_id!r}: its type {local!r} is {unmapped[local]!r} in "
                                       f"allUnitTypes, which {ruleset.id!r} does not have; left out")
                continue
            if type_id is None:
                report.problems.append(f"{path}: unit {unit_id!r}: type {local!r} is neither in allUnitTypes nor "
                                       f"a type of {ruleset.id!r}; left out")
                continue
            full = int(overrides.get(type_id, {}).get("health", ruleset.unit_types[type_id].health))
            value: int | None = None
            if isinstance(health, (int, float)) and not isinstance(health, bool):
                # an infinity or a number of hundreds of digits rounds to no whole number: out of range too
                value = int(round(health)) if abs(health) <= full + 1 else 0
                if not 1 <= value <= full:
                    report.problems.append(f"{path}: unit {unit_id!r}: health {shown(health)} outside 1..{full} "
                                           f"of {type_id}; starts at full health")
                    value = None
                elif value == full:
                    value = None
            units.append(_Unit(unit_id, local, type_id, side, value))
    typed = {str(u) for u in unit_table}
    typed_only = sorted(u for u in in_teams if u not in typed)
    for unit_id in unit_table:
        if str(unit_id) not in in_teams:
            report.problems.append(f"{path}: unit {unit_id!r} is in unitTable but in neither team table"
                                   f"{_close(str(unit_id), typed_only)}; left out")

    units = scenario_ids(units, report.notes, path)
    positions = _place(units, battlefield, ruleset, (first, second), report)
    text = _write_toml(path, name, map_ref, ruleset.id, first, second, fog, air, warheads, local_types, units,
                       positions, overrides, values, report)
    return text, report


def _overrides(sources: list[SourceTable], ruleset: RuleBook, resolve: Callable[[str], str | None],
               report: ImportReport, path: Path) -> dict[str, dict[str, Any]]:
    """Old per-type tables (``fireTable``) and value lists (``fire8``) become [overrides.TYPE] where they differ
    from the rule set."""
    result: dict[str, dict[str, Any]] = {}
    for source in sources:
        table_name, key, table, line = source.name, source.key, source.table, source.line
        if not isinstance(table, dict):
            report.problems.append(f"{path}:{line}: {table_name} is not a table; ignored")
            continue
        for raw_type, number in table.items():
            type_id = resolve(str(raw_type))
            if type_id is None:
                report.problems.append(f"{path}:{line}: {table_name}: unknown type {raw_type!r}; ignored")
                continue
            # the bounds before isfinite: 1e999 is inf, and isfinite of a number of hundreds of digits overflows
            if (not isinstance(number, (int, float)) or isinstance(number, bool) or number < 0
                    or number > 2**31 or not math.isfinite(number)):
                report.problems.append(f"{path}:{line}: {table_name}[{raw_type!r}] = {shown(number)} is not a "
                                       "number; ignored")
                continue
            unit_type = ruleset.unit_types[type_id]
            if key in ("health", "move", "attack"):
                current = getattr(unit_type, key)
            elif key in unit_type.commands:
                current = unit_type.commands[key].damage
            else:
                report.problems.append(f"{path}:{line}: {table_name}: {type_id} cannot {key} in {ruleset.id!r}; "
                                       "ignored")
                continue
            if current is None or float(current) != float(number):
                result.setdefault(type_id, {})[key] = number
    return result


def _can_stand(battlefield: Battlefield, ruleset: RuleBook, type_id: str, point: WorldPoint) -> bool:
    if not battlefield.contains(point):
        return False
    table = ruleset.speed_table(type_id)
    if battlefield.road_at(point) and table.get("road", 0) > 0:
        return True
    return table.get(battlefield.terrain_at(point) or "", 0) > 0


def _main_region(battlefield: Battlefield, ruleset: RuleBook, type_id: str,
                 cache: dict[str, set[tuple[int, int]]]) -> set[tuple[int, int]]:
    """The tiles of the largest connected area a type can move in (the open sea for ships, the mainland for
    armies), so that no unit is put in a lake, a river mouth or on a rock it can never leave."""
    table_name = ruleset.unit_types[type_id].movement
    if table_name in cache:
        return cache[table_name]
    table = ruleset.speed_tables[table_name]
    grid = battlefield.grid
    passable = {
        (c, r)
        for r in range(grid.rows)
        for c in range(grid.columns)
        if table.get(battlefield.terrain_ids[int(battlefield.terrain[r, c])], 0) > 0
        or (bool(battlefield.road[r, c]) and table.get("road", 0) > 0)
    }
    best: set[tuple[int, int]] = set()
    unseen = set(passable)
    while unseen:
        start = unseen.pop()
        region = {start}
        frontier = [start]
        while frontier:
            c, r = frontier.pop()
            for step in ((c + 1, r), (c - 1, r), (c, r + 1), (c, r - 1)):
                if step in unseen:
                    unseen.discard(step)
                    region.add(step)
                    frontier.append(step)
        if len(region) > len(best):
            best = region
    cache[table_name] = best
    return best


def _deployment_zone(battlefield: Battlefield, side: str) -> Zone | None:
    side_key = side.lower()
    named = [z for z in battlefield.zones if side_key in z.name.lower()]
    deploy = [z for z in named if "deploy" in z.name.lower()]
    found = deploy or named
    return found[0] if found else None


def _deployment_zones(battlefield: Battlefield, sides: tuple[str, str]) -> dict[str, tuple[Zone, str]]:
    """Each side's zone and why it was chosen: the zone named after the side; else, in the sides' order, the
    map's deployment zones that no side is named in (a map drawn for other armies: "Blue fleet deployment")."""
    chosen: dict[str, tuple[Zone, str]] = {}
    for side in sides:
        zone = _deployment_zone(battlefield, side)
        if zone is not None:
            chosen[side] = (zone, "")
    taken = {zone.name for zone, _ in chosen.values()}
    free = [z for z in battlefield.zones if "deploy" in z.name.lower() and z.name not in taken]
    for side in sides:
        if side not in chosen and free:
            zone = free.pop(0)
            chosen[side] = (zone, f" (no zone of the map is named after {side}: the first deployment zone left)")
    return chosen


def _place(units: list[_Unit], battlefield: Battlefield | None, ruleset: RuleBook, sides: tuple[str, str],
           report: ImportReport) -> dict[str, WorldPoint]:
    """A position for every unit: tile centres in the side's deployment zone, else nearest its map edge."""
    positions: dict[str, WorldPoint] = {}
    if battlefield is None:
        # No map: ranks two units apart, first side on the top row, second below; the author moves them.
        for row, side in enumerate(sides):
            for column, unit in enumerate(u for u in units if u.side == side):
                positions[unit.id] = WorldPoint(1.5 + 2 * column, 1.5 + 4 * row)
        report.notes.append("no --map: units stand in ranks at the top left; set [scenario] map and move them")
        return positions
    grid = battlefield.grid
    cells = [(c, r) for r in range(grid.rows) for c in range(grid.columns)]
    centres = [grid.cell_centre(c, r) for c, r in cells]
    cell_of = {(p.x, p.y): cell for p, cell in zip(centres, cells)}
    crowded: set[tuple[int, int]] = set()  # tiles closer than SPACING to a unit already placed
    regions: dict[str, set[tuple[int, int]]] = {}
    width, _ = battlefield.world_size
    tile = width / grid.columns  # world units per tile column
    zones = _deployment_zones(battlefield, sides)
    taken: set[tuple[float, float]] = set()
    for index, side in enumerate(sides):
        zone, why = zones.get(side, (None, ""))
        far: list[str] = []
        edge = 0.0 if index == 0 else width
        side_count = sum(1 for u in units if u.side == side)
        # the depth of the side's ranks, SPACING apart, and a margin
        depth = tile * (3 + SPACING * math.ceil(side_count * SPACING / max(1, grid.rows)))
        if zone is not None:
            zx = sum(p.x for p in zone.outline) / len(zone.outline)
            zy = sum(p.y for p in zone.outline) / len(zone.outline)
            inside = [p for p in centres if zone.contains(p)]
            # inside the zone first (nearest its centre), then the nearest tiles around it
            by_centre = sorted(centres, key=lambda p: math.hypot(p.x - zx, p.y - zy))
            groups = [[p for p in by_centre if zone.contains(p)], [p for p in by_centre if not zone.contains(p)]]
            where = f"the zone {zone.name!r}{why}"
            if not inside:
                where += " (too small to hold a tile centre: placed around it)"
        else:
            groups = [sorted(centres, key=lambda p: (abs(p.x - edge), p.y))]
            where = "ranks along the " + ("west" if index == 0 else "east") + " edge"
        placed = 0
        spilled: list[str] = []
        for unit in (u for u in units if u.side == side):
            region = _main_region(battlefield, ruleset, unit.type_id, regions)

            def fits(p: WorldPoint) -> bool:
                return ((p.x, p.y) not in taken and cell_of[(p.x, p.y)] in region
                        and _can_stand(battlefield, ruleset, unit.type_id, p))

            # within each group (the zone, then around it): a tile clear of the others, else any free one
            spot = None
            for group in groups:
                spot = (next((p for p in group if cell_of[(p.x, p.y)] not in crowded and fits(p)), None)
                        or next((p for p in group if fits(p)), None))
                if spot is not None:
                    break
            if spot is None:
                report.problems.append(f"unit {unit.id!r} ({unit.type_id}): no free tile on the map it can stand on; "
                                       "placed at the map's centre, move it")
                w, h = battlefield.world_size
                spot = WorldPoint(w / 2, h / 2)
            else:
                taken.add((spot.x, spot.y))
                column, row = cell_of[(spot.x, spot.y)]
                crowded.update((column + dc, row + dr) for dc in range(1 - SPACING, SPACING)
                               for dr in range(1 - SPACING, SPACING))
                if zone is not None and not zone.contains(spot):
                    spilled.append(f"{unit.id} ({unit.type_id}) at {spot.x:g},{spot.y:g}")
                elif zone is None and abs(spot.x - edge) > depth:
                    far.append(f"{unit.id} ({unit.type_id}) at {spot.x:g},{spot.y:g}")
            positions[unit.id] = spot
            placed += 1
        if placed:
            extra = (f"; {len(spilled)} stand outside it, on the nearest tiles they can stand on (no room, or terrain "
                     f"their type cannot enter): "
                     f"{_listed(spilled)}" if spilled else "")
            if far:
                extra += (f"; {len(far)} stand farther in, on the nearest tiles their type can stand on and move "
                          f"from: {_listed(far)}")
            report.notes.append(f"{side}: {placed} units placed in {where}, {SPACING} tiles apart where there is "
                                f"room{extra}")
    return positions


def _listed(names: list[str], most: int = 8) -> str:
    """Up to ``most`` names, then how many more."""
    more = f" and {len(names) - most} more" if len(names) > most else ""
    return ", ".join(names[:most]) + more


def _toml_string(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def _toml_key(key: str) -> str:
    return key if key and all(c.isalnum() or c in "-_" for c in key) else _toml_string(key)


def _number(value: float) -> str:
    return repr(float(value)) if isinstance(value, float) or not float(value).is_integer() else str(int(value))


def _toml_value(value: Any) -> str:
    """An override's value as TOML: true/false, a list of names, a name ("none") or a number."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml_string(str(v)) for v in value) + "]"
    if isinstance(value, str):
        return _toml_string(value)
    return _number(value)


def _write_toml(path: Path, name: str, map_ref: str | None, ruleset_id: str, first: str, second: str, fog: int | None,
                air: bool, warheads: dict[str, int], local_types: dict[str, str], units: list[_Unit],
                positions: dict[str, WorldPoint], overrides: dict[str, dict[str, Any]],
                values: dict[str, tuple[Any, int]], report: ImportReport) -> str:
    out: list[str] = [
        f"# Imported from the Umpire gamefile {path.name} by 'kriegsspiel import-umpire'.",
        "# The gamefile gives no positions: the units below were placed automatically; check them on the map.",
    ]
    for note in report.notes:
        out.append(f"# {note}")
    out += [
        "",
        "[scenario]",
        f"name = {_toml_string(name)}",
        f"map = {_toml_string(map_ref or 'CHANGE-ME.tmx')}",
        f"ruleset = {_toml_string(ruleset_id)}",
        f"first_side = {_toml_string(first)}",
        *([] if fog is None else [f"fog_of_war = {fog}"]),
        f"air_theatre = {'true' if air else 'false'}",
    ]
    for colour, side in zip(SIDE_COLOURS, (first, second)):
        out += ["", "[[sides]]", f"name = {_toml_string(side)}", f"colour = {_toml_string(colour)}",
                f"warheads = {warheads.get(side, 0)}"]
    names = {local: std for local, std in local_types.items() if local != std}
    if names:
        out += ["", "[unit_names]"]
        out += [f"{_toml_key(local)} = {_toml_string(std)}" for local, std in sorted(names.items())]
    for unit in units:
        point = positions[unit.id]
        type_name = unit.local_type if unit.local_type in names else unit.type_id
        out += ["", "[[units]]", f"id = {_toml_string(unit.id)}", f"type = {_toml_string(type_name)}",
                f"side = {_toml_string(unit.side)}", f"at = [{_number(point.x)}, {_number(point.y)}]"]
        if unit.health is not None:
            out.append(f"health = {unit.health}")
    for type_id, changes in sorted(overrides.items()):
        out += ["", f"[overrides.{type_id}]"]
        out += [f"{_toml_key(key)} = {_toml_value(value)}" for key, value in sorted(changes.items())]
    map_lines = [(n, values[n]) for n in MAP_VARIABLES if n in values]
    if map_lines:
        out += ["", "# What the gamefile says about places belongs on the map (Tiled structures and zones):"]
        for variable, (value, _) in map_lines:
            out.append(f"# {variable} = {value!r}")
    return "\n".join(out) + "\n"
