"""Units aboard and in the air in the ruler set-up mode (F2) of a Fourth Edition game: a counter or a palette type
dropped on a ship or plane goes aboard it, a unit aboard is dragged from its carrier's list onto the map, the
form's "aboard" button steps through the carriers that may take it, an aircraft may start in the air; each
refusal is the scenario loader's own, with its reason. Ctrl+S writes ``aboard``/``airborne``; the file checks
and plays. Headless: pygame events posted to a 1366x768 App on the shipped Harbour Raid (coastal.toml)."""
from __future__ import annotations

import tomllib
from pathlib import Path

import pygame
import pytest

from kriegsspiel.app import setup_panel
from kriegsspiel.app.app import App
from kriegsspiel.app.session import TableSession
from kriegsspiel.cli import main
from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.rulesets.modern_4e.state import airborne as airborne_of
from kriegsspiel.scenario.units import standing_problem
from kriegsspiel.scenario.writer import DraftUnit
from kriegsspiel.store import Game

from test_setup_mode import SCENARIOS, SIZE, click, control, drag, key, spot


def open_harbour(tmp_path: Path, size: tuple[int, int] = SIZE) -> tuple[App, Game, Path]:
    """The Harbour Raid before its first order, in set-up mode (F2), saving to ``tmp_path/harbour.toml``."""
    pygame.display.init()
    pygame.font.init()
    pygame.event.clear()
    game = Game.new(SCENARIOS / "coastal.toml", tmp_path / "harbour.kssave")
    app = App(TableSession(game, "harbour"), pygame.Surface(size))
    app.run(max_frames=1)
    key(app, pygame.K_F2)
    mode = app.setup_mode
    assert mode.active
    target = tmp_path / "harbour.toml"
    mode.editing = (("scenario", "target"), str(target))
    key(app, pygame.K_RETURN)
    assert mode.target == target and mode.editing is None
    return app, game, target


def counter(app: App, unit_id: str) -> tuple[int, int]:
    """Where ``unit_id``'s counter is drawn on the screen (pixels)."""
    mode = app.setup_mode
    units, sx, sy = app.board.screen_positions(mode.state, app.camera, app.projector)
    index = next(i for i, u in enumerate(units) if u.id == unit_id)
    return round(float(sx[index])), round(float(sy[index]))


def select(app: App, unit_id: str) -> None:
    click(app, counter(app, unit_id))
    assert app.setup_mode.selected == unit_id, app.status


def riders(app: App, carrier_id: str) -> list[str]:
    return [u.id for u in app.setup_mode.draft.units if u.aboard == carrier_id]


def test_a_counter_dropped_on_a_ship_goes_aboard_and_is_dragged_off_its_list_onto_land(tmp_path: Path) -> None:
    app, game, _ = open_harbour(tmp_path)
    mode = app.setup_mode
    assert riders(app, "b-amphib") == ["b-assault"] and "b-assault" not in [u.id for u in app.board.screen_positions(
        mode.state, app.camera, app.projector)[0]]  # a unit aboard has no counter of its own, as in the game

    drag(app, counter(app, "b-marines"), counter(app, "b-amphib"))
    assert not app.status_is_error, app.status
    assert riders(app, "b-amphib") == ["b-assault", "b-marines"] and "b-marines is aboard b-amphib" in app.status
    assert mode.state.units["b-marines"].carried_by == "b-amphib"
    assert mode.state.units["b-marines"].position == mode.state.units["b-amphib"].position

    # the carrier's form lists its units aboard; the running game's words for them on the unit's form
    select(app, "b-amphib")
    assert [c.arg for c in mode.controls if c.action == "rider"] == ["b-assault", "b-marines"]
    title = next(c.text for c in mode.controls if c.text.startswith("Counter b-amphib"))
    assert title == "Counter b-amphib: Amphibious assault ship"

    # one of them dragged from the list onto land stands there again; onto the sea it is refused, and stays aboard
    sea = spot(app, "infantry", standing=False)
    drag(app, control(app, "rider", "b-marines").center, sea)
    assert app.status_is_error and "refused: b-marines stays aboard b-amphib: infantry cannot stand on" in app.status
    assert mode.draft.unit("b-marines").aboard == "b-amphib"
    land = spot(app, "infantry", standing=True)
    select(app, "b-amphib")
    drag(app, control(app, "rider", "b-marines").center, land)
    unit = mode.draft.unit("b-marines")
    assert unit.aboard is None and not app.status_is_error, app.status
    want = app.camera.to_world(*land)
    assert abs(unit.position.x - want.x) < 1e-6 and abs(unit.position.y - want.y) < 1e-6
    assert mode.state.units["b-marines"].carried_by is None
    game.close()


def test_too_much_cargo_and_a_unit_that_cannot_be_carried_are_refused_with_the_loaders_reason(tmp_path: Path) -> None:
    app, game, _ = open_harbour(tmp_path)
    mode = app.setup_mode
    before = mode.draft.toml_text(mode.target)
    # the amphibious ship takes land units of weight 4: b-assault (1) is aboard; light cavalry weighs 4
    drag(app, control(app, "type", "light-cavalry").center, counter(app, "b-amphib"))
    assert app.status_is_error and app.status == (
        "refused: no Light cavalry put aboard b-amphib: b-amphib (amphibious) carries land units of weight 4 "
        "(land_capacity); 1 is aboard already and light-cavalry weighs 4")
    # a ship cannot be carried at all (the rule set gives it no weight)
    drag(app, counter(app, "b-destroyer1"), counter(app, "b-carrier"))
    assert app.status_is_error and ("refused: b-destroyer1 not put aboard b-carrier: destroyer cannot be carried (the "
                                    "rule set gives it no weight) (drop it beside b-carrier to place it there)") == app.status
    # a land unit on a ship of the other side
    drag(app, counter(app, "b-engineers"), counter(app, "r-battleship"))
    assert app.status_is_error and "r-battleship belongs to Red, b-engineers to Blue" in app.status
    assert mode.draft.toml_text(mode.target) == before and app.internal_errors == 0

    # a palette type that fits goes aboard, of the carrier's side whatever side new counters get
    click(app, control(app, "new_side", "Red").center)
    drag(app, control(app, "type", "infantry").center, counter(app, "b-amphib"))
    assert not app.status_is_error, app.status
    new = mode.draft.unit(mode.selected)
    assert (new.type_id, new.side, new.aboard) == ("infantry", "Blue", "b-amphib")
    game.close()


def test_the_aboard_button_steps_through_the_carriers_that_may_take_the_unit(tmp_path: Path) -> None:
    app, game, _ = open_harbour(tmp_path)
    mode = app.setup_mode
    select(app, "b-fighter")  # a light fighter on the island airfield
    assert "on the map" in next(c.text for c in mode.controls if c.action == "unit_aboard")
    seen = []
    for _ in range(6):
        click(app, control(app, "unit_aboard").center)
        seen.append(mode.draft.unit("b-fighter").aboard)
        if seen[-1] is None:
            break
    # the Blue ships with an air capacity left, in the scenario's order, then the map again where the last one is
    # (a plane may stand over the sea)
    assert seen == ["b-carrier", "b-cruiser", "b-destroyer1", "b-destroyer2", None], app.status
    assert mode.draft.unit("b-fighter").position == mode.draft.unit("b-destroyer2").position

    # infantry: none of Blue's ships with room for land units is ruled out; a Red unit cannot board a Blue ship
    select(app, "r-garrison")
    click(app, control(app, "unit_aboard").center)
    assert mode.draft.unit("r-garrison").aboard in ("r-patrol1", "r-patrol2", "r-battleship", "r-destroyer",
                                                     "r-corvette", "r-bomber", "r-transport"), app.status
    game.close()


def test_airborne_is_offered_for_aircraft_only_and_refused_aboard(tmp_path: Path) -> None:
    app, game, _ = open_harbour(tmp_path)
    mode = app.setup_mode
    select(app, "b-recon")
    click(app, control(app, "unit_airborne").center)
    assert mode.draft.unit("b-recon").airborne and not app.status_is_error, app.status
    assert airborne_of(mode.state.units["b-recon"])  # the rule set's own start reads it, as in play
    assert "in the air" in next(c.text for c in mode.controls if c.text.startswith("Counter b-recon"))

    select(app, "b-engineers")  # no toggle for a land unit ...
    assert not [c for c in mode.controls if c.action == "unit_airborne"]
    # ... and were it pressed, the loader's reason
    mode.click(app, setup_panel.Control(pygame.Rect(0, 0, 1, 1), "button", "", "unit_airborne"))
    assert app.status_is_error and app.status == (
        "refused: b-engineers not in the air: only aircraft start in the air; engineers is not an aircraft")
    assert not mode.draft.unit("b-engineers").airborne

    # a plane on a carrier's deck is not in the air; an airborne plane dropped on a carrier lands on its deck
    select(app, "b-carrier")
    click(app, control(app, "rider", "b-jet").center)
    assert mode.selected == "b-jet"
    click(app, control(app, "unit_airborne").center)
    assert app.status_is_error and app.status == ("refused: b-jet not in the air: a plane aboard a carrier is on its "
                                                  "deck; leave airborne out (or aboard)")
    drag(app, counter(app, "b-recon"), counter(app, "b-carrier"))
    recon = mode.draft.unit("b-recon")
    assert (recon.aboard, recon.airborne) == ("b-carrier", False) and "no longer in the air" in app.status
    game.close()


def test_ctrl_s_writes_aboard_and_airborne_and_the_file_checks_and_plays(tmp_path: Path,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    app, game, target = open_harbour(tmp_path)
    mode = app.setup_mode
    drag(app, counter(app, "b-marines"), counter(app, "b-amphib"))
    drag(app, counter(app, "r-garrison"), counter(app, "r-transport"))  # airlifted: a plane carries it
    assert not app.status_is_error, app.status
    select(app, "b-fighter")
    click(app, control(app, "unit_airborne").center)
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    assert target.is_file() and not app.status_is_error, app.status
    assert main(["check", str(target)]) == 0, capsys.readouterr()
    units = {u["id"]: u for u in tomllib.loads(target.read_text(encoding="utf-8"))["units"]}
    assert units["b-marines"]["aboard"] == "b-amphib" and "at" not in units["b-marines"]
    assert units["r-garrison"]["aboard"] == "r-transport" and "at" not in units["r-garrison"]
    assert units["b-jet"]["aboard"] == "b-carrier"  # kept as it was
    assert units["b-fighter"]["airborne"] is True and "aboard" not in units["b-fighter"]
    assert "airborne" not in units["b-recon"]

    # Ctrl+P plays it; the new game starts with them aboard and in the air
    key(app, pygame.K_p, pygame.KMOD_CTRL)
    assert mode.play_next == target and not app.running
    with Game.new(target, tmp_path / "played.kssave") as played:
        state = played.state
        assert state.units["b-marines"].carried_by == "b-amphib" and state.units["r-garrison"].carried_by == "r-transport"
        assert airborne_of(state.units["b-fighter"]) and not airborne_of(state.units["b-recon"])
        ship = state.units["b-amphib"]
        to = next(WorldPoint(ship.position.x + dx, ship.position.y + dy) for dx, dy in ((2, 0), (-2, 0), (0, 2), (0, -2))
                  if standing_problem(state.battlefield, state.ruleset, "amphibious",
                                      WorldPoint(ship.position.x + dx, ship.position.y + dy)) is None)
        outcome = played.submit(f"move b-amphib > {to.x:.1f},{to.y:.1f}")
        assert outcome.accepted, outcome.describe()
        assert played.state.units["b-marines"].position == played.state.units["b-amphib"].position != ship.position
    game.close()


def test_a_carriers_side_takes_its_units_aboard_and_deleting_it_takes_them_off(tmp_path: Path) -> None:
    app, game, _ = open_harbour(tmp_path)
    mode = app.setup_mode
    select(app, "b-carrier")
    click(app, control(app, "unit_side").center)
    assert (mode.draft.unit("b-carrier").side, mode.draft.unit("b-jet").side) == ("Red", "Red"), app.status
    assert not any("b-jet" in (p.units or ()) for p in mode.draft.players if p.side == "Blue")  # Blue air's list
    click(app, control(app, "rider", "b-jet").center)
    click(app, control(app, "unit_side").center)  # a unit aboard cannot change sides alone
    assert app.status_is_error and "b-carrier belongs to Red, b-jet to Blue" in app.status
    assert mode.draft.unit("b-jet").side == "Red"
    select(app, "b-carrier")
    key(app, pygame.K_DELETE)
    assert mode.draft.unit("b-jet") is None and app.status == "deleted b-carrier and the units aboard it: b-jet"
    game.close()


@pytest.mark.parametrize("size", [SIZE, (1350, 688)])  # fullscreen, and the window a 1366x768 desktop leaves
def test_a_full_carriers_form_lies_on_a_1366x768_window(tmp_path: Path, size: tuple[int, int]) -> None:
    app, game, _ = open_harbour(tmp_path, size)
    mode = app.setup_mode
    carrier = mode.draft.unit("b-carrier")
    for n in range(6):  # drones (weight 1) fill the deck beside b-jet (2): 8 of air capacity
        mode.draft.units.append(DraftUnit(id=f"b-drone{n}", type_name="drone", type_id="drone", side="Blue",
                                          position=carrier.position, aboard="b-carrier"))
    mode.changed_draft(app)
    select(app, "b-carrier")
    window = pygame.Rect((0, 0), size)
    assert len([c for c in mode.controls if c.action == "rider"]) == 7
    for c in mode.controls:
        assert window.contains(c.rect), (c, window)
    buttons = [c for c in mode.controls if c.action]
    for i, a in enumerate(buttons):
        assert a.rect.collidelist([b.rect for b in buttons[i + 1:]]) == -1, f"{a} overlaps another control"
    # and one more drone is refused: the deck is full
    drag(app, control(app, "type", "drone").center, counter(app, "b-carrier"))
    assert app.status_is_error and "carries aircraft of weight 8 (air_capacity); 8 is aboard already" in app.status
    pygame.image.save(app.surface, str(tmp_path / "full-carrier.png"))
    game.close()
