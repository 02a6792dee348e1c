"""The set-up mode of the ruler games' window (F2): place forces with the mouse instead of writing TOML.

A palette of the rule set's unit types and the scenario's sides; drag a type onto the map to place a counter
(a place its type cannot stand is refused with the reason, as a refused move is: the same terrain check as the
scenario loader's); click a counter to set its id, side, heading and health, or delete it; a form for the sides
and players; Ctrl+S writes a scenario TOML (next to the map, or where the form says) that the loader has checked
before a byte is written, atomically, and never over a file this mode did not write without asking.

The mode edits a :class:`~kriegsspiel.scenario.writer.ScenarioDraft`, never the game: it is offered on a new
game before its first order (a map opened without a scenario starts in it). It is a
:class:`~kriegsspiel.app.tool.Tool` of the board's ToolBox (one tool active at a time: turning it on leaves the
ruler or the line of sight); unlike them it takes every event first (the board's own gestures would move the
game's counters) and draws the whole frame (the draft's counters instead of the game's, its panel instead of
the game's).
"""
from __future__ import annotations

import dataclasses
import math
from collections.abc import Hashable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from kriegsspiel.app import chrome, setup_aboard, setup_panel, visible
from kriegsspiel.app.board import DEFAULT_COLOURS
from kriegsspiel.app.setup_base import SetupBase
from kriegsspiel.app.setup_fields import set_field
from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.core.state import GameState, PlayerSetup, SideSetup, UnitState, initial_state
from kriegsspiel.errors import UserError
from kriegsspiel.render import overlays
from kriegsspiel.scenario.units import standing_problem
from kriegsspiel.scenario.writer import DraftUnit, ScenarioDraft, check_text, draft_of

if TYPE_CHECKING:
    from kriegsspiel.app.table import Table

#: Pixels the mouse must travel with the button held before a press on a counter carries it.
CLICK_SLOP = 5
HINT = ("Set-up: drag a unit type onto the map (onto a ship or plane: aboard it); click a counter to edit it; Ctrl+S "
        "saves the scenario, Ctrl+P plays it; F2 leaves.")


class SetupMode(SetupBase["Table"]):
    """The set-up mode of one App, a Tool of its ToolBox: off until :meth:`enter`."""

    HINT = HINT
    SAVE_AS_PLACE = " under Sides & players"

    def __init__(self) -> None:
        super().__init__()
        self.draft = ScenarioDraft(name="", map_path=Path(), ruleset_ref="", ruleset_base=Path(), sides=[], players=[],
                                   units=[])  # replaced by the game's scenario on entering
        self.state: GameState | None = None  # the draft as a game's first state: what the window draws
        self.tab = "units"
        self.new_side = ""
        self.carrying: str | None = None  # "type:<id>" from the palette, or a counter's id, while the button is held
        self.press_at: tuple[int, int] | None = None
        self.version = 0

    # --- entering and leaving -------------------------------------------------------------------------------
    def can_enter(self, app: Table) -> str | None:
        """Why the set-up mode is not offered in this game, or None."""
        game = getattr(app.session, "game", None)
        scenario = getattr(game, "scenario", None)
        if game is None or scenario is None or not hasattr(scenario, "battlefield"):
            return "set-up mode needs a game started from a scenario or a map"
        if getattr(game, "record_count", 0) > 0:
            return ("set-up mode is for a game before its first order; this one has orders in its journal: start a "
                    "new game from its scenario (kriegsspiel play SCENARIO.toml) and press F2 there")
        return None

    def enter(self, app: Table) -> bool:
        """Start setting up from the game's scenario; False (and the reason on the status line) when not offered."""
        why = self.can_enter(app)
        if why is not None:
            app.tell(why, error=True)
            return False
        scenario = app.session.game.scenario
        self.draft = draft_of(scenario)
        self.target = self.draft.map_path.with_suffix(".toml")
        self.new_side = self.draft.side_names()[0] if self.draft.sides else ""
        self.active, self.changed, self.selected, self.armed, self.asking = True, False, None, None, None
        app.tools.activate(app, self)  # the ruler or line of sight, if on, leaves
        app.select(None)
        self._rebuilt(app)
        app.tell(HINT)
        return True

    def stop(self, app: Table) -> None:
        """F2, Leave set-up: the ToolBox has no active tool any more, and :meth:`leave` restores the game."""
        if app.tools.is_active(self):
            app.tools.activate(app, None)
        else:
            self.leave(app)

    def leave(self, app: Table) -> None:
        """Back to the game as it was (the draft is kept on disk only if it was saved). The Tool's leave: the
        ToolBox calls it when another tool is turned on."""
        if not self.active:
            return
        self.carrying = None
        app.board.use_state(app.session.state)
        app.select(None)
        super().leave(app)

    # --- the draft as a game ------------------------------------------------------------------------------
    def _rebuilt(self, app: Table) -> None:
        """The draft drawn as the first state of a game (sides' colours, counters) after every change."""
        base = app.session.state
        self.state = initial_state(self.draft.setup_for(base.setup), base.battlefield, base.ruleset)
        app.board.use_state(self.state)
        self.version += 1

    def changed_draft(self, app: Table) -> None:
        self.changed = True
        self._rebuilt(app)

    def unit_types(self) -> list[tuple[str, str]]:
        """(type id, name) of every unit type of the game's rule set, in the rule set's order."""
        ruleset = self.state.ruleset if self.state is not None else None
        return [(type_id, unit_type.name) for type_id, unit_type in (ruleset.unit_types.items() if ruleset else ())]

    def type_name(self, type_id: str) -> str:
        return self.state.ruleset.unit_type(type_id).name if self.state is not None else type_id

    def full_health(self, type_id: str) -> int:
        return self.state.ruleset.unit_type(type_id).health if self.state is not None else 1

    def hidden_of(self, unit: DraftUnit) -> bool:
        """Whether ``unit`` starts hidden: as set, else its type's default (submarines, stealth bombers...)."""
        if unit.hidden is not None:
            return unit.hidden
        return bool(self.state.ruleset.unit_type(unit.type_id).hidden_by_default) if self.state is not None else False

    def placement_problem(self, type_id: str, point: WorldPoint) -> str | None:
        """Why a unit of ``type_id`` cannot stand at ``point`` (the scenario loader's own check), or None."""
        state = self.state
        return None if state is None else standing_problem(state.battlefield, state.ruleset, type_id, point)

    # --- events: the board's part (SetupBase handles them) -----------------------------------------------
    def say(self, app: Table, text: str, error: bool = False) -> None:
        app.tell(text, error=error)

    def escaped(self, app: Table) -> None:
        self.carrying = None
        super().escaped(app)

    def pan(self, app: Table, dx: int, dy: int) -> None:
        app.camera = app.camera.panned(dx, dy)

    def moved(self, app: Table, pos: tuple[int, int]) -> None:
        if self.press_at is not None and self.carrying is None and self.selected is not None:
            if math.hypot(pos[0] - self.press_at[0], pos[1] - self.press_at[1]) >= CLICK_SLOP:
                self.carrying = self.selected

    def released(self, app: Table, event: pygame.event.Event) -> None:
        if event.button == 1:
            self._release(app, event.pos)
        else:
            self.panning_from = None

    def wheel(self, app: Table, event: pygame.event.Event) -> bool:
        if event.y and app.camera.viewport.contains(*app.cursor):
            app._zoom(app.cursor, 1.25 ** (1 if event.y > 0 else -1))
        return True

    def press_control(self, app: Table, control: setup_panel.Control) -> None:
        if control.action == "type":
            self.armed = control.arg
            self.carrying = f"type:{control.arg}"
        elif control.action == "rider":  # a unit aboard the selected carrier: selected, and carried if dragged
            self.selected, self.armed, self.carrying = control.arg, None, control.arg
        else:
            self.click(app, control)

    def press_map(self, app: Table, pos: tuple[int, int]) -> None:
        if not app.camera.viewport.contains(*pos) or self.state is None:
            return
        under = app.board.unit_at(self.state, app.camera, app.projector, pos)
        if under is not None:
            self.selected = under.id
            self.armed = None
            self.press_at = pos
            self.tab = "units"
        elif self.armed is not None:
            self._place(app, self.armed, app.camera.to_world(*pos))
        else:
            self.selected = None
            self.panning_from = pos  # open ground pans, as in the game

    def _release(self, app: Table, pos: tuple[int, int]) -> None:
        carrying, self.carrying, self.press_at, self.panning_from = self.carrying, None, None, None
        if carrying is None or not app.camera.viewport.contains(*pos):
            return
        at = app.camera.to_world(*pos)
        carrier = self._carrier_at(app, pos, carrying)
        if carrying.startswith("type:"):
            if carrier is not None:
                setup_aboard.new_aboard(self, app, carrying[5:], carrier.id)
            else:
                self._place(app, carrying[5:], at)
            return
        unit = self.draft.unit(carrying)
        if unit is None or unit.from_map:
            app.tell(f"{carrying} is placed by the map's units layer; it stays (move it in Tiled)", error=True)
            return
        if carrier is not None:
            setup_aboard.go_aboard(self, app, unit, carrier.id)
            return
        if unit.aboard is not None:
            setup_aboard.take_off(self, app, unit, at)
            return
        problem = self.placement_problem(unit.type_id, at)
        if problem is not None:
            app.tell(f"refused: {unit.id} not moved: {problem}", error=True)
            return
        unit.position = at
        self.changed_draft(app)
        app.tell(f"{unit.id} moved to {at.x:.0f},{at.y:.0f}")

    def _carrier_at(self, app: Table, pos: tuple[int, int], carrying: str) -> UnitState | None:
        """The counter under ``pos`` that may have units aboard (not the one carried), or None."""
        if self.state is None:
            return None
        under = app.board.unit_at(self.state, app.camera, app.projector, pos)
        if under is None or under.id == carrying or not setup_aboard.carries(self, under.type_id):
            return None
        return under

    def note_type(self, type_id: str) -> None:
        """A counter of ``type_id`` was placed: an aircraft needs the air turn (the loader would warn otherwise)."""
        if self.state is not None and self.state.ruleset.unit_type(type_id).theatre == "air":
            self.draft.air_theatre = True

    def _place(self, app: Table, type_id: str, at: WorldPoint) -> None:
        """A new counter of ``type_id`` for the chosen side at ``at``, or the reason it cannot stand there."""
        if not self.draft.sides:
            app.tell("refused: the scenario has no side yet; add one under Sides & players", error=True)
            return
        problem = self.placement_problem(type_id, at)
        if problem is not None:
            app.tell(f"refused: no {self.type_name(type_id)} placed: {problem}", error=True)
            return
        side = self.new_side if self.new_side in self.draft.side_names() else self.draft.side_names()[0]
        unit = DraftUnit(id=self.draft.new_unit_id(side), type_name=type_id, type_id=type_id, side=side, position=at)
        self.draft.units.append(unit)
        self.note_type(type_id)
        self.selected = unit.id
        self.changed_draft(app)
        app.tell(f"placed {unit.id} ({self.type_name(type_id)}, {side}) at {at.x:.0f},{at.y:.0f}")

    # --- the panel's buttons and fields -------------------------------------------------------------------
    def own_click(self, app: Table, control: setup_panel.Control) -> bool:
        draft, action, arg = self.draft, control.action, control.arg
        if action == "tab":
            self.tab = arg
        elif action == "new_side":
            self.new_side = arg
        elif action == "edit":
            self.editing = (arg, control.text)
        elif action == "unit_side":
            unit = draft.unit(self.selected)
            names = draft.side_names()
            if unit is not None and names:
                side = names[(names.index(unit.side) + 1) % len(names)] if unit.side in names else names[0]
                if setup_aboard.change_side(self, app, unit, side):  # the units aboard it go with it
                    for moved in [unit.id, *self.draft.riders(unit.id)]:
                        self._drop_from_other_players(moved, side)
                    self.changed_draft(app)
        elif action in ("unit_aboard", "unit_airborne"):
            unit = draft.unit(self.selected)
            if unit is not None and action == "unit_aboard":
                setup_aboard.next_aboard(self, app, unit)
            elif unit is not None:
                setup_aboard.toggle_airborne(self, app, unit)
        elif action == "unit_hidden":
            unit = draft.unit(self.selected)
            if unit is not None:  # the type's default is not written; the other is
                hidden = not self.hidden_of(unit)
                default = self.state is not None and bool(self.state.ruleset.unit_type(unit.type_id).hidden_by_default)
                unit.hidden = None if hidden == default else hidden
                self.changed_draft(app)
        elif action == "add_side":
            number = len(draft.sides) + 1
            while f"Side {number}" in draft.side_names():
                number += 1
            colour = DEFAULT_COLOURS[len(draft.sides) % len(DEFAULT_COLOURS)]
            draft.sides.append(SideSetup(name=f"Side {number}", colour=colour))
            self.changed_draft(app)
        elif action == "delete_side":
            self._delete_side(app, arg)
        elif action == "add_player":
            if draft.sides:
                draft.players.append(PlayerSetup(name=f"Player {len(draft.players) + 1}", side=draft.sides[0].name))
                self.changed_draft(app)
        elif action == "player_side":
            names = draft.side_names()
            player = draft.players[arg]
            side = names[(names.index(player.side) + 1) % len(names)] if player.side in names else names[0]
            draft.players[arg] = dataclasses.replace(player, side=side, units=None)  # a subcommand is of one side
            self.changed_draft(app)
        elif action == "delete_player":
            del draft.players[arg]
            self.changed_draft(app)
        else:
            return False  # the shared buttons: SetupBase.click
        return True

    def _drop_from_other_players(self, unit_id: str, side: str) -> None:
        self.draft.players = [p if p.units is None or p.side == side or unit_id not in p.units
                              else dataclasses.replace(p, units=tuple(u for u in p.units if u != unit_id) or None)
                              for p in self.draft.players]

    def _delete_side(self, app: Table, index: int) -> None:
        draft = self.draft
        side = draft.sides[index].name
        count = sum(1 for u in draft.units if u.side == side)
        if count:
            app.tell(f"refused: {side} still has {count} counter(s); delete them or give them another side first", error=True)
            return
        del draft.sides[index]
        draft.players = [p for p in draft.players if p.side != side]
        if self.new_side == side:
            self.new_side = draft.side_names()[0] if draft.sides else ""
        self.changed_draft(app)

    def delete_selected(self, app: Table) -> None:
        unit = self.draft.unit(self.selected)
        if unit is None:
            return
        if unit.from_map:
            app.tell(f"refused: {unit.id} is on the map's units layer; delete it in Tiled", error=True)
            return
        riders = self.draft.riders(unit.id)
        self.draft.delete_unit(unit.id)
        self.selected = None
        self.changed_draft(app)
        app.tell(f"deleted {unit.id}" + (f" and the units aboard it: {', '.join(riders)}" if riders else ""))

    def commit(self, app: Table) -> None:
        """The field being typed in takes its text, or the status line says why not (the field keeps it)."""
        if self.editing is None:
            return
        field, text = self.editing
        problem = set_field(self, field, text.strip())
        if problem is not None:
            app.tell(f"refused: {problem}", error=True)
            return
        self.editing = None
        self.changed_draft(app)

    # --- saving -------------------------------------------------------------------------------------------
    def draft_text(self, app: Table, target: Path) -> str:
        return self.draft.toml_text(target)

    def checked(self, text: str, target: Path) -> str:
        warnings = check_text(text, target)
        return f" ({len(warnings)} warning(s): {warnings[0].format()})" if warnings else ""

    def not_saved(self, exc: UserError) -> str:
        return f"not saved: {exc}".replace("\n", " ")

    # --- drawing ------------------------------------------------------------------------------------------
    def panel_rect(self, app: Table) -> pygame.Rect:
        width, height = app.surface.get_size()
        panel = app._panel_width()
        return pygame.Rect(width - panel, 0, panel, height)

    def status(self, app: Table) -> str:
        """Nothing added: the mode draws its own status line (the hint, or what the last action did)."""
        return ""

    def frame_key(self, app: Table) -> tuple[Hashable, ...]:
        carrying = self.carrying is not None
        return (self.active, self.version, self.tab, self.new_side, self.armed, self.selected, self.editing,
                self.asking, self.carrying, app.cursor if carrying else None, str(self.target))

    def draw(self, app: Table, target: pygame.Surface) -> None:
        """The whole frame while setting up: the map, the draft's counters, the bars and the panel."""
        camera, state, size = app.camera, self.state, app.text_size
        vp = camera.viewport
        app.map_layer.draw(target, camera)
        target.set_clip(pygame.Rect(vp.left, vp.top, vp.width, vp.height))
        if state is not None:
            app.board.draw(target, camera, state, app.projector, selected=self.selected, carried=None)
        self._draw_carried(app, target)
        overlays.draw_scale_bar(target, camera, app.texts, (vp.left + 14, visible.map_area(app).bottom - 10),
                                chrome.unit_words(state.ruleset.distance_unit if state else "units"), size - 2)
        side = self.new_side or "-"
        chrome.draw_top_bar(target, app.texts, vp, headline=f"SET-UP   new counters: {side}", title=self.draft.name,
                            side_colour=app.board.colours.get(side, "#808080"), text_size=size, projector=app.projector)
        chrome.draw_status(target, app.texts, vp, text=app.status, error=app.status_is_error, text_size=size,
                           projector=app.projector)
        target.set_clip(None)
        panel = self.panel_rect(app)
        self.controls = setup_panel.layout(self, panel, size)
        setup_panel.draw(target, app.texts, panel, self.controls, size, self.editing)

    def _draw_carried(self, app: Table, target: pygame.Surface) -> None:
        """The counter or type carried under the mouse, and whether it may stand there (the reason if not)."""
        if self.carrying is None or self.state is None or not app.camera.viewport.contains(*app.cursor):
            return
        at = app.camera.to_world(*app.cursor)
        if self.carrying.startswith("type:"):
            type_id, label = self.carrying[5:], self.type_name(self.carrying[5:])
            unit = UnitState(id=self.draft.new_unit_id(self.new_side), type_id=type_id, side=self.new_side, position=at,
                             health=self.full_health(type_id))
        else:
            found = self.state.unit(self.carrying)
            if found is None:
                return
            unit, type_id, label = found, found.type_id, found.id
        carrier = self._carrier_at(app, app.cursor, self.carrying)
        if carrier is not None:  # dropped here it goes aboard: the loader's verdict on that
            draft = self.draft.unit(unit.id)
            rider = draft if draft is not None else DraftUnit(id=unit.id, type_name=type_id, type_id=type_id,
                                                              side=carrier.side, position=at)
            problem = setup_aboard.problem_aboard(self, rider, carrier.id)
            fine = f"{label}: aboard {carrier.id}"
        else:
            problem, fine = self.placement_problem(type_id, at), f"{label}: may stand here"
        size = app.board.counter_px(app.camera, app.projector)
        picture = app.board.counter_surface(self.state, unit, size, app.projector)
        target.blit(picture, (app.cursor[0] - picture.get_width() // 2, app.cursor[1] - size // 2))
        lines = [fine] if problem is None else [f"{label}: refused", problem]
        overlays.draw_cursor_text(target, app.texts, app.cursor, lines, problem is None, app.text_size,
                                  clear_px=size // 2, area=visible.map_area(app))


