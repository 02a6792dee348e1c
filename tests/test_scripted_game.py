"""A scripted game of several rounds through the real shell (``kriegsspiel shell``) on the shipped coast map:
a landing at Fort Point with a torpedo, gunfire, a fighter's missile in the air turn, a landing party and two
attacks against a fortified garrison. The final state and score are checked, and ``kriegsspiel verify`` replays
every roll of the save.
"""
from __future__ import annotations

import io
import os
import sys
from pathlib import Path

import pytest

from kriegsspiel.cli import main
from kriegsspiel.store import Game
from kriegsspiel.rulesets.modern_4e.state import airborne as airborne_of, fourth_state

MAP = Path(__file__).resolve().parent.parent / "kriegsspiel" / "data" / "maps" / "coast.tmx"

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


#: each module-scoped save, with the config folder (journal key) it was written with: every test has its own
WRITTEN_WITH: dict[Path, str] = {}


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path]:
    tmp_path = tmp_path_factory.mktemp("raid")
    save = tmp_path / "raid.kssave"
    # a module's save is made before any test's own folders: it gets a config folder (journal key) of its own
    WRITTEN_WITH[save] = str(tmp_path / "config")
    previous = os.environ.get("KRIEGSSPIEL_CONFIG_DIR")
    os.environ["KRIEGSSPIEL_CONFIG_DIR"] = WRITTEN_WITH[save]
    stdin, stdout = sys.stdin, sys.stdout
    sys.stdin, sys.stdout = io.StringIO(SCRIPT), io.StringIO()
    try:
        assert main(["shell", str(write_raid(tmp_path)), "--save", str(save)]) == 0
        transcript = sys.stdout.getvalue()
    finally:
        sys.stdin, sys.stdout = stdin, stdout
        if previous is None:
            os.environ.pop("KRIEGSSPIEL_CONFIG_DIR", None)
        else:
            os.environ["KRIEGSSPIEL_CONFIG_DIR"] = previous
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
        "rf lands at Mainland airfield (81.5,52.5)",
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
    with Game.open(save, read_only=True) as game:  # written with another key: read only
        state = game.state
    health = {u.id: u.health for u in state.units.values()}
    assert health == {"bdd": 3, "blst": 4, "bm": 2, "bsub": 1, "rgar": 4, "rart": 3, "rf": 4}
    assert state.units["bsub"].hidden is False and state.units["bm"].carried_by is None
    fort = next(s for s in state.battlefield.structures if s.name == "Fort Point")
    assert fort.health == 3
    assert state.finished and state.round == 4
    from kriegsspiel.core.state import scores

    assert {side: round(value, 1) for side, value in scores(state).items()} == {"Blue": 58.8, "Red": 61.1}


def test_verify_replays_every_roll(played, capsys, monkeypatch) -> None:
    _, save = played
    monkeypatch.setenv("KRIEGSSPIEL_CONFIG_DIR", WRITTEN_WITH[save])  # verified on the machine that played it
    assert main(["verify", str(save)]) == 0
    assert "intact and written on this machine: 18 records (18 orders); every hash, roll, event and snapshot checked" in capsys.readouterr().out


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


# --- The Harbour strike: the air turn, the fleet and the nuke, three rounds through the shell ----------------

STRIKE_UNITS = [
    ("bcv", "carrier", "Blue", 60.5, 50.5, 90), ("bdd", "destroyer", "Blue", 64.5, 44.5, 90),
    ("blst", "amphibious", "Blue", 66.5, 46.5, None), ("bsub", "attack-submarine", "Blue", 54.5, 56.5, None),
    ("bm", "infantry", "Blue", 68.5, 47.5, None), ("bm2", "infantry", "Blue", 69.5, 48.5, None),
    ("bcav", "light-cavalry", "Blue", 71.5, 50.5, None), ("bm3", "infantry", "Blue", 70.5, 49.5, None),
    ("bf", "light-fighter", "Blue", 60.5, 50.5, None), ("brc", "reconnaissance", "Blue", 60.5, 50.5, None),
    ("rgar", "infantry", "Red", 70.5, 44.5, None), ("rart", "light-artillery", "Red", 73.5, 46.5, None),
    ("rpt", "patrol", "Red", 66.5, 43.5, None), ("rpt2", "patrol", "Red", 65.5, 47.5, None),
    ("rsub", "attack-submarine", "Red", 62.5, 46.5, None), ("rmsub", "missile-submarine", "Red", 30.5, 66.5, None),
    ("rb", "bomber", "Red", 81.5, 52.5, None), ("rf", "light-fighter", "Red", 82.5, 51.5, None),
    ("rtr", "transport", "Red", 80.5, 53.5, None), ("reng", "engineers", "Red", 80.5, 52.5, None),
]

# Every kind of order of the issue, and the wrong lines an umpire meets: a wrong unit type, twice a turn, out of
# range, already fired, a line without '>', not in the air turn, a target aboard a carrier, after an attack,
# building after moving, artillery moving and firing, no warheads left.
STRIKE_SCRIPT = """\
takeoff bf
move bf > 54.5,40.5
survey bf
takeoff brc
move brc > 52.5,45.5
survey brc
land bf > bcv
land brc
takeoff bf
depthcharge bdd > rsub
board bcv > rpt
sortie bcv > rpt
board blst > rpt2
load bm > blst
move blst > 67.5,45.5
disembark bm > 69.5,45.5
fire bdd > "Fort Point"
missile bdd > rart
fire bdd rgar
takeoff bf
attack bm2 > rgar
move bm2 > 69.5,47.5
turn
takeoff rb
move rb > 75.5,50.5
bomb rb > bcav
pulse rb
land rb
takeoff rf
move rf > 62.5,50.5
dogfight rf > bf
kamikaze rf > bcv
airlift rtr > reng
takeoff rtr
move rtr > 72.5,48.5
disembark reng > 72.5,47.5
land rtr
attack rgar > bm
fire rart > bm
move rgar > 71.5,44.5
nuke rmsub > bsub
build reng > fortification Redoubt
turn
merge bm2 bm3 > bmm
convert bcav
move bcav > 71.5,46.5
move bmm > 69.5,46.5
spy bmm
attack bmm bcav > rgar
turn
build reng > fortification Redoubt
move rart > 74.5,46.5
fire rart > bmm
nuke rmsub > bmm
takeoff rb
turn
split bmm > bx by
fire bdd > reng
move bx > 70.5,46.5
move by > 70.5,45.5
attack bx by > reng
turn
turn
score
"""


def write_strike(tmp_path: Path) -> Path:
    lines = [
        "[scenario]", 'name = "Harbour strike"', f"map = {str(MAP)!r}".replace("'", '"'), 'ruleset = "modern-4e"',
        "seed = 11", 'first_side = "Blue"', "fog_of_war = 6", "air_theatre = true", "rounds = 3", "",
        "[[sides]]", 'name = "Blue"', 'colour = "#2f6fd0"', "",
        "[[sides]]", 'name = "Red"', 'colour = "#d03a2f"', "warheads = 1", "",
    ]
    for unit_id, type_id, side, x, y, heading in STRIKE_UNITS:
        lines += ["[[units]]", f'id = "{unit_id}"', f'type = "{type_id}"', f'side = "{side}"']
        # Blue's planes start on the carrier: a plane lands within the flight it has left (docs/rulings.md 2026-11)
        lines += ['aboard = "bcv"'] if unit_id in ("bf", "brc") else [f"at = [{x}, {y}]"]
        lines += [f"heading = {heading}"] if heading is not None else []
        lines.append("")
    path = tmp_path / "strike.toml"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def strike(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path]:
    tmp_path = tmp_path_factory.mktemp("strike")
    save = tmp_path / "strike.kssave"
    # a module's save is made before any test's own folders: it gets a config folder (journal key) of its own
    WRITTEN_WITH[save] = str(tmp_path / "config")
    previous = os.environ.get("KRIEGSSPIEL_CONFIG_DIR")
    os.environ["KRIEGSSPIEL_CONFIG_DIR"] = WRITTEN_WITH[save]
    stdin, stdout = sys.stdin, sys.stdout
    sys.stdin, sys.stdout = io.StringIO(STRIKE_SCRIPT), io.StringIO()
    try:
        assert main(["shell", str(write_strike(tmp_path)), "--save", str(save)]) == 0
        transcript = sys.stdout.getvalue()
    finally:
        sys.stdin, sys.stdout = stdin, stdout
        if previous is None:
            os.environ.pop("KRIEGSSPIEL_CONFIG_DIR", None)
        else:
            os.environ["KRIEGSSPIEL_CONFIG_DIR"] = previous
    return transcript, save


def test_the_strike_runs_every_kind_of_order_and_refuses_the_wrong_lines_with_their_reasons(strike) -> None:
    transcript, _ = strike
    for line in [
        # the air turn: take off, fly, survey, land on the carrier; twice, and after the air turn, refused
        "bf moved 60.5,50.5 > 54.5,40.5, cost 11.7, 18.3 left",
        "refused: bf (light-fighter) cannot survey; survey is for: reconnaissance, drone",
        "brc reports nothing; the report is false (hidden within reach: rsub)",
        "bf lands at bcv (60.5,50.5)\n1 ~ 8 Blue % land brc\nbrc lands at bcv (60.5,50.5)",
        "refused: bf has already used takeoff this turn (force to override)",
        "Blue's air turn ends\nbdd depth charge: d6 = 2\ndepthcharge: rsub is disabled",
        # the fleet: out of reach, a sortie against a boat without air defence, boarding, carrying, fire at a fort
        "refused: rpt is 9.2 from bcv; boarding reaches 3 (force to override)",
        "bcv sortie: d8 = 7\nsortie: rpt takes 7",
        "blst board: d6 = 2\nboard: rpt2 is sunk by the boarders",
        "bm moved with blst to 67.5,45.5", "bm leaves blst for 69.5,45.5",
        "structure Fort Point takes 4 damage, health 0\nstructure Fort Point falls (destroyed)",
        "refused: bdd has already fired this turn (force to override)",
        "fire: expected one '>'\nsyntax: fire UNIT ... > TARGET ...",
        "refused: not in the air turn: air orders come before the side's other orders (force to override)",
        "refused: bm2 is 4.1 from the nearest target; attack reaches 3 (force to override)",
        # Red's air turn: bomb, pulse, a landing within the flight left, a kamikaze, an airlift dropped from the air
        "rb bomb: d8 = 5\nbomb: 5 damage: bcav 5", "rb pulse (1 disables, of 6): d6 = 3\npulse: no effect",
        "rb lands at Mainland airfield (81.5,52.5)",
        "refused: bf is aboard bcv; aim at the carrier",
        "kamikaze: bcv takes 3\nrf crashes into bcv (kamikaze) and leaves the map",
        "reng goes aboard rtr", "reng moved with rtr to 72.5,48.5", "reng leaves rtr for 72.5,47.5",
        # Red's ground turn: attack (ends the turn), fire, the one warhead, building after the move
        "attack: Red 3 against Blue 1: the defenders take 2",
        "refused: rgar attacked this turn; an attack ends its turn (force to override)",
        "nuke: blast at 54.5,56.5: bcv 8, bsub destroyed, rsub 8",
        "refused: reng moved this turn; building takes the unit's whole turn (force to override)",
        # merged units fight with their size, converted cavalry as infantry (d4), split units each
        "bm2 bm3 merged into bmm: health 8, size 2", "bcav converted from light-cavalry to infantry, health 7 > 2",
        "bmm attack: d4 = 2 x size = 4\nbcav attack: d4 = 1\nrgar defence: d4 = 3",
        "reng built fortification Redoubt at 72.5,47.5, health 4",  # the build table's, whoever builds
        "refused: rart (light-artillery) moved this turn; it cannot move and fire (force to override)",
        "refused: Red has no warheads left (force to override)",
        "bmm split into bx (health 4), by (health 4)",
        "structure Redoubt takes 4 damage, health 0\nstructure Redoubt falls (shielding reng)\nreng takes 1 damage",
        "Blue: 57.4% (35 of 61 health)\nRed: 70.0% (35 of 50 health)",
    ]:
        assert line in transcript, line


def test_the_strike_final_state_and_score(strike) -> None:
    from kriegsspiel.core.state import scores

    _, save = strike
    with Game.open(save, read_only=True) as game:  # written with another key: read only
        state = game.state
    assert {u.id: u.health for u in state.units.values()} == {
        "bcv": 5, "bdd": 8, "blst": 4, "bcav": 2, "bf": 4, "brc": 4, "bx": 4, "by": 4,
        "rgar": 2, "rart": 8, "rmsub": 1, "rb": 12, "rtr": 12,
    }
    gone = {u[0] for u in STRIKE_UNITS} - set(state.units)
    assert gone == {"bsub", "bm", "bm2", "bm3", "rpt", "rpt2", "rsub", "rf", "reng"}  # sunk, destroyed, merged, crashed in
    assert state.units["bf"].carried_by == "bcv" and not airborne_of(state.units["bf"])  # landed on the carrier
    assert state.units["bcav"].type_id == "infantry" and state.units["bx"].size == 1
    assert not any(airborne_of(u) for u in state.units.values())
    assert dict(fourth_state(state).warheads)["Red"] == 0
    names = {s.name for s in state.battlefield.structures}
    assert "Fort Point" not in names and "Redoubt" not in names  # both fell
    assert state.finished and state.round == 4
    # the score is each side's remaining health as a share of its starting health
    start = {side: sum(h for u in STRIKE_UNITS for h in [state.ruleset.unit_type(u[1]).health] if u[2] == side)
             for side in ("Blue", "Red")}
    assert start == {"Blue": 61, "Red": 50} == dict(state.starting_health)
    left = {side: sum(u.health for u in state.units_of(side)) for side in start}
    assert {side: round(value, 1) for side, value in scores(state).items()} == {
        side: round(100 * left[side] / start[side], 1) for side in start} == {"Blue": 57.4, "Red": 70.0}


def test_the_strike_verifies(strike, capsys, monkeypatch) -> None:
    _, save = strike
    monkeypatch.setenv("KRIEGSSPIEL_CONFIG_DIR", WRITTEN_WITH[save])  # verified on the machine that played it
    assert main(["verify", str(save)]) == 0
    assert "intact and written on this machine: 50 records (50 orders); every hash, roll, event and snapshot checked" in capsys.readouterr().out
