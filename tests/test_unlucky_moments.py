"""Unlucky moments (issue 28 item 5): a save deleted or replaced while the game is open is noticed at the next
write and nothing is lost; SIGTERM and SIGHUP end the shell as Ctrl-C does; the pictures of a round cut short
are written at the next opening; a control character in a player's name is refused by ``check``."""
from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from kriegsspiel.cli import main
from kriegsspiel.store import Game, read_save
from kriegsspiel.store import verify_save

REPO = Path(__file__).resolve().parent.parent
DEMO = REPO / "kriegsspiel" / "data" / "scenarios" / "demo.toml"


@pytest.fixture
def game(tmp_path: Path):
    with Game.new(DEMO, tmp_path / "evening.kssave") as opened:
        assert opened.submit("move hessians > 24.5,60.5").accepted
        yield opened


def test_a_save_deleted_while_the_game_is_open_goes_on_in_a_recovery_file(game: Game, tmp_path: Path) -> None:
    save = tmp_path / "evening.kssave"
    save.unlink()
    outcome = game.submit("message Knyphausen report")
    assert outcome.accepted
    recovery = tmp_path / "evening.recovered-1.kssave"
    assert f"{save} was deleted while the game was open" in outcome.describe()
    assert f"goes on in {recovery}; nothing was lost" in outcome.describe()
    assert game.path == recovery
    second = game.submit("turn")
    assert "deleted" not in second.describe()  # said once
    game.close()
    assert [r.command for r in read_save(recovery).records] == ["move hessians > 24.5,60.5",
                                                                "message Knyphausen report", "turn"]
    assert verify_save(recovery).written_here
    assert not save.exists()


def test_a_save_replaced_while_the_game_is_open_is_left_alone_and_nothing_is_lost(game: Game,
                                                                                   tmp_path: Path) -> None:
    save = tmp_path / "evening.kssave"
    older = tmp_path / "older.kssave"
    shutil.copyfile(save, older)
    assert game.submit("message Knyphausen report").accepted
    os.replace(older, save)  # an older copy put in its place (a sync tool, a careless copy)
    before = save.read_bytes()
    outcome = game.submit("turn")
    assert outcome.accepted and "was replaced by another file while the game was open" in outcome.describe()
    game.close()
    assert save.read_bytes() == before
    recovery = tmp_path / "evening.recovered-1.kssave"
    assert [r.command for r in read_save(recovery).records][-2:] == ["message Knyphausen report", "turn"]


def test_the_undo_and_the_log_read_the_recovery_file(game: Game, tmp_path: Path) -> None:
    (tmp_path / "evening.kssave").unlink()
    assert game.submit("turn").accepted
    assert game.undo().accepted and game.undo().accepted
    assert [r.command for r in game.journal_entries()] == ["move hessians > 24.5,60.5", "turn", "undo", "undo"]


def _shell(save: Path) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "kriegsspiel", "shell", str(DEMO), "--save", str(save)],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env={**os.environ, "PYTHONPATH": str(REPO)}, cwd=REPO)


@pytest.mark.parametrize("name", ["SIGTERM", "SIGHUP"])
def test_sigterm_and_sighup_end_the_shell_as_ctrl_c_does(tmp_path: Path, name: str) -> None:
    number = getattr(signal, name, None)
    if number is None:
        pytest.skip(f"no {name} here")
    save = tmp_path / "evening.kssave"
    shell = _shell(save)
    try:
        shell.stdin.write(b"move hessians > 24.5,60.5\nturn\n")
        shell.stdin.flush()
        seen = b""
        deadline = time.monotonic() + 90
        while b"Rebel to move" not in seen:
            assert time.monotonic() < deadline and shell.poll() is None, seen
            seen += shell.stdout.readline()
        shell.send_signal(number)
        out, err = shell.communicate(timeout=60)
    finally:
        if shell.poll() is None:
            shell.kill()
    assert shell.returncode == 128 + number, err
    assert f"ended by signal {number}".encode() in err and b"Traceback" not in err
    assert [r.command for r in read_save(save).records] == ["move hessians > 24.5,60.5", "turn"]


def test_the_pictures_of_a_round_cut_short_are_written_at_the_next_opening(tmp_path: Path) -> None:
    from kriegsspiel.pov import attach_to_game

    save = tmp_path / "evening.kssave"
    with Game.new(DEMO, save) as game:
        pictures = attach_to_game(game)
        for line in ("turn", "turn", "move hessians > 24.5,60.5", "turn", "turn"):  # rounds 1 and 2 end
            assert game.submit(line).accepted
        pictures.close()
    folder = tmp_path / "evening-pov"
    written = {p.relative_to(folder): p.read_bytes() for p in sorted(folder.rglob("*.png"))}
    assert {p.parts[0] for p in written} == {"round-001", "round-002"} and len(written) == 8  # four players
    shutil.rmtree(folder / "round-002")  # killed after the round's last record, before its pictures
    (folder / "round-001" / "Howe.png").unlink()
    with Game.open(save) as game:
        pictures = attach_to_game(game)
        pictures.close()
    again = {p.relative_to(folder): p.read_bytes() for p in sorted(folder.rglob("*.png"))}
    assert again == written  # the very pictures the rounds' ends drew


def test_a_control_character_in_a_players_name_is_refused_by_check(tmp_path: Path, capsys) -> None:
    text = DEMO.read_text(encoding="utf-8")
    maps = REPO / "kriegsspiel" / "data" / "maps"
    text = text.replace('map = "../maps/', f'map = "{maps.as_posix()}/')
    for bad in ('Wash\\u0000ington', 'Wash\\nington'):
        scenario = tmp_path / "named.toml"
        scenario.write_text(text.replace('name = "Washington"', f'name = "{bad}"'), encoding="utf-8")
        assert main(["check", str(scenario)]) == 1, bad
        out = capsys.readouterr()
        assert "players[0].name" in out.out + out.err and "control character" in out.out + out.err, out


def test_an_area_games_save_deleted_while_open_goes_on_in_a_recovery_file(tmp_path: Path) -> None:
    from area_portal_support import write_area_game

    from kriegsspiel.store import AreaSession

    save = write_area_game(tmp_path)
    with AreaSession.open(save) as game:
        save.unlink()
        outcome = game.submit("FRANCE: A PAR - BUR")
        assert outcome.accepted and "was deleted while the game was open" in outcome.describe()
    recovery = tmp_path / "game.recovered-1.kssave"
    assert [r.command for r in read_save(recovery).records] == ["FRANCE: A PAR - BUR"]


def test_the_window_shows_where_a_deleted_save_went(game: Game, tmp_path: Path) -> None:
    from kriegsspiel.app.session import TableSession

    session = TableSession(game, "evening")
    (tmp_path / "evening.kssave").unlink()
    reply = session.submit("message Knyphausen report")
    assert reply.accepted
    assert any("was deleted while the game was open" in line and "evening.recovered-1.kssave" in line
               for line in reply.lines), reply.lines


def test_the_pictures_of_an_area_phase_cut_short_are_written_at_the_next_opening(tmp_path: Path) -> None:
    from area_portal_support import write_area_game

    from kriegsspiel.store import AreaSession


    save = write_area_game(tmp_path)
    with AreaSession.open(save) as game:
        folder = game.attach_pictures()
        assert game.submit("FRANCE: A PAR - BUR").accepted and game.submit("confirm").accepted
    written = {p.name: p.read_bytes() for p in sorted(folder.glob("*.png"))}
    assert len(written) == 7  # a picture per power of the confirmed phase
    for name in list(written)[:3]:
        (folder / name).unlink()  # killed half-way through the phase's pictures
    with AreaSession.open(save) as game:
        game.attach_pictures()
    assert {p.name: p.read_bytes() for p in sorted(folder.glob("*.png"))} == written


@pytest.mark.parametrize("name", ["SIGTERM", "SIGHUP"])
def test_sigterm_and_sighup_stop_the_portal_as_ctrl_c_does(tmp_path: Path, name: str) -> None:
    number = getattr(signal, name, None)
    if number is None:
        pytest.skip(f"no {name} here")
    pytest.importorskip("aiohttp")
    save = tmp_path / "evening.kssave"
    Game.new(DEMO, save).close()
    serve = subprocess.Popen([sys.executable, "-m", "kriegsspiel", "serve", str(save), "--port", "0"],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             env={**os.environ, "PYTHONPATH": str(REPO)}, cwd=REPO)
    try:
        seen = ""
        deadline = time.monotonic() + 90
        while "type 'help'" not in seen:
            assert time.monotonic() < deadline and serve.poll() is None, seen
            seen += serve.stdout.readline()
        serve.stdin.write("message Knyphausen report\n")
        serve.stdin.flush()
        while "delivered to Knyphausen" not in seen:
            assert time.monotonic() < deadline and serve.poll() is None, seen
            seen += serve.stdout.readline()
        serve.send_signal(number)
        out, err = serve.communicate(timeout=60)
    finally:
        if serve.poll() is None:
            serve.kill()
    assert serve.returncode == 0, err
    assert "portal stopped; every order received is in the journal" in out and "Traceback" not in err
    assert [r.command for r in read_save(save).records if r.kind == "order"] == ["message Knyphausen report"]
