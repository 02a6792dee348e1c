"""The set-up mode of the area games' window (F2): place units on provinces instead of writing ``[setup]`` by hand.

A palette of the rule set's unit kinds (:meth:`AreaRules.setup_kinds`: Diplomacy's army, fleet and, in Air
Power, wing; every unit-profiles type) and the map's powers; with a kind chosen, a click on a province adds one
(:meth:`AreaRules.setup_placed`) and the rule set's own :meth:`AreaRules.start` judges it, so an army at sea or a
fleet inland is refused with the rules' reason; a click on a counter selects it, Delete takes it off; Ctrl+S
writes the scenario (next to the map, or the file the panel names), read back as ``kriegsspiel check`` reads it,
atomically, asking before replacing a file it did not write. The *Players* tab lists the scenario's
``[[players]]`` (name, power): add one (its name typed, its power the power chosen there), rename, give the
next power, delete; Ctrl+S writes them. Offered before the game's first record; a
province map opened without a scenario starts in it. The game itself is never changed.
"""
from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from kriegsspiel.app import setup_panel
from kriegsspiel.app.setup_base import SetupBase
from kriegsspiel.app.setup_fields import player_name_problem, player_power_problem
from kriegsspiel.app.area_panel import BG, PANEL_WIDTH, fit
from kriegsspiel.core.area import AreaPosition
from kriegsspiel.errors import UserError
from kriegsspiel.scenario.area import Player
from kriegsspiel.render.fonts import font
from kriegsspiel.scenario.area_writer import area_scenario_text, check_area_text
from kriegsspiel.store.area import AreaTurn

if TYPE_CHECKING:
    from kriegsspiel.app.area_window import AreaApp

#: the ``[setup]`` key a start refusal begins with ("[setup.units] FRANCE: 'A MAO': ", "[setup].powers.NORD.units.WNS[1]: ")
_SETUP_KEY = re.compile(r"^\[setup[^\]]*\]\S*( [A-Z]+)?(: '[^']*')?: ")
HINT = ("Set-up: choose a power and a unit kind, click a province to place one; Delete takes the selected off; "
        "Ctrl+S saves, Ctrl+P plays it; F2 leaves.")
TEXT_SIZE = 16


class AreaSetupMode(SetupBase["AreaApp"]):
    """The set-up mode of one AreaApp: off until :meth:`enter`."""

    HINT = HINT

    def __init__(self) -> None:
        super().__init__()
        self.setup: dict[str, Any] = {}
        self.position: AreaPosition | None = None  # the setup started by the rules: what the board draws
        self.kinds: tuple[tuple[str, str], ...] = ()
        self.power = ""
        self.players: list[Player] = []  # the scenario's [[players]] as the Players tab left them
        self.tab = "units"  # or "players"
        self.line: tuple[str, bool] = (HINT, False)  # the mode's status line, red when refused

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
        self.players, self.tab = list(scenario.players), "units"
        self.active, self.changed, self.armed, self.selected, self.asking = True, False, None, None, None
        self.line = (HINT, False)
        return True

    def stop(self, app: AreaApp) -> None:
        self.leave(app)

    def tell(self, text: str, error: bool = False) -> None:
        self.line = (text, error)

    def say(self, app: AreaApp, text: str, error: bool = False) -> None:
        self.tell(text, error)

    # --- events: the board's part (SetupBase handles them) -----------------------------------------------
    def may_pan_from(self, app: AreaApp, pos: tuple[int, int]) -> bool:
        return bool(app.board.view_rect.collidepoint(pos))

    def pan(self, app: AreaApp, dx: int, dy: int) -> None:
        app.board.pan(dx, dy)

    def wheel(self, app: AreaApp, event: pygame.event.Event) -> bool:
        return not app.board.view_rect.collidepoint(app.cursor)

    def other_key(self, app: AreaApp, key: int, ctrl: bool) -> bool | None:
        return False if ctrl and key == pygame.K_q else None  # quit, as ever

    def press_map(self, app: AreaApp, pos: tuple[int, int]) -> None:
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

    def own_click(self, app: AreaApp, control: setup_panel.Control) -> bool:
        if control.action == "power":
            self.power = control.arg
        elif control.action == "type":
            self.armed = None if self.armed == control.arg else control.arg
        elif control.action == "tab":
            self.tab = control.arg
        elif control.action == "add_player":
            self.editing = (("new_player",), "")
            self.tell(f"type the new player's name, Enter adds them as {self.power} (Esc: no new player)")
        elif control.action == "player_power":
            powers = app.game.scenario.board.powers
            player = self.players[control.arg]
            power = powers[(powers.index(player.power) + 1) % len(powers)] if player.power in powers else powers[0]
            self.players[control.arg] = Player(player.name, power)
            self.changed = True
        elif control.action == "delete_player":
            gone = self.players.pop(control.arg)
            self.changed = True
            self.tell(f"player {gone.name} ({gone.power}) deleted")
        else:
            return False
        return True

    def commit(self, app: AreaApp) -> None:
        """The field typed in ("save as", a player's name, a new player) takes its text, or the status line says
        why not (the field stays open with it)."""
        if self.editing is None:
            return
        field, text = self.editing[0], self.editing[1].strip()
        if field != ("target",):
            problem = self.set_player(app, field, text)
            if problem is not None:
                self.tell(f"refused: {problem}", error=True)
            else:
                self.editing, self.changed = None, True
            return
        if not text.isprintable():
            self.tell("refused: a file name of letters, digits, spaces and punctuation (no NUL, tab or line break)", error=True)
            return
        path = Path(text).expanduser()
        if path.suffix.lower() != ".toml":
            self.tell(f"refused: a scenario is a .toml file, not {text!r}", error=True)
            return
        self.target = path if path.is_absolute() else self.target.parent / path
        self.editing = None

    def set_player(self, app: AreaApp, field: tuple[Any, ...], name: str, power: str | None = None) -> str | None:
        """Player ``field[1]`` renamed (``("player", i)``), or a new one of ``power`` (the chosen power when None)
        added (``("new_player",)``); returns why not (the players unchanged), or None."""
        index = field[1] if field[0] == "player" else None
        problem = player_name_problem(name, [p.name for i, p in enumerate(self.players) if i != index])
        if problem is not None:
            return problem
        if index is not None:
            self.players[index] = Player(name, self.players[index].power)
            self.tell(f"player renamed {name}")
            return None
        power = self.power if power is None else power
        problem = player_power_problem(power, app.game.scenario.board.powers)
        if problem is not None:
            return problem
        self.players.append(Player(name, power))
        self.tell(f"player {name} plays {power}")
        return None

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

    def draft_text(self, app: AreaApp, target: Path) -> str:
        return area_scenario_text(app.game.scenario, self.setup, target, self.players)

    def checked(self, text: str, target: Path) -> str:
        check_area_text(text, target)
        return ""

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
        rows.line([(1, "button", "Units", "tab", "units", self.tab == "units"),
                   (1, "button", f"Players ({len(self.players)})", "tab", "players", self.tab == "players")])
        rows.label("Units belong to:" if self.tab == "units" else "New players play:")
        powers = list(app.game.scenario.board.powers)
        for start in range(0, len(powers), 3):
            rows.line([(1, "button", p, "power", p, p == self.power) for p in powers[start:start + 3]])
        bottom = panel.bottom - 3 * row - 8
        if self.tab == "players":
            self._players_tab(rows, bottom)
        else:
            self._units_tab(rows, bottom)
        footer = setup_panel.Rows(panel.left + setup_panel.MARGIN, bottom, panel.width - 2 * setup_panel.MARGIN, row)
        footer.line([(1, "label", "save as", "", None, False), (3, "field", str(self.target), "edit", ("target",), False)])
        footer.space(row - 2 - setup_panel.GAP)
        footer.line([(1, "button", "Save (Ctrl+S)", "save", None, False),
                     (1, "button", "Play it (Ctrl+P)", "play", None, False),
                     (1, "button", "Leave (F2)", "leave", None, False)])
        return rows.controls + footer.controls

    def _players_tab(self, rows: setup_panel.Rows, bottom: int) -> None:
        """The scenario's players: name (click to type), power (click: the next), x deletes; + adds one."""
        rows.space(4)
        rows.label("Players (name, power): none means one player a power" if not self.players else "Players (name, power):")
        for i, player in enumerate(self.players):
            rows.line([(3, "field", player.name, "edit", ("player", i), False),
                       (2, "button", f"{player.power} (next)", "player_power", i, False),
                       (0.5, "button", "x", "delete_player", i, False)])
        if self.editing is not None and self.editing[0] == ("new_player",):
            rows.line([(3, "field", "", "edit", ("new_player",), False), (2, "dim", f"plays {self.power}", "", None, False)])
        elif rows.y + 2 * rows.row < bottom:  # room for one more row above the footer
            rows.line([(1, "button", f"+ Add player of {self.power}", "add_player", None, False)])
        else:
            rows.label("no room for more players on this panel", colour_dim=True)

    def _units_tab(self, rows: setup_panel.Rows, bottom: int) -> None:
        row = rows.row
        rows.label("Unit kinds: choose one, click a province")
        height = TEXT_SIZE + 4
        columns = 2  # three for unit profiles' 49 types: whole names on a 1366x768 screen's window
        while columns < 4 and ((len(self.kinds) + columns - 1) // columns) * (height + setup_panel.GAP) > bottom - rows.y - row - 4:
            columns += 1
        rows.grid([(name, "type", kind, kind == self.armed) for kind, name in self.kinds], columns, height)
        rows.space(4)
        unit = next((u for u in (self.position.units if self.position else ()) if u.uid == self.selected), None)
        if unit is not None:
            rows.line([(1, "button", f"Take off {unit.power} {unit.label} in {unit.where} (Del)", "delete_unit", None, False)])

