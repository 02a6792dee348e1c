"""Hostile and unlucky input (issue 15): each built in a temporary folder, the command run in a child process
under a 2 GiB memory limit and a time limit; asserted: one clear message, the exit code of the contract, and
that nothing was lost or written elsewhere."""
from __future__ import annotations

import json
import os
import tomllib
from pathlib import Path

import pytest

from hostile_support import assert_refused, listing, run_limited
from kriegsspiel.store import read_save
from test_scenario_support import GOOD_SCENARIO, write_scenario

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "umpire"


# --- scenarios and imports (items 5-7) ----------------------------------------------------------------------


@pytest.mark.parametrize("value", ["[" * 100_000 + "]" * 100_000, "{a = " * 100_000 + "1" + "}" * 100_000],
                         ids=["arrays", "inline-tables"])
def test_a_scenario_nested_100000_deep_is_refused_by_file_and_line(tmp_path: Path, value: str) -> None:
    scenario = write_scenario(tmp_path, GOOD_SCENARIO.replace('seed = 1777', f"seed = 1777\nx = {value}"))
    before = listing(tmp_path)
    for command in (["check", str(scenario)], ["shell", str(scenario), "--save", str(tmp_path / "s.kssave")]):
        text = assert_refused(run_limited(command), f"{scenario}:6", "nested more than 32 deep")
        assert "RecursionError" not in text
    assert listing(tmp_path) == before  # no save begun


def test_a_scenario_larger_than_any_is_refused_unread(tmp_path: Path) -> None:
    scenario = write_scenario(tmp_path, GOOD_SCENARIO + "# padding\n" * 500_000)
    assert_refused(run_limited(["check", str(scenario)]), str(scenario), "larger than a scenario may be")


@pytest.mark.parametrize("expression", ["-" * 200_000 + "1", "+".join(["1"] * 100_000), "(" * 100_000 + "1" + ")" * 100_000],
                         ids=["unary-minus", "additions", "brackets"])
def test_import_umpire_refuses_a_gamefile_the_parser_cannot_hold(tmp_path: Path, expression: str) -> None:
    gamefile = tmp_path / "hostile.py"
    gamefile.write_text(f'firstTeam = "Blue"\nfogOfWar = {expression}\n', encoding="utf-8")
    out = tmp_path / "out.toml"
    result = run_limited(["import-umpire", str(gamefile), "--out", str(out)], fakes=False)
    assert_refused(result, str(gamefile), "not")
    assert "MemoryError" not in result.stderr.decode() and not out.exists()


def test_import_umpire_writes_ids_the_scenario_loader_accepts(tmp_path: Path) -> None:
    gamefile = tmp_path / "spaces.py"
    gamefile.write_text(
        'firstTeam = "Blue"\nsecondTeam = "Red"\nunitTable = {"1st Virginia": "infantry", "1st  Virginia": '
        '"infantry", "b>2": "infantry", "r1": "infantry"}\nfirstTeamTable = {"1st Virginia": 4, "1st  Virginia": 4, '
        '"b>2": 4}\nsecondTeamTable = {"r1": 4}\n', encoding="utf-8")
    out = tmp_path / "out.toml"
    result = run_limited(["import-umpire", str(gamefile), "--out", str(out)], fakes=False)
    assert result.returncode == 0, result.stderr
    ids = [u["id"] for u in tomllib.loads(out.read_text(encoding="utf-8"))["units"]]
    assert ids == ["1st-Virginia", "1st-Virginia-2", "b-2", "r1"]
    assert b"renamed 3" in result.stdout
    check = run_limited(["check", str(out)], fakes=False)
    assert b"units[" not in check.stdout or b".id:" not in check.stdout, check.stdout  # no id refused


def test_check_exit_codes_unreadable_scenario_and_save_give_2(tmp_path: Path) -> None:
    not_toml = tmp_path / "broken.toml"
    not_toml.write_text("[scenario\nname = 'x'\n", encoding="utf-8")
    latin = tmp_path / "latin.toml"
    latin.write_bytes(b"[scenario]\nname = '\xe9'\n")
    garbage = tmp_path / "garbage.kssave"
    garbage.write_bytes(os.urandom(300).replace(b"{", b"x"))
    for path in (not_toml, latin, garbage):
        assert_refused(run_limited(["check", str(path)]), str(path))
    problems = write_scenario(tmp_path, GOOD_SCENARIO.replace('first_side = "Rebel"', 'first_side = "Nobody"'))
    assert run_limited(["check", str(problems)]).returncode == 1  # read, with problems: 1 as before


# --- saves (items 8, 9) -------------------------------------------------------------------------------------


def _played(tmp_path: Path, commands: list[str]) -> Path:
    scenario = write_scenario(tmp_path, GOOD_SCENARIO.replace("fog_of_war = 6", "fog_of_war = 2"))
    save = tmp_path / "game.kssave"
    result = run_limited(["shell", str(scenario), "--save", str(save)], stdin="\n".join(commands).encode() + b"\n")
    assert result.returncode == 0, result.stderr
    return save


def test_a_full_disk_during_play_rolls_the_partial_record_back(tmp_path: Path) -> None:
    save = _played(tmp_path, ["move va1 > 2.5,1.5"])
    size = save.stat().st_size
    # room for about one and a half more records: the second write is cut by the "disk"
    limit = size + 1500
    commands = [f"message Crown report {'x' * 300} {n}" for n in range(6)]
    result = run_limited(["shell", str(save)], stdin="\n".join(commands).encode() + b"\n", file_size=limit)
    text = result.stdout.decode()
    assert result.returncode == 0 and "Traceback" not in result.stderr.decode()
    assert "the journal could not be written" in text and "free some disk space" in text
    acknowledged = text.count("report ") - text.count("error:")  # echoed commands minus refused ones
    loaded = read_save(save)
    assert loaded.cut_off is None, "a partial record was left at the end"
    assert save.read_bytes().endswith(b"\n") and save.stat().st_size <= limit
    assert 1 <= len(loaded.records) - 1 <= 3
    assert [r.command.split()[-1] for r in loaded.records[1:]] == [str(n) for n in range(len(loaded.records) - 1)]
    assert acknowledged >= len(loaded.records) - 1
    # and the game goes on once there is room
    again = run_limited(["shell", str(save)], stdin=b"message Crown report later\n")
    assert again.returncode == 0 and b"error" not in again.stdout
    assert read_save(save).records[-1].command.endswith("later")


def test_reopening_a_cut_off_save_on_a_full_disk_says_so_and_leaves_nothing_behind(tmp_path: Path) -> None:
    save = _played(tmp_path, ["move va1 > 2.5,1.5", "message Crown report one", "turn"])
    original = save.read_bytes() + b'{"at":"2026-11-25T21:00:00Z","command":"mess'  # a power cut
    save.write_bytes(original)
    before = listing(tmp_path)
    result = run_limited(["shell", str(save)], stdin=b"quit\n", file_size=len(original) // 2)
    assert_refused(result, str(save), "cut off", "could not be copied aside", "nothing was changed")
    assert save.read_bytes() == original and listing(tmp_path) == before  # no partial .damaged-1, no temp file
    # with room, the copy is made whole and play goes on after the last whole record
    result = run_limited(["shell", str(save)], stdin=b"quit\n")
    assert result.returncode == 0 and b"kept as" in result.stdout, result.stdout
    assert (tmp_path / "game.kssave.damaged-1").read_bytes() == original
    assert read_save(save).cut_off is None and len(read_save(save).records) == 3


def test_a_save_too_large_or_with_an_endless_line_is_refused_unread(tmp_path: Path) -> None:
    save = _played(tmp_path, [])
    endless = tmp_path / "endless.kssave"
    with endless.open("wb") as handle:
        handle.write(save.read_bytes().rstrip(b"\n") + b" ")
        handle.truncate(80 * 1024 * 1024)  # a sparse 80 MB line: no newline in sight
    for command in (["verify", str(endless)], ["shell", str(endless)], ["check", str(endless)]):
        assert_refused(run_limited(command), str(endless), "longer than any line of a save")


# --- pictures and paths (item 13, smaller) -------------------------------------------------------------------


def test_pov_never_writes_through_a_symlinked_round_folder(tmp_path: Path, repo: Path) -> None:
    scenario = repo / "kriegsspiel" / "data" / "scenarios" / "demo.toml"
    out, victim = tmp_path / "out", tmp_path / "victim"
    out.mkdir()
    victim.mkdir()
    (victim / "Washington.png").write_bytes(b"the umpire's own file")
    (out / "round-001").symlink_to(victim)
    result = run_limited(["pov", str(scenario), "--out", str(out)], fakes=False)
    assert_refused(result, "round-001 is a symbolic link", "never written through links")
    assert listing(victim) == {"Washington.png": len(b"the umpire's own file")}
    # a link at the picture's own name is replaced, not followed
    (out / "round-001").unlink()
    (out / "round-001").mkdir()
    (out / "round-001" / "Washington.png").symlink_to(victim / "Washington.png")
    assert run_limited(["pov", str(scenario), "--out", str(out)], fakes=False).returncode == 0
    assert (victim / "Washington.png").read_bytes() == b"the umpire's own file"
    assert not (out / "round-001" / "Washington.png").is_symlink()


def test_paths_say_what_they_are(tmp_path: Path) -> None:
    (tmp_path / "a").symlink_to(tmp_path / "b")
    (tmp_path / "b").symlink_to(tmp_path / "a")
    assert_refused(run_limited(["shell", str(tmp_path / "a")]), "loop of symbolic links")
    assert_refused(run_limited(["pov", str(tmp_path), "--out", str(tmp_path / "o")]), "is a folder")
    assert_refused(run_limited(["check", str(tmp_path / "a")]), "loop of symbolic links")


def test_a_nul_or_escape_in_a_map_path_is_never_echoed_raw(tmp_path: Path) -> None:
    for bad in ("a\\u0000b.tmx", "a\\u001b[2Jb.tmx"):
        scenario = write_scenario(tmp_path, GOOD_SCENARIO.replace('map = "fake.tmx"', f'map = "{bad}"'))
        result = run_limited(["check", str(scenario)])
        assert result.returncode == 1
        assert b"\x00" not in result.stdout and b"\x1b" not in result.stdout
        assert b"control character" in result.stdout


# --- who wrote a save (item 12) ------------------------------------------------------------------------------


def test_verify_tells_written_here_from_a_consistent_history_written_elsewhere(tmp_path: Path) -> None:
    save = _played(tmp_path, ["move va1 > 2.5,1.5", "turn", "move gb1 > 6.5,5.5"])
    here = run_limited(["verify", str(save)])
    assert here.returncode == 0 and b"intact and written on this machine" in here.stdout
    # another machine (another key) reads the same file: consistent, but it cannot say who wrote it
    elsewhere = run_limited(["verify", str(save)], config=tmp_path / "other-machine")
    assert elsewhere.returncode == 1 and b"chain consistent but not written here" in elsewhere.stdout
    # a cheater replays another game with the program and recomputes every hash: no seal can follow
    lines = save.read_bytes().splitlines()
    prev = json.loads(lines[0])["hash"]
    forged = [lines[0]]
    from kriegsspiel.store.journal import canonical_json, content_hash

    for raw in lines[1:]:
        record = json.loads(raw)
        record.pop("seal", None)
        if record.get("seq") == 2:
            record["command"] = "turn"  # what the forger says happened instead (and its events)
        record["prev"] = prev
        record["hash"] = content_hash(record)
        prev = record["hash"]
        forged.append(canonical_json(record).encode())
    save.write_bytes(b"\n".join(forged) + b"\n")
    result = run_limited(["verify", str(save)])
    assert result.returncode == 1 and b"chain consistent but only partly written here: 1 of 4 lines carry this machine's seal, the first that does not is line 2" in result.stdout
    assert b"written on this machine" not in result.stdout
