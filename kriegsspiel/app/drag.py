"""Dragging a counter with the rules watching.

At pick-up the controller asks the movement engine once for the unit's cost field (the reachable area for its
allowance left) and keeps it; on every mouse motion it asks only for the cheapest path to the cursor
(``check_move`` with that field), so the path follows the hand. The drop becomes a move command in the
Umpire shell's notation, which the App sends through the same door as the console.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kriegsspiel.core.geometry import WorldPoint, distance, format_point
from kriegsspiel.core.state import GameState, UnitState
from kriegsspiel.wording import count

if TYPE_CHECKING:
    from kriegsspiel.app.waypoints import Route


@dataclass(frozen=True, slots=True)
class DragVerdict:
    """What the drag shows at the cursor: cost against allowance left, legality, the reason, the path."""

    target: WorldPoint
    legal: bool
    cost: float
    distance: float
    allowance: float
    reason: str | None
    path: tuple[WorldPoint, ...]


class Drag:
    """One drag in progress: the unit, where it started, its cost field and the latest verdict.

    Raises nothing: a unit that may not move at all (not its side's turn, disabled) still gets a drag, whose
    verdict carries that reason, so the umpire sees why and may force it.
    """

    def __init__(self, state: GameState, unit: UnitState) -> None:
        from kriegsspiel.core.game import order_problem
        from kriegsspiel.core.movement import cost_field, speed_field

        self.state = state
        self.unit = unit
        self.origin = unit.position
        self.unit_type = state.ruleset.unit_type(unit.type_id)
        self.allowance = state.allowance_left(unit)
        raster = state.battlefield.raster()
        speeds = speed_field(raster, state.ruleset.speed_table(unit.type_id))
        self.field = cost_field(raster, speeds, self.origin, self.allowance)
        self.standing_problem = order_problem(state, unit)
        if self.standing_problem is None and unit.disabled_rounds > 0:
            self.standing_problem = f"{unit.id} is disabled for {count(unit.disabled_rounds, 'more round')}"
        if self.standing_problem is None and unit.carried_by:
            self.standing_problem = f"{unit.id} is carried by {unit.carried_by}; move the carrier"
        self.verdict: DragVerdict | None = None
        self.route: Route | None = None  # waypoints dropped with Space (app/waypoints.py)

    def follow(self, target: WorldPoint) -> DragVerdict:
        """The verdict for dropping at ``target`` (world units); kept as :attr:`verdict`."""
        from kriegsspiel.core.movement import check_move

        if self.route is not None:  # through the waypoints: the verdict covers the whole route
            self.verdict = self.route.follow(target)
            return self.verdict
        unit = self.unit
        if distance(self.origin, target) == 0.0:
            verdict = DragVerdict(target, False, 0.0, 0.0, self.allowance, "the counter has not moved", ())
        else:
            checked = check_move(
                self.state.battlefield,
                self.state.ruleset,
                unit.type_id,
                self.origin,
                target,
                allowance_left=self.allowance,
                heading=unit.turn_heading,
                fired_this_turn=unit.fired_this_turn,
                heading_changed_this_turn=unit.heading_changed_this_turn,
                field=self.field,
            )
            reason = checked.reason
            legal = checked.legal
            if legal and self.standing_problem:
                legal, reason = False, self.standing_problem
            verdict = DragVerdict(
                target, legal, checked.cost, checked.distance, self.allowance, reason, tuple(checked.path)
            )
        self.verdict = verdict
        return verdict

    def command_text(self, target: WorldPoint) -> str:
        """The move as the Umpire shell writes it: ``move ID > X,Y``."""
        return f"move {self.unit.id} > {format_point(target)}"

    def cursor_lines(self, unit_name: str) -> list[str]:
        """The text beside the cursor: cost against allowance left, then the reason when refused."""
        v = self.verdict
        if v is None:
            return []
        if math.isfinite(v.cost):
            lines = [f"cost {_num(v.cost)} of {_num(v.allowance)} left  ({_num(v.distance)} straight)"]
        else:
            lines = [f"{_num(v.distance)} straight; {_num(v.allowance)} left"]
        if self.route is not None and (via := self.route.cursor_line(v)):
            lines.append(via)
        if not v.legal and v.reason:
            lines.append(v.reason)
            lines.append("Shift+drop forces it")
        return lines


def _num(value: float) -> str:
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text
