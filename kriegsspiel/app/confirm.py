"""Asking the umpire before an order is journaled: a forced move (which rule it breaks) and a move before which
the rules do something else first (it ends the side's air turn: planes still in the air crash).

The window holds one :class:`Confirmation` at a time; Enter (or Y) sends its line, Esc (or N, or a click) drops
it. Nothing is journaled until the umpire says yes.
"""
from __future__ import annotations

import textwrap
from dataclasses import dataclass

import pygame

from kriegsspiel.core.commands import NotationError
from kriegsspiel.core.dice import Dice
from kriegsspiel.core.events import Forced, Moved, Rejected
from kriegsspiel.core.game import apply, apply_forced, rules_of
from kriegsspiel.core.state import GameState
from kriegsspiel.render.overlays import TextCache

#: The keys that answer yes and no.
YES_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_y)
NO_KEYS = (pygame.K_ESCAPE, pygame.K_n)


@dataclass(frozen=True, slots=True)
class Confirmation:
    """A shell line waiting for the umpire's yes: ``forced`` sends it forced; ``lines`` say why we ask;
    ``then``: the lines that follow it as one chain (a route's later legs, app/waypoints.py); ``group``: a group
    move's (line, forced) orders, sent together (one Ctrl+Z) instead of ``line``."""

    line: str
    forced: bool
    lines: tuple[str, ...]
    then: tuple[str, ...] = ()
    group: tuple[tuple[str, bool], ...] = ()


def before_the_move(state: GameState, line: str, unit_id: str, forced: bool = False) -> str | None:
    """What the rules do before ``line`` (a drop's ``move UNIT > X,Y``) moves ``unit_id``, in words, or None.

    A dry run through the one door (the state is a value, the dice are thrown away, nothing is journaled): the
    events it gives ahead of the unit's own Moved are the turn's structure acting first (under the Fourth
    Edition's air theatre, a ground or sea order ends the side's air turn and its planes still in the air
    crash). The window asks before such a drop instead of ending the air turn without a word. No rule set is
    named here: the rules say what happens."""
    try:
        command = rules_of(state).parse(line)
    except NotationError:
        return None
    outcome = (apply_forced if forced else apply)(state, command, Dice(0, 0))
    if isinstance(outcome, Rejected):
        return None
    first: list[str] = []
    for event in outcome.events:
        if isinstance(event, Moved) and event.unit == unit_id:
            break
        if not isinstance(event, Forced):
            first.append(event.describe())
    else:
        return None  # no move at all: nothing to say ahead of it
    if not first:
        return None
    return f"before {unit_id} moves: {'; '.join(first)}"


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
