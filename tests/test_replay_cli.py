"""``kriegsspiel new``, ``replay`` and ``verify`` on the command line (scenario loaders patched to the fakes)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import kriegsspiel.scenario.load as scenario_load
from kriegsspiel.cli import main
from kriegsspiel.store import Game
from test_scenario_support import GOOD_SCENARIO, fake_map_loader, fake_ruleset, write_scenario


@pytest.fixture(autouse=True)
def fake_loaders(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(scenario_load, "default_map_loader", fake_map_loader)
    monkeypatch.setattr(scenario_load, "default_ruleset_loader", fake_ruleset)


@pytest.fixture
def save(tmp_path: Path) -> Path:
    scenario = write_scenario(tmp_path)
    path = tmp_path / "g.kssave"
    assert main(["new", str(scenario), "--save", str(path)]) == 0
    with Game.open(path) as game:
        for line in ["move va1 > 4.5,1.5", "turn", "move gb1 > 6.5,5.5", "undo"]:
            assert game.submit(line).accepted
    return path


def test_new_starts_a_save_and_refuses_to_overwrite(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    save = tmp_path / "n.kssave"
    assert main(["new", str(write_scenario(tmp_path)), "--save", str(save)]) == 0
    out = capsys.readouterr().out
    assert "started 'Test crossing'" in out and "seed 1777" in out and f"save: {save}" in out
    assert main(["new", str(save.parent / "test.toml"), "--save", str(save)]) == 2
    assert "already exists; a save is never overwritten" in capsys.readouterr().err


def test_new_without_save_names_one_in_the_games_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Nothing the program writes lands beside the scenario (issue 16, item 3): the save goes to the games folder."""
    from kriegsspiel.userdirs import games_dir

    scenario = write_scenario(tmp_path)
    assert main(["new", str(scenario)]) == 0
    assert list(tmp_path.glob("*.kssave")) == []
    saves = list(games_dir().glob("test-*.kssave"))
    assert len(saves) == 1 and str(saves[0]) in capsys.readouterr().out


def test_new_with_a_broken_scenario_lists_every_problem(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = GOOD_SCENARIO.replace('type = "hussar"', 'type = "hussarz"').replace('zone = "Hill"', 'zone = "Hil"')
    scenario = write_scenario(tmp_path, text)
    assert main(["new", str(scenario), "--save", str(tmp_path / "s.kssave")]) == 2
    err = capsys.readouterr().err
    assert "2 problems" in err and "hussarz" in err and "'Hil'" in err
    assert not (tmp_path / "s.kssave").exists()


def test_replay_json_gives_the_state_after_n_records(save: Path, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    assert main(["replay", str(save), "--to", "1", "--json"]) == 0
    state = json.loads(capsys.readouterr().out)
    assert state["round"] == 1 and state["side"] == "Rebel"
    assert state["units"]["va1"] == {"type": "infantry", "side": "Rebel", "x": 4.5, "y": 1.5, "health": 4,
                                     "heading": None, "hidden": False}
    assert main(["replay", str(save), "--json"]) == 0
    final = json.loads(capsys.readouterr().out)
    assert final["side"] == "Crown" and final["units"]["gb1"]["x"] == 6.5  # the move was undone
    assert main(["replay", str(save), "--to", "3", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["units"]["gb1"]["y"] == 5.5
    assert main(["replay", str(save), "--to", "0"]) == 0
    assert "after 0 of 4 records" in capsys.readouterr().out
    assert main(["replay", str(save), "--to", "9"]) == 2
    assert "the journal holds 4 records; give 0..4" in capsys.readouterr().err


def test_verify_exit_codes(save: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", str(save)]) == 0
    assert "intact and written on this machine: 4 records" in capsys.readouterr().out
    data = bytearray(save.read_bytes())
    data[data.index(b'"command":"turn"') + 11] ^= 0x20  # "turn" -> "Turn"
    save.write_bytes(bytes(data))
    assert main(["verify", str(save)]) == 1
    out = capsys.readouterr().out
    assert "line 3 (record 2)" in out and "hash does not match" in out
    other = tmp_path / "not.kssave"
    other.write_text("hello\n")
    assert main(["verify", str(other)]) == 2
    assert "not a kriegsspiel save" in capsys.readouterr().err


def test_replay_log_prints_the_journal(save: Path, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    assert main(["replay", str(save), "--log"]) == 0
    out = capsys.readouterr().out
    assert "1. round 1, Rebel: move va1 > 4.5,1.5\n   va1 moved 1.5,1.5 > 4.5,1.5" in out
    assert "4. round 1, Crown: undo (record 3)" in out


def test_replay_json_keeps_stdout_json_and_says_the_notes_on_stderr(save: Path, tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "fake.tmx").write_text("fake map, edited since the game began\n")
    capsys.readouterr()
    assert main(["replay", str(save), "--json"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["round"] == 1
    assert "note: the map" in captured.err and "has changed since this game began" in captured.err


def test_replay_log_marks_the_orders_taken_back(save: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The save's record 3 (move gb1) was undone by record 4 (issue 16, item 9); a redo gives it back."""
    capsys.readouterr()
    assert main(["replay", str(save), "--log"]) == 0
    out = capsys.readouterr().out
    assert "3. round 1, Crown: move gb1 > 6.5,5.5  [undone by record 4]\n   gb1 moved" in out
    assert "1. round 1, Rebel: move va1 > 4.5,1.5\n" in out and out.count("[undone") == 1
    assert main(["replay", str(save), "--log", "--to", "3"]) == 0  # before the undo: nothing is undone yet
    assert "[undone" not in capsys.readouterr().out
    with Game.open(save) as game:
        assert game.redo().accepted
        assert game.undo().accepted and game.undo().accepted  # gb1 again (record 6), then the turn (record 7)
    assert main(["replay", str(save), "--log"]) == 0
    out = capsys.readouterr().out
    assert "move gb1 > 6.5,5.5  [undone by record 6]" in out and "turn  [undone by record 7]" in out


def test_the_windows_journal_marks_an_undone_order(save: Path) -> None:
    from kriegsspiel.app.session import TableSession

    with Game.open(save) as game:
        lines = TableSession(game).journal_lines(10)
    assert lines[2].endswith("move gb1 > 6.5,5.5 (undone)") and lines[3].endswith("undo #3")
    assert not lines[0].endswith("(undone)")
