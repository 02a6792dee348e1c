"""The per-type lists of the original Umpire program's older gamefiles, as scenario overrides.

Those gamefiles said what a unit type is and can do with lists of type names:

- value lists, one per value: ``health4HP = ["corvette"]``, ``movement10cm = [...]``, ``attack6 = [...]``,
  ``fire8 = [...]``: the same numbers as ``healthTable``, ``movementTable``, ``attackTable``, ``fireTable``;
- ability lists: ``hideable`` (or ``hideTable``), ``moveAndFire`` (or ``moveFireTable``), ``headingChange``
  (or ``headingTable``): a type in the list can hide / may move and fire in one turn / must use the heading
  command to turn; a type of the campaign that is not in the list cannot. The tables of 1 that the program
  itself kept (``hideTable = {"attack-submarine": 1}``) mean the same as lists;
- command lists (``attackable``, ``fireable``, ``torpedoable``, ``depthchargeable``, ``searchable``...): which
  types may give a command. The rule set's command tables carry numbers (range, damage) that a list cannot
  give, so these are compared with the rule set and every difference is reported, not applied.

Everything that has no counterpart in a scenario is reported with the reason.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kriegsspiel.core.ruleset import NONE, RuleBook

#: ability list -> the unit-type field it sets; a dict of 1s (the program's own tables) means the same
ABILITY_LISTS = {
    "hideable": "hide_terrain",
    "hideTable": "hide_terrain",
    "moveAndFire": "move_and_fire",
    "moveFireTable": "move_and_fire",
    "headingChange": "heading_limit",
    "headingTable": "heading_limit",
}

#: command list -> the command of the rule set it names
COMMAND_LISTS = {
    "attackable": "attack",
    "fireable": "fire",
    "sortieable": "sortie",
    "depthchargeable": "depthcharge",
    "buildable": "build",
    "torpedoable": "torpedo",
    "searchable": "search",
    "spyable": "spy",
    "boardable": "board",
    "convertTable": "convert",
    "airliftTable": "airlift",
}

#: variables of the gamefiles that a scenario has no place for, and why (reported as problems: they changed
#: the game in the original program)
NO_COUNTERPART = {
    "validCommands": "the commands the campaign allowed; here every unit may give the commands its type has in "
                     "the rule set",
    "hideableTerrain": "where hiding is possible comes from the rule set (the terrain chart's hideable column and "
                       "each type's hide terrain), not from the scenario",
    "flyTable": "which types fly is their theatre in the rule set",
    "draftCapacity": "the draft command (new units mid-game) is not in the rule set",
    "draftStrength": "the draft command (new units mid-game) is not in the rule set",
    "draftType": "the draft command (new units mid-game) is not in the rule set",
    "dividedTable": "units split during a game in progress; a scenario starts before any split",
}

#: variables the original program kept for itself, which a scenario does not need (reported as notes)
NOT_NEEDED = {
    "manualHelpPrompt": "a prompt of the original shell",
    "ownerPrompt": "a prompt of the original shell",
    "firstDamage": "a running total of a game in progress",
    "secondDamage": "a running total of a game in progress",
    "firstHealth": "the side's health total, which the score computes from the units",
    "secondHealth": "the side's health total, which the score computes from the units",
    "firstHealthTotal": "the side's starting health, which the score computes from the units",
    "secondHealthTotal": "the side's starting health, which the score computes from the units",
    "firstTeamTableOriginal": "the starting health kept for the original's log; the journal keeps it here",
    "secondTeamTableOriginal": "the starting health kept for the original's log; the journal keeps it here",
}

ABILITY_VARIABLES = tuple(ABILITY_LISTS) + tuple(COMMAND_LISTS) + tuple(NO_COUNTERPART) + tuple(NOT_NEEDED)

#: ``health4HP``, ``movement10cm``, ``fire8``: a value list (prefix, number, optional unit of the original)
VALUE_LIST = re.compile(r"^(?P<prefix>[a-z][A-Za-z]*?)(?P<value>\d{1,9})(?:HP|cm)?$")

Resolve = Callable[[str], "str | None"]


@dataclass(frozen=True)
class SourceTable:
    """One per-type source of numbers: a table (``fireTable``) or a value list (``fire8``)."""

    name: str  # the variable as the gamefile names it
    key: str  # the override key (health, move, attack or a command)
    table: Any  # type name -> number (a value list becomes {type: its number})
    line: int


def value_list_key(name: str, table_keys: dict[str, str]) -> tuple[str, int] | None:
    """(override key, number) for a value list's name (``fire8`` -> ("fire", 8)), or None.

    ``table_keys`` maps the table names (``fireTable``) to their override keys; a value list's prefix is its
    table's name without ``Table`` (``movement`` for ``movementTable``).
    """
    match = VALUE_LIST.match(name)
    if match is None:
        return None
    key = table_keys.get(match["prefix"] + "Table")
    if key is None:
        return None
    return key, int(match["value"])


def source_tables(values: dict[str, tuple[Any, int]], table_keys: dict[str, str], report_problems: list[str],
                  path: Path) -> list[SourceTable]:
    """Every per-type source of numbers in the gamefile: the tables, then the value lists in file order."""
    sources = [SourceTable(name, key, values[name][0], values[name][1])
               for name, key in table_keys.items() if name in values]
    for name, (value, line) in sorted(values.items(), key=lambda item: item[1][1]):
        found = value_list_key(name, table_keys)
        if found is None:
            continue
        key, number = found
        if not isinstance(value, (list, tuple)):
            report_problems.append(f"{path}:{line}: {name} should be a list of unit types, not "
                                   f"{type(value).__name__}; ignored")
            continue
        sources.append(SourceTable(name, key, {str(t): number for t in value}, line))
    return sources


def _members(value: Any) -> list[str] | None:
    """The type names of an ability list (a list, or a table whose keys are the types), or None."""
    if isinstance(value, dict):
        return [str(k) for k in value]
    if isinstance(value, (list, tuple)):
        return [str(v) for v in value]
    return None


def hide_places(ruleset: RuleBook, type_id: str) -> tuple[str, ...]:
    """Where a type the gamefile made hideable may hide: where the rule set lets the other types of its
    theatre hide (army: woods, swamps, buildings; navy: the water; air: anywhere), else the terrain chart's
    hideable terrain and the structures that hide units."""
    theatre = ruleset.unit_types[type_id].theatre
    places: list[str] = []
    for unit_type in ruleset.unit_types.values():
        if unit_type.theatre == theatre:
            places += [p for p in unit_type.hide_terrain if p not in places]
    if not places:
        places = [t.id for t in ruleset.terrain.values() if t.hideable]
        places += [s.id for s in ruleset.structures.values() if s.hides is not None]
    return tuple(places)


def ability_overrides(values: dict[str, tuple[Any, int]], ruleset: RuleBook, resolve: Resolve,
                      campaign_types: Iterable[str], overrides: dict[str, dict[str, Any]], notes: list[str],
                      problems: list[str], path: Path) -> None:
    """Turn the ability lists into ``overrides`` (changed in place) and report the command lists and the
    variables without a counterpart. ``campaign_types`` are the rule-set types the gamefile's units use: a type
    of the campaign missing from an ability list lacks that ability."""
    campaign = sorted(set(campaign_types))
    lists: dict[str, tuple[set[str], list[str]]] = {}  # field -> (types listed, the variables that said so)
    first_line: dict[str, int] = {}
    for name, field in ABILITY_LISTS.items():
        if name not in values:
            continue
        types = _resolved(name, values[name], resolve, problems, path)
        if types is None:
            continue
        listed, names = lists.setdefault(field, (set(), []))
        listed.update(types)
        names.append(name)
        first_line.setdefault(field, values[name][1])
    for field, (listed, names) in lists.items():
        said = f"{path}:{first_line[field]}: {'/'.join(names)}"
        for type_id in sorted(listed | set(campaign)):
            _apply_ability(field, type_id, type_id in listed, said, ruleset, overrides, notes, problems)
    for name, command in COMMAND_LISTS.items():
        if name in values:
            _compare_command_list(name, command, values[name], ruleset, resolve, campaign, problems, path)
    for name, why in NO_COUNTERPART.items():
        if name in values:
            problems.append(f"{path}:{values[name][1]}: {name}: no counterpart in a scenario: {why}; ignored")
    for name, why in NOT_NEEDED.items():
        if name in values:
            notes.append(f"{path}:{values[name][1]}: {name}: not needed ({why})")


def _resolved(name: str, entry: tuple[Any, int], resolve: Resolve, problems: list[str],
              path: Path) -> set[str] | None:
    value, line = entry
    members = _members(value)
    if members is None:
        problems.append(f"{path}:{line}: {name} should be a list of unit types, not {type(value).__name__}; ignored")
        return None
    types: set[str] = set()
    for member in members:
        type_id = resolve(member)
        if type_id is None:
            problems.append(f"{path}:{line}: {name}: unknown type {member!r}; ignored")
        else:
            types.add(type_id)
    return types


def _apply_ability(field: str, type_id: str, listed: bool, said: str, ruleset: RuleBook,
                   overrides: dict[str, dict[str, Any]], notes: list[str], problems: list[str]) -> None:
    """One type's ability as the gamefile has it (``said``: where, and the list's name), as an override where
    the rule set differs."""
    unit_type = ruleset.unit_types[type_id]
    changes = overrides.setdefault(type_id, {})
    if field == "hide_terrain":
        can_hide = bool(unit_type.hide_terrain) or unit_type.hidden_by_default
        if listed and not can_hide:
            changes["hide_terrain"] = list(hide_places(ruleset, type_id))
            notes.append(f"{said}: {type_id} can hide, as the gamefile says; the rule set gives it no place to "
                         f"hide, so it hides where other {unit_type.theatre} types do: "
                         f"{', '.join(changes['hide_terrain'])}")
        elif not listed and can_hide:
            changes["hide_terrain"] = []
            if unit_type.hidden_by_default:
                changes["hidden_by_default"] = False
            notes.append(f"{said}: {type_id} is not listed, so it cannot hide in this scenario")
    elif field == "move_and_fire":
        if listed != unit_type.move_and_fire:
            changes["move_and_fire"] = listed
    elif field == "heading_limit":
        if not listed and unit_type.heading_limit is not None:
            changes["heading_limit"] = NONE
        elif listed and unit_type.heading_limit is None:
            problems.append(f"{said}: {type_id} must use the heading command to turn in the gamefile, "
                            f"but {ruleset.id!r} gives it no heading limit (the gamefile gives no angle); it turns "
                            f"freely: to limit it, add heading_limit = DEGREES under [overrides.{type_id}]")
    if not changes:
        del overrides[type_id]


def _compare_command_list(name: str, command: str, entry: tuple[Any, int], ruleset: RuleBook, resolve: Resolve,
                          campaign: list[str], problems: list[str], path: Path) -> None:
    """A command list against the rule set: every difference is reported (a list carries no range or damage,
    and an override cannot take a command away)."""
    line = entry[1]
    types = _resolved(name, entry, resolve, problems, path)
    if types is None:
        return
    known = any(command in t.commands for t in ruleset.unit_types.values())
    if not known:
        problems.append(f"{path}:{line}: {name}: no counterpart in a scenario ({ruleset.id!r} has no {command} "
                        "command); ignored")
        return
    cannot = sorted(t for t in types if command not in ruleset.unit_types[t].commands)
    if cannot:
        problems.append(f"{path}:{line}: {name}: {', '.join(cannot)} cannot {command} in {ruleset.id!r}, which "
                        f"has no {command} numbers (damage, range) for them; not carried over")
    extra = sorted(t for t in campaign if t not in types and command in ruleset.unit_types[t].commands)
    if extra:
        problems.append(f"{path}:{line}: {name}: {', '.join(extra)} could not {command} in the gamefile but can in "
                        f"{ruleset.id!r}; they keep it (an override cannot take a command away)")
