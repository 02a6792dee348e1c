"""The Umpire shell over the real game session: every printed result is in the journal; a save continues."""
from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from kriegsspiel.cli import main
from kriegsspiel.shell import Shell, run_shell
from kriegsspiel.store import Game, read_save
from test_scenario_support import fake_map_loader, fake_ruleset, write_scenario

LOADERS = {"map_loader": fake_map_loader, "ruleset_loader": fake_ruleset}


def test_a_session_journals_what_it_prints(tmp_path: Path) -> None:
    save = tmp_path / "game.kssave"
    with Game.new(write_scenario(tmp_path), save, **LOADERS) as game:
        out = io.StringIO()
        lines = "move va1 > 4.5,1.5\nmove va1 > 9.5,1.5\nforce move va1 > 9.5,1.5\nscore\nundo\nredo\nturn\n"
        run_shell(Shell(game), io.StringIO(lines), out)
    transcript = out.getvalue()
    assert transcript.startswith("1 ~ 1 Rebel % move va1 > 4.5,1.5\nva1 moved 1.5,1.5 > 4.5,1.5")
    assert "refused: va1: water: infantry cannot enter water (force to override)" in transcript
    assert "forced by the umpire (the rules refused: va1: water: infantry cannot enter water)" in transcript
    assert "undone: move va1 > 9.5,1.5 (record 2)" in transcript
    assert "redone: move va1 > 9.5,1.5 (record 2)" in transcript
    assert transcript.endswith("1 ~ 8 Crown % \n")
    records = read_save(save).records
    assert [(r.kind, r.command, r.forced) for r in records] == [
        ("order", "move va1 > 4.5,1.5", False),
        ("order", "move va1 > 9.5,1.5", True),
        ("undo", "undo", False),
        ("redo", "redo", True),
        ("order", "turn", False),
    ]
    assert "water" in records[1].refusal


def test_each_result_is_printed_only_after_its_record_is_fsynced(tmp_path: Path, monkeypatch) -> None:
    """The order of events at the table: the record is synced to the disk, then the umpire sees the result."""
    import kriegsspiel.store.journal as journal

    log: list[str] = []
    real_fsync = journal.os.fsync

    def logged_fsync(fd: int) -> None:
        real_fsync(fd)
        log.append("fsync")

    class Screen(io.StringIO):
        def write(self, text: str) -> int:
            log.append(text)
            return super().write(text)

    save = tmp_path / "game.kssave"
    with Game.new(write_scenario(tmp_path), save, **LOADERS) as game:
        monkeypatch.setattr(journal.os, "fsync", logged_fsync)
        run_shell(Shell(game), io.StringIO("move va1 > 4.5,1.5\nundo\nredo\nscore\nturn\n"), Screen())
    for reply in ("va1 moved", "undone:", "redone:", "Rebel ends its turn"):
        shown = next(i for i, entry in enumerate(log) if entry.startswith(reply))
        assert log[shown - 1] == "fsync", (reply, log[max(0, shown - 3):shown + 1])
    assert log.count("fsync") == len(read_save(save).records) == 4


def _use_fake_loaders(monkeypatch: pytest.MonkeyPatch) -> None:
    new, from_loaded = Game.new, Game.from_loaded
    monkeypatch.setattr(Game, "new", lambda scenario, save: new(scenario, save, **LOADERS))
    monkeypatch.setattr(Game, "from_loaded", lambda loaded, **kw: from_loaded(loaded, **kw, **LOADERS))


def test_the_shell_command_starts_a_game_and_continues_it(tmp_path: Path, monkeypatch, capsys) -> None:
    _use_fake_loaders(monkeypatch)
    scenario = write_scenario(tmp_path)
    save = tmp_path / "game.kssave"
    monkeypatch.setattr(sys, "stdin", io.StringIO("move va1 > 4.5,1.5\nturn\nquit\n"))
    assert main(["shell", str(scenario), "--save", str(save)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"new game 'Test crossing', saved to {save}\n")
    assert "1 ~ 2 Rebel % turn\nRebel ends its turn; Crown to move\n1 ~ 3 Crown % quit\n" in out
    monkeypatch.setattr(sys, "stdin", io.StringIO("move gb1 > 6.5,5.5\nturn\n"))
    assert main(["shell", str(save)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"continuing 'Test crossing' from {save} (2 records)\n")
    assert "2 ~ 3 Rebel % \n" in out  # the round ended: round 2, Rebel to move
    assert len(read_save(save).records) == 4


@pytest.mark.parametrize(
    "argv, message",
    [
        (["shell", "nowhere.toml"], "kriegsspiel shell: nowhere.toml: no such file; give a scenario (.toml, or a shipped one by name) or a save"),
    ],
)
def test_bad_arguments_are_one_line(argv, message, capsys, monkeypatch, tmp_path) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(argv) == 2
    assert capsys.readouterr().err.strip() == message


def test_save_option_with_a_save_is_refused(tmp_path: Path, monkeypatch, capsys) -> None:
    _use_fake_loaders(monkeypatch)
    save = tmp_path / "game.kssave"
    Game.new(write_scenario(tmp_path), save).close()
    assert main(["shell", str(save), "--save", str(tmp_path / "other.kssave")]) == 2
    assert "--save is for a scenario" in capsys.readouterr().err


def test_an_existing_save_is_never_overwritten(tmp_path: Path, monkeypatch, capsys) -> None:
    _use_fake_loaders(monkeypatch)
    scenario = write_scenario(tmp_path)
    save = tmp_path / "game.kssave"
    save.write_text("precious\n")
    assert main(["shell", str(scenario), "--save", str(save)]) == 2
    assert "already exists" in capsys.readouterr().err
    assert save.read_text() == "precious\n"
