"""Warnings about a scenario that loads but would surprise at the table."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kriegsspiel.core.battlefield import Battlefield
from kriegsspiel.core.ruleset import RuleBook
from kriegsspiel.core.state import GameSetup
from kriegsspiel.scenario.report import Report, unit_indexes


def warn_about_play(report: Report, setup: GameSetup, battlefield: Battlefield, ruleset: RuleBook,
                     data: Mapping[str, Any], map_source: str) -> None:
    """Things that load but would surprise at the table: warnings, with the key and line."""
    from kriegsspiel.core.game import hiding_place, scenario_warnings
    from kriegsspiel.core.state import initial_state

    index_of = unit_indexes(data)
    state = initial_state(setup, battlefield, ruleset)
    for unit_setup in setup.units:
        if unit_setup.hidden is not True:
            continue
        unit = state.units[unit_setup.id]
        if hiding_place(state, unit) is None:
            hides_in = ", ".join(ruleset.unit_types[unit.type_id].hide_terrain) or "nowhere"
            problem = (f"unit {unit.id!r} starts hidden on {battlefield.terrain_at(unit.position)}, where "
                       f"{unit.type_id} cannot hide (it hides in: {hides_in}); the first move will expose it")
            _warn_about_unit(report, index_of, map_source, unit.id, "hidden", problem)
    for unit_id, key, problem in scenario_warnings(state):  # what the installed rule sets warn about
        _warn_about_unit(report, index_of, map_source, unit_id, key, problem)
    for i, condition in enumerate(setup.victory):
        if condition.by_round is not None and setup.rounds is not None and condition.by_round > setup.rounds:
            report.add("victory", i, "by_round", f"round {condition.by_round} comes after the game's last round "
                       f"({setup.rounds}, [scenario] rounds): this condition can never be met", "warning")
    sides = [side.name for side in setup.sides]
    for structure in battlefield.structures:
        # an airfield's side (docs/rulings.md 2026-11: planes land at their own side's airfields) must be a side here
        owner = structure.properties.get("side")
        if isinstance(owner, str) and owner.strip() and owner.strip() not in sides:
            report.elsewhere(map_source, f"structures layer: {structure.kind} {structure.name!r} belongs to side "
                             f"{owner.strip()!r}, which this scenario does not have (sides: {', '.join(sides)}): "
                             "every side's planes may land there; give its 'side' property one of these to keep "
                             "the others' out", "warning")
    side_names = {side.name.casefold() for side in setup.sides}
    for i, player in enumerate(setup.players):
        if player.name.casefold() in side_names and player.name != player.side:
            report.add("players", i, "name", f"player {player.name!r} has the name of a side: a message to "
                       f"{player.name!r} goes to the side; rename the player", "warning")


def _warn_about_unit(report: Report, index_of: Mapping[Any, int], map_source: str, unit_id: str, key: str,
                     problem: str) -> None:
    """A warning about a unit: at its [[units]] entry's ``key`` when the scenario placed it, else on the map
    (its units layer)."""
    if unit_id in index_of:
        report.add("units", index_of[unit_id], key, problem, "warning")
    else:
        report.elsewhere(map_source, f"units layer: {problem}", "warning")
