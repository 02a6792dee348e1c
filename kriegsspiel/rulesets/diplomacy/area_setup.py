"""The set-up mode's edits of a Diplomacy scenario's ``[setup]``: ``units`` is power -> ["A PAR", "F STP/SC",
"W LON"]; a unit is added or taken off there, and :meth:`DiplomacyRules.start` judges where it stands."""
from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from kriegsspiel.core.area import AreaUnit, ProvinceProperties

KINDS = (("A", "Army"), ("F", "Fleet"))
WING = ("W", "Wing (Air Power)")


def setup_kinds(setup: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
    """Armies and fleets; wings too in an Air Power game (``air_power = true``, or a wing set up already)."""
    units = setup.get("units", {})
    has_wing = isinstance(units, Mapping) and any(
        isinstance(lines, list) and any(str(line).strip().upper().startswith("W ") for line in lines)
        for lines in units.values())
    return (*KINDS, WING) if setup.get("air_power") or has_wing else KINDS


def setup_placed(setup: Mapping[str, Any], power: str, kind: str, where: str,
                 provinces: ProvinceProperties) -> dict[str, Any]:
    """``setup`` with ``"KIND WHERE"`` added to ``units[power]``. A fleet in a province of two coasts goes on
    the first coast the map lists (``STP/NC``); placed there again, the power's fleet goes to the next coast."""
    new = copy.deepcopy(dict(setup))
    units = dict(new.get("units", {})) if isinstance(new.get("units"), Mapping) else {}
    lines = list(units.get(power, []))
    loc = where
    coasts = str(provinces.get(where, {}).get("coasts", "")).split()
    if kind == "F" and coasts:
        written = [" ".join(str(line).upper().split()) for line in lines]
        on = next((i for i, c in enumerate(coasts) if f"F {where}/{c}" in written), None)
        if on is not None:  # the fleet there already: to the next coast
            del lines[written.index(f"F {where}/{coasts[on]}")]
        loc = f"{where}/{coasts[0 if on is None else (on + 1) % len(coasts)]}"
    lines.append(f"{kind} {loc}")
    units[power] = lines
    new["units"] = units
    return new


def setup_removed(setup: Mapping[str, Any], unit: AreaUnit) -> dict[str, Any]:
    """``setup`` without ``unit``'s line (``"A PAR"``) in its power's list."""
    new = copy.deepcopy(dict(setup))
    units = dict(new.get("units", {})) if isinstance(new.get("units"), Mapping) else {}
    wanted = f"{unit.kind} {unit.where}".upper()
    for power, lines in units.items():
        if str(power).upper() != unit.power or not isinstance(lines, list):
            continue
        for i, line in enumerate(lines):
            if " ".join(str(line).upper().split()) == wanted:
                units[power] = lines[:i] + lines[i + 1:]
                new["units"] = units
                return new
    return new
