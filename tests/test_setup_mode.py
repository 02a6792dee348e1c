"""The set-up mode of the ruler window (F2; a map opened without a scenario starts in it): drag a unit type from
the palette onto the map, a place its type cannot stand refused with the reason, set a counter's id, side,
heading and health, delete one, edit sides and players, and Ctrl+S writes a scenario that ``kriegsspiel check``
passes and that plays. Headless: pygame events posted to a 1366x768 App."""
from __future__ import annotations

import shutil
from pathlib import Path

import pygame
import pytest

from kriegsspiel.app.app import App
from kriegsspiel.app.session import TableSession
from kriegsspiel.app.tool import Tool
from kriegsspiel.cli import main
from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.scenario import load_scenario
from kriegsspiel.scenario.empty import write_empty_scenario
from kriegsspiel.scenario.units import standing_problem
from kriegsspiel.store import Game

REPO = Path(__file__).resolve().parent.parent
MAPS = REPO / "kriegsspiel" / "data" / "maps"
SCENARIOS = REPO / "kriegsspiel" / "data" / "scenarios"
SIZE = (1366, 768)


def open_map(tmp_path: Path, name: str = "coast.tmx", size: tuple[int, int] = SIZE) -> tuple[App, Game, Path]:
    """``kriegsspiel play MAP.tmx`` headless: an empty game on a copy of a shipped map (its tilesets beside it)."""
    pygame.display.init()
    pygame.font.init()
    pygame.event.clear()
    maps = tmp_path / "maps"
    maps.mkdir()
    shutil.copy(MAPS / name, maps / name)
    shutil.copytree(MAPS.parent / "assets", tmp_path / "assets")
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    game = Game.new(write_empty_scenario(maps / name, None, scratch), tmp_path / "game.kssave")
    app = App(TableSession(game, "test"), pygame.Surface(size))
    app.run(max_frames=1)
    return app, game, maps / name


def step(app: App, *events: pygame.event.Event) -> None:
    for event in events:
        pygame.event.post(event)
    app.run(max_frames=app.frames + 1)


def key(app: App, k: int, mod: int = 0) -> None:
    step(app, pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))


def type_text(app: App, text: str) -> None:
    step(app, *(pygame.event.Event(pygame.TEXTINPUT, text=c) for c in text))


def click(app: App, pos: tuple[int, int]) -> None:
    step(app, pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
         pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
         pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def drag(app: App, start: tuple[int, int], end: tuple[int, int]) -> None:
    middle = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    step(app, pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)),
         pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    step(app, pygame.event.Event(pygame.MOUSEMOTION, pos=middle, rel=(1, 1), buttons=(1, 0, 0)))
    step(app, pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(1, 1), buttons=(1, 0, 0)))
    step(app, pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))


def control(app: App, action: str, arg: object = None) -> pygame.Rect:
    found = [c for c in app.setup_mode.controls if c.action == action and (arg is None or c.arg == arg)]
    assert found, f"no control {action} {arg} among {[(c.action, c.arg) for c in app.setup_mode.controls]}"
    return found[0].rect


def spot(app: App, type_id: str, standing: bool, away_from: tuple[tuple[int, int], ...] = ()) -> tuple[int, int]:
    """A screen point inside the map seen where a ``type_id`` may stand (or may not), found by the loader's check."""
    from kriegsspiel.app import visible

    area = visible.map_area(app).inflate(-60, -60)
    state = app.session.state
    for y in range(area.top, area.bottom, 17):
        for x in range(area.left, area.right, 17):
            if any(abs(x - ax) + abs(y - ay) < 120 for ax, ay in away_from):
                continue
            at = app.camera.to_world(x, y)
            problem = standing_problem(state.battlefield, state.ruleset, type_id, at)
            neighbours_alike = all((standing_problem(state.battlefield, state.ruleset, type_id,
                                                     app.camera.to_world(x + dx, y + dy)) is None) == standing
                                   for dx in (-8, 8) for dy in (-8, 8))
            if (problem is None) == standing and neighbours_alike:
                return x, y
    raise AssertionError(f"no place where {type_id} {'can' if standing else 'cannot'} stand")


def test_a_map_without_a_scenario_opens_in_set_up_mode_and_places_writes_and_plays(tmp_path: Path,
                                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    app, game, map_path = open_map(tmp_path)
    mode = app.setup_mode
    assert mode.active and mode.draft.units == [] and mode.target == map_path.with_suffix(".toml")
    assert isinstance(mode, Tool) and app.tools.active is mode  # the board's one active tool

    land = spot(app, "infantry", standing=True)
    drag(app, control(app, "type", "infantry").center, land)
    assert [u.id for u in mode.draft.units] == ["blue1"] and mode.selected == "blue1"
    placed = mode.draft.units[0]
    want = app.camera.to_world(*land)
    assert (placed.type_id, placed.side) == ("infantry", "Blue")
    assert abs(placed.position.x - want.x) < 1e-6 and abs(placed.position.y - want.y) < 1e-6
    assert mode.state is not None and "blue1" in mode.state.units  # drawn as the game's first state

    # the selected counter's form: id, side, heading, health
    click(app, control(app, "edit", ("unit", "id")).center)
    for _ in range(len("blue1")):
        key(app, pygame.K_BACKSPACE)
    type_text(app, "1st-foot")
    key(app, pygame.K_RETURN)
    click(app, control(app, "unit_side").center)
    click(app, control(app, "unit_hidden").center)  # infantry starts seen: hidden now
    assert mode.draft.unit("1st-foot").hidden is True and mode.state.units["1st-foot"].hidden
    click(app, control(app, "unit_hidden").center)  # and seen again: the type's default, not written
    assert mode.draft.unit("1st-foot").hidden is None and not mode.state.units["1st-foot"].hidden
    click(app, control(app, "edit", ("unit", "heading")).center)
    type_text(app, "90")
    key(app, pygame.K_RETURN)
    click(app, control(app, "edit", ("unit", "health")).center)
    type_text(app, "7")  # infantry has 4: refused, the field stays open with the reason
    key(app, pygame.K_RETURN)
    assert app.status_is_error and "health is a whole number from 1 to 4" in app.status
    key(app, pygame.K_BACKSPACE)
    type_text(app, "3")
    key(app, pygame.K_RETURN)
    unit = mode.draft.unit("1st-foot")
    assert unit is not None and (unit.side, unit.heading, unit.health) == ("Red", 90.0, 3)
    assert mode.state.units["1st-foot"].health == 3

    # a second counter for Blue (chosen on the palette), then a third deleted with the Delete key
    click(app, control(app, "new_side", "Blue").center)
    land2 = spot(app, "infantry", standing=True, away_from=(land,))
    drag(app, control(app, "type", "mechanized").center, land2)
    assert mode.draft.unit("blue1") is not None and mode.draft.unit("blue1").type_id == "mechanized"
    click(app, control(app, "type", "engineers").center)  # click a type, then the map
    land3 = spot(app, "engineers", standing=True, away_from=(land, land2))
    click(app, land3)
    assert mode.selected == "blue2"
    key(app, pygame.K_DELETE)
    assert [u.id for u in mode.draft.units] == ["1st-foot", "blue1"]
    key(app, pygame.K_ESCAPE)

    # the players' form: one player for Red named Anna
    click(app, control(app, "tab", "sides").center)
    click(app, control(app, "add_player").center)
    click(app, control(app, "edit", ("player", 0, "name")).center)
    for _ in range(len("Player 1")):
        key(app, pygame.K_BACKSPACE)
    type_text(app, "Anna")
    key(app, pygame.K_RETURN)
    click(app, control(app, "player_side", 0).center)
    click(app, control(app, "add_player").center)
    assert [(p.name, p.side) for p in mode.draft.players] == [("Anna", "Red"), ("Player 2", "Blue")]

    key(app, pygame.K_s, pygame.KMOD_CTRL)
    written = map_path.with_suffix(".toml")
    assert written.is_file(), app.status
    assert not app.status_is_error and str(written) in app.status
    assert main(["check", str(written)]) == 0, capsys.readouterr()
    scenario = load_scenario(written)
    assert {(u.id, u.type_id, u.side) for u in scenario.setup.units} == {("1st-foot", "infantry", "Red"), ("blue1", "mechanized", "Blue")}
    assert scenario.setup.units[0].heading == 90.0 and scenario.setup.units[0].health == 3
    assert "hidden" not in written.read_text(encoding="utf-8")
    assert [p.name for p in scenario.setup.players] == ["Anna", "Player 2"]
    assert 'map = "coast.tmx"' in written.read_text(encoding="utf-8")  # next to the map, relative to it
    assert list(written.parent.glob(".*.tmp")) == []  # the temporary file was renamed, none left behind

    # it plays: a new game on it, a unit moved a little
    with Game.new(written, tmp_path / "played.kssave") as played:
        foot = played.state.units["blue1"]
        target = next(WorldPoint(foot.position.x + dx, foot.position.y + dy) for dx, dy in ((3, 0), (-3, 0), (0, 3), (0, -3))
                      if standing_problem(played.state.battlefield, played.state.ruleset, "mechanized",
                                          WorldPoint(foot.position.x + dx, foot.position.y + dy)) is None)
        outcome = played.submit(f"move blue1 > {target.x:.1f},{target.y:.1f}")
        assert outcome.accepted, outcome.describe()
        assert played.state.units["blue1"].position != foot.position
    game.close()


def test_infantry_in_the_sea_is_refused_with_the_reason(tmp_path: Path) -> None:
    app, game, _ = open_map(tmp_path)
    sea = spot(app, "infantry", standing=False)
    drag(app, control(app, "type", "infantry").center, sea)
    assert app.setup_mode.draft.units == []
    assert app.status_is_error and "refused: no Infantry placed: infantry cannot stand on" in app.status
    # a ship may go there
    drag(app, control(app, "type", "destroyer").center, sea)
    assert [u.type_id for u in app.setup_mode.draft.units] == ["destroyer"]
    # and moving the destroyer onto land is refused too: it stays where it was
    ship = app.setup_mode.draft.units[0]
    before = ship.position
    drag(app, tuple(round(v) for v in app.camera.to_screen(before)), spot(app, "infantry", standing=True))
    assert ship.position == before and "refused: blue1 not moved" in app.status
    game.close()


def test_saving_over_a_file_asks_first_and_a_broken_scenario_is_not_written(tmp_path: Path) -> None:
    app, game, map_path = open_map(tmp_path)
    target = map_path.with_suffix(".toml")
    target.write_text("# the author's own\n", encoding="utf-8")
    drag(app, control(app, "type", "infantry").center, spot(app, "infantry", standing=True))
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    assert target.read_text(encoding="utf-8") == "# the author's own\n"
    assert app.status_is_error and "exists: Ctrl+S again or Enter replaces it" in app.status
    key(app, pygame.K_ESCAPE)
    assert target.read_text(encoding="utf-8") == "# the author's own\n"
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    key(app, pygame.K_RETURN)
    assert "[[units]]" in target.read_text(encoding="utf-8")
    # a side without a name cannot be typed; a side with counters cannot be deleted
    click(app, control(app, "tab", "sides").center)
    click(app, control(app, "delete_side", 0).center)
    assert app.status_is_error and "Blue still has 1 counter" in app.status
    # a scenario the loader refuses is not written: a victory zone the map does not have (kept from the file)
    app.setup_mode.draft.tables_kept["victory"] = [{"side": "Blue", "kind": "hold", "zone": "Atlantis"}]
    app.setup_mode.changed = True
    before = target.read_text(encoding="utf-8")
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    assert app.status_is_error and "not saved" in app.status and "Atlantis" in app.status
    assert target.read_text(encoding="utf-8") == before
    game.close()


@pytest.mark.parametrize("size", [SIZE, (1350, 688)])  # fullscreen, and the window a 1366x768 desktop leaves
def test_every_control_of_both_tabs_lies_on_a_1366x768_window(tmp_path: Path, size: tuple[int, int]) -> None:
    app, game, _ = open_map(tmp_path, size=size)
    window = pygame.Rect((0, 0), size)
    drag(app, control(app, "type", "infantry").center, spot(app, "infantry", standing=True))
    for tab in ("units", "sides"):
        click(app, control(app, "tab", tab).center)
        controls = app.setup_mode.controls
        assert controls
        for c in controls:
            assert window.contains(c.rect), (c, window)
        buttons = [c for c in controls if c.action]
        for i, a in enumerate(buttons):
            assert a.rect.collidelist([b.rect for b in buttons[i + 1:]]) == -1, f"{a} overlaps another control"
        if tab == "units":  # the selected counter's form is there too, and the palette in two columns
            assert {c.action for c in controls} >= {"edit", "unit_side", "delete_unit", "save", "leave"}
            palette = [c.rect for c in controls if c.action == "type"]
            assert len({r.left for r in palette}) == 2
    game.close()


def test_f2_opens_set_up_before_the_first_order_only(tmp_path: Path) -> None:
    pygame.display.init()
    pygame.font.init()
    game = Game.new(SCENARIOS / "demo.toml", tmp_path / "demo.kssave")
    app = App(TableSession(game, "demo"), pygame.Surface(SIZE))
    app.run(max_frames=1)
    assert not app.setup_mode.active  # a scenario with forces opens as a game
    key(app, pygame.K_F2)
    mode = app.setup_mode
    assert mode.active and len(mode.draft.units) == len(game.state.units)
    key(app, pygame.K_F2)  # nothing changed: leaves at once
    assert not mode.active and app.tools.active is None and app.session.state is game.state
    key(app, pygame.K_r)  # the ruler on, then F2: the set-up mode takes over, the ruler leaves
    assert app.tools.active is app.tools.ruler
    key(app, pygame.K_F2)
    assert app.tools.active is mode
    drag(app, control(app, "type", "infantry").center, spot(app, "infantry", standing=True))
    key(app, pygame.K_F2)  # a change not saved: asks first
    assert mode.active and "not saved" in app.status
    key(app, pygame.K_ESCAPE)
    assert mode.active
    key(app, pygame.K_F2)
    key(app, pygame.K_RETURN)
    assert not mode.active and app.tools.active is None and len(game.state.units) == len(mode.draft.units) - 1
    outcome = game.submit("end")
    assert outcome.accepted, outcome.describe()
    key(app, pygame.K_F2)
    assert not mode.active and app.status_is_error and "before its first order" in app.status
    game.close()


def test_quitting_with_a_set_up_not_saved_keeps_it_beside_the_map(tmp_path: Path) -> None:
    app, game, map_path = open_map(tmp_path)
    map_path.with_suffix(".toml").write_text("# the author's own\n", encoding="utf-8")
    drag(app, control(app, "type", "infantry").center, spot(app, "infantry", standing=True))
    app.quit_saving()  # Ctrl+Q (the window frame calls it)
    kept = map_path.with_name("coast-unsaved.toml")
    assert not app.running and str(kept) in app.status
    assert map_path.with_suffix(".toml").read_text(encoding="utf-8") == "# the author's own\n"
    assert [u.id for u in load_scenario(kept).setup.units] == ["blue1"]
    game.close()


@pytest.mark.parametrize("field, text, reason", [
    (("unit", "heading"), "nan", "a heading is degrees clockwise from north"),
    (("unit", "heading"), "1e400", "a heading is degrees clockwise from north"),
    (("unit", "heading"), "north", "a heading is degrees clockwise from north"),
    (("unit", "health"), "0", "health is a whole number from 1 to 4"),
    (("unit", "health"), "²", "health is a whole number from 1 to 4"),
    (("unit", "id"), "two words", "an id is a name without spaces or '>'"),
    (("unit", "id"), "a>b", "an id is a name without spaces or '>'"),
    (("scenario", "target"), "x\x00.toml", "no NUL, tab or line break"),
    (("scenario", "target"), "notes.txt", "a scenario is a .toml file"),
    (("side", 0, "colour"), "blue", "a colour is #rrggbb"),
    (("side", 0, "name"), "Red", "side 'Red' is there already"),
    (("side", 0, "name"), "a\tb", "a side needs a name"),
])
def test_a_bad_value_typed_in_a_field_is_refused_with_the_reason(tmp_path: Path, field: tuple, text: str,
                                                                  reason: str) -> None:
    app, game, _ = open_map(tmp_path)
    drag(app, control(app, "type", "infantry").center, spot(app, "infantry", standing=True))
    mode = app.setup_mode
    before = mode.draft.toml_text(mode.target)
    mode.editing = (field, text)
    key(app, pygame.K_RETURN)
    assert app.status_is_error and reason in app.status and app.internal_errors == 0
    assert mode.editing is not None  # the field stays open to be put right
    assert mode.draft.toml_text(mode.target) == before
    key(app, pygame.K_ESCAPE)
    app.invalidate()
    app.run(max_frames=app.frames + 1)  # and the window draws on
    assert app.internal_errors == 0
    game.close()


def test_ctrl_p_plays_the_saved_scenario_in_the_same_window(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``kriegsspiel play MAP.tmx``, set up, Ctrl+S, Ctrl+P: the window (run_window) opens a new game of the
    scenario just written; Ctrl+P before saving, or after a change not saved, is refused."""
    from kriegsspiel.app import window
    from kriegsspiel.app.window_frame import WindowFrame

    monkeypatch.setenv("KRIEGSSPIEL_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("KRIEGSSPIEL_CONFIG_DIR", str(tmp_path / "config"))
    maps = tmp_path / "maps"
    maps.mkdir()
    shutil.copy(MAPS / "coast.tmx", maps / "coast.tmx")
    shutil.copytree(MAPS.parent / "assets", tmp_path / "assets")
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    first = Game.new(write_empty_scenario(maps / "coast.tmx", None, scratch), tmp_path / "first.kssave")
    boards: list = []

    def driven(frame: WindowFrame, board: App, present: object = None, max_frames: int | None = None, fps: int = 60) -> int:
        boards.append(board)
        if len(boards) == 1:  # the empty game: set up, save, play
            board.run(max_frames=1)
            key(board, pygame.K_p, pygame.KMOD_CTRL)
            assert board.running and board.status_is_error and "save the scenario first" in board.status
            drag(board, control(board, "type", "infantry").center, spot(board, "infantry", standing=True))
            key(board, pygame.K_s, pygame.KMOD_CTRL)
            drag(board, control(board, "type", "infantry").center,
                 spot(board, "infantry", standing=True, away_from=(spot(board, "infantry", standing=True),)))
            key(board, pygame.K_p, pygame.KMOD_CTRL)
            assert board.running and "changed since it was saved" in board.status
            key(board, pygame.K_s, pygame.KMOD_CTRL)
            click(board, control(board, "play").center)
            assert not board.running
        else:  # the game of the scenario written: its units, no set-up mode, a move accepted
            assert not board.setup_mode.active and set(board.session.state.units) == {"blue1", "blue2"}
            unit = board.session.state.units["blue1"]
            near = next(WorldPoint(unit.position.x + dx, unit.position.y) for dx in (2, -2, 1, -1)
                        if standing_problem(board.session.state.battlefield, board.session.state.ruleset, "infantry",
                                            WorldPoint(unit.position.x + dx, unit.position.y)) is None)
            assert board.session.submit(f"move blue1 > {near.x:.1f},{near.y:.1f}").accepted
            board.running = False
        return 0

    monkeypatch.setattr(WindowFrame, "run", driven)
    assert window.run_window(first, "coast", size=SIZE) == 0
    assert len(boards) == 2 and (maps / "coast.toml").is_file()
    assert boards[1].session.game.record_count == 1 and first.record_count == 0
    first.close()


def test_ctrl_s_with_a_field_still_open_writes_what_was_typed_and_a_bad_value_saves_nothing(tmp_path: Path) -> None:
    """An author who types a new id and presses Ctrl+S without Enter expects the id typed in the file; a value the
    field refuses keeps the file unwritten and the field open."""
    app, game, map_path = open_map(tmp_path)
    drag(app, control(app, "type", "infantry").center, spot(app, "infantry", standing=True))
    mode = app.setup_mode
    click(app, control(app, "edit", ("unit", "id")).center)
    for _ in range(len("blue1")):
        key(app, pygame.K_BACKSPACE)
    type_text(app, "two words")
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    assert app.status_is_error and "an id is a name without spaces" in app.status
    assert mode.editing is not None and not mode.target.exists()

    for _ in range(len("two words")):
        key(app, pygame.K_BACKSPACE)
    type_text(app, "1st-foot")
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    assert mode.editing is None and mode.target.is_file(), app.status
    assert [u.id for u in load_scenario(mode.target).setup.units] == ["1st-foot"]
    game.close()
