"""The keys of the umpire's table, the console line, the view-as chooser and the screenshots (F12).

A mix-in of :class:`kriegsspiel.app.app.App`. Undo, redo and console lines go through the game session, the
same door as the Umpire shell.
"""
from __future__ import annotations

from pathlib import Path

import pygame

from kriegsspiel.app import combat_window, confirm, sight_line, waypoints
from kriegsspiel.app.console import reflow_man_page
from kriegsspiel.app.session import Reply
from kriegsspiel.app.viewas import NUMBER_KEYS, next_shot_number
from kriegsspiel.app.table import Table
from kriegsspiel.render.camera import ZOOM_STEP

PAN_KEY_FRACTION = 0.125
#: Lines of console output one Page Up/Down scrolls.
OUTPUT_PAGE = 10
#: Keys that scroll the F1 help while it is shown (rows; End: far enough, the help keeps it within its rows).
HELP_SCROLL_KEYS = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -10, pygame.K_PAGEDOWN: 10,
                    pygame.K_HOME: -1000, pygame.K_END: 1000}


class KeyControls(Table):
    """The keyboard of the App (mixed into it)."""

    def _key(self, event: pygame.event.Event) -> None:
        key = event.key
        mod = getattr(event, "mod", 0)
        if key in (pygame.K_LSHIFT, pygame.K_RSHIFT):
            self.shift_held = True
            return
        if key in (pygame.K_LCTRL, pygame.K_RCTRL):
            self.ctrl_held = True
            return
        if self._table_key(event):  # the active tool, W notes, I briefing, E end turn, F8 second window, Ctrl+Q
            return
        if self.confirming is not None:
            if key in confirm.YES_KEYS or key in confirm.NO_KEYS:
                self._answer(key in confirm.YES_KEYS)
            return  # nothing else happens while the question is open
        # U, Ctrl+F and the keys of the list and the find box (not while typing a command or viewing as a player)
        if not self.console_focused and not self.viewing.active and self.unit_list.key(self, key, mod):
            return
        if self.help_on and key in HELP_SCROLL_KEYS:
            self.help_scroll = max(0, self.help_scroll + HELP_SCROLL_KEYS[key])
            return
        if key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN) and not self.projector:
            step = OUTPUT_PAGE if key == pygame.K_PAGEUP else -OUTPUT_PAGE
            self.console_scroll = max(0, min(len(self.console_output), self.console_scroll + step))
            return
        if self.console_focused and self._console_key(key, mod):
            return
        ctrl = bool(mod & pygame.KMOD_CTRL)
        if self.viewing.active and self._view_key(key):
            return
        if self.carry.dragging and self.carry.drag is not None and key in waypoints.KEYS:  # Space / Backspace: waypoints
            waypoints.waypoint_key(self, key)
            return
        if ctrl and key in (pygame.K_b, pygame.K_t):  # movement bands, trails
            self._set_status(self.bands.toggle() if key == pygame.K_b else self.trails.toggle())
            return
        word = combat_window.order_for_key(self, key)  # an order's key (the rule set's hints) or a chart's digit aims it
        if word is not None and not ctrl and self.selected is not None and self.view_as is None:
            self.tools.aiming.start(self, word)
            return
        if self.combat.key(self, key, mod):  # a pending Ruleset V3 combat: Enter resolves, Esc undoes, +/- modify
            return
        if self.portal.key(key):
            return
        if ctrl and key == pygame.K_z:
            self._show_undo(self.session.undo())
        elif ctrl and key == pygame.K_y:
            self._show_undo(self.session.redo())
        elif key == pygame.K_F1:
            self.help_on = not self.help_on
            self.help_scroll = 0
        elif key == pygame.K_F9:
            self._set_status(self.portal.toggle())
        elif key == pygame.K_v:
            self._open_chooser()
        elif key == pygame.K_F12:
            self.save_screenshot()
        elif key == pygame.K_ESCAPE:
            self.rotation.cancel(self)
            self.help_on = False
            self.tools.leave(self)  # the ruler, the line of sight, ...
            if self.group.cancel():
                self.carry.press_at = None
                self._set_status("group move cancelled")
            if self.carry.dragging and self.carry.stop():
                self._set_status("drag cancelled")
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.console_focused = True
        elif key == pygame.K_HOME:
            self.camera = self._fitted()
        elif key == pygame.K_F11:
            if self.on_fullscreen is not None:
                self.on_fullscreen()
        elif key == pygame.K_p:
            self.projector = not self.projector
            self.camera = self.camera.with_viewport(self._viewport())
        elif key == pygame.K_r:
            self.rotation.r_pressed(self, self.tools.active)  # R + wheel over a ship turns it instead
            ruler = self.tools.ruler
            self.tools.activate(self, None if self.tools.is_active(ruler) else ruler)
            self._set_status("ruler: drag between two points (R again to leave)" if self.tools.is_active(ruler) else "ruler off")
        elif key == pygame.K_g:
            self.rings_on = not self.rings_on
        elif key == pygame.K_l and not ctrl:
            sight_line.toggle(self)
        elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self._zoom(self._zoom_anchor(), ZOOM_STEP)
        elif key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self._zoom(self._zoom_anchor(), 1 / ZOOM_STEP)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            vp = self.camera.viewport
            # whole pixels: the map, its counters and their dots all move by the same amount
            step_x, step_y = float(round(vp.width * PAN_KEY_FRACTION)), float(round(vp.height * PAN_KEY_FRACTION))
            dx = {pygame.K_LEFT: step_x, pygame.K_RIGHT: -step_x}.get(key, 0.0)
            dy = {pygame.K_UP: step_y, pygame.K_DOWN: -step_y}.get(key, 0.0)
            self.camera = self.camera.panned(dx, dy)

    def _console_key(self, key: int, mod: int) -> bool:
        """Keys while the console has the focus; returns True when the key was the console's."""
        line = self.console
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            text = line.submit()
            if text:
                self.run_console_line(text)
        elif key == pygame.K_ESCAPE:
            self.console_focused = False
        elif key == pygame.K_BACKSPACE:
            line.backspace()
        elif key == pygame.K_DELETE:
            line.delete()
        elif key == pygame.K_LEFT:
            line.move_caret(-1)
        elif key == pygame.K_RIGHT:
            line.move_caret(1)
        elif key == pygame.K_HOME:
            line.home()
        elif key == pygame.K_END:
            line.end()
        elif key == pygame.K_UP:
            line.previous()
        elif key == pygame.K_DOWN:
            line.next()
        elif key == pygame.K_TAB:
            candidates = line.complete(self.session.command_words(), self.session.names())
            if len(candidates) > 1:
                more = f" (+{len(candidates) - 24} more)" if len(candidates) > 24 else ""
                self._set_status("completions: " + "  ".join(candidates[:24]) + more)
        elif mod & pygame.KMOD_CTRL and key in (pygame.K_z, pygame.K_y):
            return False  # undo/redo work while typing too
        else:
            return key not in (pygame.K_F1, pygame.K_F11, pygame.K_F12)  # printable keys arrive as TEXTINPUT
        return True

    def run_console_line(self, text: str) -> Reply:
        """Run one Umpire shell line (as typed in the console) through the game session."""
        reply = self.session.run_line(text)
        man = text.split()[0].lower() == "man" if text.split() else False
        self._console_says(f"> {text}", reflow_man_page(reply.lines) if man else reply.lines)
        self._show(reply)
        if self.session.quit_requested:
            self.running = False
        self._refresh_selection()
        return reply

    def _open_chooser(self) -> None:
        """V on the umpire's map: the chooser of the scenario's players."""
        if not self.session.state.setup.players:
            self._set_status("the scenario names no players", error=True)
            return
        self.viewing.chooser = True
        self.help_on = False
        self._set_status("view as: click a player or press their number (V or Esc: back)")

    def _view_key(self, key: int) -> bool:
        """Keys while the chooser or a picture is shown; returns True when the key was theirs (all but F1 and
        F11). V or Esc goes back to the umpire's map, a number picks a player, F12 saves the picture."""
        if key in (pygame.K_F1, pygame.K_F11):
            return False
        if key == pygame.K_ESCAPE and self.help_on:
            self.help_on = False
        elif key in (pygame.K_v, pygame.K_ESCAPE):
            self.viewing.leave()
            self._set_status("the umpire's map")
        elif key in NUMBER_KEYS:
            self._view_player(NUMBER_KEYS[key])
        elif key == pygame.K_F12 and self.viewing.player is not None:
            self.save_player_picture()
        return True

    def _view_player(self, index: int) -> None:
        name = self.viewing.pick(self.session.state, index)
        if name is None:
            self._set_status(f"no player {index + 1}: the scenario has {len(self.session.state.setup.players)}", error=True)
        else:
            self._set_status(f"viewing as {name}: exactly the picture they receive")

    def _view_mouse(self, event: pygame.event.Event) -> bool:
        """The mouse over the chooser (a click picks the player under it) or over a picture (nothing)."""
        self.cursor = event.pos if hasattr(event, "pos") else self.cursor
        self.hover = None
        if self.viewing.chooser and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self.viewing.row_at(self.texts, self.session.state, self.text_size, self._chooser_area(), event.pos)
            if index is not None:
                self._view_player(index)
        return False

    def _chooser_area(self) -> pygame.Rect:
        vp = self.camera.viewport
        return pygame.Rect(vp.left, vp.top, vp.width, vp.height)

    def save_player_picture(self) -> Path | None:
        """F12 while viewing as a player: their picture itself, as ``kriegsspiel pov`` writes it."""
        if self.screenshot_dir is None:
            self._set_status("no folder for screenshots (the game has no save)", error=True)
            return None
        try:
            path = self.viewing.save_picture(self.session.state, self.screenshot_dir, next_shot_number(self.screenshot_dir))
        except OSError as exc:
            self._set_status(f"picture not saved: {exc}", error=True)
            return None
        self._set_status(f"{self.view_as}'s picture (round {self.session.state.round} as it stands) saved as {path}")
        return path

    def save_screenshot(self) -> Path | None:
        """F12: write the current frame as ``shot-NNN.png`` in :attr:`screenshot_dir` (next to the save)."""
        if self.screenshot_dir is None:
            self._set_status("no folder for screenshots (the game has no save)", error=True)
            return None
        try:
            self.screenshot_dir.mkdir(parents=True, exist_ok=True)
            path = self.screenshot_dir / f"shot-{next_shot_number(self.screenshot_dir):03d}.png"
            pygame.image.save(self.surface, str(path))
        except (OSError, pygame.error) as exc:
            self._set_status(f"screenshot not saved: {exc}", error=True)
            return None
        self._set_status(f"screenshot saved as {path}")
        return path
