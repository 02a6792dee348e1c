"""Which rule set a map is read with: the one asked for, else the map's ``ruleset`` property, else modern-4e."""
from __future__ import annotations

import os

from kriegsspiel.core.ruleset import RuleBook
from kriegsspiel.errors import UserError
from kriegsspiel.findings import Finding
from kriegsspiel.tmx.properties import property_nodes, read_properties
from kriegsspiel.tmx.xmltree import Node, read_head

DEFAULT_RULESET = "modern-4e"


def map_ruleset_name(map_path: str | os.PathLike[str]) -> str | None:
    """The map property ``ruleset`` (a shipped rule-set id or a path), or None when the map has none."""
    root = _head(os.fspath(map_path))
    if root is None:
        return None
    value = read_properties(root).get("ruleset")
    if value is None:
        return None
    return str(value).strip() or None


def _head(map_path: str) -> Node | None:
    """The map element with its properties only (the rest of the file is not read), or None."""
    if not map_path.lower().endswith(".tmx"):
        return None
    root = read_head(map_path)
    return root if root is not None and root.tag == "map" else None


class MapRulesetError(UserError):
    """The map property ``ruleset`` names a rule set that cannot be loaded; ``finding`` says so for ``check``."""

    def __init__(self, finding: Finding) -> None:
        super().__init__(finding.format())
        self.finding = finding


def _ruleset_property_line(map_path: str) -> int | None:
    root = _head(map_path)
    if root is None:
        return None
    for prop in property_nodes(root):
        if prop.get("name") == "ruleset":
            return prop.line
    return None


def ruleset_for_map(map_path: str | os.PathLike[str], name: str | None) -> RuleBook:
    """The rule set ``name`` (from the command line) or, when None, the map's own, else modern-4e.

    Raises UserError for an unknown rule set or a broken rule-set file; MapRulesetError (naming the map,
    the line of its ``ruleset`` property and what to change in Tiled) when the map's own one is at fault.
    """
    from kriegsspiel.rulesets import load_ruleset

    if name is not None:
        return load_ruleset(name)
    own = map_ruleset_name(map_path)
    if own is None:
        return load_ruleset(DEFAULT_RULESET)
    spath = os.fspath(map_path)
    target = own
    if own.endswith(".toml") or "/" in own or "\\" in own:
        # a path in the map is the author's, relative to the map file (as Tiled's own paths are)
        target = os.path.join(os.path.dirname(spath), own)
    try:
        return load_ruleset(target)
    except UserError as exc:
        raise MapRulesetError(Finding(
            spath,
            f"the map property ruleset = {own!r} cannot be used ({exc}); correct it in Map > Map Properties, "
            "or give --ruleset NAME",
            "error",
            _ruleset_property_line(spath),
        )) from None


def land_impassable(ruleset: RuleBook) -> list[str]:
    """Terrain ids land units cannot enter: zero in the rule set's ``land`` speed table (else: water)."""
    table = ruleset.speed_tables.get("land")
    if table is None:
        return [t for t, terrain in ruleset.terrain.items() if terrain.water]
    return [t for t in ruleset.terrain if float(table.get(t, 0.0) or 0.0) <= 0.0]
