"""Handlers of the classic Kriegsspiel's combat orders (Ruleset V3): combat, modify, resolve, rally, recover.

``combat`` rolls one d10 for a combat group and keeps the roll with its modifiers as the state's pending
combat; ``modify`` amends it; ``resolve`` applies the result to the side it hits (retreat over the terrain,
disruption, HP, surrender) and clears it. Every step is an order, so the journal holds the roll, each
amendment and the result. Distances are world units (metres).
"""
from __future__ import annotations

from collections.abc import Sequence

from kriegsspiel.core.dice import Dice
from kriegsspiel.core.events import Accepted, Event, Rejected
from kriegsspiel.core.game import RuleGap, Ruling, find_unit
from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.core.state import GameState, UnitState
from kriegsspiel.rulesets.kriegsspiel_v3.combat import Fighter, Modifier, PendingCombat, automatic_modifiers, group_range, outcome
from kriegsspiel.rulesets.kriegsspiel_v3.commands import Combat, Modify, Rally, Recover, Resolve
from kriegsspiel.rulesets.kriegsspiel_v3.events import (
    CombatModified,
    CombatResolved,
    CombatRolled,
    Rallied,
    RecoveredHealth,
    UnitHit,
    UnitLost,
    UnitRetreated,
)
from kriegsspiel.rulesets.kriegsspiel_v3.retreat import retreat
from kriegsspiel.rulesets.kriegsspiel_v3.rules import Chart, CombatResult, CombatRules
from kriegsspiel.rulesets.kriegsspiel_v3.state import disruption, pending_combat, unit_slot, with_pending_combat
from kriegsspiel.rulesets.kriegsspiel_v3.rules import combat_tables


def combat_rules(state: GameState) -> CombatRules:
    """The rule set's combat charts; raises RuleGap when it has none (the Fourth Edition)."""
    rules = combat_tables(state.ruleset)
    if rules is None:
        raise RuleGap(f"the rule set {state.ruleset.id!r} has no combat charts; combat, modify and resolve belong "
                      "to rule sets with a [combat] table (kriegsspiel-v3)")
    return rules


def _ground(state: GameState, unit: UnitState) -> float:
    from kriegsspiel.core.sight import battlefield_sight_terrain

    terrain = battlefield_sight_terrain(state.battlefield, state.ruleset)
    col, row = terrain.cell_of(unit.position)
    rows, cols = terrain.shape
    return float(terrain.ground[row, col]) if 0 <= row < rows and 0 <= col < cols else 0.0


def fighters(state: GameState, units: Sequence[UnitState]) -> list[Fighter]:
    """The units as the modifiers see them."""
    return [Fighter(u.id, u.type_id, u.health, disruption(u), u.position, _ground(state, u)) for u in units]


def wrong_arm(chart: Chart, unit: UnitState) -> str:
    """The refusal for ``unit`` as an attacker on ``chart``, whose ``attackers`` do not list its type."""
    verb = "fire" if chart.range_kind == "fire" else "attack"
    arms = ", ".join(chart.attackers or ())
    return f"{unit.id} ({unit.type_id}) cannot {verb} on the {chart.id} chart: it is for {arms}"


def combat(state: GameState, command: Combat, dice: Dice, forced: bool) -> Accepted | Rejected:
    """Roll the die for ``attackers`` against ``defenders`` on a chart and list the modifiers.

    Not forceable: an unknown chart or unit, a unit named twice or on the wrong side, a combat already pending.
    Forceable: attackers not of the side to move, an attacker that already attacked this turn, an attacker of
    a unit type the chart does not list in its ``attackers``, an attacker out of range or reach, an attacker
    whose HP forbids attacking, a game that is over.
    """
    rules = combat_rules(state)
    if command.chart not in rules.charts:
        return Rejected(f"no combat chart {command.chart!r}; charts: {', '.join(rules.charts)}", forceable=False)
    if (pending := pending_combat(state)) is not None:
        return Rejected(f"a combat is pending ({pending.chart} {' '.join(pending.attackers)} > "
                        f"{' '.join(pending.defenders)}); resolve it or undo it first", forceable=False)
    names = command.attackers + command.defenders
    if len(set(names)) != len(names):
        return Rejected("a unit is named twice; each unit fights on one side of a combat", forceable=False)
    units: list[UnitState] = []
    for unit_id in names:
        found = find_unit(state, unit_id)
        if isinstance(found, Rejected):
            return found
        units.append(found)
    attackers, defenders = units[: len(command.attackers)], units[len(command.attackers):]
    for group, what in ((attackers, "attackers"), (defenders, "defenders")):
        sides = {u.side for u in group}
        if len(sides) != 1:
            return Rejected(f"the {what} belong to {' and '.join(sorted(sides))}; a group is of one side", forceable=False)
    if attackers[0].side == defenders[0].side:
        return Rejected(f"attackers and defenders are all of {attackers[0].side}; a combat is between sides",
                        forceable=False)
    ruling = Ruling(forced)
    chart = rules.chart(command.chart)
    a, d = fighters(state, attackers), fighters(state, defenders)
    penalty, note, out_of_range = group_range(rules, chart, a, d)
    problems = ["the game is over"] if state.finished else []
    # docs/rulings.md: a combat group attacks at most once per turn, and only in its own side's turn
    if attackers[0].side != state.side_to_move:
        problems.append(f"it is {state.side_to_move}'s turn; {attackers[0].side} attacks only in its own turn")
    problems += [f"{unit.id} has already attacked this turn; a combat group attacks once a turn"
                 for unit in attackers if unit.attacked_this_turn]
    problems += [wrong_arm(chart, unit) for unit in attackers if not chart.may_attack(unit.type_id)]
    for unit in attackers:
        effect = rules.health_effect(unit.health) if unit.type_id in rules.hp_types else None
        if effect is not None and not effect.can_attack:
            problems.append(f"{unit.id} is at {unit.health} HP and cannot attack")
    for problem in problems + out_of_range:
        if refusal := ruling.refuse(problem):
            return refusal
    roll = dice.roll(rules.die)
    pending = PendingCombat(command.chart, command.attackers, command.defenders, roll,
                            automatic_modifiers(rules, a, d), penalty, note)
    event = CombatRolled(command.chart, command.attackers, command.defenders, pending.listing(),
                         outcome(rules, pending).describe())
    return ruling.accept(with_pending_combat(state, pending), [event])


def modify(state: GameState, command: Modify, dice: Dice, forced: bool) -> Accepted | Rejected:
    """Set a modifier of the pending combat (or its range penalty). Refused (not forceable) without one."""
    rules = combat_rules(state)
    pending = pending_combat(state)
    if pending is None:
        return Rejected("no combat is pending; roll one with 'combat CHART UNIT ... > UNIT ...'", forceable=False)
    if command.side == "range":
        if not 0 <= command.amount <= rules.beyond_effective_max:
            return Rejected(f"the range penalty is 0 to {rules.beyond_effective_max}, got {command.amount}",
                            forceable=False)
        changed = pending.with_range_penalty(command.amount, command.label or "the umpire's judgement")
        change = f"range {command.amount}"
    else:
        changed = pending.with_modifier(Modifier(command.side, command.amount, command.label))
        change = f"{command.side} {command.amount:+d} {command.label}"
    event = CombatModified(change, changed.listing(), outcome(rules, changed).describe())
    return Ruling(forced).accept(with_pending_combat(state, changed), [event])


def resolve(state: GameState, command: Resolve, dice: Dice, forced: bool) -> Accepted | Rejected:
    """Apply the pending combat's result to every unit of the side it hits, then clear it.

    The hit units retreat away from the other group over the terrain, gain disruption (up to the highest
    level), lose HP (HP-keeping types only; 0 HP destroys), and at an HP with out-of-control rounds stop obeying
    orders for those rounds; a surrender takes them off the map. The attackers are marked as having attacked.
    """
    rules = combat_rules(state)
    pending = pending_combat(state)
    if pending is None:
        return Rejected("no combat is pending; roll one with 'combat CHART UNIT ... > UNIT ...'", forceable=False)
    result = outcome(rules, pending)
    hit_ids = pending.attackers if result.side_hit == "attacker" else pending.defenders
    other_ids = pending.defenders if result.side_hit == "attacker" else pending.attackers
    enemies = [state.units[i].position for i in other_ids if i in state.units]
    events: list[Event] = [CombatResolved(pending.chart, result.describe(), hit_ids)]
    updated: list[UnitState] = []
    removed: list[str] = []
    for unit_id in hit_ids:
        unit = state.units.get(unit_id)
        if unit is None:
            continue
        if result.result.surrender:
            removed.append(unit_id)
            events.append(UnitLost(unit_id, "surrendered"))
            continue
        changed, unit_events, lost = _hit(state, rules, unit, result.result, enemies)
        events.extend(unit_events)
        if lost:
            removed.append(unit_id)
        else:
            updated.append(changed)
    # every attacker has attacked, whichever side the result hit: a hit attacker carries its result exactly as
    # a hit defender does (above) and is marked as having attacked as well (docs/rulings.md, once per turn)
    updated = [u.replace(attacked_this_turn=True, fired_this_turn=True) if u.id in pending.attackers else u
               for u in updated]
    updated_ids = {u.id for u in updated}
    updated += [state.units[i].replace(attacked_this_turn=True, fired_this_turn=True)
                for i in pending.attackers if i in state.units and i not in updated_ids and i not in removed]
    new_state = with_pending_combat(state.with_units(*updated, removed=removed), None)
    return Ruling(forced).accept(new_state, events)


def _hit(state: GameState, rules: CombatRules, unit: UnitState, result: CombatResult,
         enemies: Sequence[WorldPoint]) -> tuple[UnitState, list[Event], bool]:
    events: list[Event] = []
    keeps_hp = unit.type_id in rules.hp_types
    health = unit.health - result.hp_loss if keeps_hp else unit.health
    if health <= 0:
        return unit, [UnitLost(unit.id, "destroyed")], True
    level = min(rules.max_disruption, disruption(unit) + result.disruption)
    disabled = unit.disabled_rounds
    effect = rules.health_effect(health) if keeps_hp and health != unit.health else None
    if effect is not None and effect.out_of_control_rounds:
        # the rest of this round, then the rule's rounds (the count drops by one at each round's end)
        disabled = max(disabled, effect.out_of_control_rounds + 1)
    position = unit.position
    if result.retreat > 0:
        path = retreat(state.battlefield, state.ruleset, unit.type_id, unit.position, enemies, result.retreat)
        position = path.end
        events.append(UnitRetreated(unit.id, unit.position, path.end, result.retreat, path.length))
    changed = unit.replace(health=health, slot=unit_slot(level), disabled_rounds=disabled, position=position)
    if (health, level, disabled) != (unit.health, disruption(unit), unit.disabled_rounds):
        events.append(UnitHit(unit.id, health, level, disabled))
    return changed, events, False


def rally(state: GameState, command: Rally, dice: Dice, forced: bool) -> Accepted | Rejected:
    """Lift one level of disruption, once a round.

    Not forceable: a unit without disruption. Forceable (docs/rulings.md): a unit that already rallied this round, a
    unit not in cover or with an enemy unit within the rule set's ``[combat.rally] enemy_clear``.
    """
    rules = combat_rules(state)
    unit = find_unit(state, command.unit)
    if isinstance(unit, Rejected):
        return unit
    if disruption(unit) <= 0:
        return Rejected(f"{unit.id} is not disrupted", forceable=False)
    ruling = Ruling(forced)
    problems = [f"{unit.id} has already rallied this round; disruption drops one level a round"
                if "rally" in unit.used_this_turn else None]
    if rules.rally is not None:
        problems.append(_cover_problem(state, unit, rules.rally.cover, rules.rally.enemy_clear, "rally"))
    for problem in problems:
        if problem and (refusal := ruling.refuse(problem)):
            return refusal
    changed = _used(unit.replace(slot=unit_slot(disruption(unit) - 1)), "rally")
    return ruling.accept(state.with_units(changed), [Rallied(unit.id, disruption(changed))])


def recover(state: GameState, command: Recover, dice: Dice, forced: bool) -> Accepted | Rejected:
    """Give a unit back one HP, once a round. Not forceable: a unit at full HP or of a type without HP.
    Forceable (docs/rulings.md): a unit that already recovered this round; no supply wagon of its side within reach
    and no cover free of enemies where it stands."""
    rules = combat_rules(state)
    unit = find_unit(state, command.unit)
    if isinstance(unit, Rejected):
        return unit
    full = state.ruleset.unit_type(unit.type_id).health
    if unit.type_id not in rules.hp_types:
        return Rejected(f"{unit.type_id} keeps no HP", forceable=False)
    if unit.health >= full:
        return Rejected(f"{unit.id} is at its full {full} HP", forceable=False)
    ruling = Ruling(forced)
    if "recover" in unit.used_this_turn and (refusal := ruling.refuse(
            f"{unit.id} has already recovered this round; HP come back one a round")):
        return refusal
    where = _recovery_place(state, rules, unit)
    if isinstance(where, list):
        for problem in where:
            if refusal := ruling.refuse(problem):
                return refusal
        where = "the umpire's ruling"
    changed = _used(unit.replace(health=unit.health + 1), "recover")
    return ruling.accept(state.with_units(changed), [RecoveredHealth(unit.id, changed.health, where)])


def _used(unit: UnitState, order: str) -> UnitState:
    """``unit`` marked as having given the once-a-round ``order`` (the marks clear as the round ends)."""
    return unit if order in unit.used_this_turn else unit.replace(used_this_turn=unit.used_this_turn + (order,))


def _cover_at(state: GameState, unit: UnitState, cover: tuple[str, ...]) -> str | None:
    """The cover where ``unit`` stands ("settlement Hochdorf", "forest"), or None."""
    from kriegsspiel.core.game import structures_at

    for structure in structures_at(state, unit.position):
        if structure.kind in cover:
            return f"{structure.kind} {structure.name}"
    terrain = state.battlefield.terrain_at(unit.position)
    return terrain if terrain in cover else None


def _nearest_enemy(state: GameState, unit: UnitState) -> tuple[UnitState, float] | None:
    from kriegsspiel.core.geometry import distance

    enemies = [(u, distance(u.position, unit.position)) for u in state.units.values() if u.side != unit.side]
    return min(enemies, key=lambda pair: (pair[1], pair[0].id)) if enemies else None


def _cover_problem(state: GameState, unit: UnitState, cover: tuple[str, ...], clear: float, what: str) -> str | None:
    """Why ``unit`` may not ``what`` where it stands (not in cover, or an enemy within ``clear`` metres), or
    None when it may."""
    if _cover_at(state, unit, cover) is None:
        return f"{unit.id} is not in cover (rough terrain or a structure) and may not {what} here"
    nearest = _nearest_enemy(state, unit)
    if nearest is not None and nearest[1] <= clear + 1e-9:
        return f"{unit.id} may not {what} with {nearest[0].id} {nearest[1]:.0f} m away (no enemy within {clear:g} m)"
    return None


def _recovery_place(state: GameState, rules: CombatRules, unit: UnitState) -> str | list[str]:
    """Where ``unit`` wins back an HP (a supply wagon of its side within reach, or cover free of enemies), or
    the problems that forbid it."""
    from kriegsspiel.core.geometry import distance

    recovery = rules.recovery
    if recovery is None:
        return [f"the rule set {state.ruleset.id!r} gives no way to win back HP"]
    wagons = [u for u in state.units.values() if u.side == unit.side and u.type_id == recovery.supply
              and distance(u.position, unit.position) <= recovery.supply_reach + 1e-9]
    if wagons:
        nearest = min(wagons, key=lambda u: (distance(u.position, unit.position), u.id))
        return f"{recovery.supply} {nearest.id} {distance(nearest.position, unit.position):.0f} m away"
    problem = _cover_problem(state, unit, recovery.cover, recovery.enemy_clear, "recover")
    if problem is None:
        return f"in cover: {_cover_at(state, unit, recovery.cover)}"
    return [f"{unit.id} has no {recovery.supply} of its side within {recovery.supply_reach:g}; {problem}"]

