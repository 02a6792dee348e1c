"""Line of sight on hand-made maps with answers worked out by hand, and the C kernel against the numpy sweep."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kernel_support import kernel_missing
from kriegsspiel.core.sight import _line as sight
from kriegsspiel.core.battlefield import TerrainRaster
from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.core.sight import (
    Observer,
    SightRules,
    SightTerrain,
    seen_area,
    sight_terrain,
    viewshed,
    viewshed_on,
    viewshed_reference,
)

TERRAIN_IDS = ("plains", "forest", "hills", "water")
HEIGHTS = {"plains": 0.0, "forest": 0.0, "hills": 1.0, "water": 0.0}
EYE = 0.5
TREES = 1.0


def make_raster(rows: int, cols: int, cell: float = 1.0) -> dict[str, np.ndarray]:
    return {
        "terrain": np.zeros((rows, cols), dtype=np.int16),
        "elevation": np.zeros((rows, cols), dtype=np.float32),
        "blocks_sight": np.zeros((rows, cols), dtype=bool),
    }


def raster_of(arrays: dict[str, np.ndarray], cell: float = 1.0) -> TerrainRaster:
    return TerrainRaster(
        cell_size=cell,
        terrain_ids=TERRAIN_IDS,
        terrain=arrays["terrain"],
        road=np.zeros(arrays["terrain"].shape, dtype=bool),
        elevation=arrays["elevation"],
        blocks_sight=arrays["blocks_sight"],
    )


def forest(arrays: dict[str, np.ndarray], rows: slice | int, cols: slice | int) -> None:
    arrays["terrain"][rows, cols] = TERRAIN_IDS.index("forest")
    arrays["blocks_sight"][rows, cols] = True


def seen_row(raster: TerrainRaster, observer: WorldPoint, row: int, sight_range: float = 30.0) -> list[int]:
    """The columns of ``row`` seen from ``observer``."""
    area = viewshed(raster, observer, sight_range, EYE, TREES, HEIGHTS).full(raster.shape)
    return [int(c) for c in np.flatnonzero(area[row])]


def test_open_plain_sees_everything_within_range_and_nothing_beyond() -> None:
    raster = raster_of(make_raster(41, 41))
    centre = WorldPoint(20.5, 20.5)
    area = viewshed(raster, centre, 10.0, EYE, TREES, HEIGHTS).full(raster.shape)
    rows, cols = np.indices(raster.shape)
    within = np.hypot(cols + 0.5 - 20.5, rows + 0.5 - 20.5) <= 10.0
    assert np.array_equal(area, within)


def test_a_wood_blocks_the_ground_behind_it_but_its_edge_is_seen() -> None:
    arrays = make_raster(21, 31)
    forest(arrays, slice(None), 10)  # a belt of wood across the map, 10 columns east of the observer
    raster = raster_of(arrays)
    assert seen_row(raster, WorldPoint(0.5, 10.5), row=10) == list(range(0, 11))


def test_a_unit_on_a_hill_sees_over_the_woods_below() -> None:
    # Eye at 3 + 0.5; wood top at 1, 5 cells east: slope -0.5. Ground (0) at distance d is seen when
    # -3.5 / d >= -0.5, i.e. d >= 7: the dead ground is the single cell just behind the wood.
    arrays = make_raster(21, 30)
    arrays["elevation"][10, 0] = 3.0
    forest(arrays, slice(None), 5)
    raster = raster_of(arrays)
    assert seen_row(raster, WorldPoint(0.5, 10.5), row=10) == [0, 1, 2, 3, 4, 5] + list(range(7, 30))
    # The same wood seen from the plain hides everything behind it.
    flat = make_raster(21, 30)
    forest(flat, slice(None), 5)
    assert seen_row(raster_of(flat), WorldPoint(0.5, 10.5), row=10) == [0, 1, 2, 3, 4, 5]


def test_a_valley_hides_what_lies_behind_the_ridge_but_not_a_higher_hill_beyond() -> None:
    # Eye at 0.5; a ridge of height 2 three cells east: slope 0.5. Behind it, low ground is hidden;
    # a peak of 9 at distance 20 (slope 0.425) is hidden; a peak of 12 (slope 0.575) is seen.
    arrays = make_raster(5, 30)
    arrays["elevation"][:, 3] = 2.0
    arrays["elevation"][2, 20] = 9.0
    arrays["elevation"][2, 25] = 15.0  # slope (15 - 0.5) / 25 = 0.58
    raster = raster_of(arrays)
    assert seen_row(raster, WorldPoint(0.5, 2.5), row=2) == [0, 1, 2, 3, 25]
    # From the ridge top the valley floor behind is in sight.
    assert seen_row(raster, WorldPoint(3.5, 2.5), row=2, sight_range=14.0) == list(range(0, 18))


def test_terrain_rises_to_its_default_height_where_the_map_gives_no_elevation() -> None:
    # A hill tile (default height 1 in this table) with no elevation layer still hides the plain behind it.
    arrays = make_raster(3, 12)
    arrays["terrain"][:, 2] = TERRAIN_IDS.index("hills")
    raster = raster_of(arrays)
    assert seen_row(raster, WorldPoint(0.5, 1.5), row=1) == [0, 1, 2]
    # An explicit elevation wins over the default: a rise of 0.25 two cells out (slope -0.125) hides only the
    # cell behind it (slope -0.5 / 3); from 4 cells on (-0.5 / 4 = -0.125) the ground is in sight again.
    arrays["elevation"][:, 2] = 0.25
    assert seen_row(raster_of(arrays), WorldPoint(0.5, 1.5), row=1) == [0, 1, 2] + list(range(4, 12))


def test_a_unit_inside_a_wood_sees_its_neighbours_and_not_through_the_trees() -> None:
    arrays = make_raster(11, 11)
    forest(arrays, slice(None), slice(None))
    raster = raster_of(arrays)
    area = viewshed(raster, WorldPoint(5.5, 5.5), 8.0, EYE, TREES, HEIGHTS).full(raster.shape)
    assert area[4:7, 4:7].all()
    assert area.sum() == 9


def test_cells_off_the_map_are_never_seen() -> None:
    arrays = make_raster(9, 9)
    arrays["terrain"][:, 6:] = -1  # the ragged edge of a hex map
    raster = raster_of(arrays)
    area = viewshed(raster, WorldPoint(2.5, 4.5), 20.0, EYE, TREES, HEIGHTS).full(raster.shape)
    assert not area[:, 6:].any()
    assert area[:, :6].all()


def test_world_units_scale_with_the_cell_size() -> None:
    # Cells of 50 m: a range of 500 m reaches 10 cells.
    raster = raster_of(make_raster(1, 40), cell=50.0)
    area = viewshed(raster, WorldPoint(25.0, 25.0), 500.0, EYE, TREES, HEIGHTS).full(raster.shape)
    assert list(np.flatnonzero(area[0])) == list(range(0, 11))


def test_the_window_depends_on_the_range_not_on_the_map() -> None:
    raster = raster_of(make_raster(400, 400))
    shed = viewshed(raster, WorldPoint(200.5, 200.5), 10.0, EYE, TREES, HEIGHTS)
    assert shed.mask.shape == (21, 21)
    assert (shed.row0, shed.col0) == (190, 190)


@pytest.mark.parametrize(
    ("observer", "sight_range", "eye"),
    [(WorldPoint(-1.0, 2.0), 5.0, EYE), (WorldPoint(2.0, 2.0), -1.0, EYE), (WorldPoint(2.0, 2.0), 5.0, float("nan"))],
)
def test_bad_arguments_are_refused(observer: WorldPoint, sight_range: float, eye: float) -> None:
    raster = raster_of(make_raster(5, 5))
    with pytest.raises(ValueError):
        viewshed(raster, observer, sight_range, eye, TREES, HEIGHTS)


def test_a_players_sight_is_the_union_of_their_units_and_ignores_units_off_the_map() -> None:
    arrays = make_raster(11, 31)
    forest(arrays, slice(None), 15)
    terrain = sight_terrain(raster_of(arrays), TREES, HEIGHTS)
    west = Observer(WorldPoint(2.5, 5.5), 40.0)
    east = Observer(WorldPoint(28.5, 5.5), 40.0)
    gone = Observer(WorldPoint(-5.0, 5.0), 40.0)
    both = seen_area(terrain, [west, east, gone], EYE)
    assert both.all()
    assert not seen_area(terrain, [west], EYE)[:, 16:].any()


def test_sight_rules_come_from_the_rule_sets_sight_table_or_constants() -> None:
    class WithSight:
        sight = {"eye_height": 0.5, "obstacle_height": 1.0}

    class WithConstants:
        id = "x"
        constants = {"eye_height": 2.0, "obstacle_height": 3.0}

    class WithNeither:
        id = "bare"
        constants: dict[str, float] = {}

    assert SightRules.from_ruleset(WithSight()) == SightRules(0.5, 1.0)
    assert SightRules.from_ruleset(WithConstants()) == SightRules(2.0, 3.0)
    with pytest.raises(KeyError, match="'bare' has no \\[sight\\]"):
        SightRules.from_ruleset(WithNeither())


# --- the C kernel is the numpy sweep, to the bit -------------------------------------------------------------


@st.composite
def sight_cases(draw: st.DrawFn) -> tuple[SightTerrain, WorldPoint, float, float]:
    rows = draw(st.integers(1, 24))
    cols = draw(st.integers(1, 24))
    cell = draw(st.sampled_from([1.0, 0.25, 50.0, 3.0]))
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    # integer levels make exact ties (grazing rays) common, which is where two implementations drift apart
    levels = draw(st.sampled_from(["integer", "float"]))
    ground = rng.integers(0, 4, (rows, cols)).astype(np.float64)
    if levels == "float":
        ground = rng.random((rows, cols)) * 4.0
    surface = ground + np.where(rng.random((rows, cols)) < draw(st.floats(0.0, 0.6)), 1.0, 0.0)
    on_map = rng.random((rows, cols)) < 0.95
    terrain = SightTerrain(cell, np.ascontiguousarray(ground), np.ascontiguousarray(surface), on_map)
    x = draw(st.floats(0.0, cols * cell, exclude_max=True))
    y = draw(st.floats(0.0, rows * cell, exclude_max=True))
    sight_range = draw(st.floats(0.0, 30.0)) * cell
    eye = draw(st.sampled_from([0.0, 0.5, 1.0, 2.5]))
    return terrain, WorldPoint(x, y), sight_range, eye


@settings(max_examples=300, deadline=None)
@given(sight_cases())
def test_the_c_kernel_equals_the_numpy_reference(case: tuple[SightTerrain, WorldPoint, float, float]) -> None:
    if sight._kernel is None:
        kernel_missing("the C line-of-sight kernel")
    terrain, observer, sight_range, eye = case
    fast = viewshed_on(terrain, observer, sight_range, eye)
    slow = viewshed_reference(terrain, observer, sight_range, eye)
    assert (fast.row0, fast.col0) == (slow.row0, slow.col0)
    assert np.array_equal(fast.mask, slow.mask)


@settings(max_examples=150, deadline=None)
@given(sight_cases(), st.integers(0, 2**32 - 1))
def test_adding_an_obstacle_never_reveals_anything(
    case: tuple[SightTerrain, WorldPoint, float, float], seed: int
) -> None:
    terrain, observer, sight_range, eye = case
    rng = np.random.default_rng(seed)
    taller = terrain.surface + np.where(rng.random(terrain.shape) < 0.2, 1.5, 0.0)
    blocked = SightTerrain(terrain.cell_size, terrain.ground, np.ascontiguousarray(taller), terrain.on_map)
    before = viewshed_on(terrain, observer, sight_range, eye).mask
    after = viewshed_on(blocked, observer, sight_range, eye).mask
    assert not (after & ~before).any()


@settings(max_examples=100, deadline=None)
@given(sight_cases())
def test_on_bare_flat_ground_everything_in_range_is_seen(case: tuple[SightTerrain, WorldPoint, float, float]) -> None:
    terrain, observer, sight_range, eye = case
    flat = np.zeros(terrain.shape)
    bare = SightTerrain(terrain.cell_size, flat, flat, np.ones(terrain.shape, dtype=bool))
    shed = viewshed_on(bare, observer, sight_range, eye)
    rows, cols = np.indices(shed.mask.shape)
    cx = (cols + shed.col0 + 0.5) * terrain.cell_size - observer.x
    cy = (rows + shed.row0 + 0.5) * terrain.cell_size - observer.y
    assert np.array_equal(shed.mask, cx * cx + cy * cy <= sight_range * sight_range)
