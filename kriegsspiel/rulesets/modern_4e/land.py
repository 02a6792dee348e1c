"""Handlers of the theatre-agnostic and army orders: attack, fire, spy, build, missile.

Procedures (docs/rulings.md): rolls are uniform 1..(table maximum) times the unit's size. Attack: both sides roll;
the difference of the sums is dealt to the lower side, spread evenly (remainder to the first named); a tie deals
nothing; every attacker within the attack distance of a target; the attack ends the attackers' turn. Fire:
one-sided; the sum is spread over the targets, each within each firer's range; a hidden firer is revealed.
Missile: a target that can fire missiles rolls its own and only the difference hits. Spy: each hidden enemy
unit within the spy radius is found with the table's odds; a report is false 1 in fog of war. Distances are
world units.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

from kriegsspiel.core.battlefield import Structure
from kriegsspiel.rulesets.modern_4e.commands import Attack, Build, Fire, Missile, Spy
from kriegsspiel.rulesets.modern_4e.common import (
    column,
    Target,
    actor_problems,
    command_row,
    deal_damage,
    enemy_target_problem,
    find_target,
    find_units,
    fire_problems,
    hidden_enemies_within,
    is_aircraft,
    name_of,
    once_a_turn,
    position_of,
    reach_of,
    reveal,
    roll,
    spread,
    unit_type,
    use,
    whole,
)
from kriegsspiel.rulesets.modern_4e.house import house_rules
from kriegsspiel.rulesets.modern_4e.events import Built, Outcome, SpyReport
from kriegsspiel.rulesets.modern_4e.state import airborne
from kriegsspiel.core.dice import Dice
from kriegsspiel.core.events import Accepted, Event, Rejected
from kriegsspiel.core.geometry import distance
from kriegsspiel.core.game import Ruling
from kriegsspiel.core.state import GameState, UnitState


def _verdict(ruling: Ruling, problems: Sequence[str | None]) -> Rejected | None:
    for problem in dict.fromkeys(p for p in problems if p):
        if refusal := ruling.refuse(problem):
            return refusal
    return None


def _far(actor: UnitState, target: Target, reach: float, what: str) -> str | None:
    d = distance(actor.position, position_of(target))
    if d <= reach + 1e-9:
        return None
    return f"{name_of(target)} is {d:.1f} from {actor.id}; {what} reaches {reach:g}"


def _air_problems(state: GameState, unit: UnitState) -> list[str]:
    if is_aircraft(state, unit) and state.setup.air_theatre and not airborne(unit):
        return [f"{unit.id} is on the ground; take off first"]
    return []


# --- attack and dogfight: both sides roll ------------------------------------------------------------------


def duel(
    state: GameState, command_word: str, unit_ids: Sequence[str], target_ids: Sequence[str], dice: Dice,
    forced: bool, *, target_check: Callable[[GameState, UnitState, UnitState], str | None],
    actor_check: Callable[[GameState, UnitState], Rejected | list[str]], ends_turn: bool,
) -> Accepted | Rejected:
    """Both sides roll their ``command_word`` table (defenders their ordinary attack) and the difference hits
    the lower side. ``actor_check`` adds refusals for each attacker, ``target_check`` for each target."""
    ruling = Ruling(forced)
    attackers = find_units(state, unit_ids)
    if isinstance(attackers, Rejected):
        return attackers
    targets = find_units(state, target_ids)
    if isinstance(targets, Rejected):
        return targets
    overlap = set(unit_ids) & set(target_ids)
    if overlap:
        return Rejected(f"{command_word}: {', '.join(sorted(overlap))} cannot be on both sides", forceable=False)
    problems: list[str | None] = []
    rows = {}
    for attacker in attackers:
        checked = actor_check(state, attacker)
        if isinstance(checked, Rejected):
            return checked
        row = command_row(state, attacker, command_word)
        if isinstance(row, Rejected):
            return row
        rows[attacker.id] = row
        problems += actor_problems(state, attacker) + checked
    for target in targets:
        if refusal := enemy_target_problem(state, attackers[0], target):
            return refusal
        problems.append(target_check(state, attackers[0], target))
    for attacker in attackers:
        reach = reach_of(state, rows[attacker.id], command_word)
        nearest = min(distance(attacker.position, t.position) for t in targets)
        if nearest > reach + 1e-9:
            problems.append(f"{attacker.id} is {nearest:.1f} from the nearest target; {command_word} reaches {reach:g}")
    for target in targets:
        # a target no attacker can reach would share the damage without being in the fight
        gaps = [(distance(a.position, target.position), reach_of(state, rows[a.id], command_word)) for a in attackers]
        if all(d > reach + 1e-9 for d, reach in gaps):
            d = min(g[0] for g in gaps)
            problems.append(f"{target.id} is {d:.1f} from the nearest attacker; {command_word} reaches "
                            f"{max(g[1] for g in gaps):g}")
    if refusal := _verdict(ruling, problems):
        return refusal

    events: list[Event] = []
    attack_total = 0.0
    for attacker in attackers:
        strength, rolled = roll(dice, attacker, int(column(state, rows[attacker.id], command_word, "damage")), command_word)
        attack_total += strength
        events.append(rolled)
    defence_total = 0.0
    for target in targets:
        sides = _defence_die(state, target, command_word)
        if sides:
            strength, rolled = roll(dice, target, sides, "defence")
            defence_total += strength
            events.append(rolled)
    difference = whole(abs(attack_total - defence_total))
    attack_side, defence_side = attackers[0].side, targets[0].side
    if difference == 0:
        summary = f"{attack_side} {attack_total:g} against {defence_side} {defence_total:g}: a tie, no damage"
        losers: list[UnitState] = []
    elif attack_total > defence_total:
        losers = targets
        summary = f"{attack_side} {attack_total:g} against {defence_side} {defence_total:g}: the defenders take {difference}"
    else:
        losers = attackers
        summary = f"{attack_side} {attack_total:g} against {defence_side} {defence_total:g}: the attackers take {difference}"
    events.append(Outcome(command_word, summary))

    marked = []
    for attacker in attackers:
        done = attacker.replace(attacked_this_turn=True) if ends_turn else use(attacker, command_word)
        marked.append(done)
    state = state.with_units(*marked)
    state, shown = reveal(state, [*unit_ids, *target_ids], f"fought ({command_word})")
    events.extend(shown)
    cause = "shot down" if command_word == "dogfight" else "destroyed"
    for loser, amount in zip(losers, spread(difference, len(losers)) if losers else []):
        state, dealt = deal_damage(state, loser, amount, cause)
        events.extend(dealt)
    return ruling.accept(state, events)


def _defence_die(state: GameState, target: UnitState, command_word: str) -> int:
    stats = unit_type(state, target).commands.get(command_word)
    if stats is not None and stats.damage:
        return int(stats.damage)
    return int(unit_type(state, target).attack)


def _attack_actor(state: GameState, unit: UnitState) -> Rejected | list[str]:
    if is_aircraft(state, unit):
        return Rejected(f"{unit.id} is an aircraft; planes fight with dogfight", forceable=False)
    return []


def _attack_target(state: GameState, actor: UnitState, target: UnitState) -> str | None:
    if is_aircraft(state, target) and airborne(target):
        return f"{target.id} is in the air; only dogfight, missiles and sorties reach it"
    return None


def attack(state: GameState, command: Attack, dice: Dice, forced: bool) -> Accepted | Rejected:
    """Attack: both sides roll (attack table; defenders their ordinary attack) and the difference of the sums
    hits the lower side, spread evenly. Refused (forceable) out of the attack distance, for a unit that is
    disabled, aboard, or not its side's; not forceable for aircraft (dogfight), types without an attack row,
    own units as targets. The attackers may do nothing more this turn."""
    return duel(state, "attack", command.units, command.targets, dice, forced,
                target_check=_attack_target, actor_check=_attack_actor, ends_turn=True)


# --- fire and bomb: one side rolls ---------------------------------------------------------------------


def barrage(
    state: GameState, command_word: str, unit_ids: Sequence[str], target_ids: Sequence[str], dice: Dice,
    forced: bool, *, actor_check: Callable[[GameState, UnitState], list[str]],
) -> Accepted | Rejected:
    """One-sided fire: every actor rolls its ``command_word`` table; the sum is spread over the targets (units
    or structures), each within each actor's range. Actors are marked as having fired and are revealed."""
    ruling = Ruling(forced)
    actors = find_units(state, unit_ids)
    if isinstance(actors, Rejected):
        return actors
    targets: list[Target] = []
    for token in target_ids:
        target = find_target(state, token)
        if isinstance(target, Rejected):
            return target
        if refusal := enemy_target_problem(state, actors[0], target):
            return refusal
        targets.append(target)
    problems: list[str | None] = []
    rows = {}
    for actor in actors:
        row = command_row(state, actor, command_word)
        if isinstance(row, Rejected):
            return row
        rows[actor.id] = row
        problems += actor_problems(state, actor) + fire_problems(state, actor) + actor_check(state, actor)
        reach = reach_of(state, row, command_word)
        problems += [_far(actor, t, reach, f"{actor.id}'s {command_word}") for t in targets]
    for target in targets:
        if isinstance(target, UnitState) and is_aircraft(state, target) and airborne(target):
            problems.append(f"{target.id} is in the air; only dogfight, missiles and sorties reach it")
    if refusal := _verdict(ruling, problems):
        return refusal
    events: list[Event] = []
    total = 0.0
    for actor in actors:
        strength, rolled = roll(dice, actor, int(column(state, rows[actor.id], command_word, "damage")), command_word)
        total += strength
        events.append(rolled)
    amount = whole(total)
    shares = spread(amount, len(targets))
    listing = ", ".join(f"{name_of(t)} {s}" for t, s in zip(targets, shares))
    events.append(Outcome(command_word, f"{amount} damage: {listing}"))
    state = state.with_units(*(a.replace(fired_this_turn=True) for a in actors))
    state, shown = reveal(state, unit_ids, f"fired ({command_word})")
    events.extend(shown)
    for target, share in zip(targets, shares):
        state, dealt = deal_damage(state, target, share, "destroyed")
        events.extend(dealt)
    return ruling.accept(state, events)


def _fire_actor(state: GameState, unit: UnitState) -> list[str]:
    return []


def fire(state: GameState, command: Fire, dice: Dice, forced: bool) -> Accepted | Rejected:
    """Fire: one-sided; the firers' rolls (fire table) add up and spread over the targets (units or structures).
    Refused (forceable) out of range, after firing this turn, after moving for types that cannot move and fire;
    not forceable for types without a fire row or own units as targets. A hidden firer is revealed."""
    return barrage(state, "fire", command.units, command.targets, dice, forced, actor_check=_fire_actor)


# --- missile ---------------------------------------------------------------------------------------------


def missile(state: GameState, command: Missile, dice: Dice, forced: bool) -> Accepted | Rejected:
    """Missile at one target (unit or structure) within the missile range. A target unit that can fire missiles
    defends with its own roll and only the difference hits; any other target takes the whole roll. Refused
    (forceable) out of range, after firing this turn, for a plane on the ground; not forceable for types without
    a missile row."""
    ruling = Ruling(forced)
    actor = find_units(state, (command.unit,))
    if isinstance(actor, Rejected):
        return actor
    unit = actor[0]
    target = find_target(state, command.target)
    if isinstance(target, Rejected):
        return target
    if refusal := enemy_target_problem(state, unit, target):
        return refusal
    row = command_row(state, unit, "missile")
    if isinstance(row, Rejected):
        return row
    reach = reach_of(state, row, "missile")
    problems = (actor_problems(state, unit) + fire_problems(state, unit) + _air_problems(state, unit)
                + [_far(unit, target, reach, "the missile")])
    if refusal := _verdict(ruling, problems):
        return refusal
    strength, rolled = roll(dice, unit, int(column(state, row, "missile", "damage")), "missile")
    events: list[Event] = [rolled]
    defence = 0.0
    if isinstance(target, UnitState) and (own := unit_type(state, target).commands.get("missile")) and own.damage:
        defence, rolled = roll(dice, target, own.damage, "missile defence")
        events.append(rolled)
    amount = whole(max(0.0, strength - defence))
    events.append(Outcome("missile", f"{name_of(target)} takes {amount}" + (" (missile defence)" if defence else "")))
    state = state.with_units(unit.replace(fired_this_turn=True))
    state, shown = reveal(state, [unit.id], "fired (missile)")
    events.extend(shown)
    state, dealt = deal_damage(state, target, amount, "destroyed")
    return ruling.accept(state, events + dealt)


# --- spy and survey ---------------------------------------------------------------------------------------


def search(state: GameState, command_word: str, unit_id: str, dice: Dice, forced: bool,
           extra: Callable[[GameState, UnitState], list[str]]) -> Accepted | Rejected:
    """Search for hidden enemy units within the row's range: each is found 1 in the row's ``reveal_one_in``;
    the report is false 1 in the scenario's fog of war (nothing is exposed). Once a turn."""
    ruling = Ruling(forced)
    found_unit = find_units(state, (unit_id,))
    if isinstance(found_unit, Rejected):
        return found_unit
    unit = found_unit[0]
    row = command_row(state, unit, command_word)
    if isinstance(row, Rejected):
        return row
    radius = reach_of(state, row, command_word)
    problems = actor_problems(state, unit) + [once_a_turn(state, unit, command_word)] + extra(state, unit)
    if refusal := _verdict(ruling, problems):
        return refusal
    odds = int(column(state, row, command_word, "reveal_one_in"))
    searched = hidden_enemies_within(state, unit, radius)
    found = [other.id for other in searched if dice.one_in(odds)]
    false_report = bool(searched) and dice.one_in(int(state.setup.fog_of_war))
    state = state.with_units(use(unit, command_word))
    events: list[Event] = [SpyReport(unit.id, tuple(o.id for o in searched), () if false_report else tuple(found),
                                     false_report)]
    if not false_report:
        state, shown = reveal(state, found, f"found by {command_word} of {unit.id}")
        events.extend(shown)
    return ruling.accept(state, events)


def spy(state: GameState, command: Spy, dice: Dice, forced: bool) -> Accepted | Rejected:
    """Spy: each hidden enemy unit within the spy radius is found (and exposed) with the table's odds; the
    report is false 1 in fog of war. Once a turn per unit; not forceable for types without a spy row."""
    return search(state, "spy", command.unit, dice, forced, lambda s, u: [])


# --- build ----------------------------------------------------------------------------------------------


def build(state: GameState, command: Build, dice: Dice, forced: bool) -> Accepted | Rejected:
    """Build a structure where the unit stands, with the build table's health (the ``max_health`` of its kind in
    ``[structures]``: fortification 4, building 4, bridge 6, road 8, port 4, airfield 6), whatever the builder's
    size (docs/rulings.md 2026-11: the table wins over the prose's "maximum strength 4 / 8 / 6"). With the house rule
    ``build_takes_turn`` building takes the unit's whole turn: refused (forceable) after it moved, and its
    allowance is spent. Not forceable for types without a build row, unknown or unbuildable kinds
    (settlements), or a name already used by a structure or a unit."""
    ruling = Ruling(forced)
    found_unit = find_units(state, (command.unit,))
    if isinstance(found_unit, Rejected):
        return found_unit
    unit = found_unit[0]
    row = command_row(state, unit, "build")
    if isinstance(row, Rejected):
        return row
    kind = state.ruleset.structures.get(command.kind)
    buildable = [k for k, s in state.ruleset.structures.items() if s.max_health is not None]
    if kind is None or kind.max_health is None:
        return Rejected(f"build: {command.kind!r} cannot be built; kinds: {', '.join(buildable)}", forceable=False)
    if state.unit(command.structure) is not None or any(s.name == command.structure for s in state.battlefield.structures):
        return Rejected(f"build: the name {command.structure!r} is taken; choose another", forceable=False)
    takes_turn = house_rules(state.ruleset).build_takes_turn
    problems = actor_problems(state, unit) + [
        f"{unit.id} moved this turn; building takes the unit's whole turn" if takes_turn and unit.moved_this_turn
        else None,
        once_a_turn(state, unit, "build"),
    ]
    if refusal := _verdict(ruling, problems):
        return refusal
    health = int(kind.max_health)
    # a built airfield is its builder's side's: its planes land there, the enemy's do not (docs/rulings.md 2026-11)
    owner = {"side": unit.side} if command.kind == "airfield" else {}
    structure = Structure(command.structure, command.kind, (unit.position,), health, owner)
    battlefield = dataclasses.replace(
        state.battlefield, structures=state.battlefield.structures + (structure,),
        _raster_cache=state.battlefield._raster_cache,
    )
    worker = use(unit, "build")
    if takes_turn:
        worker = worker.replace(moved_this_turn=True, movement_used=unit_type(state, unit).move)
    new_state = state.replace(battlefield=battlefield).with_units(worker)
    return ruling.accept(new_state, [Built(unit.id, command.structure, command.kind, health, unit.position)])
