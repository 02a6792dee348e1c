"""The counters on the table: where each one stands on screen (counters that would cover each other's ids
moved apart, with a leader line to the true place), which one is under the mouse, and drawing them all with
one ``fblits``.

Counter pictures come from :class:`kriegsspiel.render.counters.CounterCache` (one per look); the Board also
remembers, per unit, the picture it used last, so a frame where nothing changed costs one dictionary lookup
per counter. Positions are kept as numpy arrays per game state, so converting 500 of them to the screen is
one vector operation.
"""
from __future__ import annotations

from collections.abc import Collection

import numpy as np
import pygame

from kriegsspiel.core.battlefield import Battlefield
from kriegsspiel.core.geometry import WorldPoint, bearing
from kriegsspiel.core.game import rules_of
from kriegsspiel.core.state import GameState, UnitState
from kriegsspiel.render import declutter, overlays
from kriegsspiel.render.camera import Camera
from kriegsspiel.render.counters import LEADER, CounterCache, CounterLook, counter_size_px, symbol_for, true_place_dot

DEFAULT_COLOURS = ("#3050c0", "#c03030", "#308040", "#a06010")
SELECTED = (255, 215, 0)


class Board:
    """The counters of a game on one battlefield, as the umpire sees them (hidden units included)."""

    def __init__(self, battlefield: Battlefield) -> None:
        self.battlefield = battlefield
        self.counters = CounterCache()
        self.colours: dict[str, str] = {}
        self._looks: dict[str, tuple[UnitState, int, bool, pygame.Surface]] = {}
        self._dots: dict[str, pygame.Surface] = {}
        self._positions: tuple[GameState, np.ndarray, np.ndarray, list[UnitState]] | None = None
        self._stacks: tuple[tuple[float, int, bool], declutter.Layout, np.ndarray, np.ndarray] | None = None

    def use_state(self, state: GameState) -> None:
        """Take the sides' colours from ``state`` (call when the game changed)."""
        self.colours = {
            side.name: side.colour or DEFAULT_COLOURS[i % len(DEFAULT_COLOURS)] for i, side in enumerate(state.setup.sides)
        }

    def counter_px(self, camera: Camera, projector: bool) -> int:
        """The side of a counter on screen, in pixels, at this camera."""
        return counter_size_px(camera.scale, self.battlefield.grid.units_per_tile, projector)

    # --- where counters are ----------------------------------------------------------------------------
    def _world_positions(self, state: GameState) -> tuple[np.ndarray, np.ndarray, list[UnitState]]:
        if self._positions is None or self._positions[0] is not state:
            units = [u for u in state.units.values() if u.carried_by is None]  # carried units ride along
            xs = np.array([u.position.x for u in units], dtype=np.float64)
            ys = np.array([u.position.y for u in units], dtype=np.float64)
            self._positions = (state, xs, ys, units)
            self._stacks = None
        return self._positions[1], self._positions[2], self._positions[3]

    def _layout(self, state: GameState, camera: Camera, projector: bool) -> tuple[declutter.Layout, np.ndarray, np.ndarray]:
        """Where the counters are drawn relative to their true places at this zoom (see
        :mod:`kriegsspiel.render.declutter`), and each counter picture's width and height (pixels). Panning
        does not change it, so it is computed once per zoom and game state."""
        xs, ys, units = self._world_positions(state)
        size = self.counter_px(camera, projector)
        key = (camera.scale, size, projector)
        if self._stacks is not None and self._stacks[0] == key:
            return self._stacks[1], self._stacks[2], self._stacks[3]
        widths = np.empty(len(units))
        heights = np.empty(len(units))
        for i, unit in enumerate(units):
            widths[i], heights[i] = self.counter_surface(state, unit, size, projector).get_size()
        world_w, world_h = self.battlefield.world_size
        bounds = (0.0, 0.0, world_w * camera.scale, world_h * camera.scale)
        layout = declutter.spread(xs * camera.scale, ys * camera.scale, widths, heights, size, bounds)
        self._stacks = (key, layout, widths, heights)
        return layout, widths, heights

    def screen_positions(self, state: GameState, camera: Camera, projector: bool) -> tuple[list[UnitState], np.ndarray, np.ndarray]:
        """The units on the map and their counters' plate centres on screen (pixels), where they are drawn:
        counters that would cover each other are moved apart (:meth:`true_positions` gives where they stand)."""
        xs, ys, units = self._world_positions(state)
        sx, sy = camera.to_screen_array(xs, ys)
        if units:
            layout = self._layout(state, camera, projector)[0]
            # A moved counter keeps the same whole-pixel offset from its dot however the map is panned: each is
            # rounded on its own (rounding their sum made it slip a pixel to and fro under the arrow keys).
            m = layout.moved
            sx = np.where(m, np.rint(sx) + np.rint(layout.dx), sx)
            sy = np.where(m, np.rint(sy) + np.rint(layout.dy), sy)
        return units, sx, sy

    def drawn_boxes(self, state: GameState, camera: Camera, projector: bool) -> np.ndarray:
        """(n, 4) left, top, right, bottom on screen (pixels) of every counter picture as drawn (plate, id
        tag and badges), plus the dots of moved counters' true places: what names on the map must not cover."""
        xs, ys, units = self._world_positions(state)
        if not units:
            return np.empty((0, 4))
        layout, widths, heights = self._layout(state, camera, projector)
        tx, ty = camera.to_screen_array(xs, ys)
        _, sx, sy = self.screen_positions(state, camera, projector)  # where they are drawn, rounded alike
        half = self.counter_px(camera, projector) / 2.0
        boxes = np.stack([sx - widths / 2.0, sy - half, sx + widths / 2.0, sy - half + heights], axis=1)
        r = declutter.DOT_RADIUS_PX + 1
        m = layout.moved
        dots = np.stack([tx[m] - r, ty[m] - r, tx[m] + r, ty[m] + r], axis=1)
        return np.concatenate([boxes, dots])

    def unit_at(self, state: GameState, camera: Camera, projector: bool, pos: tuple[int, int]) -> UnitState | None:
        """The topmost unit whose counter picture (plate, id tag, badges) is drawn under the screen position,
        else the moved counter whose true-place dot is there, else None."""
        xs, ys, units = self._world_positions(state)
        if not units:
            return None
        layout, widths, heights = self._layout(state, camera, projector)
        tx, ty = camera.to_screen_array(xs, ys)
        _, sx, sy = self.screen_positions(state, camera, projector)  # where they are drawn, rounded alike
        half = self.counter_px(camera, projector) / 2.0
        px, py = pos
        hits = np.nonzero((np.abs(sx - px) <= widths / 2.0) & (py >= sy - half) & (py <= sy - half + heights))[0]
        if hits.size:
            return units[int(hits[-1])]  # drawn last, so on top
        near = np.nonzero(layout.moved & (np.hypot(tx - px, ty - py) <= declutter.DOT_RADIUS_PX + 2))[0]
        return units[int(near[-1])] if near.size else None

    # --- drawing ---------------------------------------------------------------------------------------
    def counter_surface(self, state: GameState, unit: UnitState, size: int, projector: bool) -> pygame.Surface:
        """The counter picture of ``unit`` at ``size`` pixels (wider than ``size`` for a long id)."""
        cached = self._looks.get(unit.id)
        if cached is not None and cached[0] is unit and cached[1] == size and cached[2] == projector:
            return cached[3]
        unit_type = state.ruleset.unit_type(unit.type_id)
        look = CounterLook(
            symbol=symbol_for(unit.type_id, unit_type.theatre),
            colour=self.colours.get(unit.side, "#808080"),
            label=unit.id,
            health=unit.health,
            max_health=unit_type.health,
            size_px=size,
            moved=unit.moved_this_turn,
            fired=unit.fired_this_turn or unit.attacked_this_turn,
            hidden=unit.hidden,
            disabled=unit.disabled_rounds > 0,
            disruption=getattr(rules_of(state).unit_slot_of(unit), "disruption", 0),
            projector=projector,
        )
        surface = self.counters.get(look)
        self._looks[unit.id] = (unit, size, projector, surface)
        return surface

    def draw(
        self,
        target: pygame.Surface,
        camera: Camera,
        state: GameState,
        projector: bool,
        *,
        selected: str | None,
        carried: UnitState | None,
        carried_group: Collection[str] = (),
    ) -> None:
        """Every counter in view but the one being dragged (``carried``: :meth:`draw_carried` draws it after
        the path) and those of a group being dragged (``carried_group``); the selected one framed in gold."""
        units, sx, sy = self.screen_positions(state, camera, projector)
        if not units:
            return
        size = self.counter_px(camera, projector)
        half = size // 2
        carried_id = carried.id if carried is not None else None
        blits = self._draw_leaders(target, camera, state, projector, units, sx, sy, carried_id)
        left = np.rint(sx).astype(np.int64) - half
        top = np.rint(sy).astype(np.int64) - half
        vp = camera.viewport
        on_screen = (left > vp.left - size) & (left < vp.left + vp.width) & (top > vp.top - size) & (top < vp.top + vp.height)
        ships = []
        selected_at = None
        for i in np.nonzero(on_screen)[0].tolist():
            unit = units[i]
            if unit.id == carried_id or unit.id in carried_group:
                continue
            if unit.id == selected:
                selected_at = (float(sx[i]), float(sy[i]))
            surface = self.counter_surface(state, unit, size, projector)
            # A long id widens its counter; the plate stays centred on the unit.
            shift = (surface.get_width() - size) // 2
            blits.append((surface, (int(left[i]) - shift, int(top[i]))))
            if unit.heading is not None:
                ships.append((unit.heading, (float(sx[i]), float(sy[i]))))
        target.fblits(blits)
        for heading, centre in ships:
            overlays.draw_heading_arrow(target, centre, heading, size * 0.95)
        if selected_at is not None:
            cx, cy = selected_at
            frame = pygame.Rect(round(cx) - half - 3, round(cy) - half - 3, size + 6, size + 6)
            pygame.draw.rect(target, SELECTED, frame, 3, border_radius=6)

    def _draw_leaders(
        self, target: pygame.Surface, camera: Camera, state: GameState, projector: bool, units: list[UnitState], sx: np.ndarray, sy: np.ndarray,
        carried_id: str | None,
    ) -> list[tuple[pygame.Surface, tuple[int, int]]]:
        """For each counter drawn away from its true place: a thin leader line from its true place to the
        counter, drawn now (under the counters, so it never crosses an id), and the dot (in its side's colour)
        that marks the true place, returned for the counters' ``fblits`` (none for the counter being carried:
        it left its place)."""
        layout = self._layout(state, camera, projector)[0]
        moved = np.nonzero(layout.moved)[0]
        if moved.size == 0:
            return []
        xs, ys, _ = self._world_positions(state)
        tx, ty = camera.to_screen_array(xs[moved], ys[moved])
        vp = camera.viewport
        reach = self.counter_px(camera, projector) * (declutter.RINGS * declutter.RING_STEP + 1)
        seen = (tx > vp.left - reach) & (tx < vp.left + vp.width + reach) & (ty > vp.top - reach) & (ty < vp.top + vp.height + reach)
        half = declutter.DOT_RADIUS_PX + 1
        which = moved[seen]
        starts = zip(np.rint(tx[seen]).astype(np.int64).tolist(), np.rint(ty[seen]).astype(np.int64).tolist())
        ends = zip(np.rint(sx[which]).astype(np.int64).tolist(), np.rint(sy[which]).astype(np.int64).tolist())
        draw_line = pygame.draw.line
        dot_of: dict[str, pygame.Surface] = {}
        dots = []
        for i, start, end in zip(which.tolist(), starts, ends):
            unit = units[i]
            if unit.id == carried_id:
                continue
            draw_line(target, LEADER, start, end, 1)
            dot = dot_of.get(unit.side)
            if dot is None:
                dot = dot_of[unit.side] = self._dot(unit.side)
            dots.append((dot, (start[0] - half, start[1] - half)))
        return dots

    def _dot(self, side: str) -> pygame.Surface:
        """The mark of a moved counter's true place: a dot in the side's colour, ringed dark on a light halo."""
        colour = self.colours.get(side, "#808080")
        dot = self._dots.get(colour)
        if dot is None:
            dot = self._dots[colour] = true_place_dot(colour, declutter.DOT_RADIUS_PX)
        return dot

    def draw_carried(
        self,
        target: pygame.Surface,
        camera: Camera,
        state: GameState,
        projector: bool,
        carried: UnitState,
        carried_to: tuple[float, float],
    ) -> None:
        """The counter being dragged, at ``carried_to`` (screen), over its path, with a ring where it started
        and, for a ship, the heading the drop would give it."""
        size = self.counter_px(camera, projector)
        half = size // 2
        ghost = self.counter_surface(state, carried, size, projector)
        start = camera.to_screen(carried.position)
        pygame.draw.circle(target, (255, 255, 255), start, half * 0.6, 2)
        target.blit(ghost, (round(carried_to[0]) - ghost.get_width() // 2, round(carried_to[1]) - half))
        heading = carried_heading(state, carried, start, carried_to)
        if heading is not None:
            overlays.draw_heading_arrow(target, carried_to, heading, size * 0.95)


def carried_heading(
    state: GameState, unit: UnitState, start: tuple[float, float], at: tuple[float, float]
) -> float | None:
    """The heading (degrees clockwise from north) a ship carried from screen point ``start`` to ``at`` would
    have if dropped there: the move's bearing, as the rules set it (None for units without a heading)."""
    if unit.heading is None and state.ruleset.unit_type(unit.type_id).heading_limit is None:
        return None
    if (at[0], at[1]) == (start[0], start[1]):
        return unit.heading
    # the camera scales both axes alike and flips neither, so the screen bearing is the world bearing
    return bearing(WorldPoint(*start), WorldPoint(*at))
