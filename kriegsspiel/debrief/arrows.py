"""Moves drawn as arrows along their paths, whole or (for the film) the first part of each."""
from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:  # the model draws with this module: no import back at run time
    from kriegsspiel.debrief.model import Move

#: the arrows' line width and head length on the umpire's picture (pixels)
ARROW_WIDTH = 4
HEAD_PX = 16
_HALO = (250, 250, 250)


def path_length(path: Sequence[tuple[float, float]]) -> float:
    """The length of a polyline (pixels)."""
    return sum(math.dist(a, b) for a, b in zip(path, path[1:]))


def path_part(path: Sequence[tuple[float, float]], fraction: float) -> list[tuple[float, float]]:
    """The first ``fraction`` (0..1) of ``path`` by length; at least its first point."""
    if not path:
        return []
    total = path_length(path)
    want = total * min(1.0, max(0.0, fraction))
    out = [path[0]]
    for a, b in zip(path, path[1:]):
        step = math.dist(a, b)
        if want >= step:
            out.append(b)
            want -= step
            continue
        if step > 0 and want > 0:
            t = want / step
            out.append((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))
        break
    return out


def draw_moves(surface: pygame.Surface, moves: Sequence[Move], fraction: float = 1.0) -> None:
    """Draw each move's path (its first ``fraction``) with a head at its end; a dot where a move ends when
    ``fraction`` < 1 (the unit on its way)."""
    for move in moves:
        points = path_part(move.path, fraction)
        if len(points) < 2 or path_length(points) < 1.0:
            continue
        pygame.draw.lines(surface, _HALO, False, points, ARROW_WIDTH + 4)
        pygame.draw.lines(surface, move.colour, False, points, ARROW_WIDTH)
        tip, back = points[-1], points[-2]
        angle = math.atan2(tip[1] - back[1], tip[0] - back[0])
        head = [tip,
                (tip[0] - HEAD_PX * math.cos(angle - 0.45), tip[1] - HEAD_PX * math.sin(angle - 0.45)),
                (tip[0] - HEAD_PX * math.cos(angle + 0.45), tip[1] - HEAD_PX * math.sin(angle + 0.45))]
        pygame.draw.polygon(surface, _HALO, head, 3)
        pygame.draw.polygon(surface, move.colour, head)
        if fraction < 1.0:
            pygame.draw.circle(surface, _HALO, (round(tip[0]), round(tip[1])), 9)
            pygame.draw.circle(surface, move.colour, (round(tip[0]), round(tip[1])), 7)
