"""Snapshots in a save (issue 15 item 11) and the seal (item 12): a game reopens from its last snapshot to the
very state a full replay gives, undo reaches back past it, only a snapshot sealed here is trusted, verify
compares every snapshot with the replay, and a save of format 1 still opens."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import kriegsspiel.store.ruler as game_module
import kriegsspiel.store.timeline as timeline_module
from kriegsspiel.core.state import initial_state
from kriegsspiel.store import Game, read_save
from kriegsspiel.cli import main
from kriegsspiel.store.journal import canonical_json, content_hash
from kriegsspiel.store.journal_write import UnsealedPrefix
from kriegsspiel.store.timeline import replay_journal
from kriegsspiel.store import verify_save
from test_scenario_support import GOOD_SCENARIO, fake_map_loader, fake_ruleset, write_scenario

LOADERS = {"map_loader": fake_map_loader, "ruleset_loader": fake_ruleset}
LINES = ["move va1 > 2.5,1.5", "message Crown report 1", "turn", "move gb1 > 6.5,5.5", "undo", "redo",
         "message Washington report 2", "turn", "move va1 > 3.5,1.5", "undo", "move va2 > 3.5,5.5", "turn",
         "move hms1 > 8.5,2.5", "turn", "message Crown report 3", "undo", "undo", "redo"]


@pytest.fixture
def save(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setattr(game_module, "SNAPSHOT_EVERY", 4)
    scenario = write_scenario(tmp_path, GOOD_SCENARIO.replace("fog_of_war = 6", "fog_of_war = 2"))
    with Game.new(scenario, tmp_path / "g.kssave", **LOADERS) as game:
        for line in LINES:
            assert game.submit(line).accepted, line
    return tmp_path / "g.kssave"


def _full(save: Path):
    loaded = read_save(save)
    game = Game.from_loaded(loaded, read_only=True, upto=len(loaded.records), **LOADERS)  # upto: no snapshots
    return loaded, game


def test_a_game_reopens_from_its_last_snapshot_to_the_state_of_a_full_replay(save: Path, monkeypatch) -> None:
    loaded, full = _full(save)
    assert [s.after for s in loaded.snapshots] == [4, 8, 12, 16]
    replayed: list[int] = []
    real_step = timeline_module.Timeline.step
    monkeypatch.setattr(timeline_module.Timeline, "step",
                        lambda self, record, check=True: replayed.append(record.seq) or real_step(self, record, check))
    with Game.open(save, **LOADERS) as game:
        assert replayed == [17, 18]  # only the records after the last snapshot were replayed
        assert game.state.same(full.state)
        assert [r.seq for r in game.orders_in_force()] == [r.seq for r in full.orders_in_force()]
        # undo back to the start: every state before the snapshot is replayed when it is reached
        while game.can_undo:
            assert game.undo().accepted
            full._timeline.pop()
            assert game.state.same(full._timeline.state)
        assert game.state.same(full._timeline.states[0])
        assert game.redo().accepted


def test_only_a_snapshot_sealed_here_is_trusted_and_verify_catches_a_changed_one(save: Path, tmp_path: Path,
                                                                                 monkeypatch) -> None:
    lines = save.read_bytes().splitlines()
    prev = json.loads(lines[0])["hash"]
    out = [lines[0]]
    for raw in lines[1:]:
        data = json.loads(raw)
        data.pop("seal", None)  # whoever changes it cannot seal it
        if data.get("kind") == "snapshot" and data["after"] == 16:
            units = data["state"]["units"]["@m"]
            units[0][1]["f"]["health"] = 1  # va1 nearly dead in the snapshot only
        data["prev"] = prev
        data["hash"] = content_hash(data)
        prev = data["hash"]
        out.append(canonical_json(data).encode())
    save.write_bytes(b"\n".join(out) + b"\n")
    _, full = _full(save)
    with Game.open(save, read_only=True, **LOADERS) as game:
        assert game.state.units["va1"].health == full.state.units["va1"].health != 1
    verdict = verify_save(save, **LOADERS)
    assert not verdict.intact and "the snapshot after record 16" in verdict.first_bad and "units" in verdict.first_bad


def test_a_snapshot_sealed_elsewhere_is_not_used(save: Path, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("KRIEGSSPIEL_CONFIG_DIR", str(tmp_path / "another-machine"))
    used = []
    real = game_module.resume_from_snapshots
    monkeypatch.setattr(game_module, "resume_from_snapshots", lambda *a: used.append(a[3]) or real(*a))
    with Game.open(save, read_only=True, **LOADERS) as game:
        assert used == [{}]
        assert game.state.same(_full(save)[1].state)
    assert verify_save(save, **LOADERS).written == "elsewhere"


def test_a_save_of_format_1_still_opens_and_verifies_as_unsealed(tmp_path: Path) -> None:
    scenario = write_scenario(tmp_path)
    with Game.new(scenario, tmp_path / "v2.kssave", **LOADERS) as game:
        for line in LINES[:3]:
            assert game.submit(line).accepted
    lines = (tmp_path / "v2.kssave").read_bytes().splitlines()
    out, prev = [], None
    for raw in lines:  # as version 1 wrote it: no seal, the header says 1
        data = json.loads(raw)
        data.pop("seal")
        if prev is None:
            data["version"] = 1
        else:
            data["prev"] = prev
        data["hash"] = content_hash(data)
        prev = data["hash"]
        out.append(canonical_json(data).encode())
    old = tmp_path / "v1.kssave"
    old.write_bytes(b"\n".join(out) + b"\n")
    with pytest.raises(UnsealedPrefix, match="format 1.*kriegsspiel adopt"):
        Game.open(old, **LOADERS)  # new lines sealed on top would seem to vouch for the old ones
    assert main(["adopt", str(old)]) == 0  # the umpire takes it on trust, and the journal says so
    with Game.open(old, **LOADERS) as game:
        assert game.submit("move gb1 > 6.5,5.5").accepted  # plays on (new lines sealed, chained to the old)
    verdict = verify_save(old, **LOADERS)
    assert verdict.intact and verdict.written == "unsealed" and "format 1" in verdict.describe()
    assert [r.kind for r in read_save(old).records][-2:] == ["adopt", "order"]


def test_states_are_not_all_kept_in_a_long_game(tmp_path: Path) -> None:
    scenario = write_scenario(tmp_path, GOOD_SCENARIO.replace("rounds = 20", "rounds = 1000"))
    with Game.new(scenario, tmp_path / "long.kssave", **LOADERS) as game:
        for n in range(400):
            assert game.submit(f"message Crown report {n}" if n % 5 else "turn").accepted
        kept = [s for s in game._timeline.states if s is not None]
        assert len(kept) <= timeline_module.KEEP_RECENT + 400 // timeline_module.KEEP_EVERY + 2
        start = game._timeline.states[0]
        full = replay_journal(start, game.seed, game.journal_entries())
        for _ in range(150):
            game.undo()
            full.pop()
        assert game.state.same(full.state)


def test_a_line_not_written_canonically_is_checked_by_its_canonical_form(save: Path) -> None:
    """The fast path hashes a line's own bytes; a line re-spaced by an editor is hashed the slow way, so that
    the same content is accepted and changed content is not."""
    lines = save.read_bytes().splitlines()
    record = json.loads(lines[3])
    lines[3] = json.dumps(record, indent=None, separators=(", ", ": ")).encode()  # same content, other bytes
    save.write_bytes(b"\n".join(lines) + b"\n")
    assert len(read_save(save).records) == len(LINES)
    record["command"] = record["command"] + " "
    lines[3] = json.dumps(record).encode()
    save.write_bytes(b"\n".join(lines) + b"\n")
    with pytest.raises(Exception, match="line 4 .*hash does not match"):
        read_save(save)


def test_a_game_continued_on_another_machine_still_verifies(save: Path, tmp_path: Path, monkeypatch) -> None:
    """Its snapshots are not trusted there, so the next one is written whole: verify accepts both forms."""
    monkeypatch.setattr(game_module, "SNAPSHOT_EVERY", 4)
    monkeypatch.setenv("KRIEGSSPIEL_CONFIG_DIR", str(tmp_path / "another-machine"))
    with pytest.raises(UnsealedPrefix, match="none of its lines 1-23 carries this machine's seal"):
        Game.open(save, **LOADERS)
    assert main(["adopt", str(save)]) == 0
    with Game.open(save, **LOADERS) as game:
        for line in ["message Crown report 4", "turn", "message Washington report 5", "turn"]:
            assert game.submit(line).accepted
    loaded = read_save(save)
    assert [s.after for s in loaded.snapshots][-1] == 20 and "@grow" not in loaded.snapshots[-1].state["messages"]
    verdict = verify_save(save, **LOADERS)
    # the other machine wrote only its adoption and the lines after it (and their snapshots)
    assert verdict.intact and verdict.written == "partly" and verdict.first_unsealed == 1
    assert "6 of 29 lines carry this machine's seal" in verdict.describe()
    assert "lines 1-23 were adopted by the umpire at line 24" in verdict.describe()
