"""Asking the umpire before an order is journaled: a forced move (which rule it breaks) and a move that ends
the side's air turn (its aircraft may not act again; planes still in the air crash).

The window holds one :class:`Confirmation` at a time; Enter (or Y) sends its line, Esc (or N, or a click) drops
it. Nothing is journaled until the umpire says yes.
"""
from __future__ import annotations

import textwrap
from dataclasses import dataclass

import pygame

from kriegsspiel.core.state import GameState, UnitState
from kriegsspiel.render.overlays import TextCache

#: The keys that answer yes and no.
YES_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_y)
NO_KEYS = (pygame.K_ESCAPE, pygame.K_n)


@dataclass(frozen=True, slots=True)
class Confirmation:
    """A shell line waiting for the umpire's yes: ``forced`` sends it forced; ``lines`` say why we ask."""

    line: str
    forced: bool
    lines: tuple[str, ...]


def air_turn_warning(state: GameState, unit: UnitState) -> str | None:
    """Why moving ``unit`` now needs a yes: it is not an aircraft and the side to move's air turn is open
    while the side has aircraft, so the move closes it (the rules' own account of what closing does: the
    planes that crash). None when the move does not touch the air turn."""
    if not state.setup.air_theatre or state.air_turn_over or unit.side != state.side_to_move:
        return None
    if state.ruleset.unit_type(unit.type_id).theatre == "air":
        return None
    from kriegsspiel.core.combat_turn import close_air_turn

    _, events = close_air_turn(state)  # a dry run on the immutable state: nothing is journaled
    if not events:
        return None  # a side without aircraft has no air turn to speak of
    said = "; ".join(event.describe() for event in events)
    return f"moving {unit.id} ends {state.side_to_move}'s air turn: its aircraft may not act again this turn ({said})"


def draw(target: pygame.Surface, texts: TextCache, confirmation: Confirmation, area: pygame.Rect, size: int) -> None:
    """The question in an opaque box in the middle of ``area`` (the map view)."""
    rows = [texts.get(part, size, (255, 255, 255), bold=(i == 0))
            for i, line in enumerate(confirmation.lines) for part in textwrap.wrap(line, 90)]
    answer = texts.get("Enter or Y: yes, journal it    Esc or N: no", size, (255, 230, 120), bold=True)
    rows.append(answer)
    width = min(area.width - 20, max(r.get_width() for r in rows) + 32)
    height = sum(r.get_height() + 6 for r in rows) + 24
    box = pygame.Rect(0, 0, width, height)
    box.center = area.center
    pygame.draw.rect(target, (40, 30, 30), box, border_radius=8)
    pygame.draw.rect(target, (230, 160, 60), box, 3, border_radius=8)
    y = box.top + 12
    for row in rows:
        target.blit(row, (box.left + 16, y), area=pygame.Rect(0, 0, box.width - 32, row.get_height()))
        y += row.get_height() + 6
