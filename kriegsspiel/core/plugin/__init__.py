"""The rule-set interface: :class:`RuleSet`, what a rule-set package gives the program, and the lookup of the
installed rule sets by name.

This is the package's public face: import from ``kriegsspiel.core.plugin``, not from its modules.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kriegsspiel.core.plugin._maps import ProvinceMapReader, read_province_map, use_province_map_reader
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

if TYPE_CHECKING:
    from kriegsspiel.core.commands import Formatter, Parser
    from kriegsspiel.core.game import CORE_RULES, MovementBand, OrderKind, OrderSpec, RulerRules, rules_for, rules_of

#: what this face re-exports of the ruler engine, imported the first time one is asked for (PEP 562): a command
#: of an area game (``kriegsspiel battle``) then starts without the engine and numpy
_ENGINE = {"Formatter": "kriegsspiel.core.commands", "Parser": "kriegsspiel.core.commands",
           **dict.fromkeys(("CORE_RULES", "MovementBand", "OrderKind", "OrderSpec", "RulerRules", "rules_for",
                            "rules_of"), "kriegsspiel.core.game")}


def __getattr__(name: str) -> Any:
    module = _ENGINE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(module), name)
