"""The classic Kriegsspiel's rule tables as frozen values: combat charts, results, modifiers, health,
disruption, weapon ranges and couriers (Kriegsspiel Ruleset V3, settled by docs/rulings.md).

A rule set that has a ``[combat]`` table (and optionally ``[orders]``) gets a :class:`CombatRules` (and
:class:`OrderRules`) from :func:`parse_combat` / :func:`parse_orders`; the procedures that use them live in
``v3_combat``, ``v3_retreat`` and ``v3_orders``. Distances are world units (metres for V3). No number lives
here: every one comes from the TOML file.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from kriegsspiel.core.ruleset import RuleBook, Table, describe_value, suggest

#: The sides of one combat: the side that attacks (or fires) and the side attacked.
COMBAT_SIDES = ("attacker", "defender")
#: How a chart measures range: "fire" (effective / maximum range of a weapon) or "contact" (melee reach).
RANGE_KINDS = ("fire", "contact")


@dataclass(frozen=True, slots=True)
class Chart:
    """One combat chart: the result number under each die face (index 0 = a roll of 1).

    In a ``mirrored`` chart rolls up to ``CombatRules.mirror_attacker_rolls`` hit the attacker, the others the
    defender; an unmirrored chart always hits the defender (the target of the fire).
    """

    id: str
    name: str
    mirrored: bool
    results: tuple[int, ...]
    range_kind: str  # "fire" or "contact"
    attackers: tuple[str, ...] | None = None  # unit types that may attack on it; None: every unit type

    def may_attack(self, type_id: str) -> bool:
        """True when a unit of type ``type_id`` may be an attacker on this chart."""
        return self.attackers is None or type_id in self.attackers


@dataclass(frozen=True, slots=True)
class CombatResult:
    """What a result number does to the units it hits: retreat (world units), disruption levels, HP lost."""

    number: int
    name: str
    retreat: float
    disruption: int
    hp_loss: int
    surrender: bool = False


@dataclass(frozen=True, slots=True)
class HealthEffect:
    """What a unit at this HP suffers: a combat modifier, rounds out of control on reaching it, attack allowed."""

    hp: int
    modifier: int
    out_of_control_rounds: int
    can_attack: bool


@dataclass(frozen=True, slots=True)
class WeaponRange:
    """A weapon of a unit type: effective and maximum range in world units."""

    weapon: str
    effective: float
    maximum: float


@dataclass(frozen=True, slots=True)
class Recovery:
    """Where a unit may win back HP: within ``supply_reach`` (world units) of a ``supply`` unit of its side, or
    in ``cover`` (terrain ids and structure kinds) with no enemy unit within ``enemy_clear`` (world units)."""

    supply: str
    supply_reach: float
    cover: tuple[str, ...]
    enemy_clear: float = 0.0


@dataclass(frozen=True, slots=True)
class Rally:
    """Where a unit may lift a level of disruption: in ``cover`` (terrain ids and structure kinds) with no enemy
    unit within ``enemy_clear`` (world units)."""

    cover: tuple[str, ...]
    enemy_clear: float


@dataclass(frozen=True, slots=True)
class CombatRules:
    """Every number of the d10 combat: charts, results, modifiers, HP and disruption effects, ranges."""

    die: int
    mirror_attacker_rolls: int  # mirrored charts: rolls 1..this hit the attacker
    out_of_scale: int  # a final roll at or above this: the defender surrenders
    below_scale: int  # a final roll at or below this in a mirrored chart: the attacker surrenders
    surrender_result: CombatResult
    beyond_effective_max: int  # firing beyond effective range: 1..this towards a miss
    melee_reach: float  # world units: hand to hand needs an enemy this close
    charts: Mapping[str, Chart]
    results: Mapping[int, CombatResult]
    modifiers: Mapping[str, int]  # the named modifiers the umpire may give (quality, square, intel, ...)
    automatic: tuple[str, ...]  # of those, the ones the program works out itself
    hp_types: tuple[str, ...]  # unit types that keep HP (others neither lose HP nor suffer its effects)
    health: Mapping[int, HealthEffect]
    disruption_combat: tuple[int, ...]  # combat modifier by disruption level (index = level)
    disruption_movement: tuple[float, ...]  # movement multiplier by disruption level
    ranges: Mapping[str, tuple[WeaponRange, ...]]  # unit type -> its weapons
    recovery: Recovery | None = None  # None: HP are never won back
    rally: Rally | None = None  # None: the umpire alone judges where a unit may rally

    @property
    def max_disruption(self) -> int:
        """The highest disruption level (more is capped here)."""
        return len(self.disruption_combat) - 1

    def chart(self, chart_id: str) -> Chart:
        """The chart ``chart_id``; raises KeyError listing the charts."""
        try:
            return self.charts[chart_id]
        except KeyError:
            raise KeyError(f"no combat chart {chart_id!r}; charts: {', '.join(self.charts)}") from None

    def health_effect(self, hp: int) -> HealthEffect | None:
        """The effect of having ``hp`` health points (None: none listed, full strength)."""
        return self.health.get(hp)

    def movement_factor(self, disruption: int) -> float:
        """The movement multiplier at a disruption level (levels above the highest count as the highest)."""
        level = min(max(disruption, 0), len(self.disruption_movement) - 1)
        return self.disruption_movement[level]


@dataclass(frozen=True, slots=True)
class OrderRules:
    """Orders by courier: who carries them, from whom, and the dice of complications and interception."""

    courier_type: str  # couriers ride at this unit type's speed table and road allowance per round
    issued_by: str  # orders start from the nearest unit of this type of the ordering side
    complication_die: int
    complication_at_most: int  # a roll at or below this adds a complication
    interception_die: int
    intercepted_at_most: int  # when the path passes within sight of the enemy: intercepted at or below this
    interception_reach: float  # world units: only enemy units this close to the path (and seeing it) may catch


# --------------------------------------------------------------------------------------------- parsing

_COMBAT_KEYS = ("die", "mirror_attacker_rolls", "out_of_scale", "below_scale", "beyond_effective_max",
                "melee_reach", "hp_types", "charts", "results", "surrender", "modifiers", "automatic", "health",
                "disruption", "ranges", "recovery", "rally")
_CHART_KEYS = ("name", "mirrored", "results", "range", "attackers")
_RESULT_KEYS = ("name", "retreat", "disruption", "hp")
_HEALTH_KEYS = ("modifier", "out_of_control_rounds", "can_attack")
_DISRUPTION_KEYS = ("combat", "movement")
_RANGE_KEYS = ("effective", "maximum")
_ORDER_KEYS = ("courier", "issued_by", "complication_die", "complication_at_most", "interception_die",
               "intercepted_at_most", "interception_reach")


def parse_combat(table: Table, unit_types: Mapping[str, Any], places: tuple[str, ...] = ()) -> CombatRules:
    """Build CombatRules from the ``[combat]`` table. ``unit_types`` are the rule set's type ids (for hp_types
    and ranges), ``places`` its terrain ids and structure kinds (for cover). Raises RuleBookError naming the table and key for anything missing, unknown or out of range."""
    combat = Table(table.source, table.name, table.data, _COMBAT_KEYS)
    die = combat.integer("die", minimum=2)
    mirror = combat.integer("mirror_attacker_rolls", minimum=1)
    if mirror >= die:
        raise combat.error("mirror_attacker_rolls", f"must be below the die's {die} faces, got {mirror}")
    results = _parse_results(combat.table("results"))
    ranges = _parse_ranges(combat.table("ranges"), unit_types)
    charts = _parse_charts(combat.table("charts"), die, results, unit_types, ranges)
    surrender_row = combat.table("surrender", ("name",))
    surrender = CombatResult(0, surrender_row.string("name"), 0.0, 0, 0, surrender=True)
    modifiers_table = combat.table("modifiers")
    modifiers = {key: _signed(modifiers_table, key) for key in modifiers_table.data}
    automatic = _string_list(combat, "automatic")
    for name in automatic:
        if name not in modifiers and name not in ("health", "disruption", "range"):
            raise combat.error("automatic", f"{name!r} is not a modifier; "
                               + suggest(name, [*modifiers, "health", "disruption", "range"], "known"))
    hp_types = _string_list(combat, "hp_types")
    for type_id in hp_types:
        if type_id not in unit_types:
            raise combat.error("hp_types", f"unknown unit type {type_id!r}; " + suggest(type_id, list(unit_types), "unit types"))
    disruption = combat.table("disruption", _DISRUPTION_KEYS)
    disruption_combat = tuple(_signed_list(disruption, "combat"))
    disruption_movement = tuple(_fraction_list(disruption, "movement"))
    if len(disruption_combat) != len(disruption_movement) or not disruption_combat:
        raise disruption.error("movement", "give one value per disruption level (from level 0), as many as combat")
    return CombatRules(
        die=die,
        mirror_attacker_rolls=mirror,
        out_of_scale=combat.integer("out_of_scale", minimum=die + 1),
        below_scale=_signed(combat, "below_scale"),
        surrender_result=surrender,
        beyond_effective_max=combat.integer("beyond_effective_max", minimum=0),
        melee_reach=combat.number("melee_reach"),
        charts=MappingProxyType(charts),
        results=MappingProxyType(results),
        modifiers=MappingProxyType(modifiers),
        automatic=tuple(automatic),
        hp_types=tuple(hp_types),
        health=MappingProxyType(_parse_health(combat.table("health"))),
        disruption_combat=disruption_combat,
        disruption_movement=disruption_movement,
        ranges=MappingProxyType(ranges),
        recovery=_parse_recovery(combat.table("recovery"), unit_types, places) if combat.has("recovery") else None,
        rally=_parse_rally(combat.table("rally"), places) if combat.has("rally") else None,
    )


def parse_orders(table: Table, unit_types: Mapping[str, Any]) -> OrderRules:
    """Build OrderRules from the ``[orders]`` table; raises RuleBookError for unknown unit types or bad dice."""
    orders = Table(table.source, table.name, table.data, _ORDER_KEYS)
    courier = orders.string("courier")
    issued_by = orders.string("issued_by")
    for key, type_id in (("courier", courier), ("issued_by", issued_by)):
        if type_id not in unit_types:
            raise orders.error(key, f"unknown unit type {type_id!r}; " + suggest(type_id, list(unit_types), "unit types"))
    return OrderRules(
        courier_type=courier,
        issued_by=issued_by,
        complication_die=orders.integer("complication_die", minimum=1),
        complication_at_most=orders.integer("complication_at_most"),
        interception_die=orders.integer("interception_die", minimum=1),
        intercepted_at_most=orders.integer("intercepted_at_most"),
        interception_reach=orders.number("interception_reach"),
    )


def _signed(table: Table, key: str) -> int:
    value = table.raw(key, "integer")
    if isinstance(value, bool) or not isinstance(value, int):
        raise table.error(key, f"expected a whole number (may be negative), got {describe_value(value)}")
    return value


def _string_list(table: Table, key: str) -> list[str]:
    value = table.raw(key, "list of names")
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise table.error(key, f"expected a list of names in quotes, got {describe_value(value)}")
    return value


def _signed_list(table: Table, key: str) -> list[int]:
    value = table.raw(key, "list of whole numbers")
    if not isinstance(value, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise table.error(key, f"expected a list of whole numbers, got {describe_value(value)}")
    return value


def _fraction_list(table: Table, key: str) -> list[float]:
    value = table.raw(key, "list of multipliers")
    ok = isinstance(value, list) and all(
        isinstance(v, (int, float)) and not isinstance(v, bool) and 0 <= v <= 1 for v in value)
    if not ok:
        raise table.error(key, f"expected a list of multipliers between 0 and 1, got {describe_value(value)}")
    return [float(v) for v in value]


def _parse_results(table: Table) -> dict[int, CombatResult]:
    results: dict[int, CombatResult] = {}
    for key in table.data:
        if not key.isdigit():
            raise table.error(key, "a result is keyed by its number on the charts (1, 2, ...)")
        row = table.table(key, _RESULT_KEYS)
        results[int(key)] = CombatResult(
            number=int(key),
            name=row.string("name"),
            retreat=row.number("retreat"),
            disruption=row.integer("disruption"),
            hp_loss=row.integer("hp"),
        )
    if not results:
        raise table.whole_table_error("empty; give the results the charts use")
    return results


def _parse_charts(table: Table, die: int, results: Mapping[int, CombatResult], unit_types: Mapping[str, Any],
                  ranges: Mapping[str, tuple[WeaponRange, ...]]) -> dict[str, Chart]:
    charts: dict[str, Chart] = {}
    for chart_id in table.data:
        row = table.table(chart_id, _CHART_KEYS)
        numbers = _signed_list(row, "results")
        if len(numbers) != die:
            raise row.error("results", f"expected one result per face of the d{die}, got {len(numbers)}")
        for n in numbers:
            if n not in results:
                raise row.error("results", f"result {n} is not in [combat.results]; results: "
                                + ", ".join(str(k) for k in sorted(results)))
        range_kind = row.string("range")
        if range_kind not in RANGE_KINDS:
            raise row.error("range", f"unknown range {range_kind!r}; use one of: {', '.join(RANGE_KINDS)}")
        attackers = _chart_attackers(row, range_kind, unit_types, ranges) if row.has("attackers") else None
        charts[chart_id] = Chart(chart_id, row.string("name"), row.boolean("mirrored"), tuple(numbers), range_kind,
                                 attackers)
    if not charts:
        raise table.whole_table_error("empty; give at least one chart")
    return charts


def _chart_attackers(row: Table, range_kind: str, unit_types: Mapping[str, Any],
                     ranges: Mapping[str, tuple[WeaponRange, ...]]) -> tuple[str, ...]:
    """A chart's ``attackers``: known unit types, each once, and on a fire chart each with a weapon range."""
    names = _string_list(row, "attackers")
    if not names:
        raise row.error("attackers", "empty; name the unit types that may attack on this chart, or leave the key "
                        "out for every unit type")
    for type_id in names:
        if type_id not in unit_types:
            raise row.error("attackers", f"unknown unit type {type_id!r}; "
                            + suggest(type_id, list(unit_types), "unit types"))
        if names.count(type_id) > 1:
            raise row.error("attackers", f"{type_id!r} is named twice")
        if range_kind == "fire" and type_id not in ranges:
            raise row.error("attackers", f"{type_id!r} has no weapon in [combat.ranges] and cannot fire on this "
                            f"chart; add [combat.ranges.{type_id}] or drop it")
    return tuple(names)


def _parse_health(table: Table) -> dict[int, HealthEffect]:
    effects: dict[int, HealthEffect] = {}
    for key in table.data:
        if not key.isdigit():
            raise table.error(key, "a row is keyed by the HP it applies to (4, 3, 2, 1)")
        row = table.table(key, _HEALTH_KEYS)
        effects[int(key)] = HealthEffect(
            hp=int(key),
            modifier=_signed(row, "modifier"),
            out_of_control_rounds=row.integer("out_of_control_rounds") if row.has("out_of_control_rounds") else 0,
            can_attack=row.boolean("can_attack") if row.has("can_attack") else True,
        )
    return effects


def _parse_recovery(table: Table, unit_types: Mapping[str, Any], places: tuple[str, ...]) -> Recovery:
    row = Table(table.source, table.name, table.data, ("supply", "supply_reach", "cover", "enemy_clear"))
    supply = row.string("supply")
    if supply not in unit_types:
        raise row.error("supply", f"unknown unit type {supply!r}; " + suggest(supply, list(unit_types), "unit types"))
    return Recovery(supply, row.number("supply_reach"), _cover(row, places), _clear(row))


def _parse_rally(table: Table, places: tuple[str, ...]) -> Rally:
    row = Table(table.source, table.name, table.data, ("cover", "enemy_clear"))
    return Rally(_cover(row, places), _clear(row))


def _cover(row: Table, places: tuple[str, ...]) -> tuple[str, ...]:
    cover = _string_list(row, "cover")
    for place in cover:
        if place not in places:
            raise row.error("cover", f"unknown terrain or structure {place!r}; " + suggest(place, list(places), "known"))
    return tuple(cover)


def _clear(row: Table) -> float:
    clear = row.number("enemy_clear")
    if clear < 0:
        raise row.error("enemy_clear", f"metres with no enemy unit about, 0 or more; got {clear:g}")
    return clear


def _parse_ranges(table: Table, unit_types: Mapping[str, Any]) -> dict[str, tuple[WeaponRange, ...]]:
    ranges: dict[str, tuple[WeaponRange, ...]] = {}
    for type_id in table.data:
        if type_id not in unit_types:
            raise table.error(type_id, "unknown unit type; " + suggest(type_id, list(unit_types), "unit types"))
        weapons = table.table(type_id)
        found = []
        for weapon in weapons.data:
            row = weapons.table(weapon, _RANGE_KEYS)
            effective, maximum = row.number("effective"), row.number("maximum")
            if maximum < effective:
                raise row.error("maximum", f"must be at least the effective range {effective:g}, got {maximum:g}")
            found.append(WeaponRange(weapon, effective, maximum))
        ranges[type_id] = tuple(found)
    return ranges


def combat_tables(book: RuleBook) -> CombatRules | None:
    """The ``[combat]`` tables of a rule book (its reader's result, kept in the book's ``extras``); None for a
    book without them (a house copy that left them out)."""
    return book.extras.get("combat")


def order_tables(book: RuleBook) -> OrderRules | None:
    """The ``[orders]`` tables of a rule book (orders by courier); None: orders are not carried."""
    return book.extras.get("orders")
