"""The briefing and victory panel (I): the scenario's situation, each side's briefing, its victory conditions
and where it stands on each now, over the umpire's map.

The words come from the scenario (``[scenario] description``, ``[[sides]] briefing``, ``[[victory]]``) and
the standing from the core's victory code (``core.state``: scores, who is in a zone), the same that decides
the game at the end of a round. It is the umpire's panel: it counts units the players may not see.
"""
from __future__ import annotations

import textwrap
from dataclasses import dataclass

import pygame

from kriegsspiel.core.state import GameState, VictorySetup, describe_condition, holds_zone, scores
from kriegsspiel.render.overlays import TextCache
from kriegsspiel.render.palette import parse_colour

HEADING = (255, 220, 120)
TEXT = (235, 235, 235)
GOOD = (140, 220, 140)
BAD = (240, 150, 130)
PAD = 16
#: characters a line of the panel holds at most before it wraps
WRAP = 96


@dataclass(frozen=True, slots=True)
class Line:
    """One line of the panel: its text and how it is drawn (``head``, ``side`` with the side's colour,
    ``text``, ``met`` or ``unmet``)."""

    text: str
    style: str
    side: str = ""


def standing(state: GameState, condition: VictorySetup) -> tuple[str, bool]:
    """Where ``condition``'s side stands on it now, in words, and whether it would be met if checked now."""
    side = condition.side
    if condition.kind == "hold" and condition.zone:
        zone = state.battlefield.zone(condition.zone)
        if zone is None:
            return f"the map has no zone {condition.zone!r}", False
        present: dict[str, int] = {}
        for unit in state.units.values():
            if zone.contains(unit.position):
                present[unit.side] = present.get(unit.side, 0) + 1
        if not present:
            return f"nobody is in {condition.zone}", False
        parts = ", ".join(f"{n} of {s}" for s, n in present.items())
        held = holds_zone(state, side, condition.zone)
        return (f"{side} alone holds it ({parts})" if held else f"in {condition.zone}: {parts}"), held
    if condition.kind == "destroy":
        enemies = sum(1 for u in state.units.values() if u.side != side)
        return f"{enemies} enemy unit{'s' if enemies != 1 else ''} left", enemies == 0
    if condition.kind == "score":
        target = condition.score if condition.score is not None else 100.0
        now = scores(state).get(side, 0.0)
        return f"score {now:.0f}% (needs {target:g}%)", now >= target
    return "not measured", False


def briefing_lines(state: GameState) -> list[Line]:
    """The panel's lines: the scenario, the round, then each side's briefing, conditions and standing."""
    setup = state.setup
    lines = [Line(setup.name, "head")]
    last = f" of {setup.rounds}" if setup.rounds is not None else ""
    when = f"Round {state.round}{last}, {state.side_to_move} to move"
    if state.finished:
        when = "The game is over: " + (f"{', '.join(state.winners)} won" if state.winners else "no side won")
    lines.append(Line(when, "text"))
    lines += [Line(part, "text") for part in _wrap(setup.description)]
    now = scores(state)
    for side in setup.sides:
        lines.append(Line("", "text"))
        lines.append(Line(f"{side.name}   (score {now.get(side.name, 0.0):.0f}% of its starting strength)", "side",
                          side.name))
        text = side.briefing or "(the scenario gives this side no briefing)"
        lines += [Line(part, "text") for part in _wrap(text)]
        conditions = [c for c in setup.victory if c.side == side.name]
        if not conditions:
            lines.append(Line("Victory: none of its own (it wins by denying the others theirs)", "text"))
        for condition in conditions:
            words, met = standing(state, condition)
            lines.append(Line(f"Victory: {side.name} {describe_condition(condition, state)}", "text"))
            lines.append(Line(f"   now: {words}", "met" if met else "unmet"))
    return lines


def _wrap(text: str) -> list[str]:
    out: list[str] = []
    for paragraph in text.strip().split("\n\n"):
        if paragraph.strip():
            out += textwrap.wrap(" ".join(paragraph.split()), WRAP)
    return out


def draw_briefing(target: pygame.Surface, texts: TextCache, state: GameState, area: pygame.Rect, size: int,
                  colours: dict[str, str]) -> None:
    """The panel in an opaque box over ``area`` (the map view), clipped to it."""
    lines = briefing_lines(state)
    rows: list[tuple[pygame.Surface, Line]] = []
    for line in lines:
        colour = {"head": HEADING, "met": GOOD, "unmet": BAD}.get(line.style, TEXT)
        if line.style == "side":
            r, g, b = parse_colour(colours.get(line.side, "#c0c0c0"))
            colour = (min(255, r + 60), min(255, g + 60), min(255, b + 60))  # a dark side colour stays readable on the box
        rows.append((texts.get(line.text or " ", size + (4 if line.style == "head" else 0), colour,
                               bold=line.style in ("head", "side")), line))
    footer = texts.get("I or Esc: close", size - 2, (170, 170, 180))
    width = min(area.width - 20, max(r.get_width() for r, _ in rows) + 2 * PAD)
    height = min(area.height - 20, sum(r.get_height() + 2 for r, _ in rows) + footer.get_height() + 3 * PAD)
    box = pygame.Rect(0, 0, width, height)
    box.center = area.center
    panel = pygame.Surface(box.size, pygame.SRCALPHA)
    panel.fill((22, 24, 30, 240))
    target.blit(panel, box.topleft)
    pygame.draw.rect(target, HEADING, box, 2, border_radius=6)
    clip = target.get_clip()
    target.set_clip(box.inflate(-4, -4))
    y = box.top + PAD
    for surface, line in rows:
        if line.style == "side":
            swatch = pygame.Rect(box.left + PAD, y + 2, 14, surface.get_height() - 4)
            pygame.draw.rect(target, parse_colour(colours.get(line.side, "#808080")), swatch)
            target.blit(surface, (swatch.right + 8, y))
        else:
            target.blit(surface, (box.left + PAD, y))
        y += surface.get_height() + 2
    target.blit(footer, (box.right - PAD - footer.get_width(), box.bottom - PAD - footer.get_height()))
    target.set_clip(clip)
