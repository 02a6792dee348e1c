"""The line-of-sight tool (key L): from the selected unit, or a clicked point, to the mouse.

The line is coloured cell by cell where its ground is seen and where it is hidden, by the same rules as the fog
of war: the viewshed of :mod:`kriegsspiel.core.sight` over the battlefield's sight heights (terrain, elevation,
woods, the printed map's buildings), the rule set's eye height, and for a unit its sight range (an aircraft
sees everything within its range, as in the players' pictures). Nothing here decides what is seen; it only
reads the viewshed along the line and, where the line goes hidden, names what casts the shadow: the cell
between the eye and the first hidden one whose top is steepest above the eye (the horizon the sweep met),
with the heights of the eye, that top and the ground at the mouse.

A clicked point has no sight range of its own: the line is judged as far as the mouse, with the rule set's eye
height, so the umpire can ask "could anyone standing here see that?".
"""
from __future__ import annotations

import math
from collections.abc import Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from kriegsspiel.app import chrome, visible
from kriegsspiel.core.geometry import WorldPoint, distance, format_point
from kriegsspiel.core.sight import SightRules, SightTerrain, Viewshed, battlefield_sight_terrain, viewshed_on
from kriegsspiel.core.state import GameState
from kriegsspiel.render import overlays
from kriegsspiel.render.camera import Camera

if TYPE_CHECKING:
    from kriegsspiel.app.table import Table

SEEN = "seen"
HIDDEN = "hidden"
BEYOND = "beyond"  # past the unit's sight range
#: Okabe-Ito colours (readable with the common colour blindnesses): bluish green seen, vermillion hidden.
COLOURS = {SEEN: (0, 158, 115), HIDDEN: (213, 94, 0), BEYOND: (150, 150, 150)}


@dataclass(frozen=True, slots=True)
class Blocker:
    """What casts the shadow over a hidden stretch: the cell's centre, what stands there and its top's height."""

    at: WorldPoint
    what: str
    top: float


@dataclass(frozen=True, slots=True)
class SightLine:
    """The line from ``origin`` to ``target`` (world units): ``runs`` are (start, end, SEEN | HIDDEN | BEYOND)
    stretches in order along it; ``eye`` the eye's height, ``target_ground`` the ground's height at the target
    (heights in the rule set's levels or metres); ``blocker`` what hides the first hidden stretch, or None."""

    origin: WorldPoint
    target: WorldPoint
    observer: str | None
    runs: tuple[tuple[WorldPoint, WorldPoint, str], ...]
    eye: float
    target_ground: float
    blocker: Blocker | None
    sight_range: float | None

    @property
    def target_seen(self) -> bool:
        return bool(self.runs) and self.runs[-1][2] == SEEN

    def lines(self, unit_name: str) -> list[str]:
        """The words beside the mouse: from where, how far, seen or not and why, the heights."""
        head = f"line of sight from {self.observer or format_point(self.origin)}: {overlays.short_number(distance(self.origin, self.target))} {unit_name}"
        if self.target_seen:
            verdict = "seen"
        elif self.runs and self.runs[-1][2] == BEYOND:
            verdict = f"beyond its sight range ({overlays.short_number(self.sight_range or 0.0)})"
        else:
            verdict = "hidden"
        if self.blocker is not None:
            verdict += f"; blocked by {self.blocker.what} at {format_point(self.blocker.at)} (top at {_h(self.blocker.top)})"
        return [head, verdict, f"eye at {_h(self.eye)}, ground at the mouse {_h(self.target_ground)}"]


def _h(value: float) -> str:
    return f"height {overlays.short_number(value)}"


def cells_along(terrain: SightTerrain, a: WorldPoint, b: WorldPoint) -> list[tuple[int, int, float, float]]:
    """The raster cells the segment a-b crosses, in order: (column, row, t_in, t_out) with t in [0, 1]."""
    length = distance(a, b)
    if length == 0.0:
        col, row = terrain.cell_of(a)
        return [(col, row, 0.0, 1.0)]
    steps = max(1, int(math.ceil(length / terrain.cell_size * 4)))  # a quarter cell: no cell is skipped over
    out: list[tuple[int, int, float, float]] = []
    for i in range(steps + 1):
        t = i / steps
        col, row = terrain.cell_of(WorldPoint(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t))
        if out and out[-1][:2] == (col, row):
            out[-1] = (col, row, out[-1][2], t)
        else:
            if out:
                out[-1] = (*out[-1][:3], t)
            out.append((col, row, t, t))
    out[-1] = (*out[-1][:3], 1.0)
    return out


class SightTool:
    """The line-of-sight tool of the board (a :class:`kriegsspiel.app.tool.Tool`): where it looks from (a unit
    id or a point, None until a click chooses one)."""

    name = "line of sight"

    def __init__(self) -> None:
        self.from_unit: str | None = None
        self.from_point: WorldPoint | None = None
        self._viewshed: tuple[tuple[SightTerrain, WorldPoint, float, float], Viewshed] | None = None  # (terrain, origin, reach, eye)

    def start(self, unit_id: str | None = None, point: WorldPoint | None = None) -> None:
        self.from_unit, self.from_point = unit_id, point

    def handle(self, app: Table, event: pygame.event.Event) -> bool:
        """A click on the map: look from the counter or the point clicked."""
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1 or not app.camera.viewport.contains(*event.pos):
            return False
        unit = app.unit_at(event.pos)
        if unit is not None:
            self.start(unit_id=unit.id)
            looking_from = unit.id
        else:
            point = app.camera.to_world(*event.pos)
            self.start(point=point)
            looking_from = format_point(point)
        app._set_status(f"line of sight from {looking_from} to the mouse (L or Esc: off)")
        return True

    def draw(self, app: Table, target: pygame.Surface) -> None:
        """The line to the mouse and its words beside it (nothing while the tool has no origin or the mouse is
        off the map)."""
        if not app.camera.viewport.contains(*app.cursor):
            return
        state = app.session.state
        line = self.look(state, app.camera.to_world(*app.cursor))
        if line is None:
            return
        draw(target, app.camera, line)
        overlays.draw_cursor_text(target, app.texts, app.cursor, line.lines(chrome.unit_words(state.ruleset.distance_unit)),
                                  line.target_seen, app.text_size, clear_px=8, area=visible.map_area(app))

    def status(self, app: Table) -> str:
        return ""

    def frame_key(self, app: Table) -> tuple[Hashable, ...]:
        return (self.from_unit, self.from_point, app.cursor)

    def leave(self, app: Table) -> None:
        self.from_unit, self.from_point = None, None

    def origin(self, state: GameState) -> tuple[WorldPoint | None, str | None]:
        """Where the line starts and the unit looking (None for a point)."""
        unit = state.unit(self.from_unit) if self.from_unit else None
        if unit is not None:
            return unit.position, unit.id
        return self.from_point, None

    def look(self, state: GameState, target: WorldPoint) -> SightLine | None:
        """The line from the tool's origin to ``target``, or None when it has no origin or it is off the map."""
        origin, observer = self.origin(state)
        if origin is None:
            return None
        return sight_line(state, origin, target, observer, self)

    def viewshed(self, terrain: SightTerrain, origin: WorldPoint, reach: float, eye: float) -> Viewshed:
        """The viewshed from ``origin``, kept while the mouse stays within its reach (a point's reach grows in
        doublings, so a line swept about costs one viewshed, not one per motion)."""
        if self._viewshed is not None:
            (t, o, r, e), shed = self._viewshed
            if t is terrain and o == origin and e == eye and r >= reach:
                return shed
        shed = viewshed_on(terrain, origin, reach, eye)
        self._viewshed = ((terrain, origin, reach, eye), shed)
        return shed


def sight_line(state: GameState, origin: WorldPoint, target: WorldPoint, observer: str | None,
               tool: SightTool | None = None) -> SightLine | None:
    """The line of sight from ``origin`` to ``target`` (world units) under the game's rules, looking as the unit
    ``observer`` (its sight range and theatre) or, when None, as anyone standing at ``origin`` with no range
    limit. None when either end is off the map. Raises KeyError when the rule set has no sight numbers."""
    terrain = battlefield_sight_terrain(state.battlefield, state.ruleset)
    rows, cols = terrain.shape
    ends = [terrain.cell_of(p) for p in (origin, target)]
    if not all(0 <= r < rows and 0 <= c < cols and terrain.on_map[r, c] for c, r in ends):
        return None
    eye_height = SightRules.from_ruleset(state.ruleset).eye_height
    o_col, o_row = ends[0]
    eye = float(terrain.ground[o_row, o_col]) + eye_height
    unit = state.unit(observer) if observer else None
    unit_type = state.ruleset.unit_type(unit.type_id) if unit is not None else None
    sight_range = float(unit_type.sight_range) if unit_type is not None else None
    airborne = unit_type is not None and unit_type.theatre == "air"
    need = distance(origin, target) + 2 * terrain.cell_size
    reach = sight_range if sight_range is not None else 2.0 ** math.ceil(math.log2(max(need, terrain.cell_size)))
    shed = None if airborne else (tool.viewshed(terrain, origin, reach, eye_height) if tool is not None
                                  else viewshed_on(terrain, origin, reach, eye_height))
    cs = terrain.cell_size
    marks: list[tuple[float, float, str, int, int]] = []
    for col, row, t0, t1 in cells_along(terrain, origin, target):
        centre = WorldPoint((col + 0.5) * cs, (row + 0.5) * cs)
        if sight_range is not None and distance(origin, centre) > sight_range:
            status = BEYOND
        elif airborne or shed is None or shed.seen(col, row):
            status = SEEN
        else:
            status = HIDDEN
        marks.append((t0, t1, status, col, row))
    runs: list[tuple[float, float, str]] = []
    for t0, t1, status, _, _ in marks:
        if runs and runs[-1][2] == status:
            runs[-1] = (runs[-1][0], t1, status)
        else:
            runs.append((t0, t1, status))

    def point(t: float) -> WorldPoint:
        return WorldPoint(origin.x + (target.x - origin.x) * t, origin.y + (target.y - origin.y) * t)

    t_col, t_row = ends[1]
    return SightLine(origin, target, observer, tuple((point(a), point(b), s) for a, b, s in runs), eye,
                     float(terrain.ground[t_row, t_col]), _blocker(state, terrain, origin, target, eye, marks), sight_range)


def _blocker(state: GameState, terrain: SightTerrain, origin: WorldPoint, target: WorldPoint, eye: float,
             marks: list[tuple[float, float, str, int, int]]) -> Blocker | None:
    """What hides the first hidden cell: of the cells before it, the one whose top rises steepest above the eye."""
    first = next((i for i, m in enumerate(marks) if m[2] == HIDDEN), None)
    if first is None:
        return None
    cs = terrain.cell_size
    best: tuple[float, int, int, float] | None = None
    o_col, o_row = terrain.cell_of(origin)
    for t0, t1, _, col, row in marks[:first]:
        if (col, row) == (o_col, o_row):
            continue
        centre = WorldPoint((col + 0.5) * cs, (row + 0.5) * cs)
        slope = (float(terrain.surface[row, col]) - eye) / max(distance(origin, centre), 1e-9)
        if best is None or slope > best[0]:
            best = (slope, col, row, (t0 + t1) / 2)
    if best is None:
        return None
    _, col, row, t = best
    # marked where the line crosses that cell, so the ring sits on the line the umpire is reading
    at = WorldPoint(round(origin.x + (target.x - origin.x) * t, 1), round(origin.y + (target.y - origin.y) * t, 1))
    return Blocker(at, _what(state, terrain, col, row), float(terrain.surface[row, col]))


def _what(state: GameState, terrain: SightTerrain, col: int, row: int) -> str:
    """A blocking cell in words: the structure standing there, else its terrain (woods, or rising ground)."""
    raster = state.battlefield.raster()
    index = int(raster.terrain[row, col])
    name = raster.terrain_ids[index] if 0 <= index < len(raster.terrain_ids) else "the map's edge"
    if terrain.surface[row, col] > terrain.ground[row, col] and not raster.blocks_sight[row, col]:
        from kriegsspiel.core.sight import structure_block

        for structure in state.battlefield.structures:
            block = structure_block(structure, raster.cell_size, raster.shape)
            if block is not None:
                r0, c0, mask = block
                if 0 <= row - r0 < mask.shape[0] and 0 <= col - c0 < mask.shape[1] and mask[row - r0, col - c0]:
                    return f"{structure.kind} {structure.name}".strip()
    if terrain.surface[row, col] > terrain.ground[row, col]:
        return name
    return f"rising ground ({name})"


def draw(target: pygame.Surface, camera: Camera, line: SightLine) -> None:
    """The line, stretch by stretch in its colours over a dark edge; a ring on the blocker, a dot at the eye."""
    for a, b, status in line.runs:
        sa, sb = camera.to_screen(a), camera.to_screen(b)
        pygame.draw.line(target, (20, 20, 24), sa, sb, 8)
        pygame.draw.line(target, COLOURS[status], sa, sb, 4)
    pygame.draw.circle(target, (20, 20, 24), camera.to_screen(line.origin), 7)
    pygame.draw.circle(target, COLOURS[SEEN], camera.to_screen(line.origin), 5)
    if line.blocker is not None:
        x, y = camera.to_screen(line.blocker.at)
        pygame.draw.circle(target, (20, 20, 24), (x, y), 11, 4)
        pygame.draw.circle(target, COLOURS[HIDDEN], (x, y), 10, 2)


# --- the window's side (the L key in kriegsspiel.app.keyboard, the ground menu) ------------------------------

def toggle(app: Table) -> None:
    """L: look from the selected unit to the mouse, or (nothing selected) from the next point clicked; L again
    (or Esc) leaves."""
    tool = app.tools.sight
    if app.tools.is_active(tool):
        app.tools.leave(app)
        app._set_status("line of sight off")
        return
    try:
        SightRules.from_ruleset(app.session.state.ruleset)
    except KeyError as exc:  # a rule set without [sight] numbers: no fog, so no line either
        app._set_status(f"no line of sight: {exc.args[0]}", error=True)
        return
    app.tools.activate(app, tool)
    tool.start(unit_id=app.selected)
    app._set_status(f"line of sight from {app.selected} to the mouse; click a counter or a point to look from there (L or Esc: off)"
                    if app.selected else "line of sight: click the point (or counter) to look from (L or Esc: off)")


def look_from(app: Table, point: WorldPoint) -> None:
    """The line of sight from ``point`` (anyone standing there) to the mouse (the ground menu)."""
    app.tools.activate(app, app.tools.sight)
    app.tools.sight.start(point=point)
    app._set_status(f"line of sight from {format_point(point)} to the mouse (L or Esc: off)")
