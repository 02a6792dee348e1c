"""The table's tools of the umpire's window, routed from one place: notes (W), the briefing and victory panel
(I), ending a turn (E or the panel's button), quitting (Ctrl+Q), the line an undo or redo took back, and the
players' second window (F8).

A mix-in of :class:`kriegsspiel.app.app.App`: the App's key, event and drawing code each call one method
here (:meth:`_table_key`, :meth:`_table_event`, :meth:`_draw_table`), so the tools live in their own modules
(:mod:`~kriegsspiel.app.notes_tool`, :mod:`~kriegsspiel.app.briefing`, :mod:`~kriegsspiel.app.end_turn`,
:mod:`~kriegsspiel.app.second_window`) and the shared files carry one line each.
"""
from __future__ import annotations

import sys
from collections.abc import Hashable

import pygame

from kriegsspiel.app import confirm, end_turn
from kriegsspiel.app.briefing import draw_briefing
from kriegsspiel.app.notes_tool import DIGITS
from kriegsspiel.app.second_window import SecondWindow
from kriegsspiel.app.session import Reply
from kriegsspiel.app.table import Table

MOUSE_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL)


class TableControls(Table):
    """Keys, events and drawing of the table's tools (mixed into the App)."""

    def _init_table_tools(self) -> None:
        self.second = SecondWindow()
        self.briefing_on = False
        self.undo_banner: tuple[object, str] | None = None  # (the state it is true of, the line)
        self.end_turn_button: pygame.Rect | None = None  # where it was last drawn (screen)
        self._title_wrap: tuple[tuple[str, int], int] | None = None

    def _table_frame_key(self) -> tuple[Hashable, ...]:
        banner = self.undo_banner if self.undo_banner is not None and self.undo_banner[0] is self.session.state else None
        return self.briefing_on, banner, self.second.frame_key()

    # --- keys -------------------------------------------------------------------------------------------
    def _table_key(self, event: pygame.event.Event) -> bool:
        """A key for the table's tools and the active tool; returns True when it was theirs (the App's own keys
        come after)."""
        key, mod = event.key, getattr(event, "mod", 0)
        ctrl = bool(mod & pygame.KMOD_CTRL)
        if ctrl and key == pygame.K_q:
            self.quit_saving()
            return True
        if self.confirming is not None or self.console_focused or self.carry.dragging:
            return False  # a question, a typed line or a counter carried has the keys
        if self.second.choosing:
            return self._second_key(key)
        if self.viewing.active:  # a player's picture fills the window: its own keys (V, numbers, F12)
            return False
        if self.tools.handle(self, event):  # the active tool's keys (the note mode's W, Esc, digits, ...)
            return True
        if self.briefing_on and key in (pygame.K_i, pygame.K_ESCAPE):
            self.briefing_on = False
            return True
        if ctrl:
            return False
        if key == pygame.K_w:
            self.tools.notes.toggle(self)
        elif key == pygame.K_i:
            self.briefing_on = True
            self.help_on = False
        elif key == pygame.K_e:
            self.ask_end_turn(forced=bool(mod & pygame.KMOD_SHIFT))
        elif key == pygame.K_F8:
            self._open_second_chooser()
        else:
            return False
        return True

    def _second_key(self, key: int) -> bool:
        """After F8: a number shows that player in the second window, 0 closes it, Esc or F8 cancels."""
        self.second.choosing = False
        if key in DIGITS and DIGITS[key] == 0:
            self._set_status(self.second.close())
        elif key in DIGITS:
            text = self.second.open(self.session.state, DIGITS[key] - 1)
            self._set_status(text, error=self.second.player is None or "no " in text[:3])
        elif key in (pygame.K_ESCAPE, pygame.K_F8):
            self._set_status("second window: nothing changed")
        else:
            self.second.choosing = True
            return False
        return True

    def _open_second_chooser(self) -> None:
        players = self.session.state.setup.players
        if not players:
            self._set_status("the scenario names no players", error=True)
            return
        self.second.choosing = True
        names = "  ".join(f"{i + 1} {p.name}" for i, p in enumerate(players[:9]))
        shut = "  0 close it" if self.second.player is not None else ""
        self._set_status(f"second window: whose view? {names}{shut}  (Esc: cancel)")

    # --- events -----------------------------------------------------------------------------------------
    def _table_event(self, event: pygame.event.Event) -> bool:
        """An event for the table's tools before the App's own handling; True when it was theirs."""
        kind = event.type
        if self.second.owns(event):
            if kind == pygame.WINDOWCLOSE:
                self._set_status(self.second.close())
            elif kind in (pygame.WINDOWEXPOSED, pygame.WINDOWSIZECHANGED):
                self.second.invalidate()  # uncovered or resized: draw the picture again
                return True
            return kind in MOUSE_EVENTS or kind == pygame.WINDOWCLOSE  # its mouse is not on the umpire's map
        if kind == pygame.WINDOWCLOSE and self.second.window is not None:
            self.running = False  # the umpire's window closed: SDL sends no QUIT while another window is open
            return True
        if kind == pygame.TEXTINPUT and not self.console_focused:
            return self.tools.handle(self, event)  # a text note being typed
        if self.viewing.active or self.confirming is not None:
            return False
        if kind == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.end_turn_button is not None \
                and not self.projector and self.end_turn_button.collidepoint(event.pos):
            self.ask_end_turn(forced=self._shift())
            return True
        if kind in MOUSE_EVENTS and self.tools.active is not None:
            self.cursor = getattr(event, "pos", self.cursor)
            return self.tools.handle(self, event)  # the active tool: notes, the ruler, the line of sight, ...
        return False

    # --- end turn, quit, undo ---------------------------------------------------------------------------
    def ask_end_turn(self, forced: bool = False) -> None:
        """E or the End turn button: ask, saying what ending the turn will do (Enter journals ``turn``)."""
        state = self.session.state
        game = self.session.game
        preview = end_turn.end_turn_preview(state, game.seed, end_turn.next_record_number(game))
        question = f"End {end_turn.what_ends(state)}?" if not forced else f"Force the end of {end_turn.what_ends(state)}?"
        self._ask(confirm.Confirmation("turn", forced, (question, *(f"  {line}" for line in preview))))

    def _show_undo(self, reply: Reply) -> None:
        """After Ctrl+Z / Ctrl+Y: the status line and, over the map, the line taken back or put again."""
        self._show(reply)
        self._refresh_selection()
        self.undo_banner = (self.session.state, reply.lines[0]) if reply.accepted else None

    def quit_saving(self) -> None:
        """Ctrl+Q: finish what is under way that belongs in the save, then close the window. Every command is
        already on disk; a text note being typed is placed, orders the phones sent are taken in, an unanswered
        question is dropped (it was never journaled) and an unsent console line is kept in the history."""
        pending: list[str] = []
        notes = self.tools.notes
        if notes.typing_at is not None and notes.text.strip():
            notes.place_text(self)
            pending.append("the note being typed was placed")
        notes.cancel()
        if self.confirming is not None:
            pending.append(f"the unanswered question ({self.confirming.line}) was not done")
            self.confirming = None
        if self.carry.dragging:
            self.carry.dragging = False
            pending.append("the drag under way was cancelled")
        typed = self.console.text.strip()
        if typed:
            self.console.history.append(typed)
            pending.append(f"the console line not sent ({typed}) is kept in its history (Up)")
        kept = self.setup_mode.keep_unsaved(self)  # counters placed in the set-up mode and not saved
        if kept:
            pending.append(kept)
        self.portal.pump()  # orders the players' phones handed over reach the journal first
        if self.second.window is not None:
            self.second.close()
        line = end_turn.quit_lines(pending)
        self._set_status(line)
        print(f"kriegsspiel: {line}", file=sys.stderr)
        self.running = False

    # --- drawing ----------------------------------------------------------------------------------------
    def _title_lines(self) -> int:
        """How many lines the panel's title wraps to (measured once per title and panel width: the button
        sits under them, and a frame of a drag must not measure text)."""
        from kriegsspiel.app.panel import _wrap

        title = self.session.title or self.session.state.setup.name
        key = (title, self._panel_width())
        if self._title_wrap is None or self._title_wrap[0] != key:
            self._title_wrap = (key, len(_wrap(title, self._panel_width() - 36, 20)))
        return self._title_wrap[1]

    def _draw_table(self, target: pygame.Surface) -> None:
        """The End turn button on the panel, the undo/redo line, the briefing panel (over everything)."""
        state = self.session.state
        self.end_turn_button = None
        if not self.projector:
            w = target.get_width()
            panel_left = w - self._panel_width()
            rect = end_turn.button_rect(w - 12 - end_turn.BUTTON_SIZE[0], self._title_lines())
            if rect.left > panel_left + 12:
                end_turn.draw_button(target, self.texts, rect, not state.finished)
                self.end_turn_button = rect
        area = self._chooser_area()
        if self.undo_banner is not None and self.undo_banner[0] is state:
            end_turn.draw_banner(target, self.texts, self.undo_banner[1], area, self.text_size)
        if self.briefing_on:
            draw_briefing(target, self.texts, state, area, self.text_size, self.board.colours)
