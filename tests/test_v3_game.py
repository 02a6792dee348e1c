"""A scripted game of six rounds under Ruleset V3 on the shipped Weistritz map, under the scenario's fixed seed:
moves over roads and fields, a courier's order with a complication, two combats amended by the umpire,
a retreat, a rally the umpire forces (the jaeger stand on the open road, out of cover) and an intercepted courier. The journal replays to the same game."""
from __future__ import annotations

from pathlib import Path

import pytest

from kriegsspiel.core.geometry import WorldPoint
from kriegsspiel.rulesets.kriegsspiel_v3.events import OrderDelivered, OrderIntercepted, UnitRetreated
from kriegsspiel.rulesets.kriegsspiel_v3.orders import orders_received
from kriegsspiel.store import Game
from kriegsspiel.rulesets.kriegsspiel_v3.state import disruption as disruption_of, orders_in_transit, pending_combat

SCRIPT = """
order ir-forcade advance by the high road to the stone bridge
move jaeger > 687.5,812.5
move ir-forcade > 480,812.5
turn
move grenzer > 1537.5,762.5
move ir-colloredo > 1850,837.5
turn
move jaeger > 975,787.5
move ir-forcade > 675,812.5
turn
move grenzer > 1287.5,762.5
turn
move jaeger > 1162.5,787.5
combat firefight jaeger > grenzer
modify +1 intel
resolve
turn
order grenzer hold the bridge at all costs
combat volley grenzer > jaeger
modify defender +1 quality
resolve
turn
move ir-forcade > 870,800
force rally jaeger
turn
turn
turn
turn
turn
"""


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    repo = Path(__file__).resolve().parent.parent
    save = tmp_path_factory.mktemp("v3") / "weistritz.jsonl"
    game = Game.new(repo / "kriegsspiel" / "data" / "scenarios" / "v3-weistritz.toml", save)
    outcomes = [(line, game.submit(line)) for line in SCRIPT.strip().splitlines()]
    yield game, outcomes, save
    game.close()


def test_every_line_is_accepted(played) -> None:
    game, outcomes, _ = played
    refused = [(line, o.reason) for line, o in outcomes if not o.accepted]
    assert refused == []
    assert game.state.round == 6 and game.state.ruleset.game_clock(game.state.round) == "08:50"


def test_the_dice_of_the_fixed_seed(played) -> None:
    game, _, _ = played
    # (sides, value) per record that rolled: the first order's complication die, the two combats, the second
    # order's complication and interception dice
    assert [r.rolls for r in game.journal_entries() if r.rolls] == [
        ((10, 1),), ((10, 6),), ((10, 8), (10, 1)), ((10, 10),)]


def test_what_happened(played) -> None:
    game, outcomes, _ = played
    text = {line: o.describe() for line, o in outcomes}
    delivered = [e for _, o in outcomes for e in o.events if isinstance(e, OrderDelivered)]
    assert [(e.unit, e.complication) for e in delivered] == [("ir-forcade", True)]
    # firefight: d10 6, +1 intel, 127 m (3 towards a miss): 6, a miss on the mirrored chart
    assert "=> 6: nothing (missed) on the defender" in text["modify +1 intel"]
    # volley: d10 10, range 3 -> 7 (damaged); the umpire gives the jaeger +1 quality -> 6: retreat
    assert "=> 6: retreat on the defender" in text["modify defender +1 quality"]
    retreats = [e for _, o in outcomes for e in o.events if isinstance(e, UnitRetreated)]
    assert [(e.unit, e.wanted, round(e.walked, 6)) for e in retreats] == [("jaeger", 100.0, 100.0)]
    caught = [e for _, o in outcomes for e in o.events if isinstance(e, OrderIntercepted)]
    assert [(e.unit, e.by_side) for e in caught] == [("grenzer", "Prussia")]
    state = game.state
    assert disruption_of(state.units["jaeger"]) == 0  # rallied
    assert state.units["jaeger"].position.x == pytest.approx(1064.441932, abs=1e-5)
    assert state.units["ir-forcade"].position == WorldPoint(870, 800)
    assert orders_in_transit(state) == () and pending_combat(state) is None
    assert [m.text for m in orders_received(state, "Prussia")] == [
        "advance by the high road to the stone bridge", "hold the bridge at all costs"]
    assert orders_received(state, "Austria") == []


def test_the_save_replays_to_the_same_game(played) -> None:
    game, _, save = played
    with Game.open(save, read_only=True) as again:
        assert again.state.same(game.state)


def test_replay_prints_the_clock_and_each_units_disruption(played, capsys) -> None:
    from kriegsspiel.cli import main

    game, _, save = played
    assert main(["replay", str(save)]) == 0
    out = capsys.readouterr().out
    assert "\nround 6 (08:50), Austria to move\n" in out
    assert "  zieten-hussars Prussia    cavalry            at 230,1000  health 5\n" in out
    assert main(["replay", str(save), "--to", "21"]) == 0  # just after the volley: the jaeger retreated
    out = capsys.readouterr().out
    jaeger = next(line for line in out.splitlines() if line.startswith("  jaeger "))
    assert jaeger.endswith("health 5 disruption 1")
