"""Games of each rule set played a few turns through their sessions, for the debrief's tests."""
from __future__ import annotations

import shutil
from pathlib import Path

from kriegsspiel.store import AreaSession
from kriegsspiel.store import Game

REPO = Path(__file__).resolve().parent.parent
SCENARIOS = REPO / "kriegsspiel" / "data" / "scenarios"
MAPS = REPO / "kriegsspiel" / "data" / "maps"

#: the Fourth Edition's demo: two rounds, each side moving two units, the second round left in play
DEMO = ["move hessians > 21.5,60.5", "move ferguson > 18.5,62.5", "turn",
        "move wayne > 68.5,59.5", "move maxwell > 68.5,52.5", "turn",
        "move hessians > 24.5,60.5", "turn",
        "move maxwell > 66.5,52.5", "turn",
        "move rangers > 15.5,58.5"]
#: Kriegsspiel V3 on the Weistritz map (the moves of tests/test_v3_game.py), two rounds and a third begun
V3 = ["order ir-forcade advance by the high road to the stone bridge", "move jaeger > 687.5,812.5",
      "move ir-forcade > 480,812.5", "turn", "move grenzer > 1537.5,762.5", "move ir-colloredo > 1850,837.5",
      "turn", "move jaeger > 975,787.5", "move ir-forcade > 675,812.5", "turn", "move grenzer > 1287.5,762.5",
      "turn", "move jaeger > 1162.5,787.5"]
#: Diplomacy: two movement phases
DIPLOMACY = ["ITALY: A VEN - TYR", "FRANCE: A PAR - BUR", "GERMANY: A MUN - BUR", "confirm",
             "ITALY: A TYR - VIE", "confirm"]
#: Unit profiles, Borderlands: round 1's plan (tests/test_unit_profiles_session.py)
PROFILES = {
    "R1.NORD.purchase": ["NORD: buy 2 infantry", "NORD: buy 1 artillery"],
    "R1.NORD.combat-move": ["NORD: move n20,n21,n23 MIT-FEL", "NORD: move n22 MIT-FEL"],
    "R1.NORD.place": ["NORD: place 2 infantry NHM", "NORD: place 1 artillery NHM"],
    "R1.SUD.purchase": ["SUD: buy 3 infantry"],
    "R1.SUD.place": ["SUD: place 3 infantry SUH"],
}


def ruler_save(folder: Path, scenario: str, lines: list[str]) -> Path:
    save = folder / f"{scenario}.kssave"
    with Game.new(SCENARIOS / f"{scenario}.toml", save) as game:
        for line in lines:
            outcome = game.submit(line)
            assert outcome.accepted, (line, outcome.reason)
    return save


def _area_copy(folder: Path, scenario: str, map_name: str) -> Path:
    (folder / "maps").mkdir(exist_ok=True)
    (folder / "scenarios").mkdir(exist_ok=True)
    shutil.copy(MAPS / map_name, folder / "maps")
    shutil.copy(SCENARIOS / f"{scenario}.toml", folder / "scenarios")
    return folder / "scenarios" / f"{scenario}.toml"


def diplomacy_save(folder: Path) -> Path:
    save = folder / "diplomacy.kssave"
    scenario = SCENARIOS / "diplomacy-1901.toml"
    with AreaSession.new(scenario, save) as game:
        for line in DIPLOMACY:
            outcome = game.submit(line)
            assert outcome.accepted, (line, outcome.reason)
    return save


def profiles_save(folder: Path) -> Path:
    save = folder / "profiles.kssave"
    with AreaSession.new(SCENARIOS / "unit-profiles-borderlands.toml", save) as game:
        while game.turn.position.data["round"] == 1:
            for line in PROFILES.get(game.turn.position.phase, []):
                assert game.submit(line).accepted, line
            for _ in range(200):
                out = game.submit("confirm")
                assert out.accepted, out.reason
                if not out.result.choices:
                    break
                choice = out.result.choices[0]
                assert game.submit(f"{choice.power}: {choice.options[0]}").accepted
    return save
