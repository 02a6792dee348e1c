"""Line of sight's edges, to the word: where the sight numbers come from, what a viewshed says of a cell, the
Python sweep standing in for the kernel, refusals of impossible numbers, observers off the map. (Found
unpinned by mutation testing.)"""
from __future__ import annotations

import math
from types import SimpleNamespace

import numpy as np
import pytest

from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.core.sight import Observer, SightRules, SightTerrain, seen_area, viewshed_on, viewshed_reference
from kriegsspiel.core.sight import _line as line
from test_movement_fixtures import raster


def flat(rows: int = 9, cols: int = 9) -> SightTerrain:
    return line.sight_terrain(raster(np.zeros((rows, cols), dtype=np.int16)), 1.0, {})


def test_sight_numbers_come_from_a_sight_object_a_sight_table_or_the_constants() -> None:
    both = SimpleNamespace(eye_height=2, obstacle_height=15)
    assert SightRules.from_ruleset(SimpleNamespace(sight=both, constants={})) == SightRules(2.0, 15.0)
    half = SimpleNamespace(eye_height=2)  # one of the two: not enough, the constants decide
    constants = {"eye_height": 0.5, "obstacle_height": 1}
    assert SightRules.from_ruleset(SimpleNamespace(sight=half, constants=constants)) == SightRules(0.5, 1.0)
    only_eye = {"eye_height": 3}
    assert SightRules.from_ruleset(SimpleNamespace(sight=only_eye, constants=constants)) == SightRules(0.5, 1.0)
    only_wall = SimpleNamespace(obstacle_height=4)
    assert SightRules.from_ruleset(SimpleNamespace(sight=only_wall, constants=constants)) == SightRules(0.5, 1.0)
    with pytest.raises(KeyError) as caught:
        SightRules.from_ruleset(SimpleNamespace(id="bare", sight=half, constants={}))
    assert caught.value.args[0] == ("rule set 'bare' has no [sight] eye_height and obstacle_height; "
                                    "add them to its TOML file")
    with pytest.raises(KeyError) as caught:
        SightRules.from_ruleset(SimpleNamespace())
    assert caught.value.args[0].startswith("rule set '?' has no [sight]")


def test_a_viewshed_answers_for_any_cell_of_the_raster() -> None:
    terrain = flat(12, 12)
    shed = viewshed_on(terrain, WorldPoint(8.5, 7.5), 2.0, 1.0)  # a window from row 5, column 6
    assert (shed.row0, shed.col0) == (5, 6)
    whole = shed.full(terrain.shape)
    for row in range(-1, 13):
        for column in range(-1, 13):
            inside = 0 <= row < 12 and 0 <= column < 12
            assert shed.seen(column, row) is (inside and bool(whole[row, column])), (column, row)
    assert shed.seen(8, 7) and shed.seen(6, 7) and shed.seen(8, 5) and not shed.seen(5, 7) and not shed.seen(8, 4)


def test_an_empty_viewshed_paints_nothing() -> None:
    area = np.zeros((3, 3), dtype=bool)
    line.Viewshed(1, 1, np.zeros((0, 2), dtype=bool)).paint(area)
    assert not area.any()


def test_without_the_kernel_the_python_sweep_gives_the_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = np.random.default_rng(5)
    ground = rng.integers(0, 3, (15, 15)).astype(np.float64)
    terrain = SightTerrain(1.0, ground, ground + (rng.random((15, 15)) < 0.3), np.ones((15, 15), dtype=bool))
    expected = viewshed_reference(terrain, WorldPoint(7.5, 6.5), 6.0, 0.5)
    monkeypatch.setattr(line, "_kernel", None)
    got = viewshed_on(terrain, WorldPoint(7.5, 6.5), 6.0, 0.5)
    assert (got.row0, got.col0) == (expected.row0, expected.col0) and np.array_equal(got.mask, expected.mask)


@pytest.mark.parametrize("call, message", [
    (lambda: line.sight_terrain(raster(np.zeros((2, 2), dtype=np.int16)), -1.0, {}),
     "obstacle_height must be a finite number >= 0, got -1.0"),
    (lambda: line.sight_terrain(raster(np.zeros((2, 2), dtype=np.int16)), math.inf, {}),
     "obstacle_height must be a finite number >= 0, got inf"),
    (lambda: line.sight_terrain(raster(np.zeros((2, 2), dtype=np.int16)), 1.0, {}, np.zeros((3, 2), dtype=bool)),
     "extra_blocking has shape (3, 2), the raster (2, 2)"),
    (lambda: viewshed_on(flat(), WorldPoint(20.0, 1.0), 3.0, 1.0), "the observer at 20,1 is off the map"),
    (lambda: viewshed_on(flat(), WorldPoint(1.0, 1.0), -3.0, 1.0), "sight_range must be a finite number >= 0, got -3.0"),
    (lambda: viewshed_on(flat(), WorldPoint(1.0, 1.0), math.nan, 1.0), "sight_range must be a finite number >= 0, got nan"),
    (lambda: viewshed_on(flat(), WorldPoint(1.0, 1.0), 3.0, math.inf), "eye_height must be finite, got inf"),
])
def test_impossible_sight_numbers_are_refused_in_words(call, message: str) -> None:
    with pytest.raises(ValueError) as caught:
        call()
    assert str(caught.value) == message


def test_a_wall_of_height_zero_blocks_nothing_and_heights_default_to_zero() -> None:
    bare = raster(np.zeros((3, 3), dtype=np.int16))
    terrain = line.sight_terrain(bare, 0.0, {})
    assert terrain.ground.dtype == np.float64 and not terrain.ground.any() and not terrain.surface.any()


def test_observers_off_the_map_see_nothing_and_the_others_still_see() -> None:
    terrain = flat(6, 6)
    area = seen_area(terrain, [Observer(WorldPoint(-3.0, 2.0), 3.0), Observer(WorldPoint(0.5, 0.5), 1.0),
                               Observer(WorldPoint(2.0, 99.0), 3.0)], 1.0)
    assert area[0, 0] and area[0, 1] and area[1, 0] and not area[3, 3]
    alone = seen_area(terrain, [Observer(WorldPoint(5.5, 5.5), 1.0)], 1.0)
    assert alone[5, 5] and alone[4, 5] and not alone[0, 0]
