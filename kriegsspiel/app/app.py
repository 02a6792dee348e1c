"""The umpire's table: the event loop, drawing the frame, and what each key and gesture does.

:class:`App` draws on any pygame Surface and takes pygame events, so the CLI gives it the window and the
tests give it a headless surface and posted events (``App.run(max_frames)`` reads ``pygame.event.get()``).
Nothing here decides a rule: the drag asks the movement engine, and every change goes through the game session
(:class:`kriegsspiel.app.session.TableSession`), the same door as the Umpire shell.
"""
from __future__ import annotations

import math
import tempfile
import traceback
from collections.abc import Callable, Iterable
from pathlib import Path

import numpy as np
import pygame

from kriegsspiel.app.console import ConsoleLine
from kriegsspiel.app.drag import Drag
from kriegsspiel.app import chrome, targeting
from kriegsspiel.app.board import Board
from kriegsspiel.app.combat_v3 import charts as combat_v3_charts, combat_section
from kriegsspiel.app.combat_window import V3CombatControls
from kriegsspiel.app.portal_window import WindowPortal
from kriegsspiel.app.panel import draw_panel, riding_order_lines, unit_summary, weapon_ranges
from kriegsspiel.app.session import Reply, TableSession
from kriegsspiel.app.viewas import NUMBER_KEYS, ViewAs, next_shot_number
from kriegsspiel.core.geometry import WorldPoint, distance
from kriegsspiel.core.state import GameState, UnitState
from kriegsspiel.render import overlays
from kriegsspiel.render.camera import ZOOM_STEP, Camera, Viewport, fit_camera
from kriegsspiel.render.overlays import ReachableShading, TextCache
from kriegsspiel.render.terrain import BaseImage, MapLayer, flat_base_image

PANEL_WIDTH = 400
#: A press that moves less than this (pixels) before release is a click, not a drag.
CLICK_SLOP = 4
PAN_KEY_FRACTION = 0.125
#: Structure names appear once a tile is at least this wide on screen (pixels); further out they would crowd.
STRUCTURE_NAMES_FROM_PX = 16


class App(V3CombatControls):
    """The umpire's window on a game session.

    ``surface`` is where frames are drawn (the display surface, or any Surface headless). ``base_image`` is the
    map drawn from its Tiled tiles (``render/tiles.py``); None draws flat terrain colours. ``on_fullscreen`` is
    called by F11 (the CLI switches the display mode and calls :meth:`resize`).
    """

    def __init__(
        self,
        session: TableSession,
        surface: pygame.Surface,
        base_image: BaseImage | None = None,
        on_fullscreen: Callable[[], None] | None = None,
        projector: bool = False,
    ) -> None:
        self.session = session
        self.surface = surface
        state = session.state
        self.battlefield = state.battlefield
        self.map_layer = MapLayer(
            self.battlefield,
            base_image or flat_base_image(self.battlefield),
            structure_style="filled" if base_image is None else "outline",
        )
        self.on_fullscreen = on_fullscreen
        self.projector = projector
        self.camera = self._fitted()
        self.board = Board(self.battlefield)
        self.board.use_state(state)
        self.texts = TextCache()
        self.zone_names = overlays.ZoneNames()
        self.console = ConsoleLine()
        self.console_focused = False
        self.console_output: list[str] = []
        self.status = "Drag a counter to move it; F1 for every key."
        self.status_is_error = False
        self.selected: str | None = None
        self.drag: Drag | None = None  # the picked-up unit's cost field and verdict
        self.dragging = False  # the mouse is carrying the counter (not only selected)
        self.press_at: tuple[int, int] | None = None
        self.panning_from: tuple[int, int] | None = None
        self.ruler_mode = False
        self.ruler: tuple[WorldPoint, WorldPoint] | None = None
        self.ruling = False
        self.rings_on = False
        self.help_on = False
        self.viewing = ViewAs()  # V: the chooser of players, then a player's picture instead of the board
        self.screenshot_dir: Path | None = None  # F12 writes here; the window sets it next to the save
        self.cursor: tuple[int, int] = (surface.get_width() // 2, surface.get_height() // 2)
        self.shift_held = False
        self.ctrl_held = False
        self.hover: str | None = None  # the unit under the resting mouse, for its tooltip
        self.running = True
        self.frames = 0
        self.follows_display = False  # the window sets this: resize with the display surface
        self.internal_errors = 0
        self.drawn = False  # whether the last step drew a frame
        self._last_frame: tuple | None = None
        self._shading: tuple[Drag, ReachableShading] | None = None
        self._panel_cache: tuple[tuple, pygame.Surface] | None = None
        self.shooters: list[str] = []  # added to the selection (Ctrl+ or Shift+click), to aim together
        self.aiming: targeting.Targeting | None = None  # an order being aimed with the mouse (A, F, B, ...)
        self.box: tuple[tuple[int, int], tuple[int, int]] | None = None  # Ctrl+drag selection box (screen)
        self.menu: targeting.Menu | None = None  # the right-click menu of combat orders
        self.right_press_at: tuple[int, int] | None = None
        # Shift+press on another counter: (the selection before, its shooters, the counter). A click adds the
        # counter to the selection (like Ctrl+click); a drag moves it forced, as Shift+drag always did.
        self._shift_pick: tuple[str, list[str], str] | None = None
        self.portal = WindowPortal(getattr(session, "game", None))  # F9: the players' portal and its inbox panel

    # ------------------------------------------------------------------------------------------- layout
    def _viewport(self) -> Viewport:
        w, h = self.surface.get_size()
        panel = 0 if self.projector else self._panel_width()
        return Viewport(0, 0, max(1, w - panel), max(1, h))

    def _fitted(self) -> Camera:
        """The whole map in the view, between the top bar and the status line (they are drawn over the map)."""
        extra = chrome.PROJECTOR_EXTRA if self.projector else 0
        return fit_camera(
            self.battlefield.world_size, self._viewport(), clear_top=chrome.TOP_BAR + extra, clear_bottom=chrome.STATUS_BAR + extra
        )

    def _panel_width(self) -> int:
        """The side panel's width: PANEL_WIDTH, but never more than 40 % of a small window."""
        return min(PANEL_WIDTH, int(self.surface.get_width() * 0.4))

    def resize(self, surface: pygame.Surface) -> None:
        """Use a new surface (the window was resized or went fullscreen), keeping the map centre."""
        self.surface = surface
        self._last_frame = None
        self.camera = self.camera.with_viewport(self._viewport())
        self._panel_cache = None

    @property
    def view_as(self) -> str | None:
        """The player whose picture fills the window (V), or None."""
        return self.viewing.player

    @property
    def text_size(self) -> int:
        return 26 if self.projector else 18

    # ------------------------------------------------------------------------------------------- the loop
    def run(self, max_frames: int | None = None, present: Callable[[], None] | None = None, fps: int = 60) -> int:
        """Process events and draw until the window is closed (or ``max_frames`` frames); returns 0.

        ``present`` shows a drawn frame (``pygame.display.flip`` in the window); headless runs pass None.
        """
        clock = pygame.time.Clock() if present is not None else None
        while self.running and (max_frames is None or self.frames < max_frames):
            self.step(pygame.event.get())
            if present is not None and self.drawn:
                present()
            if clock is not None:
                clock.tick(fps)
        return 0

    def step(self, events: Iterable[pygame.event.Event]) -> None:
        """Handle ``events`` in order, then draw one frame."""
        moved = False
        for event in events:
            try:
                moved |= self.handle(event)
            except Exception as exc:  # noqa: BLE001 - a bug of ours must not close the umpire's table
                self._internal_error(exc)
        self.drawn = False
        self.portal.pump()  # orders from the phones reach the journal on this thread
        try:
            if moved and self.dragging and self.drag is not None:
                # Only the latest position matters: one path per frame, however many motion events came.
                self.drag.follow(self.camera.to_world(*self.cursor))
            if not moved and self.map_layer.refine(self.camera.scale):
                self._last_frame = None  # a smoother map is ready: show it
            key = self._frame_key()
            if key != self._last_frame:
                self.render()
                self._last_frame = key
                self.drawn = True
        except Exception as exc:  # noqa: BLE001
            self.dragging = False
            self._last_frame = None
            self._internal_error(exc)
        self.frames += 1

    def _frame_key(self) -> tuple:
        """Everything the picture depends on: an unchanged key means the last frame is still right, so an idle
        table draws nothing (and the window shows nothing new)."""
        moving = self.dragging or self.ruling
        return (
            self.camera,
            self.session.state,
            self.surface.get_size(),
            self.selected,
            self.drag,
            self.dragging,
            self.drag.verdict if self.drag is not None else None,
            self.cursor if moving else None,
            (self.hover, self.cursor) if self.hover else None,
            self.ruler,
            self.ruler_mode,
            self.rings_on,
            self.help_on,
            self.viewing.frame_key(),
            self.cursor if self.viewing.chooser else None,  # the row under the mouse is lit
            self.projector,
            tuple(self.shooters),
            self.combat_row,
            self.box,
            self.menu,
            (self.aiming.word, self.aiming.shooters, tuple(self.aiming.chosen)) if self.aiming else None,
            self.status,
            self.status_is_error,
            self.console.text,
            self.console.caret,
            self.console_focused,
            tuple(self.console_output),
            self.portal.frame_key(),
        )

    def invalidate(self) -> None:
        """Draw the next frame even if nothing seems to have changed (the window was uncovered)."""
        self._last_frame = None

    def _internal_error(self, exc: Exception) -> None:
        """Keep the window open after a bug of ours: the details go to a file, the status line says where.
        Every accepted command is already in the save, so nothing is lost."""
        fd, path = tempfile.mkstemp(prefix="kriegsspiel-window-", suffix=".txt")
        with open(fd, "w", encoding="utf-8") as crash:
            traceback.print_exception(exc, file=crash)
        self._set_status(f"internal error ({type(exc).__name__}: {exc}); details in {path}; the game is saved", error=True)
        self.internal_errors += 1

    # ------------------------------------------------------------------------------------------- events
    def handle(self, event: pygame.event.Event) -> bool:
        """Handle one event; returns True when it moved the mouse (the drag path must follow)."""
        kind = event.type
        if self.viewing.active and kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL):
            return self._view_mouse(event)  # nothing under the chooser or a picture may be picked up
        if kind == pygame.QUIT:
            self.running = False
        elif kind in (pygame.WINDOWEXPOSED, pygame.VIDEOEXPOSE):
            self.invalidate()
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
            elif event.button in (2, 3) and self.camera.viewport.contains(*event.pos) and not self.dragging:
                self.panning_from = event.pos  # the middle or right button pans even over counters
                self.right_press_at = event.pos if event.button == 3 else None
        elif kind == pygame.MOUSEBUTTONUP:
            self.cursor = event.pos
            if event.button == 1:
                self._release(event.pos)
            elif event.button in (2, 3) and self.press_at is None:
                self.panning_from = None
                if event.button == 3:
                    self._right_click(event.pos)
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
        elif kind == pygame.TEXTINPUT:
            if self.console_focused:
                self.console.insert(event.text)
        return False

    def _motion(self, pos: tuple[int, int]) -> bool:
        self.cursor = pos
        if self.panning_from is not None:
            dx, dy = pos[0] - self.panning_from[0], pos[1] - self.panning_from[1]
            self.camera = self.camera.panned(dx, dy)
            self.panning_from = pos
        elif self.ruling and self.ruler is not None:
            self.ruler = (self.ruler[0], self.camera.to_world(*pos))
        elif self.box is not None:
            self.box = (self.box[0], pos)
        elif self.drag is not None and self.press_at is not None and not self.dragging:
            if math.hypot(pos[0] - self.press_at[0], pos[1] - self.press_at[1]) >= CLICK_SLOP:
                self.dragging = True
        if self.press_at is None and self.camera.viewport.contains(*pos):
            under = self.unit_at(pos)
            self.hover = under.id if under is not None else None
        else:
            self.hover = None
        if self.aiming is not None and self.camera.viewport.contains(*pos):
            self._explain_target(pos)
        if self.menu is not None:
            self._explain_menu(pos)
        return True

    def _explain_target(self, pos: tuple[int, int]) -> None:
        """While aiming, the mouse resting on a greyed target shows why the rules refuse it."""
        state = self.session.state
        name = self._target_under(pos)
        if name is not None:
            reason = self.aiming.verdicts(state).get(name)
            self._set_status(f"{name}: {reason}" if reason else f"{name}: in reach; click to aim", error=bool(reason))

    def _target_under(self, pos: tuple[int, int]) -> str | None:
        """While aiming: the target whose counter is drawn under the mouse (where decluttering put it), else
        the target whose true place (its ring) is nearest the mouse, or None."""
        state = self.session.state
        unit = self.unit_at(pos)
        if unit is not None and unit.id in self.aiming.verdicts(state):
            return unit.id
        return targeting.target_at(state, self.camera, self.aiming, pos, max(8, self._counter_px() * 0.7))

    def _press(self, pos: tuple[int, int]) -> None:
        if not self.camera.viewport.contains(*pos):
            if not self._panel_press(pos):  # a button of the pending combat (Ruleset V3)
                self.console_focused = self._console_rect().collidepoint(pos)
            return
        self.console_focused = False
        if self.menu is not None:
            word = self.menu.item_at(pos)
            if word is None:
                self.menu = None
            else:
                self._menu_choice(word)
            return
        if self.aiming is not None:
            self._aim(pos)
            return
        self.press_at = pos
        if self.ruler_mode:
            point = self.camera.to_world(*pos)
            self.ruler, self.ruling = (point, point), True
            return
        unit = self.unit_at(pos)
        if unit is None and (self.ctrl_held or pygame.key.get_mods() & pygame.KMOD_CTRL):
            self.box = (pos, pos)  # Ctrl+drag on open ground: a box around the units to select
            return
        if unit is None:
            self.panning_from = pos
            return
        if self.selected is not None and (self.ctrl_held or pygame.key.get_mods() & pygame.KMOD_CTRL):
            self._add_shooter(unit.id)
            self.press_at = None
            return
        if self.selected is not None and unit.id != self.selected and self._shift():
            self._shift_pick = (self.selected, list(self.shooters), unit.id)
        self.select(unit.id)

    def _release(self, pos: tuple[int, int]) -> None:
        press_at, self.press_at = self.press_at, None
        if self.ruling:
            self.ruling = False
            return
        if self.box is not None:
            self._select_box(pygame.Rect(self.box[0], (0, 0)).union(pygame.Rect(pos, (0, 0))))
            self.box = None
            return
        if self.panning_from is not None:
            self.panning_from = None
            if press_at is not None and math.hypot(pos[0] - press_at[0], pos[1] - press_at[1]) < CLICK_SLOP:
                self.select(None)
            return
        pick, self._shift_pick = self._shift_pick, None
        if pick is not None and not self.dragging:  # Shift+click: add to the selection
            previous, shooters, unit_id = pick
            self.select(previous)
            self.shooters = shooters
            self._add_shooter(unit_id)
            return
        if not self.dragging or self.drag is None:
            return
        self.dragging = False
        drag = self.drag
        target = self.camera.to_world(*pos)
        verdict = drag.follow(target)
        forced = self._shift()
        if verdict.legal:
            self._show(self.session.submit(drag.command_text(target)))
        elif forced:
            self._show(self.session.submit(drag.command_text(target), forced=True))
        else:
            self._set_status(f"{drag.unit.id} not moved: {verdict.reason}", error=True)
        self._refresh_selection()

    def _shift(self) -> bool:
        return self.shift_held or bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)

    def _key(self, event: pygame.event.Event) -> None:
        key = event.key
        mod = getattr(event, "mod", 0)
        if key in (pygame.K_LSHIFT, pygame.K_RSHIFT):
            self.shift_held = True
            return
        if key in (pygame.K_LCTRL, pygame.K_RCTRL):
            self.ctrl_held = True
            return
        if self.console_focused and self._console_key(key, mod):
            return
        ctrl = bool(mod & pygame.KMOD_CTRL)
        if self.viewing.active and self._view_key(key):
            return
        if self._aiming_key(key, mod, ctrl):
            return
        if self._combat_key(key, mod):  # a pending Ruleset V3 combat: Enter resolves, Esc undoes, +/- modify
            return
        if self.portal.key(key):
            return
        if ctrl and key == pygame.K_z:
            self._show(self.session.undo())
            self._refresh_selection()
        elif ctrl and key == pygame.K_y:
            self._show(self.session.redo())
            self._refresh_selection()
        elif key == pygame.K_F1:
            self.help_on = not self.help_on
        elif key == pygame.K_F9:
            self._set_status(self.portal.toggle())
        elif key == pygame.K_v:
            self._open_chooser()
        elif key == pygame.K_F12:
            self.save_screenshot()
        elif key == pygame.K_ESCAPE:
            self.help_on = False
            self.ruler_mode = self.ruling = False
            self.ruler = None
            if self.dragging:
                self.dragging = False
                self.press_at = None
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
            self.ruler_mode = not self.ruler_mode
            self.ruler = None
            self._set_status("ruler: drag between two points (R again to leave)" if self.ruler_mode else "ruler off")
        elif key == pygame.K_g:
            self.rings_on = not self.rings_on
        elif key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            self._zoom(self._zoom_anchor(), ZOOM_STEP)
        elif key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self._zoom(self._zoom_anchor(), 1 / ZOOM_STEP)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            vp = self.camera.viewport
            step_x, step_y = vp.width * PAN_KEY_FRACTION, vp.height * PAN_KEY_FRACTION
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
        self.console_output = [*self.console_output, f"> {text}", *reply.lines][-40:]
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

    def _zoom_anchor(self) -> tuple[int, int]:
        if self.camera.viewport.contains(*self.cursor):
            return self.cursor
        cx, cy = self.camera.viewport.centre
        return round(cx), round(cy)

    def _zoom(self, at: tuple[int, int], factor: float) -> None:
        self.camera = self.camera.zoomed_about(at[0], at[1], factor)

    # ------------------------------------------------------------------------------------------- selection
    def select(self, unit_id: str | None) -> None:
        """Select a unit (its details in the panel, its reachable area shaded) or nothing."""
        if unit_id != self.selected:
            self.shooters = []
        self.selected = unit_id
        self.drag = None
        if unit_id is None:
            return
        unit = self.session.state.unit(unit_id)
        if unit is None:
            self.selected = None
            return
        self.drag = Drag(self.session.state, unit)

    # ------------------------------------------------------------------------------------------- aiming
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

    def _aiming_key(self, key: int, mod: int, ctrl: bool) -> bool:
        """Keys of aiming: a command key starts it, Enter sends (Shift+Enter forces), Esc leaves."""
        if self.menu is not None and key == pygame.K_ESCAPE:
            self.menu = None
            return True
        if self.aiming is not None:
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self._fire_aimed(forced=bool(mod & pygame.KMOD_SHIFT) or self._shift())
                return True
            if key == pygame.K_ESCAPE:
                self.aiming = None
                self._set_status("aiming cancelled")
                return True
            return False
        word = self._order_for_key(key)
        if word is None or ctrl or self.selected is None or self.view_as is not None:
            return False
        self._start_aiming(word)
        return True

    def _right_click(self, pos: tuple[int, int]) -> None:
        """A right click (no drag) on a counter: select it unless it is selected, and list its combat orders."""
        start, self.right_press_at = self.right_press_at, None
        if start is None or math.hypot(pos[0] - start[0], pos[1] - start[1]) >= CLICK_SLOP or self.aiming:
            return
        unit = self.unit_at(pos)
        if unit is None:
            self.menu = None
            return
        if unit.id != self.selected and unit.id not in self.shooters:
            self.select(unit.id)
        items = targeting.menu_items(self.session.state, [self.selected or unit.id])
        if not items:
            if self._chart_menu(unit.id, pos):  # Ruleset V3: the rule set's combat charts
                return
            self._set_status(f"{unit.id} ({unit.type_id}) has no combat order to aim", error=True)
            return
        vp = self.camera.viewport
        # the menu opens at the mouse but stays inside the map view
        x = min(pos[0], vp.left + vp.width - targeting.MENU_WIDTH_PX)
        y = min(pos[1], vp.top + vp.height - targeting.MENU_ITEM_PX * len(items))
        state, group = self.session.state, [self.selected or unit.id, *self.shooters]
        # the air and transport rows are greyed with the rules' reason when every target is refused
        refused = tuple(targeting.row_targeting(row, group).menu_refusal(state) if targeting.transport.split_row(row)[0]
                        in targeting.transport.ORDERS else None for row in items)
        self.menu = targeting.Menu((max(vp.left, x), max(vp.top, y)), items, refused=refused)

    def _start_aiming(self, word: str) -> None:
        """Begin aiming ``word`` with the selection (and, for orders of several shooters, the Ctrl+clicked).
        A menu row naming a unit aboard (``takeoff f1``) aims with that unit; an order with no target goes at
        once."""
        if self.selected is None:
            return
        charted = word in combat_v3_charts(self.session.state)
        order = targeting.transport.split_row(word)[0]
        group = [self.selected, *self.shooters] if order in targeting.MANY_SHOOTERS or charted else [self.selected]
        self.aiming = targeting.row_targeting(word, group) if order in targeting.transport.ORDERS \
            else self._aiming_for(word, group)
        word = order
        if word in targeting.transport.NO_TARGET:
            self._fire_aimed(forced=False)
            return
        if word in targeting.transport.AT_POINT:
            self._set_status(f"{self.aiming.line(['X,Y'])}: click the point (Shift+click forces; Esc cancels)")
            return
        open_targets = [n for n, r in self.aiming.verdicts(self.session.state).items() if r is None]
        self._set_status(
            f"{word} with {' '.join(self.aiming.shooters)}: click the targets ({len(open_targets)} in reach; grey: "
            "refused, rest the mouse on one for the reason)"
            + (f"; Enter {self.aiming.enter_verb}" if not self.aiming.goes_at_once else "")
            + (f"; Enter with none sends '{self.aiming.line([])}'" if word in targeting.transport.OPTIONAL_TARGETS else "")
            + "; Esc cancels"
        )

    def _aim(self, pos: tuple[int, int]) -> None:
        """A click while aiming: choose (or drop) the target under the mouse; a refused one says why."""
        aiming = self.aiming
        assert aiming is not None
        state = self.session.state
        if aiming.word in targeting.transport.AT_POINT:
            self._aim_at_point(pos)
            return
        name = self._target_under(pos)
        if name is None:
            self._set_status(f"no target of {aiming.word} there; Esc cancels", error=True)
            return
        insist = self._shift()
        reason = aiming.choose(state, name, insist=insist)
        if reason is not None and name not in aiming.chosen:
            self._set_status(f"{name}: {reason} (Shift+click to choose it all the same)", error=True)
            return
        if aiming.goes_at_once and aiming.chosen:
            # A refused target chosen with Shift goes forced, as a Shift-drop forces a move.
            self._fire_aimed(forced=reason is not None)
            return
        if reason is not None:
            self._set_status(f"{name}: {reason}; chosen all the same: Shift+Enter forces the order", error=True)
            return
        self._set_status(f"{aiming.line()}  (Enter {aiming.enter_verb}, Shift+Enter forces, Esc cancels)")

    def _aim_at_point(self, pos: tuple[int, int]) -> None:
        """A click while aiming an order at a point (disembark): the point goes at once when the rules accept
        it there (a dry run), or forced with Shift; else the status says why."""
        aiming = self.aiming
        assert aiming is not None
        point = self.camera.to_world(*pos)
        token = targeting.transport.point_token(point.x, point.y)
        reason = aiming.refusal(self.session.state, [token])
        if reason is not None and not self._shift():
            self._set_status(f"{aiming.line([token])}: {reason} (Shift+click forces)", error=True)
            return
        aiming.chosen = [token]
        self._fire_aimed(forced=reason is not None)

    def _fire_aimed(self, forced: bool) -> None:
        """Send the aimed order through the game session; the result goes to the status line and the journal."""
        aiming = self.aiming
        if aiming is None or not aiming.ready:
            self._set_status("choose at least one target first (click it)", error=True)
            return
        reply = self.session.submit(aiming.line(), forced=forced)
        self.aiming = None
        self.console_output = [*self.console_output, f"> {aiming.line()}", *reply.lines][-40:]
        self._show(reply)
        self._refresh_selection()

    def _refresh_selection(self) -> None:
        """After the game changed: pick the selected unit up again from the new state (its allowance changed)."""
        self.board.use_state(self.session.state)
        # A drag picked up from the old state would drop with stale allowances: it ends here.
        self.dragging = False
        self.press_at = None
        self.select(self.selected)

    def _show(self, reply: Reply) -> None:
        self._set_status(reply.text, error=not reply.accepted)

    def _set_status(self, text: str, error: bool = False) -> None:
        self.status = text
        self.status_is_error = error

    def unit_at(self, pos: tuple[int, int]) -> UnitState | None:
        """The topmost unit whose counter covers the screen position, or None."""
        return self.board.unit_at(self.session.state, self.camera, self.projector, pos)

    def _screen_positions(self) -> tuple[list[UnitState], np.ndarray, np.ndarray]:
        return self.board.screen_positions(self.session.state, self.camera, self.projector)

    # ------------------------------------------------------------------------------------------- drawing
    def _counter_px(self) -> int:
        return self.board.counter_px(self.camera, self.projector)

    def render(self) -> None:
        """Draw one frame on :attr:`surface`."""
        target = self.surface
        if self.viewing.player is not None:  # the player's picture alone: nothing of the umpire's board
            self.viewing.draw_picture(target, self.texts, self.session.state, self.text_size, self.status, self.status_is_error)
            if self.help_on:
                self._draw_help(target)
            return
        camera = self.camera
        vp = camera.viewport
        self.map_layer.draw(target, camera)
        target.set_clip(pygame.Rect(vp.left, vp.top, vp.width, vp.height))
        state = self.session.state
        size_text = self.text_size
        drag = self.drag
        if drag is not None:
            self._draw_pickup(target, camera, drag)
        # Names go under the rings and counters: a zone's tag must never hide a unit id or a range label.
        if camera.scale * self.battlefield.grid.units_per_tile >= STRUCTURE_NAMES_FROM_PX:
            overlays.draw_structure_names(target, camera, self.texts, self.battlefield.structures, size_text - 4)
        # each zone's name where no counter is drawn, when there is such a place near
        self.zone_names.draw(target, camera, self.texts, self.battlefield.zones, size_text - 2, state,
                             lambda: self.board.drawn_boxes(state, camera, self.projector))
        if self.rings_on and drag is not None:
            # While a counter is carried its rings travel with it: what could it reach from there?
            centre = drag.verdict.target if (self.dragging and drag.verdict is not None) else drag.unit.position
            overlays.draw_range_rings(target, camera, self.texts, centre, weapon_ranges(state.ruleset, drag.unit), size_text - 2)
        self._draw_counters(target, camera, state)
        if self.aiming is not None:
            targeting.draw(target, camera, state, self.aiming, max(6, self._counter_px() // 2))
        if self.menu is not None:
            targeting.draw_menu(target, self.texts, self.menu, size_text - 2)
        if self.box is not None:
            pygame.draw.rect(target, (60, 200, 255), pygame.Rect(self.box[0], (0, 0)).union(pygame.Rect(self.box[1], (0, 0))), 2)
        if self.dragging and drag is not None and drag.verdict is not None:
            v = drag.verdict
            overlays.draw_path(target, camera, v.path or (drag.origin, v.target), v.legal)
        self._draw_carried(target, camera, state)
        if self.dragging and drag is not None and drag.verdict is not None:
            overlays.draw_cursor_text(
                target, self.texts, self.cursor, drag.cursor_lines(""), drag.verdict.legal, size_text, clear_px=self._counter_px() // 2
            )
        if self.ruler is not None:
            self._draw_ruler(target, camera)
        if self.hover is not None and not self.dragging and self.menu is None:  # the menu stays readable
            self._draw_tooltip(target, state)
        overlays.draw_scale_bar(target, camera, self.texts, (vp.left + 14, vp.top + vp.height - chrome.STATUS_BAR - 10 - (chrome.PROJECTOR_EXTRA if self.projector else 0)), state.ruleset.distance_unit, size_text - 2)
        self._draw_top_bar(target, state)
        self._draw_status(target)
        target.set_clip(None)
        if not self.projector:
            self._draw_panel(target, state)
        if self.viewing.chooser:
            self.viewing.draw_chooser(target, self.texts, state, self.text_size, self._chooser_area(), self.board.colours, self.cursor)
        self.portal.draw(target, self.texts, self.text_size)
        if self.help_on:
            self._draw_help(target)

    def _draw_pickup(self, target: pygame.Surface, camera: Camera, drag: Drag) -> None:
        if self._shading is None or self._shading[0] is not drag:
            field = drag.field
            row0, col0 = field.window_offset
            h, w = field.cost.shape
            mask = field.reachable_mask()[row0 : row0 + h, col0 : col0 + w]
            cs = field.raster.cell_size
            self._shading = (drag, ReachableShading(mask, col0 * cs, row0 * cs, cs))
        self._shading[1].draw(target, camera)
        limit = drag.unit_type.heading_limit
        if limit is not None and drag.unit.heading is not None and drag.allowance > 0:
            overlays.draw_heading_cone(target, camera, drag.origin, drag.unit.heading, limit, drag.allowance)

    def _carried(self) -> UnitState | None:
        """The unit the mouse is carrying, if any."""
        return self.drag.unit if (self.dragging and self.drag is not None) else None

    def _draw_counters(self, target: pygame.Surface, camera: Camera, state: GameState) -> None:
        self.board.draw(target, camera, state, self.projector, selected=self.selected, carried=self._carried())

    def _draw_carried(self, target: pygame.Surface, camera: Camera, state: GameState) -> None:
        """The carried counter over its path (drawn after it), where the drop would put it."""
        carried = self._carried()
        if carried is None:
            return
        verdict = self.drag.verdict
        carried_to = camera.to_screen(verdict.target) if verdict is not None else self.cursor
        self.board.draw_carried(target, camera, state, self.projector, carried, carried_to)

    def _draw_tooltip(self, target: pygame.Surface, state: GameState) -> None:
        """A short card for the counter under the mouse: useful in projector mode, where the panel is hidden."""
        unit = state.unit(self.hover)
        if unit is None:
            return
        unit_type = state.ruleset.unit_type(unit.type_id)
        first = f"{unit.id}: {unit_type.name} ({unit.side})" + (", hidden" if unit.hidden else "")
        second = f"health {unit.health}/{unit_type.health}, move {overlays.short_number(state.allowance_left(unit))} of {overlays.short_number(unit_type.move)} left"
        surfaces = [self.texts.get(line, self.text_size - 2, (20, 20, 20), (250, 246, 232, 235), bold=(i == 0)) for i, line in enumerate((first, second))]
        x, y = self.cursor[0] + 16, self.cursor[1] + 16
        width = max(s.get_width() for s in surfaces)
        if x + width > self.camera.viewport.left + self.camera.viewport.width:
            x = self.cursor[0] - 16 - width
        for surface in surfaces:
            target.blit(surface, (x, y))
            y += surface.get_height()

    def _draw_ruler(self, target: pygame.Surface, camera: Camera) -> None:
        a, b = self.ruler
        lines = [f"{overlays.short_number(distance(a, b))} {self.session.state.ruleset.distance_unit} straight"]
        if self.drag is not None and distance(a, b) > 0:
            lines.append(self._ruler_cost(a, b))
        overlays.draw_ruler(target, camera, self.texts, a, b, lines, self.text_size)

    def _ruler_cost(self, a: WorldPoint, b: WorldPoint) -> str:
        """The selected unit's terrain cost from ``a`` to ``b`` (at its full move value, ignoring heading)."""
        from kriegsspiel.core.movement import check_move

        drag = self.drag
        state = self.session.state
        verdict = check_move(state.battlefield, state.ruleset, drag.unit.type_id, a, b, allowance_left=max(drag.unit_type.move, 1e-9))
        if not math.isfinite(verdict.cost):
            return f"{drag.unit.id}: {verdict.reason or 'cannot get there'}"
        return f"{drag.unit.id} ({drag.unit_type.name}): cost {overlays.short_number(verdict.cost)} of move {overlays.short_number(drag.unit_type.move)}"

    def _draw_top_bar(self, target: pygame.Surface, state: GameState) -> None:
        clock = getattr(state.ruleset, "game_clock", None)
        time_of_day = clock(state.round) if callable(clock) else None
        headline = f"Round {state.round}" + (f" ({time_of_day})" if time_of_day else "") + f"   {state.side_to_move} to move"
        if state.finished:
            headline += "   GAME OVER" + (f": {', '.join(state.winners)} won" if state.winners else "")
        chrome.draw_top_bar(
            target,
            self.texts,
            self.camera.viewport,
            headline=headline,
            title=self.session.title or state.setup.name,
            side_colour=self.board.colours.get(state.side_to_move, "#808080"),
            text_size=self.text_size,
            projector=self.projector,
        )

    def _draw_status(self, target: pygame.Surface) -> None:
        mode = "  [RULER]" if self.ruler_mode else ""
        chrome.draw_status(
            target,
            self.texts,
            self.camera.viewport,
            text=self.status + mode,
            error=self.status_is_error,
            text_size=self.text_size,
            projector=self.projector,
        )

    def _console_rect(self) -> pygame.Rect:
        w, h = self.surface.get_size()
        return pygame.Rect(w - self._panel_width(), h - 40, self._panel_width(), 40)

    def _draw_panel(self, target: pygame.Surface, state: GameState) -> None:
        w, h = target.get_size()
        key = (
            id(state),
            state,
            self.selected,
            self.drag,
            self.console.text,
            self.console.caret,
            self.console_focused,
            tuple(self.console_output),
            (w, h),
            self.combat_row,
        )
        if self._panel_cache is None or self._panel_cache[0] != key:
            panel = pygame.Surface((self._panel_width(), h))
            journal = self.session.journal_lines(14)
            unit_lines = unit_summary(state, self.drag.unit, self.drag.allowance) if self.drag is not None else []
            buttons = draw_panel(
                panel,
                self.texts,
                title=self.session.title or state.setup.name,
                round_line=f"Round {state.round}, {state.side_to_move} to move",
                unit_lines=unit_lines,
                journal=journal,
                console_prompt=self.session.prompt(),
                console_text=self.console.text,
                caret=self.console.caret,
                focused=self.console_focused,
                output=self.console_output,
                combat=combat_section(state),
                combat_row=self.combat_row,
                riding_lines=riding_order_lines(state),
            )
            self._panel_cache = (key, panel)
            left = w - self._panel_width()
            self.panel_buttons = tuple((rect.move(left, 0), action) for rect, action in buttons)
        target.blit(self._panel_cache[1], (w - self._panel_width(), 0))

    def _draw_help(self, target: pygame.Surface) -> None:
        chrome.draw_help(target, self.texts, self.text_size)
