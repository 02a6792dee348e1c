"""Helpers on a Diplomacy area position (see :mod:`kriegsspiel.rulesets.diplomacy.area`): phase names, the
province map a position names, units on the board and dislodged, supply-centre balance."""
from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

from kriegsspiel.core.area import AreaPosition, AreaUnit
from kriegsspiel.errors import UserError
from kriegsspiel.rulesets.diplomacy.board import ProvinceMap
from kriegsspiel.rulesets.diplomacy.orders import Unit

PHASE_RE = re.compile(r"^([SFW])(\d{1,5})([MRA])$")
SEASONS = {"S": "Spring", "F": "Fall", "W": "Winter"}
PHASE_KINDS = {"M": "movement", "R": "retreats", "A": "adjustments"}
UNIT_WORDS = {"A": "army", "F": "fleet", "W": "wing"}

#: province maps started in this process, by fingerprint (a position names its map by it)
BOARDS: dict[str, ProvinceMap] = {}


def phase_label(phase: str) -> str:
    """``S1901M`` -> ``Spring 1901, movement``."""
    m = PHASE_RE.match(phase)
    if not m:
        return phase
    return f"{SEASONS[m.group(1)]} {m.group(2)}, {PHASE_KINDS[m.group(3)]}"


def board_of(position: AreaPosition) -> ProvinceMap:
    """The province map of a position (started by :meth:`DiplomacyRules.start` in this process).

    Raises UserError when the position names a map this process has not read."""
    board = BOARDS.get(str(position.data.get("board", "")))
    if board is None:
        raise UserError("this Diplomacy position's province map was not read in this session; start the game "
                        "from its scenario (kriegsspiel shell SCENARIO) or open its save")
    return board


def fingerprint(powers: Sequence[str], provinces: Mapping[str, Mapping[str, Any]]) -> str:
    text = json.dumps([list(powers), provinces], sort_keys=True, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:20]


def centres_of(position: AreaPosition) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for prov, power in sorted(position.owners.items()):
        out.setdefault(power, []).append(prov)
    return out


def homes_of(position: AreaPosition) -> dict[str, list[str]]:
    return {p: list(cs) for p, cs in dict(position.data.get("homes", {})).items()}


def on_board(position: AreaPosition) -> list[AreaUnit]:
    return [u for u in position.units if not u.details.get("dislodged")]


def dislodged_units(position: AreaPosition) -> list[AreaUnit]:
    return [u for u in position.units if u.details.get("dislodged")]


def as_unit(u: AreaUnit) -> Unit:
    return Unit(u.power, u.kind, u.where)


def balance(position: AreaPosition, power: str) -> int:
    """Supply centres minus units of ``power`` (builds allowed when positive, disbands due when negative)."""
    owned = sum(1 for p in position.owners.values() if p == power)
    return owned - sum(1 for u in on_board(position) if u.power == power)
