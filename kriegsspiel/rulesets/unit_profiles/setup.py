"""A scenario's ``[setup]`` table read into the first :class:`~kriegsspiel.rulesets.unit_profiles.game.Game`
(rulings section 6: powers and alliances, turn order, treasury, doctrines, starting control, starting forces
with their cargo, switches, victory conditions). Every key is checked; a bad one raises UserError naming the
scenario file and the key (``[setup.powers.NORD.units].NHM[2]``).

Starting forces are lists of unit types per place; cargo in brackets after its carrier:
``"naval-transport(infantry artillery)"``, ``"carrier(fighter fighter)"``.
"""
from __future__ import annotations

import difflib
import re
from collections.abc import Mapping, Sequence
from typing import Any

from kriegsspiel.errors import UserError
from kriegsspiel.rulesets.unit_profiles.board import Board, is_land, is_sea
from kriegsspiel.rulesets.unit_profiles.data import UnitProfilesRules, load_rules
from kriegsspiel.rulesets.unit_profiles.game import STEPS, Game, Unit

SETUP_KEYS = frozenset({"turn_order", "alliances", "switches", "victory", "powers", "blind"})
POWER_KEYS = frozenset({"treasury", "doctrines", "territories", "units"})
VICTORY_KEYS = frozenset({"capitals", "rounds"})
DOCTRINES = ("assault-tactics", "airborne-operations", "mechanization")
_ENTRY = re.compile(r"^\s*([a-z-]+)\s*(?:\((.*)\))?\s*$")


def _fail(source: str, where: str, what: str) -> UserError:
    return UserError(f"{source}: [setup]{where}: {what}")


def _unit_type(rules: UnitProfilesRules, name: str, source: str, where: str) -> str:
    if name not in rules.units:
        close = difflib.get_close_matches(name, list(rules.units), n=1)
        hint = f"; did you mean {close[0]!r}?" if close else "; see 'kriegsspiel rules unit-profiles'"
        raise _fail(source, where, f"unknown unit type {name!r}{hint}")
    return name


def first_step(switches: Mapping[str, bool]) -> str:
    """The first step of a power's turn: research only with the switch on (R03.1)."""
    return STEPS[0] if switches.get("research") else STEPS[1]


def start_game(setup: Mapping[str, Any], powers: Sequence[str], board: Board, source: str) -> Game:
    """The game a scenario starts from. Raises UserError naming the scenario and the key."""
    rules = load_rules()
    unknown = sorted(set(setup) - SETUP_KEYS)
    if unknown:
        raise _fail(source, f".{unknown[0]}", f"unknown key; [setup] has {', '.join(sorted(SETUP_KEYS))}")
    order = setup.get("turn_order", list(powers))
    if not isinstance(order, list) or sorted(order) != sorted(powers) or len(set(order)) != len(order):
        raise _fail(source, ".turn_order", f"list every power of the map once ({' '.join(powers)})")
    alliances = setup.get("alliances", [[p] for p in powers])
    if not isinstance(alliances, list) or not all(isinstance(b, list) for b in alliances):
        raise _fail(source, ".alliances", "expected a list of lists of powers, e.g. [[\"NORD\"], [\"SUD\"]]")
    seen = [p for block in alliances for p in block]
    if sorted(seen) != sorted(powers):
        raise _fail(source, ".alliances", f"put every power of the map in exactly one block ({' '.join(powers)})")
    if len(alliances) < 2:
        raise _fail(source, ".alliances", "a game needs at least two alliance blocks")
    switches = rules.switch_defaults()
    given = setup.get("switches", {})
    if not isinstance(given, Mapping):
        raise _fail(source, ".switches", "expected a table of switch = true/false")
    for name, value in given.items():
        if name not in switches:
            raise _fail(source, f".switches.{name}", f"unknown switch; switches: {', '.join(sorted(switches))}")
        if not isinstance(value, bool):
            raise _fail(source, f".switches.{name}", f"expected true or false, got {value!r}")
        switches[name] = value
    victory = setup.get("victory", {})
    if not isinstance(victory, Mapping) or set(victory) - VICTORY_KEYS:
        raise _fail(source, ".victory", "expected { capitals = true/false, rounds = N }")
    capitals = victory.get("capitals", True)
    rounds = victory.get("rounds", rules.value("default_game_rounds"))
    if not isinstance(capitals, bool):
        raise _fail(source, ".victory.capitals", "expected true or false")
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= 1000:
        raise _fail(source, ".victory.rounds", "expected the game length in rounds, 1..1000")
    owners: dict[str, str] = {}
    for a, p in board.items():
        holder = p["home"] or p["national"]
        if is_land(board, a) and holder:
            owners[a] = holder
    table = setup.get("powers", {})
    if not isinstance(table, Mapping):
        raise _fail(source, ".powers", "expected a table per power")
    for name in table:
        if name not in powers:
            raise _fail(source, f".powers.{name}", f"not a power of the map ({' '.join(powers)})")
    treasury: dict[str, int] = {}
    doctrines: dict[str, list[str]] = {}
    units: dict[str, Unit] = {}
    prefixes = _prefixes(powers)
    counter = 1
    for power in powers:
        raw = table.get(power, {})
        where = f".powers.{power}"
        if not isinstance(raw, Mapping) or set(raw) - POWER_KEYS:
            raise _fail(source, where, f"expected a table with {', '.join(sorted(POWER_KEYS))}")
        money = raw.get("treasury", 0)
        if isinstance(money, bool) or not isinstance(money, int) or money < 0:
            raise _fail(source, f"{where}.treasury", "expected IPC, a whole number 0 or more")
        treasury[power] = money
        held = raw.get("doctrines", [])
        if not isinstance(held, list) or any(d not in DOCTRINES for d in held):
            raise _fail(source, f"{where}.doctrines", f"expected a list of {', '.join(DOCTRINES)}")
        doctrines[power] = sorted(set(held))
        for n, terr in enumerate(raw.get("territories", [])):
            if not is_land(board, str(terr)):
                raise _fail(source, f"{where}.territories[{n}]", f"{terr!r} is no land territory of the map")
            owners[str(terr)] = power
        forces = raw.get("units", {})
        if not isinstance(forces, Mapping):
            raise _fail(source, f"{where}.units", "expected a table of place = [unit types]")
        for place, entries in forces.items():
            key = f"{where}.units.{place}"
            if place not in board or board[place]["kind"] == "impassable":
                raise _fail(source, key, f"{place!r} is not a territory or sea zone of the map")
            if not isinstance(entries, list):
                raise _fail(source, key, "expected a list of unit types")
            for n, entry in enumerate(entries):
                match = _ENTRY.match(str(entry))
                if not match:
                    raise _fail(source, f"{key}[{n}]", f"{entry!r}: write a unit type, cargo in brackets "
                                "(\"naval-transport(infantry artillery)\")")
                kind = _unit_type(rules, match.group(1), source, f"{key}[{n}]")
                profile = rules.units[kind]
                _check_place(profile.domain, kind, place, board, source, f"{key}[{n}]")
                uid = f"{prefixes[power]}{counter}"
                counter += 1
                units[uid] = Unit(uid, power, kind, place)
                cargo = (match.group(2) or "").split()
                if len(cargo) > profile.cargo:
                    raise _fail(source, f"{key}[{n}]", f"a {profile.name} carries at most {profile.cargo}")
                for c in cargo:
                    ckind = _unit_type(rules, c, source, f"{key}[{n}]")
                    cprof = rules.units[ckind]
                    if profile.cargo_types and ckind not in profile.cargo_types and not (
                            cprof.classes & set(profile.cargo_types)):
                        raise _fail(source, f"{key}[{n}]", f"a {profile.name} cannot carry {ckind!r}")
                    cid = f"{prefixes[power]}{counter}"
                    counter += 1
                    units[cid] = Unit(cid, power, ckind, place, aboard=uid)
    blind = setup.get("blind", False)
    if not isinstance(blind, bool):
        raise _fail(source, ".blind", "expected true or false (the session sets it from [scenario] blind)")
    data = {
        "blind": blind, "turn_order": list(order), "alliances": [list(b) for b in alliances], "switches": switches,
        "victory": {"capitals": capitals, "rounds": rounds}, "treasury": treasury, "doctrines": doctrines,
        "bought": {}, "placed": {}, "owners_at_start": dict(owners), "captured": [], "out_of_supply": [],
        "supplied_by_drop": [], "prefixes": prefixes, "next_id": counter, "winner": None, "battles": [],
    }
    game = Game(board, units, owners, 1, order[0], first_step(switches), data, rules)
    return game


def _prefixes(powers: Sequence[str]) -> dict[str, str]:
    """A short unique lower-case prefix per power for unit ids (n1, s2 ...)."""
    out: dict[str, str] = {}
    for power in powers:
        for length in range(1, len(power) + 1):
            prefix = power[:length].lower()
            taken = out.values()
            if prefix not in taken and not any(o.startswith(prefix) or prefix.startswith(o) for o in taken):
                out[power] = prefix
                break
        else:
            out[power] = power.lower() + "_"
    return out


def _check_place(domain: str, kind: str, place: str, board: Board, source: str, where: str) -> None:
    if domain in ("land", "structure") and not is_land(board, place):
        raise _fail(source, where, f"a {kind} stands on land; {place} is a sea zone")
    if domain == "naval" and not is_sea(board, place):
        raise _fail(source, where, f"a {kind} sails at sea; {place} is a land territory")
