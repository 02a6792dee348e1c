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
