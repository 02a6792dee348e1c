"""The window's chrome around the map: the top bar (round, side to move), the status line and the F1 help."""
from __future__ import annotations

from collections.abc import Sequence

import pygame

from kriegsspiel.app.keys import KEYS
from kriegsspiel.render.camera import Viewport
from kriegsspiel.render.fonts import fit_lines, font
from kriegsspiel.render import overlays
from kriegsspiel.render.overlays import TextCache
from kriegsspiel.render.palette import parse_colour

TOP_BAR = 34
STATUS_BAR = 30
#: Bars grow by this many pixels in projector mode, with their text.
PROJECTOR_EXTRA = 12


def draw_top_bar(
    target: pygame.Surface,
    texts: TextCache,
    viewport: Viewport,
    *,
    headline: str,
    title: str,
    side_colour: str,
    text_size: int,
    projector: bool,
) -> None:
    """The round and the side to move (with its colour) on the left, the game's title on the right."""
    height = TOP_BAR + (PROJECTOR_EXTRA if projector else 0)
    target.blit(_bar((viewport.width, height), (20, 22, 28, 215)), (viewport.left, viewport.top))
    swatch = pygame.Rect(viewport.left + 10, viewport.top + 7, 20, height - 14)
    pygame.draw.rect(target, parse_colour(side_colour), swatch)
    pygame.draw.rect(target, (255, 255, 255), swatch, 2)
    tag = texts.get(headline, text_size + 2, (255, 255, 255), bold=True)
    name = texts.get(title, text_size - 2, (220, 220, 220))
    target.blit(tag, (swatch.right + 10, viewport.top + (height - tag.get_height()) // 2))
    name_left = viewport.left + viewport.width - name.get_width() - 12
    if name_left > swatch.right + 10 + tag.get_width() + 20:  # the title gives way in a narrow window
        target.blit(name, (name_left, viewport.top + (height - name.get_height()) // 2))


def unit_words(unit: str) -> str:
    """A rule set's ``distance_unit`` as the window says it (:func:`kriegsspiel.render.overlays.distance_words`:
    ``"map units"``, ``"metres"``), as the players' pictures say it."""
    return overlays.distance_words(unit)


#: A status line longer than the map is wide wraps onto at most this many lines (then it is cut).
STATUS_LINES = 3


def status_lines(text: str, width_px: int, text_size: int) -> list[str]:
    """The status line's text wrapped to the map's width (the last line cut with "..." past STATUS_LINES)."""
    lines = fit_lines(text, font(text_size), max(40, width_px - 20))
    if len(lines) > STATUS_LINES:
        lines = [*lines[:STATUS_LINES - 1], _clip_text(" ".join(lines[STATUS_LINES - 1:]), 10_000)]
        face = font(text_size)
        while len(lines[-1]) > 2 and face.size(lines[-1] + "…")[0] > width_px - 20:
            lines[-1] = lines[-1][:-1]
        lines[-1] += "…"
    return lines


def status_height(text: str, width_px: int, text_size: int, projector: bool) -> int:
    """The status bar's height (pixels): one line's bar, taller by a line for each line the text wraps to."""
    extra = (len(status_lines(text, width_px, text_size)) - 1) * font(text_size).get_linesize()
    return STATUS_BAR + (PROJECTOR_EXTRA if projector else 0) + extra


def draw_status(
    target: pygame.Surface, texts: TextCache, viewport: Viewport, *, text: str, error: bool, text_size: int, projector: bool
) -> None:
    """The status line at the bottom of the map: what the last action did, red when it was refused; a long one
    wraps onto more lines (the bar grows upwards over the map)."""
    lines = status_lines(text, viewport.width, text_size)
    one = STATUS_BAR + (PROJECTOR_EXTRA if projector else 0)
    height = status_height(text, viewport.width, text_size, projector)
    top = viewport.top + viewport.height - height
    target.blit(_bar((viewport.width, height), (120, 20, 20, 225) if error else (20, 22, 28, 200)), (viewport.left, top))
    step = font(text_size).get_linesize()
    for index, part in enumerate(lines):
        line = texts.get(part, text_size, (255, 255, 255))
        target.blit(line, (viewport.left + 10, top + index * step + (one - line.get_height()) // 2))


#: The help's type never shrinks below this size to fit a small window (it is clipped instead).
HELP_MIN_TEXT = 12
HELP_TITLE = "Keys of the umpire's table (F1 or Esc closes)"


def _help_rows(texts: TextCache, size: int, keys: Sequence[tuple[str, str]] = KEYS) -> list[tuple[pygame.Surface, pygame.Surface]]:
    return [(texts.get(k, size, (255, 230, 120), bold=True), texts.get(v, size, (255, 255, 255))) for k, v in keys]


def help_layout(texts: TextCache, text_size: int, window: tuple[int, int], keys: Sequence[tuple[str, str]] = KEYS,
                title_text: str = HELP_TITLE) -> tuple[int, pygame.Rect]:
    """The type size of the F1 help and the rectangle it covers in a ``window`` of (width, height) pixels:
    ``text_size`` when every key fits, else the largest smaller size (down to HELP_MIN_TEXT) that does.
    ``keys`` and ``title_text``: another window's list (the area games' window has its own)."""
    w, h = window
    size = text_size
    while True:
        rows = _help_rows(texts, size, keys)
        key_w = max(r[0].get_width() for r in rows)
        line_h = max(r[0].get_height() for r in rows) + max(2, size // 3)
        title = texts.get(title_text, size + 4, (255, 255, 255), bold=True)
        total_w = max(title.get_width(), key_w + 30 + max(r[1].get_width() for r in rows))
        total_h = line_h * (len(rows) + 2)
        if (total_w <= w - 20 and total_h <= h - 20) or size <= HELP_MIN_TEXT:
            break
        size -= 1
    box = pygame.Rect(max(10, (w - total_w) // 2), max(10, (h - total_h) // 2), total_w, total_h)
    return size, box


#: The F1 help's panel: opaque, so that no map or counter shows through the text.
HELP_BACKGROUND = (26, 28, 34)
HELP_EDGE = (120, 130, 150)


def draw_help(target: pygame.Surface, texts: TextCache, text_size: int, scroll: int = 0,
              keys: Sequence[tuple[str, str]] = KEYS, title_text: str = HELP_TITLE) -> int:
    """Every key of :data:`kriegsspiel.app.keys.KEYS` on an opaque panel over the dimmed window, in type small
    enough to fit; when even the smallest type does not fit, the rows scroll: ``scroll`` is the first row shown.
    Returns ``scroll`` kept within the rows (the caller keeps it for the next frame). ``keys`` and
    ``title_text``: another window's list (the area games' window has its own)."""
    w, h = target.get_size()
    shade = pygame.Surface((w, h), pygame.SRCALPHA)
    shade.fill((0, 0, 0, 170))
    target.blit(shade, (0, 0))
    size, box = help_layout(texts, text_size, (w, h), keys, title_text)
    rows = _help_rows(texts, size, keys)
    key_w = max(r[0].get_width() for r in rows)
    line_h = max(r[0].get_height() for r in rows) + max(2, size // 3)
    panel = box.inflate(28, 24).clip(pygame.Rect(4, 4, w - 8, h - 8))
    pygame.draw.rect(target, HELP_BACKGROUND, panel)
    pygame.draw.rect(target, HELP_EDGE, panel, 2)
    x, y = box.left, max(box.top, panel.top + 10)
    target.blit(texts.get(title_text, size + 4, (255, 255, 255), bold=True), (x, y))
    y += line_h * 2
    room = max(1, (panel.bottom - 8 - y) // line_h)
    if room < len(rows):
        room = max(1, room - 1)  # the last line says how to scroll
    scroll = max(0, min(scroll, len(rows) - room))
    for key_text, what in rows[scroll : scroll + room]:
        target.blit(key_text, (x + key_w - key_text.get_width(), y))
        target.blit(what, (x + key_w + 30, y))
        y += line_h
    if room < len(rows):
        more = f"rows {scroll + 1}-{scroll + room} of {len(rows)}: Up/Down, Page Up/Down or the wheel scroll"
        target.blit(texts.get(more, size, (255, 230, 120), bold=True), (x, y))
    return scroll


_BARS: dict[tuple[tuple[int, int], tuple[int, int, int, int]], pygame.Surface] = {}


def _bar(size: tuple[int, int], colour: tuple[int, int, int, int]) -> pygame.Surface:
    """A translucent bar, made once per size and colour (bars are drawn every frame)."""
    bar = _BARS.get((size, colour))
    if bar is None:
        if len(_BARS) > 16:
            _BARS.clear()
        bar = pygame.Surface(size, pygame.SRCALPHA)
        bar.fill(colour)
        _BARS[(size, colour)] = bar
    return bar


def _clip_text(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
