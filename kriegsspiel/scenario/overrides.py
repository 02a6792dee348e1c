"""``[overrides.TYPE]``: a scenario's own numbers for a unit type (the old Umpire gamefiles carried their
own tables). The rule set itself is never changed: the scenario gets a modified copy."""
from __future__ import annotations

import dataclasses
from types import MappingProxyType
from typing import Annotated, Any, Literal

import msgspec

from kriegsspiel.border import SchemaError, convert, convert_entries, shown
from kriegsspiel.border.types import Name
from kriegsspiel.core.ruleset import NONE, RuleBook
from kriegsspiel.scenario.report import Report, suggest, type_name


#: unit-type fields a scenario may override (the old Umpire gamefiles carried their own tables)
OVERRIDABLE_FIELDS = {"health": int, "move": float, "attack": int, "sight_range": float}
#: unit-type abilities a scenario may override (the old gamefiles' lists: hideable, moveAndFire, headingChange)
FLAG_FIELDS = ("move_and_fire", "hidden_by_default")
OTHER_FIELDS = ("hide_terrain", "heading_limit")
#: the largest heading limit, in degrees (a full turn)
FULL_TURN = 360
#: what each key of an ``[overrides.TYPE]`` table may hold (a number of the type's table, else)
_NUMBER = Annotated[float, msgspec.Meta(ge=0, le=1e9)]
_KEY_TYPES: dict[str, Any] = {
    "move_and_fire": bool,
    "hidden_by_default": bool,
    "heading_limit": Literal["none"] | Annotated[float, msgspec.Meta(gt=0, le=FULL_TURN)],
    "hide_terrain": Annotated[list[Name], msgspec.Meta(max_length=1000)],
}


def apply_overrides(report: Report, overrides: Any, ruleset: RuleBook) -> RuleBook:
    """``[overrides.TYPE]`` tables change a unit type's numbers for this scenario only."""
    if overrides is None:
        return ruleset
    tables, problems = convert_entries(overrides, dict[str, Any])
    if tables is None:
        report.add("overrides", None, None, f"must be tables [overrides.TYPE], not {type_name(overrides)}")
        return ruleset
    types = dict(ruleset.unit_types)
    for type_id in overrides:
        table = f"overrides.{type_id}"
        if type_id not in types:
            known = sorted(types)
            report.add(table, None, None, f"unknown unit type {type_id!r}{suggest(type_id, known)}")
            continue
        if type_id not in tables:
            report.add(table, None, None, f"must be a table of numbers, not {type_name(overrides[type_id])}")
            continue
        changes = tables[type_id]
        unit_type = types[type_id]
        fields: dict[str, Any] = {}
        commands = dict(unit_type.commands)
        for key, value in changes.items():
            if key in FLAG_FIELDS or key in OTHER_FIELDS:
                ok, checked = _ability(report, table, key, value, ruleset)
                if ok:
                    fields[key] = checked
                continue
            try:
                value = convert(value, _NUMBER, table)
            except SchemaError:
                report.add(table, None, key, f"must be a number of at least 0, not {shown(value)}")
                continue
            if key in OVERRIDABLE_FIELDS:
                fields[key] = OVERRIDABLE_FIELDS[key](value)
            elif key in commands:
                commands[key] = dataclasses.replace(commands[key], damage=int(value))
            else:
                allowed = sorted(OVERRIDABLE_FIELDS) + sorted(FLAG_FIELDS + OTHER_FIELDS) + sorted(commands)
                report.add(table, None, key, f"cannot override {key!r} of {type_id}; can: {', '.join(allowed)}"
                           f"{suggest(key, allowed)}")
        if commands != dict(unit_type.commands):
            fields["commands"] = MappingProxyType(commands)
        if fields:
            types[type_id] = dataclasses.replace(unit_type, **fields)
    if types == dict(ruleset.unit_types):
        return ruleset
    return dataclasses.replace(ruleset, unit_types=MappingProxyType(types))


def _ability(report: Report, table: str, key: str, value: Any, ruleset: RuleBook) -> tuple[bool, Any]:
    """(True, the field's value) for a good ability override; (False, None) and a finding when it is wrong.

    ``move_and_fire``/``hidden_by_default``: true or false; ``heading_limit``: degrees in (0, 360] or "none"
    (turns freely); ``hide_terrain``: a list of the rule set's terrain ids and structure kinds.
    """
    try:
        value = convert(value, _KEY_TYPES[key], f"{table}.{key}")
    except SchemaError:
        if key in FLAG_FIELDS:
            wanted = "true or false"
        elif key == "heading_limit":
            wanted = f'degrees (more than 0, at most {FULL_TURN}) or "{NONE}" (turns freely)'
        else:
            wanted = "a list of terrain ids and structure kinds"
        got = type_name(value) if key == "hide_terrain" else shown(value)
        report.add(table, None, key, f"must be {wanted}, not {got}")
        return False, None
    if key in FLAG_FIELDS:
        return True, value
    if key == "heading_limit":
        return True, (None if value == NONE else float(value))
    places = sorted(ruleset.terrain) + sorted(ruleset.structures)
    unknown = [v for v in value if v not in places]
    for place in unknown:
        report.add(table, None, key, f"unknown terrain or structure {place!r}; known: {', '.join(places)}"
                   f"{suggest(place, places)}")
    return not unknown, tuple(value)
