"""Drawing: counters (every Fourth Edition type has its APP-6 symbol, cached per look, clamped size), the map
chunks cached per zoom, the reachable shading, round lengths for scale bars, and golden screenshots."""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pygame
import pytest

from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.render.camera import Viewport, fit_camera
from kriegsspiel.render.counters import (
    MAX_COUNTER_PX,
    MIN_COUNTER_PX,
    PROJECTOR_SCALE,
    CounterCache,
    CounterLook,
    counter_size_px,
    symbol_for,
)
from kriegsspiel.render.overlays import ReachableShading, SHADE, nice_length
from kriegsspiel.render.terrain import MapLayer, flat_base_image
from kriegsspiel.rulesets import load_ruleset
from golden_pictures import assert_same_picture
from test_app_support import small_battlefield

GOLDEN = Path(__file__).parent / "golden" / "app"


@pytest.fixture(autouse=True)
def _pygame():
    pygame.display.init()
    pygame.font.init()
    yield


def test_every_fourth_edition_type_has_its_own_symbol() -> None:
    ruleset = load_ruleset("modern-4e")
    seen = {}
    for type_id, unit_type in ruleset.unit_types.items():
        symbol = symbol_for(type_id, unit_type.theatre)
        expected_frame = {"army": "land", "navy": "sea", "air": "air"}[unit_type.theatre]
        if "submarine" in type_id:
            expected_frame = "subsurface"
        assert symbol.frame == expected_frame, type_id
        seen[type_id] = symbol
    assert len(set(seen.values())) == len(seen), "two types share one picture"


@pytest.mark.parametrize(
    "type_id, theatre, frame, glyph",
    [
        ("skirmishers", "army", "land", "infantry"),
        ("horse-artillery", "army", "land", "artillery"),
        ("pioneers", "army", "land", "engineers"),
        ("supply-wagon", "army", "land", "text"),
        ("frigate", "navy", "sea", "text"),
    ],
)
def test_types_of_other_rule_sets_get_a_sensible_symbol(type_id, theatre, frame, glyph) -> None:
    symbol = symbol_for(type_id, theatre)
    assert (symbol.frame, symbol.glyph) == (frame, glyph)


@pytest.mark.parametrize(
    "scale, tile, projector, expected",
    [
        (1.0, 1.0, False, MIN_COUNTER_PX),  # far out: never smaller than legible
        (1000.0, 1.0, False, MAX_COUNTER_PX),  # far in: never a giant
        (50.0, 1.0, False, 45),
        (50.0, 1.0, True, round(45 * PROJECTOR_SCALE)),
        (0.1, 500.0, False, 45),  # metres: a 500 m tile at 0.1 px/m
    ],
)
def test_counter_size_is_clamped(scale, tile, projector, expected) -> None:
    assert counter_size_px(scale, tile, projector) == expected


def test_counters_are_drawn_once_per_look() -> None:
    cache = CounterCache()
    look = CounterLook(symbol_for("infantry", "army"), "#3050c0", "va1", 3, 4, 48)
    first = cache.get(look)
    assert cache.get(CounterLook(symbol_for("infantry", "army"), "#3050c0", "va1", 3, 4, 48)) is first
    assert cache.drawn == 1
    moved = cache.get(CounterLook(symbol_for("infantry", "army"), "#3050c0", "va1", 3, 4, 48, moved=True))
    assert moved is not first and cache.drawn == 2
    assert first.get_size() == (48, 48)


def test_a_hidden_counter_looks_different_from_a_visible_one() -> None:
    cache = CounterCache()
    plain = cache.get(CounterLook(symbol_for("special", "army"), "#c03030", "sf", 20, 20, 48))
    hidden = cache.get(CounterLook(symbol_for("special", "army"), "#c03030", "sf", 20, 20, 48, hidden=True))
    a = pygame.surfarray.array3d(plain).astype(int)
    b = pygame.surfarray.array3d(hidden).astype(int)
    assert np.abs(a - b).sum(axis=2).astype(bool).mean() > 0.2


def test_map_chunks_are_drawn_once_per_zoom() -> None:
    battlefield = small_battlefield()
    layer = MapLayer(battlefield, flat_base_image(battlefield))
    camera = fit_camera(battlefield.world_size, Viewport(0, 0, 1200, 800))
    target = pygame.Surface((1200, 800))
    layer.draw(target, camera)
    drawn = layer.chunks_drawn
    assert drawn >= 1
    layer.draw(target, camera.panned(37, -12))
    layer.draw(target, camera)
    assert layer.chunks_drawn == drawn  # panning within the map blits what is cached
    layer.draw(target, camera.zoomed_about(600, 400, 1.25))
    assert layer.chunks_drawn > drawn


def test_map_chunks_join_without_seams() -> None:
    battlefield = small_battlefield()
    layer = MapLayer(battlefield, flat_base_image(battlefield))
    camera = fit_camera(battlefield.world_size, Viewport(0, 0, 1200, 800)).zoomed_about(3, 3, 1.25**6)
    target = pygame.Surface((1200, 800))
    layer.draw(target, camera)
    # the terrain colour of world points is what the flat base says, wherever chunks meet
    for x in np.linspace(0.3, 7.9, 40):
        sx, sy = camera.to_screen(WorldPoint(float(x), 0.5))
        if 0 <= sx < 1200 and 0 <= sy < 800:
            assert tuple(target.get_at((int(sx), int(sy))))[:3] != (38, 40, 46)


def test_reachable_shading_covers_the_reachable_cells_only() -> None:
    mask = np.zeros((10, 10), dtype=bool)
    mask[2:8, 3:6] = True
    shading = ReachableShading(mask, left=10.0, top=20.0, cell_size=2.0)
    camera = fit_camera((60.0, 60.0), Viewport(0, 0, 600, 600), margin_px=0)
    target = pygame.Surface((600, 600))
    target.fill((0, 0, 0))
    shading.draw(target, camera)
    inside = camera.to_screen_int(WorldPoint(10 + 4.5 * 2, 20 + 5 * 2))
    outside = camera.to_screen_int(WorldPoint(10 + 1 * 2, 20 + 1 * 2))
    assert tuple(target.get_at(inside))[:3] != (0, 0, 0)
    assert tuple(target.get_at(outside))[:3] == (0, 0, 0)
    assert shading.cells == 18 and SHADE[3] < 255


@pytest.mark.parametrize("target, expected", [(7.3, 5.0), (160.0, 100.0), (0.3, 0.2), (1.0, 1.0), (2500, 2000)])
def test_nice_lengths_for_scale_bars(target, expected) -> None:
    assert nice_length(target) == pytest.approx(expected)


#: the window's golden screenshots: name -> zoom notches about the point 8,8
SCREENSHOTS = {"small-fit.png": 0, "small-zoom.png": 5}


def golden_screenshot(tmp_path: Path, notches: int) -> pygame.Surface:
    """The window on the test crossing after a move, r3 selected, zoomed ``notches`` about 8,8 (a copy)."""
    from kriegsspiel.app.app import App
    from kriegsspiel.app.session import TableSession
    from kriegsspiel.store import Game
    from test_app_support import map_loader, write_scenario

    game = Game.new(write_scenario(tmp_path), tmp_path / "g.kssave", map_loader=map_loader)
    try:
        surface = pygame.Surface((1000, 640))
        app = App(TableSession(game, "Test crossing"), surface)
        game.submit("move r1 > 5,4")
        app.select("r3")
        at = app.camera.to_screen(WorldPoint(8.0, 8.0))
        app.camera = app.camera.zoomed_about(at[0], at[1], 1.25**notches)
        app.run(max_frames=app.frames + 1)
        return surface.copy()
    finally:
        game.close()


@pytest.mark.parametrize("name", sorted(SCREENSHOTS))
def test_golden_screenshots(tmp_path: Path, name: str) -> None:
    """Pixel for pixel (tests/golden_pictures.py); `python -m tests.regen_goldens` rewrites them."""
    assert_same_picture(golden_screenshot(tmp_path, SCREENSHOTS[name]), GOLDEN / name)


@pytest.mark.parametrize(
    "cells, expected",
    [
        ([(0, 0)], {((0, 0), (1, 0)), ((0, 1), (1, 1)), ((0, 0), (0, 1)), ((1, 0), (1, 1))}),
        ([(0, 0), (0, 1)], {((0, 0), (2, 0)), ((0, 1), (2, 1)), ((0, 0), (0, 1)), ((2, 0), (2, 1))}),
        ([(1, 1), (2, 2)], {((1, 1), (2, 1)), ((1, 2), (3, 2)), ((2, 3), (3, 3)), ((1, 1), (1, 2)), ((2, 1), (2, 3)), ((3, 2), (3, 3))}),
    ],
)
def test_the_reachable_outline_follows_cell_sides(cells, expected) -> None:
    from kriegsspiel.render.overlays import edge_segments

    mask = np.zeros((4, 4), dtype=bool)
    for r, c in cells:
        mask[r, c] = True
    assert set(edge_segments(mask)) == expected


@pytest.mark.parametrize("name", ["hex-x-odd.tmx", "hex-y-even.tmx"])
def test_flat_colours_of_a_hex_map_follow_the_hexes(name: str) -> None:
    from kriegsspiel.render.palette import TERRAIN_COLOURS
    from kriegsspiel.render.terrain import OFF_MAP
    from kriegsspiel.tiled import load_battlefield

    path = Path(__file__).parent / "fixtures" / "maps" / name
    if not path.exists():
        pytest.skip(f"{name} fixture not there")
    battlefield = load_battlefield(path, load_ruleset("modern-4e"))
    base = flat_base_image(battlefield)
    grid = battlefield.grid
    for row in range(grid.rows):
        for col in range(grid.columns):
            centre = grid.cell_centre(col, row)
            px = (int(centre.x / base.world_per_px), int(centre.y / base.world_per_px))
            terrain = battlefield.terrain_ids[int(battlefield.terrain[row, col])]
            expected = (150, 110, 70) if battlefield.road[row, col] else TERRAIN_COLOURS[terrain]
            assert tuple(base.surface.get_at(px))[:3] == expected
    # the ragged edge of a hex map is off the map
    w, h = base.surface.get_size()
    corners = [tuple(base.surface.get_at(p))[:3] for p in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1))]
    assert OFF_MAP in corners


def test_a_new_zoom_is_drawn_fast_first_and_smoothed_after() -> None:
    from kriegsspiel.render.terrain import BaseImage

    battlefield = small_battlefield()  # 24 x 16 world units
    rng = np.random.default_rng(1)
    image = pygame.surfarray.make_surface(rng.integers(0, 255, size=(24 * 32, 16 * 32, 3), dtype=np.uint8))
    layer = MapLayer(battlefield, BaseImage(image, 1.0 / 32))
    camera = fit_camera(battlefield.world_size, Viewport(0, 0, 600, 400))  # 24 px per unit: k = 0.75
    target = pygame.Surface((600, 400))
    layer.draw(target, camera)
    rough = pygame.surfarray.array3d(target).copy()
    assert layer._rough and layer.chunks_refined == 0
    assert layer.refine(camera.scale, budget_seconds=1.0)
    assert not layer._rough and layer.chunks_refined >= 1
    layer.draw(target, camera)
    smooth = pygame.surfarray.array3d(target)
    assert (rough != smooth).any()  # smoothing averaged the noise
    assert not layer.refine(camera.scale)  # nothing left to do
