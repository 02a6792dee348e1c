"""Which rule set a map is read with: the one asked for, else the map's ``ruleset`` property, else modern-4e."""
from __future__ import annotations

import os

from kriegsspiel.core.ruleset import Ruleset
from kriegsspiel.tiled.precheck import precheck_map
from kriegsspiel.tiled.properties import read_properties

DEFAULT_RULESET = "modern-4e"


def map_ruleset_name(map_path: str | os.PathLike[str]) -> str | None:
    """The map property ``ruleset`` (a shipped rule-set id or a path), or None when the map has none."""
    pre = precheck_map(os.fspath(map_path))
    if pre.root is None:
        return None
    value = read_properties(pre.root).get("ruleset")
    if value is None:
        return None
    return str(value).strip() or None


def ruleset_for_map(map_path: str | os.PathLike[str], name: str | None) -> Ruleset:
    """The rule set ``name`` (from the command line) or, when None, the map's own, else modern-4e.

    Raises UserError for an unknown rule set or a broken rule-set file.
    """
    from kriegsspiel.rulesets import load_ruleset

    if name is None:
        name = map_ruleset_name(map_path) or DEFAULT_RULESET
    return load_ruleset(name)


def land_impassable(ruleset: Ruleset) -> list[str]:
    """Terrain ids land units cannot enter: zero in the rule set's ``land`` speed table (else: water)."""
    table = ruleset.speed_tables.get("land")
    if table is None:
        return [t for t, terrain in ruleset.terrain.items() if terrain.water]
    return [t for t in ruleset.terrain if float(table.get(t, 0.0) or 0.0) <= 0.0]
