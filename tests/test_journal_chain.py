"""The keyed chain cannot be bypassed (issue 28 item 4): a history downgraded to format 1, cut short, forged
without the key or laundered is refused by ``verify`` (exit 1, naming why) and not played on without the
umpire adopting it, which the journal then records; a missing, damaged or loose key is said loudly; the key's
folder is owner-only whatever the umask."""
from __future__ import annotations

import json
import os
import shutil
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from kriegsspiel.cli import main
from kriegsspiel.store import Game, read_save
from kriegsspiel.store.journal import canonical_json, content_hash
from kriegsspiel.store.journal_write import UnsealedPrefix
from kriegsspiel.store.seal import CONFIG_ENV, KEY_FILE, load_machine_key

COMMANDS = ["move hessians > 24.5,60.5", "message Knyphausen report", "turn", "turn", "turn"]


@pytest.fixture
def save(repo: Path, tmp_path: Path) -> Path:
    path = tmp_path / "evening.kssave"
    with Game.new(repo / "kriegsspiel" / "data" / "scenarios" / "demo.toml", path) as game:
        for line in COMMANDS:
            assert game.submit(line).accepted, line
    return path


def _key_path() -> Path:
    return Path(os.environ[CONFIG_ENV]) / KEY_FILE


def _relaunder(path: Path, change: Callable[[int, dict[str, Any]], None] = lambda n, d: None,
               keep: int | None = None) -> None:
    """Rewrite the save as someone without the key would: seals dropped, ``change`` applied to each line
    (numbered from 1), every hash and link recomputed; only the first ``keep`` lines kept."""
    out, prev = [], None
    for n, raw in enumerate(path.read_bytes().splitlines()[:keep], 1):
        data = json.loads(raw)
        data.pop("seal", None)
        change(n, data)
        if prev is not None:
            data["prev"] = prev
        data["hash"] = content_hash(data)
        prev = data["hash"]
        out.append(canonical_json(data).encode())
    path.write_bytes(b"\n".join(out) + b"\n")


def _verify(path: Path, capsys: pytest.CaptureFixture[str], *flags: str) -> tuple[int, str]:
    code = main(["verify", str(path), *flags])
    captured = capsys.readouterr()
    return code, captured.out + captured.err


def test_a_save_written_here_verifies(save: Path, capsys) -> None:
    code, out = _verify(save, capsys)
    assert code == 0 and "intact and written on this machine: 5 records" in out, out


def test_a_history_downgraded_to_format_1_fails_unless_format_1_is_accepted(save: Path, capsys) -> None:
    _relaunder(save, lambda n, d: d.update(version=1) if n == 1 else None)
    code, out = _verify(save, capsys)
    assert code == 1, out
    assert "a save of format 1" in out and "'--accept-format-1'" in out
    code, out = _verify(save, capsys, "--accept-format-1")
    assert code == 0, out


def test_a_save_with_its_last_records_cut_off_fails_on_the_machine_that_wrote_it(save: Path, capsys) -> None:
    whole = save.read_bytes()
    save.write_bytes(b"".join(whole.splitlines(keepends=True)[:4]))  # header and three records
    code, out = _verify(save, capsys)
    assert code == 1, out
    assert "CUT SHORT: this machine sealed 6 lines of this game, the file holds 4: its last 2 lines were cut " \
           "off, or this is an older copy" in out
    assert "intact and written on this machine" not in out
    with pytest.raises(UnsealedPrefix, match="the file holds 4"):
        Game.open(save)


def test_an_older_copy_is_caught_and_the_newer_save_still_verifies(save: Path, tmp_path: Path, capsys) -> None:
    older = tmp_path / "older.kssave"
    shutil.copyfile(save, older)
    with Game.open(save) as game:
        assert game.submit("message Knyphausen later").accepted
    assert _verify(save, capsys)[0] == 0
    code, out = _verify(older, capsys)
    assert code == 1 and "sealed 7 lines of this game, the file holds 6" in out, out


def test_a_forged_unsealed_history_is_not_played_on_without_adoption(save: Path, capsys) -> None:
    """The shell used to continue it without a word and seal the new line, which then seemed to vouch for it."""
    _relaunder(save)  # the same game, re-chained without the key (a forger's consistent history looks so)
    with pytest.raises(UnsealedPrefix, match="none of its lines 1-6 carries this machine's seal"):
        Game.open(save)
    assert main(["shell", str(save)]) == 2
    err = capsys.readouterr().err
    assert "not played on" in err and f"kriegsspiel adopt {save}" in err
    assert read_save(save).lines == 6  # nothing was written
    assert main(["adopt", str(save)]) == 0
    assert "adopted lines 1-6" in capsys.readouterr().out
    adopt = read_save(save).records[-1]
    assert adopt.kind == "adopt" and adopt.events[0]["adopt"]["lines"] == 6
    assert "none of its lines 1-6 carries this machine's seal" in adopt.events[0]["adopt"]["why"]
    with Game.open(save) as game:  # the umpire said so: play goes on
        assert game.submit("message Knyphausen after").accepted
    code, out = _verify(save, capsys)
    assert code == 1, out
    assert "lines 1-6 were adopted by the umpire at line 7" in out
    assert "2 of 8 lines carry this machine's seal, the first that does not is line 1" in out


def test_an_unsealed_line_added_at_the_end_is_refused(save: Path) -> None:
    lines = save.read_bytes().splitlines()
    last = json.loads(lines[-1])
    forged = {k: v for k, v in last.items() if k != "seal"}  # an undo of the last order: replays, draws no dice
    forged.update(seq=6, prev=last["hash"], kind="undo", command="undo", target=5, rolls=[], events=[])
    forged["hash"] = content_hash(forged)
    save.write_bytes(b"\n".join(lines + [canonical_json(forged).encode()]) + b"\n")
    with pytest.raises(UnsealedPrefix, match="1 of its lines 1-7 do not carry this machine's seal, the first is "
                                             "line 7"):
        Game.open(save)
    assert main(["adopt", str(save)]) == 0
    with Game.open(save) as game:
        assert game.record_count == 7


def test_adopting_a_save_sealed_here_changes_nothing(save: Path, capsys) -> None:
    before = save.read_bytes()
    assert main(["adopt", str(save)]) == 0
    assert "nothing to adopt" in capsys.readouterr().out
    assert save.read_bytes() == before


def test_a_damaged_key_is_said_loudly_and_never_replaced(repo: Path, save: Path, tmp_path: Path, capsys) -> None:
    _key_path().write_text("not a key\n")
    with Game.new(repo / "kriegsspiel" / "data" / "scenarios" / "demo.toml", tmp_path / "second.kssave") as game:
        assert any(note.startswith("WARNING: the sealing key") and "is damaged" in note and "NOT sealed" in note
                   for note in game.notes), game.notes
        assert game.submit("turn").accepted
    assert _key_path().read_text() == "not a key\n"  # evidence kept
    assert all(s.seal == "" for s in read_save(tmp_path / "second.kssave").seals)
    code, out = _verify(save, capsys)
    assert code == 1 and "WARNING: the sealing key" in out and "is damaged" in out, out


def test_a_missing_key_is_said_by_verify(save: Path, capsys) -> None:
    _key_path().unlink()
    code, out = _verify(save, capsys)
    assert code == 1 and "WARNING: there is no sealing key on this machine" in out, out
    assert not _key_path().exists()  # verify never writes


def test_a_key_others_can_read_is_said_loudly(repo: Path, tmp_path: Path) -> None:
    load_machine_key()
    _key_path().chmod(0o666)
    with Game.new(repo / "kriegsspiel" / "data" / "scenarios" / "demo.toml", tmp_path / "loose.kssave") as game:
        assert any(note.startswith("WARNING:") and "mode 0666" in note and "chmod 600" in note
                   for note in game.notes), game.notes


def test_the_key_folder_is_owner_only_whatever_the_umask(tmp_path: Path, monkeypatch) -> None:
    config = tmp_path / "home" / ".config" / "kriegsspiel"
    monkeypatch.setenv(CONFIG_ENV, str(config))
    old = os.umask(0)
    try:
        found = load_machine_key()
    finally:
        os.umask(old)
    assert found.key is not None and found.warning is None
    for folder in (config, config.parent, config.parent.parent):
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700, folder
    assert stat.S_IMODE((config / KEY_FILE).stat().st_mode) == 0o600
