"""The players' pictures read on a laptop screen: counters, ids, names and legend sized for the picture shrunk
whole to READING_SCREEN_PX, counters at the map's edge drawn whole, counters on one spot moved apart."""
from __future__ import annotations

import dataclasses
from pathlib import Path

import numpy as np
import pygame
import pytest
from test_fog_world import small_game

from kriegsspiel.core.sight import OwnUnit, Received, player_view
from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.core.state import initial_state
from kriegsspiel.render.player_picture import (
    LEGEND_SMALL_TEXT,
    MIN_COUNTER_SCREEN_PX,
    MIN_ID_SCREEN_PX,
    MIN_LEGEND_SCREEN_PX,
    MIN_NAME_SCREEN_PX,
    READING_SCREEN_PX,
    _draw_units,
    counter_px,
    draw_picture,
    full_map_camera,
    id_px,
    legend_zoom,
    name_px,
    reading_fit,
)
from kriegsspiel.pov.public import public_map
from kriegsspiel.render.palette import parse_colour
from kriegsspiel.scenario import load_scenario

SCENARIOS = Path(__file__).resolve().parents[1] / "kriegsspiel" / "data" / "scenarios"


def scenario_state(name: str):
    scenario = load_scenario(SCENARIOS / f"{name}.toml")
    return initial_state(scenario.setup, scenario.battlefield, scenario.ruleset)


def shrink_to_screen(surface: pygame.Surface) -> float:
    """The factor an image viewer shrinks ``surface`` by to show it whole on the reading screen."""
    w, h = surface.get_size()
    return min(READING_SCREEN_PX[0] / w, READING_SCREEN_PX[1] / h)


@pytest.mark.parametrize("name", ["demo", "coastal", "v3-weistritz"])
def test_whole_map_pictures_read_on_a_laptop_screen(name: str) -> None:
    state = scenario_state(name)
    public = public_map(state)
    camera = full_map_camera(public)
    view = player_view(state, state.setup.players[0].name)
    picture = draw_picture(view, public)
    fit = shrink_to_screen(picture)
    assert fit < 0.6  # these are the big pictures the sizes are for
    # the sizes were chosen for the size the picture really has
    assert reading_fit(camera, len(view.received)) == pytest.approx(fit, rel=0.005)
    assert counter_px(public, camera, fit) * fit >= MIN_COUNTER_SCREEN_PX
    assert id_px(fit) * fit >= MIN_ID_SCREEN_PX
    assert name_px(fit) * fit >= MIN_NAME_SCREEN_PX
    assert legend_zoom(fit) * LEGEND_SMALL_TEXT * fit >= MIN_LEGEND_SCREEN_PX


def test_the_legend_with_messages_under_it_is_counted_in_the_sizes() -> None:
    state = scenario_state("demo")
    public = public_map(state)
    view = player_view(state, "Washington")
    view = dataclasses.replace(view, received=tuple(Received(1, "from Howe", f"message {i}") for i in range(7)))
    picture = draw_picture(view, public)
    assert reading_fit(full_map_camera(public), len(view.received)) == pytest.approx(shrink_to_screen(picture), rel=0.005)
    assert picture.get_height() > draw_picture(dataclasses.replace(view, received=()), public).get_height()


def drawn_box(units: tuple[OwnUnit, ...], fit: float = 0.45) -> tuple[pygame.Rect, pygame.Surface, int]:
    """Draw only ``units`` (Blue HQ's own) on a white picture of the small map: the box of what was drawn,
    the picture and the counter size."""
    state = small_game()
    public = public_map(state)
    camera = full_map_camera(public)
    view = dataclasses.replace(player_view(state, "Blue HQ"), own_units=units, seen_enemies=())
    picture = pygame.Surface((camera.viewport.width, camera.viewport.height))
    picture.fill((255, 255, 255))
    _draw_units(picture, view, public, camera, None, fit)
    ink = np.argwhere((pygame.surfarray.array3d(picture) != 255).any(axis=2))
    (x0, y0), (x1, y1) = ink.min(axis=0), ink.max(axis=0)
    return pygame.Rect(int(x0), int(y0), int(x1 - x0 + 1), int(y1 - y0 + 1)), picture, counter_px(public, camera, fit)


def unit(uid: str, x: float, y: float) -> OwnUnit:
    return OwnUnit(uid, "infantry", "Blue", WorldPoint(x, y), 10, None, False, True)


@pytest.mark.parametrize("corner", [(0.01, 0.01), (39.99, 23.99), (0.01, 12.0)])
def test_a_counter_at_the_maps_edge_is_drawn_whole(corner: tuple[float, float]) -> None:
    box, picture, size = drawn_box((unit("b1", *corner),))
    # the whole plate and its id tag, inside the picture (centred on the unit, half of it would be cut off)
    assert box.width >= size - 2 and box.height >= size + 10  # (the plate leaves a pixel clear all round)
    assert picture.get_rect().contains(box)


def test_counters_on_one_spot_are_moved_apart_with_a_line_to_where_they_stand() -> None:
    one, _, size = drawn_box((unit("b1", 8.0, 8.0),))
    both, picture, _ = drawn_box((unit("b1", 8.0, 8.0), unit("b2", 8.0, 8.0)))
    assert both.width * both.height > 1.5 * one.width * one.height  # two counters side by side, not one on another
    assert both.contains(one)  # the first keeps its place
    # and the second is moved no further than it must
    assert both.width <= one.width + 2.5 * size and both.height <= one.height + 2.5 * size


def test_a_counter_on_a_structures_mark_moves_off_it_with_the_windows_dot_and_line() -> None:
    """The picture lays out counters with the window's layout (render/declutter.py), which keeps them off the
    square of a structure standing on one point: the mark stays in sight, the counter moves, a line and a dot
    in the side's colour lead back to where the unit stands."""
    from kriegsspiel.core.battlefield import Structure
    from kriegsspiel.render.player_picture import mark_px
    from kriegsspiel.render.picture_map import point_marks

    state = small_game()
    public = public_map(state)
    camera = full_map_camera(public)
    depot = Structure("Depot", "fortification", (WorldPoint(8.0, 8.0),))
    view = dataclasses.replace(player_view(state, "Blue HQ"), own_units=(unit("b1", 8.0, 8.0),), seen_enemies=(),
                               structures=(depot,))
    (mark,) = point_marks(public, camera, view.structures, mark_px(0.45))
    picture = pygame.Surface((camera.viewport.width, camera.viewport.height))
    picture.fill((255, 255, 255))
    _draw_units(picture, view, public, camera, None, 0.45)
    pixels = pygame.surfarray.array3d(picture)
    # nothing drawn over the mark but the dot on the true place and the line from it
    x, y = camera.to_screen_int(WorldPoint(8.0, 8.0))
    assert tuple(pixels[x, y]) == parse_colour(public.colour_of("Blue"))
    # and the counter (plate and id tag) is drawn clear of the mark: where the picture has ink of the plate
    plate = np.argwhere((pixels == (244, 238, 220)).all(axis=2))
    assert len(plate) > 0
    box = pygame.Rect(*plate.min(axis=0), *(plate.max(axis=0) - plate.min(axis=0) + 1))
    assert not box.colliderect(mark)


def test_the_windows_layout_keeps_counters_off_fixed_marks_and_is_unchanged_without_them() -> None:
    from kriegsspiel.render import declutter

    cx, cy = np.array([100.0, 300.0]), np.array([100.0, 100.0])
    widths = heights = np.array([40.0, 40.0])
    free = declutter.spread(cx, cy, widths, heights, 40, (0, 0, 400, 400))
    assert not free.moved.any()
    marked = declutter.spread(cx, cy, widths, heights, 40, (0, 0, 400, 400), np.array([[95.0, 95.0, 105.0, 105.0]]))
    assert marked.moved.tolist() == [True, False]
    dx, dy = marked.dx[0], marked.dy[0]
    left, top = 100 + dx - 20, 100 + dy - 20
    assert left >= 105 or left + 40 <= 95 or top >= 105 or top + 40 <= 95  # clear of the mark


def test_the_demos_scale_bar_is_in_its_maps_paces_and_only_the_legend_says_so() -> None:
    """The demo's scenario gives its map a unit of distance (200 paces a map unit): the scale bar under the
    picture measures in it; the map above is the same pixels as with the rule set's units."""
    from kriegsspiel.render.overlays import scale_bar_length

    state = scenario_state("demo")
    public = public_map(state)
    assert (public.distance_unit, public.distance_per_world_unit) == ("paces", 200.0)
    plain = dataclasses.replace(public, distance=None)
    view = player_view(state, "Washington")
    paces, units = draw_picture(view, public), draw_picture(view, plain)
    camera = full_map_camera(public)
    fit = reading_fit(camera, len(view.received))
    # a round number of paces, as long on the picture as that many paces are on the map
    length, px = scale_bar_length(camera.scale / 200.0, 240.0 * legend_zoom(fit))
    assert length in (1000.0, 2000.0, 5000.0) and px == pytest.approx(camera.length_to_screen(length / 200.0))
    height = camera.viewport.height
    top = pygame.Rect(0, 0, paces.get_width(), height)
    assert pygame.image.tobytes(paces.subsurface(top), "RGB") == pygame.image.tobytes(units.subsurface(top), "RGB")
    assert pygame.image.tobytes(paces, "RGB") != pygame.image.tobytes(units, "RGB")
