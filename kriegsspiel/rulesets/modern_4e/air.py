"""Handlers of the air orders: takeoff, land, dogfight, bomb, pulse, airlift, kamikaze, survey.

Planes take off in their side's air turn from an airfield or a carrier, fly up to their flight range (their
``move``), and must land at an airfield or a carrier within that range of where they are by the end of the air
turn, or crash (docs/rulings.md; the takeoff table: "The distances here are one way: ... it can travel that far and back
to an airport"). Dogfight: both sides roll, range 10. Bomb: like fire. Pulse: 1 in 6 disables every enemy
unit within the radius for two turns. Kamikaze: light fighters sink 1 in 6 else 1..5, heavy 1 in 8 else 1..7;
the plane is lost. Distances are world units.
"""
from __future__ import annotations

from kriegsspiel.core.battlefield import Structure
from kriegsspiel.rulesets.modern_4e.commands import Airlift, Bomb, Dogfight, Kamikaze, Land, Pulse, Survey, Takeoff
from kriegsspiel.rulesets.modern_4e.common import (
    column,
    actor_problems,
    command_row,
    deal_damage,
    disable,
    enemy_target_problem,
    find_target,
    find_units,
    is_aircraft,
    is_ship,
    once_a_turn,
    remove_unit,
    roll,
    structure_named,
    unit_type,
    use,
    whole,
)
from kriegsspiel.rulesets.modern_4e.house import house_rules
from kriegsspiel.rulesets.modern_4e.events import Landed, Outcome, Rolled, TookOff
from kriegsspiel.rulesets.modern_4e.state import airborne, unit_slot
from kriegsspiel.rulesets.modern_4e.land import _air_problems, _verdict, barrage, duel, search
from kriegsspiel.rulesets.modern_4e.naval import _aboard_weight, embark
from kriegsspiel.core.dice import Dice
from kriegsspiel.core.events import Accepted, Event, Rejected
from kriegsspiel.core.geometry import WorldPoint, distance
from kriegsspiel.core.game import Ruling, order_problem, structures_at
from kriegsspiel.core.state import GameState, UnitState


def _plane(state: GameState, unit_id: str) -> UnitState | Rejected:
    found = find_units(state, (unit_id,))
    if isinstance(found, Rejected):
        return found
    unit = found[0]
    if not is_aircraft(state, unit):
        return Rejected(f"{unit.id} ({unit.type_id}) is not an aircraft", forceable=False)
    return unit


def flight_left(state: GameState, unit: UnitState) -> float:
    """What a plane may still fly this turn (world units): its flight range minus what it flew."""
    return state.allowance_left(unit)


def base_here(state: GameState, unit: UnitState) -> str | None:
    """Where a plane on the ground may take off from: "carrier ID" when it is aboard one, "airfield NAME" when it
    stands inside one, else None."""
    if unit.carried_by is not None:
        carrier = state.unit(unit.carried_by)
        if carrier is not None and unit_type(state, carrier).air_capacity > 0:
            return f"carrier {carrier.id}"
    for structure in structures_at(state, unit.position):
        if structure.kind == "airfield":
            return f"airfield {structure.name}"
    return None


def takeoff(state: GameState, command: Takeoff, dice: Dice, forced: bool) -> Accepted | Rejected:
    """A plane on an airfield or a carrier takes off; it must land by the end of its side's air turn. Refused
    (forceable) away from an airfield or carrier, when disabled, or not its side's turn; not forceable for a plane
    already in the air."""
    unit = _plane(state, command.unit)
    if isinstance(unit, Rejected):
        return unit
    if airborne(unit):
        return Rejected(f"{unit.id} is already in the air", forceable=False)
    ruling = Ruling(forced)
    base = base_here(state, unit)
    problems: list[str | None] = [p for p in actor_problems(state, unit) if "aboard" not in p]
    problems += [None if base else f"{unit.id} stands on no airfield or carrier", once_a_turn(state, unit, "takeoff")]
    if refusal := _verdict(ruling, problems):
        return refusal
    flying = use(unit, "takeoff").replace(slot=unit_slot(True), carried_by=None)
    return ruling.accept(state.with_units(flying), [TookOff(unit.id, base or "where it stood (forced)")])


def airfield_side(structure: Structure, state: GameState | None = None) -> str | None:
    """The side an airfield belongs to: the map object's ``side`` property (a built airfield: its builder's
    side), or None for an airfield of no side, where any side's planes may land. With ``state``, a side the
    game does not have (a map shared by scenarios with other sides; ``check`` warns) counts as none."""
    side = structure.properties.get("side")
    side = side.strip() or None if isinstance(side, str) else None
    if state is not None and side not in state.sides:
        return None
    return side


def bases(state: GameState, unit: UnitState) -> list[tuple[str, WorldPoint, str | None]]:
    """Where a plane of ``unit``'s side may land: (name, point, carrier id or None), airfields of its side (or
    of no side) first, then carriers of its side with room for its weight (docs/rulings.md 2026-11: "its own side's
    airfield ... or carrier"). The point is where it parks: an airfield's centre."""
    found: list[tuple[str, WorldPoint, str | None]] = []
    for structure in state.battlefield.structures:
        if structure.kind == "airfield" and airfield_side(structure, state) in (None, unit.side):
            found.append((structure.name, structure.centre, None))
    weight = unit_type(state, unit).weight or 0
    for ship in state.units.values():
        capacity = unit_type(state, ship).air_capacity
        if ship.side == unit.side and is_ship(state, ship) and capacity > 0:
            if _aboard_weight(state, ship.id, "air") + weight <= capacity:
                found.append((ship.id, ship.position, ship.id))
    return found


def reach_point(state: GameState, base: str, point: WorldPoint, origin: WorldPoint) -> WorldPoint:
    """The point of base ``base`` nearest ``origin`` (world units): of an airfield its area (a polygon, or the
    map tile of an airfield drawn as a point; ``origin`` itself when inside), of a carrier where it stands."""
    structure = next((s for s in state.battlefield.structures if s.kind == "airfield" and s.name == base), None)
    if structure is None:
        return point
    outline = structure.outline
    if len(outline) >= 3:
        if structure in structures_at(state, origin):
            return origin
        edges = zip(outline, outline[1:] + outline[:1])
        return min((_nearest_on_segment(a, b, origin) for a, b in edges), key=lambda p: distance(p, origin))
    grid = state.battlefield.grid
    cell = grid.cell_at(outline[0])
    if cell is None or grid.orientation != "orthogonal":
        return outline[0]
    w, h = grid.tile_width_px * grid.world_per_px, grid.tile_height_px * grid.world_per_px
    x0, y0 = cell[0] * w, cell[1] * h
    return WorldPoint(min(max(origin.x, x0), x0 + w), min(max(origin.y, y0), y0 + h))


def _nearest_on_segment(a: WorldPoint, b: WorldPoint, p: WorldPoint) -> WorldPoint:
    dx, dy = b.x - a.x, b.y - a.y
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2))
    return WorldPoint(a.x + t * dx, a.y + t * dy)


def land(state: GameState, command: Land, dice: Dice, forced: bool) -> Accepted | Rejected:
    """A plane in the air lands at the named airfield or carrier, or the nearest one, when the nearest point of
    the airfield's area (or the carrier) lies within the flight it has left this turn (docs/rulings.md 2026-11); it
    parks at the airfield's centre. Refused (forceable) when the base is beyond that or the carrier is full; not
    forceable for a plane on the ground or a base that does not exist. Landing spends what is left of its
    flight for the turn."""
    unit = _plane(state, command.unit)
    if isinstance(unit, Rejected):
        return unit
    if not airborne(unit):
        return Rejected(f"{unit.id} is not in the air", forceable=False)
    ruling = Ruling(forced)
    flight_range = float(unit_type(state, unit).move)
    choices = bases(state, unit)
    if command.base is not None:
        chosen = [b for b in choices if b[0] == command.base]
        if not chosen:
            named = state.unit(command.base) or structure_named(state, command.base)
            if named is None or isinstance(named, Rejected):
                return Rejected(f"there is no airfield or carrier {command.base!r}", forceable=False)
            if isinstance(named, UnitState) and named.side == unit.side and is_ship(state, named) \
                    and unit_type(state, named).air_capacity > 0:
                problem = f"{named.id} has no room for {unit.id}"
                if refusal := ruling.refuse(problem):
                    return refusal
                chosen = [(named.id, named.position, named.id)]
            elif isinstance(named, Structure) and named.kind == "airfield":
                problem = (f"{named.name} is {airfield_side(named, state)}'s airfield; a plane lands only at its own "
                           "side's airfields or carriers")
                if refusal := ruling.refuse(problem):
                    return refusal
                chosen = [(named.name, named.centre, None)]
            elif isinstance(named, Structure):
                return Rejected(f"{command.base} is a {named.kind}, not an airfield", forceable=False)
            else:
                return Rejected(f"{command.base} is not a carrier of {unit.side}", forceable=False)
        name, point, carrier = chosen[0]
    else:
        if not choices:
            return Rejected(f"{unit.side} has no airfield or carrier to land on", forceable=False)
        name, point, carrier = min(
            choices, key=lambda b: distance(unit.position, reach_point(state, b[0], b[1], unit.position)))
    d = distance(unit.position, reach_point(state, name, point, unit.position))
    left = flight_left(state, unit)
    problems = [order_problem(state, unit),
                f"{name} is {d:.1f} from {unit.id}; it lands within the {left:.1f} of flight it has left".replace(
                    ".0 of", " of") if d > left + 1e-9 else None]
    if refusal := _verdict(ruling, problems):
        return refusal
    landed = unit.replace(slot=unit_slot(False), position=point, carried_by=carrier,
                          movement_used=max(unit.movement_used, flight_range), moved_this_turn=True)
    passengers = [p.replace(position=point) for p in state.units.values() if p.carried_by == unit.id]
    return ruling.accept(state.with_units(landed, *passengers), [Landed(unit.id, name, point)])


def _dogfight_actor(state: GameState, unit: UnitState) -> Rejected | list[str]:
    if not is_aircraft(state, unit):
        return Rejected(f"{unit.id} is not an aircraft; units on the ground attack", forceable=False)
    return _air_problems(state, unit) + [once_a_turn(state, unit, "dogfight") or ""]


def _dogfight_target(state: GameState, actor: UnitState, target: UnitState) -> str | None:
    # Every side's planes land by the end of its own air turn, so in the other side's air turn they are all on
    # the ground: with the house rule dogfight_engages_grounded a dogfight engages them there (they scramble and
    # fight back); without it only planes in the air may be engaged.
    if not is_aircraft(state, target):
        return f"{target.id} is not an aircraft; dogfights are between planes"
    if state.setup.air_theatre and not airborne(target) and not house_rules(state.ruleset).dogfight_engages_grounded:
        return f"{target.id} is on the ground; a dogfight engages planes in the air (house rule dogfight_engages_grounded)"
    return None


def dogfight(state: GameState, command: Dogfight, dice: Dice, forced: bool) -> Accepted | Rejected:
    """Planes in the air against enemy planes within the dogfight range: both sides roll (dogfight table) and the
    difference hits the lower side, spread evenly. Planes on the ground may be engaged only with the house rule
    ``dogfight_engages_grounded`` (each side's planes have landed by the end of its own air turn; those on the
    ground scramble and fight back). Once a turn per plane (``once_a_turn``); refused (forceable) out of range,
    for attacking planes on the ground."""
    return duel(state, "dogfight", command.units, command.targets, dice, forced,
                target_check=_dogfight_target, actor_check=_dogfight_actor, ends_turn=False)


def bomb(state: GameState, command: Bomb, dice: Dice, forced: bool) -> Accepted | Rejected:
    """Bomb units or structures within the bomb range: the roll (times size) is spread over the targets.
    Refused (forceable) out of range, after firing this turn, for a plane on the ground."""
    found = _plane(state, command.unit)
    if isinstance(found, Rejected):
        return found
    return barrage(state, "bomb", (command.unit,), command.targets, dice, forced, actor_check=_air_problems)


def pulse(state: GameState, command: Pulse, dice: Dice, forced: bool) -> Accepted | Rejected:
    """An electromagnetic pulse around the plane: 1 in ``disable_one_in`` disables every enemy unit within the
    radius for ``disable_rounds`` turns; no damage. Named targets must be within the radius (forceable). Once a
    turn; a plane on the ground cannot drop it."""
    unit = _plane(state, command.unit)
    if isinstance(unit, Rejected):
        return unit
    row = command_row(state, unit, "pulse")
    if isinstance(row, Rejected):
        return row
    ruling = Ruling(forced)
    radius = float(column(state, row, "pulse", "radius"))
    named = []
    for token in command.targets:
        target = find_target(state, token, structures=False)
        if isinstance(target, Rejected):
            return target
        if refusal := enemy_target_problem(state, unit, target):
            return refusal
        named.append(target)
    problems = actor_problems(state, unit) + _air_problems(state, unit) + [once_a_turn(state, unit, "pulse")]
    problems += [
        f"{t.id} is {distance(t.position, unit.position):.1f} from {unit.id}; the pulse reaches {radius:g}"
        for t in named if distance(t.position, unit.position) > radius + 1e-9
    ]
    if refusal := _verdict(ruling, problems):
        return refusal
    odds = int(column(state, row, "pulse", "disable_one_in"))
    value = dice.roll(odds)
    events: list[Event] = [Rolled(unit.id, f"pulse (1 disables, of {odds})", odds, value, float(value))]
    state = state.with_units(use(unit, "pulse"))
    victims = [u for u in state.units.values()
               if u.side != unit.side and u.carried_by is None and distance(u.position, unit.position) <= radius + 1e-9]
    inside = {v.id for v in victims}
    # forced: the umpire's named targets too, in the order named (a set's order would differ on replay)
    victims += [state.units[i] for i in dict.fromkeys(t.id for t in named) if i not in inside and i in state.units]
    if value != 1:
        events.append(Outcome("pulse", "no effect"))
        return ruling.accept(state, events)
    events.append(Outcome("pulse", "disabled: " + (", ".join(v.id for v in victims) or "no enemy unit in the radius")))
    for victim in victims:
        state, disabled = disable(state, victim.id, int(column(state, row, "pulse", "disable_rounds")))
        events.extend(disabled)
    return ruling.accept(state, events)


def airlift(state: GameState, command: Airlift, dice: Dice, forced: bool) -> Accepted | Rejected:
    """Land units go aboard a plane on the ground within the load reach, up to its airlift capacity (by
    weight); they fly with it and leave with ``disembark``. Refused (forceable) out of reach or over capacity;
    not forceable for planes without an airlift row or units that cannot be carried."""
    plane = _plane(state, command.unit)
    if isinstance(plane, Rejected):
        return plane
    row = command_row(state, plane, "airlift")
    if isinstance(row, Rejected):
        return row
    units = find_units(state, command.units)
    if isinstance(units, Rejected):
        return units
    ruling = Ruling(forced)
    problems: list[str | None] = [*actor_problems(state, plane)]
    problems.append(f"{plane.id} is in the air; units board a plane on the ground" if airborne(plane) else None)
    return embark(state, units, plane, int(column(state, row, "airlift", "capacity")), ruling, problems)


def kamikaze(state: GameState, command: Kamikaze, dice: Dice, forced: bool) -> Accepted | Rejected:
    """A fighter flies into a ship within the flight it has left: 1 in ``sink_one_in`` sinks it, else
    1..damage times the plane's size. The plane is lost either way. Refused (forceable) out of reach, for a plane
    on the ground or a target that is not a ship."""
    unit = _plane(state, command.unit)
    if isinstance(unit, Rejected):
        return unit
    target = find_target(state, command.target, structures=False)
    if isinstance(target, Rejected):
        return target
    if refusal := enemy_target_problem(state, unit, target):
        return refusal
    row = command_row(state, unit, "kamikaze")
    if isinstance(row, Rejected):
        return row
    ruling = Ruling(forced)
    left = flight_left(state, unit)
    d = distance(unit.position, target.position)
    problems = actor_problems(state, unit) + _air_problems(state, unit) + [
        None if is_ship(state, target) else f"{target.id} is not a ship; kamikaze is against ships",
        f"{target.id} is {d:.1f} from {unit.id}; it has {left:.1f} of flight left" if d > left + 1e-9 else None,
    ]
    if refusal := _verdict(ruling, problems):
        return refusal
    odds = int(column(state, row, "kamikaze", "sink_one_in"))
    value = dice.roll(odds)
    events: list[Event] = [Rolled(unit.id, f"kamikaze (1 sinks, of {odds})", odds, value, float(value))]
    state, gone = remove_unit(state, unit.id, f"crashed into {target.id} (kamikaze)")
    if value == 1:
        events.append(Outcome("kamikaze", f"{target.id} is sunk"))
        state, sunk = remove_unit(state, target.id, "sunk by kamikaze")
        return ruling.accept(state, events + gone + sunk)
    strength, rolled = roll(dice, unit, int(column(state, row, "kamikaze", "damage")), "kamikaze damage")
    amount = whole(strength)
    events += [rolled, Outcome("kamikaze", f"{target.id} takes {amount}")]
    state, dealt = deal_damage(state, target, amount, "sunk")
    return ruling.accept(state, events + gone + dealt)


def survey(state: GameState, command: Survey, dice: Dice, forced: bool) -> Accepted | Rejected:
    """Survey: like spy, over the plane's flight range (house rule); the plane must be in the air."""
    unit = _plane(state, command.unit)
    if isinstance(unit, Rejected):
        return unit
    return search(state, "survey", command.unit, dice, forced, _air_problems)


def crash_airborne(state: GameState, side: str) -> tuple[GameState, list[Event]]:
    """The end of ``side``'s air turn: its planes still in the air crash, with what they carry."""
    events: list[Event] = []
    for unit in list(state.units.values()):
        if unit.side == side and airborne(unit) and state.unit(unit.id) is not None:
            state, gone = remove_unit(state, unit.id, "crashed: still in the air at the end of the air turn")
            events.extend(gone)
    return state, events


