"""Where the round changes, the shell and `replay --log` say the game time under a timed rule set (Ruleset V3:
ten-minute rounds from 08:00); the Fourth Edition keeps no time and its output is unchanged."""
from __future__ import annotations

from pathlib import Path

import pytest

from kriegsspiel.cli import main
from kriegsspiel.core.game import round_change_line
from kriegsspiel.shell.session import Shell
from kriegsspiel.store import Game

REPO = Path(__file__).resolve().parent.parent
V3 = REPO / "kriegsspiel" / "data" / "scenarios" / "v3-weistritz.toml"
FOURTH = REPO / "kriegsspiel" / "data" / "scenarios" / "demo.toml"


def _play(scenario: Path, save: Path, lines: list[str]) -> list[str]:
    game = Game.new(scenario, save)
    try:
        shell = Shell(game)
        replies = []
        for line in lines:
            reply = shell.handle(line)
            assert reply.ok, (line, reply.text)
            replies.append(reply.text)
        return replies
    finally:
        game.close()


def _sides(scenario: Path, tmp_path: Path) -> int:
    game = Game.new(scenario, tmp_path / "count.kssave")
    try:
        return len({u.side for u in game.state.units.values()})
    finally:
        game.close()


def test_the_shell_says_the_clock_where_a_v3_round_begins_and_where_an_undo_goes_back(tmp_path: Path) -> None:
    sides = _sides(V3, tmp_path)
    replies = _play(V3, tmp_path / "v3.kssave", ["turn"] * (2 * sides) + ["undo"])
    ends = [r for r in replies if "ends; allowances reset" in r]
    assert ends[0].splitlines()[-1] == "round 2 begins, 08:10"
    assert ends[1].splitlines()[-1] == "round 3 begins, 08:20"
    assert all("begins" not in r for r in replies[: sides - 1])  # a side's turn ending within the round: no clock
    assert replies[-1].splitlines()[-1] == "back in round 2, 08:10"


def test_the_fourth_edition_has_no_clock_and_its_round_end_is_unchanged(tmp_path: Path) -> None:
    sides = _sides(FOURTH, tmp_path)
    replies = _play(FOURTH, tmp_path / "4e.kssave", ["turn"] * sides + ["undo"])
    assert replies[sides - 1].splitlines()[-1] == "round 1 ends; allowances reset"
    assert not any("begins" in r or "back in round" in r for r in replies)


def test_round_change_line_only_where_the_round_changes(tmp_path: Path) -> None:
    game = Game.new(V3, tmp_path / "v3.kssave")
    try:
        ruleset = game.state.ruleset
    finally:
        game.close()
    assert round_change_line(ruleset, 3, 3) is None
    assert round_change_line(ruleset, 6, 7) == "round 7 begins, 09:00"


def test_replay_log_says_the_clock_after_the_record_that_ends_a_round(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "v3.kssave"
    sides = _sides(V3, tmp_path)
    _play(V3, save, ["turn"] * sides)
    capsys.readouterr()
    assert main(["replay", str(save), "--log"]) == 0
    out = capsys.readouterr().out.splitlines()
    end = out.index("   round 1 ends; allowances reset")
    assert out[end + 1] == "   round 2 begins, 08:10"
    assert sum("begins" in line for line in out) == 1
    assert main(["replay", str(save), "--log", "--to", str(sides - 1)]) == 0
    assert "begins" not in capsys.readouterr().out


def test_replay_log_of_the_fourth_edition_has_no_clock(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "4e.kssave"
    _play(FOURTH, save, ["turn"] * _sides(FOURTH, tmp_path))
    capsys.readouterr()
    assert main(["replay", str(save), "--log"]) == 0
    out = capsys.readouterr().out
    assert "   round 1 ends; allowances reset" in out and "begins" not in out
