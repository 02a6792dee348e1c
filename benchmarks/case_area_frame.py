"""The area-game window: one frame while the umpire pans the standard board, against drawing its provinces.

The frame: 1920x1080, Air Power Diplomacy's start (29 counters) with a dozen orders given, zoomed in twice
about the middle, the camera moved a few pixels each frame (a pan drag), so each frame draws the provinces in
view anew, the orders' arrows, the counters, the names placed beside them and the panel. The reference, in
the same process: the provinces alone (``render.provinces.fill_provinces``) for the same view and camera, the
least any frame of a moving board must draw. Goal: frame <= 2x the provinces alone.
"""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import tempfile  # noqa: E402
from dataclasses import replace  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402

from benchmarks import CaseResult, case, median_seconds  # noqa: E402

SIZE = (1920, 1080)
ORDERS = ("FRANCE: A PAR - BUR", "FRANCE: A MAR S A PAR - BUR", "FRANCE: F BRE - MAO", "GERMANY: A MUN - RUH",
          "GERMANY: F KIE - HOL", "ENGLAND: F LON - NTH", "ENGLAND: F EDI - NWG", "ITALY: A VEN - TYR",
          "AUSTRIA: A VIE - GAL", "RUSSIA: A WAR - UKR", "TURKEY: F ANK - BLA", "FRANCE: W PAR S PAR")


@case("area_frame.pan", goal="a frame of the area window while panning <= 2x drawing its provinces alone",
      max_ratio=2.0)
def area_frame_pan(repeats: int) -> CaseResult:
    pygame.display.init()
    pygame.font.init()
    from kriegsspiel.app.area_window import AreaApp
    from kriegsspiel.render.provinces import fill_provinces
    from kriegsspiel.store.area import AreaSession

    repo = Path(__file__).resolve().parent.parent
    with tempfile.TemporaryDirectory() as scratch:
        game = AreaSession.new(repo / "kriegsspiel" / "data" / "scenarios" / "air-power-1901.toml", Path(scratch) / "bench.kssave")
        try:
            for line in ORDERS:
                game.submit(line)
            app = AreaApp(game, pygame.Surface(SIZE))
            middle = app.board.view_rect.center
            app.board.zoom(middle, 1.25)
            app.board.zoom(middle, 1.25)
            steps = iter(range(10**9))

            def frame() -> None:
                n = next(steps)
                app.board.pan(3 if n % 40 < 20 else -3, 2 if n % 40 < 20 else -2)
                app.render()

            project_s = median_seconds(frame, max(repeats, 30), warmup=3)
            owned = [replace(p, owner=game.turn.position.owners.get(p.abbreviation)) for p in app.board.provinces]
            target = pygame.Surface(app.board.view_rect.size)

            def provinces_alone() -> None:
                n = next(steps)
                app.board.pan(3 if n % 40 < 20 else -3, 2 if n % 40 < 20 else -2)
                origin = app.board.camera.origin
                fill_provinces(target, owned, app.board.scale, (origin.x, origin.y), 2)

            reference_s = median_seconds(provinces_alone, max(repeats, 30), warmup=3)
            return CaseResult(project_s, reference_s, {"size": f"{SIZE[0]}x{SIZE[1]}", "counters":
                                                       len(game.turn.position.units), "orders": len(game.turn.orders)})
        finally:
            game.close()
