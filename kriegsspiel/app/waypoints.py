"""Waypoints while dragging a counter: Space drops one at the mouse, Backspace takes the last back.

The route runs from the unit through the waypoints in order to the mouse; each leg is the exact cheapest path
of the movement engine (``core.movement.check_move``, the same search as a plain drag), drawing on what the
legs before it left of the allowance and held to the heading the ship had when its turn began, as the rules
judge a chain of moves (docs/rulings.md, "Heading limits"). A leg that is fixed (up to the last waypoint) is judged
once, when its waypoint is dropped; a mouse motion judges the last leg only, as a plain drag does.

The drop journals the route as one ``move`` per leg, in order, through the game session (the same door as a
plain drop and the console): a chain of moves the rules accept. If the rules refuse a leg after all, the legs
already journaled are undone, so a route is carried out whole or not at all.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from kriegsspiel.app.drag import DragVerdict
from kriegsspiel.core.geometry import WorldPoint, distance, format_point, parse_point
from kriegsspiel.render.camera import Camera
from kriegsspiel.render.overlays import TextCache, short_number as _num

if TYPE_CHECKING:
    from kriegsspiel.app.table import Table
    from kriegsspiel.app.drag import Drag
    from kriegsspiel.app.session import Reply, TableSession
    from kriegsspiel.core.movement import CostField, MoveVerdict

#: Okabe-Ito yellow with a dark ring: a waypoint marker, numbered in the order the route takes them.
MARKER = (240, 228, 66)
MARKER_RING = (20, 20, 20)


@dataclass(frozen=True, slots=True)
class RouteVerdict(DragVerdict):
    """A drag's verdict over a route: ``path`` runs through every leg, ``cost`` is the whole route's and
    ``reason`` names the leg that breaks a rule. ``waypoints`` are the points between the legs, ``leg_costs``
    each leg's exact cost (world units; inf when it has no path)."""

    waypoints: tuple[WorldPoint, ...] = ()
    leg_costs: tuple[float, ...] = ()


def snapped(point: WorldPoint) -> WorldPoint:
    """``point`` as the journal will read it back (three decimals), so that a leg is judged from where the
    leg before it really ends."""
    return parse_point(format_point(point))


class Route:
    """The waypoints of one drag and the legs up to the last of them (judged once each).

    Raises nothing: a waypoint dropped where the rules refuse the leg is kept (the umpire may force the route),
    and the route's verdict says which leg is refused and why.
    """

    def __init__(self, drag: Drag) -> None:
        self.drag = drag
        self.points: list[WorldPoint] = []
        self._legs: list[MoveVerdict] = []  # the fixed legs: origin -> first waypoint -> ... -> last waypoint
        self._fields: list[CostField] = []  # the cost field from each waypoint, for the leg after it

    def add(self, point: WorldPoint) -> bool:
        """Drop a waypoint at ``point`` (world units); False (nothing added) where the route already stands."""
        point = snapped(point)
        start = self.points[-1] if self.points else self.drag.origin
        if distance(start, point) == 0.0:
            return False
        leg = self._judge(start, point, self.left_after(len(self._legs)), self._fields[-1] if self._fields else self.drag.field)
        self.points.append(point)
        self._legs.append(leg)
        self._fields.append(self._field_from(point, self.left_after(len(self._legs))))
        return True

    def remove_last(self) -> bool:
        """Take back the last waypoint; False when there is none."""
        if not self.points:
            return False
        self.points.pop()
        self._legs.pop()
        self._fields.pop()
        return True

    def left_after(self, legs: int) -> float:
        """The allowance left after the first ``legs`` fixed legs (never below 0; 0 after a leg with no path)."""
        left = self.drag.allowance
        for leg in self._legs[:legs]:
            left = max(0.0, left - leg.cost) if math.isfinite(leg.cost) else 0.0
        return left

    def follow(self, target: WorldPoint) -> RouteVerdict:
        """The verdict on dropping at ``target``: the fixed legs, then the leg from the last waypoint."""
        drag = self.drag
        target = snapped(target)  # as the journal will read it: a drop on the last waypoint adds no leg
        legs = list(self._legs)
        last = self.points[-1] if self.points else drag.origin
        if distance(last, target) > 0.0:
            legs.append(self._judge(last, target, self.left_after(len(self._legs)),
                                    self._fields[-1] if self._fields else drag.field))
        costs = tuple(leg.cost for leg in legs)
        total = sum(costs)
        path: list[WorldPoint] = [drag.origin]
        for leg, end in zip(legs, [*self.points, target]):
            path.extend((leg.path or (path[-1], end))[1:])
        reason = self._reason(legs, total)
        if reason is None and drag.standing_problem:
            reason = drag.standing_problem
        return RouteVerdict(target, reason is None, total, distance(drag.origin, target), drag.allowance, reason,
                            tuple(path), tuple(self.points), costs)

    def _reason(self, legs: list[MoveVerdict], total: float) -> str | None:
        """Why the route is refused (naming the leg), or None. Over the allowance, the whole route's cost is
        told against the allowance, and the leg where it runs out is named."""
        count = len(legs)
        tolerance = 1e-9 * max(1.0, self.drag.allowance)
        for index, leg in enumerate(legs, start=1):
            if leg.legal:
                continue
            spent_before = sum(l.cost for l in legs[: index - 1])
            left = max(0.0, self.drag.allowance - spent_before)
            if math.isfinite(total) and math.isfinite(leg.cost) and leg.cost > left + tolerance:
                unit = self.drag.unit.type_id
                return (f"the route costs {_num(total)}, {unit} has {_num(self.drag.allowance)} left; "
                        f"it runs out on leg {index} of {count}")
            return f"leg {index} of {count}: {leg.reason}"
        return None

    def _judge(self, start: WorldPoint, end: WorldPoint, left: float, field: CostField | None) -> MoveVerdict:
        from kriegsspiel.core.movement import check_move

        drag, unit = self.drag, self.drag.unit
        return check_move(
            drag.state.battlefield,
            drag.state.ruleset,
            unit.type_id,
            start,
            end,
            allowance_left=left,
            heading=unit.turn_heading,  # the limit holds from the heading when the turn began, over every leg
            fired_this_turn=unit.fired_this_turn,
            heading_changed_this_turn=unit.heading_changed_this_turn,
            field=field,
        )

    def _field_from(self, point: WorldPoint, left: float) -> CostField:
        from kriegsspiel.core.movement import cost_field, speed_field

        state = self.drag.state
        raster = state.battlefield.raster()
        speeds = speed_field(raster, state.ruleset.speed_table(self.drag.unit.type_id))
        return cost_field(raster, speeds, point, left)

    def command_lines(self, target: WorldPoint) -> list[str]:
        """The route as the Umpire shell writes it: one ``move ID > X,Y`` per leg, in order."""
        ends = [*self.points]
        target = snapped(target)
        if not ends or distance(ends[-1], target) > 0.0:
            ends.append(target)
        return [f"move {self.drag.unit.id} > {format_point(end)}" for end in ends]

    def cursor_line(self, verdict: DragVerdict) -> str | None:
        """The legs' costs beside the cursor: ``via 2 waypoints: 3.2 + 4.1 + 1.5``."""
        if not isinstance(verdict, RouteVerdict) or not verdict.waypoints:
            return None
        costs = " + ".join(_num(c) if math.isfinite(c) else "refused" for c in verdict.leg_costs)
        many = len(verdict.waypoints)
        return f"via {many} waypoint{'s' if many != 1 else ''}: {costs}"


def submit_chain(session: TableSession, lines: list[str], forced: bool) -> Reply:
    """Journal ``lines`` (a route's moves) in order. ``forced``: a leg the rules refuse is carried out forced
    (the journal keeps the refusal it overrode); else the first refusal stops the chain and the legs already
    journaled are undone (journaled undos), so that the route is done whole or not at all. The legs are one
    group in the session's ledger: one undo takes the whole route back."""
    from kriegsspiel.app.session import Reply

    in_force_before = len(session.game.order_stacks()[0])
    done: list[str] = []
    for number, line in enumerate(lines, start=1):
        reply = session.submit(line)
        if not reply.accepted and forced:
            reply = session.submit(line, forced=True)
        if not reply.accepted:
            for _ in done:
                session.undo()
            return Reply(False, (f"route not moved: leg {number} of {len(lines)} ({line}): {reply.text}",), bool(done))
        done.extend(reply.lines)
    # the route is one gesture: one Ctrl+Z takes all its legs back, as for a group move
    session.ledger.add(session.game.order_stacks()[0][in_force_before:])
    return Reply(True, tuple(done), True)


def draw_route(target: pygame.Surface, camera: Camera, texts: TextCache, route: Route, size: int) -> None:
    """The route's marks over its path: for a ship, the cone of bearings its last leg may take (the same
    limit, about the heading the turn began with, from the last waypoint); then the numbered markers."""
    from kriegsspiel.render.overlays import draw_heading_cone_carried

    drag = route.drag
    limit = drag.unit_type.heading_limit
    heading = drag.unit.turn_heading
    left = route.left_after(len(route.points))
    if route.points and limit is not None and heading is not None and left > 0:
        draw_heading_cone_carried(target, camera, route.points[-1], heading, limit, left)
    draw_markers(target, camera, texts, route.points, size)


def draw_markers(target: pygame.Surface, camera: Camera, texts: TextCache, points: tuple[WorldPoint, ...] | list[WorldPoint],
                 size: int) -> None:
    """Each waypoint as a numbered yellow disc ringed dark, over the path."""
    radius = max(7, size // 2 + 2)
    for number, point in enumerate(points, start=1):
        x, y = camera.to_screen(point)
        centre = (round(x), round(y))
        pygame.draw.circle(target, MARKER_RING, centre, radius + 2)
        pygame.draw.circle(target, MARKER, centre, radius)
        label = texts.get(str(number), size, MARKER_RING, bold=True)
        target.blit(label, (centre[0] - label.get_width() // 2, centre[1] - label.get_height() // 2))


#: The keys of waypoints while a counter is carried: Space drops one, Backspace takes the last back.
KEYS = (pygame.K_SPACE, pygame.K_BACKSPACE)


def waypoint_key(app: Table, key: int) -> None:
    """Space or Backspace while ``app`` carries a counter: change the route and judge it again at the mouse."""
    drag = app.carry.drag
    if drag is None:  # nothing carried: no route to change
        return
    at = app.carry.point(app, app.cursor)
    if key == pygame.K_SPACE:
        route = drag.route or Route(drag)
        if route.add(at):
            drag.route = route
            app._set_status(f"waypoint {len(route.points)} at {format_point(route.points[-1])} (Backspace takes it back)")
    elif drag.route is not None and drag.route.remove_last():
        left = len(drag.route.points)
        if left == 0:
            drag.route = None
        app._set_status(f"waypoint removed; {left} left")
    drag.follow(at)
