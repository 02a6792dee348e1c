"""``kriegsspiel play [SCENARIO|SAVE] [--screenshot FILE.png [--frames N]] [--size WxH] [--fullscreen]``: the umpire's window.

``python main.py`` is ``kriegsspiel play``. No argument opens the start menu (continue the last game, a recent
game, a shipped scenario, a file). A scenario (``.toml``) starts a new game whose save goes to the user's games
folder, named by scenario and date; any other file is opened as a save and play continues where it stopped.
The window fits the screen it opens on and remembers its size and place; ``--size`` and ``--fullscreen``
override that. ``--screenshot`` draws headless, saves a PNG and exits (a scenario is then played in a temporary
save and a save is opened read-only, so nothing is written anywhere but the PNG; no argument draws the demo
scenario). Every kind of game opens the same way, as the session of its kind (:mod:`kriegsspiel.store.opening`).
"""
from __future__ import annotations

import argparse
import os
import tempfile
from pathlib import Path

from kriegsspiel.data import scenario_or_path, scenarios_folder
from kriegsspiel.errors import UserError

#: The size of a --screenshot without --size (a window fits its screen instead).
DEFAULT_SIZE = (1600, 1000)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("path", nargs="?", help="a scenario (.toml, or a shipped one by name: demo), a save, or a Tiled map "
                        "(.tmx: a new, empty game on it); default: the start menu")
    parser.add_argument("--ruleset", default=None, metavar="NAME",
                        help="the rule set of a new game on a map that names none (default: modern-4e)")
    parser.add_argument("--screenshot", metavar="FILE.png", help="draw headless, save a PNG and exit")
    parser.add_argument("--frames", type=int, default=2, metavar="N", help="frames to run before the screenshot (default 2)")
    parser.add_argument("--size", default=None, metavar="WxH", help="window or screenshot size in pixels (default: the window's last size, "
                        "fitted to the screen; a screenshot 1600x1000)")
    parser.add_argument("--fullscreen", action="store_true", help="open the window fullscreen (F11 toggles)")
    parser.add_argument("--projector", action="store_true", help="start in projector mode (no side panel, large counters)")


def parse_size(text: str | None) -> tuple[int, int] | None:
    """``"1600x1000"`` as (width, height), None when not given; raises UserError naming the option otherwise."""
    if text is None:
        return None
    parts = text.lower().split("x")
    try:
        width, height = (int(p) for p in parts)
    except ValueError:
        raise UserError(f"--size: expected WIDTHxHEIGHT in pixels such as 1600x1000, got {text!r}") from None
    if not (320 <= width <= 16384 and 240 <= height <= 16384):
        raise UserError(f"--size: {text!r} is out of range; use 320x240 up to 16384x16384")
    return width, height


def demo_scenario() -> Path:
    """The shipped demo scenario (``demo``)."""
    path = scenarios_folder() / "demo.toml"
    if not path.is_file():
        raise UserError(f"{path}: the demo scenario is missing; give a scenario or a save: kriegsspiel play FILE")
    return path


def run(args: argparse.Namespace) -> int:
    size = parse_size(args.size)
    if args.frames < 1:
        raise UserError("--frames: give at least 1")
    if args.screenshot and args.fullscreen:
        raise UserError("--fullscreen: a screenshot is drawn headless at --size; give one or the other")
    path = scenario_or_path(args.path) if args.path else (demo_scenario() if args.screenshot else None)
    if path is not None and not path.exists():
        raise UserError(f"{path}: no such file; give a scenario (.toml) or a save")
    if args.screenshot:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    if path is not None:
        from kriegsspiel.scenario.empty import refuse_other_formats, write_empty_scenario

        refuse_other_formats(path)
        if path.suffix.lower() == ".tmx":  # a map without a scenario: a new, empty game on it
            with tempfile.TemporaryDirectory(prefix="kriegsspiel-map-") as folder:
                return _play(args, write_empty_scenario(path, args.ruleset, Path(folder)), size)
    return _play(args, path, size)


def _play(args: argparse.Namespace, path: Path | None, size: tuple[int, int] | None) -> int:
    """Open ``path`` (a scenario or a save; None: the start menu) in the window, or draw it with --screenshot."""
    from kriegsspiel.app.window import look_at_save, open_game, refuse_an_invisible_window, run_window, save_screenshot
    from kriegsspiel.store.opening import is_scenario_path

    if path is None:
        from kriegsspiel.app.start_menu import menu_rows, shipped_scenarios
        from kriegsspiel.store.listing import list_games
        from kriegsspiel.userdirs import games_dir

        refuse_an_invisible_window()
        rows = menu_rows(list_games(games_dir()), shipped_scenarios(scenarios_folder()))
        return run_window(None, "", size=size, fullscreen=args.fullscreen, projector=args.projector, menu=rows)

    if args.screenshot:
        out = Path(args.screenshot)
        if out.suffix.lower() != ".png":
            raise UserError(f"--screenshot: {out}: give a file name ending in .png")
        try:  # before the game is opened and drawn: a bad folder is the umpire's typing, not our bug
            out.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise UserError(
                f"--screenshot: {out}: cannot make its folder {out.parent} ({exc.strerror or exc}); give a path in a folder you can write"
            ) from None
        with tempfile.TemporaryDirectory(prefix="kriegsspiel-shot-") as scratch:
            # a scenario is played in a scratch save; a save is only looked at: nothing is written to it
            game, title = open_game(path, scratch=Path(scratch)) if is_scenario_path(path) else look_at_save(path)
            try:
                save_screenshot(game, title, out, size=size or DEFAULT_SIZE, frames=args.frames, projector=args.projector)
            finally:
                game.close()
        print(f"wrote {out}")
        return 0
    refuse_an_invisible_window()  # before the game is opened: no new save for a window nobody sees
    game, title = open_game(path)
    try:
        return run_window(game, title, size=size, fullscreen=args.fullscreen, projector=args.projector)
    finally:
        game.close()

