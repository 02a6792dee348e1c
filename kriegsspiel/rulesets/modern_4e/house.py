"""The Fourth Edition's house rules that are procedures, not numbers: the rule-set file's ``[house_rules]`` table.

The manual is silent on these, so docs/rulings.md settles them as house rules, and each must be a value an umpire can
see and change in the rule-set file (``# house rule``). Numbers (reaches, radii, odds) live in ``[constants]``;
this table holds the switches and the list of once-a-turn orders. The rule set's package registers
:func:`read_house_rules` as the reader of ``[house_rules]``; the handlers ask :func:`house_rules`.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from kriegsspiel.core.game import RuleGap
from kriegsspiel.core.ruleset import RuleBook, Table, describe_value, suggest

#: the key of the table in the rule-set file
TABLE = "house_rules"
_SWITCHES = ("fortification_shields", "dogfight_engages_grounded", "build_takes_turn")
_KEYS = (*_SWITCHES, "once_a_turn")


@dataclass(frozen=True, slots=True)
class HouseRules:
    """The procedures the manual leaves open, as the rule-set file sets them.

    ``fortification_shields``: a fortification takes the damage aimed at the land units in it first.
    ``dogfight_engages_grounded``: a dogfight may aim at enemy planes on the ground, which scramble and fight back.
    ``build_takes_turn``: building is refused after the builder moved, and spends its allowance.
    ``once_a_turn``: the orders a unit may give only once per turn (command words).
    """

    fortification_shields: bool
    dogfight_engages_grounded: bool
    build_takes_turn: bool
    #: in the file's order: a tuple, not a set, so the rule set's fingerprint (its repr) is the same in every run
    once_a_turn: tuple[str, ...]


def read_house_rules(top: Table, key: str, context: Mapping[str, Any]) -> HouseRules:
    """Read ``[house_rules]``: every key is required, so a copy of the file says what it plays by.

    Raises RuleBookError naming the file, the table and the key for a missing, unknown or mistyped value, or an
    order in ``once_a_turn`` that the Fourth Edition does not have.
    """
    from kriegsspiel.rulesets.modern_4e.commands import COMBAT_ORDERS

    table = top.table(key, _KEYS)
    switches = {name: table.boolean(name) for name in _SWITCHES}
    orders = table.raw("once_a_turn", "list of order words")
    if not isinstance(orders, list) or not all(isinstance(o, str) for o in orders):
        raise table.error("once_a_turn", f"expected a list of order words in quotes, got {describe_value(orders)}")
    known = tuple(COMBAT_ORDERS)
    for order in orders:
        if order not in known:
            raise table.error("once_a_turn", f"{order!r} is not an order of this rule set; "
                              + suggest(order, known, "orders"))
    return HouseRules(once_a_turn=tuple(dict.fromkeys(orders)), **switches)


def house_rules(ruleset: RuleBook) -> HouseRules:
    """The rule set's house rules. Raises RuleGap (a refusal naming the table to add) when its file has no
    ``[house_rules]`` table."""
    rules = ruleset.extras.get(TABLE)
    if not isinstance(rules, HouseRules):
        raise RuleGap(f"the rule set {ruleset.id!r} has no [{TABLE}] table; copy it from modern-4e.toml "
                      f"(keys: {', '.join(_KEYS)})")
    return rules


__all__ = ["HouseRules", "TABLE", "house_rules", "read_house_rules"]
