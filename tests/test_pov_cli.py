"""``kriegsspiel pov SAVE --out DIR [--player NAME] [--round N] [--unit ID]`` on a real Tiled map and save."""
from __future__ import annotations

from pathlib import Path

import pytest

from kriegsspiel.cli import main
from kriegsspiel.pov.png import png_chunks

COLS, ROWS = 16, 10


def write_map(folder: Path) -> Path:
    """A 16 x 10 orthogonal map: plains, a wood across columns 7-8, a hill in the north-west."""
    gids = []
    for r in range(ROWS):
        row = []
        for c in range(COLS):
            if c in (7, 8):
                row.append(2)  # forest
            elif r < 3 and c < 3:
                row.append(3)  # hills
            else:
                row.append(1)  # plains
        gids.append(",".join(map(str, row)))
    csv = ",\n".join(gids)
    path = folder / "field.tmx"
    path.write_text(f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" width="{COLS}" height="{ROWS}" tilewidth="16" tileheight="16" infinite="0" nextlayerid="3" nextobjectid="1">
 <tileset firstgid="1" name="terrain" tilewidth="16" tileheight="16" tilecount="3" columns="3">
  <image source="terrain.png" width="48" height="16"/>
  <tile id="0"><properties><property name="terrain" value="plains"/></properties></tile>
  <tile id="1"><properties><property name="terrain" value="forest"/></properties></tile>
  <tile id="2"><properties><property name="terrain" value="hills"/></properties></tile>
 </tileset>
 <layer id="1" name="terrain" width="{COLS}" height="{ROWS}">
  <data encoding="csv">
{csv}
</data>
 </layer>
</map>
""", encoding="utf-8")
    return path


SCENARIO = """\
[scenario]
name = "Field test"
map = "field.tmx"
ruleset = "modern-4e"
seed = 5
first_side = "Blue"

[[sides]]
name = "Blue"
colour = "#3050c0"

[[sides]]
name = "Red"
colour = "#c03030"

[[players]]
name = "Blue HQ"
side = "Blue"
units = "all"

[[players]]
name = "Red HQ"
side = "Red"
units = "all"

[[units]]
id = "b1"
type = "infantry"
side = "Blue"
at = [2.5, 5.5]

[[units]]
id = "r1"
type = "infantry"
side = "Red"
at = [13.5, 5.5]
"""


@pytest.fixture
def scenario(tmp_path: Path) -> Path:
    write_map(tmp_path)
    path = tmp_path / "field.toml"
    path.write_text(SCENARIO, encoding="utf-8")
    return path


@pytest.fixture
def save(scenario: Path, tmp_path: Path) -> Path:
    from kriegsspiel.store import Game

    path = tmp_path / "field.kssave"
    game = Game.new(scenario, path)
    for line in ("move b1 > 4.5,5.5", "turn", "turn", "move b1 > 5.5,5.5"):
        outcome = game.submit(line)
        assert outcome.accepted, (line, outcome.reason)
    assert game.state.round == 2
    game.close()
    return path


def test_pictures_of_a_scenario_before_the_first_move(scenario: Path, tmp_path: Path, capsys) -> None:
    out = tmp_path / "out"
    assert main(["pov", str(scenario), "--out", str(out)]) == 0
    printed = capsys.readouterr().out.split()
    assert [Path(p).relative_to(out).as_posix() for p in printed] == ["round-001/Blue_HQ.png", "round-001/Red_HQ.png"]
    for p in printed:
        assert png_chunks(Path(p).read_bytes())[0] == b"IHDR"


def test_pictures_of_an_ended_round_and_of_the_round_in_play_differ(save: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert main(["pov", str(save), "--out", str(out), "--round", "1", "--player", "Blue HQ"]) == 0
    assert main(["pov", str(save), "--out", str(out), "--player", "Blue HQ"]) == 0
    ended = (out / "round-001" / "Blue_HQ.png").read_bytes()
    in_play = (out / "round-002" / "Blue_HQ.png").read_bytes()
    assert ended != in_play  # b1 moved on in round 2
    assert sorted(p.name for p in out.iterdir()) == ["round-001", "round-002"]


def test_an_officers_view_is_named_after_the_unit(save: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert main(["pov", str(save), "--out", str(out), "--unit", "b1"]) == 0
    assert [p.name for p in (out / "round-002").iterdir()] == ["Blue_HQ-b1.png"]


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--player", "Green"], "unknown player 'Green'; the scenario's players: Blue HQ, Red HQ; give --player"),
        (["--round", "7"], "there is no round 7; the game is in round 2; give --round between 1 and 2"),
        (["--unit", "zz"], "no player commands a unit 'zz' now"),
        (["--unit", "r1", "--player", "Blue HQ"], "Blue HQ commands no unit 'r1'; their units: b1"),
    ],
)
def test_bad_arguments_give_one_line_and_exit_2(save: Path, tmp_path: Path, capsys, extra: list[str],
                                                message: str) -> None:
    assert main(["pov", str(save), "--out", str(tmp_path / "out"), *extra]) == 2
    err = capsys.readouterr().err
    assert message in err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_a_missing_save_is_one_line(tmp_path: Path, capsys) -> None:
    assert main(["pov", str(tmp_path / "nothing.kssave"), "--out", str(tmp_path)]) == 2
    assert "nothing.kssave: no such file" in capsys.readouterr().err


def test_the_command_redraws_exactly_the_pictures_written_at_the_round_end(scenario: Path, tmp_path: Path) -> None:
    from kriegsspiel.pov import attach_to_game
    from kriegsspiel.store import Game

    path = tmp_path / "live.kssave"
    game = Game.new(scenario, path)
    writer = attach_to_game(game)
    for line in ("move b1 > 4.5,5.5", "turn", "move r1 > 11.5,5.5", "turn", "move b1 > 5.5,4.5"):
        assert game.submit(line).accepted, line
    game.close()
    writer.wait()
    live = tmp_path / "live-pov" / "round-001"
    assert sorted(p.name for p in live.iterdir()) == ["Blue_HQ.png", "Red_HQ.png"]
    assert main(["pov", str(path), "--out", str(tmp_path / "again"), "--round", "1"]) == 0
    for name in ("Blue_HQ.png", "Red_HQ.png"):
        assert (live / name).read_bytes() == (tmp_path / "again" / "round-001" / name).read_bytes()


def test_a_building_the_enemy_puts_up_out_of_sight_is_not_on_the_picture(tmp_path: Path, capsys) -> None:
    # The shipped demo, drawn from its Tiled tiles: the Crown's rangers build a depot far from every Rebel.
    from kriegsspiel.store import Game

    demo = Path(__file__).resolve().parents[1] / "kriegsspiel" / "data" / "scenarios" / "demo.toml"
    path = tmp_path / "demo.kssave"
    game = Game.new(demo, path)
    outcome = game.submit("build rangers > building Depot")
    assert outcome.accepted, outcome.reason
    game.close()
    assert main(["pov", str(demo), "--out", str(tmp_path / "before"), "--player", "Washington", "--player", "Howe"]) == 0
    assert main(["pov", str(path), "--out", str(tmp_path / "after"), "--player", "Washington", "--player", "Howe"]) == 0
    capsys.readouterr()
    picture = "round-001/Washington.png"
    assert (tmp_path / "after" / picture).read_bytes() == (tmp_path / "before" / picture).read_bytes()
    howe = "round-001/Howe.png"  # the builders see their depot (the test can fail)
    assert (tmp_path / "after" / howe).read_bytes() != (tmp_path / "before" / howe).read_bytes()


def test_sides_without_a_colour_get_different_colours_on_the_pictures(scenario: Path) -> None:
    # A scenario may leave out the sides' colours; friend and foe must still look different (both were grey).
    from kriegsspiel.core.state import initial_state
    from kriegsspiel.pov.public import public_map
    from kriegsspiel.scenario import load_scenario

    scenario.write_text(scenario.read_text(encoding="utf-8").replace('colour = "#3050c0"\n', "")
                        .replace('colour = "#c03030"\n', ""), encoding="utf-8")
    loaded = load_scenario(scenario)
    colours = public_map(initial_state(loaded.setup, loaded.battlefield, loaded.ruleset)).side_colours
    assert colours["Blue"] != colours["Red"]
