"""The side panel's title (the scenario and its save's dated name) stays inside the panel."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from kriegsspiel.app.panel import BACKGROUND, HEADING, draw_panel
from kriegsspiel.render.overlays import TextCache


def _draw(title: str, width: int = 360) -> pygame.Surface:
    pygame.font.init()
    panel = pygame.Surface((width, 600))
    draw_panel(panel, TextCache(), title=title, round_line="Round 1, Crown to move", unit_lines=[], journal=[],
               console_prompt="1 ~ 1 Crown % ", console_text="", caret=0, focused=False, output=[])
    return panel


def _ink_right_of(panel: pygame.Surface, x0: int, rows: range) -> int:
    return sum(1 for x in range(x0, panel.get_width()) for y in rows if tuple(panel.get_at((x, y)))[:3] != BACKGROUND)


def test_a_long_title_wraps_inside_the_panel() -> None:
    title = "Crossing at Chadds Ford (demo-2026-11-22-1256.kssave)"
    panel = _draw(title)
    assert _ink_right_of(panel, panel.get_width() - 8, range(0, 80)) == 0, "the title runs off the panel"
    assert _heading_ink(panel, range(12, 30)) and _heading_ink(panel, range(36, 54)), "two lines of title"


def test_a_short_title_takes_one_line() -> None:
    panel = _draw("Test crossing (t.kssave)")
    assert _heading_ink(panel, range(12, 30)) and not _heading_ink(panel, range(36, 54))


def _heading_ink(panel: pygame.Surface, rows: range) -> bool:
    return any(tuple(panel.get_at((x, y)))[:3] == HEADING for x in range(12, 340) for y in rows)
