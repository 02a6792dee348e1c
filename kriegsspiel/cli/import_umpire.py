"""``kriegsspiel import-umpire GAMEFILE.py [--map MAP] --out SCENARIO.toml``: convert an original Umpire
campaign gamefile into a scenario. The gamefile is read, never run."""
from __future__ import annotations

import argparse
import os
from pathlib import Path

from kriegsspiel.errors import UserError
from kriegsspiel.scenario.load import DEFAULT_RULESET, check_scenario_file, default_map_loader, default_ruleset_loader
from kriegsspiel.scenario.umpire_import import import_gamefile


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("gamefile", type=Path, help="the Umpire gamefile (.py); it is read, never run")
    parser.add_argument("--map", type=Path, default=None, help="the Tiled map to place the units on")
    parser.add_argument("--out", type=Path, required=True, help="the scenario to write (.toml; never overwritten)")
    parser.add_argument("--ruleset", default=DEFAULT_RULESET, help=f"the rule set (default {DEFAULT_RULESET})")


def run(args: argparse.Namespace) -> int:
    out: Path = args.out
    if out.exists():
        raise UserError(f"{out}: already exists; choose another --out (a scenario is never overwritten)")
    if not out.parent.is_dir():
        raise UserError(f"{out}: the folder {out.parent} does not exist")
    try:
        ruleset = default_ruleset_loader(args.ruleset)
    except (KeyError, ValueError) as exc:
        raise UserError(f"--ruleset {args.ruleset}: {exc.args[0] if exc.args else exc}") from None
    battlefield = None
    map_ref = None
    if args.map is not None:
        if not args.map.is_file():
            raise UserError(f"{args.map}: no such map file")
        battlefield = default_map_loader(args.map, ruleset)
        map_ref = Path(os.path.relpath(args.map.resolve(), out.parent.resolve())).as_posix()
    text, report = import_gamefile(args.gamefile, ruleset, battlefield, map_ref)
    data = text.encode("utf-8")  # before the file exists: a scenario is written whole or not at all
    try:
        with out.open("xb") as handle:
            handle.write(data)
    except OSError as exc:
        raise UserError(f"{out}: cannot be written ({exc.strerror})") from None
    for note in report.notes:
        print(note)
    for problem in report.problems:
        print(f"warning: {problem}")
    print(f"wrote {out}")
    if battlefield is not None:
        findings = check_scenario_file(out)
        for finding in findings:
            print(finding.format())
        if any(f.severity == "error" for f in findings):
            print(f"{out}: the scenario needs the changes above before it can be played")
            return 1
        print(f"check it on the map, then: kriegsspiel new {out}")
    return 0
