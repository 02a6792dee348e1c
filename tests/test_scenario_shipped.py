"""The shipped scenarios load on their real maps with the shipped rule set, and play through a save."""
from __future__ import annotations

from pathlib import Path

import pytest

from kriegsspiel.scenario import check_scenario_file, load_scenario
from kriegsspiel.store import Game
from kriegsspiel.store import verify_save

SHIPPED = ["kriegsspiel/data/scenarios/demo.toml", "kriegsspiel/data/scenarios/coastal.toml"]


@pytest.mark.parametrize("name", SHIPPED)
def test_the_shipped_scenarios_are_clean(repo: Path, name: str) -> None:
    assert [f.format() for f in check_scenario_file(repo / name)] == []


def test_the_demo_is_the_crossing_at_chadds_ford(repo: Path) -> None:
    scenario = load_scenario(repo / "kriegsspiel" / "data" / "scenarios/demo.toml")
    setup = scenario.setup
    assert setup.name == "Crossing at Chadds Ford"
    assert {s.name for s in setup.sides} == {"Rebel", "Crown"}
    assert {u.side for u in setup.units} == {"Rebel", "Crown"}
    assert all(scenario.ruleset.unit_types[u.type_id].theatre == "army" for u in setup.units)
    zones = {z.name for z in scenario.battlefield.zones}
    assert {"Rebel deployment", "Crown deployment", "Birmingham Hill", "Chadds Ford"} <= zones
    rebel = scenario.battlefield.zone("Rebel deployment")
    assert all(rebel.contains(u.position) for u in setup.units if u.side == "Rebel")


def test_the_coastal_scenario_has_ships_and_aircraft(repo: Path) -> None:
    scenario = load_scenario(repo / "kriegsspiel" / "data" / "scenarios/coastal.toml")
    theatres = {scenario.ruleset.unit_types[u.type_id].theatre for u in scenario.setup.units}
    assert theatres == {"army", "navy", "air"}
    assert scenario.setup.air_theatre
    for unit in scenario.setup.units:
        if scenario.ruleset.unit_types[unit.type_id].theatre == "navy":
            assert scenario.battlefield.terrain_at(unit.position) == "water", unit.id


@pytest.mark.parametrize(("name", "lines"), [
    ("kriegsspiel/data/scenarios/demo.toml", ["move hessians > 24.5,60.5", "message Knyphausen advance", "turn",
                             "move sullivan > 86.5,40.5", "hide greene", "turn"]),
    ("kriegsspiel/data/scenarios/coastal.toml", ["move b-destroyer1 > 22.5,12.5", "turn", "move r-patrol1 > 69.5,32.5", "turn"]),
])
def test_the_shipped_scenarios_play_and_verify(repo: Path, tmp_path: Path, name: str, lines: list[str]) -> None:
    save = tmp_path / "game.kssave"
    with Game.new(repo / name, save) as game:
        for line in lines:
            outcome = game.submit(line)
            assert outcome.accepted, (line, outcome.reason)
        assert game.state.round == 2
    assert verify_save(save).intact
    assert Game.open(save, read_only=True).state.same(game.state)
