"""The debrief from the window (Ctrl+D, or the row "debrief of the game..." of a right click on open ground):
a small menu over either board that writes the game's debrief page (and its film, with the ``debrief`` extra)
into ``<save>-debrief/`` beside the save, or, once the game is over, publishes it to the players' links.

The menu belongs to the window frame (:class:`~kriegsspiel.app.window_frame.WindowFrame`), so the ruler table
and the area board share it. The writing runs in a process of its own (through kriegsspiel.debrief's public
functions), so the window stays live for the minute a long game's film takes; the board's status line says
when it starts, where it went and what went wrong.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass
from importlib.util import find_spec
from pathlib import Path
from typing import Any, Protocol

import pygame

from kriegsspiel.render.fonts import font

#: the F1 help's row (both boards)
HELP_ROW = ("Ctrl+D", "debrief: the page (and film) beside the save; once over, publish it to the players")
#: the row the boards' right-click menus offer: it opens this menu
MENU_ROW = "debrief of the game..."
#: posted by a board's menu row; the frame opens the debrief menu when it sees it
OPEN_DEBRIEF = pygame.event.custom_type()
#: the film the window writes (beside the page)
FILM_NAME = "debrief.mp4"
_INK, _PAPER, _EDGE = (25, 25, 25), (250, 248, 238), (90, 80, 50)
_ROW_PX = 30


class Teller(Protocol):
    """What the menu needs of a board: its surface, and its status line."""

    surface: pygame.Surface

    def tell(self, text: str, error: bool = False) -> None:
        """Say ``text`` on the status line (red when ``error``)."""


@dataclass(frozen=True, slots=True)
class Choice:
    """One row: what it writes."""

    label: str
    film: bool
    publish: bool


def open_debrief() -> None:
    """Open the debrief menu (a board's menu row calls this): the frame takes the event on its next round."""
    pygame.event.post(pygame.event.Event(OPEN_DEBRIEF))


def film_possible() -> bool:
    """True when the film's encoder (the ``debrief`` extra) is installed."""
    return find_spec("imageio_ffmpeg") is not None and find_spec("imageio") is not None


def choices(finished: bool, with_film: bool) -> list[Choice]:
    """The rows for a game ``finished`` or not, the film offered when its encoder is there."""
    rows = [Choice("Write the debrief page", False, False)]
    if with_film:
        rows.append(Choice("Write the page and the film", True, False))
    if finished:
        rows.append(Choice("Publish to the players' links" + (" (page and film)" if with_film else ""),
                           with_film, True))
    return rows


def write_debrief(save: str, film: bool, publish: bool) -> tuple[bool, str]:
    """The job (in its own process): write the debrief of ``save`` into ``<save>-debrief/`` (the film first,
    into a file of another name, so that no half film is ever there) and publish it when asked; returns (True,
    what was written) or (False, why not)."""
    from kriegsspiel.debrief import load_debrief, write_movie, write_page
    from kriegsspiel.debrief.publish import publish as publish_debrief
    from kriegsspiel.debrief.publish import published_folder
    from kriegsspiel.errors import UserError

    try:
        pygame.display.init()
        pygame.font.init()
        debrief = load_debrief(Path(save))  # first: a save that does not open leaves no folder behind
        folder = published_folder(Path(save))
        folder.mkdir(parents=True, exist_ok=True)
        made = None
        if film:
            part = folder / f"{FILM_NAME}.part.mp4"
            write_movie(debrief, part)
            made = folder / FILM_NAME
            os.replace(part, made)
        if publish:
            page = publish_debrief(Path(save), film=made)
            return True, f"published to every player's link: {page}" + (" with the film" if made else "")
        page = write_page(debrief, folder, film=made.name if made else None)
        return True, f"debrief written: {page}" + (f" and the film {made}" if made else "") + " (open it in a browser)"
    except (UserError, OSError) as exc:
        return False, f"debrief not written: {exc}"
    except Exception as exc:  # noqa: BLE001 - the window must hear of any failure, not wait for ever
        return False, f"debrief not written ({type(exc).__name__}: {exc})"


def _job_main(argv: list[str]) -> int:
    """``python -m kriegsspiel.app.debrief_menu SAVE FILM PUBLISH`` (1 or 0): the job, its answer one JSON line."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    done, said = write_debrief(argv[0], argv[1] == "1", argv[2] == "1")
    print(json.dumps([done, said]), flush=True)
    return 0


class DebriefMenu:
    """The debrief menu of one game: ``save`` its file, ``game`` its session (to know whether it is over)."""

    def __init__(self, save: Path, game: Any) -> None:
        self.save = Path(save)
        self.game = game
        self.rows: list[Choice] | None = None  # open: the rows shown
        self._job: subprocess.Popen[str] | None = None
        self._swallow = ""  # the digit typed to choose a row is not the console's

    @property
    def busy(self) -> bool:
        """True while a debrief is being written."""
        return self._job is not None

    def open(self, board: Teller) -> None:
        """Show the menu (or say that a debrief is still being written)."""
        if self._job is not None:
            board.tell("the debrief is still being written; the status line says when it is done")
            return
        from kriegsspiel.debrief.publish import game_over

        self.rows = choices(game_over(self.game), film_possible())

    def event(self, event: pygame.event.Event, board: Teller) -> bool:
        """Take ``event`` when it is the menu's (Ctrl+D, the menu row's event, and every key and click while the
        menu is open); True when the board must not see it."""
        if event.type == OPEN_DEBRIEF or (event.type == pygame.KEYDOWN and event.key == pygame.K_d
                                          and event.mod & pygame.KMOD_CTRL):
            if self.rows is None:
                self.open(board)
            else:
                self.rows = None
            return True
        if event.type == pygame.TEXTINPUT and self._swallow and event.text in self._swallow:
            self._swallow = ""
            return True
        if self.rows is None:
            return False
        if event.type == pygame.KEYDOWN:
            index = event.key - pygame.K_1
            if 0 <= index < len(self.rows):
                self._swallow = event.unicode or str(index + 1)
                self.choose(self.rows[index], board)
            elif event.key == pygame.K_ESCAPE:
                self.rows = None
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            index = self.row_at(event.pos, board.surface)
            if index is not None:
                self.choose(self.rows[index], board)
            else:
                self.rows = None  # a click beside the menu closes it
            return True
        return event.type in (pygame.TEXTINPUT, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL)

    def choose(self, choice: Choice, board: Teller) -> None:
        """Start writing what ``choice`` says, in a process of its own (a fresh interpreter: none of the
        window's pygame state, and the window's loop goes on)."""
        self.rows = None
        folder = self.save.with_name(self.save.stem + "-debrief")
        command = [sys.executable, "-m", "kriegsspiel.app.debrief_menu", str(self.save),
                   "1" if choice.film else "0", "1" if choice.publish else "0"]
        try:
            self._job = subprocess.Popen(command, stdout=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True)
        except OSError as exc:
            board.tell(f"debrief not written: its process did not start ({exc})", True)
            return
        what = "publishing the debrief" if choice.publish else "writing the debrief"
        board.tell(f"{what} into {folder}{' (the film takes a while)' if choice.film else ''}...")

    def poll(self, board: Teller) -> str | None:
        """Say on the status line when the debrief being written is done (or why it is not); returns what was
        said, or None while it is still being written (or nothing is)."""
        job = self._job
        if job is None or job.poll() is None:
            return None
        out, _ = job.communicate()
        self._job = None
        try:
            done, said = json.loads(out.strip().splitlines()[-1])
        except (ValueError, IndexError):
            done, said = False, f"debrief not written: its process ended ({job.returncode})"
        board.tell(str(said), not done)
        return str(said)

    def wait(self, board: Teller, seconds: float) -> str | None:
        """Wait up to ``seconds`` for the debrief being written (the window closing); returns how it went."""
        if self._job is None:
            return None
        try:
            self._job.wait(timeout=seconds)
        except subprocess.TimeoutExpired:
            return None
        return self.poll(board)

    def row_at(self, pos: tuple[int, int], surface: pygame.Surface) -> int | None:
        """The row under the screen point ``pos``, or None."""
        for index, rect in enumerate(self._row_rects(surface)):
            if rect.collidepoint(pos):
                return index
        return None

    def _box(self, surface: pygame.Surface) -> pygame.Rect:
        rows = self.rows or []
        width = max([420] + [font(16).size(f"{i + 1}  {c.label}")[0] + 40 for i, c in enumerate(rows)])
        box = pygame.Rect(0, 0, width, 44 + _ROW_PX * len(rows) + 30)
        box.center = surface.get_rect().center
        return box

    def _row_rects(self, surface: pygame.Surface) -> list[pygame.Rect]:
        box = self._box(surface)
        return [pygame.Rect(box.x + 10, box.y + 40 + i * _ROW_PX, box.width - 20, _ROW_PX - 2)
                for i in range(len(self.rows or []))]

    def draw(self, surface: pygame.Surface) -> None:
        """The open menu over the middle of the window: a title, its numbered rows, how to close it."""
        if self.rows is None:
            return
        box = self._box(surface)
        pygame.draw.rect(surface, _PAPER, box)
        pygame.draw.rect(surface, _EDGE, box, 2)
        surface.blit(font(18, bold=True).render(f"Debrief of {self.save.name}", True, _INK), (box.x + 14, box.y + 10))
        mouse = pygame.mouse.get_pos() if pygame.mouse.get_focused() else (-1, -1)
        for i, (rect, choice) in enumerate(zip(self._row_rects(surface), self.rows)):
            if rect.collidepoint(mouse):
                pygame.draw.rect(surface, (236, 228, 200), rect)
            pygame.draw.rect(surface, _EDGE, rect, 1)
            surface.blit(font(16).render(f"{i + 1}  {choice.label}", True, _INK), (rect.x + 8, rect.y + 6))
        hint = font(13).render(f"into {self.save.stem}-debrief/ beside the save  ·  Esc closes", True, _EDGE)
        surface.blit(hint, (box.x + 14, box.bottom - 24))


if __name__ == "__main__":
    sys.exit(_job_main(sys.argv[1:]))
