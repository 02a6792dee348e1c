"""Read a scenario TOML file, check it against its map and rule set, and build a GameSetup.

Every problem is collected (with the file, the key and, where the scan finds it, the line) before anything is
raised, so that the author fixes them all in one go. The map and rule-set loaders are parameters (defaults:
``kriegsspiel.tiled.load_battlefield`` and ``kriegsspiel.rulesets.load_ruleset``) so that tests can pass
hand-built ones.
"""
from __future__ import annotations

import hashlib
import re
import tomllib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from kriegsspiel.border import InputFileError, InputKind, open_input, read_input
from kriegsspiel.core.battlefield import Battlefield
from kriegsspiel.core.ruleset import RuleBook
from kriegsspiel.core.state import GameSetup
from kriegsspiel.errors import UserError
from kriegsspiel.findings import Finding
from kriegsspiel.scenario.model import Scenario, ScenarioError
from kriegsspiel.scenario.toml_bounds import MAX_SCENARIO_BYTES, TomlTooLarge, load_bounded
from kriegsspiel.scenario.overrides import apply_overrides
from kriegsspiel.scenario.play_warnings import warn_about_play
from kriegsspiel.border.scenario_schema import ScenarioHead
from kriegsspiel.scenario.report import Report, check_unknown_keys, read_table, suggest
from kriegsspiel.scenario.tables import read_players, read_seed, read_sides, read_unit_names, read_victory
from kriegsspiel.scenario.units import place_aboard, read_placements, read_units

MapLoader = Callable[[Path, RuleBook], Battlefield]

RulesetLoader = Callable[[str], RuleBook]

DEFAULT_RULESET = "modern-4e"


def default_map_loader(path: Path, ruleset: RuleBook) -> Battlefield:
    """Load a Tiled map with the project's loader (imported here: scenario files need not start pytmx)."""
    from kriegsspiel.tiled import load_battlefield

    return load_battlefield(path, ruleset)


def default_ruleset_loader(name: str) -> RuleBook:
    """Load a shipped rule set by name."""
    from kriegsspiel.rulesets import load_ruleset

    return load_ruleset(name)


def _sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with open_input(path, "map") as handle:  # a regular file (the map's reader has read it already)
        for block in iter(lambda: handle.read(1 << 16), b""):
            digest.update(block)
    return digest.hexdigest()


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
        return [Finding(str(path), exc.problem, "error", exc.line, unreadable=True)]
    from kriegsspiel.scenario.area import area_ruleset_of_text, check_area_scenario_file

    if area_ruleset_of_text(text) is not None:  # an area game's scenario (Diplomacy): its own format
        return check_area_scenario_file(path)
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
        # never more than the limit: a 3 GB file is refused, not read; a FIFO or a device is not waited on
        data = read_input(path, InputKind("a scenario .toml file", MAX_SCENARIO_BYTES))
    except InputFileError as exc:
        if "larger than" in exc.problem:
            raise _Unreadable(path, f"larger than a scenario may be ({MAX_SCENARIO_BYTES:,} bytes); this is not a "
                              "scenario, or split it") from None
        problem = exc.problem.replace("is a folder", "is a directory")
        if problem.startswith("cannot be read"):
            raise _Unreadable(path, problem) from None
        raise _Unreadable(path, f"{problem}; give the path of a scenario .toml file") from None
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
    report = Report(source, text)
    try:
        data = load_bounded(text)
    except TomlTooLarge as exc:
        report.findings.append(Finding(source, exc.problem, "error", exc.line, unreadable=True))
        return report.findings, None
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        match = re.search(r"\(at line (\d+), column \d+\)", message)
        line = int(match.group(1)) if match else None
        problem = re.sub(r"\s*\(at line \d+, column \d+\)", "", message) if match else message
        opening = text.lstrip()[:200]
        if opening.startswith("{") and "kriegsspiel-save" in opening:
            problem = "this is a save, not a scenario; continue the game with 'kriegsspiel shell SAVE'"
            line = None
        elif opening.startswith("<?xml") or opening.startswith("<map"):
            problem = ("this is a Tiled map, not a scenario; a scenario names its map in [scenario] map = "
                       "\"...\" (see docs/scenarios.md)")
            line = None
        else:
            problem = f"not valid TOML: {problem}"
        report.findings.append(Finding(source, problem, "error", line, unreadable=True))
        return report.findings, None

    check_unknown_keys(report, "", None, data)
    head: ScenarioHead | None = None
    refused: frozenset[str] = frozenset()
    if "scenario" in data:
        head, refused = read_table(report, "scenario", None, data["scenario"], ScenarioHead)
    raw_head: Mapping[str, Any] = data["scenario"] if head is not None else {}  # a table when it was read
    if head is None:
        if "scenario" not in data:
            report.add("scenario", None, None, "missing [scenario] table with name, map and ruleset")
        head = ScenarioHead()

    name = head.name
    if name is None or not name.strip():
        if "name" not in refused:
            report.add("scenario", None, "name", "missing or empty; give the scenario a name (text)")
        name = Path(source).stem

    ruleset_id = head.ruleset if head.ruleset is not None else DEFAULT_RULESET
    ruleset: RuleBook | None = None
    if "ruleset" not in refused:
        name_or_path = ruleset_id
        if name_or_path.endswith(".toml") or "/" in name_or_path or "\\" in name_or_path:
            name_or_path = str(base_dir / name_or_path)  # a rule-set file is relative to the scenario
        try:
            ruleset = (ruleset_loader or default_ruleset_loader)(name_or_path)
        except (UserError, ValueError, KeyError, OSError) as exc:
            report.add("scenario", None, "ruleset", f"cannot load rule set {ruleset_id!r}: {_exc_text(exc)}")

    seed = read_seed(head, seed_override, "seed" in refused)
    fog = read_fog_of_war(report, head, ruleset, "fog_of_war" in raw_head)
    air_theatre = head.air_theatre
    rounds = head.rounds
    distance: tuple[str, float] | None = None
    if head.distance_unit is not None:
        distance = (head.distance_unit.strip(), float(head.distance_per_map_unit or 1.0))
    elif head.distance_per_map_unit is not None:
        report.add("scenario", None, "distance_per_map_unit", "says how many of distance_unit one unit of the map "
                   "is, but the scenario names no distance_unit; add distance_unit = \"paces\" (or metres...)")

    if ruleset is not None:
        ruleset = apply_overrides(report, data.get("overrides"), ruleset)

    sides = read_sides(report, data)
    side_names = [s.name for s in sides]
    first_side = head.first_side if head.first_side is not None else (side_names[0] if side_names else "")
    if side_names and first_side not in side_names and "first_side" not in refused:
        report.add("scenario", None, "first_side",
                   f"unknown side {first_side!r}; sides: {', '.join(side_names)}{suggest(str(first_side), side_names)}")

    unit_names = read_unit_names(report, data, ruleset)

    # The map, then the units against it.
    map_ref = map_ref_override or head.map
    battlefield: Battlefield | None = None
    map_path = base_dir
    map_sha = ""
    if map_ref is None or not map_ref.strip():
        if "map" not in refused or map_ref_override:
            report.add("scenario", None, "map", "missing; give the Tiled map's path relative to this file")
        map_ref = ""
    elif not map_ref.isprintable():  # a save's map path (the scenario's own is checked by its schema)
        report.add("scenario", None, "map", f"{ascii(map_ref)} holds a control character (a NUL, an escape); "
                   "give the Tiled map's path as plain text")
        map_ref = ""
    else:
        map_path = (base_dir / map_ref)
        try:
            map_found: bool | None = map_path.is_file()
        except OSError as exc:  # a name too long for the file system: said in words, not a traceback
            report.add("scenario", None, "map", f"cannot look for the map ({exc.strerror or exc}); give the Tiled "
                       "map's path relative to this file")
            map_found = None
        if map_found is False:
            report.add("scenario", None, "map", f"no map file at {map_path}; the path is relative to the scenario")
        elif map_found and ruleset is not None:
            try:
                battlefield = (map_loader or default_map_loader)(map_path, ruleset)
                map_sha = _sha256_file(map_path)
            except (UserError, ValueError, KeyError, OSError) as exc:
                report.add("scenario", None, "map", f"cannot load the map: {_exc_text(exc)}")

    declared: dict[str, Any] = {}  # every unit id written down, valid or not: no cascade of "unknown unit"
    units = read_units(report, data, ruleset, unit_names, side_names, battlefield, declared)
    if battlefield is not None:
        units += read_placements(report, battlefield, ruleset, unit_names, side_names, {u.id for u in units},
                             air_theatre, str(map_path))
    units = place_aboard(report, data, units, ruleset, declared)
    if ruleset is not None and not air_theatre:
        for i, unit in enumerate(units):
            if ruleset.unit_types.get(unit.type_id) and ruleset.unit_types[unit.type_id].theatre == "air":
                report.add("units", i, "type",
                           f"unit {unit.id!r} is an aircraft but [scenario] air_theatre is false; "
                           "set air_theatre = true or remove the unit", "warning")
                break
    declared.update({u.id: u.side for u in units})
    players = read_players(report, data, side_names, declared)
    victory = read_victory(report, data, side_names, battlefield)

    if report.has_errors or ruleset is None or battlefield is None or fog is None:
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
        description=head.description.strip(),
        distance=distance,
    )
    warn_about_play(report, setup, battlefield, ruleset, data, str(map_path))
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
        seed_drawn=seed_override is None and "seed" not in raw_head,
        warnings=tuple(report.findings),
    )
    return report.findings, scenario


def _exc_text(exc: BaseException) -> str:
    if isinstance(exc, KeyError) and exc.args:
        return str(exc.args[0])
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror
    return str(exc)


def read_fog_of_war(report: Report, head: ScenarioHead, ruleset: RuleBook | None, given: bool) -> int | None:
    """The scenario's ``fog_of_war`` F (``given``: the file has the key; a value its schema refused is reported
    already), else the rule set's ``default_fog_of_war`` constant; None (with an error reported) when neither
    gives a whole number >= 0.

    docs/rulings.md 2026-11: F = 0 is no fog (messages never fail, reports are never false); F >= 1 fails 1 time in F,
    so F = 1 fails every message: a warning says so, since a scenario rarely means it.
    """
    if given:
        fog = head.fog_of_war
        if fog == 1:
            report.add("scenario", None, "fog_of_war",
                       "1 makes every message fail (a message fails 1 time in F); write 0 for no fog of war, "
                       "or 2 or more", severity="warning")
        return fog
    if ruleset is None:
        return None  # the rule set's own error is reported already
    default = ruleset.constants.get("default_fog_of_war")
    if default is None or default != int(default) or default < 0:
        report.add("scenario", None, "fog_of_war",
                   f"missing, and rule set {ruleset.id!r} has no default_fog_of_war in [constants]; "
                   "add fog_of_war = N (a message fails 1 time in N) under [scenario]")
        return None
    return int(default)
