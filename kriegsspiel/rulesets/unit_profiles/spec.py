"""One battle as read from its JSON object (docs/battle-json.md): forces, switches, policies, dice.

``parse_battle`` checks every key and raises :class:`BattleInputError` (a UserError) naming the key, e.g.
``attacker.units[2].type``.
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Any

from kriegsspiel.errors import UserError
from kriegsspiel.rulesets.unit_profiles.data import UnitProfile, UnitProfilesRules

SIDES = ("attacker", "defender")
LAND_FEATURES = frozenset({"mountain", "air-base", "naval-base", "industrial-complex"})
SEA_FEATURES = frozenset({"coastal", "lake", "riverine", "port"})
NO_EFFECT_SWITCHES = frozenset({"home_guard", "research"})
UNIT_KEYS = frozenset({"id", "type", "supplied", "damage", "landed", "bombard", "escort", "cargo"})
POLICY_KEYS = frozenset({"casualties", "targets", "rerolls", "priority", "priority_by_bonus", "retreat",
                         "interceptors", "withdraw"})
TOP_KEYS = frozenset({"id", "switches", "place", "attacker", "defender", "policy", "dice", "seed", "max_rounds"})


class BattleInputError(UserError):
    """A battle object that breaks battle-json.md; the message names the key."""


@dataclass(frozen=True, slots=True)
class UnitSpec:
    """One unit of the battle. ``index`` is its place in the input order over both sides (attacker first)."""

    index: int
    id: str
    profile: UnitProfile
    side: int                  # 0 attacker, 1 defender
    supplied: bool
    damage: int
    landed: bool
    bombard: bool
    escort: bool
    carrier: int | None        # index of the unit carrying it
    cargo: tuple[int, ...]     # indices of the units it carries

    @property
    def type(self) -> str:
        """The unit type (the profile key, e.g. "heavy-artillery")."""
        return self.profile.key

    def has(self, cls: str) -> bool:
        """Whether the unit belongs to the class ``cls`` (R07: infantry, armor, aircraft, capital ...)."""
        return cls in self.profile.classes


@dataclass(frozen=True, slots=True)
class Policy:
    """One side's choices (battle-json.md, POLICY); every default deterministic."""

    casualties: tuple[int, ...]
    targets: tuple[int, ...]
    rerolls: bool
    priority: tuple[int, ...]
    priority_by_bonus: tuple[tuple[str, tuple[int, ...]], ...]
    retreat_after: int | None
    interceptors: tuple[int, ...] | None
    withdraw: bool

    def order_for(self, bonus: str) -> tuple[int, ...]:
        """The priority order for one bonus: its own list if given, else the general one."""
        for name, order in self.priority_by_bonus:
            if name == bonus:
                return order
        return self.priority


@dataclass(frozen=True, slots=True)
class BattleSpec:
    """The whole input, validated."""

    id: Any
    rules: UnitProfilesRules
    switches: dict[str, bool]
    place_name: str
    at_sea: bool
    features: frozenset[str]
    amphibious: bool
    powers: tuple[str, str]
    units: tuple[UnitSpec, ...]
    policies: tuple[Policy, Policy]
    dice: tuple[int, ...]
    seed: int | None
    max_rounds: int

    def on(self, switch: str) -> bool:
        """Whether a switch of the rulings (1.3, 1.4) is on in this battle."""
        return self.switches[switch]

    @property
    def airdrop(self) -> bool:
        """Whether the attack includes air transports with cargo (an airdrop, S23)."""
        return any(u.side == 0 and u.type == "air-transport" for u in self.units)


def _fail(where: str, what: str) -> BattleInputError:
    return BattleInputError(f"{where}: {what}")


def _bool(table: dict[str, Any], key: str, where: str, default: bool) -> bool:
    value = table.get(key, default)
    if not isinstance(value, bool):
        raise _fail(f"{where}.{key}", f"expected true or false, got {value!r}")
    return value


def _int(value: Any, where: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _fail(where, f"expected a whole number {low}..{high}, got {value!r}")
    return value


class _UnitReader:
    def __init__(self, rules: UnitProfilesRules) -> None:
        self.rules = rules
        self.units: list[UnitSpec] = []
        self.ids: dict[str, int] = {}

    def read(self, raw: Any, where: str, side: int, carrier: int | None) -> int:
        if not isinstance(raw, dict):
            raise _fail(where, "expected a unit object {\"id\": ..., \"type\": ...}")
        unknown = sorted(set(raw) - UNIT_KEYS)
        if unknown:
            raise _fail(f"{where}.{unknown[0]}", f"unknown key; a unit has {', '.join(sorted(UNIT_KEYS))}")
        uid = raw.get("id")
        if not isinstance(uid, str) or not uid:
            raise _fail(f"{where}.id", "expected a non-empty string")
        if uid in self.ids:
            raise _fail(f"{where}.id", f"{uid!r} is used twice; ids are unique over both sides")
        kind = raw.get("type")
        if kind not in self.rules.units:
            close = difflib.get_close_matches(str(kind), list(self.rules.units), n=1)
            hint = f"; did you mean {close[0]!r}?" if close else "; see 'kriegsspiel rules unit-profiles'"
            raise _fail(f"{where}.type", f"unknown unit type {kind!r}{hint}")
        profile = self.rules.units[kind]
        damage = _int(raw.get("damage", 0), f"{where}.damage", 0, profile.hits - 1)
        index = len(self.units)
        self.ids[uid] = index
        self.units.append(UnitSpec(index, uid, profile, side, _bool(raw, "supplied", where, True), damage,
                                   _bool(raw, "landed", where, False), _bool(raw, "bombard", where, False),
                                   _bool(raw, "escort", where, False), carrier, ()))
        cargo = raw.get("cargo", [])
        if not isinstance(cargo, list):
            raise _fail(f"{where}.cargo", "expected a list of units")
        if len(cargo) > profile.cargo:
            raise _fail(f"{where}.cargo", f"a {profile.name} carries at most {profile.cargo} unit(s)")
        carried = []
        for n, item in enumerate(cargo):
            child = self.read(item, f"{where}.cargo[{n}]", side, index)
            kid = self.units[child].profile
            if profile.cargo_types and kid.key not in profile.cargo_types and not (
                    kid.classes & set(profile.cargo_types)):
                raise _fail(f"{where}.cargo[{n}].type", f"a {profile.name} cannot carry {kid.key!r} "
                            f"(only {', '.join(profile.cargo_types)})")
            carried.append(child)
        me = self.units[index]
        self.units[index] = UnitSpec(me.index, me.id, me.profile, me.side, me.supplied, me.damage, me.landed,
                                     me.bombard, me.escort, me.carrier, tuple(carried))
        return index


def _ids(value: Any, where: str, ids: dict[str, int], side: int | None, units: list[UnitSpec]) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise _fail(where, "expected a list of unit ids")
    out = []
    for n, uid in enumerate(value):
        if uid not in ids:
            raise _fail(f"{where}[{n}]", f"no unit has the id {uid!r}")
        if side is not None and units[ids[uid]].side != side:
            raise _fail(f"{where}[{n}]", f"{uid!r} belongs to the other side")
        out.append(ids[uid])
    return tuple(out)


def _policy(raw: Any, where: str, side: int, ids: dict[str, int], units: list[UnitSpec],
            bonuses: frozenset[str]) -> Policy:
    raw = {} if raw is None else raw
    if not isinstance(raw, dict):
        raise _fail(where, "expected an object")
    unknown = sorted(set(raw) - POLICY_KEYS)
    if unknown:
        raise _fail(f"{where}.{unknown[0]}", f"unknown key; a policy has {', '.join(sorted(POLICY_KEYS))}")
    rerolls = raw.get("rerolls", "misses")
    if rerolls not in ("misses", "none"):
        raise _fail(f"{where}.rerolls", f"expected \"misses\" or \"none\", got {rerolls!r}")
    by_bonus = raw.get("priority_by_bonus", {})
    if not isinstance(by_bonus, dict):
        raise _fail(f"{where}.priority_by_bonus", "expected an object of bonus name -> ids")
    for name in by_bonus:
        if name not in bonuses:
            raise _fail(f"{where}.priority_by_bonus.{name}", f"unknown bonus; names: {', '.join(sorted(bonuses))}")
    retreat = raw.get("retreat", "never")
    retreat_after = None
    if retreat != "never":
        if not isinstance(retreat, dict) or set(retreat) != {"after_round"}:
            raise _fail(f"{where}.retreat", "expected \"never\" or {\"after_round\": N}")
        retreat_after = _int(retreat["after_round"], f"{where}.retreat.after_round", 1, 10_000)
        if side == 1:
            raise _fail(f"{where}.retreat", "defenders never retreat (R26.3); only the attacker's policy has it")
    interceptors = None
    if "interceptors" in raw:
        if side == 0:
            raise _fail(f"{where}.interceptors", "only the defender intercepts (S23)")
        interceptors = _ids(raw["interceptors"], f"{where}.interceptors", ids, side, units)
        for n, i in enumerate(interceptors):
            if units[i].type != "fighter":
                raise _fail(f"{where}.interceptors[{n}]", f"{units[i].id!r} is not a fighter")
    return Policy(
        casualties=_ids(raw.get("casualties", []), f"{where}.casualties", ids, side, units),
        targets=_ids(raw.get("targets", []), f"{where}.targets", ids, 1 - side, units),
        rerolls=rerolls == "misses", priority=_ids(raw.get("priority", []), f"{where}.priority", ids, side, units),
        priority_by_bonus=tuple((k, _ids(v, f"{where}.priority_by_bonus.{k}", ids, side, units))
                                for k, v in sorted(by_bonus.items())),
        retreat_after=retreat_after, interceptors=interceptors,
        withdraw=_bool(raw, "withdraw", where, False),
    )


def _check_units(units: list[UnitSpec], at_sea: bool, amphibious: bool) -> None:
    for u in units:
        where = f"{'attacker' if u.side == 0 else 'defender'} unit {u.id!r}"
        if u.side == 0 and u.carrier is None:
            if u.profile.domain == "structure" or u.type == "aaa":
                raise _fail(where, f"a {u.profile.name} never attacks (S18, S21)")
            if u.type == "air-transport" and not u.cargo:
                raise _fail(where, "an air transport joins an attack only with cargo, as an airdrop (L471)")
            if at_sea and u.profile.domain == "land":
                raise _fail(where, "land units fight at sea only as cargo")
            if not at_sea and u.profile.domain == "naval" and not u.bombard:
                raise _fail(where, "a ship in a land battle only bombards (\"bombard\": true, S20)")
        if u.bombard and (u.side == 1 or u.profile.bombard is None or not amphibious):
            raise _fail(f"{where}.bombard", "only an attacking ship with a bombardment value, in an amphibious "
                        "assault (place.amphibious_from), bombards (S20)")
        if u.landed and (u.side == 1 or u.profile.domain != "land" or not amphibious):
            raise _fail(f"{where}.landed", "only attacking land units landed from ships in an amphibious assault")
        if u.escort and (u.side == 1 or u.type != "fighter"):
            raise _fail(f"{where}.escort", "only attacking fighters escort air transports (S23)")
        if u.side == 1 and at_sea and u.profile.domain == "land" and u.carrier is None:
            raise _fail(where, "land units defend at sea only as cargo")


def parse_battle(raw: Any, rules: UnitProfilesRules) -> BattleSpec:
    """Validate one battle object; raises BattleInputError naming the key."""
    if not isinstance(raw, dict):
        raise _fail("battle", "expected a JSON object")
    unknown = sorted(set(raw) - TOP_KEYS)
    if unknown:
        raise _fail(unknown[0], f"unknown key; a battle has {', '.join(sorted(TOP_KEYS))}")
    switches = rules.switch_defaults()
    given = raw.get("switches", {})
    if not isinstance(given, dict):
        raise _fail("switches", "expected an object of switch -> true/false")
    for name, value in given.items():
        if name not in switches:
            raise _fail(f"switches.{name}", f"unknown switch; switches: {', '.join(sorted(switches))}")
        if not isinstance(value, bool):
            raise _fail(f"switches.{name}", f"expected true or false, got {value!r}")
        switches[name] = value
    place = raw.get("place")
    if not isinstance(place, dict):
        raise _fail("place", "expected {\"name\": ..., \"kind\": \"land\" | \"sea\", ...}")
    kind = place.get("kind")
    if kind not in ("land", "sea"):
        raise _fail("place.kind", f"expected \"land\" or \"sea\", got {kind!r}")
    allowed = SEA_FEATURES if kind == "sea" else LAND_FEATURES
    features = place.get("features", [])
    if not isinstance(features, list) or any(f not in allowed for f in features):
        raise _fail("place.features", f"expected a list of {', '.join(sorted(allowed))} (for {kind})")
    amphibious_from = place.get("amphibious_from")
    if amphibious_from is not None and (kind == "sea" or not isinstance(amphibious_from, str)):
        raise _fail("place.amphibious_from", "the name of a sea zone, only for a land battle")
    reader = _UnitReader(rules)
    powers = []
    for side, name in enumerate(SIDES):
        force = raw.get(name)
        if not isinstance(force, dict) or not isinstance(force.get("units"), list):
            raise _fail(name, "expected {\"power\": ..., \"units\": [...]}")
        powers.append(str(force.get("power", name)))
        for n, unit in enumerate(force["units"]):
            reader.read(unit, f"{name}.units[{n}]", side, None)
    units = reader.units
    if not any(u.side == 0 for u in units):
        raise _fail("attacker.units", "the attacker needs at least one unit")
    _check_units(units, kind == "sea", amphibious_from is not None)
    policies = raw.get("policy", {})
    if not isinstance(policies, dict) or set(policies) - set(SIDES):
        raise _fail("policy", "expected {\"attacker\": POLICY, \"defender\": POLICY}")
    bonuses = frozenset(name.removesuffix("-defense") for name in rules.bonuses)
    attacker, defender = (_policy(policies.get(name), f"policy.{name}", side, reader.ids, units, bonuses)
                          for side, name in enumerate(SIDES))
    dice = raw.get("dice", [])
    if not isinstance(dice, list):
        raise _fail("dice", "expected a list of d12 results")
    for n, die in enumerate(dice):
        _int(die, f"dice[{n}]", 1, rules.die)
    seed = raw.get("seed")
    if seed is not None:
        seed = _int(seed, "seed", 0, 2**64 - 1)
    max_rounds = _int(raw.get("max_rounds", rules.value("max_rounds")), "max_rounds", 1, 10_000)
    return BattleSpec(raw.get("id"), rules, switches, str(place.get("name", "")), kind == "sea",
                      frozenset(features), amphibious_from is not None, (powers[0], powers[1]), tuple(units),
                      (attacker, defender), tuple(dice), seed, max_rounds)
