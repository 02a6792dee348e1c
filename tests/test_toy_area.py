"""The toy area rule set of tests/toy/toy_area (issue 27 item 7): a third area game, installed from outside the
tree through its entry point, played through the CLI (``rules``, ``new``, ``shell``, ``verify``), the headless
window and the portal; adding an order to it touches only its package (docs/architecture.md, "Add an area rule
set")."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from test_architecture import _distribution, _env, _run

TOY_AREA = Path(__file__).resolve().parent / "toy" / "toy_area"


@pytest.fixture
def area_site(tmp_path: Path) -> Path:
    """The toy area rule set installed on a folder of its own: its package and its entry point."""
    site = tmp_path / "site"
    shutil.copytree(TOY_AREA, site / "toy_area", ignore=shutil.ignore_patterns("__pycache__"))
    _distribution(site, "toy_area", "[kriegsspiel.rulesets]\ntoy-area = toy_area:RULESET\n")
    return site


@pytest.fixture
def area_game(tmp_path: Path) -> Path:
    """A folder with the toy's scenario and its province map, as an umpire would copy them."""
    game = tmp_path / "game"
    game.mkdir()
    for name in ("fields.toml", "fields.tmx"):
        shutil.copy(TOY_AREA / name, game / name)
    return game


def test_the_toy_area_rule_set_is_listed_and_its_map_checked(area_site: Path, area_game: Path) -> None:
    env = _env(area_site)
    listed = _run("rules", env=env)
    assert listed.returncode == 0, listed.stderr
    assert "toy-area" in listed.stdout and "Toy fields" in listed.stdout, listed.stdout
    told = _run("rules", "toy-area", env=env)
    assert "orders: hold FIELD; march FIELD FIELD" in told.stdout, told.stdout
    checked = _run("check", str(area_game / "fields.tmx"), env=env)
    assert checked.returncode == 0 and "0 errors" in checked.stdout, checked.stdout + checked.stderr
    assert "unknown rule set 'toy-area'" in _run("rules", "toy-area").stderr  # not installed: not there


def test_the_toy_area_game_plays_orders_and_a_phase_through_new_shell_and_verify(
        area_site: Path, area_game: Path) -> None:
    env = _env(area_site)
    save = area_game / "fields.kssave"
    started = _run("new", str(area_game / "fields.toml"), "--save", str(save), env=env)
    assert started.returncode == 0, started.stderr
    assert "4 units, BLUE, RED" in started.stdout
    lines = ("help\nBLUE: march ASH DUN\nBLUE: march ASH FEN\nBLUE: hold BEL\nRED: march ELM BEL\n"
             "RED: march FEN COL\nRED: hold ASH\nconfirm\nquit\n")
    done = _run("shell", str(save), env=env, stdin=lines)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "POWER: hold FIELD" in out and "POWER: march FIELD FIELD" in out   # the game's own orders in help
    assert "withdraw POWER: ORDER" in out and "FRANCE" not in out
    assert "refused: FEN is not next to ASH (next to it: BEL, DUN)" in out
    assert "refused: RED has no unit in ASH" in out
    assert "R1 resolved; next: R2" in out
    assert "BLUE ASH marches to DUN" in out and "RED FEN marches to COL" in out
    assert "RED ELM attacks BEL (" in out                                      # a d6 each, Blue's +1 for holding
    assert "Traceback" not in out + done.stderr
    verify = _run("verify", str(save), env=env)
    assert verify.returncode == 0, verify.stdout + verify.stderr
    assert "intact" in verify.stdout and "5 records" in verify.stdout  # four orders, the confirm, verify.stdout


_DIG = '''"""A third order of the toy area game, added by this file and one line of the package's __init__."""
from toy_area.orders import FieldOrder

DIG = FieldOrder("dig", "dig FIELD", "the unit digs in and defends with +5", defence=5)
'''


def test_adding_an_order_to_the_toy_area_rule_set_touches_only_its_package(area_site: Path, area_game: Path) -> None:
    """The walkthrough of docs/architecture.md, "Add an area rule set": an order is a row of the game's order
    table, in a module of its package and one line that adds it; the program does not change, and the order is
    checked, resolved (a dug-in unit is never beaten by a d6), journaled and verified."""
    package = area_site / "toy_area"
    (package / "dig.py").write_text(_DIG, encoding="utf-8")
    with (package / "__init__.py").open("a", encoding="utf-8") as init:
        init.write("\nfrom toy_area.dig import DIG  # noqa: E402\nRULES = RULES.with_orders(DIG)\n")
    env = _env(area_site)
    save = area_game / "fields.kssave"
    assert _run("new", str(area_game / "fields.toml"), "--save", str(save), env=env).returncode == 0
    lines = "help\nBLUE: dig BEL\nBLUE: dig BEL COL\nRED: march ELM BEL\nconfirm\nquit\n"
    done = _run("shell", str(save), env=env, stdin=lines)
    assert done.returncode == 0, done.stderr
    assert "POWER: dig FIELD" in done.stdout
    assert "refused: 'dig BEL COL': write dig FIELD" in done.stdout
    assert "RED ELM attacks BEL (" in done.stdout and ") and is held" in done.stdout, done.stdout
    log = _run("replay", str(save), "--log", env=env)
    assert "BLUE: dig BEL" in log.stdout, log.stdout
    verify = _run("verify", str(save), env=env)
    assert verify.returncode == 0, verify.stdout + verify.stderr


# --- the window and the portal, in this process: the toy found by its name, as an installed one would be ---


@pytest.fixture
def area_save(tmp_path: Path, area_game: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A new save of the toy area game, its rule set registered under its name for this process."""
    monkeypatch.syspath_prepend(str(TOY_AREA.parent))
    import toy_area

    from kriegsspiel.core import registry
    from kriegsspiel.store.area import AreaSession

    monkeypatch.setitem(registry._rulesets, "toy-area", toy_area.RULESET)
    save = area_game / "fields.kssave"
    AreaSession.new(area_game / "fields.toml", save).close()
    return save


def test_the_toy_area_game_plays_in_the_headless_window_by_drag_menu_and_console(
        area_save: Path, tmp_path: Path) -> None:
    import pygame
    from area_window_helpers import counter_of, drag, key, orders, right_click, screen_of, type_line

    from kriegsspiel.app.area_window import AreaApp
    from kriegsspiel.store.area import AreaSession
    from kriegsspiel.store.journal import read_save

    pygame.display.init()
    pygame.font.init()
    with AreaSession.open(area_save) as game:
        app = AreaApp(game, pygame.Surface((1200, 800)))
        app.render()
        before = pygame.image.tobytes(app.surface, "RGB")
        # a drop on a field next to it is the rules' march there (AreaRules.destination), journaled
        ash, dun = counter_of(app, "W", "ASH"), screen_of(app, "DUN")
        on_the_way = (ash[0], ash[1] + (dun[1] - ash[1]) // 3)
        empty_field = app.surface.get_at(on_the_way)
        drag(app, ash, dun)
        assert orders(app) == [("BLUE", "march ASH DUN")]
        assert read_save(area_save).records[-1].command == "BLUE: march ASH DUN"
        assert app.surface.get_at(on_the_way) != empty_field   # its arrow, drawn where the rules say it goes
        pygame.image.save(app.surface, str(tmp_path / "toy-area-window-ordered.png"))
        # a drop on a field not next to it: refused in the rules' words, nothing journaled
        drag(app, counter_of(app, "W", "BEL"), screen_of(app, "FEN"))
        assert orders(app) == [("BLUE", "march ASH DUN")]
        assert app.log[-1] == ("refused: no order takes BLUE's W in BEL to FEN", True)
        right_click(app, counter_of(app, "W", "ELM"))
        assert app.menu is not None and app.menu.options == ["hold ELM", "march ELM BEL", "march ELM DUN"]
        key(app, pygame.K_ESCAPE)
        assert app.menu is None
        type_line(app, "RED: hold FEN")
        type_line(app, "confirm")
        assert game.turn.position.phase == "R2" and game.turn.position.phase_label == "Round 2"
        counter_of(app, "W", "DUN")   # Blue's walker stands in Dun now
        assert any(line == "  BLUE ASH marches to DUN" for line, _ in app.log), app.log
        pygame.image.save(app.surface, str(tmp_path / "toy-area-window.png"))
        assert pygame.image.tobytes(app.surface, "RGB") != before


def test_the_portal_serves_each_toy_power_its_page_and_checks_its_order_lines(area_save: Path) -> None:
    import re

    from area_portal_support import running_area_portal
    from portal_support import fetch, post_orders

    from kriegsspiel.store.journal import read_save

    with running_area_portal(area_save) as live:
        assert sorted(live.urls) == ["BLUE", "RED"]
        page = fetch(live.urls["BLUE"])
        assert page.status == 200 and "Round 1" in page.text
        units = page.text.split('id="units"', 1)[1]
        assert re.findall(r"<summary><code>([^<]+)</code></summary>", units) == ["W ASH", "W BEL"]  # its own only
        assert "<code>march ASH DUN</code>" in units        # the rules' orders for the unit, as help
        unordered = fetch(live.urls["BLUE"] + "/picture/1.png").body
        sent = post_orders(live.urls["BLUE"], "march ASH DUN\nmarch ASH FEN\nRED: hold FEN", ready=True)
        assert sent.status == 303
        assert [(o.power, o.text) for o in live.game.turn.orders] == [("BLUE", "march ASH DUN")]
        verdicts = fetch(live.urls["BLUE"]).text.split('id="sent-verdicts"', 1)[1].split("</ul>", 1)[0]
        assert "FEN is not next to ASH (next to it: BEL, DUN)" in verdicts
        assert "you give orders for BLUE only" in verdicts and verdicts.count('class="ok"') == 1
        picture = fetch(live.urls["BLUE"] + "/picture/1.png")
        assert picture.status == 200 and picture.body.startswith(b"\x89PNG")
        assert picture.body != unordered       # the phone's picture draws the order's arrow
        assert live.umpire("confirm").accepted
        told = fetch(live.urls["RED"]).text.split('id="told"', 1)[1].split("</ul>", 1)[0]
        assert "BLUE ASH marches to DUN" in told
    orders = [r.command for r in read_save(area_save).records if r.kind == "order"]
    assert orders[0] == "BLUE: march ASH DUN"


def test_in_a_blind_toy_game_a_power_sees_only_the_fields_next_to_its_own(area_save: Path) -> None:
    from kriegsspiel.store.area import AreaSession

    with AreaSession.open(area_save, read_only=True) as game:
        rules, position = game.scenario.rules, game.turn.position
        red = rules.view(position, "RED", blind=True)
        assert sorted(u.where for u in red.units) == ["BEL", "ELM", "FEN"]   # Blue's ASH is two fields away
        assert rules.view(position, "RED", blind=False) == position
        assert rules.view(position, None, blind=True) == position            # the umpire sees all


def test_kriegsspiel_play_opens_the_installed_toy_area_game_in_the_window(area_site: Path, area_game: Path,
                                                                        tmp_path: Path) -> None:
    import pygame

    shot = tmp_path / "toy-area-play.png"
    done = _run("play", str(area_game / "fields.toml"), "--screenshot", str(shot), "--size", "1000x700",
                env=_env(area_site))
    assert done.returncode == 0, done.stderr
    picture = pygame.image.load(str(shot))
    assert picture.get_size() == (1000, 700)
    # the board fills the left 600 pixels, three fields by two: Red's farm FEN (lower right) is tinted with its
    # owner's colour, the unowned farm COL above it is not
    fen, col = picture.get_at((560, 480)), picture.get_at((560, 320))
    assert fen != col, (fen, col)
