"""The unit list (key U) and the find box (Ctrl+F).

U shows every unit of the game, side by side in the scenario's order, one row each: id, type, strength, state
and where it stands (the umpire sees all: hidden units too). The wheel or Up/Down and Page Up/Down scroll it;
a click on a row selects the unit and centres the map on it. Ctrl+F opens a box at the top of the map: type a
unit's id or name (the scenario's name for its type, the type's name), Enter centres the map on the first unit
that matches and selects it (and closes the box); when several match, the box stays open and Enter again goes
on to the next; Esc closes it.
"""
from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from kriegsspiel.app import chrome
from kriegsspiel.core.geometry import format_point
from kriegsspiel.core.game import rules_of
from kriegsspiel.core.state import GameState, UnitState

if TYPE_CHECKING:
    from kriegsspiel.app.table import Table

ROW_PX = 22
LIST_WIDTH_PX = 640
#: Where each column of a unit's row starts (pixels from the list's left): id, type, strength, state, place.
COLUMNS = (26, 120, 290, 350, 540)
SCROLL_KEYS = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -15, pygame.K_PAGEDOWN: 15}


@dataclass(frozen=True, slots=True)
class Row:
    """One row of the list: a side's heading (``unit_id`` None) or a unit."""

    cells: tuple[str, ...]  # a heading's one text, or a unit's id, type, strength, state and place
    unit_id: str | None
    side: str

    @property
    def text(self) -> str:
        return "  ".join(self.cells)


def unit_state(state: GameState, unit: UnitState) -> str:
    """A unit's state in a few words: destroyed, aboard, in the air, hidden, disabled, moved, fired, or ready."""
    words = []
    if unit.health <= 0:
        return "destroyed"
    if unit.carried_by:
        words.append(f"aboard {unit.carried_by}")
    # the rule set's own state of the unit (the Fourth Edition's air turn, V3's disruption), through its rules
    own = rules_of(state).unit_slot_of(unit)
    if getattr(own, "airborne", False):
        words.append("in the air")
    if unit.hidden:
        words.append("hidden")
    if unit.disabled_rounds > 0:
        words.append(f"disabled {unit.disabled_rounds}")
    disruption = getattr(own, "disruption", 0)
    if disruption:
        words.append(f"disruption {disruption}")
    if unit.moved_this_turn:
        words.append("moved")
    if unit.fired_this_turn or unit.attacked_this_turn:
        words.append("fired")
    return ", ".join(words) or "ready"


def type_name(state: GameState, unit: UnitState) -> str:
    """The scenario's name for the unit's type when it has one, else the rule set's."""
    return unit.local_name or state.ruleset.unit_type(unit.type_id).name


def rows(state: GameState) -> list[Row]:
    """Every unit by side (the scenario's sides in order, then any other), ids in order within a side."""
    sides = [s.name for s in state.setup.sides]
    sides += sorted({u.side for u in state.units.values()} - set(sides))
    out: list[Row] = []
    for side in sides:
        units = sorted((u for u in state.units.values() if u.side == side), key=lambda u: u.id)
        out.append(Row((f"{side}: {len(units)} unit{'s' if len(units) != 1 else ''}",), None, side))
        for unit in units:
            full = state.ruleset.unit_type(unit.type_id).health
            out.append(Row((unit.id, type_name(state, unit), f"{unit.health}/{full}", unit_state(state, unit),
                            format_point(unit.position)), unit.id, side))
    return out


def matches(state: GameState, query: str) -> list[str]:
    """The units a find box query names, best first: the id itself, then ids starting with it, then ids, local
    names or type names containing it (case ignored); ids in order within each kind."""
    q = query.strip().lower()
    if not q:
        return []
    ranked: list[tuple[int, str]] = []
    for unit in state.units.values():
        names = (unit.id.lower(), (unit.local_name or "").lower(), state.ruleset.unit_type(unit.type_id).name.lower(),
                 unit.type_id.lower())
        if names[0] == q:
            ranked.append((0, unit.id))
        elif names[0].startswith(q):
            ranked.append((1, unit.id))
        elif any(q in name for name in names if name):
            ranked.append((2, unit.id))
    return [unit_id for _, unit_id in sorted(ranked)]


class UnitList:
    """The list's and the find box's state."""

    def __init__(self) -> None:
        self.on = False
        self.scroll = 0  # the first row shown
        self.finding = False
        self.query = ""
        self._found: tuple[str, int] | None = None  # the query last found and which match it went to

    def frame_key(self) -> tuple[Hashable, ...]:
        return (self.on, self.scroll, self.finding, self.query)

    def area(self, app: Table) -> pygame.Rect:
        """Where the list is drawn: the left of the map view, between the bars."""
        vp = app.camera.viewport
        top = vp.top + chrome.TOP_BAR + 6
        return pygame.Rect(vp.left + 6, top, min(LIST_WIDTH_PX, vp.width - 12), max(ROW_PX * 3, vp.height - top - chrome.STATUS_BAR - 6))

    def visible_rows(self, app: Table) -> int:
        return max(1, self.area(app).height // ROW_PX - 1)

    # --- events --------------------------------------------------------------------------------------------
    def key(self, app: Table, key: int, mod: int) -> bool:
        """U, Ctrl+F and the keys of an open find box or list. True when the key was the list's."""
        ctrl = bool(mod & pygame.KMOD_CTRL)
        if self.finding:
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.find(app)
            elif key == pygame.K_ESCAPE:
                self.finding = False
                app._set_status("find closed")
            elif key == pygame.K_BACKSPACE:
                self.query = self.query[:-1]
            elif ctrl and key == pygame.K_f:
                self.query = ""
            return key not in (pygame.K_F1, pygame.K_F11, pygame.K_F12) and not (ctrl and key in (pygame.K_z, pygame.K_y))
        if ctrl and key == pygame.K_f:
            self.finding, self.query, self._found = True, "", None
            app.console_focused = False
            app._set_status("find: type a unit's id or name, Enter centres the map on it (Enter again: the next; Esc closes)")
            return True
        if key == pygame.K_u and not ctrl:
            self.on = not self.on
            app._set_status("unit list: click a row to select the unit and centre the map on it (U closes)" if self.on
                            else "unit list closed")
            return True
        if self.on and key in SCROLL_KEYS:
            self.scroll_by(app, SCROLL_KEYS[key])
            return True
        if self.on and key == pygame.K_ESCAPE:
            self.on = False
            return False  # Esc goes on to close the rest too
        return False

    def text(self, text: str) -> bool:
        """Typed text: the find box's, when open."""
        if self.finding:
            self.query += text
        return self.finding

    def mouse(self, app: Table, event: pygame.event.Event) -> bool:
        """A click on a row selects and centres; the wheel over the list scrolls. True when the event was the list's."""
        if not self.on or not hasattr(event, "pos") and event.type != pygame.MOUSEWHEEL:
            return False
        if app.carry.press_at is not None or app.panning_from is not None or app.carry.box is not None:
            return False  # a drag or pan that began on the map ends wherever the button goes up
        area = self.area(app)
        if event.type == pygame.MOUSEWHEEL:
            if area.collidepoint(app.cursor):
                self.scroll_by(app, -3 * event.y)
                return True
            return False
        if not area.collidepoint(event.pos):
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self.scroll + (event.pos[1] - area.top) // ROW_PX - 1
            listed = rows(app.session.state)
            if 0 <= index < len(listed) and listed[index].unit_id is not None:
                go_to(app, listed[index].unit_id)
        if event.type == pygame.MOUSEMOTION:
            app.cursor = event.pos
            app.hover = None
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)

    def scroll_by(self, app: Table, rows_: int) -> None:
        most = max(0, len(rows(app.session.state)) - self.visible_rows(app))
        self.scroll = max(0, min(most, self.scroll + rows_))

    def find(self, app: Table) -> None:
        """Enter in the find box: go to the first unit the query names, or the next one on a repeated Enter."""
        found = matches(app.session.state, self.query)
        if not found:
            app._set_status(f"find: no unit matches {self.query!r}", error=True)
            return
        index = (self._found[1] + 1) % len(found) if self._found is not None and self._found[0] == self.query else 0
        self._found = (self.query, index)
        go_to(app, found[index])
        more = f" ({index + 1} of {len(found)}: Enter for the next, Esc closes)" if len(found) > 1 else ""
        self.finding = len(found) > 1  # one match: done; several: the box stays for the next
        app._set_status(f"found {found[index]}{more}")

    # --- drawing -------------------------------------------------------------------------------------------
    def draw(self, app: Table, target: pygame.Surface) -> None:
        """The list (when on) and the find box (when open)."""
        if self.on:
            self._draw_list(app, target)
        if self.finding:
            vp = app.camera.viewport
            label = app.texts.get(f"find unit: {self.query}_", app.text_size, (255, 255, 255), bold=True)
            box = pygame.Rect(0, 0, max(320, label.get_width() + 24), label.get_height() + 14)
            box.midtop = (vp.left + vp.width // 2, vp.top + chrome.TOP_BAR + 8)
            pygame.draw.rect(target, (30, 34, 44), box, border_radius=6)
            pygame.draw.rect(target, (255, 215, 0), box, 2, border_radius=6)
            target.blit(label, (box.left + 12, box.top + 7))

    def _draw_list(self, app: Table, target: pygame.Surface) -> None:
        area = self.area(app)
        state = app.session.state
        listed = rows(state)
        shade = pygame.Surface(area.size, pygame.SRCALPHA)
        shade.fill((24, 26, 32, 228))
        target.blit(shade, area.topleft)
        pygame.draw.rect(target, (200, 200, 210), area, 1)
        size = app.text_size - 4
        title = f"units ({len(listed) - len({r.side for r in listed})}): click to select and centre; wheel scrolls; U closes"
        target.blit(app.texts.get(title, size, (255, 215, 0), bold=True), (area.left + 8, area.top + 3))
        clip = target.get_clip()
        target.set_clip(area)
        y = area.top + ROW_PX
        for row in listed[self.scroll: self.scroll + self.visible_rows(app)]:
            if row.unit_id is None:
                swatch = pygame.Rect(area.left + 8, y + 5, 12, 12)
                pygame.draw.rect(target, pygame.Color(app.board.colours.get(row.side, "#808080")), swatch)
                target.blit(app.texts.get(row.cells[0], size, (255, 255, 255), bold=True), (area.left + 26, y + 2))
            else:
                if row.unit_id == app.selected or row.unit_id in app.shooters:
                    pygame.draw.rect(target, (90, 80, 20), pygame.Rect(area.left + 2, y, area.width - 4, ROW_PX))
                for x, cell in zip(COLUMNS, row.cells):
                    target.blit(app.texts.get(cell, size, (235, 235, 240)), (area.left + x, y + 2))
            y += ROW_PX
        target.set_clip(clip)


def go_to(app: Table, unit_id: str) -> None:
    """Select ``unit_id`` and centre the map on it (a unit aboard: on its carrier)."""
    state = app.session.state
    unit = state.unit(unit_id)
    if unit is None:
        return
    app.select(unit_id)
    app.camera = app.camera.centred_on(unit.position)
    app._set_status(f"{unit_id}: {type_name(state, unit)} of {unit.side}, {unit_state(state, unit)}, at {format_point(unit.position)}")
