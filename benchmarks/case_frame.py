"""The umpire's window must follow the hand: one frame of a drag in progress against a bare composite.

The project's frame: 1920x1080, the largest shipped map (``maps/brandywine.tmx``; a random 120x80 map of the
same size when it is not there), 500 counters, a drag in progress: each frame takes one mouse motion, finds
the cheapest path to the new cursor position and draws map, reachable shading, counters, path, cursor text,
bars and side panel. The reference, in the same process: a blit of a pre-rendered full-screen map, 500
``fblits`` of 64x64 counters and one full-screen alpha overlay. Goal: frame <= 2x the reference.
The pick-up (cost field and shading of the reachable area) must take less than one frame at 60 Hz.
"""
from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import numpy as np  # noqa: E402
import pygame  # noqa: E402

from benchmarks import CaseResult, case, median_seconds  # noqa: E402

SIZE = (1920, 1080)
COUNTERS = 500
REPO = Path(__file__).resolve().parent.parent
LARGEST_MAP = REPO / "kriegsspiel" / "data" / "maps" / "brandywine.tmx"
TYPES = ("infantry", "mechanized", "light-artillery", "medium-cavalry", "engineers", "heavy-artillery", "special")


class _BenchGame:
    """Just enough of a Game session for the window to draw (nothing is submitted during the frames)."""

    def __init__(self, state) -> None:
        self.state = state

    def journal_entries(self) -> list:
        return []


def _battlefield(ruleset):
    """The largest shipped map and its tile image, or a random 120x80 map in flat colours."""
    if LARGEST_MAP.exists():
        from kriegsspiel.tiled import load_battlefield

        battlefield = load_battlefield(LARGEST_MAP, ruleset)
        try:
            from kriegsspiel.render.tiles import tile_base_image

            return battlefield, tile_base_image(LARGEST_MAP, battlefield), LARGEST_MAP.name
        except Exception:  # noqa: BLE001 - measure with flat colours rather than not at all
            return battlefield, None, LARGEST_MAP.name + " (flat colours)"
    from kriegsspiel.core.battlefield import Battlefield, MapGrid

    rng = np.random.default_rng(5)
    ids = ("plains", "forest", "hills", "swamp", "water")
    terrain = rng.choice(len(ids), size=(80, 120), p=[0.55, 0.2, 0.15, 0.05, 0.05]).astype(np.int16)
    road = np.zeros((80, 120), dtype=bool)
    road[40, :] = True
    grid = MapGrid("orthogonal", 120, 80, 32, 32, 1.0 / 32)
    battlefield = Battlefield("random-120x80", grid, ids, terrain, road, np.zeros((80, 120), np.float32), terrain == 1)
    return battlefield, None, "random 120x80 (brandywine.tmx not found)"


def _app():
    pygame.display.init()
    pygame.font.init()
    from kriegsspiel.app.app import App
    from kriegsspiel.app.session import TableSession
    from kriegsspiel.core.geometry import WorldPoint
    from kriegsspiel.core.movement import speed_field
    from kriegsspiel.core.state import GameSetup, SideSetup, UnitSetup
    from kriegsspiel.core.state import initial_state
    from kriegsspiel.rulesets import load_ruleset

    ruleset = load_ruleset("modern-4e")
    battlefield, base, map_name = _battlefield(ruleset)
    raster = battlefield.raster()
    passable = np.argwhere(speed_field(raster, ruleset.speed_table("infantry")) > 0)
    rng = np.random.default_rng(11)
    chosen = passable[rng.choice(len(passable), size=COUNTERS, replace=len(passable) < COUNTERS)]
    cs = raster.cell_size
    units = tuple(
        UnitSetup(f"u{i}", TYPES[i % len(TYPES)], "Blue" if i % 2 else "Red", WorldPoint((c + 0.5) * cs, (r + 0.5) * cs))
        for i, (r, c) in enumerate(chosen.tolist())
    )
    setup = GameSetup("frame benchmark", "modern-4e", 1, "Red", (SideSetup("Red", "#c03030"), SideSetup("Blue", "#3050c0")), (), units,
                      fog_of_war=6)
    state = initial_state(setup, battlefield, ruleset)
    app = App(TableSession(_BenchGame(state), "frame benchmark"), pygame.Surface(SIZE), base_image=base)
    return app, map_name


def _reference_frame():
    target = pygame.Surface(SIZE)
    rng = np.random.default_rng(3)
    pixels = rng.integers(0, 255, size=(SIZE[0], SIZE[1], 3), dtype=np.uint8)
    full_map = pygame.surfarray.make_surface(pixels)
    counter = pygame.Surface((64, 64), pygame.SRCALPHA)
    pygame.draw.rect(counter, (240, 230, 200, 255), counter.get_rect().inflate(-2, -2), border_radius=6)
    pygame.draw.rect(counter, (40, 60, 160, 255), pygame.Rect(8, 6, 48, 30))
    positions = rng.integers(0, (SIZE[0] - 64, SIZE[1] - 64), size=(COUNTERS, 2)).tolist()
    blits = [(counter, (x, y)) for x, y in positions]
    overlay = pygame.Surface(SIZE, pygame.SRCALPHA)
    overlay.fill((255, 236, 90, 90))

    def frame() -> None:
        target.blit(full_map, (0, 0))
        target.fblits(blits)
        target.blit(overlay, (0, 0))

    return frame


def _dragging(app):
    """Press on the first Red infantry near the middle of the view and start dragging it."""
    from kriegsspiel.core.geometry import WorldPoint

    vp = app.camera.viewport
    centre = app.camera.to_world(vp.left + vp.width / 2, vp.top + vp.height / 2)
    units = [u for u in app.session.state.units.values() if u.side == "Red" and u.type_id == "infantry"]
    unit = min(units, key=lambda u: (u.position.x - centre.x) ** 2 + (u.position.y - centre.y) ** 2)
    start = app.camera.to_screen_int(unit.position)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)])
    ends = []
    for dx, dy in ((6.0, 2.0), (4.5, -3.0), (-5.0, 4.0), (3.0, 5.5)):
        ends.append(app.camera.to_screen_int(WorldPoint(unit.position.x + dx, unit.position.y + dy)))
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=ends[0], rel=(0, 0), buttons=(1, 0, 0))])
    return unit, ends


@case("frame.drag-1920x1080-500", goal="frame of a drag in progress <= 2x a bare composite", max_ratio=2.0)
def frame_drag(repeats: int) -> CaseResult:
    app, map_name = _app()
    unit, ends = _dragging(app)
    assert app.carry.dragging and app.carry.drag is not None
    counter = iter(range(10**9))

    def project() -> None:
        pos = ends[next(counter) % len(ends)]
        app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))])

    reps = max(repeats, 30)
    project_s = median_seconds(project, reps, warmup=4)
    render_s = median_seconds(app.render, reps, warmup=1)
    reference_s = median_seconds(_reference_frame(), reps, warmup=2)
    return CaseResult(
        project_s,
        reference_s,
        {"map": map_name, "render_only_ms": round(render_s * 1000, 3), "counter_px": app._counter_px(), "dragged": unit.type_id},
    )


@case("frame.pickup", goal="pick-up (reachable area) < one frame at 60 Hz", max_project_seconds=1 / 60)
def pickup(repeats: int) -> CaseResult:
    from kriegsspiel.app.drag import Drag
    from kriegsspiel.render.overlays import ReachableShading

    app, map_name = _app()
    state = app.session.state
    vp = app.camera.viewport
    centre = app.camera.to_world(vp.left + vp.width / 2, vp.top + vp.height / 2)
    unit = min(
        (u for u in state.units.values() if u.type_id == "mechanized"),
        key=lambda u: (u.position.x - centre.x) ** 2 + (u.position.y - centre.y) ** 2,
    )
    target = pygame.Surface(SIZE)

    def project() -> None:
        drag = Drag(state, unit)
        field = drag.field
        row0, col0 = field.window_offset
        h, w = field.cost.shape
        mask = field.reachable_mask()[row0 : row0 + h, col0 : col0 + w]
        cs = field.raster.cell_size
        ReachableShading(mask, col0 * cs, row0 * cs, cs).draw(target, app.camera)

    project_s = median_seconds(project, repeats, warmup=1)
    reference_s = median_seconds(_reference_frame(), repeats, warmup=2)
    return CaseResult(project_s, reference_s, {"map": map_name, "unit": unit.type_id, "allowance": state.allowance_left(unit)})
