"""Units aboard in the ruler games' set-up mode: a counter dropped on a ship or plane goes aboard it, a unit
aboard is dragged from its carrier's list onto the map to stand there again, the form's "aboard" button steps
through the carriers that may take it, and an aircraft may start in the air.

Nothing here decides a rule: whether a unit may go aboard, how much a carrier takes, which units may start in
the air are the scenario loader's own checks (:mod:`kriegsspiel.scenario.units`, reading the rule set's weights
and capacities), run on the draft as it would be; a refusal gives the loader's reason on the status line and
leaves the draft as it was, as a refused placement does.
"""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.scenario.units import (
    ON_DECK, airborne_problem, boarding_problem, can_be_carried, can_carry, standing_problem,
)
from kriegsspiel.scenario.writer import DraftUnit

if TYPE_CHECKING:
    from kriegsspiel.app.table import Table
    from kriegsspiel.app.setup_mode import SetupMode


def carries(mode: SetupMode, type_id: str) -> bool:
    """Whether a counter of ``type_id`` may have units aboard (the rule set gives its type a capacity)."""
    return mode.state is not None and can_carry(mode.state.ruleset, type_id)


def carriable(mode: SetupMode, type_id: str) -> bool:
    """Whether a counter of ``type_id`` may start aboard another (the rule set gives its type a weight)."""
    return mode.state is not None and can_be_carried(mode.state.ruleset, type_id)


def may_fly(mode: SetupMode, type_id: str) -> bool:
    """Whether a counter of ``type_id`` may start in the air (the loader's check: an aircraft)."""
    return mode.state is not None and airborne_problem(mode.state.ruleset, type_id) is None


def problem_aboard(mode: SetupMode, unit: DraftUnit, carrier_id: str | None, side: str | None = None) -> str | None:
    """Why ``unit`` (of ``side``, else its own) cannot start aboard ``carrier_id`` (None: on the map, as it is
    placed) beside the draft's other counters: the loader's check; None when it can. A plane going aboard is
    on the deck, not in the air."""
    if mode.state is None:
        return None
    changed = dataclasses.replace(unit, aboard=carrier_id, side=side or unit.side,
                                  airborne=unit.airborne and carrier_id is None)
    setups = [u.setup() for u in mode.draft.units if u.id != unit.id] + [changed.setup()]
    return boarding_problem(setups, mode.state.ruleset, unit.id)


def carriers_for(mode: SetupMode, unit: DraftUnit) -> list[str]:
    """The counters ``unit`` may go aboard now, in the draft's order (the loader accepts it on each)."""
    if mode.state is None or not carriable(mode, unit.type_id):
        return []
    return [c.id for c in mode.draft.units
            if c.id != unit.id and carries(mode, c.type_id) and problem_aboard(mode, unit, c.id) is None]


def go_aboard(mode: SetupMode, app: Table, unit: DraftUnit, carrier_id: str) -> bool:
    """Put ``unit`` aboard ``carrier_id`` (dropped on it, or chosen on the form), or say why not."""
    if unit.from_map:
        app.tell(f"refused: {unit.id} is on the map's units layer; edit it in Tiled", error=True)
        return False
    if unit.aboard == carrier_id:
        app.tell(f"{unit.id} is aboard {carrier_id} already")
        return False
    problem = problem_aboard(mode, unit, carrier_id)
    if problem is not None:
        beside = "" if carriable(mode, unit.type_id) else f" (drop it beside {carrier_id} to place it there)"
        app.tell(f"refused: {unit.id} not put aboard {carrier_id}: {problem}{beside}", error=True)
        return False
    deck = " (on its deck: no longer in the air)" if unit.airborne else ""
    unit.aboard, unit.airborne = carrier_id, False
    mode.changed_draft(app)
    app.tell(f"{unit.id} is aboard {carrier_id}{deck}")
    return True


def new_aboard(mode: SetupMode, app: Table, type_id: str, carrier_id: str) -> bool:
    """A new counter of ``type_id`` (a type dropped from the palette on a counter) aboard ``carrier_id``, of the
    carrier's side, or the reason it cannot go aboard (nothing placed)."""
    carrier = mode.draft.unit(carrier_id)
    if carrier is None:
        return False
    unit = DraftUnit(id=mode.draft.new_unit_id(carrier.side), type_name=type_id, type_id=type_id, side=carrier.side,
                     position=carrier.position, aboard=carrier_id)
    problem = problem_aboard(mode, unit, carrier_id)
    if problem is not None:
        app.tell(f"refused: no {mode.type_name(type_id)} put aboard {carrier_id}: {problem}", error=True)
        return False
    mode.draft.units.append(unit)
    mode.selected = unit.id
    mode.note_type(type_id)
    mode.changed_draft(app)
    app.tell(f"placed {unit.id} ({mode.type_name(type_id)}, {unit.side}) aboard {carrier_id}")
    return True


def take_off(mode: SetupMode, app: Table, unit: DraftUnit, at: WorldPoint) -> bool:
    """``unit``, aboard a carrier, stands on the map at ``at`` instead (where its type may stand), or says why not."""
    assert mode.state is not None
    problem = standing_problem(mode.state.battlefield, mode.state.ruleset, unit.type_id, at)
    if problem is not None:
        app.tell(f"refused: {unit.id} stays aboard {unit.aboard}: {problem}", error=True)
        return False
    carrier, unit.aboard, unit.position = unit.aboard, None, at
    mode.changed_draft(app)
    app.tell(f"{unit.id} is off {carrier}, at {at.x:.0f},{at.y:.0f}")
    return True


def next_aboard(mode: SetupMode, app: Table, unit: DraftUnit) -> None:
    """The form's "aboard" button: the next carrier that may take ``unit``, then the map (where its carrier
    stands, if the unit may stand there), or why there is none."""
    carriers = carriers_for(mode, unit)
    if unit.aboard is not None:
        later = carriers[carriers.index(unit.aboard) + 1:] if unit.aboard in carriers else carriers
        if later:
            go_aboard(mode, app, unit, later[0])
            return
        carrier = mode.draft.unit(unit.aboard)
        at = carrier.position if carrier is not None else unit.position
        assert mode.state is not None
        if carriers and carriers[0] != unit.aboard and \
                standing_problem(mode.state.battlefield, mode.state.ruleset, unit.type_id, at) is not None:
            go_aboard(mode, app, unit, carriers[0])  # it cannot stand where its carrier is: round to the first
        else:
            take_off(mode, app, unit, at)  # or why it cannot
        return
    if carriers:
        go_aboard(mode, app, unit, carriers[0])
        return
    ships = [c for c in mode.draft.units if c.side == unit.side and c.id != unit.id and carries(mode, c.type_id)]
    if not ships:
        app.tell(f"refused: no counter of {unit.side} carries units; place a ship or plane that does first", error=True)
        return
    problem = problem_aboard(mode, unit, ships[0].id)
    app.tell(f"refused: no counter of {unit.side} may take {unit.id} aboard ({ships[0].id}: {problem})", error=True)


def toggle_airborne(mode: SetupMode, app: Table, unit: DraftUnit) -> bool:
    """Start ``unit`` in the air, or on the ground again; refused, with the loader's reason, for a unit that is
    not an aircraft or is aboard a carrier."""
    if mode.state is None:
        return False
    problem = airborne_problem(mode.state.ruleset, unit.type_id) if not unit.airborne else None
    if problem is None and not unit.airborne and unit.aboard is not None:
        problem = ON_DECK
    if problem is not None:
        app.tell(f"refused: {unit.id} not in the air: {problem}", error=True)
        return False
    unit.airborne = not unit.airborne
    mode.changed_draft(app)
    app.tell(f"{unit.id} starts {'in the air' if unit.airborne else 'on the ground'}")
    return True


def change_side(mode: SetupMode, app: Table, unit: DraftUnit, side: str) -> bool:
    """``unit`` to ``side``: the units aboard it go with it; a unit aboard another side's carrier is refused."""
    if unit.aboard is not None:
        problem = problem_aboard(mode, unit, unit.aboard, side=side)
        if problem is not None:
            app.tell(f"refused: {unit.id} stays {unit.side}: {problem}; take it off {unit.aboard} first", error=True)
            return False
    unit.side = side
    for rider in mode.draft.units:
        if rider.aboard == unit.id:
            rider.side = side
    return True
