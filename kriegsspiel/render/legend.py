"""The legend under a player's picture: who and when, the key to the fog, a scale bar, a north arrow and the
newest orders and messages the player received.

Drawn from the PlayerView and the printed map only, like the picture above it. The scale bar is the
window's (:func:`kriegsspiel.render.overlays.draw_scale_segments`, one round length by
:func:`~kriegsspiel.render.overlays.nice_length`), set in the legend's ink and paper.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from kriegsspiel.core.sight import OwnUnit, PlayerView, Received
from kriegsspiel.render.camera import Camera
from kriegsspiel.render.fonts import font
from kriegsspiel.render.overlays import draw_scale_segments, scale_bar_length, scale_words
from kriegsspiel.render.palette import blend, parse_colour
from kriegsspiel.render.picture_map import FOG, FOG_ALPHA, PrintedMap

LEGEND_HEIGHT = 76
#: The newest messages and orders received listed under the legend (older ones were on earlier pictures).
RECEIVED_LINES = 5
RECEIVED_LINE_HEIGHT = 22
MIN_PICTURE_WIDTH = 860
#: The scale bar is about this long in the legend's own units (it is multiplied by the legend's zoom).
SCALE_BAR_PX = 240.0
INK = (20, 20, 24)
PAPER = (248, 246, 238)
SEEN_KEY = (200, 214, 150)


@dataclass(frozen=True, slots=True)
class LegendKey:
    """The legend's key: what the bright ground means (``seen``), the dimmed ground (``unseen``; None: nothing
    is dimmed) and, for a picture with moves drawn on it, what the arrows are (``arrows``; None: no arrows)."""

    seen: str
    unseen: str | None
    arrows: str | None = None


#: a player's picture: their units' sight lit, the rest of the map dimmed
PLAYER_KEY = LegendKey("in sight of your units", "out of sight (the map only)")
#: the umpire's picture (the debrief's truth): nothing is dimmed, the moves are arrows along their paths
UMPIRE_KEY = LegendKey("the whole map and every unit in play", None, "the moves, along the ways they went")


def legend_height(z: float, received: int) -> int:
    """The legend's height in pixels at zoom ``z``, with ``received`` messages listed under it."""
    shown = min(received, RECEIVED_LINES)
    extra = round((shown + 1) * RECEIVED_LINE_HEIGHT * z + 8 * z) if shown else 0
    return round(LEGEND_HEIGHT * z) + extra


def format_game_time(minutes: int) -> str:
    """Elapsed game time as ``H:MM``."""
    return f"{minutes // 60}:{minutes % 60:02d}"


def game_clock(ruleset: object, round_number: int) -> str | None:
    """The game time at the start of ``round_number``: the time of day for rule sets with a clock
    (``RuleBook.game_clock``), else the elapsed ``H:MM``; None for untimed rule sets."""
    clock = getattr(ruleset, "game_clock", None)
    if callable(clock):
        return clock(round_number)
    minutes = getattr(ruleset, "round_minutes", None)
    return None if minutes is None else format_game_time((int(round_number) - 1) * int(minutes))


def with_legend(picture: pygame.Surface, view: PlayerView, public: PrintedMap, camera: Camera,
                moment: str | None, focus: OwnUnit | None = None, z: float = 1.0,
                key: LegendKey = PLAYER_KEY) -> pygame.Surface:
    """The picture with the legend under it; ``z`` enlarges the legend's text (the player's picture's
    ``legend_zoom``) so that it reads when the picture is shown whole; ``key`` says what the ground and the
    arrows mean."""
    width = max(MIN_PICTURE_WIDTH, picture.get_width())
    height = round(LEGEND_HEIGHT * z)
    received = list(reversed(view.received))[:RECEIVED_LINES]
    out = pygame.Surface((width, picture.get_height() + legend_height(z, len(view.received))))
    out.fill(PAPER)
    out.blit(picture, (0, 0))
    top = picture.get_height()
    pygame.draw.line(out, INK, (0, top), (width, top), 2)

    def px(value: float) -> int:
        return round(value * z)

    colour = parse_colour(public.colour_of(view.side))
    swatch = pygame.Rect(px(14), top + px(14), px(22), px(22))
    pygame.draw.rect(out, colour, swatch)
    pygame.draw.rect(out, INK, swatch, 1)
    title = font(px(24), bold=True).render(f"{view.player}", True, INK)
    out.blit(title, (swatch.right + px(10), top + px(12)))
    side = font(px(20)).render(f"  {view.side}", True, blend(colour, (0, 0, 0), 0.3))
    out.blit(side, (swatch.right + px(10) + title.get_width(), top + px(15)))
    if moment is None:
        moment = f"Round {view.round}"
        clock = game_clock(public.ruleset, view.round)
        if clock is not None:
            moment += f"  ·  game time {clock}"
    where = public.scenario_name if focus is None else f"around {focus.id} (its sight range dashed)"
    line2 = font(px(18)).render(f"{moment}  ·  {where}", True, INK)
    out.blit(line2, (px(14), top + px(46)))

    key_font = font(px(16))
    key_x = max(swatch.right + px(30) + title.get_width() + side.get_width(), line2.get_width() + px(40),
                width // 2 - px(150))
    key_x = min(key_x, width - px(560))
    seen_box = pygame.Rect(key_x, top + px(14), px(18), px(14))
    pygame.draw.rect(out, SEEN_KEY, seen_box)
    pygame.draw.rect(out, INK, seen_box, 1)
    out.blit(key_font.render(key.seen, True, INK), (seen_box.right + px(6), top + px(13)))
    second = pygame.Rect(key_x, top + px(40), px(18), px(14))
    if key.unseen is not None:
        pygame.draw.rect(out, blend(SEEN_KEY, FOG, FOG_ALPHA / 255.0), second)
        pygame.draw.rect(out, INK, second, 1)
        out.blit(key_font.render(key.unseen, True, INK), (second.right + px(6), top + px(39)))
    elif key.arrows is not None:
        # the arrows' sign: a line with a head in ink (each move is drawn in its side's colour)
        pygame.draw.line(out, INK, (second.left, second.centery), (second.right - px(4), second.centery), max(1, px(3)))
        pygame.draw.polygon(out, INK, [(second.right, second.centery), (second.right - px(7), second.top + px(2)),
                                       (second.right - px(7), second.bottom - px(2))])
        out.blit(key_font.render(key.arrows, True, INK), (second.right + px(6), top + px(39)))

    _draw_scale_bar(out, public, camera, (width - px(330), top + px(44)), z)
    _draw_north_arrow(out, (width - px(40), top + height // 2), z)
    if received:
        _draw_received(out, received, public, top + height, z)
    return out


def _draw_received(out: pygame.Surface, received: list[Received], public: PrintedMap, top: int, z: float) -> None:
    """The newest messages and orders the player received, newest first, under the legend, each with the game
    time (timed rule sets) or the round it arrived in."""
    width = out.get_width()
    line_h = round(RECEIVED_LINE_HEIGHT * z)
    pygame.draw.line(out, INK, (round(14 * z), top), (width - round(14 * z), top), 1)
    y = top + round(4 * z)
    out.blit(font(round(16 * z), bold=True).render("Orders and messages received (newest first)", True, INK),
             (round(14 * z), y))
    body = font(round(16 * z))
    room = width - round(28 * z)
    for item in received:
        y += line_h
        when = game_clock(public.ruleset, item.round) or f"round {item.round}"
        text = f"{when}  ·  {item.heading}: {item.text}"
        while text and body.size(text)[0] > room:
            text = text[:-2] + "…"
        out.blit(body.render(text, True, INK), (round(14 * z), y))


def _draw_scale_bar(out: pygame.Surface, public: PrintedMap, camera: Camera, left_bottom: tuple[int, int],
                    z: float = 1.0) -> None:
    """The map's scale in the legend: a bar of a round length in the map's unit of distance, "0" under its
    left end and the length under its right end."""
    length, px = scale_bar_length(camera.scale / public.distance_per_world_unit, SCALE_BAR_PX * z)
    px = max(1, round(px))
    x, y = left_bottom
    draw_scale_segments(out, left_bottom, px, round(8 * z), INK, PAPER)
    label_font = font(round(16 * z))
    out.blit(label_font.render("0", True, INK), (x - 3, y + 3))
    end = label_font.render(scale_words(length, public.distance_unit), True, INK)
    out.blit(end, (x + px - end.get_width() // 2 if end.get_width() < 2 * px else x, y + 3))


def _draw_north_arrow(out: pygame.Surface, centre: tuple[int, int], z: float) -> None:
    """North is up on every picture: an arrow with an N, in the legend (it covers nothing of the map)."""
    cx, cy = centre
    r = round(26 * z)
    pygame.draw.circle(out, PAPER, (cx, cy), r)
    pygame.draw.circle(out, INK, (cx, cy), r, 1)
    tip, wing = round(r * 0.85), round(r * 0.35)
    pygame.draw.polygon(out, INK, [(cx, cy - tip), (cx - wing, cy + wing // 2), (cx, cy), (cx + wing, cy + wing // 2)])
    label = font(round(17 * z), bold=True).render("N", True, INK)
    out.blit(label, label.get_rect(midtop=(cx, cy + round(3 * z))))
