"""The Umpire shell on the shipped Ruleset V3 scenario: what 'details' says of a unit after a combat."""
from __future__ import annotations

from pathlib import Path

from kriegsspiel.shell.session import Shell
from kriegsspiel.store import Game
from kriegsspiel.rulesets.kriegsspiel_v3.state import disruption as disruption_of, pending_combat

REPO = Path(__file__).resolve().parent.parent
SCENARIO = REPO / "kriegsspiel" / "data" / "scenarios" / "v3-weistritz.toml"


def test_details_tell_a_disrupted_unit_its_combat_modifier_and_slower_movement(tmp_path: Path) -> None:
    game = Game.new(SCENARIO, tmp_path / "v3.kssave")
    try:
        shell = Shell(game)
        assert "disruption" not in shell.handle("details ir-daun").text
        for line in ("force move ir-daun > 330,780", "combat melee ir-forcade > ir-daun"):
            assert shell.handle(line).ok, line
        roll = pending_combat(game.state).roll
        # the final roll 9 on the hand-to-hand chart: "damaged" on the defender (+2 disruption, -1 HP)
        assert shell.handle(f"modify attacker {9 - roll:+d} x").ok
        assert "damaged on the defender" in shell.handle("resolve").text
        text = shell.handle("details ir-daun").text
        assert "  health 4 of 5, size 1" in text
        assert "  disruption 2: combat -2, moves at 33% of its allowance" in text
        assert "allowance 0 of 200 left this turn" in text  # it had spent it all on the forced move
        assert shell.handle("turn").ok and shell.handle("turn").ok
        assert "allowance 66.7 of 200 left this turn" in shell.handle("details ir-daun").text
        assert shell.handle("force rally ir-daun").ok  # in the open, the enemy at hand: the umpire forces it
        assert "  disruption 1: combat -1, moves at 67% of its allowance" in shell.handle("details ir-daun").text
    finally:
        game.close()


def test_details_list_the_pending_combat_and_the_orders_riding_for_the_umpire(tmp_path: Path) -> None:
    game = Game.new(SCENARIO, tmp_path / "v3.kssave")
    try:
        shell = Shell(game)
        listing = shell.handle("details").text
        assert "combat pending" not in listing and "orders riding" not in listing
        assert shell.handle("order ir-wedel advance to the stone bridge").ok
        assert shell.handle("force move grenzer > 530,812").ok  # 60 m: within the musket's effective range
        assert shell.handle("combat volley jaeger > grenzer").ok
        assert shell.handle("modify defender +2 square").ok
        pending = pending_combat(game.state)
        lines = shell.handle("details").text.splitlines()
        start = lines.index("combat pending:")
        assert lines[start + 1:start + 4] == [
            "  volley: jaeger > grenzer", f"  d10 = {pending.roll}", "  defender +2 square (-2 on the die)"]
        riding = lines.index("orders riding (only the umpire sees these):")
        assert lines[riding + 1].startswith("  ferdinand -> ir-wedel: due round 2")
        assert lines[riding + 1].endswith(": advance to the stone bridge")
        # the final roll 7 on the volley chart: "damaged" (+2 disruption) on the target
        assert shell.handle(f"modify attacker {9 - pending.roll:+d} x").ok
        assert shell.handle("resolve").ok
        hit = game.state.units["grenzer"]
        assert disruption_of(hit) == 2
        row = next(line for line in shell.handle("details").text.splitlines() if line.startswith(hit.id + " "))
        assert f"disruption {disruption_of(hit)}" in row
        assert "combat pending:" not in shell.handle("details").text
        assert shell.handle("turn").ok and shell.handle("turn").ok  # round 1 ends: the order arrives
        assert "orders riding" not in shell.handle("details").text
    finally:
        game.close()


def test_help_lists_the_commands_of_the_rule_set_in_play(tmp_path: Path) -> None:
    """A game's help lists its own rule set's orders and the core's it has a use for; the core's it has no use
    for are named once at the end. The other rule set's orders are not the game's at all (rule sets per game)."""
    from kriegsspiel.core.game import rules_for
    from kriegsspiel.core.manual import help_text as core_help
    from kriegsspiel.rulesets import load_ruleset

    def help_text(book):
        return rules_for(book).manual.help_text(book)

    def listed(text: str) -> set[str]:
        return {line.split()[0] for line in text.splitlines()[1:] if line.startswith("  ") and "  " in line[2:]}

    v3, e4 = help_text(load_ruleset("kriegsspiel-v3")), help_text(load_ruleset("modern-4e"))
    assert {"combat", "modify", "resolve", "rally", "recover", "order", "move", "turn", "undo"} <= listed(v3)
    assert not {"attack", "fire", "torpedo", "nuke", "takeoff", "load", "airlift", "hide", "reveal"} & listed(v3)
    assert " ".join(v3.split()).endswith("not used by kriegsspiel-v3: heading, hide, reveal, convert")
    assert {"attack", "fire", "torpedo", "takeoff", "load", "hide"} <= listed(e4)
    assert not {"combat", "modify", "order"} & listed(e4)
    # the core's own commands, without a rule set: those both games share
    assert listed(core_help()) <= listed(v3) | listed(e4) | {"heading", "hide", "reveal", "convert"}
    assert not {"combat", "attack"} & listed(core_help())
    game = Game.new(SCENARIO, tmp_path / "v3.kssave")
    try:
        assert Shell(game).handle("help").text == v3
    finally:
        game.close()
