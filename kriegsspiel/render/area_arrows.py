"""Orders on an area board drawn as arrows: moves as thick arrows with a dark edge, supports and convoys as
thin lines, each from the ordered unit's counter to the edge of the counters standing where it leads (a head
hidden under a counter would not say where the unit goes). The umpire's window and the players' pictures
draw them alike."""
from __future__ import annotations

import math

import pygame

Point = tuple[float, float]


def arrow_end(start: Point, end: Point, block: pygame.Rect | None) -> Point:
    """Where an arrow from ``start`` towards ``end`` (screen pixels) stops: at the edge of ``block`` (the
    rectangle of the counters standing at the destination, two pixels out) when there is one and the arrow
    starts outside it; else at ``end``."""
    if block is not None and not block.collidepoint(start):
        clipped = block.inflate(4, 4).clipline(start, end)
        if clipped:
            return clipped[0]
    return end


def arrow_sizes(radius: int) -> tuple[int, int]:
    """(line width, head length) in pixels of a move arrow beside counters of ``radius`` pixels: lines and
    heads grow with the counters."""
    return max(3, round(radius / 4)), max(10, round(radius * 0.8))


def draw_order_line(surface: pygame.Surface, style: str, colour: tuple[int, int, int], start: Point, end: Point,
                    radius: int) -> None:
    """One order's line: ``style`` ``move`` (a thick arrow edged in dark), ``support`` (a thin arrow) or
    ``convoy`` (a thin line), sized for counters of ``radius`` pixels."""
    width, head = arrow_sizes(radius)
    if style == "move":
        draw_arrow(surface, (20, 20, 20), start, end, width + 3, True, head + 2)
        draw_arrow(surface, colour, start, end, width, True, head)
    else:
        draw_arrow(surface, colour, start, end, max(2, width - 1), style == "support", head)


def draw_arrow(surface: pygame.Surface, colour: tuple[int, int, int], a: Point, b: Point,
               width: int, head: bool, size: int = 10) -> None:
    """A line from ``a`` to ``b`` (screen) ``width`` pixels wide, with a head ``size`` pixels long whose tip is
    at ``b``."""
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    if length < 1:
        return
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    end = (b[0] - ux * size, b[1] - uy * size) if head else b
    pygame.draw.line(surface, colour, a, end, width)
    if head:
        half = size * 0.6
        left = (end[0] - uy * half, end[1] + ux * half)
        right = (end[0] + uy * half, end[1] - ux * half)
        pygame.draw.polygon(surface, colour, [b, left, right])
