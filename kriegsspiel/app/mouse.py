"""The mouse on the umpire's table: press, drag, release, right click, wheel, the Ctrl+drag box and picking.

A mix-in of :class:`kriegsspiel.app.app.App` (it uses the App's camera, board, session, selection and status).
A drop becomes a shell line through the game session; nothing here decides a rule.
"""
from __future__ import annotations

import math

import numpy as np
import pygame

from kriegsspiel.app import combat_window, ground_menu, targeting, unit_menu, visible
from kriegsspiel.app.carry import CLICK_SLOP
from kriegsspiel.app.table import Table
from kriegsspiel.core.state import UnitState
from kriegsspiel.render.camera import ZOOM_STEP

__all__ = ["CLICK_SLOP", "MouseControls"]


class MouseControls(Table):
    """Events and the mouse of the App (mixed into it): :meth:`handle` is where every event enters."""

    def handle(self, event: pygame.event.Event) -> bool:
        """Handle one event; returns True when it moved the mouse (the drag path must follow)."""
        kind = event.type
        if self.setup_mode.handle(self, event):  # F2, and every gesture while setting up (app/setup_mode.py)
            return False
        if self._table_event(event):  # notes (W), the End turn button, the players' second window
            return False
        if self.viewing.active and kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL):
            return self._view_mouse(event)  # nothing under the chooser or a picture may be picked up
        if self.unit_list.mouse(self, event):  # U: a click on the list selects and centres; the wheel scrolls it
            return False
        if kind == pygame.QUIT:
            self.running = False
        elif kind in (pygame.WINDOWEXPOSED, pygame.VIDEOEXPOSE):
            self.invalidate()
        elif kind == pygame.WINDOWFOCUSLOST:
            self.rotation.focus_lost(self)  # R's release would never come
        elif kind in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            display = pygame.display.get_surface()
            if self.follows_display and display is not None:
                self.resize(display)
        elif kind == pygame.MOUSEMOTION:
            return self._motion(event.pos)
        elif kind == pygame.MOUSEBUTTONDOWN:
            self.cursor = event.pos
            if event.button == 1:
                self._press(event.pos)
            elif event.button in (2, 3) and self.camera.viewport.contains(*event.pos) and not self.carry.dragging:
                self.panning_from = event.pos  # the middle or right button pans even over counters
                self.right_press_at = event.pos if event.button == 3 else None
        elif kind == pygame.MOUSEBUTTONUP:
            self.cursor = event.pos
            if event.button == 1:
                self._release(event.pos)
            elif event.button in (2, 3) and self.carry.press_at is None:
                self.panning_from = None
                if event.button == 3:
                    self._right_click(event.pos)
        elif kind == pygame.MOUSEWHEEL and self.rotation.wheel(self, event.y):
            pass  # R + wheel turns a ship (app/ship_rotation.py)
        elif kind == pygame.MOUSEWHEEL and self.help_on:
            self.help_scroll = max(0, self.help_scroll - 3 * event.y)  # the wheel scrolls the help, not the map
        elif kind == pygame.MOUSEWHEEL and not self.projector and not self.camera.viewport.contains(*self.cursor):
            # over the panel: its console output
            self.console_scroll = max(0, min(len(self.console_output), self.console_scroll + 3 * event.y))
        elif kind == pygame.MOUSEWHEEL:
            if event.y and self.camera.viewport.contains(*self.cursor):
                self._zoom(self.cursor, ZOOM_STEP ** (1 if event.y > 0 else -1))
        elif kind == pygame.KEYDOWN:
            self._key(event)
        elif kind == pygame.KEYUP:
            if event.key in (pygame.K_LSHIFT, pygame.K_RSHIFT):
                self.shift_held = False
            if event.key in (pygame.K_LCTRL, pygame.K_RCTRL):
                self.ctrl_held = False
            if event.key == pygame.K_r:
                self.rotation.r_released(self)
        elif kind == pygame.TEXTINPUT:
            if not self.console_focused and self.unit_list.text(event.text):  # Ctrl+F: the find box
                pass
            elif self.console_focused:
                self.console.insert(event.text)
        return False

    def _motion(self, pos: tuple[int, int]) -> bool:
        self.cursor = pos
        self.rotation.motion(self, pos)  # a ship's handle being dragged
        if self.panning_from is not None:
            dx, dy = pos[0] - self.panning_from[0], pos[1] - self.panning_from[1]
            self.camera = self.camera.panned(dx, dy)
            self.panning_from = pos
        elif self.group.grabbed is not None and self.carry.box is None:
            self.group.motion(self, pos)  # several counters selected, one of them pressed: carry them all
        else:
            self.carry.motion(pos)  # the Ctrl+drag box, or the pressed counter picked up past the click slop
        if self.carry.press_at is None and self.camera.viewport.contains(*pos):
            under = self.unit_at(pos)
            self.hover = under.id if under is not None else None
        else:
            self.hover = None
        return True

    def _press(self, pos: tuple[int, int]) -> None:
        if self.confirming is not None:  # a click elsewhere is a no
            self._answer(False)
            return
        if not self.camera.viewport.contains(*pos):
            if not self.combat.press(self, pos):  # a button of the pending combat (Ruleset V3)
                self.console_focused = self._console_rect().collidepoint(pos)
            return
        self.console_focused = False
        if self.rotation.press(self, pos):  # the selected ship's handle
            return
        self.carry.press_at = pos
        unit = self.unit_at(pos)
        if unit is None and (self.ctrl_held or pygame.key.get_mods() & pygame.KMOD_CTRL):
            self.carry.box = (pos, pos)  # Ctrl+drag on open ground: a box around the units to select
            return
        if unit is None:
            self.panning_from = pos
            return
        if self.selected is not None and (self.ctrl_held or pygame.key.get_mods() & pygame.KMOD_CTRL):
            self._add_shooter(unit.id)
            self.carry.press_at = None
            return
        if self.group.grab(self, unit.id):
            return
        if self.selected is not None and unit.id != self.selected and self._shift():
            self.carry.shift_pick = (self.selected, list(self.shooters), unit.id)
        self.carry.grab(self, unit.id)

    def _release(self, pos: tuple[int, int]) -> None:
        press_at, self.carry.press_at = self.carry.press_at, None
        if self.rotation.release(self):
            return
        if self.carry.select_box(self, pos):
            return
        if self.panning_from is not None:
            self.panning_from = None
            if press_at is not None and math.hypot(pos[0] - press_at[0], pos[1] - press_at[1]) < CLICK_SLOP:
                self.select(None)
            return
        if self.group.grabbed is not None:
            self.group.release(self, pos, self._shift())
            return
        self.carry.drop(self, pos, self._shift())

    def _right_click(self, pos: tuple[int, int]) -> None:
        """A right click (no drag) on a counter: select it unless it is selected, and list its combat orders."""
        start, self.right_press_at = self.right_press_at, None
        if start is None or math.hypot(pos[0] - start[0], pos[1] - start[1]) >= CLICK_SLOP \
                or self.tools.is_active(self.tools.aiming):
            return
        unit = self.unit_at(pos)
        if unit is None:
            self.tools.menu.open(self, ground_menu.open_at(self, pos))  # measure, line of sight (and notes) from here
            return
        if unit.id != self.selected and unit.id not in self.shooters:
            self.select(unit.id)
        items = targeting.menu_items(self.session.state, [self.selected or unit.id])
        if not items:
            charts = combat_window.chart_menu(self, unit.id, pos)  # Ruleset V3: the rule set's combat charts
            if charts is not None:
                self.tools.menu.open(self, unit_menu.extend(self, charts, self.selected or unit.id, charts.origin))
                return
            others = unit_menu.extend(self, None, self.selected or unit.id, pos)  # the unit's other orders
            if others is None:
                self._set_status(f"{unit.id} ({unit.type_id}) has no order to give", error=True)
            self.tools.menu.open(self, others)
            return
        # the menu opens at the mouse but stays inside the map seen (above the status line)
        x, y = visible.menu_origin(self, pos, targeting.MENU_WIDTH_PX, targeting.MENU_ITEM_PX * len(items))
        state, group = self.session.state, [self.selected or unit.id, *self.shooters]
        # the air and transport rows are greyed with the rules' reason when every target is refused
        refused = tuple(targeting.row_targeting(state, row, group).menu_refusal(state)
                        if targeting.spec_of(state, targeting.transport.split_row(row)[0]).menu == "transport" else None
                        for row in items)
        menu = targeting.Menu((x, y), items, tuple(targeting.row_label(state, row) for row in items), refused)
        self.tools.menu.open(self, unit_menu.extend(self, menu, self.selected or unit.id, pos))  # and every other order of the unit

    def _shift(self) -> bool:
        return self.shift_held or bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)

    def _select_box(self, rect: pygame.Rect) -> None:
        """Select the units of the side to move whose counters stand in ``rect`` (screen pixels): where the
        counter is drawn or, for a counter decluttering moved, where the unit truly is."""
        state = self.session.state
        units, sx, sy = self._screen_positions()
        drawn_at = {u.id: (round(float(x)), round(float(y))) for u, x, y in zip(units, sx, sy)}
        inside = []
        for unit in state.units.values():
            x, y = self.camera.to_screen(unit.position)
            if unit.side != state.side_to_move or unit.carried_by is not None:
                continue
            if rect.collidepoint(round(x), round(y)) or (unit.id in drawn_at and rect.collidepoint(drawn_at[unit.id])):
                inside.append(unit.id)
        if not inside:
            self._set_status("no unit of the side to move in the box")
            return
        self.select(inside[0])
        self.shooters = inside[1:]
        self._set_status(f"selected: {' '.join(inside)} (A attack, F fire, B bomb, M missile, T torpedo, D dogfight, ...)")

    def _add_shooter(self, unit_id: str) -> None:
        """Ctrl+click or Shift+click: add a unit to (or take it from) the selection that will aim together."""
        if unit_id == self.selected:
            return
        if unit_id in self.shooters:
            self.shooters.remove(unit_id)
        else:
            self.shooters.append(unit_id)
        group = " ".join([self.selected or "", *self.shooters]).strip()
        self._set_status(f"selected: {group} (A attack, F fire, B bomb, M missile, T torpedo, D dogfight, ...)")

    def _zoom_anchor(self) -> tuple[int, int]:
        if self.camera.viewport.contains(*self.cursor):
            return self.cursor
        cx, cy = self.camera.viewport.centre
        return round(cx), round(cy)

    def _zoom(self, at: tuple[int, int], factor: float) -> None:
        self.camera = self.camera.zoomed_about(at[0], at[1], factor)

    def unit_at(self, pos: tuple[int, int]) -> UnitState | None:
        """The topmost unit whose counter covers the screen position, or None."""
        return self.board.unit_at(self.session.state, self.camera, self.projector, pos)

    def _screen_positions(self) -> tuple[list[UnitState], np.ndarray, np.ndarray]:
        return self.board.screen_positions(self.session.state, self.camera, self.projector)
