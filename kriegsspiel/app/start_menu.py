"""The start menu of ``python main.py`` with no argument: continue the last game, a recent game, a new game
from a shipped scenario, or a file typed in. It draws on the window's surface before any game is opened.

Keys: Up/Down choose, Enter or a click opens, digits 1-9 open that row, Esc quits. On "Open a file" Enter
starts typing a path; Enter opens it, Esc goes back.
"""
from __future__ import annotations

import tomllib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import pygame

from kriegsspiel.app.console import ConsoleLine
from kriegsspiel.render.overlays import TextCache
from kriegsspiel.store.listing import SavedGame, local_time

#: Recent games listed (the newest is also "Continue").
RECENT = 5
ROW_PX = 34
BACKGROUND = (30, 33, 40)
HEADING = (255, 230, 120)
TEXT = (235, 235, 235)
LIT = (70, 110, 170)
TITLE = "Kriegsspiel: the umpire's table"
HINT = "Up/Down and Enter, a click or the row's number; Esc quits"
#: a section's heading's height (pixels)
HEAD_PX = 24
#: the room under the list for the "more" hint and the status line (pixels)
STATUS_ROOM = 56


@dataclass(frozen=True, slots=True)
class Row:
    """One choice: its words, its section, and what it opens (None: the "open a file" row)."""

    label: str
    section: str
    path: Path | None


def shipped_scenarios(folder: Path) -> list[tuple[str, Path]]:
    """(name, path) of the scenarios in ``folder``, by name; a scenario that does not read shows its file name."""
    found = []
    for path in sorted(folder.glob("*.toml")) if folder.is_dir() else []:
        try:
            head = tomllib.loads(path.read_text(encoding="utf-8")).get("scenario", {})
            name = str(head.get("name") or path.stem)
            ruleset = str(head.get("ruleset", ""))
        except (OSError, tomllib.TOMLDecodeError, AttributeError):
            name, ruleset = path.stem, ""
        found.append((f"{name} ({ruleset})" if ruleset else name, path))
    return sorted(found)


def menu_rows(games: Sequence[SavedGame], scenarios: Iterable[tuple[str, Path]]) -> list[Row]:
    """The rows: continue the newest readable game, the recent games, the scenarios, then "open a file"."""
    readable = [g for g in games if g.problem is None]
    rows = []
    if readable:
        last = readable[0]
        rows.append(Row(f"Continue {last.scenario}  ({last.name}, {local_time(last.last_played)})", "Continue", last.path))
    for game in readable[1 : RECENT + 1]:
        rows.append(Row(f"{game.scenario}  ({game.name}, {local_time(game.last_played)})", "Recent games", game.path))
    for name, path in scenarios:
        rows.append(Row(f"New game: {name}", "Scenarios", path))
    rows.append(Row("Open a scenario or save file...", "Open", None))
    return rows


class StartMenu:
    """The menu on ``surface``; :meth:`run` returns the path chosen, or None when the umpire quits."""

    def __init__(self, surface: pygame.Surface, rows: list[Row], note: str = "") -> None:
        self.surface = surface
        self.rows = rows
        self.lit = 0
        self.typing: ConsoleLine | None = None  # a path being typed ("open a file")
        self.status = note
        self.status_is_error = bool(note)
        self.texts = TextCache()
        self.chosen: Path | None = None
        self.running = True
        self._row_rects: list[pygame.Rect] = []
        self.drawn = False
        self.scroll = 0  # pixels of the list scrolled above its visible area

    def run(self, present: Callable[[], None] | None = None, max_frames: int | None = None) -> Path | None:
        """Handle events and draw until a row is chosen or the window closed."""
        frames = 0
        clock = pygame.time.Clock() if present is not None else None
        while self.running and (max_frames is None or frames < max_frames):
            for event in pygame.event.get():
                self.handle(event)
            self.draw()
            if present is not None:
                present()
            if clock is not None:
                clock.tick(30)
            frames += 1
        return self.chosen

    def resize(self, surface: pygame.Surface) -> None:
        self.surface = surface

    def step(self, events: Iterable[pygame.event.Event]) -> None:
        """Handle ``events``, then draw (the window frame's loop)."""
        for event in events:
            self.handle(event)
        self.draw()
        self.drawn = True

    def quit_saving(self) -> None:
        """Ctrl+Q: nothing is open yet; the window closes."""
        self.chosen = None
        self.running = False

    def tell(self, text: str, error: bool = False) -> None:
        """Say ``text`` on the menu's status line (red when ``error``)."""
        self.status, self.status_is_error = text, error

    def invalidate(self) -> None:
        """Nothing to do: the menu draws every frame whole."""

    def handle(self, event: pygame.event.Event) -> None:
        """One event: keys, a click on a row, text typed into the path, closing the window."""
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            display = pygame.display.get_surface()
            if display is not None:
                self.surface = display
        elif event.type == pygame.TEXTINPUT and self.typing is not None:
            self.typing.insert(event.text)
        elif event.type == pygame.KEYDOWN:
            self._key(event.key)
        elif event.type == pygame.MOUSEMOTION:
            index = self._row_at(event.pos)
            if index is not None:
                self.lit = index
        elif event.type == pygame.MOUSEWHEEL and event.y:
            self.lit = max(0, min(len(self.rows) - 1, self.lit - event.y))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self._row_at(event.pos)
            if index is not None:
                self.lit = index
                self._open(index)

    def _key(self, key: int) -> None:
        if self.typing is not None:
            self._path_key(key)
        elif key == pygame.K_ESCAPE:
            self.running = False
        elif key in (pygame.K_DOWN, pygame.K_UP):
            self.lit = (self.lit + (1 if key == pygame.K_DOWN else -1)) % len(self.rows)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._open(self.lit)
        elif pygame.K_1 <= key <= pygame.K_9 and key - pygame.K_1 < len(self.rows):
            self.lit = key - pygame.K_1
            self._open(self.lit)

    def _path_key(self, key: int) -> None:
        line = self.typing
        assert line is not None
        if key == pygame.K_ESCAPE:
            self.typing = None
            self.status, self.status_is_error = "", False
        elif key == pygame.K_BACKSPACE:
            line.backspace()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            path = Path(line.text.strip()).expanduser()
            if not line.text.strip():
                self.status, self.status_is_error = "type the path of a scenario (.toml) or a save", True
            elif not path.is_file():
                self.status, self.status_is_error = f"{path}: no such file; type the path of a scenario (.toml) or a save", True
            else:
                self._choose(path)

    def _open(self, index: int) -> None:
        row = self.rows[index]
        if row.path is None:
            self.typing = ConsoleLine()
            self.status, self.status_is_error = "type the file's path, Enter opens it, Esc goes back", False
        else:
            self._choose(row.path)

    def _choose(self, path: Path) -> None:
        self.chosen = path
        self.running = False

    def refuse(self, message: str) -> None:
        """The chosen file did not open: say why and let the umpire choose again."""
        self.chosen = None
        self.running = True
        self.status, self.status_is_error = message, True

    def _row_at(self, pos: tuple[int, int]) -> int | None:
        for index, rect in enumerate(self._row_rects):
            if rect.collidepoint(pos):
                return index
        return None

    def layout(self) -> tuple[pygame.Rect, list[tuple[str, int, pygame.Rect]]]:
        """The list's visible area and its items ("head", "row" or "path" with the row's index, and the
        rectangle as drawn), scrolled so that the chosen row, or the path being typed, is in view."""
        width, height = self.surface.get_size()
        left = max(20, width // 2 - 420)
        box_w = min(840, width - 2 * left)
        top = 28 + self.texts.get(TITLE, 30, (255, 255, 255), bold=True).get_height() + 6
        top += self.texts.get(HINT, 16, (190, 190, 190)).get_height() + 14
        view = pygame.Rect(left, top, box_w, max(ROW_PX, height - STATUS_ROOM - top))
        items: list[tuple[str, int, pygame.Rect]] = []
        y, section = 0, None
        for index, row in enumerate(self.rows):
            if row.section != section:
                section = row.section
                items.append(("head", index, pygame.Rect(left, y + 6, box_w, HEAD_PX)))
                y += HEAD_PX + 10
            items.append(("row", index, pygame.Rect(left, y, box_w, ROW_PX - 4)))
            y += ROW_PX
        if self.typing is not None:
            items.append(("path", -1, pygame.Rect(left, y + 8, box_w, 32)))
        if self.typing is not None:
            wanted = items[-1][2]
        else:  # the chosen row, with its section's heading when it is the section's first row
            wanted = next(r for kind, i, r in items if kind == "row" and i == self.lit)
            head = next((r for kind, i, r in items if kind == "head" and i == self.lit), None)
            wanted = wanted.union(head.move(0, -6)) if head is not None else wanted
        self.scroll = max(0, min(self.scroll, wanted.top), wanted.bottom - view.height)
        for _, _, rect in items:
            rect.move_ip(0, view.top - self.scroll)
        return view, items

    def draw(self) -> None:
        target = self.surface
        target.fill(BACKGROUND)
        width, height = target.get_size()
        view, items = self.layout()
        title = self.texts.get(TITLE, 30, (255, 255, 255), bold=True)
        target.blit(title, (view.left, 28))
        target.blit(self.texts.get(HINT, 16, (190, 190, 190)), (view.left, 28 + title.get_height() + 6))
        self._row_rects = [pygame.Rect(0, 0, 0, 0)] * len(self.rows)
        target.set_clip(view)
        for kind, index, rect in items:
            if kind == "head":
                target.blit(self.texts.get(self.rows[index].section, 18, HEADING, bold=True), rect.topleft)
            elif kind == "row":
                if index == self.lit:
                    pygame.draw.rect(target, LIT, rect, border_radius=4)
                number = f"{index + 1}  " if index < 9 else "   "
                label = self.texts.get(number + self.rows[index].label, 18, TEXT)
                target.blit(label, (rect.left + 10, rect.top + (rect.height - label.get_height()) // 2),
                            area=pygame.Rect(0, 0, rect.width - 20, label.get_height()))
                if view.contains(rect):
                    self._row_rects[index] = rect
            elif self.typing is not None:
                pygame.draw.rect(target, (250, 250, 250), rect)
                pygame.draw.rect(target, LIT, rect, 2)
                shown = self.texts.get(self.typing.text + "|", 18, (20, 20, 20))
                target.blit(shown, (rect.left + 8, rect.top + 6),
                            area=pygame.Rect(max(0, shown.get_width() - rect.width + 16), 0, rect.width - 16, 24))
        target.set_clip(None)
        if self.scroll > 0 or items[-1][2].bottom > view.bottom:  # say there is more than is shown
            more = self.texts.get("more: the wheel, Up and Down scroll the list", 14, (190, 190, 190))
            target.blit(more, (view.right - more.get_width(), view.bottom + 2))
        if self.status:
            colour = (255, 140, 130) if self.status_is_error else (200, 220, 255)
            line = self.texts.get(self.status, 16, colour)
            target.blit(line, (view.left, height - STATUS_ROOM + 20),
                        area=pygame.Rect(max(0, line.get_width() - (width - 2 * view.left)), 0, width - 2 * view.left, line.get_height()))
