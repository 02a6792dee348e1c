"""The side panel of the area window: the phase, who still owes orders (units without one, by power), the
orders given, the log (scrolled with Page Up/Down or the wheel over it), the Adjudicate and Confirm buttons and
the console line; and the question Confirm asks over the board."""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

import pygame

from kriegsspiel.render.fonts import fit_lines, font
from kriegsspiel.store.area import AreaTurn

PANEL_WIDTH = 400
BG = (245, 242, 232)
#: the edge of the console's box while it has the keys
FOCUS = (40, 110, 200)
INK = (25, 25, 25)
BAD = (170, 20, 20)
#: the "what to do now" lines
DUTY = (20, 70, 140)
_DIM = (110, 100, 80)
#: the orders listed at most (the newest; 'orders' in the console lists them all)
ORDERS_SHOWN = 14


def unordered_line(units_waiting: Iterable[tuple[str, str]]) -> str:
    """'without orders: FRANCE 2, GERMANY 3' from (power, uid) pairs of the units still without an order."""
    count = Counter(power for power, _ in units_waiting)
    if not count:
        return "every unit has an order"
    return "without orders: " + ", ".join(f"{p} {n}" for p, n in sorted(count.items()))


def draw_panel(surface: pygame.Surface, title: str, turn: AreaTurn, waiting_powers: Sequence[str], unordered: str,
               log: Sequence[tuple[str, bool]], log_scroll: int, console: str, focused: bool = True,
               duties: Sequence[str] = ()) -> int:
    """Draw the panel at the right edge of ``surface``, with ``duties`` (what each power ordering now is to
    do) under the phase; returns the log scroll kept within the log (lines back from its end)."""
    w, h = surface.get_size()
    x = w - PANEL_WIDTH
    pygame.draw.rect(surface, BG, (x, 0, PANEL_WIDTH, h))
    pygame.draw.line(surface, (120, 110, 90), (x, 0), (x, h), 2)
    head, body = font(18, bold=True), font(14)
    lines: list[tuple[str, pygame.font.Font, tuple[int, int, int]]] = [
        (title, head, INK), (turn.position.phase_label, head, INK),
        ("orders from: " + (", ".join(waiting_powers) or "nobody"), body, INK),
        *[(line, font(14, bold=True), DUTY) for line in duties], (unordered, body, _DIM),
        ("", body, INK), (f"Orders given ({len(turn.orders)})", head, INK)]
    latest = turn.orders[-ORDERS_SHOWN:]
    if len(turn.orders) > len(latest):
        lines.append((f"... {len(turn.orders) - len(latest)} more: type 'orders'", body, _DIM))
    lines += [(f"{o.power}: {o.text}", body, INK) for o in latest] or [("(none)", body, INK)]
    lines += [(f"{c.power} must choose: {c.question}", body, BAD) for c in turn.choices]
    lines += [("", body, INK), ("Log" + (" (Page Down: newer)" if log_scroll else ""), head, INK)]
    top = 10 + sum(len(fit(t, f, PANEL_WIDTH - 20)) * (f.get_linesize() + 1) for t, f, _ in lines)
    log_lines = [(part, bad) for text, bad in log for part in fit(text, body, PANEL_WIDTH - 20)]
    room = max(1, (h - 96 - top) // (body.get_linesize() + 1))
    scroll = max(0, min(log_scroll, len(log_lines) - room))
    end = len(log_lines) - scroll
    lines += [(text, body, BAD if bad else INK) for text, bad in log_lines[max(0, end - room):end]]
    y = 10
    for text, face, colour in lines:
        for part in fit(text, face, PANEL_WIDTH - 20):
            if y > h - 96:
                break  # the buttons and the console's box below keep their room
            surface.blit(face.render(part, True, colour), (x + 10, y))
            y += face.get_linesize() + 1
    for word, rect in button_rects(surface.get_size()).items():
        pygame.draw.rect(surface, (232, 224, 196), rect, border_radius=4)
        pygame.draw.rect(surface, INK, rect, 1, border_radius=4)
        label = font(15, bold=True).render(BUTTONS[word], True, INK)
        surface.blit(label, label.get_rect(center=rect.center))
    box = console_rect((w, h))
    if focused:  # the focus shows: a white box, a blue edge and the caret
        pygame.draw.rect(surface, (255, 255, 255), box)
        pygame.draw.rect(surface, FOCUS, box, 2)
        surface.blit(body.render(("> " + console + "|")[-52:], True, INK), (box.x + 6, box.y + 6))
    else:
        pygame.draw.rect(surface, (226, 222, 210), box)
        pygame.draw.rect(surface, (150, 146, 136), box, 1)
        shown = ("> " + console)[-52:] if console else "Enter or click here to type; keys are shortcuts"
        surface.blit(body.render(shown, True, (110, 106, 98)), (box.x + 6, box.y + 6))
    return scroll


def console_rect(size: tuple[int, int]) -> pygame.Rect:
    """The console's box at the panel's foot (screen), for a window of ``size``."""
    w, h = size
    return pygame.Rect(w - PANEL_WIDTH + 8, h - 36, PANEL_WIDTH - 16, 28)


#: the panel's buttons: the command each gives -> its words
BUTTONS = {"adjudicate": "Adjudicate", "confirm": "Confirm phase..."}


def button_rects(size: tuple[int, int]) -> dict[str, pygame.Rect]:
    """Where the buttons stand (screen), side by side above the console."""
    w, h = size
    x, half = w - PANEL_WIDTH + 8, (PANEL_WIDTH - 24) // 2
    return {"adjudicate": pygame.Rect(x, h - 70, half, 28), "confirm": pygame.Rect(x + half + 8, h - 70, half, 28)}


def draw_question(surface: pygame.Surface, view: pygame.Rect, lines: Sequence[str]) -> dict[str, pygame.Rect]:
    """A question over the middle of the board (its first line in bold) with Yes and No buttons; returns
    their rectangles (screen)."""
    head, body = font(17, bold=True), font(14)
    width = max(320, *(body.size(t)[0] + 40 for t in lines[1:]), head.size(lines[0])[0] + 40)
    height = 24 + head.get_linesize() + (body.get_linesize() + 2) * (len(lines) - 1) + 52
    box = pygame.Rect(0, 0, width, height)
    box.center = view.center
    pygame.draw.rect(surface, (250, 248, 238), box)
    pygame.draw.rect(surface, INK, box, 2)
    y = box.y + 12
    surface.blit(head.render(lines[0], True, INK), (box.x + 20, y))
    y += head.get_linesize() + 4
    for text in lines[1:]:
        surface.blit(body.render(text, True, INK), (box.x + 20, y))
        y += body.get_linesize() + 2
    yes = pygame.Rect(box.centerx - 150, box.bottom - 40, 140, 28)
    no = pygame.Rect(box.centerx + 10, box.bottom - 40, 140, 28)
    for rect, words in ((yes, "Yes (Enter)"), (no, "No (Esc)")):
        pygame.draw.rect(surface, (232, 224, 196), rect, border_radius=4)
        pygame.draw.rect(surface, INK, rect, 1, border_radius=4)
        label = font(15, bold=True).render(words, True, INK)
        surface.blit(label, label.get_rect(center=rect.center))
    return {"yes": yes, "no": no}


def fit(text: str, face: pygame.font.Font, width_px: int) -> list[str]:
    """``text`` broken into lines no wider than ``width_px`` (:func:`kriegsspiel.app.chrome.fit_lines`), so no
    power's name, save name or result runs off the panel."""
    return fit_lines(text, face, width_px)
