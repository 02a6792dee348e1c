"""Shared helpers of the area window's headless tests: a window on a copy of a scenario, and posted events
(each followed by a frame, as the window's loop draws one after its events)."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pygame

from kriegsspiel.app.area_window import AreaApp
from kriegsspiel.store.area import AreaSession

REPO = Path(__file__).resolve().parent.parent


def open_window(tmp_path: Path, scenario: str | Path, size: tuple[int, int] = (1366, 768)) -> AreaApp:
    """A window on a new game of ``scenario`` (a file of scenarios/ or a path) saved in ``tmp_path``; the
    map is copied next to it as the scenario names it."""
    source = Path(scenario) if Path(scenario).is_absolute() else REPO / "kriegsspiel" / "data" / "scenarios" / scenario
    (tmp_path / "maps").mkdir(exist_ok=True)
    for tmx in (REPO / "kriegsspiel" / "data" / "maps").glob("*.tmx"):
        shutil.copy(tmx, tmp_path / "maps")
    (tmp_path / "s").mkdir(exist_ok=True)
    copy = tmp_path / "s" / source.name
    copy.write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    game = AreaSession.new(copy, tmp_path / "g.kssave")
    return AreaApp(game, pygame.Surface(size))


def write_scenario(tmp_path: Path, name: str, units: dict[str, list[str]], phase: str = "S1901M") -> Path:
    """A Diplomacy scenario on the standard board with these units, in ``tmp_path/s``."""
    (tmp_path / "s").mkdir(exist_ok=True)
    (tmp_path / "maps").mkdir(exist_ok=True)
    shutil.copy(REPO / "kriegsspiel" / "data" / "maps" / "diplomacy-standard.tmx", tmp_path / "maps")
    lines = ["[scenario]", f'name = "{name}"', 'map = "../maps/diplomacy-standard.tmx"', 'ruleset = "diplomacy"',
             "seed = 7", "", "[setup]", f'phase = "{phase}"', "[setup.units]"]
    lines += [f"{power} = {json.dumps(us)}" for power, us in units.items()]
    path = tmp_path / "s" / f"{name.lower().replace(' ', '-')}.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def post(app: AreaApp, kind: int, **data: object) -> None:
    app.handle(pygame.event.Event(kind, **data))
    app.render()


def key(app: AreaApp, code: int, mod: int = 0, text: str | None = None) -> None:
    """A key press as SDL gives it: KEYDOWN, then the TEXTINPUT of a printable key."""
    post(app, pygame.KEYDOWN, key=code, mod=mod, unicode=text or "")
    if text:
        post(app, pygame.TEXTINPUT, text=text)


def move_mouse(app: AreaApp, pos: tuple[int, int], buttons: tuple[int, int, int] = (0, 0, 0)) -> None:
    post(app, pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons)


def drag(app: AreaApp, start: tuple[int, int], end: tuple[int, int], button: int = 1) -> None:
    post(app, pygame.MOUSEBUTTONDOWN, button=button, pos=start)
    move_mouse(app, ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2), (1, 0, 0))
    move_mouse(app, end, (1, 0, 0))
    post(app, pygame.MOUSEBUTTONUP, button=button, pos=end)


def right_click(app: AreaApp, pos: tuple[int, int]) -> None:
    post(app, pygame.MOUSEBUTTONDOWN, button=3, pos=pos)
    post(app, pygame.MOUSEBUTTONUP, button=3, pos=pos)


def type_line(app: AreaApp, text: str) -> None:
    if not app.console_focused:  # the console takes the keys once it has the focus (Enter)
        post(app, pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
    post(app, pygame.TEXTINPUT, text=text)
    post(app, pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")


def screen_of(app: AreaApp, province: str) -> tuple[int, int]:
    return app.board.to_screen(app.board.centres[province])


def counter_of(app: AreaApp, kind: str, where: str) -> tuple[int, int]:
    for unit, at in app.board.unit_points(app.game.turn.position.units):
        if unit.kind == kind and unit.where == where:
            return app.board.to_screen(at)
    raise AssertionError(f"no {kind} {where}")


def orders(app: AreaApp) -> list[tuple[str, str]]:
    return [(o.power, o.text) for o in app.game.turn.orders]
