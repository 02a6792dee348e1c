"""The set-up mode's edits of a unit-profiles scenario's ``[setup]``: ``powers.POWER.units`` is place -> [unit
types, cargo in brackets]; a unit is added or taken off there, and :func:`setup.start_game` judges where it
stands (land units on land, ships at sea)."""
from __future__ import annotations

import copy
import re
from collections.abc import Mapping
from typing import Any

from kriegsspiel.core.area import AreaUnit, ProvinceProperties
from kriegsspiel.errors import UserError
from kriegsspiel.rulesets.unit_profiles.data import load_rules

_ENTRY = re.compile(r"^\s*([a-z-]+)\s*(?:\((.*)\))?\s*$")


def setup_kinds(setup: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
    """Every unit type of the rule set, by its name."""
    return tuple((type_id, profile.name) for type_id, profile in load_rules().units.items())


def _forces(new: dict[str, Any], power: str) -> dict[str, Any]:
    powers = new.setdefault("powers", {})
    table = powers.setdefault(power, {})
    return table.setdefault("units", {})


def setup_placed(setup: Mapping[str, Any], power: str, kind: str, where: str,
                 provinces: ProvinceProperties) -> dict[str, Any]:
    """``setup`` with ``kind`` added to ``powers[power].units[where]``."""
    new = copy.deepcopy(dict(setup))
    forces = _forces(new, power)
    forces[where] = [*forces.get(where, []), kind]
    return new


def setup_removed(setup: Mapping[str, Any], unit: AreaUnit) -> dict[str, Any]:
    """``setup`` without one ``unit.kind`` at ``unit.where`` of its power (a carrier with its cargo); a unit
    carried by another is taken out of its carrier's brackets."""
    new = copy.deepcopy(dict(setup))
    forces = _forces(new, unit.power)
    entries = [str(e) for e in forces.get(unit.where, [])]
    for i, entry in enumerate(entries):
        match = _ENTRY.match(entry)
        if match and match.group(1) == unit.kind:
            forces[unit.where] = entries[:i] + entries[i + 1:]
            return new
    for i, entry in enumerate(entries):  # carried: out of the brackets
        match = _ENTRY.match(entry)
        if match is None:
            continue
        cargo = (match.group(2) or "").split()
        if unit.kind in cargo:
            cargo.remove(unit.kind)
            entries[i] = f"{match.group(1)}({' '.join(cargo)})" if cargo else match.group(1)
            forces[unit.where] = entries
            return new
    raise UserError(f"no {unit.kind} of {unit.power} at {unit.where} in the scenario's [setup]")
