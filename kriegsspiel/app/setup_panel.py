"""The set-up mode's side panel: where each control stands (:func:`layout`) and drawing them (:func:`draw`).

Two tabs: *Units* (the side new counters belong to, the palette of the rule set's unit types, the selected
counter's id, side, heading and health, the carrier it starts aboard or whether it starts in the air, and the
units aboard it) and *Sides & players* (the scenario's name, where Ctrl+S writes it, the
sides and the players). Every control is a :class:`Control`: a rectangle on the window, an action and its
argument; the mode hit-tests the list the last frame drew, and the tests find buttons in it by action.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from kriegsspiel.app import setup_aboard, unit_list
from kriegsspiel.render.fonts import font
from kriegsspiel.render.overlays import TextCache
from kriegsspiel.render.palette import parse_colour

if TYPE_CHECKING:
    from kriegsspiel.app.setup_mode import SetupMode
    from kriegsspiel.scenario.writer import DraftUnit

PANEL_BACK = (36, 38, 46)
TEXT = (235, 235, 235)
DIM = (170, 172, 180)
BUTTON = (62, 66, 80)
BUTTON_ON = (200, 160, 40)
FIELD = (250, 248, 240)
FIELD_EDITING = (255, 250, 200)
DANGER = (150, 40, 40)
MARGIN = 10
GAP = 4
#: columns of the list of units aboard a carrier (buttons of their ids)
RIDER_COLUMNS = 4


@dataclass(frozen=True)
class Control:
    """One thing on the panel: ``kind`` "button", "field" (click to type), "label" or "swatch"; ``action`` and
    ``arg`` say what a click does (see :meth:`SetupMode.click`); ``on`` lights a chosen button."""

    rect: pygame.Rect
    kind: str
    text: str
    action: str = ""
    arg: Any = None
    on: bool = False


class Rows:
    """Lays controls out top-down in the panel's column: ``x``..``x + width``, from ``y``."""

    def __init__(self, left: int, top: int, width: int, row: int) -> None:
        self.left, self.y, self.width, self.row = left, top, width, row
        self.controls: list[Control] = []

    def label(self, text: str, colour_dim: bool = False) -> None:
        self.controls.append(Control(pygame.Rect(self.left, self.y, self.width, self.row - 6), "dim" if colour_dim else "label", text))
        self.y += self.row - 6

    def line(self, parts: list[tuple[float, str, str, str, Any, bool]], height: int | None = None) -> None:
        """One row of controls; each part is (share of the width, kind, text, action, arg, on)."""
        height = height or self.row - 2
        total = sum(p[0] for p in parts)
        x = self.left
        room = self.width - GAP * (len(parts) - 1)
        for share, kind, text, action, arg, on in parts:
            width = int(room * share / total)
            self.controls.append(Control(pygame.Rect(x, self.y, width, height), kind, text, action, arg, on))
            x += width + GAP
        self.y += height + GAP

    def grid(self, items: list[tuple[str, str, Any, bool]], columns: int, height: int) -> None:
        width = (self.width - GAP * (columns - 1)) // columns
        for i, (text, action, arg, on) in enumerate(items):
            col, row = i % columns, i // columns
            rect = pygame.Rect(self.left + col * (width + GAP), self.y + row * (height + GAP), width, height)
            self.controls.append(Control(rect, "button", text, action, arg, on))
        rows = (len(items) + columns - 1) // columns
        self.y += rows * (height + GAP)

    def space(self, pixels: int) -> None:
        self.y += pixels


def layout(mode: SetupMode, panel: pygame.Rect, text_size: int) -> list[Control]:
    """Every control of the panel in ``panel`` (screen pixels), for the mode as it is now."""
    row = text_size + 12
    rows = Rows(panel.left + MARGIN, panel.top + 8, panel.width - 2 * MARGIN, row)
    rows.line([(1, "button", "Units", "tab", "units", mode.tab == "units"),
               (1.4, "button", "Sides & players", "tab", "sides", mode.tab == "sides")])
    bottom = panel.bottom - row - 4
    if mode.tab == "units":
        _units_tab(mode, rows, text_size, bottom)
    else:
        _sides_tab(mode, rows)
    footer = Rows(panel.left + MARGIN, bottom, panel.width - 2 * MARGIN, row)
    footer.line([(1, "button", "Save (Ctrl+S)", "save", None, False),
                 (1, "button", "Play it (Ctrl+P)", "play", None, False),
                 (1, "button", "Leave (F2)", "leave", None, False)])
    return rows.controls + footer.controls


def _units_tab(mode: SetupMode, rows: Rows, text_size: int, bottom: int) -> None:
    draft = mode.draft
    rows.label("New counters belong to:")
    names = draft.side_names()
    for start in range(0, len(names), 3):
        rows.line([(1, "button", name, "new_side", name, name == mode.new_side) for name in names[start:start + 3]])
    rows.label("Unit types: drag one onto the map (or click it, then the map)")
    types = mode.unit_types()
    unit = draft.unit(mode.selected)
    # the selected counter's form below the palette: its title, 3 rows, Delete, and its aboard rows
    form_height = 5 * rows.row + 10 + (_aboard_height(mode, unit, rows.row) if unit is not None else 0)
    room = bottom - rows.y - form_height
    height = text_size + 3  # two columns of whole names fit a 1366x768 screen's window less its title bar
    columns = 2
    while columns < 4 and ((len(types) + columns - 1) // columns) * (height + GAP) > room:
        columns += 1
    rows.grid([(name, "type", type_id, type_id == mode.armed) for type_id, name in types], columns, height)
    rows.space(6)
    if unit is None:
        rows.label("Click a counter to set its id, side, heading, health.", colour_dim=True)
        if any(u.aboard is not None for u in draft.units):
            rows.label("Units aboard are listed on their ship's or plane's form.", colour_dim=True)
        return
    full = mode.full_health(unit.type_id)
    drawn = mode.state.unit(unit.id) if mode.state is not None else None
    words = unit_list.unit_state(mode.state, drawn) if mode.state is not None and drawn is not None else "ready"
    rows.label(f"Counter {unit.id}: {mode.type_name(unit.type_id)}" + ("" if words == "ready" else f" ({words})"))
    if unit.from_map:
        rows.label("From the map's units layer: edit it in Tiled.", colour_dim=True)
        return
    rows.line([(1, "label", "id", "", None, False), (3, "field", unit.id, "edit", ("unit", "id"), False)])
    hidden = mode.hidden_of(unit)
    rows.line([(1, "label", "side", "", None, False), (2, "button", f"{unit.side}  (click: next)", "unit_side", None, False),
               (1, "button", "hidden" if hidden else "seen", "unit_hidden", None, hidden)])
    heading = "" if unit.heading is None else f"{unit.heading:g}"
    health = "" if unit.health is None else str(unit.health)
    rows.line([(1, "label", "heading°", "", None, False), (1, "field", heading, "edit", ("unit", "heading"), False),
               (0.9, "label", "health", "", None, False), (0.7, "field", health, "edit", ("unit", "health"), False),
               (0.7, "dim", f"of {full}", "", None, False)])
    _aboard_rows(mode, rows, unit)
    rows.line([(1, "button", "Delete counter (Del)", "delete_unit", None, False)])


def _aboard_height(mode: SetupMode, unit: DraftUnit, row: int) -> int:
    """The pixels :func:`_aboard_rows` takes for ``unit``."""
    if unit.from_map:
        return 0
    height = row + 2 if setup_aboard.carriable(mode, unit.type_id) or setup_aboard.may_fly(mode, unit.type_id) else 0
    if setup_aboard.carries(mode, unit.type_id):
        riders = len(mode.draft.riders(unit.id))
        height += row - 6 + -(-riders // RIDER_COLUMNS) * (row - 4 + GAP)
    return height


def _aboard_rows(mode: SetupMode, rows: Rows, unit: DraftUnit) -> None:
    """The carrier ``unit`` starts aboard (click: the next that may take it) and whether it starts in the air,
    for the types that may; for a ship or plane that carries units, the units aboard it (a press selects one, a
    drag onto the map lands it there)."""
    rides, flies = setup_aboard.carriable(mode, unit.type_id), setup_aboard.may_fly(mode, unit.type_id)
    if rides or flies:
        parts: list[tuple[float, str, str, str, Any, bool]] = [(1, "label", "aboard" if rides else "start", "", None, False)]
        if rides:
            parts.append((2, "button", f"{unit.aboard or 'on the map'}  (click: next)", "unit_aboard", None,
                          unit.aboard is not None))
        if flies:
            parts.append((1, "button", "in the air" if unit.airborne else "on ground", "unit_airborne", None,
                          unit.airborne))
        rows.line(parts)
    if setup_aboard.carries(mode, unit.type_id):
        riders = mode.draft.riders(unit.id)
        if riders:
            rows.label(f"Aboard it ({len(riders)}): drag one onto the map to land it")
            rows.grid([(rider, "rider", rider, False) for rider in riders], RIDER_COLUMNS, rows.row - 4)
        else:
            rows.label("Aboard it: none (drop a counter on this one)", colour_dim=True)


def _sides_tab(mode: SetupMode, rows: Rows) -> None:
    draft = mode.draft
    rows.line([(1, "label", "name", "", None, False), (3, "field", draft.name, "edit", ("scenario", "name"), False)])
    rows.line([(1, "label", "save as", "", None, False), (3, "field", str(mode.target), "edit", ("scenario", "target"), False)])
    rows.space(4)
    rows.label("Sides (name, colour #rrggbb):")
    for i, side in enumerate(draft.sides):
        rows.line([(3, "field", side.name, "edit", ("side", i, "name"), False),
                   (2, "field", side.colour, "edit", ("side", i, "colour"), False),
                   (0.4, "swatch", side.colour, "", None, False),
                   (0.5, "button", "x", "delete_side", i, False)])
    rows.line([(1, "button", "+ Add side", "add_side", None, False)])
    rows.space(4)
    rows.label("Players (none: each side is one player):" if not draft.players else "Players (name, side):")
    for i, player in enumerate(draft.players):
        commands = "" if player.units is None else f" ({len(player.units)} units)"
        rows.line([(3, "field", player.name, "edit", ("player", i, "name"), False),
                   (2, "button", player.side + commands, "player_side", i, False),
                   (0.5, "button", "x", "delete_player", i, False)])
    rows.line([(1, "button", "+ Add player", "add_player", None, False)])


def draw(target: pygame.Surface, texts: TextCache, panel: pygame.Rect, controls: list[Control], text_size: int,
         editing: tuple[Any, str] | None) -> None:
    """The panel's background and every control; the field being typed in shows the typed text and a caret."""
    pygame.draw.rect(target, PANEL_BACK, panel)
    small = text_size - 2
    for control in controls:
        rect = control.rect
        if control.kind in ("label", "dim"):
            _text(target, texts, control.text, small, TEXT if control.kind == "label" else DIM, rect, centre=False)
        elif control.kind == "swatch":
            try:
                pygame.draw.rect(target, parse_colour(control.text), rect.inflate(-4, -4))
            except ValueError:
                pass
        elif control.kind == "field":
            typing = editing is not None and editing[0] == control.arg
            pygame.draw.rect(target, FIELD_EDITING if typing else FIELD, rect, border_radius=3)
            pygame.draw.rect(target, BUTTON_ON if typing else (120, 120, 130), rect, 2 if typing else 1, border_radius=3)
            shown = editing[1] + "|" if typing and editing is not None else control.text
            path = control.arg in (("scenario", "target"), ("target",))  # a path: its end tells it
            _text(target, texts, shown, small, (20, 20, 20), rect, centre=False, keep_end=typing or path)
        else:
            colour = BUTTON_ON if control.on else (DANGER if control.action in ("delete_unit", "delete_side", "delete_player") else BUTTON)
            pygame.draw.rect(target, colour, rect, border_radius=4)
            _text(target, texts, control.text, small, (20, 20, 20) if control.on else TEXT, rect, centre=True)


def _text(target: pygame.Surface, texts: TextCache, text: str, size: int, colour: tuple[int, int, int],
          rect: pygame.Rect, centre: bool, keep_end: bool = False) -> None:
    """``text`` inside ``rect``, shortened with "..." (from the front when ``keep_end``: a path, a caret)."""
    face = font(size)
    room = rect.width - 8
    shown = text
    while shown and face.size(shown)[0] > room:
        shown = ("…" + shown[2:]) if keep_end else (shown[:-2] + "…")
    surface = texts.get(shown, size, colour, pad=0)
    x = rect.centerx - surface.get_width() // 2 if centre else rect.left + 4
    target.blit(surface, (x, rect.centery - surface.get_height() // 2))
