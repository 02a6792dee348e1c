"""The umpire's window for an area game (Diplomacy, Air Power Diplomacy): the province map with the units as
counters, orders typed in the console or given with the mouse, drawn as arrows; ``adjudicate`` shows what the
phase would give, ``confirm`` resolves it; everything goes through the session (journaled, undoable).

Mouse: drag a counter onto a province = the unit's move (or retreat) there (a menu when there are several,
e.g. a fleet's two coasts); right-click a counter = a menu of its orders (hold, moves, supports, convoys, wing
missions: the rule set's ``order_examples``); right-click an empty province = its builds (``place_examples``);
while the rules wait for a player's choice, right-click = the choice's answers.
Keys: type into the console and Enter; Ctrl+Z undo, Ctrl+Y redo; Escape closes a menu or clears the console.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from kriegsspiel.app.area_board import AreaBoard
from kriegsspiel.core.area import AreaUnit
from kriegsspiel.pov.area import province_of
from kriegsspiel.render.fonts import font
from kriegsspiel.scenario.area import province_drawings
from kriegsspiel.store.area_commands import AreaShell
from kriegsspiel.store.area_game import AreaGame

PANEL_WIDTH = 400
_BG = (245, 242, 232)
_INK = (25, 25, 25)
_BAD = (170, 20, 20)
_MENU_ROWS = 24


@dataclass
class Menu:
    """An open menu: its orders (each submitted for ``power`` when clicked), where it stands (screen)."""

    power: str
    options: list[str]
    at: tuple[int, int]
    row_height: int = 20

    width: int = 240

    def rows(self) -> int:
        return max(1, min(len(self.options), _MENU_ROWS))

    def rect(self) -> pygame.Rect:
        """Where it stands: columns of at most _MENU_ROWS orders (a wing has dozens)."""
        columns = -(-len(self.options) // self.rows())
        return pygame.Rect(self.at[0], self.at[1], self.width * columns, self.row_height * self.rows())

    def option_at(self, point: tuple[int, int]) -> str | None:
        if not self.rect().collidepoint(point):
            return None
        index = (point[0] - self.at[0]) // self.width * self.rows() + (point[1] - self.at[1]) // self.row_height
        return self.options[index] if 0 <= index < len(self.options) else None


def _is_move_to(order: str, province: str) -> bool:
    tokens = order.upper().replace("-", " - ").split()
    return bool(tokens) and province_of(tokens[-1]) == province and ("-" in tokens or "R" in tokens) and not (
        {"S", "C", "AIRLIFT", "ESCORT"} & set(tokens))


class AreaApp:
    """The window's state and drawing for one area game on ``surface``."""

    def __init__(self, game: AreaGame, surface: pygame.Surface, title: str = "") -> None:
        self.game = game
        self.surface = surface
        self.title = title or game.scenario.name
        self.shell = AreaShell(game)
        board = game.scenario.board
        self.board = AreaBoard(province_drawings(board), (board.width_px, board.height_px), self._board_size())
        self.console = ""
        self.log: list[tuple[str, bool]] = [(f"{game.turn.position.phase_label}: type 'help' for the commands", False)]
        self.selected: str | None = None
        self.drag_to: tuple[int, int] | None = None
        self.menu: Menu | None = None
        self.running = True

    def _board_size(self) -> tuple[int, int]:
        w, h = self.surface.get_size()
        return max(100, w - PANEL_WIDTH), h

    # --- commands ---------------------------------------------------------------------------------------

    def say(self, text: str) -> None:
        """Show an answer of the session in the log (a refusal in red)."""
        for line in text.splitlines() or [""]:
            self.log.append((line, line.startswith("refused")))
        del self.log[:-200]

    def command(self, line: str) -> None:
        """Carry out a line as typed in the console (orders, adjudicate, confirm, undo, queries)."""
        if line.strip():
            self.log.append((f"> {line.strip()}", False))
            self.say(self.shell.handle(line))

    def order(self, power: str, text: str) -> None:
        self.command(f"{power}: {text}")

    # --- events -----------------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        """One pygame event."""
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._left_down(event.pos)
        elif event.type == pygame.MOUSEMOTION and self.selected is not None:
            self.drag_to = event.pos
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.selected is not None:
            self._drop(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self._right_click(event.pos)
        elif event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type == pygame.TEXTINPUT:
            self.console += event.text
        elif event.type == pygame.VIDEORESIZE:
            self.surface = pygame.display.get_surface() or self.surface
            self.board.fit(self._board_size())

    def _unit(self, uid: str | None) -> AreaUnit | None:
        return next((u for u in self.game.turn.position.units if u.uid == uid), None)

    def _left_down(self, pos: tuple[int, int]) -> None:
        if self.menu is not None:
            choice = self.menu.option_at(pos)
            power = self.menu.power
            self.menu = None
            if choice is not None:
                self.order(power, choice)
            return
        unit = self.board.unit_at(self.game.turn.position.units, pos)
        self.selected = unit.uid if unit is not None else None
        self.drag_to = pos if unit is not None else None

    def _drop(self, pos: tuple[int, int]) -> None:
        unit = self._unit(self.selected)
        self.selected, self.drag_to = None, None
        dest = self.board.province_at(pos)
        if unit is None or dest is None or dest == province_of(unit.where):
            return
        rules = self.game.scenario.rules
        moves = [o for o in rules.order_examples(self.game.turn.position, unit.power, unit.uid) if _is_move_to(o, dest)]
        if len(moves) == 1:
            self.order(unit.power, moves[0])
        elif len(moves) > 1:
            self.menu = Menu(unit.power, moves, pos)
        else:  # not a move the menu knows (a convoyed army): the rules say yes or why not
            self.order(unit.power, f"{unit.kind} {unit.where} - {dest}")

    def _right_click(self, pos: tuple[int, int]) -> None:
        self.menu = None
        position = self.game.turn.position
        rules = self.game.scenario.rules
        if self.game.turn.choices:  # the rules wait for a player's choice: its answers, wherever clicked
            choice = self.game.turn.choices[0]
            self.say(f"{choice.power} must choose: {choice.question}")
            self.menu = Menu(choice.power, list(choice.options), pos)
            return
        unit = self.board.unit_at(position.units, pos)
        if unit is not None:
            options = list(rules.order_examples(position, unit.power, unit.uid))
            if options:
                self.menu = Menu(unit.power, options, pos)
            else:
                self.say(f"no orders for {unit.kind} {unit.where} in {position.phase_label}")
            return
        province = self.board.province_at(pos)
        if province is None:
            return
        for power in rules.powers_to_order(position):
            options = list(rules.place_examples(position, power, province))
            if options:
                self.menu = Menu(power, options, pos)
                return

    def _key(self, event: pygame.event.Event) -> None:
        ctrl = bool(event.mod & pygame.KMOD_CTRL)
        if ctrl and event.key == pygame.K_z:
            self.command("undo")
        elif ctrl and event.key == pygame.K_y:
            self.command("redo")
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            line, self.console = self.console, ""
            self.command(line)
        elif event.key == pygame.K_BACKSPACE:
            self.console = self.console[:-1]
        elif event.key == pygame.K_ESCAPE:
            if self.menu is not None:
                self.menu = None
            else:
                self.console = ""

    # --- drawing ----------------------------------------------------------------------------------------

    def render(self) -> None:
        """Draw the whole window."""
        self.surface.fill(_BG)
        self.board.draw(self.surface, self.game.turn, self.selected, self.drag_to)
        self._panel()
        if self.menu is not None:
            self._menu(self.menu)

    def _panel(self) -> None:
        w, h = self.surface.get_size()
        x = w - PANEL_WIDTH
        pygame.draw.rect(self.surface, _BG, (x, 0, PANEL_WIDTH, h))
        pygame.draw.line(self.surface, (120, 110, 90), (x, 0), (x, h), 2)
        head, body = font(18, bold=True), font(14)
        turn = self.game.turn
        rules = self.game.scenario.rules
        lines: list[tuple[str, pygame.font.Font, tuple[int, int, int]]] = [
            (self.title, head, _INK), (turn.position.phase_label, head, _INK),
            ("orders from: " + (", ".join(rules.powers_to_order(turn.position)) or "nobody"), body, _INK),
            ("", body, _INK), ("Orders given", head, _INK)]
        lines += [(f"{o.power}: {o.text}", body, _INK) for o in turn.orders[-14:]] or [("(none)", body, _INK)]
        lines += [(f"{c.power} must choose: {c.question}", body, _BAD) for c in turn.choices]
        lines += [("", body, _INK), ("Log", head, _INK)]
        room = (h - 60 - 20 * len(lines)) // 18
        lines += [(text, body, _BAD if bad else _INK) for text, bad in self.log[-max(1, room):]]
        y = 10
        for text, face, colour in lines:
            for part in _fit(text, face, PANEL_WIDTH - 20):
                if y > h - 60:
                    break  # the console's box below keeps its room
                self.surface.blit(face.render(part, True, colour), (x + 10, y))
                y += face.get_linesize() + 1
        box = pygame.Rect(x + 8, h - 36, PANEL_WIDTH - 16, 28)
        pygame.draw.rect(self.surface, (255, 255, 255), box)
        pygame.draw.rect(self.surface, _INK, box, 1)
        self.surface.blit(body.render(("> " + self.console)[-52:], True, _INK), (box.x + 6, box.y + 6))

    def _menu(self, menu: Menu) -> None:
        rect = menu.rect()
        w, h = self.surface.get_size()
        if rect.right > w or rect.bottom > h:  # keep it on the screen
            menu.at = (min(menu.at[0], w - rect.width), min(menu.at[1], max(0, h - rect.height)))
            rect = menu.rect()
        pygame.draw.rect(self.surface, (255, 255, 250), rect)
        pygame.draw.rect(self.surface, _INK, rect, 1)
        face = font(14)
        for i, option in enumerate(menu.options):
            column, row = divmod(i, menu.rows())
            self.surface.blit(face.render(option, True, _INK),
                              (rect.x + column * menu.width + 6, rect.y + row * menu.row_height + 3))

    def run(self, max_frames: int | None = None, present: object = None) -> int:
        """The event loop until the window closes (or ``max_frames`` frames, headless)."""
        clock = pygame.time.Clock()
        frames = 0
        while self.running and (max_frames is None or frames < max_frames):
            for event in pygame.event.get():
                self.handle(event)
            self.render()
            if callable(present):
                present()
            frames += 1
            if max_frames is None:
                clock.tick(30)
        return 0


def _fit(text: str, face: pygame.font.Font, width_px: int) -> list[str]:
    """``text`` broken at spaces into lines no wider than ``width_px`` (a word wider than that is cut), so no
    power's name or result runs off the panel."""
    out: list[str] = []
    line = ""
    for word in text.split(" "):
        trial = f"{line} {word}" if line else word
        if face.size(trial)[0] <= width_px or not line:
            line = trial
        else:
            out.append(line)
            line = word
        while face.size(line)[0] > width_px and len(line) > 1:
            cut = len(line)
            while cut > 1 and face.size(line[:cut])[0] > width_px:
                cut -= 1
            out.append(line[:cut])
            line = line[cut:]
    out.append(line)
    return out
