"""Read a scenario TOML file, check it against its map and rule set, and build a GameSetup.

Every problem is collected (with the file, the key and, where the scan finds it, the line) before anything is
raised, so that the author fixes them all in one go. The map and rule-set loaders are parameters (defaults:
``kriegsspiel.tiled.load_battlefield`` and ``kriegsspiel.rulesets.load_ruleset``) so that tests can pass
hand-built ones.
"""
from __future__ import annotations

import dataclasses
import difflib
import hashlib
import math
import re
import secrets
import tomllib
from collections.abc import Callable, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any

from kriegsspiel.core.battlefield import Battlefield
from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.core.ruleset import Ruleset
from kriegsspiel.core.setup import GameSetup, PlayerSetup, SideSetup, UnitSetup, VictorySetup
from kriegsspiel.errors import UserError
from kriegsspiel.findings import Finding
from kriegsspiel.scenario.model import Scenario, ScenarioError
from kriegsspiel.scenario.toml_lines import KeyLines

MapLoader = Callable[[Path, Ruleset], Battlefield]
RulesetLoader = Callable[[str], Ruleset]

DEFAULT_RULESET = "modern-4e"
VICTORY_KINDS = ("hold", "destroy", "score")
#: unit-type fields a scenario may override (the old Umpire gamefiles carried their own tables)
OVERRIDABLE_FIELDS = {"health": int, "move": float, "attack": int, "sight_range": float}

_KNOWN_KEYS: dict[str, tuple[str, ...]] = {
    "": ("scenario", "sides", "players", "unit_names", "units", "victory", "overrides"),
    "scenario": ("name", "map", "ruleset", "seed", "first_side", "fog_of_war", "air_theatre", "rounds",
                 "description"),
    "sides": ("name", "colour", "warheads"),
    "players": ("name", "side", "units"),
    "units": ("id", "type", "side", "at", "heading", "health", "hidden"),
    "victory": ("side", "kind", "zone", "by_round", "score"),
}
_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
_SEED_LIMIT = 2**63


def default_map_loader(path: Path, ruleset: Ruleset) -> Battlefield:
    """Load a Tiled map with the project's loader (imported here: scenario files need not start pytmx)."""
    from kriegsspiel.tiled import load_battlefield

    return load_battlefield(path, ruleset)


def default_ruleset_loader(name: str) -> Ruleset:
    """Load a shipped rule set by name."""
    from kriegsspiel.rulesets import load_ruleset

    return load_ruleset(name)


def suggest(name: str, known: list[str] | tuple[str, ...]) -> str:
    """`` (did you mean 'x'?)`` for the closest known name, or an empty string."""
    close = difflib.get_close_matches(name, list(known), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 16), b""):
            digest.update(block)
    return digest.hexdigest()


class _Report:
    """Collects findings for one scenario text, with line numbers from the key scan."""

    def __init__(self, source: str, text: str) -> None:
        self.source = source
        self.lines = KeyLines.scan(text)
        self.findings: list[Finding] = []

    def add(self, table: str, index: int | None, key: str | None, problem: str, severity: str = "error") -> None:
        where = table if index is None else f"{table}[{index}]"
        if key:
            where = f"{where}.{key}" if where else key
        line = self.lines.line(table, index, key) if table else None
        self.findings.append(Finding(self.source, f"{where}: {problem}", severity, line))

    def elsewhere(self, source: str, problem: str, severity: str = "error") -> None:
        self.findings.append(Finding(source, problem, severity))

    @property
    def has_errors(self) -> bool:
        return any(f.severity == "error" for f in self.findings)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: Any) -> bool:
    return (isinstance(value, (int, float)) and not isinstance(value, bool)) and math.isfinite(value)


def _type_name(value: Any) -> str:
    return {bool: "true/false", int: "a whole number", float: "a number", str: "text", list: "a list",
            dict: "a table"}.get(type(value), type(value).__name__)


def _check_unknown_keys(report: _Report, table: str, index: int | None, data: Mapping[str, Any]) -> None:
    known = _KNOWN_KEYS.get(table)
    if known is None:
        return
    for key in data:
        if key not in known:
            label = "a top-level table" if not table else "a key"
            report.add(table, index, key, f"unknown {label}; known: {', '.join(known)}{suggest(key, known)}",
                       "warning")


def _table_list(report: _Report, data: Mapping[str, Any], name: str) -> list[tuple[int, dict[str, Any]]]:
    value = data.get(name, [])
    if not isinstance(value, list):
        report.add(name, None, None, f"must be an array of tables ([[{name}]] headers), not {_type_name(value)}")
        return []
    result = []
    for i, item in enumerate(value):
        if not isinstance(item, dict):
            report.add(name, i, None, f"must be a table, not {_type_name(item)}")
            continue
        _check_unknown_keys(report, name, i, item)
        result.append((i, item))
    return result


def parse_scenario_text(
    text: str,
    source: str,
    base_dir: Path,
    *,
    seed: int | None = None,
    map_loader: MapLoader | None = None,
    ruleset_loader: RulesetLoader | None = None,
    map_ref: str | None = None,
) -> Scenario:
    """Parse and validate a scenario given as text.

    ``source`` names the text in messages; the map path is resolved against ``base_dir``. ``seed`` (from a
    save) replaces the scenario's seed; without either, a seed is drawn. ``map_ref`` (from a save whose map
    was found elsewhere) replaces the scenario's map path. Raises ScenarioError listing every finding when
    there is at least one error (warnings alone do not raise; they are in ``Scenario.warnings``).
    """
    findings, scenario = _validate(text, source, base_dir, seed, map_loader, ruleset_loader, map_ref)
    findings = _in_reading_order(findings, source)
    if scenario is None:
        raise ScenarioError(source, findings)
    return scenario


def load_scenario(
    path: str | Path,
    *,
    map_loader: MapLoader | None = None,
    ruleset_loader: RulesetLoader | None = None,
) -> Scenario:
    """Load a scenario file (TOML). Raises ScenarioError (a UserError) listing every finding, or UserError
    when the file cannot be read."""
    path = Path(path)
    text = _read_text(path)
    return parse_scenario_text(text, str(path), path.parent, map_loader=map_loader, ruleset_loader=ruleset_loader)


def check_scenario_file(
    path: str | Path,
    *,
    map_loader: MapLoader | None = None,
    ruleset_loader: RulesetLoader | None = None,
) -> list[Finding]:
    """Every finding (errors and warnings) of a scenario file, for ``kriegsspiel check``. Never raises."""
    path = Path(path)
    try:
        text = _read_text(path)
    except _Unreadable as exc:
        return [Finding(str(path), exc.problem, "error", exc.line)]
    findings, _ = _validate(text, str(path), path.parent, None, map_loader, ruleset_loader)
    return _in_reading_order(findings, str(path))


def _in_reading_order(findings: list[Finding], source: str) -> list[Finding]:
    """The scenario's own findings by line (those without a line first), then those of other files (the map)."""
    return sorted(findings, key=lambda f: (f.path != source, f.line or 0))


class _Unreadable(UserError):
    """A scenario file that cannot be read as text: ``problem`` and ``line`` for a Finding."""

    def __init__(self, path: Path, problem: str, line: int | None = None) -> None:
        super().__init__(f"{path}:{line}: {problem}" if line else f"{path}: {problem}")
        self.problem = problem
        self.line = line


def _read_text(path: Path) -> str:
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise _Unreadable(path, "no such file; give the path of a scenario .toml file") from None
    except IsADirectoryError:
        raise _Unreadable(path, "is a directory; give the path of a scenario .toml file") from None
    except OSError as exc:
        raise _Unreadable(path, f"cannot be read ({exc.strerror})") from None
    try:
        # utf-8-sig: Windows editors put a byte-order mark in front, which TOML does not allow
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise _Unreadable(path, "not UTF-8 text; save the scenario as UTF-8", line) from None


def _validate(
    text: str,
    source: str,
    base_dir: Path,
    seed_override: int | None,
    map_loader: MapLoader | None,
    ruleset_loader: RulesetLoader | None,
    map_ref_override: str | None = None,
) -> tuple[list[Finding], Scenario | None]:
    report = _Report(source, text)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        match = re.search(r"\(at line (\d+), column \d+\)", message)
        line = int(match.group(1)) if match else None
        problem = re.sub(r"\s*\(at line \d+, column \d+\)", "", message) if match else message
        report.findings.append(Finding(source, f"not valid TOML: {problem}", "error", line))
        return report.findings, None

    _check_unknown_keys(report, "", None, data)
    head = data.get("scenario")
    if not isinstance(head, dict):
        report.add("scenario", None, None, "missing [scenario] table with name, map and ruleset")
        head = {}
    _check_unknown_keys(report, "scenario", None, head)

    name = head.get("name")
    if not isinstance(name, str) or not name.strip():
        report.add("scenario", None, "name", "missing or empty; give the scenario a name (text)")
        name = Path(source).stem

    ruleset_id = head.get("ruleset", DEFAULT_RULESET)
    ruleset: Ruleset | None = None
    if not isinstance(ruleset_id, str):
        report.add("scenario", None, "ruleset", f"must be text (a rule set name), not {_type_name(ruleset_id)}")
        ruleset_id = DEFAULT_RULESET
    else:
        name_or_path = ruleset_id
        if name_or_path.endswith(".toml") or "/" in name_or_path or "\\" in name_or_path:
            name_or_path = str(base_dir / name_or_path)  # a rule-set file is relative to the scenario
        try:
            ruleset = (ruleset_loader or default_ruleset_loader)(name_or_path)
        except (UserError, ValueError, KeyError, OSError) as exc:
            report.add("scenario", None, "ruleset", f"cannot load rule set {ruleset_id!r}: {_exc_text(exc)}")

    seed = _scenario_seed(report, head, seed_override)
    fog = head.get("fog_of_war", 6)
    if not _is_int(fog) or fog < 1:
        report.add("scenario", None, "fog_of_war",
                   f"must be a whole number of at least 1 (a message fails 1 time in N), not {fog!r}")
        fog = 6
    air_theatre = head.get("air_theatre", False)
    if not isinstance(air_theatre, bool):
        report.add("scenario", None, "air_theatre", f"must be true or false, not {air_theatre!r}")
        air_theatre = False
    rounds = head.get("rounds")
    if rounds is not None and (not _is_int(rounds) or rounds < 1):
        report.add("scenario", None, "rounds", f"must be a whole number of at least 1, not {rounds!r}")
        rounds = None

    if ruleset is not None:
        ruleset = _apply_overrides(report, data.get("overrides"), ruleset)

    sides = _sides(report, data)
    side_names = [s.name for s in sides]
    first_side = head.get("first_side", side_names[0] if side_names else "")
    if side_names and first_side not in side_names:
        report.add("scenario", None, "first_side",
                   f"unknown side {first_side!r}; sides: {', '.join(side_names)}{suggest(str(first_side), side_names)}")

    unit_names = _unit_names(report, data, ruleset)

    # The map, then the units against it.
    map_ref = map_ref_override or head.get("map")
    battlefield: Battlefield | None = None
    map_path = base_dir
    map_sha = ""
    if not isinstance(map_ref, str) or not map_ref.strip():
        report.add("scenario", None, "map", "missing; give the Tiled map's path relative to this file")
        map_ref = ""
    else:
        map_path = (base_dir / map_ref)
        if not map_path.is_file():
            report.add("scenario", None, "map", f"no map file at {map_path}; the path is relative to the scenario")
        elif ruleset is not None:
            try:
                battlefield = (map_loader or default_map_loader)(map_path, ruleset)
                map_sha = _sha256_file(map_path)
            except (UserError, ValueError, KeyError, OSError) as exc:
                report.add("scenario", None, "map", f"cannot load the map: {_exc_text(exc)}")

    declared: dict[str, Any] = {}  # every unit id written down, valid or not: no cascade of "unknown unit"
    units = _units(report, data, ruleset, unit_names, side_names, battlefield, declared)
    if battlefield is not None:
        units += _placements(report, battlefield, ruleset, unit_names, side_names, {u.id for u in units},
                             air_theatre, str(map_path))
    if ruleset is not None and not air_theatre:
        for i, unit in enumerate(units):
            if ruleset.unit_types.get(unit.type_id) and ruleset.unit_types[unit.type_id].theatre == "air":
                report.add("units", i, "type",
                           f"unit {unit.id!r} is an aircraft but [scenario] air_theatre is false; "
                           "set air_theatre = true or remove the unit", "warning")
                break
    declared.update({u.id: u.side for u in units})
    players = _players(report, data, side_names, declared)
    victory = _victory(report, data, side_names, battlefield)

    if report.has_errors or ruleset is None or battlefield is None:
        if not report.has_errors:  # cannot happen, but never hand out a half-checked scenario
            report.add("scenario", None, None, "the map or the rule set could not be loaded")
        return report.findings, None

    setup = GameSetup(
        name=name,
        ruleset_id=ruleset_id,
        seed=seed,
        first_side=first_side,
        sides=tuple(sides),
        players=tuple(players),
        units=tuple(units),
        fog_of_war=fog,
        air_theatre=air_theatre,
        rounds=rounds,
        victory=tuple(victory),
        unit_names=tuple(sorted(unit_names.items())),
    )
    _warn_about_play(report, setup, battlefield, ruleset, data, str(map_path))
    scenario = Scenario(
        setup=setup,
        source=source,
        base_dir=base_dir,
        text=text,
        sha256=hashlib.sha256(text.encode("utf-8")).hexdigest(),
        map_ref=map_ref,
        map_path=map_path,
        map_sha256=map_sha,
        battlefield=battlefield,
        ruleset=ruleset,
        seed_drawn=seed_override is None and "seed" not in head,
        warnings=tuple(report.findings),
    )
    return report.findings, scenario


def _warn_about_play(report: _Report, setup: GameSetup, battlefield: Battlefield, ruleset: Ruleset,
                     data: Mapping[str, Any], map_source: str) -> None:
    """Things that load but would surprise at the table: warnings, with the key and line."""
    from kriegsspiel.core.meta import hiding_place
    from kriegsspiel.core.state import initial_state

    index_of = {entry.get("id"): i for i, entry in enumerate(data.get("units", [])) if isinstance(entry, dict)}
    state = initial_state(setup, battlefield, ruleset)
    for unit_setup in setup.units:
        if unit_setup.hidden is not True:
            continue
        unit = state.units[unit_setup.id]
        if hiding_place(state, unit) is None:
            hides_in = ", ".join(ruleset.unit_types[unit.type_id].hide_terrain) or "nowhere"
            problem = (f"unit {unit.id!r} starts hidden on {battlefield.terrain_at(unit.position)}, where "
                       f"{unit.type_id} cannot hide (it hides in: {hides_in}); the first move will expose it")
            if unit.id in index_of:
                report.add("units", index_of[unit.id], "hidden", problem, "warning")
            else:
                report.elsewhere(map_source, f"units layer: {problem}", "warning")
    for i, condition in enumerate(setup.victory):
        if condition.by_round is not None and setup.rounds is not None and condition.by_round > setup.rounds:
            report.add("victory", i, "by_round", f"round {condition.by_round} comes after the game's last round "
                       f"({setup.rounds}, [scenario] rounds): this condition can never be met", "warning")
    side_names = {side.name.casefold() for side in setup.sides}
    for i, player in enumerate(setup.players):
        if player.name.casefold() in side_names and player.name != player.side:
            report.add("players", i, "name", f"player {player.name!r} has the name of a side: a message to "
                       f"{player.name!r} goes to the side; rename the player", "warning")


def _exc_text(exc: BaseException) -> str:
    if isinstance(exc, KeyError) and exc.args:
        return str(exc.args[0])
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    return str(exc)


def _scenario_seed(report: _Report, head: Mapping[str, Any], override: int | None) -> int:
    if override is not None:
        return override
    seed = head.get("seed")
    if seed is None:
        return secrets.randbelow(2**31)
    if not _is_int(seed) or not 0 <= seed < _SEED_LIMIT:
        report.add("scenario", None, "seed", f"must be a whole number from 0 to 2^63-1, not {seed!r}")
        return 0
    return seed


def _sides(report: _Report, data: Mapping[str, Any]) -> list[SideSetup]:
    sides: list[SideSetup] = []
    entries = _table_list(report, data, "sides")
    if not entries:
        report.add("sides", None, None, "no [[sides]]; a game needs at least two sides (name, colour)")
    for i, entry in entries:
        name = entry.get("name")
        if not isinstance(name, str) or not name.strip():
            report.add("sides", i, "name", "missing; every side needs a name")
            continue
        if any(s.name == name for s in sides):
            report.add("sides", i, "name", f"side {name!r} is declared twice")
            continue
        colour = entry.get("colour", "#808080")
        if not isinstance(colour, str) or not _COLOUR.match(colour):
            report.add("sides", i, "colour", f"must be \"#rrggbb\" (e.g. \"#3050c0\"), not {colour!r}")
            colour = "#808080"
        warheads = entry.get("warheads", 0)
        if not _is_int(warheads) or warheads < 0:
            report.add("sides", i, "warheads", f"must be a whole number of at least 0, not {warheads!r}")
            warheads = 0
        sides.append(SideSetup(name=name, colour=colour.lower(), warheads=warheads))
    if len(sides) == 1:
        report.add("sides", None, None, "only one side; the other side has nothing to play with", "warning")
    return sides


def _unit_names(report: _Report, data: Mapping[str, Any], ruleset: Ruleset | None) -> dict[str, str]:
    table = data.get("unit_names", {})
    if not isinstance(table, dict):
        report.add("unit_names", None, None, f"must be a table of local name = standard type, not {_type_name(table)}")
        return {}
    names: dict[str, str] = {}
    for local, standard in table.items():
        if not isinstance(standard, str):
            report.add("unit_names", None, local, f"must name a standard unit type (text), not {standard!r}")
            continue
        if ruleset is not None and standard not in ruleset.unit_types:
            known = sorted(ruleset.unit_types)
            report.add("unit_names", None, local,
                       f"unknown unit type {standard!r}; known: {', '.join(known)}{suggest(standard, known)}")
            continue
        names[local] = standard
    return names


def _resolve_type(type_name: str, ruleset: Ruleset, unit_names: Mapping[str, str]) -> str | None:
    if type_name in unit_names:
        return unit_names[type_name]
    if type_name in ruleset.unit_types:
        return type_name
    return None


def _unknown_type_message(type_name: str, ruleset: Ruleset, unit_names: Mapping[str, str]) -> str:
    known = sorted(ruleset.unit_types) + sorted(unit_names)
    return f"unknown unit type {type_name!r}; known: {', '.join(known)}{suggest(type_name, known)}"


def _standing_problem(battlefield: Battlefield, ruleset: Ruleset, type_id: str, point: WorldPoint) -> str | None:
    """Why a unit of ``type_id`` cannot stand at ``point``, or None when it can."""
    if not battlefield.contains(point):
        width, height = battlefield.world_size
        return f"off the map (the map spans 0..{width:g} x 0..{height:g} world units)"
    terrain = battlefield.terrain_at(point)
    table = ruleset.speed_table(type_id)
    if battlefield.road_at(point) and table.get("road", 0) > 0:
        return None
    if terrain is not None and table.get(terrain, 0) > 0:
        return None
    return f"{type_id} cannot stand on {terrain}; move it to terrain its type can enter"


def _units(
    report: _Report,
    data: Mapping[str, Any],
    ruleset: Ruleset | None,
    unit_names: Mapping[str, str],
    side_names: list[str],
    battlefield: Battlefield | None,
    declared: dict[str, Any],
) -> list[UnitSetup]:
    units: list[UnitSetup] = []
    seen: set[str] = set()
    for i, entry in _table_list(report, data, "units"):
        unit_id = entry.get("id")
        if not isinstance(unit_id, str) or not unit_id.strip() or any(c.isspace() for c in unit_id) or ">" in unit_id:
            report.add("units", i, "id", f"must be a name without spaces or '>' (e.g. \"va1\"), not {unit_id!r}")
            continue
        if unit_id in seen:
            report.add("units", i, "id", f"duplicate unit id {unit_id!r}; every unit needs its own id")
            continue
        seen.add(unit_id)
        declared[unit_id] = entry.get("side")
        ok = True
        type_name = entry.get("type")
        type_id: str | None = None
        if not isinstance(type_name, str):
            report.add("units", i, "type", f"unit {unit_id!r}: missing; give a unit type of the rule set")
            ok = False
        elif ruleset is not None:
            type_id = _resolve_type(type_name, ruleset, unit_names)
            if type_id is None:
                report.add("units", i, "type", f"unit {unit_id!r}: {_unknown_type_message(type_name, ruleset, unit_names)}")
                ok = False
        side = entry.get("side")
        if side not in side_names:
            names = ", ".join(side_names) or "none declared"
            report.add("units", i, "side",
                       f"unit {unit_id!r}: unknown side {side!r}; sides: {names}{suggest(str(side), side_names)}")
            ok = False
        at = entry.get("at")
        point: WorldPoint | None = None
        if isinstance(at, list) and len(at) == 2 and all(_is_number(v) for v in at):
            point = WorldPoint(float(at[0]), float(at[1]))
        else:
            report.add("units", i, "at", f"unit {unit_id!r}: must be [x, y] in world units, not {at!r}")
            ok = False
        heading = entry.get("heading")
        if heading is not None and not _is_number(heading):
            report.add("units", i, "heading", f"unit {unit_id!r}: must be degrees clockwise from north, not {heading!r}")
            ok = False
        health = entry.get("health")
        if health is not None:
            full = ruleset.unit_types[type_id].health if ruleset is not None and type_id else None
            if not _is_int(health) or health < 1 or (full is not None and health > full):
                limit = f"1..{full}" if full is not None else "at least 1"
                report.add("units", i, "health", f"unit {unit_id!r}: must be a whole number {limit}, not {health!r}")
                ok = False
        hidden = entry.get("hidden")
        if hidden is not None and not isinstance(hidden, bool):
            report.add("units", i, "hidden", f"unit {unit_id!r}: must be true or false, not {hidden!r}")
            ok = False
        if ok and battlefield is not None and ruleset is not None and type_id and point is not None:
            problem = _standing_problem(battlefield, ruleset, type_id, point)
            if problem:
                report.add("units", i, "at", f"unit {unit_id!r} at {point.x:g},{point.y:g}: {problem}")
                ok = False
        if ok and type_id and point is not None:
            units.append(UnitSetup(
                id=unit_id, type_id=type_id, side=str(side), position=point,
                heading=None if heading is None else float(heading) % 360.0,
                health=health, hidden=hidden,
                local_name=type_name if type_name != type_id else None,
            ))
    return units


def _placements(
    report: _Report,
    battlefield: Battlefield,
    ruleset: Ruleset | None,
    unit_names: Mapping[str, str],
    side_names: list[str],
    taken: set[str],
    air_theatre: bool,
    map_source: str,
) -> list[UnitSetup]:
    """Units drawn on the map's ``units`` layer join the scenario's; their problems name the map."""
    units: list[UnitSetup] = []
    for placement in battlefield.placements:
        label = f"units layer: unit {placement.name!r}"
        if not placement.name or any(c.isspace() for c in placement.name):
            report.elsewhere(map_source, f"units layer: a unit object needs a name without spaces (its id); got {placement.name!r}")
            continue
        if placement.name in taken:
            report.elsewhere(map_source, f"{label}: duplicate unit id (also in the scenario or the map); rename one")
            continue
        taken.add(placement.name)
        if placement.side not in side_names:
            report.elsewhere(map_source, f"{label}: unknown side {placement.side!r}; sides of the scenario: "
                             f"{', '.join(side_names)}{suggest(placement.side, side_names)}")
            continue
        if ruleset is None:
            continue
        type_id = _resolve_type(placement.unit_type, ruleset, unit_names)
        if type_id is None:
            report.elsewhere(map_source, f"{label}: {_unknown_type_message(placement.unit_type, ruleset, unit_names)}")
            continue
        problem = _standing_problem(battlefield, ruleset, type_id, placement.position)
        if problem:
            report.elsewhere(map_source, f"{label} at {placement.position.x:g},{placement.position.y:g}: {problem}")
            continue
        units.append(UnitSetup(
            id=placement.name, type_id=type_id, side=placement.side, position=placement.position,
            heading=placement.heading, health=placement.health, hidden=placement.hidden,
            local_name=placement.unit_type if placement.unit_type != type_id else None,
        ))
    return units


def _players(report: _Report, data: Mapping[str, Any], side_names: list[str], unit_sides: Mapping[str, Any]) -> list[PlayerSetup]:
    players: list[PlayerSetup] = []
    entries = _table_list(report, data, "players")
    for i, entry in entries:
        name = entry.get("name")
        if not isinstance(name, str) or not name.strip():
            report.add("players", i, "name", "missing; every player needs a name")
            continue
        if any(p.name == name for p in players):
            report.add("players", i, "name", f"player {name!r} is declared twice")
            continue
        side = entry.get("side")
        if side not in side_names:
            report.add("players", i, "side", f"player {name!r}: unknown side {side!r}; sides: "
                       f"{', '.join(side_names)}{suggest(str(side), side_names)}")
            continue
        units = entry.get("units", "all")
        if units == "all":
            players.append(PlayerSetup(name=name, side=side, units=None))
            continue
        if not isinstance(units, list) or not units or not all(isinstance(u, str) for u in units):
            report.add("players", i, "units", f"player {name!r}: must be \"all\" or a list of unit ids, not {units!r}")
            continue
        ok = True
        for unit_id in units:
            if unit_id not in unit_sides:
                report.add("players", i, "units", f"player {name!r}: unknown unit {unit_id!r}"
                           f"{suggest(unit_id, list(unit_sides))}")
                ok = False
            elif isinstance(unit_sides[unit_id], str) and unit_sides[unit_id] in side_names and unit_sides[unit_id] != side:
                report.add("players", i, "units", f"player {name!r} of {side}: unit {unit_id!r} belongs to "
                           f"{unit_sides[unit_id]}; a player commands only units of their own side")
                ok = False
        if ok:
            players.append(PlayerSetup(name=name, side=side, units=tuple(units)))
    if not entries:
        # Without [[players]], each side is one player who sees with all its units.
        players = [PlayerSetup(name=side, side=side, units=None) for side in side_names]
    return players


def _victory(report: _Report, data: Mapping[str, Any], side_names: list[str], battlefield: Battlefield | None) -> list[VictorySetup]:
    conditions: list[VictorySetup] = []
    for i, entry in _table_list(report, data, "victory"):
        ok = True
        side = entry.get("side")
        if side not in side_names:
            report.add("victory", i, "side", f"unknown side {side!r}; sides: {', '.join(side_names)}"
                       f"{suggest(str(side), side_names)}")
            ok = False
        kind = entry.get("kind")
        if kind not in VICTORY_KINDS:
            report.add("victory", i, "kind", f"must be one of {', '.join(VICTORY_KINDS)}, not {kind!r}")
            ok = False
        zone = entry.get("zone")
        if kind == "hold":
            if not isinstance(zone, str):
                report.add("victory", i, "zone", "a \"hold\" condition needs the name of a zone of the map")
                ok = False
            elif battlefield is not None and battlefield.zone(zone) is None:
                zones = [z.name for z in battlefield.zones]
                report.add("victory", i, "zone", f"the map has no zone {zone!r}; its zones: "
                           f"{', '.join(zones) or 'none'}{suggest(zone, zones)}")
                ok = False
        by_round = entry.get("by_round")
        if by_round is not None and (not _is_int(by_round) or by_round < 1):
            report.add("victory", i, "by_round", f"must be a whole number of at least 1, not {by_round!r}")
            ok = False
        score = entry.get("score")
        if kind == "score" and (score is None or not _is_number(score) or not 0 < score <= 100):
            report.add("victory", i, "score", f"a \"score\" condition needs a percentage 0 < score <= 100, not {score!r}")
            ok = False
        if ok:
            conditions.append(VictorySetup(side=side, kind=kind, zone=zone if isinstance(zone, str) else None,
                                           by_round=by_round, score=None if score is None else float(score)))
    return conditions


def _apply_overrides(report: _Report, overrides: Any, ruleset: Ruleset) -> Ruleset:
    """``[overrides.TYPE]`` tables change a unit type's numbers for this scenario only."""
    if overrides is None:
        return ruleset
    if not isinstance(overrides, dict):
        report.add("overrides", None, None, f"must be tables [overrides.TYPE], not {_type_name(overrides)}")
        return ruleset
    types = dict(ruleset.unit_types)
    for type_id, changes in overrides.items():
        table = f"overrides.{type_id}"
        if type_id not in types:
            known = sorted(types)
            report.add(table, None, None, f"unknown unit type {type_id!r}{suggest(type_id, known)}")
            continue
        if not isinstance(changes, dict):
            report.add(table, None, None, f"must be a table of numbers, not {_type_name(changes)}")
            continue
        unit_type = types[type_id]
        fields: dict[str, Any] = {}
        commands = dict(unit_type.commands)
        for key, value in changes.items():
            if not _is_number(value) or value < 0:
                report.add(table, None, key, f"must be a number of at least 0, not {value!r}")
            elif key in OVERRIDABLE_FIELDS:
                fields[key] = OVERRIDABLE_FIELDS[key](value)
            elif key in commands:
                commands[key] = dataclasses.replace(commands[key], damage=int(value))
            else:
                allowed = sorted(OVERRIDABLE_FIELDS) + sorted(commands)
                report.add(table, None, key, f"cannot override {key!r} of {type_id}; can: {', '.join(allowed)}"
                           f"{suggest(key, allowed)}")
        if commands != dict(unit_type.commands):
            fields["commands"] = MappingProxyType(commands)
        if fields:
            types[type_id] = dataclasses.replace(unit_type, **fields)
    if types == dict(ruleset.unit_types):
        return ruleset
    return dataclasses.replace(ruleset, unit_types=MappingProxyType(types))
