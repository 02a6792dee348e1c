"""The umpire's table: the App, its state, its layout and the event loop.

:class:`App` draws on any pygame Surface and takes pygame events, so the CLI gives it the window and the
tests give it a headless surface and posted events (``App.run(max_frames)`` reads ``pygame.event.get()``).
What each gesture does is in the App's mix-ins by concern: the mouse (:mod:`kriegsspiel.app.mouse`), the keys
and console (:mod:`kriegsspiel.app.keyboard`), the table's tools (:mod:`kriegsspiel.app.table_controls`) and
drawing a frame (:mod:`kriegsspiel.app.frame`); the tools are objects of their own (:mod:`kriegsspiel.app.tool`).
What the mix-ins and the tools may use of the App is declared once, in :class:`kriegsspiel.app.table.Table`.
Nothing here decides a rule: the drag asks the movement engine, and every change goes through the game session
(:class:`kriegsspiel.app.session.TableSession`), the same door as the Umpire shell.
"""
from __future__ import annotations

import tempfile
import traceback
from collections.abc import Callable, Hashable, Iterable
from pathlib import Path

import pygame

from kriegsspiel.app import chrome, confirm, waypoints
from kriegsspiel.app.bands import Bands
from kriegsspiel.app.board import Board
from kriegsspiel.app.combat_window import PendingCombat
from kriegsspiel.app.portal_window import WindowPortal
from kriegsspiel.app.console import CONSOLE_KEEP, ConsoleLine
from kriegsspiel.app.carry import Carry
from kriegsspiel.app.frame import FrameDrawing
from kriegsspiel.app.group_move import GroupMove
from kriegsspiel.app.unit_list import UnitList
from kriegsspiel.app.keyboard import KeyControls
from kriegsspiel.app.mouse import MouseControls
from kriegsspiel.app.session import Reply, TableSession
from kriegsspiel.app.setup_mode import SetupMode
from kriegsspiel.app.ship_rotation import ShipRotation
from kriegsspiel.app.trail import Trails
from kriegsspiel.app.table_controls import TableControls
from kriegsspiel.app.tool import ToolBox
from kriegsspiel.app.viewas import ViewAs
from kriegsspiel.render import overlays
from kriegsspiel.render.camera import Camera, Viewport, fit_camera
from kriegsspiel.render.overlays import TextCache
from kriegsspiel.render.terrain import BaseImage, MapLayer, flat_base_image

PANEL_WIDTH = 400


class App(MouseControls, KeyControls, FrameDrawing, TableControls):
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
        self.console_scroll = 0  # output lines scrolled back from the newest (Page Up/Down, the wheel on the panel)
        self.status = "Drag a counter to move it; F1 for every key."
        self.status_is_error = False
        self.selected: str | None = None
        self.carry = Carry()  # the selected counter: picked up, carried, dropped; the Ctrl+drag box (app/carry.py)
        self.panning_from: tuple[int, int] | None = None
        self.combat = PendingCombat()  # a pending Ruleset V3 combat: its keys and the panel's buttons
        self.tools = ToolBox()  # the ruler (R), the line of sight (L), notes (W), aiming, the menu: one active (app/tool.py)
        self.rings_on = False
        self.help_on = False
        self.help_scroll = 0  # the first row of the F1 help shown, when it does not fit the window
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
        self._last_frame: tuple[Hashable, ...] | None = None
        self.bands = Bands()  # the reachable area in bands on pick-up (Ctrl+B)
        self.trails = Trails()  # the paths moved this turn, from the journal (Ctrl+T)
        self.rotation = ShipRotation()  # turning a ship: its handle, or R + wheel
        self._under = None  # the picture under a carried counter's path
        self._panel_cache = None
        self.shooters: list[str] = []  # added to the selection (Ctrl+ or Shift+click), to aim together
        self.right_press_at: tuple[int, int] | None = None
        self.portal = WindowPortal(getattr(session, "game", None))  # F9: the players' portal and its inbox panel
        self.confirming: confirm.Confirmation | None = None  # an order waiting for the umpire's yes
        self.group = GroupMove()  # several counters selected, one pressed: carried together (group_move)
        self.unit_list = UnitList()  # U: every unit by side; Ctrl+F: find one
        self._init_table_tools()  # notes (W), briefing (I), end turn (E), the players' second window (F8)
        self.setup_mode = SetupMode()  # F2: place forces and write a scenario (before the first order)
        if not state.units and self.setup_mode.can_enter(self) is None:
            self.setup_mode.enter(self)  # a map opened without a scenario: nothing to play until forces are placed

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
            if moved:  # only the latest position matters: one path per frame, however many motion events came
                self.carry.follow(self)
            if self.group.carried is not None:  # the grabbed unit's path; the others' within a time budget
                self.group.carried.follow(self.camera.to_world(*self.cursor))
            if not moved and self.map_layer.refine(self.camera.scale):
                self._last_frame = None  # a smoother map is ready: show it
            key = self._frame_key()
            if key != self._last_frame:
                self.render()
                self._last_frame = key
                self.drawn = True
            self.second.refresh(self.session.state)  # the players' window follows the game
        except Exception as exc:  # noqa: BLE001
            self.carry.dragging = False
            self._last_frame = None
            self._internal_error(exc)
        self.frames += 1

    def _frame_key(self) -> tuple[Hashable, ...]:
        """Everything the picture depends on: an unchanged key means the last frame is still right, so an idle
        table draws nothing (and the window shows nothing new)."""
        return (
            self.camera,
            self.session.state,
            self.surface.get_size(),
            self.selected,
            self.carry.frame_key(self),
            (self.hover, self.cursor) if self.hover else None,
            self.tools.frame_key(self),
            self.rings_on,
            self.help_on,
            self.help_scroll,
            self.viewing.frame_key(),
            self.cursor if self.viewing.chooser else None,  # the row under the mouse is lit
            self.projector,
            tuple(self.shooters),
            self.combat.row,
            self.status,
            self.status_is_error,
            self.console.text,
            self.console.caret,
            self.console_focused,
            tuple(self.console_output),
            self.console_scroll,
            self.confirming,
            self.portal.frame_key(),
            (self.bands.on, self.trails.on, self.rotation.frame_key()),
            self.group.frame_key(self),
            self.unit_list.frame_key(),
            self._table_frame_key(),
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

    # ------------------------------------------------------------------------------------------- selection
    def select(self, unit_id: str | None) -> None:
        """Select a unit (its details in the panel, its reachable area shaded) or nothing."""
        if unit_id != self.selected:
            self.shooters = []
        self.selected = unit_id
        unit = self.session.state.unit(unit_id) if unit_id is not None else None
        if unit is None:
            self.selected = None
        self.carry.take(self.session.state, unit)

    def _refresh_selection(self) -> None:
        """After the game changed: pick the selected unit up again from the new state (its allowance changed)."""
        self.board.use_state(self.session.state)
        # A drag picked up from the old state would drop with stale allowances: it ends here.
        self.carry.stop()
        self.select(self.selected)

    def _console_says(self, entered: str, lines: Iterable[str]) -> None:
        """Add a line entered (``> move ...``) and its answer to the console's output (the newest shown, the
        scroll back to the bottom); the last CONSOLE_KEEP lines are kept to scroll back to."""
        self.console_output = [*self.console_output, entered, *lines][-CONSOLE_KEEP:]
        self.console_scroll = 0

    def _ask(self, question: confirm.Confirmation) -> None:
        """Hold ``question``'s order until the umpire answers (Enter/Y or Esc/N); the status line says so too."""
        self.confirming = question
        self._set_status(" ".join(question.lines) + " (Enter: yes, Esc: no)", error=question.forced)

    def _answer(self, yes: bool) -> None:
        """The umpire's answer: yes journals the held order (forced if it was), no drops it."""
        question, self.confirming = self.confirming, None
        if question is None:
            return
        if yes and question.then:  # a route: its legs in order, whole or not at all
            self._show(waypoints.submit_chain(self.session, [question.line, *question.then], question.forced))
        elif yes and question.group:
            self._show(self.session.submit_group(question.group))
        elif yes:
            self._show(self.session.submit(question.line, forced=question.forced))
        else:
            self._set_status(f"not done: {question.line}")
        self._refresh_selection()

    def _show(self, reply: Reply) -> None:
        self._set_status(reply.text, error=not reply.accepted)

    def tell(self, text: str, error: bool = False) -> None:
        """A line of the window's own (a note of the game, a problem) on the status line."""
        self._set_status(text, error)

    def _set_status(self, text: str, error: bool = False) -> None:
        self.status = text
        self.status_is_error = error
