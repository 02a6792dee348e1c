"""Answers to the queries of the Umpire shell: score and details. Pure text from the state; the window's side
panel may use them too. Positions are world units; allowances movement cost."""
from __future__ import annotations

from kriegsspiel.core.geometry import format_point
from kriegsspiel.core.game import hiding_place, rules_of
from kriegsspiel.core.state import GameState, UnitState
from kriegsspiel.core.state import describe_condition, scores
from kriegsspiel.wording import count


def _num(value: float) -> str:
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def score_text(state: GameState) -> str:
    """One line per side: remaining health, starting health and the percentage; then the victory conditions."""
    lines = []
    for side, percent in scores(state).items():
        now = sum(u.health for u in state.units_of(side))
        lines.append(f"{side}: {percent:.1f}% ({now} of {state.starting_health.get(side, 0)} health)")
    for condition in state.setup.victory:
        lines.append(f"to win, {condition.side} {describe_condition(condition, state)}")
    if state.finished:
        lines.append("the game is over: " + (" and ".join(state.winners) + " won" if state.winners else "no side won"))
    return "\n".join(lines)


def unit_orders(state: GameState, unit: UnitState) -> list[str]:
    """The orders ``unit`` may give: move; the orders its rule set says it gives beyond its type's command tables
    (``OrderSpec.may_give``: under the Fourth Edition an aircraft's takeoff and land in a game with the air
    turn, a land unit's load onto ships), in the rule set's order; its command table rows that are orders (not
    a defensive table such as air-defence), sorted."""
    from kriegsspiel.core.game import rules_of

    rules = rules_of(state)
    unit_type = state.ruleset.unit_type(unit.type_id)
    given = [word for word, spec in rules.order_specs.items()
             if spec.may_give is not None and word not in unit_type.commands and spec.may_give(state, unit)]
    return ["move", *given, *sorted(c for c in unit_type.commands if rules.is_order_word(c))]


def _did(unit: UnitState) -> list[str]:
    done = []
    if unit.moved_this_turn:
        done.append("moved")
    if unit.fired_this_turn:
        done.append("fired")
    if unit.attacked_this_turn:
        done.append("attacked")
    if unit.heading_changed_this_turn:
        done.append("changed heading")
    return done


def unit_line(state: GameState, unit: UnitState, widths: tuple[int, int, int] = (8, 10, 18)) -> str:
    """One line about a unit, for the list of all units; ``widths`` are the id, side and type columns."""
    unit_type = state.ruleset.unit_type(unit.type_id)
    id_width, side_width, type_width = widths
    parts = [
        f"{unit.id:<{id_width}} {unit.side:<{side_width}} {unit.type_id:<{type_width}} "
        f"at {format_point(unit.position):<12}",
        f"health {unit.health:>2}/{unit_type.health:<2}",
        f"left {_num(state.allowance_left(unit)):>4}/{_num(unit_type.move):<3}",
    ]
    if unit.size != 1:
        parts.append(f"size {_num(unit.size)}")
    if unit.heading is not None:
        parts.append(f"heading {_num(unit.heading)}")
    if unit.hidden:
        parts.append("HIDDEN")
    # the rule set's own columns of a unit (V3's disruption level) when not nought
    parts.extend(f"{key} {value}" for key, value in rules_of(state).summary_columns(state, unit).items() if value)
    if unit.disabled_rounds:
        parts.append(f"disabled {unit.disabled_rounds}")
    if unit.carried_by:
        parts.append(f"on {unit.carried_by}")
    parts.extend(_did(unit))
    return "  ".join(parts).rstrip()


def umpire_notes(state: GameState) -> list[str]:
    """What the umpire has in hand besides the units, from every installed rule set (Ruleset V3: the combat
    waiting to be resolved and the orders riding by courier, with their due rounds). Empty when there is none."""
    from kriegsspiel.core.game import umpire_notes as notes

    return notes(state)


def details_text(state: GameState, unit_id: str | None) -> str:
    """Everything about one unit, or one line per unit when ``unit_id`` is None. An unknown id says so."""
    if unit_id is None:
        if not state.units:
            return "no units"
        units = list(state.units.values())
        widths = (
            max(len(u.id) for u in units),
            max(len(u.side) for u in units),
            max(len(u.type_id) for u in units),
        )
        return "\n".join([*(unit_line(state, u, widths) for u in units), *umpire_notes(state)])
    unit = state.unit(unit_id)
    if unit is None:
        return f"there is no unit {unit_id!r}; 'details' lists them all"
    unit_type = state.ruleset.unit_type(unit.type_id)
    name = f"{unit.local_name} ({unit_type.name})" if unit.local_name else unit_type.name
    terrain = state.battlefield.terrain_at(unit.position) or "off the map"
    road = " (road)" if state.battlefield.road_at(unit.position) else ""
    lines = [
        f"{unit.id}: {name} of {unit.side}",
        f"  at {format_point(unit.position)} on {terrain}{road}",
        f"  health {unit.health} of {unit_type.health}, size {_num(unit.size)}",
        f"  allowance {_num(state.allowance_left(unit))} of {_num(unit_type.move)} left this turn",
    ]
    if unit_type.heading_limit is not None or unit.heading is not None:
        heading = "none yet" if unit.heading is None else f"{_num(unit.heading)} deg"
        limit = "turns freely" if unit_type.heading_limit is None else (
            f"turns at most {_num(unit_type.heading_limit)} deg in a turn")
        if unit.moved_this_turn and unit.turn_heading is not None and unit_type.heading_limit is not None:
            limit += f" from {_num(unit.turn_heading)} deg, its heading when this turn began"
        lines.append(f"  heading {heading}; {limit}")
    if unit.hidden:
        lines.append("  hidden")
    else:
        place = hiding_place(state, unit) if (unit_type.hide_terrain or unit_type.hidden_by_default) else None
        lines.append(f"  visible; may hide here ({place})" if place else "  visible")
    # the unit's part of the rule set's own state (V3: its disruption), in the rule set's words
    lines += [f"  {line}" for line in rules_of(state).unit_details(state, unit)]
    if unit.disabled_rounds:
        lines.append(f"  disabled for {count(unit.disabled_rounds, 'more round')}")
    if unit.carried_by:
        lines.append(f"  carried by {unit.carried_by}")
    done = _did(unit)
    lines.append("  this turn: " + (", ".join(done) if done else "nothing yet"))
    lines.append(f"  commands: {', '.join(unit_orders(state, unit))}")
    return "\n".join(lines)
