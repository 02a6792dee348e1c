"""The counters on the table: where each one stands on screen (stacks fanned out), which one is under the
mouse, and drawing them all with one ``fblits``.

Counter pictures come from :class:`kriegsspiel.render.counters.CounterCache` (one per look); the Board also
remembers, per unit, the picture it used last, so a frame where nothing changed costs one dictionary lookup
per counter. Positions are kept as numpy arrays per game state, so converting 500 of them to the screen is
one vector operation.
"""
from __future__ import annotations

import numpy as np
import pygame

from kriegsspiel.core.battlefield import Battlefield
from kriegsspiel.core.geometry import WorldPoint, bearing
from kriegsspiel.core.state import GameState, UnitState
from kriegsspiel.render import overlays
from kriegsspiel.render.camera import Camera
from kriegsspiel.render.counters import CounterCache, CounterLook, counter_size_px, symbol_for

DEFAULT_COLOURS = ("#3050c0", "#c03030", "#308040", "#a06010")
#: Counters closer than this fraction of a counter on screen form one stack.
STACK_RADIUS = 0.45
#: Each counter of a stack moves up and right by this fraction of a counter.
STACK_STEP = 0.28
SELECTED = (255, 215, 0)


class Board:
    """The counters of a game on one battlefield, as the umpire sees them (hidden units included)."""

    def __init__(self, battlefield: Battlefield) -> None:
        self.battlefield = battlefield
        self.counters = CounterCache()
        self.colours: dict[str, str] = {}
        self._looks: dict[str, tuple[UnitState, int, bool, pygame.Surface]] = {}
        self._positions: tuple[GameState, np.ndarray, np.ndarray, list[UnitState]] | None = None
        self._stacks: tuple[tuple[float, int], np.ndarray, np.ndarray] | None = None

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

    def screen_positions(self, state: GameState, camera: Camera, projector: bool) -> tuple[list[UnitState], np.ndarray, np.ndarray]:
        """The units on the map and their counters' centres on screen (pixels), stacks fanned out."""
        xs, ys, units = self._world_positions(state)
        sx, sy = camera.to_screen_array(xs, ys)
        if units:
            dx, dy = self._stack_offsets(xs, ys, camera, self.counter_px(camera, projector))
            sx, sy = sx + dx, sy + dy
        return units, sx, sy

    def _stack_offsets(self, xs: np.ndarray, ys: np.ndarray, camera: Camera, size: int) -> tuple[np.ndarray, np.ndarray]:
        """Pixel offsets that fan out counters standing (nearly) on one spot, so each stays visible and can
        be picked: the n-th of a stack moves up and right by :data:`STACK_STEP` of a counter per step."""
        key = (camera.scale, size)
        if self._stacks is not None and self._stacks[0] == key:
            return self._stacks[1], self._stacks[2]
        cell = size * STACK_RADIUS / camera.scale  # world units
        qx = np.floor(xs / cell).astype(np.int64)
        qy = np.floor(ys / cell).astype(np.int64)
        dx = np.zeros(len(xs))
        dy = np.zeros(len(xs))
        seen: dict[tuple[int, int], int] = {}
        for i, spot in enumerate(zip(qx.tolist(), qy.tolist())):
            n = seen.get(spot, 0)
            seen[spot] = n + 1
            if n:
                dx[i] = n * size * STACK_STEP
                dy[i] = -n * size * STACK_STEP
        self._stacks = (key, dx, dy)
        return dx, dy

    def unit_at(self, state: GameState, camera: Camera, projector: bool, pos: tuple[int, int]) -> UnitState | None:
        """The topmost unit whose counter covers the screen position, or None."""
        units, sx, sy = self.screen_positions(state, camera, projector)
        if not units:
            return None
        half = self.counter_px(camera, projector) / 2.0
        hits = np.nonzero((np.abs(sx - pos[0]) <= half) & (np.abs(sy - pos[1]) <= half))[0]
        if hits.size == 0:
            return None
        return units[int(hits[-1])]  # drawn last, so on top

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
            disruption=getattr(unit, "disruption", 0),
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
    ) -> None:
        """Every counter in view but the one being dragged (``carried``: :meth:`draw_carried` draws it after
        the path); the selected one framed in gold."""
        units, sx, sy = self.screen_positions(state, camera, projector)
        if not units:
            return
        size = self.counter_px(camera, projector)
        half = size // 2
        left = np.rint(sx).astype(np.int64) - half
        top = np.rint(sy).astype(np.int64) - half
        vp = camera.viewport
        on_screen = (left > vp.left - size) & (left < vp.left + vp.width) & (top > vp.top - size) & (top < vp.top + vp.height)
        carried_id = carried.id if carried is not None else None
        blits = []
        ships = []
        selected_at = None
        for i in np.nonzero(on_screen)[0].tolist():
            unit = units[i]
            if unit.id == carried_id:
                continue
            if unit.id == selected:
                selected_at = (float(sx[i]), float(sy[i]))
            surface = self.counter_surface(state, unit, size, projector)
            # A long id widens its counter; the plate stays centred on the unit.
            shift = (surface.get_width() - size) // 2
            blits.append((surface, (int(left[i]) - shift, int(top[i]))))
            if unit.heading is not None:
                ships.append((unit, (float(sx[i]), float(sy[i]))))
        target.fblits(blits)
        for unit, centre in ships:
            overlays.draw_heading_arrow(target, centre, unit.heading, size * 0.95)
        if selected_at is not None:
            cx, cy = selected_at
            frame = pygame.Rect(round(cx) - half - 3, round(cy) - half - 3, size + 6, size + 6)
            pygame.draw.rect(target, SELECTED, frame, 3, border_radius=6)

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
