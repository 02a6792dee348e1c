"""The area game's shell (kriegsspiel shell SCENARIO for Diplomacy) and each power's pictures: written after
each confirmed phase and by 'kriegsspiel pov'; in a blind game a unit the power may not see is absent from the
pixels, the file names and the metadata."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from kriegsspiel.pov.area import area_picture
from kriegsspiel.scenario.area import load_area_scenario, province_drawings
from kriegsspiel.shell import Shell
from kriegsspiel.store.area import AreaSession
from kriegsspiel.store.pictures import picture_inputs

REPO = Path(__file__).resolve().parent.parent
def _env() -> dict[str, str]:
    """The environment of a child process, taken when it starts: the test's own user folders (set by the
    autouse fixture after this module is imported) go with it, never the real ones."""
    return {**os.environ, "PYTHONPATH": str(REPO)}


def scenario_copy(tmp_path: Path, name: str, blind: bool = False) -> Path:
    (tmp_path / "maps").mkdir(exist_ok=True)
    (tmp_path / "scenarios").mkdir(exist_ok=True)
    shutil.copy(REPO / "kriegsspiel" / "data" / "maps" / "diplomacy-standard.tmx", tmp_path / "maps")
    text = (REPO / "kriegsspiel" / "data" / "scenarios" / name).read_text(encoding="utf-8")
    if blind:
        text = text.replace("blind = false", "blind = true")
    target = tmp_path / "scenarios" / name
    target.write_text(text, encoding="utf-8")
    return target


def test_the_shell_plays_a_phase_from_stdin_and_writes_the_pictures(tmp_path):
    scenario = scenario_copy(tmp_path, "diplomacy-1901.toml")
    save = tmp_path / "game.kssave"
    lines = "\n".join(["phase", "FRANCE: A PAR - BUR; A MAR S A PAR - BUR", "GERMANY: A MUN - BUR", "orders france",
                       "adjudicate", "confirm", "units FRANCE", "options FRANCE BUR", "results", "quit", ""])
    out = subprocess.run([sys.executable, "-m", "kriegsspiel", "shell", str(scenario), "--save", str(save)],
                         input=lines, capture_output=True, text=True, env=_env(), timeout=120)
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "orders from: AUSTRIA, ENGLAND, FRANCE, GERMANY, ITALY, RUSSIA, TURKEY" in text
    assert "  FRANCE: A PAR - BUR\n  FRANCE: A MAR S A PAR - BUR" in text
    assert "if confirmed now, S1901M gives F1901M:" in text and "GERMANY: A MUN - BUR: bounced" in text
    assert "S1901M resolved; next: F1901M" in text
    assert "FRANCE     A BUR" in text and "A BUR - MUN" in text
    pictures = sorted(p.name for p in (tmp_path / "game-pov").glob("*.png"))
    assert len(pictures) == 7 and "S1901M-FRANCE.png" in pictures
    meta = json.loads((tmp_path / "game-pov" / "S1901M-FRANCE.json").read_text())
    assert meta["orders"] == ["A PAR - BUR", "A MAR S A PAR - BUR"]
    assert "FRANCE: A PAR - BUR: succeeded" in meta["results"]
    # the save goes on where it stopped
    again = subprocess.run([sys.executable, "-m", "kriegsspiel", "shell", str(save)], input="phase\nquit\n",
                           capture_output=True, text=True, env=_env(), timeout=120)
    assert "Fall 1901, movement" in again.stdout


def test_a_blind_power_is_not_shown_what_it_may_not_see(tmp_path):
    scenario_path = scenario_copy(tmp_path, "air-power-1901.toml", blind=True)
    with AreaSession.new(scenario_path, tmp_path / "blind.kssave") as game:
        folder = game.attach_pictures()
        shell = Shell(game)
        assert "TURKEY: A CON - BUL" in shell.handle("TURKEY: A CON - BUL").text
        shell.handle("ENGLAND: F LON - NTH").text
        shell.handle("confirm").text
        before, result = game.confirmed_phases()[-1]
        scenario = game.scenario
    english = next(s for s in picture_inputs(scenario, before, result) if s.power == "ENGLAND")
    assert all(u.power == "ENGLAND" or u.where in ("PIC", "BEL", "WAL", "YOR", "EDI", "LVP") for u in english.position.units)
    assert not any(u.where == "CON" for u in english.position.units)
    meta_text = (folder / "S1901M-ENGLAND.json").read_text()
    assert "CON" not in meta_text and "TURKEY" not in meta_text
    assert not any("TURKEY" in p.name for p in folder.glob("*ENGLAND*"))
    # the pixels: the picture is the very one drawn from a board on which the Turkish army never stood
    board = scenario.board
    drawings = province_drawings(board)
    size = (board.width_px, board.height_px)
    seen = area_picture(size, drawings, english)
    erased_before = replace(before.position, units=tuple(u for u in before.position.units if u.where != "CON"))
    erased = scenario.rules.view(erased_before, "ENGLAND", True)
    unseen = area_picture(size, drawings, replace(english, position=erased))
    assert pygame.image.tobytes(seen, "RGB") == pygame.image.tobytes(unseen, "RGB")
    # and the umpire's (open) picture of the same phase does show it: the test can see a difference
    umpire = area_picture(size, drawings, replace(english, position=before.position))
    assert pygame.image.tobytes(umpire, "RGB") != pygame.image.tobytes(seen, "RGB")


def test_pov_on_an_area_save(tmp_path):
    scenario = scenario_copy(tmp_path, "diplomacy-1901.toml")
    save = tmp_path / "g.kssave"
    with AreaSession.new(scenario, save) as game:
        game.submit("ITALY: A VEN - TYR")
        game.submit("confirm")
    out = subprocess.run([sys.executable, "-m", "kriegsspiel", "pov", str(save), "--out", str(tmp_path / "out"),
                          "--player", "Italy", "--round", "1"], capture_output=True, text=True, env=_env(), timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == [str(tmp_path / "out" / "S1901M-ITALY.png")]
    picture = pygame.image.load(str(tmp_path / "out" / "S1901M-ITALY.png"))
    assert picture.get_width() > picture.get_height() > 500
    bad = subprocess.run([sys.executable, "-m", "kriegsspiel", "pov", str(save), "--out", str(tmp_path / "out"),
                          "--round", "5"], capture_output=True, text=True, env=_env(), timeout=120)
    assert bad.returncode == 2 and "1 phases were confirmed" in bad.stderr


@pytest.mark.parametrize("line, expected", [
    ("units germany", "u10   GERMANY    F KIE"),
    ("centres", "RUSSIA      4 centres,  4 units: MOS SEV STP WAR"),
    ("FRANCE: A PAR - MUN", "refused: order 'A PAR - MUN': MUN is not next to PAR"),
    ("withdraw FRANCE: A PAR", "refused: FRANCE gave no order"),
    ("undo", "refused: nothing to undo"),
    ("bogus", "refused: 'bogus': write an order as 'POWER: ORDER'"),
])
def test_shell_answers(tmp_path, line, expected):
    with AreaSession.new(load_area_scenario(REPO / "kriegsspiel" / "data" / "scenarios" / "diplomacy-1901.toml").source,
                      tmp_path / "g.kssave") as game:
        assert expected in Shell(game).handle(line).text


def test_powers_of_other_area_games_get_colours_of_their_own():
    from kriegsspiel.render.provinces import power_colour

    assert power_colour("NORD") != power_colour("SUD")  # unit profiles' two powers, told apart on the board
    assert power_colour("nord") == power_colour("NORD") and power_colour("NORD") != (120, 120, 120)
    assert power_colour("FRANCE") == (70, 160, 220) and power_colour(None) == (120, 120, 120)
