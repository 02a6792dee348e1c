"""The unit-profiles wargame (chapter "7.0 Unit Profiles" settled by the rules committee's rulings;
docs/unit-profiles.md): its rule set as data and its battle calculator.

Public face::

    rules = load_rules()                       # the shipped rule set (frozen dataclasses)
    describe(rules)                            # as JSON values (``kriegsspiel rules unit-profiles --json``)
    spec = parse_battle(obj, rules)            # a battle object (docs/unit-profiles.md, "kriegsspiel battle")
    fight(spec)                                # the battle, every roll recorded (the output object)
    battle_odds(spec, 10_000, OddsBudget(512)) # exact odds within 512 MB, else a seeded simulation

Bad input raises :class:`BattleInputError` (a UserError) naming the key; a battle whose given dice run out
without a seed raises :class:`DiceExhausted`.
"""
from __future__ import annotations

from kriegsspiel.rulesets.unit_profiles.battle import fight
from kriegsspiel.rulesets.unit_profiles.data import (
    Bonus, UnitProfile, UnitProfilesRules, describe, load_rules, load_rules_file, parse_rules,
)
from kriegsspiel.rulesets.unit_profiles.dice import DiceExhausted, DiceStream, splitmix_dice
from kriegsspiel.rulesets.unit_profiles.odds import NotExact, battle_odds, exact_odds, simulated_odds
from kriegsspiel.rulesets.unit_profiles.odds_budget import OddsBudget
from kriegsspiel.rulesets.unit_profiles.spec import BattleInputError, BattleSpec, parse_battle

__all__ = [
    "BattleInputError", "BattleSpec", "Bonus", "DiceExhausted", "DiceStream", "NotExact", "OddsBudget",
    "UnitProfile",
    "UnitProfilesRules", "battle_odds", "describe", "exact_odds", "fight", "load_rules", "load_rules_file",
    "parse_battle", "parse_rules", "simulated_odds", "splitmix_dice",
]
