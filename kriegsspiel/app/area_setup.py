"""The set-up mode of the area games' window (F2): place units on provinces instead of writing ``[setup]`` by hand.

A palette of the rule set's unit kinds (:meth:`AreaRules.setup_kinds`: Diplomacy's army, fleet and, in Air
Power, wing; every unit-profiles type) and the map's powers; with a kind chosen, a click on a province adds one
(:meth:`AreaRules.setup_placed`) and the rule set's own :meth:`AreaRules.start` judges it, so an army at sea or a
fleet inland is refused with the rules' reason; a click on a counter selects it, Delete takes it off; Ctrl+S
writes the scenario (next to the map, or the file the panel names), read back as ``kriegsspiel check`` reads it,
atomically, asking before replacing a file it did not write. Offered before the game's first record; a
province map opened without a scenario starts in it. The game itself is never changed.
"""
from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from kriegsspiel.app import setup_panel
from kriegsspiel.app.setup_mode import keep_beside, play_problem
from kriegsspiel.app.area_panel import BG, PANEL_WIDTH, fit
from kriegsspiel.core.area import AreaPosition
from kriegsspiel.errors import UserError
from kriegsspiel.render.fonts import font
from kriegsspiel.scenario.area_writer import area_scenario_text, check_area_text
from kriegsspiel.scenario.writer import ScenarioExists, write_atomically
from kriegsspiel.store.area import AreaTurn

if TYPE_CHECKING:
    from kriegsspiel.app.area_window import AreaApp

#: the ``[setup]`` key a start refusal begins with ("[setup.units] FRANCE: 'A MAO': ", "[setup].powers.NORD.units.WNS[1]: ")
_SETUP_KEY = re.compile(r"^\[setup[^\]]*\]\S*( [A-Z]+)?(: '[^']*')?: ")
HINT = ("Set-up: choose a power and a unit kind, click a province to place one; Delete takes the selected off; "
        "Ctrl+S saves, Ctrl+P plays it; F2 leaves.")
TEXT_SIZE = 16
#: keys the board keeps while setting up: fullscreen, screenshot, fit, pan, zoom, quit
BOARD_KEYS = (pygame.K_F11, pygame.K_F12, pygame.K_HOME, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN,
              pygame.K_PLUS, pygame.K_MINUS, pygame.K_EQUALS, pygame.K_KP_PLUS, pygame.K_KP_MINUS)


class AreaSetupMode:
    """The set-up mode of one AreaApp: off until :meth:`enter`."""

    name = "set-up"

    def __init__(self) -> None:
        self.active = False
        self.setup: dict[str, Any] = {}
        self.position: AreaPosition | None = None  # the setup started by the rules: what the board draws
        self.kinds: tuple[tuple[str, str], ...] = ()
        self.power = ""
        self.armed: str | None = None
        self.selected: str | None = None
        self.target = Path()
        self.written: set[Path] = set()
        self.asking: str | None = None  # "overwrite" or "leave"
        self.changed = False
        self.line: tuple[str, bool] = (HINT, False)  # the mode's status line, red when refused
        self.controls: list[setup_panel.Control] = []
        self.panning_from: tuple[int, int] | None = None
        self.editing: tuple[Any, str] | None = None  # "save as" being typed
        self.play_next: Path | None = None  # Ctrl+P: the saved scenario, played next in this window

    # --- entering and leaving -------------------------------------------------------------------------------
    def can_enter(self, app: AreaApp) -> str | None:
        """Why the set-up mode is not offered in this game, or None."""
        if app.game.record_count > 0:
            return ("set-up mode is for a game before its first order; this one has records in its journal: start "
                    "a new game from its scenario (kriegsspiel play SCENARIO.toml) and press F2 there")
        scenario = app.game.scenario
        if not scenario.rules.setup_kinds(scenario.setup):
            return f"the rule set {scenario.ruleset.name} has no set-up mode; write its [setup] in the scenario"
        return None

    def enter(self, app: AreaApp) -> bool:
        why = self.can_enter(app)
        if why is not None:
            app.tell(f"refused: {why}", error=True)
            return False
        scenario = app.game.scenario
        self.setup = copy.deepcopy(dict(scenario.setup))
        self.position = app.game.turn.position
        self.kinds = scenario.rules.setup_kinds(self.setup)
        self.power = scenario.board.powers[0] if scenario.board.powers else ""
        self.target = Path(scenario.map_path).resolve().with_suffix(".toml")
        self.active, self.changed, self.armed, self.selected, self.asking = True, False, None, None, None
        self.line = (HINT, False)
        return True

    def leave(self, app: AreaApp) -> None:
        self.active = False
        self.asking = self.editing = None
        saved = f"; play what you saved with: kriegsspiel play {self.target}" if self.target in self.written else ""
        app.tell(f"set-up mode left: the game is as it was{saved}")

    def tell(self, text: str, error: bool = False) -> None:
        self.line = (text, error)

    # --- events -------------------------------------------------------------------------------------------
    def handle(self, app: AreaApp, event: pygame.event.Event) -> bool:
        """Take ``event`` when it is the mode's (F2 always); True when the board must not see it."""
        kind = event.type
        if kind == pygame.KEYDOWN and event.key == pygame.K_F2 and self.editing is None:
            if not self.active:
                self.enter(app)
            elif self.changed and self.asking != "leave":
                self.asking = "leave"
                self.tell("the set-up is not saved: F2 or Enter leaves without saving it, Esc stays", error=True)
            else:
                self.leave(app)
            return True
        if not self.active:
            return False
        if kind == pygame.KEYDOWN:
            return self._key(app, event)
        if kind == pygame.TEXTINPUT:
            if self.editing is not None:
                self.editing = (self.editing[0], self.editing[1] + event.text)
            return True
        if kind == pygame.MOUSEBUTTONDOWN:
            app.cursor = event.pos
            if event.button == 1:
                self._press(app, event.pos)
            elif event.button in (2, 3) and app.board.view_rect.collidepoint(event.pos):
                self.panning_from = event.pos
            return True
        if kind == pygame.MOUSEMOTION:
            app.cursor = event.pos
            if self.panning_from is not None:
                app.board.pan(event.pos[0] - self.panning_from[0], event.pos[1] - self.panning_from[1])
                self.panning_from = event.pos
            return True
        if kind == pygame.MOUSEBUTTONUP:
            app.cursor = event.pos
            self.panning_from = None
            return True
        return kind == pygame.MOUSEWHEEL and not app.board.view_rect.collidepoint(app.cursor)

    def _key(self, app: AreaApp, event: pygame.event.Event) -> bool:
        key, ctrl = event.key, bool(getattr(event, "mod", 0) & pygame.KMOD_CTRL)
        if self.editing is not None:
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB):
                self._commit()
            elif key == pygame.K_ESCAPE:
                self.editing = None
            elif key == pygame.K_BACKSPACE:
                self.editing = (self.editing[0], self.editing[1][:-1])
            return True
        if self.asking is not None and key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_y, pygame.K_ESCAPE, pygame.K_n):
            yes, question = key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_y), self.asking
            self.asking = None
            if not yes:
                self.tell("not done")
            elif question == "overwrite":
                self.save(app, overwrite=True)
            else:
                self.leave(app)
            return True
        if ctrl and key == pygame.K_s:
            self.save(app, overwrite=self.asking == "overwrite")
        elif ctrl and key == pygame.K_p:
            self.play(app)
        elif ctrl and key == pygame.K_q:
            return False  # quit, as ever
        elif key in (pygame.K_DELETE, pygame.K_BACKSPACE):
            self.delete_selected(app)
        elif key == pygame.K_ESCAPE:
            self.armed = self.selected = None
            self.tell(HINT)
        elif key in BOARD_KEYS:
            return False
        return True

    def _press(self, app: AreaApp, pos: tuple[int, int]) -> None:
        if self.editing is not None:
            self._commit()
        control = next((c for c in reversed(self.controls) if c.rect.collidepoint(pos) and c.action), None)
        if control is not None:
            self.click(app, control)
            return
        if not app.board.view_rect.collidepoint(pos) or self.position is None:
            return
        unit = app.board.unit_at(self.position.units, pos)
        province = app.board.province_at(pos)
        if self.armed is not None and province is not None:
            self.place(app, self.armed, province)
        elif unit is not None:
            self.selected = unit.uid
            self.tell(f"selected {unit.power} {unit.label} in {unit.where}: Delete takes it off")
        else:
            self.selected = None
            self.panning_from = pos

    def click(self, app: AreaApp, control: setup_panel.Control) -> None:
        if control.action == "power":
            self.power = control.arg
        elif control.action == "type":
            self.armed = None if self.armed == control.arg else control.arg
        elif control.action == "edit":
            self.editing = (control.arg, control.text)
        elif control.action == "delete_unit":
            self.delete_selected(app)
        elif control.action == "save":
            self.save(app, overwrite=self.asking == "overwrite")
        elif control.action == "play":
            self.play(app)
        elif control.action == "leave":
            self.handle(app, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F2, mod=0))

    def _commit(self) -> None:
        if self.editing is None:
            return
        text = self.editing[1].strip()
        if not text.isprintable():
            self.tell("refused: a file name of letters, digits, spaces and punctuation (no NUL, tab or line break)", error=True)
            return
        path = Path(text).expanduser()
        if path.suffix.lower() != ".toml":
            self.tell(f"refused: a scenario is a .toml file, not {text!r}", error=True)
            return
        self.target = path if path.is_absolute() else self.target.parent / path
        self.editing = None

    # --- changes, judged by the rules ---------------------------------------------------------------------
    def _started(self, app: AreaApp, setup: dict[str, Any]) -> AreaPosition:
        """The rules' start of ``setup`` (raises UserError with their reason)."""
        scenario = app.game.scenario
        return scenario.rules.start({**setup, "blind": scenario.blind}, scenario.board.powers,
                                    scenario.board.properties(), scenario.source)

    def _reason(self, app: AreaApp, exc: Exception) -> str:
        """The rules' refusal without the file and the ``[setup]`` key it names (the umpire clicked, not typed)."""
        return _SETUP_KEY.sub("", str(exc).removeprefix(f"{app.game.scenario.source}: "), count=1)

    def place(self, app: AreaApp, kind: str, province: str) -> bool:
        """A unit of ``kind`` for the chosen power in ``province``, or the rules' reason it may not stand there."""
        names = dict(self.kinds)
        scenario = app.game.scenario
        try:
            setup = scenario.rules.setup_placed(self.setup, self.power, kind, province, scenario.board.properties())
            position = self._started(app, setup)
        except UserError as exc:
            self.tell(f"refused: no {names.get(kind, kind)} of {self.power} in {province}: {self._reason(app, exc)}", error=True)
            return False
        self.setup, self.position, self.changed = setup, position, True
        self.tell(f"placed a {names.get(kind, kind)} of {self.power} in {province}")
        return True

    def delete_selected(self, app: AreaApp) -> None:
        unit = next((u for u in (self.position.units if self.position else ()) if u.uid == self.selected), None)
        if unit is None:
            return
        try:
            setup = app.game.scenario.rules.setup_removed(self.setup, unit)
            position = self._started(app, setup)
        except UserError as exc:
            self.tell(f"refused: {self._reason(app, exc)}", error=True)
            return
        self.setup, self.position, self.changed, self.selected = setup, position, True, None
        self.tell(f"took off {unit.power} {unit.label} in {unit.where}")

    def save(self, app: AreaApp, overwrite: bool = False) -> Path | None:
        """Ctrl+S: the scenario read back as ``check`` reads it, then written atomically at :attr:`target`."""
        target = self.target.resolve() if self.target.parent.exists() else self.target
        text = area_scenario_text(app.game.scenario, self.setup, target)
        try:
            check_area_text(text, target)
            write_atomically(target, text, overwrite=overwrite or target in self.written)
        except ScenarioExists:
            self.asking = "overwrite"
            self.tell(f"{target} exists: Ctrl+S again or Enter replaces it, Esc keeps it", error=True)
            return None
        except UserError as exc:
            self.tell(f"not saved: {exc}", error=True)
            return None
        except OSError as exc:
            self.tell(f"not saved: cannot write {target} ({exc.strerror or exc}); change 'save as' to a folder you "
                      "can write", error=True)
            return None
        self.asking, self.changed, self.target = None, False, target
        self.written.add(target)
        self.tell(f"saved {target}; play it with: kriegsspiel play {target}")
        return target

    def play(self, app: AreaApp) -> bool:
        """Ctrl+P: the scenario as saved becomes a new game in this window; refused until it is saved as it is."""
        problem = play_problem(self.target, self.written, self.changed)
        if problem is not None:
            self.tell(f"refused: {problem}", error=True)
            return False
        self.play_next = self.target
        self.tell(f"opening a new game of {self.target}")
        app.running = False  # the window opens the next game (app/window.py run_window)
        return True

    def keep_unsaved(self, app: AreaApp) -> str | None:
        """Ctrl+Q with changes not saved: the setup written beside the target (``...-unsaved.toml``)."""
        if not self.active or not self.changed:
            return None
        return keep_beside(self.target, lambda target: area_scenario_text(app.game.scenario, self.setup, target))

    # --- drawing ------------------------------------------------------------------------------------------
    def draw(self, app: AreaApp) -> None:
        """The whole window while setting up: the board with the setup's units, the status line, the panel."""
        surface = app.surface
        surface.fill(BG)
        if self.position is not None:
            app.board.draw(surface, AreaTurn(self.position), self.selected)
        view = app.board.view_rect
        text, error = self.line
        face = font(TEXT_SIZE)
        lines = fit(text, face, view.width - 20)[:3]
        height = len(lines) * face.get_linesize() + 10
        bar = pygame.Rect(view.left, view.bottom - height, view.width, height)
        pygame.draw.rect(surface, (150, 30, 30) if error else (40, 42, 50), bar)
        for i, part in enumerate(lines):
            surface.blit(face.render(part, True, (255, 255, 255)), (bar.left + 10, bar.top + 5 + i * face.get_linesize()))
        width, height_px = surface.get_size()
        panel = pygame.Rect(width - PANEL_WIDTH, 0, PANEL_WIDTH, height_px)
        self.controls = self._layout(app, panel)
        setup_panel.draw(surface, app.texts, panel, self.controls, TEXT_SIZE + 2, self.editing)

    def _layout(self, app: AreaApp, panel: pygame.Rect) -> list[setup_panel.Control]:
        row = TEXT_SIZE + 12
        rows = setup_panel.Rows(panel.left + setup_panel.MARGIN, panel.top + 8, panel.width - 2 * setup_panel.MARGIN, row)
        rows.label(f"SET-UP: {app.game.scenario.name}")
        rows.label("Units belong to:")
        powers = list(app.game.scenario.board.powers)
        for start in range(0, len(powers), 3):
            rows.line([(1, "button", p, "power", p, p == self.power) for p in powers[start:start + 3]])
        rows.label("Unit kinds: choose one, click a province")
        bottom = panel.bottom - 3 * row - 8
        height = TEXT_SIZE + 4
        columns = 2  # three for unit profiles' 49 types: whole names on a 1366x768 screen's window
        while columns < 4 and ((len(self.kinds) + columns - 1) // columns) * (height + setup_panel.GAP) > bottom - rows.y - row - 4:
            columns += 1
        rows.grid([(name, "type", kind, kind == self.armed) for kind, name in self.kinds], columns, height)
        rows.space(4)
        unit = next((u for u in (self.position.units if self.position else ()) if u.uid == self.selected), None)
        if unit is not None:
            rows.line([(1, "button", f"Take off {unit.power} {unit.label} in {unit.where} (Del)", "delete_unit", None, False)])
        footer = setup_panel.Rows(panel.left + setup_panel.MARGIN, bottom, panel.width - 2 * setup_panel.MARGIN, row)
        footer.line([(1, "label", "save as", "", None, False), (3, "field", str(self.target), "edit", ("target",), False)])
        footer.space(row - 2 - setup_panel.GAP)
        footer.line([(1, "button", "Save (Ctrl+S)", "save", None, False),
                     (1, "button", "Play it (Ctrl+P)", "play", None, False),
                     (1, "button", "Leave (F2)", "leave", None, False)])
        return rows.controls + footer.controls

