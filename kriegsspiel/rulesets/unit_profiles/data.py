"""The unit-profiles rule set as data: ``unit-profiles.toml`` read into frozen dataclasses.

Every key is checked; a broken file raises :class:`kriegsspiel.errors.UserError` naming the file, the table and
the key. ``describe`` gives the whole rule set as plain JSON values (``kriegsspiel rules unit-profiles --json``).
"""
from __future__ import annotations

import functools
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, overload

from kriegsspiel.border import read_input_text
from kriegsspiel.errors import UserError

DATA_FILE = Path(__file__).resolve().parent / "unit-profiles.toml"
DOMAINS = ("land", "air", "naval", "structure")
CLASSES = frozenset({
    "land", "infantry", "armor", "artillery", "cavalry", "aircraft", "fighter", "tactical-bomber", "naval",
    "warship", "capital", "transport", "structure", "destroyer", "submarine", "cruiser", "carrier",
    "no-casualty", "aaa",
})
TARGET_CLASSES = frozenset({"land", "infantry", "armor", "aircraft", "naval", "structure"})
FIRST_STRIKE = ("never", "always", "unless-destroyer")
BONUS_SIDES = ("attack", "defense", "both")


@dataclass(frozen=True, slots=True)
class UnitProfile:
    """One of the 49 units. Values are d12 "hit on N or less" numbers; None is the chapter's "-"."""

    key: str
    number: int
    name: str
    domain: str
    classes: frozenset[str]
    cost: int | None                  # None: set-up only (R15.6)
    attack: int | None
    defense: int | None
    attack_damaged: tuple[int, ...]   # the value after 1, 2 ... hits (capital ships, R25.1)
    defense_damaged: tuple[int, ...]
    attack_vs: tuple[tuple[str, int], ...]   # special values by target class (R05.1)
    defense_vs: tuple[tuple[str, int], ...]
    attack_only: frozenset[str]       # "may only damage" (empty: anything)
    cannot_hit: frozenset[str]
    air_defense: bool                 # defends only against attacking aircraft (R22.6)
    firer_picks: str | None           # the class its hit may be placed on by the firer (R05.3)
    first_strike: str
    hits: int
    move: int | None
    bombard: int | None
    cargo: int
    cargo_types: tuple[str, ...]
    abilities: tuple[str, ...]
    requires: tuple[str, ...]
    lines: str

    @property
    def buildable(self) -> bool:
        """False for the set-up-only units (R15.6)."""
        return self.cost is not None

    @property
    def sort_cost(self) -> int:
        """The printed cost, or attack + defense where none is printed (battle-json.md's default orders)."""
        if self.cost is not None:
            return self.cost
        return (self.attack or 0) + (self.defense or 0)


@dataclass(frozen=True, slots=True)
class Bonus:
    """A bonus limited by a 1:1 pairing or the Rule of Three (R06.3)."""

    key: str
    side: str
    amount: int
    values: tuple[tuple[str, int], ...]   # the value a beneficiary type becomes (SP support)
    beneficiaries: tuple[str, ...]
    supporters: tuple[str, ...]
    rule_of_three: bool
    per_supporter: int
    not_in_amphibious: bool
    variant_beneficiaries: tuple[str, ...]
    variant_supporters: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class UnitProfilesRules:
    """The whole rule set: units, bonuses, named values and the switches' defaults."""

    id: str
    name: str
    die: int
    values: dict[str, int]
    variants: dict[str, bool]
    switches: dict[str, bool]
    bonuses: dict[str, Bonus]
    units: dict[str, UnitProfile]

    def value(self, name: str) -> int:
        """A named value of ``[values]``; raises KeyError for an unknown name (a bug of ours)."""
        return self.values[name]

    def switch_defaults(self) -> dict[str, bool]:
        """Every variant and scenario switch with its default."""
        return {**self.variants, **self.switches}


class _Reader:
    def __init__(self, path: Path) -> None:
        self.path = path

    def fail(self, where: str, what: str) -> UserError:
        return UserError(f"{self.path}: {where}: {what}; fix the rule-set file")

    def get(self, table: dict[str, Any], where: str, key: str, kind: type | tuple[type, ...],
            default: Any = ...) -> Any:
        if key not in table:
            if default is ...:
                raise self.fail(where, f"the key {key!r} is missing")
            return default
        value = table[key]
        if isinstance(value, bool) and kind is int or not isinstance(value, kind):
            raise self.fail(f"{where}.{key}", f"expected {getattr(kind, '__name__', kind)}, got {value!r}")
        return value

    @overload
    def number(self, table: dict[str, Any], where: str, key: str, low: int, high: int,
               optional: Literal[False] = False) -> int: ...

    @overload
    def number(self, table: dict[str, Any], where: str, key: str, low: int, high: int,
               optional: bool) -> int | None: ...

    def number(self, table: dict[str, Any], where: str, key: str, low: int, high: int,
               optional: bool = False) -> int | None:
        """``table[key]``, an integer within ``low..high``; None when ``optional`` and the key is missing."""
        value = self.get(table, where, key, int, None if optional else ...)
        if value is not None and not low <= value <= high:
            raise self.fail(f"{where}.{key}", f"{value} is outside {low}..{high}")
        return value

    def names(self, table: dict[str, Any], where: str, key: str, allowed: frozenset[str] | None) -> tuple[str, ...]:
        value = self.get(table, where, key, list, [])
        for item in value:
            if not isinstance(item, str) or (allowed is not None and item not in allowed):
                raise self.fail(f"{where}.{key}", f"{item!r} is not one of {sorted(allowed or [])}")
        return tuple(value)

    def vs(self, table: dict[str, Any], where: str, key: str) -> tuple[tuple[str, int], ...]:
        value = self.get(table, where, key, dict, {})
        for cls, number in value.items():
            if cls not in TARGET_CLASSES:
                raise self.fail(f"{where}.{key}.{cls}", f"not a target class ({', '.join(sorted(TARGET_CLASSES))})")
            if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= 11:
                raise self.fail(f"{where}.{key}.{cls}", f"expected a value 1..11, got {number!r}")
        return tuple(sorted(value.items()))


_UNIT_KEYS = frozenset({
    "number", "name", "domain", "classes", "cost", "attack", "defense", "attack_damaged", "defense_damaged",
    "attack_vs", "defense_vs", "attack_only", "cannot_hit", "air_defense", "firer_picks", "first_strike", "hits",
    "move", "bombard", "cargo", "cargo_types", "abilities", "requires", "lines",
})
_BONUS_KEYS = frozenset({
    "side", "amount", "value", "beneficiaries", "supporters", "rule_of_three", "per_supporter",
    "not_in_amphibious", "variant_beneficiaries", "variant_supporters",
})


def _unit(r: _Reader, key: str, t: dict[str, Any]) -> UnitProfile:
    where = f"[units.{key}]"
    unknown = sorted(set(t) - _UNIT_KEYS)
    if unknown:
        raise r.fail(where, f"unknown key {unknown[0]!r}")
    domain = r.get(t, where, "domain", str)
    if domain not in DOMAINS:
        raise r.fail(f"{where}.domain", f"{domain!r} is not one of {', '.join(DOMAINS)}")
    first_strike = r.get(t, where, "first_strike", str, "never")
    if first_strike not in FIRST_STRIKE:
        raise r.fail(f"{where}.first_strike", f"{first_strike!r} is not one of {', '.join(FIRST_STRIKE)}")
    hits = r.number(t, where, "hits", 1, 3, optional=True) or 1
    damaged = {}
    for side in ("attack_damaged", "defense_damaged"):
        values = r.get(t, where, side, list, [])
        if values and len(values) != hits - 1:
            raise r.fail(f"{where}.{side}", f"a capital ship with {hits} hits needs {hits - 1} damaged values")
        if any(isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 11 for v in values):
            raise r.fail(f"{where}.{side}", f"expected values 1..11, got {values!r}")
        damaged[side] = tuple(values)
    firer_picks = r.get(t, where, "firer_picks", str, None)
    if firer_picks is not None and firer_picks not in TARGET_CLASSES:
        raise r.fail(f"{where}.firer_picks", f"{firer_picks!r} is not a target class")
    return UnitProfile(
        key=key, number=r.number(t, where, "number", 1, 49), name=r.get(t, where, "name", str),
        domain=domain, classes=frozenset(r.names(t, where, "classes", CLASSES)),
        cost=r.number(t, where, "cost", 1, 100, optional=True),
        attack=r.number(t, where, "attack", 1, 11, optional=True),
        defense=r.number(t, where, "defense", 1, 11, optional=True),
        attack_damaged=damaged["attack_damaged"], defense_damaged=damaged["defense_damaged"],
        attack_vs=r.vs(t, where, "attack_vs"), defense_vs=r.vs(t, where, "defense_vs"),
        attack_only=frozenset(r.names(t, where, "attack_only", TARGET_CLASSES)),
        cannot_hit=frozenset(r.names(t, where, "cannot_hit", TARGET_CLASSES)),
        air_defense=r.get(t, where, "air_defense", bool, False), firer_picks=firer_picks,
        first_strike=first_strike, hits=hits, move=r.number(t, where, "move", 0, 12, optional=True),
        bombard=r.number(t, where, "bombard", 1, 11, optional=True),
        cargo=r.number(t, where, "cargo", 0, 4, optional=True) or 0,
        cargo_types=r.names(t, where, "cargo_types", None), abilities=r.names(t, where, "abilities", None),
        requires=r.names(t, where, "requires", None), lines=r.get(t, where, "lines", str),
    )


def _bonus(r: _Reader, key: str, t: dict[str, Any], units: dict[str, UnitProfile]) -> Bonus:
    where = f"[bonuses.{key}]"
    unknown = sorted(set(t) - _BONUS_KEYS)
    if unknown:
        raise r.fail(where, f"unknown key {unknown[0]!r}")
    side = r.get(t, where, "side", str)
    if side not in BONUS_SIDES:
        raise r.fail(f"{where}.side", f"{side!r} is not one of {', '.join(BONUS_SIDES)}")
    known = frozenset(units)
    values = r.get(t, where, "value", dict, {})
    for name, number in values.items():
        if name not in known or isinstance(number, bool) or not isinstance(number, int):
            raise r.fail(f"{where}.value.{name}", "expected a unit type and a whole value")
    return Bonus(
        key=key, side=side, amount=r.number(t, where, "amount", 0, 11, optional=True) or 0,
        values=tuple(sorted(values.items())), beneficiaries=r.names(t, where, "beneficiaries", known),
        supporters=r.names(t, where, "supporters", known), rule_of_three=r.get(t, where, "rule_of_three", bool),
        per_supporter=r.number(t, where, "per_supporter", 1, 12, optional=True) or 1,
        not_in_amphibious=r.get(t, where, "not_in_amphibious", bool, False),
        variant_beneficiaries=r.names(t, where, "variant_beneficiaries", known),
        variant_supporters=r.names(t, where, "variant_supporters", known),
    )


REQUIRED_VALUES = (
    "rule_of_three", "modified_minimum", "rerolls_per_die", "aaa_hit", "aaa_max_dice", "out_of_supply",
    "amphibious", "gun_director_no_carrier", "gun_director_cruiser", "mountain", "fortification", "fortress",
    "support", "combined_arms", "charge", "airdrop_first_round", "torpedo_boat_port", "max_rounds",
    # the area game's turn (R03.1 onwards)
    "fortress_coastal_dice", "major_ic_units", "minor_ic_units", "colonial_per_territory", "research_die_cost",
    "research_success", "ferry_max_ipc", "track_cost", "fieldcraft_track_cost", "default_game_rounds",
)
REQUIRED_BONUSES = ("artillery", "artillery-defense", "sp", "combined-arms", "fortification", "fortress",
                    "charge", "reconnaissance")


def parse_rules(raw: dict[str, Any], path: Path) -> UnitProfilesRules:
    """Validate the TOML tables of a unit-profiles rule set; raises UserError naming the key."""
    r = _Reader(path)
    tables = {}
    for name in ("values", "variants", "switches", "units", "bonuses"):
        tables[name] = r.get(raw, "top level", name, dict)
    for name, value in tables["values"].items():
        if isinstance(value, bool) or not isinstance(value, int):
            raise r.fail(f"[values].{name}", f"expected a whole number, got {value!r}")
    for name in REQUIRED_VALUES:
        r.get(tables["values"], "[values]", name, int)
    for table in ("variants", "switches"):
        for name, value in tables[table].items():
            if not isinstance(value, bool):
                raise r.fail(f"[{table}].{name}", f"expected true or false, got {value!r}")
    units = {key: _unit(r, key, t) for key, t in tables["units"].items()}
    numbers = sorted(u.number for u in units.values())
    if numbers != list(range(1, len(units) + 1)):
        raise r.fail("[units]", "the unit numbers must run 1, 2, ... without gaps or repeats")
    for unit in units.values():
        for cargo in unit.cargo_types:
            if cargo not in units and cargo not in CLASSES:
                raise r.fail(f"[units.{unit.key}].cargo_types", f"{cargo!r} is neither a unit nor a class")
    bonuses = {key: _bonus(r, key, t, units) for key, t in tables["bonuses"].items()}
    for name in REQUIRED_BONUSES:
        if name not in bonuses:
            raise r.fail("[bonuses]", f"the bonus {name!r} is missing")
    return UnitProfilesRules(
        id=r.get(raw, "top level", "id", str), name=r.get(raw, "top level", "name", str),
        die=r.number(raw, "top level", "die", 2, 100), values=dict(tables["values"]),
        variants=dict(tables["variants"]), switches=dict(tables["switches"]), bonuses=bonuses, units=units,
    )


def load_rules_file(path: Path) -> UnitProfilesRules:
    """Read and validate a unit-profiles rule-set file; raises UserError naming the file and the key."""
    text = read_input_text(path, "ruleset")  # a regular file within the cap, else a UserError naming it
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise UserError(f"{path}: not valid TOML ({exc}); fix the rule-set file") from None
    except (ValueError, RecursionError):  # a number of thousands of digits, brackets thousands deep
        raise UserError(f"{path}: a value too long or too deeply nested for a rule-set file") from None
    return parse_rules(raw, path)


@functools.lru_cache(maxsize=1)
def load_rules() -> UnitProfilesRules:
    """The shipped rule set (read once per process; immutable). Raises UserError if the file is broken."""
    return load_rules_file(DATA_FILE)


def describe(rules: UnitProfilesRules | None = None) -> dict[str, Any]:
    """The rule set as plain JSON values: id, name, die, values, variants, switches, bonuses and all units
    (in the chapter's order, keyed by type name)."""
    rules = rules or load_rules()
    units = {}
    for unit in sorted(rules.units.values(), key=lambda u: u.number):
        units[unit.key] = {
            "number": unit.number, "name": unit.name, "domain": unit.domain, "classes": sorted(unit.classes),
            "cost": unit.cost, "buildable": unit.buildable, "attack": unit.attack, "defense": unit.defense,
            "attack_damaged": list(unit.attack_damaged), "defense_damaged": list(unit.defense_damaged),
            "attack_vs": dict(unit.attack_vs), "defense_vs": dict(unit.defense_vs),
            "attack_only": sorted(unit.attack_only), "cannot_hit": sorted(unit.cannot_hit),
            "air_defense": unit.air_defense, "firer_picks": unit.firer_picks, "first_strike": unit.first_strike,
            "hits": unit.hits, "move": unit.move, "bombard": unit.bombard, "cargo": unit.cargo,
            "cargo_types": list(unit.cargo_types), "abilities": list(unit.abilities),
            "requires": list(unit.requires), "lines": unit.lines,
        }
    bonuses = {
        b.key: {"side": b.side, "amount": b.amount, "value": dict(b.values), "beneficiaries": list(b.beneficiaries),
                "supporters": list(b.supporters), "rule_of_three": b.rule_of_three, "per_supporter": b.per_supporter,
                "not_in_amphibious": b.not_in_amphibious, "variant_beneficiaries": list(b.variant_beneficiaries),
                "variant_supporters": list(b.variant_supporters)}
        for b in rules.bonuses.values()
    }
    return {"id": rules.id, "name": rules.name, "die": rules.die, "values": dict(rules.values),
            "variants": dict(rules.variants), "switches": dict(rules.switches), "bonuses": bonuses, "units": units}
