"""The set-up mode of the area window (F2; a province map opened without a scenario starts in it): choose a power
and a unit kind, click provinces to place units, judged by the rule set's own start (an army at sea, a fleet
inland, infantry in a sea zone refused with the reason), take one off, and Ctrl+S writes a scenario that
``kriegsspiel check`` passes and that plays. Headless: pygame events posted to a 1366x768 AreaApp."""
from __future__ import annotations

import shutil
from pathlib import Path

import pygame
import pytest

from kriegsspiel.app.area_window import AreaApp
from kriegsspiel.cli import main
from kriegsspiel.scenario.empty import write_empty_scenario
from kriegsspiel.scenario.area_writer import check_area_text
from kriegsspiel.store.opening import new_session

REPO = Path(__file__).resolve().parent.parent
MAPS = REPO / "kriegsspiel" / "data" / "maps"
SCENARIOS = REPO / "kriegsspiel" / "data" / "scenarios"
SIZE = (1366, 768)


def open_map(tmp_path: Path, name: str, size: tuple[int, int] = SIZE) -> tuple[AreaApp, object, Path]:
    """``kriegsspiel play MAP.tmx`` headless on a copy of a shipped province map."""
    pygame.display.init()
    pygame.font.init()
    pygame.event.clear()
    maps = tmp_path / "maps"
    maps.mkdir()
    shutil.copy(MAPS / name, maps / name)
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    game = new_session(write_empty_scenario(maps / name, None, scratch), tmp_path / "game.kssave")
    app = AreaApp(game, pygame.Surface(size))  # type: ignore[arg-type]  # new_session's Session is an AreaSession here
    app.run(max_frames=1)
    return app, game, maps / name


def step(app: AreaApp, *events: pygame.event.Event) -> None:
    for event in events:
        pygame.event.post(event)
    app.run(max_frames=1)


def key(app: AreaApp, k: int, mod: int = 0) -> None:
    step(app, pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))


def click(app: AreaApp, pos: tuple[int, int]) -> None:
    step(app, pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
         pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
         pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def control(app: AreaApp, action: str, arg: object = None) -> tuple[int, int]:
    found = [c for c in app.setup_mode.controls if c.action == action and (arg is None or c.arg == arg)]
    assert found, f"no control {action} {arg} among {[(c.action, c.arg) for c in app.setup_mode.controls]}"
    return found[0].rect.center


def province(app: AreaApp, name: str) -> tuple[int, int]:
    """A screen point inside province ``name`` (its counters' place), checked by the board's own hit test."""
    point = app.board.to_screen(app.board.centres[name])
    assert app.board.province_at(point) == name
    return point


def units(app: AreaApp) -> set[tuple[str, str, str]]:
    position = app.setup_mode.position
    assert position is not None
    return {(u.power, u.kind, u.where) for u in position.units}


def test_diplomacy_units_placed_on_provinces_by_the_rules_written_and_played(tmp_path: Path,
                                                                            capsys: pytest.CaptureFixture[str]) -> None:
    app, game, map_path = open_map(tmp_path, "diplomacy-standard.tmx")
    mode = app.setup_mode
    assert mode.active and units(app) == set()
    click(app, control(app, "power", "FRANCE"))
    click(app, control(app, "type", "A"))
    click(app, province(app, "PAR"))
    click(app, province(app, "MAO"))  # an army at sea
    assert units(app) == {("FRANCE", "A", "PAR")}
    assert mode.line == ("refused: no Army of FRANCE in MAO: an army stands on land, without a coast", True)
    click(app, control(app, "type", "F"))
    click(app, province(app, "BUR"))  # a fleet inland
    assert mode.line[1] and "a fleet cannot stand at BUR" in mode.line[0]
    click(app, province(app, "BRE"))
    click(app, control(app, "power", "GERMANY"))
    click(app, control(app, "type", "A"))
    click(app, province(app, "MUN"))
    click(app, province(app, "KIE"))
    assert units(app) == {("FRANCE", "A", "PAR"), ("FRANCE", "F", "BRE"), ("GERMANY", "A", "MUN"), ("GERMANY", "A", "KIE")}
    key(app, pygame.K_ESCAPE)  # the kind put down: a click on a counter selects it, Delete takes it off
    click(app, province(app, "KIE"))
    assert mode.selected is not None
    key(app, pygame.K_DELETE)
    assert units(app) == {("FRANCE", "A", "PAR"), ("FRANCE", "F", "BRE"), ("GERMANY", "A", "MUN")}
    assert game.turn.position.units == ()  # the game itself is untouched

    key(app, pygame.K_p, pygame.KMOD_CTRL)  # not saved yet: refused
    assert app.running and mode.line[1] and "save the scenario first" in mode.line[0]
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    written = map_path.with_suffix(".toml")
    assert written.is_file() and not mode.line[1], mode.line
    click(app, control(app, "play"))  # the window (run_window) opens it next
    assert not app.running and mode.play_next == written.resolve()
    assert 'map = "diplomacy-standard.tmx"' in written.read_text(encoding="utf-8")
    assert main(["check", str(written)]) == 0, capsys.readouterr()

    played = new_session(written, tmp_path / "played.kssave")
    board = AreaApp(played, pygame.Surface(SIZE))  # type: ignore[arg-type]  # an AreaSession here
    assert not board.setup_mode.active  # a scenario with units opens as a game
    board.command("FRANCE: A PAR - BUR")
    board.command("confirm")
    assert ("FRANCE", "A", "BUR") in {(u.power, u.kind, u.where) for u in played.turn.position.units}
    played.close()
    game.close()


def test_unit_profiles_infantry_at_sea_refused_a_ship_at_sea_placed(tmp_path: Path) -> None:
    app, game, map_path = open_map(tmp_path, "unit-profiles-borderlands.tmx")
    mode = app.setup_mode
    assert mode.active
    sea = next(p.abbreviation for p in app.board.provinces if p.abbreviation in app.board.centres
               and app.game.scenario.board.properties()[p.abbreviation].get("kind") == "sea")
    click(app, control(app, "type", "infantry"))
    click(app, province(app, sea))
    assert mode.line[1] and mode.line[0] == f"refused: no Infantry of NORD in {sea}: a infantry stands on land; {sea} is a sea zone"
    click(app, control(app, "type", "destroyer"))
    click(app, province(app, sea))
    assert (mode.power, "destroyer", sea) in units(app)
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    assert map_path.with_suffix(".toml").is_file(), mode.line
    game.close()


@pytest.mark.parametrize("size", [SIZE, (1350, 688)])  # fullscreen, and the window a 1366x768 desktop leaves
def test_the_panel_with_unit_profiles_49_types_lies_on_the_window(tmp_path: Path, size: tuple[int, int]) -> None:
    app, game, _ = open_map(tmp_path, "unit-profiles-borderlands.tmx", size)
    click(app, control(app, "type", "infantry"))
    click(app, province(app, "NHM"))
    key(app, pygame.K_ESCAPE)
    click(app, province(app, "NHM"))
    controls = app.setup_mode.controls
    assert "delete_unit" in {c.action for c in controls}
    window = pygame.Rect((0, 0), size)
    assert all(window.contains(c.rect) for c in controls)
    acting = [c for c in controls if c.action]
    for i, c in enumerate(acting):
        assert c.rect.collidelist([d.rect for d in acting[i + 1:]]) == -1, c
    assert len({c.rect.left for c in controls if c.action == "type"}) == 3  # whole names in three columns
    assert not app.board.view_rect.colliderect(pygame.Rect(size[0] - 400, 0, 400, size[1]))  # the board left of it
    game.close()


def test_f2_in_a_diplomacy_game_before_and_after_its_first_order(tmp_path: Path) -> None:
    pygame.display.init()
    pygame.font.init()
    game = new_session(SCENARIOS / "diplomacy-1901.toml", tmp_path / "d.kssave")
    app = AreaApp(game, pygame.Surface(SIZE))  # type: ignore[arg-type]  # an AreaSession here
    app.run(max_frames=1)
    assert not app.setup_mode.active
    key(app, pygame.K_F2)
    assert app.setup_mode.active and len(app.setup_mode.position.units) == 22  # type: ignore[union-attr]  # set on entering
    window = pygame.Rect((0, 0), SIZE)
    assert app.setup_mode.controls and all(window.contains(c.rect) for c in app.setup_mode.controls)
    key(app, pygame.K_F2)
    assert not app.setup_mode.active
    app.command("FRANCE: A PAR - BUR")
    key(app, pygame.K_F2)
    assert not app.setup_mode.active and "before its first order" in app.log[-1][0]
    game.close()


def test_the_rule_sets_edit_their_own_setup_formats() -> None:
    """Diplomacy's ``units`` lines (a fleet on a province of two coasts goes to the next coast when placed there
    again) and unit profiles' place lists (a carried unit taken out of its carrier's brackets)."""
    from kriegsspiel.core.area import AreaUnit
    from kriegsspiel.scenario.area import load_area_scenario

    diplomacy = load_area_scenario(SCENARIOS / "diplomacy-1901.toml")
    rules, provinces = diplomacy.rules, diplomacy.board.properties()
    empty: dict = {}
    once = rules.setup_placed(empty, "RUSSIA", "F", "STP", provinces)
    assert once == {"units": {"RUSSIA": ["F STP/NC"]}} and empty == {}
    assert rules.setup_placed(once, "RUSSIA", "F", "STP", provinces) == {"units": {"RUSSIA": ["F STP/SC"]}}
    assert rules.setup_removed(once, AreaUnit("u1", "RUSSIA", "F", "STP/NC", "F")) == {"units": {"RUSSIA": []}}
    assert [k for k, _ in rules.setup_kinds(diplomacy.setup)] == ["A", "F"]
    assert [k for k, _ in rules.setup_kinds(load_area_scenario(SCENARIOS / "air-power-1901.toml").setup)] == ["A", "F", "W"]

    profiles = load_area_scenario(SCENARIOS / "unit-profiles-borderlands.toml")
    rules = profiles.rules
    cargo = AreaUnit("x", "NORD", "artillery", "WNS", "Art")
    after = rules.setup_removed(profiles.setup, cargo)
    assert after["powers"]["NORD"]["units"]["WNS"][0] == "naval-transport(infantry)"
    assert profiles.setup["powers"]["NORD"]["units"]["WNS"][0] == "naval-transport(infantry artillery)"
    started = rules.start({**after, "blind": False}, profiles.board.powers, profiles.board.properties(), "t")
    assert len(started.units) == len(profiles.start().units) - 1


def test_quitting_with_an_area_set_up_not_saved_keeps_it(tmp_path: Path) -> None:
    app, game, map_path = open_map(tmp_path, "diplomacy-standard.tmx")
    click(app, control(app, "type", "A"))
    click(app, province(app, "VIE"))
    app.quit_saving()
    kept = map_path.with_name("diplomacy-standard-unsaved.toml")
    assert not app.running and str(kept) in app.log[-1][0]
    assert check_area_text(kept.read_text(encoding="utf-8"), kept).setup["units"] == {"AUSTRIA": ["A VIE"]}
    game.close()


def type_text(app: AreaApp, text: str) -> None:
    step(app, pygame.event.Event(pygame.TEXTINPUT, text=text))


def test_players_tab_adds_renames_deletes_and_refuses_with_the_reason_then_saves_them(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    app, game, map_path = open_map(tmp_path, "diplomacy-standard.tmx")
    mode = app.setup_mode
    click(app, control(app, "type", "A"))
    click(app, province(app, "VIE"))
    click(app, control(app, "tab", "players"))
    assert mode.tab == "players" and mode.players == []
    click(app, control(app, "power", "FRANCE"))
    click(app, control(app, "add_player"))
    type_text(app, "Anna")
    key(app, pygame.K_RETURN)
    assert [(p.name, p.power) for p in mode.players] == [("Anna", "FRANCE")] and not mode.line[1]
    click(app, control(app, "power", "ENGLAND"))
    for bad, why in (("", "a player needs a name"), ("Bo\tb", "no tab, line break or control character"),
                     ("Anna", "player 'Anna' is there already")):
        click(app, control(app, "add_player"))
        type_text(app, bad)
        key(app, pygame.K_RETURN)
        assert mode.line[1] and why in mode.line[0], (bad, mode.line)
        assert mode.editing is not None and mode.editing[0] == ("new_player",)  # the field stays open
        key(app, pygame.K_ESCAPE)
    assert mode.set_player(app, ("new_player",), "Carl", "ROME") == (
        "power 'ROME' is not one of the map's powers (AUSTRIA, ENGLAND, FRANCE, GERMANY, ITALY, RUSSIA, TURKEY)")
    click(app, control(app, "add_player"))
    type_text(app, "Bert")
    click(app, control(app, "save"))  # a click elsewhere commits the field being typed first
    assert [(p.name, p.power) for p in mode.players] == [("Anna", "FRANCE"), ("Bert", "ENGLAND")]
    click(app, control(app, "edit", ("player", 0)))
    for _ in "Anna":
        key(app, pygame.K_BACKSPACE)
    type_text(app, "Bert")
    key(app, pygame.K_RETURN)
    assert mode.line == ("refused: player 'Bert' is there already", True) and mode.editing is not None
    key(app, pygame.K_BACKSPACE)
    type_text(app, "ha")
    key(app, pygame.K_RETURN)
    click(app, control(app, "player_power", 0))  # FRANCE -> GERMANY
    click(app, control(app, "add_player"))
    type_text(app, "Cleo")
    key(app, pygame.K_RETURN)
    click(app, control(app, "delete_player", 2))
    assert [(p.name, p.power) for p in mode.players] == [("Berha", "GERMANY"), ("Bert", "ENGLAND")]

    key(app, pygame.K_s, pygame.KMOD_CTRL)
    written = map_path.with_suffix(".toml")
    assert written.is_file() and not mode.line[1], mode.line
    assert main(["check", str(written)]) == 0, capsys.readouterr()
    played = new_session(written, tmp_path / "played.kssave")
    assert [(p.name, p.power) for p in played.scenario.players] == [("Berha", "GERMANY"), ("Bert", "ENGLAND")]  # type: ignore[attr-defined]  # an AreaSession here
    played.close()
    game.close()


@pytest.mark.parametrize("size", [SIZE, (1350, 688)])  # fullscreen, and the window a 1366x768 desktop leaves
def test_every_control_of_the_players_tab_lies_on_the_window(tmp_path: Path, size: tuple[int, int]) -> None:
    pygame.display.init()
    pygame.font.init()
    game = new_session(SCENARIOS / "diplomacy-1901.toml", tmp_path / "d.kssave")
    app = AreaApp(game, pygame.Surface(size))  # type: ignore[arg-type]  # an AreaSession here
    app.run(max_frames=1)
    key(app, pygame.K_F2)
    mode = app.setup_mode
    click(app, control(app, "tab", "players"))
    assert len(mode.players) == 7  # the scenario's own, one a power
    window = pygame.Rect((0, 0), size)
    for state in ("list", "typing"):
        if state == "typing":
            click(app, control(app, "add_player"))
        controls = mode.controls
        assert {c.action for c in controls} >= {"tab", "power", "player_power", "delete_player", "save", "leave"}
        assert all(window.contains(c.rect) for c in controls), [c for c in controls if not window.contains(c.rect)]
        acting = [c for c in controls if c.action]
        for i, c in enumerate(acting):
            assert c.rect.collidelist([d.rect for d in acting[i + 1:]]) == -1, c
    assert ("new_player",) in {c.arg for c in mode.controls}
    pygame.image.save(app.surface, str(tmp_path / f"players-{size[0]}.png"))
    game.close()
