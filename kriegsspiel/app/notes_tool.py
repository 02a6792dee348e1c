"""Notes and drawings on the umpire's map (W): arrows, lines and text, each for the umpire alone or for one
named player.

W turns the note mode on: a box at the top left of the map says whom the next note is for (0 the umpire
only, 1-9 a player, Tab the next one, also while typing; a click on a row chooses too) and what a drag draws
(A an arrow, L a line). A drag on the map draws it; a click without dragging starts a text there (type it,
Enter places it, Esc drops it). Delete over a note erases it. Every note is the shell's ``note`` order through the game session, so it is journaled,
undone by Ctrl+Z and reopened with the save; a player's notes are in that player's picture alone
(``core.sight.player_view`` hands them only theirs).

:class:`NoteTool` is the mode: a :class:`kriegsspiel.app.tool.Tool` of the board (``app.tools.notes``).
"""
from __future__ import annotations

import math
from collections.abc import Hashable
from typing import TYPE_CHECKING

import pygame

from kriegsspiel.app.mouse import CLICK_SLOP  # a press that moves less is a click: it starts a text
from kriegsspiel.core.commands import EraseNote, Note, format_command
from kriegsspiel.core.game import UMPIRE_ONLY as UMPIRE
from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.render.notes import NOTE_INK, UMPIRE_INK, draw_notes

if TYPE_CHECKING:
    from kriegsspiel.app.table import Table
    from kriegsspiel.core.state import GameState
    from kriegsspiel.render.camera import Camera
    from kriegsspiel.render.overlays import TextCache

#: Delete erases the note whose drawing passes within this many pixels of the mouse
ERASE_REACH_PX = 12
DIGITS = {**{pygame.K_0 + i: i for i in range(10)}, **{pygame.K_KP0 + i: i for i in range(10)}}
BOX_PAD = 8


def audience_choices(state: GameState) -> list[str]:
    """The chooser's rows: the umpire alone, then the scenario's players (the number keys 0, 1, 2 ...)."""
    return [UMPIRE, *(p.name for p in state.setup.players)]


def _who(audience: str) -> str:
    return "the umpire only" if audience == UMPIRE else audience


def _distance_to_segment(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    ax, ay, bx, by = *a, *b
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length2))
    return math.hypot(p[0] - (ax + t * dx), p[1] - (ay + t * dy))


class NoteTool:
    """The note mode (a Tool): whom the next note is for, what a drag draws, a drag or a text under way."""

    name = "notes"

    def __init__(self) -> None:
        self.audience = UMPIRE
        self.shape = "arrow"  # what a drag draws: "arrow" or "line"
        self.pressed: WorldPoint | None = None  # where the mouse went down (world units)
        self.press_px: tuple[int, int] | None = None
        self.end: WorldPoint | None = None  # where the drag is now
        self.typing_at: WorldPoint | None = None  # a text note being typed there
        self.text = ""
        self.rows: list[tuple[pygame.Rect, str]] = []  # the chooser's rows on screen, as last drawn

    def frame_key(self, app: Table) -> tuple[Hashable, ...]:
        return (self.audience, self.shape, self.pressed, self.end, self.typing_at, self.text)

    def cancel(self) -> None:
        """Drop a drag or a text under way (the mode stays)."""
        self.pressed = self.press_px = self.end = self.typing_at = None
        self.text = ""

    def leave(self, app: Table) -> None:
        self.cancel()

    def status(self, app: Table) -> str:
        return ""

    # --- entering ---------------------------------------------------------------------------------------
    def toggle(self, app: Table) -> None:
        """W: the note mode on or off."""
        self.cancel()
        if app.tools.is_active(self):
            app.tools.leave(app)
            app._set_status("notes off")
            return
        app.tools.activate(app, self)
        drawn = "an arrow" if self.shape == "arrow" else "a line"
        app._set_status(f"notes for {_who(self.audience)}: drag for {drawn}, click to write; "
                        "0-9 or Tab: whom for, A arrow, L line, Delete erases, W or Esc: done")

    def start(self, app: Table, world_point: WorldPoint) -> None:
        """Begin a note at ``world_point`` (world units), as "note here" in the menu on empty ground does: the
        note mode opens with a text under way there (type it and press Enter); a click elsewhere instead draws
        an arrow from there to the click."""
        app.tools.activate(app, self)
        self.cancel()
        self.typing_at = world_point
        app._set_status(f"note for {_who(self.audience)}: type the text and press Enter, or click elsewhere for "
                        "an arrow from here (Tab: whom for; Esc: drop)")

    # --- events -----------------------------------------------------------------------------------------
    def handle(self, app: Table, event: pygame.event.Event) -> bool:
        """Keys, typed text, the left button and the mouse while the mode is on; True when the event was the
        tool's (the right and middle buttons still pan, the wheel still zooms)."""
        if event.type == pygame.KEYDOWN:
            return self._key(app, event.key, getattr(event, "mod", 0))
        if event.type == pygame.TEXTINPUT:
            if self.typing_at is None:
                return False
            self.text += event.text
            return True
        return self._mouse(app, event)

    def _key(self, app: Table, key: int, mod: int) -> bool:
        if self.typing_at is not None:
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.place_text(app)
            elif key == pygame.K_ESCAPE:
                self.cancel()
                app._set_status("text dropped")
            elif key == pygame.K_BACKSPACE:
                self.text = self.text[:-1]
            elif key == pygame.K_TAB:
                self._next_audience(app)
            elif mod & pygame.KMOD_CTRL and key in (pygame.K_z, pygame.K_y, pygame.K_q):
                return False
            return key not in (pygame.K_F1, pygame.K_F11, pygame.K_F12)  # letters arrive as TEXTINPUT
        if key in DIGITS and not mod & pygame.KMOD_CTRL:
            self._choose_audience(app, DIGITS[key])
        elif key == pygame.K_TAB:
            self._next_audience(app)
        elif key == pygame.K_a:
            self.shape = "arrow"
            app._set_status(f"a drag draws an arrow for {_who(self.audience)}")
        elif key == pygame.K_l:
            self.shape = "line"
            app._set_status(f"a drag draws a line for {_who(self.audience)}")
        elif key in (pygame.K_DELETE, pygame.K_BACKSPACE):
            self._erase_under(app, app.cursor)
        elif key in (pygame.K_w, pygame.K_ESCAPE):
            if self.pressed is not None:
                self.cancel()
                app._set_status("note dropped")
            else:
                self.toggle(app)
        else:
            return False
        return True

    def _next_audience(self, app: Table) -> None:
        """Tab: the next row of the chooser (after the last player, the umpire again); digits would be text
        while a note is typed, Tab is not."""
        choices = audience_choices(app.session.state)
        now = choices.index(self.audience) if self.audience in choices else -1
        self._choose_audience(app, (now + 1) % len(choices))

    def _choose_audience(self, app: Table, index: int) -> None:
        choices = audience_choices(app.session.state)
        if index >= len(choices):
            app._set_status(f"no player {index}: 0 is the umpire only, 1-{len(choices) - 1} the players", error=True)
            return
        self.audience = choices[index]
        app._set_status(f"notes for {_who(self.audience)}")

    def _mouse(self, app: Table, event: pygame.event.Event) -> bool:
        kind = event.type
        if kind == pygame.MOUSEMOTION:
            app.cursor = event.pos
            if self.pressed is not None:
                self.end = app.camera.to_world(*event.pos)
                return True
            return False
        if kind not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) or event.button != 1 \
                or not app.camera.viewport.contains(*event.pos):
            return False
        app.cursor = event.pos
        if kind == pygame.MOUSEBUTTONDOWN:
            row = next((who for rect, who in self.rows if rect.collidepoint(event.pos)), None)
            if row is not None:
                self._choose_audience(app, audience_choices(app.session.state).index(row))
                return True
            point = app.camera.to_world(*event.pos)
            if self.typing_at is not None and not self.text:
                # "note here", then a click elsewhere: an arrow from there to here
                self._submit(app, Note(self.shape, self.audience, self.typing_at, point))
                self.cancel()
                return True
            if self.typing_at is not None:
                self.place_text(app)
            self.pressed, self.press_px, self.end = point, event.pos, point
            return True
        if self.pressed is not None:
            start, press_px = self.pressed, self.press_px or event.pos
            self.cancel()
            if math.hypot(event.pos[0] - press_px[0], event.pos[1] - press_px[1]) < CLICK_SLOP:
                self.typing_at = start
                app._set_status(f"text for {_who(self.audience)}: type it, Enter places it, Esc drops it")
            else:
                self._submit(app, Note(self.shape, self.audience, start, app.camera.to_world(*event.pos)))
            return True
        return False

    # --- changes ----------------------------------------------------------------------------------------
    def place_text(self, app: Table) -> None:
        """Journal the text under way (Enter, a click elsewhere, Ctrl+Q)."""
        at, text = self.typing_at, " ".join(self.text.split())
        self.cancel()
        if at is None or not text:
            app._set_status("no text: nothing placed")
            return
        self._submit(app, Note("text", self.audience, at, None, text))

    def _submit(self, app: Table, note: Note | EraseNote) -> None:
        if isinstance(note, Note):
            # a hand's drawing needs no more than hundredths of a world unit; the journal line stays readable
            note = Note(note.shape, note.audience, _rounded(note.start),
                        None if note.end is None else _rounded(note.end), note.text)
        app._show(app.session.submit(format_command(note)))
        app._refresh_selection()

    def _erase_under(self, app: Table, pos: tuple[int, int]) -> None:
        """Delete in the note mode: erase the newest note drawn within :data:`ERASE_REACH_PX` of ``pos``."""
        camera = app.camera
        for note in reversed(app.session.state.notes):
            a = camera.to_screen(note.start)
            b = camera.to_screen(note.end) if note.end is not None else a
            if _distance_to_segment(pos, a, b) <= ERASE_REACH_PX:
                self._submit(app, EraseNote(note.id))
                return
        app._set_status("no note under the mouse to erase", error=True)

    # --- drawing ----------------------------------------------------------------------------------------
    def draw(self, app: Table, target: pygame.Surface) -> None:
        """The drag or text under way and the chooser box."""
        size = app.text_size
        to_screen = app.camera.to_screen
        if self.pressed is not None and self.end is not None and self.end != self.pressed:
            draw_notes(target, [_Draft(self.shape, self.audience, self.pressed, self.end, "")], to_screen, 3, size)
        if self.typing_at is not None:
            draw_notes(target, [_Draft("text", self.audience, self.typing_at, None, self.text + "|")], to_screen, 3, size)
        self._draw_box(app, target, app.texts, app.session.state)

    def _draw_box(self, app: Table, target: pygame.Surface, texts: TextCache, state: GameState) -> None:
        size = app.text_size - 2
        vp = app.camera.viewport
        head = texts.get(f"Notes (W): a drag draws {'an arrow' if self.shape == 'arrow' else 'a line'} (A / L), "
                         "a click writes; for:", size, (255, 255, 255), bold=True)
        rows = []
        for i, who in enumerate(audience_choices(state)):
            chosen = who == self.audience
            colour = (UMPIRE_INK if who == UMPIRE else NOTE_INK) if chosen else (230, 230, 230)
            rows.append((texts.get(f"{'>' if chosen else ' '} {i}  {_who(who)}", size, colour,
                                   (255, 255, 255, 255) if chosen else None, bold=chosen), who))
        width = max([head.get_width()] + [r.get_width() for r, _ in rows]) + 2 * BOX_PAD
        height = head.get_height() + sum(r.get_height() for r, _ in rows) + 3 * BOX_PAD
        # top right of the map: the top left holds the legend of the movement bands
        box = pygame.Rect(vp.left + vp.width - width - 10, vp.top + 44, width, height)
        panel = pygame.Surface(box.size, pygame.SRCALPHA)
        panel.fill((20, 22, 28, 225))
        target.blit(panel, box.topleft)
        target.blit(head, (box.left + BOX_PAD, box.top + BOX_PAD))
        y = box.top + 2 * BOX_PAD + head.get_height()
        self.rows = []
        for surface, who in rows:
            target.blit(surface, (box.left + BOX_PAD, y))
            self.rows.append((pygame.Rect(box.left, y, box.width, surface.get_height()), who))
            y += surface.get_height()


def draw_map_notes(app: Table, target: pygame.Surface, camera: Camera) -> None:
    """Every note on the umpire's map, each tagged with whom it is for (under the counters)."""
    draw_notes(target, app.session.state.notes, camera.to_screen, 3, app.text_size,
               tag=lambda n: f"{n.id}: {_who(n.audience)}")


def _rounded(point: WorldPoint) -> WorldPoint:
    return WorldPoint(round(point.x, 2), round(point.y, 2))


class _Draft:
    """A note under way, drawn like a note (the same fields as ``MapNote``'s that drawing reads)."""

    __slots__ = ("shape", "audience", "start", "end", "text")

    def __init__(self, shape: str, audience: str, start: WorldPoint, end: WorldPoint | None, text: str) -> None:
        self.shape, self.audience, self.start, self.end, self.text = shape, audience, start, end, text
