"""``kriegsspiel scenarios [--json]``: the scenarios that ship with the program, each playable by its name.

Each: the name to give (``kriegsspiel play demo``, ``kriegsspiel new diplomacy-1901 --save x.kssave``), its rule
set, its title and its players (the ``[[players]]`` of the scenario, else its sides). Only the scenario's head is
read here, so the list is quick; ``kriegsspiel check NAME.toml`` checks one in full.
"""
from __future__ import annotations

import argparse
import json
import tomllib
from pathlib import Path
from typing import Any

from kriegsspiel.data import scenarios_folder, shipped_scenario_names


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--json", action="store_true", help="print one JSON object: the folder and the scenarios")


def describe(name: str, path: Path) -> dict[str, Any]:
    """``{"name", "ruleset", "title", "players", "path"}`` of the shipped scenario ``name`` at ``path``."""
    table = tomllib.loads(path.read_text(encoding="utf-8"))
    head = table.get("scenario", {})
    people = table.get("players") or table.get("sides") or []
    return {
        "name": name,
        "ruleset": str(head.get("ruleset", "")),
        "title": str(head.get("name", name)),
        "players": [str(p.get("name", "")) for p in people if isinstance(p, dict)],
        "path": str(path),
    }


def run(args: argparse.Namespace) -> int:
    folder = scenarios_folder()
    found = [describe(name, folder / f"{name}.toml") for name in shipped_scenario_names()]
    if args.json:
        print(json.dumps({"folder": str(folder), "scenarios": found}, indent=2))
        return 0
    if not found:
        print(f"no shipped scenarios in {folder}; this install is incomplete: reinstall kriegsspiel")
        return 1
    width = max(len(s["name"]) for s in found)
    rule_width = max(len(s["ruleset"]) for s in found)
    print(f"{'NAME'.ljust(width)}  {'RULE SET'.ljust(rule_width)}  TITLE (PLAYERS)")
    for s in found:
        print(f"{s['name'].ljust(width)}  {s['ruleset'].ljust(rule_width)}  {s['title']} ({', '.join(s['players'])})")
    example = "demo" if any(s["name"] == "demo" for s in found) else found[0]["name"]
    print(f"\nplay one by its name: kriegsspiel play {example}   (or: kriegsspiel new NAME --save FILE.kssave)")
    return 0
