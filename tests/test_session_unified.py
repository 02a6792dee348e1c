"""One session for every game (store/session.py): the one factory opens a scenario or a save of either kind as
its session, and the command line's shell, verify, replay, pov and inbox take a ruler and an area save alike;
the terminal inbox of an area game shows the serve console's view (refused lines, the phase in words)."""
from __future__ import annotations

import io
import json
import re
import shutil
import sys
from pathlib import Path

import pytest

from area_portal_support import write_area_game
from kriegsspiel.cli import main
from kriegsspiel.store import (
    AreaSession, RulerSession, SaveError, look_at, new_session, open_session, read_save,
)

REPO = Path(__file__).resolve().parent.parent
SCENARIOS = REPO / "kriegsspiel" / "data" / "scenarios"
FIXTURES = Path(__file__).resolve().parent / "fixtures" / "saves" / "every-ruleset"


@pytest.mark.parametrize(("scenario", "kind"), [("demo.toml", RulerSession), ("v3-weistritz.toml", RulerSession),
                                                ("diplomacy-1901.toml", AreaSession),
                                                ("air-power-1901.toml", AreaSession)])
def test_the_one_factory_opens_each_kind_from_its_scenario_and_its_save(tmp_path: Path, scenario: str,
                                                                        kind: type) -> None:
    save = tmp_path / "g.kssave"
    with new_session(SCENARIOS / scenario, save) as game:
        assert type(game) is kind and game.kind in ("ruler", "area") and game.record_count == 0
        assert game.phase_number() == 1 and game.players()
        first = game.phase_words()
    with open_session(save) as again:
        assert type(again) is kind and again.phase_words() == first and not again.read_only
    with look_at(SCENARIOS / scenario) as before:  # the scenario itself: read-only, no save written
        assert type(before) is kind and before.read_only and before.phase_words() == first
        with pytest.raises(SaveError, match="read-only"):
            before.append_portal("note", {"portal": "note"})
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.kssave"]


def fixture(tmp_path: Path, name: str) -> Path:
    shutil.copytree(FIXTURES, tmp_path / "f")
    return tmp_path / "f" / name


@pytest.mark.parametrize(("name", "replayed", "inbox_head"), [
    ("modern-4e.kssave", "after 20 of 20 records; last: turn\nround 3, Crown to move\n", "inbox of round 3"),
    ("diplomacy.kssave", "after 47 of 47 records; last: redo\nSpring 1902, movement\n", "inbox of Spring 1902, movement (phase 4)"),
])
def test_one_command_line_for_a_ruler_and_an_area_save(tmp_path: Path, monkeypatch, capsys, name: str,
                                                       replayed: str, inbox_head: str) -> None:
    save = fixture(tmp_path, name)
    main(["verify", str(save)])  # written on another machine (exit 1), but every record replays
    assert "every hash, roll, event and snapshot checked" in capsys.readouterr().out
    assert main(["replay", str(save), "--log"]) == 0
    out = capsys.readouterr().out
    assert replayed in out
    assert re.search(r"^[0-9]+\. .*undo", out, re.M) and re.search(r"^[0-9]+\. .*redo", out, re.M)
    assert main(["replay", str(save), "--json", "--to", "5"]) == 0
    assert json.loads(capsys.readouterr().out)
    assert main(["inbox", str(save)]) == 0
    assert capsys.readouterr().out.startswith(inbox_head)
    assert main(["pov", str(save), "--out", str(tmp_path / "pov"), "--round", "1"]) == 0
    pictures = capsys.readouterr().out.split()
    players = RulerSession.players_of(read_save(save)) if name.startswith("modern") else \
        AreaSession.players_of(read_save(save))
    assert len(pictures) == len(players) and all(Path(p).is_file() for p in pictures)
    assert main(["adopt", str(save)]) == 0  # sealed on another machine: the umpire takes it on trust
    capsys.readouterr()
    monkeypatch.setattr(sys, "stdin", io.StringIO("undo\nredo\nquit\n"))
    assert main(["shell", str(save)]) == 0
    out = capsys.readouterr().out
    assert "continuing" in out and "undone: " in out and "redone: " in out and "goodbye" in out
    assert len(read_save(save).records) in (23, 50)  # the adopt record, the undo and the redo


def test_the_area_shell_has_a_prompt_and_refuses_a_bad_line_as_the_ruler_shell_does(tmp_path: Path) -> None:
    from kriegsspiel.shell import Shell

    save = write_area_game(tmp_path)
    with open_session(save) as game:
        shell = Shell(game)
        assert shell.prompt() == "S1901M ~ 1 % "
        reply = shell.handle("FRANCE: A PAR - XYZ")
        assert not reply.ok and reply.text.startswith("refused: ") and not reply.changed
        reply = shell.handle("FRANCE: A PAR - BUR")
        assert reply.ok and reply.changed and shell.prompt() == "S1901M ~ 3 % "
        assert "ENGLAND" in shell.completions("EN") and shell.handle("quit").quit


def test_the_inbox_of_an_area_game_shows_refused_lines_and_the_phase_in_words(tmp_path: Path, capsys) -> None:
    from kriegsspiel.portal.service import Portal

    save = write_area_game(tmp_path)
    with open_session(save) as game:  # Germany takes Denmark: it builds in the winter
        assert game.submit("GERMANY: F KIE - DEN").accepted
        assert game.submit("confirm").accepted and game.submit("confirm").accepted
        assert game.phase_words() == "Winter 1901, adjustments"
        portal = Portal(game)
        portal.start()
        portal.receive("GERMANY", game.phase_number(), "A KIE B\nA XYZ B", True)
    assert main(["inbox", str(save)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("inbox of Winter 1901, adjustments (phase 3)\n") and "round 3" not in out
    germany = re.search(r"  Germany: READY, received .*\n((?:    .*\n)+)", out)
    assert germany is not None
    assert germany.group(1) == "    A KIE B\n    refused: A XYZ B: order 'A XYZ B': unknown province XYZ\n"
    assert "  France: gives no orders in this phase" in out
    assert main(["inbox", str(save), "--json", "--round", "1"]) == 0
    spring = json.loads(capsys.readouterr().out)
    assert spring["phase"] == "Spring 1901, movement" and spring["players"]["GERMANY"]["in_force"] == ["F KIE - DEN"]
    assert main(["inbox", str(save), "--json"]) == 0
    winter = json.loads(capsys.readouterr().out)["players"]["GERMANY"]
    assert winter["refused"] == [{"line": "A XYZ B", "reason": "order 'A XYZ B': unknown province XYZ"}]
