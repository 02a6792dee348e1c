"""What the window's mix-ins and tools expect of the umpire's table.

:class:`Table` lists the state of :class:`kriegsspiel.app.app.App` and the methods its mix-ins (mouse, keys,
frame drawing, table controls) and its tools (the ruler, notes, the set-up mode, ...) call on it. The mix-ins
derive from it, so each is checked against it on its own, and the tools take a ``Table`` instead of the App:
they see no more of the App than this. Its methods are abstract: an App that lacked one would not start.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from kriegsspiel.app.bands import Bands
    from kriegsspiel.app.board import Board
    from kriegsspiel.app.carry import Carry
    from kriegsspiel.app.combat_window import PendingCombat
    from kriegsspiel.app.confirm import Confirmation
    from kriegsspiel.app.console import ConsoleLine
    from kriegsspiel.app.group_move import GroupMove
    from kriegsspiel.app.portal_window import WindowPortal
    from kriegsspiel.app.second_window import SecondWindow
    from kriegsspiel.app.session import Reply, TableSession
    from kriegsspiel.app.setup_mode import SetupMode
    from kriegsspiel.app.ship_rotation import ShipRotation
    from kriegsspiel.app.tool import ToolBox
    from kriegsspiel.app.trail import Trails
    from kriegsspiel.app.unit_list import UnitList
    from kriegsspiel.app.viewas import ViewAs
    from kriegsspiel.core.battlefield import Battlefield
    from kriegsspiel.core.state import UnitState
    from kriegsspiel.render.camera import Camera, Viewport
    from kriegsspiel.render.overlays import TextCache, ZoneNames
    from kriegsspiel.render.terrain import MapLayer


class Table(ABC):
    """The umpire's table as its mix-ins and tools use it (:class:`kriegsspiel.app.app.App` is the one): its
    state, declared here and set by the App, and the methods the App and its mix-ins define."""

    # --- the game, the surface and the map
    session: TableSession
    surface: pygame.Surface
    battlefield: Battlefield
    map_layer: MapLayer
    board: Board
    camera: Camera
    projector: bool  # the players' screen: bigger text, no side panel
    on_fullscreen: Callable[[], None] | None
    follows_display: bool
    texts: TextCache
    zone_names: ZoneNames
    screenshot_dir: Path | None
    running: bool

    # --- the selection and the mouse
    selected: str | None
    shooters: list[str]  # added to the selection, to aim together
    hover: str | None  # the unit under the resting mouse
    cursor: tuple[int, int]  # the mouse (screen pixels)
    panning_from: tuple[int, int] | None
    right_press_at: tuple[int, int] | None
    shift_held: bool
    ctrl_held: bool

    # --- what the table shows and the tools on it
    status: str
    status_is_error: bool
    console: ConsoleLine
    console_focused: bool
    console_output: list[str]
    console_scroll: int  # output lines scrolled back from the newest
    confirming: Confirmation | None  # an order waiting for the umpire's yes
    rings_on: bool
    help_on: bool
    help_scroll: int  # the first row of the F1 help shown
    briefing_on: bool
    undo_banner: tuple[object, str] | None  # (the state it is true of, the line)
    end_turn_button: pygame.Rect | None  # where it was last drawn (screen)
    carry: Carry
    group: GroupMove
    combat: PendingCombat
    tools: ToolBox
    viewing: ViewAs
    bands: Bands
    trails: Trails
    rotation: ShipRotation
    portal: WindowPortal
    unit_list: UnitList
    setup_mode: SetupMode
    second: SecondWindow

    @property
    @abstractmethod
    def view_as(self) -> str | None:
        """The player whose picture fills the window, or None."""

    @property
    @abstractmethod
    def text_size(self) -> int:
        """The size of the table's text (pixels)."""

    # --- the layout
    @abstractmethod
    def _viewport(self) -> Viewport:
        """The map's part of the surface."""

    @abstractmethod
    def _fitted(self) -> Camera:
        """The camera that shows the whole map."""

    @abstractmethod
    def _panel_width(self) -> int:
        """The side panel's width (pixels)."""

    @abstractmethod
    def _counter_px(self) -> int:
        """A counter's size on screen (pixels)."""

    @abstractmethod
    def _console_rect(self) -> pygame.Rect:
        """The console's box on the panel (screen)."""

    @abstractmethod
    def _chooser_area(self) -> pygame.Rect:
        """Where the chooser of players is drawn (screen)."""

    @abstractmethod
    def resize(self, surface: pygame.Surface) -> None:
        """Use a new surface, keeping the map centre."""

    @abstractmethod
    def invalidate(self) -> None:
        """Draw the next frame even if nothing seems to have changed."""

    # --- the selection and the map under the mouse
    @abstractmethod
    def select(self, unit_id: str | None) -> None:
        """Select a unit or nothing."""

    @abstractmethod
    def _refresh_selection(self) -> None:
        """After the game changed: pick the selected unit up again from the new state."""

    @abstractmethod
    def _add_shooter(self, unit_id: str) -> None:
        """Add a unit to (or take it from) the selection that will aim together."""

    @abstractmethod
    def _select_box(self, rect: pygame.Rect) -> None:
        """Select the side to move's units whose counters stand in ``rect`` (screen)."""

    @abstractmethod
    def unit_at(self, pos: tuple[int, int]) -> UnitState | None:
        """The topmost unit whose counter covers the screen position, or None."""

    @abstractmethod
    def _shift(self) -> bool:
        """Whether Shift is held."""

    @abstractmethod
    def _zoom(self, at: tuple[int, int], factor: float) -> None:
        """Zoom by ``factor`` about the screen point ``at``."""

    @abstractmethod
    def _zoom_anchor(self) -> tuple[int, int]:
        """The screen point the keys zoom about."""

    # --- events handed between the mix-ins
    @abstractmethod
    def _key(self, event: pygame.event.Event) -> None:
        """A key of the table's own."""

    @abstractmethod
    def _view_mouse(self, event: pygame.event.Event) -> bool:
        """The mouse over the chooser of players or a player's picture."""

    @abstractmethod
    def _table_key(self, event: pygame.event.Event) -> bool:
        """A key for the table's tools; True when it was theirs."""

    @abstractmethod
    def _table_event(self, event: pygame.event.Event) -> bool:
        """An event for the table's tools; True when it was theirs."""

    @abstractmethod
    def _draw_table(self, target: pygame.Surface) -> None:
        """The table's tools drawn over the frame."""

    # --- the status line, the console and the umpire's yes
    @abstractmethod
    def _set_status(self, text: str, error: bool = False) -> None:
        """Say ``text`` on the status line (red when ``error``)."""

    @abstractmethod
    def tell(self, text: str, error: bool = False) -> None:
        """A line of the window's own on the status line."""

    @abstractmethod
    def _show(self, reply: Reply) -> None:
        """A reply of the game session on the status line."""

    @abstractmethod
    def _show_undo(self, reply: Reply) -> None:
        """After an undo or redo: the status line and the line taken back or put again."""

    @abstractmethod
    def run_console_line(self, text: str) -> Reply:
        """Run one Umpire shell line through the game session."""

    @abstractmethod
    def _console_says(self, entered: str, lines: Iterable[str]) -> None:
        """Add a line entered and its answer to the console's output."""

    @abstractmethod
    def _ask(self, question: Confirmation) -> None:
        """Hold ``question``'s order until the umpire answers."""

    @abstractmethod
    def _answer(self, yes: bool) -> None:
        """The umpire's answer to the order held."""
