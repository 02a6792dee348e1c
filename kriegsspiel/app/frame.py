"""Drawing one frame of the umpire's table: the map, the pick-up shading, counters, overlays, bars and panel.

A mix-in of :class:`kriegsspiel.app.app.App`; the drawing itself is in :mod:`kriegsspiel.render` and the
App's own modules (board, chrome, panel), this only says what goes where and in which order.
"""
from __future__ import annotations

from collections.abc import Hashable

import pygame

from kriegsspiel.app import chrome, confirm, notes_tool, visible, waypoints
from kriegsspiel.app.combat_v3 import combat_section
from kriegsspiel.app.drag import Drag
from kriegsspiel.app.panel import draw_panel, riding_order_lines, unit_summary, weapon_ranges
from kriegsspiel.app.table import Table
from kriegsspiel.core.state import GameState, UnitState
from kriegsspiel.render import overlays
from kriegsspiel.render.camera import Camera

#: Structure names appear once a tile is at least this wide on screen (pixels); further out they would crowd.
STRUCTURE_NAMES_FROM_PX = 16


class FrameDrawing(Table):
    """What the App draws (mixed into it): :meth:`render` draws one frame on the App's surface."""

    _under: tuple[tuple[Hashable, ...], pygame.Surface] | None  # the picture under a carried counter's path, by its key
    _panel_cache: tuple[tuple[Hashable, ...], pygame.Surface] | None  # the side panel, by what it shows

    def _counter_px(self) -> int:
        return self.board.counter_px(self.camera, self.projector)

    def render(self) -> None:
        """Draw one frame on :attr:`surface`."""
        target = self.surface
        if self.tools.is_active(self.setup_mode):  # placing forces: the draft's counters and the set-up panel
            self.setup_mode.draw(self, target)
            return
        if self.viewing.player is not None:  # the player's picture alone: nothing of the umpire's board
            self.viewing.draw_picture(target, self.texts, self.session.state, self.text_size, self.status, self.status_is_error)
            if self.help_on:
                self._draw_help(target)
            return
        camera = self.camera
        vp = camera.viewport
        state = self.session.state
        size_text = self.text_size
        drag = self.carry.drag
        under_key = self._under_key()
        if under_key is not None and self._under is not None and self._under[0] == under_key:
            # a counter carried: what lies under the path has not changed since the last frame
            target.set_clip(pygame.Rect(vp.left, vp.top, vp.width, vp.height))
            target.blit(self._under[1], target.get_clip().topleft)
        else:
            self._draw_under(target, camera, state)
            self._under = None if under_key is None else (under_key, target.subsurface(target.get_clip()).copy())
        if self.carry.box is not None:
            pygame.draw.rect(target, (60, 200, 255), pygame.Rect(self.carry.box[0], (0, 0)).union(pygame.Rect(self.carry.box[1], (0, 0))), 2)
        if self.carry.dragging and drag is not None and drag.verdict is not None:
            v = drag.verdict
            limit = drag.unit_type.heading_limit
            if limit is not None and drag.unit.heading is not None and drag.allowance > 0:
                # a ship carried: the bearings it may take, over the counters it passes
                overlays.draw_heading_cone_carried(target, camera, drag.origin, drag.unit.heading, limit, drag.allowance)
            overlays.draw_path(target, camera, v.path or (drag.origin, v.target), v.legal)
            if drag.route is not None:
                waypoints.draw_route(target, camera, self.texts, drag.route, size_text - 4)
        self._draw_carried(target, camera, state)
        self.rotation.draw(self, target)
        self.group.draw(self, target)
        if self.carry.dragging and drag is not None and drag.verdict is not None:
            overlays.draw_cursor_text(
                target, self.texts, self.cursor, drag.cursor_lines(""), drag.verdict.legal, size_text,
                clear_px=self._counter_px() // 2, area=visible.map_area(self)
            )
        self.tools.draw(self, target)  # the active tool: the ruler, the line of sight, ...
        if self.hover is not None and not self.carry.dragging and not self.tools.is_active(self.tools.menu):  # the menu stays readable
            self._draw_tooltip(target, state)
        # the scenario's unit of distance on the map when it gives one (the demo: paces), else the rule set's
        distance = getattr(state.setup, "distance", None)
        unit_name, per_world = (distance[0], distance[1]) if distance else (chrome.unit_words(state.ruleset.distance_unit), 1.0)
        overlays.draw_scale_bar(target, camera, self.texts, (vp.left + 14, visible.map_area(self).bottom - 10), unit_name, size_text - 2, per_world)
        self.bands.draw_legend(target, self.texts, vp, chrome.TOP_BAR + (chrome.PROJECTOR_EXTRA if self.projector else 0), drag, state, size_text - 4)
        self._draw_top_bar(target, state)
        self.unit_list.draw(self, target)
        self._draw_status(target)
        target.set_clip(None)
        if not self.projector:
            self._draw_panel(target, state)
        self._draw_table(target)  # the End turn button, the undo/redo line, the briefing (I)
        if self.confirming is not None:
            confirm.draw(target, self.texts, self.confirming, self._chooser_area(), size_text)
        if self.viewing.chooser:
            self.viewing.draw_chooser(target, self.texts, state, self.text_size, self._chooser_area(), self.board.colours, self.cursor)
        self.portal.draw(target, self.texts, self.text_size)
        if self.help_on:
            self._draw_help(target)

    def _under_key(self) -> tuple[Hashable, ...] | None:
        """While a counter is carried, what is drawn under its path (map, reachable shading, names, the other
        counters) stays put as the mouse moves, so :meth:`render` draws it once and then blits it: this key says
        when it must be drawn again. None (nothing carried, or range rings that travel with the mouse): draw it
        every frame. Whatever :meth:`_draw_under` draws must depend on nothing but what is in the key."""
        carrying = (self.carry.dragging and self.carry.drag is not None) or self.group.carried is not None  # (a group: group_move)
        if not carrying or self.rings_on:
            return None
        layer = self.map_layer
        return (self.camera, self.session.state, self.surface.get_size(), self.selected, self.carry.drag, self.projector,
                self.text_size, layer.chunks_drawn, layer.chunks_refined, self.bands.on, self.trails.on, self.group.carried)

    def _draw_under(self, target: pygame.Surface, camera: Camera, state: GameState) -> None:
        """The map and everything on it under the carried counter's path, clipped to the map's viewport."""
        vp = camera.viewport
        size_text = self.text_size
        drag = self.carry.drag
        self.map_layer.draw(target, camera)
        target.set_clip(pygame.Rect(vp.left, vp.top, vp.width, vp.height))
        if drag is not None:
            self._draw_pickup(target, camera, drag)
        # Names go under the rings and counters: a zone's tag must never hide a unit id or a range label.
        if camera.scale * self.battlefield.grid.units_per_tile >= STRUCTURE_NAMES_FROM_PX:
            overlays.draw_structure_names(target, camera, self.texts, self.battlefield.structures, size_text - 4)
        # each zone's name where no counter is drawn, when there is such a place near
        self.zone_names.draw(target, camera, self.texts, self.battlefield.zones, size_text - 2, state,
                             lambda: self.board.drawn_boxes(state, camera, self.projector))
        self.trails.draw(target, camera, getattr(self.session, "game", None))
        if self.rings_on and drag is not None:
            # While a counter is carried its rings travel with it: what could it reach from there?
            centre = drag.verdict.target if (self.carry.dragging and drag.verdict is not None) else drag.unit.position
            overlays.draw_range_rings(target, camera, self.texts, centre, weapon_ranges(state.ruleset, drag.unit), size_text - 2)
        self._draw_counters(target, camera, state)
        # the notes depend on the state alone while a counter is carried (the note mode takes the left button)
        notes_tool.draw_map_notes(self, target, camera)  # every note, whom it is for

    def _draw_pickup(self, target: pygame.Surface, camera: Camera, drag: Drag) -> None:
        self.bands.draw(target, camera, drag, self.session.state)  # once per pick-up, scaled once per camera
        limit = drag.unit_type.heading_limit
        if limit is not None and drag.unit.heading is not None and drag.allowance > 0:
            overlays.draw_heading_cone(target, camera, drag.origin, drag.unit.heading, limit, drag.allowance)

    def _carried(self) -> UnitState | None:
        """The unit the mouse is carrying, if any."""
        return self.carry.carried()

    def _draw_counters(self, target: pygame.Surface, camera: Camera, state: GameState) -> None:
        carried_group = self.group.carried.members if self.group.carried is not None else ()
        self.board.draw(target, camera, state, self.projector, selected=self.selected, carried=self._carried(),
                        carried_group=carried_group)

    def _draw_carried(self, target: pygame.Surface, camera: Camera, state: GameState) -> None:
        """The carried counter over its path (drawn after it), where the drop would put it."""
        carried, drag = self._carried(), self.carry.drag
        if carried is None or drag is None:
            return
        verdict = drag.verdict
        carried_to = camera.to_screen(verdict.target) if verdict is not None else self.cursor
        self.board.draw_carried(target, camera, state, self.projector, carried, carried_to)

    def _draw_tooltip(self, target: pygame.Surface, state: GameState) -> pygame.Rect | None:
        """A short card for the counter under the mouse (useful in projector mode, where the panel is hidden),
        kept inside the map seen; returns where it was drawn."""
        unit = state.unit(self.hover) if self.hover is not None else None
        if unit is None:
            return None
        unit_type = state.ruleset.unit_type(unit.type_id)
        first = f"{unit.id}: {unit_type.name} ({unit.side})" + (", hidden" if unit.hidden else "")
        second = f"health {unit.health}/{unit_type.health}, move {overlays.short_number(state.allowance_left(unit))} of {overlays.short_number(unit_type.move)} left"
        surfaces = [self.texts.get(line, self.text_size - 2, (20, 20, 20), (250, 246, 232, 235), bold=(i == 0)) for i, line in enumerate((first, second))]
        x, y = self.cursor[0] + 16, self.cursor[1] + 16
        width = max(s.get_width() for s in surfaces)
        area = visible.map_area(self)
        if x + width > area.right:
            x = self.cursor[0] - 16 - width
        box = visible.place_inside(pygame.Rect(x, y, width, sum(s.get_height() for s in surfaces)), area)
        x, y = box.topleft
        for surface in surfaces:
            target.blit(surface, (x, y))
            y += surface.get_height()
        return box

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
        chrome.draw_status(
            target,
            self.texts,
            self.camera.viewport,
            text=self.status + self.tools.status(self),
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
            self.carry.drag,
            self.console.text,
            self.console.caret,
            self.console_focused,
            tuple(self.console_output),
            self.console_scroll,
            (w, h),
            self.combat.row,
        )
        if self._panel_cache is None or self._panel_cache[0] != key:
            panel = pygame.Surface((self._panel_width(), h))
            journal = self.session.journal_lines(14)
            unit_lines = unit_summary(state, self.carry.drag.unit, self.carry.drag.allowance) if self.carry.drag is not None else []
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
                output_scroll=self.console_scroll,
                combat=combat_section(state),
                combat_row=self.combat.row,
                riding_lines=riding_order_lines(state),
            )
            self._panel_cache = (key, panel)
            left = w - self._panel_width()
            self.combat.buttons = tuple((rect.move(left, 0), action) for rect, action in buttons)
        target.blit(self._panel_cache[1], (w - self._panel_width(), 0))

    def _draw_help(self, target: pygame.Surface) -> None:
        self.help_scroll = chrome.draw_help(target, self.texts, self.text_size, self.help_scroll)
