"""The rule-set interface: :class:`RuleSet`, what a rule-set package gives the program, and the lookup of the
installed rule sets by name.

This is the package's public face: import from ``kriegsspiel.core.plugin``, not from its modules.
"""
from __future__ import annotations

from kriegsspiel.core.plugin._maps import ProvinceMapReader, read_province_map, use_province_map_reader
from kriegsspiel.core.plugin._ruleset import (
    CommandLine,
    Formatter,
    MovementBand,
    Parser,
    RuleSet,
    events_defined_in,
    find_ruleset,
    installed_rulesets,
    movement_bands,
)

__all__ = [
    "CommandLine",
    "Formatter",
    "MovementBand",
    "Parser",
    "ProvinceMapReader",
    "RuleSet",
    "events_defined_in",
    "find_ruleset",
    "installed_rulesets",
    "movement_bands",
    "read_province_map",
    "use_province_map_reader",
]
