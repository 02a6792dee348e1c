"""A scripted game of several rounds through the real shell (``kriegsspiel shell``) on the shipped coast map:
a landing at Fort Point with a torpedo, gunfire, a fighter's missile in the air turn, a landing party and two
attacks against a fortified garrison. The final state and score are checked, and ``kriegsspiel verify`` replays
every roll of the save.
"""
from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from kriegsspiel.cli import main
from kriegsspiel.store import Game

MAP = Path(__file__).resolve().parent.parent / "maps" / "coast.tmx"

UNITS = [
    ("bdd", "destroyer", "Blue", 64.5, 44.5, 90), ("blst", "amphibious", "Blue", 66.5, 46.5, None),
    ("bm", "infantry", "Blue", 68.5, 47.5, None), ("bsub", "attack-submarine", "Blue", 61.5, 49.5, None),
    ("rgar", "infantry", "Red", 70.5, 44.5, None), ("rart", "light-artillery", "Red", 73.5, 46.5, None),
    ("rpt", "patrol", "Red", 66.5, 42.5, None), ("rf", "light-fighter", "Red", 81.5, 52.5, None),
]

SCRIPT = """\
load bm > blst
move blst > 68.5,45.5
torpedo bsub > rpt
fire bdd > rpt
turn
takeoff rf
missile rf > bdd
land rf
fire rart > bdd
fire rart > bdd
takeoff rf
turn
disembark bm > 69.5,45.5
fire bdd > rart
man board
turn
attack rgar > bm
turn
attack bm > rgar
move bm > 69.5,46.5
turn
turn
score
"""


def write_raid(tmp_path: Path) -> Path:
    lines = [
        "[scenario]", 'name = "Fort Point raid"', f"map = {str(MAP)!r}".replace("'", '"'), 'ruleset = "modern-4e"',
        "seed = 5", 'first_side = "Blue"', "fog_of_war = 6", "air_theatre = true", "rounds = 3", "",
        "[[sides]]", 'name = "Blue"', 'colour = "#2f6fd0"', "",
        "[[sides]]", 'name = "Red"', 'colour = "#d03a2f"', "",
    ]
    for unit_id, type_id, side, x, y, heading in UNITS:
        lines += ["[[units]]", f'id = "{unit_id}"', f'type = "{type_id}"', f'side = "{side}"', f"at = [{x}, {y}]"]
        lines += [f"heading = {heading}"] if heading is not None else []
        lines.append("")
    path = tmp_path / "raid.toml"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path]:
    tmp_path = tmp_path_factory.mktemp("raid")
    save = tmp_path / "raid.kssave"
    stdin, stdout = sys.stdin, sys.stdout
    sys.stdin, sys.stdout = io.StringIO(SCRIPT), io.StringIO()
    try:
        assert main(["shell", str(write_raid(tmp_path)), "--save", str(save)]) == 0
        transcript = sys.stdout.getvalue()
    finally:
        sys.stdin, sys.stdout = stdin, stdout
    return transcript, save


def test_every_order_of_the_script_is_carried_out_or_refused_with_its_reason(played) -> None:
    transcript, _ = played
    for line in [
        "bm goes aboard blst",
        "bm moved with blst to 68.5,45.5",
        "bsub torpedo (1 sinks, of 6): d6 = 2\nbsub is revealed: fired (torpedo)\nbsub torpedo damage: d5 = 1",
        "rpt takes 1 damage, health 0\nrpt is destroyed and leaves the map",
        "rf takes off from airfield Mainland airfield; it must land by the end of the air turn",
        "rf missile: d6 = 6\nbdd missile defence: d8 = 3\nmissile: bdd takes 3 (missile defence)",
        "rf lands at Mainland airfield 81.5,52.5",
        "Red's air turn ends\nrart fire: d8 = 2",
        "refused: rart has already fired this turn (force to override)",
        "refused: not in the air turn: air orders come before the side's other orders (force to override)",
        "bm leaves blst for 69.5,45.5",
        "BOARD\n  syntax: board SHIP > SHIP",
        "attack: Red 2 against Blue 3: the attackers take 1\nstructure Fort Point takes 1 damage, health 3",
        "attack: Blue 1 against Red 3: the attackers take 2\nbm takes 2 damage, health 2",
        "refused: bm attacked this turn; an attack ends its turn (force to override)",
        "the game is over (round 3 was the last): no side won",
        "Blue: 58.8% (10 of 17 health)\nRed: 61.1% (11 of 18 health)",
    ]:
        assert line in transcript, line


def test_final_state_and_score(played) -> None:
    _, save = played
    with Game.open(save) as game:
        state = game.state
    health = {u.id: u.health for u in state.units.values()}
    assert health == {"bdd": 3, "blst": 4, "bm": 2, "bsub": 1, "rgar": 4, "rart": 3, "rf": 4}
    assert state.units["bsub"].hidden is False and state.units["bm"].carried_by is None
    fort = next(s for s in state.battlefield.structures if s.name == "Fort Point")
    assert fort.health == 3
    assert state.finished and state.round == 4
    from kriegsspiel.core.victory import scores

    assert {side: round(value, 1) for side, value in scores(state).items()} == {"Blue": 58.8, "Red": 61.1}


def test_verify_replays_every_roll(played, capsys) -> None:
    _, save = played
    assert main(["verify", str(save)]) == 0
    assert "intact: 18 records (18 orders); every hash, roll and event checked" in capsys.readouterr().out


def test_undo_rebuilds_a_fortification_the_fire_brought_down(tmp_path: Path) -> None:
    save = tmp_path / "undo.kssave"
    stdin, stdout = sys.stdin, sys.stdout
    sys.stdin, sys.stdout = io.StringIO('fire bdd > "Fort Point"\nundo\n'), io.StringIO()
    try:
        assert main(["shell", str(write_raid(tmp_path)), "--save", str(save)]) == 0
        transcript = sys.stdout.getvalue()
    finally:
        sys.stdin, sys.stdout = stdin, stdout
    assert 'fire bdd > "Fort Point"\nbdd fire: d10 = ' in transcript
    assert "structure Fort Point takes" in transcript
    with Game.open(save) as game:
        fort = next(s for s in game.state.battlefield.structures if s.name == "Fort Point")
        assert fort.health is None  # the map's own: full health (4) again
        assert not game.state.units["bdd"].fired_this_turn
