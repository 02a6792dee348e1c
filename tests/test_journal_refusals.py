"""The journal's words and numbers: every refusal names the file, the line and the record and says what to do;
records carry UTC times and read back in the umpire's log as written. (Found wanting by mutation testing:
these are what an umpire reads when a save goes wrong.)"""
from __future__ import annotations

import datetime as dt
import json
import re
import time
from pathlib import Path

import pytest

from kriegsspiel.store import SaveError, read_save
from kriegsspiel.store.journal import SaveHeader, content_hash, line_hashes, new_record, utc_now
from kriegsspiel.store.journal_write import JournalWriter
from test_store_journal import _rewrite_chain, save  # noqa: F401  (save is a fixture)

# --- times and records --------------------------------------------------------------------------------------


def test_record_times_are_utc_to_the_second(monkeypatch: pytest.MonkeyPatch) -> None:
    # in a time zone hours away from UTC, so that local time cannot pass for UTC
    monkeypatch.setenv("TZ", "America/Caracas")
    time.tzset()
    try:
        now = utc_now()
        assert re.fullmatch(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z", now), now
        stamp = dt.datetime.strptime(now, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=dt.timezone.utc).timestamp()
        assert abs(stamp - time.time()) < 5
    finally:
        monkeypatch.undo()
        time.tzset()


def test_a_new_record_is_unforced_by_default_and_keeps_what_it_is_given() -> None:
    plain = new_record(seq=1, kind="order", command="move a > 1,2", prev="p", round=1, side="Blue")
    assert plain.forced is False and plain.refusal is None and plain.at.endswith("Z")
    forced = new_record(seq=2, kind="order", command="move a > 1,2", prev="p", round=3, side="Red", forced=True,
                        refusal="a forest is in the way", rolls=((6, 4),), target=None, at="2026-11-25T20:00:00Z")
    assert (forced.forced, forced.refusal, forced.rolls, forced.round, forced.side, forced.at) == (
        True, "a forest is in the way", ((6, 4),), 3, "Red", "2026-11-25T20:00:00Z")
    assert forced.hash == content_hash(forced.to_json()) and forced.hash != plain.hash


def test_records_read_in_the_umpires_log_as_played(save: Path) -> None:  # noqa: F811
    records = read_save(save).records
    lines = [r.describe().splitlines()[0] for r in records]
    assert lines[0] == "1. round 1, Rebel: move va1 > 4.5,1.5"
    assert lines[4] == "5. round 1, Crown: undo (record 4)"
    assert lines[5] == "6. round 1, Crown: redo (record 4)"
    assert records[0].describe().splitlines()[1] == "   va1 moved 1.5,1.5 > 4.5,1.5, cost 3.7, 6.3 left"
    forced = new_record(seq=9, kind="order", command="move va1 > 9,9", prev="p", round=2, side="Rebel", forced=True,
                        events=({"kind": "from-a-later-version", "x": 1},))
    assert forced.describe() == ("9. round 2, Rebel: force move va1 > 9,9\n"
                                 "   {'kind': 'from-a-later-version', 'x': 1}")


def test_records_are_described_by_the_games_own_event_kinds(save: Path) -> None:  # noqa: F811
    """describe reads events by the kinds it is given (a rule set's), not always the core's: with no kind
    known, an event is shown raw."""
    first = read_save(save).records[0]
    assert first.describe().splitlines()[1] == "   va1 moved 1.5,1.5 > 4.5,1.5, cost 3.7, 6.3 left"
    raw = first.describe(event_kinds={}).splitlines()[1]
    assert raw.startswith("   {") and "'event': 'moved'" in raw.replace('"', "'"), raw


def test_a_forced_record_is_described_once_as_forced_whatever_its_side_is_called() -> None:
    # the command's text may stand in the side's name too: only the command is marked as forced
    forced = new_record(seq=3, kind="order", command="go", prev="p", round=1, side="Blue: go", forced=True)
    assert forced.describe() == "3. round 1, Blue: go: force go"
    twice = new_record(seq=4, kind="order", command="x", prev="p", round=1, side="A: x: x", forced=True)
    assert twice.describe() == "4. round 1, A: x: x: force x"


def test_a_header_whose_seed_has_thousands_of_digits_names_the_key(tmp_path: Path) -> None:
    """A header that does not parse is named by the schema's words: the key and what belongs there."""
    path = tmp_path / "g.kssave"
    path.write_bytes(b'{"format":"kriegsspiel-save","version":2,"scenario_sha256":"00","seed":' + b"9" * 5000
                     + b',"map_sha256":"00"}\n')
    with pytest.raises(SaveError) as caught:
        read_save(path)
    assert str(caught.value) == (f"{path}: line 1: the save's header is damaged (seed: a number out of range); "
                                 "the file is left untouched")


# --- reading: one clear message each --------------------------------------------------------------------------


def test_a_directory_or_an_unreadable_name_is_refused_in_words(tmp_path: Path) -> None:
    with pytest.raises(SaveError) as caught:
        read_save(tmp_path)
    assert str(caught.value) == f"{tmp_path}: is a directory; give the path of a save (.kssave)"
    too_long = tmp_path / ("x" * 300 + ".kssave")
    with pytest.raises(SaveError) as caught:
        read_save(too_long)
    assert str(caught.value) == f"{too_long}: the path is too long; give the path of a save (.kssave)"


def test_a_damaged_record_names_its_record_and_line(save: Path) -> None:  # noqa: F811
    lines = save.read_bytes().splitlines(keepends=True)
    record = json.loads(lines[3])
    del record["round"], record["side"]
    lines[3] = (json.dumps(record) + "\n").encode()
    save.write_bytes(b"".join(lines))
    with pytest.raises(SaveError) as caught:
        read_save(save)
    assert str(caught.value) == (f"{save}: line 4 (record 3): the record lacks round, side (damaged); "
                                 "the file is left untouched")
    assert (caught.value.record, caught.value.line) == (3, 4)


@pytest.mark.parametrize("key, value", [
    ("seq", "3"), ("seq", 2.0), ("forced", 0), ("refusal", 5), ("events", [1]), ("events", {}), ("target", "4"),
    ("round", 1.0), ("side", None), ("at", 20261125),
])
def test_a_rehashed_value_of_the_wrong_type_is_named(save: Path, key: str, value) -> None:  # noqa: F811
    def forge(record: dict) -> None:
        if record["seq"] == 2:
            record[key] = value

    _rewrite_chain(save, forge)
    with pytest.raises(SaveError) as caught:
        read_save(save)
    if key == "seq" and value == "3":
        assert "line 3 (record 2): record number '3' where 2 was expected" in str(caught.value)
    else:
        assert f"line 3 (record 2): {key} of the wrong type (damaged)" in str(caught.value)
    assert (caught.value.record, caught.value.line) == (2, 3)


def test_a_cut_off_tail_is_counted_in_words(save: Path) -> None:  # noqa: F811
    lines = save.read_bytes().splitlines(keepends=True)
    for keep, words in ((2, "1 record loaded"), (3, "2 records loaded")):
        cut = save.with_name(f"cut{keep}.kssave")
        cut.write_bytes(b"".join(lines[:keep]) + b'{"seq":')
        loaded = read_save(cut)
        assert loaded.cut_off is not None
        assert loaded.cut_off.message(cut, len(loaded.records)) == (
            f"{cut}: the last record was cut off (power loss?); {words}; line {keep + 1} (7 bytes) is incomplete")


def test_a_value_that_is_not_a_record_at_the_end_is_a_power_cut_not_damage(save: Path) -> None:  # noqa: F811
    data = save.read_bytes()
    save.write_bytes(data + b'["hash"] and the rest')
    loaded = read_save(save)
    assert loaded.cut_off is not None and len(loaded.records) == 7


def test_a_header_with_two_of_its_marks_left_is_a_damaged_save(tmp_path: Path) -> None:
    path = tmp_path / "g.kssave"
    path.write_bytes(b'{"format":"kriegsspiel-save","scenario_sha256":"0f\xff\n')
    with pytest.raises(SaveError) as caught:
        read_save(path)
    assert str(caught.value) == (f"{path}: line 1: the save's header is damaged (not valid JSON); "
                                 "the file is left untouched")
    assert (caught.value.record, caught.value.line) == (0, 1)


def test_a_scenario_whose_first_bytes_end_in_a_cut_character_is_still_named_a_scenario(tmp_path: Path) -> None:
    prefix = ("name = \"" + "a" * 189).encode()  # one long first line: the one the reader looks at
    raw = prefix + "\U0001F3F0\"\n".encode()  # a castle, 4 bytes, from byte 197: the first 200 bytes cut it
    assert len(prefix) == 197 and raw[:200].decode("utf-8", "ignore").encode() == prefix
    path = tmp_path / "castle.kssave"
    path.write_bytes(raw)
    with pytest.raises(SaveError, match="it looks like a scenario"):
        read_save(path)


@pytest.mark.parametrize("junk", [b"a = 1\xff\xff\xff\xff and more", b"a = 1\x00\x01\x02"])
def test_bytes_that_are_not_text_are_not_named_a_scenario(tmp_path: Path, junk: bytes) -> None:
    path = tmp_path / "junk.bin"
    path.write_bytes(junk)
    with pytest.raises(SaveError) as caught:
        read_save(path)
    assert str(caught.value) == f"{path}: not a kriegsspiel save (line 1 is not a save header)"


# --- writing ---------------------------------------------------------------------------------------------------


def _header() -> SaveHeader:
    import hashlib

    text = "[scenario]\nname = 'x'\n"
    return SaveHeader("x", text, hashlib.sha256(text.encode()).hexdigest(), "x.toml", "m.tmx", "msha", "rsha", 1,
                      "2026-11-25T20:00:00Z")


def test_a_save_is_never_overwritten_nor_written_into_a_missing_folder(tmp_path: Path) -> None:
    taken = tmp_path / "taken.kssave"
    taken.write_bytes(b"mine")
    with pytest.raises(SaveError) as caught:
        JournalWriter.create(taken, _header())
    assert str(caught.value) == f"{taken}: already exists; a save is never overwritten: choose another name"
    nowhere = tmp_path / "none" / "g.kssave"
    with pytest.raises(SaveError) as caught:
        JournalWriter.create(nowhere, _header())
    assert str(caught.value) == f"{nowhere}: the folder {nowhere.parent} does not exist"
    too_long = tmp_path / ("y" * 300 + ".kssave")
    with pytest.raises(SaveError) as caught:
        JournalWriter.create(too_long, _header())
    assert str(caught.value) == f"{too_long}: cannot be created (File name too long)"
    assert taken.read_bytes() == b"mine"


def test_two_writers_never_share_a_save(tmp_path: Path) -> None:
    path = tmp_path / "g.kssave"
    first = JournalWriter.create(path, _header())
    try:
        assert first.path == path and first.next_seq == 1 and first.set_aside is None
        with pytest.raises(SaveError) as caught:
            JournalWriter.continue_save(read_save(path))
        assert str(caught.value) == (f"{path}: the save is open in another kriegsspiel (window or shell); "
                                     "close that one first")
    finally:
        first.close()
    again = JournalWriter.continue_save(read_save(path))
    try:
        assert again.path == path and again.set_aside is None and again.next_seq == 1
    finally:
        again.close()


def test_a_save_that_grew_after_it_was_read_is_not_continued(tmp_path: Path) -> None:
    path = tmp_path / "g.kssave"
    JournalWriter.create(path, _header()).close()
    loaded = read_save(path)
    with path.open("ab") as handle:
        handle.write(b"{}\n")
    with pytest.raises(SaveError) as caught:
        JournalWriter.continue_save(loaded)
    assert str(caught.value) == f"{path}: the file changed while it was being opened; open it again"


def test_a_save_that_became_unwritable_is_refused_for_continuing_in_words(tmp_path: Path) -> None:
    path = tmp_path / "g.kssave"
    JournalWriter.create(path, _header()).close()
    loaded = read_save(path)
    path.unlink()
    path.mkdir()  # what was a save is now a folder: it cannot be opened for writing
    with pytest.raises(SaveError) as caught:
        JournalWriter.continue_save(loaded)
    assert str(caught.value) == (f"{path}: cannot be opened for writing (Is a directory); the game can be replayed "
                                 "but not continued")


def _record(writer: JournalWriter, seq: int | None = None, prev: str | None = None):
    return new_record(seq=writer.next_seq if seq is None else seq, kind="order", command="turn",
                      prev=writer.last_hash if prev is None else prev, round=1, side="Blue")


def test_only_the_next_record_of_the_chain_is_appended(tmp_path: Path) -> None:
    writer = JournalWriter.create(tmp_path / "g.kssave", _header())
    try:
        for seq, prev in ((5, None), (None, "0" * 64)):
            with pytest.raises(ValueError) as caught:
                writer.append(_record(writer, seq, prev))
            assert str(caught.value) == f"record {seq or 1} does not follow the journal (next is 1)"
        writer.append(_record(writer))
        assert writer.next_seq == 2
    finally:
        writer.close()
    assert len(read_save(tmp_path / "g.kssave").records) == 1


def test_changed_removed_and_unknown_records_are_refused_in_words(save: Path) -> None:  # noqa: F811
    lines = save.read_bytes().splitlines(keepends=True)
    changed = lines[:2] + [lines[2].replace(b'"round":1', b'"round":2')] + lines[3:]
    save.write_bytes(b"".join(changed))
    with pytest.raises(SaveError) as caught:
        read_save(save)
    assert str(caught.value) == (f"{save}: line 3 (record 2): the record's hash does not match its content (the "
                                 "record was changed after it was written); the file is left untouched")
    save.write_bytes(b"".join(lines[:2] + lines[3:]))
    with pytest.raises(SaveError) as caught:
        read_save(save)
    assert str(caught.value) == (f"{save}: line 3 (record 2): the record does not follow the one before it (broken "
                                 "hash chain: a record was removed, reordered or changed); the file is left untouched")
    save.write_bytes(b"".join(lines))

    def forge(record: dict) -> None:
        if record["seq"] == 2:
            record["kind"] = "bribe"

    _rewrite_chain(save, forge)
    with pytest.raises(SaveError) as caught:
        read_save(save)
    assert "line 3 (record 2): unknown record kind 'bribe'; the file is left untouched" in str(caught.value)


def test_every_line_is_written_in_the_one_canonical_form(save: Path) -> None:  # noqa: F811
    from kriegsspiel.store.journal import canonical_json

    assert canonical_json({"b": 1, "a": [2, "\u00e9"]}) == '{"a":[2,"\u00e9"],"b":1}'
    for line in save.read_bytes().decode("utf-8").splitlines():
        assert line == canonical_json(json.loads(line))


def test_a_header_that_cannot_be_written_leaves_no_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import kriegsspiel.store.journal as journal

    def full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(journal.os, "fsync", full)
    path = tmp_path / "g.kssave"
    with pytest.raises(SaveError) as caught:
        JournalWriter.create(path, _header())
    assert str(caught.value) == (f"{path}: the save could not be written (No space left on device); no game was "
                                 "started")
    assert not path.exists()


def test_canonical_json_refuses_what_json_cannot_say() -> None:
    from kriegsspiel.store.journal import canonical_json

    with pytest.raises(ValueError):
        canonical_json({"x": float("nan")})


@pytest.mark.parametrize("first_line, hint", [
    (b'<?xml version="1.0"?>\n<map>', "; it is a Tiled map: start a game from a scenario that names it "
                                       "('kriegsspiel new SCENARIO')"),
    (b'  <map version="1.10">\n', "; it is a Tiled map: start a game from a scenario that names it "
                                  "('kriegsspiel new SCENARIO')"),
    (b'  [scenario]\n', "; it looks like a scenario: start a game with 'kriegsspiel new SCENARIO --save FILE'"),
    (b'name = "Brandywine"\n', "; it looks like a scenario: start a game with 'kriegsspiel new SCENARIO --save FILE'"),
    (b'hello umpire\n', ""),
])
def test_what_a_file_that_is_not_a_save_looks_like_is_said(tmp_path: Path, first_line: bytes, hint: str) -> None:
    path = tmp_path / "x.kssave"
    path.write_bytes(first_line + b"more\n")
    with pytest.raises(SaveError) as caught:
        read_save(path)
    assert str(caught.value) == f"{path}: not a kriegsspiel save (line 1 is not a save header){hint}"


def test_damaged_headers_are_told_apart(tmp_path: Path) -> None:
    path = tmp_path / "g.kssave"
    cases = [
        (b'{"format":"kriegsspiel-save","version":1,"scenario_sha256":"x"',
         "line 1: the save's header was cut off before the game began; start the game again from its scenario"),
        (b'{"format":"kriegsspiel-sav","scenario_sha256":"0","map_sha256":"1"}\n',
         "line 1: the save's header is damaged (its format mark is changed); the file is left untouched"),
        (b'{"format":"kriegsspiel-save","version":1,"seed":1}\n',
         "line 1: the save header lacks scenario_name, scenario_text, scenario_sha256, scenario_path, map, "
         "map_sha256, ruleset_sha256, created, hash (damaged); the file is left untouched"),
    ]
    for content, message in cases:
        path.write_bytes(content)
        with pytest.raises(SaveError) as caught:
            read_save(path)
        assert str(caught.value) == f"{path}: {message}"
    assert (caught.value.record, caught.value.line) == (0, 1)


def test_damage_in_the_middle_and_in_the_header_is_refused_in_words(save: Path) -> None:  # noqa: F811
    lines = save.read_bytes().splitlines(keepends=True)
    save.write_bytes(b"".join(lines[:3] + [b"{not json\n"] + lines[4:]))
    with pytest.raises(SaveError) as caught:
        read_save(save)
    assert str(caught.value) == (f"{save}: line 4 (record 3): not a journal record (damaged: not valid JSON, and not "
                                 "at the end where a power cut would leave it); the file is left untouched")
    assert (caught.value.record, caught.value.line) == (3, 4)
    header = json.loads(lines[0])
    header["seed"] += 1  # changed without the hash
    save.write_bytes(json.dumps(header).encode() + b"\n" + b"".join(lines[1:]))
    with pytest.raises(SaveError) as caught:
        read_save(save)
    assert str(caught.value) == (f"{save}: line 1: the header's hash does not match its content (the header was "
                                 "changed after it was written); the file is left untouched")
    assert (caught.value.record, caught.value.line) == (0, 1)
    header = json.loads(lines[0])
    header["scenario_text"] += "\n# a quiet edit\n"
    header["hash"] = line_hashes(header)[1]  # re-hashed as the writer hashes, but the scenario's sha256 was not
    save.write_bytes(json.dumps(header).encode() + b"\n" + b"".join(lines[1:]))
    with pytest.raises(SaveError) as caught:
        read_save(save)
    assert str(caught.value) == (f"{save}: line 1: the embedded scenario does not match its sha256 (damaged); the "
                                 "file is left untouched")
    assert (caught.value.record, caught.value.line) == (0, 1)
