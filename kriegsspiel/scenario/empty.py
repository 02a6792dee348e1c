"""A new, empty game on any Tiled map: ``kriegsspiel play MAP.tmx``.

The scenario written here names the map by its absolute path and the rule set chosen for it (the map's
``ruleset`` property, else the one asked for, else the default), with no units: the umpire places the counters.
A ruler game gets two sides (Blue and Red); an area game (a province map of Diplomacy or unit profiles) gets its
rule set's defaults, the powers being the map's. A save embeds its scenario, so the written file is only needed while the game is started.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

from kriegsspiel.errors import UserError

#: The rule set of a map that names none and a command line that asks for none.
DEFAULT_RULESET = "modern-4e"
#: Map formats Tiled can save that the program does not read: refused by name, with what to do.
OTHER_FORMATS = {".tmj": "JSON", ".json": "JSON", ".tsx": "a tileset, not a map", ".tsj": "a JSON tileset, not a map",
                 ".world": "a Tiled world (several maps)", ".tiled-project": "a Tiled project, not a map"}


def refuse_other_formats(path: Path) -> None:
    """Raise UserError (exit 2) for a file Tiled writes that is not a TMX map."""
    kind = OTHER_FORMATS.get(path.suffix.lower())
    if kind is not None:
        raise UserError(f"{path}: a {kind} file; open a map saved as TMX (.tmx): in Tiled, File > Save As... and "
                        "choose 'Tiled map files (*.tmx)'")


def chosen_ruleset(map_path: Path, asked: str | None) -> str:
    """The rule set of a new game on ``map_path``: the map's ``ruleset`` property, else ``asked``, else the default.
    A map's own path to a rule-set file is made absolute (it is relative to the map)."""
    from kriegsspiel.tiled.map_ruleset import map_ruleset_name

    own = map_ruleset_name(map_path)
    if own is None:
        return asked or DEFAULT_RULESET
    if own.endswith(".toml") or "/" in own or "\\" in own:
        return os.path.abspath(os.path.join(os.path.dirname(map_path), own))
    return own


def empty_scenario_text(map_path: Path, ruleset: str) -> str:
    """The TOML of a game on ``map_path`` with no units yet (two sides in a ruler game)."""
    from kriegsspiel.core.plugin import find_ruleset

    installed = find_ruleset(ruleset)
    head = (
        f"# A new game on {map_path.name}, opened without a scenario: place the counters, then save a scenario.\n\n"
        "[scenario]\n"
        f"name = {json.dumps(map_path.stem)}\n"
        f"map = {json.dumps(str(map_path.resolve()))}\n"
        f"ruleset = {json.dumps(ruleset)}\n\n"
    )
    if installed is not None and installed.kind == "area":
        return head + "[setup]\n"
    return head + '[[sides]]\nname = "Blue"\ncolour = "#3050c0"\n\n[[sides]]\nname = "Red"\ncolour = "#c03030"\n'


def refuse_unplayable_orientation(map_path: Path) -> None:
    """Raise UserError (exit 2) naming the map when Tiled drew it isometric or staggered: the rules measure on
    square or hexagonal cells."""
    from kriegsspiel.tmx.xmltree import read_head

    root = read_head(os.fspath(map_path))
    orientation = root.get("orientation", "orthogonal") if root is not None and root.tag == "map" else "orthogonal"
    if orientation not in ("orthogonal", "hexagonal"):
        raise UserError(f"{map_path}: a map of {orientation} orientation, which the rules cannot play (movement and sight are "
                        "measured on square or hexagonal cells); make an orthogonal or hexagonal map in Tiled "
                        "(Map > Map Properties > Orientation)")


def write_empty_scenario(map_path: Path, ruleset: str | None, folder: Path) -> Path:
    """Write the empty game's scenario for ``map_path`` into ``folder`` as ``<map name>.toml``; returns its path."""
    refuse_other_formats(map_path)
    refuse_unplayable_orientation(map_path)
    target = folder / f"{map_path.stem}.toml"
    target.write_text(empty_scenario_text(map_path, chosen_ruleset(map_path, ruleset)), encoding="utf-8")
    return target
