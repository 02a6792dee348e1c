"""The Borderlands scenario in the area window, headless: the console buys and confirms, counters dragged onto
a province give unit-profiles moves, the battle's questions are answered from the right-click menu, Ctrl+Z
takes a command back; asserted on the session, the journal and the frame."""
from __future__ import annotations

import shutil
from pathlib import Path

import pygame
import pytest

from kriegsspiel.app.area_window import AreaApp
from kriegsspiel.render.fonts import forget_fonts
from kriegsspiel.store.area import AreaSession
from kriegsspiel.store.journal import read_save

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture
def app(tmp_path: Path):
    pygame.display.init()
    pygame.font.init()
    (tmp_path / "maps").mkdir()
    shutil.copy(REPO / "kriegsspiel" / "data" / "maps" / "unit-profiles-borderlands.tmx", tmp_path / "maps")
    (tmp_path / "s").mkdir()
    shutil.copy(REPO / "kriegsspiel" / "data" / "scenarios" / "unit-profiles-borderlands.toml", tmp_path / "s")
    game = AreaSession.new(tmp_path / "s" / "unit-profiles-borderlands.toml", tmp_path / "g.kssave")
    window = AreaApp(game, pygame.Surface((1400, 900)))
    yield window
    game.close()
    forget_fonts()
    pygame.quit()


def post(app: AreaApp, kind: int, **data) -> None:
    app.handle(pygame.event.Event(kind, **data))
    app.render()


def right_click(app: AreaApp, pos: tuple[int, int]) -> None:
    """A right click as the window takes it: press and release in place (a right drag pans)."""
    post(app, pygame.MOUSEBUTTONDOWN, button=3, pos=pos)
    post(app, pygame.MOUSEBUTTONUP, button=3, pos=pos)


def type_line(app: AreaApp, text: str) -> None:
    if not app.console_focused:  # the console takes the keys once it has the focus (Enter)
        post(app, pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
    post(app, pygame.TEXTINPUT, text=text)
    post(app, pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")


def counter(app: AreaApp, uid: str) -> tuple[int, int]:
    for unit, at in app.board.unit_points(app.game.turn.position.units):
        if unit.uid == uid:
            return app.board.to_screen(at)
    raise AssertionError(f"no counter {uid}")


def drag(app: AreaApp, uid: str, province: str) -> None:
    start, end = counter(app, uid), app.board.to_screen(app.board.centres[province])
    post(app, pygame.MOUSEBUTTONDOWN, button=1, pos=start)
    post(app, pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0))
    post(app, pygame.MOUSEBUTTONUP, button=1, pos=end)


def test_a_turn_of_nord_in_the_window_with_its_battle_answered_from_the_menu(app: AreaApp) -> None:
    game = app.game
    type_line(app, "NORD: buy 2 infantry")
    type_line(app, "confirm")
    assert game.turn.position.phase == "R1.NORD.combat-move"
    app.render()
    before = pygame.image.tobytes(app.surface, "RGB")
    for uid in ("n20", "n21", "n23", "n22"):       # MIT's infantry, artillery and cavalry across the river
        drag(app, uid, "FEL")
    assert [o.text for o in game.turn.orders] == [f"move {u} MIT-FEL" for u in ("n20", "n21", "n23", "n22")]
    assert pygame.image.tobytes(app.surface, "RGB") != before
    post(app, pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="")
    assert [o.text for o in game.turn.orders] == [f"move {u} MIT-FEL" for u in ("n20", "n21", "n23")]
    assert read_save(game.path).records[-1].kind == "undo"
    type_line(app, "confirm")
    type_line(app, "confirm")                           # Conduct Combat: the battle in Feldmark
    answered = 0
    while game.turn.choices:
        choice = game.turn.choices[0]
        right_click(app, (700, 450))
        assert app.menu is not None and app.menu.options == list(choice.options)
        post(app, pygame.MOUSEBUTTONDOWN, button=1, pos=(app.menu.at[0] + 5, app.menu.at[1] + 5))
        assert (choice.power, choice.options[0]) in [(o.power, o.text) for o in game.turn.orders]
        type_line(app, "confirm")
        answered += 1
    assert answered and game.turn.position.phase == "R1.NORD.noncombat-move"
    commands = [r.command for r in read_save(game.path).records]
    assert commands[:2] == ["NORD: buy 2 infantry", "confirm"] and commands.count("confirm") == 3 + answered
    lines = [x for r in read_save(game.path).records if r.command == "confirm" for x in r.events[0]["lines"]]
    assert any("battle in FEL" in x for x in lines) and any(" fires: " in x for x in lines)   # the dice, journaled


def test_the_firers_choice_of_target_is_offered_in_the_menu(app: AreaApp) -> None:
    # R05.3 (Torpedo, L539): the attacker picks the naval unit its torpedo bomber's hit goes to
    game = app.game
    for line in ("NORD: buy 1 infantry", "confirm", "NORD: move n36 ENS-ESS", "NORD: move n37,n34 ENS-ESS",
                 "confirm", "confirm"):
        type_line(app, line)
    picked = None
    while game.turn.choices:
        choice = game.turn.choices[0]
        right_click(app, (700, 450))
        assert app.menu is not None and app.menu.options == list(choice.options)
        row = 1 if choice.options[0].startswith("targets") else 0     # the firer takes its second choice
        at = app.menu.at
        post(app, pygame.MOUSEBUTTONDOWN, button=1, pos=(at[0] + 5, at[1] + 5 + row * app.menu.row_height))
        if row:
            picked = choice
        assert (choice.power, choice.options[row]) in [(o.power, o.text) for o in game.turn.orders]
        type_line(app, "confirm")
    assert picked is not None and picked.power == "NORD" and len(picked.options) > 1
    records = read_save(game.path).records
    assert f"NORD: {picked.options[1]}" in [r.command for r in records]


def test_the_scenarios_powers_have_colours_of_their_own() -> None:
    from kriegsspiel.render.provinces import power_colour

    nord, sud = power_colour("NORD"), power_colour("sud")
    assert nord != sud and (120, 120, 120) not in (nord, sud) and power_colour("NORD") == nord
    assert power_colour("FRANCE") == (70, 160, 220) and power_colour(None) == (120, 120, 120)
