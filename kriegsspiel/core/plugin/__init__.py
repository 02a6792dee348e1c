"""The rule-set interface: :class:`RuleSet`, what a rule-set package gives the program, and the lookup of the
installed rule sets by name.

This is the package's public face: import from ``kriegsspiel.core.plugin``, not from its modules.
"""
from __future__ import annotations

from kriegsspiel.core.plugin._maps import ProvinceMapReader, read_province_map, use_province_map_reader
from kriegsspiel.core.commands import Formatter, Parser
from kriegsspiel.core.game import CORE_RULES, MovementBand, OrderKind, OrderSpec, RulerRules, rules_for, rules_of
from kriegsspiel.core.plugin._ruleset import (
    CommandLine,
    RuleSet,
    events_defined_in,
    find_ruleset,
    installed_rulesets,
    movement_bands,
    ruleset_command,
)

__all__ = [
    "CORE_RULES",
    "OrderKind",
    "OrderSpec",
    "RulerRules",
    "rules_for",
    "rules_of",
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
    "ruleset_command",
    "use_province_map_reader",
]
