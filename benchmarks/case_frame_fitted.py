"""The umpire's window with the whole of a big map in view: one frame of a drag against the bare composite.

The frame: 1920x1080, a random 2048 x 2048 tile map fitted on screen (about half a pixel per tile), 2,000
counters, a drag in progress whose cursor goes where the unit cannot reach this turn (at this zoom a few pixels
are many tiles), so every frame takes one mouse motion to a new place, judges the move there (a refusal says
what the move would cost) and draws map, reachable shading, counters, path, cursor text, bars and panel. The
reference, in the same process, is the bare composite of that frame: the map as drawn, the same 2,000 counter
pictures at the same places in one ``fblits`` and one full-screen alpha overlay. Goal: frame <= 2x.
"""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import numpy as np  # noqa: E402
import pygame  # noqa: E402

from benchmarks import CaseResult, case, median_seconds  # noqa: E402
from benchmarks.case_frame import SIZE, TYPES, _BenchGame  # noqa: E402

TILES = 2048
COUNTERS = 2000
#: Where the cursor goes, in screen pixels from the picked-up counter: 10 to 20 tiles at this zoom, beyond the
#: allowance of most units, so that each frame judges a refusal.
CURSOR_STEPS = ((9, 3), (-7, 8), (12, -5), (-10, -9), (5, 14), (-14, 2))


def big_battlefield(tiles: int = TILES):
    """A random ``tiles`` x ``tiles`` map of patches of 8 tiles in the terrains of the modern rule set, roads every
    64 tiles."""
    from kriegsspiel.core.battlefield import Battlefield, MapGrid

    rng = np.random.default_rng(17)
    ids = ("plains", "forest", "hills", "forest-hills", "swamp", "mountains", "water")
    coarse = rng.choice(len(ids), size=(tiles // 8, tiles // 8), p=[0.5, 0.15, 0.1, 0.06, 0.06, 0.06, 0.07])
    terrain = np.kron(coarse.astype(np.int16), np.ones((8, 8), dtype=np.int16))
    road = np.zeros((tiles, tiles), dtype=bool)
    road[32::64, :] = True
    road[:, 32::64] = True
    grid = MapGrid("orthogonal", tiles, tiles, 32, 32, 1.0 / 32)
    return Battlefield(f"random-{tiles}x{tiles}", grid, ids, terrain, road, np.zeros((tiles, tiles), np.float32),
                       terrain == 1)


def fitted_app(counters: int = COUNTERS):
    """The App on :func:`big_battlefield` with ``counters`` units, the whole map in view, nothing picked up."""
    pygame.display.init()
    pygame.font.init()
    from kriegsspiel.app.app import App
    from kriegsspiel.app.session import TableSession
    from kriegsspiel.core.geometry import WorldPoint
    from kriegsspiel.core.movement import speed_field
    from kriegsspiel.core.state import GameSetup, SideSetup, UnitSetup, initial_state
    from kriegsspiel.rulesets import load_ruleset

    ruleset = load_ruleset("modern-4e")
    battlefield = big_battlefield()
    raster = battlefield.raster()
    passable = np.argwhere(speed_field(raster, ruleset.speed_table("infantry")) > 0)
    rng = np.random.default_rng(23)
    chosen = passable[rng.choice(len(passable), size=counters, replace=False)]
    cs = raster.cell_size
    units = tuple(
        UnitSetup(f"u{i}", TYPES[i % len(TYPES)], "Blue" if i % 2 else "Red", WorldPoint((c + 0.5) * cs, (r + 0.5) * cs))
        for i, (r, c) in enumerate(chosen.tolist())
    )
    setup = GameSetup("fitted frame benchmark", "modern-4e", 1, "Red",
                      (SideSetup("Red", "#c03030"), SideSetup("Blue", "#3050c0")), (), units, fog_of_war=6)
    state = initial_state(setup, battlefield, ruleset)
    return App(TableSession(_BenchGame(state), "fitted frame benchmark"), pygame.Surface(SIZE))


def pick_up(app):
    """Press on the Red infantry nearest the middle of the view and carry it a little; returns the unit and
    the screen positions the cursor then visits."""
    vp = app.camera.viewport
    centre = app.camera.to_world(vp.left + vp.width / 2, vp.top + vp.height / 2)
    units = [u for u in app.session.state.units.values() if u.side == "Red" and u.type_id == "infantry"]
    unit = min(units, key=lambda u: (u.position.x - centre.x) ** 2 + (u.position.y - centre.y) ** 2)
    sx, sy = app.camera.to_screen_int(unit.position)
    picked = app.board.unit_at(app.session.state, app.camera, app.projector, (sx, sy))
    press = (sx, sy)
    if picked is None or picked.id != unit.id:
        # the counter was moved aside so as not to cover another: press where it is drawn
        units_drawn, xs, ys = app.board.screen_positions(app.session.state, app.camera, app.projector)
        i = next(k for k, u in enumerate(units_drawn) if u.id == unit.id)
        press = (int(round(xs[i])), int(round(ys[i])))
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=press, button=1)])
    ends = [(press[0] + dx, press[1] + dy) for dx, dy in CURSOR_STEPS]
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=ends[0], rel=(0, 0), buttons=(1, 0, 0))])
    return unit, ends


def bare_composite(app):
    """The same frame drawn bare: the map as drawn now, every counter picture where it is drawn, one overlay."""
    state = app.session.state
    target = pygame.Surface(SIZE)
    app.map_layer.draw(target, app.camera)
    full_map = target.copy()
    units, sx, sy = app.board.screen_positions(state, app.camera, app.projector)
    size = app.board.counter_px(app.camera, app.projector)
    blits = []
    for unit, x, y in zip(units, sx.tolist(), sy.tolist()):
        surface = app.board.counter_surface(state, unit, size, app.projector)
        blits.append((surface, (round(x) - surface.get_width() // 2, round(y) - size // 2)))
    overlay = pygame.Surface(SIZE, pygame.SRCALPHA)
    overlay.fill((255, 236, 90, 90))

    def frame() -> None:
        target.blit(full_map, (0, 0))
        target.fblits(blits)
        target.blit(overlay, (0, 0))

    return frame


@case("frame_fitted_2000", goal="frame of a drag, 2048x2048 map fitted, 2000 counters <= 2x its bare composite",
      max_ratio=2.0)
def frame_fitted_2000(repeats: int) -> CaseResult:
    app = fitted_app()
    unit, ends = pick_up(app)
    assert app.carry.dragging and app.carry.drag is not None, "the benchmark's drag did not start"
    step = iter(range(10**9))
    refused = []

    def frame() -> None:
        pos = ends[next(step) % len(ends)]
        app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))])
        refused.append(not app.carry.drag.verdict.legal)

    reps = max(repeats, 30)
    project_s = median_seconds(frame, reps, warmup=len(ends))
    reference_s = median_seconds(bare_composite(app), reps, warmup=2)
    return CaseResult(project_s, reference_s, {
        "tiles": f"{TILES}x{TILES}", "counters": COUNTERS, "counter_px": app._counter_px(), "dragged": unit.type_id,
        "refused": f"{sum(refused)}/{len(refused)}",
    })
