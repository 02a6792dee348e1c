"""Trails: the paths moved this turn stay drawn until the turn passes, so the umpire can explain a move.

The trails are read from the journal, not remembered by the window: the orders in force (an undone move has
none) of the current round and side whose events include a ``moved``. The path of each move is the movement
engine's cheapest path from where it started to where it ended (the path the rules walked: the cost of the
move is its allowance, so the same search finds the same way); a forced move that the rules refuse went
straight, as it was carried out. So trails survive undo (the trail goes with the move) and reopening a save.
Ctrl+T turns them off and on. Each path is worked out once per journal record and kept.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.core.state import GameState
from kriegsspiel.pov.routes import walked_path
from kriegsspiel.render.camera import Camera

#: Okabe-Ito blue on a white halo, with a dot where the move started.
TRAIL = (0, 114, 178)
TRAIL_HALO = (255, 255, 255)
TRAIL_WIDTH_PX = 3


@dataclass(frozen=True, slots=True)
class Trail:
    """One move of this turn: the unit, the journal record it came from and the path (world units)."""

    unit: str
    seq: int
    path: tuple[WorldPoint, ...]


class Trails:
    """The trails of the turn (on or off) for a game session; recomputed only when the game changed."""

    def __init__(self) -> None:
        self.on = True
        self._paths: dict[tuple[int, int], tuple[WorldPoint, ...]] = {}  # (record seq, event index) -> path
        self._current: tuple[GameState, tuple[Trail, ...]] | None = None

    def toggle(self) -> str:
        """Ctrl+T: trails off or on again; returns the status line."""
        self.on = not self.on
        return "trails of this turn's moves on (Ctrl+T)" if self.on else "trails off (Ctrl+T)"

    def of_turn(self, game: Any) -> tuple[Trail, ...]:
        """The trails of the current turn of ``game`` (a ``store.Game``; anything without a journal: none)."""
        # the turn's orders only (a long game keeps older records on disk, not in memory)
        orders = getattr(game, "orders_of_this_turn", None) or getattr(game, "orders_in_force", None)
        if orders is None:
            return ()
        state = game.state
        # every order, undo and redo gives the game another state, so an unchanged state means unchanged
        # trails: a frame costs one comparison, however long the journal
        if self._current is not None and self._current[0] is state:
            return self._current[1]
        records = orders()
        trails: list[Trail] = []
        for record in records:
            if record.round != state.round or record.side != state.side_to_move:
                continue
            for index, event in enumerate(record.events):
                if event.get("event") != "moved":
                    continue
                key = (record.seq, index)
                path = self._paths.get(key)
                if path is None:
                    path = self._paths[key] = walked_path(state, event, record.forced)
                trails.append(Trail(str(event["unit"]), record.seq, path))
        self._current = (state, tuple(trails))
        return self._current[1]

    def draw(self, target: pygame.Surface, camera: Camera, game: Any) -> None:
        """Every trail of the turn (when on), under the counters."""
        if not self.on:
            return
        for trail in self.of_turn(game):
            draw_trail(target, camera, trail.path)


def draw_trail(target: pygame.Surface, camera: Camera, path: Sequence[WorldPoint]) -> None:
    """One trail: a blue line on a white halo, a dot where it started."""
    if len(path) < 2:
        return
    screen = [camera.to_screen(p) for p in path]
    pygame.draw.lines(target, TRAIL_HALO, False, screen, TRAIL_WIDTH_PX + 4)
    pygame.draw.lines(target, TRAIL, False, screen, TRAIL_WIDTH_PX)
    start = (round(screen[0][0]), round(screen[0][1]))
    pygame.draw.circle(target, TRAIL_HALO, start, TRAIL_WIDTH_PX + 3)
    pygame.draw.circle(target, TRAIL, start, TRAIL_WIDTH_PX + 1)
