"""Handlers of the naval orders: torpedo, sortie, depthcharge, board, nuke, load, disembark.

Numbers come from the command tables and docs/rulings.md: torpedo 1 in 6 sinks, else 1..5 damage (range 10);
sortie against the target's air defence, the difference hits; depth charge 1 in 6 sinks, a further 1 in 6
disables one turn, else a miss (reach 3); board (house rule) seize 1, sink 1, disable 2, damage 2 in 6 (reach 3);
nuke: destroyed within 2 of the aim point, half damage within 7, a quarter within 15. Units aboard move with
their ship and are lost with it. Distances are world units; weights and capacities are the load tables'.
"""
from __future__ import annotations

import math

from kriegsspiel.rulesets.modern_4e.commands import Board, DepthCharge, Disembark, Load, Nuke, Sortie, Torpedo
from kriegsspiel.rulesets.modern_4e.common import (
    column,
    actor_problems,
    command_row,
    deal_damage,
    disable,
    enemy_target_problem,
    find_target,
    find_units,
    fire_problems,
    is_aircraft,
    is_ship,
    is_submarine,
    name_of,
    once_a_turn,
    position_of,
    reach_of,
    remove_unit,
    reveal,
    roll,
    structure_health,
    Target,
    unit_type,
    use,
    whole,
)
from kriegsspiel.rulesets.modern_4e.events import Loaded, Outcome, Rolled, Seized, Unloaded, WarheadUsed
from kriegsspiel.rulesets.modern_4e.state import airborne, warheads_left, with_warheads
from kriegsspiel.rulesets.modern_4e.land import _air_problems, _far, _verdict
from kriegsspiel.core.dice import Dice
from kriegsspiel.core.events import Accepted, Event, Rejected
from kriegsspiel.core.geometry import distance, format_point
from kriegsspiel.core.game import Ruling, order_problem, rule_number, structures_at
from kriegsspiel.core.movement import speed_field
from kriegsspiel.core.state import GameState, UnitState


def _ship_duel_setup(state: GameState, unit_id: str, target_id: str, command_word: str,
                     forced: bool) -> tuple[Ruling, UnitState, UnitState, float] | Rejected:
    """The actor, its target ship and the reach of ``command_word``; refusals that are never forceable."""
    found = find_units(state, (unit_id,))
    if isinstance(found, Rejected):
        return found
    unit = found[0]
    target = find_target(state, target_id, structures=False)
    if isinstance(target, Rejected):
        return target
    if refusal := enemy_target_problem(state, unit, target):
        return refusal
    row = command_row(state, unit, command_word)
    if isinstance(row, Rejected):
        return row
    return Ruling(forced), unit, target, reach_of(state, row, command_word)


def torpedo(state: GameState, command: Torpedo, dice: Dice, forced: bool) -> Accepted | Rejected:
    """Torpedo a ship within the torpedo range: 1 in the row's ``sink_one_in`` sinks it at once, else 1..damage.
    Refused (forceable) out of range, after firing this turn, for a target that is not a ship; the submarine is
    revealed."""
    setup = _ship_duel_setup(state, command.unit, command.target, "torpedo", forced)
    if isinstance(setup, Rejected):
        return setup
    ruling, unit, target, reach = setup
    row = unit_type(state, unit).commands["torpedo"]
    problems = actor_problems(state, unit) + fire_problems(state, unit) + [_far(unit, target, reach, "the torpedo")]
    problems.append(None if is_ship(state, target) else f"{target.id} is not a ship; torpedoes hit ships")
    if refusal := _verdict(ruling, problems):
        return refusal
    events: list[Event] = []
    sink_odds = int(column(state, row, "torpedo", "sink_one_in"))
    sink_roll = dice.roll(sink_odds)
    events.append(Rolled(unit.id, f"torpedo (1 sinks, of {sink_odds})", sink_odds, sink_roll, float(sink_roll)))
    state = state.with_units(unit.replace(fired_this_turn=True))
    state, shown = reveal(state, [unit.id], "fired (torpedo)")
    events.extend(shown)
    if sink_roll == 1:
        events.append(Outcome("torpedo", f"{target.id} is sunk"))
        state, gone = remove_unit(state, target.id, "sunk by torpedo")
        return ruling.accept(state, events + gone)
    most = int(column(state, row, "torpedo", "damage"))
    damage = dice.roll(most)
    events.append(Rolled(unit.id, "torpedo damage", most, damage, float(damage)))
    events.append(Outcome("torpedo", f"{target.id} takes {damage}"))
    state, dealt = deal_damage(state, target, damage, "sunk")
    return ruling.accept(state, events + dealt)


def sortie(state: GameState, command: Sortie, dice: Dice, forced: bool) -> Accepted | Rejected:
    """Sortie against a ship within the sortie range: the carrier's roll minus the target's air defence roll
    (none for patrol boats), if positive, hits. Refused (forceable) out of range, after firing this turn, for a
    target that is not a ship."""
    setup = _ship_duel_setup(state, command.unit, command.target, "sortie", forced)
    if isinstance(setup, Rejected):
        return setup
    ruling, unit, target, reach = setup
    row = unit_type(state, unit).commands["sortie"]
    problems = actor_problems(state, unit) + fire_problems(state, unit) + [_far(unit, target, reach, "the sortie")]
    problems.append(None if is_ship(state, target) else f"{target.id} is not a ship; sorties hit ships")
    if refusal := _verdict(ruling, problems):
        return refusal
    strength, rolled = roll(dice, unit, int(column(state, row, "sortie", "damage")), "sortie")
    events: list[Event] = [rolled]
    defence = 0.0
    air_defence = unit_type(state, target).commands.get("air-defence")
    if air_defence is not None and air_defence.damage:
        defence, rolled = roll(dice, target, air_defence.damage, "air defence")
        events.append(rolled)
    amount = whole(max(0.0, strength - defence))
    events.append(Outcome("sortie", f"{target.id} takes {amount}" if amount else "repelled by the air defence"))
    state = state.with_units(unit.replace(fired_this_turn=True))
    state, dealt = deal_damage(state, target, amount, "sunk")
    return ruling.accept(state, events + dealt)


def _one_die(odds: list[int]) -> int:
    """A die on which each "1 in n" of ``odds`` is a whole number of faces."""
    return math.lcm(*odds)


def depthcharge(state: GameState, command: DepthCharge, dice: Dice, forced: bool) -> Accepted | Rejected:
    """Depth charges on a submarine within reach: 1 in ``sink_one_in`` sinks it, a further 1 in
    ``disable_one_in`` disables it for ``disable_rounds``, else a miss (one die). Once a turn; refused (forceable)
    out of reach; not forceable against a target that is not a submarine."""
    setup = _ship_duel_setup(state, command.unit, command.target, "depthcharge", forced)
    if isinstance(setup, Rejected):
        return setup
    ruling, unit, target, reach = setup
    if not is_submarine(state, target):
        return Rejected(f"{target.id} is not a submarine; depth charges are for submarines", forceable=False)
    row = unit_type(state, unit).commands["depthcharge"]
    problems = actor_problems(state, unit) + [once_a_turn(state, unit, "depthcharge"), _far(unit, target, reach, "a depth charge")]
    if refusal := _verdict(ruling, problems):
        return refusal
    sink, disable_odds = (int(column(state, row, "depthcharge", k)) for k in ("sink_one_in", "disable_one_in"))
    sides = _one_die([sink, disable_odds])
    value = dice.roll(sides)
    events: list[Event] = [Rolled(unit.id, "depth charge", sides, value, float(value))]
    state = state.with_units(use(unit, "depthcharge"))
    if value <= sides // sink:
        events.append(Outcome("depthcharge", f"{target.id} is sunk"))
        state, gone = remove_unit(state, target.id, "sunk by depth charges")
        return ruling.accept(state, events + gone)
    if value <= sides // sink + sides // disable_odds:
        events.append(Outcome("depthcharge", f"{target.id} is disabled"))
        state, disabled = disable(state, target.id, int(column(state, row, "depthcharge", "disable_rounds")))
        return ruling.accept(state, events + disabled)
    events.append(Outcome("depthcharge", "a miss"))
    return ruling.accept(state, events)


def board(state: GameState, command: Board, dice: Dice, forced: bool) -> Accepted | Rejected:
    """Board a ship within reach (house rule odds on one die: seize, sink, disable one turn, damage
    1..effectiveness times size). A seized ship changes sides and the units aboard it are captured. Once a turn;
    refused (forceable) out of reach; not forceable against submarines or units that are not ships."""
    setup = _ship_duel_setup(state, command.unit, command.target, "board", forced)
    if isinstance(setup, Rejected):
        return setup
    ruling, unit, target, reach = setup
    if not is_ship(state, target) or is_submarine(state, target):
        return Rejected(f"{target.id} cannot be boarded; boarders take surface ships", forceable=False)
    row = unit_type(state, unit).commands["board"]
    problems = actor_problems(state, unit) + [once_a_turn(state, unit, "board"), _far(unit, target, reach, "boarding")]
    if refusal := _verdict(ruling, problems):
        return refusal
    keys = ("board_seize_in_6", "board_sink_in_6", "board_disable_in_6", "board_damage_in_6")
    faces = [int(rule_number(state.ruleset, k)) for k in keys]
    sides = sum(faces)
    value = dice.roll(sides)
    events: list[Event] = [Rolled(unit.id, "board", sides, value, float(value))]
    state = state.with_units(use(unit, "board"))
    if value <= faces[0]:
        events.append(Outcome("board", f"{target.id} is seized by {unit.side}"))
        for passenger in [u for u in state.units.values() if u.carried_by == target.id]:
            state, gone = remove_unit(state, passenger.id, f"captured aboard {target.id}")
            events.extend(gone)
        seized = state.units[target.id].replace(side=unit.side, hidden=False)
        events.append(Seized(target.id, target.side, unit.side))
        return ruling.accept(state.with_units(seized), events)
    if value <= faces[0] + faces[1]:
        events.append(Outcome("board", f"{target.id} is sunk by the boarders"))
        state, gone = remove_unit(state, target.id, "sunk by boarders")
        return ruling.accept(state, events + gone)
    if value <= faces[0] + faces[1] + faces[2]:
        events.append(Outcome("board", f"{target.id} is disabled"))
        state, disabled = disable(state, target.id, int(rule_number(state.ruleset, "board_disable_rounds")))
        return ruling.accept(state, events + disabled)
    strength, rolled = roll(dice, unit, int(column(state, row, "board", "damage")), "board damage")
    amount = whole(strength)
    events += [rolled, Outcome("board", f"{target.id} takes {amount}")]
    state, dealt = deal_damage(state, target, amount, "sunk")
    return ruling.accept(state, events + dealt)


def nuke(state: GameState, command: Nuke, dice: Dice, forced: bool) -> Accepted | Rejected:
    """A nuclear warhead at a unit, a structure or a point within the nuke range: units and structures within
    ``nuke_destroy_radius`` are destroyed, within ``nuke_half_radius`` take ``nuke_half_share`` of the row's damage,
    within ``nuke_quarter_radius`` ``nuke_quarter_share`` of it (rounded half up). No dice. Refused (forceable) with no warheads left, out
    of range, after firing this turn, for a plane on the ground."""
    found = find_units(state, (command.unit,))
    if isinstance(found, Rejected):
        return found
    unit = found[0]
    row = command_row(state, unit, "nuke")
    if isinstance(row, Rejected):
        return row
    if command.point is not None:
        aim = command.point
    else:
        target = find_target(state, command.target or "")
        if isinstance(target, Rejected):
            return target
        aim = position_of(target)
    ruling = Ruling(forced)
    reach = reach_of(state, row, "nuke")
    left = warheads_left(state, unit.side)
    d = distance(unit.position, aim)
    problems = actor_problems(state, unit) + fire_problems(state, unit) + _air_problems(state, unit) + [
        f"{unit.side} has no warheads left" if left <= 0 else None,
        f"the aim point is {d:.1f} from {unit.id}; the nuke reaches {reach:g}" if d > reach + 1e-9 else None,
    ]
    if refusal := _verdict(ruling, problems):
        return refusal
    full = float(column(state, row, "nuke", "damage"))
    rings = [rule_number(state.ruleset, k) for k in ("nuke_destroy_radius", "nuke_half_radius", "nuke_quarter_radius",
                                                       "nuke_half_share", "nuke_quarter_share")]
    state = with_warheads(state, unit.side, max(0, left - 1)).with_units(unit.replace(fired_this_turn=True))
    events: list[Event] = [WarheadUsed(unit.side, aim, max(0, left - 1))]
    state, shown = reveal(state, [unit.id], "launched a nuke")
    events.extend(shown)
    hits: list[str] = []
    for other in list(state.units.values()):
        if other.carried_by is not None or state.unit(other.id) is None:
            continue
        state, dealt = _blast(state, other, distance(other.position, aim), rings, full, hits)
        events.extend(dealt)
    for structure in list(state.battlefield.structures):
        state, dealt = _blast(state, structure, distance(structure.centre, aim), rings, full, hits)
        events.extend(dealt)
    events.insert(1, Outcome("nuke", f"blast at {format_point(aim)}: " + (", ".join(hits) or "nothing in the rings")))
    return ruling.accept(state, events)


def _blast(state: GameState, target: Target, d: float, rings: list[float], full: float,
           hits: list[str]) -> tuple[GameState, list[Event]]:
    destroy, half, quarter, half_share, quarter_share = rings
    if d <= destroy:
        if isinstance(target, UnitState):
            hits.append(f"{target.id} destroyed")
            return remove_unit(state, target.id, "destroyed by the nuclear blast")
        health = structure_health(state, target)
        if health is None:
            return state, []
        hits.append(f"{target.name} destroyed")
        return deal_damage(state, target, health, "nuclear blast")
    for radius, fraction in ((half, half_share), (quarter, quarter_share)):
        if d <= radius:
            amount = whole(full * fraction)
            hits.append(f"{name_of(target)} {amount}")
            return deal_damage(state, target, amount, "destroyed by the nuclear blast")
    return state, []


# --- load and disembark ---------------------------------------------------------------------------------


def _aboard_weight(state: GameState, carrier_id: str, theatre: str) -> int:
    return sum(
        unit_type(state, u).weight or 0
        for u in state.units.values()
        if u.carried_by == carrier_id and unit_type(state, u).theatre == theatre
    )


def embark(state: GameState, units: list[UnitState], carrier: UnitState, capacity: int, ruling: Ruling,
           problems: list[str | None]) -> Accepted | Rejected:
    """Put land ``units`` aboard ``carrier`` (weight up to ``capacity``), within the load reach; their movement
    ends for the turn. ``problems`` are the carrier's own refusals."""
    reach = rule_number(state.ruleset, "load_reach")
    for unit in units:
        unit_t = unit_type(state, unit)
        if unit_t.theatre != "army" or unit_t.weight is None:
            return Rejected(f"{unit.id} ({unit.type_id}) cannot be carried; only land units with a weight",
                            forceable=False)
        if unit.side != carrier.side:
            return Rejected(f"{unit.id} belongs to {unit.side}, {carrier.id} to {carrier.side}", forceable=False)
        if unit.carried_by is not None:
            return Rejected(f"{unit.id} is already aboard {unit.carried_by}", forceable=False)
        problems += actor_problems(state, unit)
        d = distance(unit.position, carrier.position)
        problems.append(f"{unit.id} is {d:.1f} from {carrier.id}; units go aboard within {reach:g}" if d > reach + 1e-9 else None)
    aboard = _aboard_weight(state, carrier.id, "army")
    adding = sum(unit_type(state, u).weight or 0 for u in units)
    if aboard + adding > capacity:
        problems.append(f"{carrier.id} carries weight {capacity}; {aboard} is aboard and these weigh {adding}")
    if refusal := _verdict(ruling, problems):
        return refusal
    moved = [
        u.replace(carried_by=carrier.id, position=carrier.position, hidden=False, moved_this_turn=True,
                  movement_used=max(u.movement_used, unit_type(state, u).move))
        for u in units
    ]
    return ruling.accept(state.with_units(*moved), [Loaded(u.id, carrier.id) for u in units])


def load(state: GameState, command: Load, dice: Dice, forced: bool) -> Accepted | Rejected:
    """Land units go aboard a ship of their side within the load reach, up to its land capacity (by weight).
    They move with the ship and are lost with it. Refused (forceable) out of reach or over capacity; not
    forceable for units that cannot be carried, a carrier that is not a ship with room for land units."""
    units = find_units(state, command.units)
    if isinstance(units, Rejected):
        return units
    found = find_units(state, (command.carrier,))
    if isinstance(found, Rejected):
        return found
    ship = found[0]
    capacity = unit_type(state, ship).land_capacity
    if not is_ship(state, ship) or capacity <= 0:
        return Rejected(f"{ship.id} ({ship.type_id}) carries no land units; load onto a ship with a land capacity",
                        forceable=False)
    ruling = Ruling(forced)
    return embark(state, units, ship, capacity, ruling, [order_problem(state, ship)])


def _port_problem(state: GameState, carrier: UnitState, reach: float) -> str | None:
    """Why ``carrier`` may not land units here: a ship lands them at a port (within ``reach`` of a standing
    port structure's centre, or inside it) unless its type ``disembarks_anywhere`` (the disembark prose:
    "at ports, except for amphibious assault ships, which can disembark anywhere"). Planes are not ships."""
    if not is_ship(state, carrier) or unit_type(state, carrier).disembarks_anywhere:
        return None
    ports = [s for s in state.battlefield.structures if s.kind == "port"]
    if any(distance(carrier.position, s.centre) <= reach + 1e-9 for s in ports):
        return None
    if any(s.kind == "port" for s in structures_at(state, carrier.position)):
        return None
    anywhere = [k for k, u in state.ruleset.unit_types.items() if u.disembarks_anywhere] or ["no ship type"]
    where = "the map has no port"
    if ports:
        nearest = min(ports, key=lambda s: distance(carrier.position, s.centre))
        where = f"the nearest, {nearest.name}, is {distance(carrier.position, nearest.centre):.1f} away"
    return (f"{carrier.id} ({carrier.type_id}) lands units only at a port, within {reach:g} of one ({where}); "
            f"{', '.join(anywhere)} land them anywhere")


def disembark(state: GameState, command: Disembark, dice: Dice, forced: bool) -> Accepted | Rejected:
    """A carried unit leaves its ship or plane for a point within the load reach of the carrier, on terrain it
    may enter; its movement ends for the turn. A ship lands units only at a port unless its type
    ``disembarks_anywhere`` (amphibious ships). Refused (forceable) out of reach, onto terrain it cannot enter,
    away from a port; not forceable for a unit that is not aboard anything."""
    found = find_units(state, (command.unit,))
    if isinstance(found, Rejected):
        return found
    unit = found[0]
    if unit.carried_by is None or state.unit(unit.carried_by) is None:
        return Rejected(f"{unit.id} is not aboard a ship or plane", forceable=False)
    carrier = state.units[unit.carried_by]
    ruling = Ruling(forced)
    reach = rule_number(state.ruleset, "load_reach")
    d = distance(command.target, carrier.position)
    terrain = state.battlefield.terrain_at(command.target)
    # the speed the movement rules give there: the terrain, and the roads and bridges standing now
    raster = state.battlefield.raster()
    col, row = raster.cell_of(command.target)
    passable = raster.contains(command.target) and float(
        speed_field(raster, state.ruleset.speed_table(unit.type_id))[row, col]) > 0
    problems = [order_problem(state, unit), f"{unit.id} is disabled" if unit.disabled_rounds > 0 else None,
                f"{format_point(command.target)} is {d:.1f} from {carrier.id}; units go ashore within {reach:g}"
                if d > reach + 1e-9 else None,
                None if passable else f"{unit.id} cannot stand on {terrain or 'off the map'}",
                _port_problem(state, carrier, reach)]
    if is_aircraft(state, carrier) and airborne(carrier):
        problems += _air_problems(state, carrier)
    if refusal := _verdict(ruling, problems):
        return refusal
    ashore = unit.replace(carried_by=None, position=command.target, moved_this_turn=True,
                          movement_used=max(unit.movement_used, unit_type(state, unit).move))
    return ruling.accept(state.with_units(ashore), [Unloaded(unit.id, carrier.id, command.target)])
