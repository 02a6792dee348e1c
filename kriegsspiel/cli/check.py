"""``kriegsspiel check PATH...``: validate maps, tilesets, scenarios and saves; list every finding.

One line per finding on stdout, ``FILE[:LINE]: [warning: ]what is wrong; what to do``, then a summary line
(``checked 3 files: 1 error, 0 warnings``), also on stdout.
Exit status: 0 when every file is clean, 1 when any file has problems (errors or warnings: a warning is a
problem an author should look at, such as tiles without terrain), 2 when any file cannot be read at all
(missing, not XML, a map feature that cannot be loaded). A folder stands for the maps, tilesets, scenarios
and saves in it and below it.
"""
from __future__ import annotations

import argparse
import os
from collections.abc import Iterator
from dataclasses import dataclass, field

from kriegsspiel.core.ruleset import RuleBook
from kriegsspiel.findings import Finding
from kriegsspiel.wording import count

MAP_SUFFIXES = (".tmx", ".tmj", ".json")
TILESET_SUFFIXES = (".tsx",)
SCENARIO_SUFFIXES = (".toml",)
SAVE_SUFFIXES = (".kssave",)
KNOWN_SUFFIXES = MAP_SUFFIXES + TILESET_SUFFIXES + SCENARIO_SUFFIXES + SAVE_SUFFIXES


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="+", metavar="PATH", help="maps (.tmx), tilesets (.tsx), scenarios (.toml), saves, folders")
    parser.add_argument(
        "--ruleset", metavar="NAME", default=None,
        help="rule set for maps and tilesets (default: the map property 'ruleset', else modern-4e)",
    )
    parser.add_argument("--allow-outside-paths", action="store_true",
                        help="let maps use tilesets, images and templates outside their Tiled project (maps you trust)")


@dataclass
class FileResult:
    """The findings of one file and whether it could be read at all."""

    path: str
    findings: list[Finding] = field(default_factory=list)
    readable: bool = True


def expand(paths: list[str]) -> Iterator[str]:
    """Each path, folders replaced by the files of known types inside them (sorted, recursively)."""
    for path in paths:
        if os.path.isdir(path):
            found: list[str] = []
            for root, dirs, files in os.walk(path):
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                found.extend(os.path.join(root, f) for f in files if f.lower().endswith(KNOWN_SUFFIXES))
            if not found:
                yield path  # reported as "nothing to check"
            yield from sorted(found)
        else:
            yield path


def check_path(path: str, ruleset_name: str | None, allow_outside: bool | None = None) -> FileResult:
    """Check one file by its type. Never raises for bad input."""
    lower = path.lower()
    if os.path.isdir(path):
        return FileResult(path, [Finding(path, "a folder without maps, tilesets, scenarios or saves; give files to check",
                                         "warning")])
    if lower.endswith(MAP_SUFFIXES):
        return _check_map(path, ruleset_name, allow_outside)
    if not os.path.isfile(path):
        from kriegsspiel.border import CAPS, InputKind, check_input
        from kriegsspiel.errors import UserError

        try:
            check_input(path, InputKind("a map, tileset, scenario or save", CAPS["save"].cap))
            problem = "no such file; check the path"
        except UserError as exc:  # say what the path is: missing, a link loop, a device
            problem = str(exc).removeprefix(f"{path}: ")
        return FileResult(path, [Finding(path, problem, unreadable=True)], readable=False)
    if lower.endswith(TILESET_SUFFIXES):
        return _check_tileset(path, ruleset_name, allow_outside)
    if lower.endswith(SCENARIO_SUFFIXES):
        return _check_other(path, "kriegsspiel.scenario", "check_scenario_file", "scenarios")
    if lower.endswith(SAVE_SUFFIXES):
        return _check_other(path, "kriegsspiel.store", "check_save_file", "saves")
    return FileResult(path, [Finding(path, "unknown file type; give .tmx maps, .tsx tilesets, .toml scenarios or "
                                           ".kssave saves")], readable=False)


def _ruleset(path: str, name: str | None, result: FileResult) -> RuleBook | None:
    from kriegsspiel.errors import UserError
    from kriegsspiel.tiled.map_ruleset import MapRulesetError, ruleset_for_map

    try:
        return ruleset_for_map(path, name)
    except MapRulesetError as exc:
        result.findings.append(exc.finding)
        result.readable = False
        return None
    except UserError as exc:
        result.findings.append(Finding(path, f"cannot load the rule set ({exc}); give --ruleset NAME"))
        result.readable = False
        return None


def _check_map(path: str, ruleset_name: str | None, allow_outside: bool | None) -> FileResult:
    from kriegsspiel.tiled import read_map
    from kriegsspiel.tiled.provinces import check_province_map, is_province_map

    if is_province_map(path):  # an area game's board: polygons of provinces, checked by its rule set
        findings, readable = check_province_map(path, ruleset_name)
        return FileResult(path, findings, readable)
    result = FileResult(path)
    ruleset = _ruleset(path, ruleset_name, result)
    if ruleset is None:
        return result
    report = read_map(path, ruleset, allow_outside)
    result.findings.extend(report.findings)
    result.readable = report.readable
    return result


def _check_tileset(path: str, ruleset_name: str | None, allow_outside: bool | None) -> FileResult:
    from kriegsspiel.tiled.checks import check_tileset

    result = FileResult(path)
    ruleset = _ruleset(path, ruleset_name, result)
    if ruleset is None:
        return result
    findings, readable = check_tileset(path, ruleset, allow_outside)
    result.findings.extend(findings)
    result.readable = readable
    return result


def _check_other(path: str, module_name: str, function: str, what: str) -> FileResult:
    import importlib

    try:
        module = importlib.import_module(module_name)
        check = getattr(module, function)
    except (ImportError, AttributeError):
        return FileResult(path, [Finding(path, f"cannot check {what} yet in this version; load it to test it", "warning")])
    findings = list(check(path))
    return FileResult(path, findings, readable=not any(f.unreadable for f in findings))


def run(args: argparse.Namespace) -> int:
    allow = True if args.allow_outside_paths else None
    results = [check_path(path, args.ruleset, allow) for path in expand(args.paths)]
    errors = warnings = 0
    for result in results:
        for finding in result.findings:
            print(finding.format())
            if finding.severity == "error":
                errors += 1
            else:
                warnings += 1
    files = len(results)
    unreadable = sum(1 for r in results if not r.readable)
    summary = f"checked {count(files, 'file')}: {count(errors, 'error')}, {count(warnings, 'warning')}"
    if unreadable:
        summary += f", {unreadable} unreadable"
    print(summary)  # the result of the command, as the findings above it: stdout (a script may count on it)
    if unreadable:
        return 2
    return 1 if errors or warnings else 0
