"""Notes and drawings on the umpire's map (W): arrows, lines and text, each for the umpire alone or for one
named player.

W turns the note mode on: a box at the top left of the map says whom the next note is for (0 the umpire
only, 1-9 a player, Tab the next one, also while typing; a click on a row chooses too) and what a drag draws
(A an arrow, L a line). A drag on the map draws it; a click without dragging starts a text there (type it,
Enter places it, Esc drops it). Delete over a note erases it. Every note is the shell's ``note`` order through the game session, so it is journaled,
undone by Ctrl+Z and reopened with the save; a player's notes are in that player's picture alone
(``core.sight.player_view`` hands them only theirs).

:class:`NoteControls` is a mix-in of :class:`kriegsspiel.app.app.App`; :class:`NoteTool` holds the mode.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from kriegsspiel.app.mouse import CLICK_SLOP  # a press that moves less is a click: it starts a text
from kriegsspiel.core.commands import EraseNote, Note, format_command
from kriegsspiel.core.game import UMPIRE_ONLY as UMPIRE
from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.render.notes import NOTE_INK, UMPIRE_INK, draw_notes

if TYPE_CHECKING:
    from kriegsspiel.app.app import App
    from kriegsspiel.core.state import GameState
    from kriegsspiel.render.camera import Camera
    from kriegsspiel.render.overlays import TextCache

#: Delete erases the note whose drawing passes within this many pixels of the mouse
ERASE_REACH_PX = 12
DIGITS = {**{pygame.K_0 + i: i for i in range(10)}, **{pygame.K_KP0 + i: i for i in range(10)}}
BOX_PAD = 8


class NoteTool:
    """The note mode: on or off, whom the next note is for, what a drag draws, a drag or a text under way."""

    def __init__(self) -> None:
        self.active = False
        self.audience = UMPIRE
        self.shape = "arrow"  # what a drag draws: "arrow" or "line"
        self.pressed: WorldPoint | None = None  # where the mouse went down (world units)
        self.press_px: tuple[int, int] | None = None
        self.end: WorldPoint | None = None  # where the drag is now
        self.typing_at: WorldPoint | None = None  # a text note being typed there
        self.text = ""
        self.rows: list[tuple[pygame.Rect, str]] = []  # the chooser's rows on screen, as last drawn

    def frame_key(self) -> tuple:
        return (self.active, self.audience, self.shape, self.pressed, self.end, self.typing_at, self.text)

    def cancel(self) -> None:
        """Drop a drag or a text under way (the mode stays)."""
        self.pressed = self.press_px = self.end = self.typing_at = None
        self.text = ""


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


class NoteControls:
    """The App's note mode (mixed into it): keys, mouse and drawing."""

    # --- entering ---------------------------------------------------------------------------------------
    def toggle_note_mode(self: App) -> None:
        """W: the note mode on or off."""
        tool = self.notes
        tool.cancel()
        tool.active = not tool.active
        if tool.active:
            drawn = "an arrow" if tool.shape == "arrow" else "a line"
            self._set_status(f"notes for {_who(tool.audience)}: drag for {drawn}, click to write; "
                             "0-9 or Tab: whom for, A arrow, L line, Delete erases, W or Esc: done")
        else:
            self._set_status("notes off")

    def start_note(self: App, world_point: WorldPoint) -> None:
        """Begin a note at ``world_point`` (world units), as "note here" in the menu on empty ground does: the
        note mode opens with a text under way there (type it and press Enter); a click elsewhere instead draws
        an arrow from there to the click."""
        tool = self.notes
        tool.cancel()
        tool.active = True
        tool.typing_at = world_point
        self._set_status(f"note for {_who(tool.audience)}: type the text and press Enter, or click elsewhere for "
                         "an arrow from here (Tab: whom for; Esc: drop)")

    # --- keys -------------------------------------------------------------------------------------------
    def _note_key(self: App, key: int, mod: int) -> bool:
        """Keys while the note mode is on; returns True when the key was the tool's."""
        tool = self.notes
        if tool.typing_at is not None:
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self._place_text()
            elif key == pygame.K_ESCAPE:
                tool.cancel()
                self._set_status("text dropped")
            elif key == pygame.K_BACKSPACE:
                tool.text = tool.text[:-1]
            elif key == pygame.K_TAB:
                self._next_audience()
            elif mod & pygame.KMOD_CTRL and key in (pygame.K_z, pygame.K_y, pygame.K_q):
                return False
            return key not in (pygame.K_F1, pygame.K_F11, pygame.K_F12)  # letters arrive as TEXTINPUT
        if key in DIGITS and not mod & pygame.KMOD_CTRL:
            self._choose_audience(DIGITS[key])
        elif key == pygame.K_TAB:
            self._next_audience()
        elif key == pygame.K_a:
            tool.shape = "arrow"
            self._set_status(f"a drag draws an arrow for {_who(tool.audience)}")
        elif key == pygame.K_l:
            tool.shape = "line"
            self._set_status(f"a drag draws a line for {_who(tool.audience)}")
        elif key in (pygame.K_DELETE, pygame.K_BACKSPACE):
            self._erase_under(self.cursor)
        elif key in (pygame.K_w, pygame.K_ESCAPE):
            if tool.pressed is not None:
                tool.cancel()
                self._set_status("note dropped")
            else:
                self.toggle_note_mode()
        else:
            return False
        return True

    def _note_text(self: App, text: str) -> bool:
        """TEXTINPUT: the letters of a text note under way; returns True when they were the tool's."""
        if not self.notes.active or self.notes.typing_at is None:
            return False
        self.notes.text += text
        return True

    def _next_audience(self: App) -> None:
        """Tab: the next row of the chooser (after the last player, the umpire again); digits would be text
        while a note is typed, Tab is not."""
        choices = audience_choices(self.session.state)
        now = choices.index(self.notes.audience) if self.notes.audience in choices else -1
        self._choose_audience((now + 1) % len(choices))

    def _choose_audience(self: App, index: int) -> None:
        choices = audience_choices(self.session.state)
        if index >= len(choices):
            self._set_status(f"no player {index}: 0 is the umpire only, 1-{len(choices) - 1} the players", error=True)
            return
        self.notes.audience = choices[index]
        self._set_status(f"notes for {_who(self.notes.audience)}")

    # --- mouse ------------------------------------------------------------------------------------------
    def _note_mouse(self: App, event: pygame.event.Event) -> bool:
        """The left button and the mouse while the note mode is on; returns True when the event was the tool's
        (the right and middle buttons still pan, the wheel still zooms)."""
        tool = self.notes
        kind = event.type
        if kind == pygame.MOUSEMOTION:
            self.cursor = event.pos
            if tool.pressed is not None:
                tool.end = self.camera.to_world(*event.pos)
                return True
            return False
        if getattr(event, "button", None) != 1 or not self.camera.viewport.contains(*event.pos):
            return False
        self.cursor = event.pos
        if kind == pygame.MOUSEBUTTONDOWN:
            row = next((who for rect, who in tool.rows if rect.collidepoint(event.pos)), None)
            if row is not None:
                self._choose_audience(audience_choices(self.session.state).index(row))
                return True
            point = self.camera.to_world(*event.pos)
            if tool.typing_at is not None and not tool.text:
                # "note here", then a click elsewhere: an arrow from there to here
                self._submit_note(Note(tool.shape, tool.audience, tool.typing_at, point))
                tool.cancel()
                return True
            if tool.typing_at is not None:
                self._place_text()
            tool.pressed, tool.press_px, tool.end = point, event.pos, point
            return True
        if kind == pygame.MOUSEBUTTONUP and tool.pressed is not None:
            start, press_px = tool.pressed, tool.press_px or event.pos
            tool.cancel()
            if math.hypot(event.pos[0] - press_px[0], event.pos[1] - press_px[1]) < CLICK_SLOP:
                tool.typing_at = start
                self._set_status(f"text for {_who(tool.audience)}: type it, Enter places it, Esc drops it")
            else:
                self._submit_note(Note(tool.shape, tool.audience, start, self.camera.to_world(*event.pos)))
            return True
        return False

    # --- changes ----------------------------------------------------------------------------------------
    def _place_text(self: App) -> None:
        tool = self.notes
        at, text = tool.typing_at, " ".join(tool.text.split())
        tool.cancel()
        if at is None or not text:
            self._set_status("no text: nothing placed")
            return
        self._submit_note(Note("text", tool.audience, at, None, text))

    def _submit_note(self: App, note: Note | EraseNote) -> None:
        if isinstance(note, Note):
            # a hand's drawing needs no more than hundredths of a world unit; the journal line stays readable
            note = Note(note.shape, note.audience, _rounded(note.start),
                        None if note.end is None else _rounded(note.end), note.text)
        self._show(self.session.submit(format_command(note)))
        self._refresh_selection()

    def _erase_under(self: App, pos: tuple[int, int]) -> None:
        """Delete in the note mode: erase the newest note drawn within :data:`ERASE_REACH_PX` of ``pos``."""
        camera = self.camera
        for note in reversed(self.session.state.notes):
            a = camera.to_screen(note.start)
            b = camera.to_screen(note.end) if note.end is not None else a
            if _distance_to_segment(pos, a, b) <= ERASE_REACH_PX:
                self._submit_note(EraseNote(note.id))
                return
        self._set_status("no note under the mouse to erase", error=True)

    # --- drawing ----------------------------------------------------------------------------------------
    def _draw_notes(self: App, target: pygame.Surface, camera: Camera, texts: TextCache) -> None:
        """Every note on the umpire's map, each tagged with whom it is for; the drag or text under way; the
        chooser box while the note mode is on."""
        state = self.session.state
        size = self.text_size
        draw_notes(target, state.notes, camera.to_screen, 3, size, tag=lambda n: f"{n.id}: {_who(n.audience)}")
        tool = self.notes
        if not tool.active:
            return
        if tool.pressed is not None and tool.end is not None and tool.end != tool.pressed:
            draw_notes(target, [_Draft(tool.shape, tool.audience, tool.pressed, tool.end, "")], camera.to_screen, 3, size)
        if tool.typing_at is not None:
            draw_notes(target, [_Draft("text", tool.audience, tool.typing_at, None, tool.text + "|")],
                       camera.to_screen, 3, size)
        self._draw_note_box(target, texts, state)

    def _draw_note_box(self: App, target: pygame.Surface, texts: TextCache, state: GameState) -> None:
        tool = self.notes
        size = self.text_size - 2
        vp = self.camera.viewport
        head = texts.get(f"Notes (W): a drag draws {'an arrow' if tool.shape == 'arrow' else 'a line'} (A / L), "
                         "a click writes; for:", size, (255, 255, 255), bold=True)
        rows = []
        for i, who in enumerate(audience_choices(state)):
            chosen = who == tool.audience
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
        tool.rows = []
        for surface, who in rows:
            target.blit(surface, (box.left + BOX_PAD, y))
            tool.rows.append((pygame.Rect(box.left, y, box.width, surface.get_height()), who))
            y += surface.get_height()


def _rounded(point: WorldPoint) -> WorldPoint:
    return WorldPoint(round(point.x, 2), round(point.y, 2))


class _Draft:
    """A note under way, drawn like a note (the same fields as ``MapNote``'s that drawing reads)."""

    __slots__ = ("shape", "audience", "start", "end", "text")

    def __init__(self, shape: str, audience: str, start: WorldPoint, end: WorldPoint | None, text: str) -> None:
        self.shape, self.audience, self.start, self.end, self.text = shape, audience, start, end, text
