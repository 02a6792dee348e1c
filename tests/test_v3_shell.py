"""The Umpire shell on the shipped Ruleset V3 scenario: what 'details' says of a unit after a combat."""
from __future__ import annotations

from pathlib import Path

from kriegsspiel.shell.session import Shell
from kriegsspiel.store.game import Game

REPO = Path(__file__).resolve().parent.parent
SCENARIO = REPO / "scenarios" / "v3-weistritz.toml"


def test_details_tell_a_disrupted_unit_its_combat_modifier_and_slower_movement(tmp_path: Path) -> None:
    game = Game.new(SCENARIO, tmp_path / "v3.kssave")
    try:
        shell = Shell(game)
        assert "disruption" not in shell.handle("details ir-daun").text
        for line in ("force move ir-daun > 330,780", "combat melee ir-forcade > ir-daun"):
            assert shell.handle(line).ok, line
        roll = game.state.pending_combat.roll
        # the final roll 9 on the hand-to-hand chart: "damaged" on the defender (+2 disruption, -1 HP)
        assert shell.handle(f"modify attacker {9 - roll:+d} x").ok
        assert "damaged on the defender" in shell.handle("resolve").text
        text = shell.handle("details ir-daun").text
        assert "  health 4 of 5, size 1" in text
        assert "  disruption 2: combat -2, moves at 33% of its allowance" in text
        assert "allowance 0 of 200 left this turn" in text  # it had spent it all on the forced move
        assert shell.handle("turn").ok and shell.handle("turn").ok
        assert "allowance 66.7 of 200 left this turn" in shell.handle("details ir-daun").text
        assert shell.handle("rally ir-daun").ok
        assert "  disruption 1: combat -1, moves at 67% of its allowance" in shell.handle("details ir-daun").text
    finally:
        game.close()
