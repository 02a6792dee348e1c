"""What the two set-up modes share (the ruler window's and the area window's, F2): the keys, the typed field,
the question before leaving a set-up not saved, Ctrl+S with its question before replacing a file, Ctrl+P and
the file kept on Ctrl+Q.

A board's mode subclasses :class:`SetupBase` and says only what is its own: what a press on the map does, how a
drag goes on and ends, how the map pans and zooms, what a panel button of its own does, how the draft is
written and checked, and where the status line is.
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

import pygame

from kriegsspiel.app import setup_panel
from kriegsspiel.errors import UserError
from kriegsspiel.scenario.writer import ScenarioExists, write_atomically

#: keys the board keeps while setting up: fullscreen, screenshot, fit, pan, zoom
BOARD_KEYS = (pygame.K_F11, pygame.K_F12, pygame.K_HOME, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN,
              pygame.K_PLUS, pygame.K_MINUS, pygame.K_EQUALS, pygame.K_KP_PLUS, pygame.K_KP_MINUS)
_YES = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_y)


class SetupHost(Protocol):
    """The window a set-up mode runs in, as the shared part sees it."""

    cursor: tuple[int, int]
    running: bool

    def tell(self, text: str, error: bool = False) -> None: ...


HostT = TypeVar("HostT", bound=SetupHost)


class SetupBase(Generic[HostT]):
    """The shared state and event handling of a set-up mode; off until the subclass's ``enter``."""

    name = "set-up"
    #: the status line's hint (what the mode does), said on Esc
    HINT = ""
    #: where the panel's "save as" field is, for the advice after a refused save ("" on a panel of one page)
    SAVE_AS_PLACE = ""

    def __init__(self) -> None:
        self.active = False
        self.armed: str | None = None  # the unit type a click on the map places
        self.selected: str | None = None
        self.editing: tuple[Any, str] | None = None  # (field, text typed so far)
        self.target: Path = Path()
        self.written: set[Path] = set()  # files this mode wrote: saved again without asking
        self.asking: str | None = None  # "overwrite" or "leave": a question on the status line
        self.changed = False  # since the last save
        self.controls: list[setup_panel.Control] = []
        self.panning_from: tuple[int, int] | None = None
        #: Ctrl+P: the scenario saved here, to be played in this window at once (the window opens it next)
        self.play_next: Path | None = None

    # --- the board's hooks --------------------------------------------------------------------------------
    def enter(self, app: HostT) -> bool:
        raise NotImplementedError

    def stop(self, app: HostT) -> None:
        """Leave set-up at once (F2 answered, or nothing to lose)."""
        raise NotImplementedError

    def say(self, app: HostT, text: str, error: bool = False) -> None:
        """``text`` on the mode's status line (red when ``error``)."""
        raise NotImplementedError

    def commit(self, app: HostT) -> None:
        """The field being typed in takes its text, or the status line says why not (the field keeps it)."""
        raise NotImplementedError

    def delete_selected(self, app: HostT) -> None:
        raise NotImplementedError

    def draft_text(self, app: HostT, target: Path) -> str:
        """The scenario file's text as it would be written at ``target``."""
        raise NotImplementedError

    def checked(self, text: str, target: Path) -> str:
        """``text`` read back as ``kriegsspiel check`` reads it (raises UserError); what to add to "saved"."""
        raise NotImplementedError

    def not_saved(self, exc: UserError) -> str:
        return f"not saved: {exc}"

    def press_control(self, app: HostT, control: setup_panel.Control) -> None:
        self.click(app, control)

    def press_map(self, app: HostT, pos: tuple[int, int]) -> None:
        raise NotImplementedError

    def may_pan_from(self, app: HostT, pos: tuple[int, int]) -> bool:
        return True

    def pan(self, app: HostT, dx: int, dy: int) -> None:
        raise NotImplementedError

    def moved(self, app: HostT, pos: tuple[int, int]) -> None:
        """The mouse moved to ``pos`` (after any panning)."""

    def released(self, app: HostT, event: pygame.event.Event) -> None:
        self.panning_from = None

    def wheel(self, app: HostT, event: pygame.event.Event) -> bool:
        raise NotImplementedError

    def other_key(self, app: HostT, key: int, ctrl: bool) -> bool | None:
        """A key of the board's own before the shared ones (True/False: taken or the window's), or None."""
        return None

    def escaped(self, app: HostT) -> None:
        """Esc with no question and no field: nothing chosen any more."""
        self.armed = self.selected = None
        self.say(app, self.HINT)

    def own_click(self, app: HostT, control: setup_panel.Control) -> bool:
        """A panel button of the board's own: True when ``control`` was one."""
        return False

    # --- events -------------------------------------------------------------------------------------------
    def handle(self, app: HostT, event: pygame.event.Event) -> bool:
        """Take ``event`` when it is the mode's (F2 always); True when the window must not see it."""
        kind = event.type
        if kind == pygame.KEYDOWN and event.key == pygame.K_F2 and self.editing is None:
            if not self.active:
                self.enter(app)
            elif self.changed and self.asking != "leave":
                self.asking = "leave"
                self.say(app, "the set-up is not saved: F2 or Enter leaves without saving it, Esc stays", error=True)
            else:
                self.stop(app)
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
            elif event.button in (2, 3) and self.may_pan_from(app, event.pos):
                self.panning_from = event.pos
            return True
        if kind == pygame.MOUSEMOTION:
            app.cursor = event.pos
            if self.panning_from is not None:
                self.pan(app, event.pos[0] - self.panning_from[0], event.pos[1] - self.panning_from[1])
                self.panning_from = event.pos
            self.moved(app, event.pos)
            return True
        if kind == pygame.MOUSEBUTTONUP:
            app.cursor = event.pos
            self.released(app, event)
            return True
        if kind == pygame.MOUSEWHEEL:
            return self.wheel(app, event)
        return False  # resizing, quitting, exposure: the window's

    def _key(self, app: HostT, event: pygame.event.Event) -> bool:
        key, ctrl = event.key, bool(getattr(event, "mod", 0) & pygame.KMOD_CTRL)
        if self.editing is not None:
            if ctrl and key == pygame.K_s:  # the author means the value typed: save() commits it first
                self.save(app)
            elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB):
                self.commit(app)
            elif key == pygame.K_ESCAPE:
                self.editing = None
            elif key == pygame.K_BACKSPACE:
                self.editing = (self.editing[0], self.editing[1][:-1])
            return True
        if self.asking is not None and key in (*_YES, pygame.K_ESCAPE, pygame.K_n):
            yes, question = key in _YES, self.asking
            self.asking = None
            if not yes:
                self.say(app, "not done")
            elif question == "overwrite":
                self.save(app, overwrite=True)
            else:
                self.stop(app)
            return True
        own = self.other_key(app, key, ctrl)
        if own is not None:
            return own
        if ctrl and key == pygame.K_s:
            self.save(app, overwrite=self.asking == "overwrite")
        elif ctrl and key == pygame.K_p:
            self.play(app)
        elif key in (pygame.K_DELETE, pygame.K_BACKSPACE):
            self.delete_selected(app)
        elif key == pygame.K_ESCAPE:
            self.escaped(app)
        elif key in BOARD_KEYS:
            return False  # fullscreen, screenshot, panning and zoom: the window's own keys
        return True

    def _press(self, app: HostT, pos: tuple[int, int]) -> None:
        if self.editing is not None:
            self.commit(app)
        control = next((c for c in reversed(self.controls) if c.rect.collidepoint(pos) and c.action), None)
        if control is not None:
            self.press_control(app, control)
        else:
            self.press_map(app, pos)

    def click(self, app: HostT, control: setup_panel.Control) -> None:
        """What a click on ``control`` does."""
        if self.own_click(app, control):
            return
        action = control.action
        if action == "edit":
            self.editing = (control.arg, control.text)
        elif action == "delete_unit":
            self.delete_selected(app)
        elif action == "save":
            self.save(app, overwrite=self.asking == "overwrite")
        elif action == "play":
            self.play(app)
        elif action == "leave":
            self.handle(app, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F2, mod=0))

    # --- leaving, saving, playing -------------------------------------------------------------------------
    def leave(self, app: HostT) -> None:
        """Back to the game as it was (the draft is kept on disk only if it was saved)."""
        self.active = False
        self.editing = self.asking = None
        saved = f"; play what you saved with: kriegsspiel play {self.target}" if self.target in self.written else ""
        app.tell(f"set-up mode left: the game is as it was{saved}")

    def save(self, app: HostT, overwrite: bool = False) -> Path | None:
        """Ctrl+S: check the scenario as ``kriegsspiel check`` would, then write it atomically at :attr:`target`;
        asks before replacing a file this mode did not write. The field being typed in is committed first (a
        refusal there saves nothing). Returns the path written, or None."""
        if self.editing is not None:
            self.commit(app)
            if self.editing is not None:
                return None
        target = self.target.resolve() if self.target.parent.exists() else self.target
        text = self.draft_text(app, target)
        try:
            notes = self.checked(text, target)
            write_atomically(target, text, overwrite=overwrite or target in self.written)
        except ScenarioExists:
            self.asking = "overwrite"
            elsewhere = f" (change 'save as'{self.SAVE_AS_PLACE} to write elsewhere)" if self.SAVE_AS_PLACE else ""
            self.say(app, f"{target} exists: Ctrl+S again or Enter replaces it, Esc keeps it{elsewhere}", error=True)
            return None
        except UserError as exc:  # the loader's findings: nothing written
            self.say(app, self.not_saved(exc), error=True)
            return None
        except OSError as exc:
            self.say(app, f"not saved: cannot write {target} ({exc.strerror or exc}); change 'save as'"
                          f"{self.SAVE_AS_PLACE} to a folder you can write", error=True)
            return None
        self.asking, self.changed, self.target = None, False, target
        self.written.add(target)
        self.say(app, f"saved {target}; play it with: kriegsspiel play {target}{notes}")
        return target

    def play(self, app: HostT) -> bool:
        """Ctrl+P: the scenario as saved becomes a new game in this window (its own save in the games folder);
        refused while there are changes not saved."""
        problem = play_problem(self.target, self.written, self.changed)
        if problem is not None:
            self.say(app, f"refused: {problem}", error=True)
            return False
        self.play_next = self.target
        self.say(app, f"opening a new game of {self.target}")
        app.running = False  # the window opens the next game (app/window.py run_window)
        return True

    def keep_unsaved(self, app: HostT) -> str | None:
        """Ctrl+Q with changes not saved: the draft written beside the target under a name nothing else has
        (``coast-unsaved.toml``), so quitting loses no placed counter; returns the line that says where."""
        if not self.active or not self.changed:
            return None
        return keep_beside(self.target, lambda target: self.draft_text(app, target))


def play_problem(target: Path, written: set[Path], changed: bool) -> str | None:
    """Why the set-up cannot be played at once (Ctrl+P), or None: it must be saved, as it is now."""
    if target not in written:
        return "save the scenario first (Ctrl+S); then Ctrl+P plays it"
    if changed:
        return "the set-up changed since it was saved: Ctrl+S, then Ctrl+P"
    return None


def keep_beside(target: Path, text_for: Callable[[Path], str]) -> str:
    """Write a set-up not saved as ``<target stem>-unsaved[-N].toml`` beside ``target`` (never over a file);
    the line for the quit message, saying where it went or why it could not be kept."""
    for number in range(1, 1000):
        path = target.with_name(f"{target.stem}-unsaved{'' if number == 1 else f'-{number}'}.toml")
        try:
            write_atomically(path, text_for(path), overwrite=False)
        except ScenarioExists:
            continue
        except OSError as exc:
            return f"the set-up not saved could not be kept ({path}: {exc.strerror or exc})"
        return f"the set-up not saved is kept in {path} (check it, then rename it)"
    return "the set-up not saved could not be kept (too many unsaved files beside it)"
