"""The camera: world <-> screen in one place; zoom keeps the point under the cursor, pan follows the hand."""
from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.render.camera import Camera, Viewport, fit_camera

VIEW = Viewport(0, 0, 1600, 1000)
coords = st.floats(min_value=-5000, max_value=5000, allow_nan=False)
scales = st.floats(min_value=0.05, max_value=400.0)
screen_x = st.floats(min_value=0, max_value=1599)
screen_y = st.floats(min_value=0, max_value=999)
factors = st.sampled_from([1.25, 0.8, 1.25**3, 0.5, 2.0, 1.0])


def close(a: float, b: float, scale: float) -> bool:
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-6 * max(1.0, scale))


@given(scales, coords, coords, screen_x, screen_y)
def test_world_screen_round_trip(scale: float, ox: float, oy: float, sx: float, sy: float) -> None:
    cam = Camera(scale, WorldPoint(ox, oy), Viewport(200, 30, 1600, 1000))
    back = cam.to_screen(cam.to_world(sx, sy))
    assert math.isclose(back[0], sx, abs_tol=1e-6) and math.isclose(back[1], sy, abs_tol=1e-6)


@given(scales, coords, coords, screen_x, screen_y, factors)
def test_zoom_keeps_the_point_under_the_cursor(scale, ox, oy, sx, sy, factor) -> None:
    cam = Camera(scale, WorldPoint(ox, oy), VIEW)
    before = cam.to_world(sx, sy)
    after = cam.zoomed_about(sx, sy, factor).to_world(sx, sy)
    assert math.isclose(before.x, after.x, rel_tol=1e-9, abs_tol=1e-7 * max(1.0, abs(ox) + 1600 / scale))
    assert math.isclose(before.y, after.y, rel_tol=1e-9, abs_tol=1e-7 * max(1.0, abs(oy) + 1000 / scale))


@given(screen_x, screen_y, st.integers(min_value=-30, max_value=30))
def test_zoom_is_clamped_and_still_keeps_the_point(sx, sy, notches) -> None:
    cam = fit_camera((120.0, 80.0), VIEW)
    before = cam.to_world(sx, sy)
    for _ in range(abs(notches)):
        cam = cam.zoomed_about(sx, sy, 1.25 if notches > 0 else 0.8)
    assert cam.min_scale <= cam.scale <= cam.max_scale
    after = cam.to_world(sx, sy)
    assert math.isclose(before.x, after.x, abs_tol=1e-6) and math.isclose(before.y, after.y, abs_tol=1e-6)


@given(scales, coords, coords, st.floats(-3000, 3000), st.floats(-3000, 3000), screen_x, screen_y)
def test_pan_moves_the_map_with_the_hand(scale, ox, oy, dx, dy, sx, sy) -> None:
    cam = Camera(scale, WorldPoint(ox, oy), VIEW)
    grabbed = cam.to_world(sx, sy)
    moved = cam.panned(dx, dy).to_screen(grabbed)
    assert math.isclose(moved[0], sx + dx, abs_tol=1e-6) and math.isclose(moved[1], sy + dy, abs_tol=1e-6)


@pytest.mark.parametrize("size", [(120.0, 80.0), (40.0, 40.0), (1.0, 300.0), (5000.0, 20.0)])
def test_fit_shows_the_whole_map_centred(size: tuple[float, float]) -> None:
    cam = fit_camera(size, VIEW)
    left, top = cam.to_screen(WorldPoint(0.0, 0.0))
    right, bottom = cam.to_screen(WorldPoint(*size))
    assert left >= 0 and top >= 0 and right <= VIEW.width and bottom <= VIEW.height
    # the map touches the margins on at least one axis and is centred on both
    assert math.isclose(left, VIEW.width - right, abs_tol=1e-6)
    assert math.isclose(top, VIEW.height - bottom, abs_tol=1e-6)
    assert min(left, top) == pytest.approx(8.0)


def test_fit_refuses_an_empty_map() -> None:
    with pytest.raises(ValueError):
        fit_camera((0.0, 10.0), VIEW)


def test_zoom_refuses_a_bad_factor() -> None:
    with pytest.raises(ValueError):
        fit_camera((10.0, 10.0), VIEW).zoomed_about(5, 5, 0.0)


def test_resizing_the_viewport_keeps_the_centre() -> None:
    cam = fit_camera((120.0, 80.0), VIEW).zoomed_about(300, 200, 3.0)
    centre = cam.to_world(*VIEW.centre)
    bigger = cam.with_viewport(Viewport(0, 0, 1920, 1080))
    again = bigger.to_world(*bigger.viewport.centre)
    assert math.isclose(centre.x, again.x) and math.isclose(centre.y, again.y)
