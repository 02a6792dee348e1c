"""``[overrides.TYPE]``: a scenario's own numbers for a unit type (the old Umpire gamefiles carried their
own tables). The rule set itself is never changed: the scenario gets a modified copy."""
from __future__ import annotations

import dataclasses
from types import MappingProxyType
from typing import Any

from kriegsspiel.core.ruleset import Ruleset
from kriegsspiel.scenario.report import Report, is_number, suggest, type_name


#: unit-type fields a scenario may override (the old Umpire gamefiles carried their own tables)
OVERRIDABLE_FIELDS = {"health": int, "move": float, "attack": int, "sight_range": float}


def apply_overrides(report: Report, overrides: Any, ruleset: Ruleset) -> Ruleset:
    """``[overrides.TYPE]`` tables change a unit type's numbers for this scenario only."""
    if overrides is None:
        return ruleset
    if not isinstance(overrides, dict):
        report.add("overrides", None, None, f"must be tables [overrides.TYPE], not {type_name(overrides)}")
        return ruleset
    types = dict(ruleset.unit_types)
    for type_id, changes in overrides.items():
        table = f"overrides.{type_id}"
        if type_id not in types:
            known = sorted(types)
            report.add(table, None, None, f"unknown unit type {type_id!r}{suggest(type_id, known)}")
            continue
        if not isinstance(changes, dict):
            report.add(table, None, None, f"must be a table of numbers, not {type_name(changes)}")
            continue
        unit_type = types[type_id]
        fields: dict[str, Any] = {}
        commands = dict(unit_type.commands)
        for key, value in changes.items():
            if not is_number(value) or value < 0:
                report.add(table, None, key, f"must be a number of at least 0, not {value!r}")
            elif key in OVERRIDABLE_FIELDS:
                fields[key] = OVERRIDABLE_FIELDS[key](value)
            elif key in commands:
                commands[key] = dataclasses.replace(commands[key], damage=int(value))
            else:
                allowed = sorted(OVERRIDABLE_FIELDS) + sorted(commands)
                report.add(table, None, key, f"cannot override {key!r} of {type_id}; can: {', '.join(allowed)}"
                           f"{suggest(key, allowed)}")
        if commands != dict(unit_type.commands):
            fields["commands"] = MappingProxyType(commands)
        if fields:
            types[type_id] = dataclasses.replace(unit_type, **fields)
    if types == dict(ruleset.unit_types):
        return ruleset
    return dataclasses.replace(ruleset, unit_types=MappingProxyType(types))
