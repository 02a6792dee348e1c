"""The umpire's window for an area game (Diplomacy, Air Power Diplomacy, unit profiles): the province map with
the units as counters, orders typed in the console or given with the mouse, drawn as arrows; ``adjudicate``
shows what the phase would give, ``confirm`` resolves it; everything goes through the session (journaled,
undoable).

Mouse: drag a counter onto a province = the unit's move (or retreat) there (a menu when there are several,
e.g. a fleet's two coasts; for an army that only the sea can carry there, a menu of the convoy routes);
right-click a counter = a menu of its orders (the rule set's ``order_examples``); right-click an empty
province = its builds (``place_examples``); while the rules wait for a player's choice, right-click = the
choice's answers. The board moves as the ruler games' does: the wheel zooms about the cursor, dragging
empty board (or with the right or middle button) pans, Home fits. Every key: app/area_keys.py (F1).
"""
from __future__ import annotations

import math
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

import pygame

from kriegsspiel.app import debrief_menu
from kriegsspiel.app.area_board import AreaBoard
from kriegsspiel.app.area_keys import AREA_KEYS
from kriegsspiel.app.area_legend import board_key, draw_help_and_key, duty_lines
from kriegsspiel.app.area_menu import Menu, convoy_menu
from kriegsspiel.app.area_panel import (BG, INK, PANEL_WIDTH, button_rects, console_rect, draw_panel,
                                        draw_question, fit, unordered_line)
from kriegsspiel.app.area_preview import draw_tags, result_tags
from kriegsspiel.app.area_setup import AreaSetupMode
from kriegsspiel.app.group_undo import GroupLedger
from kriegsspiel.app.portal_window import WindowPortal
from kriegsspiel.app.viewas import next_shot_number
from kriegsspiel.core.area import AreaUnit
from kriegsspiel.pov.area import province_of
from kriegsspiel.render.area_counters import symbols_by_kind
from kriegsspiel.render.camera import ZOOM_STEP
from kriegsspiel.render.fonts import font
from kriegsspiel.render.overlays import TextCache
from kriegsspiel.scenario.area import province_drawings
from kriegsspiel.shell import Shell
from kriegsspiel.store.area import AreaSession

__all__ = ["AreaApp", "Menu", "PANEL_WIDTH", "_fit"]
_fit = fit  # the panel's line breaking (tests and older callers import it from here)

#: a press that moves less than this (pixels) before release is a click, not a drag (as app/mouse.py)
CLICK_SLOP = 4
#: one arrow key pans by this fraction of the board's view (as app/keyboard.py)
PAN_KEY_FRACTION = 0.125
#: log lines one Page Up / Page Down scrolls; three per wheel notch
LOG_PAGE = 10
HELP_TITLE = "Keys of the area board (F1 or Esc closes)"
_ZOOM_KEYS = {pygame.K_PLUS: ZOOM_STEP, pygame.K_EQUALS: ZOOM_STEP, pygame.K_KP_PLUS: ZOOM_STEP,
              pygame.K_MINUS: 1 / ZOOM_STEP, pygame.K_KP_MINUS: 1 / ZOOM_STEP}
_PAN_KEYS = {pygame.K_LEFT: (1, 0), pygame.K_RIGHT: (-1, 0), pygame.K_UP: (0, 1), pygame.K_DOWN: (0, -1)}


def _move_end(order: str) -> str | None:
    """The province ``order`` takes its unit to (a move or retreat, or a wing's flight there: a raid, a
    patrol, so that a wing dropped on a province offers what it may fly there), or None."""
    tokens = order.upper().replace("-", " - ").split()
    if not tokens or not {"-", "R", "RAID", "PATROL"} & set(tokens) or {"S", "C", "AIRLIFT", "ESCORT"} & set(tokens):
        return None
    return province_of(tokens[-1])


class AreaApp:
    """The window's state and drawing for one area game on ``surface``; ``on_fullscreen`` (F11) switches the
    display between a window and the full screen."""

    def __init__(self, game: AreaSession, surface: pygame.Surface, title: str = "",
                 on_fullscreen: Callable[[], None] | None = None) -> None:
        self.game = game
        self.surface = surface
        self.title = title or game.scenario.name
        self.shell = Shell(game)
        board = game.scenario.board
        self.board = AreaBoard(province_drawings(board), (board.width_px, board.height_px), self._board_size(),
                               symbols_by_kind(game.scenario.rules.unit_symbols()), game.scenario.rules.destination)
        self.console = ""
        #: the console takes the keys only when it has the focus (Enter, Tab or a click on it; Esc or a click
        #: on the board gives it up); without it, keys are shortcuts (A adjudicate, C confirm, + - zoom)
        self.console_focused = False
        self._told_focus = False
        self.log: list[tuple[str, bool]] = [
            (f"{game.turn.position.phase_label}: type 'help' for the commands, F1 for the keys", False)]
        self.log_scroll = 0
        self.selected: str | None = None
        self.drag_to: tuple[int, int] | None = None
        self.reach: dict[str, bool] = {}
        self.menu: Menu | None = None
        self.running = True
        self.cursor = (-1, -1)  # nowhere until the mouse moves (a headless screenshot names no province)
        self.panning_from: tuple[int, int] | None = None
        self.right_press_at: tuple[int, int] | None = None
        self.help_on = False
        self.help_scroll = 0
        self.on_fullscreen = on_fullscreen
        self.groups = GroupLedger()
        self.texts = TextCache()
        self._swallow_text = ""
        self._unordered: tuple[object, frozenset[str], str] | None = None
        self._duties: tuple[object, list[str]] | None = None
        #: where F1 drew the key of the counters' symbols (None: not shown)
        self.key_rect: pygame.Rect | None = None
        #: the turn last adjudicated and its results by unit (shown while the orders stay as they were)
        self.preview: tuple[object, dict[str, str]] | None = None
        #: Confirm's question is open (the panel's button): its Yes and No buttons, once drawn
        self.asking = False
        self._answers: dict[str, pygame.Rect] = {}
        #: F9: the players' portal (a page per power) and its inbox panel, as in the ruler games' window
        self.portal = WindowPortal(game)
        #: F12 writes here (the window frame sets it next to the save)
        self.screenshot_dir = Path(str(game.path)).with_name(Path(str(game.path)).stem + "-shots")
        self.drawn = False  # whether the last step drew a frame
        self.setup_mode = AreaSetupMode()  # F2: place units on provinces and write a scenario (app/area_setup.py)
        if not game.turn.position.units and self.setup_mode.can_enter(self) is None:
            self.setup_mode.enter(self)  # a province map opened without a scenario

    def _board_size(self) -> tuple[int, int]:
        w, h = self.surface.get_size()
        return max(100, w - PANEL_WIDTH), h

    # --- commands ---------------------------------------------------------------------------------------

    def tell(self, text: str, error: bool = False) -> None:
        """A line of the window's own (a note, what Ctrl+Q did) in the log."""
        self.log.append((text, error))
        self.log_scroll = 0

    def say(self, text: str) -> None:
        """Show an answer of the session in the log (a refusal in red)."""
        for line in text.splitlines() or [""]:
            self.log.append((line, line.startswith("refused")))
        del self.log[:-400]
        self.log_scroll = 0

    def command(self, line: str) -> None:
        """Carry out a line as typed in the console (orders, adjudicate, confirm, undo, queries); the orders
        of one line (``FRANCE: A PAR - BUR; F BRE - MAO``) are one group for Ctrl+Z."""
        if not line.strip():
            return
        self.log.append((f"> {line.strip()}", False))
        before = self.game.order_stacks()[0]
        self.say(self.shell.handle(line).text)
        word = line.split()[0].lower()
        if word not in ("undo", "redo"):
            self._group_since(before)
        if word == "adjudicate" and ":" not in line:
            turn = self.game.turn
            self.preview = (turn, result_tags(self.game.preview().lines, turn.position.units))

    def typed(self, line: str) -> None:
        """Enter in the console: the line carried out (:meth:`command`); the orders of ``POWER: A; B; C`` one
        by one, and those refused put back into the console (``POWER: B``) to be corrected, the rest given
        (one group for Ctrl+Z)."""
        head, colon, body = line.partition(":")
        if not colon or len(head.split()) != 1:
            self.command(line)
            return
        self.log.append((f"> {line.strip()}", False))
        before = self.game.order_stacks()[0]
        refused = []
        for part in (p.strip() for p in body.split(";")):
            if part:
                count = len(self.game.order_stacks()[0])
                self.say(self.shell.handle(f"{head.strip()}: {part}").text)
                if len(self.game.order_stacks()[0]) == count:
                    refused.append(part)
        self._group_since(before)
        if refused:
            self.console = f"{head.strip()}: {'; '.join(refused)}"

    def order(self, power: str, text: str) -> None:
        """Give one order of ``power`` (from the mouse: the answer names it, no echo)."""
        self.give([(power, text)])

    def give(self, orders: Sequence[tuple[str, str]]) -> None:
        """Give several (power, order) pairs (a convoy: the army's and its fleets') as one group: one Ctrl+Z
        takes back all of them that were accepted. A pair with no power is a whole command (a withdraw)."""
        before = self.game.order_stacks()[0]
        for power, text in orders:  # the answer names the order: no echo of it
            self.say(self.shell.handle(f"{power}: {text}" if power else text).text)
        self._group_since(before)

    def _group_since(self, before: tuple[int, ...]) -> None:
        after = self.game.order_stacks()[0]
        if after[:len(before)] == before:
            self.groups.add(after[len(before):])

    def undo(self) -> None:
        """Ctrl+Z: take back the last command, or the whole group it was given in."""
        self.log.append(("> undo", False))
        for _ in range(self.groups.undo_count(*self.game.order_stacks())):
            self.say(self.shell.handle("undo").text)

    def redo(self) -> None:
        """Ctrl+Y: carry out again the command (or group) undone last."""
        self.log.append(("> redo", False))
        for _ in range(self.groups.redo_count(*self.game.order_stacks())):
            self.say(self.shell.handle("redo").text)

    def save_screenshot(self) -> Path | None:
        """F12: the frame as ``shot-NNN.png`` in a folder next to the save."""
        folder = self.screenshot_dir
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / f"shot-{next_shot_number(folder):03d}.png"
            pygame.image.save(self.surface, str(path))
        except (OSError, pygame.error) as exc:
            self.log.append((f"refused: screenshot not saved: {exc}", True))
            return None
        self.say(f"screenshot saved as {path}")
        return path

    # --- events -----------------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        """One pygame event."""
        if self.setup_mode.handle(self, event):  # F2, and the set-up mode's gestures while it is on
            return
        kind = event.type
        if kind == pygame.QUIT:
            self.running = False
        elif kind == pygame.MOUSEBUTTONDOWN:
            self.cursor = event.pos
            if event.button == 1:
                self._left_down(event.pos)
            elif event.button in (2, 3) and self.board.view_rect.collidepoint(event.pos) and self.selected is None:
                self.panning_from = event.pos  # the middle or right button pans, even over counters
                self.right_press_at = event.pos if event.button == 3 else None
        elif kind == pygame.MOUSEMOTION:
            self._motion(event.pos)
        elif kind == pygame.MOUSEBUTTONUP:
            self.cursor = event.pos
            if event.button == 1 and self.selected is not None:
                self._drop(event.pos)
            elif event.button in (1, 2, 3):
                self.panning_from = None
                start, self.right_press_at = self.right_press_at, None
                if event.button == 3 and start is not None and math.dist(start, event.pos) < CLICK_SLOP:
                    self._right_click(event.pos)
        elif kind == pygame.MOUSEWHEEL:
            self._wheel(event.y)
        elif kind == pygame.KEYDOWN:
            self._key(event)
        elif kind == pygame.TEXTINPUT:
            if event.text and event.text in self._swallow_text:
                self._swallow_text = ""  # the character of a key that did something else (zoom, an answer)
            elif not self.asking and self.console_focused:
                self.console += event.text
        elif kind in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self.resize(pygame.display.get_surface() or self.surface)

    def _motion(self, pos: tuple[int, int]) -> None:
        self.cursor = pos
        if self.panning_from is not None:
            self.board.pan(pos[0] - self.panning_from[0], pos[1] - self.panning_from[1])
            self.panning_from = pos
        elif self.selected is not None:
            self.drag_to = pos

    def _wheel(self, notches: int) -> None:
        if self.help_on:
            self.help_scroll = max(0, self.help_scroll - 3 * notches)
        elif self.board.view_rect.collidepoint(self.cursor):
            if notches:
                self.board.zoom(self.cursor, ZOOM_STEP ** (1 if notches > 0 else -1))
        else:  # over the panel: the log
            self.log_scroll = max(0, self.log_scroll + 3 * notches)

    def _unit(self, uid: str | None) -> AreaUnit | None:
        return next((u for u in self.game.turn.position.units if u.uid == uid), None)

    def _left_down(self, pos: tuple[int, int]) -> None:
        self.help_on = False
        if self.asking:  # Confirm's question: Yes confirms, any other click is a no
            self._answer(self._answers.get("yes", pygame.Rect(0, 0, 0, 0)).collidepoint(pos))
            return
        if console_rect(self.surface.get_size()).collidepoint(pos):
            self.console_focused = True
            return
        if self.board.view_rect.collidepoint(pos):
            self.console_focused = False  # the board has the keys again
        button = next((w for w, r in button_rects(self.surface.get_size()).items() if r.collidepoint(pos)), None)
        if button == "adjudicate":
            self.menu = None
            self.command("adjudicate")
            return
        if button == "confirm":
            self.menu, self.asking = None, True
            return
        if self.menu is not None:
            orders, row = self.menu.command_at(pos), self.menu.option_at(pos)
            self.menu = None
            if row == debrief_menu.MENU_ROW:
                debrief_menu.open_debrief()
            elif orders is not None:
                self.give(orders)
            return
        unit = self.board.unit_at(self.game.turn.position.units, pos)
        self.selected = unit.uid if unit is not None else None
        self.drag_to = pos if unit is not None else None
        self.reach = self._reach(unit) if unit is not None else {}
        if unit is None and self.board.view_rect.collidepoint(pos):
            self.panning_from = pos  # dragging empty board pans it

    def _reach(self, unit: AreaUnit) -> dict[str, bool]:
        """Where ``unit`` may be dropped (as the ruler games shade a dragged unit's reach): province -> True
        when only a convoy takes it there. From the rule set's orders for it, and its routes by sea for the
        coasts of the board (a move the rules know by neither is still tried on a drop)."""
        rules = self.game.scenario.rules
        position = self.game.turn.position
        examples = rules.order_examples(position, unit.power, unit.uid)
        here = province_of(unit.where)
        ends = (self._move_end(unit.power, example) for example in examples)
        reach = {p: False for p in ends if p in self.board.centres and p != here}
        for drawing in self.board.provinces:
            p = drawing.abbreviation
            if drawing.kind == "coast" and p not in reach and p != here and \
                    rules.orders_with_help(position, unit.power, f"{unit.kind} {unit.where} - {p}"):
                reach[p] = True
        return reach

    def _move_end(self, power: str, order: str) -> str | None:
        """The province ``order`` takes its unit to, as the rules say (AreaRules.destination), else as the
        window reads Diplomacy-style notation (:func:`_move_end`)."""
        said = self.game.scenario.rules.destination(self.game.turn.position, power, order)
        return said if said is not None else _move_end(order)

    def _drop(self, pos: tuple[int, int]) -> None:
        unit = self._unit(self.selected)
        self.selected, self.drag_to, self.reach = None, None, {}
        dest = self.board.province_at(pos)
        if unit is None or dest is None or dest == province_of(unit.where):
            return
        rules = self.game.scenario.rules
        position = self.game.turn.position
        examples = rules.order_examples(position, unit.power, unit.uid)
        moves = [o for o in examples if self._move_end(unit.power, o) == dest]
        if not moves and any(rules.destination(position, unit.power, o) for o in examples):
            # rules that name their moves have none there: say so, not a move in another game's notation
            self.say(f"refused: no order takes {unit.power}'s {unit.label} in {unit.where} to {dest}")
            return
        if len(moves) == 1:
            self.order(unit.power, moves[0])
        elif len(moves) > 1:
            self.menu = Menu(unit.power, moves, pos)
        else:
            text = f"{unit.kind} {unit.where} - {dest}"
            ways = rules.orders_with_help(position, unit.power, text)
            if ways:  # an army the sea can carry there: which fleets convoy it, confirmed by a click
                self.menu = convoy_menu(text, ways, pos)
            else:  # not a move the menu knows: the rules say yes or why not
                self.order(unit.power, text)

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
            given = next((o for o in self.game.turn.orders if o.uid == unit.uid), None)
            if given is not None:  # its order now, first: taken back with a click
                menu = Menu(unit.power, [f"withdraw {given.text}", *options], pos)
                menu.commands[0] = (("", f"withdraw {given.power}: {given.text}"),)
                self.menu = menu
            elif options:
                self.menu = Menu(unit.power, options, pos)
            else:
                self.say(f"no orders for {unit.kind} {unit.where} in {position.phase_label}")
            return
        province = self.board.province_at(pos)
        for power in rules.powers_to_order(position) if province is not None else ():
            options = list(rules.place_examples(position, power, province))
            if options:
                self.menu = Menu(power, options, pos)
                return
        self.menu = Menu("", [debrief_menu.MENU_ROW], pos, commands=[()])  # nothing to order here

    def _answer(self, yes: bool) -> None:
        self.asking = False
        if yes:
            self.command("confirm")
        else:
            self.say("not confirmed")

    def _key(self, event: pygame.event.Event) -> None:
        key = event.key
        ctrl = bool(event.mod & pygame.KMOD_CTRL)
        self._swallow_text = ""
        if self.asking:  # nothing else happens while the question is open
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_y, pygame.K_ESCAPE, pygame.K_n):
                self._answer(key not in (pygame.K_ESCAPE, pygame.K_n))
                self._swallow_text = "yYnN"
            return
        if self.portal.key(key):  # the portal's panel is shown: 1-9 a power's QR code, Esc hides it
            self._swallow_text = "123456789"
            return
        if ctrl and key == pygame.K_q:
            self.quit_saving()
        elif key == pygame.K_F1:
            self.help_on = not self.help_on
            self.help_scroll = 0
        elif key == pygame.K_F9:
            self.say(self.portal.toggle())
        elif self.help_on and key in (pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            step = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -10, pygame.K_PAGEDOWN: 10}[key]
            self.help_scroll = max(0, self.help_scroll + step)
        elif ctrl and key == pygame.K_z:
            self.undo()
        elif ctrl and key == pygame.K_y:
            self.redo()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB) and not self.console_focused:
            self.console_focused = True
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            line, self.console = self.console, ""
            self.typed(line)
        elif key == pygame.K_BACKSPACE and self.console_focused:
            self.console = self.console[:-1]
        elif key == pygame.K_ESCAPE:
            self._escape()
        elif not self.console_focused and not ctrl and self._shortcut(key):
            pass
        elif key == pygame.K_HOME:
            self.board.fit(self._board_size())
        elif key == pygame.K_F11 and self.on_fullscreen is not None:
            self.on_fullscreen()
        elif key == pygame.K_F12:
            self.save_screenshot()
        elif key in _PAN_KEYS:
            view = self.board.view_rect
            sx, sy = _PAN_KEYS[key]
            self.board.pan(sx * round(view.width * PAN_KEY_FRACTION), sy * round(view.height * PAN_KEY_FRACTION))
        elif key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.log_scroll = max(0, self.log_scroll + (LOG_PAGE if key == pygame.K_PAGEUP else -LOG_PAGE))
        elif key in _ZOOM_KEYS and not (self.console_focused and self.console) and not ctrl:
            # an order never starts with + or -: with the console empty they zoom, and their text is dropped
            view = self.board.view_rect
            self.board.zoom(self.cursor if view.collidepoint(self.cursor) else view.center, _ZOOM_KEYS[key])
            self._swallow_text = "+=-"

    def _escape(self) -> None:
        if self.help_on:
            self.help_on = False
        elif self.menu is not None:
            self.menu = None
        elif self.selected is not None:
            self.selected, self.drag_to, self.reach = None, None, {}
        elif self.console:
            self.console = ""
        else:
            self.console_focused = False  # Esc on an empty console: the keys are shortcuts again

    def _shortcut(self, key: int) -> bool:
        """A key while the console has not the focus: A adjudicates, C asks to confirm; any other letter says
        once how to type a command. Returns True when the key was taken."""
        if key == pygame.K_a:
            self.menu = None
            self.command("adjudicate")
        elif key == pygame.K_c:
            self.menu, self.asking = None, True
        elif pygame.K_a < key <= pygame.K_z or pygame.K_0 <= key <= pygame.K_9:
            if not self._told_focus:
                self.tell("keys are shortcuts now (A adjudicate, C confirm): Enter or a click on the console to type")
                self._told_focus = True
            return False
        else:
            return False
        self._swallow_text = "aAcC"
        return True

    # --- drawing ----------------------------------------------------------------------------------------

    def unordered(self) -> tuple[frozenset[str], str]:
        """The uids of the units that may be ordered now and have no order yet, and the panel's line of them
        by power (worked out once per turn: the rule set lists each unit's orders)."""
        turn = self.game.turn
        if self._unordered is None or self._unordered[0] is not turn:
            rules = self.game.scenario.rules
            position = turn.position
            waiting = set(rules.powers_to_order(position))
            given = {o.uid for o in turn.orders}
            orderable = [(u.power, u.uid) for u in position.units
                         if u.power in waiting and rules.order_examples(position, u.power, u.uid)]
            units = [(power, uid) for power, uid in orderable if uid not in given]
            # a phase without unit orders (builds, purchases) has no line to show
            self._unordered = (turn, frozenset(uid for _, uid in units), unordered_line(units) if orderable else "")
        return self._unordered[1], self._unordered[2]

    def duties(self) -> list[str]:
        """The "what to do now" line of each power ordering now (the rules' ``duty``), once per turn."""
        turn = self.game.turn
        if self._duties is None or self._duties[0] is not turn:
            self._duties = (turn, duty_lines(self.game.scenario.rules, turn.position))
        return self._duties[1]

    def render(self) -> None:
        """Draw the whole window."""
        if self.setup_mode.active:
            self.setup_mode.draw(self)
            return
        self.surface.fill(BG)
        marked, line = self.unordered()
        self.board.draw(self.surface, self.game.turn, self.selected, self.drag_to, marked, self.reach)
        if self.preview is not None and self.preview[0] is self.game.turn:
            draw_tags(self.surface, self.preview[1], self.board.counter_rects)
        self._hover_line()
        rules = self.game.scenario.rules
        self.log_scroll = draw_panel(self.surface, self.title, self.game.turn,
                                     rules.powers_to_order(self.game.turn.position), line, self.log,
                                     self.log_scroll, self.console, self.console_focused, self.duties())
        if self.menu is not None:
            self.menu.draw(self.surface, self.board.view_rect)
        self.portal.draw(self.surface, self.texts, 16)
        if self.asking:
            self._answers = draw_question(self.surface, self.board.view_rect, self._question())
        self.key_rect = None
        if self.help_on:
            key = board_key(self.game.turn.position.units, self.board.symbols)
            self.help_scroll, self.key_rect = draw_help_and_key(self.surface, self.texts, 16, self.help_scroll,
                                                                AREA_KEYS, HELP_TITLE, key)

    def _question(self) -> list[str]:
        turn = self.game.turn
        _, waiting = self.unordered()
        return [f"Confirm {turn.position.phase_label}?",
                f"It resolves the phase with the {len(turn.orders)} order{'' if len(turn.orders) == 1 else 's'} given"
                + (f" ({waiting})." if waiting and "every" not in waiting else "."),
                "Units without orders do what the rules say (a Diplomacy unit holds).",
                "The next phase that needs orders follows; Ctrl+Z takes the confirm back."]

    def _hover_line(self) -> None:
        """The full name of the province under the mouse (and who owns its centre) at the board's foot."""
        province = self.board.province_at(self.cursor) if self.panning_from is None else None
        drawing = next((p for p in self.board.provinces if p.abbreviation == province), None)
        if drawing is None:
            return
        owner = self.game.turn.position.owners.get(province or "")
        text = f"{drawing.name} ({drawing.abbreviation})" + (", supply centre" if drawing.supply_centre else "") + (
            f" of {owner}" if owner else "")
        face = font(14, bold=True)
        view = self.board.view_rect
        label = face.render(text, True, INK)
        box = label.get_rect(bottomleft=(view.left + 8, view.bottom - 8)).inflate(12, 6)
        pygame.draw.rect(self.surface, (250, 248, 238), box)
        pygame.draw.rect(self.surface, INK, box, 1)
        self.surface.blit(label, label.get_rect(center=box.center))

    def invalidate(self) -> None:
        """Nothing to do: every step draws the whole window."""

    def resize(self, surface: pygame.Surface) -> None:
        """Lay the board and panel out again on ``surface`` (the window was resized, or fullscreen toggled)."""
        self.surface = surface
        self.board.resize(self._board_size())

    def quit_saving(self) -> None:
        """Ctrl+Q: every order is already in the save; orders the phones sent are taken in, an unanswered
        Confirm is dropped (it was never journaled), then the window closes."""
        self.portal.pump()
        line = "quit: every order is already in the save (each is written to disk before its result is shown)"
        kept = self.setup_mode.keep_unsaved(self)  # units placed in the set-up mode and not saved
        if kept:
            line += f"; {kept}"
        if self.asking:
            self.asking = False
            line += "; the unanswered Confirm was not done"
        self.tell(line)
        print(f"kriegsspiel: {line}", file=sys.stderr)
        self.running = False

    def step(self, events: Iterable[pygame.event.Event]) -> None:
        """Handle ``events``, then draw a frame (the frame's loop: :mod:`kriegsspiel.app.window_frame`)."""
        self.portal.pump()  # orders from the phones reach the journal on this thread
        for event in events:
            self.handle(event)
        self.render()
        self.drawn = True

    def run(self, max_frames: int | None = None, present: object = None) -> int:
        """The event loop until the window closes (or ``max_frames`` frames, headless)."""
        clock = pygame.time.Clock()
        frames = 0
        while self.running and (max_frames is None or frames < max_frames):
            self.step(pygame.event.get())
            if callable(present):
                present()
            frames += 1
            if max_frames is None:
                clock.tick(30)
        return 0
