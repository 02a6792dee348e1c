"""The area-game session (store/area.py): orders, withdrawals, preview, confirm, undo and redo journaled
and sealed; the turn always the replay of the journal; reopening, verify, check and replay --json."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from kriegsspiel.store.area import AreaSession
from kriegsspiel.store.journal import SaveError, read_save
from kriegsspiel.store import verify_save

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture
def scenario(tmp_path: Path) -> Path:
    (tmp_path / "maps").mkdir()
    (tmp_path / "scenarios").mkdir()
    shutil.copy(REPO / "kriegsspiel" / "data" / "maps" / "diplomacy-standard.tmx", tmp_path / "maps")
    shutil.copy(REPO / "kriegsspiel" / "data" / "scenarios" / "diplomacy-1901.toml", tmp_path / "scenarios")
    return tmp_path / "scenarios" / "diplomacy-1901.toml"


def units(game: AreaSession) -> dict[str, str]:
    return {u.uid: u.where for u in game.turn.position.units}


def test_orders_preview_confirm_are_journaled_and_the_save_reopens(scenario, tmp_path):
    save = tmp_path / "g.kssave"
    with AreaSession.new(scenario, save) as game:
        out = game.submit("FRANCE: A PAR-BUR; A MAR S A PAR - BUR; F BRE - XYZ")
        assert out.accepted and "refused: order 'F BRE - XYZ': unknown province XYZ" in out.lines
        assert len(out.records) == 2
        assert game.submit("GERMANY: A MUN - BUR").accepted
        assert game.submit("germany: a mun - tyr").lines == ("GERMANY: A MUN - TYR (replaces A MUN - BUR)",)
        refused = game.submit("FRANCE: A MUN - BUR")
        assert not refused.accepted and "FRANCE has no army in MUN" in refused.reason
        preview = game.preview()
        assert any("A PAR - BUR: succeeded" in line for line in preview.lines)
        assert game.turn.position.phase == "S1901M"  # a preview changes nothing
        records_before = len(game.journal_entries())
        done = game.submit("confirm")
        assert done.accepted and done.result is not None and done.result.lines == preview.lines
        assert len(game.journal_entries()) == records_before + 1
        assert game.turn.position.phase == "F1901M"
        paris = next(u.uid for u in game.turn.position.units if u.where == "BUR")
    loaded = read_save(save)
    assert [r.command for r in loaded.records] == [
        "FRANCE: A PAR - BUR", "FRANCE: A MAR S A PAR - BUR", "GERMANY: A MUN - BUR", "GERMANY: A MUN - TYR",
        "confirm"]
    assert loaded.records[-1].events[0]["next"] == "F1901M"
    with AreaSession.open(save) as again:
        assert again.turn.position.phase == "F1901M" and units(again)[paris] == "BUR"
        assert again.submit("FRANCE: A BUR - MUN").accepted
    verdict = verify_save(save)
    assert verdict.written_here and verdict.records == 6


def test_undo_redo_and_withdraw_are_records_and_the_turn_is_their_replay(scenario, tmp_path):
    save = tmp_path / "g.kssave"
    with AreaSession.new(scenario, save) as game:
        game.submit("ITALY: A VEN - TYR")
        game.submit("confirm")
        assert game.turn.position.phase == "F1901M"
        assert game.submit("undo").accepted
        assert game.turn.position.phase == "S1901M" and [o.text for o in game.turn.orders] == ["A VEN - TYR"]
        assert game.submit("redo").accepted and game.turn.position.phase == "F1901M"
        game.submit("undo")
        assert game.submit("withdraw ITALY: A VEN").lines == ("withdrawn: ITALY: A VEN - TYR",)
        assert not game.submit("redo").accepted  # a new command ends what could be redone
        assert not game.submit("withdraw ITALY: A ROM").accepted
        kinds = [r.kind for r in game.journal_entries()]
        assert kinds == ["order", "order", "undo", "redo", "undo", "order"]
        assert game.turn.orders == ()
    with AreaSession.open(save) as again:
        assert again.turn.orders == () and again.turn.position.phase == "S1901M"


def test_a_changed_record_does_not_verify_or_reopen(scenario, tmp_path):
    save = tmp_path / "g.kssave"
    with AreaSession.new(scenario, save) as game:
        game.submit("FRANCE: A PAR - BUR")
        game.submit("GERMANY: A MUN - BUR")
        game.submit("confirm")
    lines = save.read_text(encoding="utf-8").splitlines()
    record = json.loads(lines[3])
    record["events"][0]["lines"] = ["FRANCE: A PAR - BUR: succeeded"]  # the bounce rewritten, hash recomputed
    from kriegsspiel.store.journal import canonical_json, content_hash
    record.pop("seal", None)
    record["hash"] = content_hash(record)
    lines[3] = canonical_json(record)
    save.write_text("\n".join(lines) + "\n", encoding="utf-8")
    verdict = verify_save(save)
    assert not verdict.intact and verdict.bad_record == 3
    with pytest.raises(SaveError, match="record 3"):
        AreaSession.open(save, read_only=True)


def test_command_line_verify_check_replay_json(scenario, tmp_path):
    save = tmp_path / "g.kssave"
    with AreaSession.new(scenario, save) as game:
        game.submit("ENGLAND: F LON - NTH")
        game.submit("confirm")
    env = {"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin"}
    import os
    env = {**os.environ, **env}
    run = [sys.executable, "-m", "kriegsspiel"]
    out = subprocess.run(run + ["verify", str(save)], capture_output=True, text=True, env=env)
    assert out.returncode == 0 and "intact and written on this machine" in out.stdout
    out = subprocess.run(run + ["check", str(save), str(scenario)], capture_output=True, text=True, env=env)
    assert out.returncode == 0, out.stdout + out.stderr
    out = subprocess.run(run + ["replay", str(save), "--json"], capture_output=True, text=True, env=env)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["phase"] == "F1901M" and {"uid": "u1", "power": "AUSTRIA", "kind": "A", "where": "VIE"} in data["units"]
    assert any(u["where"] == "NTH" for u in data["units"])
    out = subprocess.run(run + ["replay", str(save), "--to", "1", "--json"], capture_output=True, text=True, env=env)
    assert json.loads(out.stdout)["phase"] == "S1901M"


def test_the_games_list_counts_an_area_game_by_its_phases(scenario, tmp_path):
    from kriegsspiel.store.listing import read_one

    save = tmp_path / "g.kssave"
    with AreaSession.new(scenario, save) as game:
        game.submit("confirm")
        game.submit("confirm")
    listed = read_one(save, replay=True)
    assert listed.problem is None and listed.round == 3 and listed.ruleset == "diplomacy"
