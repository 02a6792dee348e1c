"""Manual pages of the combat orders (land, sea, air), read from the rule set in play.

Importing this module adds them to ``manual.PAGES`` (``manual`` imports it). Who may use a command, its range
and its odds come from the command's table in the rule set given, so ``man fire`` tells the truth of the table.
"""
from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from kriegsspiel.core.manual import ManPage, fixed_text
from kriegsspiel.core.ruleset import RuleBook, UnitType

_NONE = fixed_text("-")


def _who(command: str, fallback: str) -> Callable[[RuleBook | None], str]:
    def who(ruleset: RuleBook | None) -> str:
        if ruleset is None:
            return fallback
        users = ruleset.command_users(command)
        return ", ".join(users) if users else "no unit type of this rule set"

    return who


def _column(command: str, fallback: str, *, key: str = "range", text: str = "{}") -> Callable[[RuleBook | None], str]:
    """Each user's value of ``key`` (``range``, ``damage`` or an extra column) in one line."""

    def column(ruleset: RuleBook | None) -> str:
        if ruleset is None or not ruleset.command_users(command):
            return fallback
        groups: dict[str, list[str]] = {}
        for type_id, stats in ruleset.command_users(command).items():
            value = getattr(stats, key) if key in ("range", "damage") else stats.extra.get(key)
            if value is not None:
                groups.setdefault(f"{float(value):g}", []).append(type_id)
        return text.format(_grouped(groups)) if groups else fallback

    return column


def _grouped(groups: dict[str, list[str]]) -> str:
    """``{"3": [a, b]}`` as "3 (a, b)" when one value covers every type, else "a, b 3; c 5"."""
    if len(groups) == 1:
        return next(iter(groups))
    return "; ".join(f"{', '.join(types)} {value}" for value, types in groups.items())


def _dice(command: str, fallback: str, suffix: str = "") -> Callable[[RuleBook | None], str]:
    def odds(ruleset: RuleBook | None) -> str:
        if ruleset is None or not ruleset.command_users(command):
            return fallback
        parts = [f"{t} d{s.damage}" for t, s in ruleset.command_users(command).items() if s.damage]
        return "a roll uniform 1..maximum, times the unit's size: " + ", ".join(parts) + suffix

    return odds


def _constants(text: str, *keys: str) -> Callable[[RuleBook | None], str]:
    def value(ruleset: RuleBook | None) -> str:
        if ruleset is None or not all(k in ruleset.constants for k in keys):
            return text.format(*(f"the rule set's {k}" for k in keys))
        return text.format(*(f"{ruleset.constants[k]:g}" for k in keys))

    return value


def _nuke_rings(ruleset: RuleBook | None) -> str:
    """The nuke's rings: destroyed within the first, a share of the full damage within the other two."""
    keys = ("nuke_destroy_radius", "nuke_half_share", "nuke_half_radius", "nuke_quarter_share", "nuke_quarter_radius")
    if ruleset is None or not all(k in ruleset.constants for k in keys):
        return "destroyed within the rule set's nuke_destroy_radius, a share of the full damage within its " \
               "nuke_half_radius and nuke_quarter_radius"
    destroy, half_share, half, quarter_share, quarter = (ruleset.constants[k] for k in keys)
    return (f"destroyed within {destroy:g}, {_share(half_share)} of the full damage within {half:g}, "
            f"{_share(quarter_share)} within {quarter:g}")


def _built_health(ruleset: RuleBook | None) -> str:
    """The health a built structure gets: its kind's ``max_health`` (the build table)."""
    if ruleset is None:
        return "health: the build table's (fortification 4, building 4, bridge 6, road 8, port 4, airfield 6)"
    kinds = [f"{k} {s.max_health}" for k, s in ruleset.structures.items() if s.max_health is not None]
    return "health: " + ", ".join(kinds)


def _share(value: float) -> str:
    """A share of the damage as a fraction, 0.25 as "1/4"."""
    share = Fraction(value).limit_denominator(100)
    return f"{share.numerator}/{share.denominator}" if share.denominator != 1 else f"{share.numerator}"


def _one_in(command: str, key: str, text: str, fallback: str) -> Callable[[RuleBook | None], str]:
    def odds(ruleset: RuleBook | None) -> str:
        if ruleset is None or not ruleset.command_users(command):
            return fallback
        groups: dict[str, list[str]] = {}
        for type_id, stats in ruleset.command_users(command).items():
            groups.setdefault(text.format(n=stats.extra.get(key), d=stats.damage,
                                          r=stats.extra.get("disable_rounds"), **stats.extra), []).append(type_id)
        if len(groups) == 1:
            return next(iter(groups))
        return "; ".join(f"{', '.join(types)}: {value}" for value, types in groups.items())

    return odds


def _board_odds(ruleset: RuleBook | None) -> str:
    keys = ("board_seize_in_6", "board_sink_in_6", "board_disable_in_6", "board_damage_in_6")
    if ruleset is None or not all(k in ruleset.constants for k in keys):
        return ("seize, sink, disable or damage, by the rule set's board_seize_in_6, board_sink_in_6, "
                "board_disable_in_6 and board_damage_in_6 (house rule)")
    seize, sink, disable, damage = (int(ruleset.constants[k]) for k in keys)
    total = seize + sink + disable + damage
    return (f"one d{total} (house rule): seize {seize} in {total} (units aboard are captured), sink {sink} in {total}, "
            f"disable {disable} in {total}, damage {damage} in {total} (1..effectiveness times size: "
            + _column("board", "the board table", key="damage")(ruleset) + ")")


def _spy_odds(command: str) -> Callable[[RuleBook | None], str]:
    def odds(ruleset: RuleBook | None) -> str:
        found = "with the odds of the rule set's reveal_one_in"
        if ruleset is not None and ruleset.command_users(command):
            found = _one_in(command, "reveal_one_in", "1 in {n}", found)(ruleset)
        return (f"each hidden enemy unit within reach is found and exposed {found}; the report is false "
                "(nothing is exposed) 1 in the scenario's fog_of_war (never without fog)")

    return odds


def _by_type(value_of: Callable[[UnitType], float | int | None], theatres: tuple[str, ...], fallback: str,
             text: str = "{}") -> Callable[[RuleBook | None], str]:
    """A unit-type attribute (weight, capacity, flight range) of the types of ``theatres`` that have one, grouped
    by value: "infantry, engineers 1; cavalry 4"."""

    def column(ruleset: RuleBook | None) -> str:
        if ruleset is None:
            return fallback
        groups: dict[str, list[str]] = {}
        for type_id, unit_type in ruleset.unit_types.items():
            value = value_of(unit_type)
            if unit_type.theatre in theatres and value:
                groups.setdefault(f"{float(value):g}", []).append(type_id)
        return text.format(_grouped(groups)) if groups else fallback

    return column


_LAND_WEIGHTS = _by_type(lambda u: u.weight, ("army",), "the load table's weights", "weight: {}")
_AIR_WEIGHTS = _by_type(lambda u: u.weight, ("air",), "the load table's weights", "weight: {}")
_LAND_CAPACITY = _by_type(lambda u: u.land_capacity, ("navy",), "the load table", "land capacity: {}")
_AIR_CAPACITY = _by_type(lambda u: u.air_capacity, ("navy",), "the load table", "air capacity: {}")
_FLIGHT_RANGE = _by_type(lambda u: u.move, ("air",), "the takeoff table's ranges", "flight range: {}")


def _joined(*parts: Callable[[RuleBook | None], str], sep: str = "; ") -> Callable[[RuleBook | None], str]:
    return lambda ruleset: sep.join(part(ruleset) for part in parts)


PAGES: tuple[ManPage, ...] = (
    ManPage(
        "attack", "attack UNIT ... > TARGET ...",
        "Attack enemy units close by; both sides roll. The attackers roll their attack table, the defenders their "
        "ordinary attack. The difference "
        "of the sums is dealt to the lower side, spread evenly over its units (remainder to the first named); a "
        "tie deals nothing. Every attacker must stand within the attack distance of a target. Attacking ends the "
        "attackers' turn. Planes fight with dogfight. A unit in a fortification is shielded: the fortification "
        "takes the damage first (house rule fortification_shields).",
        _who("attack", "units with an attack row, not aircraft"),
        _constants("every attacker within {} of at least one target, and every target within it of an attacker",
                   "attack_distance"),
        _dice("attack", "a roll 1..the attack table's maximum, times the unit's size, on each side"),
    ),
    ManPage(
        "fire", "fire UNIT ... > TARGET ...",
        "One-sided fire at units or structures: the firers' rolls add up and are spread evenly over the "
        "targets. Each target within each firer's range. Once a turn; artillery cannot move and fire; a hidden "
        "firer is revealed.",
        _who("fire", "artillery, cavalry, corvettes, cruisers, destroyers, battleships"),
        _column("fire", "the fire table's ranges"),
        _dice("fire", "a roll 1..the fire table's maximum, times the unit's size"),
    ),
    ManPage(
        "spy", "spy UNIT",
        "Search for hidden enemy units around the unit; those found are exposed. Once a turn.",
        _who("spy", "infantry, mechanized infantry, engineers"),
        _column("spy", "the spy radius", text="{} around the unit"),
        _spy_odds("spy"),
    ),
    ManPage(
        "build", "build UNIT > KIND NAME",
        "Build a structure where the unit stands, called NAME, with the build table's health whatever the "
        "builder's size. A fortification shields the land units in it (house rule fortification_shields); a "
        "built road gives road speed and a built bridge lets land units cross water. Building takes the unit's "
        "whole turn (house rule build_takes_turn).",
        _who("build", "infantry, mechanized infantry, special forces, engineers"),
        fixed_text("where the unit stands"),
        _built_health,
    ),
    ManPage(
        "missile", "missile UNIT > TARGET",
        "Fire a missile at one unit or structure. A target that can fire missiles defends with its own roll and "
        "only the difference hits; any other target takes the whole roll. Planes fire in the air turn.",
        _who("missile", "destroyers, missile submarines, fighters, bombers"),
        _column("missile", "the missile table's ranges"),
        _dice("missile", "a roll 1..the missile table's maximum, times size", "; the defender rolls its own"),
    ),
    ManPage(
        "torpedo", "torpedo UNIT > SHIP",
        "A submarine torpedoes a ship: sunk at once, or damaged. The submarine is revealed.",
        _who("torpedo", "submarines"),
        _column("torpedo", "the torpedo range"),
        _one_in("torpedo", "sink_one_in", "sinks 1 in {n}, else 1..{d} damage",
                "sinks 1 in the torpedo table's sink_one_in, else 1..its damage"),
    ),
    ManPage(
        "sortie", "sortie CARRIER > SHIP",
        "A carrier launches planes at a ship; the ship answers with its air defence and the difference, if "
        "positive, hits. Patrol boats have no air defence.",
        _who("sortie", "carriers"),
        _column("sortie", "the sortie range"),
        lambda r: _dice("sortie", "sortie roll against air defence roll")(r) + "; air defence: "
        + _column("air-defence", "the air-defence table", key="damage")(r),
    ),
    ManPage(
        "depthcharge", "depthcharge SHIP > SUBMARINE",
        "Drop depth charges on a submarine nearby: it may be sunk or disabled for a turn. Once a turn.",
        _who("depthcharge", "all ships except patrol boats"),
        _column("depthcharge", "the depth charge reach"),
        _one_in("depthcharge", "sink_one_in",
                "sinks 1 in {n}, a further 1 in {disable_one_in} disables for {r} round(s), else a miss",
                "sinks 1 in the table's sink_one_in, a further 1 in its disable_one_in disables, else a miss"),
    ),
    ManPage(
        "board", "board SHIP > SHIP",
        "Board a surface ship close by: seize it (it changes sides), sink it, disable it for a turn or damage "
        "it. Once a turn.",
        _who("board", "ships with a board row"),
        _column("board", "the board reach"),
        _board_odds,
    ),
    ManPage(
        "nuke", "nuke UNIT > TARGET|X,Y",
        "Launch a nuclear warhead at a unit, a structure or a point. Units and structures near the aim point "
        "are destroyed, those farther out take half or a quarter of the full damage. Warheads per side come from "
        "the scenario. No dice.",
        _who("nuke", "missile submarines, stealth bombers"),
        lambda r: _column("nuke", "the nuke table's launch distance", text="launch distance: {}")(r) + "; "
        + _nuke_rings(r),
        _column("nuke", "the nuke table's damage", key="damage", text="full damage: {}"),
    ),
    ManPage(
        "load", "load UNIT ... > SHIP",
        "Land units go aboard a ship of their side, up to its land capacity by weight. They move with the ship, "
        "are lost with it, and leave it with disembark. Their movement ends for the turn.",
        lambda r: f"land units, by {_LAND_WEIGHTS(r)}; onto ships, by {_LAND_CAPACITY(r)}",
        _constants("within {} of the ship (the attack distance)", "attack_distance"),
        _NONE,
    ),
    ManPage(
        "disembark", "disembark UNIT > X,Y",
        "A unit aboard a ship or plane goes ashore at X,Y next to it, on terrain it may enter; its movement ends "
        "for the turn. A ship lands units only at a port, unless its type lands them anywhere. From a plane in "
        "the air it is a drop in the air turn.",
        fixed_text("units aboard a ship or plane"),
        lambda r: _constants("within {} of the carrier (the attack distance); a ship within {} of a port",
                             "attack_distance", "attack_distance")(r) + "; anywhere from: " + (
            ", ".join(k for k, u in r.unit_types.items() if u.disembarks_anywhere) or "no ship type"
            if r is not None else "the ships whose type disembarks_anywhere"),
        _NONE,
    ),
    ManPage(
        "takeoff", "takeoff PLANE",
        "A plane on an airfield or a carrier takes off in its side's air turn (which comes before the side's "
        "other orders when the scenario has an air theatre).",
        fixed_text("aircraft on an airfield or a carrier of their side"),
        _joined(_FLIGHT_RANGE, fixed_text("one way: the plane may fly that far and as far back to land")),
        _NONE,
    ),
    ManPage(
        "land", "land PLANE [> AIRFIELD|CARRIER]",
        "A plane in the air lands at the named airfield or carrier of its side (default: the nearest) within its "
        "flight range of where it is (the range is one way). A carrier takes planes up to its air capacity by "
        "weight. A plane still in the air when the air turn ends (the side's first other order, or turn) crashes.",
        fixed_text("aircraft in the air"),
        _joined(_FLIGHT_RANGE, _AIR_CAPACITY, _AIR_WEIGHTS),
        _NONE,
    ),
    ManPage(
        "dogfight", "dogfight PLANE ... > PLANE ...",
        "Planes in the air fight enemy planes, like attack: both sides roll and the difference hits the lower "
        "side. Enemy planes on the ground (every side's planes land by the end of its own air turn) scramble and "
        "fight back (house rule dogfight_engages_grounded). Once a turn (house rule once_a_turn).",
        _who("dogfight", "aircraft"),
        _column("dogfight", "the dogfight range"),
        _dice("dogfight", "a roll 1..the dogfight table's maximum, times size, on each side"),
    ),
    ManPage(
        "bomb", "bomb PLANE > TARGET ...",
        "Bomb units or structures within range, like fire: the roll is spread over the targets.",
        _who("bomb", "bombers, stealth bombers, drones"),
        _column("bomb", "the bomb table's ranges"),
        _dice("bomb", "a roll 1..the bomb table's maximum, times size"),
    ),
    ManPage(
        "pulse", "pulse PLANE [> TARGET ...]",
        "An electromagnetic pulse around the plane: when it works, every enemy unit within the radius is "
        "disabled (no damage). Named targets must be within the radius. Once a turn.",
        _who("pulse", "bombers, stealth bombers, drones"),
        _column("pulse", "the pulse radius table", key="radius", text="radius: {}"),
        _one_in("pulse", "disable_one_in", "disables 1 in {n} for {r} turns",
                "disables 1 in the pulse table's disable_one_in for its disable_rounds"),
    ),
    ManPage(
        "airlift", "airlift PLANE > UNIT ...",
        "Land units go aboard a plane on the ground, up to its airlift capacity by weight; they fly with it and "
        "leave with disembark.",
        lambda r: f"{_who('airlift', 'transports, bombers')(r)}; they carry land units by {_LAND_WEIGHTS(r)}",
        lambda r: _constants("within {} of the plane (the attack distance)", "attack_distance")(r) + "; "
        + _column("airlift", "the airlift table", key="capacity", text="capacity: {}")(r),
        _NONE,
    ),
    ManPage(
        "kamikaze", "kamikaze PLANE > SHIP",
        "A fighter flies into a ship within the flight it has left: the ship may sink at once, else takes "
        "damage. The plane is lost.",
        _who("kamikaze", "fighters"),
        fixed_text("the plane's flight range left"),
        _one_in("kamikaze", "sink_one_in", "sinks 1 in {n}, else 1..{d} times size",
                "sinks 1 in the kamikaze table's sink_one_in, else 1..its damage times size"),
    ),
    ManPage(
        "survey", "survey PLANE",
        "Search from the air for hidden enemy units, like spy, over the plane's flight range. Once a turn.",
        _who("survey", "reconnaissance planes, drones"),
        _column("survey", "the flight range", text="{} around the plane (its flight range)"),
        _spy_odds("survey"),
    ),
)

#: command -> whether it has a use under a rule set (the carrying and flying orders need such unit types)
APPLIES: dict[str, Callable[[RuleBook], bool]] = {
    "load": lambda r: any(t.land_capacity or t.air_capacity for t in r.unit_types.values()),
    "disembark": lambda r: any(t.land_capacity or t.air_capacity for t in r.unit_types.values()),
    "takeoff": lambda r: any(t.theatre == "air" for t in r.unit_types.values()),
    "land": lambda r: any(t.theatre == "air" for t in r.unit_types.values()),
    "airlift": lambda r: any(t.theatre == "air" for t in r.unit_types.values()),
}
