"""The players' pictures: no leaks (a property over random maps), clean PNG files, golden pictures."""
from __future__ import annotations

import dataclasses
import math
import os
import tempfile
from pathlib import Path

import numpy as np
import pygame
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from golden_pictures import PictureDiffers, assert_same_picture
from test_fog_world import RULESET, TERRAIN_IDS, small_game, with_unit

from kriegsspiel.core.battlefield import Battlefield, MapGrid, Structure
from kriegsspiel.core.sight import UnknownPlayer, player_view
from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.core.state import PlayerSetup, UnitSetup
from kriegsspiel.core.state import MessageRecord, UnitState
from kriegsspiel.pov import UnknownUnit, attach_to_game, player_picture, write_round_pictures
from kriegsspiel.render.player_picture import draw_picture
from kriegsspiel.pov.png import png_bytes, png_chunks, player_file_names, pov_folder_of_save
from kriegsspiel.pov.public import public_map

GOLDEN = Path(__file__).parent / "golden" / "pov"
ALL_TYPES = sorted(RULESET.unit_types)


def picture_bytes(state, player: str, unit: str | None = None) -> bytes:
    return png_bytes(draw_picture(player_view(state, player), public_map(state), unit=unit))


# --- no leaks ----------------------------------------------------------------------------------------------


STRUCTURE_KINDS = ("settlement", "building", "bridge", "fortification", "port", "airfield")


@st.composite
def random_battlefields(draw: st.DrawFn) -> Battlefield:
    cols = draw(st.integers(6, 18))
    rows = draw(st.integers(5, 12))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    kinds = [TERRAIN_IDS.index(t) for t in ("plains", "forest", "hills", "water", "forest-hills", "swamp")]
    terrain = rng.choice(kinds, size=(rows, cols), p=[0.45, 0.2, 0.15, 0.1, 0.05, 0.05]).astype(np.int16)
    elevation = np.where(rng.random((rows, cols)) < 0.15, rng.integers(1, 4, (rows, cols)), 0).astype(np.float32)
    blocks = np.isin(terrain, [TERRAIN_IDS.index("forest"), TERRAIN_IDS.index("forest-hills")])
    structures = []
    for i in range(draw(st.integers(0, 2))):  # the map's own structures: a point, or a block of cells
        x, y = float(rng.integers(0, cols)), float(rng.integers(0, rows))
        outline = ((WorldPoint(x + 0.5, y + 0.5),) if rng.random() < 0.5 else
                   (WorldPoint(x, y), WorldPoint(x + 2, y), WorldPoint(x + 2, y + 2), WorldPoint(x, y + 2)))
        structures.append(Structure(f"Place {i}", str(rng.choice(STRUCTURE_KINDS)), outline))
    return Battlefield(
        source="random", grid=MapGrid("orthogonal", cols, rows, 16, 16, 1.0 / 16.0), terrain_ids=TERRAIN_IDS,
        terrain=terrain, road=rng.random((rows, cols)) < 0.05, elevation=elevation, blocks_sight=blocks,
        structures=tuple(structures),
    )


def points_on(battlefield: Battlefield) -> st.SearchStrategy[WorldPoint]:
    w, h = battlefield.world_size
    return st.builds(WorldPoint, st.floats(0.0, w, exclude_max=True), st.floats(0.0, h, exclude_max=True))


@st.composite
def worlds_with_an_unseen_enemy(draw: st.DrawFn):
    """A game, an enemy unit to add (any type, place, id, health, heading, hidden or not, with the umpire's
    marks of a unit that moved, fired, attacked), maybe a structure the enemy built where it stands and maybe
    one of the map's structures knocked down; the player and the picture (whole map or officer's view)."""
    battlefield = draw(random_battlefields())
    where = points_on(battlefield)
    blue = [UnitSetup(f"b{i}", draw(st.sampled_from(["infantry", "light-cavalry", "light-artillery", "drone"])),
                      "Blue", draw(where)) for i in range(draw(st.integers(1, 3)))]
    red = [UnitSetup(f"r{i}", draw(st.sampled_from(ALL_TYPES)), "Red", draw(where), heading=draw(st.none() | st.floats(0, 359)))
           for i in range(draw(st.integers(0, 2)))]
    players = (PlayerSetup("Blue HQ", "Blue", None), PlayerSetup("Blue One", "Blue", ("b0",)),
               PlayerSetup("Red HQ", "Red", None))
    state = small_game(units=blue + red, players=players, battlefield=battlefield)
    type_id = draw(st.sampled_from(ALL_TYPES))
    stranger = UnitState(
        id=draw(st.sampled_from(["x", "zz-99", "r0", "Grenadiers of the Guard"])),
        type_id=type_id, side="Red", position=draw(where),
        health=draw(st.integers(1, RULESET.unit_type(type_id).health)),
        heading=draw(st.none() | st.floats(0, 359)), hidden=draw(st.booleans()),
        movement_used=draw(st.floats(0, 30)), moved_this_turn=draw(st.booleans()),
        fired_this_turn=draw(st.booleans()), attacked_this_turn=draw(st.booleans()),
        disabled_rounds=draw(st.integers(0, 2)),
    )
    built = None
    if draw(st.booleans()):
        built = Structure(draw(st.sampled_from(["Depot", "Place 0", "Hidden Redoubt"])),
                          draw(st.sampled_from(STRUCTURE_KINDS)), (stranger.position,), draw(st.integers(1, 20)))
    fallen = draw(st.none() | st.integers(0, 1)) if battlefield.structures else None
    # what the enemy's own messages and orders did: reached Red, its HQ, or nobody
    outcome = draw(st.sampled_from(["delivered", "altered", "lost", "order delivered"]))
    received_by = None if outcome == "lost" else draw(st.sampled_from(["Red", "Red HQ"]))
    message = MessageRecord(draw(st.integers(1, 4)), "Red", draw(st.sampled_from(["Red", "Red HQ", stranger.id])),
                            "attack at dawn", outcome, received_by, None if received_by is None else "attack at dawn")
    stranger = (stranger, message)
    player = draw(st.sampled_from(["Blue HQ", "Blue One"]))
    unit = draw(st.sampled_from([None, "b0"]))  # the whole map, or the officer's view around b0
    return state, stranger, built, fallen, player, unit


def with_enemy_doings(state, stranger: UnitState | tuple[UnitState, MessageRecord], built: Structure | None,
                      fallen: int | None):
    """``state`` with the stranger (and the message it sent), its structure built and the map's structure
    number ``fallen`` gone."""
    if isinstance(stranger, tuple):
        stranger, message = stranger
        state = state.replace(messages=state.messages + (message,))
    structures = list(state.battlefield.structures)
    if fallen is not None and fallen < len(structures):
        del structures[fallen]
    if built is not None:
        structures.append(built)
    battlefield = dataclasses.replace(state.battlefield, structures=tuple(structures))
    return with_unit(state, stranger).replace(battlefield=battlefield)


def round_files(state, player: str, unit: str | None, folder: Path) -> dict[str, bytes]:
    """Every file ``write_round_pictures`` leaves in ``folder`` (names relative to it) and its bytes."""
    write_round_pictures(state, folder, 4, [player], unit=unit)
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(worlds_with_an_unseen_enemy())
def test_an_enemy_the_player_cannot_see_changes_no_byte_of_their_picture(world) -> None:
    state, stranger_and_message, built, fallen, player, unit = world
    stranger = stranger_and_message[0]
    changed = with_enemy_doings(state, stranger_and_message, built, fallen)
    before, after = player_view(state, player), player_view(changed, player)
    # (an enemy id may collide with an existing one: then it moves that unit; still unseen is all we ask)
    assume(after.seen_enemies == before.seen_enemies)
    assume(built is None or not after.is_seen(built.centre))
    if fallen is not None and fallen < len(state.battlefield.structures):
        assume(not _in_sight(state.battlefield.structures[fallen], after))
    with tempfile.TemporaryDirectory() as base:
        files = round_files(changed, player, unit, Path(base) / "with")
        assert files == round_files(state, player, unit, Path(base) / "without")  # names, count and bytes
    assert [png_chunks(data) for data in files.values()] == [[b"IHDR", b"IDAT", b"IEND"]]


#: how near (world units) to one of the player's own units the hidden enemy stands in the test below
NEAR = 3.0


@st.composite
def worlds_with_a_hidden_enemy_in_sight(draw: st.DrawFn):
    """A world as above, but the enemy stands hidden near one of the player's own units (within NEAR), on a
    cell those units see: in line of sight and in range, unseen only because it hides. It builds nothing
    there (a structure in sight would show, rightly)."""
    state, (stranger, message), _, fallen, player, unit = draw(worlds_with_an_unseen_enemy())
    view = player_view(state, player)
    rows, cols = view.seen.shape
    cell = view.cell_size
    own = [u.position for u in view.own_units]
    candidates = [(r, c) for r in range(rows) for c in range(cols) if view.seen[r, c]
                  and min(math.dist(((c + 0.5) * cell, (r + 0.5) * cell), (p.x, p.y)) for p in own) <= NEAR]
    assume(candidates)
    r, c = draw(st.sampled_from(candidates))
    dx, dy = draw(st.floats(0.05, 0.95)), draw(st.floats(0.05, 0.95))
    stranger = stranger.replace(position=WorldPoint((c + dx) * cell, (r + dy) * cell), hidden=True)
    return state, (stranger, message), None, fallen, player, unit


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(worlds_with_a_hidden_enemy_in_sight())
def test_a_hidden_enemy_near_and_in_line_of_sight_changes_no_byte_of_the_picture(world) -> None:
    state, (stranger, message), built, fallen, player, unit = world
    changed = with_enemy_doings(state, (stranger, message), None, fallen)
    view = player_view(changed, player)
    assert view.is_seen(stranger.position)  # in line of sight and in range: only hiding keeps it unseen
    if stranger.id not in state.units:
        # the same unit not hiding would be seen there: this is the case where hiding alone must keep it off
        shown = player_view(with_enemy_doings(state, (stranger.replace(hidden=False), message), None, fallen), player)
        assert stranger.position in {e.position for e in shown.seen_enemies}
    if fallen is not None and fallen < len(state.battlefield.structures):
        assume(not _in_sight(state.battlefield.structures[fallen], view))
    assert view.seen_enemies == player_view(state, player).seen_enemies or stranger.id in state.units
    assume(stranger.id not in state.units)  # an id already taken would move that unit instead
    with tempfile.TemporaryDirectory() as base:
        files = round_files(changed, player, unit, Path(base) / "with")
        assert files == round_files(state, player, unit, Path(base) / "without")


def _in_sight(structure: Structure, view) -> bool:
    from kriegsspiel.core.sight import structure_block

    block = structure_block(structure, view.cell_size, view.seen.shape)
    if block is None:
        return False
    r0, c0, mask = block
    return bool((view.seen[r0 : r0 + mask.shape[0], c0 : c0 + mask.shape[1]] & mask).any())


def test_the_no_leak_test_can_fail_an_enemy_in_sight_changes_the_picture() -> None:
    state = small_game()
    seen = UnitState("r9", "infantry", "Red", WorldPoint(13.5, 14.5), 10)
    assert picture_bytes(with_unit(state, seen), "Blue HQ") != picture_bytes(state, "Blue HQ")
    hidden = seen.replace(hidden=True)
    assert picture_bytes(with_unit(state, hidden), "Blue HQ") == picture_bytes(state, "Blue HQ")
    # A structure built in sight (by a unit that hides, so that its counter does not cover the mark), or one
    # of the map's knocked down in sight, shows (the Mill: b3 sees it).
    depot = Structure("Depot", "fortification", (WorldPoint(13.5, 14.5),), 4)
    assert picture_bytes(with_enemy_doings(state, hidden, depot, None), "Blue HQ") != picture_bytes(state, "Blue HQ")
    mill = [s.name for s in state.battlefield.structures].index("Mill")
    assert picture_bytes(with_enemy_doings(state, hidden, None, mill), "Blue HQ") != picture_bytes(state, "Blue HQ")


def test_what_is_known_of_a_seen_enemy_is_only_kind_side_and_place() -> None:
    # Two enemies in sight that differ only in id, health and the order they joined: the same picture.
    state = small_game()
    a = UnitState("r8", "infantry", "Red", WorldPoint(13.5, 14.5), 10)
    b = UnitState("r9", "light-cavalry", "Red", WorldPoint(11.5, 16.5), 12)
    one = with_unit(with_unit(state, a), b)
    other = with_unit(with_unit(state, b.replace(id="zz", health=3)), a.replace(id="aa", health=1))
    assert picture_bytes(one, "Blue HQ") == picture_bytes(other, "Blue HQ")


# --- files ------------------------------------------------------------------------------------------------


def test_pictures_carry_no_metadata(tmp_path: Path) -> None:
    written = write_round_pictures(small_game(), tmp_path, 3)
    for path in written:
        chunks = png_chunks(path.read_bytes())
        assert chunks[0] == b"IHDR" and chunks[-1] == b"IEND" and set(chunks[1:-1]) == {b"IDAT"}


def test_our_png_decodes_to_the_very_pixels_drawn(tmp_path: Path) -> None:
    surface = player_picture(small_game(), "Blue North")
    path = tmp_path / "p.png"
    path.write_bytes(png_bytes(surface))
    assert np.array_equal(_pixels(pygame.image.load(str(path))), _pixels(surface))


def test_round_pictures_are_named_by_round_and_player_only(tmp_path: Path) -> None:
    written = write_round_pictures(small_game(), tmp_path, 3)
    assert [p.relative_to(tmp_path).as_posix() for p in written] == [
        "round-003/Blue_HQ.png", "round-003/Blue_North.png", "round-003/Red_HQ.png"]
    assert sorted(p.name for p in (tmp_path / "round-003").iterdir()) == ["Blue_HQ.png", "Blue_North.png", "Red_HQ.png"]
    one = write_round_pictures(small_game(), tmp_path, 12, ["Red HQ"])
    assert [p.relative_to(tmp_path).as_posix() for p in one] == ["round-012/Red_HQ.png"]


def test_player_file_names_stay_unique_and_safe() -> None:
    assert player_file_names(["Blue HQ", "Blue/HQ", "../etc", "Éclaireurs"]) == {
        "Blue HQ": "Blue_HQ.png", "Blue/HQ": "Blue_HQ-2.png", "../etc": "etc.png", "Éclaireurs": "Éclaireurs.png"
    }
    names = player_file_names(["a b", "a_b", "A_B"])
    assert len(set(n.casefold() for n in names.values())) == 3


def test_the_save_folder_of_pictures_sits_next_to_the_save() -> None:
    assert pov_folder_of_save(Path("games/brandywine.kssave")) == Path("games/brandywine-pov")


def test_a_game_writes_every_players_pictures_at_the_end_of_each_round(tmp_path: Path) -> None:
    class FakeGame:
        def __init__(self) -> None:
            self.on_round_end: list = []
            self.state = small_game().replace(round=2)
            self.path = tmp_path / "skirmish.kssave"

    game = FakeGame()
    writer = attach_to_game(game)
    for hook in game.on_round_end:
        hook(game, 1)
    writer.wait()
    assert writer.errors == []
    folder = tmp_path / "skirmish-pov" / "round-001"
    assert sorted(p.name for p in folder.iterdir()) == ["Blue_HQ.png", "Blue_North.png", "Red_HQ.png"]


def test_pictures_written_in_the_background_are_the_same_bytes(tmp_path: Path) -> None:
    class FakeGame:
        def __init__(self) -> None:
            self.on_round_end: list = []
            self.state = small_game().replace(round=3)
            self.path = tmp_path / "skirmish.kssave"

    game = FakeGame()
    writer = attach_to_game(game)
    game.on_round_end[0](game, 2)
    writer.wait()
    background = (tmp_path / "skirmish-pov" / "round-002" / "Red_HQ.png").read_bytes()
    (foreground,) = write_round_pictures(game.state, tmp_path / "direct", 2, ["Red HQ"])
    assert background == foreground.read_bytes()


def test_a_picture_that_cannot_be_written_is_reported_not_raised(tmp_path: Path) -> None:
    blocker = tmp_path / "skirmish-pov"
    blocker.write_text("a file where the folder should be", encoding="utf-8")

    class FakeGame:
        def __init__(self) -> None:
            self.on_round_end: list = []
            self.state = small_game().replace(round=2)
            self.path = tmp_path / "skirmish.kssave"

    game = FakeGame()
    writer = attach_to_game(game)
    game.on_round_end[0](game, 1)
    writer.wait()
    assert len(writer.errors) == 3 and "could not be written" in writer.errors[0]


def test_unknown_players_and_units_are_refused_with_the_known_names(tmp_path: Path) -> None:
    with pytest.raises(UnknownPlayer, match="Blue HQ, Blue North, Red HQ"):
        write_round_pictures(small_game(), tmp_path, 1, ["Green"])
    with pytest.raises(UnknownUnit, match="Blue North commands no unit 'b2'; their units: b1"):
        player_picture(small_game(), "Blue North", unit="b2")
    assert not (tmp_path / "round-001").exists()


# --- golden pictures --------------------------------------------------------------------------------------


def golden_game():
    state = small_game()
    state = with_unit(state, UnitState("r9", "light-cavalry", "Red", WorldPoint(13.5, 14.5), 12, heading=270.0))
    state = with_unit(state, UnitState("r8", "infantry", "Red", WorldPoint(15.5, 3.5), 10, hidden=True))
    return state


GOLDEN_CASES = {
    "blue-hq.png": ("Blue HQ", None),
    "red-hq.png": ("Red HQ", None),
    "blue-north-b1.png": ("Blue North", "b1"),
}


def _pixels(surface: pygame.Surface) -> np.ndarray:
    return pygame.surfarray.array3d(surface).astype(np.int16)


def golden_picture(name: str, game=None) -> pygame.Surface:
    """The picture of golden case ``name`` (of ``game``, by default the golden game)."""
    player, unit = GOLDEN_CASES[name]
    return player_picture(game if game is not None else golden_game(), player, unit=unit)


@pytest.mark.parametrize("name", sorted(GOLDEN_CASES))
def test_golden_pictures(name: str) -> None:
    """Pixel for pixel (tests/golden_pictures.py); `python -m tests.regen_goldens` rewrites them."""
    assert_same_picture(golden_picture(name), GOLDEN / name)


@pytest.mark.parametrize("name, missing", [("blue-hq.png", "b3"), ("blue-hq.png", "r9"), ("red-hq.png", "r2"),
                                           ("blue-north-b1.png", "b3")])
def test_a_missing_counter_fails_the_golden_comparison(name: str, missing: str) -> None:
    """The same game without one unit the player sees (one of its own, or an enemy in sight) differs from the
    golden picture, and the comparison says so: the comparison has no tolerance a counter could hide in."""
    game = golden_game()
    player, _ = GOLDEN_CASES[name]
    view = player_view(game, player)
    where = game.units[missing].position
    assert missing in {u.id for u in view.own_units} or where in {e.position for e in view.seen_enemies}
    with pytest.raises(PictureDiffers) as caught:
        assert_same_picture(golden_picture(name, game.with_units(removed=[missing])), GOLDEN / name)
    assert "pixel(s) differ" in str(caught.value)


def test_no_golden_file_is_written_by_a_test(tmp_path: Path) -> None:
    with pytest.raises(PictureDiffers, match="is missing: run `python -m tests.regen_goldens`"):
        assert_same_picture(golden_picture("red-hq.png"), tmp_path / "red-hq.png")
    assert not (tmp_path / "red-hq.png").exists()


def test_the_legend_tells_the_game_time_of_timed_rule_sets() -> None:
    import dataclasses

    from kriegsspiel.pov import round_moment

    state = small_game().replace(round=4)
    assert round_moment(state, None) == "Round 4"
    assert round_moment(state, 3) == "End of round 3"
    timed = state.replace(ruleset=dataclasses.replace(RULESET, round_minutes=10))
    assert round_moment(timed, None) == "Round 4  ·  game time 0:30"
    assert round_moment(timed, 3) == "End of round 3  ·  game time 0:30"
    clocked = state.replace(ruleset=dataclasses.replace(RULESET, round_minutes=10, clock_start=8 * 60))
    assert round_moment(clocked, 3) == "End of round 3  ·  game time 08:30"


def test_pictures_are_ordinary_files_readable_like_any_other(tmp_path: Path) -> None:
    # mkstemp makes owner-only files; a picture is for handing on, so it gets the umask's ordinary mode.
    (written, *_) = write_round_pictures(small_game(), tmp_path, 1, ["Red HQ"])
    plain = tmp_path / "plain"
    plain.write_bytes(b"")
    assert written.stat().st_mode & 0o777 == plain.stat().st_mode & 0o777
    assert not [p for p in written.parent.iterdir() if p.name.startswith(".tmp-")]
