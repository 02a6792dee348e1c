"""Saves that survive anything: cut off mid-record, flipped bytes, wrong files, a cheater's edits."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from kriegsspiel.store import Game, SaveError, check_save_file, read_save
from kriegsspiel.store.journal import canonical_json, content_hash
from kriegsspiel.store import verify_save
from test_scenario_support import GOOD_SCENARIO, fake_map_loader, fake_ruleset, write_scenario

LOADERS = {"map_loader": fake_map_loader, "ruleset_loader": fake_ruleset}
COMMANDS = ["move va1 > 4.5,1.5", "message Crown hold", "turn", "move gb1 > 5.5,6.5", "undo", "redo", "turn"]


@pytest.fixture
def save(tmp_path: Path) -> Path:
    text = GOOD_SCENARIO.replace("fog_of_war = 6", "fog_of_war = 2")
    with Game.new(write_scenario(tmp_path, text), tmp_path / "game.kssave", **LOADERS) as game:
        for line in COMMANDS:
            assert game.submit(line).accepted, line
    return tmp_path / "game.kssave"


def _lines(path: Path) -> list[bytes]:
    return path.read_bytes().splitlines(keepends=True)


def test_an_intact_save_verifies(save: Path) -> None:
    verdict = verify_save(save, **LOADERS)
    assert verdict.intact and verdict.records == 7
    assert verdict.kinds == {"order": 5, "undo": 1, "redo": 1}
    assert "intact and written on this machine: 7 records" in verdict.describe()
    assert check_save_file(save, **LOADERS) == []


def test_a_record_cut_anywhere_loads_everything_before_it(save: Path) -> None:
    original = save.read_bytes()
    last_start = original.rstrip(b"\n").rfind(b"\n") + 1
    for cut in range(last_start + 1, len(original)):  # every byte of the last record, its newline included
        save.write_bytes(original[:cut])
        loaded = read_save(save)
        assert len(loaded.records) == 6, cut
        assert loaded.cut_off is not None and loaded.cut_off.good_length == last_start
        assert "the last record was cut off (power loss?); 6 records loaded" in loaded.cut_off.message(save, 6)
    save.write_bytes(original[:last_start])  # cut exactly between records: nothing to report
    assert read_save(save).cut_off is None


def test_continuing_a_cut_off_save_keeps_every_byte(save: Path) -> None:
    original = save.read_bytes()
    damaged = original[:-40]
    save.write_bytes(damaged)
    with Game.open(save, **LOADERS) as game:
        assert any("cut off (power loss?); 6 records loaded" in n for n in game.notes)
        assert any("game.kssave.damaged-1" in n for n in game.notes)
        assert game.submit("turn").record == 7
    assert (save.parent / "game.kssave.damaged-1").read_bytes() == damaged
    assert read_save(save).cut_off is None and len(read_save(save).records) == 7
    assert verify_save(save, **LOADERS).intact
    # a second accident keeps the first copy and makes a second one
    save.write_bytes(save.read_bytes()[:-3])
    Game.open(save, **LOADERS).close()
    assert (save.parent / "game.kssave.damaged-2").exists()
    assert (save.parent / "game.kssave.damaged-1").read_bytes() == damaged


def test_opening_read_only_never_writes(save: Path) -> None:
    cut = save.read_bytes()[:-10]
    save.write_bytes(cut)
    Game.open(save, read_only=True, **LOADERS)
    check_save_file(save, **LOADERS)
    verify_save(save, **LOADERS)
    assert save.read_bytes() == cut
    assert list(save.parent.glob("*.damaged-*")) == []


@pytest.mark.parametrize("line_index", [1, 3, 5])
def test_a_flipped_byte_in_the_middle_is_refused_naming_the_line(save: Path, line_index: int) -> None:
    lines = _lines(save)
    target = bytearray(lines[line_index])
    position = target.index(b'"side":"') + 8
    target[position] ^= 0x01  # "Rebel" -> "Sebel", still valid JSON
    lines[line_index] = bytes(target)
    save.write_bytes(b"".join(lines))
    before = save.read_bytes()
    with pytest.raises(SaveError) as caught:
        Game.open(save, **LOADERS)
    message = str(caught.value)
    assert f"line {line_index + 1} (record {line_index})" in message
    assert "hash does not match" in message and "left untouched" in message
    assert save.read_bytes() == before
    verdict = verify_save(save, **LOADERS)
    assert not verdict.intact and verdict.bad_record == line_index
    finding = check_save_file(save, **LOADERS)[0]
    assert finding.line == line_index + 1 and finding.severity == "error"


def test_bad_json_in_the_middle_is_damage_not_a_power_cut(save: Path) -> None:
    lines = _lines(save)
    lines[2] = lines[2][:30] + b"\n"
    save.write_bytes(b"".join(lines))
    with pytest.raises(SaveError, match=r"line 3 \(record 2\): not a journal record"):
        read_save(save)


def test_a_removed_record_breaks_the_chain(save: Path) -> None:
    lines = _lines(save)
    del lines[3]
    save.write_bytes(b"".join(lines))
    with pytest.raises(SaveError, match=r"line 4 \(record 3\): the record does not follow"):
        read_save(save)


def test_a_changed_header_is_refused(save: Path) -> None:
    lines = _lines(save)
    lines[0] = lines[0].replace(b'"seed":1777', b'"seed":1778')
    save.write_bytes(b"".join(lines))
    with pytest.raises(SaveError, match="line 1: the header's hash does not match"):
        read_save(save)


def _rewrite_chain(path: Path, change) -> None:
    """What a careful cheater does: change records and recompute every hash so the chain is whole again."""
    lines = path.read_bytes().splitlines()
    header = json.loads(lines[0])
    prev = header["hash"]
    out = [lines[0]]
    for raw in lines[1:]:
        record = json.loads(raw)
        change(record)
        record.pop("seal", None)  # without the umpire's key the cheater cannot seal: the seal goes
        record["prev"] = prev
        record["hash"] = content_hash(record)
        prev = record["hash"]
        out.append(canonical_json(record).encode())
    path.write_bytes(b"\n".join(out) + b"\n")


def test_verify_catches_a_rehashed_forged_roll(save: Path) -> None:
    def forge(record: dict) -> None:
        if record["seq"] == 2:
            record["rolls"][0][1] = 2 if record["rolls"][0][1] == 1 else 1

    _rewrite_chain(save, forge)
    read_save(save)  # the hashes are consistent again...
    verdict = verify_save(save, **LOADERS)  # ...but the replay draws other dice
    assert not verdict.intact and verdict.bad_record == 2
    assert "the dice differ" in verdict.first_bad and "record 2 (line 3" in verdict.first_bad


def test_verify_catches_a_rehashed_forged_event(save: Path) -> None:
    def forge(record: dict) -> None:
        if record["seq"] == 1:
            record["events"][0]["cost"] = 0.5

    _rewrite_chain(save, forge)
    verdict = verify_save(save, **LOADERS)
    assert verdict.bad_record == 1 and "events differ" in verdict.first_bad


def test_verify_catches_a_rehashed_order_that_the_rules_refuse(save: Path) -> None:
    def forge(record: dict) -> None:
        if record["seq"] == 1:
            record["command"] = "move va1 > 9.5,1.5"

    _rewrite_chain(save, forge)
    verdict = verify_save(save, **LOADERS)
    assert verdict.bad_record == 1 and "the rules now refuse it" in verdict.first_bad


@pytest.mark.parametrize(("content", "fragment"), [
    (b"", "empty file; not a kriegsspiel save"),
    (GOOD_SCENARIO.encode(), "not a kriegsspiel save (line 1 is not a save header); it looks like a scenario"),
    (b"\x89PNG\r\n\x1a\n\x00\x00", "not a kriegsspiel save"),
    (b'{"format":"kriegsspiel-save","version":9}\n', "version 9 is newer"),
    (b'{"format":"kriegsspiel-save","version":1', "header was cut off"),
])
def test_files_that_are_not_saves_get_one_clear_message(tmp_path: Path, content: bytes, fragment: str) -> None:
    path = tmp_path / "x.kssave"
    path.write_bytes(content)
    with pytest.raises(SaveError) as caught:
        Game.open(path, **LOADERS)
    assert fragment in str(caught.value)
    assert str(caught.value).startswith(str(path))
    assert path.read_bytes() == content
    assert fragment.split(";")[0] in check_save_file(path, **LOADERS)[0].message


def test_a_missing_save_is_one_clear_message(tmp_path: Path) -> None:
    with pytest.raises(SaveError, match="no such file"):
        Game.open(tmp_path / "none.kssave", **LOADERS)


def test_a_rehashed_record_of_the_wrong_types_is_refused(save: Path) -> None:
    def forge(record: dict) -> None:
        if record["seq"] == 3:
            record["command"] = 5
            record["rolls"] = [[6]]

    _rewrite_chain(save, forge)
    # the first key of the wrong type is named, with what was expected there (the schema layer's words)
    with pytest.raises(SaveError, match=r"line 4 \(record 3\): command of the wrong type \(damaged\): expected a string, got a whole number"):
        read_save(save)
    assert verify_save(save, **LOADERS).bad_record == 3


def test_two_lines_run_together_are_damage_not_a_power_cut(save: Path) -> None:
    data = save.read_bytes()
    second_last_newline = data.rstrip(b"\n").rfind(b"\n")
    save.write_bytes(data[:second_last_newline] + b" " + data[second_last_newline + 1:])
    with pytest.raises(SaveError, match=r"line 7 \(record 6\): a whole record runs on into another"):
        read_save(save)


def test_verify_insists_on_the_map_the_game_was_played_on(save: Path) -> None:
    (save.parent / "fake.tmx").write_text("fake map, with a new ford\n")
    verdict = verify_save(save, **LOADERS)
    assert not verdict.intact and verdict.bad_record == 0
    assert "the map" in verdict.first_bad and "is not the one the game was played on" in verdict.first_bad
    with Game.open(save, read_only=True, **LOADERS) as game:  # playing on is the umpire's call: a note
        assert any("has changed since this game began" in n for n in game.notes)


def test_binary_junk_is_not_taken_for_a_scenario(tmp_path: Path) -> None:
    path = tmp_path / "x.kssave"
    path.write_bytes(bytes(range(11, 256)) * 2)  # '=' among control bytes and no line break, as random data
    with pytest.raises(SaveError) as caught:
        read_save(path)
    assert "not a kriegsspiel save" in str(caught.value) and "scenario" not in str(caught.value)


def test_a_scenario_that_opens_with_a_comment_is_named_a_scenario(tmp_path: Path) -> None:
    path = tmp_path / "evening.toml"
    path.write_text("# The evening's game: a comment line first, as the shipped scenarios have\n" + GOOD_SCENARIO)
    with pytest.raises(SaveError, match="it looks like a scenario: start a game with 'kriegsspiel new"):
        read_save(path)


def _slower_infantry(name: str):
    """A house rule edited mid-game: infantry moves 2 a turn instead of the rule set's allowance."""
    import dataclasses
    from types import MappingProxyType

    ruleset = fake_ruleset(name)
    types = dict(ruleset.unit_types)
    types["infantry"] = dataclasses.replace(types["infantry"], move=2.0)
    return dataclasses.replace(ruleset, unit_types=MappingProxyType(types))


def test_a_game_that_replays_differently_now_opens_to_play_on_with_a_note(save: Path) -> None:
    """A program update or an edited house rule must not lock the umpire out of a game: the order the rules now
    refuse stands as it was carried out, the note says so, and verify still refuses the save."""
    before = save.read_bytes()
    game = Game.open(save, map_loader=fake_map_loader, ruleset_loader=_slower_infantry)
    notes = "\n".join(game.notes)
    assert "record 1 (line 2, order 'move va1 > 4.5,1.5'): the rules now refuse it (va1:" in notes
    assert "it stands as the umpire's order, as it was carried out" in notes
    assert "'kriegsspiel verify' will not accept it" in notes
    assert game.state.unit("va1").position.x == 4.5
    assert game.submit("turn").accepted  # play goes on
    while game.state.unit("va1").position.x == 4.5:  # back to before record 1
        assert game.undo().accepted
    assert not game.can_undo
    assert game.redo().accepted and game.state.unit("va1").position.x == 4.5  # it can be redone as it stood
    game.close()
    assert save.read_bytes().startswith(before)
    verdict = verify_save(save, map_loader=fake_map_loader, ruleset_loader=_slower_infantry)
    assert not verdict.intact


def test_events_that_read_differently_now_are_a_note_when_playing_and_a_failure_for_verify(save: Path) -> None:
    def reworded(record: dict) -> None:
        if record["seq"] == 1:
            record["events"][0]["cost"] = 0.5

    _rewrite_chain(save, reworded)
    with Game.open(save, read_only=True, **LOADERS) as game:
        assert any("record 1 (line 2, order 'move va1 > 4.5,1.5'): event 1 was" in n and '"cost":0.5' in n
                   for n in game.notes), game.notes
        assert game.state.unit("va1").position.x == 4.5
    assert "events differ" in verify_save(save, **LOADERS).first_bad


def test_dice_that_differ_still_refuse_to_open(save: Path) -> None:
    def forge(record: dict) -> None:
        if record["seq"] == 2:
            record["rolls"][0][1] = 2 if record["rolls"][0][1] == 1 else 1

    _rewrite_chain(save, forge)
    with pytest.raises(SaveError, match=r"line 3: record 2 does not replay: the dice differ"):
        Game.open(save, **LOADERS)


# --- snapshot lines: damaged ones are refused like damaged records -------------------------------------------


@pytest.fixture
def snapshotted(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A save with a snapshot line after records 3 and 6 (lines 5 and 9)."""
    import kriegsspiel.store.ruler as game_module

    monkeypatch.setattr(game_module, "SNAPSHOT_EVERY", 3)
    text = GOOD_SCENARIO.replace("fog_of_war = 6", "fog_of_war = 2")
    with Game.new(write_scenario(tmp_path, text), tmp_path / "snap.kssave", **LOADERS) as game:
        for line in COMMANDS:
            assert game.submit(line).accepted, line
    return tmp_path / "snap.kssave"


def _snapshot_lines(path: Path) -> list[int]:
    return [i for i, raw in enumerate(_lines(path)) if b'"kind":"snapshot"' in raw]


def test_snapshot_lines_are_read_where_they_stand(snapshotted: Path) -> None:
    assert _snapshot_lines(snapshotted) == [4, 8]  # 0-based: lines 5 and 9
    loaded = read_save(snapshotted)
    assert [(s.after, s.line) for s in loaded.snapshots] == [(3, 5), (6, 9)]
    assert len(loaded.records) == 7 and [r.line for r in loaded.records] == [2, 3, 4, 6, 7, 8, 10]
    assert loaded.lines == 10 and loaded.end_hash == loaded.records[-1].hash
    assert all(isinstance(s.state, dict) and s.state["units"] for s in loaded.snapshots)


def _rewrite_snapshot(path: Path, change) -> None:
    """Change the first snapshot line and recompute every hash after it (unsealed, as a cheater would)."""
    def edit(line: dict) -> None:
        if line.get("kind") == "snapshot" and line.get("after") == 3:
            change(line)

    _rewrite_chain(path, edit)


@pytest.mark.parametrize("change, problem", [
    (lambda s: s.pop("state"), "the snapshot lacks state (damaged)"),
    (lambda s: s.pop("after"), "the snapshot lacks after (damaged)"),
    (lambda s: [s.pop("state"), s.pop("after")], "the snapshot lacks after, state (damaged)"),
    (lambda s: s.update(after=2), "a snapshot after record 2 where it follows record 3 (damaged)"),
    (lambda s: s.update(after="3"), "a snapshot after record '3' where it follows record 3 (damaged)"),
    (lambda s: s.update(state=[1, 2]), "a snapshot after record 3 where it follows record 3 (damaged)"),
])
def test_a_rehashed_snapshot_that_is_not_one_is_refused_naming_its_line(snapshotted: Path, change,
                                                                        problem: str) -> None:
    _rewrite_snapshot(snapshotted, change)
    with pytest.raises(SaveError) as caught:
        read_save(snapshotted)
    assert str(caught.value) == (f"{snapshotted}: line 5 (the snapshot after record 3): {problem}; the file is "
                                 "left untouched")
    assert (caught.value.record, caught.value.line) == (4, 5)


def test_a_changed_snapshot_breaks_its_hash_and_a_moved_one_the_chain(snapshotted: Path) -> None:
    original = snapshotted.read_bytes()
    lines = _lines(snapshotted)
    lines[4] = lines[4].replace(b'"round":1', b'"round":2', 1)
    assert lines[4] != _lines(snapshotted)[4]
    snapshotted.write_bytes(b"".join(lines))
    with pytest.raises(SaveError) as caught:
        read_save(snapshotted)
    assert str(caught.value) == (f"{snapshotted}: line 5 (the snapshot after record 3): the snapshot's hash does "
                                 "not match its content (changed after it was written); the file is left untouched")
    assert (caught.value.record, caught.value.line) == (4, 5)
    lines = original.splitlines(keepends=True)
    lines[4], lines[8] = lines[8], lines[4]  # the two snapshots swapped: each is intact, the chain is not
    snapshotted.write_bytes(b"".join(lines))
    with pytest.raises(SaveError) as caught:
        read_save(snapshotted)
    assert str(caught.value) == (f"{snapshotted}: line 5 (the snapshot after record 3): the snapshot does not "
                                 "follow the line before it (broken hash chain); the file is left untouched")
    assert (caught.value.record, caught.value.line) == (4, 5)


def test_a_file_larger_than_any_save_is_refused_before_it_is_read(save: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import kriegsspiel.store.journal as journal

    size = save.stat().st_size
    monkeypatch.setattr(journal, "MAX_SAVE_BYTES", size)  # exactly the limit: read
    assert len(read_save(save).records) == 7
    monkeypatch.setattr(journal, "MAX_SAVE_BYTES", size - 1)
    with pytest.raises(SaveError) as caught:
        read_save(save)
    assert str(caught.value) == (f"{save}: {size:,} bytes is larger than any save this version reads "
                                 f"({size - 1:,} bytes); not a kriegsspiel save, or a damaged one")


def test_bytes_parsed_as_a_save_are_named_by_the_path_given(save: Path) -> None:
    from kriegsspiel.store.journal import parse_save

    lines = _lines(save)
    lines[2] = lines[2][:30] + b"\n"
    with pytest.raises(SaveError) as caught:
        parse_save(b"".join(lines), Path("mailed/back.kssave"))
    assert str(caught.value).startswith("mailed/back.kssave: line 3 (record 2): not a journal record")
    assert parse_save(save.read_bytes(), save).path == save


@pytest.mark.parametrize("key, value", [
    ("seq", "3"), ("seq", True), ("command", None), ("forced", 1), ("refusal", 5), ("rolls", {}),
    ("rolls", [[6, 3, 1]]), ("rolls", [[6]]), ("rolls", [["6", 3]]), ("rolls", [[6, 3.0]]), ("rolls", [[6, True]]),
    ("rolls", [6]), ("events", {}), ("events", [1]), ("target", "2"), ("target", 2.0), ("round", 1.5),
    ("round", None), ("side", 3), ("at", None),
])
def test_each_field_of_a_rehashed_record_is_checked_for_its_type(save: Path, key: str, value) -> None:
    # a hand-edited record with its chain recomputed: one field of the wrong JSON type is named, never used
    def forge(record: dict) -> None:
        if record["seq"] == 3:
            record[key] = value

    _rewrite_chain(save, forge)
    with pytest.raises(SaveError) as caught:
        read_save(save)
    if key == "seq":  # a number that is not the record's number is told as such first
        assert "record number" in str(caught.value) and "line 4 (record 3)" in str(caught.value)
    else:
        assert f"line 4 (record 3): {key} of the wrong type (damaged)" in str(caught.value)


def test_a_save_written_by_kriegsspiel_is_hashed_from_its_own_bytes(save: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    # read_save takes a line's content hash from its bytes (the canonical JSON it was written as) instead of
    # parsing and serialising it again; a line written otherwise is hashed in its canonical form, and loads
    import kriegsspiel.store.journal as journal

    calls: list[dict] = []
    real = journal.content_hash
    monkeypatch.setattr(journal, "content_hash", lambda data: calls.append(data) or real(data))
    loaded = read_save(save)
    assert calls == [] and len(loaded.records) == 7
    lines = _lines(save)
    record = json.loads(lines[3])
    lines[3] = json.dumps(record, indent=1).replace("\n", " ").encode() + b"\n"  # same content, other spacing
    save.write_bytes(b"".join(lines))
    again = read_save(save)
    assert [c["seq"] for c in calls] == [3] and again.records == loaded.records
    assert again.records[2].hash == loaded.records[2].hash and again.seals == loaded.seals


def test_a_damaged_seal_is_damage_named_by_its_line_not_a_crash(save: Path) -> None:
    lines = _lines(save)
    record = json.loads(lines[2])
    assert record["seal"]  # written on this machine: sealed
    lines[2] = lines[2].replace(record["seal"].encode(), ("é" + record["seal"][1:]).encode("utf-8"))
    save.write_bytes(b"".join(lines))
    with pytest.raises(SaveError, match=r"line 3 \(record 2\): the record's hash does not match its content"):
        read_save(save)


def test_a_line_longer_than_any_save_line_is_refused_by_its_number(save: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    import kriegsspiel.store.journal as journal

    longest = max(len(line) for line in _lines(save))  # the header, newline included
    monkeypatch.setattr(journal, "MAX_LINE_BYTES", longest)  # every line fits exactly: read
    assert len(read_save(save).records) == 7
    third = len(_lines(save)[2])
    monkeypatch.setattr(journal, "MAX_LINE_BYTES", third - 1)
    with pytest.raises(SaveError) as caught:
        read_save(save)
    assert "line 1: longer than any line of a save" in str(caught.value)
    lines = _lines(save)
    lines[2] = lines[2][:-1] + b" " * (longest - len(lines[2]) + 1) + b"\n"  # one byte over, spaces after the JSON
    save.write_bytes(b"".join(lines))
    monkeypatch.setattr(journal, "MAX_LINE_BYTES", longest)
    with pytest.raises(SaveError) as caught:
        read_save(save)
    assert str(caught.value) == (f"{save}: line 3: longer than any line of a save ({longest:,} bytes; damaged, or "
                                 "not a save); the file is left untouched")
    assert (caught.value.record, caught.value.line) == (2, 3)


def test_json_that_is_not_an_object_is_not_a_record(save: Path) -> None:
    lines = _lines(save)
    lines[2] = b'[1, 2, 3]\n'
    save.write_bytes(b"".join(lines))
    with pytest.raises(SaveError, match=r"line 3 \(record 2\): not a journal record"):
        read_save(save)


def test_a_header_of_a_newer_version_asks_for_an_update(save: Path) -> None:
    lines = _lines(save)
    header = json.loads(lines[0])
    header["version"] = 3
    header.pop("seal", None)
    header["hash"] = content_hash(header)
    lines[0] = canonical_json(header).encode() + b"\n"
    save.write_bytes(b"".join(lines))
    with pytest.raises(SaveError) as caught:
        read_save(save)
    assert str(caught.value) == (f"{save}: line 1: save format version 3 is newer than this kriegsspiel reads "
                                 "(version 2); update kriegsspiel")
